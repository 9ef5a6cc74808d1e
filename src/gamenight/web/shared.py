"""Several servers on one database (PostgreSQL): who plays which table, and how each hears of the others' changes.

Every server serves any table: a person's moves and seat changes are committed by the server they are connected to,
each write naming the table's revision it was made at, so a write made on a stale copy is refused
(``StorageConflict``) and the copy catches up. What only one server may do, because it happens by itself, is *play*
a table: its bots' moves, its clocks (a person away too long, the pause after a hand). That server holds the table's
lease in the database. A lease is good while its server's heartbeat is fresh: a server that dies (or stops answering)
for ``LEASE_SECONDS`` loses its tables, and the others take them over and carry on from what is stored.

Servers hear of each other's changes through the database's notifications (PostgreSQL's LISTEN/NOTIFY, sent in the
transaction of the write they announce, so nobody hears of a change that is not committed): a new revision of a table
(read and applied by every server that has the table in memory), a seat's connections at a server (the page shows
who is here; the playing server times only the absent), a person ready for the next hand. A notification can be lost
(a dropped connection): every ``CHECK_SECONDS`` a server also compares its tables' revisions with the database's.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .storage import Notice, SharedStorage, StorageError

if TYPE_CHECKING:
    from .scheduler import BotScheduler
    from .table import Table


class Tables(Protocol):
    """What the coordinator needs of the server's tables (``TableManager``, which makes the coordinator)."""

    tables: dict[str, Table]        # the tables in memory, under ``lock``
    lock: threading.RLock
    broken: dict[str, dict[str, Any]]   # tables whose record does not replay: never played
    scheduler: BotScheduler

    def loaded(self, table_id: str) -> Table | None: ...   # the table if it is in memory
    def get(self, table_id: str) -> Table: ...             # the table, read from storage if need be

LEASE_SECONDS = 5.0       # a server silent this long has lost its tables to the others
HEARTBEAT_SECONDS = 1.0   # how often a server renews its heartbeat and looks for tables nobody plays
CHECK_SECONDS = 5.0       # how often it compares its tables' revisions with the database's (lost notifications)
CLAIM_BATCH = 100         # tables one server takes over at a time (the others take the rest)

log = logging.getLogger("gamenight.web")

