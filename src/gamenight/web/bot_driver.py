"""Driving a table's bots: the bots to move play (at once, until a person or an open seat is to move; or, paced,
one move per ``bot_delay`` as its own scheduled job, each with a ticket so at most one is queued), a search bot
thinks in the server's worker pool and its move is played if the table is still where it thought, and a table
nobody watches plays its bots at full speed in the background. A bot that fails, or answers what is not legal, is
replaced by a random legal move; a move storage refused is tried again later.
"""
from __future__ import annotations

import functools
import logging
import random
from typing import TYPE_CHECKING, Any

import gamenight

from .errors import ChangedElsewhere, TableError
from .scheduler import next_ticket
from .seats import bot_of
from .thinking import Job, thinks

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("gamenight.web")
# a table of bots alone plays on by itself; this bounds the work one request may do for it (bot_delay 0)
MAX_BOT_STEPS = 100_000
# with pacing on, a table that nobody has watched (no WebSocket) and where no person sits for this long plays
# its bots without pauses, in the background: nobody is waiting to see the moves
UNWATCHED_FULL_SPEED_AFTER = 30.0
# a bot move that storage refused is tried again after this long
BOT_RETRY_SECONDS = 1.0


class BotDriver:
    """The table's bots; owns the bot objects, the search bot's move being thought, the pacing and the queued move's
    ticket."""

    def __init__(self, table: Table, bot_delay: float = 0.0):
        self.table = table
        self.bot_delay = bot_delay               # pacing: with a delay, each bot move is its own scheduled job
        self._bots: dict[int, gamenight.Bot] = {}
        self._thinking: tuple[int, int, str] | None = None   # (history length, seat, bot) of a move being thought
        self._ticket = 0                         # the queued bot move's ticket; 0: none queued (older ones are void)
        self._retry_queued = False

    def forget(self, seat: int) -> None:
        """The bot that played ``seat`` is let go (the seat changed)."""
        self._bots.pop(seat, None)

    def let_go(self) -> None:
        """Every bot is let go (the table was put away)."""
        self._bots.clear()

    def forget_thinking(self) -> None:
        """Forget the search bot's move being thought (the thinking workers were closed): it is thought again when
        the bots next play."""
        self._thinking = None

    def cancel_queued(self) -> None:
        """The queued bot move does nothing when it comes (this server no longer plays the table; the lock held)."""
        self._ticket = 0

    # ---- playing -----------------------------------------------------------------------------------
    def step(self) -> None:
        """Bots to move play: at once, until a person (or an open seat) is to move, when there is no pacing;
        else the next bot move is queued to come after ``bot_delay``."""
        table = self.table
        with table.lock:
            if table.settings.waiting or not table.driving:
                return
            if self.bot_delay > 0:
                self.queue_move()
                return
            for _ in range(MAX_BOT_STEPS):
                seat = self._bot_to_move()
                if seat is None:
                    return
                if table.pause.left() > 0:
                    table.scheduler.schedule(table.pause.left(), self.step)
                    return
                try:
                    if not self._play(seat):
                        return   # a search bot is thinking: its move comes by ``_thought``
                except ChangedElsewhere:
                    continue     # another server changed the table first: caught up, the bots look again
                except TableError as e:
                    # storage refused the bot's move: nothing was played (whatever woke the bots stands); the
                    # bots try again later
                    log.warning("table %s: bot move not played (%s); retrying", table.table_id, e)
                    if not self._retry_queued:
                        self._retry_queued = True
                        table.scheduler.schedule(BOT_RETRY_SECONDS, self._retry)
                    return

    def _retry(self) -> None:
        with self.table.lock:
            self._retry_queued = False
        self.step()

    def _bot_to_move(self) -> int | None:
        seat = self.table.state.current_player
        if seat is None or self.table.seats[seat]["kind"] != "bot":
            return None
        return seat

    def _play(self, seat: int) -> bool:
        """The bot in ``seat`` plays (True), or starts thinking in the worker pool (False: its move comes later,
        by ``_thought``)."""
        table = self.table
        name = bot_of(table.seats[seat])
        if table.thinkers is not None and thinks(name):
            self._think(seat, name)
            return False
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = gamenight.make_bot(name, table.game)
        legal = table.state.legal_actions()
        rng = self._rng()
        choice: Any
        try:
            choice = bot.choose(table.state.view(seat), legal, rng)
        except Exception:  # a broken bot must not stall the table or fail the person who woke it: logged, and a
            log.exception("table %s: bot %r for seat %s failed; a random legal move stands in",  # random move
                          table.table_id, table.seats[seat]["bot"], seat)
            choice = None
        if choice not in legal and str(choice) not in {str(a) for a in legal}:
            choice = rng.choice(legal)
        table.moves.commit(choice)
        return True

    def _rng(self) -> random.Random:
        # a bot's chance comes from the table's (secret) seed and the move's number: a table replays exactly, a
        # restart included, and the bots' choices tell nobody more than the seed would. A coached deal's bots decide
        # as its coached hand says (the deal and its seed are public: the learner alone sits among bots)
        step = len(self.table.state.history)
        if self.table.lesson.coached_deal():
            return self.table.game.coached_hand().bot_rng(step)
        return random.Random(f"bots:{self.table.stored.seed}:{step}")

    # ---- a search bot thinking in the worker pool ----------------------------------------------------
    def _think(self, seat: int, name: str) -> None:
        table = self.table
        marker = (len(table.state.history), seat, name)
        if self._thinking == marker:
            return   # already thinking about this very move
        self._thinking = marker
        assert table.thinkers is not None
        game = table.game
        job = Job(game.name, game.num_players, game.rules.to_dict(), name,
                  dict(table.state.view(seat)), tuple(str(a) for a in table.state.legal_actions()),
                  f"bots:{table.stored.seed}:{marker[0]}", table.think_iterations)
        table.thinkers.submit(job, lambda answer: table.scheduler.schedule(
            0.0, functools.partial(self._thought, marker, answer)))

    def _thought(self, marker: tuple[int, int, str], answer: str | None) -> None:
        """A search bot's move has come from the pool: played if the table is still where the bot thought (else
        forgotten: a person took the seat, or the table moved on), then the bots carry on."""
        table = self.table
        with table.lock:
            if self._thinking != marker:
                return
            self._thinking = None
            history, seat, name = marker
            current = table.seats[seat] if seat == table.state.current_player else None
            if (len(table.state.history) == history and current is not None and current["kind"] == "bot"
                    and current["bot"] == name and not table.dropped and table.driving):
                legal = table.state.legal_actions()
                choice = next((a for a in legal if str(a) == answer), None)
                if choice is None:
                    choice = self._rng().choice(legal)
                try:
                    table.moves.commit(choice)
                except TableError as e:   # storage refused: nothing was played; the bots try again later
                    log.warning("table %s: bot move not played (%s); retrying", table.table_id, e)
                    table.scheduler.schedule(BOT_RETRY_SECONDS, self.step)
                    return
            if self.bot_delay > 0:
                self.queue_move()
                return
        self.step()

    # ---- paced moves ----------------------------------------------------------------------------------
    def queue_move(self, delay: float | None = None, again: bool = False) -> None:
        """The next bot move is queued (the lock held); at most one bot move of a table is queued at a time
        (``again``: this one replaces the one queued, which then does nothing when it comes)."""
        table = self.table
        if (self._ticket and not again) or self._bot_to_move() is None or not table.driving:
            return
        unwatched = self._unwatched()
        if delay is None:
            delay = 0.0 if unwatched else self.bot_delay
        delay = max(delay, table.pause.left())
        self._ticket = ticket = next_ticket()
        # a table nobody watches plays in the background: its moves never delay a watched table's
        table.scheduler.schedule(delay, functools.partial(self._move_due, ticket), background=unwatched)

    def _unwatched(self) -> bool:
        # nobody listens, nobody sits (or may come back to a seat a bot keeps for them), for a while
        table = self.table
        since = table.audience.unwatched_since()
        return (since is not None and not any(s["kind"] == "person" or s.get("away") for s in table.seats)
                and table.clock() - since >= UNWATCHED_FULL_SPEED_AFTER)

    def _move_due(self, ticket: int) -> None:
        """The scheduler's job: one bot move, if a bot is still to move (a person may have taken the seat
        while the bot was thinking: then nothing happens; the check is under the table lock)."""
        table = self.table
        with table.lock:
            if ticket != self._ticket:
                return   # another move was queued in its place
            self._ticket = 0
            if table.dropped or table.settings.waiting or not table.driving:
                return
            seat = self._bot_to_move()
            if seat is None:
                return
            if not self._unwatched():
                # another move came after this one was queued (a person took and gave back the seat, and
                # played): the bot still thinks a full delay after the latest move; and waits out a hand's pause
                wait = max(table.moves.last_move_at + self.bot_delay - table.clock(), table.pause.left())
                if wait > 0.001:
                    self.queue_move(wait)
                    return
            try:
                if not self._play(seat):
                    return   # a search bot is thinking: ``_thought`` plays its move and queues the next
            except TableError as e:  # storage refused the move: nothing was played; try again later
                log.warning("table %s: bot move not played (%s); retrying", table.table_id, e)
                self.queue_move(max(self.bot_delay, BOT_RETRY_SECONDS))
                return
            self.queue_move()
