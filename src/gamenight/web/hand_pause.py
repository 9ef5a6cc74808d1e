"""The pause after a hand: the bots (and the people) wait until everyone connected has seen how the hand ended and
said "next hand", or until the table's ``hand_pause_seconds`` are up; everyone hears when play goes on. A person
ready at another server (a shared database) counts as one ready here.

Meanwhile each seat that has not said "next hand" (and the spectators) is shown the hand that ended: ``end_view``, the
seat's own view as the hand's last action found it, replayed from the table's history (so it shows nothing the seat
did not see then); the engine has dealt the next hand already.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from .scheduler import next_ticket

if TYPE_CHECKING:
    from .table import Table


class HandPause:
    """The pause after a hand; owns which hand is being played, when its pause ends, and who said "next hand"."""

    def __init__(self, table: Table):
        self.table = table
        self.hand = table.state.hands_played     # the hand being played: a change is a hand's end
        self.until: float | None = None          # after a hand the bots wait till then, or till all are ready
        self.ready: set[int] = set()             # the seats that said "next hand" during the pause
        self.ticket = 0                          # the pause whose end is still to be announced; 0: none
        self.held_until = 0.0                    # when the last pause ended: a turn's away time starts no sooner
        self.ended_at = 0                        # the number of actions when the last hand ended
        self._end_state: Any = None              # the state as the hand's last action found it (during the pause)
        self._end_views: dict[int | None, dict[str, Any]] = {}   # each seat's view of it, made when first asked

    def after_move(self) -> None:
        """A move was played (the lock held): nothing is played in a pause, so one is over (this move's broadcast
        says so); a move that ended a hand starts the pause after it."""
        self.ticket = 0
        self._forget_the_end()
        hands = self.table.state.hands_played
        if hands != self.hand:
            self.hand = hands
            self.ended_at = len(self.table.state.history)
            self._hand_ended()

    def _hand_ended(self) -> None:
        # called with the lock held: the bots wait until everyone connected has seen the hand's end
        table = self.table
        pause = table.settings.hand_pause_seconds
        if pause > 0 and not table.state.is_over:
            self.until = table.clock() + pause
            self.ready = set()
            if self.waiting_for():   # somebody is here to be held: everyone hears when the time is up
                self.ticket = ticket = next_ticket()
                table.scheduler.schedule(pause, functools.partial(self._due, ticket))

    def _due(self, ticket: int) -> None:
        """The scheduler's job: the pause's time is up (unless everyone said "next hand" before): play goes on."""
        table = self.table
        with table.lock:
            if ticket != self.ticket or table.dropped:
                return
            self.ticket = 0
            if self.left() > 0:   # a clock that runs late: wait for the rest
                self.ticket = ticket
                table.scheduler.schedule(self.left(), functools.partial(self._due, ticket))
                return
            table.away.arm()
        table.broadcast()
        table.step_bots()

    def waiting_for(self) -> list[int]:
        """The people connected who have not said "next hand" yet."""
        table = self.table
        return sorted(seat for seat in range(len(table.seats))
                      if table.audience.connected(seat) and seat not in self.ready
                      and table.seats[seat]["kind"] == "person")

    def left(self) -> float:
        """Seconds the bots still wait after a hand; 0 once the pause is over or everyone connected is ready."""
        if self.until is None:
            return 0.0
        now = self.table.clock()
        left = self.until - now
        if left <= 0 or self.table.state.is_over or not self.waiting_for():   # no next hand after the last
            self.held_until = min(self.until, now)
            self.until = None
            self._forget_the_end()
            return 0.0
        return left

    def end_view(self, seat: int | None) -> dict[str, Any] | None:
        """The hand that ended as ``seat`` saw it (None: a spectator): its view after every action of the hand but the
        last, while the pause after the hand holds and the seat has not said "next hand"; else None. Made once per
        seat and pause (the lock held), from the table's history."""
        if self.until is None or (seat is not None and seat in self.ready) or not self.left():
            return None
        views = self._end_views
        if seat not in views:
            if self._end_state is None:
                actions = self.table.state.history
                self._end_state = self.table.history.state_at(self.ended_at - 1, actions, len(actions))
            views[seat] = self._end_state.view(seat)
        return views[seat]

    def _forget_the_end(self) -> None:
        self._end_state = None
        self._end_views = {}

    def facts(self) -> dict[str, Any] | None:
        """The pause as the summary shows it (None: no pause)."""
        left = self.left()
        return {"seconds_left": round(left, 1), "waiting_for": self.waiting_for()} if left else None

    def turns_start_after(self) -> float:
        """The earliest a turn's away time starts: the end of the pause going on, or of the last one."""
        self.left()   # brings held_until up to date
        return max(self.until or 0.0, self.held_until)

    def next_hand(self, token: object) -> None:
        """The token's person has seen the hand's end ("Next hand"): once everyone connected has, the bots go on."""
        table = self.table
        with table.lock:
            seat = table.seat_of(token)
            if self.until is None:
                return
            hand = self.hand
            if table.peers is not None:
                table.peers.ready(table, seat, hand)
        self.ready_for_next_hand(seat, hand)

    def ready_for_next_hand(self, seat: int, hand: int) -> None:
        """The person at ``seat`` (here, or at another server on a shared database) has seen the end of hand number
        ``hand``: once everyone connected has, the bots go on."""
        table = self.table
        with table.lock:
            if self.until is None or hand != self.hand:
                return
            self.ready.add(seat)
            over = self.left() == 0
            if over:
                self.ticket = 0   # announced now: the timer has nothing left to say
                table.away.arm()
            if over and table.bot_delay > 0:
                table.bots.queue_move(again=True)
        table.broadcast()
        if over and table.bot_delay == 0:
            table.step_bots()
