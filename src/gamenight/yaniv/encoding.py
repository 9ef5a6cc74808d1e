"""Yaniv's observation encoding: a seat's view as a fixed-length list of numbers in [0, 1], for learning programs
(``gamenight.rl``; docs/games/yaniv.md, "Observation encoding", lists the fields).

Cards are 53-wide planes of card kinds in the core's order (``suit * 13 + rank``: spades, hearts, diamonds, clubs,
each ace to king; then the joker at 52). Each place holds the cards of its kind as a share of the copies two packs
have: a natural card counts 0.5 (two of a kind from two packs: 1), a joker 0.25 (two packs have four). Seats are
relative: 0 is the observing seat (a spectator: seat 0), 1 the seat that plays after it, and so on; the layout has
room for 8 seats, and the places of seats a smaller table lacks stay 0. Only the view is read, never the state.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.cards import CARD_NAMES
from ..core.encoding import Field, Layout, one_hot, relative, scaled

SEATS = 8
KINDS = 53
CARD = {name: kind for kind, name in enumerate(CARD_NAMES)}
SHARE = (0.5,) * 52 + (0.25,)   # one card of a kind, as a share of the copies in two packs (four jokers)
PHASE = {"turn": 0, "take": 1, "slap": 2, "over": 3}
GROUP_TYPE = {"single": 0, "set": 1, "run": 2}

LAYOUT = Layout([
    Field("hand", KINDS, "the seat's own cards, as card shares (zeros for a spectator)"),
    Field("drawn", KINDS, "slapdown: the card the seat just drew, while it decides (one-hot)"),
    Field("known", (SEATS - 1) * KINDS, "for each other seat, relative 1 to 7: the cards it took from the pile and "
                                        "still holds (card shares)"),
    Field("discard_pile", KINDS, "the cards in the discard pile since the last reshuffle (card shares)"),
    Field("previous_group", KINDS, "the group the seat to move may take from (card shares)"),
    Field("takeable", KINDS, "the cards of that group a player may take (card shares)"),
    Field("pending_discard", KINDS, "the group the seat to move has just laid, before taking (card shares)"),
    Field("previous_group_type", 3, "that group's type, one-hot: single, set, run"),
    Field("previous_run_start", KINDS, "for a run, the card its first position stands for, one-hot"),
    Field("phase", 4, "the phase, one-hot: turn, take, slap, over"),
    Field("to_act", SEATS, "the seat to act, relative, one-hot (zeros once the match is over)"),
    Field("dealer", SEATS, "the dealer of this round, relative, one-hot"),
    Field("present", SEATS, "1 for each seat at this table, relative"),
    Field("active", SEATS, "1 for each seat still in the match, relative"),
    Field("hand_sizes", SEATS, "each seat's number of cards, relative, / 8"),
    Field("scores", SEATS, "each seat's total, relative, / `elimination_limit`, capped at 1"),
    Field("hand_value", 1, "the value of the seat's hand, / 50, capped at 1"),
    Field("can_call", 1, "1 if the seat may call Yaniv now"),
    Field("yaniv_limit", 1, "the highest hand that may call, / 15 (unlimited: 1)"),
    Field("stock_size", 1, "the cards in the stock, / 108"),
])
AT = LAYOUT.offset


def size(game: Any) -> int:
    """The encoding's length (the same for every Yaniv table: 8 seats' room)."""
    return LAYOUT.size


def score_scale(game: Any) -> float:
    """The points that decide a match: the elimination limit (rewards and scores are scaled by it)."""
    return float(game.rules.elimination_limit)


def counts(out: list[float], offset: int, names: Iterable[str]) -> None:
    """Add each card's share of its kind (``SHARE``) at the kind's place."""
    for name in names:
        kind = CARD[name]
        out[offset + kind] += SHARE[kind]


def encode(view: Any) -> list[float]:
    """``view`` (a ``YanivView``) as ``size()`` numbers in [0, 1]."""
    out = LAYOUT.zeros()
    n = view["players"]
    me = view["seat"] if view["seat"] is not None else 0
    if view["hand"]:
        counts(out, AT["hand"], view["hand"])
    if view["drawn"] is not None:
        one_hot(out, AT["drawn"], CARD[view["drawn"]])
    for seat, cards in enumerate(view["known"]):
        r = (seat - me) % n
        if r:
            counts(out, AT["known"] + (r - 1) * KINDS, cards)
    groups = view["discard_pile"]
    for group in groups:
        counts(out, AT["discard_pile"], group)
    counts(out, AT["previous_group"], view["previous_group"])
    counts(out, AT["takeable"], view["takeable"])
    if view["pending_discard"] is not None and groups:
        counts(out, AT["pending_discard"], groups[-1])   # the group just laid is the pile's newest
    if view["previous_group"]:
        one_hot(out, AT["previous_group_type"], GROUP_TYPE[view["previous_group_type"]])
    one_hot(out, AT["previous_run_start"], view["previous_run_start"])
    one_hot(out, AT["phase"], PHASE[view["phase"]])
    one_hot(out, AT["to_act"], relative(view["current_player"], me, n))
    one_hot(out, AT["dealer"], relative(view["dealer"], me, n))
    limit = float(view["rules"]["elimination_limit"])
    for seat in range(n):
        r = (seat - me) % n
        out[AT["present"] + r] = 1.0
        out[AT["active"] + r] = float(bool(view["active"][seat]))
        out[AT["hand_sizes"] + r] = scaled(view["hand_sizes"][seat], 8)
        out[AT["scores"] + r] = scaled(view["scores"][seat], limit)
    out[AT["hand_value"]] = scaled(view["hand_value"], 50)
    out[AT["can_call"]] = float(bool(view["can_call"]))
    call_limit = view["rules"]["yaniv_limit"]
    out[AT["yaniv_limit"]] = 1.0 if call_limit is None else scaled(call_limit, 15)
    out[AT["stock_size"]] = scaled(view["stock_size"], 108)
    return out
