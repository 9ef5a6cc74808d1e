"""A value of Gin's discards that reads the cards themselves, learned from how hands end: does it play better?

The learned ranking (``experiments/gin_rummy_learned_ranking.py``) read 25 of the heuristic's measures and learned
as much from a quarter of its positions as from all of them: what it lacked was in what it was shown. This
experiment shows a network the cards, and makes the positions cheap: the value of a discard is learned from the
results of whole hands, millions of them, not from rollouts of a few thousand positions.

1. **Hands.** Single hands of the ``openspiel`` preset (one hand is the match): the *learner* (the heuristic) in
   one seat, a member of ``POPULATION`` in the other (``simple`` among them). At each of the learner's discards
   (a card thrown, another it could have thrown) it throws, with chance ``--explore``, one of its four favourite
   discards at random instead of its own choice, so that the data see more than one discard of similar hands.
2. **Rows.** Every one of the learner's discards is a row: the position after it, as the learner sees it
   (``card_features``), and how the hand ended for it (won 1, drawn 0.5, lost 0).
3. **Features.** The ranking's 25 measures of the discard (``gamenight.gin_rummy.ranking.features``) and five
   sets of 52 cards: the ten kept, the card thrown (the opponent's upcard now), the opponent's known cards, the
   cards he threw or passed, and every other card seen gone.
4. **Model** (NumPy, ``gin_rummy_value.Net``): ``--hidden`` tanh units and a logistic output, fit by Adam to the
   results; the last fifth of the hands held out (log-loss, with the 25 measures alone beside it), and a learning
   curve on a quarter and a half of the training hands.
5. **Played.** The heuristic with its discards chosen by the value (``--gate``: only where the value prefers one
   of the heuristic's three favourite discards to its own choice by more than the gate) against OpenSpiel's
   simple bot, both seats, ``--deals`` from seed 1, on the same hands as the heuristic (paired).

Run::

    python experiments/gin_rummy_card_value.py --hands 300000 --data card.npz --deals 1000 --gates none,0.01,0.02,0.04

The figures are in docs/bots.md ("A value that reads the cards").
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "benchmarks"))
sys.path.insert(0, HERE)

import gamenight  # noqa: E402
import gin_rummy_outside_peers as peers  # noqa: E402
from gamenight.gin_rummy import actions as A  # noqa: E402
from gamenight.gin_rummy.bots import Context, GinHeuristic  # noqa: E402
from gamenight.gin_rummy.melds import BIT  # noqa: E402
from gamenight.gin_rummy.ranking import FEATURE_NAMES, features  # noqa: E402
from gin_rummy_learned_ranking import POPULATION, discards, make, mask  # noqa: E402
from gin_rummy_value import Net, log_loss, play_all  # noqa: E402

MEASURES = len(FEATURE_NAMES)
ALL = (1 << 52) - 1


def bits(cards: int) -> np.ndarray:
    """The 52 cards' membership of the bitmask ``cards``, as 0/1."""
    return np.array([(cards >> c) & 1 for c in range(52)], np.float32)


def card_features(judge: GinHeuristic, knock_limit: int, hand11: int, card: int, ctx: Context) -> np.ndarray:
    """The position after throwing ``card`` from ``hand11``, as the thrower sees it: the 25 measures, then the kept
    ten cards, the thrown card, the opponent's known cards, those he threw, every other card seen gone."""
    gone = ALL & ~ctx["live"] & ~hand11 & ~ctx["opp_known"]
    measures = np.array(features(judge, knock_limit, hand11, card, ctx), np.float32)
    return np.concatenate([measures, bits(hand11 ^ BIT[card]), bits(BIT[card]), bits(ctx["opp_known"]),
                           bits(ctx["thrown"]), bits(gone & ~ctx["thrown"])])


def play(job: tuple[int, float]) -> tuple[list[np.ndarray], float]:
    """One hand (seed ``job[0]``): the learner's rows and its result."""
    seed, explore = job
    rng = random.Random(f"gin-card-value/{seed}")
    game = gamenight.make("gin_rummy", rules="openspiel")
    state = game.new(seed=seed)
    learner = GinHeuristic(game)
    me = seed % 2
    bots: list[Any] = [learner, make(rng.choice(POPULATION), game)]
    if me:
        bots.reverse()
    rows = []
    while not state.is_over:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        move = bots[seat].choose(view, legal, rng)
        if seat == me and view["phase"] == "discard" and move.kind == A.DISCARD:
            moves = discards(view, legal)
            if len(moves) > 1:
                if rng.random() < explore:
                    move = rng.choice(learner.preference(view, moves)[:4])
                hand = mask(view["hand"])
                rows.append(card_features(learner, view["knock_limit"], hand, move.card, learner.context(view, hand)))
        state.apply(move)
    return rows, float(state.returns()[me])


def generate(hands: int, seed: int, explore: float, workers: int) -> dict[str, np.ndarray]:
    """``hands`` hands from ``seed`` as arrays: the features ``x``, the results ``y``, each row's hand ``hand``."""
    got = play_all(play, [(seed + n, explore) for n in range(hands)], workers, 200)
    return {"x": np.array([r for rows, _ in got for r in rows], np.float32),
            "y": np.array([y for rows, y in got for _ in rows], np.float32),
            "hand": np.array([n for n, (rows, _) in enumerate(got) for _ in rows], np.int32)}


