"""Tables in PostgreSQL (psycopg 3): the same storage as ``SQLiteStorage``, on a database server.

The guarantees are SQLite's: every write is its own transaction, committed before the call returns; an action that
ends the match marks its table finished in the same transaction; a write the database refuses raises StorageError
and changed nothing. Only what the caller gives is stored (seat tokens never: the seats hold their hashes). JSON
values are stored as text, as in SQLite, so a row reads back the same from either database.

The schema is created, or brought up to date, when a storage opens: under an advisory lock, so that servers starting
together on one database migrate it once, one after the other. ``schema_version`` holds one row per migration
applied; a later change of the schema is a new entry in ``_MIGRATIONS``.

The server calls its storage from several threads at once (the event loop's, the bot scheduler's, a thread pool),
so the storage holds a small pool of connections (up to four): one thread's write does not wait for another's, and
a long read does not hold up a move. Install with ``pip install 'gamenight[postgres]'``.
"""
from __future__ import annotations

import json
import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool

from .storage import COLUMNS, Notice, Row, SeatRecord, StorageConflict, StorageError, StoredTable, stored_table

# the statements of one migration, each applied in its own order; a migration takes the schema from the version
# before it to its own number, and is written to run on a schema partly there already (IF NOT EXISTS)
_MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE IF NOT EXISTS tables (
            table_id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            rules TEXT NOT NULL,
            seed BIGINT NOT NULL,
            seats TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL
        )""",
        # as in SQLite, columns a copy of an older database lacks: NULL in its rows. ``finished``: true the match
        # is over, false in play, NULL unknown (replayed once at start-up, then marked); a NULL ``format`` is the first
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS finished BOOLEAN",
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS settings TEXT",
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS format INTEGER",
        """CREATE TABLE IF NOT EXISTS actions (
            table_id TEXT NOT NULL REFERENCES tables (table_id),
            number INTEGER NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (table_id, number)
        )""",
        "CREATE INDEX IF NOT EXISTS tables_by_finished ON tables (finished, created)",
    ],
    # several servers on one database (see shared.py): each table's writes counted, so a write made on a stale
    # copy is refused; the servers' heartbeats; which server plays each table; each server's connections to a seat
    2: [
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS revision BIGINT NOT NULL DEFAULT 0",
        """CREATE TABLE IF NOT EXISTS servers (
            server_id TEXT PRIMARY KEY,
            alive_until TIMESTAMPTZ NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS leases (
            table_id TEXT PRIMARY KEY REFERENCES tables (table_id),
            server_id TEXT NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS leases_by_server ON leases (server_id)",
        """CREATE TABLE IF NOT EXISTS connections (
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            server_id TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat, server_id)
        )""",
    ],
}
SCHEMA_VERSION = max(_MIGRATIONS)
# the key of the advisory lock taken while the schema is created or migrated: any number, the same in every server
_SCHEMA_LOCK = int.from_bytes(b"gamenite", "big")

POOL_SIZE = (1, 4)     # connections kept open, and at most: one per thread that may be writing at once
POOL_WAIT = 10.0       # seconds a write waits for a connection (the database down) before it is refused
CONNECT_WAIT = 10      # seconds opening the storage waits for the server to answer
LISTEN_POLL = 1.0      # the listening thread looks this often whether it is to stop
RECONNECT_WAIT = 1.0   # seconds between its attempts to connect again

log = logging.getLogger("gamenight.web")

Statement = tuple[str, Row]


