"""Would a better-ranked prior help Gin's expert? Where a large search over every legal move would play, in the
heuristic's own order of preference (``gin_rummy.bots.preferred_moves``), against the four moves the expert searches.

Single hands of the ``openspiel`` preset, the ``heuristic`` against ``simple`` (the heuristic in seat 0 on even
seeds, seat 1 on odd ones), deals from ``--seed``. At a share (``--share``) of the heuristic's discards with more
than four legal moves, the expert's settings with ``--iterations`` rollouts over every legal move
(``candidates=None``) estimate each move. Recorded for each position: the rank, in the heuristic's order, of the
move of best estimate and of the move the search plays (it leaves the heuristic's move only at its ``confidence``),
that move's lead in standard errors, and how much better its estimate is than the best of the heuristic's first
four. Prints one JSON object.

    python experiments/gin_rummy_candidates.py --seed 1 --positions 150 --iterations 1600   # about 8 minutes

docs/bots.md ("What the opponent did not do") reads two such runs (seeds 1 and 1001).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from dataclasses import replace
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.bots.search import SearchBot  # noqa: E402
from gamenight.gin_rummy.bots import EXPERT, GinSimple, preferred_moves  # noqa: E402

SEARCHED = EXPERT.candidates or 0   # the moves the expert searches


def probe(seed: int, positions: int, iterations: int, share: float) -> dict[str, Any]:
    game = gamenight.make("gin_rummy", rules="openspiel")
    wide = SearchBot(game, replace(EXPERT, candidates=None, rank=None, prior=None, iterations=iterations))
    found: list[dict[str, Any]] = []
    deal = seed
    started = time.process_time()
    while len(found) < positions:
        state, rng = game.new(seed=deal), random.Random(deal)
        bots = [gamenight.make_bot("heuristic", game), GinSimple(game)]
        if deal % 2:
            bots.reverse()
        while not state.is_over and len(found) < positions:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            if not isinstance(bots[seat], GinSimple) and view["phase"] == "discard" and len(legal) > SEARCHED \
                    and rng.random() < share:
                found.append(position(wide, view, legal, random.Random(deal * 100 + len(found))))
            state.apply(bots[seat].choose(view, legal, rng))
        deal += 1
    cpu = time.process_time() - started
    best = Counter(p["best_rank"] for p in found)
    played = Counter(p["played_rank"] for p in found)
    return {"seed": seed, "positions": len(found), "iterations": iterations, "cpu_seconds": round(cpu, 1),
            "played_not_the_heuristic_s": sum(n for rank, n in played.items() if rank),
            "played_outside_the_first_four": sum(n for rank, n in played.items() if rank >= SEARCHED),
            "best_rank_counts": dict(sorted(best.items())), "played_rank_counts": dict(sorted(played.items())),
            "found": found}


def position(wide: SearchBot, view: Any, legal: list[Any], rng: random.Random) -> dict[str, Any]:
    estimates = wide.evaluate(view, legal, rng)
    played = estimates[0]   # the search's choice (``SearchBot.evaluate``: best first, by its confidence)
    best = max(estimates, key=lambda e: e.value)
    order = [str(a) for a in preferred_moves(view, legal)]
    first = set(order[:SEARCHED])
    best_of_first = max(e.value for e in estimates if str(e.action) in first)
    return {"best_rank": order.index(str(best.action)), "played_rank": order.index(str(played.action)),
            "lead": round(played.lead or 0.0, 2), "above_the_first_four": round(played.value - best_of_first, 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--iterations", type=int, default=1600)
    parser.add_argument("--share", type=float, default=0.4, help="the share of eligible discards probed")
    args = parser.parse_args(argv)
    print(json.dumps(probe(args.seed, args.positions, args.iterations, args.share), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
