"""YESSIR! bots that read views only.

The heuristic values a position by its chance to win the round if the dice were revealed now: its own
hand against every opponent's two unknown dice, enumerated exactly (36 ordered rolls each, opponents
independent; a tie for the best hand wins nothing, J12). It then looks one decision ahead:

* ``d`` (Yessir!) keeps the chance as it is;
* a paid reroll (``a``, ``b``, ``c``) is worth the expected chance over every outcome, where after each
  outcome the bot may still spend once more (a reroll resets the Yessirs, so it is sure to play again),
  minus the luck it costs;
* ``e`` is worth the expected chance of two fresh dice it will not see again, plus the luck it gains.

A luck point is priced at ``luck_value`` (in win chance), so luck is spent only where the gain pays.
Everything is cached by the multisets of dice (56 shared x 21 personal), so decisions are fast.
"""
from __future__ import annotations

import bisect
from itertools import product

from ..core.registry import register_bot
from .actions import BLIND, KEEP, REROLL_ONE, REROLL_OWN, REROLL_SHARED, UP, YESSIR, YessirAction
from .hands import KEY_TABLES, roll_index


def _outcomes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """The multisets of ``count`` dice with their probabilities."""
    weights: dict[tuple[int, ...], int] = {}
    for roll in product(range(1, 7), repeat=count):
        key = tuple(sorted(roll))
        weights[key] = weights.get(key, 0) + 1
    total = 6 ** count
    return [(k, w / total) for k, w in sorted(weights.items())]


_CACHES: dict[tuple, tuple[dict, dict, dict]] = {}
PAIRS = _outcomes(2)
TRIPLES = _outcomes(3)


