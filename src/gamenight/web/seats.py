"""Who may sit where at a web table, and what everyone sees of its seats.

A seat is a small record, stored with the table:

- ``{"kind": "open"}``: nobody sits there; anyone may take it.
- ``{"kind": "bot", "bot": NAME}``: a bot the host (or the table's creation) put there. A person may take it only if
  the host allows friends to replace bots (``bots_may_be_replaced``).
- ``{"kind": "bot", "bot": NAME, "keeps_open": True}``: a bot keeps an empty seat going (a person left, or nobody
  sat down in time); anyone may take it as if it were open.
- ``{"kind": "bot", "bot": NAME, "away": {"name", "token_hash"}}``: a bot plays for a person who is
  gone; that person (their token) gets the seat back by coming back. Nobody else may take it.
- ``{"kind": "person", "name", "token_hash", "bot", "joined"}``: a person, known by the SHA-256 of their seat token
  (the token itself is never stored); ``bot`` is who plays the seat if they leave; ``joined`` when they took it (wall
  clock seconds, so every server on a shared database and a restarted one read it alike): a join sent again with
  the same client nonce gets the token again only within RETRY_SECONDS of it.

The table's ``Settings`` hold the host (the SHA-256 of the creator's host token), whether friends may replace bots,
and how long a gone person's turn waits before a bot plays it. Only the host changes seats and settings; a
spectator changes nothing.
"""
from __future__ import annotations

import base64
import dataclasses
import functools
import hashlib
import hmac
import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

import gamenight
from gamenight.i18n import LANGUAGES, N_, CatalogMissing, Text, translator

from .errors import TableError
from .storage import PersonKept, SeatRecord

P = ParamSpec("P")
R = TypeVar("R")

MAX_NAME = 40
# marks that turn the direction of text around them (a name could make "Ann" read as something else)
DIRECTION_MARKS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# letters that draw nothing (fillers), beside spaces, format characters and combining marks
BLANK_LETTERS = set("\u115f\u1160\u180e\u2800\u3164\uffa0")
# what the pages call a seat nobody named and a bot's seat (table.js seatName and personName, lobby.js seatText,
# gn.js seatBox and botLabel, which shows a bot as "Casual (heuristic)"), in each language: no person's name may read
# as one of these, whatever its number ({number}), bot ({name}) or level ({label})
SEAT_LABELS = (N_("Player {number}"), N_("Seat {number}"), N_("seat {number}"), N_("open seat"), N_("open"))
BOT_LABELS = (N_("Bot {number}"), N_("bot: {name}"), N_("bot: {label} ({name})"), "{label} ({name})", "{name}")
AWAY_SECONDS = 60            # a gone person's turn waits this long before a bot plays their seat
AWAY_LIMITS = (15, 1800)     # what a table may set: from a quick game to a long break
HAND_PAUSE_SECONDS = 8       # after a hand ends, the bots wait this long for everyone to see how it ended
HAND_PAUSE_LIMITS = (0, 60)
# a client nonce: 22-64 base64url characters (22 carry 132 bits: 16 random bytes), and one that looks random: at
# least 8 different characters, not a piece repeated, and at most half its neighbours equal or next to each other
# (runs such as "aaaa" or "abcd"). A nonce a client made at random passes all but once in about 10^9 tries.
CLIENT_NONCE = re.compile(r"[A-Za-z0-9_-]{22,64}")
NONCE_DIFFERENT = 8
RETRY_SECONDS = 60           # a join sent again with its client nonce gets the same token for this long


class SeatError(Exception):
    """A seat change the rules refuse: why (a Text; ``str(error)`` the English); ``status`` is the HTTP status it
    maps to."""

    def __init__(self, message: Text, status: int = 400):
        super().__init__(str(message))
        self.text = message
        self.status = status


def clean_name(name: object) -> str | None:
    """A person's name as shown to everyone (None: no name, shown as "Player N"), normalised: NFKC (full-width letters
    and ligatures spelt plainly), without invisible characters (format characters such as zero-width spaces and soft
    hyphens, letters that draw nothing), one space between words. SeatError if it could mislead (a bot's label or a
    seat's name in any language the pages speak, text-direction marks) or break the page (control characters)."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise SeatError(Text("name must be text"))
    name = unicodedata.normalize("NFKC", name)
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise SeatError(Text("a name may not hold control characters (such as a new line or a tab)"))
    if any(c in DIRECTION_MARKS for c in name):
        raise SeatError(Text("a name may not hold marks that change the direction of text"))
    if not name.strip():
        return None
    if all(_blank(c) or unicodedata.category(c)[0] in "ZCM" for c in name):
        raise SeatError(Text("a name needs at least one visible letter, digit or sign"))
    name = " ".join("".join(" " if _blank(c) else c for c in name if not _invisible(c)).split())
    if len(name) > MAX_NAME:
        raise SeatError(Text("name must be at most {most} characters", most=MAX_NAME))
    if reads_as_a_label(name):
        raise SeatError(Text("that name reads as a bot's or a seat's label (such as \"Bot 2\" or \"Player 1\"); "
                             "choose another"))
    return name


def _invisible(c: str) -> bool:
    # format characters (zero-width spaces and joiners, soft hyphens, word joiners, ...) and the combining grapheme
    # joiner: they draw nothing
    return unicodedata.category(c) == "Cf" or c == "\u034f"


def _blank(c: str) -> bool:
    return c in BLANK_LETTERS


def _key(text: str) -> str:
    """What a text reads as, to compare: NFKC, case-folded, its letters and digits alone (no spaces, punctuation,
    symbols, marks or invisible characters): "Ｂｏｔ #2", "bo\u200bt-2" and "Bot 2" all read "bot2"."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    return "".join(c for c in folded if unicodedata.category(c)[0] in "LN" and not _blank(c))


