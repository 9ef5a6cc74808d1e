"""How to play, in Chromium: each game's page in English, Japanese and French draws its guide with the table's own
card and dice images (as many as the guide's pictures hold), its worked examples show the engine's figures, and in
Japanese and French no English text of the catalogs escapes. Screenshots of each game's page at desktop and phone
widths in each language go to test-artifacts/note-14/. The lobby's tiles and every table link to the pages."""
import re
from pathlib import Path

import pytest
from e2e_helpers import api, create_table, wait_live
from test_e2e_languages import english_patterns, escaped

import gamenight

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "note-14"
WIDTHS = (1280, 360)
READY = "body[data-ready='true']"


def pictures(blocks):
    """Every picture of these blocks, the examples' included, in the order the page draws them."""
    for block in blocks:
        if block["kind"] == "picture":
            yield block
        elif block["kind"] == "example":
            yield from pictures(block["steps"])


def drawn_cards(guide) -> list[str]:
    return [code for section in guide["sections"] for picture in pictures(section["blocks"])
            for group in picture["cards"] for code in group]


def drawn_dice(guide) -> int:
    return sum(len(p["dice"]) + (p["luck"] is not None) for s in guide["sections"] for p in pictures(s["blocks"]))


def open_guide(pages, server, game, lang, width):
    page = pages.open(f"{lang}-{width}")
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{server}/rules/{game}?lang={lang}")
    page.wait_for_selector(READY)
    assert page.inner_text("#rules-error") == "", f"the guide of {game} did not load"
    return page


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
@pytest.mark.parametrize("game", gamenight.games())
def test_each_games_page_draws_its_guide_with_the_tables_images(server, pages, game, lang):
    answer = api(server, f"/api/games/{game}/guide")
    guide = answer["guide"]
    for width in WIDTHS:
        page = open_guide(pages, server, game, lang, width)
        assert page.evaluate("() => document.documentElement.lang") == lang
        cards = page.eval_on_selector_all("#guide svg.card[data-card]", "cs => cs.map(c => c.dataset.card)")
        assert cards == drawn_cards(guide)
        assert page.locator("#guide svg.gn-die").count() == drawn_dice(guide)
        headings = page.eval_on_selector_all("#guide h2", "hs => hs.map(h => h.textContent)")
        contents = page.eval_on_selector_all("#contents a", "as => as.map(a => a.textContent)")
        assert contents == headings and len(headings) == len(guide["sections"])
        assert page.title() != "" and page.inner_text("#rules-title") in page.title()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"rules-{game}-{lang}-{width}.png"), full_page=True)
        if lang != "en":
            assert escaped(page, english_patterns(lang)) == []


@pytest.mark.parametrize("game", gamenight.games())
def test_the_worked_examples_show_the_engines_numbers(server, pages, game):
    engine = [example.numbers for example in gamenight.make(game).guide().examples()]
    assert engine, f"the guide of {game} has no worked example"
    answer = api(server, f"/api/games/{game}/guide")
    served = [b["numbers"] for s in answer["guide"]["sections"] for b in s["blocks"] if b["kind"] == "example"]
    assert served == engine
    page = open_guide(pages, server, game, "fr", 1280)
    for index, numbers in enumerate(engine):
        shown = page.inner_text(f'.guide-example[data-example="{index}"]')
        for name, value in numbers.items():
            assert re.search(rf"(?<![\d.,]){re.escape(str(value))}(?![\d])", shown), \
                f"example {index} of {game} does not show {name} = {value}:\n{shown}"


def test_the_lobby_and_a_table_link_to_the_how_to_play_pages(server, pages):
    lobby = pages.open("lobby")
    lobby.goto(f"{server}/?lang=ja")
    link = lobby.locator('a[data-rules-link="thunee"]')
    assert link.inner_text() == "遊び方"
    link.click()
    lobby.wait_for_selector(READY)
    assert lobby.url.endswith("/rules/thunee") and lobby.inner_text("#rules-error") == ""

    table_id = create_table(server, "gin_rummy", [None, "heuristic"], seed=41, players=2, preset="japanese",
                            options={"knock_limit": 7})
    table = pages.open("table")
    table.goto(f"{server}/table/{table_id}?lang=fr")
    wait_live(table)
    how = table.locator("#how-to-play")
    assert how.get_attribute("target") == "_blank"
    assert how.get_attribute("href") == f"/rules/gin_rummy?table={table_id}"
    with table.context.expect_page() as opened:
        how.click()
    rules = opened.value
    rules.wait_for_selector(READY)
    assert rules.inner_text("#rules-error") == ""
    assert rules.inner_text("#rules-for-table") == f"Les règles de la table {table_id}, pour 2 joueurs."


def test_the_list_of_games_and_an_unknown_game(server, pages):
    pages.allow("404")
    page = pages.open("list")
    page.goto(f"{server}/rules?lang=fr")
    page.wait_for_selector(READY)
    links = page.eval_on_selector_all("#games a[data-rules-game]", "as => as.map(a => a.dataset.rulesGame)")
    assert links == gamenight.games()
    page.goto(f"{server}/rules/chess?lang=fr")
    page.wait_for_selector(READY)
    assert "chess" in page.inner_text("#rules-error") and page.locator("#games a").count() == len(links)
