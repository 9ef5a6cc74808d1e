"""Where tables live between restarts: one small interface, an SQLite implementation (standard library).

A table is stored as its record (game, players, rules, seed) plus its seats; each action is appended, and
committed, as it happens. Seat tokens are never stored: only their SHA-256, so a copy of the database does not
let anyone act for a seat.
"""
from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass, field
from typing import Protocol


@dataclass
class StoredTable:
    table_id: str
    game: str
    players: int
    rules: dict
    seed: int
    seats: list[dict]          # one per seat: {"kind": "open"|"bot"|"person", "bot": name, "name": ..., "token_hash": ...}
    created: float
    actions: list[str] = field(default_factory=list)


class Storage(Protocol):
    def create_table(self, table: StoredTable) -> None: ...
    def append_action(self, table_id: str, number: int, action: str) -> None: ...
    def save_seats(self, table_id: str, seats: list[dict]) -> None: ...
    def load_tables(self) -> list[StoredTable]: ...
    def close(self) -> None: ...


class StorageError(Exception):
    """The database refused a write; the change it carried did not happen."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


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

    def _write(self, sql: str, params: tuple) -> None:
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                self._conn.execute(sql, params)
                self._conn.execute("COMMIT")
            except sqlite3.Error as e:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise StorageError(str(e)) from None

    def create_table(self, table: StoredTable) -> None:
        self._write("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (table.table_id, table.game, table.players, json.dumps(table.rules), table.seed,
                     json.dumps(table.seats), table.created))

    def append_action(self, table_id: str, number: int, action: str) -> None:
        self._write("INSERT INTO actions VALUES (?, ?, ?)", (table_id, number, action))

    def save_seats(self, table_id: str, seats: list[dict]) -> None:
        self._write("UPDATE tables SET seats = ? WHERE table_id = ?", (json.dumps(seats), table_id))

    def load_tables(self) -> list[StoredTable]:
        with self._lock:
            rows = self._conn.execute("SELECT table_id, game, players, rules, seed, seats, created FROM tables "
                                      "ORDER BY created").fetchall()
            actions: dict[str, list[str]] = {}
            for table_id, _, action in self._conn.execute(
                    "SELECT table_id, number, action FROM actions ORDER BY table_id, number"):
                actions.setdefault(table_id, []).append(action)
        return [StoredTable(table_id, game, players, json.loads(rules), seed, json.loads(seats), created,
                            actions.get(table_id, []))
                for table_id, game, players, rules, seed, seats, created in rows]

    def close(self) -> None:
        with self._lock:
            self._conn.close()


DEFAULT_DB = "sqlite:///gamenight.db"


def open_storage(url: str | None = None) -> Storage:
    """``sqlite:///relative.db``, ``sqlite:////absolute.db`` or ``sqlite:///:memory:``."""
    url = url or DEFAULT_DB
    scheme, sep, rest = url.partition("://")
    if not sep or scheme != "sqlite":
        raise ValueError(f"unsupported database URL {url!r}; use sqlite:///path/to/file.db")
    path = rest[1:] if rest.startswith("/") else rest
    if not path:
        raise ValueError(f"database URL {url!r} names no file")
    return SQLiteStorage(path)
