"""Gin Rummy at the table, as a person plays it (docs/web_pages.md, "Gin Rummy"): one click on a card discards it
(or it is dragged onto the discard pile), the card just drawn is marked from the engine's ``drawn`` fact, the
first-upcard prompt says whether passing is allowed, and a defender sees the best play the engine found laid out,
with every count shown what the engine will charge.

The deals are fixed (the server's test seeding) and so are the bot's moves (they come from the table's seed), so
each table reaches the same positions every run: a hand where the bot knocks and the person defends with two melds
and a lay-off (seed 723), a turn where the person may knock or discard (836), a dealer who must take a passed
upcard (800), a non-dealer who may pass it (801).
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

WIDTHS = [1280, 390]
DEFEND_SEED, KNOCK_SEED, MUST_TAKE_SEED, MAY_PASS_SEED = 723, 836, 800, 801
RANKS = "A23456789TJQK"
HAND_CARDS = "cs => cs.map(c => c.dataset.card)"
# Installed before the page's scripts: the top of the discard pile as each version of the table was drawn (the bot
# answers within milliseconds, so the pile may have moved on before the test looks).
RECORD_PILE = """
window.e2ePile = {};
new MutationObserver(() => {
  const v = document.body && document.body.dataset.version;
  const cards = document.querySelectorAll('[data-gin-pile="discard"] svg.card[data-card]');
  if (v !== undefined && cards.length) window.e2ePile[v] = cards[cards.length - 1].dataset.card;
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def value(card: str) -> int:
    return min(10, RANKS.index(card[0]) + 1)


def highest(cards):
    return max(cards, key=lambda c: (value(c), RANKS.index(c[0]), "shdc".index(c[1])))


def seated(pages, server, seed: int, width: int, label: str = "person"):
    table_id = create_table(server, "gin_rummy", [None, "heuristic"], seed=seed, players=2)
    page = pages.open(label)
    page.add_init_script(RECORD_PILE)
    page.set_viewport_size({"width": width, "height": 900 if width > 500 else 780})
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    take_seat(page, 0)
    return page, table_id


def shot(pages, page, what: str):
    """A screenshot once the cards have stopped gliding."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    return pages.shot(page, what)


def hand_cards(page) -> list[str]:
    return page.eval_on_selector_all("#board .my-area svg.card[data-card]", HAND_CARDS)


def card_in_hand(card: str) -> str:
    return f'#board .my-area button.card-button:has(svg.card[data-card="{card}"])'


def moved_on(page, before: int):
    page.wait_for_function(MOVED_ON_OR_ERROR, arg=before)
    assert error_text(page) == "", error_text(page)
    assert version(page) > before


def pile_top_at(page, v: int) -> str:
    """The top of the discard pile at version ``v`` (the move right after the person's)."""
    page.wait_for_function("v => window.e2ePile[v] !== undefined", arg=str(v))
    return page.evaluate("v => window.e2ePile[v]", str(v))


def draw_and_check_the_mark(page, pages, shots: dict):
    """Click the stock; the new card is marked NEW, and it is the one the view names."""
    before_hand = hand_cards(page)
    before = version(page)
    page.click('.pile button.card-button[aria-label^="draw from the stock"]')
    moved_on(page, before)
    page.wait_for_selector("[data-gin-drawn]")
    drawn = page.get_attribute("[data-gin-drawn]", "data-gin-drawn")
    marked = page.eval_on_selector_all("#board .my-area svg.card.just-drawn", HAND_CARDS)
    assert marked == [drawn], (marked, drawn)
    assert drawn not in before_hand and sorted(hand_cards(page)) == sorted(before_hand + [drawn])
    assert page.locator(card_in_hand(drawn)).get_attribute("aria-label").endswith("(just drawn)")
    if "drawn" not in shots:
        shots["drawn"] = shot(pages, page, "just-drawn")
    return drawn


def discard(page, card: str, drag: bool):
    """Discard ``card`` with one click on it (or by dragging it onto the discard pile with a mouse: on a phone,
    where the action bar sits over the table and fingers do not drag HTML cards, the tap is the way)."""
    before = version(page)
    if drag:
        page.drag_and_drop(card_in_hand(card), '[data-gin-pile="discard"]')
    else:
        page.click(card_in_hand(card))
    moved_on(page, before)
    assert pile_top_at(page, before + 1) == card
    assert card not in hand_cards(page)
    assert page.locator(".just-drawn").count() == 0        # the mark goes with the turn


@pytest.mark.parametrize("width", WIDTHS)
def test_one_click_discards_the_drawn_card_is_marked_and_the_defender_gets_the_best_layout(server, pages, width):
    page, table_id = seated(pages, server, DEFEND_SEED, width)
    shots = {}
    discards = 0
    watcher_checked = False
    while True:
        assert wait_turn_or_over(page)
        texts = legal_texts(page)
        if "done" in texts:
            break                                              # the bot knocked: the person defends
        before = version(page)
        if "pass" in texts:
            page.click('#actions button[data-action="pass"]')
            moved_on(page, before)
        elif "draw" in texts:
            drawn = draw_and_check_the_mark(page, pages, shots)
            if not watcher_checked:                            # nobody else sees which card it was
                watcher = pages.open("watcher")
                watcher.goto(f"{server}/table/{table_id}")
                wait_live(watcher)
                assert watcher.locator(".just-drawn, [data-gin-drawn]").count() == 0
                assert drawn not in watcher.inner_text("#board")
                watcher.close()
                watcher_checked = True
            texts = legal_texts(page)
            # a one-click discard: the card just drawn goes straight back (else the highest card)
            card = drawn if drawn in texts else highest([t for t in texts if len(t) == 2])
            discard(page, card, drag=discards == 1 and width > 500)
            discards += 1
        elif texts == ["take"]:
            page.click('#actions button[data-action="take"]')
            moved_on(page, before)
        elif any(len(t) == 2 for t in texts):                  # 11 cards after a take: it is marked too
            drawn = page.get_attribute("[data-gin-drawn]", "data-gin-drawn")
            assert page.eval_on_selector_all("#board .my-area svg.card.just-drawn", HAND_CARDS) == [drawn]
            card = drawn if drawn in texts else highest([t for t in texts if len(t) == 2])
            discard(page, card, drag=discards == 1 and width > 500)
            discards += 1
        else:
            raise AssertionError(f"unexpected actions {texts}")
    assert discards >= 2, "the drag was not tried"

    # the defender's turn: the engine's best play is laid out, and the counts are the engine's
    shot(pages, page, "defender-laid-out")
    charge = int(page.get_attribute("[data-gin-charge]", "data-gin-charge"))
    best = int(page.get_attribute("[data-gin-best]", "data-gin-best"))
    assert (charge, best) == (51, 12)
    melds = page.locator("#board .my-area .hand.meld")
    assert melds.count() == 2
    assert page.eval_on_selector_all("#board .my-area .hand.gin-layoffs svg.card", HAND_CARDS) == ["9d"]
    deadwood = page.eval_on_selector_all("#board .my-area .hand.deadwood svg.card", HAND_CARDS)
    assert sum(value(c) for c in deadwood) == best            # the dashed box counts what will be charged
    done = page.inner_text('#actions button[data-action="done"]')
    assert "51" in done and "12" in done, done                 # no "count my deadwood" trap: it says 51 now
    assert page.inner_text("#board .my-area").count("lay out first to be charged 12") == 1
    # every other choice stays in the bar: each legal meld and lay-off has its button
    texts = legal_texts(page)
    assert sum(t.startswith("meld ") for t in texts) >= 2 and any(t.startswith("layoff ") for t in texts)

    # lay one meld by hand (a click on it), then the rest with "Lay out my best"
    first_meld = page.locator("#board .my-area .hand.meld").first.locator("svg.card").evaluate_all(HAND_CARDS)
    before = version(page)
    page.click(card_in_hand(first_meld[0]))
    moved_on(page, before)
    assert int(page.get_attribute("[data-gin-charge]", "data-gin-charge")) == 51 - sum(value(c) for c in first_meld)
    page.click('[data-gin="lay-out"]')
    page.wait_for_function("b => document.querySelector('[data-gin-charge]') && "
                           "Number(document.querySelector('[data-gin-charge]').dataset.ginCharge) === b && "
                           "!document.querySelector('[data-gin=\"lay-out\"]')", arg=best)
    assert page.locator("#board .my-area .hand.meld, #board .my-area .hand.gin-layoffs").count() == 0
    assert sorted(hand_cards(page)) == sorted(deadwood)
    assert page.inner_text('#actions button[data-action="done"]').strip().endswith(f"Done: count {best}")
    shot(pages, page, "defender-all-laid")
    before = version(page)
    page.click('[data-gin="done"]')
    moved_on(page, before)
    # the hand's summary charges the defender exactly that
    page.wait_for_selector("#summary .gin-summary table")
    row = page.locator("#summary .gin-summary tr", has_text="You")
    assert row.locator("strong").inner_text().strip() == str(best)
    shot(pages, page, "hand-scored")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_knock_is_a_deliberate_second_step(server, pages, width):
    """Where a knock is legal a card click still discards; "Knock…" first, then a card click knocks with it (the
    person plays the highest card each turn up to the first turn they may knock)."""
    page, _ = seated(pages, server, KNOCK_SEED, width)
    for _ in range(30):
        assert wait_turn_or_over(page)
        texts = legal_texts(page)
        if any(t.startswith("knock ") for t in texts) and any(len(t) == 2 for t in texts):
            break
        before = version(page)
        if "pass" in texts:
            page.click('#actions button[data-action="pass"]')
        elif "draw" in texts:
            page.click('.pile button.card-button[aria-label^="draw from the stock"]')
        elif texts == ["take"]:
            page.click('#actions button[data-action="take"]')
        else:
            card = highest([t for t in texts if len(t) == 2 and t[0] in RANKS])
            page.click(card_in_hand(card))
        moved_on(page, before)
    else:
        raise AssertionError("no knock within 30 moves at this seed")
    knocks = [t[6:] for t in legal_texts(page) if t.startswith("knock ")]
    toggle = page.locator('[data-gin="knock-mode"]')
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    page.wait_for_selector('[data-gin="knock-mode"][aria-pressed="true"]')
    shot(pages, page, "knock-mode")
    # in knock mode only the cards that may go face down are buttons
    buttons = page.eval_on_selector_all("#board .my-area button.card-button svg.card", HAND_CARDS)
    assert sorted(buttons) == sorted(knocks)
    before = version(page)
    page.click(card_in_hand(knocks[0]))
    moved_on(page, before)
    assert page.locator("#board .knock-area").count() == 1
    # the knocker lays out: "Lay out my melds" lays every meld of the best arrangement, then Done
    assert wait_turn_or_over(page)
    best = int(page.get_attribute("[data-gin-best]", "data-gin-best"))
    page.click('[data-gin="lay-out"]')
    page.wait_for_function("b => !document.querySelector('[data-gin=\"lay-out\"]') && "
                           "Number(document.querySelector('[data-gin-charge]').dataset.ginCharge) === b", arg=best)
    assert page.locator("#board .my-area .hand.meld").count() == 0
    shot(pages, page, "knocker-laid-out")
    before = version(page)
    page.click('#actions button[data-action="done"]')
    moved_on(page, before)
    # once the bot has defended, the hand's summary charges the knocker exactly that
    page.wait_for_selector("#summary .gin-summary table")
    row = page.locator("#summary .gin-summary tr", has_text="You")
    assert row.locator("strong").inner_text().strip() == str(best)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_first_upcard_prompt_says_what_is_allowed(server, pages, width):
    # the dealer after the other player passed (the default rules): taking is the only move
    page, _ = seated(pages, server, MUST_TAKE_SEED, width, label="dealer")
    assert wait_turn_or_over(page)
    assert legal_texts(page) == ["take"]
    prompt = page.inner_text("#board .gin-prompt")
    assert "you must take it" in prompt and "passing is not allowed" in prompt and "passed it" in prompt, prompt
    assert "must take" in page.inner_text('#actions button[data-action="take"]')
    assert "passing is allowed" not in page.inner_text("#board")
    shot(pages, page, "must-take")
    # the non-dealer, first to decide: passing is allowed, and both moves are offered
    other, _ = seated(pages, server, MAY_PASS_SEED, width, label="non-dealer")
    assert wait_turn_or_over(other)
    assert sorted(legal_texts(other)) == ["pass", "take"]
    prompt = other.inner_text("#board .gin-prompt")
    assert "take it, or pass" in prompt and "passing is allowed" in prompt and "must" not in prompt, prompt
    shot(pages, other, "may-pass")
