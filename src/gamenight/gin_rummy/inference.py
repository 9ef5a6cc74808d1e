"""What a Gin Rummy player can infer about the opponent's hidden cards beyond the rules: his hand has been built.

``sample_state(view, rng)`` deals the unseen cards at random. That gives the opponent the hand of a player who never
chose a card: with 16 to 23 cards left in the stock its deadwood is about 50, while a player who has drawn and
discarded a dozen times holds about 15 (the heuristic playing itself). A search that plays against such hands
expects knocks and gins far too late. ``refine(view, world, rng)`` moves a dealt world towards the hands players
really hold: a Metropolis walk of ``STEPS`` swaps, each of one of the opponent's unknown cards with a stock card,
kept with the ratio of the two hands' weights (``WEIGHTS``). The weights are, for each band of the stock's size,
the share of real hands in each band of deadwood over the share of randomly dealt ones, so the walk's hands have
the real hands' deadwood. Only cards the view does not place move: the world still shows the seat its view exactly.

The walk also weighs a hand by what the opponent has shown of it this hand (``shown_choices``, read from the public
log): a card it left on the pile or threw away is a card it did not want, so a hand holding two cards that make a
meld with it (``fits``) is less likely, by the factor ``CHOICE_WEIGHTS`` measured for the choice's kind and the
draws since (the hand may have changed since); and players throw their worst card, so a hand holding a loose card
(``loose_card``) worth more than one of its last three throws is less likely by ``LOOSE_WEIGHTS``. Told how the
opponent times a knock (``refine``'s ``knocks``; the expert passes its rollout policy's, ``bots.refine``), the walk
also rules out every hand from which it would have knocked at its last turn instead of throwing (``Unknocked``):
where one hand is the match the heuristic knocks as soon as it may, and without this 30% of the refined worlds gave
it such a hand (2% under the default rules, where it holds low knocks for gin).

``experiments/gin_rummy_inference.py`` measures the deadwood weights, ``experiments/gin_rummy_choices.py`` the
choices' factors and what the walk gets right.

>>> import random, gamenight
>>> game = gamenight.make("gin_rummy")
>>> state = game.new(seed=1)
>>> view = state.view(state.current_player)
>>> world = refine(view, game.sample_state(view, random.Random(2)), random.Random(3))
>>> world.view(state.current_player) == view
True
"""
from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable, Iterator
from typing import Any

from ..bots.search import PerView
from ..core.bits import cards_of
from ..core.cards import parse_card
from .melds import BIT, MELD_MASKS, VALUES, deadwood, deadwood_after_discard

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


#: for each card, the other two cards of each three-card meld it belongs to (a hand holding both makes a meld with it)
PARTNERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(m & ~BIT[card] for m in MELD_MASKS if m.bit_count() == 3 and m & BIT[card]) for card in range(52))
#: for each card, every card that makes a three-card meld with it and another
NEIGHBOURS = tuple(functools.reduce(operator.or_, pairs, 0) for pairs in PARTNERS)


def stock_band(stock_size: int) -> int:
    """The band of ``WEIGHTS`` for a stock of ``stock_size`` cards."""
    return next(band for band, start in enumerate(STOCK_BANDS) if stock_size >= start)


