"""How far one step of search can go against OpenSpiel's simple gin bot: the expert told what no bot may know.

The expert (``gin_rummy.bots.EXPERT``: its rollouts, its four moves, its learned prior) plays OpenSpiel's bot in
lockstep as ``benchmarks/gin_rummy_outside_peers.py`` plays it, but deals its worlds from the true state instead of
from its view: the opponent's real hand (``--knows cards``), and with ``--knows all`` also the opponent's policy in
the rollouts (gamenight's ``simple``, which plays as OpenSpiel's bot does). Only the stock's order stays unknown:
each world shuffles it. ``--knows nothing`` plays the expert as shipped, ``--knows history`` the expert reading
the opponent's moves this hand (``experiments/gin_rummy_history.py``), on the same hands. The told expert's result
bounds what a better reading of the opponent's cards (and of its style) could give this search, whose own seat is
still played out by the heuristic. An experiment only: no bot may see a state.

Run: ``python experiments/gin_rummy_bound.py --deals 100 --seed 70000 --knows all`` (JSON on stdout, each hand's
result in ``won_by_hand``, as the benchmark reports it; about 45 minutes on one core).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import replace
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "benchmarks"))
sys.path.insert(0, HERE)

import gamenight  # noqa: E402
import gin_rummy_history as history  # noqa: E402
import gin_rummy_outside_peers as peers  # noqa: E402
from gamenight.bots.search import SearchBot  # noqa: E402
from gamenight.core.rng import Rng  # noqa: E402
from gamenight.gin_rummy.bots import EXPERT, GinHeuristic  # noqa: E402


class Told(SearchBot):
    """The expert whose worlds are the true state (``truth``: the hand's state) with the stock shuffled."""

    truth: Any = None

    def _deal(self, view: Any, rng: random.Random) -> Any:
        world = self.truth.clone()
        world.seed = None
        world.rng = Rng(rng.getrandbits(64))
        rng.shuffle(world.stock)
        return world


def simple_or_heuristic(game: Any, style: str) -> Any:
    """The rollouts' policy: ``simple`` for the seat named so, the heuristic for the others."""
    return gamenight.make_bot("simple" if style == "simple" else "heuristic", game)


def told_expert(game: Any, knows: str, seat: int, iterations: int) -> SearchBot:
    """The expert told the opponent's cards; with ``knows`` "all", its rollouts play the opponent as ``simple``.
    Told nothing: the expert as shipped (``nothing``), or with its worlds' hands drawn by the opponent's moves this
    hand (``history``, ``gin_rummy_history.from_history``)."""
    if knows == "nothing":
        return SearchBot(game, replace(EXPERT, iterations=iterations))
    if knows == "history":
        knocks = GinHeuristic(game).knocks
        return SearchBot(game, replace(EXPERT, iterations=iterations, refine=lambda view, world, rng:
                                       history.from_history(view, world, rng, knocks=knocks)))
    settings = replace(EXPERT, iterations=iterations, refine=None)
    if knows == "all":
        settings = replace(settings, styles=lambda view, world, rng: {1 - seat: "simple"}, policy=simple_or_heuristic)
    return Told(game, settings)


def play_hand(pyspiel: Any, knows: str, seed: int, our_seat: int, iterations: int) -> dict[str, Any]:
    """One hand of the told expert in ``our_seat`` against OpenSpiel's bot, as the benchmark plays one."""
    def maker(step: peers.Lockstep, seat: int) -> SearchBot:
        ours = told_expert(step.game, knows, seat, iterations)
        if isinstance(ours, Told):
            ours.truth = step.ours   # the hand's one state, changed in place as the hand goes on
        return ours
    return peers.play_hand(pyspiel, f"expert told {knows}", seed, our_seat, iterations, maker)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--iterations", type=int, default=EXPERT.iterations)
    parser.add_argument("--knows", choices=("nothing", "history", "cards", "all"), default="all")
    args = parser.parse_args(argv)
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

    start = time.perf_counter()
    hands = [play_hand(pyspiel, args.knows, args.seed + n, s, args.iterations) for n in range(args.deals)
             for s in (0, 1)]
    played = [h for h in hands if "diverged" not in h]
    row = peers.summary(f"expert told {args.knows}", "openspiel simple", hands, played, start)
    print(json.dumps({"deals": args.deals, "seed": args.seed, "iterations": args.iterations, "knows": args.knows,
                      "result": row, "diverged": len(hands) - len(played)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