class YessirHeuristic:
    def __init__(self, game, luck_value: float = 0.02, depth: int = 3, volatility: float = 0.3):
        rules = game.rules
        self.table = KEY_TABLES[rules.tiebreak_sum]
        self.opponents = game.num_players - 1
        self.luck_min, self.luck_max = rules.luck_min, rules.luck_max
        self.pip_change = rules.pip_change
        self.luck_value = luck_value
        self.depth = depth
        # the caches depend only on these settings, so every bot with the same ones shares them
        shared_caches = _CACHES.setdefault((rules.tiebreak_sum, self.opponents, self.pip_change, luck_value, depth),
                                           ({}, {}, {}, {}))
        self._opp_keys, self._chance, self._best, self._robust = shared_caches
        self.volatility = volatility
        self.stay = 1.0

    # ---- evaluation ---------------------------------------------------------------------------
    def chance(self, shared: tuple, mine: tuple) -> float:
        """Chance that ``mine`` beats every opponent's unknown pair with these shared dice (sorted tuples)."""
        cache_key = (shared, mine)
        found = self._chance.get(cache_key)
        if found is None:
            keys = self._opp_keys.get(shared)
            if keys is None:
                keys = self._opp_keys[shared] = sorted(self.table[roll_index(shared + p)]
                                                       for p in product(range(1, 7), repeat=2))
            mine_key = self.table[roll_index(shared + mine)]
            found = self._chance[cache_key] = (bisect.bisect_left(keys, mine_key) / 36) ** self.opponents
        return found

    def robust(self, mine: tuple) -> float:
        """Chance that ``mine`` wins if the shared dice are rolled afresh before the reveal."""
        found = self._robust.get(mine)
        if found is None:
            found = self._robust[mine] = sum(p * self.chance(t, mine) for t, p in TRIPLES)
        return found

    def outlook(self, shared: tuple, mine: tuple) -> float:
        """The chance to win at the reveal when the shared dice survive with probability ``self.stay``."""
        stay = self.stay
        if stay >= 1.0:
            return self.chance(shared, mine)
        return stay * self.chance(shared, mine) + (1.0 - stay) * self.robust(mine)

    def _faces_after_single(self, shared: tuple, position: int):
        """(new sorted shared dice, probability) for rerolling the die at ``position`` of the sorted tuple;
        with pip change, a same-face result may also be moved up or down (the best is taken later)."""
        old = shared[position]
        rest = shared[:position] + shared[position + 1:]
        for face in range(1, 7):
            if face == old and self.pip_change:
                yield [tuple(sorted(rest + (v,))) for v in (face, face % 6 + 1, (face - 2) % 6 + 1)], 1 / 6
            else:
                yield [tuple(sorted(rest + (face,)))], 1 / 6

    def reroll_values(self, shared: tuple, mine: tuple, slack: int, value) -> dict[str, float]:
        """Expected ``value(shared, mine, slack_after)`` of every affordable paid reroll, minus its price."""
        price = self.luck_value
        out: dict[str, float] = {}
        if slack >= 1:
            for position in range(3):
                if position and shared[position] == shared[position - 1]:
                    continue
                total = 0.0
                for choices, p in self._faces_after_single(shared, position):
                    total += p * max(value(s, mine, slack - 1) for s in choices)
                out[f"a{position}"] = total - price
        if slack >= 2:
            out["b"] = sum(p * value(s, mine, slack - 2) for s, p in TRIPLES) - 2 * price
            out["c"] = sum(p * value(shared, m, slack - 2) for m, p in PAIRS) - 2 * price
        return out

    def settle(self, shared: tuple, mine: tuple, slack: int) -> float:
        """Value of holding this position on a turn with ``slack`` luck to spend: stop, or spend and go on
        (a small dynamic programme: every paid reroll lowers the slack, so it ends)."""
        slack = min(slack, 2 * self.depth)
        cache_key = (shared, mine, slack, self.stay)
        found = self._best.get(cache_key)
        if found is None:
            now = self.outlook(shared, mine)
            options = self.reroll_values(shared, mine, slack, self.settle) if slack > 0 else {}
            found = self._best[cache_key] = max([now, *options.values()])
        return found

    # ---- decisions ------------------------------------------------------------------------------
    def choose(self, view: dict, legal: list[YessirAction], rng) -> YessirAction:
        seat = view["seat"]
        luck = view["luck"][seat]
        slack = luck - self.luck_min
        shared_list = view["shared"]
        shared = tuple(sorted(shared_list))
        mine = tuple(sorted(view["dice"]))
        kinds = {a.kind: a for a in legal}
        # every other player still to move who can pay may change the shared dice before the reveal
        movers = sum(1 for p in range(len(view["luck"])) if p != seat and not view["locked"][p]
                     and view["luck"][p] > self.luck_min)
        self.stay = round((1.0 - self.volatility) ** movers, 2)
        if KEEP in kinds:  # pip change: the rerolled die may move; the turn then passes and comes back
            die = view["pip_die"]
            face = shared_list[die]
            best, best_value = None, -1.0
            for a in legal:
                new = list(shared_list)
                new[die] = face if a.kind == KEEP else face % 6 + 1 if a.kind == UP else (face - 2) % 6 + 1
                value = self.settle(tuple(sorted(new)), mine, slack)
                if value > best_value + 1e-12:
                    best, best_value = a, value
            return best
        scores: dict[int, float] = {}
        scores[YESSIR] = self.outlook(shared, mine)
        paid = self.reroll_values(shared, mine, slack, self.settle)
        blind_gain = self.luck_value if luck < self.luck_max else 0.0
        scores[BLIND] = sum(p * self.outlook(shared, m) for m, p in PAIRS) + blind_gain
        best, best_value = kinds[YESSIR], scores[YESSIR]
        for a in legal:
            if a.kind == REROLL_ONE:
                value = paid.get(f"a{shared.index(shared_list[a.die])}")
            elif a.kind == REROLL_SHARED:
                value = paid.get("b")
            elif a.kind == REROLL_OWN:
                value = paid.get("c")
            elif a.kind == BLIND:
                value = scores[BLIND]
            else:
                continue
            if value is not None and value > best_value + 1e-12:
                best, best_value = a, value
        return best



register_bot("heuristic", YessirHeuristic, games=("yessir",),
             doc="enumerates the unknown dice exactly to estimate its chance to win the round; "
                 "rerolls only when the gain is worth the luck it costs")
