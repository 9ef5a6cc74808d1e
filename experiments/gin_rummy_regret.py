"""Where Gin's expert loses against OpenSpiel's bot: its choices judged by an oracle told the opponent's cards.

The expert told the opponent's cards wins 78% of decided hands against OpenSpiel's simple bot where the expert as
shipped wins 61% (``experiments/gin_rummy_bound.py``). Is the gap in what the honest search knows (its worlds) or in
how it searches (its budget, its four moves, its prior, its confidence)? This experiment answers by decision.

Positions: single hands of the ``openspiel`` preset, the ``heuristic`` against gamenight's ``simple`` (which plays
as OpenSpiel's bot does; the heuristic in seat 0 on even deals, seat 1 on odd ones), deals from ``--seed``; a share
(``--share``) of the heuristic's decisions with a choice (draws, discards, knocks). At each, the **oracle** plays
every legal move out in the same ``--worlds`` worlds dealt from the true state (the opponent's real hand, the stock's
order shuffled; the seat played out by the heuristic, as the expert's rollouts play it, the opponent by
``simple``): its value of a move is the share of those worlds the seat wins. Each policy's choice is then worth its
oracle value less that of the heuristic's move (an unbiased gain for each policy, comparable across them):

- ``prior``: the learned ranking's favourite (the expert's move to beat, ``gin_rummy.bots.learned_order``);
- ``expert c2`` (as shipped), ``expert c1`` and ``expert c0`` (the same search trusting its estimate at one
  standard error or outright: read off one search, since the rounds do not depend on the confidence);
- ``wide``: the honest search over every legal move at ``--wide`` rollouts;
- ``told``: the expert's search dealing its worlds from the true state (what ``gin_rummy_bound.py --knows cards``
  plays), 400 rollouts; ``told N``: the same with each of the opponent's unseen cards, in turn, exchanged with the
  chance 1 - N% for a card at a random place in the stock (where a card exchanged before may lie, so it may come
  back): in the positions below ``told 40`` gets 50% of those cards right, ``told 60`` 67%, ``told 0`` 29% (as a
  uniform deal does; the walk's worlds about 38%);
- ``history``: the expert with its worlds drawn by the opponent's moves this hand (``gin_rummy_history.py``, the
  ``mixed`` style).

Each search is read at the three confidences (``c2`` as shipped).

An experiment only: the oracle and ``told`` read the state, which no bot may. One JSON line a position goes to
``--out``; ``--summary FILE...`` prints the mean gains over the heuristic by kind of decision, with their standard
errors.

    python experiments/gin_rummy_regret.py --seed 1 --positions 365 --variants "expert,told,told 40,told 60,history" \
        --out regret1.jsonl                                  # 32 minutes, beside another run on the second core
    python experiments/gin_rummy_regret.py --summary regret1.jsonl regret2.jsonl
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from dataclasses import replace
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, HERE)

import gamenight  # noqa: E402
import gin_rummy_history as history  # noqa: E402
from gamenight.bots.search import Estimate, SearchBot  # noqa: E402
from gamenight.gin_rummy.actions import Kind  # noqa: E402
from gamenight.gin_rummy.bots import EXPERT, GinHeuristic, GinSimple, learned_order  # noqa: E402
from gamenight.gin_rummy.melds import BIT, deadwood, deadwood_after_discard  # noqa: E402
from gamenight.tournament import mean_interval  # noqa: E402
from gin_rummy_bound import Told  # noqa: E402

CONFIDENCES = (2.0, 1.0, 0.0)
#: the searches a run can compare (``--variants``), and ``told N`` (N from 1 to 99: ``Partly``'s share, in %)
VARIANTS = ("expert", "wide", "told", "history")


class Partly(Told):
    """The told search's worlds with each of the opponent's cards the seat has not seen, in turn (by the card's
    number, the hand as it stands), exchanged with the chance ``1 - share`` for the card at a random place in the
    stock: worlds that get more than ``share`` of those cards right, since a card may come back."""

    share = 1.0

    def _deal(self, view: Any, rng: random.Random) -> Any:
        world = super()._deal(view, rng)
        opp, stock = 1 - view["seat"], world.stock
        hand = world.hands[opp]
        for card in range(52):
            if hand >> card & 1 and not world.known[opp] >> card & 1 and rng.random() >= self.share:
                j = int(rng.random() * len(stock))
                hand ^= BIT[card] | BIT[stock[j]]
                stock[j] = card
        world.hands[opp] = hand
        return world


class Oracle(Told):
    """The told search's worlds, every move played out in each of them (no halving, no prior), the opponent played
    by ``simple`` (as OpenSpiel's bot plays) and the seat by the heuristic."""

    def values(self, view: Any, legal: list[Any], worlds: int, rng: random.Random) -> list[float]:
        """Each move's share of ``worlds`` won, the same worlds and rollout seeds for every move."""
        seat = view["seat"]
        opponent = {1 - seat: GinSimple(self.game)}
        totals = [0.0] * len(legal)
        for _ in range(worlds):
            world = self._deal(view, rng)
            seed = rng.getrandbits(64)
            for i, move in enumerate(legal):
                totals[i] += self._rollout(world.clone(), move, seat, seed, players=opponent)[0]
        return [t / worlds for t in totals]


def kind_of(legal: list[Any]) -> str:
    """``draw`` (the stock, the upcard, a pass), ``knock`` (a discard where a knock is legal) or ``discard``."""
    kinds = {a.kind for a in legal}
    if kinds & {Kind.DRAW, Kind.TAKE, Kind.PASS}:
        return "draw"
    return "knock" if Kind.KNOCK in kinds or Kind.BIGGIN in kinds else "discard"


def choice_at(estimates: list[Estimate], confidence: float) -> Any:
    """The move the search plays at ``confidence`` (``SearchBot._ranked``'s rule), from its estimates."""
    prior = next(e for e in estimates if e.prior)
    finalists = [e for e in estimates if e.prior or e.lead is not None]
    best = max(finalists, key=lambda e: e.value)
    if best is prior or (best.lead is not None and best.lead >= confidence):
        return best.action
    return prior.action


def position(game: Any, state: Any, policy: Any, searches: dict[str, SearchBot], oracle: Oracle, worlds: int,
             rng: random.Random) -> dict[str, Any]:
    """The oracle's values at one decision, and each policy's choice (the oracle and the told searches read
    ``state``)."""
    for reader in (oracle, *searches.values()):
        if isinstance(reader, Told):
            reader.truth = state
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions()
    heuristic = policy.choose(view, legal, random.Random(rng.getrandbits(64)))
    choices = {"heuristic": heuristic, "prior": learned_order(view, legal, heuristic)[0]}
    for name, bot in searches.items():
        estimates = bot.evaluate(view, legal, random.Random(rng.getrandbits(64)))
        for c in CONFIDENCES:
            choices[f"{name} c{c:g}"] = choice_at(estimates, c)
    values = oracle.values(view, legal, worlds, random.Random(rng.getrandbits(64)))
    value_of = {str(a): v for a, v in zip(legal, values)}
    return {"kind": kind_of(legal), "moves": len(legal), "stock": view["stock_size"], "values": value_of,
            "choices": {name: str(a) for name, a in choices.items()}, "gifts": gifts(state, legal)}


def gifts(state: Any, legal: list[Any]) -> dict[str, int]:
    """For each card the seat may throw, how much it would lower the opponent's deadwood (by its true hand) were
    he to take it and throw his worst card."""
    hand = state.hands[1 - state.current_player]
    now = deadwood(hand)
    return {str(a): now - deadwood_after_discard(hand | BIT[a.card]) for a in legal
            if a.kind in (Kind.DISCARD, Kind.KNOCK) and a.card >= 0}


def search(game: Any, name: str, wide: int, iterations: int) -> SearchBot:
    """The search a variant's name (``VARIANTS``, ``told N``) stands for, at ``iterations`` rollouts a decision
    (``wide``: at ``wide``)."""
    expert = replace(EXPERT, iterations=iterations)
    if name == "expert":
        return SearchBot(game, expert)
    if name == "wide":
        return SearchBot(game, replace(expert, candidates=None, iterations=wide))
    if name == "history":
        knocks = GinHeuristic(game).knocks
        return SearchBot(game, replace(expert, refine=lambda view, world, rng: history.from_history(
            view, world, rng, knocks=knocks, style="mixed")))
    told = Partly(game, replace(expert, refine=None))
    told.share = int(name.split()[1]) / 100 if " " in name else 1.0
    return told


def probe(seed: int, positions: int, share: float, worlds: int, wide: int, out: str, variants: list[str],
          iterations: int = EXPERT.iterations) -> None:
    """Append ``positions`` rows to ``out``, one JSON line each (``position``'s, with the deal's seed)."""
    game = gamenight.make("gin_rummy", rules="openspiel")
    searches = {name: search(game, name, wide, iterations) for name in variants}
    oracle = Oracle(game, replace(EXPERT, refine=None))
    found, deal = 0, seed
    with open(out, "a", encoding="utf-8") as sink:
        while found < positions:
            state, rng = game.new(seed=deal), random.Random(deal)
            bots = [gamenight.make_bot("heuristic", game), GinSimple(game)]
            if deal % 2:
                bots.reverse()
            while not state.is_over and found < positions:
                seat = state.current_player
                view, legal = state.view(seat), state.legal_actions()
                if (not isinstance(bots[seat], GinSimple) and len(legal) > 1
                        and view["phase"] in ("upcard", "draw", "discard") and rng.random() < share):
                    row = position(game, state, bots[seat], searches, oracle, worlds,
                                   random.Random(deal * 1000 + found))
                    sink.write(json.dumps({"deal": deal, **row}) + "\n")
                    sink.flush()
                    found += 1
                state.apply(bots[seat].choose(view, legal, rng))
            deal += 1


def summary(paths: list[str]) -> dict[str, Any]:
    """The mean gain over the heuristic's move of each policy's choice, by kind of decision and in all."""
    rows = [json.loads(line) for path in paths for line in open(path, encoding="utf-8") if line.strip()]
    report: dict[str, Any] = {}
    for kind in ("draw", "discard", "knock", "all"):
        chosen = [r for r in rows if kind in ("all", r["kind"])]
        if not chosen:
            continue
        gains: dict[str, Any] = {}
        for name in chosen[0]["choices"]:
            diffs = [r["values"][r["choices"][name]] - r["values"][r["choices"]["heuristic"]] for r in chosen]
            mean, _, high = mean_interval(diffs, z=1.0)   # one standard error each side
            spread = high - mean
            differs = sum(r["choices"][name] != r["choices"]["heuristic"] for r in chosen)
            gains[name] = f"{mean:+.4f} (se {spread:.4f}), not the heuristic's move at {differs}" + given(chosen, name)
        best = [max(r["values"].values()) - r["values"][r["choices"]["heuristic"]] for r in chosen]
        report[kind] = {"positions": len(chosen), "oracle best (biased up)": round(sum(best) / len(best), 4),
                        "gains": gains}
    return report


def given(rows: list[dict[str, Any]], name: str) -> str:
    """What the cards ``name`` throws would lower the opponent's deadwood by, on average (by his true hand), and how
    often by anything, where the rows say (``gifts``)."""
    thrown = [r["gifts"][r["choices"][name]] for r in rows if r.get("gifts") and r["choices"][name] in r["gifts"]]
    if not thrown:
        return ""
    return f"; gives {sum(thrown) / len(thrown):.2f} points, something {sum(g > 0 for g in thrown)} of {len(thrown)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--share", type=float, default=0.5, help="the share of the heuristic's decisions probed")
    parser.add_argument("--worlds", type=int, default=200, help="the oracle's worlds a position")
    parser.add_argument("--wide", type=int, default=1600, help="the wide search's rollouts a decision")
    parser.add_argument("--iterations", type=int, default=EXPERT.iterations, help="the other searches' rollouts")
    parser.add_argument("--out", default="gin_rummy_regret.jsonl")
    parser.add_argument("--variants", default="expert,wide,told", help=f"some of {', '.join(VARIANTS)}, told N")
    parser.add_argument("--summary", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if args.summary:
        print(json.dumps(summary(args.summary), indent=1))
        return 0
    variants = args.variants.split(",")
    partly = {f"told {n}" for n in range(1, 100)}
    if not set(variants) <= set(VARIANTS) | partly:
        parser.error(f"--variants: some of {', '.join(VARIANTS)}, told N")
    probe(args.seed, args.positions, args.share, args.worlds, args.wide, args.out, variants, args.iterations)
    return 0


if __name__ == "__main__":
    sys.exit(main())