class Value:
    """A fit network and the features it reads (a slice of ``card_features``)."""

    def __init__(self, net: Net, columns: slice):
        self.net, self.columns = net, columns

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Each row's chance to win the hand."""
        return np.asarray(self.net.predict(x[:, self.columns])[:, 0])


def fit(data: dict[str, np.ndarray], hidden: int, epochs: int, l2: float, inputs: str) -> tuple[dict[str, Any], Value]:
    """The held-out log-losses (the 25 measures alone, the cards with them on a quarter, a half and all of the
    training hands) and the network fit on every training hand, reading ``inputs`` (``cards``: every feature;
    ``measures``: the 25 measures alone)."""
    x, y, hand = data["x"], data["y"][:, None], data["hand"]
    cut = int(hand.max() * 0.8)
    held = hand >= cut
    report: dict[str, Any] = {"rows": len(x), "hands": int(hand.max()) + 1, "base_rate": round(float(y.mean()), 4),
                              "constant": round(log_loss(np.full(int(held.sum()), y[~held].mean()), y[held, 0]), 5)}
    final = None
    fits = [("cards_quarter", slice(None), 4), ("cards_half", slice(None), 2), ("cards", slice(None), 1)]
    fits.insert(0 if inputs == "cards" else 3, ("measures", slice(0, MEASURES), 1))
    for name, columns, share in fits:
        train = hand < cut // share
        rng = np.random.default_rng(0)
        net = Net(x[train][:, columns], hidden, rng, outputs=1)
        net.fit(x[train][:, columns], y[train], epochs, rng, lr=0.003, batch=1024, l2=l2)
        report[name] = round(log_loss(net.predict(x[held][:, columns])[:, 0], y[held, 0]), 5)
        print(json.dumps({name: report[name]}), file=sys.stderr, flush=True)
        final = Value(net, columns)
    assert final is not None
    return report, final


class Valued:
    """The heuristic, its discards chosen by the value: its favourite, or with ``gate`` the value's favourite among
    the heuristic's three where it beats the heuristic's own choice by more than ``gate``."""

    def __init__(self, game: Any, value: Value, gate: float | None):
        self.heuristic = GinHeuristic(game)
        self.value, self.gate = value, gate

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        move = self.heuristic.choose(view, legal, rng)
        moves = discards(view, legal) if view["phase"] == "discard" and move.kind == A.DISCARD else []
        if len(moves) < 2:
            return move
        if self.gate is not None:
            moves = [*self.heuristic.preference(view, moves)[:3]]
            if move not in moves:
                moves.append(move)
        hand = mask(view["hand"])
        ctx = self.heuristic.context(view, hand)
        x = np.array([card_features(self.heuristic, view["knock_limit"], hand, m.card, ctx) for m in moves])
        values = self.value.predict(x)
        best = int(np.argmax(values))
        if self.gate is not None and values[best] <= values[moves.index(move)] + self.gate:
            return move
        return moves[best]


def against_openspiel(pyspiel: Any, value: Value, gates: list[float | None], deals: int, seed: int) -> dict[str, Any]:
    """The valued heuristic at each gate and the heuristic against OpenSpiel's bot on the same deals, paired."""
    kept = peers.make_ours

    def ours(spec: str, game: Any, iterations: int | None) -> Any:
        if spec.startswith("valued"):
            gate = spec.partition(":")[2]
            return Valued(game, value, float(gate) if gate else None)
        return kept(spec, game, iterations)
    peers.make_ours = ours
    try:
        base = peers.measure(pyspiel, "heuristic", deals, seed, None)
        out: dict[str, Any] = {"heuristic": {k: base[k] for k in ("won", "decided", "rate", "ci95")}}
        for gate in gates:
            spec = "valued" if gate is None else f"valued:{gate}"
            r = peers.measure(pyspiel, spec, deals, seed, None)
            out[spec] = {k: r[k] for k in ("won", "decided", "rate", "ci95")} | {"paired": peers.paired(r, base)}
            print(json.dumps({spec: out[spec]}), file=sys.stderr, flush=True)
    finally:
        peers.make_ours = kept
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=10_000_000)
    parser.add_argument("--explore", type=float, default=0.2)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--inputs", choices=("cards", "measures"), default="cards",
                        help="what the played network reads: every feature, or the 25 measures alone")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", help="the rows' file (.npz): read if it exists, else written")
    parser.add_argument("--deals", type=int, default=0, help="deals against OpenSpiel's bot, both seats")
    parser.add_argument("--deal-seed", type=int, default=1)
    parser.add_argument("--gates", default="none,0.02,0.05")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.data and os.path.exists(args.data):
        data = dict(np.load(args.data))
    else:
        data = generate(args.hands, args.seed, args.explore, args.workers)
        if args.data:
            np.savez(args.data, **data)
    print(json.dumps({"generated": len(data["x"]), "seconds": round(time.perf_counter() - start)}),
          file=sys.stderr, flush=True)
    report, value = fit(data, args.hidden, args.epochs, args.l2, args.inputs)
    report["seconds"] = round(time.perf_counter() - start)
    if args.deals:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
        gates = [None if g == "none" else float(g) for g in args.gates.split(",")]
        report["played"] = against_openspiel(pyspiel, value, gates, args.deals, args.deal_seed)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
