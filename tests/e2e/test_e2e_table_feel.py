"""How the table feels: the page keeps its scroll when moves arrive; cards move (unless the system asks for reduced
motion); sounds can be switched on and off, and the choice is kept; dark mode follows the system; every action has
a key (beyond nine too), and the action buttons follow the order of the hand."""
import random

import pytest
from e2e_helpers import (
    MY_TURN_OR_OVER,
    SHORT,
    choose_for,
    create_table,
    legal_texts,
    play_one,
    take_seat,
    version,
    wait_live,
    wait_turn_or_over,
)

import gamenight

SEED = 301


def seated(pages, server, game, seats, label="person", **context):
    table_id = create_table(server, game, seats, seed=SEED)
    page = pages.open(label, **context)
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    take_seat(page, 0)
    return page


# where the page is scrolled to, and the furthest it could be now
SCROLL = "() => [window.scrollY, document.documentElement.scrollHeight - window.innerHeight]"


def wait_turn_or_over_in_place(page) -> bool:
    """``wait_turn_or_over``, pressing "Next hand" where it is: a click by the test would scroll to it (above the
    table while the hand that ended is shown), which is the test's doing, not the page's."""
    while True:
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.evaluate("() => document.body.dataset.over") == "true":
            return False
        if legal_texts(page):
            return True
        page.evaluate("() => document.getElementById('next-hand').click()")


@pytest.mark.parametrize("game", gamenight.games())
def test_moves_arriving_never_move_the_page(server, pages, game):
    """Scrolled halfway or down to the hand, the page stays where it is as moves arrive: it may only go back as far
    as the page got shorter (it never jumps back to the top)."""
    players = SHORT[game]["players"]
    page = seated(pages, server, game, [None] + ["heuristic"] * (players - 1))
    page.set_viewport_size({"width": 390, "height": 600})
    rng = random.Random("scroll")
    for where in ("250", "document.documentElement.scrollHeight") * 3:
        assert wait_turn_or_over_in_place(page)            # the bot's moves have arrived meanwhile
        page.evaluate(f"() => window.scrollTo(0, {where})")
        at, _ = page.evaluate(SCROLL)
        assert at > 0
        # this page's own move, by its key (a click would scroll the button into view: the test's doing)
        play_one(page, lambda texts, r: choose_for(game)(texts[:9], r), rng, keys=True)
        assert wait_turn_or_over_in_place(page)            # and the bot's answer
        now, furthest = page.evaluate(SCROLL)
        assert now >= min(at, furthest) - 1, (where, at, now, furthest)
    pages.shot(page, "scrolled")


def test_cards_move_unless_the_system_asks_for_reduced_motion(server, pages):
    rng = random.Random("motion")
    counts = {}
    for motion in ("no-preference", "reduce"):
        page = seated(pages, server, "gin_rummy", [None, "heuristic"], label=motion, reduced_motion=motion)
        for _ in range(3):
            assert wait_turn_or_over(page)
            play_one(page, choose_for("gin_rummy"), rng)
        counts[motion] = page.evaluate("() => window.gnMotionCount")
    assert counts["no-preference"] > 0 and counts["reduce"] == 0


def test_sounds_are_switched_and_the_choice_is_kept(server, pages):
    page = seated(pages, server, "yaniv", [None, "heuristic"])
    assert page.inner_text("#sound-toggle").endswith("Muted")      # off in the tests
    page.click("#sound-toggle")
    assert page.inner_text("#sound-toggle").endswith("Sound")
    assert page.evaluate("() => localStorage.getItem('gamenight-sound')") == "on"
    page.reload()
    wait_live(page)
    assert page.inner_text("#sound-toggle").endswith("Sound")      # kept
    assert wait_turn_or_over(page)
    play_one(page, choose_for("yaniv"), random.Random("sound"))
    page.wait_for_function("() => window.gnSoundLog.includes('card')")
    page.click("#sound-toggle")
    assert page.evaluate("() => localStorage.getItem('gamenight-sound')") == "off"


def test_dark_mode_follows_the_system(server, pages):
    page = seated(pages, server, "yessir", [None, "heuristic", "heuristic"], color_scheme="dark")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(x) for x in background[background.index("(") + 1:-1].split(",")[:3])
    assert red + green + blue < 150, background
    pages.shot(page, "dark")


def test_every_action_has_a_key_and_the_buttons_follow_the_hand(server, pages):
    page = seated(pages, server, "gin_rummy", [None, "heuristic"])
    rng = random.Random("keys")
    for _ in range(40):                      # on to a turn with more than ten actions (eleven cards to discard)
        assert wait_turn_or_over(page)
        if len(legal_texts(page)) > 10:
            break
        play_one(page, choose_for("gin_rummy"), rng)
    texts = legal_texts(page)
    assert len(texts) > 10
    keys = page.eval_on_selector_all("#actions button[data-action] kbd", "ks => ks.map(k => k.textContent)")
    assert keys[:11] == list("1234567890a")
    # the buttons' cards come in the order the hand shows them
    hand = page.eval_on_selector_all("#board .my-area svg.card[data-card]", "cs => cs.map(c => c.dataset.card)")
    places = [min(hand.index(c) for c in t.replace("+", " ").split() if c in hand)
              for t in texts if any(c in hand for c in t.replace("+", " ").split())]
    assert places == sorted(places), (texts, hand)
    before = version(page)
    page.keyboard.press("a")                 # the eleventh action, by its key
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
