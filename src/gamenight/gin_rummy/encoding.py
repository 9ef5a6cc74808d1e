"""Gin Rummy's observation encoding: a seat's view as a fixed-length list of numbers in [0, 1], for learning
programs (``gamenight.rl``; docs/games/gin_rummy.md, "Observation encoding", lists the fields).

Cards are 52-wide planes in the core's card order (``suit * 13 + rank``: spades, hearts, diamonds, clubs, each
ace to king). Seats are relative: 0 is the observing seat (a spectator: seat 0), 1 the opponent. Only the view is
read, never the state.
"""
from __future__ import annotations

from typing import Any

from ..core.cards import CARD_NAMES
from ..core.encoding import Field, Layout, one_hot, plane, relative, scaled
from .phases import PHASE_NAMES

CARD = {name: kind for kind, name in enumerate(CARD_NAMES[:52])}
PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}

LAYOUT = Layout([
    Field("hand", 52, "the seat's own cards (zeros for a spectator)"),
    Field("opponent_known", 52, "the cards everybody knows the opponent holds (`known`: taken from the pile, or laid "
                                "out as deadwood)"),
    Field("own_known", 52, "the seat's own cards the opponent knows of (`known` of the seat)"),
    Field("discard_pile", 52, "the cards in the discard pile"),
    Field("discard_order", 52, "each discard-pile card's height in the pile: (place from the bottom + 1) / 52, so the "
                               "upcard has the highest value"),
    Field("upcard", 52, "the top of the discard pile, one-hot"),
    Field("taken", 52, "the card taken from the discard pile this turn, one-hot"),
    Field("drawn", 52, "the card the seat drew or took this turn while it holds 11 cards (its own view only)"),
    Field("knock_discard", 52, "the seat's own face-down knock discard (the knocker's view only)"),
    Field("own_melds", 52, "the cards the seat has laid out in melds this hand"),
    Field("opponent_melds", 52, "the cards the opponent has laid out in melds this hand"),
    Field("layoffs", 52, "the cards laid off onto the knocker's melds"),
    Field("phase", 8, "the phase, one-hot: upcard, stock_only, draw, discard, wall, layout, defend, over"),
    Field("to_act", 2, "the seat to act, relative, one-hot (zeros once the match is over)"),
    Field("dealer", 2, "the dealer, relative, one-hot"),
    Field("knocker", 2, "the knocker, relative, one-hot (zeros before a knock)"),
    Field("big_gin", 1, "1 if the knock is a big gin"),
    Field("must_knock", 1, "1 if the player to act took the 50th-card discard and must knock"),
    Field("returned", 1, "1 if the last discard went straight back (`repeat_return_ends`)"),
    Field("knocker_done", 1, "1 once the knocker has said done (his deadwood is then known)"),
    Field("knocker_deadwood", 1, "the knocker's deadwood once he is done, / 30"),
    Field("stock_size", 1, "the cards left in the stock, / 31"),
    Field("knock_limit", 1, "this hand's knock limit, / 30"),
    Field("pile_takes", 1, "discard-pile takes this hand, / 50, capped at 1"),
    Field("hand_deadwood", 1, "the seat's least deadwood, / 100, capped at 1"),
    Field("deadwood_within_limit", 1, "1 if that deadwood is within the knock limit"),
    Field("can_knock", 1, "1 if a knock is among the seat's legal actions now"),
    Field("defender_best_deadwood", 1, "defending: the least deadwood the seat can still reach, / 100, capped at 1"),
    Field("hand_sizes", 2, "each seat's number of cards, relative, / 11"),
    Field("scores", 2, "each seat's match total, relative, / `game_target`, capped at 1"),
    Field("hands_won", 2, "each seat's hands won, relative, / 10, capped at 1"),
])
AT = LAYOUT.offset


def size(game: Any) -> int:
    """The encoding's length (the same for every Gin Rummy table)."""
    return LAYOUT.size


def score_scale(game: Any) -> float:
    """The points that decide a match: the target score (rewards and scores are scaled by it)."""
    return float(game.rules.game_target)


def encode(view: Any) -> list[float]:
    """``view`` (a ``GinRummyView``) as ``size()`` numbers in [0, 1]."""
    out = LAYOUT.zeros()
    me = view["seat"] if view["seat"] is not None else 0
    opp = 1 - me
    if view["hand"]:
        plane(out, AT["hand"], view["hand"], CARD)
    plane(out, AT["opponent_known"], view["known"][opp], CARD)
    plane(out, AT["own_known"], view["known"][me], CARD)
    pile = view["discard_pile"]
    plane(out, AT["discard_pile"], pile, CARD)
    for height, name in enumerate(pile):
        out[AT["discard_order"] + CARD[name]] = (height + 1) / 52
    for field in ("upcard", "taken", "drawn", "knock_discard"):
        if view[field] is not None:
            one_hot(out, AT[field], CARD[view[field]])
    for seat, cards in view["melds"]:
        plane(out, AT["own_melds" if seat == me else "opponent_melds"], cards, CARD)
    plane(out, AT["layoffs"], (card for card, _ in view["layoffs"]), CARD)
    one_hot(out, AT["phase"], PHASE[view["phase"]])
    one_hot(out, AT["to_act"], relative(view["current_player"], me, 2))
    one_hot(out, AT["dealer"], relative(view["dealer"], me, 2))
    one_hot(out, AT["knocker"], relative(view["knocker"], me, 2))
    out[AT["big_gin"]] = float(bool(view["big_gin"]))
    out[AT["must_knock"]] = float(bool(view["must_knock"]))
    out[AT["returned"]] = float(bool(view["returned"]))
    if view["knocker_deadwood"] is not None:
        out[AT["knocker_done"]] = 1.0
        out[AT["knocker_deadwood"]] = scaled(view["knocker_deadwood"], 30)
    out[AT["stock_size"]] = scaled(view["stock_size"], 31)
    out[AT["knock_limit"]] = scaled(view["knock_limit"], 30)
    out[AT["pile_takes"]] = scaled(view["pile_takes"], 50)
    out[AT["hand_deadwood"]] = scaled(view["hand_deadwood"], 100)
    out[AT["deadwood_within_limit"]] = float(bool(view["deadwood_within_limit"]))
    out[AT["can_knock"]] = float(bool(view["can_knock"]))
    out[AT["defender_best_deadwood"]] = scaled(view["defender_best_deadwood"], 100)
    target = float(view["rules"]["game_target"])
    for seat in range(2):
        r = (seat - me) % 2
        out[AT["hand_sizes"] + r] = scaled(view["hand_sizes"][seat], 11)
        out[AT["scores"] + r] = scaled(view["scores"][seat], target)
        out[AT["hands_won"] + r] = scaled(view["hands_won"][seat], 10)
    return out
