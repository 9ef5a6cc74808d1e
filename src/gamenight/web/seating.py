"""Seats and the host at a table: who holds which seat (a person by their token's hash), a person taking a seat,
leaving it or coming back to it, and the host's changes (a bot in a seat, a kick, the settings). Every change of
seats is saved before it counts. The rules of who may do what are ``seats``; this part applies them to the table.
"""
from __future__ import annotations

import hmac
import logging
import secrets
from typing import TYPE_CHECKING

import gamenight
from gamenight.i18n import Text

from . import seats as seats_module
from .errors import TableError, asked_again_if_changed_elsewhere
from .seats import Settings, hash_token, seat_rule
from .storage import SeatRecord, StorageConflict, StorageError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("gamenight.web")


class Seating:
    """Who sits where at the table, and the changes of seats and settings (saved, then counted)."""

    def __init__(self, table: Table):
        self.table = table

    # ---- who sits where ----------------------------------------------------------------------
    def seat_of(self, token: object) -> int:
        """The seat the token holds (else the TableError that says why not)."""
        table = self.table
        if not token or not isinstance(token, str):
            raise TableError(Text("a seat token is required"), 401)
        digest = hash_token(token)
        for i, s in enumerate(table.seats):
            if s["kind"] == "person" and hmac.compare_digest(s.get("token_hash", ""), digest):
                return i
        if any(seats_module.returning(s, digest) for s in table.seats):
            if table.state.is_over:
                raise TableError(Text("the match ended while a bot played your seat"), 403)
            raise TableError(Text("a bot plays your seat while you are away: connect to the table to take it back"),
                             403)
        raise TableError(Text("this token holds no seat at this table"), 403)

    def coming_back(self, token: str | None) -> int:
        """The token's seat; a person a bot played for while they were away gets their seat back first (the lock
        held)."""
        table = self.table
        digest = hash_token(token) if isinstance(token, str) and token else None
        for i, s in enumerate(table.seats):
            if digest and seats_module.returning(s, digest) and not table.state.is_over:
                seats = [x.copy() for x in table.seats]
                seats[i] = seats_module.person_seat(s["away"].get("name"), digest, s["bot"])
                self.save(seats)
                table.bots.forget(i)
                table.away.saw(i)
                log.info("table %s: seat %s is back from being away", table.table_id, i)
                return i
        return self.seat_of(token)

    def check_seat(self, seat: object) -> int:
        """``seat`` as a seat number of this table (else a TableError)."""
        last = self.table.game.num_players - 1
        if not gamenight.is_whole_number(seat) or not 0 <= seat <= last:
            raise TableError(Text("seat must be a whole number 0..{last}, not {value}", last=last, value=repr(seat)))
        return seat

    def check_may_change(self) -> None:
        """Refused once the match is over (its seats are its record) or the table was put away."""
        self.table.check_not_dropped()
        if self.table.state.is_over:
            raise TableError(Text("the match is over: its seats no longer change"), 409)

    def check_host(self, host_token: object) -> None:
        """Refused unless ``host_token`` is the table's host's."""
        settings = self.table.settings
        if settings.host_hash is None:
            raise TableError(Text("this table has no host, so its seats and settings cannot be changed"), 403)
        if not isinstance(host_token, str) or not hmac.compare_digest(hash_token(host_token), settings.host_hash):
            raise TableError(Text("only the table's host may change its seats and settings"), 403)

    # ---- a person's changes ------------------------------------------------------------------------
    @asked_again_if_changed_elsewhere
    def join(self, seat: object, name: object = None, client: object = None) -> str:
        """A person takes a seat a newcomer may take (see ``seats``); returns the seat's token. With a client nonce
        the join may be sent again: the same client gets the same token, within ``seats.RETRY_SECONDS``."""
        table = self.table
        with table.lock:
            table.check_not_dropped()
            number = self.check_seat(seat)
            nonce = seat_rule(seats_module.check_client_nonce, client)
            shown = seat_rule(seats_module.clean_name, name)
            record = table.seats[number]
            token = seats_module.seat_token(table.table_id, number, nonce) if nonce else secrets.token_urlsafe(32)
            if nonce and seats_module.retried(record, hash_token(token), table.now()):
                return token          # the same client again (the first answer was lost): the same token
            self.check_may_change()
            if not seats_module.takeable(record, table.settings):
                raise TableError(seats_module.why_not(record, number), 409 if record["kind"] == "person" else 403)
            seats = [s.copy() for s in table.seats]
            seats[number] = seats_module.person_seat(shown, hash_token(token), record.get("bot"), joined=table.now())
            self.save(seats)
            table.bots.forget(number)
            table.away.saw(number)
            table.lifecycle.start_if_full()
            table.away.arm()
        table.broadcast()
        table.step_bots()
        return token

    @asked_again_if_changed_elsewhere
    def leave(self, token: str, bot: str | None = None) -> None:
        """The person gives the seat back: a bot (``bot``, or the one that sat there before) keeps it open for
        whoever takes it next."""
        table = self.table
        with table.lock:
            self.check_may_change()
            seat = self.seat_of(token)
            bot = bot or table.seats[seat].get("bot") or self.default_bot()
            self.check_bot(bot)
            self.change(seat, seats_module.bot_seat(bot, keeps_open=True))
        table.step_bots()
        table.broadcast()

    # ---- the host's changes ------------------------------------------------------------------------
    @asked_again_if_changed_elsewhere
    def set_bot(self, host_token: object, seat: object, bot: str | None) -> None:
        """The host puts a bot (a name) in a seat nobody holds, or opens it (``bot=None``)."""
        table = self.table
        with table.lock:
            self.check_may_change()
            self.check_host(host_token)
            number = self.check_seat(seat)
            if table.seats[number]["kind"] == "person":
                raise TableError(Text("seat {seat} is held by a person; the host may kick them (a bot takes the seat)",
                                      seat=number), 409)
            self.check_bot(bot)
            self.change(number, seats_module.bot_seat(bot) if bot else seats_module.open_seat())
            table.lifecycle.start_if_full()
        table.step_bots()
        table.broadcast()

    @asked_again_if_changed_elsewhere
    def kick(self, host_token: object, seat: object, bot: str | None = None) -> None:
        """The host takes a seat from its person: a bot (``bot``, or the seat's own) plays it from now on."""
        table = self.table
        with table.lock:
            self.check_may_change()
            self.check_host(host_token)
            number = self.check_seat(seat)
            record = table.seats[number]
            if record["kind"] != "person":
                raise TableError(Text("nobody sits at seat {seat}", seat=number), 409)
            bot = bot or record.get("bot") or self.default_bot()
            self.check_bot(bot)
            self.change(number, seats_module.bot_seat(bot))
            log.info("table %s: the host kicked seat %s", table.table_id, number)
        table.step_bots()
        table.broadcast()

    @asked_again_if_changed_elsewhere
    def configure(self, host_token: object, changes: object) -> None:
        """The host changes the table's settings (``bots_may_be_replaced``, ``away_seconds``,
        ``hand_pause_seconds``)."""
        table = self.table
        with table.lock:
            self.check_may_change()
            self.check_host(host_token)
            if isinstance(changes, dict) and "hold_start" in changes:
                raise TableError(Text("only a new table may hold its start (say so when creating it)"), 409)
            settings = seat_rule(table.settings.changed, changes)
            self.save(table.seats, settings)
            table.away.arm()
        table.broadcast()

    # ---- saving --------------------------------------------------------------------------------------
    def change(self, seat: int, record: SeatRecord) -> None:
        """``seat`` holds ``record`` from now on (saved; the lock held); the bot that played it is let go."""
        seats = [s.copy() for s in self.table.seats]
        seats[seat] = record
        self.save(seats)
        self.table.bots.forget(seat)

    def default_bot(self) -> str:
        """The bot that plays a seat when nobody says which."""
        bots = gamenight.bots_for(self.table.game)
        return next((b for b in ("heuristic", "random") if b in bots), bots[0])

    def check_bot(self, bot: object) -> None:
        """Refused unless ``bot`` (None: no bot) is a bot of this game."""
        game = self.table.game
        if bot is not None and bot not in gamenight.bots_for(game):
            raise TableError(Text("unknown bot {bot} for {game}; bots are: {bots}", bot=repr(bot), game=game.name,
                                  bots=", ".join(gamenight.bots_for(game))))

    def save(self, seats: list[SeatRecord], settings: Settings | None = None) -> None:
        """The seats (and the settings, when they change) saved, then the table's (the lock held); another server's
        change first: ``ChangedElsewhere``, after catching up."""
        table = self.table
        try:
            table.storage.save_seats(table.table_id, seats, None if settings is None else settings.to_dict(),
                                     revision=table.revision)
        except StorageConflict:
            table.sync.changed_elsewhere()
        except StorageError as e:
            log.error("table %s: seats not saved: %s", table.table_id, e)
            raise TableError(Text("the server could not save the change of seats, so nothing changed; try again"),
                             503) from None
        table.revision += 1
        table.seats[:] = seats
        if settings is not None:
            table.settings = settings
