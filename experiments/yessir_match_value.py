"""Train YESSIR!'s match value (``gamenight.yessir.value``): a seat's chance to win the match from a round's start.

The expert's rollouts end with the round; what the round's end is worth depends on the match: the round wins each
seat still needs, the luck each has left for the rounds to come, and who rolls first. This learns it from play.

1. **Starts.** Every start of a round at a table of two on the standard rules: each seat's round wins (0..2), its
   luck (1..6) and the roller, 648 starts (``starts``).
2. **Matches.** From each start ``--matches`` matches are played to their end (``game.new(seed, deal=...)`` sets the
   wins, the luck and the roller; the seed rolls the dice), by the heuristic against itself, and one match in
   ``--mixed`` against the heuristic in a style of the population (in a random seat): the bots the expert's rollouts
   play. Each match gives a row for each seat: its features (``value.FEATURE_NAMES``) and whether it won.
3. **Split by match**: the last fifth of each start's matches are held out.
4. **Models** (NumPy, ``gin_rummy_value.Net`` with one output: Adam on the cross-entropy, minibatches of 2,048): a
   logistic regression and one hidden layer of ``--hidden`` tanh units, each on a quarter, a half and all of the
   training matches, against the table of each start's share of wins in the training matches (what a lookup would
   ship) and a constant. The learning curve (train and held-out log-loss) goes to ``--curve`` (CSV); the network on
   all of them to ``--out``.

5. **Compared** (``--compare N``): in N heuristic matches (seeds from 900, up to 12 decisions with a choice each), the
   expert with the value and without it (the blend and a fixed floor: ``Settings.relative_floor`` off;
   ``--iterations`` rollouts, the same generator) each choose; where they
   differ, both moves are played in the same ``--worlds`` worlds to the end of the match (the expert's worlds and
   rollout players, each world's result the match's: won 1, lost 0): the value's move less the other's. With
   ``--fixed-floor`` the expert as it is against itself with the paired test's floor fixed.

Run (about 2 minutes of play on the 2-core development machine, half a minute of fitting)::

    python experiments/yessir_match_value.py --matches 1000 --data yessir_value.npz \
        --out src/gamenight/yessir/value_weights.json --curve docs/yessir_match_value_curve.csv

NumPy is needed here only: the package evaluates the shipped weights in pure Python.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from itertools import product
from typing import Any

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, HERE)

import gamenight  # noqa: E402
from gamenight.bots.search import SearchBot  # noqa: E402
from gamenight.yessir import value  # noqa: E402
from gin_rummy_value import Net, log_loss, make, play_all, write_fit  # noqa: E402

POPULATION = ("heuristic:cautious", "heuristic:reckless", "heuristic:early", "heuristic:late")
TARGET = 3   # the standard match: first to 3 round wins

Start = tuple[tuple[int, int], tuple[int, int], int]   # (wins, luck, roller)


def starts() -> list[Start]:
    """Every start of a round at a table of two on the standard rules."""
    return [((w0, w1), (l0, l1), roller) for w0, w1, l0, l1, roller
            in product(range(TARGET), range(TARGET), range(1, 7), range(1, 7), range(2))]


STARTS = starts()


def play(job: tuple[int, int, int, int]) -> tuple[int, float]:
    """Match ``number`` from start ``index``, seed ``seed``, one in ``mixed`` against a style: (number, seat 0's
    result, 1 won or 0 lost)."""
    index, number, seed, mixed = job
    wins, luck, roller = STARTS[index]
    rng = random.Random(f"yessir-value/{seed}")
    game = gamenight.make("yessir", players=2)
    bots = [make("heuristic", game), make("heuristic", game)]
    if mixed and rng.randrange(mixed) == 0:
        bots[rng.randrange(2)] = make(rng.choice(POPULATION), game)
    state = game.new(seed=seed, deal={"wins": list(wins), "luck": list(luck), "roller": roller})
    while not state.is_over:
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions(), rng))
    return number, state.returns()[0]


def stored(path: str | None, make: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The data in ``path`` (.npz) if it exists, else ``make()``'s, written there when a path is given."""
    if path and os.path.exists(path):
        return dict(np.load(path))
    data = make()
    if path:
        np.savez(path, **data)
    return data


