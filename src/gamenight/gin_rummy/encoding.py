"""Gin Rummy's observation encoding: a seat's view as a fixed-length list of numbers in [0, 1], for learning
programs (``gamenight.rl``; docs/games/gin_rummy.md, "Observation encoding", lists the fields).

Cards are 52-wide planes in the core's card order (``suit * 13 + rank``: spades, hearts, diamonds, clubs, each
ace to king). Seats are relative: 0 is the observing seat (a spectator: seat 0), 1 the opponent. ``encode`` reads
only the view, never the state.

``encode_state(state, seat)`` is the fast path (``gamenight.core.encoding``): the same numbers as
``encode(state.view(seat))``, in sparse form, read from the state's fields that ``views.build_view`` puts in the seat's
view and nowhere else: the seat's own hand (``hands[seat]``, with its deadwood, its drawn card and, to the knocker, its
knock discard), the public fields (what everybody knows each seat holds, the discard pile, the melds and layoffs, the
phase, seats, flags, counts and scores) and the legal actions the view's ``can_knock`` reads. It never reads another
seat's hand or the stock's cards (only their numbers, as the view does). The hand's deadwood is the solver's
``deadwood(hand)``: the view's ``hand_deadwood`` is the deadwood of the hand's best arrangement, which is that least
deadwood by the arrangement's definition.
"""
from __future__ import annotations

from typing import Any

from ..core.cards import CARD_NAMES
from ..core.encoding import Field, Layout, Sparse, one_hot, plane, relative, scaled, scaled_table
from .melds import best_arrangement, deadwood
from .phases import DEFEND, DISCARD, OVER, PHASE_NAMES
from .views import KNOCK_IDS, defender_play

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


def encode(view: Any) -> list[float]:
    """``view`` (a ``GinRummyView``) as ``LAYOUT.size`` numbers in [0, 1]."""
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


# the fast path: the fields' offsets; a card plane's bits start at its offset
(_HAND, _OPP_KNOWN, _OWN_KNOWN, _PILE, _ORDER, _UPCARD, _TAKEN, _DRAWN, _KNOCK_DISCARD, _OWN_MELDS, _OPP_MELDS,
 _LAYOFFS, _PHASE, _TO_ACT, _DEALER, _KNOCKER, _BIG_GIN, _MUST_KNOCK, _RETURNED, _DONE, _KNOCKER_DW, _STOCK,
 _LIMIT, _TAKES, _HAND_DW, _WITHIN, _CAN_KNOCK, _DEFENCE, _SIZES, _SCORES, _WON) = (AT[f.name] for f in LAYOUT.fields)
_SCALARS = _PHASE   # the fields from here on are single numbers: their bits are gathered in a small int first
_TAIL = {name: AT[name] - _SCALARS for name in AT if AT[name] >= _SCALARS}
(_T_PHASE, _T_TO_ACT, _T_DEALER, _T_KNOCKER, _T_BIG_GIN, _T_MUST_KNOCK, _T_RETURNED, _T_DONE, _T_WITHIN,
 _T_CAN_KNOCK) = (_TAIL[name] for name in ("phase", "to_act", "dealer", "knocker", "big_gin", "must_knock", "returned",
                                           "knocker_done", "deadwood_within_limit", "can_knock"))
# scaled(k, scale) by table, for counts: _BY_31[k] is scaled(k, 31) for every k the table reaches (it goes as far
# as the count can: 52 cards in the stock, 11 in a hand, 110 deadwood, a knock limit of 30 at most; beyond
# the scale each is 1), and the counts without a bound past the scale are looked up only below it
_BY_10, _BY_11, _BY_30, _BY_31, _BY_50, _BY_100 = (scaled_table(x, top) for x, top in
                                                   ((10, 10), (11, 11), (30, 30), (31, 52), (50, 50), (100, 110)))
# the places the single numbers go, the observing seat first (see encode_state's values)
_SCALAR_AT = tuple((_STOCK, _LIMIT, _TAKES, _SIZES + me, _SIZES + 1 - me, _WON + me, _WON + 1 - me, _SCORES + me,
                    _SCORES + 1 - me) for me in range(2))
_HEIGHTS = tuple((height + 1) / 52 for height in range(52))   # discard_order's value of each place in the pile
_ORDER_AT = _ORDER.__add__
_BIT = tuple(1 << k for k in range(52))
_PILES: dict[tuple[int, ...], tuple[int, tuple[int, ...], tuple[float, ...]]] = {}


