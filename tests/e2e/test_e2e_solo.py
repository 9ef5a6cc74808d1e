"""A person plays a whole match of each game against bots, in a real browser, by clicking (and number keys)."""
import random

import pytest
from e2e_helpers import SHORT, assert_match_over, choose_for, create_table, play_to_end, take_seat, wait_live

import gamenight

BOTS = {"yaniv": "heuristic", "gin_rummy": "heuristic", "thunee": "heuristic", "yessir": "heuristic"}
SEEDS = {"yaniv": 1, "gin_rummy": 2, "thunee": 3, "yessir": 4}   # the deals (the server's test seeding)


@pytest.mark.parametrize("game", gamenight.games())
def test_person_plays_a_whole_match_against_bots(server, pages, game):
    players = SHORT[game]["players"]
    table_id = create_table(server, game, [None] + [BOTS[game]] * (players - 1), seed=SEEDS[game])
    page = pages.open("person")
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    assert page.evaluate("() => document.body.dataset.game") == game
    pages.shot(page, "start")
    take_seat(page, 0)
    # Yaniv and YESSIR! are played partly with the number keys, the others by clicking only
    played = play_to_end(page, pages, choose_for(game), random.Random(f"solo-{game}"),
                         keys_every=3 if game in ("yaniv", "yessir") else 0)
    assert_match_over(page)
    pages.shot(page, "end")
    assert played >= 2
    assert page.locator("#seats [data-seat]").count() == players


def test_every_game_has_its_e2e_settings():
    """The browser tests take their games from the registry: a new game must say how to play it short."""
    assert set(SHORT) == set(gamenight.games()) == set(SEEDS)