def rows(start: Start, won: float) -> list[tuple[list[float], float]]:
    """The start's two rows, seat 0's and seat 1's: features and result."""
    (w0, w1), (l0, l1), roller = start
    return [(value.features((TARGET - w0, TARGET - w1), (l0, l1), roller == 0), won),
            (value.features((TARGET - w1, TARGET - w0), (l1, l0), roller == 1), 1.0 - won)]


def generate(matches: int, seed: int, workers: int, mixed: int) -> dict[str, np.ndarray]:
    """Every start's ``matches`` matches: features, results, the start's number and the match's."""
    jobs = [(i, n, seed + i * matches + n, mixed) for i in range(len(STARTS)) for n in range(matches)]
    played = play_all(play, jobs, workers, 200)
    x, y, group, number = [], [], [], []
    for (i, *_), (n, won) in zip(jobs, played):
        for features, result in rows(STARTS[i], won):
            x.append(features)
            y.append(result)
            group.append(i)
            number.append(n)
    return {"x": np.array(x), "y": np.array(y), "start": np.array(group), "match": np.array(number)}


def table_loss(data: dict[str, np.ndarray], train: np.ndarray, test: np.ndarray) -> float:
    """The held-out log-loss of each start's seat's share of wins in ``train`` (a lookup table)."""
    keys = [tuple(r) for r in data["x"]]
    totals: dict[tuple[float, ...], list[float]] = {}
    for k, y, t in zip(keys, data["y"], train):
        if t:
            totals.setdefault(k, []).append(y)
    means = {k: float(np.mean(v)) for k, v in totals.items()}
    p = np.array([means[k] for k, t in zip(keys, test) if t])
    return log_loss(p, data["y"][test])


def curve_point(data: dict[str, np.ndarray], train: np.ndarray, held: np.ndarray, hidden: int, train_matches: int,
                train_p: np.ndarray, held_p: np.ndarray) -> dict[str, Any]:
    """One point of the learning curve: a model of ``hidden`` units (0: logistic) fit on ``train_matches`` matches a
    start (the rows ``train``), its log-loss on them (``train_p``) and on the held-out rows (``held_p``), beside the
    table of each start's share of wins and a constant (the training rows' share)."""
    y = data["y"]
    base = float(y[~held].mean())
    return {"hidden": hidden, "train_matches": train_matches, "train_rows": int(train.sum()),
            "train_log_loss": round(log_loss(train_p, y[train]), 4),
            "held_out_log_loss": round(log_loss(held_p, y[held]), 4),
            "table_held_out_log_loss": round(table_loss(data, train, held), 4),
            "base_rate_log_loss": round(log_loss(np.full(int(held.sum()), base), y[held]), 4)}


