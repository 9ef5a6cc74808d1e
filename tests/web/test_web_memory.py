"""Finished tables leave memory: kept while watched and for ``keep_finished`` after they finished, then put away
(still in the database) and loaded again on demand; a start-up loads only the tables still in play; an old
database file (no ``finished`` column) is migrated; ``GET /api/tables`` lists live tables first, at most 200."""
import json
import random
import sqlite3

import pytest
from starlette.testclient import TestClient
from web_helpers import create, create_hosted, join, not_who_is_connected, play_http, ws_connect

import gamenight
from gamenight.web import TableManager, create_app, open_storage
from gamenight.web import manager as manager_module
from gamenight.web import table as table_module
from gamenight.web.errors import TableGone

BOTS_ONLY = {"game": "yessir", "players": 3, "options": {"rounds_to_win": 1}, "seats": ["random"] * 3}


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


def finished_table(manager):
    table = manager.create(**BOTS_ONLY)
    assert table.state.is_over
    return table


def live_table(manager):
    table = manager.create("yaniv", players=3, options={"single_round": True}, seats=[None, "random", "random"])
    assert not table.state.is_over
    return table


def spy_on_replays(monkeypatch) -> list:
    """The ids of the tables whose stored record is replayed (a Table built) from now on."""
    replayed = []
    original = table_module.Table.__init__

    def spy(self, stored, *args, **kwargs):
        replayed.append(stored.table_id)
        original(self, stored, *args, **kwargs)
    monkeypatch.setattr(table_module.Table, "__init__", spy)
    return replayed


