"""Reactions: a seated person shows one of a small fixed set ("Good game", "Nice move", "Oops", "Thinking…", "Well
played") at their seat, to everyone at the table for a few seconds. No free text: a reaction is a name from
``REACTIONS``, and each page says it in its reader's language. Nothing is stored (a reaction is not a move and not
in the record); the table tells every connection here, and the other servers on a shared database tell theirs.

Refused, with a clear error and nothing sent: from a spectator, at a table whose host turned reactions off, an
unknown name, and more than ``BURST`` at once or one every ``1 / RATE`` seconds on average from one seat.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight.i18n import Text

from .errors import TableError
from .limits import TokenBucket

if TYPE_CHECKING:
    from .table import Table

REACTIONS = ("good_game", "nice_move", "oops", "thinking", "well_played")
RATE = 0.5      # a seat's reactions a second, on average ...
BURST = 3       # ... and at most this many at once


def reaction_message(seat: int, reaction: str) -> dict[str, Any]:
    """What every page of the table receives (docs/web.md, "Reactions")."""
    return {"type": "reaction", "seat": seat, "reaction": reaction}


class Reactions:
    """A table's reactions; owns each seat's rate limit."""

    def __init__(self, table: Table):
        self.table = table
        self._buckets: dict[int, TokenBucket] = {}

    def react(self, token: object, reaction: object) -> None:
        """The token's person shows ``reaction`` at their seat (else the TableError that says why not)."""
        table = self.table
        if not isinstance(reaction, str) or reaction not in REACTIONS:
            said = repr(reaction)   # echoed back, but never more than a short name's worth
            raise TableError(Text("unknown reaction {reaction}; reactions are: {reactions}",
                                  reaction=said if len(said) <= 40 else said[:39] + "…",
                                  reactions=", ".join(REACTIONS)))
        with table.lock:
            if token is None:
                raise TableError(Text("spectators may not react"), 403)
            seat = table.seat_of(token)
            if not table.settings.reactions:
                raise TableError(Text("the host has turned reactions off at this table"), 409)
            bucket = self._buckets.setdefault(seat, TokenBucket(RATE, BURST, table.clock))
            if not bucket.take():
                raise TableError(Text("too many reactions: wait a moment"), 429)
            self.shown(seat, reaction)
        if table.peers is not None:
            table.peers.reaction(table, seat, REACTIONS.index(reaction))

    def shown(self, seat: int, reaction: str) -> None:
        """Every connection here hears that ``seat`` shows ``reaction`` (the lock held)."""
        self.table.audience.tell_everyone(reaction_message(seat, reaction))

    def heard(self, seat: int, number: int) -> None:
        """Another server's person at ``seat`` showed reaction number ``number`` (its checks were made there)."""
        if 0 <= number < len(REACTIONS) and 0 <= seat < len(self.table.seats):
            with self.table.lock:
                if self.table.settings.reactions:
                    self.shown(seat, REACTIONS[number])
