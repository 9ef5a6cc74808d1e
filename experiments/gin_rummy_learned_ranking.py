"""A learned ranking of Gin's discards, fit to rollout values in shared worlds: can it play better than the heuristic?

Issue 45 needs a policy about as strong as the expert at the heuristic's cost (docs/bots.md, "The heuristic is at
its best; what a better policy must reach"). This experiment fits one and measures it.

1. **Positions.** First hands of the ``openspiel`` preset (one hand is the match), the heuristic against a member
   of ``POPULATION`` in a random seat; one of the heuristic's discards of that hand (where it throws a card and has
   another to throw) is picked at random.
2. **Values.** Every discard of that position (but the card just taken, which the heuristic never throws back) is
   played in the same ``--worlds`` worlds, dealt from the seat's view and refined as the expert's are
   (``gin_rummy.bots.refine``), each world with one seed for all the discards, the heuristic playing both seats to
   the hand's end: a discard's value is its share of the worlds won. Shared worlds make the differences between a
   position's discards far less noisy than their values.
3. **Features** (``FEATURE_NAMES``): 25 numbers for each discard, read from the view with the heuristic's own
   measures: what the kept ten cards are worth (deadwood, the heuristic's score, the live cards that would lower
   the deadwood, let it knock or make gin, its melded and high loose cards) and what the thrown card may give the
   opponent (the heuristic's danger, the opponent's known and thrown cards of its rank and beside it, a meld with
   his known cards).
4. **Model** (NumPy): one layer of ``--hidden`` tanh units and a linear output, fit by Adam to the values centred
   by position (only the differences between a position's discards count). Judged on the last fifth of the
   positions, held out, by its regret: the best discard's value less the value of the discard it would play (the
   heuristic's regret beside it), with a learning curve on a quarter and a half of the training positions.
5. **Played.** Fit on every position, the model picks the heuristic's discards (every other decision is the
   heuristic's) against OpenSpiel's simple bot (``benchmarks/gin_rummy_outside_peers.py``: lockstep, both seats,
   ``--deals`` from seed 1), compared hand by hand with the heuristic on the same deals.

Run (about 22 minutes of the generation on the 2-core machine, then two)::

    python experiments/gin_rummy_learned_ranking.py --positions 6000 --worlds 24 --deals 1000 --data rank.npz \\
        --out src/gamenight/gin_rummy/ranking_weights.json

The figures are in docs/bots.md ("A learned ranking of the discards").
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "benchmarks"))
sys.path.insert(0, HERE)

import gamenight  # noqa: E402
import gin_rummy_outside_peers as peers  # noqa: E402
from gamenight.bots.search import MAX_ROLLOUT_ACTIONS  # noqa: E402
from gamenight.core.cards import parse_card  # noqa: E402
from gamenight.gin_rummy import actions as A  # noqa: E402
from gamenight.gin_rummy.bots import GinHeuristic, refine  # noqa: E402
from gamenight.gin_rummy.melds import BIT  # noqa: E402
from gamenight.gin_rummy.ranking import FEATURE_NAMES, features  # noqa: E402
from gin_rummy_value import play_all  # noqa: E402

#: the heuristic's opponents in the positions' hands (the default heuristic twice as often as each other)
POPULATION = ("heuristic", "heuristic", "simple", "heuristic:cautious", "heuristic:reckless", "heuristic:late")


def mask(names: list[str] | None) -> int:
    return sum(BIT[parse_card(name)] for name in names or ())


def discards(view: Any, legal: list[Any]) -> list[Any]:
    """The discards to weigh: every legal one but the card just taken."""
    taken = parse_card(view["taken"]) if view["taken"] else -1
    return [a for a in legal if a.kind == A.DISCARD and a.card != taken]


def make(spec: str, game: Any) -> Any:
    name, _, style = spec.partition(":")
    return gamenight.make_bot(name, game, **({"style": style} if style else {}))


def pick_position(seed: int, rng: random.Random) -> tuple[Any, Any, list[Any], Any] | None:
    """A hand played to its end; one of the heuristic's discards in it (its game, view, legal moves, choice)."""
    game = gamenight.make("gin_rummy", rules="openspiel")
    state = game.new(seed=seed)
    heuristic = GinHeuristic(game)
    bots = [heuristic, make(rng.choice(POPULATION), game)]
    if rng.random() < 0.5:
        bots.reverse()
    me = bots.index(heuristic)
    seen = []
    while not state.is_over:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if seat == me and view["phase"] == "discard" and len(legal) > 1:
            choice = heuristic.choose(view, legal, rng)
            if choice.kind == A.DISCARD and len(discards(view, legal)) > 1:
                seen.append((game, view, legal, choice))
        state.apply(bots[seat].choose(view, legal, rng))
    return rng.choice(seen) if seen else None