class PostgresStorage:
    """PostgreSQL through psycopg 3 and a small connection pool; every write is its own committed transaction.

    ``url`` is the libpq URL it was opened with (``postgresql://user@host:port/database``; it may hold a password).
    Several servers may share the database (``shared``): each storage is one server (``server_id``), see shared.py."""

    shared = True

    def __init__(self, url: str):
        try:
            conninfo_to_dict(url)
        except psycopg.Error as e:
            raise ValueError(f"bad PostgreSQL URL: {e}") from None
        self.url = url
        self.server_id = secrets.token_hex(8)
        self._listener: _Listener | None = None
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_WAIT) as conn:
                _migrate(conn)
        except psycopg.Error as e:
            raise StorageError(f"could not open the PostgreSQL database: {e}") from None
        self._pool: ConnectionPool = ConnectionPool(url, min_size=POOL_SIZE[0], max_size=POOL_SIZE[1],
                                                    kwargs={"autocommit": True}, timeout=POOL_WAIT,
                                                    name="gamenight-storage", open=True)
        # the heartbeat's own connection: however busy the others are, it never waits for one (a server whose
        # heartbeat is late loses its tables)
        self._heartbeat_pool = ConnectionPool(url, min_size=1, max_size=1, kwargs={"autocommit": True},
                                              timeout=POOL_WAIT, name="gamenight-heartbeat", open=True)

    # ---- transactions ----------------------------------------------------------------------------------------
    @contextmanager
    def _transaction(self, pool: ConnectionPool | None = None) -> Iterator[psycopg.Connection]:
        """A connection of the pool (or of ``pool``) in a transaction: committed when the block ends; if anything in
        it fails, rolled back, and a database error raised as StorageError (the change did not happen)."""
        if self._pool.closed:
            raise StorageError("the PostgreSQL storage is closed")
        try:
            with (pool or self._pool).connection() as conn, conn.transaction():
                yield conn
        except psycopg.Error as e:
            raise StorageError(str(e).strip() or type(e).__name__) from None

    def _write(self, sql: str, params: Row, *more: Statement) -> None:
        """The statements in one transaction, committed before this returns."""
        with self._transaction() as conn:
            for statement, values in ((sql, params), *more):
                conn.execute(statement, values)

    @contextmanager
    def _reading(self) -> Iterator[psycopg.Connection]:
        """A read-only transaction that sees one snapshot of the database in all its statements."""
        with self._transaction() as conn:
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield conn

    # ---- the Storage interface -------------------------------------------------------------------------------
    def create_table(self, table: StoredTable) -> None:
        # the server that makes a table plays it: its lease is taken in the same transaction
        self._write(f"INSERT INTO tables ({COLUMNS}, finished) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, false)",
                    (table.table_id, table.game, table.players, json.dumps(table.rules), table.seed,
                     json.dumps(table.seats), table.created, json.dumps(table.settings), table.format),
                    ("INSERT INTO leases (table_id, server_id) VALUES (%s, %s)", (table.table_id, self.server_id)))

    def append_action(self, table_id: str, number: int, action: str, finished: bool = False,
                      revision: int | None = None) -> None:
        also = [_ADD_ACTION, *([_END_LEASE] if finished else [])]
        self._counted_write(table_id, revision, ", finished = true" if finished else "", also,
                            {"number": number, "action": action}, played=(number, action))

    def save_seats(self, table_id: str, seats: list[SeatRecord], settings: dict[str, Any] | None = None,
                   revision: int | None = None) -> None:
        sets = ", seats = %(seats)s" + ("" if settings is None else ", settings = %(settings)s")
        values = {"seats": json.dumps(seats), "settings": json.dumps(settings)}
        self._counted_write(table_id, revision, sets, [], values)

    def mark_finished(self, table_id: str) -> None:
        self._write(*_finish(table_id), _lease_ends(table_id))

    def load_tables(self, finished: bool | None = None) -> list[StoredTable]:
        where = {None: "", False: " WHERE t.finished IS NOT TRUE", True: " WHERE t.finished"}[finished]
        with self._reading() as conn:
            rows = conn.execute(f"SELECT {COLUMNS} FROM tables t{where} ORDER BY t.created, t.table_id").fetchall()
            actions: dict[str, list[str]] = {}
            for table_id, action in conn.execute(
                    f"SELECT a.table_id, a.action FROM actions a JOIN tables t USING (table_id){where} "
                    "ORDER BY a.table_id, a.number"):
                actions.setdefault(table_id, []).append(action)
        return [stored_table(row, actions.get(row[0], [])) for row in rows]

    def load_table(self, table_id: str) -> StoredTable | None:
        return self.load_since(table_id, 0)

    def load_since(self, table_id: str, played: int) -> StoredTable | None:
        with self._reading() as conn:
            row = conn.execute(f"SELECT {COLUMNS}, revision FROM tables WHERE table_id = %s",
                               (table_id,)).fetchone()
            if row is None:
                return None
            actions = [a for (a,) in conn.execute(
                "SELECT action FROM actions WHERE table_id = %s AND number > %s ORDER BY number", (table_id, played))]
        table = stored_table(row[:-1], actions)
        table.revision = row[-1]
        return table

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stopped.set()
            self._listener.join(timeout=CONNECT_WAIT)
        self._pool.close()
        self._heartbeat_pool.close()

    # ---- several servers on one database (see ``shared``) -------------------------------------------------------
    def _counted_write(self, table_id: str, revision: int | None, sets: str, also: list[str], values: dict[str, Any],
                       played: tuple[int, str] | None = None) -> None:
        """One write to a table, as one statement (its own transaction, one round trip): the table's revision counted
        with its columns ``sets``, the statements ``also`` (common table expressions that act only if it was), and
        the other servers told. Made at ``revision`` (None: at whatever revision); refused with StorageConflict if the
        table is no longer there. ``played``: the write is this action (its number and notation), which the
        notification carries (the others need not read it)."""
        at = "" if revision is None else " AND revision = %(revision)s"
        number, action = played or (-1, "")
        sql = (f"WITH counted AS (UPDATE tables SET revision = revision + 1{sets} WHERE table_id = %(table)s{at} "
               f"RETURNING revision){''.join(', ' + part for part in also)} "
               "SELECT pg_notify(%(channel)s, %(head)s || revision || %(tail)s) FROM counted")
        head, tail = _payload_around("changed", table_id, self.server_id, number, action)
        notice = {"channel": CHANNEL, "head": head, "tail": tail}
        if self._statement(sql, {**values, **notice, "table": table_id, "revision": revision}) is None:
            raise StorageConflict(f"table {table_id} is no longer at revision {revision}")

    def _statement(self, sql: str, params: dict[str, Any]) -> Row | None:
        """One statement in its own transaction (the pool's connections commit each statement: one round trip),
        committed before this returns; its first row. A database error is a StorageError (nothing changed)."""
        if self._pool.closed:
            raise StorageError("the PostgreSQL storage is closed")
        try:
            with self._pool.connection() as conn:
                return conn.execute(sql, params).fetchone()
        except psycopg.Error as e:
            raise StorageError(str(e).strip() or type(e).__name__) from None

    def heartbeat(self, lease_seconds: float) -> bool:
        with self._transaction(self._heartbeat_pool) as conn:
            row = conn.execute(
                "WITH old AS (SELECT alive_until < now() AS dead FROM servers WHERE server_id = %s) "
                "INSERT INTO servers (server_id, alive_until) VALUES (%s, now() + make_interval(secs => %s)) "
                "ON CONFLICT (server_id) DO UPDATE SET alive_until = EXCLUDED.alive_until "
                "RETURNING (SELECT dead FROM old)", (self.server_id, self.server_id, lease_seconds)).fetchone()
        return not (row and row[0])

    def claim_tables(self, limit: int) -> list[str]:
        with self._transaction() as conn:
            self._forget_the_dead(conn)
            conn.execute("DELETE FROM servers WHERE alive_until < now() - interval '1 day'")
            claimed = [table_id for (table_id,) in conn.execute(
                "WITH orphans AS ("
                "  SELECT t.table_id FROM tables t LEFT JOIN leases l USING (table_id)"
                "  LEFT JOIN servers s ON s.server_id = l.server_id"
                "  WHERE t.finished IS NOT TRUE AND (s.server_id IS NULL OR s.alive_until < now())"
                "  ORDER BY t.created LIMIT %s FOR UPDATE OF t SKIP LOCKED) "
                "INSERT INTO leases (table_id, server_id) SELECT table_id, %s FROM orphans "
                "ON CONFLICT (table_id) DO UPDATE SET server_id = EXCLUDED.server_id RETURNING table_id",
                (limit, self.server_id))]
        return claimed

    def _forget_the_dead(self, conn: psycopg.Connection) -> None:
        # the connections counted at servers that are gone; the servers' pages hear of it
        tables = {table_id for (table_id,) in conn.execute(
            "DELETE FROM connections c WHERE NOT EXISTS (SELECT 1 FROM servers s WHERE s.server_id = c.server_id "
            "AND s.alive_until >= now()) RETURNING c.table_id")}
        for table_id in tables:
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, _payload("connections", table_id, "", 0)))

    def held_tables(self) -> set[str]:
        with self._reading() as conn:
            return {table_id for (table_id,) in conn.execute(
                "SELECT table_id FROM leases WHERE server_id = %s", (self.server_id,))}

    def revisions(self, table_ids: list[str]) -> dict[str, int]:
        with self._reading() as conn:
            return dict(conn.execute("SELECT table_id, revision FROM tables WHERE table_id = ANY(%s)",
                                     (table_ids,)).fetchall())

    def recent_tables(self, limit: int) -> list[str]:
        with self._reading() as conn:
            return [table_id for (table_id,) in conn.execute(
                "SELECT table_id FROM tables WHERE finished IS NOT TRUE ORDER BY created DESC LIMIT %s", (limit,))]

    def set_connections(self, table_id: str, seat: int, count: int) -> None:
        if count > 0:
            change = ("INSERT INTO connections (table_id, seat, server_id, count) VALUES (%(table)s, %(seat)s, "
                      "%(server)s, %(count)s) ON CONFLICT (table_id, seat, server_id) DO UPDATE SET count = %(count)s")
        else:
            change = "DELETE FROM connections WHERE table_id = %(table)s AND seat = %(seat)s AND server_id = %(server)s"
        self._statement(f"WITH changed AS ({change}) SELECT pg_notify(%(channel)s, %(notice)s)",
                        {"table": table_id, "seat": seat, "server": self.server_id, "count": count, "channel": CHANNEL,
                         "notice": _payload("connections", table_id, self.server_id, count, seat)})

    def connections_elsewhere(self, table_id: str) -> dict[int, int]:
        with self._reading() as conn:
            return dict(conn.execute(
                "SELECT c.seat, sum(c.count)::int FROM connections c JOIN servers s USING (server_id) "
                "WHERE c.table_id = %s AND c.server_id <> %s AND s.alive_until >= now() GROUP BY c.seat",
                (table_id, self.server_id)).fetchall())

    def notify(self, kind: str, table_id: str, number: int, seat: int = -1) -> None:
        self._statement("SELECT pg_notify(%(channel)s, %(notice)s)",
                        {"channel": CHANNEL, "notice": _payload(kind, table_id, self.server_id, number, seat)})

    def listen(self, on_notice: Callable[[Notice], None], on_reconnect: Callable[[], None]) -> None:
        if self._listener is None or not self._listener.is_alive():
            self._listener = _Listener(self.url, on_notice, on_reconnect)
            self._listener.start()

    def leave(self) -> None:
        with self._transaction() as conn:
            conn.execute("DELETE FROM leases WHERE server_id = %s", (self.server_id,))
            for (table_id,) in conn.execute("DELETE FROM connections WHERE server_id = %s RETURNING table_id",
                                            (self.server_id,)).fetchall():
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, _payload("connections", table_id, "", 0)))
            conn.execute("DELETE FROM servers WHERE server_id = %s", (self.server_id,))
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, _payload("released", "", self.server_id, 0)))


