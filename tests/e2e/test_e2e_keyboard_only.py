"""A whole match of each game with the keyboard alone, in a real browser: the person takes a seat, plays every move,
presses Next hand and reaches the match's end with Tab and Enter only, never the mouse; at every step the focused
element shows its focus, and a redraw (the bots moving meanwhile) never drops the focus to the page."""
import random

import pytest
from e2e_helpers import (
    MOVED_ON_OR_ERROR,
    MY_TURN_OR_OVER,
    SHORT,
    assert_match_over,
    body,
    choose_for,
    create_table,
    error_text,
    legal_texts,
    version,
    wait_live,
)

import gamenight

MAX_TABS = 400   # a whole lap of the page's controls, many times over
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  return {action: e.dataset ? e.dataset.action || null : null, id: e.id || null,
          nextHand: e.matches("[data-next-hand]"), join: e.dataset ? e.dataset.joinSeat || null : null,
          visible: e.matches(":focus-visible")};
}"""


def tab_to(page, wanted) -> None:
    """Press Tab until the focused element is the one ``wanted(focused)`` says; every element on the way shows its
    focus."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None:
            continue   # (the page itself, between the last control and the first)
        assert focused["visible"], f"the focus does not show on {focused}"
        if wanted(focused):
            return
    raise AssertionError("Tab never reached it")


def take_seat_by_keyboard(page) -> None:
    tab_to(page, lambda f: f["join"] == "0")   # the join bar's "Take seat 1", up front
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.dataset.seat === '0'")


@pytest.mark.parametrize("game", gamenight.games())
def test_a_whole_match_with_the_keyboard_alone(server, pages, game):
    players = SHORT[game]["players"]
    table_id = create_table(server, game, [None] + ["heuristic"] * (players - 1), seed=21)
    page = pages.open("keyboard")
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    take_seat_by_keyboard(page)
    choose, rng = choose_for(game), random.Random(f"keyboard-{game}")
    moves = 0
    while True:
        page.wait_for_function(MY_TURN_OR_OVER)
        if body(page, "over") == "true":
            break
        texts = legal_texts(page)
        if not texts:   # the hand's end: Next hand, by keyboard
            tab_to(page, lambda f: f["id"] == "next-hand" or f["nextHand"])
            page.keyboard.press("Enter")
            page.wait_for_function("s => !(document.body.dataset.waiting || '').split(',').includes(s)",
                                   arg=body(page, "seat"))
            continue
        action = choose(texts, rng)
        before = version(page)
        tab_to(page, lambda f, wanted=action: f["action"] == wanted)
        page.keyboard.press("Enter")
        page.wait_for_function(MOVED_ON_OR_ERROR, arg=before)
        assert error_text(page) == "", f"{action!r} was refused: {error_text(page)}"
        moves += 1
        assert moves < 600, "the match did not end"
        if page.evaluate(FOCUSED) is None and legal_texts(page):
            raise AssertionError("the redraw after a move dropped the focus to the page")
    assert_match_over(page)
    pages.shot(page, "end")
    assert moves >= 2
