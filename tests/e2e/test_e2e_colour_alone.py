"""Colour is never the only sign (WCAG 1.4.1), in every game, mid-hand and at a hand's end: whatever the table shows
in colour (whose turn it is, Thunee's teams, Gin Rummy's melds and deadwood, Yaniv's chosen cards, YESSIR!'s dice
of a hand's combination, ...) is also said in words, or drawn with a shape, an edge or a place of its own, that a
person who sees no colour, and a screen reader, both get (docs/web_pages.md, "Colour is never the only sign").
The DOM is checked for each such sign; the table is also photographed in grey (a CSS filter on the page), in the
light and the dark scheme, for a person to look at (test-artifacts/e2e/*-grey.png)."""
import random

import pytest
from e2e_helpers import MY_TURN_OR_OVER, SHORT, api, body, choose_for, play_one, take_seat, wait_live

import gamenight

SEEDS = {"yaniv": 11, "gin_rummy": 13, "thunee": 13, "yessir": 14}
BOTS = {"yessir": "heuristic", "yaniv": "heuristic", "thunee": "heuristic", "gin_rummy": "random"}
PAUSE = 60   # the table holds a hand's end this long at most: the test looks at it meanwhile

# every seat box the board marks as the one to move, and every turn mark: [seat, to move?, its mark's words]
TURN_MARKS = """() => [...document.querySelectorAll('#board [data-board-seat]')].map((box) => {
  const mark = box.querySelector('[data-seat-turn]');
  return [Number(box.dataset.boardSeat), box.classList.contains('to-move'),
          mark ? mark.textContent.trim() : null, mark ? !!mark.querySelector('svg[aria-hidden="true"]') : false];
})"""
# each of the player's Gin groups: [its class, its name for a screen reader, its word as drawn over it]
GIN_GROUPS = """() => [...document.querySelectorAll('#board .my-melds > .hand')].map((g) => [
  g.classList.contains('meld') ? 'meld' : g.classList.contains('deadwood') ? 'deadwood' : 'gin-layoffs',
  g.getAttribute('aria-label'), getComputedStyle(g, '::before').content])"""


def seated(server, pages, game):
    n = SHORT[game]["players"]
    table = api(server, "/api/tables", {"game": game, **SHORT[game], "seats": [None] + [BOTS[game]] * (n - 1),
                                        "seed": SEEDS[game], "settings": {"hand_pause_seconds": PAUSE}})
    page = pages.open("person")
    page.goto(f"{server}/table/{table['table_id']}")
    wait_live(page)
    take_seat(page, 0)
    return page


def my_turn_mid_hand(page, game, rng):
    """Play until the person has played a few moves of a hand and is to move again (in Yaniv, to discard: their
    cards may be chosen)."""
    for played in range(20):
        page.wait_for_function(MY_TURN_OR_OVER)
        assert page.locator("#actions button[data-action]").count(), "the first hand ended too soon"
        discarding = game != "yaniv" or page.locator("#board .my-area button.card-button").count()
        if played >= 3 and discarding:
            return
        play_one(page, choose_for(game), rng)
    raise AssertionError("no turn to look at")


def play_to_the_hand_s_end(page, game, rng):
    for _ in range(400):
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.locator("#next-hand").count() or body(page, "over") == "true":
            return
        play_one(page, choose_for(game), rng)
    raise AssertionError("the hand did not end")


def check_turn_marks(page, words_said: str):
    """The seat to move (the person's, seat 0) wears a mark, an arrow and words (``words_said``: "Your turn" on the
    person's page, "to move" on a spectator's), and no other seat."""
    marks = page.evaluate(TURN_MARKS)
    for seat, to_move, words, arrow in marks:
        assert (words is not None) == to_move, f"seat {seat}: to move {to_move}, mark {words!r}"
        if to_move:
            assert arrow and words == words_said, (seat, words)
    assert [seat for seat, to_move, _, _ in marks if to_move] == [0], marks
    listed = page.evaluate("() => [...document.querySelectorAll('#seats li')].map((li) => "
                           "[Number(li.dataset.seat), li.querySelector('.seat-to-move')?.textContent || null])")
    assert listed == [[seat, " · to move" if seat == 0 else None] for seat, _ in listed], listed   # the list too


def grey_pictures(pages, page, what: str):
    """The page in grey (light, then dark scheme), for a person to check nothing is told by colour alone."""
    page.evaluate("() => { document.documentElement.style.filter = 'grayscale(1)'; }")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        pages.shot(page, f"{what}-{scheme}-grey")
    page.emulate_media(color_scheme="light")
    page.evaluate("() => { document.documentElement.style.filter = ''; }")


# ---- each game's signs, mid-hand ---------------------------------------------------------------------------------
def thunee_mid(page):
    teams = page.evaluate("""() => [...document.querySelectorAll('#board [data-thunee-seat]')].map((box) =>
        [Number(box.dataset.thuneeSeat), [...box.querySelectorAll('.badge')].map((b) => b.textContent.trim())])""")
    team_of = {}
    for seat, badges in teams:
        named = [b for b in badges if b in ("Team A", "Team B")]
        assert len(named) == 1, f"seat {seat} does not name its team in words: {badges}"
        team_of[seat] = named[0]
    assert team_of[0] == team_of[2] != team_of[1] == team_of[3], team_of          # partners sit opposite
    rows = page.eval_on_selector_all("#board .gn-thunee-team", "rows => rows.map((r) => r.innerText)")
    assert len(rows) == 2 and "Team A" in rows[0] and "Team B" in rows[1], rows   # the balls, by team name


