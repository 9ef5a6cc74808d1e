"""A learned ranking of Yaniv's discards at two players, fit to rollout values in shared worlds.

Issue 45 asks for a learned prior for each game's search. At Gin a ranking of the discards fit to their values in
shared worlds, used as the move the expert's search must beat, lifted the expert over its heuristic against
OpenSpiel's bot (docs/bots.md, "The ranking as the expert's prior"). This is the same for Yaniv.

1. **Positions.** Hands of two players, half of the default rules and half of ``single_round``, the heuristic against
   a member of ``POPULATION`` in a random seat; one of the heuristic's discards of that hand (where it lays a group
   rather than calling, and has another group to lay) is picked at random.
2. **Values.** Every group the seat may lay is played in the same ``--worlds`` worlds, dealt from the seat's view
   and refined as the expert's are (``yaniv.inference.refine``), each world with one seed for all the groups, the
   heuristic playing both seats to the hand's end: a group's value is its share of the hands won (a shared hand
   counts a half). Shared worlds make the differences between a position's groups far less noisy than their values.
3. **Features** (``gamenight.yaniv.ranking.FEATURE_NAMES``), read from the view with the heuristic's own measures.
4. **Model** (NumPy): one layer of ``--hidden`` tanh units and a linear output, fit by Adam to the values centred by
   position (only the differences between a position's groups count). Judged on the last fifth of the positions,
   held out, by its regret: the best group's value less the value of the group it would lay (the heuristic's and the
   least-points-kept rule's regrets beside it), with a learning curve on a quarter and a half of the training
   positions.

5. **Played.** ``--versus N``: the heuristic with its groups chosen by the shipped ranking
   (``RankedHeuristic``) against the heuristic, single rounds of ``N`` deals (from ``--versus-seed``) in
   both seats, each also played by the heuristic in its place with the same generator: the hands each won, and the
   hands only one of them won.

Run (about 22 minutes of generation on the 2-core machine, a minute of fitting, 10 seconds of play)::

    python experiments/yaniv_learned_ranking.py --positions 10000 --worlds 24 --data yaniv_rank.npz \\
        --out src/gamenight/yaniv/ranking_weights.json
    python experiments/yaniv_learned_ranking.py --versus 1000

The figures are in docs/bots.md ("A learned ranking of Yaniv's groups, the expert's prior").
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from multiprocessing import Pool
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "experiments"))

import gamenight  # noqa: E402
from gamenight.bots.search import MAX_ROLLOUT_ACTIONS  # noqa: E402
from gamenight.tournament import hand_winner  # noqa: E402
from gamenight.yaniv.bots import YanivHeuristic, learned_order  # noqa: E402
from gamenight.yaniv.inference import refine  # noqa: E402
from gamenight.yaniv.ranking import FEATURE_NAMES, features  # noqa: E402
from gin_rummy_learned_ranking import fit, generate, make, shared_values  # noqa: E402

#: the heuristic's opponents in the positions' hands (the default heuristic twice as often as each other)
POPULATION = ("heuristic", "heuristic", "casual", "heuristic:cautious", "heuristic:reckless", "heuristic:early",
              "heuristic:late")


def groups(legal: list[Any]) -> list[Any]:
    """The groups the seat may lay (every legal move but a call)."""
    return [a for a in legal if a.is_discard]


def pick_position(seed: int, rng: random.Random) -> tuple[Any, Any, list[Any], Any] | None:
    """A hand played to its end; one of the heuristic's discards in it (its game, view, legal moves, choice)."""
    game = gamenight.make("yaniv", players=2, rules="single_round" if seed % 2 else None)
    state = game.new(seed=seed)
    heuristic = YanivHeuristic(game)
    bots = [heuristic, make(rng.choice(POPULATION), game)]
    if rng.random() < 0.5:
        bots.reverse()
    me = bots.index(heuristic)
    seen = []
    rows = len(state.sheet)
    while not state.is_over and len(state.sheet) == rows:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if seat == me and len(groups(legal)) > 1:
            choice = heuristic.choose(view, legal, rng)
            if choice.is_discard:
                seen.append((game, view, legal, choice))
        state.apply(bots[seat].choose(view, legal, rng))
    return rng.choice(seen) if seen else None