def _pile(pile: list[int]) -> tuple[int, tuple[int, ...], tuple[float, ...]]:
    """The discard pile's part of the encoding, by its cards in order: its plane's bits (already at the field's
    place) and discard_order's places and values. Kept by pile (a pile grows and shrinks by a card at a time, so
    a new one is usually a kept one plus a card)."""
    key = tuple(pile)
    found = _PILES.get(key)
    if found is None:
        if len(_PILES) > 20_000:
            _PILES.clear()
        shorter = _PILES.get(key[:-1]) if key else None
        if shorter is not None:
            card = key[-1]
            found = (shorter[0] | 1 << (_PILE + card), shorter[1] + (_ORDER + card,), _HEIGHTS[:len(key)])
        else:
            found = (sum(map(_BIT.__getitem__, pile)) << _PILE, tuple(map(_ORDER_AT, pile)), _HEIGHTS[:len(key)])
        _PILES[key] = found
    return found


def encode_state(s: Any, seat: int | None) -> Sparse:
    """``encode(s.view(seat))`` without building the view, as ``(ones, at, values)`` (``gamenight.core.encoding``:
    ``sparse_to_list`` makes the list): see the module's doc. Each line names the view's field it stands for."""
    me = seat if seat is not None else 0
    phase = s.phase
    knocker = s.knocker
    hand = s.hands[seat] if seat is not None else 0                  # hand (None for a spectator)
    known = s.known                                                  # known
    pile = s.pile                                                    # discard_pile, discard_order
    pile_bits, pile_at, pile_values = _pile(pile)
    ones = hand | known[1 - me] << _OPP_KNOWN | known[me] << _OWN_KNOWN | pile_bits
    tail = 1 << (_T_PHASE + phase) | 1 << (_T_DEALER + (s.dealer - me) % 2)   # phase, dealer
    if pile:
        ones |= 1 << (_UPCARD + pile[-1])                            # upcard
    taken = s.taken
    if taken >= 0:
        ones |= 1 << (_TAKEN + taken)                                # taken
    if s.knock_card >= 0 and seat is not None and seat == knocker:
        ones |= 1 << (_KNOCK_DISCARD + s.knock_card)                 # knock_discard
    for p, meld in s.melds:                                          # melds
        ones |= meld << (_OWN_MELDS if p == me else _OPP_MELDS)
    for card, _ in s.layoffs:                                        # layoffs
        ones |= 1 << (_LAYOFFS + card)
    if phase != OVER:                                                # current_player
        tail |= 1 << (_T_TO_ACT + (s.current - me) % 2)
    if knocker >= 0:                                                 # knocker
        tail |= 1 << (_T_KNOCKER + (knocker - me) % 2)
    if s.big:                                                        # big_gin
        tail |= 1 << _T_BIG_GIN
    if s.must_knock:                                                 # must_knock
        tail |= 1 << _T_MUST_KNOCK
    if s.returned:                                                   # returned
        tail |= 1 << _T_RETURNED
    limit = s.knock_limit
    takes = s.takes
    h0, h1 = s.hands
    w0, w1 = s.boxes
    t0, t1 = s.totals
    target = s.game.rules.game_target
    at = [*pile_at, *_SCALAR_AT[me]]
    values = [*pile_values,
              _BY_31[len(s.stock)], _BY_30[limit], _BY_50[takes] if takes < 50 else 1.0,   # stock_size, knock_limit,
              _BY_11[h0.bit_count()], _BY_11[h1.bit_count()],                  # pile_takes, hand_sizes,
              _BY_10[w0] if w0 < 10 else 1.0, _BY_10[w1] if w1 < 10 else 1.0,  # hands_won,
              t0 / target if t0 < target else 1.0, t1 / target if t1 < target else 1.0]   # scores (never negative:
    #                                                                            scaled(t, target) for t >= 0)
    if s.knocker_deadwood >= 0:                                      # knocker_deadwood
        tail |= 1 << _T_DONE
        at.append(_KNOCKER_DW)
        values.append(_BY_30[s.knocker_deadwood])
    if seat is not None:                                             # the hand's facts (views.hand_facts):
        dw = deadwood(hand)                                          # its best arrangement's deadwood
        at.append(_HAND_DW)                                          # hand_deadwood
        values.append(_BY_100[dw])
        if dw <= limit:                                              # deadwood_within_limit
            tail |= 1 << _T_WITHIN
        if seat == s.current:
            if phase == DISCARD:
                legal = s.legal_now()                                # can_knock
                if legal and legal[-1].id in KNOCK_IDS:
                    tail |= 1 << _T_CAN_KNOCK
                card = taken if taken >= 0 else s.drawn              # drawn
                if card >= 0 and hand >> card & 1:
                    ones |= 1 << (_DRAWN + card)
            elif phase == DEFEND:                                    # defender_best_deadwood
                melds = best_arrangement(hand) if hand else ()
                at.append(_DEFENCE)
                values.append(scaled(defender_play(s, hand, dw, melds)[0], 100))
    return ones | tail << _SCALARS, at, values
