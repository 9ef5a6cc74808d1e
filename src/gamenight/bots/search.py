"""The ``expert`` bot: determinized Monte Carlo search from the seat's view, for every game.

How it chooses (``SearchBot.evaluate``):

1. **Worlds from the view.** Each iteration deals a whole state consistent with what the seat knows,
   ``game.sample_state(view, rng)`` (the game's sampler keeps the seat's cards, every card seen taken or shown,
   the voids and calls the view reveals). The bot is never given a state: it is built from the view alone.
2. **The same worlds for every move (common random numbers).** Every move still in the running is played in the
   same world and then played out by the same rollout seed, so two moves are compared on the same luck and the
   comparison's noise is far smaller than that of each estimate.
3. **Sequential halving** (Karnin, Koren & Somekh, 2013) spends the budget: the moves are played out in rounds,
   the worse half dropped after each, so most rollouts go to the moves that might be best.
4. **Rollouts by an honest policy.** After the move, every seat (the bot's own included) is played by the game's
   ``heuristic`` bot from its own view of the world, to the end of the hand: the rollout never plays with open
   cards, which avoids the "strategy fusion" of searching sampled worlds as if they were open (Frank & Basin,
   1998; Long et al., 2010 on perfect-information Monte Carlo in Skat).
   A game may model the others instead (``Settings.styles``): each other seat then plays the style of the heuristic
   the game infers from its moves, drawn for each world (YESSIR!).
5. **What a rollout is worth** is read off the score sheet, the same for every game: the hand's result for the
   seat's column (won 1, shared 0.5, lost 0), blended with its points against the others' (``margin_weight``),
   or the match's result when the match ends in the rollout; a game may value a hand's end in the match's terms
   instead (``Settings.end_value``: at YESSIR! and Thunee a learned chance to win the match from the next round's or
   hand's start).

This is perfect-information Monte Carlo with imperfect-information rollouts; it was chosen over single-observer
ISMCTS (Cowling, Powley & Whitehouse, 2012) because the games' heuristic bots are good rollout policies and the
games' decisions are short-horizon (a discard, a call, a card): a tree over the bot's later own moves gained
little for the same budget in our measurements (see docs/bots.md).

>>> import gamenight
>>> game = gamenight.make("yessir", players=2)
>>> bot = gamenight.make_bot("expert", game, iterations=40)
>>> state = game.new(seed=3)
>>> import random
>>> bot.choose(state.view(state.current_player), state.legal_actions(), random.Random(1)) in state.legal_actions()
True
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..core.checks import whole_number
from ..core.errors import RulesError
from ..core.game import Action, Game, State
from ..core.text import Text
from ..core.views import View

if TYPE_CHECKING:
    from ..core.registry import Bot

AnyState = State[Any, Any]
AnyGame = Game[Any, Any]

#: a rollout that has not ended its hand after this many actions is scored where it stands
MAX_ROLLOUT_ACTIONS = 2000
#: the deals rejection sampling tries for one world
MAX_TRIES = 60
#: a move replaces the policy's own only when compared in at least this many worlds...
MIN_PAIRED = 10
#: ...with the variance of their difference at least this (so a handful of equal outcomes proves nothing)
VARIANCE_FLOOR = 0.01
#: the variance of a fair hand's result (won 1 or lost 0): a relative floor is ``VARIANCE_FLOOR`` at this spread
FAIR_SPREAD = 0.25


T = TypeVar("T")


class PerView(Generic[T]):
    """What a game's search works out from a view (and a ``key``), once for all the worlds it deals from that view:
    kept by the view's identity for the last few views (a view is a fresh object each decision)."""

    def __init__(self, keep: int = 8):
        self.keep = keep
        self._kept: dict[tuple[int, Hashable], tuple[object, T]] = {}

    def get(self, view: object, make: Callable[[], T], key: Hashable = None) -> T:
        """``make()``'s answer for ``view`` and ``key``, made the first time they are asked for."""
        found = self._kept.get((id(view), key))
        if found is not None and found[0] is view:
            return found[1]
        if len(self._kept) > self.keep:
            self._kept.clear()
        value = make()
        self._kept[(id(view), key)] = (view, value)
        return value


