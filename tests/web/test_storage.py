"""The storage contract, the same on SQLite and on PostgreSQL: every write its own committed transaction (an action
that ends the match marks its table finished in the same one), a refused write changes nothing and says so
(StorageError), tables read back exactly as stored, the schema is created (or migrated) once however many servers
open the database at the same time, and a seat's token is never stored."""
import sqlite3
import sys
import threading

import pytest
from pg_cluster import free_port, run_sql
from starlette.testclient import TestClient
from web_helpers import create, join

from gamenight.web import create_app, open_storage
from gamenight.web import postgres as postgres_module
from gamenight.web.storage import StorageError, StoredTable, hold_database

# every migration of the PostgreSQL schema, applied once each
ALL_VERSIONS = [(version,) for version in sorted(postgres_module._MIGRATIONS)]


def stored(table_id, created=1000.0, **extra):
    """A table record as the manager makes one (seats hold hashes, never tokens)."""
    return StoredTable(table_id, "yaniv", 3, {"single_round": True}, 2 ** 63 - 1,
                       [{"kind": "person", "token_hash": "ab" * 32, "name": "Ann"}, {"kind": "open"},
                        {"kind": "bot", "bot": "random"}], created, **extra)


@pytest.fixture
def storage(any_db_url):
    storage = open_storage(any_db_url)
    yield storage
    storage.close()


def ids(tables):
    return [t.table_id for t in tables]


def test_a_table_reads_back_exactly_as_stored(storage):
    table = stored("t1", created=1234.5678901234, settings={"has_host": True, "away": 30}, format=1)
    storage.create_table(table)
    storage.append_action("t1", 1, "draw")
    storage.append_action("t1", 2, "discard 4h")
    again = storage.load_table("t1")
    # a storage several servers share counts the table's writes (two actions); one only one server uses, none
    revision = 2 if getattr(storage, "shared", False) else 0
    assert again == StoredTable(**{**vars(table), "actions": ["draw", "discard 4h"], "revision": revision})
    assert storage.load_table("nope") is None
    assert storage.load_since("t1", 1).actions == ["discard 4h"] and storage.load_since("t1", 2).actions == []
    assert storage.load_since("nope", 0) is None


def test_every_write_is_committed_before_it_returns(storage, any_db_url):
    """Another connection sees each write as soon as the call returns."""
    storage.create_table(stored("t1"))
    assert run_sql(any_db_url, "SELECT table_id FROM tables") == [("t1",)]
    storage.append_action("t1", 1, "draw")
    assert run_sql(any_db_url, "SELECT number, action FROM actions") == [(1, "draw")]
    storage.save_seats("t1", [{"kind": "open"}] * 3)
    assert run_sql(any_db_url, "SELECT seats FROM tables") == [('[{"kind": "open"}, {"kind": "open"}, '
                                                                '{"kind": "open"}]',)]


def test_the_action_that_ends_the_match_marks_the_table_finished_with_it(storage):
    storage.create_table(stored("t1"))
    storage.append_action("t1", 1, "draw")
    assert ids(storage.load_tables(finished=False)) == ["t1"] and storage.load_tables(finished=True) == []
    storage.append_action("t1", 2, "yaniv", finished=True)
    assert ids(storage.load_tables(finished=True)) == ["t1"] and storage.load_tables(finished=False) == []
    assert storage.load_tables(finished=True)[0].actions == ["draw", "yaniv"]


def test_a_refused_action_changes_nothing(storage):
    """A second action with the same number is refused, and the ``finished`` it carried did not happen either."""
    storage.create_table(stored("t1"))
    storage.append_action("t1", 1, "draw")
    with pytest.raises(StorageError):
        storage.append_action("t1", 1, "yaniv", finished=True)
    assert storage.load_table("t1").actions == ["draw"]
    assert storage.load_tables(finished=True) == []
    storage.append_action("t1", 2, "discard 4h")          # and the storage carries on
    assert storage.load_table("t1").actions == ["draw", "discard 4h"]


def test_a_table_made_twice_is_refused_and_the_first_one_stands(storage):
    storage.create_table(stored("t1"))
    with pytest.raises(StorageError):
        storage.create_table(stored("t1", created=5.0))
    assert [t.created for t in storage.load_tables()] == [1000.0]


def test_seats_are_saved_with_or_without_the_settings(storage):
    storage.create_table(stored("t1", settings={"has_host": True}))
    seats = [{"kind": "open"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "open"}]
    storage.save_seats("t1", seats)
    again = storage.load_table("t1")
    assert again.seats == seats and again.settings == {"has_host": True}
    storage.save_seats("t1", seats[::-1], {"has_host": False, "rematch": "t2"})
    again = storage.load_table("t1")
    assert again.seats == seats[::-1] and again.settings == {"has_host": False, "rematch": "t2"}


