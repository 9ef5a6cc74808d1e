"""YESSIR!'s observation encoding: a seat's view as a fixed-length list of numbers in [0, 1], for learning programs
(``gamenight.rl``; docs/games/yessir.md, "Observation encoding", lists the fields).

A die is a one-hot of its face (1 to 6). Seats are relative: 0 is the observing seat (a spectator: seat 0), 1 the
seat after it in seat order, and so on; the layout has room for 6 seats, and the places of seats a smaller table
lacks stay 0. ``encode`` reads only the view, never the state: a seat that rerolled blind sees zeros for its own
dice.

``encode_state(state, seat)`` is the fast path (``gamenight.core.encoding``): the same numbers as
``encode(state.view(seat))``, in sparse form, read from the state's fields that ``views.build_view`` puts in the seat's
view and nowhere else: the seat's own dice while it sees them (not after its blind reroll, as the view), with their
hand's category, and the public fields (the shared dice, luck, wins, locks, passes, the phase and seats). It never reads
another seat's dice.
"""
from __future__ import annotations

from typing import Any

from ..core.encoding import Field, Layout, Sparse, one_hot, relative, scaled, scaled_table
from .hands import CATEGORY_NAMES, roll_facts
from .phases import OVER, PHASE_NAMES, PIP

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


def encode(view: Any) -> list[float]:
    """``view`` (a ``YessirView``) as ``LAYOUT.size`` numbers in [0, 1]."""
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


(_SHARED, _DICE, _CATEGORY, _BLIND, _PHASE, _TO_ACT, _ROLLER, _PRESENT, _LUCK, _WINS, _LOCKED, _PASSED, _PIP_DIE,
 _ROUNDS_TO_WIN) = (AT[f.name] for f in LAYOUT.fields)
_BY_6 = scaled_table(6, 6)   # _BY_6[min(k, 6)] is scaled(k, 6)


def encode_state(s: Any, seat: int | None) -> Sparse:
    """``encode(s.view(seat))`` without building the view, as ``(ones, at, values)`` (``gamenight.core.encoding``:
    ``sparse_to_list`` makes the list): see the module's doc. Each line names the view's field it stands for."""
    game = s.game
    n = game.num_players
    me = seat if seat is not None else 0
    phase = s.phase
    over = phase == OVER
    locked, passed = s.locked, s.passed
    s0, s1, s2 = s.shared                                            # shared
    ones = (1 << (_SHARED - 1 + s0) | 1 << (_SHARED + 5 + s1) | 1 << (_SHARED + 11 + s2)
            | 1 << (_PHASE + phase) | 1 << (_ROLLER + (s.roller - me) % n))   # phase, roller
    if seat is not None:
        own = not over and not locked >> seat & 1                    # (views.build_view's own)
        if own or over:                                              # dice
            d0, d1 = s.dice[seat]
            high, low = (d0, d1) if d0 >= d1 else (d1, d0)
            ones |= 1 << (_DICE - 1 + high) | 1 << (_DICE + 5 + low)
            if own:                                                  # hand: its category
                index = ((((s0 - 1) * 6 + s1 - 1) * 6 + s2 - 1) * 6 + d0 - 1) * 6 + d1 - 1   # as views._hand
                ones |= 1 << (_CATEGORY + CATEGORY[roll_facts(index, game.rules.tiebreak_sum).category])
        if not own and not over:                                     # blind
            ones |= 1 << _BLIND
    if not over:                                                     # current_player
        ones |= 1 << (_TO_ACT + (s.current - me) % n)
    if phase == PIP:                                                 # pip_die
        ones |= 1 << (_PIP_DIE + s.pip_die)
    to_win = game.rules.rounds_to_win                                # rounds_to_win
    luck, wins = s.luck, s.wins
    at = [_ROUNDS_TO_WIN]
    values = [scaled(to_win, 9)]
    for p in range(n):
        r = (p - me) % n
        ones |= 1 << (_PRESENT + r)                                  # (the seats at the table)
        if locked >> p & 1:                                          # locked
            ones |= 1 << (_LOCKED + r)
        if passed >> p & 1:                                          # passed
            ones |= 1 << (_PASSED + r)
        at += (_LUCK + r, _WINS + r)                                 # luck, wins
        values += (_BY_6[min(luck[p], 6)], scaled(wins[p], to_win))
    return ones, at, values