def deadwood_band(points: int) -> int:
    return min(points // DEADWOOD_BAND, len(WEIGHTS[0]) - 1)


def refine(view: Any, world: Any, rng: random.Random, steps: int = STEPS, choices: bool = True,
           knocks: Knocks | None = None) -> Any:
    """``world`` (just dealt from ``view``) with the opponent's unknown cards exchanged with the stock's by the walk
    described in the module's docs; the same world when the view's seat has no opponent hand to infer. ``choices``:
    the walk weighs a hand by what the opponent has shown (``shown_choices``, weighed by ``_Shown``) as well as
    by its deadwood. ``knocks``: how the opponent times a knock (``knocks(deadwood left, stock size, knock
    limit)``, as ``GinHeuristic.knocks``); with it a hand from which the opponent would have knocked at its last
    discard, instead of throwing, has no weight (``Unknocked``)."""
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
    shown = _Shown(view if choices else None, hand)
    may_throw_taken = world.game.rules.may_discard_taken_discard
    unknocked = _UNKNOCKED.get(view, lambda: Unknocked(view, knocks, may_throw_taken), (knocks, may_throw_taken))
    weight = weights[deadwood_band(deadwood(hand))] * shown.weight * shown.loose_weight(hand) * unknocked(hand)
    uniform = rng.random
    for _ in range(steps):
        i, j = int(uniform() * len(cards)), int(uniform() * len(stock))
        new = hand ^ (1 << cards[i]) ^ (1 << stock[j])
        shown_weight, changed = shown.swapped(new, cards[i], stock[j])
        new_weight = weights[deadwood_band(deadwood(new))] * shown_weight * shown.loose_weight(new)
        if (new_weight >= weight or uniform() * weight < new_weight) and unknocked(new):   # 0 or 1: read last
            hand, weight = new, new_weight
            cards[i], stock[j] = stock[j], cards[i]
            shown.accept(shown_weight, changed)
    world.hands[opp] = hand
    world.forget_legal()
    return world


#: ``knocks(deadwood left, stock size, knock limit)``: whether a player knocks then (``GinHeuristic.knocks``)
Knocks = Callable[[int, int, int], bool]


class Unknocked:
    """The opponent threw a card at its last turn instead of knocking: a hand from which it would have knocked then
    (``knocks``, its timing as the search models it) is not the hand it holds. Called with a hand, 1.0 or 0.0.

    The hand it holds now is the one it kept; with the card it threw it is the hand it chose from, and its best
    knock from that hand (not throwing back an upcard it had just taken, where the rules forbid it) leaves
    ``deadwood_after_discard`` of it. Nothing is known before the opponent's first throw, or without ``knocks``.

    >>> view = {"seat": 0, "stock_size": 20, "knock_limit": 10, "first_upcard": "5d",
    ...         "log": [[0, "pass"], [1, "draw"], [1, "Kd"]]}
    >>> unknocked = Unknocked(view, lambda left, stock, limit: left <= limit)   # knocks as soon as it may
    >>> run_and_low = sum(BIT[parse_card(c)] for c in ("Ah", "2h", "3h", "4c", "5c", "6c", "7s", "8s", "9s", "Tc"))
    >>> unknocked(run_and_low), unknocked(run_and_low ^ BIT[parse_card("Ah")] ^ BIT[parse_card("Qs")])
    (0.0, 1.0)
    """

    def __init__(self, view: Any, knocks: Knocks | None, may_throw_taken: bool = False):
        self.thrown = self.taken = -1
        self.knocks = knocks
        self.limit = view["knock_limit"]
        self.stock_then = view["stock_size"]
        if knocks is None:
            return
        seat, stock, taken = view["seat"], view["stock_size"], -1
        for p, move, card in drawing_moves(view):
            if move == TAKE:
                taken = card if p != seat else -1
            elif move == DRAW and p == seat:
                stock += self.thrown >= 0   # the stock had this card more when the opponent threw
            elif move == DRAW:
                taken = -1
            elif move == THROW and p != seat:
                self.thrown, stock = card, view["stock_size"]
                self.taken = -1 if may_throw_taken else taken
        self.stock_then = stock

    def __call__(self, hand: int) -> float:
        if self.thrown < 0 or self.knocks is None:
            return 1.0
        chose_from = hand | BIT[self.thrown]
        left = deadwood_after_discard(chose_from)
        if left <= self.limit and self.taken >= 0:
            left = min(deadwood(chose_from ^ BIT[c]) for c in cards_of(chose_from) if c != self.taken)
        return 0.0 if left <= self.limit and self.knocks(left, self.stock_then, self.limit) else 1.0


#: what the opponent's last throw rules out, read once for all the worlds dealt from one view
_UNKNOCKED: PerView[Unknocked] = PerView()


class _Shown:
    """The opponent's shown choices (``shown_choices``; none without a view) as the walk weighs a hand by them: the
    product of the factors (``CHOICE_WEIGHTS``) of the shown cards the hand makes a meld with (``weight``; a swap
    of two cards looks again only at the shown cards they could make a meld with), and of those
    (``LOOSE_WEIGHTS``) of its last throws it holds a loose card above (``loose_weight``)."""

    def __init__(self, view: Any, hand: int):
        shown = _SHOWN.get(view, lambda: shown_choices(view)) if view is not None else []
        self.cards = [card for card, _, _ in shown]
        self.factors = [CHOICE_WEIGHTS[kind][draws_band(draws)] for _, kind, draws in shown]
        self.fitting = [fits(card, hand) for card in self.cards]
        self.weight = 1.0
        for fitting, factor in zip(self.fitting, self.factors):
            if fitting:
                self.weight *= factor
        self.touched: list[list[int]] = [[] for _ in range(52)]   # card -> the shown cards it could meld with
        for k, card in enumerate(self.cards):
            for near in cards_of(NEIGHBOURS[card]):
                self.touched[near].append(k)
        self.throws = [(ABOVE[VALUES[card]], LOOSE_WEIGHTS[draws]) for card, kind, draws in shown
                       if kind == THROWN and draws < len(LOOSE_WEIGHTS)]

    def loose_weight(self, hand: int) -> float:
        """The product of the factors of the last throws ``hand`` holds a loose card above."""
        weight = 1.0
        for above, factor in self.throws:
            if loose_card(hand & above, hand):
                weight *= factor
        return weight

    def swapped(self, hand: int, out: int, into: int) -> tuple[float, list[int]]:
        """The weight of ``hand``, made by swapping card ``out`` for ``into``, and the shown cards whose fit it
        changes."""
        weight = self.weight
        changed: list[int] = []
        for k in self.touched[out] + self.touched[into]:
            if k not in changed and fits(self.cards[k], hand) != self.fitting[k]:
                changed.append(k)
                weight = weight / self.factors[k] if self.fitting[k] else weight * self.factors[k]
        return weight, changed

    def accept(self, weight: float, changed: list[int]) -> None:
        self.weight = weight
        for k in changed:
            self.fitting[k] = not self.fitting[k]


#: the opponent's shown choices, read once for all the worlds dealt from one view
_SHOWN: PerView[list[tuple[int, int, int]]] = PerView()


#: CHOICE_WEIGHTS[kind][band of draws since]: how much less often a real hand makes a meld with a card its holder
#: showed it did not want (left on the pile, or threw away) than a dealt world's hand does
#: (experiments/gin_rummy_choices.py)
CHOICE_WEIGHTS = ((0.267, 0.369, 0.565), (0.288, 0.333, 0.428))
#: LOOSE_WEIGHTS[draws since]: how much less often a real hand than a dealt world's holds a loose card (one that
#: makes no meld or near meld with the rest: no card of its rank, none of its suit within two) worth more than the
#: card its holder threw away with 0, 1 or 2 draws since (experiments/gin_rummy_choices.py)
LOOSE_WEIGHTS = (0.091, 0.165, 0.185)
#: ABOVE[value]: the cards worth more than ``value`` points
ABOVE = tuple(sum(BIT[card] for card in range(52) if VALUES[card] > value) for value in range(11))
#: the draws since a choice start these bands (0 or 1 draws, 2 or 3, 4 and more)
DRAWS_BANDS = (0, 2, 4)
#: the kinds of a choice the opponent has shown: a card it left on the pile, a card it threw away
LEFT, THROWN = 0, 1


def shown_choices(view: Any) -> list[tuple[int, int, int]]:
    """What the opponent of the view's seat has shown of its hand this hand, read from the public log: for each
    card it left on the discard pile (the first upcard passed, a discard not taken) or threw away, ``(card, kind,
    draws)``: ``kind`` is ``LEFT`` or ``THROWN`` and ``draws`` how many cards it has drawn since (the newer the
    choice, the better it tells what the hand holds now)."""
    opp = 1 - view["seat"]
    shown: list[list[int]] = []
    for p, move, card in drawing_moves(view):
        if p != opp:
            continue
        if move in (TAKE, DRAW):
            if move == DRAW and card >= 0:
                _leave(shown, card)
            for choice in shown:
                choice[2] += 1
        elif move == PASS:
            _leave(shown, card)
        else:
            shown.append([card, THROWN, 0])
    return [(card, kind, draws) for card, kind, draws in shown]


#: the kinds of move of the drawing (``drawing_moves``)
TAKE, DRAW, PASS, THROW = "take", "draw", "pass", "throw"


def drawing_moves(view: Any) -> Iterator[tuple[int, str, int]]:
    """The moves of the hand's drawing in the public log, in order, as ``(seat, kind, card)``: ``TAKE`` (the card
    taken from the pile), ``DRAW`` from the stock (the card left on top of the pile, -1 when none is), ``PASS`` (the
    upcard left), ``THROW`` (the card thrown); they end at a knock, a meld or a layoff."""
    pile = [parse_card(view["first_upcard"])]
    for p, text in view["log"]:
        if text == "take":
            yield p, TAKE, pile.pop()
        elif text == "draw":
            yield p, DRAW, pile[-1] if pile else -1
        elif text == "pass":
            yield p, PASS, pile[-1]
        elif " " in text or text in ("biggin", "done"):
            return
        else:
            pile.append(parse_card(text))
            yield p, THROW, pile[-1]


def _leave(shown: list[list[int]], card: int) -> None:
    """The opponent left ``card`` on the pile now: said once (the first upcard passed and then drawn over is one
    choice, the newer)."""
    shown[:] = [choice for choice in shown if choice[0] != card or choice[1] != LEFT]
    shown.append([card, LEFT, 0])


def draws_band(draws: int) -> int:
    """The band of ``CHOICE_WEIGHTS`` for a choice with ``draws`` cards drawn since."""
    return sum(1 for start in DRAWS_BANDS[1:] if draws >= start)


def loose_card(cards: int, hand: int) -> bool:
    """Whether one of ``cards`` (in ``hand``) is loose in ``hand``: no other card of the hand is near it (its rank,
    or its suit within two ranks)."""
    for card in cards_of(cards):
        if not NEIGHBOURS[card] & hand:
            return True
    return False


def fits(card: int, hand: int) -> bool:
    """Whether ``hand`` holds two cards that make a meld with ``card``."""
    for pair in PARTNERS[card]:
        if pair & hand == pair:
            return True
    return False
