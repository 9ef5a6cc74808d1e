"""The Yaniv expert against the heuristic, hand by hand: where its wins and losses come from.

``gamenight tournament`` gives match wins and decided hands; a Yaniv match is lost by points, though, so this script
also counts the points each side scores a hand, the Yaniv calls each side makes and how many hold, and how many
points a caught call cost. Each deal (``--matches`` seeds from ``--seed``) is played twice at 2 players, the seats
swapped (at 3 or more players, the expert alone in each seat in turn), as the tournament plays them; the search's
settings can be changed for an experiment (``--iterations``, ``--confidence``, ``--margin-weight``,
``--margin-scale``). Printed as JSON, with 95% intervals (Wilson for shares; for the points a hand, the normal
interval from the spread of the matches' per-hand differences).

Run: ``python experiments/yaniv_expert.py [--players 2] [--matches 10] [--seed 36000]`` (10 matches at 2 players:
about 22 minutes on 2 cores at the default budget).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.bots.search import SearchBot  # noqa: E402
from gamenight.tournament import hand_winner, seatings, solo_seatings, wilson_interval  # noqa: E402

EXPERT, HEURISTIC = "expert", "heuristic"
#: the search settings an experiment may change: --option name -> Settings field
OVERRIDES = {"confidence": "confidence", "margin_weight": "margin_weight", "margin_scale": "margin_scale"}
#: per match: the expert's share of the match, then for each side (expert, heuristic) the hands it played, those
#: decided (one winner: ``gamenight.tournament.hand_winner``, as the tournament counts them) and won, points scored,
#: calls made, calls held, points of caught calls
Match = dict[str, Any]


def expert_seats(players: int, rotation: int) -> list[int]:
    """The expert's seats in a rotation, as the tournament seats it: at 2 players its pairs' seatings (the even
    seats, then the odd ones), at more its ``--solo`` ones (seat ``rotation`` alone)."""
    seated = seatings(EXPERT, HEURISTIC, players) if players == 2 else solo_seatings(EXPERT, HEURISTIC, players)
    return [s for s, bot in enumerate(seated[rotation]) if bot == EXPERT]


def play(job: tuple[int, int, int, dict[str, Any]]) -> Match:
    """One match from ``seed``: the expert (its settings changed by ``options``; ``options["rules"]``: rules
    options for the table) in its seats, the heuristic in the others; what each side did, hand by hand."""
    players, seed, rotation, options = job
    game = gamenight.make("yaniv", players=players, **options.get("rules", {}))
    expert = gamenight.make_bot(EXPERT, game)
    changed = {OVERRIDES[k]: v for k, v in options.items() if k in OVERRIDES and v is not None}
    expert = SearchBot(game, replace(expert.settings, **changed), iterations=options.get("iterations"))
    heuristic = gamenight.make_bot(HEURISTIC, game)
    mine = expert_seats(players, rotation)
    bots = [expert if s in mine else heuristic for s in range(players)]
    rng = random.Random(seed * 7 + rotation)   # the bots' generator, shared by the seats
    state = game.new(seed=seed)
    sides = [{"hands": 0, "decided": 0, "won": 0, "points": 0.0, "calls": 0, "held": 0, "caught_points": 0}
             for _ in range(2)]
    rows = 0
    while state.current_player is not None:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        if len(state.sheet) == rows:
            continue
        points = state.sheet[rows]["points"]
        rows += 1
        playing = [s for s in range(players) if points[s] is not None]
        winner = hand_winner(points, state.SHEET_LOW_WINS)   # None: a tie for the best (the hand is undecided)
        summary = state.last_round
        for side, seats in enumerate(([s for s in playing if s in mine], [s for s in playing if s not in mine])):
            if not seats:
                continue
            tally = sides[side]
            tally["hands"] += 1
            tally["points"] += sum(points[s] for s in seats) / len(seats)   # a seat's points, on average
            tally["decided"] += winner is not None
            tally["won"] += winner in seats
            if summary["caller"] in seats:
                tally["calls"] += 1
                tally["held"] += bool(summary["success"])
                if not summary["success"]:
                    tally["caught_points"] += points[summary["caller"]]
    returns = state.returns()
    total = sum(returns)
    return {"share": sum(returns[s] for s in mine) / total if total else 1 / players, "sides": sides}


def summary(matches: list[Match], players: int) -> dict[str, Any]:
    """The JSON report of the matches: the expert's matches and decided hands (with their fair share at more than
    2 players), and each side's points a hand and calls."""
    won = sum(m["share"] for m in matches)
    hands = sum(m["sides"][0]["hands"] for m in matches)
    decided = sum(m["sides"][0]["decided"] for m in matches)
    hands_won = sum(m["sides"][0]["won"] for m in matches)
    # over all hands; the interval from the spread of the matches' own per-hand differences
    pooled = sum(m["sides"][1]["points"] - m["sides"][0]["points"] for m in matches) / hands
    diffs = [(m["sides"][1]["points"] - m["sides"][0]["points"]) / max(1, m["sides"][0]["hands"]) for m in matches]
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1) / len(diffs))
    sides = {}
    for side, name in enumerate(("expert", "heuristic")):
        tallies = [m["sides"][side] for m in matches]
        played = sum(t["hands"] for t in tallies)
        calls = sum(t["calls"] for t in tallies)
        held = sum(t["held"] for t in tallies)
        sides[name] = {"points_a_hand": round(sum(t["points"] for t in tallies) / played, 2),
                       "calls": calls, "calls_held": held,
                       "calls_held_rate": round(held / calls, 3) if calls else None,
                       "points_of_caught_calls_a_hand": round(sum(t["caught_points"] for t in tallies) / played, 2)}
    return {"players": players, "matches": len(matches), "expert_matches_won": round(won, 1),
            "expert_match_rate": round(won / len(matches), 3),
            "expert_match_ci95": [round(x, 3) for x in wilson_interval(won, len(matches))],
            "fair_share": round(1 / players, 3) if players > 2 else 0.5,
            "hands": hands, "decided_hands": decided, "expert_decided_hands_won": hands_won,
            "expert_hand_rate": round(hands_won / decided, 3) if decided else None,
            "expert_hand_ci95": [round(x, 3) for x in wilson_interval(hands_won, decided)] if decided else None,
            "points_a_hand_heuristic_minus_expert": round(pooled, 2),
            "points_a_hand_ci95": [round(pooled - 1.96 * spread, 2), round(pooled + 1.96 * spread, 2)],
            "sides": sides}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=10, help="deals, each played in every seating")
    parser.add_argument("--seed", type=int, default=36000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--iterations", type=int, help="rollouts a decision (default: the expert's own)")
    parser.add_argument("--confidence", type=float)
    parser.add_argument("--margin-weight", type=float)
    parser.add_argument("--margin-scale", type=float)
    args = parser.parse_args()
    options = {"iterations": args.iterations, "confidence": args.confidence, "margin_weight": args.margin_weight,
               "margin_scale": args.margin_scale}
    rotations = 2 if args.players == 2 else args.players
    jobs = [(args.players, args.seed + i, r, options) for i in range(args.matches) for r in range(rotations)]
    with Pool(args.workers) as pool:
        matches = pool.map(play, jobs, chunksize=1)
    report = summary(matches, args.players)
    report["options"] = {k: v for k, v in options.items() if v is not None}
    report["seeds"] = [args.seed, args.seed + args.matches - 1]
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
