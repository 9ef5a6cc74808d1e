"""Who is listening at a table, and what each hears: the table's connections (each with its seat, the token hash it
came with, and how to send it a message), the connections to each seat here and at the other servers (who is here,
for everyone's pages), and the messages, each seat its own view (spectators ``view(None)``).

The message code reads the table's names as its own (``self.state``, ``self.seats``, ...: the properties below
hand them on), so it reads as it did when it was the table's.
"""
from __future__ import annotations

import collections
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import gamenight
from gamenight.i18n import Text

from . import seats as seats_module
from .errors import asked_again_if_changed_elsewhere as _asked_again_if_changed_elsewhere
from .messages import SeatMessages, Shared
from .seats import Settings, hash_token
from .storage import SeatRecord, StoredTable

if TYPE_CHECKING:
    from .table import Table

Send = Callable[[dict[str, Any]], None]   # how a connection is sent a message


class Audience:
    """The table's listeners and its connections: whom each change is sent to, and what each hears."""

    def __init__(self, table: Table):
        self.table = table
        self.listeners: dict[int, list[Any]] = {}     # key -> [seat or None, token hash or None, send]
        self.messages = SeatMessages()           # each seat's last message: the next goes out as what changed
        self.rules = table.game.rules.to_dict()  # the rules as the summary gives them (made once: never changed)
        self._next_listener = 0
        self._connections: collections.Counter[int] = collections.Counter()   # seat -> its open connections
        # on a shared database (several servers): the other servers' open connections, seat -> count
        self.remote_connections: collections.Counter[int] = collections.Counter()
        self._unwatched_since = table.clock()   # when the last listener left
        self._presence_told = self.presence()   # who is connected, as the last messages sent said
        self._presence_queued = False                # a message saying who is connected is on its way

    # ---- the table's names, as the message code below reads them ---------------------------------
    @property
    def lock(self) -> threading.RLock:
        return self.table.lock

    @property
    def state(self) -> gamenight.State[Any, Any]:
        return self.table.state

    @property
    def table_id(self) -> str:
        return self.table.table_id

    @property
    def game(self) -> gamenight.Game[Any, Any]:
        return self.table.game

    @property
    def rules_summary(self) -> list[dict[str, Any]]:
        return self.table.rules_summary

    @property
    def seats(self) -> list[SeatRecord]:
        return self.table.seats

    @property
    def settings(self) -> Settings:
        return self.table.settings

    @property
    def stored(self) -> StoredTable:
        return self.table.stored

    @property
    def on_unwatched(self) -> Callable[[], None] | None:
        return self.table.on_unwatched

    @property
    def _seen(self) -> dict[int, float]:
        return self.table.away.seen

    def clock(self) -> float:
        return self.table.clock()

    def seat_of(self, token: object) -> int:
        return self.table.seating.seat_of(token)

    def _seat_coming_back(self, token: str | None) -> int:
        return self.table.seating.coming_back(token)

    def _check_not_dropped(self) -> None:
        self.table.check_not_dropped()

    def _pause_left(self) -> float:
        return self.table.pause.left()

    def _pause_facts(self) -> dict[str, Any] | None:
        return self.table.pause.facts()

    # ---- what clients see --------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Public facts about the table (no tokens, no seed)."""
        state = self.state
        return {"table_id": self.table_id, "game": self.game.name, "title": self.game.title,
                "players": self.game.num_players, "rules": self.rules,
                "rules_summary": self.rules_summary,
                "seats": [seats_module.public(i, s, self.settings, self._connected(i), state.is_over)
                          for i, s in enumerate(self.seats)],
                "settings": self.settings.public(), "hand_pause": self._pause_facts(),
                "turn_clock": self.table.away.clock_facts(),
                "current_player": state.current_player, "is_over": state.is_over,
                "actions": len(state.history), "created": self.stored.created}

    def message_for(self, seat: int | None, sheet: gamenight.ScoreSheet | None = None,
                    summary: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything one client receives: its seat's view, whose turn it is and (on its turn) its legal actions,
        and during the pause after a hand the hand that ended as the seat saw it (``hand_end_view``, else None);
        ``sheet`` and ``summary``: the score sheet and the summary when the caller has them already (they are the
        same for every seat)."""
        state = self.state
        to_move = (seat is not None and state.current_player == seat and not self.settings.waiting
                   and not self._pause_left())
        legal = [str(a) for a in state.legal_actions()] if to_move else []
        return {"type": "state", "table": summary or self.summary(), "seat": seat, "version": len(state.history),
                "view": state.view(seat), "legal_actions": legal, "score_sheet": sheet or state.score_sheet(),
                "legal_described": [self.game.describe(a) for a in state.legal_now()] if legal else [],
                "hand_end_view": self.table.pause.end_view(seat)}

    def message_for_token(self, token: str | None) -> dict[str, Any]:
        """The message of the token's seat (no token: the spectator's)."""
        with self.lock:
            return self.message_for(self.seat_of(token) if token else None)

    # ---- listeners ---------------------------------------------------------------------------
    @_asked_again_if_changed_elsewhere
    def listen(self, token: str | None, send: Send) -> int:
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
            # a person coming back, or here now where nobody was: every page hears of it (this one whole)
            changed = self.seats != seats_before or (len(self.listeners) > 1 and self.presence() != self._presence_told)
            if not changed:
                self._presence_told = self.presence()   # (as before, or this page alone is told)
                alone = all(entry[0] != seat for other, entry in self.listeners.items() if other != key)
                send(self.messages.for_newcomer(seat, self.message_for(seat), alone))
        if changed:
            self.broadcast()
        return key

    def unlisten(self, key: int) -> None:
        with self.lock:
            entry = self.listeners.pop(key, None)
            if entry is not None and entry[0] is not None:
                self._lost_connection(entry[0])
                if self.listeners and not self._connected(entry[0]):
                    self._presence_changed()   # the person's last connection went: the others hear of it
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
            self.table.away.arm()

    def broadcast(self) -> None:
        with self.lock:
            for entry in list(self.listeners.values()):
                seat, digest, send = entry
                if seat is not None and self.seats[seat].get("token_hash") != digest:
                    # the person left the seat (or was kicked): this connection watches as a spectator from now on
                    entry[0] = None
                    self._lost_connection(seat)
                    lost = Text("your token no longer holds a seat; you are watching")
                    send({"type": "error", "error": str(lost), "status": 403, "text": lost.to_json()})
            # each seat's message built once for all its listeners, the sheet and the summary once for all seats
            cache: dict[int | None, dict[str, Any]] = {}
            sheet, summary = self.state.score_sheet(), self.summary()
            self._presence_told = self.presence()
            for seat, _, send in list(self.listeners.values()):
                if seat not in cache:
                    cache[seat] = self.messages.after_change(seat, self.message_for(seat, sheet, summary))
                send(cache[seat])

    def forget_messages(self) -> None:
        """Let go of each seat's last message (the table is put away)."""
        self.messages.clear()

    def tell_seat(self, seat: int, message: dict[str, Any]) -> None:
        """``message`` to the connections of the person who holds ``seat`` now, and nobody else (the lock held)."""
        digest = self.seats[seat].get("token_hash")
        for listener_seat, listener_digest, send in list(self.listeners.values()):
            if listener_seat == seat and digest is not None and listener_digest == digest:
                send(message)

    def tell_everyone(self, message: dict[str, Any]) -> None:
        """``message`` to every connection of the table, spectators too (the lock held): not a state, so it changes
        no seat's last message. Its text is encoded once for all of them (``Shared``)."""
        shared = Shared(message)
        for _, _, send in list(self.listeners.values()):
            send(shared)

    def unwatched_since(self) -> float | None:
        """Since when nobody listens (None: somebody does)."""
        return None if self.listeners else self._unwatched_since

    # ---- connections here and at the other servers -------------------------------------------------
    def connections_here(self) -> dict[int, int]:
        """This server's open connections to each seat that has any, seat -> count."""
        with self.lock:
            return {seat: count for seat, count in self._connections.items() if count}

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` has an open connection, here or at another server."""
        return self._connections[seat] + self.remote_connections[seat] > 0

    _connected = connected   # as the message code reads it

    def connections_elsewhere(self, counts: dict[int, int]) -> None:
        """The other servers' open connections to each seat (a shared database): who is here, for everyone's
        pages (told at once when somebody came or went), and for the away times of the server that plays the
        table."""
        with self.lock:
            before = self.presence()
            self.remote_connections = collections.Counter(counts)
            for seat, was in enumerate(before):
                if self._connected(seat) != was:
                    self._seen[seat] = self.clock()
            self.table.away.arm()
            changed = bool(self.listeners) and self.presence() != self._presence_told
        if changed:
            self.broadcast()

    def presence(self) -> tuple[bool, ...]:
        """Whether each seat has an open connection, here or at another server (what the summary's seats say)."""
        return tuple(self._connected(seat) for seat in range(len(self.seats)))

    def _presence_changed(self) -> None:
        # called with the lock held, when a connection went: every page hears who is here, soon, off the event loop
        # (on the scheduler, before the bots' moves), and once however often people come and go meanwhile
        if not self._presence_queued:
            self._presence_queued = True
            self.table.scheduler.first(self._tell_presence)

    def _tell_presence(self) -> None:
        with self.lock:
            self._presence_queued = False
            if self.table.dropped or not self.listeners or self.presence() == self._presence_told:
                return   # nobody to tell, told already (a message since said it), or back as it was
            self.broadcast()

    def _tell_connections(self, seat: int) -> None:
        # called with the lock held: the other servers hear how many connections this one has to ``seat``
        if self.table.peers is not None:
            self.table.peers.connections(self.table, seat, self._connections[seat])
