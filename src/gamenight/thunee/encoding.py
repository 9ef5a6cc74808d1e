"""Thunee's observation encoding: a seat's view as a fixed-length list of numbers in [0, 1], for learning programs
(``gamenight.rl``; docs/games/thunee.md, "Observation encoding", lists the fields).

Cards are 24-wide planes in Thunee's card order (``suit * 6 + rank``: suits s h d c, ranks J 9 A 10 K Q). Seats are
relative: 0 is the observing seat (a spectator: seat 0), 1 the seat that plays after it, and so on; the layout has
room for 6 seats, and the places of seats a smaller table lacks stay 0. Teams are relative too: 0 is the observing
seat's team, 1 the other. Only the view is read, never the state.
"""
from __future__ import annotations

from typing import Any

from ..core.encoding import Field, Layout, one_hot, plane, relative, scaled
from .actions import SUIT_CHARS
from .phases import FINAL_NAMES, PHASE_NAMES, SPECIAL_NAMES
from .views import CARD_TEXT

SEATS = 6
CARDS = 24
CARD = {name: card for card, name in enumerate(CARD_TEXT)}
SUIT = {char: suit for suit, char in enumerate(SUIT_CHARS)}
PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
SPECIAL = {name: i for i, name in enumerate(SPECIAL_NAMES[1:])}
FINAL = {name: i for i, name in enumerate(FINAL_NAMES[1:])}
TRUMP_STATUS = {name: i for i, name in enumerate(("known", "face_down", "none", "first_lead", "not_chosen"))}

LAYOUT = Layout([
    Field("hand", CARDS, "the seat's own cards (zeros for a spectator)"),
    Field("trick", SEATS * CARDS, "the trick on the table: for each seat, relative, the card it played in it"),
    Field("played", SEATS * CARDS, "for each seat, relative, the cards it played in the finished tricks of this hand "
                                   "(2 players: of this half)"),
    Field("jodi_shown", SEATS * CARDS, "for each seat, relative, the cards it showed in a Jodi this hand"),
    Field("voids", SEATS * 4, "for each seat, relative, the suits (s h d c) it has shown it lacks"),
    Field("trump_suit", 4, "the trump suit, if this seat knows it, one-hot (s h d c)"),
    Field("trump_card", CARDS, "the face-down trump card, if this seat knows it, one-hot"),
    Field("trump_status", 5, "what this seat knows of trump, one-hot: known, face_down, none, first_lead, "
                             "not_chosen"),
    Field("trump_flags", 4, "1 if: trump is shown to the table, trump is laid (or replaced by a special call), "
                            "the trumper chose `trump last`, the calling is over"),
    Field("phase", 9, "the phase, one-hot: weak, trip, calling, trump, blind, special, jodi, play, over"),
    Field("to_act", SEATS, "the seat to act, relative, one-hot (zeros once the match is over)"),
    Field("dealer", SEATS, "the dealer, relative, one-hot"),
    Field("present", SEATS, "1 for each seat at this table, relative"),
    Field("default_trumper", SEATS, "the default trumper, relative, one-hot"),
    Field("trumper", SEATS, "the trumper (the highest caller so far, else the default trumper), relative, one-hot"),
    Field("leader", SEATS, "who leads (led) the trick on the table, relative, one-hot"),
    Field("trick_winner", SEATS, "who is winning the trick on the table, relative, one-hot"),
    Field("passed", SEATS, "1 for each seat that passed in the calling, relative"),
    Field("called", SEATS, "each seat's highest call this hand, relative, / 104"),
    Field("special_seat", SEATS, "the caller of the special call, relative, one-hot"),
    Field("final_seat", SEATS, "the caller of Double or Kanak, relative, one-hot"),
    Field("hand_sizes", SEATS, "each seat's number of cards, relative, / 6"),
    Field("bid", 1, "the highest call, / 104"),
    Field("holder", 2, "the team holding the highest call, relative, one-hot (zeros with no call)"),
    Field("special", 6, "the special call, one-hot: thunee, royals, blind thunee, blind royals, trip, mooney"),
    Field("final_call", 2, "the final call, one-hot: double, kanak"),
    Field("counting_team", 2, "the counting team, relative, one-hot"),
    Field("counting_target", 1, "the card points the counting team needs, / 200"),
    Field("counting_total", 1, "the counting team's total so far, / its target, clipped to [0, 1]"),
    Field("counting_deficit", 1, "minus that total when it is below 0, / the target, capped at 1"),
    Field("card_points", 2, "each team's card points this hand, relative, / 304"),
    Field("team_tricks", 2, "each team's tricks this hand, relative, / 12"),
    Field("jodi", 2, "each team's Jodi this hand, relative, / 200, capped at 1"),
    Field("balls", 2, "each team's balls, relative, / the balls that win, capped at 1"),
    Field("tricks_done", 1, "the tricks finished this hand, / 12"),
    Field("stock_size", 1, "the cards not dealt yet this hand, / 24"),
])
AT = LAYOUT.offset


