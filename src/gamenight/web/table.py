"""One table: a match in progress (the engine's state, replayed from storage), its seats (people bound to tokens,
bots, or open), and who is listening.

The server is authoritative: every action goes through the engine (``state.apply``), is committed to storage,
and only then reaches the clients, each of which receives its own seat's view (spectators ``view(None)``).
Who may sit where is ``seats``; the web package uses the engine only through its public contract.

``Table`` holds what the table *is* (its stored record as this server has it: the engine's state, the seats and
settings, the revision), the lock every change happens under, the storage handle and the server's hooks; each job
is a part of its own, with the state it owns (``audience``, ``seating``, ``lifecycle``, ``moves``, ``pause``,
``away``, ``bots``, ``coach``, ``sync``). What the manager, the coordinator, the routes and the sockets call is a
public method here, handed to its part.
"""
from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Protocol

import gamenight
from gamenight.i18n import Text

from .audience import Audience, Send
from .away import AwayCheck
from .bot_driver import BotDriver
from .coaching import Coach
from .errors import TableError, TableGone
from .hand_pause import HandPause
from .history import History
from .lessons import Lesson
from .lifecycle import Lifecycle
from .moves import Moves
from .reactions import Reactions
from .reviews import ReviewSlots
from .scheduler import BotScheduler
from .seating import Seating
from .seats import Settings
from .storage import SeatRecord, Storage, StoredTable
from .sync import Sync
from .thinking import Job, Thinkers


class Peers(Protocol):
    """The other servers on a shared database, as a table tells them what they cannot read from storage (see
    ``shared``): its seats' open connections here, and a person here ready for the next hand."""

    def connections(self, table: "Table", seat: int, count: int) -> None: ...
    def ready(self, table: "Table", seat: int, hand: int) -> None: ...
    def reaction(self, table: "Table", seat: int, number: int) -> None: ...


