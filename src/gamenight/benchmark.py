"""Engine speed: uniform-random playouts of every game on one core, through the public API.

``python -m gamenight.benchmark [GAME ...] [--seconds S]`` prints one JSON object. Each measurement runs
whole matches (``legal_actions`` then ``apply`` with a random legal action) for about ``seconds`` and reports
actions, hands and matches per second. Bot speed is reported too (decisions per second of each game's
``heuristic``), since bots are what a tournament spends its time on.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from .core.game import Action
from .core.match import play_match
from .core.registry import bot_options, bots_for, games, make, make_bot

#: how a playout chooses each action: ``pick(legal, rng)``
Pick = Callable[[list[Action], random.Random], Action]

# The tables the issues give targets for; every other registered game is measured at its defaults.
TABLES: dict[str, list[tuple[str, int, dict[str, Any]]]] = {
    "yaniv": [("4 players, one pack", 4, {"double_deck_from_players": 5}),
              ("4 players, two packs", 4, {}),
              ("2 players", 2, {}),
              ("8 players, two packs", 8, {})],
}


def random_playouts(name: str, players: int | None = None, seconds: float = 3.0, *, pick: Pick | None = None,
                    **options: Any) -> dict[str, Any]:
    """Whole matches for about ``seconds``; ``pick(legal, rng)`` chooses each action (default: uniform)."""
    game = make(name, players=players, **options)
    rng = random.Random(1)
    actions = hands = matches = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new(seed=seed)
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))] if pick is None else pick(legal, rng))
            actions += 1
        hands += state.hands_played
        matches += 1
    elapsed = time.perf_counter() - start
    return {"actions": actions, "hands": hands, "matches": matches, "seconds": round(elapsed, 3),
            "actions_per_second": round(actions / elapsed), "hands_per_second": round(hands / elapsed, 1),
            "matches_per_second": round(matches / elapsed, 2)}


def bot_speed(name: str, bot: str, players: int | None = None, seconds: float = 3.0) -> dict[str, Any]:
    game = make(name, players=players)
    bots = [make_bot(bot, game) for _ in range(game.num_players)]
    decisions = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = play_match(game, bots, seed=matches)
        decisions += len(state.history)
        matches += 1
    elapsed = time.perf_counter() - start
    return {"bot": bot, "players": game.num_players, "decisions": decisions, "matches": matches,
            "decisions_per_second": round(decisions / elapsed), "matches_per_second": round(matches / elapsed, 2)}


def search_speed(name: str, bot: str = "expert", seconds: float = 3.0) -> dict[str, Any]:
    """The search bot's seconds per decision at its default budget, over the decisions of a heuristic match (those
    with a choice), for about ``seconds`` (at least one decision)."""
    game = make(name)
    searcher = make_bot(bot, game)
    guide = make_bot("heuristic", game)
    rng = random.Random(1)
    state = game.new(seed=0)
    decisions, spent = 0, 0.0
    while spent < seconds or decisions == 0:
        if state.is_over:
            state = game.new(seed=decisions + 1)
        seat = state.current_player
        legal = state.legal_actions()
        if len(legal) > 1:
            start = time.perf_counter()
            searcher.choose(state.view(seat), legal, rng)
            spent += time.perf_counter() - start
            decisions += 1
        state.apply(guide.choose(state.view(seat), legal, rng))
    return {"bot": bot, "iterations": getattr(searcher, "iterations", None), "decisions": decisions,
            "seconds_per_decision": round(spent / decisions, 3)}


def run(names: list[str] | None = None, seconds: float = 3.0) -> dict[str, Any]:
    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(), "games": {}}
    for name in names or games():
        entries = []
        for label, players, options in TABLES.get(name, [("defaults", None, {})]):
            result = random_playouts(name, players, seconds, **options)
            entries.append({"table": label, **result})
            print(f"  {name} [{label}]: {result['actions_per_second']:,} actions/s, "
                  f"{result['hands_per_second']:,} hands/s", file=sys.stderr)
        # the search bots think about a second a move: their time per decision is measured, not whole matches
        bots = [b for b in bots_for(name) if b != "random" and "iterations" not in bot_options(b)]
        report["games"][name] = {
            "random_playouts": entries,
            "bots": [bot_speed(name, b, seconds=seconds) for b in bots],
            "search": search_speed(name, seconds=seconds),
        }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gamenight bench", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in games()]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; games are: {', '.join(games())}")
    print(json.dumps(run(args.games or None, args.seconds), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
