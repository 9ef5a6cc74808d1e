"""Where tables live between restarts: one small interface, an SQLite implementation (standard library; one server
per file), and a PostgreSQL one in ``postgres`` (several servers may share it: ``shared``).

A table is stored as its record (game, players, rules, seed) plus its seats; each action is appended, and
committed, as it happens. Seat tokens are never stored: only their SHA-256, so a copy of the database does not
let anyone act for a seat. A table records whether its match is over (``finished``), committed with its last
action, so a start-up loads only the tables still in play; finished ones are loaded one by one on demand.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any, Literal, Protocol, Required, TypedDict

Row = tuple[Any, ...]   # a row of the database, or a statement's parameters


class PersonKept(TypedDict):
    """The person a seat is kept for (``reserved``, at a rematch) or a bot plays for while they are away (``away``):
    their name (None: none given) and their seat token's hash."""
    name: str | None
    token_hash: str


class SeatRecord(TypedDict, total=False):
    """A seat's record, as stored with its table (which keys each kind of seat has, and what they mean: ``seats``)."""
    kind: Required[Literal["open", "bot", "person"]]
    bot: str | None          # a bot's seat: its bot; a person's: the bot that plays it if they leave (None: any)
    keeps_open: bool         # a bot that keeps the seat open for anybody
    away: PersonKept         # a bot that plays for this person until they come back
    reserved: PersonKept     # an open seat kept for this person (a rematch)
    name: str | None         # a person's name (None: "Player N")
    token_hash: str          # a person's seat token's hash
    joined: float            # when the person took the seat (wall clock seconds)


@dataclass
class StoredTable:
    table_id: str
    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    seats: list[SeatRecord]    # one per seat: {"kind": "open"|"bot"|"person", ...}, see seats.py
    created: float
    actions: list[str] = field(default_factory=list)
    # the table's seat settings (the host's, hashed), see seats.py
    settings: dict[str, Any] = field(default_factory=dict)
    format: int = 1          # the record format its actions are written in (gamenight.RECORD_FORMAT when stored)
    revision: int = 0        # its writes so far (creation, actions, seats): on a shared database, a write names the
                             # revision it was made at, and is refused (StorageConflict) if another server's came first


class Storage(Protocol):
    def create_table(self, table: StoredTable) -> None: ...
    # ``finished``: this action ended the match; the table is marked finished in the same transaction
    # ``revision``: the table's revision this write was made at (StoredTable.revision, plus one for each write
    # since); a storage several servers share refuses the write with StorageConflict if the table has moved on, and
    # counts it; a storage only one server uses (SQLite: ``hold_database``) needs no check
    def append_action(self, table_id: str, number: int, action: str, finished: bool = False,
                      revision: int | None = None) -> None: ...
    # the seats, and the table's seat settings with them when they change
    def save_seats(self, table_id: str, seats: list[SeatRecord], settings: dict[str, Any] | None = None,
                   revision: int | None = None) -> None: ...
    # finished=None: every table; False: those not known to be finished (a table stored before the
    # ``finished`` column existed is unknown until ``mark_finished``); True: the finished ones
    def load_tables(self, finished: bool | None = None) -> list[StoredTable]: ...
    def load_table(self, table_id: str) -> StoredTable | None: ...
    # the table with only its actions after the first ``played`` (what a server that has those already lacks)
    def load_since(self, table_id: str, played: int) -> StoredTable | None: ...
    def mark_finished(self, table_id: str) -> None: ...
    def close(self) -> None: ...


class StorageError(Exception):
    """The database refused a write; the change it carried did not happen."""