class Table:
    """One table: its match (the engine's state, replayed from storage), its seats, and who is listening.

    Every change happens under ``lock``: it is committed to storage first, then broadcast. ``clock`` (seconds,
    monotonic) times moves and absences, and, from the wall-clock time it was read at first, the times stored with the
    seats (``now``); ``scheduler`` runs what is due later (paced bot moves, a bot taking the turn of a person who is
    gone)."""

    def __init__(self, stored: StoredTable, storage: Storage, scheduler: BotScheduler, bot_delay: float = 0.0,
                 clock: Callable[[], float] = time.monotonic):
        self.stored = stored
        self.storage = storage
        self.table_id = stored.table_id
        self.clock = clock
        self._wall_offset = time.time() - clock()   # ``now``: the wall clock, moving as ``clock`` moves
        if stored.format != gamenight.RECORD_FORMAT:
            raise ValueError(f"its actions are of record format {stored.format}; this server replays format "
                             f"{gamenight.RECORD_FORMAT}")
        self.game = gamenight.make(stored.game, players=stored.players, rules=stored.rules)
        # "Rules of this table" in plain words, each a Text the pages translate (made once: the rules never change)
        self.rules_summary = [text.to_json() for text in self.game.rules_summary()]
        state = self.game.new(seed=stored.seed)
        actors: list[int | None] = []      # who played each action
        for action in stored.actions:
            actors.append(state.current_player)
            state.apply(action)
        self.state: gamenight.State[Any, Any] = state
        self.seats: list[SeatRecord] = stored.seats
        self.settings = Settings.from_dict(stored.settings)
        self.revision = stored.revision          # the stored table's writes so far (see ``Storage``)
        self.lock = threading.RLock()
        self.scheduler = scheduler
        # on a shared database (several servers): who the other servers are told through (None: this server is the
        # only one)
        self.peers: Peers | None = None
        # whether this server plays the table (its bots, its clocks): always on its own database; on a shared one,
        # while it holds the table's lease (else it only serves the table's people and keeps up with the others')
        self.driving = True
        # search bots think in the server's worker pool (None: every bot plays in the table's thread)
        self.thinkers: Thinkers | None = None
        self.think_iterations: int | None = None   # a search bot's budget here (None: its own default)
        self.review_slots = ReviewSlots(1)       # the server's reviews at once (the manager shares its own)
        self.history = History(lambda: self.game.new(seed=stored.seed))   # the states behind /history
        # the manager's hooks: the match just ended; the last listener of a finished table left
        self.on_finished: Callable[[], None] | None = None
        self.on_unwatched: Callable[[], None] | None = None
        self.on_rematch: Callable[[Table], Table] | None = None   # makes this table's rematch
        self.find_table: Callable[[str], Table] | None = None     # any table of the server, by its id
        self.dropped = False   # put away by the manager: calls that change the table go to a fresh copy
        # the parts, one job each
        self.audience = Audience(self)
        self.seating = Seating(self)
        self.lifecycle = Lifecycle(self)
        self.moves = Moves(self, actors)
        self.pause = HandPause(self)
        self.away = AwayCheck(self)
        self.bots = BotDriver(self, bot_delay)
        self.coach = Coach(self)
        self.sync = Sync(self)
        self.reactions = Reactions(self)
        self.lesson = Lesson(self)

    def now(self) -> float:
        """Wall-clock seconds as the table's clock runs: for times kept with the seats, which another server on the
        shared database, or this one restarted, reads (``clock`` alone is this process's)."""
        return self.clock() + self._wall_offset

    def check_not_dropped(self) -> None:
        if self.dropped:
            raise TableGone()

    def drop(self) -> None:
        """Put away by the manager (which holds the lock): calls that change the table go to a fresh copy from now
        on, and its bots are let go."""
        self.dropped = True
        self.bots.let_go()
        self.audience.forget_messages()

    # ---- what clients see (``audience``) -------------------------------------------------------
    @property
    def listeners(self) -> dict[int, list[Any]]:
        """The open connections, key -> [seat or None, token hash or None, send]."""
        return self.audience.listeners

    @property
    def remote_connections(self) -> Counter[int]:
        """The other servers' open connections, seat -> count."""
        return self.audience.remote_connections

    def summary(self) -> dict[str, Any]:
        """Public facts about the table (no tokens, no seed)."""
        return self.audience.summary()

    def message_for(self, seat: int | None, sheet: gamenight.ScoreSheet | None = None) -> dict[str, Any]:
        """Everything one client receives (see ``Audience.message_for``)."""
        return self.audience.message_for(seat, sheet)

    def message_for_token(self, token: str | None) -> dict[str, Any]:
        """The message of the token's seat (no token: the spectator's)."""
        return self.audience.message_for_token(token)

    def listen(self, token: str | None, send: Send) -> int:
        """``send`` receives the token's seat view now and after every change (see ``Audience.listen``); at a coached
        table, the learner's connection then hears the coach as it stands."""
        with self.lock:
            key = self.audience.listen(token, send)
            self.lesson.greet(self.listeners[key][0], send)
        return key

    def unlisten(self, key: int) -> None:
        self.audience.unlisten(key)

    def broadcast(self) -> None:
        """Every listener hears the table as it is now, each its own seat's view (and at a coached table, the
        learner the coach)."""
        self.audience.broadcast()
        self.lesson.tell()

    def connections_here(self) -> dict[int, int]:
        """This server's open connections to each seat that has any, seat -> count."""
        return self.audience.connections_here()

    def connections_elsewhere(self, counts: dict[int, int]) -> None:
        """The other servers' open connections to each seat (a shared database)."""
        self.audience.connections_elsewhere(counts)

    # ---- who sits where (``seating``) and the match's lifecycle (``lifecycle``) ------------------
    def seat_of(self, token: object) -> int:
        """The seat the token holds (else the TableError that says why not)."""
        return self.seating.seat_of(token)

    def join(self, seat: object, name: object = None, client: object = None) -> str:
        """A person takes a seat; returns the seat's token (see ``Seating.join``)."""
        return self.seating.join(seat, name, client)

    def leave(self, token: str, bot: str | None = None) -> None:
        """The person gives the seat back to a bot that keeps it open."""
        self.seating.leave(token, bot)

    def set_bot(self, host_token: object, seat: object, bot: str | None) -> None:
        """The host puts a bot in a seat nobody holds, or opens it (``bot=None``)."""
        self.seating.set_bot(host_token, seat, bot)

    def kick(self, host_token: object, seat: object, bot: str | None = None) -> None:
        """The host takes a seat from its person: a bot plays it from now on."""
        self.seating.kick(host_token, seat, bot)

    def configure(self, host_token: object, changes: object) -> None:
        """The host changes the table's settings."""
        self.seating.configure(host_token, changes)

    def start(self, token: object = None, host_token: object = None) -> None:
        """Start a table that holds its start (see ``Lifecycle.start``)."""
        self.lifecycle.start(token, host_token)

    def rematch(self, token: object, client: object = None) -> dict[str, Any]:
        """The token's person goes on to this finished match's rematch (see ``Lifecycle.rematch``)."""
        return self.lifecycle.rematch(token, client)

    def claim(self, seat: int, token_hash: str, name: str | None, client: object = None) -> str:
        """The seat kept at this rematch for the person who held ``token_hash`` at the match before."""
        return self.lifecycle.claim(seat, token_hash, name, client)

    # ---- play (``moves``), the pause after a hand (``pause``) ------------------------------------
    def act(self, token: str | None, action: object, seat: object = None, version: object = None) -> None:
        """The person holding ``token`` plays ``action`` chosen at ``version`` (see ``Moves.act``)."""
        self.moves.act(token, action, seat, version)

    def next_hand(self, token: object) -> None:
        """The token's person has seen the hand's end ("Next hand")."""
        self.pause.next_hand(token)

    def ready_for_next_hand(self, seat: int, hand: int) -> None:
        """The person at ``seat`` (here or at another server) has seen the end of hand number ``hand``."""
        self.pause.ready_for_next_hand(seat, hand)

    # ---- reactions (``reactions``) ------------------------------------------------------------------
    def react(self, token: object, reaction: object) -> None:
        """The token's person shows ``reaction`` at their seat, to everyone at the table (see ``Reactions``)."""
        self.reactions.react(token, reaction)

    def reaction_elsewhere(self, seat: int, number: int) -> None:
        """A person at another server showed a reaction: this server's connections hear of it."""
        self.reactions.heard(seat, number)

    # ---- hints and reviews (``coach``) -----------------------------------------------------------
    def hint_job(self, token: object) -> Job:
        """What the expert thinks about for the token's person's hint (see ``Coach.hint_job``)."""
        return self.coach.hint_job(token)

    def hint_done(self) -> None:
        self.coach.hint_done()

    def review(self, token: object, seat: object = None) -> dict[str, Any]:
        """The token's person's review of their own decisions in this finished match (see ``Coach.review``)."""
        return self.coach.review(token, seat)

    def review_of(self, token: object) -> dict[str, Any]:
        """The token's person's review as it stands."""
        return self.coach.review_of(token)

    def reviewing(self) -> bool:
        """Whether a review is being worked out here (the manager does not put the table away meanwhile)."""
        return self.coach.reviewing()

    def coach_message(self, token: object) -> dict[str, Any]:
        """The coach as it stands, for the learner of a coached table (see ``Lesson.message``)."""
        return self.lesson.message(token)

    # ---- the bots (``bots``) and the other servers (``sync``) -------------------------------------
    @property
    def bot_delay(self) -> float:
        """Seconds between paced bot moves (0: no pacing)."""
        return self.bots.bot_delay

    def carry_on(self) -> None:
        """A table just loaded: bots to move play, and the turn of a person not here is timed."""
        with self.lock:
            self.away.arm()
        self.step_bots()

    def step_bots(self) -> None:
        """Bots to move play (see ``BotDriver.step``)."""
        self.bots.step()

    def forget_thinking(self) -> None:
        """Forget the search bot's move being thought (the thinking workers were closed): it is thought again when
        the bots next play."""
        self.bots.forget_thinking()

    def drive(self, driving: bool) -> None:
        """This server now plays the table (its lease was taken), or no longer does (another server holds it)."""
        self.sync.drive(driving)

    def catch_up(self) -> None:
        """Another server changed the table: this copy catches up from storage (see ``Sync.catch_up``)."""
        self.sync.catch_up()

    def played_elsewhere(self, revision: int, number: int, action: str) -> None:
        """Another server played ``action`` as the table's action ``number``, its write ``revision``."""
        self.sync.played_elsewhere(revision, number, action)

    # ---- history -----------------------------------------------------------------------------
    def history_message(self, token: str | None, step: object) -> dict[str, Any]:
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

    def record(self) -> dict[str, Any]:
        """The full record (seed included, so every hidden card): only once the match is over."""
        with self.lock:
            if not self.state.is_over:
                raise TableError(Text("the record (which reveals every hidden card) is available when the match is "
                                      "over"), 403)
            return self.state.record()
