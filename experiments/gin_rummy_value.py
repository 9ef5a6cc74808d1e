"""Train Gin Rummy's learned value (``gamenight.gin_rummy.value``): the chance a seat wins the hand from a whole
world, both seats playing the ``heuristic`` from there, and the hand's margin shaped as the expert scores it.

1. **Positions.** ``--hands`` first hands are played (seeds ``--seed`` on), in turn on the ``openspiel`` preset (one
   hand is the match) and on the default rules; most by the heuristic against itself, one in ``--mixed`` against a
   member of the population (the heuristic in a style, or ``simple``, in a random seat), for variety. At the start
   of every turn before a knock (``value.VALUED_PHASES``) the features of the world are taken for both seats
   (``value.features``), and when the hand ends each row gets the seat's result: won 1, shared 0.5, lost 0, and
   ``0.5 + 0.5 * tanh(margin / 25)`` of its points against the other's.
2. **Split by hand**: the last fifth of the hands are held out (no hand has rows on both sides).
3. **Models** (NumPy; Adam on the two heads' cross-entropy with soft labels): logistic regression (no hidden layer)
   and one hidden layer of ``--hidden`` tanh units, each on an eighth, a quarter, a half and all of the training
   hands: the learning curve, train and held-out log-loss of the win head, is written to ``--curve`` (CSV), with
   the log-loss of a constant (the base rate) for scale. The network on all the hands is written to ``--out``.

Run (about ten minutes on the 2-core development machine)::

    python experiments/gin_rummy_value.py --hands 24000 --seed 1 \\
        --out src/gamenight/gin_rummy/value_weights.json --curve docs/gin_rummy_value_curve.csv

NumPy is needed here only: the package evaluates the shipped weights in pure Python.
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.gin_rummy import value  # noqa: E402
from gamenight.gin_rummy.actions import DISCARD  # noqa: E402
from gamenight.gin_rummy.scoring import CLEAR_MARGIN  # noqa: E402

POPULATION = ("heuristic:cautious", "heuristic:reckless", "heuristic:early", "heuristic:late", "simple")
RULES = ("openspiel", "japanese")


def make(spec: str, game: Any) -> Any:
    name, _, style = spec.partition(":")
    return gamenight.make_bot(name, game, **({"style": style} if style else {}))


def play_hand(args: tuple[int, int]) -> tuple[list[list[float]], list[tuple[float, float]]]:
    """One first hand of deal ``seed``: the rows (features for each seat at each turn's start) and their labels."""
    seed, mixed = args
    rng = random.Random(f"gin-value/{seed}")
    game = gamenight.make("gin_rummy", rules=RULES[seed % len(RULES)])
    state = game.new(seed=seed)
    bots = [make("heuristic", game), make("heuristic", game)]
    if mixed and rng.randrange(mixed) == 0:
        bots[rng.randrange(2)] = make(rng.choice(POPULATION), game)
    rows: list[list[float]] = []
    seats: list[int] = []
    while not state.sheet and not state.is_over:
        if state.phase in value.VALUED_PHASES and state.knocker < 0:
            for seat in (0, 1):
                rows.append(value.features(state, seat))
                seats.append(seat)
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions(), rng))
    points = state.sheet[0]["points"]
    labels = [label(points, seat) for seat in seats]
    return rows, labels


def label(points: list[int], seat: int) -> tuple[float, float]:
    """The seat's result (won 1, shared 0.5, lost 0) and its margin shaped as the expert scores it."""
    mine, other = points[seat], points[1 - seat]
    won = 1.0 if mine > other else 0.5 if mine == other else 0.0
    return won, 0.5 + 0.5 * math.tanh((mine - other) / CLEAR_MARGIN)


def play_all(play: Callable[[Any], Any], jobs: list[Any], workers: int, chunksize: int) -> list[Any]:
    """``play`` of each job, in order: here with one worker, else on a pool of ``workers`` processes."""
    if workers == 1:
        return [play(job) for job in jobs]
    with Pool(workers) as pool:
        return pool.map(play, jobs, chunksize=chunksize)


