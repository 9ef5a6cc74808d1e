"""Yaniv bots that read views only.

The heuristic plays as a sensible person does: it judges a hand by what it would still hold after its
next discard (hand value minus the best group it could lay next turn), so it dumps high cards and keeps
low cards, pairs and run pieces; it takes a visible discard when that beats the average stock card; and it
calls Yaniv when, sampling the unseen cards into the opponents' unknown slots and weighing each deal by how likely
players who have been shedding points hold it (``inference``), the call is likely to win.
"""
from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from ..bots.casual import register_casual_bot
from ..bots.search import Settings, register_search_bots
from ..bots.styles import Style, StyleTable, style_settings
from ..core.cards import JOKER, parse_card
from ..core.game import Action, Game
from ..core.registry import register_bot
from ..core.text import N_
from ..core.views import View
from . import ranking
from .actions import CALL, DRAW, KEEP, SLAP, SWAP, TAKE, YanivAction
from .inference import discards_this_round, refine, tilt
from .state import YanivGame
from .views import YanivView


@dataclass(frozen=True)
class Context:
    """What a seat about to discard or take has seen (``YanivHeuristic.context``): its ``hand``, the unseen cards
    (``pool``) and an even ``sample`` of them, the cards it may take after laying (``takable``), the call ``limit``
    (a very high one where the rules have none), the stock's size, and of the next player (who may take what it
    lays): his hand's size, the cards he took and still holds, and how many groups he has laid this round; the cards
    the seat took and still holds, which the others know (``own_known``); how many players are still in the round, and
    the fewest cards any other of them holds (``fewest_cards``)."""
    hand: list[int]
    pool: list[int]
    sample: list[int]
    takable: list[int]
    limit: int
    stock: int
    opponent_cards: int
    opponent_known: list[int]
    opponent_groups: int
    own_known: list[int]
    players: int
    fewest_cards: int


