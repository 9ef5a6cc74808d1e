"""Yaniv's actions described (``game.describe``; docs/games/yaniv.md, "Actions described"): what each action does
as data, so the pages and the terminal never read the notation again.

>>> import gamenight
>>> game = gamenight.make("yaniv", players=3)
>>> game.describe("5s+Jk=6s+7s")
{'kind': 'discard', 'group': 'run', 'cards': ['5s', 'Jk', '7s'], 'stands_as': [None, '6s', None]}
>>> game.describe("take 7s")
{'kind': 'take', 'card': '7s'}
>>> game.describe("yaniv")
{'kind': 'call'}
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from ..core.cards import JOKER, card_str
from ..core.views import Described
from .actions import RUN, SET, SINGLE, SWAP, TAKE, Kind, YanivAction


class YanivMove(Described, total=False):
    """A Yaniv action described. ``kind``: call, draw, slap, keep, take, swap or discard."""
    card: str                       # take, swap: the card taken, or given for the joker
    group: str                      # discard: single, set or run
    cards: list[str]                # discard: the cards as laid, in order (a set's first and last are its ends)
    stands_as: list[str | None]     # discard: for each card, the card a joker stands for in a run (else None)


_KIND_WORDS = {Kind.CALL: "call", Kind.DRAW: "draw", Kind.SLAP: "slap", Kind.KEEP: "keep", TAKE: "take",
               SWAP: "swap"}
_GROUP_WORDS = {SINGLE: "single", SET: "set", RUN: "run"}
_KNOWN: dict[str, YanivMove] = {}   # by notation: every table spells an action the same way


def describe(action: YanivAction) -> YanivMove:
    """``action`` described, in a new record the caller owns."""
    return _fresh(_record(action))


def described(actions: Iterable[YanivAction]) -> list[YanivMove]:
    """Each action described, in order (new records: views are built at every bot decision, so each is copied
    from the one kept for its notation, knowing its shape)."""
    known = _KNOWN
    out = []
    for a in actions:
        record = known.get(a.text)
        out.append(_fresh(record if record is not None else _record(a)))
    return out


def _fresh(record: YanivMove) -> YanivMove:
    """A copy of a kept record sharing nothing with it."""
    copy = record.copy()
    if "cards" in record:
        copy["cards"] = record["cards"].copy()
        copy["stands_as"] = record["stands_as"].copy()
    return copy


def group_described(kind: int, start: int, cards: Sequence[int]) -> YanivMove | None:
    """A group laid on the pile (``kind`` SINGLE, SET or RUN; a run's first position stands for ``start``) as its
    discard is described; None for no group."""
    if not cards:
        return None
    names = [card_str(c) for c in cards]
    if kind == RUN and start >= 0:
        stands: list[str | None] = [card_str(start + i) if c == JOKER else None for i, c in enumerate(cards)]
    else:
        stands = [None] * len(cards)
    return {"kind": "discard", "group": _GROUP_WORDS[Kind(kind)], "cards": names, "stands_as": stands}


def _record(action: YanivAction) -> YanivMove:
    known = _KNOWN.get(action.text)
    if known is None:
        known = _KNOWN[action.text] = _build(action)
    return known


def _build(action: YanivAction) -> YanivMove:
    if action.is_discard:
        return cast(YanivMove, group_described(action.kind, action.run_start, action.cards))
    record: YanivMove = {"kind": _KIND_WORDS[action.kind]}
    if action.kind in (TAKE, SWAP):
        record["card"] = card_str(action.cards[0])
    return record