@dataclass(frozen=True)
class Estimate:
    """What the search thinks of one move: its mean ``value`` (0..1, the bot's objective), the share of rollouts
    in which the seat won the hand (``win``; a shared hand counts half), and how many rollouts it got; ``prior``:
    whether it is the move the others must beat (the policy's own choice, or the first of ``Settings.prior``);
    ``lead``: for a move searched to the last round, how many standard errors of their paired difference its value
    is above the prior's (None for the prior itself and for moves dropped earlier). The search plays another move
    than the prior only when its ``lead`` reaches ``Settings.confidence``."""
    action: Action
    value: float
    win: float
    rollouts: int
    prior: bool = False
    lead: float | None = None


@dataclass(frozen=True)
class Settings:
    """A game's search settings (each game's ``bots`` module registers its ``expert`` with them).

    ``policy``: the bot that plays every seat in the rollouts, a registered bot's name or a maker
    ``policy(game, style)`` (Gin's option ``expert_with_ranked_rollouts``: ``rollout_heuristic``, the heuristic with
    the learned ranking's surest discards);
    ``margin_scale``: the points that count as a clear
    margin in a hand (Gin: 25, Yaniv: 15, Thunee: one ball); ``margin_weight``: how much of a rollout's value is
    that margin rather than the hand's result; ``iterations``: the default budget in rollouts for one decision,
    about a second on one core of the development machine; ``candidates``: at most this many moves are searched,
    the policy's favourites (``rank``) first (None: every legal move); ``horizon``: rollouts play to the end of
    the ``"hand"`` or of the ``"match"`` (YESSIR!'s short matches, where luck spent now is missed later);
    ``confidence``: how many standard errors a move must beat the policy's own choice by to replace it;
    ``iterations_at``: (players, iterations) pairs for table sizes whose rollouts cost more or less than the default
    budget fits (YESSIR!: 4,000 at 2 players, where a rollout is short); ``margin``: what a clear margin is measured
    in, when not the hand's points: ``margin(world, seat)`` at the hand's end (YESSIR!: the luck left against the
    others', which later rounds spend); ``likelihood``: how likely what
    the view saw the others do is in a world, 0..1 (a world is kept with that chance: at YESSIR!, how likely the
    heuristic would have made the others' moves this round with the dice the world gives them), for what the game's
    sampler cannot know by the rules alone; ``refine``: ``refine(view, world, rng)`` moves a dealt world's hidden cards
    towards what players really hold, keeping the view (Gin: the opponent's hand has been built,
    ``gin_rummy.inference``); ``points_only``: at a decision it names (``points_only(view, legal)``), a rollout is
    valued by the hand's points margin alone (or ``margin``'s), on a scale of ``points_scale`` points, not by who
    won the hand (Yaniv: where calling is legal, as winning the hand by a call is worth only its points and a
    caught call costs a penalty; and at every decision at 3 players or more, where the match is a race of
    points); ``styles``: ``styles(view, world, rng)`` says, for a world the search kept, which style of the
    ``policy`` (``gamenight.bots.styles``) plays each other seat in that world's rollouts, as a mapping seat ->
    style name (a seat left out, or the bot's own, plays the policy's default): a model of the opponents at the
    table, inferred from what the view saw them do (YESSIR!: ``yessir.bots.opponent_styles``, each seat's style
    drawn from its posterior given the world's dice, with ``likelihood`` the mixture over the styles). Each style's
    policy is made once per bot; without ``styles`` every seat plays the default policy, move for move as before;
    ``leaf_value``: ``leaf_value(world, seat)`` estimates a rollout's end at once: (the chance the seat wins
    the hand, its margin shaped as ``margin_scale`` shapes it, or None where only winning counts), or None where it
    cannot value the world (the rollout plays on). With it a rollout plays ``rollout_depth`` actions of the policy
    after the move, then stops at the first world it values (Gin: ``gin_rummy.value``, a learned value; for a
    ``horizon`` of ``"hand"``, and not read at a ``points_only`` decision); ``advice_iterations``: the rollouts a
    hint or a review gets a decision when not told (``bots.review``; None: ``iterations``), where a person waits
    for the answer (Gin: the expert plays at 400, a hint answers at 100, as fast as before the expert's budget grew);
    ``advice_iterations_at``: (players, iterations) pairs for advice at table sizes, as ``iterations_at`` is for
    play (a size left out: ``advice_iterations``, else the budget of play; YESSIR!: 1,000 at 2 players);
    ``prior``: ``prior(view, legal, choice)``, given the policy's own ``choice``, the moves to search best first by
    another judge (Gin: its discards in a learned order, ``gin_rummy.ranking``): the first is the move to beat, the
    first ``candidates`` are searched; without it the policy's choice is the move to beat and ``rank`` orders the rest;
    ``end_value``: ``end_value(world, seat)``, what the end of a hand is worth to the seat in the match's terms, read
    from the world where the next hand has begun, in place of the blend of the hand's result and margin (None where
    it cannot say: the blend counts); not at a ``points_only`` decision (YESSIR!: ``yessir.value.match_value``, the
    seat's chance to win the match from the next round's start, learned from play; Thunee: ``thunee.value``'s, the
    team's from the next hand's start);
    ``relative_floor``: the paired test's variance floor (``confidence``) in the values' own terms, scaled by their
    spread over a fair hand's (won 1 or lost 0), for values that move far less than a hand's result (a match's
    chance moves by a few points a hand: with the floor fixed, a move seldom leaves the policy's); else fixed.
    """
    policy: str | Callable[[AnyGame, str], Bot] = "heuristic"
    margin_scale: float = 10.0
    margin_weight: float = 0.3
    iterations: int = 100
    iterations_at: tuple[tuple[int, int], ...] = ()
    candidates: int | None = None
    rank: Callable[[View, list[Action]], list[Action]] | None = None
    horizon: str = "hand"
    confidence: float = 2.0
    margin: Callable[[AnyState, int], float] | None = None
    likelihood: Callable[[View, AnyState], float] | None = None
    refine: Callable[[View, AnyState, random.Random], AnyState] | None = None
    points_only: Callable[[View, list[Action]], bool] | None = None
    points_scale: float = 60.0
    styles: Callable[[View, AnyState, random.Random], Mapping[int, str]] | None = None
    leaf_value: Callable[[AnyState, int], tuple[float, float | None] | None] | None = None
    rollout_depth: int = 0
    advice_iterations: int | None = None
    advice_iterations_at: tuple[tuple[int, int], ...] = ()
    prior: Callable[[View, list[Action], Action], list[Action]] | None = None
    end_value: Callable[[AnyState, int], float | None] | None = None
    relative_floor: bool = False

    def budget(self, players: int) -> int:
        """The rollouts a decision gets at a table of ``players``."""
        return dict(self.iterations_at).get(players, self.iterations)

    def advice_budget(self, players: int) -> int:
        """The rollouts a hint or a review gets a decision at a table of ``players`` when not told."""
        default = self.budget(players) if self.advice_iterations is None else self.advice_iterations
        return dict(self.advice_iterations_at).get(players, default)


