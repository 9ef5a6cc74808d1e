"""A table's state messages on the wire: each built once per seat and change, sent whole or as what changed.

``Table.message_for(seat)`` builds a seat's whole state message (``{"type": "state", "table", "seat", "version",
"view", "legal_actions", "legal_described", "score_sheet", "hand_end_view"}``, docs/web.md). After every change
the table builds it once per seat that has listeners (once for all spectators) and hands it to each listener as an
``Outgoing``: that same message (a dict, so an in-process listener sees it whole), plus what changed since the
seat's message before it (a ``change`` message, see ``change_between``) and their JSON text, each encoded once,
when a connection first needs it, and the same text sent to every listener of that seat.

A connection that received the seat's message before this one gets the change; any other (it just connected,
its person was made a spectator, or it read slowly and some messages were left out for it) gets the whole
message. ``apply_change`` is how a client rebuilds the whole message from a change (the page's ``GN.applyChange``
does the same), so both carry the same state.
"""
from __future__ import annotations

import itertools
import json
from typing import Any

try:   # the web extra's fast JSON encoder (about ten times the standard library's on these messages), if installed
    import orjson
    FAST_JSON = True
except ImportError:  # pragma: no cover - the same text, from the standard library
    FAST_JSON = False

# the keys of a state message that say which message it is, rather than what the table is
HEADER = ("type", "seat", "version")
# a change also says, for lists inside the message's objects that grew, only the items added ...
EXTEND = "extend"
# ... and the keys of those objects that are gone
DROP = "drop"


def encode(message: dict[str, Any]) -> str:
    """A message as the WebSocket's text: compact JSON, UTF-8 as it is (orjson's, when the web extra brought it: the
    same JSON value; keys that are numbers written as strings, as the standard library does)."""
    if FAST_JSON:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def change_between(before: dict[str, Any], after: dict[str, Any],
                   memo: dict[str, tuple[Any, Any, ObjectChange]] | None = None) -> dict[str, Any]:
    """The ``change`` message that turns the state message ``before`` into ``after`` (``apply_change``).

    ``{"type": "change", "version": n}`` and, for each key of the state message whose value changed: an object
    (the summary ``table``, the ``view``, the ``score_sheet``) as the object of its keys that changed, each whole;
    anything else whole. ``extend`` holds, per object, its lists that only grew (the log), as the items added;
    ``drop``, per object, its keys that are gone. ``memo``: the last object compared under each key, and what
    changed in it, kept between calls (the seats of one table share their summary and score sheet objects, so the
    second seat's message finds them worked out already)."""
    change: dict[str, Any] = {"type": "change", "version": after["version"]}
    extend: dict[str, dict[str, list[Any]]] = {}
    drop: dict[str, list[str]] = {}
    for key, new in after.items():
        if key in HEADER:
            continue
        old = before.get(key)
        if isinstance(new, dict) and isinstance(old, dict):
            changed, grown, gone = _remembered_change(key, old, new, memo)
            if changed:
                change[key] = changed
            if grown:
                extend[key] = grown
            if gone:
                drop[key] = gone
        elif new != old:
            change[key] = new
    if extend:
        change[EXTEND] = extend
    if drop:
        change[DROP] = drop
    return change


# an object's keys changed, its lists grown (the items added), its keys gone
ObjectChange = tuple[dict[str, Any], dict[str, list[Any]], list[str]]


def _remembered_change(key: str, old: dict[str, Any], new: dict[str, Any],
                       memo: dict[str, tuple[Any, Any, ObjectChange]] | None) -> ObjectChange:
    if memo is not None:
        last = memo.get(key)
        if last is not None and last[0] is old and last[1] is new:
            return last[2]   # (its values are never changed once made, so two messages may share them)
    found: ObjectChange = ({}, {}, []) if new == old else _object_change(old, new)
    if memo is not None:
        memo[key] = (old, new, found)
    return found


