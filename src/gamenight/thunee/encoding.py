"""Thunee's observation encoding: a seat's view as a fixed-length list of numbers in [0, 1], for learning programs
(``gamenight.rl``; docs/games/thunee.md, "Observation encoding", lists the fields).

Cards are 24-wide planes in Thunee's card order (``suit * 6 + rank``: suits s h d c, ranks J 9 A 10 K Q). Seats are
relative: 0 is the observing seat (a spectator: seat 0), 1 the seat that plays after it, and so on; the layout has
room for 6 seats, and the places of seats a smaller table lacks stay 0. Teams are relative too: 0 is the observing
seat's team, 1 the other. ``encode`` reads only the view, never the state.

``encode_state(state, seat)`` is the fast path (``gamenight.core.encoding``): the same numbers as
``encode(state.view(seat))``, in sparse form, read from the state's fields that ``views.build_view`` puts in the seat's
view and nowhere else: the seat's own hand (``hands[seat]``), trump as the seat knows it (``views.trump_seen``: the
face-down trump card only to the trumper, until it is shown), and the public fields (the trick on the table and the
hand's finished tricks, the Jodis shown, the suits seats lack, the calling, the phase, seats, points and balls). It
never reads another seat's hand or the cards still to deal (only their numbers, as the view does).
"""
from __future__ import annotations

from typing import Any

from ..core.encoding import Field, Layout, Sparse, one_hot, plane, relative, scaled, scaled_table
from .actions import SUIT_CHARS
from .phases import FINAL_NAMES, PHASE_NAMES, SPECIAL_NAMES, FinalCall, Phase, Special
from .scoring import counting_total
from .tricks import strength_for, trick_winner
from .views import CARD_TEXT, trump_seen, trump_status

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


def encode(view: Any) -> list[float]:
    """``view`` (a ``ThuneeView``) as ``LAYOUT.size`` numbers in [0, 1]."""
    out = LAYOUT.zeros()
    n: int = view["players"]
    me: int = view["seat"] if view["seat"] is not None else 0
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


(_HAND, _TRICK, _PLAYED, _JODI_SHOWN, _VOIDS, _TRUMP_SUIT, _TRUMP_CARD, _TRUMP_STATUS, _TRUMP_FLAGS, _PHASE, _TO_ACT,
 _DEALER, _PRESENT, _DEFAULT_TRUMPER, _TRUMPER, _LEADER, _TRICK_WINNER, _PASSED, _CALLED, _SPECIAL_SEAT, _FINAL_SEAT,
 _SIZES, _BID, _HOLDER, _SPECIAL, _FINAL_CALL, _COUNTING_TEAM, _COUNTING_TARGET, _COUNTING_TOTAL, _COUNTING_DEFICIT,
 _CARD_POINTS, _TEAM_TRICKS, _JODI, _BALLS, _TRICKS_DONE, _STOCK) = (AT[f.name] for f in LAYOUT.fields)
# the state's special and final calls (ints) -> their places (the view names them)
_SPECIAL_PLACE = {i: SPECIAL[name] for i, name in enumerate(SPECIAL_NAMES) if name is not None}
_FINAL_PLACE = {i: FINAL[name] for i, name in enumerate(FINAL_NAMES) if name is not None}
_BY_6, _BY_12, _BY_24 = (scaled_table(x, x) for x in (6, 12, 24))   # _BY_6[min(k, 6)] is scaled(k, 6)


_TRICKS: dict[tuple[Any, ...], int] = {}


def _trick_bits(n: int, first: int, cards: list[str]) -> int:
    """The bits of ``played`` for one finished trick, its first card played by the seat ``first`` places from the
    observer (kept by trick: a hand's finished tricks are encoded again at every step)."""
    key = (n, first % n, *cards)
    found = _TRICKS.get(key)
    if found is None:
        if len(_TRICKS) > 50_000:
            _TRICKS.clear()
        found = 0
        for i, card in enumerate(cards, first):
            found |= 1 << (_PLAYED + i % n * CARDS + CARD[card])
        _TRICKS[key] = found
    return found


