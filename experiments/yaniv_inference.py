"""How well a Yaniv world dealt from a view guesses the others' hidden cards, uniformly dealt and refined
(``gamenight.yaniv.inference``), and the tilts the refinement uses.

The heuristic plays itself (``--matches`` matches from ``--seed`` at each of ``--players``); at some of each seat's
turns (one in ``--every``) every opponent's real hand is compared with ``--worlds`` worlds dealt from the seat's view,
uniform and refined. Printed as JSON:

* ``tilts``: for each hand size and number of the opponent's discards this round (6 or more as 6), the tilt under
  which the uniformly dealt hands' mean points equal the real hands' (``inference.TILTS``; 0 under 100 positions);
* ``points``: the mean points of the real hands and of the dealt ones, and how often each could call (5 points or
  less), by hand size;
* ``right``: the share of the opponents' unknown cards that a world gives them, uniform and refined;
* ``calls``: at the sampled turns where the seat may call Yaniv, how often the call would hold (every other hand
  higher), and the chance the worlds give it (the share of them where it holds), uniform and refined, with their
  Brier scores: what the search and its hints estimate before a call; and the heuristic's own estimate, by which it
  calls (``YanivHeuristic.call_chance``: 96 deals weighed as the refinement weighs hands).

Run: ``python experiments/yaniv_inference.py [--matches 200]`` (a few minutes on 2 cores).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import sys
from collections import Counter, defaultdict
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.yaniv import inference  # noqa: E402

#: (hand size, the opponent's discards this round, his real points, uniform worlds' points, refined worlds' points,
#: unknown cards, of them right in uniform worlds, right in refined ones)
Sample = tuple[int, int, int, list[int], list[int], int, int, int]
CALLABLE = 5
#: the estimates of a call's chance compared, by their place in a ``Call``
CALL_ESTIMATES = ((1, "uniform"), (2, "refined"), (3, "heuristic"))
#: (whether the seat's call would hold, the share of uniform worlds where it holds, of refined worlds, the
#: heuristic's estimate)
Call = tuple[bool, float, float, float]


def right(world_hand: list[int], real_unknown: Counter[int]) -> int:
    """How many of the real hand's unknown cards the world's hand holds (as a multiset: two packs repeat cards)."""
    return sum((Counter(world_hand) & real_unknown).values())


def call_holds(state: Any, seat: int) -> bool:
    """Whether ``seat``'s Yaniv call would hold in ``state``: every other hand still in play is higher."""
    mine = state.hand_value(seat)
    return all(state.hand_value(p) > mine for p in range(len(state.hands)) if p != seat and state.active[p])


def positions(players: int, seed: int, every: int, worlds: int) -> tuple[list[Sample], list[Call]]:
    """One heuristic match's sampled positions, for every opponent of the seat to move, and its calls."""
    game = gamenight.make("yaniv", players=players)
    bot = gamenight.make_bot("heuristic", game)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    out: list[Sample] = []
    calls: list[Call] = []
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        if view["phase"] == "turn" and rng.randrange(every) == 0:
            dealt = [game.sample_state(view, rng) for _ in range(worlds)]
            points = {opp: [w.hand_value(opp) for w in dealt] for opp in range(players)}
            unknown = {opp: Counter(state.hands[opp]) - Counter(state.known[opp]) for opp in range(players)}
            uniform_right = {opp: sum(right(w.hands[opp], unknown[opp]) for w in dealt) for opp in range(players)}
            holds = sum(call_holds(w, seat) for w in dealt)
            refined = [inference.refine(view, w, rng) for w in dealt]
            if view["can_call"]:
                calls.append((call_holds(state, seat), holds / worlds,
                              sum(call_holds(w, seat) for w in refined) / worlds, bot.call_chance(view, rng)))
            for opp in range(players):
                if opp == seat or not state.hands[opp]:
                    continue
                out.append((len(state.hands[opp]), inference.discards_this_round(view, opp), state.hand_value(opp),
                            points[opp], [w.hand_value(opp) for w in refined], sum(unknown[opp].values()) * worlds,
                            uniform_right[opp], sum(right(w.hands[opp], unknown[opp]) for w in refined)))
        state.apply(bot.choose(view, state.legal_actions(), rng))
    return out, calls


