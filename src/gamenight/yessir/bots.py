"""YESSIR! bots that read views only.

The heuristic values a position by its chance to win the round if the dice were revealed now: its own
hand against every opponent's two unknown dice, enumerated exactly (36 ordered rolls each, opponents
independent; a tie for the best hand wins nothing, J12). Two refinements:

* opponents who said Yessir on the current shared dice (and are not locked) are weighted towards pairs
  that were good on those dice: a pass is taken as ``pass_floor + (1 - pass_floor) * chance`` likely;
* the more unlocked opponents can still pay for a reroll, the more the value is blended with how its own
  dice fare under fresh shared dice (``volatility`` per such opponent).

Then it compares its actions:

* ``d`` (Yessir!) keeps that value;
* a paid reroll (``a``, ``b``, ``c``) is worth the expected value over every outcome of a small dynamic
  programme in which the bot may keep rerolling while luck lasts (a reroll resets the Yessirs, so it is
  sure to play again), each luck point priced at ``luck_value`` in win chance;
* ``e`` is worth the expected value of two fresh dice it will not see again, plus the luck it gains.

Every value is kept once worked out, shared by every bot with the same settings, so decisions are fast: the
multisets of dice are numbered (56 shared x 21 personal make 1,176 cells), and each context (how likely the shared
dice stay, who passed on which) has arrays of values by cell and slack, filled in as decisions need them. What a
value is never depends on what was worked out before (``tests/yessir/test_heuristic_reference.py`` holds them equal,
bit for bit, to the code before the lists).
"""
from __future__ import annotations

import bisect
import math
import random
from array import array
from itertools import product
from typing import Any, TypeAlias, cast

from ..bots.casual import register_casual_bot
from ..bots.search import PerView, Settings, register_search_bots
from ..bots.styles import STYLES, Style, StyleTable, style_settings
from ..core.game import Action, Game, State
from ..core.registry import register_bot
from ..core.text import N_
from ..core.views import View
from .actions import BLIND, KEEP, REROLL_ONE, REROLL_OWN, REROLL_SHARED, UP, YESSIR, D, YessirAction
from .hands import KEY_TABLES, roll_index
from .rules import YessirRules
from .value import match_value
from .views import TableBefore, YessirView

Dice = tuple[int, ...]                       # dice as a sorted tuple (a multiset)
Informed = tuple[Dice, int] | None           # (the shared dice the passers passed on, how many passed), or None
Context = tuple[float, Informed]             # what a value depends on besides the dice
# Worked-out values by number, NaN (``_unknown``) where not yet worked out. An array of doubles, not a list: a server's
# garbage collector visits every slot of a list at each full collection (up to 4 million here, about 0.1 s each),
# and an array holds no objects to visit (and takes a quarter of the memory).
Values: TypeAlias = "array[float]"
UNKNOWN = math.nan


def _unknown(count: int) -> Values:
    """``count`` values, none worked out yet."""
    return array("d", [UNKNOWN]) * count


def _outcomes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """The multisets of ``count`` dice with their probabilities."""
    weights: dict[tuple[int, ...], int] = {}
    for roll in product(range(1, 7), repeat=count):
        key = tuple(sorted(roll))
        weights[key] = weights.get(key, 0) + 1
    total = 6 ** count
    return [(k, w / total) for k, w in sorted(weights.items())]


PAIRS = _outcomes(2)
TRIPLES = _outcomes(3)
# The dice by number: shared dice are their index in TRIPLES, a pair its index in PAIRS, and a position (a cell)
# is ``shared * PAIR_COUNT + pair``, so the values are lists read by index instead of dicts keyed by tuples.
SHARED_NUMBER = {dice: n for n, (dice, _) in enumerate(TRIPLES)}
PAIR_NUMBER = {dice: n for n, (dice, _) in enumerate(PAIRS)}
PAIR_COUNT = len(PAIRS)
CELLS = len(TRIPLES) * PAIR_COUNT
_TRIPLE_CHANCES = [p for _, p in TRIPLES]
_PAIR_CHANCES = [p for _, p in PAIRS]
_SINGLE_NAMES = ("a0", "a1", "a2")
_CACHE_LIMIT = 4_000_000  # value slots (32 MB); a long tournament would otherwise grow the tables without bound
# a single reroll of one position of the shared dice: its six equally likely results, each the offset of the cells
# it ends in (shared * PAIR_COUNT), or the three it may end in when a pip change may move a same-face result
SingleResults = tuple[int | tuple[int, ...], ...]
SingleReroll = tuple[int, SingleResults]


