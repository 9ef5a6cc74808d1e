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

from collections.abc import Callable, Iterable, Sequence
from typing import cast

from ..core.cards import JOKER, card_str
from ..core.views import Described, RecordMakers
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


def describe(action: YanivAction) -> YanivMove:
    """``action`` described, in a new record the caller owns."""
    return _RECORDS.describe(action)


def described(actions: Iterable[YanivAction]) -> list[YanivMove]:
    """Each action described, in order (new records)."""
    maker = _RECORDS.maker
    return [maker(a)() for a in actions]


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


def _make_maker(action: YanivAction) -> Callable[[], YanivMove]:
    if action.is_discard:
        record = cast(YanivMove, group_described(action.kind, action.run_start, action.cards))
        group, cards, stands = record["group"], tuple(record["cards"]), tuple(record["stands_as"])
        return lambda: {"kind": "discard", "group": group, "cards": list(cards), "stands_as": list(stands)}
    plain: YanivMove = {"kind": _KIND_WORDS[action.kind]}
    if action.kind in (TAKE, SWAP):
        plain["card"] = card_str(action.cards[0])
    return plain.copy   # its values are strings: a shallow copy shares nothing that can change


_RECORDS: RecordMakers[YanivAction, YanivMove] = RecordMakers(_make_maker)
