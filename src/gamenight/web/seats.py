"""Who may sit where at a web table, and what everyone sees of its seats.

A seat is a small record, stored with the table:

- ``{"kind": "open"}``: nobody sits there; anyone may take it.
- ``{"kind": "bot", "bot": NAME}``: a bot the host (or the table's creation) put there. A person may take it only if
  the host allows friends to replace bots (``bots_may_be_replaced``).
- ``{"kind": "bot", "bot": NAME, "keeps_open": True}``: a bot keeps an empty seat going (a person left, or nobody
  sat down in time); anyone may take it as if it were open.
- ``{"kind": "bot", "bot": NAME, "away": {"name", "token_hash"}}``: a bot plays for a person who is
  gone; that person (their token) gets the seat back by coming back. Nobody else may take it.
- ``{"kind": "person", "name", "token_hash", "bot"}``: a person, known by the SHA-256 of their seat token (the
  token itself is never stored); ``bot`` is who plays the seat if they leave.

The table's ``Settings`` hold the host (the SHA-256 of the creator's host token), whether friends may replace bots,
and how long a gone person's turn waits before a bot plays it. Only the host changes seats and settings; a
spectator changes nothing.
"""
from __future__ import annotations

import base64
import dataclasses
import hashlib
import re
import unicodedata
from typing import Any

import gamenight
from gamenight.i18n import Text

MAX_NAME = 40
# marks that turn the direction of text around them (a name could make "Ann" read as something else)
DIRECTION_MARKS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# letters that draw nothing (fillers), beside spaces, format characters and combining marks
BLANK_LETTERS = set("\u115f\u1160\u180e\u2800\u3164\uffa0")
LOOKS_LIKE_A_BOT = re.compile(r"bot\W*\d*", re.IGNORECASE)
AWAY_SECONDS = 60            # a gone person's turn waits this long before a bot plays their seat
AWAY_LIMITS = (15, 1800)     # what a table may set: from a quick game to a long break
HAND_PAUSE_SECONDS = 8       # after a hand ends, the bots wait this long for everyone to see how it ended
HAND_PAUSE_LIMITS = (0, 60)
CLIENT_NONCE = re.compile(r"[A-Za-z0-9_-]{16,64}")


class SeatError(Exception):
    """A seat change the rules refuse: why (a Text; ``str(error)`` the English); ``status`` is the HTTP status it
    maps to."""

    def __init__(self, message: Text, status: int = 400):
        super().__init__(str(message))
        self.text = message
        self.status = status


def clean_name(name: object) -> str | None:
    """A person's name as shown to everyone (None: no name, shown as "Player N"); SeatError if it could mislead
    (a bot's label, text-direction marks) or break the page (control characters)."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise SeatError(Text("name must be text"))
    name = unicodedata.normalize("NFC", name).strip()
    if len(name) > MAX_NAME:
        raise SeatError(Text("name must be at most {most} characters", most=MAX_NAME))
    if not name:
        return None
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise SeatError(Text("a name may not hold control characters (such as a new line or a tab)"))
    if any(c in DIRECTION_MARKS for c in name):
        raise SeatError(Text("a name may not hold marks that change the direction of text"))
    if all(c in BLANK_LETTERS or unicodedata.category(c)[0] in "ZCM" for c in name):
        raise SeatError(Text("a name needs at least one visible letter, digit or sign"))
    if LOOKS_LIKE_A_BOT.fullmatch(name):
        raise SeatError(Text("a person's name may not look like a bot's label (such as \"Bot 2\")"))
    return name


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def seat_token(table_id: str, seat: int, client: str) -> str:
    """The seat token a join with the client nonce ``client`` gets: the same for a retried join, so a join whose
    answer was lost can be sent again. The nonce is as secret as the token (the client makes it at random)."""
    raw = hashlib.sha256(f"gamenight-seat:{table_id}:{seat}:{client}".encode()).digest()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def check_client_nonce(client: object) -> str | None:
    if client is None:
        return None
    if not isinstance(client, str) or not CLIENT_NONCE.fullmatch(client):
        raise SeatError(Text("client must be a random text of 16-64 letters, digits, - or _ (the same for a retried "
                             "join)"))
    return client


@dataclasses.dataclass
class Settings:
    """A table's settings (stored with its seats): who its host is, and how it treats its players."""
    host_hash: str | None = None          # None: a table from before hosts, whose seats nobody may change
    bots_may_be_replaced: bool = False    # friends may take a bot's seat, mid-match too
    away_seconds: int = AWAY_SECONDS      # a gone person's turn waits this long before a bot plays it
    hold_start: bool = False              # the table waits for friends: nothing is played until it starts
    hand_pause_seconds: int = HAND_PAUSE_SECONDS   # after a hand, the bots wait this long (or until all are ready)
    started: bool = True                  # False while a table that holds its start waits
    rematch: str | None = None            # the table of the rematch, once somebody asked for one
    hints: bool = False                   # a player may ask the expert bot for a hint at their turn

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "Settings":
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in (data or {}).items() if k in known})

    @property
    def waiting(self) -> bool:
        return self.hold_start and not self.started

    def public(self) -> dict[str, Any]:
        return {"has_host": self.host_hash is not None, "bots_may_be_replaced": self.bots_may_be_replaced,
                "away_seconds": self.away_seconds, "hand_pause_seconds": self.hand_pause_seconds,
                "waiting": self.waiting, "rematch": self.rematch, "hints": self.hints}

    def changed(self, changes: object) -> "Settings":
        """These settings with the changes a host asked for (the names in ``SETTABLE``)."""
        if changes is None:
            return self
        if not isinstance(changes, dict):
            raise SeatError(Text("settings must be an object such as {example}",
                                 example='{"bots_may_be_replaced": true, "away_seconds": 60}'))
        out = dataclasses.replace(self)
        for key, value in changes.items():
            if key not in SETTABLE:
                raise SeatError(Text("unknown setting {key}; settings are: {settings}", key=repr(key),
                                     settings=", ".join(SETTABLE)))
            setattr(out, key, _checked_setting(key, value))
        if "hold_start" in changes:   # a table made to hold its start waits until it is started
            out.started = not out.hold_start
        return out


