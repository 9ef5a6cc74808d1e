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

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.bits import cards_of
from ..core.views import Described, RecordMakers
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
# a face-down card, as the seats that may not see it read it in a log (its record names no card)
_FACE_DOWN: ThuneeMove = {"kind": "trump", "card": None}


def describe(action: ThuneeAction) -> ThuneeMove:
    """``action`` described, in a new record the caller owns."""
    return _RECORDS.describe(action)


def described_log(log: Iterable[Sequence[Any]]) -> list[ThuneeMove]:
    """Each move of a view's log (``[seat, notation]``, a face-down trump card written ``trump ?``) described."""
    of_text, parse = _RECORDS.of_text, TABLE.parse
    return [of_text(text, parse) for _, text in log]


def _make_maker(action: ThuneeAction) -> Callable[[], ThuneeMove]:
    kind = action.kind
    record: ThuneeMove
    if kind in _SPECIALS:
        record = {"kind": "special", "call": KIND_NAMES[kind]}
    elif kind == TRUMP:
        record = {"kind": "trump", "card": card_text(action.card)} if action.card >= 0 else {"kind": "trump_last"}
    elif kind == JODI:
        melds = tuple(MELD_NAMES[m] + SUIT_CHARS[s] for s, m in enumerate(action.melds) if m)
        cards = tuple(card_text(c) for c in cards_of(action.mask))
        return lambda: {"kind": "jodi", "melds": list(melds), "meld_cards": list(cards)}
    else:
        record = {"kind": KIND_NAMES[kind]}
        if kind in (PLAY, DOUBLE, KANAK):
            record["card"] = card_text(action.card)
        elif kind == CALL:
            record["amount"] = action.amount
        elif kind == REDEAL:
            record["points"] = WEAK_LIMIT
    return record.copy   # its values are plain: a shallow copy shares nothing that can change


_RECORDS: RecordMakers[ThuneeAction, ThuneeMove] = RecordMakers(_make_maker, {FACE_DOWN_TRUMP: _FACE_DOWN.copy})
