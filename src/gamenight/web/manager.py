"""All tables of one server: the live ones (rebuilt from storage on start-up by replaying each stored record), the
finished ones still kept in memory, creating and listing them, and the server's limits."""
from __future__ import annotations

import dataclasses
import functools
import logging
import random
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, TypeGuard, cast

import gamenight
from gamenight import RulesError
from gamenight.i18n import Text

from . import seats as seats_module
from .errors import TableError
from .limits import BURST_SECONDS, MESSAGES_PER_SECOND, AddressLimits, TokenBucket
from .reviews import ReviewSlots
from .scheduler import BotScheduler
from .seats import hash_token, seat_rule
from .shared import Coordinator
from .storage import Storage, StorageError, StoredTable, is_shared
from .table import Table
from .thinking import Thinkers

# GET /api/tables lists at most this many: the live tables first, then the finished ones still in memory
LIST_LIMIT = 200
# the server looks for finished tables to put away this often (seconds; also on every listing and creation)
SWEEP_SECONDS = 5.0
# the defaults of the limits (``gamenight serve`` options): a finished table is kept in memory this long
# (seconds) after it finished; at most so many live tables; table creations per client address in any 60 s;
# open WebSockets per client address
KEEP_FINISHED = 30 * 60.0
MAX_TABLES = 2000
MAX_CREATES_PER_MINUTE = 30
MAX_SOCKETS_PER_IP = 64
# a table id is 11 characters (secrets.token_urlsafe(8)); anything much longer is not looked up
MAX_TABLE_ID = 64

log = logging.getLogger("gamenight.web")


def _is_seed(value: object) -> TypeGuard[int]:
    return gamenight.is_whole_number(value) and 0 <= value < 2 ** 63