def _offset(shared: Dice) -> int:
    """The offset of the cells of these shared dice (in any order)."""
    return SHARED_NUMBER[tuple(sorted(shared))] * PAIR_COUNT


def _cell(shared: Dice, mine: Dice) -> int:
    """The cell of these shared dice and this pair (each in any order)."""
    return _offset(shared) + PAIR_NUMBER[tuple(sorted(mine))]


def _single_rerolls(shared: Dice, pip_change: bool) -> list[SingleReroll]:
    """Each position of the sorted ``shared`` worth rerolling (the first of equal faces) with its six results."""
    out = []
    for position, old in enumerate(shared):
        if position and old == shared[position - 1]:
            continue
        rest = shared[:position] + shared[position + 1:]
        results: list[int | tuple[int, ...]] = []
        for face in range(1, 7):
            if face == old and pip_change:
                results.append(tuple(_offset(rest + (v,)) for v in (face, face % 6 + 1, (face - 2) % 6 + 1)))
            else:
                results.append(_offset(rest + (face,)))
        out.append((position, tuple(results)))
    return out


class _Programme:
    """The values of one context (what the table says: how likely the shared dice stay, who passed on what)."""

    __slots__ = ("settled", "after_b", "after_c", "blind", "paid")

    def __init__(self, cap: int):
        self.settled = _unknown((cap + 1) * CELLS)         # settle, by slack * CELLS + cell
        self.after_b = _unknown((cap + 1) * PAIR_COUNT)    # b's outcome, by slack * PAIR_COUNT + pair
        self.after_c = _unknown((cap + 1) * len(TRIPLES))  # c's outcome, by slack * 56 + shared
        self.blind = _unknown(len(TRIPLES))                # e's outcome (its luck aside), by shared
        self.paid: dict[int, dict[str, float]] = {}   # a turn's paid rerolls, by slack * CELLS + cell

    @property
    def slots(self) -> int:
        return len(self.settled) + len(self.after_b) + len(self.after_c) + len(self.blind)


class _Tables:
    """What every bot with the same settings works out, shared: each cell's hand key, the opponents' hand keys by
    shared dice, the single rerolls, and by context the chances and the programme's values, filled in as decisions
    need them."""

    def __init__(self, table: tuple[int, ...], pip_change: bool):
        self.keys = [table[roll_index(shared + pair)] for shared, _ in TRIPLES for pair, _ in PAIRS]
        self.uniform = [sorted(table[roll_index(shared + pair)] for pair in product(range(1, 7), repeat=2))
                        for shared, _ in TRIPLES]
        self.singles = [_single_rerolls(shared, pip_change) for shared, _ in TRIPLES]
        self.chances: dict[tuple[int, int] | None, Values] = {}      # by (passed on, passers), a value by cell
        self.robust: dict[tuple[int, int] | None, Values] = {}       # by (passed on, passers), a value by pair
        self.posterior: dict[tuple[int, int], tuple[list[int], list[float]]] = {}   # by (shared, passed on)
        self.programmes: dict[tuple[float, tuple[int, int] | None], _Programme] = {}
        self.slots = 0

    def forget(self) -> None:
        """Forget every worked-out value (they are worked out again as needed, the same)."""
        for found in (self.chances, self.robust, self.posterior, self.programmes):
            found.clear()
        self.slots = 0


