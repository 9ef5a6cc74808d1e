"""The YESSIR! heuristic as it was before its speed-up (gamenight 2026-11-28, src/gamenight/yessir/bots.py), kept
verbatim as the reference the fast one must agree with exactly (tests/yessir/test_heuristic_reference.py): same
values, bit for bit, so same decisions. Not registered; tests only."""
from __future__ import annotations

import bisect
import random
from itertools import product
from typing import Any, NamedTuple, cast

from gamenight.core.game import Action, Game
from gamenight.core.views import View
from gamenight.yessir.actions import BLIND, KEEP, REROLL_ONE, REROLL_OWN, REROLL_SHARED, UP, YESSIR, D, YessirAction
from gamenight.yessir.hands import KEY_TABLES, roll_index
from gamenight.yessir.rules import YessirRules
from gamenight.yessir.views import YessirView

Dice = tuple[int, ...]                       # dice as a sorted tuple (a multiset)
Informed = tuple[Dice, int] | None           # (the shared dice the passers passed on, how many passed), or None
Context = tuple[float, Informed]             # what a cached value depends on besides the dice


def _outcomes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """The multisets of ``count`` dice with their probabilities."""
    weights: dict[tuple[int, ...], int] = {}
    for roll in product(range(1, 7), repeat=count):
        key = tuple(sorted(roll))
        weights[key] = weights.get(key, 0) + 1
    total = 6 ** count
    return [(k, w / total) for k, w in sorted(weights.items())]


class _Caches(NamedTuple):
    """The values a bot has worked out, by the dice (and the context) they depend on."""

    opp_keys: dict[Dice, list[int]]
    chance: dict[tuple[Dice, Dice, Informed], float]
    best: dict[tuple[Dice, Dice, int, Context], float]
    robust: dict[tuple[Dice, Informed], float]
    posterior: dict[tuple[Dice, Dice], tuple[list[int], list[float]]]
    after_b: dict[tuple[Dice, int, Context], float]
    after_c: dict[tuple[Dice, int, Context], float]


_CACHES: dict[tuple[Any, ...], _Caches] = {}
_SINGLE_NAMES = ("a0", "a1", "a2")
_CACHE_LIMIT = 400_000  # entries; a long tournament would otherwise grow the caches without bound
PAIRS = _outcomes(2)
TRIPLES = _outcomes(3)


