"""On a phone the player's hand and actions are on one screen: at 360×740 and 390×844, in every game, playing
against bots, at the start of a hand, mid-hand, at a hand's end (its summary shown) and at the match's end, the
player's own cards or dice (else, when the hand is played out, their seat on the board) and the action bar are
inside the screen as the page is loaded, without any scrolling, and do not overlap. A picture of each
(test-artifacts/e2e/phone-<game>-<size>-<phase>.png: the screen as the phone shows it).

And the top bar's menu: on a phone the share link, the sound switch and the language are in a panel the menu button
opens (aria-expanded; Escape closes it); each works from there, and axe finds nothing serious with it open, in the
light and the dark scheme. On a wide screen they stay in the bar.

The deals are fixed (the server's test seeding): these seeds give matches of several hands, so a hand's end is
seen. The cards do not glide here (reduced motion): a box is measured where the card lies, not on its way.
"""
import random

import pytest
from e2e_helpers import (
    MOVED_ON_OR_ERROR,
    MY_TURN_OR_OVER,
    SHORT,
    body,
    choose_for,
    create_table,
    error_text,
    legal_texts,
    play_one,
    take_seat,
    version,
    wait_live,
    wait_turn_or_over,
)
from test_e2e_accessibility import RUN_AXE, axe_source

import gamenight
from conftest import ARTIFACTS

SIZES = [(360, 740), (390, 844)]
SEEDS = {"yaniv": 11, "gin_rummy": 13, "thunee": 13, "yessir": 14}
PHASES = ("start", "mid-hand", "hand-end", "match-end")

# Where things are on the screen as it is now (the page as loaded: the test never scrolls): the action bar, and the
# player's own cards or dice on the board, else their seat there (a hand played out: Thunee's, YESSIR!'s at the end).
LAYOUT = """seat => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, what: e.outerHTML.slice(0, 80)};
  };
  const hand = [...document.querySelectorAll("#board .my-area svg.card, #board .my-area svg.gn-die")];
  const seatBox = document.querySelector(`#board [data-board-seat="${seat}"]`);
  return {width: window.innerWidth, height: window.innerHeight, scrollY: window.scrollY,
          bar: box(document.getElementById("actions")), hand: hand.map(box),
          seat: seatBox ? box(seatBox) : null,
          summary: document.getElementById("summary").textContent.trim() !== ""};
}"""
OVER_ONE_PX = 0.5   # (sub-pixel rounding)


def assert_on_one_screen(page, phase: str) -> dict:
    """The hand (or seat) and the action bar inside the screen, apart, the page not scrolled."""
    seen = page.evaluate(LAYOUT, int(body(page, "seat")))
    width, height, bar = seen["width"], seen["height"], seen["bar"]
    where = f"{phase} at {width}×{height}"
    assert seen["scrollY"] == 0, f"{where}: the page was scrolled to {seen['scrollY']}"
    if phase in ("start", "mid-hand"):
        assert seen["hand"], f"{where}: no cards or dice of the player's on the board"
    parts = seen["hand"] or ([seen["seat"]] if seen["seat"] else [])
    assert parts, f"{where}: neither the player's hand nor their seat is on the board"
    assert bar["bottom"] - bar["top"] > 0, f"{where}: no action bar"
    for name, part in [("the action bar", bar)] + [("the hand", p) for p in parts]:
        inside = (part["top"] >= -OVER_ONE_PX and part["bottom"] <= height + OVER_ONE_PX
                  and part["left"] >= -OVER_ONE_PX and part["right"] <= width + OVER_ONE_PX)
        assert inside, f"{where}: {name} is not inside the screen: {part}"
    for part in parts:
        apart = part["bottom"] <= bar["top"] + OVER_ONE_PX or part["top"] >= bar["bottom"] - OVER_ONE_PX
        assert apart, f"{where}: the action bar {bar} covers the hand {part}"
    return seen


