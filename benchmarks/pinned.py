"""Each engine's random play side by side with a pinned earlier commit, so a slowdown shows.

The pinned commit's ``src/`` is taken from git (``git archive``) into a temporary folder, and each engine plays the
same seeded random matches under it and under this tree's ``src/``, in fresh processes, the two taking turns for
``--rounds`` rounds; each figure is the best round's (CPU time, so other work on the machine matters less). The
matches are the same when the rules have not changed since the pin (the same number of actions: "same matches").

``python benchmarks/pinned.py [--rounds 3] [--games thunee,yaniv]`` prints a table and one JSON object; standard
library only. `make bench` runs it (through benchmarks/run.py).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tarfile
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
#: the commit each engine is compared with: 2026-11-23 (21994f7), the day the engines' speed figures in docs/ and
#: the issues were measured. Move a pin forward only with the reason in the commit message.
PINS = {"thunee": "21994f7", "yaniv": "21994f7", "gin_rummy": "21994f7", "yessir": "21994f7"}
#: (players, matches) per engine: about a second of play each at 2026-11 speeds
TABLES = {"thunee": (4, 2000), "yaniv": (4, 60), "gin_rummy": (2, 40), "yessir": (4, 600)}
#: a ratio below this is called a slowdown (runs on a busy machine vary by a few percent)
SLOWER = 0.93

# the played part, through the public API both commits have: seeds 0..matches-1, a seeded random choice each move
PLAY = r"""
import json, random, sys, time
import gamenight
name, players, matches = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = gamenight.make(name, players=players)
rng = random.Random(1)
actions = 0
start = time.process_time()
for seed in range(matches):
    state = game.new(seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        actions += 1
print(json.dumps({"seconds": time.process_time() - start, "actions": actions}))
"""


def pinned_source(commit: str, into: pathlib.Path) -> pathlib.Path:
    """``src/`` of ``commit``, unpacked under ``into``."""
    archive = into / f"{commit}.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--output", str(archive), commit, "src"], check=True)
    target = into / commit
    with tarfile.open(archive) as tar:
        tar.extractall(target, filter="data")
    return target / "src"


def play(src: pathlib.Path, name: str, players: int, matches: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", PLAY, name, str(players), str(matches)], env=env, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout)


def compare(name: str, pinned: pathlib.Path, rounds: int) -> dict:
    players, matches = TABLES[name]
    runs: dict[str, list[dict]] = {"pinned": [], "now": []}
    for _ in range(rounds):
        runs["pinned"].append(play(pinned, name, players, matches))
        runs["now"].append(play(ROOT / "src", name, players, matches))
    best = {side: min(r["seconds"] for r in found) for side, found in runs.items()}
    ratio = best["pinned"] / best["now"]
    return {"game": name, "players": players, "matches": matches, "pin": PINS[name],
            "pinned_matches_per_second": round(matches / best["pinned"], 1),
            "now_matches_per_second": round(matches / best["now"], 1), "now_over_pinned": round(ratio, 3),
            "same_matches": runs["pinned"][0]["actions"] == runs["now"][0]["actions"], "slower": ratio < SLOWER}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(PINS))
    args = parser.parse_args(argv if argv is not None else [])
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        sources: dict[str, pathlib.Path] = {}
        for name in args.games.split(","):
            commit = PINS[name]
            if commit not in sources:
                try:
                    sources[commit] = pinned_source(commit, pathlib.Path(scratch))
                except (OSError, subprocess.CalledProcessError) as e:   # no git, or a copy without the history
                    print(f"  {name}: no pinned comparison ({commit} not found: {e})", file=sys.stderr)
                    continue
            result = compare(name, sources[commit], args.rounds)
            results.append(result)
            print(f"  {name} ({result['players']} players): {result['now_matches_per_second']:,} matches/s now, "
                  f"{result['pinned_matches_per_second']:,} at {commit}: x{result['now_over_pinned']}"
                  f"{'' if result['same_matches'] else ' (other matches: the rules changed since the pin)'}"
                  f"{'  SLOWER' if result['slower'] else ''}", file=sys.stderr, flush=True)
    print(json.dumps({"random_play_against_pinned": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