def _finish(table_id: str) -> Statement:
    return "UPDATE tables SET finished = true WHERE table_id = %s", (table_id,)


# the parts of a counted write (``_counted_write``) besides the count: an action added; the lease of a finished table
# ended (nobody plays it any more)
_ADD_ACTION = ("added AS (INSERT INTO actions (table_id, number, action) SELECT %(table)s, %(number)s, %(action)s "
               "FROM counted)")
_END_LEASE = "ended AS (DELETE FROM leases WHERE table_id = %(table)s AND EXISTS (SELECT 1 FROM counted))"


def _lease_ends(table_id: str) -> Statement:
    # a finished table has nothing left to play: nobody holds it
    return "DELETE FROM leases WHERE table_id = %s", (table_id,)


def _migrate(conn: psycopg.Connection) -> None:
    """Create the schema, or bring it up to SCHEMA_VERSION, in one transaction under the schema lock: a server
    starting at the same time waits, then finds it done. A database a newer gamenight migrated further is refused
    (this server would not keep what the newer schema promises)."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                     "version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())")
        row = conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
        current = row[0] if row else 0
        if current > SCHEMA_VERSION:
            raise StorageError(f"the database's schema is version {current}, newer than this gamenight's "
                               f"({SCHEMA_VERSION}): upgrade gamenight")
        for version in range(current + 1, SCHEMA_VERSION + 1):
            for statement in _MIGRATIONS[version]:
                conn.execute(statement)
            conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))

CHANNEL = "gamenight"   # the notifications' channel


def _payload(kind: str, table_id: str, server: str, number: int, seat: int = -1, text: str = "") -> str:
    # what, the table, the server it came from, a number (a revision, a count, a hand), a seat (or an action's
    # number) and a text (an action's notation, which may hold spaces: last)
    head, tail = _payload_around(kind, table_id, server, seat, text)
    return f"{head}{number}{tail}"


def _payload_around(kind: str, table_id: str, server: str, seat: int = -1, text: str = "") -> tuple[str, str]:
    # a notification's text before and after its number (which a statement may fill in: the new revision)
    return f"{kind} {table_id} {server} ", f" {seat} {text}"


class _Listener(threading.Thread):
    """A connection of its own that LISTENs for the other servers' notifications and hands each to ``on_notice``;
    when the connection drops it connects again (and says so: notifications may have been lost meanwhile)."""

    def __init__(self, url: str, on_notice: Callable[[Notice], None], on_reconnect: Callable[[], None]):
        super().__init__(name="gamenight notifications", daemon=True)
        self.url, self.on_notice, self.on_reconnect = url, on_notice, on_reconnect
        self.stopped = threading.Event()

    def run(self) -> None:
        first = True
        while not self.stopped.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_WAIT) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        self.on_reconnect()
                    first = False
                    while not self.stopped.is_set():
                        for notice in conn.notifies(timeout=LISTEN_POLL):
                            self._hand_on(notice.payload)
            except psycopg.Error as e:
                log.warning("notifications: connection lost (%s); connecting again", e)
                self.stopped.wait(RECONNECT_WAIT)

    def _hand_on(self, payload: str) -> None:
        try:
            kind, table_id, server, number, seat, text = payload.split(" ", 5)
            self.on_notice(Notice(kind, table_id, server, int(number), int(seat), text))
        except Exception:   # one bad notification (or a failing handler) must not stop the others
            log.exception("notification %r not handled", payload)
