"""A match's life at its table: a table that holds its start waits for its friends and starts (by itself once every
seat is taken, or when the host, or after the away time anybody seated, says so); a finished match's rematch, made
by the first who asks, with every person's seat kept for them until they claim it.
"""
from __future__ import annotations

import dataclasses
import logging
import secrets
from typing import TYPE_CHECKING, Any

from gamenight.i18n import Text

from . import seats as seats_module
from .errors import TableError, asked_again_if_changed_elsewhere
from .seats import hash_token, seat_rule

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("gamenight.web")


class Lifecycle:
    """The table's start and its rematch; owns when a waiting table began to wait."""

    def __init__(self, table: Table):
        self.table = table
        self.waiting_since = table.clock()   # a table that holds its start has waited since then

    # ---- a table waiting for friends ----------------------------------------------------------
    @asked_again_if_changed_elsewhere
    def start(self, token: object = None, host_token: object = None) -> None:
        """Start a table that holds its start: the host may at any time; a person seated at it once it has waited
        its away time (so a table whose host has gone still starts). Open seats get bots that keep them open."""
        table = self.table
        with table.lock:
            table.check_not_dropped()
            if not table.settings.waiting:
                raise TableError(Text("the table has started already"), 409)
            if host_token is not None:
                table.seating.check_host(host_token)
            else:
                table.seat_of(token)
                if table.clock() - self.waiting_since < table.settings.away_seconds:
                    raise TableError(Text("the host starts the table; after {seconds} s of waiting, anybody seated may",
                                          seconds=table.settings.away_seconds), 403)
            self._start()
        table.broadcast()
        table.step_bots()

    def start_if_full(self) -> None:
        """A waiting table starts by itself once no seat is open (or kept for somebody) (the lock held)."""
        if self.table.settings.waiting and all(s["kind"] != "open" for s in self.table.seats):
            self._start()

    def _start(self) -> None:
        # called with the lock held: the seats still open get bots that keep them open, and play begins
        table = self.table
        seats = [seats_module.bot_seat(table.seating.default_bot(), keeps_open=True) if s["kind"] == "open"
                 else s.copy() for s in table.seats]
        table.seating.save(seats, dataclasses.replace(table.settings, started=True))
        for seat in range(len(seats)):
            table.bots.forget(seat)
        table.moves.turn_starts_now()
        table.away.arm()
        log.info("table %s: started", table.table_id)

    # ---- a rematch ----------------------------------------------------------------------------
    @asked_again_if_changed_elsewhere
    def rematch(self, token: object, client: object = None) -> dict[str, Any]:
        """The token's person, at this finished match, goes on to its rematch, in the same seat: the first to ask
        makes the rematch table (the same game, rules, bots and settings; every person's seat kept for them; it
        waits for them, or for the host, before it starts); everyone at this table is told, and follows when
        they choose. Returns ``{"table_id", "seat", "token"}`` (the same again for a retry with the same client)."""
        table = self.table
        with table.lock:
            seat = table.seat_of(token)
            seat_rule(seats_module.check_client_nonce, client)   # refused before a rematch is made
            if not table.state.is_over:
                raise TableError(Text("a rematch is for when the match is over"), 409)
            if table.on_rematch is None or table.find_table is None:
                raise TableError(Text("this server makes no rematches"), 409)
            made = table.settings.rematch is None
            if made:
                new = table.on_rematch(table)
                table.seating.save(table.seats, dataclasses.replace(table.settings, rematch=new.table_id))
            rematch_id = table.settings.rematch
            name = table.seats[seat].get("name")
        if made:
            table.broadcast()   # everyone here hears of the rematch
        assert rematch_id is not None and table.find_table is not None
        new_token = table.find_table(rematch_id).claim(seat, hash_token(str(token)), name, client)
        return {"table_id": rematch_id, "seat": seat, "token": new_token}

    @asked_again_if_changed_elsewhere
    def claim(self, seat: int, token_hash: str, name: str | None, client: object = None) -> str:
        """The seat kept (for this rematch) for the person who held ``token_hash`` at the match before: theirs now,
        with a new token (the same again for a retry with the same client)."""
        table = self.table
        with table.lock:
            table.check_not_dropped()
            nonce: str | None = seat_rule(seats_module.check_client_nonce, client)
            record = table.seats[seat]
            token = seats_module.seat_token(table.table_id, seat, nonce) if nonce else secrets.token_urlsafe(32)
            if nonce and seats_module.retried(record, hash_token(token), table.now()):
                return token
            if not seats_module.reserved_for(record, token_hash):
                raise TableError(Text("seat {seat} of the rematch is not kept for you (the table may have started "
                                      "without you: take an open seat)", seat=seat), 409)
            table.seating.change(seat, seats_module.person_seat(name, hash_token(token), None, joined=table.now()))
            table.away.saw(seat)
            self.start_if_full()
        table.broadcast()
        table.step_bots()
        return token
