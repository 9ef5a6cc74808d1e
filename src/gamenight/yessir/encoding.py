"""YESSIR!'s observation encoding: a seat's view as a fixed-length list of numbers in [0, 1], for learning programs
(``gamenight.rl``; docs/games/yessir.md, "Observation encoding", lists the fields).

A die is a one-hot of its face (1 to 6). Seats are relative: 0 is the observing seat (a spectator: seat 0), 1 the
seat after it in seat order, and so on; the layout has room for 6 seats, and the places of seats a smaller table
lacks stay 0. Only the view is read, never the state: a seat that rerolled blind sees zeros for its own dice.
"""
from __future__ import annotations

from typing import Any

from ..core.encoding import Field, Layout, one_hot, relative, scaled
from .hands import CATEGORY_NAMES
from .phases import PHASE_NAMES

SEATS = 6
PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
CATEGORY = {name: i for i, name in enumerate(CATEGORY_NAMES[1:])}

LAYOUT = Layout([
    Field("shared", 3 * 6, "the three shared dice, left to right, each one-hot of its face"),
    Field("dice", 2 * 6, "the seat's own two dice, the higher first, each one-hot (zeros for a spectator and after "
                         "its blind reroll)"),
    Field("category", 9, "the seat's hand's category, one-hot, strongest first: five of a kind, large straight, "
                         "small straight, full house, four of a kind, three of a kind, two pair, one pair, high dice"),
    Field("blind", 1, "1 after the seat's blind reroll this round"),
    Field("phase", 3, "the phase, one-hot: turns, pip, over"),
    Field("to_act", SEATS, "the seat to act, relative, one-hot (zeros once the match is over)"),
    Field("roller", SEATS, "who rolled this round (and played first), relative, one-hot"),
    Field("present", SEATS, "1 for each seat at this table, relative"),
    Field("luck", SEATS, "each seat's luck die, relative, / 6"),
    Field("wins", SEATS, "each seat's round wins, relative, / `rounds_to_win`"),
    Field("locked", SEATS, "1 for each seat that rerolled blind this round (no more turns), relative"),
    Field("passed", SEATS, "1 for each seat that said Yessir since the last paid reroll, relative"),
    Field("pip_die", 3, "the pip phase: the shared die rerolled to its old face, one-hot"),
    Field("rounds_to_win", 1, "the round wins that win the match, / 9"),
])
AT = LAYOUT.offset


def size(game: Any) -> int:
    """The encoding's length (the same for every YESSIR! table: 6 seats' room)."""
    return LAYOUT.size


def score_scale(game: Any) -> float:
    """The round wins that win a match (rewards and scores are scaled by them)."""
    return float(game.rules.rounds_to_win)


def encode(view: Any) -> list[float]:
    """``view`` (a ``YessirView``) as ``size()`` numbers in [0, 1]."""
    out = LAYOUT.zeros()
    n = view["players"]
    me = view["seat"] if view["seat"] is not None else 0
    for i, face in enumerate(view["shared"]):
        out[AT["shared"] + i * 6 + face - 1] = 1.0
    if view["dice"] is not None:
        for i, face in enumerate(sorted(view["dice"], reverse=True)):
            out[AT["dice"] + i * 6 + face - 1] = 1.0
    if view["hand"] is not None:
        one_hot(out, AT["category"], CATEGORY[view["hand"]["category"]])
    out[AT["blind"]] = float(bool(view["blind"]))
    one_hot(out, AT["phase"], PHASE[view["phase"]])
    one_hot(out, AT["to_act"], relative(view["current_player"], me, n))
    one_hot(out, AT["roller"], relative(view["roller"], me, n))
    to_win = view["rounds_to_win"]
    for seat in range(n):
        r = (seat - me) % n
        out[AT["present"] + r] = 1.0
        out[AT["luck"] + r] = scaled(view["luck"][seat], 6)
        out[AT["wins"] + r] = scaled(view["wins"][seat], to_win)
        out[AT["locked"] + r] = float(bool(view["locked"][seat]))
        out[AT["passed"] + r] = float(bool(view["passed"][seat]))
    one_hot(out, AT["pip_die"], view["pip_die"])
    out[AT["rounds_to_win"]] = scaled(to_win, 9)
    return out
