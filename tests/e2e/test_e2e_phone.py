"""On a phone (390 px wide, as docs/web_pages.md promises) each game's table fits the screen: nothing runs off
to the side, and the person plays by tapping the action buttons as on a desktop."""
import random

import pytest
from e2e_helpers import SHORT, choose_for, create_table, play_one, take_seat, wait_live, wait_turn_or_over

PHONE = {"width": 390, "height": 844}
NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"


@pytest.mark.parametrize("game", ["yaniv", "gin_rummy", "thunee", "yessir"])
def test_table_fits_a_phone_and_plays(server, pages, game):
    players = SHORT[game]["players"]
    table_id = create_table(server, game, [None] + ["heuristic"] * (players - 1))
    page = pages.open("phone")
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    take_seat(page, 0)
    rng = random.Random(f"phone-{game}")
    for move in range(6):
        if not wait_turn_or_over(page):
            break
        assert page.evaluate(NO_SIDEWAYS_SCROLL), (
            f"the page is {page.evaluate('document.documentElement.scrollWidth')} px wide on a 390 px phone")
        if move == 2:
            pages.shot(page, "mid-match")
        play_one(page, choose_for(game), rng)
        pages.check()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    pages.shot(page, "end")


def test_lobby_fits_a_phone(server, pages):
    page = pages.open("phone")
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/")
    page.wait_for_selector("#game-tiles > *")
    page.click("#options-box summary")
    assert page.evaluate(NO_SIDEWAYS_SCROLL), f"{page.evaluate('document.documentElement.scrollWidth')} px wide"
    pages.shot(page, "lobby")