class TableManager:
    """All tables of one server: the live ones (rebuilt from storage on start-up by replaying each stored
    record) and the finished ones still kept in memory.

    ``bot_delay`` (seconds) paces the bots: 0 plays them at once inside the request that woke them; more puts
    each bot move on one shared scheduler thread, committed and broadcast on its own. ``close`` stops it.

    A finished table stays in memory while anybody listens to it and for ``keep_finished`` seconds after it
    finished (or was loaded again); then ``sweep`` puts it away (it stays in storage, and ``get`` loads it again
    on demand). The limits: at most ``max_tables`` live tables, ``max_creates_per_minute`` creations per client
    address in any 60 s, ``max_sockets_per_ip`` open WebSockets per client address, ``max_messages_per_second``
    messages on one WebSocket (a burst of ``limits.BURST_SECONDS``' worth). ``clock`` (seconds,
    monotonic) is injectable so tests need not sleep, and so is the ``scheduler`` (see ``BotScheduler``).

    ``test_seed`` is for tests only: tables get their seeds from a generator seeded with it, or the ``seed`` their
    creation names, so every deal (and every bot move, which comes from the table's seed) can be replayed. A seed
    reveals every card: a server people play on never has one, and then a creation naming a seed is refused."""

    def __init__(self, storage: Storage, bot_delay: float = 0.0, *, keep_finished: float = KEEP_FINISHED,
                 max_tables: int = MAX_TABLES, max_creates_per_minute: int = MAX_CREATES_PER_MINUTE,
                 max_sockets_per_ip: int = MAX_SOCKETS_PER_IP, clock: Callable[[], float] = time.monotonic,
                 test_seed: int | None = None, scheduler: BotScheduler | None = None,
                 thinkers: Thinkers | None = None, think_iterations: int | None = None,
                 max_messages_per_second: float = MESSAGES_PER_SECOND):
        if not isinstance(bot_delay, (int, float)) or isinstance(bot_delay, bool) or not 0 <= bot_delay <= 60:
            raise ValueError(f"bot_delay must be 0..60 seconds, not {bot_delay!r}")
        if (not isinstance(keep_finished, (int, float)) or isinstance(keep_finished, bool)
                or not 0 <= keep_finished < float("inf")):
            raise ValueError(f"keep_finished must be a number of seconds >= 0, not {keep_finished!r}")
        for name, value in (("max_tables", max_tables), ("max_creates_per_minute", max_creates_per_minute),
                            ("max_sockets_per_ip", max_sockets_per_ip)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a whole number >= 1, not {value!r}")
        if (not isinstance(max_messages_per_second, (int, float)) or isinstance(max_messages_per_second, bool)
                or not 0 < max_messages_per_second < float("inf")):
            raise ValueError(f"max_messages_per_second must be a number > 0, not {max_messages_per_second!r}")
        if test_seed is not None and not _is_seed(test_seed):
            raise ValueError(f"test_seed must be a whole number 0..2**63-1, not {test_seed!r}")
        self.storage = storage
        self.test_seed = test_seed
        self._test_seeds = random.Random(test_seed) if test_seed is not None else None
        self.bot_delay = float(bot_delay)
        self.keep_finished = float(keep_finished)
        self.max_tables = max_tables
        self.max_creates_per_minute = max_creates_per_minute
        self.max_sockets_per_ip = max_sockets_per_ip
        self.max_messages_per_second = float(max_messages_per_second)
        self.clock = clock
        # paced bot moves, and bots taking the turns of people gone (a test may give its own, without a thread)
        self.scheduler = scheduler or BotScheduler(clock)
        # search bots (and hints) think in worker processes; ``think_iterations`` caps their budget (tests)
        self.thinkers = thinkers if thinkers is not None else Thinkers()
        self.think_iterations = think_iterations
        # game reviews at once on the whole server: one per thinking worker (one when they think in threads)
        self.review_slots = ReviewSlots(max(1, self.thinkers.workers))
        self.tables: dict[str, Table] = {}
        self.lock = threading.RLock()
        self._finished: dict[str, float] = {}    # finished tables in memory -> when their keep time began
        self.limits = AddressLimits(clock, max_creates_per_minute, max_sockets_per_ip)
        # tables whose stored record does not replay (a bug, or a file from an incompatible version): listed as
        # broken, never served; every other table carries on
        self.broken: dict[str, dict[str, Any]] = {}
        # several servers on one database: each plays the tables it holds the lease of, and serves any (see shared)
        self.coordinator = Coordinator(self, storage) if is_shared(storage) else None  # type: ignore[arg-type]
        if self.coordinator is not None:
            self.coordinator.start()
            return
        for stored in storage.load_tables(finished=False):
            table = self._replayed(stored)
            if table is None:
                continue
            if table.state.is_over:
                # stored before tables recorded that they finished (a database file from an older version):
                # recognised by this one replay, marked, and not kept
                try:
                    storage.mark_finished(table.table_id)
                except StorageError as e:
                    log.warning("table %s: could not mark it finished (%s)", table.table_id, e)
                continue
            self.tables[table.table_id] = table
        for table in list(self.tables.values()):
            table.carry_on()  # a bot to move when the server stopped plays on; absent people's turns are timed

    def _replayed(self, stored: StoredTable) -> Table | None:
        """The stored table replayed; None (and the table listed as broken) if its record does not replay."""
        try:
            return self._table(stored)
        except Exception as e:   # any failure of one table's replay must not stop the others
            log.error("table %s (%s) does not replay and is not served: %s: %s", stored.table_id, stored.game,
                      type(e).__name__, e)
            self.broken[stored.table_id] = {"table_id": stored.table_id, "game": stored.game,
                                            "created": stored.created, "broken": True}
            return None

    def _table(self, stored: StoredTable) -> Table:
        table = Table(stored, self.storage, self.scheduler, self.bot_delay, self.clock)
        table.thinkers, table.think_iterations = self.thinkers, self.think_iterations
        table.review_slots = self.review_slots
        table.on_finished = functools.partial(self._finished_now, table)
        table.on_unwatched = functools.partial(self._unwatched, table)
        table.on_rematch = self._rematch
        table.find_table = self.get
        if self.coordinator is not None:
            table.peers = self.coordinator
            table.driving = False   # until this server takes its lease (``Coordinator``), or made it (``_keep_new``)
            table.remote_connections.update(self.coordinator.storage.connections_elsewhere(table.table_id))
        return table

    def start(self) -> None:
        """(Re)start the scheduler after ``close`` (an app's lifespan starts it)."""
        self.scheduler.start()
        if self.coordinator is not None:
            self.coordinator.start()

    def close(self) -> None:
        """Stop the scheduler and the thinking workers: no thread or process is left; queued bot moves wait for
        ``start`` (or a restart), and a search bot that was thinking thinks again then."""
        if self.coordinator is not None:
            self.coordinator.stop()
            for table in list(self.tables.values()):
                table.driving = False
        self.scheduler.stop()
        self.thinkers.close()
        for table in list(self.tables.values()):
            table.forget_thinking()

    # ---- finding tables ----------------------------------------------------------------------
    def loaded(self, table_id: object) -> Table | None:
        """The table if it is in memory (no storage access, no lock: safe on the event loop)."""
        return self.tables.get(table_id) if isinstance(table_id, str) else None

    def get(self, table_id: str) -> Table:
        """The table; a finished one no longer in memory is loaded from storage (its record replayed) and kept
        again for ``keep_finished``."""
        table = self.loaded(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or not table_id or len(table_id) > MAX_TABLE_ID:
            raise TableError(Text("no table {table}", table=repr(table_id)), 404)
        if table_id in self.broken:
            raise TableError(Text("this table cannot be played: the server could not replay its record (its log says "
                                  "why)"), 500)
        with self.lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            try:
                stored = self.storage.load_table(table_id)
            except StorageError as e:
                log.error("table %s: not loaded: %s", table_id, e)
                raise TableError(Text("the server could not read this table; try again"), 503) from None
            if stored is None:
                raise TableError(Text("no table {table}", table=repr(table_id)), 404)
            table = self._replayed(stored)
            if table is None:
                return self.get(table_id)   # now listed as broken: the answer says so
            self.tables[table_id] = table
            if table.state.is_over:
                self._finished[table_id] = self.clock()
                return table
        # in storage, in play, yet not in memory: on a shared database, a table another server plays (this one
        # keeps up with it); on its own, one written by another server on the same file
        if self.coordinator is None:
            table.carry_on()
        return table

    def live_count(self) -> int:
        """Tables in memory whose match is not over."""
        with self.lock:
            return len(self.tables) - len(self._finished)

    # ---- putting finished tables away --------------------------------------------------------
    def _finished_now(self, table: Table) -> None:
        with self.lock:
            if self.tables.get(table.table_id) is table:
                self._finished[table.table_id] = self.clock()

    def _unwatched(self, table: Table) -> None:
        # the last listener of a finished table left: with its keep time over, it goes now
        with self.lock:
            self._drop_if_due(table.table_id, self.clock())

    def _drop_if_due(self, table_id: str, now: float) -> bool:
        # called with self.lock held; a table busy in another thread (its lock held) waits for the next sweep
        began = self._finished.get(table_id)
        table = self.tables.get(table_id)
        if began is None or table is None or now - began < self.keep_finished:
            return False
        if not table.lock.acquire(blocking=False):
            return False
        try:
            if table.listeners or table.reviewing():
                return False
            # a caller still holding this object gets TableGone for any change, and asks again (a fresh copy)
            table.drop()
        finally:
            table.lock.release()
        del self.tables[table_id]
        del self._finished[table_id]
        return True

    def sweep(self) -> int:
        """Put away the finished tables nobody listens to whose keep time is over (they stay in storage), and
        forget creation times older than a minute. Returns how many tables went."""
        now = self.clock()
        with self.lock:
            dropped = sum(self._drop_if_due(table_id, now) for table_id in list(self._finished))
        self.limits.forget_old_creations()
        return dropped

    # ---- limits per client address -----------------------------------------------------------
    def open_socket(self, client: str) -> None:
        """Count one more WebSocket of ``client`` (an address); refused (429) over ``max_sockets_per_ip``."""
        self.limits.open_socket(client)

    def close_socket(self, client: str) -> None:
        self.limits.close_socket(client)

    def message_limit(self) -> TokenBucket:
        """What one WebSocket may send: ``max_messages_per_second``, and a burst of ``BURST_SECONDS``' worth."""
        rate = self.max_messages_per_second
        return TokenBucket(rate, max(1.0, rate * BURST_SECONDS), self.clock)

    # ---- creating and listing ----------------------------------------------------------------
    def create(self, game: object, players: object = None, preset: object = None, options: object = None,
               seats: object = None, client: str | None = None,
               seed: object = None, host_token: str | None = None, settings: object = None) -> Table:
        """A new table; ``client`` (the creator's address) counts towards ``max_creates_per_minute``. The holder of
        ``host_token`` is its host (None: a table nobody may change the seats of); ``settings`` the seat settings
        (see ``seats.Settings``; hints are on where a seat is a bot unless they say otherwise). ``seed`` only on a
        server with a ``test_seed``."""
        seed = self._seed_for_new_table(seed)
        defaults = seats_module.Settings(host_hash=hash_token(host_token) if host_token else None,
                                         hints=seats_module.hints_by_default(seats))
        settings = seat_rule(defaults.changed, settings)
        table = self._counted(client, lambda: self._create(game, players, preset, options, seats, seed, settings))
        table.step_bots()
        return table

    def learn(self, game: object, players: object = None, name: object = None, nonce: object = None,
              client: str | None = None) -> tuple[Table, int, str]:
        """A coached table ("Learn to play"): ``game``'s coached hand for ``players`` (None: the game's usual number
        where it has a coached hand for it, else the nearest that has one), its learner seated at once (named
        ``name``; ``nonce``: the client nonce of a join, see ``seats``) and bots in every other seat. Returns the
        table, the learner's seat and token. Its deal is public (the coached hand's seed), so nobody else may sit
        there: it has no host and its bots' seats are never taken. ``client`` counts as for ``create``."""
        hand = _coached_hand(game, players)
        shown = seat_rule(seats_module.clean_name, name)
        nonce = seat_rule(seats_module.check_client_nonce, nonce)
        table_id = secrets.token_urlsafe(8)
        token = seats_module.seat_token(table_id, hand.seat, nonce) if nonce else secrets.token_urlsafe(32)
        seats = [seats_module.bot_seat(hand.bots) for _ in range(hand.players)]
        seats[hand.seat] = seats_module.person_seat(shown, hash_token(token), hand.bots, joined=time.time())
        made = hand.make_game()
        settings = seats_module.Settings(coached=True, hints=False)
        stored = StoredTable(table_id=table_id, game=made.name, players=made.num_players, rules=made.rules.to_dict(),
                             format=gamenight.RECORD_FORMAT, seed=hand.seed, seats=seats, created=time.time(),
                             settings=settings.to_dict())
        table = self._counted(client, lambda: self._keep_new(stored))
        table.step_bots()
        return table, hand.seat, token

    def _counted(self, client: str | None, make: Callable[[], Table]) -> Table:
        """The table ``make`` makes, counted as a creation of ``client`` (an address; None: not counted): refused
        over ``max_creates_per_minute``, and given back when the creation fails."""
        stamp = self.limits.reserve_create(client) if client is not None else None
        try:
            return make()
        except BaseException:
            if client is not None and stamp is not None:
                self.limits.release_create(client, stamp)
            raise

    def _seed_for_new_table(self, seed: object) -> int | None:
        """The seed a new table is dealt from (None: a fresh secret one)."""
        if self._test_seeds is None:
            if seed is not None:
                raise TableError(Text("a table's seed cannot be chosen on this server (it would reveal every card)"))
            return None
        if seed is None:
            with self.lock:
                return self._test_seeds.getrandbits(63)
        if not _is_seed(seed):
            raise TableError(Text("seed must be a whole number 0..2**63-1, not {seed}", seed=repr(seed)))
        return seed

    def _create(self, game: object, players: object, preset: object, options: object, seats: object, seed: int | None,
                settings: seats_module.Settings) -> Table:
        if not isinstance(game, str) or game not in gamenight.games():
            raise TableError(Text("unknown game {game}; games are: {games}", game=repr(game),
                                  games=", ".join(gamenight.games())))
        if options is not None and not isinstance(options, dict):
            raise TableError(Text("options must be an object of option names to values"))
        for key in ("players", "rules", "preset"):
            if key in (options or {}):
                raise TableError(Text("{key} is not a rule option: give \"players\" and \"preset\" beside \"options\", "
                                      "not inside it", key=repr(key)))
        if preset is not None and not isinstance(preset, str):
            raise TableError(Text("preset must be a preset name"))
        try:
            # the players as asked: the game refuses what it cannot seat (RulesError)
            made = gamenight.make(game, players=cast("int | None", players), rules=preset, **(options or {}))
        except RulesError as e:
            raise TableError(e.text) from None
        except TypeError:
            raise TableError(Text("options must map rule option names to values")) from None
        n = made.num_players
        if seats is None:
            seats = [None] * n
        if not isinstance(seats, list) or len(seats) != n:
            raise TableError(Text("seats must be a list of {count} entries (a bot name, or null for an open seat)",
                                  count=n))
        bots = gamenight.bots_for(made)
        for bot in seats:
            if bot is not None and bot not in bots:
                raise TableError(Text("unknown bot {bot} for {game}; bots are: {bots}", bot=repr(bot), game=game,
                                      bots=", ".join(bots)))
        stored = StoredTable(table_id=secrets.token_urlsafe(8), game=game, players=n, rules=made.rules.to_dict(),
                             format=gamenight.RECORD_FORMAT,
                             seed=made.fresh_seed() if seed is None else seed,
                             seats=[seats_module.bot_seat(b) if b else seats_module.open_seat() for b in seats],
                             created=time.time(), settings=settings.to_dict())
        return self._keep_new(stored)

    def _keep_new(self, stored: StoredTable) -> Table:
        """Store a new table and keep it in memory (refused while the server has its most tables in play)."""
        with self.lock:
            if self.live_count() >= self.max_tables:
                raise TableError(Text("the server has {most} tables in play, its most; try again when some have "
                                      "finished", most=self.max_tables), 503)
            try:
                self.storage.create_table(stored)
            except StorageError as e:
                log.error("a new %s table was not saved: %s", stored.game, e)
                raise TableError(Text("the server could not save the new table; try again"), 503) from None
            table = self._table(stored)
            table.driving = True   # a new table is played by the server that made it (a shared storage gave it
            self.tables[table.table_id] = table   # the lease in the same transaction)
        return table

    def _rematch(self, old: Table) -> Table:
        """A new table for ``old``'s rematch: the same game, players, rules, bots and settings; every person's seat
        kept for them; it waits before it starts (see ``Table.rematch``)."""
        settings = dataclasses.replace(old.settings, hold_start=True, started=False, rematch=None)
        seed = self._seed_for_new_table(None)
        stored = StoredTable(table_id=secrets.token_urlsafe(8), game=old.game.name, players=old.game.num_players,
                             rules=old.game.rules.to_dict(), format=gamenight.RECORD_FORMAT,
                             seed=old.game.fresh_seed() if seed is None else seed,
                             seats=[seats_module.for_rematch(s) for s in old.seats], created=time.time(),
                             settings=settings.to_dict())
        return self._keep_new(stored)

    def list(self) -> list[dict[str, Any]]:
        """Summaries: the live tables first, then the finished ones still in memory, each group newest first
        (by creation), then the broken ones (``{"table_id", "game", "created", "broken": true}``), at most
        ``LIST_LIMIT`` in all. On a shared database the tables in play at the other servers are listed too (each read
        once, then kept up to date like this server's own)."""
        self.sweep()
        if self.coordinator is not None:
            self.coordinator.load_recent(LIST_LIMIT)
        with self.lock:
            tables = list(self.tables.values())
            broken = sorted(self.broken.values(), key=lambda t: t["created"], reverse=True)
        tables.reverse()   # among tables created at the same instant, the later one first
        tables.sort(key=lambda t: (not t.state.is_over, t.stored.created), reverse=True)
        return ([t.summary() for t in tables[:LIST_LIMIT]] + [dict(t) for t in broken])[:LIST_LIMIT]


def _coached_hand(game: object, players: object) -> gamenight.CoachedHand:
    """The coached hand a newcomer learns ``game`` on with ``players`` (see ``TableManager.learn``)."""
    if not isinstance(game, str) or game not in gamenight.games():
        raise TableError(Text("unknown game {game}; games are: {games}", game=repr(game),
                              games=", ".join(gamenight.games())))
    usual = gamenight.make(game)
    counts = usual.coached_players()
    if players is None:
        players = usual.learning_players()
    if not gamenight.is_whole_number(players) or players not in counts:
        raise TableError(Text("a coached hand of {game} is for {counts} players, not {players}", game=usual.title,
                              counts=", ".join(map(str, counts)), players=repr(players)))
    return gamenight.make(game, players=players).coached_hand()
