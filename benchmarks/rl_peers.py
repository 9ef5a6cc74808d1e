"""Environment speed for learning programs: gamenight's PettingZoo environments against the Gin Rummy environments
researchers would otherwise pick, random agents on one core, in one process, in one run.

Measured, each for about ``--seconds`` (default 5), in environment steps per second (one step: one agent's action,
its next observation and action mask built, as a training loop uses them):

* gamenight's ``pettingzoo_env("gin_rummy")`` (the AEC interface with its wrappers, observations and masks), random
  legal actions from the mask;
* PettingZoo's own ``gin_rummy_v4`` (pettingzoo 1.26.1, the last release that ships it; it wraps RLCard), the same
  loop;
* RLCard's ``gin-rummy`` environment (``env.step`` with a random legal action: each step builds the next
  observation);
* every gamenight game's PettingZoo environment, at its usual table size, the same loop.

It needs its own environment (the peers' pinned versions are not the test environment's)::

    make bench      # or: python3 -m venv .venv-bench && .venv-bench/bin/pip install -e '.[rl]' \\
                    #     rlcard==1.2.0 pettingzoo==1.26.1 pygame
    .venv-bench/bin/python benchmarks/rl_peers.py

A peer that is not installed is reported as missing; ``main()`` prints one JSON object with the ratios and their
targets (at least 10x PettingZoo's ``gin_rummy_v4``, at least 5x RLCard's env).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

#: the tables every game's environment is measured at
TABLES = (("gin_rummy", 2), ("yaniv", 4), ("thunee", 4), ("yessir", 4))
#: ours against theirs, at least
TARGETS = {"pettingzoo_gin_rummy_v4": 10.0, "rlcard_gin_rummy": 5.0}


def _pin_one_core() -> None:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except (AttributeError, OSError):
        pass


def aec_steps(make_env: Callable[[int], Any], seconds: float) -> dict[str, Any]:
    """Random masked play in an AEC environment (ours or PettingZoo's) for ``seconds``: steps and episodes.

    The agent is the same for every environment measured (:func:`random_legal`), so the comparison is of the
    environments alone."""
    rng = np.random.default_rng(1)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env = make_env(episodes)
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
            else:
                env.step(random_legal(observation["action_mask"], rng))
            steps += 1
        episodes += 1
    return _rates(steps, episodes, time.perf_counter() - start)


def random_legal(mask: Any, rng: Any) -> int:
    """A uniformly random legal action from an action mask: NumPy's ``flatnonzero`` and one draw of ``rng``. Its cost
    is small (a few microseconds) and the same for every environment measured, whatever the size of its action
    space."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def _rates(steps: int, episodes: int, elapsed: float) -> dict[str, Any]:
    return {"steps": steps, "episodes": episodes, "seconds": round(elapsed, 3),
            "steps_per_second": round(steps / elapsed), "episodes_per_second": round(episodes / elapsed, 2)}


def gamenight_env(name: str, players: int) -> Callable[[int], Any]:
    from gamenight.rl import pettingzoo_env

    env = pettingzoo_env(name, players=players)

    def reset(episode: int) -> Any:
        env.reset(seed=episode)
        return env
    return reset


def pettingzoo_gin() -> Callable[[int], Any]:
    from pettingzoo.classic import gin_rummy_v4

    env = gin_rummy_v4.env()

    def reset(episode: int) -> Any:
        env.reset(seed=episode)
        return env
    return reset


def rlcard_steps(seconds: float) -> dict[str, Any]:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 1})
    rng = np.random.default_rng(1)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])   # RLCard gives the legal ids themselves: no mask to scan
            state, _ = env.step(legal[int(rng.integers(len(legal)))])
            steps += 1
        episodes += 1
    return {"version": rlcard.__version__, **_rates(steps, episodes, time.perf_counter() - start)}


def _version(package: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    args = parser.parse_args(argv if argv is not None else [])
    _pin_one_core()
    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(),
                              "seconds": args.seconds, "gamenight": {}}
    for name, players in TABLES:
        report["gamenight"][f"{name}_{players}p"] = aec_steps(gamenight_env(name, players), args.seconds)
    peers: dict[str, Callable[[], dict[str, Any]]] = {
        "pettingzoo_gin_rummy_v4": lambda: {"version": _version("pettingzoo"),
                                            **aec_steps(pettingzoo_gin(), args.seconds)},
        "rlcard_gin_rummy": lambda: rlcard_steps(args.seconds),
    }
    for peer, run in peers.items():
        try:
            report[peer] = run()
        except ImportError as e:
            report[peer] = {"missing": f"{e}; install it with pip (see this script's docstring)"}
    ours = report["gamenight"]["gin_rummy_2p"]["steps_per_second"]
    report["ratios"] = {}
    for peer, target in TARGETS.items():
        theirs = report[peer].get("steps_per_second")
        if theirs:
            report["ratios"][f"gamenight_vs_{peer}"] = {"ratio": round(ours / theirs, 2), "target": target,
                                                       "met": ours / theirs >= target}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
