"""The HTTP JSON API: games, tables, seats, state, actions, records, errors."""
import json
import random
import sqlite3

import pytest
from web_helpers import GAMES, JSON, SHORT, create, create_hosted, heuristic_or_random, join, play_http

import gamenight


def test_games_lists_every_game_with_players_presets_options_and_bots(client):
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == gamenight.games()
    for g in games:
        game = gamenight.make(g["name"])
        assert (g["min_players"], g["max_players"]) == (game.MIN_PLAYERS, game.MAX_PLAYERS)
        assert g["default_preset"] in [p["name"] for p in g["presets"]]
        assert g["options"] == game.RULES.describe()
        assert "random" in g["bots"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_to_the_end_over_http_with_bots(client, game):
    n = SHORT[game]["players"]
    bot = heuristic_or_random(game)
    table_id = create(client, game, [None] + [bot] * (n - 1), players=n)
    token = join(client, table_id, 0, "Ann")
    last = play_http(client, table_id, {0: token}, random.Random(1))
    assert last["table"]["is_over"] and last["table"]["current_player"] is None
    record = client.get(f"/api/tables/{table_id}/record").json()
    final = gamenight.replay(record)
    assert final.is_over and final.view(0) == last["view"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_with_default_rules_and_short_options_over_http(client, game):
    """Two people and bots; options and preset pass through to the engine."""
    spec = SHORT[game]
    n = spec["players"]
    preset = gamenight.make(game).RULES.DEFAULT_PRESET
    table_id = create(client, game, [None, None] + ["random"] * (n - 2), players=n, preset=preset,
                      options=spec["options"])
    summary = client.get(f"/api/tables/{table_id}").json()
    for key, value in spec["options"].items():
        assert summary["rules"][key] == value
    table_game = gamenight.make(game, players=n, rules=preset, **spec["options"])
    assert summary["rules_summary"] == [text.to_json() for text in table_game.rules_summary()]
    tokens = {0: join(client, table_id, 0), 1: join(client, table_id, 1)}
    assert play_http(client, table_id, tokens, random.Random(2))["table"]["is_over"]


def test_a_table_of_bots_plays_itself_to_the_end(client):
    table_id = create(client, "yessir", ["random"] * 3, players=3, options={"rounds_to_win": 1})
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["is_over"] and summary["actions"] > 0


def test_spectator_state_is_the_public_view(client):
    table_id = create(client, "yaniv", [None, "random", "random"], players=3)
    message = client.get(f"/api/tables/{table_id}/state").json()
    assert message["seat"] is None and message["legal_actions"] == []
    table = client.app.state.manager.get(table_id)
    assert message["view"] == table.state.view(None)
    assert "seed" not in message["table"] and str(table.stored.seed) not in json.dumps(message)


def test_record_is_refused_until_the_match_is_over(client):
    """The record holds the seed, so every hidden card: it is only given out at the end."""
    table_id = create(client, "yaniv", [None, "random", "random"], players=3)
    r = client.get(f"/api/tables/{table_id}/record")
    assert r.status_code == 403 and "over" in r.json()["error"]


@pytest.mark.parametrize("body, status, words", [
    ({"game": "chess"}, 400, "unknown game"),
    ({"game": "yaniv", "players": 99}, 400, "players"),
    ({"game": "yaniv", "players": "3"}, 400, "players"),
    ({"game": "yaniv", "preset": "nope"}, 400, "unknown preset"),
    ({"game": "yaniv", "options": {"no_such_option": 1}}, 400, "unknown option"),
    ({"game": "yaniv", "options": {"yaniv_limit": "many"}}, 400, "yaniv_limit"),
    ({"game": "yaniv", "options": [1]}, 400, "options"),
    ({"game": "yaniv", "players": 3, "seats": [None]}, 400, "seats"),
    ({"game": "yaniv", "players": 2, "seats": [None, "nobot"]}, 400, "unknown bot"),
])
def test_create_table_refuses_bad_input_clearly(client, body, status, words):
    r = client.post("/api/tables", json=body)
    assert r.status_code == status and words in r.json()["error"]


def test_malformed_and_oversized_bodies_are_refused(client):
    assert client.post("/api/tables", content=b"{not json", headers=JSON).status_code == 400
    assert client.post("/api/tables", content=b"[1, 2]", headers=JSON).status_code == 400
    r = client.post("/api/tables", content=json.dumps({"game": "yaniv", "x": "a" * 5000}).encode(), headers=JSON)
    assert r.status_code == 413
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope/state").json()["error"].startswith("no table")


def test_illegal_action_is_refused_and_the_table_is_unchanged(client):
    table_id = create(client, "yaniv", [None, "random", "random"], players=3)
    token = join(client, table_id, 0)
    table = client.app.state.manager.get(table_id)
    before = table.state.to_json()
    for action in ("take Zz", "", "draw draw", 5, None, "x" * 300):
        r = client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": action, "version": 0})
        assert r.status_code in (400, 422), r.text
        assert r.json()["error"]
    assert table.state.to_json() == before


def test_tokens_bind_seats(client, db_url):
    table_id = create(client, "yaniv", [None, None, "random"], players=3)
    t0, t1 = join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")
    assert t0 != t1 and len(t0) >= 30
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 0}).status_code == 409
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 7}).status_code == 400
    # a bad token gets nothing; the right token gets its own seat's view
    assert client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": "guess"}).status_code == 403
    assert client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": t1}).json()["seat"] == 1
    table = client.app.state.manager.get(table_id)
    assert table.state.current_player == 0
    move = str(table.state.legal_actions()[0])
    before = table.state.to_json()
    # out of turn, for another seat, with no token or a wrong one: refused, table unchanged
    r = client.post(f"/api/tables/{table_id}/actions", json={"token": t1, "action": move, "version": 0})
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    r = client.post(f"/api/tables/{table_id}/actions", json={"token": t1, "action": move, "seat": 0, "version": 0})
    assert r.status_code == 403 and "may not act for seat 0" in r.json()["error"]
    assert client.post(f"/api/tables/{table_id}/actions", json={"action": move, "version": 0}).status_code == 401
    assert client.post(f"/api/tables/{table_id}/actions",
                       json={"token": "x", "action": move, "version": 0}).status_code == 403
    assert table.state.to_json() == before
    # the database keeps no usable token
    path = db_url.removeprefix("sqlite:///")
    dump = "\n".join(sqlite3.connect(path).iterdump())
    assert t0 not in dump and t1 not in dump


