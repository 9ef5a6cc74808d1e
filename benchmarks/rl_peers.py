"""Environment speed for learning programs: gamenight's PettingZoo environments against the Gin Rummy environments
researchers would otherwise pick, random agents on one core, in one process, in one run.

Measured in environment steps per second (one step: one agent's action, its next observation and action mask
built, as a training loop uses them):

* gamenight's ``pettingzoo_env("gin_rummy")`` (the AEC interface with its wrapper, observations and masks; default
  rules, so an episode is a whole match), random legal actions from the mask;
* PettingZoo's own ``gin_rummy_v4`` (pettingzoo 1.26.1, the last release that ships it; it wraps RLCard; an episode
  is a hand), the same loop;
* RLCard's ``gin-rummy`` environment (``env.step`` with a random legal action: each step builds the next
  observation; an episode is a hand);
* every gamenight game's PettingZoo environment, at its usual table size, the same loop.

The agent is the same for every AEC environment (:func:`random_legal`: the mask's ``nonzero()`` (NumPy), then one
draw of the standard library's generator), so the comparison is of the environments; it costs a few
microseconds a step whatever the size of the action space (Gin has 542 action ids). RLCard's loop picks from the
legal ids its state lists (it has no mask to scan). The measurements are interleaved: ``--rounds`` rounds (default
5), each giving every environment ``--seconds / --rounds`` seconds (``--seconds`` default 5) and resuming where it
stopped, an episode running on across rounds; an environment's rate is its best round's, so a burst of load from
other programs on the machine slows one round, not the comparison (each round's rate is reported too, with the
process's CPU time). The ratios compare the best rounds.

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
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

#: the tables every game's environment is measured at
TABLES = (("gin_rummy", 2), ("yaniv", 4), ("thunee", 4), ("yessir", 4))
#: ours against theirs, at least
TARGETS = {"pettingzoo_gin_rummy_v4": 10.0, "rlcard_gin_rummy": 5.0}
#: how often (in steps) a run looks at the clock
CHECK_EVERY = 64


def _pin_one_core() -> None:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except (AttributeError, OSError):
        pass


def random_legal(mask: Any, rng: random.Random) -> int:
    """A uniformly random legal action from an action mask (one-dimensional, as every AEC environment measured gives
    it): the mask's ``nonzero()`` finds the legal ids (NumPy's ``flatnonzero`` does the same through a reshape and
    two more calls), ``rng`` (the standard library's generator: one draw costs far less than NumPy's
    ``Generator.integers``) picks one. Its cost is small (a few microseconds) and the same for every AEC environment
    measured, whatever the size of its action space."""
    legal = mask.nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


class Run:
    """One environment's random play, run a while at a time: ``run(seconds)`` plays on from where the last call
    stopped and returns ``(steps, episodes finished, wall seconds, CPU seconds)``. An environment's ``play()`` is an
    endless generator that takes one step per ``next`` and yields whether that step ended the episode."""

    def __init__(self) -> None:
        self.rng = random.Random(1)
        self.episodes = 0
        self._steps: Iterator[bool] | None = None

    def play(self) -> Iterator[bool]:
        raise NotImplementedError

    def run(self, seconds: float) -> tuple[int, int, float, float]:
        if self._steps is None:
            self._steps = self.play()
        steps = finished = 0
        cpu, start = time.process_time(), time.perf_counter()
        end = start + seconds
        for ended in self._steps:
            steps += 1
            if ended:
                self.episodes += 1
                finished += 1
            if (ended or not steps % CHECK_EVERY) and time.perf_counter() >= end:
                break
        return steps, finished, time.perf_counter() - start, time.process_time() - cpu


class AECRun(Run):
    """An AEC environment (ours or PettingZoo's): ``env.last()``, then ``env.step`` of :func:`random_legal` of the
    mask (``None`` for an agent that is done); ``reset(seed=episode)`` for each episode."""

    def __init__(self, env: Any):
        super().__init__()
        self.env = env

    def play(self) -> Iterator[bool]:
        env, rng = self.env, self.rng
        while True:
            env.reset(seed=self.episodes)
            agents = iter(env.agent_iter())
            agent = next(agents, None)
            while agent is not None:
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                else:
                    env.step(random_legal(observation["action_mask"], rng))
                agent = next(agents, None)
                yield agent is None


class RLCardRun(Run):
    """RLCard's ``gin-rummy``: ``env.step`` of a random legal id from the state's ``legal_actions``."""

    def __init__(self) -> None:
        import rlcard

        super().__init__()
        self.version = rlcard.__version__
        self.env = rlcard.make("gin-rummy", config={"seed": 1})

    def play(self) -> Iterator[bool]:
        env, rng = self.env, self.rng
        while True:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])   # RLCard gives the legal ids themselves: no mask to scan
                state, _ = env.step(legal[rng.randrange(len(legal))])
                yield env.is_over()


def gamenight_run(name: str, players: int) -> Run:
    from gamenight.rl import pettingzoo_env

    return AECRun(pettingzoo_env(name, players=players))


def pettingzoo_gin_run() -> Run:
    from pettingzoo.classic import gin_rummy_v4

    return AECRun(gin_rummy_v4.env())


def summary(rounds: list[tuple[int, int, float, float]]) -> dict[str, Any]:
    """One environment's rounds: the totals, the best round's rate (the one compared) and each round's."""
    rates = [steps / wall for steps, _, wall, _ in rounds]
    cpu_rates = [steps / cpu for steps, _, _, cpu in rounds if cpu > 0]
    steps = sum(r[0] for r in rounds)
    wall = sum(r[2] for r in rounds)
    return {"steps": steps, "episodes_finished": sum(r[1] for r in rounds), "seconds": round(wall, 3),
            "steps_per_second": round(max(rates)), "median_steps_per_second": round(statistics.median(rates)),
            "round_steps_per_second": [round(r) for r in rates],
            "cpu_steps_per_second": round(max(cpu_rates)) if cpu_rates else None}


def _version(package: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per environment, over all rounds (default 5)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds the time is split into (default 5)")
    args = parser.parse_args(argv if argv is not None else [])
    _pin_one_core()
    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(),
                              "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
                              "seconds": args.seconds, "rounds": args.rounds, "gamenight": {}}
    runs: dict[str, Run] = {f"gamenight_{name}_{players}p": gamenight_run(name, players) for name, players in TABLES}
    peers: dict[str, Callable[[], Run]] = {"pettingzoo_gin_rummy_v4": pettingzoo_gin_run, "rlcard_gin_rummy": RLCardRun}
    for peer, make_run in peers.items():
        try:
            runs[peer] = make_run()
        except ImportError as e:
            report[peer] = {"missing": f"{e}; install it with pip (see this script's docstring)"}
    rounds: dict[str, list[tuple[int, int, float, float]]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            rounds[name].append(run.run(args.seconds / args.rounds))
    for name, _ in runs.items():
        if name.startswith("gamenight_"):
            report["gamenight"][name.removeprefix("gamenight_")] = summary(rounds[name])
    if "pettingzoo_gin_rummy_v4" in runs:
        report["pettingzoo_gin_rummy_v4"] = {"version": _version("pettingzoo"),
                                             **summary(rounds["pettingzoo_gin_rummy_v4"])}
    if "rlcard_gin_rummy" in runs:
        rlcard_run = runs["rlcard_gin_rummy"]
        assert isinstance(rlcard_run, RLCardRun)
        report["rlcard_gin_rummy"] = {"version": rlcard_run.version, **summary(rounds["rlcard_gin_rummy"])}
    ours = report["gamenight"]["gin_rummy_2p"]
    report["ratios"] = {}
    for peer, target in TARGETS.items():
        theirs = report[peer].get("steps_per_second")
        if theirs:
            ratio = ours["steps_per_second"] / theirs
            cpu = (ours["cpu_steps_per_second"] / report[peer]["cpu_steps_per_second"]
                   if ours["cpu_steps_per_second"] and report[peer]["cpu_steps_per_second"] else None)
            report["ratios"][f"gamenight_vs_{peer}"] = {
                "ratio": round(ratio, 2), "target": target, "met": ratio >= target,
                "median_ratio": round(ours["median_steps_per_second"] / report[peer]["median_steps_per_second"], 2),
                "cpu_ratio": round(cpu, 2) if cpu else None}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
