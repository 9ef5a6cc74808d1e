"""Helpers for Yaniv tests: build positions directly, and check the invariants of any state."""
from __future__ import annotations

import json
from collections import Counter

import gamenight
from gamenight.core.cards import JOKER, card_str, parse_card
from gamenight.yaniv.actions import RUN, SET, SINGLE
from gamenight.yaniv.state import TURN


def cards(text: str) -> list[int]:
    """``cards("5s Jk 7s")`` -> kinds (spaces or commas between cards)."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


def names(kinds) -> list[str]:
    return [card_str(k) for k in kinds]


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


def make(players: int = 3, rules=None, **options):
    return gamenight.make("yaniv", players=players, rules=rules, **options)


def position(game, hands, pile=None, stock=None, top="", current=0, dealer=None, totals=None, active=None,
             prev_kind=None, prev_start=-1, seed=1):
    """A consistent TURN-phase state: ``hands`` (one card text per seat), ``pile`` (the discard groups, the
    last one being the previous player's group; each a card text), ``stock`` (top card last) or, if None, every
    card not placed elsewhere, in a fixed order, with the cards of ``top`` drawn first (in that order).
    Cards are conserved: placing a card the deck has not got fails."""
    n = game.num_players
    assert len(hands) == n
    state = game.new(seed=seed)
    remaining = Counter(game.deck())
    hand_kinds = [cards(h) for h in hands]
    if pile is None:  # an upcard nobody holds
        held = Counter(c for h in hand_kinds for c in h)
        pile = [next(card_str(k) for k in range(51, -1, -1) if held[k] < remaining[k])]
    pile_kinds = [cards(g) for g in pile]
    for k in [c for h in hand_kinds for c in h] + [c for g in pile_kinds for c in g]:
        assert remaining[k] > 0, f"card {card_str(k)} placed more often than the deck holds it"
        remaining[k] -= 1
    rest = sorted(remaining.elements())
    if stock is None:
        stock_kinds = rest
        for k in cards(top):
            stock_kinds.remove(k)
        stock_kinds += cards(top)[::-1]
    else:
        stock_kinds = cards(stock)
        assert Counter(stock_kinds) == Counter(rest), "stock must be exactly the cards not placed elsewhere"
    state.hands = [sorted(h) for h in hand_kinds]
    state.known = [[] for _ in range(n)]
    state.pile = pile_kinds
    state.stock = stock_kinds
    state.current = current
    state.dealer = current if dealer is None else dealer
    state.phase = TURN
    state.totals = list(totals) if totals is not None else [0] * n
    state.active = list(active) if active is not None else [True] * n
    if prev_kind is None:
        last = pile_kinds[-1]
        if len(last) == 1:
            prev_kind = SINGLE
        elif len({c % 13 for c in last if c != JOKER}) == 1 and prev_start < 0:
            prev_kind = SET
        else:
            prev_kind = RUN
    state.prev_kind = prev_kind
    state.prev_start = prev_start
    state.pending = None
    state.drawn = None
    state.history = []
    state.actors = []
    state.round_start = 0
    state.seed = None  # a built position has no replayable record
    check_invariants(state)
    return state


def all_cards(state) -> Counter:
    return Counter([c for h in state.hands for c in h] + list(state.stock) + [c for g in state.pile for c in g])


def check_invariants(state, heavy: bool = False) -> None:
    """What must hold in every reachable Yaniv state."""
    game = state.game
    rules = game.rules
    assert all_cards(state) == Counter(game.deck()), "cards not conserved"
    for p in range(game.num_players):
        hand = state.hands[p]
        assert hand == sorted(hand)
        assert len(hand) <= rules.hand_size, f"seat {p} holds {len(hand)} > hand_size cards"
        assert not (Counter(state.known[p]) - Counter(hand)), f"seat {p}'s known cards are not all in hand"
        if not state.active[p]:
            assert hand == [] and state.known[p] == []
    assert sum(state.active) >= 1
    if state.is_over:
        assert state.current_player is None and state.legal_actions() == []
        assert state.winners, "a finished match has winners"
        returns = state.returns()
        assert abs(sum(returns) - 1.0) < 1e-9
        assert all(r > 0 for p, r in enumerate(returns) if p in state.winners)
    else:
        seat = state.current_player
        assert seat is not None and state.active[seat]
        legal = state.legal_actions()
        assert legal, "no legal action for the player to move"
        ids = [a.id for a in legal]
        assert ids == sorted(set(ids)), "legal actions not sorted by id or not unique"
        assert state.stock or state.phase == TURN or any(a.kind != 1 for a in legal)
    if rules.single_round:
        assert state.is_over or all(t == 0 for t in state.totals)
    else:
        assert all(t >= 0 for t in state.totals)
    if heavy:
        text = state.to_json()
        assert game.state_from_json(text).to_json() == text
        assert state.clone().to_json() == text
        for s in [None, *range(game.num_players)]:
            json.dumps(state.view(s))


def call(game, hands, caller=0, totals=None, **kw):
    """The state right after seat ``caller`` calls Yaniv holding ``hands[caller]``."""
    state = position(game, hands, current=caller, totals=totals, **kw)
    state.apply("yaniv")
    check_invariants(state)
    return state


def round_points(state) -> dict[int, int]:
    """Seat -> the points the last round gave it (seats that played it only)."""
    return {int(p): v for p, v in state.last_round["points"].items()}


def hand_text(state, seat: int) -> str:
    return " ".join(names(state.hands[seat]))