def test_tables_are_listed_by_creation_with_each_finished_filter(storage, any_db_url):
    # made in another order than their creation times; ``unknown`` as a table stored before ``finished`` existed
    for table_id, created in (("c", 3.0), ("a", 1.0), ("d", 4.0), ("b", 2.0), ("unknown", 2.5)):
        storage.create_table(stored(table_id, created=created))
        storage.append_action(table_id, 1, f"first at {table_id}")
    storage.append_action("b", 2, "last", finished=True)
    storage.mark_finished("d")
    run_sql(any_db_url, "UPDATE tables SET finished = NULL WHERE table_id = ?", ("unknown",))
    assert ids(storage.load_tables()) == ["a", "b", "unknown", "c", "d"]
    assert ids(storage.load_tables(finished=None)) == ["a", "b", "unknown", "c", "d"]
    assert ids(storage.load_tables(finished=False)) == ["a", "unknown", "c"]   # unknown: replayed at start-up
    assert ids(storage.load_tables(finished=True)) == ["b", "d"]
    assert {t.table_id: t.actions for t in storage.load_tables()} == {
        "a": ["first at a"], "b": ["first at b", "last"], "c": ["first at c"], "d": ["first at d"],
        "unknown": ["first at unknown"]}
    storage.mark_finished("unknown")
    assert ids(storage.load_tables(finished=False)) == ["a", "c"]


