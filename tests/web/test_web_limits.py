"""Abuse limits: table creations per client address per minute (429 with Retry-After), live tables in all (503),
WebSockets per client address (an error message, then close code 4429). A refused request changes nothing.
Every TestClient request comes from the one address "testclient"."""
import pytest
from starlette.testclient import TestClient
from web_helpers import create, create_hosted, join, ws_connect

from gamenight.web import TableManager, create_app, open_storage

OPEN = {"game": "yaniv", "players": 3, "options": {"single_round": True}, "seats": [None, "random", "random"]}


class Clock:
    def __init__(self):
        self.now = 500.0

    def __call__(self):
        return self.now


def stored_ids(client):
    return sorted(t.table_id for t in client.app.state.manager.storage.load_tables())


def test_table_creations_per_address_are_limited_per_sliding_minute(db_url):
    clock = Clock()
    with TestClient(create_app(db_url, test_seed=0, max_creates_per_minute=2, clock=clock)) as client:
        # refused requests (bad input) do not count
        assert client.post("/api/tables", json={"game": "chess"}).status_code == 400
        create(client, **OPEN)
        clock.now += 15
        create(client, **OPEN)
        before = stored_ids(client)
        clock.now += 10
        r = client.post("/api/tables", json=OPEN)
        assert r.status_code == 429
        assert r.json() == {"error": "too many tables created from your address; try again in 35 s"}
        assert r.headers["retry-after"] == "35"
        assert stored_ids(client) == before and len(client.app.state.manager.tables) == 2
        # a minute after the first creation, one more may come; then again not
        clock.now += 35
        create(client, **OPEN)
        r = client.post("/api/tables", json=OPEN)
        assert r.status_code == 429 and r.headers["retry-after"] == "15"
        clock.now += 15
        create(client, **OPEN)
        assert len(stored_ids(client)) == 4
    # another address has its own count
    manager = client.app.state.manager
    manager.create(**OPEN, client="10.0.0.1")
    manager.create(**OPEN, client="10.0.0.1")
    with pytest.raises(Exception, match="too many tables"):
        manager.create(**OPEN, client="10.0.0.1")
    manager.create(**OPEN, client="10.0.0.2")
    clock.now += 60
    assert manager.sweep() == 0 and manager.limits.counted() == {}        # old creation times are forgotten


def test_live_tables_are_limited_in_all(db_url):
    with TestClient(create_app(db_url, test_seed=0, max_tables=2)) as client:
        first, host = create_hosted(client, **OPEN)
        create(client, **OPEN)
        before = stored_ids(client)
        for body in (OPEN, {"game": "yessir", "players": 3, "seats": ["random"] * 3}):
            r = client.post("/api/tables", json=body)
            assert r.status_code == 503 and "2 tables in play" in r.json()["error"]
        assert stored_ids(client) == before and len(client.app.state.manager.tables) == 2
        # a finished table does not count: when the first one ends, a new one may be made
        assert client.post(f"/api/tables/{first}/bot", json={"seat": 0, "bot": "random"},
                           headers={"X-Host-Token": host}).status_code == 200
        assert client.get(f"/api/tables/{first}").json()["is_over"]
        create(client, **OPEN)
        assert client.app.state.manager.live_count() == 2 and len(client.app.state.manager.tables) == 3


def test_websockets_per_address_are_limited(db_url):
    with TestClient(create_app(db_url, test_seed=0, max_sockets_per_ip=2)) as client:
        table_id = create(client, **OPEN)
        token = join(client, table_id, 0)
        table = client.app.state.manager.get(table_id)
        before = table.state.to_json()
        with ws_connect(client, table_id, token) as mine, \
                ws_connect(client, table_id) as watcher:
            assert mine.receive_json()["seat"] == 0 and watcher.receive_json()["seat"] is None
            with ws_connect(client, table_id, token) as third:
                reply = third.receive_json()
                assert reply["type"] == "error" and reply["status"] == 429 and "too many connections" in reply["error"]
                assert third.receive()["code"] == 4429
            assert len(table.listeners) == 2 and table.state.to_json() == before
            # the two connections still work
            mine.send_json({"type": "ping"})
            assert mine.receive_json() == {"type": "pong"}
        # closed connections (refused ones too) no longer count
        with client.websocket_connect("/ws/tables/nope") as ws:
            assert ws.receive_json()["status"] == 404
        with ws_connect(client, table_id) as a, \
                ws_connect(client, table_id) as b:
            assert a.receive_json()["type"] == b.receive_json()["type"] == "state"
        assert client.app.state.manager.limits.sockets() == {}


@pytest.mark.parametrize("name, bad", [("keep_finished", -1), ("keep_finished", float("inf")), ("keep_finished", "1"),
                                       ("max_tables", 0), ("max_creates_per_minute", 1.5),
                                       ("max_sockets_per_ip", True)])
def test_limits_are_validated(db_url, name, bad):
    with pytest.raises(ValueError, match=name):
        TableManager(open_storage(db_url), test_seed=0, **{name: bad})
