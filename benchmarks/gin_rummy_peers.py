"""Gin Rummy speed side by side with its peers: uniform-random full hands on one core, in one process.

Measured, each for about ``--seconds`` (default 5):

* gamenight ``gin_rummy`` with the ``openspiel`` preset (one hand per match), through the public API:
  ``legal_actions()`` then ``apply()`` of a uniformly random legal action;
* RLCard's ``gin-rummy`` environment (``rlcard.make``): ``reset()`` then ``step()`` with a uniformly random
  legal action until ``is_over()`` (each ``step`` also builds the observation, as RL training does);
* OpenSpiel's ``gin_rummy`` driven from Python (``pyspiel``): chance outcomes sampled with their
  probabilities, uniformly random legal actions otherwise.

It needs its own environment, not the test one::

    python3 -m venv .venv-bench && .venv-bench/bin/pip install -e . rlcard open-spiel
    .venv-bench/bin/python benchmarks/gin_rummy_peers.py

A peer that is not installed is reported as missing; ``main()`` prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))


def _pin_one_core() -> None:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except (AttributeError, OSError):
        pass


def gamenight_hands(seconds: float) -> dict:
    import gamenight
    import gamenight.gin_rummy  # noqa: F401  (registers the game even before the registry lists it)

    game = gamenight.make("gin_rummy", rules="openspiel")
    rng = random.Random(1)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new(seed=hands)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        hands += state.hands_played
    elapsed = time.perf_counter() - start
    return {"hands": hands, "actions": actions, "seconds": round(elapsed, 3),
            "hands_per_second": round(hands / elapsed, 1), "actions_per_second": round(actions / elapsed)}


def rlcard_hands(seconds: float) -> dict:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 1})
    rng = random.Random(1)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return {"version": rlcard.__version__, "hands": hands, "actions": actions, "seconds": round(elapsed, 3),
            "hands_per_second": round(hands / elapsed, 1), "actions_per_second": round(actions / elapsed)}


def openspiel_hands(seconds: float) -> dict:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    hands = actions = chance = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rng.random()
                acc = 0.0
                pick = outcomes[-1][0]
                for action, p in outcomes:
                    acc += p
                    if r < acc:
                        pick = action
                        break
                state.apply_action(pick)
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    version = getattr(pyspiel, "__version__", None)
    return {"version": version, "hands": hands, "actions": actions, "chance_outcomes": chance,
            "seconds": round(elapsed, 3), "hands_per_second": round(hands / elapsed, 1),
            "actions_per_second": round(actions / elapsed)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    args = parser.parse_args(argv if argv is not None else [])
    _pin_one_core()
    report: dict = {"python": platform.python_version(), "machine": platform.machine(), "seconds": args.seconds}
    report["gamenight"] = gamenight_hands(args.seconds)
    for name, run in (("rlcard", rlcard_hands), ("openspiel", openspiel_hands)):
        try:
            report[name] = run(args.seconds)
        except ImportError as e:
            report[name] = {"missing": f"{e}; install it with pip (see this script's docstring)"}
    ours = report["gamenight"]["hands_per_second"]
    ratios = {}
    for name, target in (("rlcard", 3.0), ("openspiel", 1.0)):
        theirs = report[name].get("hands_per_second")
        if theirs:
            ratios[f"gamenight_vs_{name}"] = {"ratio": round(ours / theirs, 2), "target": target,
                                              "met": ours / theirs >= target}
    report["ratios"] = ratios
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
