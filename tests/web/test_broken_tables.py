"""One stored table whose record does not replay (a bug, or a file from an incompatible version) never stops the
server: start-up logs it, lists it as broken and refuses it clearly; every other table is served as always."""
import logging

from pg_cluster import run_sql
from starlette.testclient import TestClient
from web_helpers import create, join, manual_manager, steady

from gamenight.web import create_app, open_storage


def test_a_table_that_does_not_replay_is_listed_as_broken_and_the_others_are_served(any_db_url, caplog):
    with TestClient(create_app(any_db_url, test_seed=0)) as client:
        good = create(client, "yaniv", [None, "random"], players=2)
        token = join(client, good, 0, "Ann")
        bad = create(client, "gin_rummy", [None, "random"])
        before = client.get(f"/api/tables/{good}/state", headers={"X-Seat-Token": token}).json()
    storage = open_storage(any_db_url)
    storage.append_action(bad, 10 ** 6, "not a move")     # what no engine can replay
    storage.close()
    with caplog.at_level(logging.ERROR, logger="gamenight.web"):
        with TestClient(create_app(any_db_url, test_seed=0)) as client:
            again = client.get(f"/api/tables/{good}/state", headers={"X-Seat-Token": token}).json()
            assert steady(again) == steady(before)   # (a restart gives the person to move a whole away time)
            listed = {t["table_id"]: t for t in client.get("/api/tables").json()}
            assert listed[bad] == {"table_id": bad, "game": "gin_rummy", "created": listed[bad]["created"],
                                   "broken": True}
            r = client.get(f"/api/tables/{bad}")
            assert r.status_code == 500 and "could not replay its record" in r.json()["error"]
            with client.websocket_connect(f"/ws/tables/{bad}") as ws:
                assert ws.receive_json()["status"] == 500
            assert client.post(f"/api/tables/{bad}/join", json={"seat": 0}).status_code == 500
    assert any(bad in record.getMessage() and "does not replay" in record.getMessage() for record in caplog.records)


def test_a_finished_table_that_does_not_replay_when_asked_for_is_refused_the_same_way(any_db_url):
    manager, _ = manual_manager(any_db_url)
    table = manager.create("yessir", players=3, seats=["random"] * 3, options={"rounds_to_win": 1})
    assert table.state.is_over
    manager.storage.append_action(table.table_id, 10 ** 6, "not a move")
    again, _ = manual_manager(any_db_url)                       # start-up does not load finished tables
    assert again.list() == []
    try:
        again.get(table.table_id)
    except Exception as e:
        assert getattr(e, "status", None) == 500 and "could not replay" in str(e)
    else:
        raise AssertionError("a table that does not replay was served")
    assert again.list()[0]["broken"] is True


def test_a_table_stored_in_a_record_format_this_server_does_not_replay_is_broken_not_replayed(any_db_url):
    manager, _ = manual_manager(any_db_url)
    table = manager.create("yaniv", players=2, seats=[None, "random"])
    other = manager.create("yaniv", players=2, seats=[None, "random"])
    manager.close()
    run_sql(any_db_url, "UPDATE tables SET format = 2 WHERE table_id = ?", (table.table_id,))
    run_sql(any_db_url, "UPDATE tables SET format = NULL WHERE table_id = ?", (other.table_id,))   # an older file
    again, _ = manual_manager(any_db_url)
    assert table.table_id in again.broken and again.get(other.table_id).seats == other.seats
