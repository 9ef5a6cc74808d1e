"""The match history in the browser: buttons and arrow keys step back and forth; while replaying nothing is
clickable; going live gives the actions back."""
import random

from e2e_helpers import (
    assert_match_over,
    body,
    choose_for,
    create_table,
    legal_texts,
    play_to_end,
    sit_and_play,
    version,
)

SEED = 101  # the deal (the server's test seeding)


def step_text(page) -> str:
    return page.inner_text("#history-step").strip()


def wait_step(page, k: int, n: int):
    page.wait_for_function("t => document.getElementById('history-step').textContent.trim() === t",
                           arg=f"step {k} of {n}")


def wait_replaying(page, replaying: bool):
    page.wait_for_function("r => (document.body.dataset.replaying === 'true') === r", arg=replaying)


def board_html(page) -> str:
    return page.inner_html("#board")


def test_history_steps_back_and_forth_and_returns_live(server, pages):
    rng = random.Random("history")
    choose = choose_for("yaniv")
    table_id = create_table(server, "yaniv", [None, "heuristic"], seed=SEED)
    page = sit_and_play(pages, server, table_id, choose, rng, moves=4)
    n = version(page)
    live_board, live_actions = board_html(page), legal_texts(page)
    wait_step(page, n, n)

    page.click('#history button[data-history="prev"]')
    wait_replaying(page, True)
    wait_step(page, n - 1, n)
    assert page.locator("#actions button").count() == 0
    pages.shot(page, "mid-match-replaying")
    page.click('#history button[data-history="prev"]')
    wait_step(page, n - 2, n)
    page.click('#history button[data-history="next"]')
    wait_step(page, n - 1, n)
    page.click('#history button[data-history="start"]')
    wait_step(page, 0, n)
    assert board_html(page) != live_board  # the deal, not the table now
    assert page.locator("#actions button").count() == 0 and version(page) == n
    page.keyboard.press("ArrowRight")
    wait_step(page, 1, n)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 0, n)
    page.click('#history button[data-history="live"]')
    wait_replaying(page, False)
    wait_step(page, n, n)
    assert legal_texts(page) == live_actions

    page.keyboard.press("ArrowLeft")
    wait_replaying(page, True)
    wait_step(page, n - 1, n)
    page.keyboard.press("End")
    wait_replaying(page, False)
    page.wait_for_function("() => document.querySelector('#actions button[data-action]') !== null")
    assert legal_texts(page) == live_actions and body(page, "seat") == "0"
    play_to_end(page, pages, choose, rng, mid_shot_at=0)
    assert_match_over(page)
    pages.shot(page, "end")
