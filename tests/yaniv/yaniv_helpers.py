"""Helpers for Yaniv tests: set up positions with ``deal=`` (docs/games/yaniv.md, "Setting up a position") and
reach others by public actions; read everything from views; check the invariants of any state from outside."""
from __future__ import annotations

import json
from collections import Counter

import gamenight
from gamenight.core.cards import parse_card
from gamenight.yaniv.actions import SINGLE


def cards(text: str) -> list[str]:
    """``cards("5s Jk 7s")`` -> ["5s", "Jk", "7s"] (spaces or commas between cards)."""
    return text.replace(",", " ").split()


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


def legal(state) -> list[str]:
    return texts(state.legal_actions())


def make(players: int = 3, rules=None, **options):
    return gamenight.make("yaniv", players=players, rules=rules, **options)


def deal(game, hands, pile=None, stock=None, dealer=0, scores=None, out=None, seed=1):
    """A new match whose first hand is set up by ``deal=``: ``hands`` one card text per seat ("As 2h Jk"), None
    for a hand the seed deals; ``stock`` the top of the stock, top first ("7h Qs")."""
    setup = {"dealer": dealer, "hands": [cards(h) if h is not None else None for h in hands]}
    if pile is not None:
        setup["pile"] = pile
    if stock is not None:
        setup["stock"] = cards(stock)
    if scores is not None:
        setup["scores"] = list(scores)
    if out is not None:
        setup["out"] = list(out)
    state = game.new(seed=seed, deal=setup)
    check_invariants(state)
    return state


def padded(game, hands) -> list:
    """Each hand text filled up to hand_size with jokers (worth 0, so the hand keeps its value)."""
    size = game.rules.hand_size
    out = []
    for h in hands:
        if h is None:
            out.append(None)
            continue
        have = cards(h)
        assert len(have) <= size, f"{h!r} is more than {size} cards"
        out.append(" ".join(have + ["Jk"] * (size - len(have))))
    jokers = sum(cards(h).count("Jk") for h in out if h)
    assert jokers <= 2 * game.packs, f"padding the hands needs {jokers} jokers; the packs have {2 * game.packs}"
    return out


def call(game, hands, caller=0, scores=None, out=None, pile=None, seed=1):
    """The state right after seat ``caller`` (the dealer, who plays first) calls Yaniv holding ``hands[caller]``;
    hands shorter than hand_size are filled with jokers."""
    state = deal(game, padded(game, hands), pile=pile, dealer=caller, scores=scores, out=out, seed=seed)
    assert state.current_player == caller
    state.apply("yaniv")
    check_invariants(state)
    return state


def hand(state, seat: int) -> list[str]:
    return state.view(seat)["hand"]


def public(state) -> dict:
    """What everyone sees (the spectators' view)."""
    return state.view(None)


def last_round(state) -> dict:
    return public(state)["last_round"]


def round_points(state) -> dict[int, int]:
    """Seat -> the points the last round gave it (seats that played it only)."""
    return {int(p): v for p, v in last_round(state)["points"].items()}


def play_singles(state, turns: int) -> None:
    """``turns`` turns of: lay the first single card legal, draw from the stock."""
    for _ in range(turns):
        state.apply(next(a for a in state.legal_actions() if a.kind == SINGLE))
        state.apply("draw")


def check_invariants(state, heavy: bool = False) -> None:
    """What must hold in every reachable Yaniv state, seen from outside (every seat's view, the spectators')."""
    game = state.game
    rules = game.rules
    n = game.num_players
    seen = public(state)
    own = [state.view(p) for p in range(n)]
    held = Counter(parse_card(c) for v in own for c in v["hand"])
    laid = Counter(parse_card(c) for g in seen["discard_pile"] for c in g)
    deck = Counter(game.deck())
    assert not (held + laid - deck), "a card shows more often than the deck holds it"
    assert sum(held.values()) + sum(laid.values()) + seen["stock_size"] == sum(deck.values()), "cards not conserved"
    for p, v in enumerate(own):
        assert len(v["hand"]) == seen["hand_sizes"][p] <= rules.hand_size
        assert not (Counter(seen["known"][p]) - Counter(v["hand"])), f"seat {p}'s known cards are not all in hand"
        if not seen["active"][p]:
            assert v["hand"] == [] and seen["known"][p] == []
        assert {k: x for k, x in v.items() if k not in _OWN} == {k: x for k, x in seen.items() if k not in _OWN}
    assert sum(seen["active"]) >= 1
    if state.is_over:
        assert state.current_player is None and state.legal_actions() == []
        assert state.winners, "a finished match has winners"
        returns = state.returns()
        assert abs(sum(returns) - 1.0) < 1e-9
        assert all(r > 0 for p, r in enumerate(returns) if p in state.winners)
    else:
        seat = state.current_player
        assert seat is not None and seen["active"][seat]
        actions = state.legal_actions()
        assert actions, "no legal action for the player to move"
        ids = [a.id for a in actions]
        assert ids == sorted(set(ids)), "legal actions not sorted by id or not unique"
        assert seen["stock_size"] or seen["phase"] == "turn" or "draw" not in texts(actions)
    if rules.single_round:
        assert state.is_over or all(t == 0 for t in state.scores)
    else:
        assert all(t >= 0 for t in state.scores)
    if heavy:
        text = state.to_json()
        assert game.state_from_json(text).to_json() == text
        assert state.clone().to_json() == text
        for s in [None, *range(n)]:
            json.dumps(state.view(s))


# the fields of a view that are the seat's own (the rest is the same for every seat)
_OWN = {"seat", "hand", "hand_value", "drawn", "can_call", "hand_value_after"}
