"""The coach at a coached table ("Learn to play"): a first hand on a fixed deal against bots, where the learner hears,
at each of their decisions, the coach's advice (worked out by the thinking workers, as hints are), and after each move
what it did (the learner's own in a sentence or two, a bot's in one line).

Only the learner's connections hear the coach (``{"type": "coach", ...}``, see ``message``), and the coach reads only
the learner's views (``Game.coach``: it is given views, never the state), so it tells nothing the seat could not see.
The lines are worked out from the table's record (a replay of the learner's views), so a table loaded again after a
restart, or played on by another server, says the same lines.
"""
from __future__ import annotations

import collections
import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import gamenight
from gamenight.i18n import Text

from .errors import TableError
from .thinking import Job, Thinkers

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("gamenight.web")
LINES_KEPT = 60          # the coach's latest lines a learner's page gets (a match's whole story is the record's)


class Lesson:
    """The coach of a coached table; owns its lines, the replay they are read from, and the advice for the
    learner's decision (the one being worked out, and the last one that came)."""

    def __init__(self, table: Table):
        self.table = table
        self._replay: gamenight.State[Any, Any] | None = None     # the record replayed as far as the lines go
        self._lines: collections.deque[dict[str, Any]] = collections.deque(maxlen=LINES_KEPT)
        self._advice: dict[str, Any] | None = None   # the last advice that came, with its "step"
        self._thinking: int | None = None           # the step whose advice is being worked out (one at a time)
        self._failed: int | None = None             # the step whose advice could not be worked out (not asked again)
        self._coach: gamenight.Coach[Any] | None = None   # what the moves did is said by the game's coach
        self._told: tuple[int, int, bool] | None = None   # (lines, advice step, thinking) the learner last heard

    @property
    def seat(self) -> int | None:
        """The learner's seat (None: this table has no coach)."""
        table = self.table
        if not table.settings.coached:
            return None
        return table.game.coached_hand().seat

    def coached_deal(self) -> bool:
        """Is this table dealt from its game's coached hand (its bots then decide as the coached hand says)?"""
        if not self.table.settings.coached:
            return False
        return self.table.stored.seed == self.table.game.coached_hand().seed

    # ---- what the learner hears ---------------------------------------------------------------------
    def message(self, token: object) -> dict[str, Any]:
        """The coach as it stands, for the token's person: the learner of a coached table (else the TableError that
        says why not). Asking starts the advice of their decision if it is not worked out yet."""
        table = self.table
        with table.lock:
            seat = table.seat_of(token)
            if self.seat is None:
                raise TableError(Text("this table has no coach"), 409)
            if seat != self.seat:
                raise TableError(Text("the coach speaks to the learner of this table only"), 403)
            return self._up_to_date()

    def greet(self, seat: int | None, send: Callable[[dict[str, Any]], None]) -> None:
        """A connection of ``seat`` just opened (and heard the table): the learner's hears the coach (the lock
        held)."""
        if seat is None or seat != self.seat:
            return
        send(self._up_to_date())

    def tell(self) -> None:
        """After the table was told of a change: the learner's connections here hear the coach, when what it says
        changed (the lock held, or taken). With none here, nothing is worked out."""
        table = self.table
        with table.lock:
            seat = self.seat
            if seat is None:
                return
            if seat not in table.connections_here():
                return   # nobody here hears it (the learner may be at another server of a shared database)
            message = self._up_to_date()
            said = (message["lines"][-1]["step"] if message["lines"] else 0,
                    message["advice"]["step"] if message["advice"] else -1, message["thinking"])
            if said != self._told:
                self._told = said
                table.audience.tell_seat(seat, message)

    def _up_to_date(self) -> dict[str, Any]:
        """The coach's message once its lines have caught up with the record and the learner's decision, if it is
        theirs, is being worked out (the lock held)."""
        self._catch_up()
        self._ask_advice()
        return self._message()

    def _message(self) -> dict[str, Any]:
        step = len(self.table.state.history)
        advice = self._advice if self._advice is not None and self._advice["step"] == step else None
        return {"type": "coach", "seat": self.seat, "version": step, "lines": list(self._lines),
                "advice": advice, "thinking": self._advice_coming()}

    def _advice_coming(self) -> bool:
        """The learner is to move, and the coach is thinking (about this decision, or about one it will ask this
        one's advice after)."""
        state = self.table.state
        return self._thinking is not None and state.current_player == self.seat and not state.is_over

    # ---- what the moves did -------------------------------------------------------------------------
    def _catch_up(self) -> None:
        """A line for each move of the record the lines have not said yet (the lock held)."""
        table, seat = self.table, self.seat
        assert seat is not None
        history = table.state.history
        replay = self._replay
        if replay is None or len(replay.history) > len(history) or (
                replay.history and str(replay.history[-1]) != str(history[len(replay.history) - 1])):
            # first use (a table made or loaded), or the record went back (storage refused a move): read it afresh
            replay = self._replay = table.game.new(seed=table.stored.seed)
            self._lines.clear()
        coach = self._coach = self._coach or table.game.coach(iterations=0)
        while len(replay.history) < len(history):
            action = history[len(replay.history)]
            before = replay.view(seat)
            replay.apply(action)
            after = replay.view(seat)
            self._say(coach.explain(before, action, after), before)
            if before["current_player"] == seat:
                self._compare(action, len(replay.history) - 1, before)

    def _say(self, text: Text, before: gamenight.View) -> None:
        self._lines.append({"step": len(self._replay.history) if self._replay else 0,
                            "hand": before["hand_number"], "text": text.to_json()})

    def _compare(self, action: gamenight.Action, step: int, before: gamenight.View) -> None:
        """The learner did not follow the coach's suggestion at ``step``: the coach says what it had suggested."""
        advice = self._advice
        if advice is None or advice["step"] != step or advice["suggested"] == str(action):
            return
        suggested = next(c for c in advice["choices"] if c["action"] == advice["suggested"])
        self._say(Text("The coach had suggested: {move}.", move=Text.from_json(suggested["says"])), before)

    # ---- the advice at the learner's decision --------------------------------------------------------
    def _ask_advice(self) -> None:
        """The learner is to move and their decision's advice is neither in nor being worked out: the workers
        work it out from the learner's view (the lock held)."""
        table, seat = self.table, self.seat
        state = table.state
        step = len(state.history)
        if state.current_player != seat or state.is_over or self._thinking is not None or step == self._failed or (
                self._advice is not None and self._advice["step"] == step):
            # (one piece of advice at a time per table: a learner playing faster than the coach thinks queues no
            # more work; the current decision's is asked when the one being worked out comes)
            return
        self._thinking = step
        game = table.game
        # the advice's chance is the coach's own (a fixed one: the same view, the same advice)
        job = Job(game.name, game.num_players, game.rules.to_dict(), "expert", dict(state.view(seat)),
                  tuple(str(a) for a in state.legal_actions()), "coach", table.think_iterations, advise=True)
        done = functools.partial(self._advice_came, step)
        (table.thinkers or Thinkers(0)).submit_off_thread(job, done, f"coach {table.table_id}")

    def _advice_came(self, step: int, answer: Any) -> None:
        # in a worker's callback thread: the rest is done on the scheduler, as a bot's move is
        self.table.scheduler.schedule(0.0, functools.partial(self._advised, step, answer))

    def _advised(self, step: int, answer: Any) -> None:
        table = self.table
        with table.lock:
            self._thinking = None
            if answer is None:
                self._failed = step
                log.error("table %s: the coach's advice at step %s could not be worked out", table.table_id, step)
            elif len(table.state.history) == step:
                self._advice = {"step": step, **answer}
            self.tell()