_TABLES: dict[tuple[Any, ...], _Tables] = {}


class YessirHeuristic:
    """``luck_value``: a luck point's price in win chance (higher: rerolls less); ``stop_bonus``: added to the
    value of saying Yessir on its own turn (above 0: stops earlier; below: rerolls on). The styles
    (``YESSIR_STYLES``) set them; the others are the module's."""

    def __init__(self, game: Game[Any, Any], luck_value: float = 0.02, depth: int = 3, volatility: float = 0.3,
                 infer: bool = True, pass_floor: float = 0.05, informed_depth: int = 1, stop_bonus: float = 0.0):
        self.stop_bonus = stop_bonus
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
        self.volatility = volatility
        # the values depend only on these settings, so every bot with the same ones shares them
        settings = (rules.tiebreak_sum, self.opponents, self.pip_change, luck_value, depth, pass_floor, informed_depth)
        tables = _TABLES.get(settings)
        if tables is None:
            tables = _TABLES[settings] = _Tables(self.table, self.pip_change)
        self._tables = tables
        self.stay = 1.0
        # (shared dice the passers passed on, how many unlocked opponents passed on them), or None
        self.informed: Informed = None
        self.context: Context = (self.stay, self.informed)
        self._enter()

    def _enter(self) -> None:
        """Take up the values of the context ``stay`` and ``informed`` say (after ``read_table``, or set by hand)."""
        informed = self.informed
        tables = self._tables
        self.context = (self.stay, informed)
        # with informed opponents every pass makes a new programme: keep it shallow
        self._cap = cap = 2 * (self.depth if informed is None else self.informed_depth)
        self._passed = passed = None if informed is None else (_offset(informed[0]) // PAIR_COUNT, informed[1])
        chances, robust = tables.chances.get(passed), tables.robust.get(passed)
        if chances is None or robust is None:
            chances, robust = _unknown(CELLS), _unknown(PAIR_COUNT)
            tables.chances[passed], tables.robust[passed] = chances, robust
            tables.slots += CELLS + PAIR_COUNT
        self._chances, self._robust = chances, robust
        programme = tables.programmes.get((self.stay, passed))
        if programme is None:
            programme = tables.programmes[(self.stay, passed)] = _Programme(cap)
            tables.slots += programme.slots
        self._programme = programme

    # ---- evaluation, by number ----------------------------------------------------------------
    def _chance(self, cell: int) -> float:
        found = self._chances[cell]
        if found != found:  # NaN: not worked out yet
            tables = self._tables
            mine_key = tables.keys[cell]
            shared = cell // PAIR_COUNT
            uniform = bisect.bisect_left(tables.uniform[shared], mine_key) / 36
            if self._passed is None:
                found = uniform ** self.opponents
            else:
                passed_on, passers = self._passed
                keys, cumulative = self._posterior(shared, passed_on)
                beaten = cumulative[bisect.bisect_left(keys, mine_key)]
                found = uniform ** (self.opponents - passers) * beaten ** passers
            self._chances[cell] = found
        return found

    def _posterior(self, shared: int, passed_on: int) -> tuple[list[int], list[float]]:
        tables = self._tables
        found = tables.posterior.get((shared, passed_on))
        if found is None:
            hand_keys = tables.keys
            floor = self.pass_floor
            keys0 = tables.uniform[passed_on]
            weighted = []
            for pair, p in enumerate(_PAIR_CHANCES):
                liked = (bisect.bisect_left(keys0, hand_keys[passed_on * PAIR_COUNT + pair]) / 36) ** self.opponents
                weighted.append((hand_keys[shared * PAIR_COUNT + pair], p * (floor + (1 - floor) * liked)))
            weighted.sort()
            total = sum(w for _, w in weighted)
            keys, cumulative, run = [], [0.0], 0.0
            for key, w in weighted:
                keys.append(key)
                run += w / total
                cumulative.append(run)
            found = tables.posterior[(shared, passed_on)] = (keys, cumulative)
        return found

    def _robust_of(self, pair: int) -> float:
        found = self._robust[pair]
        if found != found:  # NaN: not worked out yet
            chance = self._chance
            found = self._robust[pair] = sum([p * chance(shared * PAIR_COUNT + pair)
                                              for shared, p in enumerate(_TRIPLE_CHANCES)])
        return found

    def _settle(self, cell: int, slack: int) -> float:
        """:meth:`settle` of a cell, ``slack`` within 0..cap."""
        index = slack * CELLS + cell
        settled = self._programme.settled
        found = settled[index]
        if found != found:  # NaN: not worked out yet
            found = settled[index] = self._work_out(cell, slack)
        return found

    def _work_out(self, cell: int, slack: int) -> float:
        if slack == 0:  # the outlook
            stay = self.stay
            if stay >= 1.0:
                return self._chance(cell)
            return stay * self._chance(cell) + (1.0 - stay) * self._robust_of(cell % PAIR_COUNT)
        best = self._settle(cell, 0)
        shared, pair = divmod(cell, PAIR_COUNT)
        for _, results in self._tables.singles[shared]:
            value = self._single(results, pair, slack - 1)
            if value > best:
                best = value
        if slack >= 2:
            price = 2 * self.luck_value
            value = self._after_b(pair, slack - 2) - price
            if value > best:
                best = value
            value = self._after_c(shared, slack - 2) - price
            if value > best:
                best = value
        return best

    def _single(self, results: SingleResults, pair: int, after: int) -> float:
        """The expected value of a single reroll with these six results, ``after`` slack left, less its luck."""
        settled = self._programme.settled
        base = after * CELLS + pair
        total = 0.0
        for offsets in results:
            if isinstance(offsets, int):
                found = settled[base + offsets]
                total += self._settle(offsets + pair, after) if found != found else found
            else:
                total += max([self._settle(offset + pair, after) for offset in offsets])
        return total / 6 - self.luck_value

    def _after_b(self, pair: int, slack: int) -> float:
        """Rerolling the shared dice: the expected value of what comes (``slack`` left), its luck aside."""
        after_b = self._programme.after_b
        found = after_b[slack * PAIR_COUNT + pair]
        if found != found:  # NaN: not worked out yet
            settle = self._settle
            found = after_b[slack * PAIR_COUNT + pair] = sum([
                p * settle(shared * PAIR_COUNT + pair, slack) for shared, p in enumerate(_TRIPLE_CHANCES)])
        return found

    def _after_c(self, shared: int, slack: int) -> float:
        """Rerolling its own dice: the expected value of what comes (``slack`` left), its luck aside."""
        after_c = self._programme.after_c
        index = slack * len(TRIPLES) + shared
        found = after_c[index]
        if found != found:  # NaN: not worked out yet
            settle = self._settle
            base = shared * PAIR_COUNT
            found = after_c[index] = sum([p * settle(base + pair, slack) for pair, p in enumerate(_PAIR_CHANCES)])
        return found

    def _blind(self, shared: int) -> float:
        """The blind reroll: the expected outlook of two fresh dice, its luck aside."""
        blind = self._programme.blind
        found = blind[shared]
        if found != found:  # NaN: not worked out yet
            settle = self._settle
            base = shared * PAIR_COUNT
            found = blind[shared] = sum([p * settle(base + pair, 0) for pair, p in enumerate(_PAIR_CHANCES)])
        return found

    def _paid(self, shared: int, pair: int, slack: int) -> dict[str, float]:
        out: dict[str, float] = {}
        cap = self._cap
        if slack >= 1:
            after = min(slack - 1, cap)
            for position, results in self._tables.singles[shared]:
                out[_SINGLE_NAMES[position]] = self._single(results, pair, after)
        if slack >= 2:
            after = min(slack - 2, cap)
            out["b"] = self._after_b(pair, after) - 2 * self.luck_value
            out["c"] = self._after_c(shared, after) - 2 * self.luck_value
        return out

    def _turn_paid(self, shared: int, pair: int, slack: int) -> dict[str, float]:
        """:meth:`_paid` for a turn, kept (not to be changed): above cap + 2 more slack changes nothing."""
        slack = min(slack, self._cap + 2)
        key = slack * CELLS + shared * PAIR_COUNT + pair
        found = self._programme.paid.get(key)
        if found is None:
            found = self._programme.paid[key] = self._paid(shared, pair, slack)
            self._tables.slots += 1
        return found

    # ---- evaluation, by dice ------------------------------------------------------------------
    def chance(self, shared: Dice, mine: Dice) -> float:
        """Chance that ``mine`` beats every opponent's unknown pair with these shared dice (sorted tuples).

        Opponents are uniform, except those who said Yessir on the dice in ``self.informed``: they are
        weighted towards pairs that were good on those dice (see :meth:`posterior`)."""
        self._enter()
        return self._chance(_cell(shared, mine))

    def posterior(self, shared: Dice, passed_on: Dice) -> tuple[list[int], list[float]]:
        """The hand keys with ``shared`` of a player who said Yessir on ``passed_on``, sorted, with the
        cumulative weight below each (``cumulative[i]`` = weight of keys[:i]). A pass is taken as
        ``pass_floor + (1 - pass_floor) * chance`` likely, where chance is that pair's on ``passed_on``."""
        return self._posterior(SHARED_NUMBER[tuple(sorted(shared))], SHARED_NUMBER[tuple(sorted(passed_on))])

    def robust(self, mine: Dice) -> float:
        """Chance that ``mine`` wins if the shared dice are rolled afresh before the reveal."""
        self._enter()
        return self._robust_of(PAIR_NUMBER[tuple(sorted(mine))])

    def outlook(self, shared: Dice, mine: Dice) -> float:
        """The chance to win at the reveal when the shared dice survive with probability ``self.stay``."""
        return self.settle(shared, mine, 0)

    def reroll_values(self, shared: Dice, mine: Dice, slack: int) -> dict[str, float]:
        """Expected :meth:`settle` value of every affordable paid reroll, minus the luck it costs (``shared`` sorted:
        ``a0``..``a2`` reroll its first, second and third die)."""
        self._enter()
        return self._paid(SHARED_NUMBER[shared], PAIR_NUMBER[tuple(sorted(mine))], slack)

    def settle(self, shared: Dice, mine: Dice, slack: int) -> float:
        """Value of holding this position on a turn with ``slack`` luck to spend: stop, or spend and go on
        (a small dynamic programme: every paid reroll lowers the slack, so it ends)."""
        self._enter()
        return self._settle(_cell(shared, mine), max(0, min(slack, self._cap)))

    # ---- decisions ------------------------------------------------------------------------------
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        v = cast(YessirView, view)
        actions = cast("list[YessirAction]", legal)  # a YESSIR! state's legal actions
        seat = v["seat"]
        assert seat is not None, "a bot plays a seat"
        shared = tuple(sorted(v["shared"]))
        mine = tuple(sorted(v["dice"] or ()))
        slack = v["luck"][seat] - self.luck_min
        if self._tables.slots > _CACHE_LIMIT:
            self._tables.forget()
        self.read_table(v["luck"], v["locked"], v["passed"], seat, shared)
        if v["pip_faces"] is not None:  # pip change: the rerolled die may move; the turn then passes and comes back
            return self._answer_pip(v, actions, mine, slack)
        return self._take_turn(v, actions, shared, mine, v["luck"][seat])

    def read_table(self, luck: list[int], locked: list[bool], passed: list[bool], seat: int, shared: Dice) -> None:
        """What the other seats' luck, locks and Yessirs (a view's, or a table a move found) say: how likely the
        shared dice survive to the reveal, and who passed on them."""
        # every other player still to move who can pay may change the shared dice before the reveal
        movers = sum(1 for p in range(len(luck)) if p != seat and not locked[p] and luck[p] > self.luck_min)
        self.stay = round((1.0 - self.volatility) ** movers, 2)
        passers = sum(1 for p in range(len(luck)) if p != seat and not locked[p]
                      and passed[p]) if self.infer else 0
        self.informed = (shared, passers) if passers else None
        self._enter()

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
            if self.stop_bonus and a is D:
                value += self.stop_bonus
            if value > best_value + 1e-12:
                best, best_value = a, value
        return best

    def turn_values(self, faces: list[int], legal: list[YessirAction], shared: Dice, mine: Dice,
                    luck: int) -> list[tuple[YessirAction, float]]:
        """Each legal turn action with its value (d first), after ``read_table``; ``faces`` are the shared dice
        left to right, ``shared`` the same sorted."""
        if self.context != (self.stay, self.informed):   # set by hand since read_table
            self._enter()
        shared_number = SHARED_NUMBER[shared]
        pair = PAIR_NUMBER[mine]
        paid = self._turn_paid(shared_number, pair, luck - self.luck_min)
        out = [(D, self._settle(shared_number * PAIR_COUNT + pair, 0))]
        for a in legal:
            kind = a.kind
            if kind == REROLL_ONE:
                value = paid.get(_SINGLE_NAMES[shared.index(faces[a.die])])
            elif kind == REROLL_SHARED:
                value = paid.get("b")
            elif kind == REROLL_OWN:
                value = paid.get("c")
            elif kind == BLIND:
                value = self._blind(shared_number) + (self.luck_value if luck < self.luck_max else 0.0)
            else:
                continue
            if value is not None:
                out.append((a, value))
        return out


#: the heuristic's styles (``bots.styles``): cautious prices luck high and so rerolls little; reckless spends its
#: luck on any gain; early says Yessir on a position a little worse than its rerolls' (5 points of win chance);
#: late rerolls on when saying Yessir is up to 5 points better
YESSIR_STYLES: StyleTable = {
    "cautious": {"luck_value": 0.06},
    "reckless": {"luck_value": 0.0},
    "early": {"stop_bonus": 0.05},
    "late": {"stop_bonus": -0.05},
}


def _heuristic(game: Game[Any, Any], style: Style = "default") -> YessirHeuristic:
    return YessirHeuristic(game, **style_settings(style, YESSIR_STYLES))


register_bot("heuristic", _heuristic, games=("yessir",), options=("style",),
             doc=N_("works out its chance to win the round from every way the hidden dice could lie, and re-rolls "
                 "only when the gain is worth the luck it costs"))


def luck_ahead(world: Any, seat: int) -> float:
    """The expert's margin at the end of a round: its luck left against the others' mean (luck buys rerolls in the
    rounds to come)."""
    luck = world.luck
    others = [luck[s] for s in range(len(luck)) if s != seat]
    return float(luck[seat] - sum(others) / len(others))


#: how sharply the others are taken to prefer the moves the heuristic values most (win chance per factor of e)
CHOICE_TEMPERATURE = 0.03
#: the share of another's moves taken as made at random, whatever their dice (people are not the heuristic)
CHOICE_NOISE = 0.2


def choices_likely(view: View, world: Any) -> float:
    """How likely this world's dice make what the others did this round, relative to the likeliest dice, when each
    plays the default heuristic: each other player's moves since their dice were last rerolled, each read as the
    heuristic would value it with those dice (a softmax of its values, mixed with a random move), the product over
    players divided by each player's best. :func:`styles_likely` with the one style; worked out once per view."""
    return _mixture_likely(_style_tables(cast(YessirView, view), world.game, ("default",)), world)


Move = tuple[YessirAction, TableBefore]   # a move, and the table it was made at


def _others_moves(view: YessirView, game: Any) -> dict[int, list[Move]]:
    """Each other seat's turn moves this round since its own dice were last rerolled (c or e), each with the
    public table it was made at (the view's ``before``: the shared dice, every seat's luck, locks and Yessirs)."""
    return {p: since for p, (_, since) in _others_turns(view, game).items()}


def _others_turns(view: YessirView, game: Any) -> dict[int, tuple[list[list[Move]], list[Move]]]:
    """Each other seat's turn moves this round, each with the public table it was made at: those made with dice it
    no longer holds (each run of moves up to a c or e, which is made with them too), and those since."""
    seat = view["seat"]
    turns: dict[int, tuple[list[list[Move]], list[Move]]] = {p: ([], []) for p in range(len(view["luck"]))
                                                              if p != seat}
    for (p, text), table in zip(view["log"], view["before"]):
        if p == seat:
            continue
        a = game.parse_action(text)
        if a.kind in (REROLL_ONE, REROLL_SHARED, YESSIR):
            turns[p][1].append((a, table))
        elif a.kind in (REROLL_OWN, BLIND):
            earlier, since = turns[p]
            turns[p] = ([*earlier, [*since, (a, table)]], [])
    return turns


def _moves_likely(model: YessirHeuristic, game: Any, seat: int, moves: list[Move], pair: Dice) -> float:
    """How likely ``seat``'s ``moves`` are with ``pair`` as its dice, the heuristic's values read as a softmax."""
    weight = 1.0
    for action, table in moves:
        faces, luck = table["shared"], table["luck"]
        shared = tuple(sorted(faces))
        model.read_table(luck, table["locked"], table["passed"], seat, shared)
        values = model.turn_values(faces, game.turn_legal[luck[seat]], shared, pair, luck[seat])
        if model.stop_bonus:   # a style that stops earlier or later (as ``_take_turn`` reads it)
            values = [(a, value + model.stop_bonus if a is D else value) for a, value in values]
        top = max(value for _, value in values)
        total = chosen = 0.0
        for a, value in values:
            share = math.exp((value - top) / CHOICE_TEMPERATURE)
            total += share
            if a.id == action.id:
                chosen = share
        weight *= CHOICE_NOISE / len(values) + (1 - CHOICE_NOISE) * chosen / total
    return weight


#: how likely each style of the heuristic is taken to play another seat before its moves are read: the default most
STYLE_PRIOR: dict[Style, float] = {"default": 0.4, "cautious": 0.15, "reckless": 0.15, "early": 0.15, "late": 0.15}


class SeatStyles:
    """What one other seat's moves this round say of its style (``STYLES``' order). ``weights``: each style's prior
    times how likely it makes the seat's moves made with dice it no longer holds (whatever they were); ``by_pair``:
    for each pair it may hold now, how likely each style makes its moves since (empty when there are none);
    ``mixture``: by pair, the styles' mixture of those, relative to the likeliest pair."""

    __slots__ = ("weights", "by_pair", "mixture")

    def __init__(self, weights: list[float], by_pair: dict[Dice, list[float]]):
        total = sum(weights)
        self.weights = [w / total for w in weights]
        self.by_pair = by_pair
        mixture = {pair: sum(w * x for w, x in zip(self.weights, likely)) for pair, likely in by_pair.items()}
        top = max(mixture.values(), default=1.0)
        self.mixture = {pair: w / top for pair, w in mixture.items()}

    def posterior(self, pair: Dice) -> list[float]:
        """Each style's weight (not normalised) given that the seat holds ``pair`` now."""
        likely = self.by_pair.get(pair)
        return self.weights if likely is None else [w * x for w, x in zip(self.weights, likely)]


def styles_likely(view: View, world: Any) -> float:
    """:func:`choices_likely` for a table of styles: how likely this world's dice make what the others did this
    round when each plays one of the heuristic's styles (a mixture over ``STYLES``, weighted by what their moves
    say of their style), relative to each player's likeliest dice."""
    return _mixture_likely(_style_tables(cast(YessirView, view), world.game), world)


def _mixture_likely(tables: dict[int, SeatStyles], world: Any) -> float:
    """The product over the other seats of their styles' mixture for the dice ``world`` gives them."""
    weight = 1.0
    for p, seat in tables.items():
        if seat.by_pair:
            weight *= seat.mixture[tuple(sorted(world.dice[p]))]
    return weight


def opponent_styles(view: View, world: Any, rng: random.Random) -> dict[int, str]:
    """The style of the heuristic each other seat plays in this world's rollouts (``Settings.styles``): drawn from
    its posterior given its moves this round and the dice the world gives it. Reads the view only (the world's dice
    are the sampler's, not the table's)."""
    out: dict[int, str] = {}
    for p, seat in _style_tables(cast(YessirView, view), world.game).items():
        out[p] = rng.choices(STYLES, weights=seat.posterior(tuple(sorted(world.dice[p]))))[0]
    return out


def style_posterior(view: View, game: Any) -> dict[int, dict[str, float]]:
    """Each other seat's posterior over the styles (``STYLES``) given its moves this round, whatever dice it holds
    (dealt as the sampler deals them: uniformly). Read from the view alone."""
    out: dict[int, dict[str, float]] = {}
    for p, seat in _style_tables(cast(YessirView, view), game).items():
        weights = [0.0] * len(STYLES)
        for pair, chance in PAIRS:
            for i, w in enumerate(seat.posterior(pair)):
                weights[i] += chance * w
        total = sum(weights)
        out[p] = {style: w / total for style, w in zip(STYLES, weights)}
    return out


_STYLE_TABLES: PerView[dict[int, SeatStyles]] = PerView()


def _style_tables(view: YessirView, game: Any, styles: tuple[Style, ...] = STYLES) -> dict[int, SeatStyles]:
    """Every other seat's :class:`SeatStyles` over ``styles`` (their weights ``STYLE_PRIOR``'s, in that order),
    worked out once per view."""
    if isinstance(view, State):
        raise TypeError("the styles are read from a view, never a state")
    return _STYLE_TABLES.get(view, lambda: _seat_styles(view, game, styles), styles)


def _seat_styles(view: YessirView, game: Any, styles: tuple[Style, ...]) -> dict[int, SeatStyles]:
    models = [_heuristic(game, style) for style in styles]
    tables: dict[int, SeatStyles] = {}
    for p, (earlier, since) in _others_turns(view, game).items():
        weights = [STYLE_PRIOR[style] for style in styles]
        for moves in earlier if len(styles) > 1 else ():   # one style's weight is 1 whatever they say
            weights = [w * sum(chance * _moves_likely(model, game, p, moves, pair) for pair, chance in PAIRS)
                       for w, model in zip(weights, models)]
        by_pair = {pair: [_moves_likely(model, game, p, since, pair) for model in models]
                   for pair, _ in PAIRS} if since else {}
        tables[p] = SeatStyles(weights, by_pair)
    return tables


# 4,000 rollouts at 2 players (0.63 s a decision), where a rollout is short; a hint or a review answers at 1,000 there.
# At 2 players, on the tables it was trained for, a round's end is worth the learned chance to win the match from
# there (``value``), so the paired test's floor is in that chance's terms (``relative_floor``); elsewhere the round's
# result blended with the luck margin.
register_search_bots("yessir", Settings(margin_scale=2, margin_weight=0.3, iterations=250, iterations_at=((2, 4000),),
                                        advice_iterations_at=((2, 1000),), margin=luck_ahead,
                                        likelihood=styles_likely, styles=opponent_styles, end_value=match_value,
                                        relative_floor=True))
#: what a casual player mixes up: which dice to reroll and when to say Yessir (one choice); the answer to a pip
#: change
CASUAL_SLIPS = (("reroll_die", "reroll_shared", "reroll_own", "yessir", "blind"), ("keep", "up", "down"))
register_casual_bot("yessir", CASUAL_SLIPS,
                    N_("plays sensibly, but now and then rerolls the wrong dice or says Yessir at the wrong time: a "
                       "relaxed game"))
