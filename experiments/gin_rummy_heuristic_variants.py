"""Is Gin's heuristic at its best against OpenSpiel's simple bot? Its variants, each on the same hands as itself.

Single hands of the ``openspiel`` preset against OpenSpiel's simple bot, each deal from both seats, the two engines
kept in lockstep (``benchmarks/gin_rummy_outside_peers.py``). Each variant is compared with the default heuristic on
the same hands (``paired``: the hands only one of them won, and the sign test). A variant is a ``;``-separated list
of ``name=value`` settings: the heuristic's own (``combo_weight``, ``danger_weight``, ``take_margin``,
``late_knock_max``, ``late_stock``, ``hold_max``, ``hold_stock``, and ``ranking_gate`` with ``ranking_top``: the
learned ranking's surest discards, as ``gin_rummy.bots.rollout_heuristic`` plays them), or one of three changes to
how it plays:

- ``by_stock=F``: its combinations weigh ``1 + F * (stock - 20) / 20`` times as much (more early, less late);
- ``knock_outs=K``: a discard also gains ``10 * K`` points times the share of the live cards that would let the
  hand knock at once (its next draw's chance to end the race);
- ``take=simple``: it takes the upcard as ``simple`` does (to make a meld or a knock), not by its own margin
  (``simple`` decides its draws).

``--endings N`` also counts how N deals (both seats) of the heuristic against gamenight's ``simple`` (the same
baseline, in gamenight's engine) end: who knocked, and who won the hand. ::

    python experiments/gin_rummy_heuristic_variants.py --deals 1000 --seed 1 \\
        --variants "combo_weight=0.6,combo_weight=1.8,danger_weight=0,danger_weight=2,take_margin=6,by_stock=0.5"
    python experiments/gin_rummy_heuristic_variants.py --deals 1000 --seed 100001 \
        --variants "ranking_gate=0.02,ranking_gate=0.03,ranking_gate=0.04,ranking_gate=0.03;ranking_top=3"
    python experiments/gin_rummy_heuristic_variants.py --deals 0 --endings 1500

docs/bots.md ("The heuristic is at its best") reads its results. It needs OpenSpiel for the variants.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "benchmarks"))

import gamenight  # noqa: E402
import gin_rummy_outside_peers as peers  # noqa: E402
from gamenight.core.bits import cards_of  # noqa: E402
from gamenight.gin_rummy import actions as A  # noqa: E402
from gamenight.gin_rummy.bots import Context, GinHeuristic, GinSimple  # noqa: E402
from gamenight.gin_rummy.melds import BIT, deadwood_after_discard  # noqa: E402

INTEGERS = ("late_knock_max", "late_stock", "hold_max", "hold_stock", "ranking_top")


class Variant(GinHeuristic):
    """The heuristic with the changes of this module's docstring."""

    def __init__(self, game: Any, by_stock: float = 0.0, knock_outs: float = 0.0, take: str = "own",
                 **settings: Any):
        super().__init__(game, **settings)
        self.by_stock, self.knock_outs = by_stock, knock_outs
        self.simple = GinSimple(game) if take == "simple" else None   # whose upcard rule it plays
        self.base_combo_weight = self.combo_weight
        self.limit = 10

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        self.limit = view["knock_limit"]
        if self.simple is not None and view["phase"] in ("upcard", "draw"):
            return self.simple.choose(view, legal, rng)
        return super().choose(view, legal, rng)

    def score(self, hand10: int, ctx: Context) -> float:
        if self.by_stock:
            self.combo_weight = self.base_combo_weight * (1 + self.by_stock * (ctx["stock"] - 20) / 20)
        return super().score(hand10, ctx)

    def weigh_discard(self, hand11: int, card: int, ctx: Context) -> float:
        weight = super().weigh_discard(hand11, card, ctx)
        if self.knock_outs:
            kept = hand11 ^ BIT[card]
            live = cards_of(ctx["live"])
            ending = sum(1 for c in live if deadwood_after_discard(kept | BIT[c]) <= self.limit)
            weight -= 10 * self.knock_outs * ending / max(1, len(live))
        return weight


def settings_of(spec: str) -> dict[str, Any]:
    """``name=value;...`` as the variant's keyword arguments."""
    out: dict[str, Any] = {}
    for item in filter(None, spec.split(";")):
        name, _, value = item.partition("=")
        out[name] = value if name == "take" else int(value) if name in INTEGERS else float(value)
    return out


def make_ours(spec: str, game: Any, iterations: int | None) -> Any:
    return GinHeuristic(game) if spec == "heuristic" else Variant(game, **settings_of(spec))


def variants(pyspiel: Any, specs: list[str], deals: int, seed: int) -> list[dict[str, Any]]:
    """The heuristic and each variant against OpenSpiel's bot; the benchmark's bot maker is this module's meanwhile."""
    kept, peers.make_ours = peers.make_ours, make_ours
    try:
        base = peers.measure(pyspiel, "heuristic", deals, seed, None)
        rows = [{"variant": "heuristic", "won": base["won"], "decided": base["decided"], "rate": base["rate"]}]
        for spec in specs:
            r = peers.measure(pyspiel, spec, deals, seed, None)
            rows.append({"variant": spec, "won": r["won"], "decided": r["decided"], "rate": r["rate"],
                         "paired": peers.paired(r, base)})
    finally:
        peers.make_ours = kept
    return rows


def endings(deals: int) -> dict[str, int]:
    """Who knocked and who won, the heuristic against gamenight's ``simple``, one hand of the openspiel preset."""
    game = gamenight.make("gin_rummy", rules="openspiel")
    counts: Counter[str] = Counter()
    for seed in range(1, deals + 1):
        for seat in (0, 1):
            state, rng = game.new(seed=seed), random.Random(seed)
            bots: list[Any] = [GinHeuristic(game), GinSimple(game)]
            if seat:
                bots.reverse()
            knocker = None
            while not state.is_over:
                mover = state.current_player
                move = bots[mover].choose(state.view(mover), state.legal_actions(), rng)
                if move.kind in (A.KNOCK, A.BIGGIN):
                    knocker = "heuristic" if mover == seat else "simple"
                state.apply(move)
            points = state.sheet[-1]["points"]
            mine, theirs = points[seat] or 0, points[1 - seat] or 0
            result = "drawn" if mine == theirs else "won" if mine > theirs else "lost"
            counts[f"{knocker} knocked, the heuristic {result}" if knocker else "no knock"] += 1
    return dict(sorted(counts.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals against OpenSpiel's bot, both seats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="combo_weight=0.6,danger_weight=0,take=simple")
    parser.add_argument("--endings", type=int, default=0, help="deals whose endings are counted")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    if args.deals:
        try:
            import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
        except ImportError as e:
            report["missing"] = f"{e}; install open-spiel"
        else:
            report["variants"] = variants(pyspiel, args.variants.split(","), args.deals, args.seed)
    if args.endings:
        report["endings"] = endings(args.endings)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
