"""The pages in the pseudo-language (``?lang=qps`` on a server started with ``--pseudo-locale``): every text of the
catalogs is wrapped and accented (``⟦Ñéxt⟧``), so a text a person sees that did not come from the catalogs stands
out. The lobby, each how-to-play page and a table of each game (a few moves played) are read, and every visible text
must be pseudo-translated or data: numbers, player names, card and dice notation, the languages' own names, the
bots' program names. What escaped is listed."""
import random
import re

import pytest
from e2e_helpers import (
    SHORT,
    choose_for,
    create_table,
    free_port,
    play_one,
    start_server,
    stop_server,
    take_seat,
    wait_live,
    wait_turn_or_over,
)

import gamenight
from gamenight import i18n

SEEDS = {"yaniv": 31, "gin_rummy": 32, "thunee": 33, "yessir": 34}
NAME = "Zoë"
MOVES = 12

# every text node a person can see (unfolded, with each list's choices and the tab's title); pictures (svg: a card's
# corner, a die's face) are drawn notation, code and kbd are table codes and key names
VISIBLE_TEXTS = """() => {
  for (const box of document.querySelectorAll('details')) box.open = true;   // what a person may unfold is read too
  const SKIP = 'script, style, svg, code, kbd, [hidden]';
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(SKIP) || !node.textContent.trim()) continue;
    if (parent.tagName === 'OPTION' || parent.checkVisibility()) texts.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll('input[placeholder]')) {
    if (el.checkVisibility()) texts.push(el.placeholder);
  }
  return texts;
}"""

# words that are data in every language: the languages' own names, the brand, YESSIR! (its title everywhere),
# the bots' program names, a player's name
CARD = re.compile(r"[TJQKA][shdc]|Jk")   # a card in notation ("Kd"; the digits of "8h" are not a word)
DATA_WORDS = {*i18n.LANGUAGES.values(), "gamenight", "YESSIR", "random", "heuristic", "simple", "strong", "expert",
              NAME}

@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("e2e-qps") / "qps.db"
    process, base = start_server(db, free_port(), "--pseudo-locale")
    yield base
    stop_server(process)


def escaped_words(text: str) -> list[str]:
    """The words left outside the pseudo-translated parts that are not data (a single letter is notation: a rank,
    a team)."""
    return [w for w in re.findall(r"[^\W\d_]+", i18n.outside_pseudo(text)) if len(w) > 1 and w not in DATA_WORDS
            and not CARD.fullmatch(w)]


def escaped(page) -> list[str]:
    return sorted({text for text in page.evaluate(VISIBLE_TEXTS) if escaped_words(text)})


def check(found: list[str], where: str) -> None:
    """No text on ``where`` escaped the catalogs: neither the pages' own nor the server's (the games' titles,
    presets and options, the rules of a table, the engine's refusals and descriptions of hands)."""
    assert found == [], f"texts that escaped the catalogs on {where}:\n" + "\n".join(found)


def test_outside_pseudo_keeps_only_what_no_catalog_translated():
    assert i18n.outside_pseudo("⟦⟦ýóúr téám⟧ wóñ⟧ · 12 Ann") == "  · 12 Ann"
    assert escaped_words("⟦Séát {n}⟧ Medium · Q♥ 10♠ A") == ["Medium"]
    assert escaped_words(f"{NAME} (日本語) · 7") == []


def test_the_lobby_in_the_pseudo_language(pseudo_server, pages):
    page = pages.open("lobby")
    page.goto(f"{pseudo_server}/?lang=qps")
    page.wait_for_selector('[data-game-tile="yaniv"]')
    assert page.evaluate("() => document.documentElement.lang") == "qps"
    assert page.locator('#lang-picker option[value="qps"]').count() == 0      # never offered
    pages.shot(page, "lobby-qps")
    check(escaped(page), "the lobby")


@pytest.mark.parametrize("game", ["", *gamenight.games()])
def test_the_how_to_play_pages_in_the_pseudo_language(pseudo_server, pages, game):
    page = pages.open("rules")
    page.goto(f"{pseudo_server}/rules/{game}?lang=qps")
    page.wait_for_selector("body[data-ready='true']")
    assert page.inner_text("#rules-error") == "", "the guide did not load"
    pages.shot(page, f"rules-{game or 'list'}-qps")
    check(escaped(page), f"/rules/{game}")


@pytest.mark.parametrize("game", gamenight.games())
def test_a_table_of_each_game_in_the_pseudo_language(pseudo_server, pages, game):
    players = SHORT[game]["players"]
    table_id = create_table(pseudo_server, game, [None] + ["heuristic"] * (players - 1), seed=SEEDS[game])
    page = pages.open("qps")
    page.goto(f"{pseudo_server}/table/{table_id}?lang=qps")
    wait_live(page)
    page.fill("#player-name", NAME)
    take_seat(page, 0)
    found = escaped(page)
    rng, choose = random.Random(f"qps-{game}"), choose_for(game)
    for _ in range(MOVES):
        if not wait_turn_or_over(page):
            break
        play_one(page, choose, rng)
        found += escaped(page)
    pages.shot(page, "table-qps")
    check(sorted(set(found)), f"a table of {game}")