class ReferenceHeuristic:
    def __init__(self, game: Game[Any, Any], luck_value: float = 0.02, depth: int = 3, volatility: float = 0.3,
                 infer: bool = True, pass_floor: float = 0.05, informed_depth: int = 1):
        rules = cast(YessirRules, game.rules)
        self.table = KEY_TABLES[rules.tiebreak_sum]
        self.opponents = game.num_players - 1
        self.luck_min, self.luck_max = rules.luck_min, rules.luck_max
        self.pip_change = rules.pip_change
        self.luck_value = luck_value
        self.depth = depth
        self.infer = infer
        self.informed_depth = informed_depth
        self.pass_floor = pass_floor
        # the caches depend only on these settings, so every bot with the same ones shares them
        shared_caches = _CACHES.setdefault((rules.tiebreak_sum, self.opponents, self.pip_change, luck_value, depth,
                                            pass_floor, informed_depth), _Caches({}, {}, {}, {}, {}, {}, {}))
        (self._opp_keys, self._chance, self._best, self._robust, self._posterior, self._after_b,
         self._after_c) = shared_caches
        self.volatility = volatility
        self.stay = 1.0
        # (shared dice the passers passed on, how many unlocked opponents passed on them), or None
        self.informed: Informed = None
        self._singles: dict[tuple[Dice, int], list[tuple[Dice, ...]]] = {}
        self.context: Context = (self.stay, self.informed)
        self._cap = 2 * depth

    # ---- evaluation ---------------------------------------------------------------------------
    def _uniform_keys(self, shared: Dice) -> list[int]:
        keys = self._opp_keys.get(shared)
        if keys is None:
            keys = self._opp_keys[shared] = sorted(self.table[roll_index(shared + p)]
                                                   for p in product(range(1, 7), repeat=2))
        return keys

    def chance(self, shared: Dice, mine: Dice) -> float:
        """Chance that ``mine`` beats every opponent's unknown pair with these shared dice (sorted tuples).

        Opponents are uniform, except those who said Yessir on the dice in ``self.informed``: they are
        weighted towards pairs that were good on those dice (see :meth:`posterior`)."""
        informed = self.informed
        cache_key = (shared, mine, informed)
        found = self._chance.get(cache_key)
        if found is None:
            mine_key = self.table[roll_index(shared + mine)]
            uniform = bisect.bisect_left(self._uniform_keys(shared), mine_key) / 36
            if informed is None:
                found = uniform ** self.opponents
            else:
                passed_on, passers = informed
                keys, cumulative = self.posterior(shared, passed_on)
                beaten = cumulative[bisect.bisect_left(keys, mine_key)]
                found = uniform ** (self.opponents - passers) * beaten ** passers
            self._chance[cache_key] = found
        return found

    def posterior(self, shared: Dice, passed_on: Dice) -> tuple[list[int], list[float]]:
        """The hand keys with ``shared`` of a player who said Yessir on ``passed_on``, sorted, with the
        cumulative weight below each (``cumulative[i]`` = weight of keys[:i]). A pass is taken as
        ``pass_floor + (1 - pass_floor) * chance`` likely, where chance is that pair's on ``passed_on``."""
        cache_key = (shared, passed_on)
        found = self._posterior.get(cache_key)
        if found is None:
            table = self.table
            floor = self.pass_floor
            keys0 = self._uniform_keys(passed_on)
            weighted = []
            for pair, p in PAIRS:
                liked = (bisect.bisect_left(keys0, table[roll_index(passed_on + pair)]) / 36) ** self.opponents
                weighted.append((table[roll_index(shared + pair)], p * (floor + (1 - floor) * liked)))
            weighted.sort()
            total = sum(w for _, w in weighted)
            keys, cumulative, run = [], [0.0], 0.0
            for key, w in weighted:
                keys.append(key)
                run += w / total
                cumulative.append(run)
            found = self._posterior[cache_key] = (keys, cumulative)
        return found

    def robust(self, mine: Dice) -> float:
        """Chance that ``mine`` wins if the shared dice are rolled afresh before the reveal."""
        cache_key = (mine, self.informed)
        found = self._robust.get(cache_key)
        if found is None:
            found = self._robust[cache_key] = sum(p * self.chance(t, mine) for t, p in TRIPLES)
        return found

    def outlook(self, shared: Dice, mine: Dice) -> float:
        """The chance to win at the reveal when the shared dice survive with probability ``self.stay``."""
        stay = self.stay
        if stay >= 1.0:
            return self.chance(shared, mine)
        return stay * self.chance(shared, mine) + (1.0 - stay) * self.robust(mine)

    def _faces_after_single(self, shared: Dice, position: int) -> list[tuple[Dice, ...]]:
        """The six equally likely results (each a tuple of sorted shared dice to choose from) of rerolling
        the die at ``position`` of the sorted tuple; with pip change a same-face result may also be moved
        up or down, so it offers three."""
        key = (shared, position)
        found = self._singles.get(key)
        if found is None:
            old = shared[position]
            rest = shared[:position] + shared[position + 1:]
            found = []
            for face in range(1, 7):
                if face == old and self.pip_change:
                    found.append(tuple(tuple(sorted(rest + (v,))) for v in (face, face % 6 + 1, (face - 2) % 6 + 1)))
                else:
                    found.append((tuple(sorted(rest + (face,))),))
            self._singles[key] = found
        return found

    def reroll_values(self, shared: Dice, mine: Dice, slack: int) -> dict[str, float]:
        """Expected :meth:`settle` value of every affordable paid reroll, minus the luck it costs."""
        price = self.luck_value
        settle = self.settle
        out: dict[str, float] = {}
        if slack >= 1:
            for position in range(3):
                if position and shared[position] == shared[position - 1]:
                    continue
                total = 0.0
                after = slack - 1
                for choices in self._faces_after_single(shared, position):
                    if len(choices) == 1:
                        total += settle(choices[0], mine, after)
                    else:
                        total += max(settle(c, mine, after) for c in choices)
                out[_SINGLE_NAMES[position]] = total / 6 - price
        if slack >= 2:
            context = self.context
            # b's outcome does not depend on the shared dice it replaces, nor c's on the dice it replaces
            key = (mine, slack - 2, context)
            b = self._after_b.get(key)
            if b is None:
                b = self._after_b[key] = sum(p * settle(t, mine, slack - 2) for t, p in TRIPLES)
            key = (shared, slack - 2, context)
            c = self._after_c.get(key)
            if c is None:
                c = self._after_c[key] = sum(p * settle(shared, m, slack - 2) for m, p in PAIRS)
            out["b"] = b - 2 * price
            out["c"] = c - 2 * price
        return out

    def settle(self, shared: Dice, mine: Dice, slack: int) -> float:
        """Value of holding this position on a turn with ``slack`` luck to spend: stop, or spend and go on
        (a small dynamic programme: every paid reroll lowers the slack, so it ends)."""
        if slack > self._cap:
            slack = self._cap
        cache_key = (shared, mine, slack, self.context)
        found = self._best.get(cache_key)
        if found is None:
            now = self.outlook(shared, mine)
            options = self.reroll_values(shared, mine, slack) if slack > 0 else {}
            found = self._best[cache_key] = max([now, *options.values()])
        return found

    # ---- decisions ------------------------------------------------------------------------------
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        v = cast(YessirView, view)
        actions = cast("list[YessirAction]", legal)  # a YESSIR! state's legal actions
        seat = v["seat"]
        assert seat is not None, "a bot plays a seat"
        shared = tuple(sorted(v["shared"]))
        mine = tuple(sorted(v["dice"] or ()))
        slack = v["luck"][seat] - self.luck_min
        self._trim_caches()
        self.read_table(v["luck"], v["locked"], v["passed"], seat, shared)
        if v["pip_faces"] is not None:  # pip change: the rerolled die may move; the turn then passes and comes back
            return self._answer_pip(v, actions, mine, slack)
        return self._take_turn(v, actions, shared, mine, v["luck"][seat])

    def _trim_caches(self) -> None:
        if len(self._best) > _CACHE_LIMIT or len(self._chance) > _CACHE_LIMIT:
            for cache in (self._chance, self._best, self._robust, self._posterior, self._after_b, self._after_c):
                cache.clear()

    def read_table(self, luck: list[int], locked: list[bool], passed: list[bool], seat: int, shared: Dice) -> None:
        """What the other seats' luck, locks and Yessirs (a view's, or a table a move found) say: how likely the
        shared dice survive to the reveal, and who passed on them."""
        # every other player still to move who can pay may change the shared dice before the reveal
        movers = sum(1 for p in range(len(luck)) if p != seat and not locked[p] and luck[p] > self.luck_min)
        self.stay = round((1.0 - self.volatility) ** movers, 2)
        passers = sum(1 for p in range(len(luck)) if p != seat and not locked[p]
                      and passed[p]) if self.infer else 0
        self.informed = (shared, passers) if passers else None
        self.context = (self.stay, self.informed)
        # with informed opponents every pass makes a new programme: keep it shallow
        self._cap = 2 * (self.depth if self.informed is None else self.informed_depth)

    def _answer_pip(self, view: YessirView, legal: list[YessirAction], mine: Dice, slack: int) -> YessirAction:
        """keep, up or down: whichever leaves the best position to settle from."""
        faces = view["pip_faces"]
        die = view["pip_die"]
        assert faces is not None and die is not None
        best, best_value = legal[0], -1.0
        for a in legal:
            new = list(view["shared"])
            new[die] = faces["keep" if a.kind == KEEP else "up" if a.kind == UP else "down"]
            value = self.settle(tuple(sorted(new)), mine, slack)
            if value > best_value + 1e-12:
                best, best_value = a, value
        return best

    def _take_turn(self, view: YessirView, legal: list[YessirAction], shared: Dice, mine: Dice,
                   luck: int) -> YessirAction:
        """d keeps the chance to win now; each other legal action is worth its expected value (see the module)."""
        best, best_value = D, -1.0  # d (Yessir!) is always legal on a turn, and comes first on equal values
        for a, value in self.turn_values(view["shared"], legal, shared, mine, luck):
            if value > best_value + 1e-12:
                best, best_value = a, value
        return best

    def turn_values(self, faces: list[int], legal: list[YessirAction], shared: Dice, mine: Dice,
                    luck: int) -> list[tuple[YessirAction, float]]:
        """Each legal turn action with its value (d first), after ``read_table``; ``faces`` are the shared dice
        left to right, ``shared`` the same sorted."""
        paid = self.reroll_values(shared, mine, luck - self.luck_min)
        blind_gain = self.luck_value if luck < self.luck_max else 0.0
        values = {REROLL_SHARED: paid.get("b"), REROLL_OWN: paid.get("c"),
                  BLIND: sum(p * self.outlook(shared, m) for m, p in PAIRS) + blind_gain}
        out = [(D, self.outlook(shared, mine))]
        for a in legal:
            if a.kind == REROLL_ONE:
                value = paid.get(_SINGLE_NAMES[shared.index(faces[a.die])])
            else:
                value = values.get(a.kind) if a.kind != YESSIR else None
            if value is not None:
                out.append((a, value))
        return out
