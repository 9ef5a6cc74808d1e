"""Yaniv's coach (core/coach.py): what each choice leaves in the hand, which set a taken card makes, and how a call
ends; the coached hands found by experiments/coached_deals.py.

>>> import gamenight
>>> game = gamenight.make("yaniv", players=3)
>>> state = game.new(seed=13)
>>> advice = game.coach(iterations=0).advice(state.view(0), state.legal_actions())
>>> str(advice.situation)
'Your hand is worth 38: two of hearts, eight of hearts, nine of spades, nine of hearts, ten of clubs.'
>>> str(advice.choices[-1].says)
'Lay the set nine of spades, nine of hearts: your hand is then worth 20'
"""
from __future__ import annotations

from collections import Counter
from typing import Any, cast

from ..core.cards import parse_card
from ..core.coach import Coach, CoachedHand, card_name, cards_named, seat_name
from ..core.game import Action
from ..core.text import Text
from ..core.views import Described, View
from .state import YanivGame
from .views import YanivView


class YanivCoach(Coach[YanivGame]):
    """The coach's Yaniv facts."""

    #: each shows a set, a run with a joker, a take from the pile, a Yaniv call and Asaf (tests/coach)
    HANDS = {players: CoachedHand("yaniv", players, "french", seed)
             for players, seed in ((2, 48), (3, 13), (4, 2), (5, 12), (6, 3), (7, 2), (8, 8))}

    def situation(self, view: View) -> Text:
        yaniv = cast(YanivView, view)
        cards = cards_named(yaniv["hand"] or [])
        if yaniv["pending_discard"] is not None:
            return Text("Your hand is worth {points} after your discard ({cards}): now take a card.",
                        points=yaniv["hand_value"], cards=cards)
        if yaniv["can_call"]:
            return Text("Your hand is worth {points}: low enough to call Yaniv ({cards}).",
                        points=yaniv["hand_value"], cards=cards)
        return Text("Your hand is worth {points}: {cards}.", points=yaniv["hand_value"], cards=cards)

    def says(self, view: View, action: Action) -> Text:
        yaniv = cast(YanivView, view)
        move = cast(dict[str, Any], self.game.describe(action))
        kind = move["kind"]
        if kind == "discard":
            return self._discard(move, (yaniv["hand_value_after"] or {})[str(action)])
        if kind == "take":
            return self._take(yaniv, move["card"])
        if kind == "call":
            return Text("Call Yaniv with {points}: you win the round if every other hand is higher; if one is as "
                        "low or lower, you are caught (Asaf) and pay the penalty", points=yaniv["hand_value"])
        if kind == "swap":
            return Text("Swap {card} for the joker", card=card_name(move["card"]))
        return _OTHER[kind]

    def _discard(self, move: dict[str, Any], after: int) -> Text:
        named = _group(move)
        if move["group"] == "set":
            return Text("Lay the set {cards}: your hand is then worth {points}", cards=named, points=after)
        if move["group"] == "run":
            return Text("Lay the run {cards}: your hand is then worth {points}", cards=named, points=after)
        return Text("Discard {cards}: your hand is then worth {points}", cards=named, points=after)

    def _take(self, view: YanivView, card: str) -> Text:
        after = (view["hand_value"] or 0) + self.game.values[parse_card(card)]
        mates = [c for c in view["hand"] or [] if c[:-1] == card[:-1] and card != "Jk"]
        if mates:
            return Text("Take {card} from the pile: your hand is then worth {points}, and it makes a set with {cards}",
                        card=card_name(card), points=after, cards=cards_named(mates))
        return Text("Take {card} from the pile: your hand is then worth {points}", card=card_name(card), points=after)

    def happened(self, before: View, move: Described, after: View, mover: int | None) -> Text:
        said = cast(dict[str, Any], move)
        if said["kind"] == "call":
            return self._call(cast(YanivView, after), mover)
        if mover != before["seat"]:
            return _bot_line(said, seat_name(before, mover, start=True))
        return self._own(said, cast(YanivView, before), cast(YanivView, after))

    def _own(self, move: dict[str, Any], before: YanivView, after: YanivView) -> Text:
        points = after["hand_value"]
        if move["kind"] == "discard":
            return Text("You laid {cards}; your hand is worth {points} until you take a card.",
                        cards=_group(move), points=points)
        if move["kind"] == "take":
            return Text("You took {card} from the pile: your hand is worth {points}.", card=card_name(move["card"]),
                        points=points)
        drawn = list((Counter(after["hand"] or []) - Counter(before["hand"] or [])).elements())
        if move["kind"] == "draw" and drawn:
            return Text("You drew {card} from the stock: your hand is worth {points}.", card=card_name(drawn[0]),
                        points=points)
        return Text("Your hand is worth {points}.", points=points)

    def _call(self, after: YanivView, mover: int | None) -> Text:
        last = after["last_round"]
        if last is None:
            return Text("{name} called Yaniv.", name=seat_name(after, mover, start=True))
        points = last["hand_totals"][str(last["caller"])]
        if mover == after["seat"]:
            if last["success"]:
                return Text("You called Yaniv with {points}: every other hand was higher, so your call held.",
                            points=points)
            return Text("You called Yaniv with {points}, but {seats} had as little or less: Asaf! You pay "
                        "{penalty} points.", points=points, seats=_seats(after, last["asaf"]),
                        penalty=last["points"][str(last["caller"])])
        name = seat_name(after, mover, start=True)
        if last["success"]:
            return Text("{name} called Yaniv with {points}: every other hand was higher, so the call held.",
                        name=name, points=points)
        return Text("{name} called Yaniv with {points}, but {seats} had as little or less: Asaf! The caller pays "
                    "{penalty} points.", name=name, points=points, seats=_seats(after, last["asaf"]),
                    penalty=last["points"][str(last["caller"])])


_OTHER = {"draw": Text("Draw the top card of the stock (unseen)"), "keep": Text("Keep the card you drew"),
          "slap": Text("Slap the card you drew down on the pile")}


def _group(move: dict[str, Any]) -> Text:
    """A discarded group in words, each joker of a run saying the card it stands for."""
    parts = [Text("joker as {card}", card=card_name(stands)) if stands else card_name(card)
             for card, stands in zip(move["cards"], move["stands_as"], strict=True)]
    text = parts[0]
    for part in parts[1:]:
        text = Text("{cards}, {card}", cards=text, card=part)
    return text


def _seats(view: View, seats: list[int]) -> Text:
    text = seat_name(view, seats[0])
    for seat in seats[1:]:
        text = Text("{cards}, {card}", cards=text, card=seat_name(view, seat))
    return text


def _bot_line(move: dict[str, Any], name: Text) -> Text:
    kind = move["kind"]
    if kind == "discard":
        return Text("{name} laid {cards}.", name=name, cards=_group(move))
    if kind == "take":
        return Text("{name} took {card} from the pile.", name=name, card=card_name(move["card"]))
    if kind == "draw":
        return Text("{name} drew from the stock.", name=name)
    if kind == "swap":
        return Text("{name} gave {card} for the joker.", name=name, card=card_name(move["card"]))
    return Text("{name} played.", name=name)