def rollout(world: Any, move: Any, seat: int, seed: int, policy: YanivHeuristic) -> float:
    """``move`` played in ``world``, then the heuristic for both seats to the hand's end: 1 won, 0.5 shared, 0 lost."""
    rows = len(world.sheet)
    world.apply(move)
    rng = random.Random(seed)
    steps = 0
    while not world.is_over and len(world.sheet) == rows and steps < MAX_ROLLOUT_ACTIONS:
        world.apply(policy.choose(world.view(world.current_player), world.legal_actions(), rng))
        steps += 1
    if len(world.sheet) == rows:
        return 0.5
    row = world.sheet[rows]
    winner = hand_winner(row["points"], world.SHEET_LOW_WINS)
    mine = next(c for c, seats in enumerate(world.sheet_columns()) if seat in seats)
    return 0.5 if winner is None else float(winner == mine)


def position(job: tuple[int, int]) -> tuple[list[list[float]], list[float], list[float]]:
    """One position's groups: their features, their values, and which one the heuristic lays (1.0)."""
    seed, worlds = job
    rng = random.Random(f"yaniv-crn/{seed}")
    picked = pick_position(seed, rng)
    if picked is None:
        return [], [], []
    game, view, legal, choice = picked
    moves = groups(legal)
    policy = YanivHeuristic(game)
    seat = view["seat"]
    values = shared_values(game, view, moves, worlds, rng, refine,
                           lambda world, move, seed: rollout(world, move, seat, seed, policy))
    ctx = policy.context(view)
    rows = [features(policy, move, ctx) for move in moves]
    return rows, values, [1.0 if move == choice else 0.0 for move in moves]


class RankedHeuristic(YanivHeuristic):
    """The heuristic, but where it lays a group and has another to lay, it lays the shipped ranking's favourite
    (``yaniv.bots.learned_order``, the expert's move to beat)."""

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        return learned_order(view, legal, super().choose(view, legal, rng))[0]


def duel(job: tuple[int, int, str | None]) -> tuple[float, float]:
    """One single round (or the first hand of a match of ``rules``) of the deal ``seed``, the ranked heuristic in
    ``seat``, then the same with the heuristic in its place: each one's result (1 won, 0.5 shared, 0 lost)."""
    seed, seat, rules = job
    out = []
    for ranked in (True, False):
        game = gamenight.make("yaniv", players=2, rules=rules)
        bots = [YanivHeuristic(game), YanivHeuristic(game)]
        if ranked:
            bots[seat] = RankedHeuristic(game)
        state = game.new(seed=seed)
        rng = random.Random(f"yaniv-duel/{seed}/{seat}")
        while not state.is_over and not state.sheet:
            player = state.current_player
            state.apply(bots[player].choose(state.view(player), state.legal_actions(), rng))
        winner = hand_winner(state.sheet[0]["points"], state.SHEET_LOW_WINS) if state.sheet else None
        out.append(0.5 if winner is None else float(winner == seat))
    return out[0], out[1]


def versus(deals: int, seed: int, workers: int) -> dict[str, Any]:
    """The ranked heuristic against the heuristic in single rounds, both seats of ``deals`` deals, and the
    heuristic in its place on the same deals (the same rng): hands won, and the hands only one of them won."""
    jobs = [(seed + n, seat, "single_round") for n in range(deals) for seat in (0, 1)]
    if workers == 1:
        got = [duel(job) for job in jobs]
    else:
        with Pool(workers) as pool:
            got = pool.map(duel, jobs, chunksize=20)
    ranked, base = sum(a for a, _ in got), sum(b for _, b in got)
    better, worse = sum(1 for a, b in got if a > b), sum(1 for a, b in got if a < b)
    return {"hands": len(got), "ranked_won": ranked, "heuristic_won": base, "ranked_rate": round(ranked / len(got), 4),
            "won_only_ranked": better, "won_only_heuristic": worse}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=0, help="positions to generate (0: none)")
    parser.add_argument("--worlds", type=int, default=24, help="shared worlds a position")
    parser.add_argument("--seed", type=int, default=4_000_000)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--data", help="the positions' file (.npz): read if it exists, else written")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="write the ranking fit on every position here (ranking_weights.json)")
    parser.add_argument("--versus", type=int, default=0, help="play the shipped ranking against the heuristic on "
                                                              "this many deals, both seats")
    parser.add_argument("--versus-seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report: dict[str, Any] = {}
    if args.positions or (args.data and os.path.exists(args.data)):
        data = None if args.data and os.path.exists(args.data) else generate(
            args.positions, args.seed, args.worlds, args.workers, position)
        report = fit(args, data, "least_kept", FEATURE_NAMES)[0]
    if args.versus:
        report["versus"] = versus(args.versus, args.versus_seed, args.workers)
    report["seconds"] = round(time.perf_counter() - start)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
