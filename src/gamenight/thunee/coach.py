"""Thunee's coach (core/coach.py): who wins the trick so far and what each card would do to it, what a call and a
Jodi are worth, the last trick's 10; the coached hand found by experiments/coached_deals.py.

>>> import gamenight
>>> game = gamenight.make("thunee")
>>> str(game.coach(iterations=0).says(game.new(seed=164).view(0), game.parse_action("call 20")))
'Call 20: unless someone calls higher, your team chooses trump, and 20 is added to the other team’s count'
"""
from __future__ import annotations

from typing import Any, cast

from ..core.coach import Coach, CoachedHand, card_name, cards_named, seat_name
from ..core.game import Action
from ..core.text import Text
from ..core.views import Described, View
from .actions import SUIT_CHARS, ThuneeAction, card_text, meld_value, parse_thunee_card
from .phases import SPECIAL_NAMES
from .state import ThuneeGame
from .tricks import strength_for, trick_winner
from .views import ThuneeView

LAST_TRICK_POINTS = 10   # T24: the last trick adds 10 to its winner's team


class ThuneeCoach(Coach[ThuneeGame]):
    """The coach's Thunee facts."""

    #: shows a call, trumps, a Jodi and the last trick's 10 (tests/coach)
    #: (6 players has none: in 600 seeds the bots never called there, so no hand showed a call)
    HANDS = {players: CoachedHand("thunee", players, "standard", seed) for players, seed in ((4, 164), (2, 165))}

    def situation(self, view: View) -> Text:
        thunee = cast(ThuneeView, view)
        if thunee["phase"] in ("weak", "calling", "trump", "special"):
            if thunee["bid"]:
                return Text("The highest call is {amount}, by {name}.", amount=thunee["bid"],
                            name=seat_name(view, thunee["trumper"]))
            return Text("Nobody has called yet.")
        trump = _suit(thunee["trump"]) if thunee["trump"] else Text("still hidden")
        winner = thunee["trick_winner"]
        if winner is None:
            return Text("Trumps: {suit}. It is your lead.", suit=trump)
        if winner[0] == view["seat"]:
            return Text("Trumps: {suit}. You are winning the trick with {card}.", suit=trump, card=card_name(winner[1]))
        return Text("Trumps: {suit}. {name} is winning the trick with {card}.", suit=trump,
                    name=seat_name(view, winner[0], start=True), card=card_name(winner[1]))

    def says(self, view: View, action: Action) -> Text:
        thunee, act = cast(ThuneeView, view), cast(ThuneeAction, action)
        move = cast(dict[str, Any], self.game.describe(action))
        kind = move["kind"]
        if kind == "play":
            return self._play(thunee, move["card"])
        if kind == "call":
            return Text("Call {amount}: unless someone calls higher, your team chooses trump, and {amount} is added "
                        "to the other team’s count", amount=move["amount"])
        if kind == "trump":
            return Text("Make {suit} trumps, laying {card} face down", suit=_suit(move["card"][-1]),
                        card=card_name(move["card"]))
        if kind == "jodi":
            trump = SUIT_CHARS.index(thunee["trump"]) if thunee["trump"] else -1
            return Text("Declare Jodi with {cards}: worth {points} to your team", cards=cards_named(move["meld_cards"]),
                        points=meld_value(act.melds, trump))
        if kind == "pass":
            return _PASS.get(thunee["phase"], Text("Pass"))
        if kind == "double":
            return Text("Play {card} and call Double", card=card_name(move["card"]))
        if kind == "kanak":
            return Text("Play {card} and call Kanak", card=card_name(move["card"]))
        if kind == "special":
            return Text("Make a special call: {call}", call=_SPECIALS[move["call"]])
        if kind == "trump_last":
            return Text("Let the last card you are dealt set trumps")
        return Text("Ask for a new deal")

    def _play(self, view: ThuneeView, card: str) -> Text:
        named = card_name(card)
        last = view["tricks_done"] == view["tricks_per_hand"] - 1
        if not view["trick"]:
            return (Text("Lead {card}; this is the last trick, worth {bonus} more to its winner", card=named,
                         bonus=LAST_TRICK_POINTS) if last else Text("Lead {card}", card=named))
        seat, best = self.winner_with(view, card)
        if seat == view["seat"]:
            text = Text("Play {card}: it would win the trick so far", card=named)
        else:
            text = Text("Play {card}: {name}’s {winning} would still win the trick", card=named,
                        name=seat_name(view, seat), winning=card_name(best))
        if last:
            return Text("{text} (the last trick: {bonus} more to its winner)", text=text, bonus=LAST_TRICK_POINTS)
        return text

    def winner_with(self, view: ThuneeView, card: str) -> tuple[int, str]:
        """Who would win the trick on the table so far if the seat played ``card``, and with which card."""
        trick = [(int(s), parse_thunee_card(c)) for s, c in view["trick"]]
        trick.append((cast(int, view["seat"]), parse_thunee_card(card)))
        trump = SUIT_CHARS.index(view["trump"]) if view["trump"] else -1
        special = SPECIAL_NAMES.index(view["special"]) if view["special"] in SPECIAL_NAMES else 0
        seat, best = trick_winner(trick, trump, strength_for(special, view["tricks_done"]))
        return seat, card_text(best)

    def happened(self, before: View, move: Described, after: View, mover: int | None) -> Text:
        said = cast(dict[str, Any], move)
        last = cast(ThuneeView, after)["last_hand"]
        if last is not None and last != cast(ThuneeView, before)["last_hand"]:
            return _hand_over(after, last)
        done = cast(ThuneeView, after)["tricks_done"] > cast(ThuneeView, before)["tricks_done"]
        if said["kind"] == "play" and done:
            trick = cast(ThuneeView, after)["tricks"][-1]
            winner = seat_name(after, trick[2])
            if mover == before["seat"]:
                return Text("You played {card}: the trick goes to {winner}.", card=card_name(said["card"]),
                            winner=winner)
            return Text("{name} played {card}: the trick goes to {winner}.", card=card_name(said["card"]),
                        winner=winner, name=seat_name(before, mover, start=True))
        if mover == before["seat"]:
            return _own(said, cast(ThuneeView, after))
        return _line(said, seat_name(before, mover, start=True))