def fit(data: dict[str, np.ndarray], matches: int, hidden: int, epochs: int,
        seed: int) -> tuple[list[dict[str, Any]], Net]:
    """The learning curve and the network fit on every training match."""
    x, y, number = data["x"], data["y"][:, None], data["match"]
    held = number >= int(matches * 0.8)
    train_matches = int(matches * 0.8)
    curve: list[dict[str, Any]] = []
    final = None
    for width in (0, hidden):
        for share in (4, 2, 1):
            train = ~held & (number < train_matches // share)
            rng = np.random.default_rng(seed)
            net = Net(x[train], width, rng, outputs=1)
            net.fit(x[train], y[train], epochs, rng, lr=0.003, batch=2048)
            curve.append(curve_point(data, train, held, width, train_matches // share,
                                     net.predict(x[train])[:, 0], net.predict(x[held])[:, 0]))
            print(json.dumps(curve[-1]), file=sys.stderr)
            if width and share == 1:
                final = net
    assert final is not None
    return curve, final


def compare(matches: int, iterations: int, worlds: int, game: Any = None, begin: Callable[[int], Any] | None = None,
            first: int = 0, against: int | None = None, fixed_floor: bool = False) -> dict[str, Any]:
    """Where the expert with the value and without it choose differently, which move wins more matches (see 5.):
    in ``game``, each match begun by ``begin(seed)`` (the match of seed 900 + seed), the matches ``first`` on.
    With ``against`` the expert as it is at ``iterations`` rollouts is compared with itself at ``against``; with
    ``fixed_floor`` with itself with the paired test's floor fixed (``Settings.relative_floor`` off)."""
    game = game or gamenight.make("yessir", players=2)
    begin = begin or (lambda seed: game.new(seed=900 + seed))
    settings = gamenight.make_bot("expert", game).settings
    valued = SearchBot(game, settings, iterations=iterations)
    if fixed_floor:
        blended = SearchBot(game, replace(settings, relative_floor=False), iterations=iterations)
    elif against is None:
        blended = SearchBot(game, replace(settings, end_value=None, relative_floor=False), iterations=iterations)
    else:
        blended = SearchBot(game, settings, iterations=against)
    heuristic = make("heuristic", game)
    decisions, gains = 0, []
    for seed in range(first, first + matches):
        state = begin(seed)
        rng = random.Random(seed)
        asked = 0
        while not state.is_over and asked < 12:
            player = state.current_player
            view, legal = state.view(player), state.legal_actions()
            if len(legal) > 1:
                mine = valued.choose(view, legal, random.Random(seed * 100 + asked))
                other = blended.choose(view, legal, random.Random(seed * 100 + asked))
                asked += 1
                if mine != other:
                    gains.append(match_gain(game, settings, view, legal, (mine, other), worlds))
            state.apply(heuristic.choose(view, legal, rng))
        decisions += asked
    return {"decisions": decisions, "differ": len(gains),
            "mean_gain": round(statistics.mean(gains), 4) if gains else None,
            "standard_error": round(statistics.stdev(gains) / len(gains) ** 0.5, 4) if len(gains) > 1 else None,
            "value_better": sum(1 for g in gains if g > 0), "gains": [round(g, 4) for g in gains]}


def match_gain(game: Any, settings: Any, view: Any, legal: list[Any], pair: tuple[Any, Any], worlds: int) -> float:
    """The first move's share of matches won less the second's, both played in the same ``worlds`` worlds to the
    match's end: the expert's search over those two moves alone, each world's result the match's."""
    judge = SearchBot(game, replace(settings, end_value=None, horizon="match", margin_weight=0.0,
                                    prior=lambda view, legal, choice: list(pair)), iterations=2 * worlds)
    values = {e.action: e.value for e in judge.evaluate(view, legal, random.Random(7))}
    return values[pair[0]] - values[pair[1]]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="matches from each start")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mixed", type=int, default=3, help="one match in MIXED against a style (0: none)")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", help="the matches' file (.npz): read if it exists, else written")
    parser.add_argument("--out", default="src/gamenight/yessir/value_weights.json")
    parser.add_argument("--curve", default="docs/yessir_match_value_curve.csv")
    parser.add_argument("--compare", type=int, default=0, metavar="MATCHES",
                        help="only compare the expert's choices with the value and without it (see 5.)")
    parser.add_argument("--iterations", type=int, default=1000, help="the experts' rollouts in --compare")
    parser.add_argument("--worlds", type=int, default=6000, help="the worlds a --compare decision is played in")
    parser.add_argument("--fixed-floor", action="store_true",
                        help="--compare the expert with itself with the paired test's floor fixed")
    args = parser.parse_args(argv)
    if args.compare:
        print(json.dumps(compare(args.compare, args.iterations, args.worlds, fixed_floor=args.fixed_floor)))
        return 0
    start = time.perf_counter()
    data = stored(args.data, lambda: generate(args.matches, args.seed, args.workers, args.mixed))
    print(f"{len(data['x'])} rows in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    curve, net = fit(data, args.matches, args.hidden, args.epochs, args.seed)
    write_fit(curve, net.export(value.FEATURE_NAMES),
              {"command": " ".join(["python experiments/yessir_match_value.py", *argv]),
               "matches_a_start": args.matches, "starts": len(STARTS), "rows": len(data["x"]), "seed": args.seed,
               "held_out_log_loss": curve[-1]["held_out_log_loss"]}, args.curve, args.out)
    print(f"done in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