class YanivHeuristic:
    """``call_confidence``: the estimated chance a Yaniv call must have to be made; ``gift``: what a discard costs
    for each low card (worth 2 or less) at its ends, which the next player may take; ``keep``: how much the best group
    the hand could lay next counts in its outlook (1: fully; less keeps fewer pairs and runs, shedding high cards).
    The styles (``YANIV_STYLES``) set them."""

    def __init__(self, game: YanivGame, call_confidence: float = 0.72, samples: int = 96, gift: float = 1.5,
                 keep: float = 1.0):
        self.game = game
        self.gift = gift
        self.keep = keep
        self.table = game.table
        self.values = game.values
        self.call_confidence = call_confidence
        self.samples = samples
        self._best_group: dict[tuple[int, ...], int] = {}
        self._value_of = game.values.__getitem__

    # ---- evaluation -------------------------------------------------------------------------
    def best_group_value(self, hand: tuple[int, ...]) -> int:
        """Points of the most valuable group that ``hand`` (sorted) could lay."""
        cached = self._best_group.get(hand)
        if cached is None:
            cached = max_group_points(hand, self.values)
            if len(self._best_group) > 200_000:
                self._best_group.clear()
            self._best_group[hand] = cached
        return cached

    def outlook(self, hand: list[int]) -> float:
        """Lower is better: the value kept after the next discard, plus a little for each card held."""
        key = tuple(sorted(hand))
        best = self._best_group.get(key)
        if best is None:
            best = self.best_group_value(key)
        if self.keep != 1.0:
            return sum(map(self._value_of, key)) - self.keep * best + 0.5 * len(key)
        return sum(map(self._value_of, key)) - best + 0.5 * len(key)

    def stock_outlook(self, hand: list[int], pool: list[int]) -> float:
        """Expected outlook after drawing an unseen card (the pool's distinct kinds, weighted by count)."""
        if not pool:
            return float("inf")
        total = 0.0
        for card in pool:
            total += self.outlook(hand + [card])
        return total / len(pool)

    # ---- decisions ------------------------------------------------------------------------------
    def choose(self, view: View, legal_actions: list[Action], rng: random.Random) -> YanivAction:
        yaniv_view = cast(YanivView, view)
        legal = cast(list[YanivAction], legal_actions)
        hand = [parse_card(c) for c in yaniv_view["hand"] or ()]
        kinds = {a.kind for a in legal}
        if SLAP in kinds:
            return next(a for a in legal if a.kind == SLAP)
        if KEEP in kinds:
            return legal[0]
        pool = self._unseen(yaniv_view, hand)
        sample = _spread(pool, 12)
        if DRAW in kinds or TAKE in kinds or SWAP in kinds:
            return self._take(hand, legal, sample)
        if CALL in kinds and (len(legal) == 1 or self._call_wins(yaniv_view, hand, pool, rng) >= self.call_confidence):
            return next(a for a in legal if a.kind == CALL)  # an empty hand (after a slapdown) can only call
        return self._discard(yaniv_view, hand, legal, sample)

    def _take(self, hand: list[int], legal: list[YanivAction], sample: list[int]) -> YanivAction:
        best, best_score = legal[0], float("inf")
        for a in legal:
            if a.kind == DRAW:
                score = self.stock_outlook(hand, sample)
            elif a.kind == TAKE:
                score = self.outlook(hand + [a.cards[0]])
            else:  # SWAP: give the natural, take the joker
                rest = list(hand)
                rest.remove(a.cards[0])
                score = self.outlook(rest + [JOKER])
            if score < best_score - 1e-9:
                best, best_score = a, score
        return best

    def _discard(self, view: YanivView, hand: list[int], legal: list[YanivAction], sample: list[int]) -> YanivAction:
        visible = [parse_card(c) for c in view["previous_group"]]
        takable = {visible[0], visible[-1]} if visible else set()
        best, best_score = legal[-1], float("inf")
        for a in legal:
            if a.kind == CALL:
                continue
            rest = list(hand)
            for c in a.cards:
                rest.remove(c)
            options = [self.stock_outlook(rest, sample)] + [self.outlook(rest + [c]) for c in takable]
            # what we lay can feed the next player: low end cards and jokers are gifts
            gift = sum(self.gift for c in (a.cards[0], a.cards[-1]) if self.values[c] <= 2)
            score = min(options) + gift
            if score < best_score - 1e-9:
                best, best_score = a, score
        return best

    def context(self, view: YanivView) -> Context:
        """What the seat to discard or to take has seen (``Context``), from its view."""
        hand = [parse_card(c) for c in view["hand"] or ()]
        pool = self._unseen(view, hand)
        visible = [parse_card(c) for c in view["previous_group"]]
        seat, players = view["seat"], len(view["active"])
        assert seat is not None
        after = next((s % players for s in range(seat + 1, seat + players) if view["active"][s % players]), seat)
        others = [view["hand_sizes"][s] for s in range(players) if s != seat and view["active"][s]]
        limit = self.game.rules.yaniv_limit
        return Context(hand, pool, _spread(pool, 12), sorted({visible[0], visible[-1]}) if visible else [],
                       999 if limit is None else limit, view["stock_size"], view["hand_sizes"][after],
                       [parse_card(c) for c in view["known"][after]], discards_this_round(view, after),
                       [parse_card(c) for c in view["known"][seat]], len(others) + 1, min(others, default=0))

    def _unseen(self, view: YanivView, hand: list[int]) -> list[int]:
        unseen = self.game.deck()
        for c in hand:
            unseen.remove(c)
        for group in view["discard_pile"]:
            for name in group:
                unseen.remove(parse_card(name))
        for seat, known in enumerate(view["known"]):
            if seat != view["seat"]:
                for name in known:
                    unseen.remove(parse_card(name))
        return unseen

    def call_chance(self, view: YanivView, rng: random.Random) -> float:
        """The estimated chance that the seat's Yaniv call would hold now (``_call_wins``), from its view."""
        hand = [parse_card(c) for c in view["hand"] or ()]
        return self._call_wins(view, hand, self._unseen(view, hand), rng)

    def _call_wins(self, view: YanivView, hand: list[int], pool: list[int], rng: random.Random) -> float:
        """Estimated chance that every opponent holds strictly more than us (Y16).

        The unseen cards are dealt into the opponents' unknown slots at random, and each deal is weighed by how
        likely its hands are for players who have been shedding points: ``exp(-tilt * points)`` per opponent, the
        tilt of ``inference.TILTS`` for his hand's size and the groups he has laid this round (importance weights
        for the same distribution ``inference.refine`` draws from)."""
        mine = sum(self.values[c] for c in hand)
        values = self.values
        opponents = []
        for seat, active in enumerate(view["active"]):
            if seat == view["seat"] or not active:
                continue
            known = [parse_card(c) for c in view["known"][seat]]
            size = view["hand_sizes"][seat]
            lean = tilt(size, discards_this_round(view, seat))
            opponents.append((sum(values[c] for c in known), size - len(known), lean))
        if not opponents:
            return 1.0
        need = sum(u for _, u, _ in opponents)
        if need > len(pool):
            return 0.0
        held = total = 0.0
        for _ in range(self.samples):
            cards = rng.sample(pool, need)
            i, holds, weight = 0, True, 1.0
            for known_sum, unknown, lean in opponents:
                points = sum(values[c] for c in cards[i:i + unknown])
                i += unknown
                weight *= math.exp(-lean * points)
                holds = holds and known_sum + points > mine
            total += weight
            held += weight * holds
        return held / total


