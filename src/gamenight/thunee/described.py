"""Thunee's actions described (``game.describe``; docs/games/thunee.md, "Actions described"): what each action
does as data, so the pages and the terminal never read the notation again.

>>> import gamenight
>>> game = gamenight.make("thunee")
>>> game.describe("jodi JKQs+KQh")
{'kind': 'jodi', 'melds': ['JKQs', 'KQh'], 'meld_cards': ['Js', 'Ks', 'Qs', 'Kh', 'Qh']}
>>> game.describe("call 30"), game.describe("kanak Jh"), game.describe("blind thunee")
({'kind': 'call', 'amount': 30}, {'kind': 'kanak', 'card': 'Jh'}, {'kind': 'special', 'call': 'blind thunee'})
>>> game.describe("redeal")
{'kind': 'redeal', 'points': 10}
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..core.bits import cards_of
from ..core.views import Described
from .actions import (
    BLIND_ROYALS,
    BLIND_THUNEE,
    CALL,
    DOUBLE,
    JODI,
    KANAK,
    KIND_NAMES,
    MELD_NAMES,
    MOONEY,
    PLAY,
    REDEAL,
    ROYALS,
    SUIT_CHARS,
    TABLE,
    THUNEE,
    TRIP,
    TRUMP,
    WEAK_LIMIT,
    ThuneeAction,
    card_text,
)


class ThuneeMove(Described, total=False):
    """A Thunee action described. ``kind``: pass, redeal, call, trump, trump_last (trump is the suit of the last
    card dealt), special (Thunee, Royals, their blind calls, Trip, Mooney), jodi, play, double or kanak."""
    amount: int                     # call: the amount called
    card: str | None                # play, double, kanak: the card; trump: the card laid face down (None: this
                                    # seat may not see it)
    call: str                       # special: thunee, royals, blind thunee, blind royals, trip or mooney
    melds: list[str]                # jodi: each suit's meld as written (JKQs, KQh)
    meld_cards: list[str]           # jodi: their cards
    points: int                     # redeal: the most a hand may be worth to be redealt (T9)


#: a face-down trump card in a log, as the seats that may not see it read it
FACE_DOWN_TRUMP = "trump ?"
_SPECIALS = {THUNEE, ROYALS, BLIND_THUNEE, BLIND_ROYALS, TRIP, MOONEY}
_KNOWN: dict[str, ThuneeMove] = {FACE_DOWN_TRUMP: {"kind": "trump", "card": None}}


def describe(action: ThuneeAction) -> ThuneeMove:
    """``action`` described, in a new record the caller owns."""
    return _fresh(_record(action))


def described_log(log: Iterable[Sequence[Any]]) -> list[ThuneeMove]:
    """Each move of a view's log (``[seat, notation]``, a face-down trump card written ``trump ?``) described."""
    known = _KNOWN
    out = []
    for _, text in log:
        record = known.get(text)
        out.append(_fresh(record if record is not None else _record(TABLE.parse(text))))
    return out


def _fresh(record: ThuneeMove) -> ThuneeMove:
    copy = record.copy()
    if "meld_cards" in record:
        copy["meld_cards"] = record["meld_cards"].copy()
        copy["melds"] = record["melds"].copy()
    return copy


def _record(action: ThuneeAction) -> ThuneeMove:
    known = _KNOWN.get(action.text)
    if known is None:
        known = _KNOWN[action.text] = _build(action)
    return known


def _build(action: ThuneeAction) -> ThuneeMove:
    kind = action.kind
    if kind in _SPECIALS:
        return {"kind": "special", "call": KIND_NAMES[kind]}
    if kind == TRUMP:
        return {"kind": "trump", "card": card_text(action.card)} if action.card >= 0 else {"kind": "trump_last"}
    record: ThuneeMove = {"kind": KIND_NAMES[kind]}
    if kind in (PLAY, DOUBLE, KANAK):
        record["card"] = card_text(action.card)
    elif kind == CALL:
        record["amount"] = action.amount
    elif kind == REDEAL:
        record["points"] = WEAK_LIMIT
    elif kind == JODI:
        record["melds"] = [MELD_NAMES[m] + SUIT_CHARS[s] for s, m in enumerate(action.melds) if m]
        record["meld_cards"] = [card_text(c) for c in cards_of(action.mask)]
    return record
