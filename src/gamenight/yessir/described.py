"""YESSIR!'s actions described (``game.describe``; docs/games/yessir.md, "Actions described"): what each action
does as data, so the pages and the terminal never read the notation again.

>>> import gamenight
>>> game = gamenight.make("yessir")
>>> game.describe("a2"), game.describe("e"), game.describe("up")
({'kind': 'reroll_die', 'luck': -1, 'die': 2}, {'kind': 'blind', 'luck': 1}, {'kind': 'up', 'luck': 0})
"""
from __future__ import annotations

from collections.abc import Iterable

from ..core.views import Described
from .actions import ACTIONS, REROLL_ONE, YessirAction


class YessirMove(Described, total=False):
    """A YESSIR! action described. ``kind``: reroll_die (a1-a3), reroll_shared (b), reroll_own (c), yessir (d,
    a pass), blind (e), and after a pip-change reroll keep, up or down."""
    luck: int                       # what the action does to the mover's luck die (J6)
    die: int                        # reroll_die: the shared die rerolled, 1 to 3 from the left


_KINDS = ("reroll_die", "reroll_shared", "reroll_own", "yessir", "blind", "keep", "up", "down")


def _build(action: YessirAction) -> YessirMove:
    record: YessirMove = {"kind": _KINDS[action.kind], "luck": action.luck_delta}
    if action.kind == REROLL_ONE:
        record["die"] = action.die + 1
    return record


_RECORDS = tuple(_build(a) for a in ACTIONS)   # by id


def describe(action: YessirAction) -> YessirMove:
    """``action`` described, in a new record the caller owns."""
    return _RECORDS[action.id].copy()


def described(actions: Iterable[YessirAction]) -> list[YessirMove]:
    """Each action described, in order (new records)."""
    records = _RECORDS
    return [records[a.id].copy() for a in actions]