def everything_about(client, table_id, token):
    """What the HTTP API says about a finished table: summary, states, record, every step of the history."""
    out = {"summary": client.get(f"/api/tables/{table_id}").json(),
           "record": client.get(f"/api/tables/{table_id}/record").json(),
           "state": client.get(f"/api/tables/{table_id}/state").json(),
           "mine": client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()}
    steps = out["summary"]["actions"]
    out["history"] = [client.get(f"/api/tables/{table_id}/history", params={"step": step},
                                 headers=({"X-Seat-Token": token} if step % 2 else {})).json()
                      for step in range(0, steps + 1, max(1, steps // 12))] + \
                     [client.get(f"/api/tables/{table_id}/history", params={"step": steps}).json()]
    return out


def test_a_finished_table_leaves_memory_after_the_keep_time_and_is_served_again_from_storage(any_db_url):
    clock = Clock()
    manager = TableManager(open_storage(any_db_url), test_seed=0, keep_finished=60, clock=clock)
    with TestClient(create_app(manager=manager)) as client:
        table_id = create(client, "yaniv", [None, "random", "random"], players=3, options={"single_round": True})
        token = join(client, table_id, 0, "Ann")
        assert play_http(client, table_id, {0: token}, random.Random(3))["table"]["is_over"]
        before = everything_about(client, table_id, token)
        assert before["summary"]["is_over"] and before["mine"]["seat"] == 0
        assert before["history"][-1]["view"] == before["state"]["view"]

        clock.advance(59)
        assert manager.sweep() == 0 and table_id in manager.tables
        clock.advance(2)
        assert manager.sweep() == 1 and table_id not in manager.tables
        assert table_id not in [t["table_id"] for t in client.get("/api/tables").json()]
        assert manager.storage.load_table(table_id).actions == [str(a) for a in gamenight.replay(
            before["record"]).history]                                       # still in the database

        # every route loads it again, and it is the same table
        assert everything_about(client, table_id, token) == before
        assert table_id in manager.tables
        with ws_connect(client, table_id, token) as ws:
            assert not_who_is_connected(ws.receive_json()) == not_who_is_connected(before["mine"])
        # kept again for the keep time from when it was loaded
        clock.advance(59)
        assert manager.sweep() == 0
        clock.advance(2)
        assert manager.sweep() == 1 and table_id not in manager.tables
        with ws_connect(client, table_id) as ws:
            assert ws.receive_json() == before["state"]
        # the seats of a finished match are its record of who played: nobody changes them, put away or not
        clock.advance(61)
        manager.sweep()
        r = client.post(f"/api/tables/{table_id}/leave", json={"token": token})
        assert r.status_code == 409 and "match is over" in r.json()["error"]
        assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Ann"

        # unknown ids stay unknown everywhere
        for path in ("", "/state", "/record", "/history?step=0"):
            assert client.get(f"/api/tables/nope{path}").status_code == 404, path
        assert client.get("/api/tables/" + "x" * 100).status_code == 404
        assert client.post("/api/tables/nope/join", json={"seat": 0}).status_code == 404
        with client.websocket_connect("/ws/tables/nope") as ws:
            assert ws.receive_json()["status"] == 404
            assert ws.receive()["code"] == 4404


def test_a_finished_table_stays_while_watched_and_goes_when_the_last_watcher_leaves(any_db_url):
    clock = Clock()
    manager = TableManager(open_storage(any_db_url), test_seed=0, keep_finished=0, clock=clock)
    table = live_table(manager)
    token = table.join(0)
    first = table.listen(None, lambda message: None)
    second = table.listen(token, lambda message: None)
    while not table.state.is_over:
        table.act(token, str(table.state.legal_actions()[0]), version=len(table.state.history))
    assert manager.sweep() == 0 and table.table_id in manager.tables          # watched
    table.unlisten(first)
    assert table.table_id in manager.tables
    table.unlisten(second)                                                    # nobody watches: it goes at once
    assert table.table_id not in manager.tables and table.dropped
    # an object still held elsewhere refuses every call; the manager gives a fresh copy that answers
    with pytest.raises(TableGone):
        table.leave(token)
    with pytest.raises(TableGone):
        table.listen(None, lambda message: None)
    fresh = manager.get(table.table_id)
    assert fresh is not table and fresh.state.to_json() == table.state.to_json()
    assert fresh.seat_of(token) == 0 and fresh.listen(token, lambda message: None) is not None


def test_a_live_table_is_never_put_away(any_db_url):
    clock = Clock()
    manager = TableManager(open_storage(any_db_url), test_seed=0, keep_finished=0, clock=clock)
    table = live_table(manager)
    clock.advance(10 ** 6)
    assert manager.sweep() == 0 and manager.get(table.table_id) is table


def test_start_up_loads_only_the_tables_in_play(any_db_url, monkeypatch):
    first = TableManager(open_storage(any_db_url), test_seed=0)
    finished = [finished_table(first).table_id for _ in range(3)]
    live = [live_table(first).table_id for _ in range(2)]
    person = first.create("gin_rummy", players=2, options={"single_hand": True}, seats=[None, "random"])
    token = person.join(0)
    while not person.state.is_over:                                           # finished by a person's action
        person.act(token, str(person.state.legal_actions()[0]), version=len(person.state.history))
    finished.append(person.table_id)
    storage = open_storage(any_db_url)
    assert sorted(t.table_id for t in storage.load_tables(finished=True)) == sorted(finished)
    assert sorted(t.table_id for t in storage.load_tables(finished=False)) == sorted(live)
    assert len(storage.load_tables()) == 6

    replayed = spy_on_replays(monkeypatch)
    if first.coordinator is not None:
        first.close()   # a shared database: the first server stops, and gives its tables up to the next
    second = TableManager(storage, test_seed=0)
    assert sorted(replayed) == sorted(live) and sorted(second.tables) == sorted(live)
    for table_id in finished:                                                 # on demand, the same tables
        assert second.get(table_id).summary() == first.get(table_id).summary()
        assert second.get(table_id).record() == first.get(table_id).record()


def _old_schema_file(path):
    """A database written before tables recorded whether they were finished."""
    game = gamenight.make("yessir", players=3, rounds_to_win=1)
    over = game.new(seed=11)
    rng = random.Random(11)
    while not over.is_over:
        over.apply(rng.choice(over.legal_actions()))
    in_play = game.new(seed=12)
    for _ in range(3):
        in_play.apply(in_play.legal_actions()[0])
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE tables (table_id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
                             rules TEXT NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(table_id), number INTEGER NOT NULL,
                              action TEXT NOT NULL, PRIMARY KEY (table_id, number));
    """)
    seats = json.dumps([{"kind": "open"}] * 3)
    for table_id, seed, state, created in (("over", 11, over, 1.0), ("inplay", 12, in_play, 2.0)):
        conn.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (table_id, "yessir", 3, json.dumps(game.rules.to_dict()), seed, seats, created))
        conn.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                         [(table_id, i + 1, str(a)) for i, a in enumerate(state.history)])
    conn.commit()
    conn.close()
    return over, in_play


def test_an_old_database_file_is_migrated_and_its_finished_tables_recognised(tmp_path, monkeypatch):
    path = tmp_path / "old.db"
    over, in_play = _old_schema_file(path)
    manager = TableManager(open_storage(f"sqlite:///{path}"), test_seed=0)
    assert sorted(manager.tables) == ["inplay"]                       # the finished one was replayed once, not kept
    assert manager.get("inplay").state.to_json() == in_play.to_json()
    rows = dict(sqlite3.connect(path).execute("SELECT table_id, finished FROM tables"))
    assert rows["over"] == 1 and rows["inplay"] != 1
    assert manager.get("over").record() == over.record()                # served on demand
    new = live_table(manager)                                           # the old file takes new tables
    # the next start-up does not replay the finished table again
    replayed = spy_on_replays(monkeypatch)
    again = TableManager(open_storage(f"sqlite:///{path}"), test_seed=0)
    assert sorted(replayed) == sorted(["inplay", new.table_id]) == sorted(again.tables)
    # opening it once more changes nothing (the migration runs once)
    assert [r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(tables)")].count("finished") == 1


def test_the_listing_shows_live_tables_first_then_finished_ones_newest_first(any_db_url, monkeypatch):
    manager = TableManager(open_storage(any_db_url), test_seed=0)
    made = []
    for i in range(6):
        made.append(finished_table(manager) if i % 2 else live_table(manager))
    listed = [t["table_id"] for t in manager.list()]
    live = [t.table_id for t in made if not t.state.is_over]
    over = [t.table_id for t in made if t.state.is_over]
    assert listed == live[::-1] + over[::-1]
    with TestClient(create_app(manager=manager)) as client:
        assert [t["table_id"] for t in client.get("/api/tables").json()] == listed


def test_the_listing_holds_at_most_200_tables(any_db_url):
    manager = TableManager(open_storage(any_db_url), test_seed=0)
    over = finished_table(manager)
    live = [live_table(manager).table_id for _ in range(manager_module.LIST_LIMIT + 5)]
    listed = [t["table_id"] for t in manager.list()]
    assert len(listed) == 200 and listed == live[::-1][:200] and over.table_id not in listed


def test_a_request_holding_a_table_just_put_away_is_served_by_a_fresh_copy(any_db_url, monkeypatch):
    """The race: a request finds the table in memory, the sweep puts it away, then the request changes it."""
    clock = Clock()
    manager = TableManager(open_storage(any_db_url), test_seed=0, keep_finished=0, clock=clock)
    with TestClient(create_app(manager=manager)) as client:
        table_id, host = create_hosted(client, **{**BOTS_ONLY, "seats": [None, "random", "random"]})
        stale = manager.get(table_id)
        assert client.post(f"/api/tables/{table_id}/bot", json={"seat": 0, "bot": "random"},
                           headers={"X-Host-Token": host}).status_code == 200
        assert stale.state.is_over and manager.sweep() == 1 and stale.dropped
        found = []
        real = manager.loaded
        monkeypatch.setattr(manager, "loaded", lambda table_id: found.append(table_id) or (
            stale if len(found) == 1 else real(table_id)))
        # a change asked of the stale copy is answered by a fresh one (which refuses it: the match is over)
        r = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bob"})
        assert r.status_code == 409 and "match is over" in r.json()["error"] and len(found) >= 2
        fresh = manager.get(table_id)
        assert fresh is not stale
        assert manager.storage.load_table(table_id).seats[1] == {"kind": "bot", "bot": "random"}
        assert stale.seats[1] == {"kind": "bot", "bot": "random"}          # the old object took no change