def encode_state(s: Any, seat: int | None) -> Sparse:
    """``encode(s.view(seat))`` without building the view, as ``(ones, at, values)`` (``gamenight.core.encoding``:
    ``sparse_to_list`` makes the list): see the module's doc. Each line names the view's field it stands for."""
    g = s.game
    n = g.num_players
    me = seat if seat is not None else 0
    my_team = me % 2
    phase = s.phase
    special, final_call = s.special, s.final_call
    ones = 1 << (_PHASE + phase) | ((1 << n) - 1) << _PRESENT        # phase, (the seats at the table)
    if seat is not None:
        ones |= s.hands[seat] << _HAND                               # hand
    trick = s.trick
    for p, card in trick:                                            # trick
        ones |= 1 << (_TRICK + (p - me) % n * CARDS + card)
    for leader, cards, _ in s.tricks:                                # tricks
        ones |= _trick_bits(n, leader - me, cards)
    for p, cards, _ in s.jodi_log:                                   # jodi_declared
        at = _JODI_SHOWN + (p - me) % n * CARDS
        for card in cards:
            ones |= 1 << (at + CARD[card])
    for p, suits in enumerate(s.voids):                              # voids
        if suits:
            ones |= suits << (_VOIDS + (p - me) % n * 4)
    trump, trump_card = trump_seen(s, seat)                          # trump, trump_card
    if trump is not None:
        ones |= 1 << (_TRUMP_SUIT + SUIT[trump])
    if trump_card is not None:
        ones |= 1 << (_TRUMP_CARD + CARD[trump_card])
    ones |= 1 << (_TRUMP_STATUS + TRUMP_STATUS[trump_status(s, trump)])    # trump_status
    if s.trump_shown:                                                # trump_shown
        ones |= 1 << _TRUMP_FLAGS
    if phase > Phase.TRUMP or special != Special.NONE:               # trump_declared
        ones |= 1 << (_TRUMP_FLAGS + 1)
    if s.trump_last:                                                 # trump_last
        ones |= 1 << (_TRUMP_FLAGS + 2)
    if phase > Phase.CALLING:                                        # calling_over
        ones |= 1 << (_TRUMP_FLAGS + 3)
    if phase != Phase.OVER:                                          # current_player
        ones |= 1 << (_TO_ACT + (s.current - me) % n)
    for at, p in ((_DEALER, s.dealer), (_DEFAULT_TRUMPER, s.default_trumper), (_TRUMPER, s.trumper),
                  (_LEADER, s.leader), (_SPECIAL_SEAT, s.special_seat), (_FINAL_SEAT, s.final_seat)):
        if p is not None and p >= 0:                                 # -1: no special or final call
            ones |= 1 << (at + (p - me) % n)
    if trick:                                                        # trick_winner
        winner = trick_winner(trick, s.trump, strength_for(special, s.tricks_done))[0]
        ones |= 1 << (_TRICK_WINNER + (winner - me) % n)
    passed = s.passed                                                # passed: seat p's bit moved to (p - me) mod n
    ones |= (((passed >> me) | (passed << (n - me))) & ((1 << n) - 1)) << _PASSED
    bid = s.bid
    if bid:                                                          # holder
        ones |= 1 << (_HOLDER + (s.holder - my_team) % 2)
    if special != Special.NONE:                                      # special
        ones |= 1 << (_SPECIAL + _SPECIAL_PLACE[special])
    if final_call != FinalCall.NONE:                                 # final_call
        ones |= 1 << (_FINAL_CALL + _FINAL_PLACE[final_call])
    counting = 1 - s.trumper % 2                                     # counting_team
    ones |= 1 << (_COUNTING_TEAM + (counting - my_team) % 2)
    called: dict[int, float] = {}                                    # calls: each seat's highest
    for p, amount in s.calls:
        at = _CALLED + (p - me) % n
        called[at] = max(called.get(at, 0.0), scaled(amount, 104))
    at_list = list(called)
    values = list(called.values())
    hands = s.hands
    for p in range(n):                                               # hand_sizes
        at_list.append(_SIZES + (p - me) % n)
        values.append(_BY_6[min(hands[p].bit_count(), 6)])
    target = g.target_points
    at_list += (_BID, _COUNTING_TARGET, _TRICKS_DONE, _STOCK)         # bid, counting_target, tricks_done, stock_size
    values += (scaled(bid, 104), scaled(target, 200), _BY_12[min(s.tricks_done, 12)], _BY_24[min(len(s.stock), 24)])
    if special == Special.NONE and final_call == FinalCall.NONE:     # counting_total
        total = counting_total(s.trick_points, bid, s.jodi, counting)
        at_list += (_COUNTING_TOTAL, _COUNTING_DEFICIT)
        values += (scaled(total, target), scaled(-total, target))
    balls_to_win = s.ball_target
    for team in range(2):
        r = (team - my_team) % 2
        at_list += (_CARD_POINTS + r, _TEAM_TRICKS + r, _JODI + r, _BALLS + r)   # card_points, team_tricks, jodi,
        values += (scaled(s.trick_points[team], 304), _BY_12[min(s.team_tricks[team], 12)],   # balls
                   scaled(s.jodi[team], 200), scaled(s.balls[team], balls_to_win))
    return ones, at_list, values