def reads_as_a_label(name: str) -> bool:
    """Does the name read as what the pages call a bot or a seat nobody named, in any language they speak?"""
    key = _key(name)
    return bool(key) and _labels().fullmatch(key) is not None


@functools.cache
def _labels() -> re.Pattern[str]:
    """SEAT_LABELS and BOT_LABELS as every language's catalog says them, compared as ``_key`` reads a name: a
    number may be any number or none; a bot's name or level any of the bots' program names ("heuristic"), their
    levels in that language ("Casual"), or a level with a name ("Casual (heuristic)")."""
    names: set[str] = set()
    levels: set[str] = set()
    for game in gamenight.games():
        for bot, level in gamenight.bot_labels(gamenight.make(game)).items():
            names.add(bot)
            levels.add(level)
    forms = []
    for lang in LANGUAGES:
        try:
            said = translator(lang).gettext
        except CatalogMissing:   # a catalog not compiled: its language's words are not known here
            continue
        said_levels = {_key(said(level)) for level in levels}
        bots = {_key(n) for n in names} | said_levels | {level + _key(n) for level in said_levels for n in names}
        fields = {"{number}": r"\d*", "{seat}": r"\d*", "{label}": _any_of(said_levels), "{name}": _any_of(bots)}
        for template in SEAT_LABELS + BOT_LABELS:
            parts = re.split(r"(\{\w+\})", said(template))
            forms.append("".join(fields[part] if part in fields else re.escape(_key(part)) for part in parts))
    return re.compile("|".join(f"(?:{form})" for form in sorted(set(forms))))