def test_bots_give_back_a_seat_and_take_it_again(client):
    # seat 0 is open: the bots wait for a person; the host lets friends take the bots' seats
    table_id, host = create_hosted(client, "yaniv", [None, "random", "random"], players=3,
                                   settings={"bots_may_be_replaced": True})
    assert client.get(f"/api/tables/{table_id}").json()["actions"] == 0
    token = join(client, table_id, 1, "Bob")      # takes the random bot's seat
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1] == {
        "seat": 1, "kind": "person", "name": "Bob", "takeable": False, "connected": False}
    hosted = {"X-Host-Token": host}
    bot = f"/api/tables/{table_id}/bot"
    assert client.post(bot, json={"seat": 1, "bot": "random"}, headers=hosted).status_code == 409
    assert client.post(bot, json={"seat": 0, "bot": "heuristic"}, headers=hosted).status_code == 200
    # seat 0's bot played; now Bob (seat 1) is to move
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["actions"] > 0 and summary["current_player"] == 1
    assert client.post(f"/api/tables/{table_id}/leave", json={"token": token}).status_code == 200
    summary = client.get(f"/api/tables/{table_id}").json()
    # the bot that sat there before keeps the seat open for whoever comes next; but bots alone play on to the end,
    # and once the match is over no seat is takeable
    assert summary["seats"][1] == {"seat": 1, "kind": "bot", "bot": "random", "takeable": False}
    assert summary["is_over"]
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).status_code == 409
    # the old token is worthless now
    r = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token})
    assert r.status_code == 403


def test_the_rules_of_a_table_are_said_in_plain_words(client):
    """'Rules of this table' is the game's summary of its rules (sentences, each a Text the pages translate), not
    the options' keys: a Yaniv table of the common preset at 100 says so."""
    table_id = create(client, "yaniv", [None, "random", "random"], players=3, preset="common",
                      options={"elimination_limit": 100, "halving_at": "50:25,100:50"})
    said = client.get(f"/api/tables/{table_id}").json()["rules_summary"]
    assert [text["text"] for text in said][:4] == ["Yaniv at {limit} or less.", "Out above {limit}.",
                                                   "Asaf costs the caller {penalty}.",
                                                   "A total of exactly {total} goes down to {becomes}."]
    assert said[0]["values"] == {"limit": 7} and said[1]["values"] == {"limit": 100}
    assert not any("_" in text["text"] for text in said)
