"""The end of a hand in a real browser, at 1280×800: until "Next hand" the table still shows the hand that ended
(its number, the person's cards or dice as they were at its last move: the server's hand_end_view), with the hand's
summary above it; Next hand brings the new deal, the summary back under the table. And hints: on by default at a
table with bots (the lobby's box follows the seats; the host may turn them off), the answer on the action buttons
themselves, inside the screen."""
import random

import pytest
from e2e_helpers import (
    MY_TURN_OR_OVER,
    SHORT,
    api,
    body,
    choose_for,
    legal_texts,
    play_one,
    press_next_hand,
    take_seat,
    wait_live,
    wait_turn_or_over,
)

WIDTH, HEIGHT = 1280, 800
PAUSE = 60   # the table waits this long after a hand (the most): the person's "Next hand" ends the pause
# the line at the top of each game's table: "Round 1 · ..." (YESSIR!, Yaniv) or "Hand 1 · ..." (Thunee, Gin Rummy)
HEAD = {"yessir": "Round {n} ·", "yaniv": "Round {n} ·", "thunee": "Hand {n} ·", "gin_rummy": "Hand {n} ·"}
BOTS = {"yessir": "heuristic", "yaniv": "heuristic", "thunee": "heuristic", "gin_rummy": "random"}
# the short matches, with a Gin Rummy target one hand does not reach
RULES = {**SHORT, "gin_rummy": {"players": 2, "options": {"game_target": 100}}}

# the seat's view after the first `step` actions, as the history gives it to the page's own seat token
HISTORY_VIEW = """async ([id, step]) => {
  const r = await fetch(`/api/tables/${id}/history?step=${step}`,
                        {headers: {'X-Seat-Token': localStorage.getItem('gamenight-token-' + id)}});
  return (await r.json()).view;
}"""
MY_CARDS = "() => [...document.querySelectorAll('#board .my-area svg.card[data-card]')].map(c => c.dataset.card)"
SHARED_DICE = ("() => [...document.querySelectorAll('#board .gn-yessir-top section:first-child svg.gn-die')]"
               ".map(d => Number(d.dataset.value))")
SUMMARY_ABOVE_BOARD = """() => {
  const s = document.getElementById('summary'), b = document.getElementById('board');
  return s.nextElementSibling === b && s.getBoundingClientRect().bottom <= b.getBoundingClientRect().top;
}"""
SUMMARY_UNDER_BOARD = """() => {
  const s = document.getElementById('summary'), b = document.getElementById('board');
  return !s.textContent.trim() || s.getBoundingClientRect().top >= b.getBoundingClientRect().bottom;
}"""
IN_VIEW = """sel => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.left >= -1 && r.right <= window.innerWidth + 1;
}"""


def seated_at(server, pages, game, seed):
    """A person at seat 0 of a short match of ``game`` against bots, at 1280×800; the page."""
    n = RULES[game]["players"]
    table = api(server, "/api/tables", {"game": game, **RULES[game], "seats": [None] + [BOTS[game]] * (n - 1),
                                        "seed": seed, "settings": {"hand_pause_seconds": PAUSE}})
    page = pages.open("person")
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(f"{server}/table/{table['table_id']}")
    wait_live(page)
    take_seat(page, 0)
    return page, table["table_id"]


def play_to_the_hand_s_end(page, game, rng):
    """Click this seat's moves until the hand ends (the page offers "Next hand")."""
    for _ in range(400):
        page.wait_for_function(MY_TURN_OR_OVER)
        assert body(page, "over") != "true", "the match ended with its first hand"
        if page.locator("#next-hand").count():
            return
        play_one(page, choose_for(game), rng)
    raise AssertionError("the hand did not end")


