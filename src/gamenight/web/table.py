"""One table: a match in progress (the engine's state, replayed from storage), its seats (people bound to tokens,
bots, or open), and who is listening.

The server is authoritative: every action goes through the engine (``state.apply``), is committed to storage,
and only then reaches the clients, each of which receives its own seat's view (spectators ``view(None)``).
Who may sit where is ``seats``; the web package uses the engine only through its public contract.
"""
from __future__ import annotations

import collections
import dataclasses
import functools
import hashlib
import hmac
import itertools
import logging
import math
import random
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import gamenight
from gamenight import IllegalAction
from gamenight.i18n import Text

from . import seats as seats_module
from .errors import TableError, TableGone
from .history import History
from .reviews import Decision, ReviewSlots, SeatReview, decisions_of
from .scheduler import BotScheduler
from .storage import Storage, StorageConflict, StorageError, StoredTable
from .thinking import Job, Thinkers, thinks

# a table of bots alone plays on by itself; this bounds the work one request may do for it (bot_delay 0)
MAX_BOT_STEPS = 100_000
# with pacing on, a table that nobody has watched (no WebSocket) and where no person sits for this long plays
# its bots without pauses, in the background: nobody is waiting to see the moves
UNWATCHED_FULL_SPEED_AFTER = 30.0
# a bot move that storage refused is tried again after this long
BOT_RETRY_SECONDS = 1.0
HINT_MOVES = 3            # a hint shows the expert's best moves, this many

log = logging.getLogger("gamenight.web")


_TICKETS = itertools.count(1)   # bot moves' tickets, unique in the process


class Peers(Protocol):
    """The other servers on a shared database, as a table tells them what they cannot read from storage (see
    ``shared``): its seats' open connections here, and a person here ready for the next hand."""

    def connections(self, table: "Table", seat: int, count: int) -> None: ...
    def ready(self, table: "Table", seat: int, hand: int) -> None: ...


CHANGED_ELSEWHERE = Text("the table changed on another server just now, so nothing changed: look again, and try again")
# a change refused because another server changed the table first is asked again, on the caught-up copy, this often
RETRIES = 3


class ChangedElsewhere(TableError):
    """Another server on the shared database changed the table first: this change did not happen (this server has
    caught up meanwhile, so asking again checks the change against the table as it is now)."""

    def __init__(self) -> None:
        super().__init__(CHANGED_ELSEWHERE, 409)


def _asked_again_if_changed_elsewhere(method):
    """A change of the table that another server's change beat to the database is asked again (up to RETRIES times):
    each time on the caught-up copy, so it is checked against the table as it is now (an action chosen at an older
    version is then refused as usual)."""
    @functools.wraps(method)
    def again(self, *args, **kwargs):
        for _ in range(RETRIES):
            try:
                return method(self, *args, **kwargs)
            except ChangedElsewhere:
                continue
        return method(self, *args, **kwargs)
    return again


def seat_rule(rule, *args):
    """Apply a rule of ``seats``; its SeatError becomes the TableError clients see."""
    try:
        return rule(*args)
    except seats_module.SeatError as e:
        raise TableError(e.text, e.status) from None


