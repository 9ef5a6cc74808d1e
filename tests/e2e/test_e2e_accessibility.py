"""WCAG 2.1 AA in a real browser: axe-core (the npm package `make test` installs in tests/e2e/node_modules) checks
the lobby, the rules pages, every game's table at a hand's start, mid-hand, at the hand's end and at the match's
end, and a game review, in English, French and Japanese, at desktop (1280x800) and phone (390x844) sizes, in the
light and the dark colour scheme. Any violation axe rates serious or critical fails the test, named with its rule,
the element and axe's summary of what to fix."""
import random
from pathlib import Path

import pytest
from e2e_helpers import MY_TURN_OR_OVER, SHORT, body, choose_for, create_table, play_one, take_seat, wait_live
from test_e2e_review import wait_for_review

import gamenight

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
SIZES = ((1280, 800), (390, 844))
LANGUAGES = ("en", "fr", "ja")
# each language's tables in one scheme (the pages' own pages in both): the dark one in French
SCHEME = {"en": "light", "fr": "dark", "ja": "light"}
RUN_AXE = """async () => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
                                          resultTypes: ["violations"]});
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(" ")}: ` +
                       (n.failureSummary || "").replace(/\\s+/g, " ")));
}"""
# the layout has settled after a resize: two animation frames
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` installs axe-core (npm ci in tests/e2e)")
    return AXE.read_text()


def serious_violations(page, where: str) -> list[str]:
    """axe's serious and critical WCAG 2.1 A/AA violations on the page as it is now, at each size."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    found = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SETTLED)
        found += [f"{where} at {width}x{height}: {v}" for v in page.evaluate(RUN_AXE)]
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    return found


def open_page(pages, lang: str, scheme: str):
    # axe is put into the page by the test, not by the page, so the page's Content-Security-Policy is bypassed for it
    return pages.open(f"{lang}-{scheme}", color_scheme=scheme, bypass_csp=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_and_the_rules_pages_meet_wcag_aa(server, pages, lang, scheme):
    # a finished table (bots only), so the lobby lists one
    create_table(server, "yessir", ["random"] * 3, seed=1, players=3, options={"rounds_to_win": 1})
    page = open_page(pages, lang, scheme)
    found = []
    for path in ["/", "/rules", *(f"/rules/{game}" for game in gamenight.games())]:
        page.goto(f"{server}{path}?lang={lang}")
        page.wait_for_load_state("networkidle")
        found += serious_violations(page, path)
    assert not found, "\n".join(found)


def play_checking(page, pages, game: str, found: list[str]) -> None:
    """Play this seat's match to its end, checking the page at the first turn, mid-hand, at the first hand's end
    (the summary shown, Next hand waiting) and at the match's end."""
    choose, rng = choose_for(game), random.Random(f"a11y-{game}")
    seat = body(page, "seat")
    played, hand_end_checked = 0, False
    while True:
        page.wait_for_function(MY_TURN_OR_OVER)
        if body(page, "over") == "true":
            break
        if page.locator("#actions button[data-action]").count():
            if played in (0, 3):
                found += serious_violations(page, f"{game} table, " + ("a hand's start" if played == 0 else "mid-hand"))
            play_one(page, choose, rng)
            played += 1
            continue
        if not hand_end_checked and seat in (body(page, "waiting") or "").split(","):
            found += serious_violations(page, f"{game} table, the hand's end")
            pages.shot(page, "hand-end")
            hand_end_checked = True
        page.click("#next-hand")
    found += serious_violations(page, f"{game} table, the match's end")
    pages.shot(page, "match-end")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", gamenight.games())
def test_every_game_table_meets_wcag_aa_through_a_whole_match(server, pages, game, lang):
    players = SHORT[game]["players"]
    table_id = create_table(server, game, [None] + ["heuristic"] * (players - 1), seed=11)
    page = open_page(pages, lang, SCHEME[lang])
    page.goto(f"{server}/table/{table_id}?lang={lang}")
    wait_live(page)
    found = serious_violations(page, f"{game} table, watching")
    take_seat(page, 0)
    play_checking(page, pages, game, found)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_game_review_meets_wcag_aa(server, pages, lang):
    table_id = create_table(server, "gin_rummy", [None, "heuristic"], seed=12, players=2,
                            options={"single_hand": True})
    page = open_page(pages, lang, "light")
    page.goto(f"{server}/table/{table_id}?lang={lang}")
    wait_live(page)
    take_seat(page, 0)
    rng = random.Random("a11y-review")
    while True:
        page.wait_for_function(MY_TURN_OR_OVER)
        if body(page, "over") == "true":
            break
        play_one(page, choose_for("gin_rummy"), rng)
    page.click("#review-button")
    page.wait_for_selector("#review-progress, #review-summary")
    wait_for_review(page)
    found = serious_violations(page, "the review")
    pages.shot(page, "review")
    assert not found, "\n".join(found)
