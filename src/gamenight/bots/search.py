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
5. **What a rollout is worth** is read off the score sheet, the same for every game: the hand's result for the
   seat's column (won 1, shared 0.5, lost 0), blended with its points against the others' (``margin_weight``),
   or the match's result when the match ends in the rollout.

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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.checks import whole_number
from ..core.errors import RulesError
from ..core.game import Action, Game, State
from ..core.text import Text
from ..core.views import View

AnyState = State[Any, Any]
AnyGame = Game[Any, Any]

#: a rollout that has not ended its hand after this many actions is scored where it stands
MAX_ROLLOUT_ACTIONS = 2000


@dataclass(frozen=True)
class Estimate:
    """What the search thinks of one move: its mean ``value`` (0..1, the bot's objective), the share of rollouts
    in which the seat won the hand (``win``; a shared hand counts half), and how many rollouts it got."""
    action: Action
    value: float
    win: float
    rollouts: int


@dataclass(frozen=True)
class Settings:
    """A game's search settings (each game's ``bots`` module registers its ``expert`` with them).

    ``policy``: the bot that plays every seat in the rollouts; ``margin_scale``: the points that count as a clear
    margin in a hand (Gin: 25, Yaniv: 15, Thunee: one ball); ``margin_weight``: how much of a rollout's value is
    that margin rather than the hand's result; ``iterations``: the default budget in rollouts for one decision,
    about a second on one core of the development machine; ``candidates``: at most this many moves are searched,
    the policy's favourites (``rank``) first (None: every legal move); ``horizon``: rollouts play to the end of
    the ``"hand"`` or of the ``"match"`` (YESSIR!'s short matches, where luck spent now is missed later)."""
    policy: str = "heuristic"
    margin_scale: float = 10.0
    margin_weight: float = 0.3
    iterations: int = 100
    candidates: int | None = None
    rank: Callable[[View, list[Action]], list[Action]] | None = None
    horizon: str = "hand"


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
                                                                     else settings.iterations)
        self.time_s = time_s
        self.clock = clock
        self.policy = make_bot(settings.policy, game)

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.evaluate(view, legal, rng)[0].action

    def evaluate(self, view: View, legal: list[Action], rng: random.Random,
                 progress: Callable[[float], None] | None = None) -> list[Estimate]:
        """Every searched move's estimate, best first (the first is the bot's choice).

        Only ``view`` is read: a state handed in place of a view is refused (the bot cannot peek)."""
        if isinstance(view, State):
            raise TypeError("a bot is given a view, never a state")
        seat = view["seat"]
        if seat is None:
            raise ValueError("a bot plays a seat: a spectator's view has none")
        moves = self._candidates(view, legal, rng)
        budget = self.iterations
        deadline = None if self.time_s is None else self.clock() + self.time_s
        if budget is None:
            budget = 1_000_000
        rounds = max(1, math.ceil(math.log2(len(moves))))
        alive = list(range(len(moves)))
        totals = [0.0] * len(moves)
        wins = [0.0] * len(moves)
        counts = [0] * len(moves)
        spent = 0
        for round_no in range(rounds):
            per_move = max(1, budget // (len(alive) * rounds)) if round_no < rounds - 1 else \
                max(1, (budget - spent) // len(alive))
            for _ in range(per_move):
                world = self.game.sample_state(view, rng)
                seed = rng.getrandbits(64)
                for i in alive:
                    value, won = self._rollout(world.clone(), moves[i], seat, seed)
                    totals[i] += value
                    wins[i] += won
                    counts[i] += 1
                spent += len(alive)
                if progress is not None:
                    progress(min(1.0, spent / budget))
                if deadline is not None and self.clock() >= deadline:
                    break
            if deadline is not None and self.clock() >= deadline:
                break
            if round_no < rounds - 1:
                alive.sort(key=lambda i: (-totals[i] / counts[i], i))
                alive = alive[:max(1, (len(alive) + 1) // 2)]
        done = [i for i in range(len(moves)) if counts[i]]
        # the moves still in the running come first (they had the most rollouts), each group best first
        survivors = set(alive)
        done.sort(key=lambda i: (i not in survivors, -totals[i] / counts[i], i))
        return [Estimate(moves[i], totals[i] / counts[i], wins[i] / counts[i], counts[i]) for i in done]

    def _candidates(self, view: View, legal: list[Action], rng: random.Random) -> list[Action]:
        """The moves to search: every legal one, or the policy's favourites when the game caps them. The policy's
        own choice comes first, so a tie keeps it."""
        first = self.policy.choose(view, legal, random.Random(rng.getrandbits(64)))
        first = legal[legal.index(first)] if not isinstance(first, str) else self.game.parse_action(first)
        rest = [a for a in legal if a is not first]
        settings = self.settings
        if settings.candidates is not None and len(legal) > settings.candidates:
            ranked = settings.rank(view, rest) if settings.rank else rest
            rest = ranked[:settings.candidates - 1]
        return [first, *rest]

    def _rollout(self, world: AnyState, move: Action, seat: int, seed: int) -> tuple[float, float]:
        """Play ``move`` in ``world``, then the policy for every seat to the end of the hand: (value, won)."""
        rows = len(world.sheet) if self.settings.horizon == "hand" else -1
        world.apply(move)
        rng = random.Random(seed)
        policy = self.policy
        steps = 0
        while (rows < 0 or len(world.sheet) == rows) and not world.is_over and steps < MAX_ROLLOUT_ACTIONS:
            player = world.current_player
            assert player is not None
            world.apply(policy.choose(world.view(player), world.legal_actions(), rng))
            steps += 1
        return self._score(world, rows, seat)

    def _score(self, world: AnyState, rows: int, seat: int) -> tuple[float, float]:
        if world.is_over:
            result = world.returns()[seat]
            return result, result
        if len(world.sheet) <= rows or rows < 0:   # the rollout was cut short: nobody has won yet
            return 0.5, 0.5
        row = world.sheet[rows]
        columns = world._sheet_columns()
        mine = next(c for c, seats in enumerate(columns) if seat in seats)
        low = world.SHEET_LOW_WINS
        points = [p if p is not None else None for p in row["points"]]
        playing = [c for c, p in enumerate(points) if p is not None]
        mine_points = points[mine]
        if mine_points is None:        # out of the match already: nothing left to win
            return 0.0, 0.0
        best = (min if low else max)(points[c] for c in playing)  # type: ignore[type-var]
        best_columns = [c for c in playing if points[c] == best]
        won = (1.0 / len(best_columns)) if mine in best_columns else 0.0
        others = [points[c] for c in playing if c != mine]
        margin = (mine_points - sum(others) / len(others)) if others else 0  # type: ignore[operator]
        if low:
            margin = -margin
        settings = self.settings
        shaped = 0.5 + 0.5 * math.tanh(margin / settings.margin_scale)
        return (1 - settings.margin_weight) * won + settings.margin_weight * shaped, won


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
                 doc=N_("searches: deals the unseen cards or dice many ways from what it knows and plays each move "
                        "out to the end of the hand; about a second a move"))
    quarter = Settings(**{**settings.__dict__, "iterations": max(1, settings.iterations // 4)})
    register_bot("strong", expert_factory(quarter), games=(game_name,), options=("iterations", "time_s"),
                 doc=N_("the expert's search with a quarter of its time"))