# what a host may set, and how: True/False, or a whole number within (low, high)
SETTABLE: dict[str, type[bool] | tuple[int, int]] = {
    "bots_may_be_replaced": bool, "away_seconds": AWAY_LIMITS, "hold_start": bool,
    "hand_pause_seconds": HAND_PAUSE_LIMITS, "hints": bool}


def _checked_setting(key: str, value: object) -> object:
    kind = SETTABLE[key]
    if kind is bool:
        if not isinstance(value, bool):
            raise SeatError(Text("{key} must be true or false, not {value}", key=key, value=repr(value)))
        return value
    low, high = kind
    if not gamenight.is_whole_number(value) or not low <= value <= high:
        raise SeatError(Text("{key} must be a whole number of seconds {low}..{high}, not {value}", key=key, low=low,
                             high=high, value=repr(value)))
    return value


def open_seat(reserved: dict[str, Any] | None = None) -> dict[str, Any]:
    """An open seat; ``reserved`` ({"name", "token_hash"}): kept for the person who sat there at the match before,
    until they come to the rematch or the table starts without them."""
    return {"kind": "open", "reserved": reserved} if reserved else {"kind": "open"}


def bot_seat(bot: str, *, keeps_open: bool = False, away: dict[str, Any] | None = None) -> dict[str, Any]:
    seat: dict[str, Any] = {"kind": "bot", "bot": bot}
    if keeps_open:
        seat["keeps_open"] = True
    if away:
        seat["away"] = away
    return seat


def person_seat(name: str | None, token_hash: str, bot: str | None) -> dict[str, Any]:
    return {"kind": "person", "name": name, "token_hash": token_hash, "bot": bot}


def takeable(seat: dict[str, Any], settings: Settings) -> bool:
    """May a newcomer sit here now?"""
    if seat["kind"] == "open":
        return not seat.get("reserved")
    if seat["kind"] != "bot" or seat.get("away"):
        return False
    return bool(seat.get("keeps_open")) or settings.bots_may_be_replaced


def why_not(seat: dict[str, Any], number: int) -> Text:
    """Why a newcomer may not take this seat."""
    if seat["kind"] == "person":
        return Text("seat {seat} is taken", seat=number)
    if seat.get("reserved"):
        name = seat["reserved"].get("name")
        return (Text("seat {seat} is kept for {name} from the match before", seat=number, name=name) if name
                else Text("seat {seat} is kept for its player from the match before", seat=number))
    if seat.get("away"):
        name = seat["away"].get("name")
        return (Text("a bot plays seat {seat} for {name} until they come back", seat=number, name=name) if name
                else Text("a bot plays seat {seat} for its player until they come back", seat=number))
    return Text("a bot plays seat {seat}; only the host may open it, or let friends take the bots' seats", seat=number)


def returning(seat: dict[str, Any], token_hash: str) -> bool:
    """Is this the person a bot plays for while they are away?"""
    away = seat.get("away") if seat["kind"] == "bot" else None
    return isinstance(away, dict) and away.get("token_hash") == token_hash


def reserved_for(seat: dict[str, Any], token_hash: str) -> bool:
    """Is this seat kept (for the rematch) for the person who held ``token_hash`` at the match before?"""
    reserved = seat.get("reserved") if seat["kind"] == "open" else None
    return isinstance(reserved, dict) and reserved.get("token_hash") == token_hash


def for_rematch(seat: dict[str, Any]) -> dict[str, Any]:
    """The seat a rematch starts with: a person's (or an away person's) kept for them; a bot that kept a seat open
    gives way to an open seat; a bot the host put there stays."""
    if seat["kind"] == "person":
        return open_seat({"name": seat.get("name"), "token_hash": seat["token_hash"]})
    if seat["kind"] == "bot" and seat.get("away"):
        return open_seat(dict(seat["away"]))
    if seat["kind"] == "bot" and not seat.get("keeps_open"):
        return bot_seat(seat["bot"])
    return open_seat()


def public(number: int, seat: dict[str, Any], settings: Settings, connected: bool) -> dict[str, Any]:
    """What everyone sees of a seat (never a token's hash). The person it names (``name``, ``reserved`` for, or
    ``away``) without a name of their own is "Player N", and ``unnamed`` says so (the pages say it in the reader's
    language)."""
    out = {"seat": number, "kind": seat["kind"], "takeable": takeable(seat, settings)}
    person = None
    if seat.get("reserved"):
        person = seat["reserved"]
        out["reserved"] = person.get("name") or f"Player {number + 1}"
    if seat["kind"] == "bot":
        out["bot"] = seat["bot"]
        if seat.get("away"):
            person = seat["away"]
            out["away"] = person.get("name") or f"Player {number + 1}"
    if seat["kind"] == "person":
        person = seat
        out["name"] = seat.get("name") or f"Player {number + 1}"
        out["connected"] = connected
    if person is not None and not person.get("name"):
        out["unnamed"] = True
    return out
