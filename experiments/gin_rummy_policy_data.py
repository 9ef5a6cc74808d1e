"""Positions for a learned Gin policy: the heuristic's discards, every legal move valued by a wide search.

The expert is one step of improvement over its heuristic, and no setting of the heuristic plays better (docs/bots.md,
"The heuristic is at its best"): to go further its search needs a policy about as strong as itself at the
heuristic's cost, learned from what the search finds. This writes what such a policy would learn from. Single hands
(even deals: the ``openspiel`` preset; odd deals: the first hand of the default rules), the heuristic in one seat
against the heuristic in a style of ``GIN_STYLES`` or its default, drawn for the deal (``simple`` is left out: the
policy is to be measured against OpenSpiel's bot, which plays as it does). At a share (``--share``) of the
heuristic's discards with more than one legal move, the expert's search over every legal move (``candidates=None``,
``--iterations`` rollouts, sequential halving as the expert plays) values each move. One JSON line a position: the
deal, the rules' name, the seat's view (the fields a policy reads: ``VIEW_FIELDS``), and for each legal move its
value, its share of hands won and its rollouts; the heuristic's move and the search's (which leaves the heuristic's
only at the expert's confidence). Lines are appended as they are found, so a run can be stopped at any time.

    python experiments/gin_rummy_policy_data.py --seed 1 --positions 2000 --out gin_policy_1.jsonl   # ~1 s a position
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import replace
from typing import IO, Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.bots.search import SearchBot  # noqa: E402
from gamenight.gin_rummy.bots import EXPERT, GIN_STYLES  # noqa: E402

#: what a policy may read of the seat's view
VIEW_FIELDS = ("seat", "phase", "current", "dealer", "hand", "discard_pile", "known", "log", "first_upcard",
               "stock_size", "knock_limit", "taken", "discard_deadwood", "can_knock")
STYLES = ("default", *GIN_STYLES)


def positions(seed: int, wanted: int, iterations: int, share: float, out: IO[str], seconds: float = 0.0) -> int:
    """Write up to ``wanted`` positions from deals ``seed, seed + 1, ...`` (or until ``seconds`` have passed):
    how many were written."""
    end = time.monotonic() + seconds if seconds else None
    written, deal = 0, seed
    while written < wanted and (end is None or time.monotonic() < end):
        written += deal_positions(deal, wanted - written, iterations, share, out)
        deal += 1
    return written


def deal_positions(deal: int, most: int, iterations: int, share: float, out: IO[str]) -> int:
    """The positions of one deal's first hand (at most ``most``)."""
    rules = "openspiel" if deal % 2 == 0 else "default"
    game = gamenight.make("gin_rummy", rules=None if rules == "default" else rules)
    wide = SearchBot(game, replace(EXPERT, candidates=None, rank=None, prior=None, iterations=iterations))
    rng = random.Random(f"gin-policy-data/{deal}")
    seat = rng.randrange(2)
    bots = [gamenight.make_bot("heuristic", game), gamenight.make_bot("heuristic", game, style=rng.choice(STYLES))]
    if seat:
        bots.reverse()
    state, written = game.new(seed=deal), 0
    while not state.is_over and state.hands_played == 1 and written < most:
        mover = state.current_player
        view, legal = state.view(mover), state.legal_actions()
        move = bots[mover].choose(view, legal, rng)
        if mover == seat and view["phase"] == "discard" and len(legal) > 1 and rng.random() < share:
            estimates = wide.evaluate(view, legal, random.Random(rng.getrandbits(64)))
            out.write(json.dumps(record(deal, rules, view, estimates, move)) + "\n")
            out.flush()
            written += 1
        state.apply(move)
    return written


def record(deal: int, rules: str, view: Any, estimates: list[Any], heuristic: Any) -> dict[str, Any]:
    return {"deal": deal, "rules": rules, "view": {k: view[k] for k in VIEW_FIELDS},
            "moves": [{"move": str(e.action), "value": round(e.value, 4), "win": round(e.win, 4),
                       "rollouts": e.rollouts} for e in estimates],
            "heuristic": str(heuristic), "search": str(estimates[0].action)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the first deal")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=400, help="rollouts a position, over every legal move")
    parser.add_argument("--share", type=float, default=0.5, help="the share of the heuristic's discards valued")
    parser.add_argument("--seconds", type=float, default=0.0, help="stop after this long (0: when all are found)")
    parser.add_argument("--out", required=True, help="the JSON lines file, appended to")
    args = parser.parse_args(argv)
    with open(args.out, "a", encoding="utf-8") as out:
        n = positions(args.seed, args.positions, args.iterations, args.share, out, args.seconds)
    print(json.dumps({"positions": n, "out": args.out}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