def generate(hands: int, seed: int, mixed: int, workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, labels (won, shaped margin) and each row's hand number."""
    played = play_all(play_hand, [(seed + n, mixed) for n in range(hands)], workers, 50)
    x = [r for rows, _ in played for r in rows]
    y = [lab for _, labels in played for lab in labels]
    group = [n for n, (rows, _) in enumerate(played) for _ in rows]
    return np.array(x), np.array(y), np.array(group)


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


class Net:
    """Standardised inputs, ``hidden`` tanh units (0: none, a logistic regression), ``outputs`` logistic outputs (two
    here: the win and the margin; YESSIR!'s match value has one)."""

    def __init__(self, x: np.ndarray, hidden: int, rng: np.random.Generator, outputs: int = 2):
        self.mean = x.mean(axis=0)
        self.scale = x.std(axis=0) + 1e-6
        width = hidden or x.shape[1]
        self.hidden = hidden
        self.params = {"w1": rng.normal(0, 1 / math.sqrt(x.shape[1]), (x.shape[1], hidden)) if hidden else None,
                       "b1": np.zeros(hidden) if hidden else None,
                       "w2": rng.normal(0, 1 / math.sqrt(width), (width, outputs)) * (1 if hidden else 0),
                       "b2": np.zeros(outputs)}

    def layer(self, x: np.ndarray) -> np.ndarray:
        z = (x - self.mean) / self.scale
        return np.tanh(z @ self.params["w1"] + self.params["b1"]) if self.hidden else z

    def predict(self, x: np.ndarray) -> np.ndarray:
        return 1 / (1 + np.exp(-(self.layer(x) @ self.params["w2"] + self.params["b2"])))

    def grads(self, x: np.ndarray, y: np.ndarray, l2: float,
              weights: np.ndarray | None = None) -> dict[str, np.ndarray]:
        h = self.layer(x)
        p = 1 / (1 + np.exp(-(h @ self.params["w2"] + self.params["b2"])))
        # every head's cross-entropy; ``weights`` (summing to one): each row's share of it, e.g. a cell's count
        d = (p - y) / len(x) if weights is None else (p - y) * weights[:, None]
        g = {"w2": h.T @ d + l2 * self.params["w2"], "b2": d.sum(axis=0)}
        if self.hidden:
            dh = (d @ self.params["w2"].T) * (1 - h * h)
            z = (x - self.mean) / self.scale
            g["w1"] = z.T @ dh + l2 * self.params["w1"]
            g["b1"] = dh.sum(axis=0)
        return g

    def fit(self, x: np.ndarray, y: np.ndarray, epochs: int, rng: np.random.Generator, lr: float = 0.01,
            batch: int = 256, l2: float = 1e-4, weights: np.ndarray | None = None) -> None:
        """Adam over shuffled minibatches; ``weights``: each row's share of the loss, summing to one over a batch (so
        with them ``batch`` is every row)."""
        names = [k for k, v in self.params.items() if v is not None]
        m = {k: np.zeros_like(self.params[k]) for k in names}
        v = {k: np.zeros_like(self.params[k]) for k in names}
        t = 0
        for _ in range(epochs):
            order = rng.permutation(len(x))
            for start in range(0, len(x), batch):
                idx = order[start:start + batch]
                g = self.grads(x[idx], y[idx], l2, None if weights is None else weights[idx])
                t += 1
                for k in names:
                    m[k] = 0.9 * m[k] + 0.1 * g[k]
                    v[k] = 0.999 * v[k] + 0.001 * g[k] ** 2
                    step = lr * (m[k] / (1 - 0.9 ** t)) / (np.sqrt(v[k] / (1 - 0.999 ** t)) + 1e-8)
                    self.params[k] = self.params[k] - step

    def export(self, names: tuple[str, ...] = value.FEATURE_NAMES) -> dict[str, Any]:
        """The weights as ``bots.network.Network`` reads them, over the features ``names`` (a logistic regression as
        the identity's hidden layer is not written: only networks with a hidden layer are shipped)."""
        w1, b1, w2, b2 = (self.params[k] for k in ("w1", "b1", "w2", "b2"))
        assert w1 is not None and b1 is not None
        return {"features": list(names), "mean": self.mean.round(6).tolist(),
                "scale": self.scale.round(6).tolist(),
                "hidden": np.column_stack([b1, w1.T]).round(5).tolist(),
                "outputs": np.column_stack([b2, w2.T]).round(5).tolist()}


def discard_positions(count: int, seed: int) -> list[Any]:
    """``count`` states of the ``openspiel`` preset at a discard (before any knock) of heuristic self-play, one a
    deal, at a turn drawn from the deal's seed."""
    game = gamenight.make("gin_rummy", rules="openspiel")
    bot = make("heuristic", game)
    out = []
    deal = seed
    while len(out) < count:
        rng = random.Random(f"gin-value-check/{deal}")
        state = game.new(seed=deal)
        turn = rng.randrange(2, 12)
        while not state.is_over and state.knocker < 0:
            discards = [a for a in state.legal_actions() if a.kind == DISCARD]
            if len(discards) > 1:
                turn -= 1
                if turn == 0:
                    out.append(state.clone())
                    break
            state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
        deal += 1
    return out


def check(positions: int, worlds: int, seed: int) -> dict[str, Any]:
    """How the value ranks a position's discards against what the rollouts say: in ``worlds`` worlds dealt from the
    seat's view and refined (as the expert deals them), every discard is played and then valued at once by the
    value and played out by the heuristic to the hand's end. Per position: the correlation of the discards' mean
    value with their mean rollout result, and whether the best by each is the same discard."""
    from gamenight.gin_rummy.bots import EXPERT, GinHeuristic
    from gamenight.gin_rummy.inference import refine

    correlations, same_best, spreads = [], 0, []
    for state in discard_positions(positions, seed):
        game, seat = state.game, state.current_player
        view = state.view(seat)
        policy = GinHeuristic(game)
        rng = random.Random(seed)
        discards = [a for a in state.legal_actions() if a.kind == DISCARD]
        leaf, played = np.zeros(len(discards)), np.zeros(len(discards))
        for _ in range(worlds):
            world = refine(view, game.sample_state(view, rng), rng)
            roll_seed = rng.getrandbits(32)
            for i, a in enumerate(discards):
                w = world.clone()
                w.apply(a)
                leaf[i] += value.leaf_value(w, seat)[0]
                played[i] += rollout(w, policy, seat, random.Random(roll_seed))
        leaf, played = leaf / worlds, played / worlds
        correlations.append(float(np.corrcoef(leaf, played)[0, 1]))
        same_best += int(np.argmax(leaf) == np.argmax(played))
        spreads.append(float(played.max() - played.min()))
    assert EXPERT.leaf_value is None
    return {"positions": positions, "worlds": worlds, "mean_correlation": round(float(np.mean(correlations)), 3),
            "same_best": same_best, "mean_rollout_spread": round(float(np.mean(spreads)), 3)}


def rollout(world: Any, policy: Any, seat: int, rng: random.Random) -> float:
    """The heuristic for both seats to the hand's end: the seat's result (won 1, shared 0.5, lost 0)."""
    while not world.sheet and not world.is_over:
        player = world.current_player
        world.apply(policy.choose(world.view(player), world.legal_actions(), rng))
    return label(world.sheet[0]["points"], seat)[0]


def versus(spec: str, iterations: int, deals: int, seed: int) -> dict[str, Any]:
    """The expert (``expert``) or the expert with the value ending its rollouts D actions after the move
    (``valueD``), at ``iterations`` rollouts a decision, against the heuristic on the ``openspiel`` preset (one hand):
    each deal from both seats. Its decided hands won (95% Wilson interval), points a hand and seconds a decision."""
    from gamenight.bots.search import SearchBot
    from gamenight.gin_rummy.bots import EXPERT, expert_with_value
    from gamenight.tournament import wilson_interval

    game = gamenight.make("gin_rummy", rules="openspiel")
    settings = EXPERT if spec == "expert" else expert_with_value(int(spec[len("value"):]), iterations)
    won = decided = margin = decisions = 0
    thinking = 0.0
    for deal in range(seed, seed + deals):
        for me in (0, 1):
            state = game.new(seed=deal)
            bots = {me: SearchBot(game, settings, iterations=iterations), 1 - me: make("heuristic", game)}
            rng = random.Random(f"{deal}/{me}")
            while not state.is_over:
                player, legal = state.current_player, state.legal_actions()
                start = time.perf_counter()
                action = bots[player].choose(state.view(player), legal, rng)
                if player == me and len(legal) > 1:
                    thinking += time.perf_counter() - start
                    decisions += 1
                state.apply(action)
            points = state.sheet[-1]["points"]
            margin += points[me] - points[1 - me]
            if points[me] != points[1 - me]:
                decided += 1
                won += points[me] > points[1 - me]
    low, high = wilson_interval(won, decided)
    return {"bot": spec, "iterations": iterations, "deals": deals, "seed": seed, "won": won, "decided": decided,
            "ci95": [round(low, 3), round(high, 3)], "points_a_hand": round(margin / (2 * deals), 2),
            "seconds_a_decision": round(thinking / max(1, decisions), 4)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mixed", type=int, default=3, help="one hand in MIXED against the population (0: none)")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="src/gamenight/gin_rummy/value_weights.json")
    parser.add_argument("--curve", default="docs/gin_rummy_value_curve.csv")
    parser.add_argument("--check", type=int, default=0, metavar="POSITIONS",
                        help="only compare the shipped value with rollouts at this many discards (see check)")
    parser.add_argument("--worlds", type=int, default=100, help="the worlds a --check position is played in")
    parser.add_argument("--versus", metavar="BOT", help="only play BOT (expert, or valueD: the expert with the value "
                        "at depth D) against the heuristic, --deals deals from --seed at --iterations (see versus)")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--iterations", type=int, default=100)
    args = parser.parse_args(argv)
    if args.versus:
        print(json.dumps(versus(args.versus, args.iterations, args.deals, args.seed)))
        return 0
    if args.check:
        print(json.dumps(check(args.check, args.worlds, args.seed)))
        return 0
    start = time.perf_counter()
    x, y, group = generate(args.hands, args.seed, args.mixed, args.workers)
    print(f"{len(x)} rows from {args.hands} hands in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    held = group >= int(args.hands * 0.8)
    x_test, y_test = x[held], y[held]
    train_hands = int(args.hands * 0.8)
    base = float(y[~held, 0].mean())
    curve = []
    final = None
    for hidden in (0, args.hidden):
        for share in (8, 4, 2, 1):
            rows = ~held & (group < train_hands // share)
            rng = np.random.default_rng(args.seed)
            net = Net(x[rows], hidden, rng)
            net.fit(x[rows], y[rows], args.epochs, rng)
            point = {"hidden": hidden, "train_hands": train_hands // share, "train_rows": int(rows.sum()),
                     "train_log_loss": round(log_loss(net.predict(x[rows])[:, 0], y[rows, 0]), 4),
                     "held_out_log_loss": round(log_loss(net.predict(x_test)[:, 0], y_test[:, 0]), 4),
                     "held_out_margin_log_loss": round(log_loss(net.predict(x_test)[:, 1], y_test[:, 1]), 4),
                     "base_rate_log_loss": round(log_loss(np.full(len(x_test), base), y_test[:, 0]), 4)}
            curve.append(point)
            print(json.dumps(point), file=sys.stderr)
            if hidden and share == 1:
                final = net
    assert final is not None
    write_fit(curve, final.export(), {"command": " ".join(["python experiments/gin_rummy_value.py", *argv]),
                                      "hands": args.hands, "rows": len(x), "seed": args.seed,
                                      "held_out_log_loss": curve[-1]["held_out_log_loss"]}, args.curve, args.out)
    print(f"done in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


def write_fit(curve: list[dict[str, Any]], weights: dict[str, Any], provenance: dict[str, Any], curve_path: str,
              out_path: str) -> None:
    """The learning curve as CSV at ``curve_path``; the weights, with their ``provenance``, as JSON at ``out_path``."""
    with open(curve_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(curve[0]))
        writer.writeheader()
        writer.writerows(curve)
    with open(out_path, "w") as f:
        json.dump({**weights, "provenance": provenance}, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
