"""Seats in the browser: a reload returns the person to their seat; a spectator sees public information only,
cannot take a person's seat (nor a bot's, by default) and has no action bar."""
import random

from e2e_helpers import (
    assert_match_over,
    body,
    choose_for,
    create_table,
    legal_texts,
    play_one,
    play_to_end,
    sit_and_play,
    take_seat,
    version,
    wait_live,
    wait_turn_or_over,
)

SEED = 103  # the deals (the server's test seeding)


def test_reload_returns_the_person_to_their_seat(server, pages):
    rng = random.Random("reload")
    choose = choose_for("yaniv")
    table_id = create_table(server, "yaniv", [None, "heuristic"], seed=SEED)
    page = sit_and_play(pages, server, table_id, choose, rng, moves=3)
    seen_version, seen_actions = version(page), legal_texts(page)
    page.reload()
    wait_live(page)
    page.wait_for_function("() => document.body.dataset.seat === '0'")
    page.wait_for_function("() => document.querySelector('#actions button[data-action]') !== null")
    assert version(page) == seen_version and legal_texts(page) == seen_actions
    assert page.locator('#seats [data-seat="0"] button[data-leave]').count() == 1
    pages.shot(page, "mid-match-reloaded")
    play_to_end(page, pages, choose, rng, mid_shot_at=0)
    assert_match_over(page)
    pages.shot(page, "end")


def test_spectator_sees_no_take_seat_for_a_person_and_no_action_bar(server, pages):
    rng = random.Random("spectator")
    choose = choose_for("gin_rummy")
    table_id = create_table(server, "gin_rummy", [None, "heuristic"], seed=SEED + 1)
    person = pages.open("person")
    person.goto(f"{server}/table/{table_id}")
    wait_live(person)
    take_seat(person, 0)
    watcher = pages.open("spectator")
    watcher.goto(f"{server}/table/{table_id}")
    wait_live(watcher)
    pages.shot(watcher, "start")

    def check_watcher():
        assert body(watcher, "seat") == ""
        assert watcher.locator('#seats button[data-take-seat="0"]').count() == 0  # a person's seat
        # a bot's seat is not for the taking either, unless the host allows it (test_e2e_host)
        assert watcher.locator('#seats button[data-take-seat="1"]').count() == 0
        assert watcher.locator("#seats button[data-leave]").count() == 0
        assert watcher.locator("#actions button").count() == 0

    check_watcher()
    played = 0
    while wait_turn_or_over(person):
        play_one(person, choose, rng)
        played += 1
        # the spectator sees each move arrive, and still nothing to click
        watcher.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version(person))
        check_watcher()
        if played == 6:
            pages.shot(watcher, "mid-match")
        assert played < 600, "the match did not end"
    assert_match_over(watcher)
    assert_match_over(person)
    pages.shot(watcher, "end")