def shot(page, game: str, size: tuple, phase: str):
    """The screen as the phone shows it (not the whole page): what the player sees without scrolling."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-{game}-{size[0]}x{size[1]}-{PHASES.index(phase) + 1}-{phase}.png"))


def press(page, selector: str):
    """A button pressed where it is: a click would first scroll it into view, and this test never scrolls."""
    page.locator(selector).dispatch_event("click")


def sit(page):
    """Seat 0, taken from the join bar at the top."""
    press(page, '#join-bar button[data-join-seat="0"]')
    page.wait_for_function("() => document.body.dataset.seat === '0' && document.body.dataset.live === 'true'")


def play(page, choose, rng):
    """One legal action, chosen from the buttons, pressed; the page then shows a later version."""
    texts = legal_texts(page)
    action = choose(texts, rng)
    before = version(page)
    press(page, f'#actions button[data-action="{action}"]')
    page.wait_for_function(MOVED_ON_OR_ERROR, arg=before)
    assert error_text(page) == "", f"{action!r} was refused: {error_text(page)}"


def waited_for(page) -> bool:
    """Whether the pause after a hand waits for this page's player (their Next hand not pressed yet)."""
    return body(page, "seat") in body(page, "waiting").split(",")


# Next hand in the action bar (a phone's: the summary with its own Next hand comes after the bar), on the screen
NEXT_HAND_IN_BAR = """() => {
  const b = document.querySelector('#actions button[data-next-hand]');
  if (!b || b.offsetParent === null) return false;
  const r = b.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
}"""


def press_next_hand(page):
    """Next hand, pressed in the action bar without scrolling (a click would scroll it into view); the pause may
    have ended by itself meanwhile (its few seconds passed)."""
    page.evaluate("() => { const b = document.querySelector('#actions button[data-next-hand]');"
                  "        if (b && !b.disabled) b.click(); }")
    page.wait_for_function("s => !(document.body.dataset.waiting || '').split(',').includes(s)", arg=body(page, "seat"))


def phone(pages, size: tuple):
    page = pages.open("phone", reduced_motion="reduce")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    return page


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", gamenight.games())
def test_hand_and_actions_on_one_phone_screen_in_every_phase(server, pages, game, size):
    players = SHORT[game]["players"]
    table_id = create_table(server, game, [None] + ["heuristic"] * (players - 1), seed=SEEDS[game])
    page = phone(pages, size)
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    sit(page)
    rng, choose = random.Random(f"phone-layout-{game}"), choose_for(game)
    seen = set()
    in_hand = 0            # the player's actions in this hand so far
    moves = 0
    while True:
        page.wait_for_function(MY_TURN_OR_OVER)
        if body(page, "over") == "true":
            break
        if page.locator("#actions button[data-action]").count() == 0:      # a hand has ended: its summary
            if "hand-end" not in seen and waited_for(page):
                assert assert_on_one_screen(page, "hand-end")["summary"], "no summary at the hand's end"
                assert page.evaluate(NEXT_HAND_IN_BAR), "Next hand is not in the action bar, on the screen"
                shot(page, game, size, "hand-end")
                seen.add("hand-end")
            press_next_hand(page)
            in_hand = 0
            continue
        phase = "start" if moves == 0 else "mid-hand" if in_hand >= 2 and "mid-hand" not in seen else None
        if phase:
            assert_on_one_screen(page, phase)
            shot(page, game, size, phase)
            seen.add(phase)
        play(page, choose, rng)
        moves += 1
        in_hand += 1
        assert moves < 600, "the match did not end"
    assert assert_on_one_screen(page, "match-end")["summary"], "no summary at the match's end"
    shot(page, game, size, "match-end")
    seen.add("match-end")
    assert seen == set(PHASES), f"phases not seen: {set(PHASES) - seen}"


