"""Reading the Gin opponent's whole hand history: how likely its moves this hand were, holding a given hand now.

``experiments/gin_rummy_bound.py`` found that the expert told the opponent's real cards (its style too) wins far
more against OpenSpiel's bot than the expert as shipped: the reading of the opponent's hand, not the rollouts'
policy, is what holds one step of search back there. The shipped walk (``gin_rummy.inference.refine``) weighs a hand
by its deadwood and by the opponent's shown choices held against the hand it holds *now*. ``History`` replays the
opponent's turns backwards from a hand instead (``History`` below), so that each choice is weighed against the hand
it was made from; ``from_history`` draws a world's hand from a pool of walk-refined hands by that weight.

Measured here, not played: the share of the opponent's unknown cards a world gives him, for worlds from the shipped
walk and from the history's pool, at the measured seat's draws (the heuristic's seat, the stock under 26 cards),
in single hands of the ``openspiel`` preset against ``--opponent``, and the seconds a view spends on each.

``--style`` weighs the moves by another of the population's styles: ``simple`` (what that bot does, exactly) or
``mixed`` (half that, half the soft model), the reading of the opponent's style coming with that of its cards.

Run: ``python experiments/gin_rummy_history.py --opponent simple --deals 30`` (about a minute).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.bots.search import PerView  # noqa: E402
from gamenight.core.bits import cards_of  # noqa: E402
from gamenight.core.cards import parse_card  # noqa: E402
from gamenight.gin_rummy.bots import GinHeuristic, simple_takes  # noqa: E402
from gamenight.gin_rummy.inference import (  # noqa: E402
    DRAW,
    PHASES,
    TAKE,
    THROW,
    Knocks,
    drawing_moves,
    fits,
    refine,
)
from gamenight.gin_rummy.melds import BIT, deadwood, deadwood_after_discard, mask_of  # noqa: E402

#: how sharply a player prefers the throw leaving the least deadwood: a throw leaving D more is e^(-D * this) as
#: likely (``History``)
THROW_SHARPNESS = 0.5
#: the chance of any throw at all, whatever it leaves (a player's other reasons)
THROW_NOISE = 0.05
#: the chance a player takes a card from the pile that makes a meld with two of its cards or lets it knock, and one
#: that does neither
TAKE_FITTING, TAKE_OTHER = 0.85, 0.15
#: the chance a player throws instead of knocking when its timing (``knocks``) says it knocks
SKIPPED_KNOCK = 0.02
#: the chance the ``simple`` style does anything but what that bot does (``History``'s ``simple`` weights)
SIMPLE_SLIP = 0.02
#: the styles ``History`` can weigh the moves by: ``soft`` (the model above), ``simple`` (the simple baseline's rules,
#: ``GinSimple``, slipping ``SIMPLE_SLIP`` of the time), or a mixture of the two (``mixed``, half each)
STYLES = {"soft": {"soft": 1.0}, "simple": {"simple": 1.0}, "mixed": {"soft": 0.5, "simple": 0.5}}


class History:
    """How likely the opponent was to make the moves it made this hand, holding a given hand now: its turns are
    replayed backwards from that hand (a throw put back, a card taken from the pile given back, a card drawn from the
    stock, one of the hand's cards nobody had seen by then, drawn at random), each move weighed by a model of how a
    player chooses (a throw by the deadwood it leaves, ``THROW_SHARPNESS``; the pile's card taken or left by whether
    it makes a meld or a knock, ``TAKE_FITTING``; a knock skipped, ``SKIPPED_KNOCK``). ``weight(hand, rng)``: an
    estimate, by ``paths`` such random replays, of that likelihood (up to a factor common to every hand).
    ``sharpness``: the throws' (``THROW_SHARPNESS`` by default). ``style``: a key of ``STYLES``, the styles whose
    chances of the moves are mixed (the likelihood of the moves under the mixture: each style's, weighed by its
    share)."""

    def __init__(self, view: Any, knocks: Knocks | None = None, paths: int = 4, sharpness: float = THROW_SHARPNESS,
                 style: str = "soft"):
        self.limit = view["knock_limit"]
        self.sharpness = sharpness
        self.shares = STYLES[style]
        self.knocks = knocks
        self.paths = paths
        opp = 1 - view["seat"]
        seen = BIT[parse_card(view["first_upcard"])]
        stock = view["stock_size"]
        self.turns: list[tuple[str, int, int, int]] = []   # (kind, card, cards seen before, stock size then)
        moves = list(drawing_moves(view))
        stock += sum(1 for _, move, _ in moves if move == DRAW)
        for p, move, card in moves:
            if p == opp:
                self.turns.append((move, card, seen, stock))
            if move == DRAW:
                stock -= 1
            elif move == THROW:
                seen |= BIT[card]

    def weight(self, hand: int, rng: random.Random) -> float:
        total = 0.0
        for _ in range(self.paths):
            paths = self._path(hand, rng)
            total += sum(share * paths[style] for style, share in self.shares.items())
        return total / self.paths

    def _path(self, hand: int, rng: random.Random) -> dict[str, float]:
        """One random replay's chance of the moves, for each style (the same cards drawn for all)."""
        weights = dict.fromkeys(self.shares, 1.0)
        for move, card, seen, stock in reversed(self.turns):
            if move == THROW:
                if hand & BIT[card]:      # a card thrown is held again only once taken back (replayed before)
                    return dict.fromkeys(self.shares, 0.0)
                hand |= BIT[card]
                chances = self._throws(hand, card, stock)
            elif move == TAKE:
                if not hand & BIT[card]:
                    return dict.fromkeys(self.shares, 0.0)
                hand ^= BIT[card]
                chances = self._takes(card, hand)
            else:
                factor = 1.0
                if move == DRAW:
                    drawn = cards_of(hand & ~seen)
                    if not drawn:
                        return dict.fromkeys(self.shares, 0.0)
                    hand ^= BIT[drawn[int(rng.random() * len(drawn))]]
                    factor = len(drawn)
                chances = {s: factor * (1 - c) for s, c in self._takes(card, hand).items()} if card >= 0 else \
                    dict.fromkeys(self.shares, factor)
            for style in weights:
                weights[style] *= chances[style]
        return weights

    def _throws(self, hand: int, card: int, stock: int) -> dict[str, float]:
        """Each style's chance of throwing ``card`` from ``hand`` (11 cards), not knocking."""
        left = {c: deadwood(hand ^ BIT[c]) for c in cards_of(hand)}   # the deadwood each throw leaves
        return {style: self._throw(left, card, stock) if style == "soft" else self._simple_throw(left, card)
                for style in self.shares}

    def _takes(self, card: int, hand: int) -> dict[str, float]:
        """Each style's chance of taking ``card`` from the pile, holding ``hand``."""
        chances = {}
        for style in self.shares:
            if style == "soft":
                chances[style] = TAKE_FITTING if self._wanted(card, hand) else TAKE_OTHER
            else:
                chances[style] = 1 - SIMPLE_SLIP if simple_takes(card, hand, self.limit) else SIMPLE_SLIP
        return chances

    def _throw(self, left: dict[int, int], card: int, stock: int) -> float:
        """The soft style's chance of throwing ``card``, given the deadwood ``left`` by each throw, not knocking."""
        best = min(left.values())
        odds = sum(math.exp(-self.sharpness * (d - best)) for d in left.values())
        chance = (1 - THROW_NOISE) * math.exp(-self.sharpness * (left[card] - best)) / odds + THROW_NOISE / len(left)
        if best <= self.limit and self.knocks is not None and self.knocks(best, stock, self.limit):
            chance *= SKIPPED_KNOCK
        return chance

    def _simple_throw(self, left: dict[int, int], card: int) -> float:
        """The chance the simple baseline throws ``card``, given the deadwood ``left`` by each throw: it knocks
        whenever it can, else throws a card leaving the least deadwood."""
        best = min(left.values())
        ties = sum(1 for d in left.values() if d == best)
        chance = (1 - SIMPLE_SLIP) * (left[card] == best) / ties + SIMPLE_SLIP / len(left)
        return chance * SIMPLE_SLIP if best <= self.limit else chance

    def _wanted(self, card: int, hand: int) -> bool:
        """Whether ``card`` makes a meld with two of ``hand``'s cards or lets it knock."""
        return fits(card, hand) or deadwood_after_discard(hand | BIT[card]) <= self.limit


#: how many refined worlds a view's pool holds (``from_history``)
POOL = 200


class _Pool:
    """Hands for the opponent, dealt and refined by the walk by deadwood alone (the moves it made are ``History``'s
    to weigh), each with its ``History`` weight."""

    def __init__(self, view: Any, world: Any, rng: random.Random, knocks: Knocks | None, size: int,
                 sharpness: float, style: str):
        history = History(view, knocks, sharpness=sharpness, style=style)
        opp = 1 - view["seat"]
        self.hands: list[int] = []
        self.weights: list[float] = []
        for _ in range(size):
            dealt = refine(view, world.game.sample_state(view, rng), rng, choices=False)
            self.hands.append(dealt.hands[opp])
            self.weights.append(history.weight(dealt.hands[opp], rng))
        if not any(self.weights):
            self.weights = [1.0] * size


_POOLS: PerView[_Pool] = PerView()


def from_history(view: Any, world: Any, rng: random.Random, knocks: Knocks | None = None, size: int = POOL,
                 sharpness: float = THROW_SHARPNESS, style: str = "soft") -> Any:
    """``world`` with the opponent's hand drawn from a pool of ``size`` hands refined by deadwood (``refine``), each
    kept with its ``History`` weight (how likely the opponent's moves this hand were, holding it); the stock is
    the rest of the unseen cards, shuffled. The pool is made once a view."""
    seat = view["seat"]
    if seat is None or view["phase"] not in PHASES or not world.stock:
        return world
    opp = 1 - seat
    if not world.hands[opp] & ~world.known[opp]:
        return world
    pool = _POOLS.get(view, lambda: _Pool(view, world, rng, knocks, size, sharpness, style),
                      (knocks, size, sharpness, style))
    hand = rng.choices(pool.hands, pool.weights)[0]
    unseen = (world.hands[opp] | mask_of(world.stock)) & ~hand
    stock = cards_of(unseen)
    rng.shuffle(stock)
    world.hands[opp] = hand
    world.stock = stock
    world.forget_legal()
    return world


def right_shares(opponent: str, deals: int, seed: int, worlds: int, sharpness: float, size: int,
                 style: str = "soft") -> dict[str, Any]:
    """The share of the opponent's unknown cards the walk's worlds and the history's give him, and the seconds a
    view, at the heuristic's draws in single hands against ``opponent``, seat by seat."""
    game = gamenight.make("gin_rummy", rules="openspiel")
    ours, theirs = gamenight.make_bot("heuristic", game), gamenight.make_bot(opponent, game)
    knocks = GinHeuristic(game).knocks
    rng = random.Random(seed)
    right = {"walk": [0, 0], "history": [0, 0]}
    seconds = {"walk": 0.0, "history": 0.0}
    views = 0
    for deal in range(seed, seed + deals):
        state, me = game.new(seed=deal), deal % 2
        while not state.is_over:
            p = state.current_player
            view = state.view(p)
            unknown = state.hands[1 - me] & ~state.known[1 - me]
            if p == me and view["phase"] == "draw" and len(state.stock) < 26 and unknown:
                views += 1
                for name in right:
                    start = time.perf_counter()
                    for _ in range(worlds):
                        world = game.sample_state(view, rng)
                        world = (refine(view, world, rng, knocks=knocks) if name == "walk"
                                 else from_history(view, world, rng, knocks=knocks, size=size, sharpness=sharpness,
                                                   style=style))
                        right[name][0] += (world.hands[1 - me] & unknown).bit_count()
                        right[name][1] += unknown.bit_count()
                    seconds[name] += time.perf_counter() - start
            state.apply((ours if p == me else theirs).choose(view, state.legal_actions(), rng))
    return {"opponent": opponent, "views": views, "sharpness": sharpness, "pool": size, "style": style,
            "right": {k: round(a / max(1, b), 4) for k, (a, b) in right.items()},
            "seconds_a_view": {k: round(s / max(1, views), 3) for k, s in seconds.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="simple")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=20, help="worlds dealt at each view measured")
    parser.add_argument("--sharpness", type=float, default=THROW_SHARPNESS)
    parser.add_argument("--pool", type=int, default=POOL)
    parser.add_argument("--style", choices=sorted(STYLES), default="soft", help="the styles the history is weighed by")
    args = parser.parse_args(argv)
    print(json.dumps(right_shares(args.opponent, args.deals, args.seed, args.worlds, args.sharpness, args.pool,
                                  args.style)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