class SearchBot:
    """A bot that searches: ``choose(view, legal, rng)`` like every bot, and ``evaluate`` for hints and reviews."""

    def __init__(self, game: AnyGame, settings: Settings, iterations: int | None = None,
                 time_s: float | None = None, clock: Callable[[], float] = time.perf_counter):
        from ..core.registry import make_bot

        self.game = game
        self.settings = settings
        if iterations is not None:
            iterations = whole_number(iterations, "iterations", 1, 1_000_000, error=RulesError)
        if time_s is not None and (isinstance(time_s, bool) or not isinstance(time_s, (int, float))
                                   or not 0 < time_s <= 600):
            raise RulesError(Text("a bot's time per move is more than 0 and at most 600 seconds, not {value}",
                                  value=repr(time_s)))
        # a budget of rollouts makes the bot deterministic for its rng; a time alone caps it by the clock
        self.iterations = iterations if iterations is not None else (None if time_s is not None
                                                                     else settings.budget(game.num_players))
        self.time_s = time_s
        self.clock = clock
        self.policy = make_bot(settings.policy, game) if isinstance(settings.policy, str) else settings.policy(
            game, "default")
        self._styled: dict[str, Bot] = {"default": self.policy}   # each style's policy, made when first asked

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.evaluate(view, legal, rng)[0].action

    def evaluate(self, view: View, legal: list[Action], rng: random.Random,
                 progress: Callable[[float], None] | None = None, lead: Action | None = None) -> list[Estimate]:
        """Every searched move's estimate, best first (the first is the bot's choice). ``lead``: the move to beat,
        searched to the end, in place of the policy's or the prior's (the coach's suggestion).

        Only ``view`` is read: a state handed in place of a view is refused (the bot cannot peek)."""
        if isinstance(view, State):
            raise TypeError("a bot is given a view, never a state")
        seat = view["seat"]
        if seat is None:
            raise ValueError("a bot plays a seat: a spectator's view has none")
        moves = self._candidates(view, legal, rng, lead)
        runs = _Runs(len(moves), self.settings.relative_floor)
        budget = self.iterations if self.iterations is not None else 1_000_000
        deadline = None if self.time_s is None else self.clock() + self.time_s
        rounds = max(1, math.ceil(math.log2(len(moves))))
        alive = list(range(len(moves)))
        by_points = self.settings.points_only is not None and self.settings.points_only(view, legal)
        for round_no in range(rounds):
            last = round_no == rounds - 1
            per_move = max(1, (budget - runs.spent) // len(alive) if last else budget // (len(alive) * rounds))
            for _ in range(per_move):
                world = self._world(view, rng)
                players = self._players(view, world, seat, rng)
                seed = rng.getrandbits(64)
                for i in alive:
                    runs.add(i, *self._rollout(world.clone(), moves[i], seat, seed, by_points, players))
                runs.worlds += 1
                if progress is not None:
                    progress(min(1.0, runs.spent / budget))
                if deadline is not None and self.clock() >= deadline:
                    break
            if deadline is not None and self.clock() >= deadline:
                break
            if not last:
                # the worse half goes; the policy's own move (index 0) stays to the end, the prior to beat
                others = sorted(alive[1:], key=lambda i: (-runs.mean(i), i))
                alive = [0, *others[:max(1, len(others) // 2)]]
        return self._ranked(moves, runs, alive)

    def _world(self, view: View, rng: random.Random) -> AnyState:
        """A world dealt from the view; with a ``likelihood``, kept with its chance (rejection sampling, at most
        ``MAX_TRIES`` deals: then the last one stands)."""
        likelihood = self.settings.likelihood
        world = self._deal(view, rng)
        if likelihood is None:
            return world
        for _ in range(MAX_TRIES):
            if rng.random() < likelihood(view, world):
                break
            world = self._deal(view, rng)
        return world

    def _players(self, view: View, world: AnyState, seat: int, rng: random.Random) -> dict[int, Bot]:
        """The other seats the settings' ``styles`` gives a style other than the default in this world, each with
        that style's policy (none without ``styles``: every seat plays the default policy)."""
        styles = self.settings.styles
        if styles is None:
            return {}
        return {p: self._styled_policy(style) for p, style in styles(view, world, rng).items()
                if p != seat and style != "default"}

    def _styled_policy(self, style: str) -> Bot:
        """The policy in ``style``, made the first time it is asked for."""
        policy = self._styled.get(style)
        if policy is None:
            from ..core.registry import make_bot

            maker = self.settings.policy
            policy = self._styled[style] = (make_bot(maker, self.game, style=style) if isinstance(maker, str)
                                            else maker(self.game, style))
        return policy

    def _deal(self, view: View, rng: random.Random) -> AnyState:
        """The game's sampler's world, refined when the game's settings have a ``refine``."""
        world = self.game.sample_state(view, rng)
        refine = self.settings.refine
        return world if refine is None else refine(view, world, rng)

    def _ranked(self, moves: list[Action], runs: _Runs, alive: list[int]) -> list[Estimate]:
        """The estimates best first. A move displaces the policy's own (index 0) only when it is better by more
        than ``settings.confidence`` standard errors of their paired difference: with few rollouts, the noise of
        a comparison would otherwise replace a good policy's choice by a worse one."""
        finalists = sorted(alive, key=lambda i: (-runs.mean(i), i))
        lead = {i: runs.paired_z(i, 0) for i in finalists if i != 0}
        best = finalists[0]
        if best != 0 and lead[best] < self.settings.confidence:
            finalists.remove(0)
            finalists.insert(0, 0)
        rest = sorted((i for i in range(len(moves)) if runs.counts[i] and i not in alive),
                      key=lambda i: (-runs.mean(i), i))
        return [Estimate(moves[i], runs.mean(i), runs.wins[i] / runs.counts[i], runs.counts[i], i == 0, lead.get(i))
                for i in finalists + rest]

    def _candidates(self, view: View, legal: list[Action], rng: random.Random,
                    lead: Action | None = None) -> list[Action]:
        """The moves to search: every legal one, or the policy's favourites when the game caps them. The policy's
        own choice comes first, so a tie keeps it; with a ``prior``, the prior's order; ``lead`` first if given."""
        first = self.policy.choose(view, legal, random.Random(rng.getrandbits(64)))
        first = legal[legal.index(first)] if not isinstance(first, str) else self.game.parse_action(first)
        settings = self.settings
        if settings.prior is not None:
            ordered = settings.prior(view, legal, first)
            if lead is not None:
                ordered = [lead, *(a for a in ordered if a != lead)]
            return ordered if settings.candidates is None else ordered[:settings.candidates]
        if lead is not None:
            first = legal[legal.index(lead)]
        rest = [a for a in legal if a is not first]
        if settings.candidates is not None and len(legal) > settings.candidates:
            ranked = settings.rank(view, rest) if settings.rank else rest
            rest = ranked[:settings.candidates - 1]
        return [first, *rest]

    def _rollout(self, world: AnyState, move: Action, seat: int, seed: int, by_points: bool = False,
                 players: Mapping[int, Bot] | None = None) -> tuple[float, float]:
        """Play ``move`` in ``world``, then the policy for every seat (``players``' own for the seats it names) to
        the end of the hand (with a ``leaf_value``: to the first world it values after ``rollout_depth`` actions):
        (value, won), the value by the hand's points alone when ``by_points``."""
        rows = len(world.sheet) if self.settings.horizon == "hand" else -1
        world.apply(move)
        rng = random.Random(seed)
        policy = self.policy
        players = players or {}
        steps = 0
        leaf_value = self.settings.leaf_value
        while (rows < 0 or len(world.sheet) == rows) and not world.is_over and steps < MAX_ROLLOUT_ACTIONS:
            if leaf_value is not None and steps >= self.settings.rollout_depth and not by_points:
                leaf = leaf_value(world, seat)
                if leaf is not None:
                    return self._leaf_score(*leaf)
            player = world.current_player
            assert player is not None
            world.apply(players.get(player, policy).choose(world.view(player), world.legal_actions(), rng))
            steps += 1
        return self._score(world, rows, seat, by_points)

    def _leaf_score(self, win: float, shaped: float | None) -> tuple[float, float]:
        """A valued world's (value, won), blended as ``_score`` blends a hand's result and margin."""
        if shaped is None:
            return win, win
        weight = self.settings.margin_weight
        return (1 - weight) * win + weight * shaped, win

    def _score(self, world: AnyState, rows: int, seat: int, by_points: bool = False) -> tuple[float, float]:
        if world.is_over:
            result = world.returns()[seat]
            return result, result
        if len(world.sheet) <= rows or rows < 0:   # the rollout was cut short: nobody has won yet
            return 0.5, 0.5
        row = world.sheet[rows]
        columns = world.sheet_columns()
        mine = next(c for c, seats in enumerate(columns) if seat in seats)
        low = world.SHEET_LOW_WINS
        if row["points"][mine] is None:        # out of the match already: nothing left to win
            return 0.0, 0.0
        points = {c: p for c, p in enumerate(row["points"]) if p is not None}   # the columns still playing
        best = min(points.values()) if low else max(points.values())
        best_columns = [c for c, p in points.items() if p == best]
        won = (1.0 / len(best_columns)) if mine in best_columns else 0.0
        settings = self.settings
        if settings.end_value is not None and not by_points:
            value = settings.end_value(world, seat)
            if value is not None:
                return value, won
        others = [p for c, p in points.items() if c != mine]
        margin = (points[mine] - sum(others) / len(others)) if others else 0.0
        if low:
            margin = -margin
        if settings.margin is not None:
            margin = settings.margin(world, seat)
        if by_points:
            return 0.5 + 0.5 * math.tanh(margin / settings.points_scale), won
        shaped = 0.5 + 0.5 * math.tanh(margin / settings.margin_scale)
        return (1 - settings.margin_weight) * won + settings.margin_weight * shaped, won


class _Runs:
    """The rollouts' results so far: per move, its value in each world it was played in (by the world's number),
    so two moves are compared on the worlds both saw."""

    def __init__(self, moves: int, relative_floor: bool = False):
        self.relative_floor = relative_floor
        self.values: list[dict[int, float]] = [{} for _ in range(moves)]
        self.totals = [0.0] * moves
        self.wins = [0.0] * moves
        self.counts = [0] * moves
        self.worlds = 0
        self.spent = 0

    def add(self, move: int, value: float, won: float) -> None:
        self.values[move][self.worlds] = value
        self.totals[move] += value
        self.wins[move] += won
        self.counts[move] += 1
        self.spent += 1

    def mean(self, move: int) -> float:
        return self.totals[move] / self.counts[move] if self.counts[move] else 0.0

    def paired_z(self, a: int, b: int) -> float:
        """How many standard errors ``a`` beats ``b`` by, over the worlds both were played in."""
        shared = self.values[a].keys() & self.values[b].keys()
        diffs = [self.values[a][w] - self.values[b][w] for w in shared]
        if len(diffs) < MIN_PAIRED:
            return 0.0
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        # a few equal differences are no proof: the variance has a floor (a prior of a 0.1 spread per world), in a
        # hand's terms (won 1, lost 0) or, relative, in the terms of the values' own spread
        floor = VARIANCE_FLOOR * (self._spread(a, b, shared) / FAIR_SPREAD if self.relative_floor else 1.0)
        if var + floor <= 0.0:
            return 0.0
        return mean / math.sqrt((var + floor) / len(diffs))

    def _spread(self, a: int, b: int, shared: set[int]) -> float:
        """The variance of the two moves' values over the worlds both were played in."""
        values = [self.values[m][w] for m in (a, b) for w in shared]
        mean = sum(values) / len(values)
        return sum((v - mean) ** 2 for v in values) / len(values)


def expert_factory(settings: Settings) -> Callable[..., SearchBot]:
    """The factory ``register_bot`` keeps for a game's ``expert`` (``make_bot("expert", game, iterations=...)``)."""
    def make(game: AnyGame, iterations: int | None = None, time_s: float | None = None) -> SearchBot:
        return SearchBot(game, settings, iterations=iterations, time_s=time_s)
    return make


def register_search_bots(game_name: str, settings: Settings) -> None:
    """Register a game's ``expert`` (its full budget) and ``strong`` (a quarter of it, for people who want a
    good game that is not the best): both take ``iterations`` and ``time_s``."""
    from ..core.registry import register_bot
    from ..core.text import N_

    register_bot("expert", expert_factory(settings), games=(game_name,), options=("iterations", "time_s"),
                 doc=N_("tries each move against many ways the hidden cards or dice could lie, given what it has seen, "
                        "and plays each one out to the end of the hand; about a second a move"))
    quarter = replace(settings, iterations=max(1, settings.iterations // 4),
                      iterations_at=tuple((players, max(1, n // 4)) for players, n in settings.iterations_at))
    register_bot("strong", expert_factory(quarter), games=(game_name,), options=("iterations", "time_s"),
                 doc=N_("thinks as Expert does, for a quarter of the time: quicker, and a little weaker"))
