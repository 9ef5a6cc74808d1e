"""Players' words in a real browser (issue 43), in English, French and Japanese: a table of each game made in the
lobby with bots of several levels, played to the end of its first hand. In the lobby, at the table's start and at
the hand's end (its summary and score sheet), no text a person reads (every text on the page, the aria-labels and
titles, and document.body.innerText) holds an emoji (drawn as an empty box without an emoji font: the icons are
SVG), a bot's program name (each bot has one level name, the same in the lobby, the seat boxes, the seat list and
the host's choices) or a card's notation (cards are symbols: 10♥, and the joker in words); a hint's moves too."""
import random
import re

import pytest
from e2e_helpers import MY_TURN_OR_OVER, body, choose_for, play_one, wait_live
from test_e2e_languages import PAGE_TEXTS

import gamenight

# the words a person must never read, kept here (the pages' own tests: tests/web/test_pages.py, tests/core/test_guides)
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u265F\u2664\u2667-\u27BF\u2B50\u2B55\u231A\u231B\u23E9-\u23FA\uFE0F]")
PROGRAM_NAMES = re.compile(r"\b(?:heuristic|casual|random|simple|strong|expert)\b")
# English and French prose where those are ordinary words (a bot's level is capitalised: "Strong", "Expert")
ORDINARY = re.compile(r"\bat random\b|\bthe expert\b|\bexpert bot\b|\brobot expert\b|l’expert\b|\bKanak simple\b"
                      r"|\bsimple Kanak\b")
# a card in the notation, alone or joined as an action writes it (an ace alone, "As", and a number of spades, "4s",
# are words too), and the Kanak's old formula
NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9])[hdc]|[TJQK][shdc]|Jk|(?:10|[2-9TJQKA])[shdc][+=])"
                      r"(?![A-Za-z0-9])|\bK = ")

PLAYERS = {"yaniv": 3, "gin_rummy": 2, "thunee": 4, "yessir": 3}
BOTS = {"yaniv": ["random", "heuristic"], "gin_rummy": ["simple"], "thunee": ["random", "heuristic", "random"],
        "yessir": ["heuristic", "casual"]}
LEVELS = {"en": ("Beginner", "Casual", "Strong", "Expert"), "fr": ("Débutant", "Amateur", "Fort", "Expert"),
          "ja": ("初級", "中級", "上級", "エキスパート")}


#: the page's texts and the table codes it shows, read at one moment (a table listed between two readings would show
#: a code not left out): the lobby's links to tables, and every code its list shows (a table that could not be
#: loaded has its code and no link)
TEXTS_AND_CODES = f"""() => [({PAGE_TEXTS})(), document.body.innerText,
  [...Array.from(document.querySelectorAll('[data-table-id]'), e => e.dataset.tableId),
   ...Array.from(document.querySelectorAll('#tables code'), e => e.textContent.trim())]]"""


def table_codes(page, listed: list[str]) -> list[str]:
    """The table codes the page shows: its own table's (in its address) and the lobby's tables' (``listed``). A code
    is random letters, digits, "_" and "-" (``secrets.token_urlsafe``), so it may hold what reads as notation
    ("K_25Ki5j_4c") without being any: it is left out of the texts read."""
    own = re.findall(r"/table/([A-Za-z0-9_-]+)", page.url)
    return sorted(set(listed + own), key=len, reverse=True)


def bad_words(page) -> list[str]:
    """The texts of the page with an emoji, a program name or notation in them (its table codes left out)."""
    texts, inner, listed = page.evaluate(TEXTS_AND_CODES)
    codes = table_codes(page, listed)
    found = []
    for text in [*texts, inner]:
        for code in codes:
            text = text.replace(code, " ")
        words = ORDINARY.sub(" ", text)
        if EMOJI.search(text) or PROGRAM_NAMES.search(words) or NOTATION.search(text):
            found.append(text if len(text) < 200 else next(
                text[max(0, m.start() - 60):m.end() + 60] for p in (EMOJI, PROGRAM_NAMES, NOTATION)
                for m in [p.search(words if p is PROGRAM_NAMES else text)] if m))
    return sorted(set(found))


def create_in_lobby(page, server, game: str, lang: str):
    page.goto(f"{server}/?lang={lang}")
    page.wait_for_selector(f'#game option[value="{game}"]', state="attached")
    page.select_option("#game", game)
    page.fill("#players", str(PLAYERS[game]))
    page.dispatch_event("#players", "change")
    for seat, bot in enumerate(BOTS[game], start=1):
        page.select_option(f'select[data-seat-bot="{seat}"]', bot)
    page.check("#allow-hints")
    offered = " ".join(page.eval_on_selector_all('select[data-seat-bot="1"] option', "os => os.map(o => o.text)"))
    assert all(level in offered for level in LEVELS[lang]), offered
    assert bad_words(page) == [], "in the lobby"
    page.click("button#create")
    page.wait_for_url("**/table/*")


def play_to_hand_end(page, game: str):
    """Play until the first hand's summary shows (the next hand not pressed); at the first turn, ask for a hint and
    check its words."""
    rng, choose = random.Random(f"words-{game}"), choose_for(game)
    hinted = False
    for _ in range(400):
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.evaluate("() => document.getElementById('summary').textContent.trim() !== ''"):
            assert hinted, "no turn of one's own before the hand ended"
            return
        if not hinted:
            page.click("#hint-button")
            page.wait_for_selector(".hint-moves li")
            assert bad_words(page) == [], "with a hint"
            hinted = True
        play_one(page, choose, rng)
    raise AssertionError("the first hand did not end")


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize("game", gamenight.games())
def test_players_read_levels_symbols_and_icons(server, pages, game, lang):
    page = pages.open(lang)
    create_in_lobby(page, server, game, lang)
    wait_live(page)
    assert body(page, "seat") == "0"
    seats = page.inner_text("#seats")
    boxes = page.inner_text("#board")
    for bot in BOTS[game]:   # each bot by its one level name (Gin Rummy's Casual is its simple bot)
        level = LEVELS[lang][{"random": 0, "casual": 1, "simple": 1, "heuristic": 2}[bot]]
        assert level in seats and level in boxes, (bot, level, seats)
    assert "\u2026" not in seats   # the level names were known before the table was drawn
    host_choices = " ".join(page.eval_on_selector_all('select[data-host-seat="1"] option', "os => os.map(o => o.text)"))
    assert all(level in host_choices for level in LEVELS[lang]), host_choices
    assert page.locator("#sound-toggle svg.gn-icon").count() == 1
    assert bad_words(page) == [], "at the start"
    pages.shot(page, "start")
    play_to_hand_end(page, game)
    assert bad_words(page) == [], "at the hand's end"
    pages.shot(page, "hand-end")
