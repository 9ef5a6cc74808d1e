"""Helpers for the Thunee tests: rigged deals so worked examples can be played action by action."""
from __future__ import annotations

import pytest

from gamenight.core.bits import mask_of
from gamenight.thunee.actions import parse_thunee_card
from gamenight.thunee.state import ThuneeGame, ThuneeState


def cards(text: str) -> list[int]:
    return [parse_thunee_card(t) for t in text.split()]


def rigged(first: list[str], second: list[str] | None = None, rest: list[str] | None = None, dealer: int = 0,
           players: int | None = None, **rules) -> ThuneeState:
    """A fresh hand with seat ``dealer`` dealing: ``first[s]`` is seat s's first cards, ``second[s]`` the cards the
    second deal gives it (in deal order), ``rest[s]`` (2 players) its second-half cards. Unnamed cards go to
    whoever is short, in a fixed order."""
    n = players or len(first)
    game = ThuneeGame(players=n, **rules)
    s = game.new(seed=0)
    s.dealer = dealer
    s.hand_no = 0
    s._start_hand()
    firsts = [cards(h) for h in first]
    seconds = [cards(h) for h in second] if second else [[] for _ in range(n)]
    rests = [cards(h) for h in rest] if rest else [[] for _ in range(n)]
    used = {c for group in (firsts, seconds, rests) for h in group for c in h}
    spare = [c for c in range(24) if c not in used]
    per_second = game.second_cards
    for h in seconds:
        while len(h) < per_second:
            h.append(spare.pop(0))
    if n == 2:
        for h in rests:
            while len(h) < 6:
                h.append(spare.pop(0))
    order = [(dealer + i) % n for i in range(1, n + 1)]
    pops = [seconds[p][r] for r in range(per_second) for p in order]
    if n == 2:
        pops += [rests[p][r] for r in range(6) for p in order]
    s.stock = spare + list(reversed(pops))
    assert len(s.stock) == 24 - sum(len(h) for h in firsts)
    s.hands = [mask_of(h) for h in firsts]
    s.dealt = list(s.hands)
    s.last_dealt = [h[-1] if h else -1 for h in firsts]
    s._legal = None
    s._open_weak()
    return s


def play(state: ThuneeState, *texts: str) -> ThuneeState:
    for t in texts:
        state.apply(t)
    return state


def legal(state: ThuneeState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


@pytest.fixture
def game4():
    return ThuneeGame(players=4)
