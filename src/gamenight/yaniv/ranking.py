"""Learned rankings of a Yaniv seat's moves: the order in which the expert's search takes them.

Two rankings, each a small network (``bots.network``) scoring a move from measures read in the seat's view with the
heuristic's own tools (``YanivHeuristic``); a position's moves are ranked by their scores. Each was trained twice
(``TABLES``): at a table of two, and at tables of three to six (and played at seven and eight too,
``trained_table``), where it also reads the table (``TABLE_FEATURE_NAMES``: the players still in the round, whether
the deck has two packs, the fewest cards another of them holds). "The opponent" below is the next player, who may
take what the seat lays.

- **The groups** the seat may lay (``FEATURE_NAMES``, ``rank``): the points kept and thrown, the kept hand's outlook
  after a draw or a take, the chance the next draw lets it call, what the group's ends offer the opponent (low
  cards, cards beside or of the rank of those he took), and what is known of the opponent (his hand's size, the
  cards he took, how many groups he has laid). Weights: ``ranking_weights.json`` (two), ``ranking_weights_many.json``.
- **The draw and the takes** after laying (``TAKE_FEATURE_NAMES``, ``rank_takes``): the points and the outlook each
  leads to (for the draw, over the unseen cards), what the card adds to the hand's groups, whether the hand may call
  next, what the others will know of it, and what is known of the opponent. Weights: ``take_weights.json`` (two),
  ``take_weights_many.json``.

All were fit by ``experiments/yaniv_learned_ranking.py`` to the moves' values in shared worlds, each move played
out by the heuristic in the same worlds (docs/bots.md, "A learned ranking of Yaniv's groups", "of the draw and the
takes" and "at tables of three to six" say on what and how well); the weights beside this module are read once, and
evaluated in pure Python: the engine stays standard-library only.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING

from ..bots.network import Network, shipped_weights
from ..core.cards import JOKER
from .actions import DRAW, RUN, SET, YanivAction

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


TAKE_FEATURE_NAMES = (
    "points_after", "outlook_after", "outlook_best", "outlook_worst", "than_draw", "card_value", "group_gain",
    "calling_after", "is_draw", "is_joker", "same_rank", "suit_neighbour", "hand_points", "hand_cards",
    "own_known_points", "own_known_cards", "opponent_cards", "opponent_known_points", "opponent_known_cards",
    "opponent_groups", "stock", "limit",
)


def take_features(judge: YanivHeuristic, action: YanivAction, ctx: Context) -> list[float]:
    """``TAKE_FEATURE_NAMES`` for ``action`` (the draw or a take, after the seat has laid its group: ``ctx.hand`` is
    what it kept): the points and the outlook it leads to (for the draw, over the unseen cards), what the card adds
    to the hand's groups, whether the hand may call next, what the others will know of it, and what is known of the
    next player."""
    values = judge.values
    hand = ctx.hand
    drawn = (ctx.pool or [JOKER]) if action.kind == DRAW else [action.cards[0]]
    spread = (ctx.sample or drawn) if action.kind == DRAW else drawn
    points = sum(values[c] for c in hand)
    outlooks = [judge.outlook(hand + [c]) for c in spread]
    after_draw = judge.stock_outlook(hand, ctx.sample) if ctx.sample else outlooks[0]
    best_now = judge.best_group_value(tuple(sorted(hand)))
    gain = sum(judge.best_group_value(tuple(sorted(hand + [c]))) - best_now for c in spread) / len(spread)
    card = sum(values[c] for c in drawn) / len(drawn)
    taken = [] if action.kind == DRAW else drawn
    kinds = {(c % 13, c // 13) for c in hand if c != JOKER}
    natural = taken and taken[0] != JOKER
    known = ctx.opponent_known
    return [(points + card) / 30, sum(outlooks) / len(outlooks) / 30, min(outlooks) / 30, max(outlooks) / 30,
            (sum(outlooks) / len(outlooks) - after_draw) / 10, card / 10, gain / 10,
            sum(1 for c in drawn if points + values[c] <= ctx.limit) / len(drawn),
            1.0 if action.kind == DRAW else 0.0, 1.0 if taken == [JOKER] else 0.0,
            1.0 if natural and any(k[0] == taken[0] % 13 for k in kinds) else 0.0,
            1.0 if natural and any((taken[0] % 13 + d, taken[0] // 13) in kinds for d in (-2, -1, 1, 2)) else 0.0,
            points / 30, len(hand) / 5, sum(values[c] for c in ctx.own_known + taken) / 30,
            len(ctx.own_known + taken) / 5, ctx.opponent_cards / 5, sum(values[c] for c in known) / 30,
            len(known) / 5, min(ctx.opponent_groups, 10) / 10, ctx.stock / 40, min(ctx.limit, 15) / 10]


#: what the rankings of tables of three or more also read: the players still in the round, whether the deck has two
#: packs, and the fewest cards another of them holds
TABLE_FEATURE_NAMES = ("players", "two_packs", "fewest_cards")

#: the tables the rankings were trained at: their weights' files (groups, the draw and the takes) and whether they
#: read ``TABLE_FEATURE_NAMES``
TABLES = {"two": ("ranking_weights.json", "take_weights.json", False),
          "many": ("ranking_weights_many.json", "take_weights_many.json", True)}


def trained_table(players: int) -> str | None:
    """The rankings that know a table of ``players`` (a key of ``TABLES``), or None: ``many``, trained at three to
    six players, plays at seven and eight too, where it beats the heuristic as well (docs/bots.md)."""
    return "two" if players == 2 else "many" if 3 <= players <= 8 else None


def table_features(judge: YanivHeuristic, ctx: Context) -> list[float]:
    """``TABLE_FEATURE_NAMES``."""
    return [ctx.players / 8, 1.0 if judge.game.packs == 2 else 0.0, ctx.fewest_cards / 5]


def measured(measure: Callable[[YanivHeuristic, YanivAction, Context], list[float]], table: str,
             judge: YanivHeuristic, action: YanivAction, ctx: Context) -> list[float]:
    """What the rankings of ``table`` read of ``action``: ``measure``'s features, then the table's where they read
    them."""
    row = measure(judge, action, ctx)
    return row + table_features(judge, ctx) if TABLES[table][2] else row


def read_names(names: tuple[str, ...], table: str) -> tuple[str, ...]:
    """The measures the rankings of ``table`` read, given the decision's ``names``: those, then the table's where
    they read them (as ``measured`` gives them)."""
    return names + TABLE_FEATURE_NAMES if TABLES[table][2] else names


@cache
def model(table: str = "two") -> Network:
    """The shipped ranking of the groups at ``table`` (``TABLES``), read once."""
    return Network(shipped_weights(__package__, TABLES[table][0]), len(read_names(FEATURE_NAMES, table)), 1)


@cache
def take_model(table: str = "two") -> Network:
    """The shipped ranking of the draw and the takes at ``table`` (``TABLES``), read once."""
    return Network(shipped_weights(__package__, TABLES[table][1]), len(read_names(TAKE_FEATURE_NAMES, table)), 1)


def rank(judge: YanivHeuristic, actions: list[YanivAction], ctx: Context, table: str = "two") -> list[YanivAction]:
    """``actions`` (discards) best first by the shipped ranking of the groups at ``table``; ties keep their order."""
    return _ranked(model(table), partial(measured, features, table), judge, actions, ctx)


def rank_takes(judge: YanivHeuristic, actions: list[YanivAction], ctx: Context,
               table: str = "two") -> list[YanivAction]:
    """``actions`` (the draw and the takes) best first by the shipped ranking of them at ``table``; ties keep their
    order."""
    return _ranked(take_model(table), partial(measured, take_features, table), judge, actions, ctx)


def _ranked(network: Network, measure: Callable[[YanivHeuristic, YanivAction, Context], list[float]],
            judge: YanivHeuristic, actions: list[YanivAction], ctx: Context) -> list[YanivAction]:
    scores = [network.evaluate(measure(judge, a, ctx))[0] for a in actions]
    return [actions[i] for i in sorted(range(len(actions)), key=lambda i: -scores[i])]
