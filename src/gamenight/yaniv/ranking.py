"""A learned ranking of a Yaniv seat's discards at a table of two: the order in which the expert's search takes them.

For each group the seat may lay, ``FEATURE_NAMES`` measures what it keeps and what it gives, read from the seat's
view with the heuristic's own tools (``YanivHeuristic``): the points kept and thrown, the kept hand's outlook after
a draw or a take, the chance the next draw lets it call, what the group's ends offer the opponent (low cards, cards
beside or of the rank of those he took), and what is known of the opponent (his hand's size, the cards he took, how
many groups he has laid). A small network (``bots.network``) scores each discard; a position's discards are ranked by
their scores. It was fit by ``experiments/yaniv_learned_ranking.py`` to the discards' values in shared worlds, each
discard played out by the heuristic in the same worlds (docs/bots.md, "A learned ranking of Yaniv's groups", says
on what and how well); its weights are ``ranking_weights.json`` beside this module, read once, and it is evaluated
in pure Python: the engine stays standard-library only.
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..bots.network import Network, shipped_weights
from ..core.cards import JOKER
from .actions import RUN, SET, YanivAction

if TYPE_CHECKING:
    from .bots import Context, YanivHeuristic

FEATURE_NAMES = (
    "kept_points", "thrown_points", "cards_thrown", "cards_kept", "outlook", "outlook_after_draw",
    "outlook_after_take", "heuristic_score", "low_ends", "high_end", "low_end", "best_group_kept",
    "calling_draws", "calling_take", "opponent_cards", "opponent_known_points", "opponent_known_cards",
    "opponent_groups", "stock", "ends_beside_known", "ends_rank_known", "is_set", "is_run", "jokers_thrown",
    "takes_that_pair", "limit",
)


def features(judge: YanivHeuristic, action: YanivAction, ctx: Context) -> list[float]:
    """``FEATURE_NAMES`` for laying ``action`` (a discard) from the seat's hand (``ctx``: what the seat has seen,
    ``YanivHeuristic.context``)."""
    values = judge.values
    rest = list(ctx.hand)
    for c in action.cards:
        rest.remove(c)
    kept = sum(values[c] for c in rest)
    after_draw = judge.stock_outlook(rest, ctx.sample)
    takes = [judge.outlook(rest + [c]) for c in ctx.takable]
    after_take = min(takes) if takes else after_draw
    ends = (action.cards[0], action.cards[-1])
    low_ends = sum(1 for c in ends if values[c] <= 2)
    limit = ctx.limit
    pool = ctx.pool or [JOKER]
    known = ctx.opponent_known
    known_kinds = {(c % 13, c // 13) for c in known if c != JOKER}
    beside = sum(1 for c in ends if c != JOKER and any((c % 13 + d, c // 13) in known_kinds for d in (-1, 1)))
    same_rank = sum(1 for c in ends if c != JOKER and any(k[0] == c % 13 for k in known_kinds))
    rest_ranks = {c % 13 for c in rest if c != JOKER}
    return [kept / 30, sum(values[c] for c in action.cards) / 30, len(action.cards) / 4, len(rest) / 5,
            judge.outlook(rest) / 30, after_draw / 30, after_take / 30, (min(after_draw, after_take)
                                                                        + judge.gift * low_ends) / 30,
            low_ends / 2, max(values[c] for c in ends) / 10, min(values[c] for c in ends) / 10,
            judge.best_group_value(tuple(sorted(rest))) / 30,
            sum(1 for c in pool if kept + values[c] <= limit) / len(pool),
            1.0 if any(kept + values[c] <= limit for c in ctx.takable) else 0.0,
            ctx.opponent_cards / 5, sum(values[c] for c in known) / 30, len(known) / 5,
            min(ctx.opponent_groups, 10) / 10,
            ctx.stock / 40, beside / 2, same_rank / 2, 1.0 if action.kind == SET else 0.0,
            1.0 if action.kind == RUN else 0.0, sum(1 for c in action.cards if c == JOKER) / 2,
            sum(1 for c in ctx.takable if c != JOKER and c % 13 in rest_ranks) / 2, min(limit, 15) / 10]


@cache
def model() -> Network:
    """The shipped model (``ranking_weights.json``), read once."""
    return Network(shipped_weights(__package__, "ranking_weights.json"), len(FEATURE_NAMES), 1)


def rank(judge: YanivHeuristic, actions: list[YanivAction], ctx: Context) -> list[YanivAction]:
    """``actions`` (discards) best first by the shipped model; ties keep their order."""
    network = model()
    scores = [network.evaluate(features(judge, a, ctx))[0] for a in actions]
    return [actions[i] for i in sorted(range(len(actions)), key=lambda i: -scores[i])]