def max_group_points(hand: Sequence[int], values: Sequence[int]) -> int:
    """The most points one legal group (Y11) can shed from ``hand``.

    Jokers add no points, so a set is worth its natural cards (two or more of a rank), and a run the
    naturals of a window of three or more consecutive ranks of a suit whose gaps the jokers can fill.
    """
    best = 0
    jokers = 0
    by_rank: dict[int, int] = {}
    by_suit: dict[int, dict[int, int]] = {}
    for c in hand:
        if c == JOKER:
            jokers += 1
            continue
        v = values[c]
        if v > best:
            best = v
        by_rank[c % 13] = by_rank.get(c % 13, 0) + v
        by_suit.setdefault(c // 13, {})[c % 13] = v
    for points in by_rank.values():
        if points > best:
            best = points
    for ranks in by_suit.values():
        if len(ranks) + jokers < 3 or len(ranks) < 2 and not jokers:
            continue
        for lo in range(max(0, min(ranks) - jokers), max(ranks) + 1):
            points, gaps, hi = 0, 0, lo
            while hi <= 12:
                if hi in ranks:
                    points += ranks[hi]
                else:
                    gaps += 1
                    if gaps > jokers:
                        break
                if hi - lo >= 2 and points > best:
                    best = points
                hi += 1
    return best


def _spread(pool: list[int], most: int) -> list[int]:
    """A deterministic, evenly spaced subset of the sorted pool: enough to average the stock draw cheaply."""
    if len(pool) <= most:
        return pool
    ordered = sorted(pool)
    step = len(ordered) / most
    return [ordered[int(i * step + step / 2)] for i in range(most)]


#: the heuristic's styles (``bots.styles``): cautious calls only when nearly sure and guards its discards more;
#: reckless calls on an even chance, gives away low cards freely and keeps fewer combinations; early calls on an
#: even chance; late only when nearly sure
YANIV_STYLES: StyleTable = {
    "cautious": {"call_confidence": 0.9, "gift": 3.0},
    "reckless": {"call_confidence": 0.5, "gift": 0.0, "keep": 0.5},
    "early": {"call_confidence": 0.5},
    "late": {"call_confidence": 0.92},
}


def _heuristic(game: Game[Any, Any], style: Style = "default") -> YanivHeuristic:
    return YanivHeuristic(cast(YanivGame, game), **style_settings(style, YANIV_STYLES))


def calls_legal(legal: list[Action]) -> bool:
    """Whether calling Yaniv is one of the legal moves."""
    return any(cast(YanivAction, a).kind == CALL for a in legal)


def by_points(view: View, legal: list[Action]) -> bool:
    """Where the expert values its moves by the hand's points alone, not by who won the hand: where calling is
    legal (a call that holds is worth only the points it scores, and a caught one costs the penalty), and at every
    decision at a table of 3 or more, where the match is a race to stay under the limit and a hand is won by one
    player in three or four."""
    return view["players"] >= 3 or calls_legal(legal)


def race_margin(world: Any, seat: int) -> float:
    """The expert's margin at a hand's end: the others' mean points that hand less its own. At a table of 3 or more,
    the points as the totals took them: a total halved (Y18) took the hand's points less what the halving removed,
    and a seat put out (Y19) has lost (minus infinity: the rollout is worth nothing) while the others play on. At 2
    players, the hand's points as they are (the match ends with the first seat out)."""
    row = world.sheet[-1]
    took = list(row["points"])
    if len(took) >= 3:
        if "out" in row["marks"][seat]:
            return -math.inf
        halved_from = {after: before for before, after in world.game.rules.halving_at}
        for c, marks in enumerate(row["marks"]):
            if "halved" in marks and took[c] is not None:
                took[c] -= halved_from[row["totals"][c]] - row["totals"][c]
    others = [p for c, p in enumerate(took) if c != seat and p is not None]
    return float(sum(others) / len(others) - took[seat]) if others else 0.0


@lru_cache(maxsize=16)
def _judge(players: int, rules: str) -> YanivHeuristic:
    """The default heuristic of a game of ``players`` under ``rules`` (their JSON): the judge of the features the
    learned ranking reads."""
    return YanivHeuristic(YanivGame(players, rules=json.loads(rules)))


def learned_order(view: View, legal: list[Action], choice: Action) -> list[Action]:
    """The moves for the expert to search, best first (``Settings.prior``), given the heuristic's ``choice``. Where
    the learned rankings know the table (``ranking.trained_table``): where it lays a group and has another to lay, the
    groups in the learned ranking's order (``ranking.rank``), its favourite first as the move to beat, then a call
    where one is legal; where it draws or takes and may do either, the draw and the takes in the learned ranking's
    order (``ranking.rank_takes``). Elsewhere the heuristic's choice first."""
    return ranked_order(view, legal, choice, ranking.trained_table(view["players"]))


def ranked_order(view: View, legal: list[Action], choice: Action, table: str | None) -> list[Action]:
    """``learned_order`` with the rankings trained at ``table`` (``ranking.TABLES``; None: the heuristic's choice
    first)."""
    actions = cast(list[YanivAction], legal)
    if table is not None and len(actions) > 1:
        groups = [a for a in actions if a.is_discard]
        judge = _judge(view["players"], json.dumps(view["rules"], sort_keys=True))
        if cast(YanivAction, choice).is_discard and len(groups) > 1:
            ordered: list[Action] = list(ranking.rank(judge, groups, judge.context(cast(YanivView, view)), table))
            return ordered + [a for a in legal if a not in ordered]
        if not groups and all(a.kind in (DRAW, TAKE) for a in actions):
            return list(ranking.rank_takes(judge, actions, judge.context(cast(YanivView, view)), table))
    return [choice, *(a for a in legal if a is not choice)]


register_bot("heuristic", _heuristic, games=("yaniv",), options=("style",),
             doc=N_("keeps low cards and combinations, takes useful discards, calls when likely to win"))
#: the ``expert``'s search settings: 320 rollouts a decision at a table of two, 80 at larger ones (each about a second
#: or less), over every legal move, the move to beat at every table the learned rankings' favourite group
#: where the heuristic lays one, and their favourite of the draw and the takes (``learned_order``), else the
#: heuristic's move; a hint or a review answers at 80 rollouts, as fast as before the budget at two grew
EXPERT = Settings(margin_scale=15, iterations=80, iterations_at=((2, 320),), advice_iterations=80, refine=refine,
                  points_only=by_points, margin=race_margin, prior=learned_order)
register_search_bots("yaniv", EXPERT)
#: what a casual player mixes up: the deck and the pile; which cards to throw, and whether to call instead
register_casual_bot("yaniv", (("draw", "take"), ("discard", "call")),
                    N_("plays sensibly, but now and then throws the wrong cards, draws from the wrong pile or calls "
                       "Yaniv at the wrong time: a relaxed game"))
