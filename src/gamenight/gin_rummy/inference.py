"""What a Gin Rummy player can infer about the opponent's hidden cards beyond the rules: his hand has been built.

``sample_state(view, rng)`` deals the unseen cards at random. That gives the opponent the hand of a player who never
chose a card: with 16 to 23 cards left in the stock its deadwood is about 50, while a player who has drawn and
discarded a dozen times holds about 15 (the heuristic playing itself). A search that plays against such hands
expects knocks and gins far too late. ``refine(view, world, rng)`` moves a dealt world towards the hands players
really hold: a Metropolis walk of ``STEPS`` swaps, each of one of the opponent's unknown cards with a stock card,
kept with the ratio of the two hands' weights (``WEIGHTS``). The weights are, for each band of the stock's size,
the share of real hands in each band of deadwood over the share of randomly dealt ones, so the walk's hands have
the real hands' deadwood. Only cards the view does not place move: the world still shows the seat its view exactly.

``experiments/gin_rummy_inference.py`` measures the weights and what the walk gets right.

>>> import random, gamenight
>>> game = gamenight.make("gin_rummy")
>>> state = game.new(seed=1)
>>> view = state.view(state.current_player)
>>> world = refine(view, game.sample_state(view, random.Random(2)), random.Random(3))
>>> world.view(state.current_player) == view
True
"""
from __future__ import annotations

import random
from typing import Any

from ..core.bits import cards_of
from .melds import deadwood

#: the stock's size at the start of each band (31 to 24 cards left, 23 to 16, 15 to 8, 7 to 0)
STOCK_BANDS = (24, 16, 8, 0)
#: deadwood bands are this wide (the last one holds everything from 70 on)
DEADWOOD_BAND = 10
#: WEIGHTS[stock band][deadwood band]: how much more often a real opponent's hand has that deadwood than a randomly
#: dealt one, relative to the band of least deadwood (the heuristic playing itself, 300 matches from seed 60000,
#: about one in seven of both seats' draws and discards, 8,684 positions with 4 dealt worlds each; each count plus
#: one half; experiments/gin_rummy_inference.py measures them the same way)
WEIGHTS = (
    (1.0, 0.0719, 0.0248, 0.0093, 0.0035, 0.0023, 0.0014, 0.0007),
    (1.0, 0.0675, 0.0121, 0.0019, 0.0004, 0.0002, 0.0001, 0.0001),
    (1.0, 0.027, 0.0034, 0.0004, 0.0001, 0.0001, 0.0001, 0.0001),
    (1.0, 0.0056, 0.0004, 0.0012, 0.0004, 0.0008, 0.0019, 0.0152),
)
#: the swaps tried for one world
STEPS = 300
#: the phases in which the opponent holds unknown cards worth inferring (before anyone knocks)
PHASES = ("upcard", "draw", "discard")


def stock_band(stock_size: int) -> int:
    """The band of ``WEIGHTS`` for a stock of ``stock_size`` cards."""
    return next(band for band, start in enumerate(STOCK_BANDS) if stock_size >= start)


def deadwood_band(points: int) -> int:
    return min(points // DEADWOOD_BAND, len(WEIGHTS[0]) - 1)


def refine(view: Any, world: Any, rng: random.Random, steps: int = STEPS) -> Any:
    """``world`` (just dealt from ``view``) with the opponent's unknown cards exchanged with the stock's by the walk
    described in the module's docs; the same world when the view's seat has no opponent hand to infer."""
    seat = view["seat"]
    if seat is None or view["phase"] not in PHASES or not world.stock:
        return world
    opp = 1 - seat
    hand = world.hands[opp]
    unknown = hand & ~world.known[opp]
    if not unknown:
        return world
    cards = cards_of(unknown)
    stock = world.stock
    weights = WEIGHTS[stock_band(len(stock))]
    weight = weights[deadwood_band(deadwood(hand))]
    uniform = rng.random
    for _ in range(steps):
        i, j = int(uniform() * len(cards)), int(uniform() * len(stock))
        new = hand ^ (1 << cards[i]) ^ (1 << stock[j])
        new_weight = weights[deadwood_band(deadwood(new))]
        if new_weight >= weight or uniform() * weight < new_weight:
            hand, weight = new, new_weight
            cards[i], stock[j] = stock[j], cards[i]
    world.hands[opp] = hand
    world.forget_legal()
    return world
