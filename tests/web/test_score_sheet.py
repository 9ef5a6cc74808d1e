"""The score sheet on the wire: every message carries the match's sheet as the engine keeps it (the same for the
players and the spectators, a row per finished hand), and a history message carries the sheet of its step."""
import json
import random

import pytest
from starlette.testclient import TestClient
from web_helpers import GAMES, join, play_http

import gamenight
from gamenight.web import create_app

MATCHES = {   # two or more hands each, people in every seat
    "yaniv": {"players": 2, "options": {"elimination_limit": 40, "halving_at": "none"}},
    "gin_rummy": {"players": 2, "options": {"game_target": 30}},
    "yessir": {"players": 2, "options": {"rounds_to_win": 2}},
    "thunee": {"players": 2, "options": {"balls_to_win": 2}},
}


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url, test_seed=5)) as c:
        yield c


@pytest.mark.parametrize("game", GAMES)
def test_every_message_carries_the_engines_score_sheet(client, game):
    settings = MATCHES[game]
    r = client.post("/api/tables", json={"game": game, **settings, "seats": [None] * settings["players"], "seed": 9})
    assert r.status_code == 201, r.text
    table_id = r.json()["table_id"]
    tokens = {seat: join(client, table_id, seat) for seat in range(settings["players"])}
    first = client.get(f"/api/tables/{table_id}/state").json()
    assert first["score_sheet"]["rows"] == [] and first["score_sheet"]["columns"]

    last = play_http(client, table_id, tokens, random.Random(game))
    record = client.get(f"/api/tables/{table_id}/record").json()
    replayed = gamenight.replay(record)
    sheet = last["score_sheet"]
    assert sheet == replayed.score_sheet()                        # the engine's, as it is
    assert len(sheet["rows"]) >= 2                                # these matches last two hands or more
    for token in (None, *tokens.values()):                        # the same for everyone
        headers = {"X-Seat-Token": token} if token else {}
        assert client.get(f"/api/tables/{table_id}/state", headers=headers).json()["score_sheet"] == sheet
    json.dumps(sheet)

    steps = len(record["actions"])
    halfway = client.get(f"/api/tables/{table_id}/history", params={"step": steps // 2}).json()
    then = gamenight.make(game, players=record["players"], rules=record["rules"]).new(record["seed"])
    for action in record["actions"][: steps // 2]:
        then.apply(action)
    assert halfway["score_sheet"] == then.score_sheet()
    assert len(halfway["score_sheet"]["rows"]) <= len(sheet["rows"])
