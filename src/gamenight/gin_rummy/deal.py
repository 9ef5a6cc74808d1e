"""Dealing a Gin Rummy hand (G5), and the first hand set up by hand: ``game.new(seed, deal={...})``.

A deal is a dict of these fields, each optional (docs/games/gin_rummy.md, "Setting up a position"):

``dealer``  0 or 1 (else as the ``first_dealer`` option says: drawn with the seed, or a fixed seat)
``hands``   ``[seat 0's hand, seat 1's hand]``: 10 cards each (``["As", "7h", ...]``), or null for a hand the
            seed deals
``upcard``  the first upcard, face up on the discard pile
``stock``   the top cards of the stock, the top first (the next ``draw`` takes the first); the seed puts the
            other cards under them

Whatever the deal leaves out is dealt by the seed from the cards left, as a hand dealt without one is: the pack
shuffled, the hands dealt one card at a time alternately (the non-dealer first), the upcard, the stock. So
``deal={}`` deals exactly what no deal does.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ..core.cards import card_str, parse_card
from ..core.checks import whole_number
from ..core.deal import read_card
from ..core.rng import Rng
from .melds import BIT

FIELDS = ("dealer", "hands", "upcard", "stock")
HAND_SIZE = 10
STOCK_SIZE = 52 - 2 * HAND_SIZE - 1  # 31


class Dealt(NamedTuple):
    """A hand as dealt: both hands (masks), the first upcard, and the stock (the top card last)."""

    hands: list[int]
    upcard: int
    stock: list[int]


class Fixed(NamedTuple):
    """What a deal fixes: the dealer (None: by the rules), each hand (None: by the seed), the upcard (None: by
    the seed) and the stock's top cards, the top first."""

    dealer: int | None
    hands: list[int | None]
    upcard: int | None
    stock: list[int]


def first_dealer(option: str, rng: Rng) -> int:
    """The first hand's dealer under the ``first_dealer`` option (``random`` draws with the match's seed)."""
    return rng.below(2) if option == "random" else (0 if option == "seat0" else 1)


def deal_hand(rng: Rng, dealer: int, fixed: Fixed | None = None) -> Dealt:
    """Shuffle the pack with ``rng`` and deal a hand (G5); the cards ``fixed`` names go where it says, and the
    others are dealt in the shuffled order exactly as without it."""
    deck = list(range(52))
    rng.shuffle(deck)
    if fixed is not None:
        taken = _fixed_mask(fixed)
        deck = [c for c in deck if not taken & BIT[c]]
    given = fixed.hands if fixed is not None else [None, None]
    hands = [given[0] or 0, given[1] or 0]
    order = [p for p in (1 - dealer, dealer) if given[p] is None]  # one at a time, alternately, non-dealer first
    for _ in range(HAND_SIZE):
        for p in order:
            hands[p] |= BIT[deck.pop()]
    upcard = fixed.upcard if fixed is not None and fixed.upcard is not None else deck.pop()
    if fixed is not None:
        deck.extend(reversed(fixed.stock))
    return Dealt(hands, upcard, deck)


def read_deal(deal: dict[str, Any]) -> Fixed:
    """The deal's fields, checked: ValueError saying exactly what cannot be."""
    unknown = [k for k in deal if k not in FIELDS]
    if unknown:
        raise ValueError(f"a Gin Rummy deal has no field {unknown[0]!r}; its fields are {', '.join(FIELDS)}")
    dealer = deal.get("dealer")
    if dealer is not None:
        dealer = whole_number(dealer, "the deal's dealer", 0, 1)
    places: dict[int, str] = {}  # card -> where the deal puts it, to name a card given twice
    hands = _read_hands(deal.get("hands"), places)
    upcard = deal.get("upcard")
    up = None if upcard is None else _read_card(upcard, "the upcard", places)
    stock = _read_stock(deal.get("stock"), places)
    return Fixed(dealer, hands, up, stock)


def _read_hands(hands: Any, places: dict[int, str]) -> list[int | None]:
    if hands is None:
        return [None, None]
    if not isinstance(hands, list) or len(hands) != 2:
        raise ValueError(f"the deal's hands are a list of two hands (seat 0's, then seat 1's; null for one the seed "
                         f"deals), not {hands!r}")
    out: list[int | None] = []
    for seat, hand in enumerate(hands):
        if hand is None:
            out.append(None)
            continue
        if not isinstance(hand, list):
            raise ValueError(f"seat {seat}'s hand in the deal is a list of {HAND_SIZE} cards, not {hand!r}")
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat}'s hand in the deal has {len(hand)} cards; each player is dealt "
                             f"{HAND_SIZE}")
        mask = 0
        for text in hand:
            mask |= BIT[_read_card(text, f"seat {seat}'s hand", places)]
        out.append(mask)
    return out


def _read_stock(stock: Any, places: dict[int, str]) -> list[int]:
    if stock is None:
        return []
    if not isinstance(stock, list):
        raise ValueError(f"the deal's stock is a list of cards, the top first, not {stock!r}")
    if len(stock) > STOCK_SIZE:
        raise ValueError(f"the deal's stock has {len(stock)} cards; after the deal the stock holds {STOCK_SIZE}")
    return [_read_card(text, "the stock", places) for text in stock]


def _read_card(text: Any, where: str, places: dict[int, str]) -> int:
    card = read_card(text, f"{where} in the deal", parse_card, " (write rank then suit, e.g. 7h, Th, Qs)")
    if card >= 52:
        raise ValueError(f"{where} in the deal: {text!r} is a joker; Gin Rummy is played without jokers")
    if card in places:
        raise ValueError(f"{card_str(card)} is in the deal twice ({places[card]} and {where})")
    places[card] = where
    return card


def _fixed_mask(fixed: Fixed) -> int:
    mask = (fixed.hands[0] or 0) | (fixed.hands[1] or 0)
    if fixed.upcard is not None:
        mask |= BIT[fixed.upcard]
    for c in fixed.stock:
        mask |= BIT[c]
    return mask