def hash_token(token: str) -> str:
    """The SHA-256 of a seat's or a host's token, as the table keeps it (it never keeps a token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    """One table: its match (the engine's state, replayed from storage), its seats, and who is listening.

    Every change happens under ``lock``: it is committed to storage first, then broadcast. ``clock`` (seconds,
    monotonic) times moves and absences, and, from the wall-clock time it was read at first, the times stored with the
    seats (``_now``); ``scheduler`` runs what is due later (paced bot moves, a bot taking the turn of a person who is
    gone)."""

    def __init__(self, stored: StoredTable, storage: Storage, scheduler: "BotScheduler", bot_delay: float = 0.0,
                 clock: Callable[[], float] = time.monotonic):
        self.stored = stored
        self.storage = storage
        self.table_id = stored.table_id
        self.clock = clock
        self._wall_offset = time.time() - clock()   # ``_now``: the wall clock, moving as ``clock`` moves
        if stored.format != gamenight.RECORD_FORMAT:
            raise ValueError(f"its actions are of record format {stored.format}; this server replays format "
                             f"{gamenight.RECORD_FORMAT}")
        self.game = gamenight.make(stored.game, players=stored.players, rules=stored.rules)
        # "Rules of this table" in plain words, each a Text the pages translate (made once: the rules never change)
        self.rules_summary = [text.to_json() for text in self.game.rules_summary()]
        state = self.game.new(seed=stored.seed)
        self._actors: list[int | None] = []      # who played each action
        for action in stored.actions:
            self._actors.append(state.current_player)
            state.apply(action)
        self.state = state
        self.seats = stored.seats
        self.settings = seats_module.Settings.from_dict(stored.settings)
        self.lock = threading.RLock()
        self.listeners: dict[int, list] = {}     # key -> [seat or None, token hash or None, send]
        self._next_listener = 0
        self._connections: collections.Counter = collections.Counter()   # seat -> its open connections
        # on a shared database (several servers): the other servers' open connections, seat -> count, and who
        # they are told through (None: this server is the only one)
        self.remote_connections: collections.Counter = collections.Counter()
        self.peers: Peers | None = None
        # whether this server plays the table (its bots, its clocks): always on its own database; on a shared one,
        # while it holds the table's lease (else it only serves the table's people and keeps up with the others')
        self.driving = True
        self.revision = stored.revision          # the stored table's writes so far (see ``Storage``)
        self._seen: dict[int, float] = {}        # seat -> when its person last moved, connected or left
        self._bots: dict[int, gamenight.Bot] = {}
        # search bots think in the server's worker pool (None: every bot plays in the table's thread)
        self.thinkers: Thinkers | None = None
        self.think_iterations: int | None = None   # a search bot's budget here (None: its own default)
        self._thinking: tuple[int, int, str] | None = None   # (history length, seat, bot) of a move being thought
        self._hinting = False                    # a hint is being worked out
        self._reviews: dict[int, SeatReview] = {}   # seat -> its review of this match (once it is over)
        self.review_slots = ReviewSlots(1)       # the server's reviews at once (the manager shares its own)
        # pacing: with a delay, each bot move is its own scheduled job, committed and broadcast alone
        self.bot_delay = bot_delay
        self._scheduler = scheduler
        self._bot_ticket = 0                     # the queued bot move's ticket; 0: none queued (older ones are void)
        self._bot_retry_queued = False
        self._away_check_queued = False
        self._unwatched_since = clock()
        self._last_move_at = clock()             # a restart gives the person to move a full away time
        self._waiting_since = clock()            # a table that holds its start has waited since then
        self._hand = state.hands_played          # the hand being played: a change is a hand's end
        self._pause_until: float | None = None   # after a hand the bots wait till then, or till all are ready
        self._ready: set[int] = set()            # the seats that said "next hand" during the pause
        self._pause_ticket = 0                   # the pause whose end is still to be announced; 0: none
        self._held_until = 0.0                   # when the last pause ended: a turn's away time starts no sooner
        self.history = History(lambda: self.game.new(seed=stored.seed))   # the states behind /history
        # the manager's hooks: the match just ended; the last listener of a finished table left
        self.on_finished: Callable[[], None] | None = None
        self.on_unwatched: Callable[[], None] | None = None
        self.on_rematch: Callable[[Table], Table] | None = None   # makes this table's rematch
        self.find_table: Callable[[str], Table] | None = None     # any table of the server, by its id
        self.dropped = False   # put away by the manager: calls that change the table go to a fresh copy

    def _now(self) -> float:
        """Wall-clock seconds as the table's clock runs: for times kept with the seats, which another server on the
        shared database, or this one restarted, reads (``clock`` alone is this process's)."""
        return self.clock() + self._wall_offset

    def _check_not_dropped(self) -> None:
        if self.dropped:
            raise TableGone()

    def drop(self) -> None:
        """Put away by the manager (which holds the lock): calls that change the table go to a fresh copy from now
        on, and its bots are let go."""
        self.dropped = True
        self._bots.clear()

    # ---- what clients see --------------------------------------------------------------------
    def summary(self) -> dict:
        """Public facts about the table (no tokens, no seed)."""
        state = self.state
        return {"table_id": self.table_id, "game": self.game.name, "title": self.game.title,
                "players": self.game.num_players, "rules": self.game.rules.to_dict(),
                "rules_summary": self.rules_summary,
                "seats": [seats_module.public(i, s, self.settings, self._connected(i), state.is_over)
                          for i, s in enumerate(self.seats)],
                "settings": self.settings.public(), "hand_pause": self._pause_facts(),
                "current_player": state.current_player, "is_over": state.is_over,
                "actions": len(state.history), "created": self.stored.created}

    def message_for(self, seat: int | None, sheet: dict | None = None) -> dict:
        """Everything one client receives: its seat's view, whose turn it is and (on its turn) its legal actions;
        ``sheet``: the score sheet when the caller has it already (it is the same for every seat)."""
        state = self.state
        to_move = (seat is not None and state.current_player == seat and not self.settings.waiting
                   and not self._pause_left())
        legal = [str(a) for a in state.legal_actions()] if to_move else []
        return {"type": "state", "table": self.summary(), "seat": seat, "version": len(state.history),
                "view": state.view(seat), "legal_actions": legal, "score_sheet": sheet or state.score_sheet(),
                "legal_described": [self.game.describe(a) for a in state.legal_now()] if legal else []}

    def message_for_token(self, token: str | None) -> dict:
        """The message of the token's seat (no token: the spectator's)."""
        with self.lock:
            return self.message_for(self.seat_of(token) if token else None)

    # ---- who sits where ----------------------------------------------------------------------
    def seat_of(self, token: object) -> int:
        if not token or not isinstance(token, str):
            raise TableError(Text("a seat token is required"), 401)
        digest = hash_token(token)
        for i, s in enumerate(self.seats):
            if s["kind"] == "person" and hmac.compare_digest(s.get("token_hash", ""), digest):
                return i
        if any(seats_module.returning(s, digest) for s in self.seats):
            if self.state.is_over:
                raise TableError(Text("the match ended while a bot played your seat"), 403)
            raise TableError(Text("a bot plays your seat while you are away: connect to the table to take it back"),
                             403)
        raise TableError(Text("this token holds no seat at this table"), 403)

    def _seat_coming_back(self, token: str | None) -> int:
        """The token's seat; a person a bot played for while they were away gets their seat back first."""
        digest = hash_token(token) if isinstance(token, str) and token else None
        for i, s in enumerate(self.seats):
            if digest and seats_module.returning(s, digest) and not self.state.is_over:
                seats = [dict(x) for x in self.seats]
                seats[i] = seats_module.person_seat(s["away"].get("name"), digest, s["bot"])
                self._save_seats(seats)
                self._bots.pop(i, None)
                self._seen[i] = self.clock()
                log.info("table %s: seat %s is back from being away", self.table_id, i)
                return i
        return self.seat_of(token)

    def _check_seat(self, seat: object) -> int:
        last = self.game.num_players - 1
        if not gamenight.is_whole_number(seat) or not 0 <= seat <= last:
            raise TableError(Text("seat must be a whole number 0..{last}, not {value}", last=last, value=repr(seat)))
        return seat

    def _check_seats_may_change(self) -> None:
        self._check_not_dropped()
        if self.state.is_over:
            raise TableError(Text("the match is over: its seats no longer change"), 409)

    def _check_host(self, host_token) -> None:
        if self.settings.host_hash is None:
            raise TableError(Text("this table has no host, so its seats and settings cannot be changed"), 403)
        if not isinstance(host_token, str) or not hmac.compare_digest(hash_token(host_token), self.settings.host_hash):
            raise TableError(Text("only the table's host may change its seats and settings"), 403)

    @_asked_again_if_changed_elsewhere
    def join(self, seat, name: str | None = None, client: str | None = None) -> str:
        """A person takes a seat a newcomer may take (see ``seats``); returns the seat's token. With a client nonce
        the join may be sent again: the same client gets the same token, within ``seats.RETRY_SECONDS``."""
        with self.lock:
            self._check_not_dropped()
            seat = self._check_seat(seat)
            client = seat_rule(seats_module.check_client_nonce, client)
            name = seat_rule(seats_module.clean_name, name)
            record = self.seats[seat]
            token = seats_module.seat_token(self.table_id, seat, client) if client else secrets.token_urlsafe(32)
            if client and seats_module.retried(record, hash_token(token), self._now()):
                return token          # the same client again (the first answer was lost): the same token
            self._check_seats_may_change()
            if not seats_module.takeable(record, self.settings):
                raise TableError(seats_module.why_not(record, seat), 409 if record["kind"] == "person" else 403)
            seats = [dict(s) for s in self.seats]
            seats[seat] = seats_module.person_seat(name, hash_token(token), record.get("bot"), joined=self._now())
            self._save_seats(seats)
            self._bots.pop(seat, None)
            self._seen[seat] = self.clock()
            self._start_if_full()
            self._arm_away_check()
        self.broadcast()
        self.step_bots()
        return token

    @_asked_again_if_changed_elsewhere
    def leave(self, token: str, bot: str | None = None) -> None:
        """The person gives the seat back: a bot (``bot``, or the one that sat there before) keeps it open for
        whoever takes it next."""
        with self.lock:
            self._check_seats_may_change()
            seat = self.seat_of(token)
            bot = bot or self.seats[seat].get("bot") or self._default_bot()
            self._check_bot(bot)
            self._change_seat(seat, seats_module.bot_seat(bot, keeps_open=True))
        self.step_bots()
        self.broadcast()

    @_asked_again_if_changed_elsewhere
    def set_bot(self, host_token, seat, bot: str | None) -> None:
        """The host puts a bot (a name) in a seat nobody holds, or opens it (``bot=None``)."""
        with self.lock:
            self._check_seats_may_change()
            self._check_host(host_token)
            seat = self._check_seat(seat)
            if self.seats[seat]["kind"] == "person":
                raise TableError(Text("seat {seat} is held by a person; the host may kick them (a bot takes the seat)",
                                      seat=seat), 409)
            self._check_bot(bot)
            self._change_seat(seat, seats_module.bot_seat(bot) if bot else seats_module.open_seat())
            self._start_if_full()
        self.step_bots()
        self.broadcast()

    @_asked_again_if_changed_elsewhere
    def kick(self, host_token, seat, bot: str | None = None) -> None:
        """The host takes a seat from its person: a bot (``bot``, or the seat's own) plays it from now on."""
        with self.lock:
            self._check_seats_may_change()
            self._check_host(host_token)
            seat = self._check_seat(seat)
            record = self.seats[seat]
            if record["kind"] != "person":
                raise TableError(Text("nobody sits at seat {seat}", seat=seat), 409)
            bot = bot or record.get("bot") or self._default_bot()
            self._check_bot(bot)
            self._change_seat(seat, seats_module.bot_seat(bot))
            log.info("table %s: the host kicked seat %s", self.table_id, seat)
        self.step_bots()
        self.broadcast()

    @_asked_again_if_changed_elsewhere
    def configure(self, host_token, changes) -> None:
        """The host changes the table's settings (``bots_may_be_replaced``, ``away_seconds``,
        ``hand_pause_seconds``)."""
        with self.lock:
            self._check_seats_may_change()
            self._check_host(host_token)
            if isinstance(changes, dict) and "hold_start" in changes:
                raise TableError(Text("only a new table may hold its start (say so when creating it)"), 409)
            settings = seat_rule(self.settings.changed, changes)
            self._save_seats(self.seats, settings)
            self._arm_away_check()
        self.broadcast()

    def _change_seat(self, seat: int, record: dict) -> None:
        # called with the lock held
        seats = [dict(s) for s in self.seats]
        seats[seat] = record
        self._save_seats(seats)
        self._bots.pop(seat, None)

    def _default_bot(self) -> str:
        bots = gamenight.bots_for(self.game)
        return next((b for b in ("heuristic", "random") if b in bots), bots[0])

    def _check_bot(self, bot) -> None:
        if bot is not None and bot not in gamenight.bots_for(self.game):
            raise TableError(Text("unknown bot {bot} for {game}; bots are: {bots}", bot=repr(bot), game=self.game.name,
                                  bots=", ".join(gamenight.bots_for(self.game))))

    def _save_seats(self, seats: list[dict], settings: "seats_module.Settings | None" = None) -> None:
        try:
            self.storage.save_seats(self.table_id, seats, None if settings is None else settings.to_dict(),
                                    revision=self.revision)
        except StorageConflict:
            self._changed_elsewhere()
        except StorageError as e:
            log.error("table %s: seats not saved: %s", self.table_id, e)
            raise TableError(Text("the server could not save the change of seats, so nothing changed; try again"),
                             503) from None
        self.revision += 1
        self.seats[:] = seats
        if settings is not None:
            self.settings = settings

    # ---- a table waiting for friends ----------------------------------------------------------
    @_asked_again_if_changed_elsewhere
    def start(self, token: object = None, host_token: object = None) -> None:
        """Start a table that holds its start: the host may at any time; a person seated at it once it has waited
        its away time (so a table whose host has gone still starts). Open seats get bots that keep them open."""
        with self.lock:
            self._check_not_dropped()
            if not self.settings.waiting:
                raise TableError(Text("the table has started already"), 409)
            if host_token is not None:
                self._check_host(host_token)
            else:
                self.seat_of(token)
                if self.clock() - self._waiting_since < self.settings.away_seconds:
                    raise TableError(Text("the host starts the table; after {seconds} s of waiting, anybody seated may",
                                          seconds=self.settings.away_seconds), 403)
            self._start()
        self.broadcast()
        self.step_bots()

    def _start_if_full(self) -> None:
        # called with the lock held: a waiting table starts by itself once no seat is open (or kept for somebody)
        if self.settings.waiting and all(s["kind"] != "open" for s in self.seats):
            self._start()

    def _start(self) -> None:
        # called with the lock held: the seats still open get bots that keep them open, and play begins
        seats = [seats_module.bot_seat(self._default_bot(), keeps_open=True) if s["kind"] == "open" else dict(s)
                 for s in self.seats]
        self._save_seats(seats, dataclasses.replace(self.settings, started=True))
        for seat in range(len(seats)):
            self._bots.pop(seat, None)
        self._last_move_at = self.clock()
        self._arm_away_check()
        log.info("table %s: started", self.table_id)

    # ---- a rematch ----------------------------------------------------------------------------
    @_asked_again_if_changed_elsewhere
    def rematch(self, token: object, client: object = None) -> dict[str, Any]:
        """The token's person, at this finished match, goes on to its rematch, in the same seat: the first to ask
        makes the rematch table (the same game, rules, bots and settings; every person's seat kept for them; it
        waits for them, or for the host, before it starts); everyone at this table is told, and follows when
        they choose. Returns ``{"table_id", "seat", "token"}`` (the same again for a retry with the same client)."""
        with self.lock:
            seat = self.seat_of(token)
            seat_rule(seats_module.check_client_nonce, client)   # refused before a rematch is made
            if not self.state.is_over:
                raise TableError(Text("a rematch is for when the match is over"), 409)
            if self.on_rematch is None or self.find_table is None:
                raise TableError(Text("this server makes no rematches"), 409)
            made = self.settings.rematch is None
            if made:
                new = self.on_rematch(self)
                self._save_seats(self.seats, dataclasses.replace(self.settings, rematch=new.table_id))
            rematch_id = self.settings.rematch
            name = self.seats[seat].get("name")
        if made:
            self.broadcast()   # everyone here hears of the rematch
        assert rematch_id is not None and self.find_table is not None
        new_token = self.find_table(rematch_id).claim(seat, hash_token(str(token)), name, client)
        return {"table_id": rematch_id, "seat": seat, "token": new_token}

    @_asked_again_if_changed_elsewhere
    def claim(self, seat: int, token_hash: str, name: str | None, client: object = None) -> str:
        """The seat kept (for this rematch) for the person who held ``token_hash`` at the match before: theirs now,
        with a new token (the same again for a retry with the same client)."""
        with self.lock:
            self._check_not_dropped()
            nonce: str | None = seat_rule(seats_module.check_client_nonce, client)
            record = self.seats[seat]
            token = seats_module.seat_token(self.table_id, seat, nonce) if nonce else secrets.token_urlsafe(32)
            if nonce and seats_module.retried(record, hash_token(token), self._now()):
                return token
            if not seats_module.reserved_for(record, token_hash):
                raise TableError(Text("seat {seat} of the rematch is not kept for you (the table may have started "
                                      "without you: take an open seat)", seat=seat), 409)
            self._change_seat(seat, seats_module.person_seat(name, hash_token(token), None, joined=self._now()))
            self._seen[seat] = self.clock()
            self._start_if_full()
        self.broadcast()
        self.step_bots()
        return token

    # ---- the pause after a hand -------------------------------------------------------------------
    def _hand_ended(self) -> None:
        # called with the lock held: the bots wait until everyone connected has seen the hand's end
        if self.settings.hand_pause_seconds > 0 and not self.state.is_over:
            self._pause_until = self.clock() + self.settings.hand_pause_seconds
            self._ready = set()
            if self._waiting_for():   # somebody is here to be held: everyone hears when the time is up
                self._pause_ticket = ticket = next(_TICKETS)
                self._scheduler.schedule(self.settings.hand_pause_seconds, functools.partial(self._pause_due, ticket))

    def _pause_due(self, ticket: int) -> None:
        """The scheduler's job: the pause's time is up (unless everyone said "next hand" before): play goes on."""
        with self.lock:
            if ticket != self._pause_ticket or self.dropped:
                return
            self._pause_ticket = 0
            if self._pause_left() > 0:   # a clock that runs late: wait for the rest
                self._pause_ticket = ticket
                self._scheduler.schedule(self._pause_left(), functools.partial(self._pause_due, ticket))
                return
            self._arm_away_check()
        self.broadcast()
        self.step_bots()

    def _waiting_for(self) -> list[int]:
        """The people connected who have not said "next hand" yet."""
        return sorted(seat for seat in range(len(self.seats))
                      if self._connected(seat) and seat not in self._ready and self.seats[seat]["kind"] == "person")

    def _pause_left(self) -> float:
        """Seconds the bots still wait after a hand; 0 once the pause is over or everyone connected is ready."""
        if self._pause_until is None:
            return 0.0
        now = self.clock()
        left = self._pause_until - now
        if left <= 0 or self.state.is_over or not self._waiting_for():   # no next hand after the last
            self._held_until = min(self._pause_until, now)
            self._pause_until = None
            return 0.0
        return left

    def _pause_facts(self) -> dict[str, Any] | None:
        left = self._pause_left()
        return {"seconds_left": round(left, 1), "waiting_for": self._waiting_for()} if left else None

    def hint_job(self, token: object) -> Job:
        """What the expert thinks about for the token's person's hint: their view at their turn, never the state.
        One hint at a time per table (a hostile player cannot fill the workers); ``hint_done`` frees it."""
        with self.lock:
            seat = self.seat_of(token)
            if not self.settings.hints:
                raise TableError(Text("hints are off at this table"), 403)
            if self.state.current_player != seat:
                raise TableError(Text("a hint is for your turn, and it is not your turn"), 409)
            if self._hinting:
                raise TableError(Text("a hint is already being worked out at this table"), 429)
            self._hinting = True
            # the hint's chance is its own (not the table's seed): it tells nothing the seat's view does not
            return Job(self.game.name, self.game.num_players, self.game.rules.to_dict(), "expert",
                       dict(self.state.view(seat)), tuple(str(a) for a in self.state.legal_actions()),
                       secrets.token_hex(16), self.think_iterations, top=HINT_MOVES)

    def hint_done(self) -> None:
        with self.lock:
            self._hinting = False

    # ---- game reviews (see ``reviews``) -------------------------------------------------------------------
    def review(self, token: object, seat: object = None) -> dict[str, Any]:
        """The token's person's review of their own decisions in this finished match: started now if they have none
        (or theirs failed), else the one they have, finished or still going (``SeatReview.message``)."""
        with self.lock:
            own = self._review_seat(token, seat)
            review = self._reviews.get(own)
            if review is not None and not review.failed:
                return review.message()
            if any(r.running for r in self._reviews.values()):
                raise TableError(Text("a review is already being worked out at this table; try again when it is "
                                      "done"), 429)
            if not self.review_slots.take():
                raise TableError(Text("the server is reviewing as many games as it can at once; try again in a "
                                      "minute"), 429)
            review = self._reviews[own] = SeatReview(own)
            actions = list(self.state.history)
        try:   # the record replayed outside the lock: the table answers meanwhile
            review.decisions = decisions_of(self.game, self.stored.seed, actions, own)
        except BaseException:
            with self.lock:
                del self._reviews[own]
            self.review_slots.give_back()
            raise
        with self.lock:
            self._tell_seat(own, review.message())
        self._judge_next(review)
        return review.message()

    def review_of(self, token: object) -> dict[str, Any]:
        """The token's person's review as it stands (``"status": "none"`` when they have not asked for one)."""
        with self.lock:
            own = self._review_seat(token, None)
            review = self._reviews.get(own)
            return review.message() if review else {"type": "review", "seat": own, "status": "none"}

    def reviewing(self) -> bool:
        """Whether a review is being worked out here (the manager does not put the table away meanwhile)."""
        with self.lock:
            return any(r.running for r in self._reviews.values())

    def _review_seat(self, token: object, seat: object) -> int:
        # called with the lock held: the person's own seat, once the match is over
        own = self.seat_of(token)
        if seat is not None and self._check_seat(seat) != own:
            raise TableError(Text("your seat is {own}; you may review only your own game", own=own), 403)
        if not self.state.is_over:
            raise TableError(Text("a review is for when the match is over"), 409)
        return own

    def _judge_next(self, review: SeatReview) -> None:
        """The review's next decision goes to the workers; with none left (or the review failed), it ends."""
        with self.lock:
            decision = review.next_decision()
        if decision is None:
            self.review_slots.give_back()
            return
        # the judgement's chance is its own (not the table's seed): it tells nothing the seat's view does not
        job = Job(self.game.name, self.game.num_players, self.game.rules.to_dict(), "expert", decision.view,
                  decision.legal, secrets.token_hex(16), self.think_iterations, played=decision.played)
        done = functools.partial(self._judgement_came, review, decision)
        thinkers = self.thinkers
        if thinkers is not None and thinkers.workers > 0:
            thinkers.submit(job, done)
            return
        # no worker pool: a thread of its own thinks, so neither the table nor the request waits for it
        threading.Thread(target=(thinkers or Thinkers(0)).submit, args=(job, done), daemon=True,
                         name=f"review {self.table_id}").start()

    def _judgement_came(self, review: SeatReview, decision: Decision, answer: Any) -> None:
        # in a worker's callback thread: the rest is done on the scheduler, as a bot's move is
        self._scheduler.schedule(0.0, functools.partial(self._judged, review, decision, answer))

    def _judged(self, review: SeatReview, decision: Decision, answer: Any) -> None:
        """A decision's judgement has come: kept, the person's pages hear of the progress, the next one goes."""
        with self.lock:
            review.add(decision, answer)
            if review.failed:
                log.error("table %s: the review of seat %s failed at action %s", self.table_id, review.seat,
                          decision.index)
            self._tell_seat(review.seat, review.message())
        self._judge_next(review)

    def _tell_seat(self, seat: int, message: dict[str, Any]) -> None:
        # called with the lock held: to the connections of the person who holds ``seat`` now, and nobody else
        digest = self.seats[seat].get("token_hash")
        for listener_seat, listener_digest, send in list(self.listeners.values()):
            if listener_seat == seat and digest is not None and listener_digest == digest:
                send(message)

    def next_hand(self, token: object) -> None:
        """The token's person has seen the hand's end ("Next hand"): once everyone connected has, the bots go on."""
        with self.lock:
            seat = self.seat_of(token)
            if self._pause_until is None:
                return
            hand = self._hand
            if self.peers is not None:
                self.peers.ready(self, seat, hand)
        self.ready_for_next_hand(seat, hand)

    def ready_for_next_hand(self, seat: int, hand: int) -> None:
        """The person at ``seat`` (here, or at another server on a shared database) has seen the end of hand number
        ``hand``: once everyone connected has, the bots go on."""
        with self.lock:
            if self._pause_until is None or hand != self._hand:
                return
            self._ready.add(seat)
            over = self._pause_left() == 0
            if over:
                self._pause_ticket = 0   # announced now: the timer has nothing left to say
                self._arm_away_check()
            if over and self.bot_delay > 0:
                self._queue_bot_move(again=True)
        self.broadcast()
        if over and self.bot_delay == 0:
            self.step_bots()

    # ---- a person gone from their turn ---------------------------------------------------------
    def _arm_away_check(self) -> None:
        """If the seat to move has nobody connected (a person gone, or an open seat), a check is due when the table's
        away time has passed; then a bot plays the seat, so nobody absent or hostile can freeze the table."""
        # called with the lock held, after anything that changes who is to move or whether they are here
        if self._away_check_queued or self.state.is_over or self.settings.waiting:
            return
        seat = self.state.current_player
        if seat is None or self.seats[seat]["kind"] == "bot" or self._connected(seat) or not self.driving:
            return
        self._away_check_queued = True
        self._scheduler.schedule(max(0.0, self._away_due(seat) - self.clock()), self._away_check_due)

    def _away_due(self, seat: int) -> float:
        # the table's away time after the turn began (or the pause after a hand ended) or the seat's last sign of
        # life, whichever came later
        self._pause_left()   # brings _held_until up to date
        began = max(self._last_move_at, self._pause_until or 0.0, self._held_until)
        return max(began, self._seen.get(seat, 0.0)) + self.settings.away_seconds

    def _away_check_due(self) -> None:
        with self.lock:
            self._away_check_queued = False
            if self.dropped or self.state.is_over:
                return
            seat = self.state.current_player
            if seat is None or self.seats[seat]["kind"] == "bot" or self._connected(seat) or not self.driving:
                return
            if self._away_due(seat) > self.clock():
                self._arm_away_check()   # a move or a sign of life came since: wait again
                return
            record = self.seats[seat]
            bot = record.get("bot") or self._default_bot()
            if record["kind"] == "person":
                away = {"name": record.get("name"), "token_hash": record["token_hash"]}
                new = seats_module.bot_seat(bot, away=away)
            else:
                new = seats_module.bot_seat(bot, keeps_open=True)
            try:
                self._change_seat(seat, new)
            except TableError:  # storage refused: try again later
                self._away_check_queued = True
                self._scheduler.schedule(BOT_RETRY_SECONDS, self._away_check_due)
                return
            log.info("table %s: seat %s was away for %s s; a bot plays it", self.table_id, seat,
                     self.settings.away_seconds)
        self.broadcast()
        self.step_bots()

    # ---- play --------------------------------------------------------------------------------
    @_asked_again_if_changed_elsewhere
    def act(self, token: str | None, action: object, seat: object = None, version: object = None) -> None:
        """The person holding ``token`` plays ``action`` (notation text), chosen at ``version`` (the number of
        actions played when they chose it); then bots play until a person is to move. An action sent twice is
        played once: the copy finds it already played and does nothing."""
        with self.lock:
            own = self._seat_coming_back(token)
            if seat is not None and self._check_seat(seat) != own:
                raise TableError(Text("your seat is {own}; you may not act for seat {seat}", own=own, seat=seat), 403)
            if not isinstance(action, str) or not action.strip() or len(action) > 200:
                raise TableError(Text("action must be a non-empty notation string (at most 200 characters)"))
            if not gamenight.is_whole_number(version):
                raise TableError(Text("say which version of the table you chose this action at (\"version\": the "
                                      "version of the state you were shown)"))
            played = len(self.state.history)
            if version > played and self.peers is not None and self._catch_up():
                # the person was shown more than this server's copy has (another server told them): it catches up
                self.broadcast()
                played = len(self.state.history)
            if version != played:
                if self._played_already(own, action, version):
                    return
                raise TableError(Text("the table has moved on since you chose this action (you chose it at version "
                                      "{version}; the table is at version {played})", version=version, played=played),
                                 409)
            if self.state.is_over:
                raise TableError(Text("the match is over"), 409)
            if self.settings.waiting:
                raise TableError(Text("the table has not started: it waits for the host to start it, or for every "
                                      "seat to be taken"), 409)
            if self.state.current_player != own:
                raise TableError(Text("it is not your turn (seat {seat} is to act)", seat=self.state.current_player),
                                 409)
            if self._pause_left() > 0:
                raise TableError(Text("the table pauses after the hand: play goes on when everyone here has pressed "
                                      "\"Next hand\" (or in {seconds} s)", seconds=math.ceil(self._pause_left())), 409)
            self._commit(action)
        self.step_bots()

    def _played_already(self, seat: int, action: str, version: int) -> bool:
        """Was ``action`` played by ``seat`` as the action at ``version``? (A copy of an action already played.)"""
        if not 0 <= version < len(self.state.history) or self._actors[version] != seat:
            return False
        played = str(self.state.history[version])
        if action.strip() == played:
            return True
        try:
            return str(self.game.parse_action(action.strip())) == played
        except Exception:   # not even notation: not this action
            return False

    def _commit(self, action) -> None:
        # state.apply refuses anything illegal and leaves the state unchanged; the action is stored before
        # anyone hears of it, and if storage fails the state goes back to what is stored
        state = self.state
        actor = state.current_player
        try:
            state.apply(action)
        except IllegalAction as e:
            raise TableError(Text("illegal action: {reason}", reason=e.text), 422) from None
        try:
            # the action that ends the match marks the table finished in the same transaction
            self.storage.append_action(self.table_id, len(state.history), str(state.history[-1]), state.is_over,
                                       revision=self.revision)
        except StorageError as e:
            self.state = gamenight.replay({**state.record(), "actions": [str(a) for a in state.history[:-1]]})
            if isinstance(e, StorageConflict):
                self._changed_elsewhere()
            log.error("table %s: action %s not saved: %s", self.table_id, len(state.history), e)
            raise TableError(Text("the server could not save the action, so it was not played; try again"),
                             503) from None
        self.revision += 1
        self._moved(actor)
        self.broadcast()

    def _moved(self, actor: int | None) -> None:
        # called with the lock held, after an action is stored (here, or by another server)
        state = self.state
        self._actors.append(actor)
        self._last_move_at = self.clock()
        if actor is not None and self.seats[actor]["kind"] == "person":
            self._seen[actor] = self._last_move_at
        if state.is_over and self.on_finished is not None:
            self.on_finished()
        self._pause_ticket = 0   # nothing is played in a pause: it is over, and this move's broadcast says so
        if state.hands_played != self._hand:
            self._hand = state.hands_played
            self._hand_ended()
        self._arm_away_check()

    # ---- several servers on one database (see ``shared``) ----------------------------------------
    def _changed_elsewhere(self) -> None:
        # called with the lock held: a write was refused because another server changed the table first; this
        # server catches up, and the change asked for is refused (its person sees the table as it is now)
        self._catch_up()
        self.broadcast()
        raise ChangedElsewhere()

    def catch_up(self) -> None:
        """Another server changed the table: its new actions, seats and settings are read from storage and applied
        here as if made here; this server's listeners hear of them, and (if this server plays the table) the bots
        play on."""
        with self.lock:
            if self.dropped or not self._catch_up():
                return
            self.broadcast()
        self.step_bots()

    def played_elsewhere(self, revision: int, number: int, action: str) -> None:
        """Another server played ``action`` as the table's action ``number``, its write ``revision``: applied here
        as it is when it is the next write (no need to read storage); else this copy catches up from storage."""
        with self.lock:
            if self.dropped or revision <= self.revision:
                return
            if revision == self.revision + 1 and number == len(self.state.history) + 1 and self._played(action):
                self.revision = revision
            elif not self._catch_up():
                return
            self.broadcast()
        self.step_bots()

    def _played(self, action: str) -> bool:
        # called with the lock held: an action another server stored, played here (False if it does not apply)
        try:
            self._play_stored(action)
        except IllegalAction:
            return False
        return True

    def _play_stored(self, action: str) -> None:
        # called with the lock held: an action read from storage (or another server's notice) played on this copy
        actor = self.state.current_player
        self.state.apply(action)
        self._moved(actor)

    def _catch_up(self) -> bool:
        # called with the lock held; False: nothing new
        fresh = self.storage.load_since(self.table_id, len(self.state.history))
        if fresh is None or fresh.revision <= self.revision:
            return False
        for action in fresh.actions:
            self._play_stored(action)   # stored by a server that checked it: it applies
        for seat, (old, new) in enumerate(zip(self.seats, fresh.seats)):
            if old != new:
                self._bots.pop(seat, None)
        self.seats[:] = fresh.seats
        self.settings = seats_module.Settings.from_dict(fresh.settings)
        self.revision = fresh.revision
        self._arm_away_check()
        return True

    def connections_here(self) -> dict[int, int]:
        """This server's open connections to each seat that has any, seat -> count."""
        with self.lock:
            return {seat: count for seat, count in self._connections.items() if count}

    def _connected(self, seat: int) -> bool:
        return self._connections[seat] + self.remote_connections[seat] > 0

    def connections_elsewhere(self, counts: dict[int, int]) -> None:
        """The other servers' open connections to each seat (a shared database): who is here, for everyone's
        pages, and for the away times of the server that plays the table."""
        with self.lock:
            before = [self._connected(seat) for seat in range(len(self.seats))]
            self.remote_connections = collections.Counter(counts)
            for seat, was in enumerate(before):
                if self._connected(seat) != was:
                    self._seen[seat] = self.clock()
            self._arm_away_check()
        self.broadcast()

    def _tell_connections(self, seat: int) -> None:
        # called with the lock held: the other servers hear how many connections this one has to ``seat``
        if self.peers is not None:
            self.peers.connections(self, seat, self._connections[seat])

    def drive(self, driving: bool) -> None:
        """This server now plays the table (its lease was taken), or no longer does (another server holds it)."""
        with self.lock:
            self.driving = driving
            if not driving:
                self._bot_ticket = 0   # a queued bot move does nothing when it comes
                return
            self._catch_up()
        self.carry_on()

    def carry_on(self) -> None:
        """A table just loaded: bots to move play, and the turn of a person not here is timed."""
        with self.lock:
            self._arm_away_check()
        self.step_bots()

    def _bot_to_move(self) -> int | None:
        seat = self.state.current_player
        if seat is None or self.seats[seat]["kind"] != "bot":
            return None
        return seat

    def _play_bot(self, seat: int) -> bool:
        """The bot in ``seat`` plays (True), or starts thinking in the worker pool (False: its move comes later,
        by ``_thought``)."""
        name = self.seats[seat]["bot"]
        if self.thinkers is not None and thinks(name):
            self._think(seat, name)
            return False
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = gamenight.make_bot(self.seats[seat]["bot"], self.game)
        legal = self.state.legal_actions()
        rng = self._bot_rng()
        try:
            choice = bot.choose(self.state.view(seat), legal, rng)
        except Exception:  # a broken bot must not stall the table or fail the person who woke it: logged, and a
            log.exception("table %s: bot %r for seat %s failed; a random legal move stands in",  # random move
                          self.table_id, self.seats[seat]["bot"], seat)
            choice = None
        if choice not in legal and str(choice) not in {str(a) for a in legal}:
            choice = rng.choice(legal)
        self._commit(choice)
        return True

    def forget_thinking(self) -> None:
        """Forget the search bot's move being thought (the thinking workers were closed): it is thought again when
        the bots next play."""
        self._thinking = None

    def _think(self, seat: int, name: str) -> None:
        marker = (len(self.state.history), seat, name)
        if self._thinking == marker:
            return   # already thinking about this very move
        self._thinking = marker
        assert self.thinkers is not None
        job = Job(self.game.name, self.game.num_players, self.game.rules.to_dict(), name,
                  dict(self.state.view(seat)), tuple(str(a) for a in self.state.legal_actions()),
                  f"bots:{self.stored.seed}:{marker[0]}", self.think_iterations)
        self.thinkers.submit(job, lambda answer: self._scheduler.schedule(
            0.0, functools.partial(self._thought, marker, answer)))

    def _thought(self, marker: tuple[int, int, str], answer: str | None) -> None:
        """A search bot's move has come from the pool: played if the table is still where the bot thought (else
        forgotten: a person took the seat, or the table moved on), then the bots carry on."""
        with self.lock:
            if self._thinking != marker:
                return
            self._thinking = None
            history, seat, name = marker
            current = self.seats[seat] if seat == self.state.current_player else None
            if (len(self.state.history) == history and current is not None and current["kind"] == "bot"
                    and current["bot"] == name and not self.dropped and self.driving):
                legal = self.state.legal_actions()
                choice = next((a for a in legal if str(a) == answer), None)
                if choice is None:
                    choice = self._bot_rng().choice(legal)
                try:
                    self._commit(choice)
                except TableError as e:   # storage refused: nothing was played; the bots try again later
                    log.warning("table %s: bot move not played (%s); retrying", self.table_id, e)
                    self._scheduler.schedule(BOT_RETRY_SECONDS, self.step_bots)
                    return
            if self.bot_delay > 0:
                self._queue_bot_move()
                return
        self.step_bots()

    def _bot_rng(self) -> random.Random:
        # a bot's chance comes from the table's (secret) seed and the move's number: a table replays exactly, a
        # restart included, and the bots' choices tell nobody more than the seed would
        return random.Random(f"bots:{self.stored.seed}:{len(self.state.history)}")

    def step_bots(self) -> None:
        """Bots to move play: at once, until a person (or an open seat) is to move, when there is no pacing;
        else the next bot move is queued to come after ``bot_delay``."""
        with self.lock:
            if self.settings.waiting or not self.driving:
                return
            if self.bot_delay > 0:
                self._queue_bot_move()
                return
            for _ in range(MAX_BOT_STEPS):
                seat = self._bot_to_move()
                if seat is None:
                    return
                if self._pause_left() > 0:
                    self._scheduler.schedule(self._pause_left(), self.step_bots)
                    return
                try:
                    if not self._play_bot(seat):
                        return   # a search bot is thinking: its move comes by ``_thought``
                except ChangedElsewhere:
                    continue     # another server changed the table first: caught up, the bots look again
                except TableError as e:
                    # storage refused the bot's move: nothing was played (whatever woke the bots stands); the
                    # bots try again later
                    log.warning("table %s: bot move not played (%s); retrying", self.table_id, e)
                    if not self._bot_retry_queued:
                        self._bot_retry_queued = True
                        self._scheduler.schedule(BOT_RETRY_SECONDS, self._retry_bots)
                    return

    def _retry_bots(self) -> None:
        with self.lock:
            self._bot_retry_queued = False
        self.step_bots()

    def _queue_bot_move(self, delay: float | None = None, again: bool = False) -> None:
        # called with the lock held; at most one bot move of a table is queued at a time (``again``: this one
        # replaces the one queued, which then does nothing when it comes)
        if (self._bot_ticket and not again) or self._bot_to_move() is None or not self.driving:
            return
        unwatched = self._unwatched()
        if delay is None:
            delay = 0.0 if unwatched else self.bot_delay
        delay = max(delay, self._pause_left())
        self._bot_ticket = ticket = next(_TICKETS)
        # a table nobody watches plays in the background: its moves never delay a watched table's
        self._scheduler.schedule(delay, functools.partial(self._bot_move_due, ticket), background=unwatched)

    def _unwatched(self) -> bool:
        # nobody listens, nobody sits (or may come back to a seat a bot keeps for them), for a while
        return (not self.listeners and not any(s["kind"] == "person" or s.get("away") for s in self.seats)
                and self.clock() - self._unwatched_since >= UNWATCHED_FULL_SPEED_AFTER)

    def _bot_move_due(self, ticket: int) -> None:
        """The scheduler's job: one bot move, if a bot is still to move (a person may have taken the seat
        while the bot was thinking: then nothing happens; the check is under the table lock)."""
        with self.lock:
            if ticket != self._bot_ticket:
                return   # another move was queued in its place
            self._bot_ticket = 0
            if self.dropped or self.settings.waiting or not self.driving:
                return
            seat = self._bot_to_move()
            if seat is None:
                return
            if not self._unwatched():
                # another move came after this one was queued (a person took and gave back the seat, and
                # played): the bot still thinks a full delay after the latest move; and waits out a hand's pause
                wait = max(self._last_move_at + self.bot_delay - self.clock(), self._pause_left())
                if wait > 0.001:
                    self._queue_bot_move(wait)
                    return
            try:
                if not self._play_bot(seat):
                    return   # a search bot is thinking: ``_thought`` plays its move and queues the next
            except TableError as e:  # storage refused the move: nothing was played; try again later
                log.warning("table %s: bot move not played (%s); retrying", self.table_id, e)
                self._queue_bot_move(max(self.bot_delay, BOT_RETRY_SECONDS))
                return
            self._queue_bot_move()

    # ---- listeners ---------------------------------------------------------------------------
    @_asked_again_if_changed_elsewhere
    def listen(self, token: str | None, send: Callable[[dict], None]) -> int:
        """``send`` receives the token's seat view now and after every change (no token: the spectator's). A person
        a bot played for while they were away gets their seat back."""
        with self.lock:
            self._check_not_dropped()
            seats_before = [dict(s) for s in self.seats]
            seat = self._seat_coming_back(token) if token else None
            key = self._next_listener
            self._next_listener += 1
            self.listeners[key] = [seat, hash_token(token) if token else None, send]
            if seat is not None:
                self._connections[seat] += 1
                self._seen[seat] = self.clock()
                self._tell_connections(seat)
            came_back = self.seats != seats_before
            if not came_back:
                send(self.message_for(seat))
        if came_back:
            self.broadcast()
        return key

    def unlisten(self, key: int) -> None:
        with self.lock:
            entry = self.listeners.pop(key, None)
            if entry is not None and entry[0] is not None:
                self._lost_connection(entry[0])
            last = entry is not None and not self.listeners
            if last:
                self._unwatched_since = self.clock()
        if last and self.state.is_over and self.on_unwatched is not None:
            self.on_unwatched()

    def _lost_connection(self, seat: int) -> None:
        # called with the lock held
        self._connections[seat] -= 1
        self._tell_connections(seat)
        if self._connections[seat] <= 0:
            del self._connections[seat]
            self._seen[seat] = self.clock()
            self._arm_away_check()

    def broadcast(self) -> None:
        with self.lock:
            cache: dict[int | None, dict] = {}
            sheet = self.state.score_sheet()   # public: built once for every listener
            for entry in list(self.listeners.values()):
                seat, digest, send = entry
                if seat is not None and self.seats[seat].get("token_hash") != digest:
                    # the person left the seat (or was kicked): this connection watches as a spectator from now on
                    entry[0] = None
                    self._lost_connection(seat)
                    seat = None
                    lost = Text("your token no longer holds a seat; you are watching")
                    send({"type": "error", "error": str(lost), "status": 403, "text": lost.to_json()})
                if seat not in cache:
                    cache[seat] = self.message_for(seat, sheet)
                send(cache[seat])

    # ---- history -----------------------------------------------------------------------------
    def history_message(self, token: str | None, step) -> dict:
        """What the token's seat (no token: a spectator) saw after the first ``step`` actions: the stored record
        replayed to that step and its ``view(seat)``, so it never shows more than the seat saw then."""
        with self.lock:
            seat = self.seat_of(token) if token else None
            actions = self.state.history
            steps = len(actions)
            if not gamenight.is_whole_number(step) or not 0 <= step <= steps:
                raise TableError(Text("step must be a whole number 0..{steps} (the actions played so far), not {step}",
                                      steps=steps, step=repr(step)))
            actions = actions[:step]
            summary = self.summary()
        then = self.history.state_at(step, actions, steps)
        return {"type": "history", "table": summary, "seat": seat, "version": step, "steps": steps,
                "view": then.view(seat), "legal_actions": [], "score_sheet": then.score_sheet()}

    def record(self) -> dict:
        """The full record (seed included, so every hidden card): only once the match is over."""
        with self.lock:
            if not self.state.is_over:
                raise TableError(Text("the record (which reveals every hidden card) is available when the match is "
                                      "over"), 403)
            return self.state.record()
