"""Gin Rummy's actions described (``game.describe``; docs/games/gin_rummy.md, "Actions described"): what each
action does as data, so the pages and the terminal never read the notation again.

>>> import gamenight
>>> game = gamenight.make("gin_rummy")
>>> game.describe("layoff 7c run")
{'kind': 'layoff', 'card': '7c', 'target': 'run'}
>>> game.describe("meld 5s+6s+7s")
{'kind': 'meld', 'cards': ['5s', '6s', '7s']}
>>> game.describe("knock 7h")
{'kind': 'knock', 'card': '7h'}
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.cards import card_str
from ..core.views import Described, RecordMakers
from .actions import DISCARD, KNOCK, LAYOFF, MELD, GinAction, Kind, parse
from .melds import MELD_CARDS, MELD_INDEX, SET_TARGET


class GinMove(Described, total=False):
    """A Gin Rummy action described. ``kind``: draw, take, pass, done, biggin, discard, knock, meld or layoff."""
    card: str | None                # discard, layoff: the card; knock: the card laid face down (None: not shown
                                    # to this seat yet, G8)
    cards: list[str]                # meld: its cards, in the order the notation names them
    target: str                     # layoff: "set" or "run", the knocker's meld it goes onto


#: the knock as the other seat sees it until the hand is over: its card face down
FACE_DOWN_KNOCK = "knock"
# a face-down card, as the seats that may not see it read it in a log (its record names no card)
_FACE_DOWN: GinMove = {"kind": "knock", "card": None}


def describe(action: GinAction) -> GinMove:
    """``action`` described, in a new record the caller owns."""
    return _RECORDS.describe(action)


def described_log(log: Iterable[Sequence[Any]]) -> list[GinMove]:
    """Each move of a view's log (``[seat, notation]``, a face-down knock written ``knock``) described."""
    of_text = _RECORDS.of_text
    return [of_text(text, parse) for _, text in log]


def _make_maker(action: GinAction) -> Callable[[], GinMove]:
    kind = action.kind
    record: GinMove = {"kind": Kind(kind).name.lower()}
    if kind in (DISCARD, KNOCK, LAYOFF):
        record["card"] = card_str(action.card)
    if kind == LAYOFF:
        record["target"] = "set" if action.target == SET_TARGET else "run"
    elif kind == MELD:
        cards = tuple(card_str(c) for c in MELD_CARDS[MELD_INDEX[action.meld]])
        return lambda: {"kind": "meld", "cards": list(cards)}
    return record.copy   # its values are strings: a shallow copy shares nothing that can change


_RECORDS: RecordMakers[GinAction, GinMove] = RecordMakers(_make_maker, {FACE_DOWN_KNOCK: _FACE_DOWN.copy})
