"""A learned value for Gin Rummy's search: how likely a seat is to win the hand from a whole world, both seats
playing the ``heuristic`` from there.

The expert's rollouts (``bots.search``) play each sampled world to the hand's end, one noisy win or loss a world.
``leaf_value(world, seat)`` estimates the same thing at once from the world's cards: a small network over features
read with the engine's bitmask helpers (each hand's deadwood, what the upcard and the stock's cards would do for it,
the stock's size, whose turn it is, the knock limit). It is trained by ``experiments/gin_rummy_value.py`` on
heuristic self-play (docs/bots.md, "Gin's learned value", says how, on what and how well); its weights are
``value_weights.json`` beside this module, read once. It is evaluated in pure Python: the engine stays standard-library
only.

A world is valued only at the start of a turn (the first upcard offered, or a draw), before anybody has knocked:
there both hands hold ten cards. Elsewhere ``leaf_value`` answers None and the rollout plays on.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from ..bots.network import Network, shipped_weights
from .melds import BIT, NEIGHBOURS, RANKS, VALUES, deadwood, deadwood_after_discard, meldable
from .phases import DRAW, STOCK_ONLY, UPCARD

if TYPE_CHECKING:
    from .state import GinRummyState

#: the phases at whose start a world is valued: a turn's first choice, both hands of ten cards
VALUED_PHASES = (UPCARD, STOCK_ONLY, DRAW)
FEATURE_NAMES = (
    "deadwood", "with_upcard", "improving_outs", "knocking_outs", "gin_outs", "after_a_draw", "can_knock", "melded",
    "opp_deadwood", "opp_with_upcard", "opp_improving_outs", "opp_knocking_outs", "opp_gin_outs", "opp_after_a_draw",
    "opp_can_knock", "opp_melded",
    "stock", "my_turn", "upcard_phase", "knock_limit", "single_hand",
)


def draws(hand: int, hand_deadwood: int, cards: Iterable[int], limit: int) -> tuple[int, int, int, int]:
    """What drawing each of ``cards`` (and throwing the best card) would do for ``hand``, ten cards whose deadwood is
    ``hand_deadwood``, under the knock limit ``limit``: how many of them lower its deadwood, how many of those let it
    knock, how many make gin, and the deadwood they leave in all (a draw that does not help counts the hand's own).

    >>> from gamenight.core.cards import parse_card
    >>> hand = sum(1 << parse_card(c) for c in "As 2s 3s 4h 5h 6h 9c 9d Kc Qd".split())
    >>> draws(hand, deadwood(hand), [parse_card("9h"), parse_card("Ks")], 10)   # 9h: three nines, Ks: nothing
    (1, 1, 0, 48)
    """
    improving = knocking = gin = 0
    total = 0
    # a card that melds with none of the hand's (no card of its rank, no suit neighbour) joins no meld: with it the
    # hand keeps its melds, and the best discard is either the card itself or the hand's own best one
    alone = -1
    for c in cards:
        if hand & (RANKS[c % 13] | NEIGHBOURS[c]):   # c is not in the hand
            after = deadwood_after_discard(hand | BIT[c])
        else:
            if alone < 0:
                alone = deadwood_after_discard(hand)
            after = min(hand_deadwood, alone + VALUES[c])
        total += min(after, hand_deadwood)
        if after < hand_deadwood:
            improving += 1
            if after <= limit:
                knocking += 1
                if after == 0:
                    gin += 1
    return improving, knocking, gin, total


def _side(hand: int, up: int, stock_cards: list[int], limit: int) -> list[float]:
    """One hand's features: its deadwood, with the upcard, and what the stock's cards would do for it."""
    dw = deadwood(hand)
    with_up = deadwood_after_discard(hand | BIT[up]) if up >= 0 else dw
    improving, knocking, gin, total = draws(hand, dw, stock_cards, limit)
    n = len(stock_cards) or 1
    return [dw / 50, min(with_up, dw) / 50, improving / n, knocking / n, gin / n, total / n / 50,
            1.0 if dw <= limit else 0.0, meldable(hand).bit_count() / 10]


def features(world: GinRummyState, seat: int) -> list[float]:
    """The features of ``world`` (at the start of a turn) for ``seat``, read from the world alone."""
    up = world.pile[-1] if world.pile else -1
    stock_cards = list(world.stock)
    limit = world.knock_limit
    mine = _side(world.hands[seat], up, stock_cards, limit)
    theirs = _side(world.hands[1 - seat], up, stock_cards, limit)
    rules = world.game.rules
    return [*mine, *theirs, len(stock_cards) / 31, 1.0 if world.current == seat else 0.0,
            1.0 if world.phase == UPCARD else 0.0, limit / 10, 1.0 if rules.single_hand else 0.0]


class Model(Network):
    """The value's network (``bots.network``): two logistic outputs, the hand won and its margin, shaped."""

    def __init__(self, weights: dict[str, Any]):
        super().__init__(weights, len(FEATURE_NAMES), 2)

    def predict(self, x: list[float]) -> tuple[float, float]:
        """(the chance the seat wins the hand, its shaped margin), both in 0..1."""
        win, margin = self.evaluate(x)
        return _logistic(win), _logistic(margin)


def _logistic(t: float) -> float:
    return 1.0 / (1.0 + math.exp(-t)) if t > -500 else 0.0


@cache
def model() -> Model:
    """The shipped model (``value_weights.json``), read once."""
    return Model(shipped_weights(__package__, "value_weights.json"))


def leaf_value(world: Any, seat: int) -> tuple[float, float | None] | None:
    """For the search's rollouts (``Settings.leaf_value``): (the chance ``seat`` wins the hand, its shaped margin;
    None where the hand is the whole match, which counts only who wins) at the start of a turn before a knock, else
    None (the rollout plays on)."""
    if world.phase not in VALUED_PHASES or world.knocker >= 0:
        return None
    win, margin = model().predict(features(world, seat))
    return win, (None if world.game.rules.single_hand else margin)