def shown_as_it_ended(page, game, table_id):
    """The board shows the person's cards (or, in YESSIR!, the shared dice) as at the hand's last move: the seat's
    own view one action before the version the hand ended at."""
    ended = int(body(page, "version"))
    view = page.evaluate(HISTORY_VIEW, [table_id, ended - 1])
    if game == "yessir":
        assert page.evaluate(SHARED_DICE) == view["shared"]
        return view["shared"]
    cards = page.evaluate(MY_CARDS)
    if game == "thunee":   # the hand's last card, if the person played it, lies on the last trick
        assert set(cards) <= set(view["hand"]) and len(view["hand"]) - len(cards) <= 1, (cards, view["hand"])
    else:
        assert sorted(cards) == sorted(view["hand"]), (cards, view["hand"])
    return cards


@pytest.mark.parametrize("game", ["yessir", "yaniv", "thunee", "gin_rummy"])
def test_the_hand_that_ended_stays_on_the_table_until_next_hand(server, pages, game):
    page, table_id = seated_at(server, pages, game, pages.seed)
    play_to_the_hand_s_end(page, game, random.Random(f"hand-end-{game}"))
    page.wait_for_function("() => document.body.dataset.handEnd === 'true'")
    board = page.inner_text("#board")
    assert HEAD[game].format(n=1) in board and HEAD[game].format(n=2) not in board, board[:200]
    assert page.locator("#board .hand-end-banner").count() == 1
    assert page.evaluate(SUMMARY_ABOVE_BOARD), "the hand's summary stands above the table"
    assert page.inner_text("#summary").strip()
    before = shown_as_it_ended(page, game, table_id)
    assert legal_texts(page) == []
    pages.shot(page, "hand-end")

    press_next_hand(page)
    page.wait_for_function("() => document.body.dataset.handEnd === 'false'")
    board = page.inner_text("#board")
    assert HEAD[game].format(n=2) in board, board[:200]
    assert page.locator("#board .hand-end-banner").count() == 0
    assert page.evaluate(SUMMARY_UNDER_BOARD), "the summary is back under the table"
    now = page.evaluate(SHARED_DICE if game == "yessir" else MY_CARDS)
    if game != "yessir":   # (a new roll of three dice may come up as the last one did)
        assert sorted(now) != sorted(before), "the new deal is shown"
    pages.shot(page, "next-hand")
    assert wait_turn_or_over(page)


def test_hints_are_on_at_a_bot_table_and_the_answer_is_beside_the_actions(server, pages):
    page = pages.open("person")
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(server + "/")
    page.wait_for_selector('#game option[value="gin_rummy"]', state="attached")
    page.select_option("#game", "gin_rummy")
    assert page.is_checked("#allow-hints"), "a table with a bot offers hints by default"
    page.select_option('select[data-seat-bot="1"]', "")
    assert not page.is_checked("#allow-hints"), "a table of people only does not"
    page.select_option('select[data-seat-bot="1"]', "heuristic")
    assert page.is_checked("#allow-hints")
    page.click("button#create")
    page.wait_for_url("**/table/*")
    wait_live(page)
    assert wait_turn_or_over(page)
    assert page.locator("#actions #hint-button").count() == 1, "Hint is in the action bar"
    page.click("#hint-button")
    page.wait_for_selector("#actions button.hinted .hint-badge")
    badge = page.locator("#actions button.hinted .hint-badge")
    assert "to win the hand" in badge.inner_text() and "%" in badge.inner_text()
    assert page.evaluate(IN_VIEW, "#actions button.hinted"), "the hint's answer is on the screen"
    assert page.evaluate("() => window.scrollY") == 0, "without scrolling"
    best = page.locator(".hint-moves li").first.get_attribute("data-hint-move")
    assert page.locator("#actions button.hinted").get_attribute("data-action") == best
    pages.shot(page, "hint")

    # the host turns hints off: no Hint any more
    page.uncheck("#host-hints")
    page.wait_for_function("() => !document.getElementById('hint-button')")
    assert "hints" not in page.inner_text("#seat-rules")

