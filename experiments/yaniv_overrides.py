"""When the Yaniv expert plays another move than its heuristic, is it right? Judged with the cards really held.

The expert's search replaces its heuristic's move (its prior) only when another move leads it by ``confidence``
standard errors (``Settings.confidence``, 2). This script measures what such a replacement is worth, by the lead
the search gave it. Heuristic plays every seat of 2-player matches (``--matches`` deals from ``--seed``); at each
decision with more than one legal move the expert searches the seat's view, its confidence set aside so that it
names its best move by value and that move's lead over the prior (``Estimate.lead``). Where the two differ, both
moves are played out ``--rollouts`` times from the real position, the hands as they really are and the stock
reshuffled for each rollout (the same shuffles and seeds for both moves), every seat then played by the heuristic
to the end of the hand. A move's worth is its mean points margin in the hand (the others' mean points minus the
seat's: higher is better) and the share of the hands the seat wins. The report groups the differences by the
lead (bands, and each threshold with the decisions above it: take, discard, or where calling Yaniv was legal),
with 95% intervals over the decisions.

The positions are the heuristic's own (the matches go on with its moves), so the report says what the search adds
to the heuristic's play, decision by decision, and which threshold keeps only the gains; the matches themselves are
``gamenight tournament``'s and ``experiments/yaniv_expert.py``'s.

``--variants by_result,shipped`` judges several searches on the same decisions (the same worlds and playouts) and
reports what each gains over the first; ``--only-calls`` searches only the decisions where a call is legal (about 8
seconds of one core a match at 2 players, 45 at 4); ``--players`` sets the table's size.

Run: ``python experiments/yaniv_overrides.py [--matches 8] [--seed 11] [--rollouts 100]`` (a match is about 800
decisions and 9 minutes of one core at the expert's default budget: 8 matches take about 37 minutes on 2 cores).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.bots.search import SearchBot, Settings  # noqa: E402
from gamenight.tournament import hand_winner  # noqa: E402
from gamenight.yaniv.actions import DRAW, SWAP, TAKE  # noqa: E402
from gamenight.yaniv.bots import calls_legal  # noqa: E402

#: the lead bands and the thresholds the report groups the decisions by
BANDS = ((None, 0.5), (0.5, 1.0), (1.0, 1.5), (1.5, 2.0), (2.0, None))
THRESHOLDS = (0.5, 1.0, 1.5, 2.0, 2.5)
Record = dict[str, Any]


def worth(state: Any, move: Any, seat: int, seed: int, heuristic: Any) -> tuple[float, float]:
    """``move`` played in a copy of the real ``state`` (its stock reshuffled by ``seed``), then the heuristic for
    every seat to the end of the hand: (the others' mean points minus the seat's, 1 if the seat won the hand)."""
    world = state.clone()
    random.Random(seed).shuffle(world.stock)
    rows = len(world.sheet)
    world.apply(move)
    rng = random.Random(seed + 1)
    while len(world.sheet) == rows and world.current_player is not None:
        player = world.current_player
        world.apply(heuristic.choose(world.view(player), world.legal_actions(), rng))
    points = world.sheet[rows]["points"]
    others = [p for s, p in enumerate(points) if s != seat and p is not None]
    margin = sum(others) / len(others) - points[seat]
    return margin, float(hand_winner(points, world.SHEET_LOW_WINS) == seat)


#: the searches the script can compare, each the shipped expert's settings changed: ``shipped`` as it is (decisions
#: valued by the hand's points alone, ``Settings.points_only``: where a call is legal, and every one at 3 players or
#: more, the points as the totals take them, ``Settings.margin``), ``by_result`` every decision valued by the
#: hand's result and its points as they are (the expert before those changes)
VARIANTS: dict[str, Callable[[Settings], Settings]] = {
    "shipped": lambda s: s,
    "by_result": lambda s: replace(s, points_only=None, margin=None),
}


def play(job: tuple[int, int, int | None, dict[str, Any], tuple[str, ...], bool]) -> tuple[int, list[Record]]:
    """One heuristic match from ``seed``: the decisions searched (with ``only_calls``, only those where a call is
    legal), and a record for each where some variant's best move is not the prior: for each such variant, the
    best move's lead and its gain over the prior in ``rollouts`` playouts of the real position (every variant
    searches the same worlds, and a move is played out on the same seeds whichever variant names it)."""
    seed, rollouts, iterations, rules, variants, only_calls = job
    game = gamenight.make("yaniv", **{"players": 2, **rules})
    heuristic = gamenight.make_bot("heuristic", game)
    shipped = gamenight.make_bot("expert", game).settings
    experts = {name: SearchBot(game, replace(VARIANTS[name](shipped), confidence=-math.inf), iterations=iterations)
               for name in variants}
    rng = random.Random(seed)
    state = game.new(seed=seed)
    records = []
    searched = 0
    while state.current_player is not None:
        legal = state.legal_actions()
        view = state.view(state.current_player)
        if len(legal) > 1 and (calls_legal(legal) or not only_calls):
            searched += 1
            # the same worlds and playouts for every variant
            record = judge(state, experts, random.Random(seed * 1_000_003 + searched), rollouts, heuristic)
            if record is not None:
                records.append(record)
        state.apply(heuristic.choose(view, legal, rng))
    return searched, records


def judge(state: Any, experts: dict[str, SearchBot], measure: random.Random, rollouts: int,
          heuristic: Any) -> Record | None:
    """The record of one decision: for each variant whose best move is not the prior, its lead and gains (None
    when every variant keeps the prior)."""
    seat, legal = state.current_player, state.legal_actions()
    view = state.view(seat)
    search_seed, seeds = measure.getrandbits(64), [measure.getrandbits(48) for _ in range(rollouts)]
    worths: dict[int, tuple[float, float]] = {}

    def value(move: Any) -> tuple[float, float]:
        key = legal.index(move)
        if key not in worths:
            results = [worth(state, move, seat, s, heuristic) for s in seeds]
            worths[key] = (sum(r[0] for r in results) / rollouts, sum(r[1] for r in results) / rollouts)
        return worths[key]

    moved = {}
    for name, expert in experts.items():
        estimates = expert.evaluate(view, legal, random.Random(search_seed))
        best, prior = estimates[0], next(e for e in estimates if e.prior)
        if not best.prior:
            gain = [a - b for a, b in zip(value(best.action), value(prior.action))]
            moved[name] = {"lead": best.lead, "points": gain[0], "won": gain[1]}
    if not moved:
        return None
    kinds = {a.kind for a in legal}
    return {"call_legal": calls_legal(legal), "phase": "take" if kinds & {DRAW, TAKE, SWAP} else "discard",
            "variants": moved}


def of_variant(records: list[Record], name: str) -> list[Record]:
    """The decisions where ``name``'s best move was not the prior, each with its lead and gains."""
    return [{"call_legal": r["call_legal"], "phase": r["phase"], **r["variants"][name]}
            for r in records if name in r["variants"]]