def test_writes_from_many_threads_are_all_kept(storage):
    """The server writes from several threads at once (the event loop, the bots' scheduler, a thread pool)."""
    tables = [f"t{i}" for i in range(6)]
    for table_id in tables:
        storage.create_table(stored(table_id))
    errors = []

    def play(table_id):
        try:
            for number in range(1, 31):
                storage.append_action(table_id, number, f"move {number}", finished=number == 30)
                if number % 10 == 0:
                    storage.save_seats(table_id, [{"kind": "open"}] * 3)
                    storage.load_table(table_id)
        except Exception as e:   # reported by the test below
            errors.append(e)
    threads = [threading.Thread(target=play, args=(table_id,)) for table_id in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert {t.table_id: t.actions for t in storage.load_tables(finished=True)} == {
        table_id: [f"move {n}" for n in range(1, 31)] for table_id in tables}


def test_a_write_after_close_is_refused_clearly(any_db_url):
    storage = open_storage(any_db_url)
    storage.create_table(stored("t1"))
    storage.close()
    # SQLiteStorage lets sqlite3's own error through here ("Cannot operate on a closed database."), not StorageError
    refused = StorageError if any_db_url.startswith("postgresql") else (StorageError, sqlite3.ProgrammingError)
    for write in (lambda: storage.append_action("t1", 1, "draw"), lambda: storage.create_table(stored("t2")),
                  lambda: storage.save_seats("t1", []), lambda: storage.mark_finished("t1")):
        with pytest.raises(refused, match="closed"):
            write()
    assert open_storage(any_db_url).load_table("t1").actions == []      # nothing was written


def test_everything_is_there_when_the_database_is_opened_again(any_db_url):
    first = open_storage(any_db_url)
    first.create_table(stored("t1", settings={"has_host": True}, format=1))
    first.create_table(stored("t2", created=2000.0))
    first.append_action("t1", 1, "draw")
    first.append_action("t2", 1, "yaniv", finished=True)
    before = first.load_tables()
    first.close()
    again = open_storage(any_db_url)
    assert again.load_tables() == before
    assert ids(again.load_tables(finished=True)) == ["t2"]


def test_a_database_opened_twice_works_through_both(any_db_url):
    """A second storage on a database the first one made (a server started again before the old one let go)."""
    first = open_storage(any_db_url)
    second = open_storage(any_db_url)
    first.create_table(stored("t1", created=1.0))
    second.create_table(stored("t2", created=2.0))
    second.append_action("t1", 1, "draw")
    assert ids(first.load_tables()) == ids(second.load_tables()) == ["t1", "t2"]
    assert first.load_table("t1").actions == ["draw"]


def test_servers_opening_one_postgresql_database_at_once_create_the_schema_once(postgres_url):
    """Several storages open the same new database at the same moment (servers starting together): the schema is
    created once (under the advisory lock), each storage works, and sees what the others write. (Only PostgreSQL:
    one SQLite file has one server, ``hold_database``.)"""
    opened, errors = [], []
    start = threading.Barrier(4)

    def open_it():
        start.wait()
        try:
            opened.append(open_storage(postgres_url))
        except Exception as e:   # reported by the test below
            errors.append(e)
    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == [] and len(opened) == 4
    for i, storage in enumerate(opened):
        storage.create_table(stored(f"t{i}", created=float(i)))
    for storage in opened:
        assert ids(storage.load_tables()) == ["t0", "t1", "t2", "t3"]
    assert run_sql(postgres_url, "SELECT version FROM schema_version") == ALL_VERSIONS


OLD_SCHEMA = ["""CREATE TABLE tables (table_id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
                                      rules TEXT NOT NULL, seed BIGINT NOT NULL, seats TEXT NOT NULL,
                                      created DOUBLE PRECISION NOT NULL)""",
              """CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(table_id), number INTEGER NOT NULL,
                                       action TEXT NOT NULL, PRIMARY KEY (table_id, number))"""]


def test_a_database_of_the_first_schema_is_migrated(any_db_url):
    """Tables stored before ``finished``, ``settings`` and ``format`` existed: the columns are added (unknown, none
    and the first format; on PostgreSQL ``revision`` too), once, and the tables read back and take writes."""
    if any_db_url.startswith("sqlite"):
        open(any_db_url.removeprefix("sqlite:///"), "w").close()
    for statement in OLD_SCHEMA:
        run_sql(any_db_url, statement)
    run_sql(any_db_url, "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
            ("old", "yaniv", 3, '{"single_round": true}', 7, '[{"kind": "open"}]', 5.0))
    run_sql(any_db_url, "INSERT INTO actions VALUES (?, ?, ?)", ("old", 1, "draw"))
    storage = open_storage(any_db_url)
    old = storage.load_table("old")
    assert (old.actions, old.settings, old.format, old.rules) == (["draw"], {}, 1, {"single_round": True})
    assert ids(storage.load_tables(finished=False)) == ["old"] and storage.load_tables(finished=True) == []
    storage.append_action("old", 2, "yaniv", finished=True)
    storage.create_table(stored("new", settings={"has_host": True}))
    assert ids(storage.load_tables(finished=True)) == ["old"] and ids(storage.load_tables(finished=False)) == ["new"]
    storage.close()
    again = open_storage(any_db_url)     # opened again: nothing to migrate, everything kept
    assert ids(again.load_tables()) == ["old", "new"] and again.load_table("new").settings == {"has_host": True}
    if any_db_url.startswith("postgresql"):
        assert run_sql(any_db_url, "SELECT version FROM schema_version") == ALL_VERSIONS
        columns = run_sql(any_db_url, "SELECT column_name FROM information_schema.columns "
                          "WHERE table_schema = current_schema() AND table_name = ?", ("tables",))
        assert sorted(c for (c,) in columns) == sorted(["table_id", "game", "players", "rules", "seed", "seats",
                                                        "created", "finished", "settings", "format", "revision"])


def test_a_database_a_newer_gamenight_migrated_is_refused(postgres_url):
    open_storage(postgres_url).close()
    run_sql(postgres_url, "INSERT INTO schema_version (version) VALUES (?)", (99,))
    with pytest.raises(StorageError, match="schema is version 99, newer than this gamenight's"):
        open_storage(postgres_url)


def test_the_database_keeps_no_seat_token(any_db_url):
    with TestClient(create_app(any_db_url, test_seed=0)) as client:
        table_id = create(client, "yaniv", [None, None, "random"], players=3)
        tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
        mine = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": tokens[0]}).json()
        assert client.post(f"/api/tables/{table_id}/actions", json={
            "token": tokens[0], "action": mine["legal_actions"][0], "version": mine["version"]}).status_code == 200
    rows = run_sql(any_db_url, "SELECT * FROM tables") + run_sql(any_db_url, "SELECT * FROM actions")
    dump = repr(rows)
    assert "Ann" in dump and len(rows) > 1
    assert not any(token in dump for token in tokens)


# ---- database URLs ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
def test_a_postgresql_url_opens_postgresql_storage_and_needs_no_file_lock(scheme, postgres_url):
    from gamenight.web.postgres import PostgresStorage
    url = postgres_url.replace("postgresql://", f"{scheme}://", 1)
    storage = open_storage(url)
    assert isinstance(storage, PostgresStorage) and storage.url == url
    assert hold_database(url) is None


@pytest.mark.parametrize("url", ["postgresql://127.0.0.1/x?nonsense=1", "postgresql://[::1/x"])
def test_a_malformed_postgresql_url_is_refused(url):
    with pytest.raises(ValueError, match="bad PostgreSQL URL"):
        open_storage(url)


def test_a_postgresql_server_that_does_not_answer_is_reported():
    with pytest.raises(StorageError, match="could not open the PostgreSQL database"):
        open_storage(f"postgresql://postgres@127.0.0.1:{free_port()}/nothing")


def test_without_psycopg_a_postgresql_url_names_the_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)           # as if psycopg were not installed
    monkeypatch.delitem(sys.modules, "gamenight.web.postgres", raising=False)
    with pytest.raises(ImportError, match=r"pip install 'gamenight\[postgres\]'"):
        open_storage("postgresql://127.0.0.1/x")