class StorageConflict(StorageError):
    """Another server on the same database changed the table first (its revision has moved on): this write did not
    happen; the table is read again and the change asked for again (or refused if it no longer applies)."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER DEFAULT 0,
    settings TEXT,
    format INTEGER
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""
# ``finished``: 1 the match is over, 0 in play, NULL unknown: a file written before the column existed gets it
# with NULL in every row (``_migrate``); the first start-up replays those tables once and marks the finished ones
_INDEX = "CREATE INDEX IF NOT EXISTS tables_by_finished ON tables (finished, created)"
COLUMNS = "table_id, game, players, rules, seed, seats, created, settings, format"
# columns older files lack, and their types (a NULL format is the first format: nothing older had another)
_ADDED_COLUMNS = {"finished": "INTEGER", "settings": "TEXT", "format": "INTEGER"}


class SQLiteStorage:
    """SQLite through the standard library; every write is its own committed transaction."""

    def __init__(self, path: str):
        self.path = path
        # one connection shared by the server's threads, serialised by a lock
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if path != ":memory:":
                self._conn.execute("PRAGMA journal_mode=WAL")
            # WAL with synchronous=NORMAL: a committed action survives the server being killed (what a restart
            # must resume); only a power cut may lose the last few. FULL costs an fsync per action.
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.executescript(_SCHEMA)
            self._migrate()
            self._conn.execute(_INDEX)

    def _migrate(self) -> None:
        # an old file: the columns added since are added, NULL in every row (``finished`` unknown, no ``settings``:
        # a table without a host); checked again inside the transaction, so two openings of one old file add them once
        def missing() -> list[str]:
            have = {row[1] for row in self._conn.execute("PRAGMA table_info(tables)")}
            return [column for column in _ADDED_COLUMNS if column not in have]
        if not missing():
            return
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            for column in missing():
                self._conn.execute(f"ALTER TABLE tables ADD COLUMN {column} {_ADDED_COLUMNS[column]}")
            self._conn.execute("COMMIT")
        except sqlite3.Error:
            self._conn.execute("ROLLBACK")
            raise

    def _write(self, sql: str, params: Row, *more: tuple[str, Row]) -> None:
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                self._conn.execute(sql, params)
                for other_sql, other_params in more:
                    self._conn.execute(other_sql, other_params)
                self._conn.execute("COMMIT")
            except sqlite3.Error as e:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise StorageError(str(e)) from None

    def create_table(self, table: StoredTable) -> None:
        self._write(f"INSERT INTO tables ({COLUMNS}, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
                    (table.table_id, table.game, table.players, json.dumps(table.rules), table.seed,
                     json.dumps(table.seats), table.created, json.dumps(table.settings), table.format))

    def append_action(self, table_id: str, number: int, action: str, finished: bool = False,
                      revision: int | None = None) -> None:
        more = [("UPDATE tables SET finished = 1 WHERE table_id = ?", (table_id,))] if finished else []
        self._write("INSERT INTO actions VALUES (?, ?, ?)", (table_id, number, action), *more)

    def save_seats(self, table_id: str, seats: list[SeatRecord], settings: dict[str, Any] | None = None,
                   revision: int | None = None) -> None:
        if settings is None:
            self._write("UPDATE tables SET seats = ? WHERE table_id = ?", (json.dumps(seats), table_id))
        else:
            self._write("UPDATE tables SET seats = ?, settings = ? WHERE table_id = ?",
                        (json.dumps(seats), json.dumps(settings), table_id))

    def mark_finished(self, table_id: str) -> None:
        self._write("UPDATE tables SET finished = 1 WHERE table_id = ?", (table_id,))

    def load_tables(self, finished: bool | None = None) -> list[StoredTable]:
        where = {None: "", False: " WHERE t.finished IS NOT 1", True: " WHERE t.finished = 1"}[finished]
        with self._lock:
            rows = self._conn.execute(f"SELECT {COLUMNS} FROM tables t{where} ORDER BY created").fetchall()
            actions: dict[str, list[str]] = {}
            for table_id, _, action in self._conn.execute(
                    f"SELECT a.table_id, a.number, a.action FROM actions a JOIN tables t USING (table_id){where} "
                    "ORDER BY a.table_id, a.number"):
                actions.setdefault(table_id, []).append(action)
        return [stored_table(row, actions.get(row[0], [])) for row in rows]

    def load_table(self, table_id: str) -> StoredTable | None:
        with self._lock:
            try:
                row = self._conn.execute(f"SELECT {COLUMNS} FROM tables WHERE table_id = ?",
                                         (table_id,)).fetchone()
                if row is None:
                    return None
                actions = [a for (a,) in self._conn.execute(
                    "SELECT action FROM actions WHERE table_id = ? ORDER BY number", (table_id,))]
            except sqlite3.Error as e:
                raise StorageError(str(e)) from None
        return stored_table(row, actions)

    def load_since(self, table_id: str, played: int) -> StoredTable | None:
        # one server per file (``hold_database``): nothing changes behind its back, so no revision is kept (0)
        table = self.load_table(table_id)
        if table is not None:
            del table.actions[:played]
        return table

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def stored_table(row: Row, actions: list[str]) -> StoredTable:
    """The table a row of ``COLUMNS`` and its actions describe."""
    table_id, game, players, rules, seed, seats, created, settings, format = row
    return StoredTable(table_id, game, players, json.loads(rules), seed, json.loads(seats), created, actions,
                       json.loads(settings) if settings else {}, format or 1)


DEFAULT_DB = "sqlite:///gamenight.db"
LOCK_WAIT_SECONDS = 5.0   # a restart's new server waits this long for the old one to let go of the file


def hold_database(url: str | None = None, wait: float = LOCK_WAIT_SECONDS) -> IO[bytes] | None:
    """Make sure this is the only server on the database: for an SQLite file, an exclusive lock (flock) held until
    the returned object is closed or the process ends. Two servers on one file would each keep their own copy of
    the tables and refuse each other's writes. Waits ``wait`` seconds for another server to stop (a restart), then
    raises StorageError saying so. None for a database that needs no lock: in memory, or PostgreSQL (which several
    servers may share)."""
    if is_postgres(url or DEFAULT_DB):
        return None
    path = sqlite_path(url or DEFAULT_DB)
    if path == ":memory:":
        return None
    try:
        import fcntl
    except ImportError:   # not POSIX: no lock
        return None
    handle = open(path, "ab")   # SQLite takes an empty file for a new database; its own locks are fcntl's, not flock's
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return handle
        except BlockingIOError:
            if time.monotonic() >= deadline:
                handle.close()
                raise StorageError(f"another gamenight server is using the database {path}: stop it first, or give "
                                   "this one another --db") from None
            time.sleep(0.1)


def is_postgres(url: str) -> bool:
    scheme, sep, _ = url.partition("://")
    return bool(sep) and scheme in ("postgresql", "postgres")


def sqlite_path(url: str) -> str:
    scheme, sep, rest = url.partition("://")
    if not sep or scheme != "sqlite":
        raise ValueError(f"unsupported database URL {url!r}; use sqlite:///path/to/file.db or "
                         "postgresql://user@host/database")
    path = rest[1:] if rest.startswith("/") else rest
    if not path:
        raise ValueError(f"database URL {url!r} names no file")
    return path


# ---- several servers on one database (shared.py coordinates them; postgres.py is such a storage) ----------
@dataclass(frozen=True)
class Notice:
    """A notification from another server: ``kind`` "changed" (``number``: the table's new revision; if the change
    was an action, ``seat`` is its number and ``text`` its notation, else -1 and ""), "connections" (re-read them),
    "ready" (``seat`` saw the end of hand ``number``) or "released" (the server stopped; ``table_id`` empty)."""

    kind: str
    table_id: str
    server: str
    number: int
    seat: int = -1
    text: str = ""


class SharedStorage(Storage, Protocol):
    """A storage several servers share (``PostgresStorage``): leases, heartbeats and notifications besides."""

    server_id: str

    def heartbeat(self, lease_seconds: float) -> bool: ...         # False: this server had been taken for dead
    def claim_tables(self, limit: int) -> list[str]: ...           # tables in play nobody alive plays: ours now
    def held_tables(self) -> set[str]: ...                         # the tables whose lease this server holds
    def revisions(self, table_ids: list[str]) -> dict[str, int]: ...
    def recent_tables(self, limit: int) -> list[str]: ...          # the newest tables in play, newest first
    def set_connections(self, table_id: str, seat: int, count: int) -> None: ...   # and tells the others
    def connections_elsewhere(self, table_id: str) -> dict[int, int]: ...
    def notify(self, kind: str, table_id: str, number: int, seat: int = -1) -> None: ...
    def listen(self, on_notice: Callable[[Notice], None], on_reconnect: Callable[[], None]) -> None: ...
    def leave(self) -> None: ...                                   # a clean stop: leases and connections given up


def is_shared(storage: Storage) -> bool:
    return bool(getattr(storage, "shared", False))
