"""What winning a Yaniv match at 4 players asks of a bot: how many fewer points a hand one seat must score than three
heuristics to win a given share of matches, and what a change to the heuristic's call threshold does.

A match there is a race: the last player at or under the elimination limit wins, so it is decided by each
player's points a hand, not by the hands won. Two measurements:

* ``model``: heuristic matches give the points every seat still in scored in each hand (by how many were still
  in). Matches are then drawn from those rows: each hand a random row, shuffled over the seats still in, with
  the lone seat's points multiplied by a ``scale`` (0.9: it scores 10% fewer), totals halved and seats put out
  as the default rules say (Y18, Y19). For each scale: the lone seat's points a hand against the rows' and its
  share of the matches. At scale 1 the share is the fair 25%.
* ``variant``: the heuristic with another ``call_confidence`` (the chance of holding it needs before calling
  Yaniv) alone against three standard heuristics, in every seat of each deal: its share of the matches, with a
  95% interval, and its points a hand against the others' mean.

Run: ``python experiments/yaniv_race.py model [--matches 300]`` (300 heuristic matches: about 2 CPU-minutes, then
the model's 20,000 matches a scale) or ``python experiments/yaniv_race.py variant --call-confidence 0.6
[--deals 150] [--workers 2]`` (150 deals, 600 matches: about 4 CPU-minutes). Printed as JSON.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, HERE)

import gamenight  # noqa: E402
from gamenight.tournament import wilson_interval  # noqa: E402
from gamenight.yaniv.bots import YanivHeuristic  # noqa: E402
from gin_rummy_value import play_all  # noqa: E402

PLAYERS = 4
SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.7)


def played(game: Any, bots: list[Any], seed: int) -> Any:
    """The match from ``seed`` played to its end, ``bots[seat]`` in each seat (one generator, seeded by ``seed``)."""
    state, rng = game.new(seed=seed), random.Random(seed)
    while state.current_player is not None:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state


def heuristic_rows(matches: int, first_seed: int) -> dict[int, list[list[int]]]:
    """The points each seat still in scored in each hand of ``matches`` heuristic matches, by how many were in."""
    game = gamenight.make("yaniv", players=PLAYERS)
    bots = [gamenight.make_bot("heuristic", game)] * PLAYERS
    rows: dict[int, list[list[int]]] = {n: [] for n in range(2, PLAYERS + 1)}
    for seed in range(first_seed, first_seed + matches):
        for row in played(game, bots, seed).score_sheet()["rows"]:
            points = [p for p in row["points"] if p is not None]
            rows[len(points)].append(points)
    return rows


def model_match(rows: dict[int, list[list[int]]], scale: float, rng: random.Random,
                rules: Any) -> tuple[float, int, int]:
    """One match of the model under ``rules`` (the table's halving and limit), seat 0 alone scaled: (its share of
    the win, the points the scale spared it, the hands it played)."""
    halving, limit = dict(rules.halving_at), rules.elimination_limit
    totals, alive, spared, hands = [0] * PLAYERS, list(range(PLAYERS)), 0, 0
    while len(alive) > 1 and 0 in alive:
        points = list(rng.choice(rows[len(alive)]))
        rng.shuffle(points)
        for seat, p in zip(alive, points):
            if seat == 0:
                spared, hands, p = spared + p - round(p * scale), hands + 1, round(p * scale)
            totals[seat] = halving.get(totals[seat] + p, totals[seat] + p)
        left = [s for s in alive if totals[s] <= limit]
        if not left:   # everyone left went over: the lowest total wins (shared)
            low = min(totals[s] for s in alive)
            best = [s for s in alive if totals[s] == low]
            return (1 / len(best) if 0 in best else 0.0), spared, hands
        alive = left
    return float(alive == [0]), spared, hands


def model(matches: int, seed: int, per_scale: int) -> dict[str, Any]:
    rows = heuristic_rows(matches, seed)
    rules = gamenight.make("yaniv", players=PLAYERS).rules
    report: dict[str, Any] = {"heuristic_matches": matches, "hands": {n: len(r) for n, r in rows.items()},
                              "matches_a_scale": per_scale, "scales": []}
    for scale in SCALES:
        rng = random.Random(seed)
        results = [model_match(rows, scale, rng, rules) for _ in range(per_scale)]
        report["scales"].append({"scale": scale, "share": round(sum(r[0] for r in results) / per_scale, 4),
                                 "points_a_hand_fewer": round(sum(r[1] for r in results)
                                                              / sum(r[2] for r in results), 3)})
    return report


def variant_match(job: tuple[int, int, float]) -> tuple[float, int, float, int]:
    """One match: the heuristic with ``call_confidence`` in ``seat``, standard heuristics elsewhere: (its share of
    the win, its points, the others' mean points, hands), over the hands it played with someone else in."""
    seed, seat, call_confidence = job
    game = gamenight.make("yaniv", players=PLAYERS)
    standard, variant = YanivHeuristic(game), YanivHeuristic(game, call_confidence=call_confidence)
    state = played(game, [variant if s == seat else standard for s in range(PLAYERS)], seed)
    mine, others, hands = 0, 0.0, 0
    for row in state.score_sheet()["rows"]:
        points = row["points"]
        rest = [p for s, p in enumerate(points) if s != seat and p is not None]
        if points[seat] is None or not rest:
            break
        mine, others, hands = mine + points[seat], others + sum(rest) / len(rest), hands + 1
    return state.returns()[seat], mine, others, hands


def variant(call_confidence: float, deals: int, seed: int, workers: int) -> dict[str, Any]:
    jobs = [(seed + d, seat, call_confidence) for d in range(deals) for seat in range(PLAYERS)]
    results = play_all(variant_match, jobs, workers, 4)
    wins, hands = sum(r[0] for r in results), sum(r[3] for r in results)
    low, high = wilson_interval(wins, len(results))
    return {"call_confidence": call_confidence, "matches": len(results), "won": wins,
            "share": round(wins / len(results), 4), "share_ci95": [round(low, 4), round(high, 4)], "hands": hands,
            "points_a_hand": round(sum(r[1] for r in results) / hands, 3),
            "others_points_a_hand": round(sum(r[2] for r in results) / hands, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("what", choices=("model", "variant"))
    parser.add_argument("--matches", type=int, default=300, help="model: heuristic matches giving the rows")
    parser.add_argument("--per-scale", type=int, default=20_000, help="model: matches drawn for each scale")
    parser.add_argument("--call-confidence", type=float, default=0.72, help="variant: its call threshold")
    parser.add_argument("--deals", type=int, default=150, help="variant: deals, each played with it in every seat")
    parser.add_argument("--seed", type=int, default=100_000, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if not math.isfinite(args.call_confidence) or not 0 <= args.call_confidence <= 1:
        parser.error("--call-confidence is a chance, 0 to 1")
    if args.what == "model":
        report = model(args.matches, args.seed, args.per_scale)
    else:
        report = variant(args.call_confidence, args.deals, args.seed, args.workers)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