def rollout(world: Any, move: Any, seat: int, seed: int, policy: GinHeuristic) -> float:
    """``move`` played in ``world``, then the heuristic for both seats to the hand's end: 1 won, 0.5 even, 0 lost."""
    world.apply(move)
    rng = random.Random(seed)
    steps = 0
    while not world.is_over and steps < MAX_ROLLOUT_ACTIONS:
        player = world.current_player
        world.apply(policy.choose(world.view(player), world.legal_actions(), rng))
        steps += 1
    return float(world.returns()[seat]) if world.is_over else 0.5


def shared_values(game: Any, view: Any, moves: list[Any], worlds: int, rng: random.Random,
                  refine_world: Callable[[Any, Any, random.Random], Any],
                  play_out: Callable[[Any, Any, int], float]) -> list[float]:
    """Each move's share of ``worlds`` worlds won: the worlds dealt from ``view`` and refined by ``refine_world``,
    every move played out in each (``play_out(world, move, seed)``) with one seed a world for all the moves."""
    values = np.zeros((len(moves), worlds))
    for k in range(worlds):
        world = refine_world(view, game.sample_state(view, rng), rng)
        seed = rng.getrandbits(64)
        for i, move in enumerate(moves):
            values[i, k] = play_out(world.clone(), move, seed)
    return [float(v) for v in values.mean(axis=1)]


def position(job: tuple[int, int]) -> tuple[list[list[float]], list[float], list[float]]:
    """One position's discards: their features, their values, and which one the heuristic plays (1.0)."""
    seed, worlds = job
    rng = random.Random(f"gin-crn/{seed}")
    picked = pick_position(seed, rng)
    if picked is None:
        return [], [], []
    game, view, legal, choice = picked
    moves = discards(view, legal)
    policy = GinHeuristic(game)
    seat = view["seat"]
    values = shared_values(game, view, moves, worlds, rng, refine,
                           lambda world, move, seed: rollout(world, move, seat, seed, policy))
    hand = mask(view["hand"])
    ctx = policy.context(view, hand)
    rows = [features(policy, view["knock_limit"], hand, move.card, ctx) for move in moves]
    return rows, values, [1.0 if move == choice else 0.0 for move in moves]


Position = Callable[[tuple[int, int]], tuple[list[list[float]], list[float], list[float]]]


def generate(positions: int, seed: int, worlds: int, workers: int, valued: Position | None = None
             ) -> dict[str, np.ndarray]:
    """``positions`` positions (seeds from ``seed``) valued by ``valued`` (this game's ``position``), as arrays: the
    features ``x``, the values ``y``, the heuristic's own move ``h`` (1.0), each row's position ``g``."""
    valued = valued or position
    got = play_all(valued, [(seed + n, worlds) for n in range(positions)], workers, 10)
    return {"x": np.array([r for rows, _, _ in got for r in rows], np.float32),
            "y": np.array([v for _, vs, _ in got for v in vs], np.float32),
            "h": np.array([v for _, _, hs in got for v in hs], np.float32),
            "g": np.array([n for n, (rows, _, _) in enumerate(got) for _ in rows], np.int32)}


def group_mean(v: np.ndarray, g: np.ndarray, n: int) -> np.ndarray:
    """Each row's group's mean of ``v``."""
    return (np.bincount(g, weights=v, minlength=n) / np.maximum(np.bincount(g, minlength=n), 1))[g]


class Ranking:
    """Standardised features, ``hidden`` tanh units, a linear output: a discard's value less its position's mean."""

    def __init__(self, x: np.ndarray, y: np.ndarray, g: np.ndarray, hidden: int = 16, steps: int = 1500,
                 l2: float = 1e-3, lr: float = 0.01):
        n = int(g.max()) + 1
        target = y - group_mean(y, g, n)
        self.mean, self.scale = x.mean(0), x.std(0) + 1e-3
        z = (x - self.mean) / self.scale
        rng = np.random.default_rng(0)
        p = {"w1": rng.normal(0, 1 / np.sqrt(x.shape[1]), (x.shape[1], hidden)), "b1": np.zeros(hidden),
             "w2": rng.normal(0, 0.1 / np.sqrt(hidden), (hidden, 1)), "b2": np.zeros(1)}
        m = {k: np.zeros_like(v) for k, v in p.items()}
        v = {k: np.zeros_like(w) for k, w in p.items()}
        for t in range(1, steps + 1):
            h = np.tanh(z @ p["w1"] + p["b1"])
            f = (h @ p["w2"])[:, 0]
            d = (2 * (f - group_mean(f, g, n) - target) / len(f))[:, None]
            dh = (d @ p["w2"].T) * (1 - h * h)
            grads = {"w2": h.T @ d + l2 * p["w2"], "b2": np.zeros(1), "w1": z.T @ dh + l2 * p["w1"],
                     "b1": dh.sum(0)}
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                v[k] = 0.999 * v[k] + 0.001 * grads[k] ** 2
                p[k] -= lr * (m[k] / (1 - 0.9 ** t)) / (np.sqrt(v[k] / (1 - 0.999 ** t)) + 1e-8)
        self.p = p

    def score(self, x: np.ndarray) -> np.ndarray:
        h = np.tanh(((x - self.mean) / self.scale) @ self.p["w1"] + self.p["b1"])
        return np.asarray((h @ self.p["w2"])[:, 0])

    def weights(self) -> dict[str, Any]:
        """The weights as ``gamenight.gin_rummy.ranking.Model`` reads them (``ranking_weights.json``)."""
        w1, b1, w2 = self.p["w1"], self.p["b1"], self.p["w2"][:, 0]
        return {"features": list(FEATURE_NAMES), "mean": self.mean.tolist(), "scale": self.scale.tolist(),
                "hidden": [[float(b1[j]), *w1[:, j].tolist()] for j in range(len(b1))],
                "output": [float(self.p["b2"][0]), *w2.tolist()]}


