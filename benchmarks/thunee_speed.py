"""Thunee speed on one core: random playouts per table size, calm playouts (random card play, every call
declined, so hands are played out in full), heuristic decisions and sample_state calls per second.

``python benchmarks/thunee_speed.py [seconds]`` prints one JSON object; standard library only."""
import json
import random
import sys
import time

import gamenight
from gamenight.benchmark import random_playouts
from gamenight.thunee.actions import PASS


def _decline_calls(legal, rng):
    """Random card play with every call declined, so hands are played out in full."""
    return legal[0] if legal[0].kind == PASS else legal[rng.randrange(len(legal))]


def playouts(players: int, seconds: float, calm: bool) -> dict:
    return random_playouts("thunee", players, seconds, pick=_decline_calls if calm else None)


def heuristic(players: int, seconds: float) -> dict:
    game = gamenight.make("thunee", players=players)
    bots = [gamenight.make_bot("heuristic", game) for _ in range(players)]
    decisions = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += len(gamenight.play_match(game, bots, seed=matches).history)
        matches += 1
    elapsed = time.perf_counter() - start
    return {"decisions_per_second": round(decisions / elapsed), "matches_per_second": round(matches / elapsed, 2)}


def sampling(seconds: float) -> dict:
    game = gamenight.make("thunee")
    rng = random.Random(2)
    views = []
    for seed in range(20):
        state = game.new(seed=seed)
        while not state.is_over and len(views) < 40 * (seed + 1):
            legal = state.legal_actions()
            state.apply(legal[0] if legal[0].kind == PASS else rng.choice(legal))
            if state.current_player is not None:
                views.append(state.view(state.current_player))
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.sample_state(views[calls % len(views)], rng)
        calls += 1
    return {"sample_state_per_second": round(calls / (time.perf_counter() - start))}


def main(seconds: float = 2.0) -> None:
    out = {"random": {f"{n} players": playouts(n, seconds, False) for n in (4, 6, 2)},
           "calm": {f"{n} players": playouts(n, seconds, True) for n in (4, 6, 2)},
           "heuristic": {f"{n} players": heuristic(n, seconds) for n in (4,)},
           "sampling": sampling(seconds)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
