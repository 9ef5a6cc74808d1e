"""Acting at a table: a person's action checked (their seat, their turn, the version they chose it at, no pause),
and any action, a person's or a bot's, committed: applied by the engine (which refuses anything illegal), stored,
and only then heard of. An action sent twice is played once.
"""
from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import gamenight
from gamenight import IllegalAction
from gamenight.i18n import Text

from .errors import TableError, asked_again_if_changed_elsewhere
from .storage import StorageConflict, StorageError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("gamenight.web")


class Moves:
    """The table's moves; owns who played each action and when the latest move (or the start) was."""

    def __init__(self, table: Table, actors: list[int | None]):
        self.table = table
        self.actors = actors                     # who played each action
        self.last_move_at = table.clock()        # a restart gives the person to move a full away time

    def turn_starts_now(self) -> None:
        """Play begins (the table started): the turn to come is timed from now (the lock held)."""
        self.last_move_at = self.table.clock()

    @asked_again_if_changed_elsewhere
    def act(self, token: str | None, action: object, seat: object = None, version: object = None) -> None:
        """The person holding ``token`` plays ``action`` (notation text), chosen at ``version`` (the number of
        actions played when they chose it); then bots play until a person is to move. An action sent twice is
        played once: the copy finds it already played and does nothing."""
        table = self.table
        with table.lock:
            own = table.seating.coming_back(token)
            if seat is not None and table.seating.check_seat(seat) != own:
                raise TableError(Text("your seat is {own}; you may not act for seat {seat}", own=own, seat=seat), 403)
            if not isinstance(action, str) or not action.strip() or len(action) > 200:
                raise TableError(Text("action must be a non-empty notation string (at most 200 characters)"))
            if not gamenight.is_whole_number(version):
                raise TableError(Text("say which version of the table you chose this action at (\"version\": the "
                                      "version of the state you were shown)"))
            played = len(table.state.history)
            if version > played and table.peers is not None and table.sync.catch_up_now():
                # the person was shown more than this server's copy has (another server told them): it catches up
                table.broadcast()
                played = len(table.state.history)
            if version != played:
                if self._played_already(own, action, version):
                    return
                raise TableError(Text("the table has moved on since you chose this action (you chose it at version "
                                      "{version}; the table is at version {played})", version=version, played=played),
                                 409)
            self._check_may_play(own)
            self.commit(action)
        table.step_bots()

    def _check_may_play(self, seat: int) -> None:
        # called with the lock held: the match goes on, it has started, it is ``seat``'s turn and no pause holds it
        table = self.table
        if table.state.is_over:
            raise TableError(Text("the match is over"), 409)
        if table.settings.waiting:
            raise TableError(Text("the table has not started: it waits for the host to start it, or for every "
                                  "seat to be taken"), 409)
        if table.state.current_player != seat:
            raise TableError(Text("it is not your turn (seat {seat} is to act)", seat=table.state.current_player),
                             409)
        if table.pause.left() > 0:
            raise TableError(Text("the table pauses after the hand: play goes on when everyone here has pressed "
                                  "\"Next hand\" (or in {seconds} s)", seconds=math.ceil(table.pause.left())), 409)

    def _played_already(self, seat: int, action: str, version: int) -> bool:
        """Was ``action`` played by ``seat`` as the action at ``version``? (A copy of an action already played.)"""
        history = self.table.state.history
        if not 0 <= version < len(history) or self.actors[version] != seat:
            return False
        played = str(history[version])
        if action.strip() == played:
            return True
        try:
            return str(self.table.game.parse_action(action.strip())) == played
        except Exception:   # not even notation: not this action
            return False

    def commit(self, action: gamenight.Action | str) -> None:
        """``action`` played (the lock held): the engine refuses anything illegal and leaves the state unchanged; the
        action is stored before anyone hears of it, and if storage fails the state goes back to what is stored."""
        table = self.table
        state = table.state
        actor = state.current_player
        try:
            state.apply(action)
        except IllegalAction as e:
            raise TableError(Text("illegal action: {reason}", reason=e.text), 422) from None
        try:
            # the action that ends the match marks the table finished in the same transaction
            table.storage.append_action(table.table_id, len(state.history), str(state.history[-1]), state.is_over,
                                        revision=table.revision)
        except StorageError as e:
            table.state = gamenight.replay({**state.record(), "actions": [str(a) for a in state.history[:-1]]})
            if isinstance(e, StorageConflict):
                table.sync.changed_elsewhere()
            log.error("table %s: action %s not saved: %s", table.table_id, len(state.history), e)
            raise TableError(Text("the server could not save the action, so it was not played; try again"),
                             503) from None
        table.revision += 1
        self.moved(actor)
        table.broadcast()

    def moved(self, actor: int | None) -> None:
        """An action is stored, here or by another server (the lock held): who played it and when, the match's end,
        the pause after a hand, and the away check of whoever is to move next."""
        table = self.table
        self.actors.append(actor)
        self.last_move_at = table.clock()
        if actor is not None and table.seats[actor]["kind"] == "person":
            table.away.saw(actor, self.last_move_at)
        if table.state.is_over and table.on_finished is not None:
            table.on_finished()
        table.pause.after_move()
        table.away.arm()
