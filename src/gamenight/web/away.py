"""A person gone from their turn: when the seat to move has nobody connected (a person gone, or an open seat), a
check is due once the table's away time has passed since the turn began (or the pause after a hand ended) or the
seat's last sign of life; then a bot plays the seat (for the person, who gets it back by coming back; or keeping an
open seat open), so nobody absent or hostile can freeze the table.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from . import seats as seats_module
from .errors import TableError
from .storage import PersonKept

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("gamenight.web")
# a seat change that storage refused is tried again after this long
RETRY_SECONDS = 1.0


class AwayCheck:
    """The away check of the seat to move; owns each seat's last sign of life and whether a check is queued."""

    def __init__(self, table: Table):
        self.table = table
        self.seen: dict[int, float] = {}        # seat -> when its person last moved, connected or left
        self._queued = False

    def saw(self, seat: int, when: float | None = None) -> None:
        """A sign of life from the person at ``seat`` (a move, a connection, a seat taken), now or ``when`` (the
        lock held)."""
        self.seen[seat] = self.table.clock() if when is None else when

    def arm(self) -> None:
        """If the seat to move has nobody connected (a person gone, or an open seat), a check is due when the table's
        away time has passed; then a bot plays the seat, so nobody absent or hostile can freeze the table."""
        # called with the lock held, after anything that changes who is to move or whether they are here
        table = self.table
        if self._queued or table.state.is_over or table.settings.waiting:
            return
        seat = table.state.current_player
        if seat is None or not self._absent(seat):
            return
        self._queued = True
        table.scheduler.schedule(max(0.0, self._due(seat) - table.clock()), self._check_due)

    def clock_facts(self) -> dict[str, Any] | None:
        """The turn's clock as the summary shows it: while the seat to move is nobody's here (a person gone, or an
        open seat) and its turn has begun, ``{"seat", "ends_at", "seconds", "now"}``: when a bot plays it
        (wall-clock seconds), the table's away time, and this server's wall-clock time as it made these facts, so
        that a page counts down ``ends_at - now`` from when it heard them, whatever its own clock says (None
        otherwise). Every server works it out the same way from what it has heard; the one that plays the table
        acts on it. (``now`` changes with each message while a clock runs: the clock alone, a few bytes, in a
        change.)"""
        table = self.table
        if table.state.is_over or table.settings.waiting or table.pause.left():
            return None
        seat = table.state.current_player
        if seat is None or table.seats[seat]["kind"] == "bot" or table.audience.connected(seat):
            return None
        now = table.now()
        ends_at = now + self._due(seat) - table.clock()
        return {"seat": seat, "ends_at": round(ends_at, 1), "seconds": table.settings.away_seconds,
                "now": round(now, 1)}

    def _absent(self, seat: int) -> bool:
        # the seat to move is nobody's here (a person gone or an open seat), and this server plays the table
        table = self.table
        return table.seats[seat]["kind"] != "bot" and not table.audience.connected(seat) and table.driving

    def _due(self, seat: int) -> float:
        # the table's away time after the turn began (or the pause after a hand ended) or the seat's last sign of
        # life, whichever came later
        table = self.table
        began = max(table.moves.last_move_at, table.pause.turns_start_after())
        return max(began, self.seen.get(seat, 0.0)) + table.settings.away_seconds

    def _check_due(self) -> None:
        table = self.table
        with table.lock:
            self._queued = False
            if table.dropped or table.state.is_over:
                return
            seat = table.state.current_player
            if seat is None or not self._absent(seat):
                return
            if self._due(seat) > table.clock():
                self.arm()   # a move or a sign of life came since: wait again
                return
            record = table.seats[seat]
            bot = record.get("bot") or table.seating.default_bot()
            if record["kind"] == "person":
                away: PersonKept = {"name": record.get("name"), "token_hash": record["token_hash"]}
                new = seats_module.bot_seat(bot, away=away)
            else:
                new = seats_module.bot_seat(bot, keeps_open=True)
            try:
                table.seating.change(seat, new)
            except TableError:  # storage refused: try again later
                self._queued = True
                table.scheduler.schedule(RETRY_SECONDS, self._check_due)
                return
            log.info("table %s: seat %s was away for %s s; a bot plays it", table.table_id, seat,
                     table.settings.away_seconds)
        table.broadcast()
        table.step_bots()