def fit_tilt(dealt: list[int], target: float) -> float:
    """The tilt t >= 0 under which ``dealt`` points weighted by exp(-t * points) have the mean ``target``."""
    counts = Counter(dealt)
    least = min(counts)
    low, high = 0.0, 2.0
    for _ in range(50):
        t = (low + high) / 2
        weights = {v: n * math.exp(-t * (v - least)) for v, n in counts.items()}
        mean = sum(v * w for v, w in weights.items()) / sum(weights.values())
        low, high = (t, high) if mean > target else (low, t)
    return round((low + high) / 2, 2)


def summarize(samples: list[Sample], calls: list[Call]) -> dict[str, Any]:
    cells: dict[tuple[int, int], tuple[list[int], list[int]]] = defaultdict(lambda: ([], []))
    sizes: dict[int, list[float]] = defaultdict(lambda: [0.0] * 7)
    for size, turns, real, uniform, refined, *_ in samples:
        cell = cells[(min(size, 5), min(turns, 6))]
        cell[0].append(real)
        cell[1].extend(uniform)
        s = sizes[size]
        for k, x in enumerate((1, real, sum(uniform) / len(uniform), sum(refined) / len(refined), real <= CALLABLE,
                               sum(v <= CALLABLE for v in uniform) / len(uniform),
                               sum(v <= CALLABLE for v in refined) / len(refined))):
            s[k] += x
    tilts = [[fit_tilt(cells[(size, t)][1], sum(cells[(size, t)][0]) / len(cells[(size, t)][0]))
              if len(cells[(size, t)][0]) >= 100 else 0.0 for t in range(7)] for size in range(1, 6)]
    unknown = sum(s[5] for s in samples)
    return {
        "positions": len(samples),
        "tilts": tilts,
        "points": {f"{size} cards": {"positions": int(s[0]), "real": round(s[1] / s[0], 1),
                                     "uniform": round(s[2] / s[0], 1), "refined": round(s[3] / s[0], 1),
                                     "could call": {"real": round(s[4] / s[0], 3), "uniform": round(s[5] / s[0], 3),
                                                    "refined": round(s[6] / s[0], 3)}}
                   for size, s in sorted(sizes.items())},
        "right": {"uniform": round(sum(s[6] for s in samples) / unknown, 4),
                  "refined": round(sum(s[7] for s in samples) / unknown, 4)},
        "calls": {"positions": len(calls), "hold": round(sum(c[0] for c in calls) / len(calls), 3),
                  "estimated": {name: round(sum(c[k] for c in calls) / len(calls), 3)
                                for k, name in CALL_ESTIMATES},
                  "brier": {name: round(sum((c[k] - c[0]) ** 2 for c in calls) / len(calls), 4)
                            for k, name in CALL_ESTIMATES}} if calls else {},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches at each number of players")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--every", type=int, default=3, help="one turn in this many is sampled")
    parser.add_argument("--worlds", type=int, default=4, help="worlds dealt per position")
    args = parser.parse_args()
    jobs = [(int(players), seed, args.every, args.worlds) for players in args.players.split(",")
            for seed in range(args.seed, args.seed + args.matches)]
    with Pool(os.cpu_count() or 1) as pool:
        matches = pool.starmap(positions, jobs)
    samples = [s for found, _ in matches for s in found]
    calls = [c for _, found in matches for c in found]
    text = json.dumps({"matches": args.matches, "players": args.players, "seed": args.seed,
                       **summarize(samples, calls)},
                      indent=1)
    print(re.sub(r"\[\s+([^][{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text))


if __name__ == "__main__":
    main()