def regret(score: np.ndarray, y: np.ndarray, g: np.ndarray) -> float:
    """The mean over positions of the best value less the value of the row ``score`` ranks first."""
    out = [y[idx].max() - y[idx][np.argmax(score[idx])] for idx in (np.where(g == k)[0] for k in np.unique(g))]
    return round(float(np.mean(out)), 4)


class Ranked:
    """The heuristic, its discards chosen by a ``Ranking``."""

    def __init__(self, game: Any, ranking: Ranking):
        self.heuristic = GinHeuristic(game)
        self.ranking = ranking

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        move = self.heuristic.choose(view, legal, rng)
        moves = discards(view, legal) if view["phase"] == "discard" and move.kind == A.DISCARD else []
        if len(moves) < 2:
            return move
        hand = mask(view["hand"])
        ctx = self.heuristic.context(view, hand)
        x = np.array([features(self.heuristic, view["knock_limit"], hand, m.card, ctx) for m in moves], np.float32)
        return moves[int(np.argmax(self.ranking.score(x.astype(np.float64))))]


def evaluate(data: dict[str, np.ndarray], hidden: int, rule: str = "least_deadwood") -> tuple[dict[str, Any], Ranking]:
    """Held-out regrets and the learning curve; the ranking fit on every position. ``rule``: the name of the
    simple rule beside the heuristic, the move with the least of the first feature."""
    x, y, h = data["x"].astype(np.float64), data["y"], data["h"]
    g = np.unique(data["g"], return_inverse=True)[1]
    cut = int(g.max() * 0.8)
    held = g >= cut
    g_held = np.unique(g[held], return_inverse=True)[1]
    report: dict[str, Any] = {"positions": int(g.max()) + 1, "rows": len(x),
                              "heuristic_regret": regret(h[held], y[held], g_held),
                              f"{rule}_regret": regret(-x[held][:, 0], y[held], g_held)}
    for share in (0.25, 0.5, 1.0):
        train = g < int(cut * share)
        fit = Ranking(x[train], y[train], np.unique(g[train], return_inverse=True)[1], hidden)
        report[f"ranking_regret_{share}"] = regret(fit.score(x[held]), y[held], g_held)
    return report, Ranking(x, y, g, hidden)


def fit(args: argparse.Namespace, data: dict[str, np.ndarray] | None, rule: str = "least_deadwood",
        names: tuple[str, ...] = FEATURE_NAMES) -> tuple[dict[str, Any], Ranking]:
    """The positions ``data`` (None: read from ``args.data``; else written there), the ranking fit to them with its
    report (``evaluate``), its weights written to ``args.out`` with the feature ``names``."""
    if data is None:
        data = dict(np.load(args.data))
    elif args.data:
        np.savez(args.data, **data)
    report, ranking = evaluate(data, args.hidden, rule)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(ranking.weights() | {"features": list(names)}, f, separators=(",", ":"))
            f.write("\n")
    return report, ranking


def play(pyspiel: Any, ranking: Ranking, deals: int) -> dict[str, Any]:
    """The ranked heuristic and the heuristic against OpenSpiel's bot on the same deals, paired."""
    kept = peers.make_ours
    peers.make_ours = lambda spec, game, iterations: Ranked(game, ranking) if spec == "ranked" else kept(
        spec, game, iterations)
    try:
        base = peers.measure(pyspiel, "heuristic", deals, 1, None)
        ranked = peers.measure(pyspiel, "ranked", deals, 1, None)
    finally:
        peers.make_ours = kept
    return {name: {k: r[k] for k in ("won", "decided", "rate", "ci95")} for name, r in
            (("heuristic", base), ("ranked", ranked))} | {"paired": peers.paired(ranked, base)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=24, help="shared worlds a position")
    parser.add_argument("--seed", type=int, default=3_000_000)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--deals", type=int, default=0, help="deals against OpenSpiel's bot, both seats")
    parser.add_argument("--data", help="the positions' file (.npz): read if it exists, else written")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="write the ranking fit on every position here (ranking_weights.json)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report, ranking = fit(args, generate(args.positions, args.seed, args.worlds, args.workers)
                          if not (args.data and os.path.exists(args.data)) else None)
    report["seconds"] = round(time.perf_counter() - start)
    if args.deals:
        try:
            import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
        except ImportError as e:
            report["missing"] = f"{e}; install open-spiel"
        else:
            report["played"] = play(pyspiel, ranking, args.deals)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