def _any_of(words: set[str]) -> str:
    """A regular expression for one of the words, or none."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)) if w) + ")?"


def hash_token(token: str) -> str:
    """The SHA-256 of a seat's or a host's token, as the table keeps it (it never keeps a token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def seat_rule(rule: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Apply a rule of this module; its SeatError becomes the TableError clients see."""
    try:
        return rule(*args, **kwargs)
    except SeatError as e:
        raise TableError(e.text, e.status) from None


def seat_token(table_id: str, seat: int, client: str) -> str:
    """The seat token a join with the client nonce ``client`` gets: the same for a retried join, so a join whose
    answer was lost can be sent again. The nonce is as secret as the token (the client makes it at random)."""
    raw = hashlib.sha256(f"gamenight-seat:{table_id}:{seat}:{client}".encode()).digest()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def check_client_nonce(client: object) -> str | None:
    """A client nonce (None: none sent); SeatError unless it is long and random enough (see CLIENT_NONCE) that
    nobody else sends the same one, since whoever sends it, within RETRY_SECONDS, gets the seat's token."""
    if client is None:
        return None
    if not isinstance(client, str) or not CLIENT_NONCE.fullmatch(client) or not _looks_random(client):
        raise SeatError(Text("client must be a random text of 22-64 letters, digits, - or _ (128 bits or more, such as "
                             "16 random bytes in base64url): at least 8 different characters, not a piece repeated, "
                             "not mostly runs such as \"aaaa\" or \"abcd\""))
    return client


def _looks_random(nonce: str) -> bool:
    if len(set(nonce)) < NONCE_DIFFERENT:
        return False
    if any(all(nonce[i] == nonce[i + p] for i in range(len(nonce) - p)) for p in range(1, len(nonce) // 2 + 1)):
        return False   # a piece repeated ("q8Zr2Lp0q8Zr2Lp0...")
    runs = sum(abs(ord(a) - ord(b)) <= 1 for a, b in zip(nonce, nonce[1:]))
    return 2 * runs <= len(nonce) - 1


def retried(seat: SeatRecord, token_hash: str, now: float) -> bool:
    """Is a join that would get the token hashed ``token_hash`` (the same table, seat and client nonce) the retry of
    the join that seated this person: within RETRY_SECONDS of it (``now`` and the seat's ``joined``: wall-clock
    seconds)? Only then is it answered with the same token; a seat with no join time (stored before there was one)
    has no retries."""
    if seat["kind"] != "person" or not hmac.compare_digest(str(seat.get("token_hash", "")), token_hash):
        return False
    joined = seat.get("joined")
    if isinstance(joined, bool) or not isinstance(joined, (int, float)):
        return False
    return abs(now - joined) <= RETRY_SECONDS   # either way: servers' clocks may differ by a second or two


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
    hints: bool = False                   # a player may ask the expert bot for a hint at their turn (a new table:
                                          # unless its creator says, on where a seat is a bot, hints_by_default)
    reactions: bool = True                # players may show reactions ("Nice move") at their seat
    coached: bool = False                 # a coached table ("Learn to play"): its learner hears the coach (set only
                                          # when the table is made, by ``TableManager.learn``)

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
                "waiting": self.waiting, "rematch": self.rematch, "hints": self.hints, "reactions": self.reactions,
                "coached": self.coached}

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


def hints_by_default(seats: object) -> bool:
    """Whether a new table offers hints unless its creator says otherwise: yes at a table with a bot (a person
    learning against the programs), no at a table of people only (``seats``: the creation's, a bot's name or None)."""
    return isinstance(seats, list) and any(isinstance(seat, str) for seat in seats)


# what a host may set, and how: True/False, or a whole number within (low, high)
SETTABLE: dict[str, type[bool] | tuple[int, int]] = {
    "bots_may_be_replaced": bool, "away_seconds": AWAY_LIMITS, "hold_start": bool,
    "hand_pause_seconds": HAND_PAUSE_LIMITS, "hints": bool, "reactions": bool}


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


def open_seat(reserved: PersonKept | None = None) -> SeatRecord:
    """An open seat; ``reserved`` ({"name", "token_hash"}): kept for the person who sat there at the match before,
    until they come to the rematch or the table starts without them."""
    return {"kind": "open", "reserved": reserved} if reserved else {"kind": "open"}


def bot_seat(bot: str, *, keeps_open: bool = False, away: PersonKept | None = None) -> SeatRecord:
    seat: SeatRecord = {"kind": "bot", "bot": bot}
    if keeps_open:
        seat["keeps_open"] = True
    if away:
        seat["away"] = away
    return seat


def person_seat(name: str | None, token_hash: str, bot: str | None, joined: float | None = None) -> SeatRecord:
    seat: SeatRecord = {"kind": "person", "name": name, "token_hash": token_hash, "bot": bot}
    if joined is not None:
        seat["joined"] = joined
    return seat


def bot_of(seat: SeatRecord) -> str:
    """The bot that plays a bot's seat (a bot's seat always names one)."""
    bot = seat["bot"]
    if bot is None:
        raise ValueError(f"a bot's seat names no bot: {seat!r}")
    return bot


def takeable(seat: SeatRecord, settings: Settings) -> bool:
    """May a newcomer sit here now?"""
    if seat["kind"] == "open":
        return not seat.get("reserved")
    if seat["kind"] != "bot" or seat.get("away"):
        return False
    return bool(seat.get("keeps_open")) or settings.bots_may_be_replaced


def why_not(seat: SeatRecord, number: int) -> Text:
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


def returning(seat: SeatRecord, token_hash: str) -> bool:
    """Is this the person a bot plays for while they are away?"""
    away = seat.get("away") if seat["kind"] == "bot" else None
    return isinstance(away, dict) and away.get("token_hash") == token_hash


def reserved_for(seat: SeatRecord, token_hash: str) -> bool:
    """Is this seat kept (for the rematch) for the person who held ``token_hash`` at the match before?"""
    reserved = seat.get("reserved") if seat["kind"] == "open" else None
    return isinstance(reserved, dict) and reserved.get("token_hash") == token_hash


def for_rematch(seat: SeatRecord) -> SeatRecord:
    """The seat a rematch starts with: a person's (or an away person's) kept for them; a bot that kept a seat open
    gives way to an open seat; a bot the host put there stays."""
    if seat["kind"] == "person":
        return open_seat({"name": seat.get("name"), "token_hash": seat["token_hash"]})
    if seat["kind"] == "bot" and seat.get("away"):
        return open_seat(seat["away"].copy())
    if seat["kind"] == "bot" and not seat.get("keeps_open"):
        return bot_seat(bot_of(seat))
    return open_seat()


def public(number: int, seat: SeatRecord, settings: Settings, connected: bool,
           over: bool = False) -> dict[str, Any]:
    """What everyone sees of a seat (never a token's hash). The person it names (``name``, ``reserved`` for, or
    ``away``) without a name of their own is "Player N", and ``unnamed`` says so (the pages say it in the reader's
    language). Once the match is ``over`` no seat is takeable: its seats are its record of who played."""
    out: dict[str, Any] = {"seat": number, "kind": seat["kind"], "takeable": not over and takeable(seat, settings)}
    person: Mapping[str, object] | None = None
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
