"""YESSIR!'s coach (core/coach.py): the hand's ranking with the shared dice, what each reroll costs in luck and what
it rerolls, a Yessir, and the showdown; the coached hands found by experiments/coached_deals.py.

>>> import gamenight
>>> game = gamenight.make("yessir", players=3)
>>> state = game.new(seed=1)
>>> str(game.coach(iterations=0).says(state.view(0), game.parse_action("b")))
'Reroll all three shared dice (6, 2, 1) for 2 luck: your luck goes to 4'
"""
from __future__ import annotations

from typing import Any, cast

from ..core.coach import Coach, CoachedHand, seat_name
from ..core.game import Action
from ..core.text import Text
from ..core.views import Described, View
from .state import YessirGame
from .views import YessirView


class YessirCoach(Coach[YessirGame]):
    """The coach's YESSIR! facts."""

    #: each shows the shared dice, a reroll paid with luck, a Yessir and the showdown (tests/coach)
    HANDS = {players: CoachedHand("yessir", players, "standard", seed)
             for players, seed in ((2, 1), (3, 1), (4, 1), (5, 2), (6, 1))}

    def situation(self, view: View) -> Text:
        yessir = cast(YessirView, view)
        luck = yessir["luck"][cast(int, view["seat"])]
        if yessir["hand"] is None:
            return Text("You rerolled blind: your dice are hidden until the showdown. Your luck: {luck}.", luck=luck)
        return Text("Your dice {dice} with the shared dice {shared} make {hand}. Your luck: {luck}.",
                    dice=_dice(yessir["dice"] or []), shared=_dice(yessir["shared"]),
                    hand=Text.from_json(yessir["hand"]["says"]), luck=luck)

    def says(self, view: View, action: Action) -> Text:
        yessir = cast(YessirView, view)
        move = cast(dict[str, Any], self.game.describe(action))
        luck = yessir["luck_after"].get(str(action), yessir["luck"][cast(int, view["seat"])])
        kind = move["kind"]
        if kind == "reroll_die":
            return Text("Reroll shared die {die} (showing {face}) for 1 luck: your luck goes to {luck}",
                        die=move["die"], face=yessir["shared"][move["die"] - 1], luck=luck)
        if kind == "reroll_shared":
            return Text("Reroll all three shared dice ({shared}) for 2 luck: your luck goes to {luck}",
                        shared=_dice(yessir["shared"]), luck=luck)
        if kind == "reroll_own":
            return Text("Reroll your own two dice ({dice}) and look, for 2 luck: your luck goes to {luck}",
                        dice=_dice(yessir["dice"] or []), luck=luck)
        if kind == "yessir":
            return self._yessir(yessir)
        if kind == "blind":
            return Text("Reroll your dice blind: you gain 1 luck (to {luck}) but take no more turns this round",
                        luck=luck)
        return self._pip(yessir, kind)

    def _yessir(self, view: YessirView) -> Text:
        if view["hand"] is None:
            return Text("Say Yessir: change nothing")
        return Text("Say Yessir: keep {hand} and pay nothing", hand=Text.from_json(view["hand"]["says"]))

    def _pip(self, view: YessirView, kind: str) -> Text:
        faces = view["pip_faces"] or {"keep": 0, "up": 0, "down": 0}
        face = faces["keep"] if kind == "keep" else faces["up"] if kind == "up" else faces["down"]
        return Text("Leave the rerolled die showing {face}", face=face)

    def happened(self, before: View, move: Described, after: View, mover: int | None) -> Text:
        said = cast(dict[str, Any], move)
        reveal = cast(YessirView, after)["last_round"]
        if reveal is not None and reveal != cast(YessirView, before)["last_round"]:
            return _showdown(after, cast(dict[str, Any], reveal))
        shared = _dice(cast(YessirView, after)["shared"])
        if mover == before["seat"]:
            return self._own(said, after, shared)
        return _bot_line(said, seat_name(before, mover, start=True), shared)

    def _own(self, move: dict[str, Any], after: View, shared: str) -> Text:
        if move["kind"] in ("reroll_die", "reroll_shared"):
            return Text("You paid {cost} luck: the shared dice are now {shared}.", cost=-move["luck"], shared=shared)
        if move["kind"] == "yessir":
            return Text("You said Yessir.")
        return self.situation(after)


def _bot_line(said: dict[str, Any], name: Text, shared: str) -> Text:
    kind = said["kind"]
    if kind == "reroll_die":
        return Text("{name} paid 1 luck to reroll shared die {die}: the shared dice are now {shared}.",
                    name=name, die=said["die"], shared=shared)
    if kind == "reroll_shared":
        return Text("{name} paid 2 luck to reroll the shared dice: they are now {shared}.", name=name,
                    shared=shared)
    if kind == "reroll_own":
        return Text("{name} paid 2 luck to reroll their own dice.", name=name)
    if kind == "yessir":
        return Text("{name} said Yessir.", name=name)
    if kind == "blind":
        return Text("{name} rerolled blind, gaining 1 luck, and takes no more turns this round.", name=name)
    return Text("The shared dice are now {shared}.", shared=shared)


def _dice(faces: list[int]) -> str:
    return ", ".join(str(face) for face in faces)


def _showdown(view: View, reveal: dict[str, Any]) -> Text:
    """The showdown: who won the round with which hand, or the tie."""
    winner = reveal["winner"]
    if winner is None:
        return Text("Showdown: the best hands tie, so nobody wins the round.")
    return Text("Showdown: the round goes to {name}, with {hand}.", name=seat_name(view, winner),
                hand=Text.from_json(reveal["says"][winner]))
