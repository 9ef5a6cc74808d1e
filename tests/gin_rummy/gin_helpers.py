"""Helpers for the Gin Rummy tests: hands from text and states set up at a chosen moment of a hand."""
from __future__ import annotations

import gamenight
import gamenight.gin_rummy  # noqa: F401  (registers the game)
from gamenight.core.cards import parse_card
from gamenight.gin_rummy import state as S
from gamenight.gin_rummy.melds import BIT, VALUES, mask_of


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.replace(",", " ").split()]


def hand(text: str) -> int:
    return mask_of(cards(text))


def game(rules: str = "seed", **overrides):
    return gamenight.make("gin_rummy", rules=rules, **overrides)


def setup(g, hands: tuple[str, str], pile: str = "", stock: str = "", *, current: int = 0, dealer: int = 1,
          phase: str = "draw", taken: str | None = None, stock_size: int | None = None, seed: int = 1):
    """A state of ``g`` in ``phase`` with these hands, discard pile (bottom first) and stock top cards
    (``stock`` lists the top cards, the top last); the rest of the pack fills the bottom of the stock,
    cut to ``stock_size`` cards if given (the cut cards are set aside in no one's hand)."""
    s = g.new(seed=seed)
    h = [hand(hands[0]), hand(hands[1])]
    assert not h[0] & h[1]
    p = cards(pile)
    top = cards(stock)
    used = h[0] | h[1] | mask_of(p) | mask_of(top)
    assert used.bit_count() == h[0].bit_count() + h[1].bit_count() + len(p) + len(top), "a card appears twice"
    rest = [c for c in range(52) if not used & BIT[c]]
    stock_cards = rest + top
    if stock_size is not None:
        stock_cards = stock_cards[len(stock_cards) - stock_size:]
    s.hands = h
    s.known = [0, 0]
    s.pile = p
    s.stock = stock_cards
    if p:
        s.first_upcard = p[0]
    limit = g.rules.knock_limit
    if g.rules.oklahoma:
        value = VALUES[s.first_upcard]
        limit = min(limit, 0 if value == 1 else value)
    s.knock_limit = limit
    s.dealer = dealer
    s.current = current
    s.phase = S.PHASE_NAMES.index(phase)
    s.taken = parse_card(taken) if taken else -1
    s.log = []
    s._legal = None
    return s


def play(state, *actions: str):
    for a in actions:
        state.apply(a)
    return state


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]
