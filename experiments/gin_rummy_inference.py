"""How well a Gin Rummy world dealt from a view guesses the opponent's hidden cards, uniformly dealt and refined
(``gamenight.gin_rummy.inference``), and the weights the refinement uses.

The heuristic plays itself (``--matches`` matches from ``--seed``); at some of each seat's draws and discards (one
in ``--every``) the opponent's real hand is compared with ``--worlds`` worlds dealt from the seat's view, uniform
and refined. Printed as JSON:

* ``weights``: for each stock band of ``inference.STOCK_BANDS``, the share of real hands in each deadwood band over
  the share of uniformly dealt ones (each count plus one half), divided by the largest: ``inference.WEIGHTS``;
* ``deadwood``: the mean deadwood of the real hands and of the dealt ones, by stock band;
* ``right``: the share of the opponent's unknown cards that a world gives him, uniform and refined.

Run: ``python experiments/gin_rummy_inference.py [--matches 300]`` (about a minute on 2 cores).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.gin_rummy import inference  # noqa: E402
from gamenight.gin_rummy.melds import deadwood  # noqa: E402

Sample = tuple[int, int, list[int], list[int], int, int, int]


def positions(seed: int, every: int, worlds: int) -> list[Sample]:
    """One heuristic match's sampled positions: (stock band, real deadwood, uniform worlds' deadwoods, refined
    worlds' deadwoods, unknown cards, of them right in uniform worlds, right in refined ones)."""
    game = gamenight.make("gin_rummy")
    bot = gamenight.make_bot("heuristic", game)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    out: list[Sample] = []
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        if view["phase"] in ("draw", "discard") and rng.randrange(every) == 0:
            opp = 1 - seat
            unknown = state.hands[opp] & ~state.known[opp]
            uniform, refined, right_u, right_r = [], [], 0, 0
            for _ in range(worlds):
                world = game.sample_state(view, rng)
                uniform.append(deadwood(world.hands[opp]))
                right_u += (world.hands[opp] & unknown).bit_count()
                world = inference.refine(view, world, rng)
                refined.append(deadwood(world.hands[opp]))
                right_r += (world.hands[opp] & unknown).bit_count()
            out.append((inference.stock_band(view["stock_size"]), deadwood(state.hands[opp]), uniform, refined,
                        unknown.bit_count() * worlds, right_u, right_r))
        state.apply(bot.choose(view, state.legal_actions(), rng))
    return out


def summarize(samples: list[Sample]) -> dict[str, Any]:
    bands = len(inference.STOCK_BANDS)
    width = len(inference.WEIGHTS[0])
    real = [[0] * width for _ in range(bands)]
    dealt = [[0] * width for _ in range(bands)]
    means: dict[int, list[float]] = {b: [0, 0.0, 0.0, 0.0] for b in range(bands)}
    for band, dw, uniform, refined, *_ in samples:
        real[band][inference.deadwood_band(dw)] += 1
        for x in uniform:
            dealt[band][inference.deadwood_band(x)] += 1
        m = means[band]
        m[0] += 1
        m[1] += dw
        m[2] += sum(uniform) / len(uniform)
        m[3] += sum(refined) / len(refined)
    weights = []
    for band in range(bands):
        r_total, d_total = sum(real[band]) + width / 2, sum(dealt[band]) + width / 2
        ratios = [((real[band][k] + 0.5) / r_total) / ((dealt[band][k] + 0.5) / d_total) for k in range(width)]
        top = max(ratios)
        weights.append([max(0.0001, round(x / top, 4)) for x in ratios])
    unknown = sum(s[4] for s in samples)
    return {
        "positions": len(samples),
        "weights": weights,
        "deadwood": {f"stock >= {inference.STOCK_BANDS[b]}": {"positions": int(m[0]), "real": round(m[1] / m[0], 1),
                                                               "uniform": round(m[2] / m[0], 1),
                                                               "refined": round(m[3] / m[0], 1)}
                     for b, m in means.items() if m[0]},
        "right": {"uniform": round(sum(s[5] for s in samples) / unknown, 4),
                  "refined": round(sum(s[6] for s in samples) / unknown, 4)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=60000)
    parser.add_argument("--every", type=int, default=7, help="one position in this many is sampled")
    parser.add_argument("--worlds", type=int, default=4, help="worlds dealt per position")
    args = parser.parse_args()
    jobs = [(seed, args.every, args.worlds) for seed in range(args.seed, args.seed + args.matches)]
    with Pool(os.cpu_count() or 1) as pool:
        samples = [s for match in pool.starmap(positions, jobs) for s in match]
    print(json.dumps({"matches": args.matches, "seed": args.seed, **summarize(samples)}, indent=1))


if __name__ == "__main__":
    main()
