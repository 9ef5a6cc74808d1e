"""What a Yaniv player can infer about the others' hidden cards beyond the rules: they have been shedding points.

``sample_state(view, rng)`` deals the unseen cards at random. That gives an opponent the hand of a player who never
chose a card: after six of his turns a 3-card hand dealt so holds about 17 points, while a player who has laid his
high cards and kept his low ones holds about 10 (the heuristic playing itself, at 2 and at 4 players alike); over
a whole round, a real 3-card hand could call Yaniv (5 points or less) four times as often as a dealt one (7.9% of
hands against 1.9%). A search that plays against dealt hands expects the others' calls too late and overrates its
own calls (a call the heuristic could make at 4 players holds 71% of the time; dealt worlds say 79%).

``refine(view, world, rng)`` moves a dealt world towards the hands players really hold: for each opponent, a
Metropolis walk of ``STEPS`` swaps of one of his unknown cards with a stock card, kept with chance
``exp(-tilt * (points gained))``. The walk's hands have the points of uniformly dealt ones tilted exponentially,
the distribution closest to the deal whose mean is the real hands' mean (maximum entropy). ``TILTS`` holds the
tilt for each hand size and number of the opponent's turns this round, fitted on the heuristic playing itself.
Only cards the view does not place move: the world still shows the seat its view exactly.

``experiments/yaniv_inference.py`` measures the tilts and what the walk gets right.

>>> import random, gamenight
>>> game = gamenight.make("yaniv")
>>> state = game.new(seed=1)
>>> view = state.view(state.current_player)
>>> world = refine(view, game.sample_state(view, random.Random(2)), random.Random(3))
>>> world.view(state.current_player) == view
True
"""
from __future__ import annotations

import math
import random
from typing import Any

#: TILTS[hand size - 1][the opponent's discards this round, 6 or more as 6]: how strongly his hand leans to few
#: points, per point (hands of more than 5 cards use the 5-card row). The heuristic playing itself, 300 matches at
#: 2 players and 300 at 4 from seed 70000, one in three turns, every opponent against 4 dealt worlds (173,361
#: positions): the tilt under which the uniformly dealt hands' mean points equal the real hands' (0 for fewer than
#: 100 positions; experiments/yaniv_inference.py measures them the same way).
TILTS = (
    (0.0, 0.0, 0.0, 0.02, 0.0, 0.0, 0.0),
    (0.0, 0.0, 0.07, 0.08, 0.1, 0.12, 0.14),
    (0.0, 0.02, 0.07, 0.12, 0.15, 0.18, 0.21),
    (0.0, 0.01, 0.08, 0.13, 0.18, 0.21, 0.25),
    (0.0, 0.07, 0.12, 0.18, 0.23, 0.25, 0.31),
)
#: the swaps tried for each opponent's hand
STEPS = 200
#: the phases in which the seat decides with the others' hands hidden (its turn: discard or call, then draw or take)
PHASES = ("turn", "take")
#: how the log's moves that lay no group begin
NOT_LAID = ("yaniv", "draw", "take ", "swap ", "slap", "keep")


def discards_this_round(view: Any, seat: int) -> int:
    """How many groups ``seat`` has laid this round, read off the view's log (every move but a call, a draw, a take,
    a swap, a slap or a keep lays a group)."""
    return sum(1 for who, text in view["log"] if who == seat and not text.startswith(NOT_LAID))


def tilt(size: int, turns: int) -> float:
    """The tilt of ``TILTS`` for a hand of ``size`` cards after ``turns`` discards."""
    if size < 1:
        return 0.0
    return TILTS[min(size, len(TILTS)) - 1][min(turns, len(TILTS[0]) - 1)]


def refine(view: Any, world: Any, rng: random.Random, steps: int = STEPS) -> Any:
    """``world`` (just dealt from ``view``) with each opponent's unknown cards exchanged with the stock's by the walk
    described in the module's docs; the same world when the view's seat has no opponent hand to infer."""
    seat = view["seat"]
    if seat is None or view["phase"] not in PHASES or not world.stock:
        return world
    values = world.game.values
    stock = world.stock
    uniform = rng.random
    for opp, hand in enumerate(world.hands):
        strength = tilt(len(hand), discards_this_round(view, opp)) if opp != seat else 0.0
        if not strength:
            continue
        unknown = list(hand)
        for card in world.known[opp]:
            unknown.remove(card)
        if not unknown:
            continue
        for _ in range(steps):
            i, j = int(uniform() * len(unknown)), int(uniform() * len(stock))
            gain = values[stock[j]] - values[unknown[i]]
            if gain <= 0 or uniform() < math.exp(-strength * gain):
                unknown[i], stock[j] = stock[j], unknown[i]
        world.hands[opp] = sorted(world.known[opp] + unknown)
    world.forget_legal()
    return world
