"""Bad input never breaks anything: every malformed request gets a clear 4xx that says what the person did wrong
(never the server's internals), the table is unchanged, and a WebSocket stays usable."""
import json

import pytest
from web_helpers import JSON, create, join, ws_connect

from gamenight.web import storage as storage_module

NESTED = "[" * 1500 + "]" * 1500          # valid JSON, under 4 KB, deeper than Python's recursion limit


def test_history_step_in_unicode_digits_is_a_clear_error(client):
    table_id = create(client, "yaniv", [None, "random"], players=2)
    for step in ("²", "١", "½", "-1", "1e3", " 1"):
        r = client.get(f"/api/tables/{table_id}/history", params={"step": step})
        assert r.status_code == 400, (step, r.status_code)
        assert "step must be a whole number" in r.json()["error"]


def test_deeply_nested_json_bodies_are_a_clear_error(client):
    table_id = create(client, "yaniv", [None, "random"], players=2)
    for path in ("/api/tables", f"/api/tables/{table_id}/join", f"/api/tables/{table_id}/actions"):
        r = client.post(path, content=('{"game": ' + NESTED + "}").encode(), headers=JSON)
        assert r.status_code == 400, (path, r.status_code)
        assert "nested too deeply" in r.json()["error"]


def test_a_deeply_nested_websocket_frame_is_refused_and_the_connection_stays_usable(client):
    table_id = create(client, "yaniv", [None, "random"], players=2)
    token = join(client, table_id, 0)
    with ws_connect(client, table_id, token) as ws:
        ws.receive_json()
        ws.send_text('{"type": "action", "action": ' + NESTED + "}")
        error = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 400 and "nested too deeply" in error["error"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize("options, words", [
    ({"players": 3}, "players"),
    ({"rules": "common"}, "rules"),
    ({"preset": "common"}, "preset"),
])
def test_options_that_are_not_rule_options_are_named_not_internals(client, options, words):
    r = client.post("/api/tables", json={"game": "yaniv", "players": 2, "seats": [None, None], "options": options})
    assert r.status_code == 400
    error = r.json()["error"]
    assert words in error and "keyword argument" not in error and "make()" not in error, error


def test_a_seat_given_as_text_is_named_as_such(client):
    table_id = create(client, "yaniv", [None, "random"], players=2)
    token = join(client, table_id, 0)
    state = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    r = client.post(f"/api/tables/{table_id}/actions",
                    json={"token": token, "action": state["legal_actions"][0], "seat": "0", "version": 0})
    assert r.status_code == 400
    assert r.json()["error"] == "seat must be a whole number 0..1, not '0'"


def test_storage_failures_say_what_happened_without_database_text(client, monkeypatch):
    table_id = create(client, "yaniv", [None, "random"], players=2)
    token = join(client, table_id, 0)
    state = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()

    def broken(self, *args, **kwargs):
        raise storage_module.StorageError("SQL logic error near \"INSERT INTO actions\": database is locked")
    monkeypatch.setattr(storage_module.SQLiteStorage, "append_action", broken)
    monkeypatch.setattr(storage_module.SQLiteStorage, "save_seats", broken)
    r = client.post(f"/api/tables/{table_id}/actions",
                    json={"token": token, "action": state["legal_actions"][0], "version": state["version"]})
    assert r.status_code == 503
    assert "SQL" not in r.json()["error"] and "INSERT" not in r.json()["error"]
    assert "not played" in r.json()["error"]
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert r.status_code in (403, 503) and "SQL" not in r.json()["error"]
    monkeypatch.undo()
    again = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    assert again["version"] == state["version"]


@pytest.mark.parametrize("name, words", [
    ("Ann\x00", "control characters"),
    ("Ann\nBob", "control characters"),
    ("Ann\tBob", "control characters"),
    ("\u202eAnn", "direction"),
    ("Ann\u2066", "direction"),
    ("\u200b\u200b", "visible"),
    ("\u3164", "visible"),
    ("Bot 2", "bot"),
    ("bot1", "bot"),
    ("x" * 41, "40 characters"),
])
def test_names_that_mislead_or_break_the_page_are_refused(client, name, words):
    table_id = create(client, "yaniv", [None, None], players=2)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": name})
    assert r.status_code == 400, (name, r.text)
    assert words in r.json()["error"], r.json()["error"]
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["kind"] == "open"


def test_a_name_of_spaces_is_no_name(client):
    table_id = create(client, "yaniv", [None, None], players=2)
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "   "}).status_code == 200
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Player 1"


@pytest.mark.parametrize("name", ["Zoë", "山田 花子", "Jean-Luc", "Ахмед", "محمد", "x" * 40, "Robot Rita"])
def test_real_names_are_welcome(client, name):
    table_id = create(client, "yaniv", [None, None], players=2)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": name})
    assert r.status_code == 200, r.text
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == name