def size(game: Any) -> int:
    """The encoding's length (the same for every Thunee table: 6 seats' room)."""
    return LAYOUT.size


def score_scale(game: Any) -> float:
    """The balls that win a match (rewards and scores are scaled by them)."""
    return float(game.rules.balls_to_win)


def encode(view: Any) -> list[float]:
    """``view`` (a ``ThuneeView``) as ``size()`` numbers in [0, 1]."""
    out = LAYOUT.zeros()
    n = view["players"]
    me = view["seat"] if view["seat"] is not None else 0
    my_team = me % 2

    def rel(seat: int) -> int:
        return (seat - me) % n

    if view["hand"]:
        plane(out, AT["hand"], view["hand"], CARD)
    for seat, card in view["trick"]:
        out[AT["trick"] + rel(seat) * CARDS + CARD[card]] = 1.0
    for leader, cards, _ in view["tricks"]:
        for i, card in enumerate(cards):
            out[AT["played"] + rel((leader + i) % n) * CARDS + CARD[card]] = 1.0
    for seat, cards, _ in view["jodi_declared"]:
        for card in cards:   # a card shown in two Jodis (J+K+Q, then K+Q) is still one card
            out[AT["jodi_shown"] + rel(seat) * CARDS + CARD[card]] = 1.0
    for seat, suits in enumerate(view["voids"]):
        for char in suits:
            out[AT["voids"] + rel(seat) * 4 + SUIT[char]] = 1.0
    if view["trump"] is not None:
        one_hot(out, AT["trump_suit"], SUIT[view["trump"]])
    if view["trump_card"] is not None:
        one_hot(out, AT["trump_card"], CARD[view["trump_card"]])
    one_hot(out, AT["trump_status"], TRUMP_STATUS[view["trump_status"]])
    flags = AT["trump_flags"]
    for i, key in enumerate(("trump_shown", "trump_declared", "trump_last", "calling_over")):
        out[flags + i] = float(bool(view[key]))
    one_hot(out, AT["phase"], PHASE[view["phase"]])
    one_hot(out, AT["to_act"], relative(view["current_player"], me, n))
    for key in ("dealer", "default_trumper", "trumper", "leader", "special_seat", "final_seat"):
        one_hot(out, AT[key], relative(view[key], me, n))   # -1 (no special or final call): zeros
    if view["trick_winner"] is not None:
        one_hot(out, AT["trick_winner"], rel(view["trick_winner"][0]))
    for seat in view["passed"]:
        out[AT["passed"] + rel(seat)] = 1.0
    for seat, amount in view["calls"]:
        at = AT["called"] + rel(seat)
        out[at] = max(out[at], scaled(amount, 104))
    for seat in range(n):
        r = (seat - me) % n
        out[AT["present"] + r] = 1.0
        out[AT["hand_sizes"] + r] = scaled(view["hand_sizes"][seat], 6)
    out[AT["bid"]] = scaled(view["bid"], 104)
    if view["bid"]:
        one_hot(out, AT["holder"], (view["holder"] - my_team) % 2)
    if view["special"] is not None:
        one_hot(out, AT["special"], SPECIAL[view["special"]])
    if view["final_call"] is not None:
        one_hot(out, AT["final_call"], FINAL[view["final_call"]])
    one_hot(out, AT["counting_team"], (view["counting_team"] - my_team) % 2)
    target = view["counting_target"]
    out[AT["counting_target"]] = scaled(target, 200)
    total = view["counting_total"]
    if total is not None:
        out[AT["counting_total"]] = scaled(total, target)
        out[AT["counting_deficit"]] = scaled(-total, target)
    balls_to_win = view["ball_target"]
    for team in range(2):
        r = (team - my_team) % 2
        out[AT["card_points"] + r] = scaled(view["card_points"][team], 304)
        out[AT["team_tricks"] + r] = scaled(view["team_tricks"][team], 12)
        out[AT["jodi"] + r] = scaled(view["jodi"][team], 200)
        out[AT["balls"] + r] = scaled(view["balls"][team], balls_to_win)
    out[AT["tricks_done"]] = scaled(view["tricks_done"], 12)
    out[AT["stock_size"]] = scaled(view["stock_size"], 24)
    return out
