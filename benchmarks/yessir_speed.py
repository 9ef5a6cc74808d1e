"""YESSIR! speed on one core: hand ranking (the table lookup and the pure function), the reveal of a whole
table, random playouts per table size, and heuristic decisions (cold caches, then warm).

``python benchmarks/yessir_speed.py [seconds]`` prints one JSON object; standard library only."""
import json
import random
import sys
import time

import gamenight
from gamenight.benchmark import random_playouts
from gamenight.yessir import bots as yessir_bots
from gamenight.yessir.hands import hand_key, rank_roll


def _rate(count: int, start: float) -> float:
    return round(count / (time.perf_counter() - start))


def ranking(seconds: float) -> dict:
    rng = random.Random(1)
    rolls = [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(7776)]
    out = {}
    for name, fn in (("table_lookup", rank_roll), ("pure_function", hand_key)):
        count = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 2:
            for roll in rolls:
                fn(roll)
            count += len(rolls)
        out[f"{name}_hands_per_second"] = _rate(count, start)
    state = gamenight.make("yessir", players=4).new(seed=1)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds / 2:
        for _ in range(1000):
            state.hand_keys()
        count += 4000
    out["state_hand_keys_hands_per_second"] = _rate(count, start)
    return out


def playouts(players: int, seconds: float) -> dict:
    return {"players": players, **random_playouts("yessir", players, seconds)}


def heuristic(players: int, seconds: float) -> dict:
    yessir_bots._TABLES.clear()
    game = gamenight.make("yessir", players=players)
    bot = gamenight.make_bot("heuristic", game)
    rng = random.Random(2)
    state = game.new(seed=0)
    first = time.perf_counter()
    bot.choose(state.view(0), state.legal_actions(), rng)
    cold = time.perf_counter() - first
    decisions = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = gamenight.play_match(game, [bot] * players, seed=matches)
        decisions += len(state.history)
        matches += 1
    return {"players": players, "first_decision_seconds": round(cold, 4),
            "decisions_per_second": _rate(decisions, start), "matches": matches}


def main(seconds: float = 2.0) -> None:
    report = {"ranking": ranking(seconds), "random_playouts": [playouts(n, seconds) for n in (2, 4, 6)],
              "heuristic": [heuristic(n, seconds) for n in (2, 4)]}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