def _object_change(old: dict[str, Any], new: dict[str, Any]) -> ObjectChange:
    changed = {key: value for key, value in new.items() if old.get(key, _MISSING) != value}
    grown: dict[str, list[Any]] = {}
    for key, value in changed.items():
        was = old.get(key)
        if (isinstance(value, list) and isinstance(was, list) and 0 < len(was) < len(value)
                and value[:len(was)] == was):
            grown[key] = value[len(was):]
    for key in grown:
        del changed[key]
    gone = [key for key in old if key not in new]
    return changed, grown, gone


_MISSING = object()


def apply_change(before: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The state message a client has after ``change`` reached it holding ``before`` (a new dict; ``before`` is
    left as it was)."""
    after = dict(before)
    after["version"] = change["version"]
    for key, value in change.items():
        if key in ("type", "version", EXTEND, DROP):
            continue
        old = after.get(key)
        after[key] = {**old, **value} if isinstance(old, dict) and isinstance(value, dict) else value
    for key, lists in change.get(EXTEND, {}).items():
        after[key] = {**after[key], **{name: after[key][name] + items for name, items in lists.items()}}
    for key, names in change.get(DROP, {}).items():
        after[key] = {name: value for name, value in after[key].items() if name not in names}
    return after


class Outgoing(dict[str, Any]):
    """One seat's state message (the whole of it: this dict) as the table sends it after one change, with its
    number at the table (``serial``, growing in the order the table built them), the number of the seat's message
    before it (``base``, 0 for none) and the change from that one (None for none). The JSON texts are made when a
    connection first needs them, once; the message is never changed once built (it is read from the event
    loop's thread)."""

    __slots__ = ("serial", "base", "change", "_whole_text", "_change_text")

    def __init__(self, message: dict[str, Any], serial: int, base: int = 0,
                 change: dict[str, Any] | None = None):
        super().__init__(message)
        self.serial = serial
        self.base = base
        self.change = change
        self._whole_text: str | None = None
        self._change_text: str | None = None

    def whole_text(self) -> str:
        if self._whole_text is None:
            self._whole_text = encode(self)
        return self._whole_text

    def text_after(self, serial: int) -> str:
        """What a connection whose last state message was number ``serial`` is sent: the change, if that was the
        message this one follows; else the whole message."""
        if self.change is None or serial != self.base:
            return self.whole_text()
        if self._change_text is None:
            self._change_text = encode(self.change)
        return self._change_text


class Shared(dict[str, Any]):
    """A message the same for every connection it goes to (a reaction): this dict, and its JSON text made once, when a
    connection first needs it, then sent as it is to every connection (as a state's is). Never changed once made."""

    __slots__ = ("_text",)

    def __init__(self, message: dict[str, Any]):
        super().__init__(message)
        self._text: str | None = None

    def text(self) -> str:
        if self._text is None:
            self._text = encode(self)
        return self._text


class SeatMessages:
    """The last state message built for each seat at one table (the spectators' too: seat None), so that the next
    one goes out as the change from it. Used under the table's lock."""

    def __init__(self) -> None:
        self._latest: dict[int | None, Outgoing] = {}
        self._serials = itertools.count(1)
        self._compared: dict[str, tuple[Any, Any, Any]] = {}   # see ``change_between``

    def after_change(self, seat: int | None, message: dict[str, Any]) -> Outgoing:
        """The seat's message after a change of the table: the change from its message before, if any."""
        before = self._latest.get(seat)
        outgoing = Outgoing(message, next(self._serials), before.serial if before else 0,
                            change_between(before, message, self._compared) if before is not None else None)
        self._latest[seat] = outgoing
        return outgoing

    def for_newcomer(self, seat: int | None, message: dict[str, Any], alone: bool = False) -> Outgoing:
        """The seat's message for a connection just made: the seat's latest if it is the same (the newcomer then
        follows the changes the seat's other connections get), else a message of its own (sent whole), which is the
        seat's latest from now on if the newcomer is ``alone`` (no other connection follows the seat's messages):
        the seat's next message then reaches it as a change."""
        latest = self._latest.get(seat)
        if latest is not None and latest == message:
            return latest
        outgoing = Outgoing(message, next(self._serials))
        if alone:
            self._latest[seat] = outgoing
        return outgoing

    def clear(self) -> None:
        self._latest.clear()
        self._compared.clear()
