"""How to play, over HTTP: the pages /rules and /rules/<game> in each language, the guide as JSON
(/api/games/<game>/guide, for the default rules, a preset and players, or a table's rules), and clear refusals
for an unknown game, preset, number of players or table, and for a game whose guide is not written yet.

The guides themselves are the games' (``<game>/guide.py``); here each game's ``guide`` is replaced by a small one
that says which rules it was made for, so these tests check the page and the API alone."""
import re

import pytest

import gamenight
from gamenight import i18n
from gamenight.core.guide import Example, Guide, Picture, Section
from gamenight.core.registry import game_class
from gamenight.core.text import Text


def small_guide(game) -> Guide:
    """A guide that shows the rules it was made for (players, preset, and Yaniv's limit when there is one)."""
    limit = getattr(game.rules, "yaniv_limit", 0)
    goal = Section(Text("The goal"), (Text("{n} players", n=game.num_players),
                                      Text("rules: {preset}", preset=game.rules.preset),
                                      Picture(cards=(("Qh", "Ks"), ("Jk",)), caption=Text("a pair"))))
    scoring = Section(Text("Scoring"), (Example(Text("A hand"), (Text("{limit} or less", limit=limit),
                                                                 Picture(dice=(3, 5), luck=4)), {"limit": limit}),))
    return Guide(Text("How to play {game}", game=game.title), (goal, scoring))


@pytest.fixture
def guides(monkeypatch):
    for name in gamenight.games():
        monkeypatch.setattr(game_class(name), "guide", small_guide)


def refused(r, status: int, words: str) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert words in body["error"], body
    assert body["text"]["text"], "the refusal carries a text the page translates"


def test_the_guide_is_served_as_json_for_the_games_default_rules(client, guides):
    for name in gamenight.games():
        r = client.get(f"/api/games/{name}/guide")
        assert r.status_code == 200, r.text
        game = gamenight.make(name)
        assert r.json() == {"game": name, "title": game.title, "players": game.num_players,
                            "preset": game.RULES.DEFAULT_PRESET, "table": None, "guide": small_guide(game).to_json()}


def test_the_guide_follows_the_preset_and_players_asked_for(client, guides):
    r = client.get("/api/games/yaniv/guide?preset=japanese&players=3")
    assert r.status_code == 200, r.text
    assert r.json()["guide"] == small_guide(gamenight.make("yaniv", players=3, rules="japanese")).to_json()
    assert (r.json()["players"], r.json()["preset"]) == (3, "japanese")


def test_the_guide_of_a_table_follows_that_tables_rules(client, guides):
    table = client.post("/api/tables", json={"game": "yaniv", "players": 3, "preset": "common",
                                             "options": {"yaniv_limit": 7}, "seats": [None, "random", "random"]})
    table_id = table.json()["table_id"]
    r = client.get(f"/api/games/yaniv/guide?table={table_id}")
    assert r.status_code == 200, r.text
    answer = r.json()
    assert (answer["players"], answer["preset"], answer["table"]) == (3, "common", table_id)
    example = answer["guide"]["sections"][1]["blocks"][0]
    assert example["numbers"] == {"limit": 7} and example["steps"][0]["text"]["values"] == {"limit": 7}


def test_an_unknown_game_preset_players_or_table_is_refused_clearly(client, guides):
    refused(client.get("/api/games/chess/guide"), 404, "there is no game called chess")
    refused(client.get("/api/games/yaniv/guide?preset=nope"), 400, "unknown preset 'nope'")
    refused(client.get("/api/games/yaniv/guide?players=many"), 400, "must be a whole number, not many")
    refused(client.get("/api/games/yaniv/guide?players=99"), 400, "not 99")
    refused(client.get("/api/games/yaniv/guide?table=nosuchtable"), 404, "there is no table nosuchtable")
    table_id = client.post("/api/tables", json={"game": "gin_rummy", "seats": [None, "random"]}).json()["table_id"]
    refused(client.get(f"/api/games/yaniv/guide?table={table_id}"), 400, f"table {table_id} plays Gin Rummy")


def test_a_game_without_a_guide_yet_is_answered_clearly(client, monkeypatch):
    def not_yet(game):
        raise NotImplementedError(f"{game.title} has no guide yet")
    monkeypatch.setattr(game_class("thunee"), "guide", not_yet)
    r = client.get("/api/games/thunee/guide")
    refused(r, 404, "no guide for Thunee yet")
    assert r.json()["text"] == {"text": "no guide for {game} yet", "values": {"game": "Thunee"}}


def html_lang(text: str) -> str:
    return re.search(r'<html lang="([^"]+)"', text).group(1)


@pytest.mark.parametrize("path", ["/rules", "/rules/yaniv", "/rules/thunee?table=abc"])
@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_the_how_to_play_pages_are_served_in_each_language(client, path, lang):
    r = client.get(path, headers={"Accept-Language": lang})
    assert r.status_code == 200 and html_lang(r.text) == lang and r.headers["content-language"] == lang
    assert "_(" not in r.text
    title = re.search(r"<title>(.*)</title>", r.text).group(1)
    assert title == i18n.translator(lang).gettext("gamenight: how to play")
    assert 'id="lang-picker"' in r.text and 'href="/"' in r.text            # the picker, and back to the lobby
    for script in ("gn.js", "cards.js", "dice.js", "rules.js"):               # the table's own card and dice images
        assert f'src="/static/{script}"' in r.text
    assert f'src="/i18n/{lang}.js?v=' in r.text


def test_the_page_of_an_unknown_game_says_so_with_404(client):
    r = client.get("/rules/chess?lang=fr")
    assert r.status_code == 404 and html_lang(r.text) == "fr"   # the page itself says why (from the API's answer)


def test_the_lobby_and_the_table_link_to_the_how_to_play_pages(client):
    lobby = client.get("/static/lobby.js").text
    table = client.get("/static/table.js").text
    assert "/rules/" in lobby and 'GN.t("How to play")' in lobby
    assert "/rules/" in table and 'GN.t("How to play {game}"' in table
