"""Friends at a table of every game, in two browsers: a table that waits for its people; Alice and Bob open the
link and take their seats up front; after each hand both read the hand's summary and the score sheet (open, a
row per finished hand) and press "Next hand"; at the end both see the final sheet, Alice asks for a rematch and
Bob follows her into the same seats; then Bob leaves (after confirming) and a bot plays his seat on."""
import random

import pytest
from e2e_helpers import (
    SHORT,
    api,
    assert_match_over,
    body,
    catch_up,
    choose_for,
    legal_texts,
    play_one,
    press_next_hand,
    version,
    wait_live,
    wait_turn_or_over,
)

import gamenight

SEEDS = {"yaniv": 41, "gin_rummy": 42, "thunee": 43, "yessir": 44}
STARTED = "() => document.getElementById('waiting').hidden"
SHEET_ROWS = "() => document.querySelectorAll('#score-sheet tr[data-hand]').length"
PAUSED = "() => document.getElementById('next-hand') !== null || document.body.dataset.over === 'true'"


def waiting_table(server, game: str) -> str:
    bots = ["heuristic"] * (SHORT[game]["players"] - 2)
    table = api(server, "/api/tables", {"game": game, **SHORT[game], "seats": [None, None, *bots],
                                        "seed": SEEDS[game],
                                        "settings": {"hold_start": True, "hand_pause_seconds": 60}})
    return table["table_id"]


def sit(page, url: str, seat: int, name: str):
    page.goto(url)
    wait_live(page)
    page.fill("#join-name", name)
    page.click(f'#join-bar button[data-join-seat="{seat}"]')
    page.wait_for_function("s => document.body.dataset.seat === s", arg=str(seat))


def read_the_hand_end(page, pages, hands_seen: set) -> None:
    """At a hand's end: the summary is shown and the score sheet is open with a row for each finished hand."""
    page.wait_for_function(f"() => {SHEET_ROWS[6:]} > 0")
    rows = page.evaluate(SHEET_ROWS)
    assert page.locator("#score-sheet[open]").count() == 1, "the score sheet is open after a hand"
    assert page.inner_text("#summary").strip()
    if not any(seen is page for seen, _ in hands_seen):
        pages.shot(page, "hand-end")
    hands_seen.add((page, rows))


def play_to_the_end(server: str, table_id: str, people: list, pages, game: str, rng: random.Random) -> set:
    """Both people play until the match is over, each pressing "Next hand" after reading each hand's end."""
    choose = choose_for(game)
    hands_seen: set = set()
    for _ in range(600):
        if body(people[0], "over") == "true":
            return hands_seen
        for page in people:          # both pages show what the table is now (its move and its pause)
            catch_up(page, api(server, f"/api/tables/{table_id}"))
        mover = next((p for p in people if legal_texts(p)), None)
        if mover is not None:
            play_one(mover, choose, rng)
            continue
        waiting = body(people[0], "waiting")
        for page in people:          # nobody to move: the bots play, or a hand has ended and the table holds
            if page.locator("#next-hand:not([disabled])").count():
                read_the_hand_end(page, pages, hands_seen)
                press_next_hand(page)
        people[0].wait_for_function(
            "([v, w]) => Number(document.body.dataset.version) > v || document.body.dataset.over === 'true' || "
            "document.body.dataset.waiting !== w || "
            "document.querySelector('#actions button[data-action]') !== null || "
            "document.querySelector('#next-hand:not([disabled])') !== null", arg=[version(people[0]), waiting])
        pages.check()
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", gamenight.games())
def test_friends_play_read_each_hand_end_rematch_together_and_a_bot_takes_over(server, pages, game):
    rng = random.Random(f"friends-{game}")
    table_id = waiting_table(server, game)
    url = f"{server}/table/{table_id}"
    alice, bob = pages.open("alice"), pages.open("bob")
    bob.set_viewport_size({"width": 390, "height": 800})             # Bob plays on his phone
    sit(alice, url, 0, "Alice")
    assert alice.locator("#waiting:not([hidden])").count() == 1     # the table waits for Bob
    sit(bob, url, 1, "Bob")
    for page in (alice, bob):
        page.wait_for_function(STARTED)

    hands_seen = play_to_the_end(server, table_id, [alice, bob], pages, game, rng)
    hands = alice.evaluate(SHEET_ROWS)
    for page in (alice, bob):       # the table held both at every hand's end but the last (which ends the match)
        assert {rows for seen, rows in hands_seen if seen is page} == set(range(1, hands)), game
    assert hands > 1, f"the short {game} match had a single hand: no hand end was read"
    for page in (alice, bob):
        assert_match_over(page)
        assert page.locator("#score-sheet[open]").count() == 1      # the final sheet, open
        assert page.evaluate(SHEET_ROWS) >= 1
        header = page.evaluate("() => document.querySelector('#score-sheet tr').textContent")   # (a phone shows
        assert "Alice" in header and "Bob" in header                     # the names beside each number instead)
    pages.shot(alice, "match-end")
    pages.shot(bob, "match-end")

    first = alice.url
    alice.click("#play-again")
    alice.wait_for_url(lambda u: u != first)
    wait_live(alice)
    bob.wait_for_function("() => document.getElementById('play-again') && "
                          "document.getElementById('play-again').textContent.includes('Join the rematch')")
    bob.click("#play-again")
    bob.wait_for_url(alice.url)
    wait_live(bob)
    assert (body(alice, "seat"), body(bob, "seat")) == ("0", "1")
    alice.wait_for_function(STARTED)
    assert alice.locator("#score-sheet").count() == 0                # a new match: a new sheet

    bob.click("#seats button[data-leave]")
    bob.click('#seats button[data-leave="confirm"]')
    bob.wait_for_function("() => document.body.dataset.seat === ''")
    alice.wait_for_function("() => document.querySelector('#seats [data-seat=\"1\"]').textContent.includes('bot')")
    before = version(alice)
    while version(alice) < before + 3 and wait_turn_or_over(alice):   # a bot plays Bob's seat: the match goes on
        play_one(alice, choose_for(game), rng)
    assert version(alice) >= before + 3 or body(alice, "over") == "true"