_PASS = {"calling": Text("Pass: make no call"), "weak": Text("Pass: keep these cards"),
         "special": Text("Pass: make no special call"), "jodi": Text("Pass: declare no Jodi now")}
_SPECIALS = {"thunee": Text("Thunee"), "royals": Text("Royals"), "blind thunee": Text("Blind Thunee"),
             "blind royals": Text("Blind Royals"), "trip": Text("Trip"), "mooney": Text("Mooney")}
_SUITS = {"s": Text("spades"), "h": Text("hearts"), "d": Text("diamonds"), "c": Text("clubs")}


def _suit(char: str) -> Text:
    return _SUITS[char.lower()]


def _own(move: dict[str, Any], after: ThuneeView) -> Text:
    if move["kind"] == "play" and after["trick_winner"] is not None:
        return Text("You played {card}: for now the trick goes to {winner}.", card=card_name(move["card"]),
                    winner=seat_name(after, after["trick_winner"][0]))
    if move["kind"] == "call":
        return Text("You called {amount}.", amount=move["amount"])
    if move["kind"] == "trump":
        return Text("You chose trumps: {suit}.", suit=_suit(move["card"][-1]))
    if move["kind"] == "trump_last":
        return Text("The last card you are dealt will set trumps.")
    if move["kind"] == "jodi":
        return Text("You declared Jodi with {cards}.", cards=cards_named(move["meld_cards"]))
    return Text("You passed.")


def _line(move: dict[str, Any], name: Text) -> Text:
    kind = move["kind"]
    if kind == "play":
        return Text("{name} played {card}.", name=name, card=card_name(move["card"]))
    if kind == "call":
        return Text("{name} called {amount}.", name=name, amount=move["amount"])
    if kind in ("trump", "trump_last"):
        return Text("{name} chose trumps, laying a card face down.", name=name)
    if kind == "jodi":
        return Text("{name} declared Jodi with {cards}.", name=name, cards=cards_named(move["meld_cards"]))
    if kind == "pass":
        return Text("{name} passed.", name=name)
    return Text("{name} played.", name=name)


def _hand_over(view: View, last: dict[str, Any]) -> Text:
    """The hand's end: the last trick's 10 and the count against its target (another end: the engine's words)."""
    if "counting_total" not in last:
        return Text("The hand is over: {result}.", result=Text.from_json(last["says"]))
    return Text("The hand is over. The last trick went to {name}, with {bonus} more; the counting team made {total} "
                "against the {target} it needed.", name=seat_name(view, last["last_trick_winner"]),
                bonus=LAST_TRICK_POINTS, total=last["counting_total"], target=last["target"])

