"""The pages under their Content-Security-Policy, in Chromium: the lobby, a table and the how-to-play pages are served
with the policy (scripts and styles from the site only: no eval, nothing inline), and draw without one violation.
Every browser test fails on a violation (e2e_helpers.CSP_WATCH); the first test here shows that watch catching one."""
import random

from e2e_helpers import (
    CSP_VIOLATION,
    SHORT,
    choose_for,
    create_table,
    play_one,
    take_seat,
    wait_live,
    wait_turn_or_over,
)

READY = "body[data-ready='true']"
KEPT = "() => window.__cspViolations"
INLINE_STYLE = ("() => document.head.append(Object.assign(document.createElement('style'), "
                "{textContent: 'body { color: red; }'}))")


def policy(response) -> dict[str, list[str]]:
    header = response.headers.get("content-security-policy")
    assert header, f"{response.url}: no Content-Security-Policy header"
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


def assert_strict(response):
    """The policy lets the page run only the site's own scripts and styles: no eval, nothing inline."""
    directives = policy(response)
    assert directives.get("script-src") == ["'self'"], directives
    assert directives.get("style-src") == ["'self'"], directives
    assert directives.get("object-src") == ["'none'"] and directives.get("base-uri") == ["'none'"], directives
    assert not [s for sources in directives.values() for s in sources if "unsafe" in s], directives


def test_a_violation_is_reported_and_fails_the_test(server, pages, request):
    """The watch every test's pages have: a style element a script adds is blocked, and the watch says so (a test
    that allows console errors still fails on it). A watch of its own (the fixture's kind), so that the violations
    made on purpose here fail nothing."""
    watch = type(pages)(pages.browser, request.node.name + "-watch")
    try:
        page = watch.open("person")
        assert_strict(page.goto(f"{server}/"))
        page.wait_for_selector("#game option", state="attached")
        assert page.evaluate(KEPT) == []
        for allowing in (False, True):
            if allowing:
                watch.allow(".*")
            with page.expect_console_message(lambda m: m.text.startswith(CSP_VIOLATION)):
                page.evaluate(INLINE_STYLE)
            kept = page.evaluate(KEPT)
            assert len(kept) == 1 + allowing and "style-src" in kept[-1], kept
            assert page.evaluate("() => getComputedStyle(document.body).color") != "rgb(255, 0, 0)"
            assert sum(CSP_VIOLATION in error for error in watch.errors) == 1 + allowing, watch.errors
        assert watch.violations() == [f"person: {text}" for text in kept]
    finally:
        for context in watch.contexts:
            context.close()


def test_the_lobby_and_the_rules_pages_are_served_with_the_policy_and_break_none_of_it(server, pages):
    page = pages.open("person")
    assert_strict(page.goto(f"{server}/"))
    page.wait_for_selector("#game option", state="attached")
    assert page.evaluate(KEPT) == []
    for path in ("/rules", "/rules/thunee", "/rules/yessir?lang=ja"):
        assert_strict(page.goto(server + path))
        page.wait_for_selector(READY)
        assert page.evaluate(KEPT) == [], path


def test_a_table_is_served_with_the_policy_and_plays_without_breaking_it(server, pages):
    """A YESSIR! table (its view's styles and the dice) and a Thunee one (the plural rule of French)."""
    for game, lang in (("yessir", "en"), ("thunee", "fr")):
        players = SHORT[game]["players"]
        table_id = create_table(server, game, [None] + ["heuristic"] * (players - 1), seed=7)
        page = pages.open(game)
        assert_strict(page.goto(f"{server}/table/{table_id}?lang={lang}"))
        wait_live(page)
        take_seat(page, 0)
        rng = random.Random(f"security-{game}")
        for _ in range(3):
            assert wait_turn_or_over(page)
            play_one(page, choose_for(game), rng)
        assert page.evaluate(KEPT) == [], game
        # the view's own styles are there (static/style.css): the board is laid out as it is drawn
        board = page.evaluate("s => getComputedStyle(document.querySelector(s)).display", f"#board .gn-{game}")
        assert board == "flex", game
