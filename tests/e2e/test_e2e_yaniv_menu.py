"""Yaniv's action bar shows each set of cards once (docs/web_pages.md, "Yaniv"): the engine has one action per
way of laying the same cards (a set by its two end cards, which the next player may take; a run by where its joker
stands), and the page gathers them into one group that shows the cards and what they leave once, with a button for
each way that says only what differs. Every legal action keeps its button and its key.

The deals are fixed (the server's test seeding): at seed 903 the person opens holding A♥ A♣ 5♥ 5♣ and a joker
(two sets of three, three ways each), at seed 912 A♦ 3♦ 4♦ 7♥ and a joker (the joker as 2♦ or as 5♦).
"""
import pytest
from e2e_helpers import (
    MOVED_ON_OR_ERROR,
    create_table,
    error_text,
    legal_texts,
    take_seat,
    version,
    wait_live,
    wait_turn_or_over,
)

import gamenight

WIDTHS = [1280, 390]
SET_SEED, RUN_SEED = 903, 912
CARDS = "cs => cs.map(c => c.dataset.card)"
# every place the bar shows cards: a group's head, or a button outside the groups; the cards each shows
SHOWN = """() => {
  const bar = document.getElementById('actions');
  const shown = [];
  for (const head of bar.querySelectorAll('.action-group-head')) {
    shown.push([...head.querySelectorAll('svg.card')].map(c => c.dataset.card));
  }
  for (const b of bar.querySelectorAll('button[data-action]')) {
    const cards = [...b.querySelectorAll('svg.card')].map(c => c.dataset.card);
    if (b.closest('.action-group')) { if (cards.length) shown.push(['inside a group: ' + b.dataset.action]); }
    else if (cards.length) shown.push(cards);
  }
  return shown;
}"""


def cards_of(action: str) -> list[str]:
    return [token.split("=")[0] for token in action.split("+")]


def legal_at_start(seed: int) -> set[str]:
    state = gamenight.make("yaniv", players=2).new(seed=seed)
    assert state.current_player == 0
    return {str(a) for a in state.legal_actions()}


def seated(pages, server, seed: int, width: int):
    table_id = create_table(server, "yaniv", [None, "heuristic"], seed=seed, players=2)
    page = pages.open("person")
    page.set_viewport_size({"width": width, "height": 900 if width > 500 else 780})
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    take_seat(page, 0)
    assert wait_turn_or_over(page)
    return page


def shot(pages, page, what: str):
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    return pages.shot(page, what)


def assert_each_set_shown_once(page, legal: set[str]):
    page.wait_for_selector("#actions .action-group")
    assert set(legal_texts(page)) == legal                      # every legal action still has its button
    shown = page.evaluate(SHOWN)
    keys = ["+".join(sorted(c.lower() for c in cards)) for cards in shown]
    assert not [s for s in shown if s[0].startswith("inside")], shown
    assert len(keys) == len(set(keys)), f"some cards are shown more than once: {shown}"
    # and each key is there once, on its own button
    kbds = page.eval_on_selector_all("#actions button[data-action] kbd", "ks => ks.map(k => k.textContent)")
    assert len(kbds) == len(legal) == len(set(kbds))
    # and the keys run in the order the buttons are shown (1, 2, 3, ...), groups included
    assert kbds == list("1234567890abcdefghijklmnopqrstuvwxyz"[:len(kbds)]), kbds


def just_laid(page) -> list[str]:
    return page.eval_on_selector_all('#board [aria-label="the group just laid"] svg.card', CARDS)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_set_laid_three_ways_is_listed_once_and_each_way_has_its_key(server, pages, width):
    page = seated(pages, server, SET_SEED, width)
    legal = legal_at_start(SET_SEED)
    assert_each_set_shown_once(page, legal)
    groups = page.locator("#actions .action-group")
    assert groups.count() == 2                                  # A♥ A♣ joker, and 5♥ 5♣ joker
    for i in range(2):
        buttons = groups.nth(i).locator("button[data-action]")
        assert buttons.count() == 3
        assert all(t.strip().split(None, 1)[1].startswith("ends ") for t in buttons.all_inner_texts())
        assert groups.nth(i).locator(".action-group-head svg.card").count() == 3
        assert "leaves" in groups.nth(i).locator(".action-group-head").inner_text()
    shot(pages, page, "bar-grouped")

    # picking the cards in the hand: the cards once, then a button for each way of laying them
    for card in ("5h", "5c", "Jk"):
        page.click(f'#board .my-area button.card-button:has(svg.card[data-card="{card}"])')
    choice = page.locator("#board .my-area [data-discard-group]")
    assert choice.count() == 1
    assert choice.locator("button[data-discard]").count() == 3
    assert choice.locator("svg.card").count() == 3
    shot(pages, page, "selection-grouped")

    # the keyboard reaches every way: the middle way of the fives, by the key its button shows
    group = page.locator("#actions .action-group", has=page.locator('button[data-action^="5"]'))
    button = group.locator("button[data-action]").nth(1)
    action = button.get_attribute("data-action")
    key = button.locator("kbd").inner_text()
    before = version(page)
    page.keyboard.press(key)
    page.wait_for_function(MOVED_ON_OR_ERROR, arg=before)
    assert error_text(page) == ""
    assert just_laid(page) == cards_of(action)                  # laid in that order: those two ends
    shot(pages, page, "laid-by-key")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_run_whose_joker_may_stand_at_either_end_is_listed_once(server, pages, width):
    page = seated(pages, server, RUN_SEED, width)
    legal = legal_at_start(RUN_SEED)
    assert_each_set_shown_once(page, legal)
    group = page.locator("#actions .action-group")
    assert group.count() == 1
    texts = sorted(t.strip().split(None, 1)[1] for t in group.locator("button[data-action]").all_inner_texts())
    assert texts == ["run 2♦ 3♦ 4♦ (joker as 2♦)", "run 3♦ 4♦ 5♦ (joker as 5♦)"], texts
    shot(pages, page, "run-grouped")
    # a click on one way lays it so: the joker stands for the 5♦
    before = version(page)
    page.click('#actions button[data-action="3d+4d+Jk=5d"]')
    page.wait_for_function(MOVED_ON_OR_ERROR, arg=before)
    assert error_text(page) == ""
    assert just_laid(page) == ["3d", "4d", "Jk"]
    title = page.eval_on_selector('#board [aria-label="the group just laid"] svg.card[data-card="Jk"] title',
                                  "t => t.textContent")
    assert "five of diamonds" in title
