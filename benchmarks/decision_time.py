"""A search bot's time a decision, on the same positions whatever the code: so two versions can be compared.

The positions come from matches of the heuristic in each style (``gamenight.bots.styles``) against the default
heuristic, deals from ``--seed``: about half the decisions of the default heuristic's seat with more than one legal
move, at most two a match, ``--positions`` a style. The bot (``--bot``, at its default budget unless
``--iterations``) then decides each one with ``random.Random(its number)``, after one decision to warm the shared
tables, and does it all again (``--passes``: the first pass also fills the tables only other positions need, once a
process); reported: the decisions and each pass's CPU seconds a decision (``time.process_time``, so other work on a
shared machine counts little).

    python benchmarks/decision_time.py --game yessir --bot expert --positions 12

Standard library only; prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.bots.styles import STYLES  # noqa: E402


def positions(game: Any, per_style: int, seed: int) -> list[tuple[Any, list[Any]]]:
    """``per_style`` positions of seat 1 (the default heuristic) against seat 0 in each style: (view, legal)."""
    found: list[tuple[Any, list[Any]]] = []
    for style in STYLES:
        wanted = len(found) + per_style
        deal = seed
        while len(found) < wanted:
            bots = [gamenight.make_bot("heuristic", game, style=style)] + \
                [gamenight.make_bot("heuristic", game) for _ in range(game.num_players - 1)]
            state, rng, taken = game.new(seed=deal), random.Random(deal), 0
            while not state.is_over and taken < 2 and len(found) < wanted:
                seat = state.current_player
                view, legal = state.view(seat), state.legal_actions()
                if seat == 1 and len(legal) > 1 and rng.random() < 0.5:
                    found.append((view, legal))
                    taken += 1
                state.apply(bots[seat].choose(view, legal, rng))
            deal += 1
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="yessir")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--iterations", type=int, default=None, help="default: the bot's own budget")
    parser.add_argument("--positions", type=int, default=12, help="positions a style")
    parser.add_argument("--seed", type=int, default=100, help="the first deal's seed")
    parser.add_argument("--passes", type=int, default=2)
    args = parser.parse_args(argv if argv is not None else [])
    game = gamenight.make(args.game, players=args.players)
    cases = positions(game, args.positions, args.seed)
    options = {} if args.iterations is None else {"iterations": args.iterations}
    bot = gamenight.make_bot(args.bot, game, **options)
    bot.choose(*cases[0], random.Random(0))
    passes = []
    for _ in range(args.passes):
        start = time.process_time()
        for number, (view, legal) in enumerate(cases):
            bot.choose(view, legal, random.Random(number))
        passes.append(round((time.process_time() - start) / len(cases), 4))
    print(json.dumps({"game": args.game, "players": args.players, "bot": args.bot,
                      "iterations": getattr(bot, "iterations", None), "decisions": len(cases),
                      "cpu_seconds_a_decision": passes}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