def gin_mid(page):
    groups = page.evaluate(GIN_GROUPS)
    assert any(kind in ("meld", "deadwood") for kind, _, _ in groups), groups
    for kind, name, drawn in groups:
        word = {"meld": "meld", "deadwood": "deadwood", "gin-layoffs": "lay off"}[kind]
        assert name and name.startswith(word), (kind, name)
        assert word in drawn, f"the {kind} group shows {drawn!r} over it, not its word"
    badge = page.locator("#board [data-gin-deadwood]")
    if "good" in (badge.get_attribute("class") or ""):                           # green: and said so
        assert "within the knock limit" in badge.inner_text()
    else:
        assert "within" not in badge.inner_text()


def yaniv_mid(page):
    card = page.locator("#board .my-area button.card-button").first
    card.click()                                                                 # a card chosen: it stands up
    chosen = page.locator('#board .my-area button.card-button[aria-pressed="true"]')
    chosen.wait_for()
    assert "(selected)" in chosen.get_attribute("aria-label")
    assert chosen.evaluate("b => getComputedStyle(b.querySelector('svg.card')).transform") != "none"
    matching = page.locator("#actions button.action.suggested")              # the discard of that card: its green
    matching.first.wait_for()                                                    # edge, and why, to screen readers
    assert {b.get_attribute("aria-description") for b in matching.all()} == {"matches the cards you picked"}
    chosen.click()                                                               # and put back
    page.locator('#board .my-area button.card-button[aria-pressed="true"]').wait_for(state="detached")
    if page.locator("#board [data-take]").count():                               # the cards that may be taken: named
        assert "takeable:" in page.inner_text("#board .center")


def yessir_mid(page):
    for text in page.eval_on_selector_all("#board [data-yessir-seat]", "boxes => boxes.map((b) => b.innerText)"):
        assert "round wins" in text, text                                       # (the filled dots, in words)


# ---- and at a hand's end -----------------------------------------------------------------------------------------
def thunee_end(page):
    rows = page.eval_on_selector_all("#summary .gn-thunee-sum tr",
                                     "rows => rows.slice(1).map((r) => r.cells[0].innerText)")
    assert len(rows) == 2 and "Team A" in rows[0] and "Team B" in rows[1], rows


def gin_end(page):
    heads = page.eval_on_selector_all("#summary .gin-summary th", "ths => ths.map((h) => h.innerText.trim())")
    if "melds" in heads:                                                         # a knocked hand: the columns named
        assert "deadwood" in heads, heads
        melds = page.eval_on_selector_all("#summary .gin-summary .meld, #board .knock-area .meld",
                                          "ms => ms.map((m) => [m.getAttribute('role'), m.getAttribute('aria-label')])")
        assert melds and all(meld == ["group", "meld"] for meld in melds), melds
        owners = page.eval_on_selector_all("#board .knock-area .melds .meld-owner", "os => os.map((o) => o.innerText)")
        assert owners and all(owner.strip() for owner in owners), owners
    else:
        assert "dead" in page.inner_text("#summary"), "a hand neither knocked nor dead"


def yaniv_end(page):
    said = page.inner_text("#summary")
    assert "called" in said, "the caller is not named in words"   # ("called", "called, caught"; "Asaf" by name)


def yessir_end(page):
    held = page.eval_on_selector_all("#summary svg.gn-die-held", """ds => ds.map((d) =>
        [d.getAttribute('aria-label'), d.querySelectorAll('rect')[1].getAttribute('stroke-width')])""")
    assert held, "no combination dice in the reveal"   # (this deal's hands have pairs and the like)
    for label, edge in held:   # a hand's combination: a thicker edge, and "(held)" said
        assert "(held)" in label and float(edge) > 3.5, (label, edge)
    said = page.inner_text("#summary")
    assert "wins the round" in said or "tied for best" in said or "Nobody wins" in said, said


MID = {"thunee": thunee_mid, "gin_rummy": gin_mid, "yaniv": yaniv_mid, "yessir": yessir_mid}
END = {"thunee": thunee_end, "gin_rummy": gin_end, "yaniv": yaniv_end, "yessir": yessir_end}


@pytest.mark.parametrize("game", gamenight.games())
def test_what_colour_shows_is_also_said_in_words_or_shapes(server, pages, game):
    page = seated(server, pages, game)
    rng = random.Random(f"colour-{game}")
    my_turn_mid_hand(page, game, rng)
    check_turn_marks(page, "Your turn")
    watcher = pages.open("watcher")
    watcher.goto(page.url)
    wait_live(watcher)
    check_turn_marks(watcher, "to move")
    watcher.close()
    MID[game](page)
    grey_pictures(pages, page, "mid-hand")

    play_to_the_hand_s_end(page, game, rng)
    page.wait_for_function("() => document.getElementById('summary').textContent.trim() !== ''")
    assert page.locator("#board .to-move, #board [data-seat-turn], #seats .seat-to-move").count() == 0   # (the pause)
    END[game](page)
    grey_pictures(pages, page, "hand-end")
