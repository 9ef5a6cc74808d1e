"""What a Yaniv view holds (docs/games/yaniv.md, "Views"), and the card order views show cards in.

Every fact the table shows that takes a rule to work out is here, computed by the engine: the hand's value,
what each legal discard would leave, whether the seat may call, which cards may be taken. The terminal and the
web pages only draw it.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict, cast

from ..core.cards import CARD_NAMES, JOKER, parse_card
from ..core.views import View
from .described import YanivMove


class RoundSummary(TypedDict):
    """The last round's reveal and scoring (``last_round``); seat keys are strings (JSON objects)."""

    round: int                          # the round's number (the hand_number it was played as)
    caller: int
    success: bool                       # the call held: every other hand was higher
    asaf: list[int]                     # the seats at or below the caller (the call failed), in seat order
    hands: dict[str, list[str]]         # every hand still in, revealed, in display order
    hand_totals: dict[str, int]
    points: dict[str, int]              # what the round added to each total
    totals: list[int]                   # every seat's total afterwards (halving done)
    halved: list[int]
    eliminated: list[int]


class YanivView(View):
    """A Yaniv view: the envelope (``hand_number`` counts the rounds) and Yaniv's own fields."""

    dealer: int
    hand: list[str] | None              # the seat's own cards, in display order (None: a spectator)
    hand_value: int | None              # their value (the card values of the rules)
    drawn: str | None                   # slapdown: the card the seat just drew, while it decides
    can_call: bool                      # the seat may call Yaniv now
    hand_value_after: dict[str, int] | None  # the seat to discard: each legal discard -> the value it leaves
    hand_sizes: list[int]
    known: list[list[str]]              # per seat, the cards it took from the pile and still holds
    discard_pile: list[list[str]]       # the groups since the last reshuffle, oldest first, each as laid
    previous_group: list[str]           # the group the seat to move may take from, as laid
    previous_group_type: str            # single, set or run
    previous_run_start: int             # for a run: the card its first position stands for (a kind), else -1
    previous_group_text: str            # the group in notation (a run's jokers say what they stand for)
    previous_group_described: YanivMove | None  # the group as its discard is described (None: no group)
    takeable: list[str]                 # the cards of previous_group the rules let a player take
    pending_discard: str | None         # the group the seat to move has just laid, before taking
    pending_described: YanivMove | None  # that discard described
    stock_size: int
    scores: list[int]                   # every seat's total
    active: list[bool]                  # False: eliminated
    last_round: RoundSummary | None


def _display_rank() -> tuple[int, ...]:
    """Per card kind, its place in display order: by rank (A low), then suit, jokers last, so sets sit
    together and runs read left to right."""
    order = sorted(range(JOKER + 1), key=lambda k: (13, 0) if k == JOKER else (k % 13, k // 13))
    rank = [0] * len(order)
    for place, kind in enumerate(order):
        rank[kind] = place
    return tuple(rank)


DISPLAY_RANK = _display_rank()
_NAMED_RANK = {CARD_NAMES[k]: DISPLAY_RANK[k] for k in range(JOKER + 1)}


def shown(cards: Iterable[int]) -> list[str]:
    """Card kinds as their names, in display order."""
    return [CARD_NAMES[k] for k in sorted(cards, key=DISPLAY_RANK.__getitem__)]


def shown_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """A copy of a round summary as views show it: each revealed hand in display order."""
    out = dict(summary)
    out["hands"] = {p: sorted(cards, key=_named_rank) for p, cards in summary["hands"].items()}
    return out


def copy_summary(summary: dict[str, Any]) -> RoundSummary:
    """A copy of a round summary sharing no list or dict with it (its shape is known: faster than a generic
    deep copy, and views are built at every bot decision)."""
    out = dict(summary)
    out["asaf"] = list(summary["asaf"])
    out["hands"] = {p: list(cards) for p, cards in summary["hands"].items()}
    out["hand_totals"] = dict(summary["hand_totals"])
    out["points"] = dict(summary["points"])
    out["totals"] = list(summary["totals"])
    out["halved"] = list(summary["halved"])
    out["eliminated"] = list(summary["eliminated"])
    return cast(RoundSummary, out)


def _named_rank(name: str) -> int:
    rank = _NAMED_RANK.get(name)
    return DISPLAY_RANK[parse_card(name)] if rank is None else rank
