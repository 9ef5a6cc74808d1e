"""Gin Rummy's coach (core/coach.py): the deadwood each discard leaves, the meld a taken card makes, a knock's and a
layoff's effect, and how the hand was scored; the coached hand found by experiments/coached_deals.py.

>>> import gamenight
>>> game = gamenight.make("gin_rummy")
>>> state = game.new(seed=14).apply("pass")
>>> str(game.coach(iterations=0).situation(state.view(0)))
'Your deadwood is 76, with no meld yet.'
"""
from __future__ import annotations

from typing import Any, cast

from ..core.bits import cards_of
from ..core.cards import card_str, parse_card
from ..core.coach import Coach, CoachedHand, card_name, cards_named, seat_name
from ..core.game import Action
from ..core.text import Text
from ..core.views import Described, View
from .melds import best_arrangement, deadwood_after_discard, mask_of
from .state import GinRummyGame
from .views import GinRummyView


class GinRummyCoach(Coach[GinRummyGame]):
    """The coach's Gin Rummy facts."""

    #: shows melds, a layoff, a knock and an undercut (tests/coach)
    HANDS = {2: CoachedHand("gin_rummy", 2, "japanese", 14)}

    def situation(self, view: View) -> Text:
        gin = cast(GinRummyView, view)
        melds = gin["hand_melds"] or []
        if gin["phase"] == "layout":
            return Text("Lay out your melds, then say done: your deadwood is {points}.", points=gin["hand_deadwood"])
        if not melds:
            return Text("Your deadwood is {points}, with no meld yet.", points=gin["hand_deadwood"])
        return Text("Your deadwood is {points}; your melds: {melds}.", points=gin["hand_deadwood"],
                    melds=_melds(melds))

    def says(self, view: View, action: Action) -> Text:
        gin = cast(GinRummyView, view)
        move = cast(dict[str, Any], self.game.describe(action))
        kind = move["kind"]
        after = (gin["discard_deadwood"] or {}).get(str(move.get("card")), 0)
        if kind == "discard":
            return Text("Discard {card}: your deadwood is then {points}", card=card_name(move["card"]), points=after)
        if kind == "knock":
            return Text("Knock, laying {card} face down: you end the hand with {points} deadwood",
                        card=card_name(move["card"]), points=after)
        if kind == "take":
            return self._take(gin)
        if kind == "meld":
            return Text("Lay out the meld {cards}", cards=cards_named(move["cards"]))
        if kind == "layoff":
            return Text("Lay off {card} on the knocker's meld: it no longer counts as your deadwood",
                        card=card_name(move["card"]))
        if kind == "done":
            return Text("Done: the cards left count {points} deadwood", points=gin["hand_value"])
        return _OTHER.get(kind, Text("Draw the top card of the stock (unseen)"))

    def _take(self, view: GinRummyView) -> Text:
        card = view["upcard"] or ""
        hand = mask_of(parse_card(c) for c in view["hand"] or []) | mask_of([parse_card(card)])
        least = deadwood_after_discard(hand)
        meld = next((m for m in best_arrangement(hand) if m >> parse_card(card) & 1), 0)
        if meld:
            names = _sorted(cards_of(meld))
            return Text("Take {card}: it makes the meld {cards}, and your best discard then leaves {points} deadwood",
                        card=card_name(card), cards=cards_named(names), points=least)
        return Text("Take {card}: it makes no meld; your best discard then leaves {points} deadwood",
                    card=card_name(card), points=least)

    def happened(self, before: View, move: Described, after: View, mover: int | None) -> Text:
        said = cast(dict[str, Any], move)
        last = cast(GinRummyView, after)["last_hand"]
        if last is not None and cast(GinRummyView, before)["last_hand"] != last:
            return _scored(after, last)
        if mover != before["seat"]:
            return _bot_line(said, seat_name(before, mover, start=True))
        return _own(said, cast(GinRummyView, after))


_OTHER = {"draw": Text("Draw the top card of the stock (unseen)"), "pass": Text("Pass: leave the upcard"),
          "biggin": Text("Big gin: all eleven cards in melds")}


def _sorted(cards: list[int]) -> list[str]:
    return [card_str(c) for c in sorted(cards, key=lambda k: (k % 13, k // 13))]


def _melds(melds: list[list[str]]) -> Text:
    text = cards_named(melds[0])
    for meld in melds[1:]:
        text = Text("{melds}; {meld}", melds=text, meld=cards_named(meld))
    return text


def _own(move: dict[str, Any], after: GinRummyView) -> Text:
    kind, points = move["kind"], after["hand_deadwood"]
    if kind in ("take", "draw") and after["drawn"]:
        return Text("You took {card}: your deadwood is now {points}.", card=card_name(after["drawn"]), points=points)
    if kind in ("discard", "take", "draw"):
        return Text("Your deadwood is now {points}.", points=points)
    if kind == "knock":
        return Text("You knocked: now lay out your melds; your deadwood is {points}.", points=points)
    if kind == "meld":
        return Text("You laid out {cards}.", cards=cards_named(move["cards"]))
    if kind == "layoff":
        return Text("You laid off {card}: your deadwood is now {points}.", card=card_name(move["card"]),
                    points=points)
    return Text("Your deadwood is now {points}.", points=points)


def _bot_line(move: dict[str, Any], name: Text) -> Text:
    kind = move["kind"]
    if kind == "discard":
        return Text("{name} discarded {card}.", name=name, card=card_name(move["card"]))
    if kind == "take":
        return Text("{name} took the upcard.", name=name)
    if kind == "draw":
        return Text("{name} drew from the stock.", name=name)
    if kind == "knock":
        return Text("{name} knocked.", name=name)
    if kind == "meld":
        return Text("{name} laid out {cards}.", name=name, cards=cards_named(move["cards"]))
    if kind == "layoff":
        return Text("{name} laid off {card} on your meld.", name=name, card=card_name(move["card"]))
    if kind == "pass":
        return Text("{name} passed.", name=name)
    if kind == "done":
        return Text("{name} is done laying out.", name=name)
    return Text("{name} played.", name=name)


def _scored(view: View, last: dict[str, Any]) -> Text:
    """The hand's result, with its deadwood counts and points."""
    scorer = seat_name(view, last["scorer"])
    if last["result"] == "undercut":
        return Text("Undercut! The defender's deadwood, {defender}, is no more than the knocker's {knocker}: {points} "
                    "points to {name}.", defender=last["defender_deadwood"], knocker=last["knocker_deadwood"],
                    name=scorer, points=last["points"])
    if last["result"] == "knock":
        return Text("The knock held: deadwood {knocker} against {defender}, {points} points to {name}.",
                    knocker=last["knocker_deadwood"], defender=last["defender_deadwood"], name=scorer,
                    points=last["points"])
    if last["result"] in ("gin", "big_gin"):
        return Text("Gin! {points} points to {name}.", name=scorer, points=last["points"])
    return Text("The hand ends without a winner.")
