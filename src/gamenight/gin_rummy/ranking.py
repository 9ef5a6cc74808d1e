"""A learned ranking of a Gin Rummy seat's discards: the order in which the expert's search takes them.

For each discard the seat may make, 25 measures of what it keeps and what it throws (``FEATURE_NAMES``), read from
the seat's view with the heuristic's own tools: the kept hand's deadwood and score, the live cards that would lower
it, let it knock or make gin; the thrown card's danger and its neighbours among the opponent's known and thrown
cards. A small network (one layer of tanh units, a linear output) scores each discard; a position's discards are
ranked by their scores. It was fit by ``experiments/gin_rummy_learned_ranking.py`` to the discards' values in shared
worlds, each discard played out by the heuristic in the same worlds (docs/bots.md, "A learned ranking of the
discards", says on what and how well); its weights are ``ranking_weights.json`` beside this module, read once, and
it is evaluated in pure Python: the engine stays standard-library only.
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from ..bots.network import Network, shipped_weights
from ..core.bits import cards_of
from .melds import BIT, VALUES, deadwood, meldable
from .value import draws

if TYPE_CHECKING:
    from .bots import Context

FEATURE_NAMES = (
    "deadwood", "score", "danger", "card_value", "stock", "improving_outs", "knocking_outs", "gin_outs",
    "after_a_draw", "can_knock", "opponent_known", "melded", "opponent_thrown",
    "over_the_limit", "rank_known", "rank_thrown", "beside_known", "two_beside_known", "near_thrown",
    "melds_with_known", "high_loose", "chances", "live", "knocking_and_gin", "improving_only",
)


class Judge(Protocol):
    """What the features read from the heuristic: its score of ten cards and the danger of a discard."""

    def score(self, hand10: int, ctx: Context) -> float: ...

    def danger(self, card: int, ctx: Context) -> float: ...


def features(judge: Judge, knock_limit: int, hand11: int, card: int, ctx: Context) -> list[float]:
    """``FEATURE_NAMES`` for throwing ``card`` from ``hand11`` (the seat's eleven cards; ``ctx``: what the seat has
    seen, ``GinHeuristic.context``)."""
    hand10 = hand11 ^ BIT[card]
    dw = deadwood(hand10)
    live = cards_of(ctx["live"])
    n = len(live) or 1
    improving, knocking, gin, total = draws(hand10, dw, live, knock_limit)
    score = judge.score(hand10, ctx)
    known, thrown = ctx["opp_known"], ctx["thrown"]
    rank, suit = card % 13, card // 13
    others = [s * 13 + rank for s in range(4) if s != suit]
    near = [(step, card + step) for step in (-2, -1, 1, 2) if 0 <= rank + step < 13]
    melded = meldable(hand10)
    return [dw / 50, score / 50, judge.danger(card, ctx) / 5, VALUES[card] / 10, ctx["stock"] / 31,
            improving / n, knocking / n, gin / n, total / n / 50, 1.0 if dw <= knock_limit else 0.0,
            known.bit_count() / 10, melded.bit_count() / 10, thrown.bit_count() / 10,
            max(-1.0, (dw - knock_limit) / 20),
            sum(1 for c in others if known & BIT[c]) / 2, sum(1 for c in others if thrown & BIT[c]) / 2,
            sum(1 for step, c in near if abs(step) == 1 and known & BIT[c]) / 2,
            sum(1 for step, c in near if abs(step) == 2 and known & BIT[c]) / 2,
            sum(1 for _, c in near if thrown & BIT[c]) / 4,
            1.0 if meldable(known | BIT[card]) & BIT[card] else 0.0,
            sum(1 for c in cards_of(hand10 & ~melded) if VALUES[c] == 10) / 5, (dw - score) / 20, n / 31,
            knocking * gin / n / n * 10, (improving - knocking) / n]


class Model(Network):
    """The ranking's network (``bots.network``): one linear output, a discard's score."""

    def __init__(self, weights: dict[str, Any]):
        super().__init__(weights, len(FEATURE_NAMES), 1)

    def score(self, x: list[float]) -> float:
        """A discard's score: higher is better, comparable only with the same position's other discards."""
        return self.evaluate(x)[0]


@cache
def model() -> Model:
    """The shipped model (``ranking_weights.json``), read once."""
    return Model(shipped_weights(__package__, "ranking_weights.json"))


def rank(judge: Judge, knock_limit: int, hand11: int, cards: list[int], ctx: Context) -> list[int]:
    """``cards`` (discards from ``hand11``) best first by the shipped model; ties keep their order."""
    shipped = model()
    scores = [shipped.score(features(judge, knock_limit, hand11, c, ctx)) for c in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=lambda i: -scores[i])]