def versus(records: list[Record], a: str, b: str) -> dict[str, Any]:
    """What playing ``b`` instead of ``a`` gains over all the decisions (each playing another move than the prior
    only above a threshold of lead), in total points and hands, with 95% intervals; all and where a call is legal."""
    out: dict[str, Any] = {}
    def gain(r: Record, name: str, key: str, t: float) -> float:
        moved = r["variants"].get(name)
        return moved[key] if moved and moved["lead"] is not None and moved["lead"] >= t else 0.0

    for t in THRESHOLDS:
        row = {}
        for kind, chosen in (("all", records), ("call_legal", [r for r in records if r["call_legal"]])):
            row[kind] = {key: total([gain(r, b, key, t) - gain(r, a, key, t) for r in chosen])
                         for key in ("points", "won")}
        out[str(t)] = row
    return out


def total(values: list[float]) -> list[float]:
    """The sum of ``values`` and the half width of its 95% interval (``len(values)`` times the mean's)."""
    mean, half = interval(values)
    return [round(mean * len(values), 3), round(half * len(values), 3)]


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half width of its 95% interval (0 for fewer than 2 values)."""
    mean = sum(values) / len(values) if values else 0.0
    if len(values) < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(var / len(values))


def group(records: list[Record]) -> dict[str, Any]:
    """The decisions' count and their mean gains (points a hand, hands won) with 95% intervals."""
    out: dict[str, Any] = {"decisions": len(records)}
    for key in ("points", "won"):
        values = [r[key] for r in records]
        if not values:
            continue
        out[key] = [round(x, 3) for x in interval(values)]   # mean, half width of its 95% interval
    return out


def summary(records: list[Record], decisions: int) -> dict[str, Any]:
    """The report: the gains by lead band and above each threshold (and by kind of decision above it)."""
    def lead(r: Record) -> float:
        return r["lead"] if r["lead"] is not None else -math.inf

    bands = {}
    for low, high in BANDS:
        name = f"{'' if low is None else low}..{'' if high is None else high}"
        bands[name] = group([r for r in records
                             if (low is None or lead(r) >= low) and (high is None or lead(r) < high)])
    thresholds = {}
    for t in THRESHOLDS:
        above = [r for r in records if lead(r) >= t]
        thresholds[str(t)] = {"all": group(above),
                              "take": group([r for r in above if r["phase"] == "take"]),
                              "discard": group([r for r in above if r["phase"] == "discard" and not r["call_legal"]]),
                              "call_legal": group([r for r in above if r["call_legal"]])}
    return {"decisions_searched": decisions, "best_not_prior": len(records), "by_lead": bands,
            "lead_at_least": thresholds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rollouts", type=int, default=100, help="playouts of each move from the real position")
    parser.add_argument("--iterations", type=int, help="the expert's rollouts a decision (default: its own)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--variants", default="shipped",
                        help=f"the searches to judge, comma-separated, the first the baseline: {', '.join(VARIANTS)}")
    parser.add_argument("--only-calls", action="store_true", help="only the decisions where a call is legal")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    variants = tuple(args.variants.split(","))
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        parser.error(f"no such variant: {', '.join(unknown)} (known: {', '.join(VARIANTS)})")
    rules = {"players": args.players}
    jobs = [(args.seed + i, args.rollouts, args.iterations, rules, variants, args.only_calls)
            for i in range(args.matches)]
    with Pool(args.workers) as pool:
        matches = pool.map(play, jobs, chunksize=1)
    records = [r for _, match in matches for r in match]
    decisions = sum(searched for searched, _ in matches)
    report: dict[str, Any] = {"variants": {name: summary(of_variant(records, name), decisions) for name in variants}}
    for other in variants[1:]:
        report[f"{other} - {variants[0]}"] = versus(records, variants[0], other)
    report["seeds"] = [args.seed, args.seed + args.matches - 1]
    report["rollouts"] = args.rollouts
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
