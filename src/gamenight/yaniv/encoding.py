"""Yaniv's observation encoding: a seat's view as a fixed-length list of numbers in [0, 1], for learning programs
(``gamenight.rl``; docs/games/yaniv.md, "Observation encoding", lists the fields).

Cards are 53-wide planes of card kinds in the core's order (``suit * 13 + rank``: spades, hearts, diamonds, clubs,
each ace to king; then the joker at 52). Each place holds the cards of its kind as a share of the copies two packs
have: a natural card counts 0.5 (two of a kind from two packs: 1), a joker 0.25 (two packs have four). Seats are
relative: 0 is the observing seat (a spectator: seat 0), 1 the seat that plays after it, and so on; the layout has
room for 8 seats, and the places of seats a smaller table lacks stay 0. ``encode`` reads only the view, never the
state.

``encode_state(state, seat)`` is the fast path (``gamenight.core.encoding``): the same numbers as
``encode(state.view(seat))``, in sparse form, read from the state's fields that ``YanivState._view`` puts in the seat's
view and nowhere else: the seat's own hand (``hands[seat]``, its value, the card it drew in a slapdown), the cards each
seat is known to hold, the discard pile and the group to take from (with the cards that may be taken), the phase, seats,
counts and scores. It never reads another seat's hand or the stock's cards (only their numbers, as the view does).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain
from typing import Any

from ..core.cards import CARD_NAMES
from ..core.encoding import Field, Layout, Sparse, one_hot, relative, scaled, scaled_table
from .state import GROUP_NAMES, OVER, SLAP_PHASE, TURN, takeable_cards

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


def counts(out: list[float], offset: int, names: Iterable[str]) -> None:
    """Add each card's share of its kind (``SHARE``) at the kind's place."""
    for name in names:
        kind = CARD[name]
        out[offset + kind] += SHARE[kind]


def encode(view: Any) -> list[float]:
    """``view`` (a ``YanivView``) as ``LAYOUT.size`` numbers in [0, 1]."""
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


(_HAND, _DRAWN, _KNOWN, _PILE, _PREVIOUS, _TAKEABLE, _PENDING, _GROUP_TYPE, _RUN_START, _PHASE, _TO_ACT, _DEALER,
 _PRESENT, _ACTIVE, _SIZES, _SCORES, _HAND_VALUE, _CAN_CALL, _CALL_LIMIT, _STOCK) = (AT[f.name] for f in LAYOUT.fields)
_GROUP_INDEX = {kind: GROUP_TYPE[name] for kind, name in GROUP_NAMES.items()}   # a group's kind -> its place
_BY_8, _BY_50, _BY_108 = (scaled_table(x, x) for x in (8, 50, 108))   # _BY_8[min(k, 8)] is scaled(k, 8)


def _add_shares(acc: dict[int, float], offset: int, cards: Iterable[int]) -> None:
    """``counts`` of card kinds (ints, not names), added up by place in ``acc``."""
    share = SHARE
    for kind in cards:
        i = offset + kind
        acc[i] = acc.get(i, 0.0) + share[kind]


_PILES: dict[tuple[int, ...], tuple[dict[int, int], tuple[int, ...], tuple[float, ...]]] = {}


def _pile(pile: list[list[int]]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """discard_pile's places and values: each kind's cards in the pile, counted, times its share (the shares are
    halves and quarters, so the product is the sum ``counts`` makes, exactly). Kept by the pile's cards in order (a
    pile grows a group at a time, so a new one is usually a kept one and a group)."""
    key = tuple(chain.from_iterable(pile))
    found = _PILES.get(key)
    if found is None:
        if len(_PILES) > 20_000:
            _PILES.clear()
        shorter = _PILES.get(key[:len(key) - len(pile[-1])]) if pile else None
        if shorter is not None:
            counted = dict(shorter[0])
            for kind in pile[-1]:
                counted[kind] = counted.get(kind, 0) + 1
        else:
            counted = dict(Counter(key))
        found = (counted, tuple(map(_PILE.__add__, counted)), tuple(c * SHARE[k] for k, c in counted.items()))
        _PILES[key] = found
    return found[1], found[2]


# for each table size n and observing seat me: the seats in relative order (place r holds seat (me + r) mod n),
# and the places of hand_sizes then scores
_ORDER = {n: [tuple((me + r) % n for r in range(n)) for me in range(n)] for n in range(2, SEATS + 1)}
_SEAT_AT = {n: tuple(range(_SIZES, _SIZES + n)) + tuple(range(_SCORES, _SCORES + n)) for n in range(2, SEATS + 1)}


def encode_state(s: Any, seat: int | None) -> Sparse:
    """``encode(s.view(seat))`` without building the view, as ``(ones, at, values)`` (``gamenight.core.encoding``:
    ``sparse_to_list`` makes the list): see the module's doc. Each line names the view's field it stands for."""
    game = s.game
    rules = game.rules
    n = game.num_players
    me = seat if seat is not None else 0
    phase = s.phase
    current = s.current
    order = _ORDER[n][me]
    acc: dict[int, float] = {}                                       # the card shares, by place
    ones = (1 << (_PHASE + phase) | 1 << (_DEALER + (s.dealer - me) % n)   # phase, dealer
            | ((1 << n) - 1) << _PRESENT)                            # (the seats at the table)
    hands, active, totals = s.hands, s.active, s.totals
    scale = float(rules.elimination_limit)
    at = [*_SEAT_AT[n]]                                              # hand_sizes, scores
    values = [_BY_8[min(len(hands[p]), 8)] for p in order]
    values += [scaled(totals[p], scale) for p in order]
    for r, p in enumerate(order):
        if active[p]:                                                # active
            ones |= 1 << (_ACTIVE + r)
    if seat is not None:
        hand = hands[seat]
        _add_shares(acc, _HAND, hand)                                # hand
        if phase == SLAP_PHASE and seat == current:                  # drawn
            ones |= 1 << (_DRAWN + s.drawn)
        card_values = game.values
        hand_value = sum(card_values[c] for c in hand)               # hand_value (s.hand_value(seat))
        at.append(_HAND_VALUE)
        values.append(_BY_50[min(hand_value, 50)])
        limit = rules.yaniv_limit                                    # can_call
        if seat == current and phase == TURN and (limit is None or hand_value <= limit):
            ones |= 1 << _CAN_CALL
    known = s.known                                                  # known
    for r in range(1, n):
        cards = known[order[r]]
        if cards:
            _add_shares(acc, _KNOWN + (r - 1) * KINDS, cards)
    pile = s.pile                                                    # discard_pile
    pile_at, pile_values = _pile(pile)
    take_group = s.take_group()                                      # previous_group
    if take_group:
        _add_shares(acc, _PREVIOUS, take_group)
        _add_shares(acc, _TAKEABLE, takeable_cards(take_group, s.prev_kind, rules.set_pick_any))   # takeable
        ones |= 1 << (_GROUP_TYPE + _GROUP_INDEX[s.prev_kind])       # previous_group_type
    if s.pending is not None and pile:                               # pending_discard
        _add_shares(acc, _PENDING, pile[-1])
    if s.prev_start >= 0:                                            # previous_run_start
        ones |= 1 << (_RUN_START + s.prev_start)
    if phase != OVER:                                                # current_player
        ones |= 1 << (_TO_ACT + (current - me) % n)
    limit = rules.yaniv_limit                                        # the rules' yaniv_limit
    at += (_CALL_LIMIT, _STOCK)                                      # stock_size
    values += (1.0 if limit is None else scaled(limit, 15), _BY_108[min(len(s.stock), 108)])
    at += acc
    at += pile_at
    values += acc.values()
    values += pile_values
    return ones, at, values
