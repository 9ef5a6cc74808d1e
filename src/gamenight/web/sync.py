"""Keeping up with the other servers on a shared database (see ``shared``): a table's copy here catches up with what
another server stored (its actions, seats and settings), from that server's notice when it is the next write, else
from storage; a write refused because another server wrote first catches up and is refused (``ChangedElsewhere``);
and whether this server plays the table (its lease).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from gamenight import IllegalAction

from .errors import ChangedElsewhere
from .seats import Settings

if TYPE_CHECKING:
    from .table import Table


class Sync:
    """The table's copy here kept up with the database's."""

    def __init__(self, table: Table):
        self.table = table

    def changed_elsewhere(self) -> NoReturn:
        """A write was refused because another server changed the table first (the lock held): this server catches
        up, and the change asked for is refused (its person sees the table as it is now)."""
        self.catch_up_now()
        self.table.broadcast()
        raise ChangedElsewhere()

    def catch_up(self) -> None:
        """Another server changed the table: its new actions, seats and settings are read from storage and applied
        here as if made here; this server's listeners hear of them, and (if this server plays the table) the bots
        play on."""
        table = self.table
        with table.lock:
            if table.dropped or not self.catch_up_now():
                return
            table.broadcast()
        table.step_bots()

    def played_elsewhere(self, revision: int, number: int, action: str) -> None:
        """Another server played ``action`` as the table's action ``number``, its write ``revision``: applied here
        as it is when it is the next write (no need to read storage); else this copy catches up from storage."""
        table = self.table
        with table.lock:
            if table.dropped or revision <= table.revision:
                return
            if revision == table.revision + 1 and number == len(table.state.history) + 1 and self._played(action):
                table.revision = revision
            elif not self.catch_up_now():
                return
            table.broadcast()
        table.step_bots()

    def _played(self, action: str) -> bool:
        # called with the lock held: an action another server stored, played here (False if it does not apply)
        try:
            self._play_stored(action)
        except IllegalAction:
            return False
        return True

    def _play_stored(self, action: str) -> None:
        # called with the lock held: an action read from storage (or another server's notice) played on this copy
        table = self.table
        actor = table.state.current_player
        table.state.apply(action)
        table.moves.moved(actor)

    def catch_up_now(self) -> bool:
        """What another server stored since, applied here (the lock held); False: nothing new."""
        table = self.table
        fresh = table.storage.load_since(table.table_id, len(table.state.history))
        if fresh is None or fresh.revision <= table.revision:
            return False
        for action in fresh.actions:
            self._play_stored(action)   # stored by a server that checked it: it applies
        for seat, (old, new) in enumerate(zip(table.seats, fresh.seats)):
            if old != new:
                table.bots.forget(seat)
        table.seats[:] = fresh.seats
        table.settings = Settings.from_dict(fresh.settings)
        table.revision = fresh.revision
        table.away.arm()
        return True

    def drive(self, driving: bool) -> None:
        """This server now plays the table (its lease was taken), or no longer does (another server holds it)."""
        table = self.table
        with table.lock:
            table.driving = driving
            if not driving:
                table.bots.cancel_queued()   # a queued bot move does nothing when it comes
                return
            self.catch_up_now()
        table.carry_on()