def test_the_menu_holds_the_share_link_the_sound_and_the_language_on_a_phone(server, pages):
    table_id = create_table(server, "yaniv", [None, "heuristic"], seed=SEEDS["yaniv"])
    page = phone(pages, (390, 844))
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    take_seat(page, 0)
    button, panel = page.locator("#menu-button"), page.locator("#menu-panel")
    assert button.is_visible() and button.get_attribute("aria-expanded") == "false"
    for hidden in ("#share-link", "#copy-link", "#sound-toggle", "#lang-picker"):
        assert not page.locator(hidden).is_visible(), f"{hidden} shows in the bar on a phone"
    assert page.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().height") < 70

    # the keyboard: Enter opens it, Tab goes into it, Escape closes it and gives the focus back to the button
    button.focus()
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-expanded") == "true" and panel.is_visible()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "share-link"
    page.keyboard.press("Escape")
    assert button.get_attribute("aria-expanded") == "false" and not panel.is_visible()
    assert page.evaluate("() => document.activeElement.id") == "menu-button"

    # Escape closes the menu first; the next one leaves the history (the page's own Escape)
    assert wait_turn_or_over(page)
    play_one(page, choose_for("yaniv"), random.Random("menu"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.body.dataset.replaying === 'true'")
    button.click()
    page.keyboard.press("Escape")
    assert not panel.is_visible() and body(page, "replaying") == "true"
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.body.dataset.replaying === 'false'")

    # the share link and its copy button, from the menu
    button.click()
    pages.shot(page, "menu-open")
    assert page.input_value("#share-link") == f"{server}/table/{table_id}"
    assert page.inner_text("#code") == table_id
    page.click("#copy-link")
    page.wait_for_function("() => document.getElementById('copy-link').textContent === 'Copied'")
    # the sound: off in the tests; on, kept in this browser
    assert page.inner_text("#sound-toggle").endswith("Muted")
    page.click("#sound-toggle")
    assert page.inner_text("#sound-toggle").endswith("Sound")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    assert page.evaluate("() => localStorage.getItem('gamenight-sound')") == "on"
    page.keyboard.press("Escape")                     # (the focus was in the menu: back on the button)
    assert not panel.is_visible() and page.evaluate("() => document.activeElement.id") == "menu-button"
    # a click elsewhere closes it too (the panel lies over the top of the table: the click is sent to what it covers)
    button.click()
    assert panel.is_visible()
    page.locator("#turn").dispatch_event("click")
    assert not panel.is_visible() and button.get_attribute("aria-expanded") == "false"
    # the language, from the menu: the page again, in French, with the picker in its menu
    button.click()
    page.select_option("#menu-panel #lang-picker", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    wait_live(page)
    assert body(page, "seat") == "0"
    assert page.locator("#menu-panel #lang-picker").count() == 1
    assert not page.locator("#lang-picker").is_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_open_menu_meets_wcag_aa_on_a_phone(server, pages, scheme):
    table_id = create_table(server, "gin_rummy", [None, "heuristic"], seed=SEEDS["gin_rummy"])
    # axe is put into the page by the test, not by the page: the page's Content-Security-Policy is bypassed for it
    page = pages.open(f"menu-{scheme}", color_scheme=scheme, bypass_csp=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    take_seat(page, 0)
    page.click("#menu-button")
    assert page.locator("#menu-panel").is_visible()
    page.evaluate(axe_source())
    assert page.evaluate(RUN_AXE) == []
    pages.shot(page, "menu-open")


def test_a_wide_screen_keeps_the_share_link_the_sound_and_the_language_in_the_bar(server, pages):
    table_id = create_table(server, "gin_rummy", [None, "heuristic"], seed=SEEDS["gin_rummy"])
    page = pages.open("desktop")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    assert not page.locator("#menu-button").is_visible()
    for shown in ("#share-link", "#copy-link", "#sound-toggle", "#lang-picker"):
        assert page.locator(shown).is_visible(), f"{shown} is not in the bar"
    # one line of bar
    assert page.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().height") < 60
    pages.shot(page, "desktop")