class Coordinator:
    """One server's part among several: its heartbeat and leases (a thread), the notifications it hears, and the
    ``Peers`` its tables tell what storage does not hold."""

    def __init__(self, manager: Tables, storage: SharedStorage):
        self.manager = manager
        self.storage = storage
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._since_check = 0.0
        # one round (or start's claim) at a time: no table is taken over while a round weighs what it holds
        self._rounds = threading.Lock()
        # the tables whose connections elsewhere are to be read again: one reading queued per table at most, however
        # many notices come meanwhile (it reads them as they are when it runs)
        self._rereading: set[str] = set()
        self._rereading_lock = threading.Lock()

    # ---- starting and stopping -------------------------------------------------------------
    def start(self) -> None:
        """Heartbeat, take the tables nobody plays, and listen; then keep doing so in a thread."""
        self.storage.heartbeat(LEASE_SECONDS)
        self.storage.listen(self._heard, self._reconnected)
        with self._rounds:
            self._claim()
        if self._thread is None or not self._thread.is_alive():
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="gamenight leases", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop the thread; the leases are given up, so the other servers take this one's tables at once."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        try:
            self.storage.leave()
        except StorageError as e:
            log.warning("leaving the shared database: %s", e)

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(HEARTBEAT_SECONDS)
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                self.round()
            except Exception:   # a database that is down for a moment: the next round tries again
                log.exception("leases: a round failed")

    def round(self) -> None:
        """One heartbeat: renew this server's, play exactly the tables it holds the lease of (stop playing those
        another server took over), take those nobody plays, and now and then catch up with changes whose
        notifications were lost."""
        with self._rounds:
            if not self.storage.heartbeat(LEASE_SECONDS):
                log.warning("this server was taken for dead; the tables it still holds are checked")
                self._tell_connections_again()
            self._play_what_is_held()
            self._claim()
        self._since_check += HEARTBEAT_SECONDS
        if self._since_check >= CHECK_SECONDS:
            self._since_check = 0.0
            self._check_revisions()

    def _play_what_is_held(self) -> None:
        # The tables are listed *before* the leases are read. A table made here meanwhile has its lease stored before
        # it is in memory (``TableManager._keep_new``), so a listed table's lease is in what is read after. The other
        # way round, a table made between the reading and the listing was given up as another server's, though none
        # would ever take it (a live server holds its lease): a new table of bots stood at 0 actions for good
        # (tests/web/test_soak_workers.py found it, about one table in 500).
        tables = self._tables()
        held = self.storage.held_tables()
        for table in tables:
            if table.state.is_over:
                continue
            if table.driving and table.table_id not in held:
                log.info("table %s: another server plays it now", table.table_id)
                table.drive(False)
            elif not table.driving and table.table_id in held:
                # held here, yet not played: nobody would play it (the others see a live server's lease)
                log.warning("table %s: its lease is held here but it was not played; played now", table.table_id)
                table.drive(True)
        for table_id in held - {table.table_id for table in tables}:
            if self.manager.loaded(table_id) is None and table_id not in self.manager.broken:
                # taken over, but it could not be read then (the database did not answer): read now
                self._take(table_id)

    def _tell_connections_again(self) -> None:
        # taken for dead, this server's connections were forgotten by the others: they hear of them again
        for table in self._tables():
            for seat, count in table.connections_here().items():
                self.connections(table, seat, count)

    def _claim(self) -> None:
        for table_id in self.storage.claim_tables(CLAIM_BATCH):
            self._take(table_id)

    def _take(self, table_id: str) -> None:
        # a table whose lease this server took: read, and played here
        try:
            table = self.manager.get(table_id)
        except Exception as e:   # broken (the manager has said why), or unread for now (the next round reads it)
            log.warning("table %s: taken over but not played: %s", table_id, e)
            return
        if table.state.is_over:   # stored before tables said they had finished: marked, nothing to play
            self.storage.mark_finished(table_id)
            return
        log.info("table %s: taken over", table_id)
        table.drive(True)

    def load_recent(self, limit: int) -> None:
        """The newest tables in play, whichever server plays them, in memory here (for the list of tables)."""
        for table_id in self.storage.recent_tables(limit):
            if self.manager.loaded(table_id) is None and table_id not in self.manager.broken:
                try:
                    self.manager.get(table_id)
                except Exception as e:   # gone meanwhile, or unreadable: listed without it
                    log.warning("table %s: not listed: %s", table_id, e)

    def _check_revisions(self) -> None:
        tables = {t.table_id: t for t in self._tables() if not t.state.is_over}
        for table_id, revision in self.storage.revisions(list(tables)).items():
            if revision > tables[table_id].revision:
                self._later(tables[table_id].catch_up)

    def _tables(self) -> list["Table"]:
        with self.manager.lock:
            return list(self.manager.tables.values())

    def _later(self, job: Callable[[], None]) -> None:
        # on the scheduler's thread, before its own bots' moves: the listening thread stays free to hear
        self.manager.scheduler.first(job)

    # ---- what the other servers say ------------------------------------------------------
    def _heard(self, notice: Notice) -> None:
        if notice.server == self.storage.server_id:
            return
        if notice.kind == "released":
            self._wake.set()   # a server stopped: its tables are to be taken now, not at the next heartbeat
            return
        table = self.manager.loaded(notice.table_id)
        if table is None:
            return
        if notice.kind == "changed" and notice.number > table.revision:
            if notice.text:
                self._later(lambda: table.played_elsewhere(notice.number, notice.seat, notice.text))
            else:
                self._later(table.catch_up)
        elif notice.kind == "connections":
            self._reread_connections(table)
        elif notice.kind == "ready":
            self._later(lambda: table.ready_for_next_hand(notice.seat, notice.number))
        elif notice.kind == "reaction":
            self._later(lambda: table.reaction_elsewhere(notice.seat, notice.number))

    def _reread_connections(self, table: "Table") -> None:
        # somebody came to or left the table at another server: its pages here hear of it at once (the reading runs
        # first on the scheduler); a reading already queued reads this change too
        with self._rereading_lock:
            if table.table_id in self._rereading:
                return
            self._rereading.add(table.table_id)

        def reread() -> None:
            with self._rereading_lock:
                self._rereading.discard(table.table_id)
            table.connections_elsewhere(self.storage.connections_elsewhere(table.table_id))
        self._later(reread)

    def _reconnected(self) -> None:
        # notifications may have been lost while the listening connection was down
        for table in self._tables():
            self._later(table.catch_up)

    # ---- Peers: what this server's tables tell the others ----------------------------------
    def connections(self, table: "Table", seat: int, count: int) -> None:
        try:
            self.storage.set_connections(table.table_id, seat, count)
        except StorageError as e:   # the others see this seat as it was; the next change tells them again
            log.warning("table %s: connections not shared: %s", table.table_id, e)

    def ready(self, table: "Table", seat: int, hand: int) -> None:
        try:
            self.storage.notify("ready", table.table_id, hand, seat)
        except StorageError as e:   # the pause then ends by its time instead
            log.warning("table %s: ready not shared: %s", table.table_id, e)

    def reaction(self, table: "Table", seat: int, number: int) -> None:
        try:
            self.storage.notify("reaction", table.table_id, number, seat)
        except StorageError as e:   # a reaction is a passing thing: the others miss this one
            log.warning("table %s: reaction not shared: %s", table.table_id, e)
