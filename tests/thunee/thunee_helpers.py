"""Helpers for the Thunee tests: hands set up with ``game.new(deal=...)``, played through public actions, read
through views."""
from __future__ import annotations

import pytest

from gamenight.thunee.actions import parse_thunee_card
from gamenight.thunee.state import ThuneeGame, ThuneeState


def cards(text: str) -> list[int]:
    return [parse_thunee_card(t) for t in text.split()]


def rigged(first: list[str], second: list[str] | None = None, rest: list[str] | None = None, dealer: int = 0,
           players: int | None = None, seed: int = 0, **rules) -> ThuneeState:
    """A match whose first hand deals ``first[s]`` to seat s, then ``second[s]`` in the second deal (in deal order)
    and, 2 players, ``rest[s]`` in the second half, seat ``dealer`` dealing. Cards not named are dealt by the seed."""
    n = players or len(first)
    game = ThuneeGame(players=n, **rules)
    hands = []
    for s in range(n):
        hand = first[s].split()
        if second:
            hand += second[s].split()
            if rest:
                hand += rest[s].split()
        hands.append(hand)
    return game.new(seed=seed, deal={"dealer": dealer, "hands": hands})


def play(state: ThuneeState, *texts: str) -> ThuneeState:
    """Play each action; a text of several cards and passes (``"Jh 9d 9s Qh"``, a whole trick; ``"pass pass"``)
    plays them in turn."""
    for text in texts:
        words = text.split()
        if len(words) > 1 and all(len(w) == 2 or w == "pass" for w in words):
            for w in words:
                state.apply(w)
        else:
            state.apply(text)
    return state


def legal(state: ThuneeState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def seen(state: ThuneeState, seat: int | None = None) -> dict:
    """``seat``'s view (None: a spectator's)."""
    return dict(state.view(seat))


# ---- the last trick of a 4-player hand -------------------------------------------------------------------
# Dealer 0, default trumper 1 (he lays Qh: hearts are trump), seat 2 leads trick 1 and holds every other heart.
LAST_DEAL = ["Qs 9s As Ts Kd Qd", "Qh 9c Ac Tc Kc Qc", "Jh 9h Ah Th Kh Ks", "Js 9d Ad Td Jc Jd"]
TO_PLAY = ("pass",) * 6 + ("trump Qh",) + ("pass",) * 4   # weak-hand window, calling, trump, Thunee window


def last_deal(**rules) -> ThuneeState:
    return rigged([" ".join(h.split()[:4]) for h in LAST_DEAL], [" ".join(h.split()[4:]) for h in LAST_DEAL], **rules)


def last_trick_all_won(jodi: str = "pass", seat3_keeps: str = "Js", seat0_keeps: str = "Qs", **rules) -> ThuneeState:
    """Team {0, 2} wins tricks 1-5 and seat 2 leads the last trick, holding Ks. ``jodi``: seat 0's move after trick 1
    (``"jodi KQd"`` declares Jodi); seat 3 keeps Js (it beats Ks) or Jd, seat 0 keeps Qs or As (it beats Ks),
    seat 1 keeps Qc."""
    s0_trick_2 = "As" if seat0_keeps == "Qs" else "Qs"
    s3_trick_5 = "Jd" if seat3_keeps == "Js" else "Js"
    return play(last_deal(**rules), *TO_PLAY, "Jh 9d 9s Qh", "pass", jodi, f"9h Ad {s0_trick_2} 9c", "Ah Td Ts Ac",
                "pass pass", "Th Jc Kd Tc", f"Kh {s3_trick_5} Qd Kc")


def last_trick_one_lost(jodi: str = "pass", **rules) -> ThuneeState:
    """Team {1, 3} wins trick 2 (seat 3's Js over Ks), team {0, 2} the others; seat 2 leads the last trick with
    Kh (a trump), seat 3 holds Jc, seat 0 Qd, seat 1 Qc."""
    return play(last_deal(**rules), *TO_PLAY, "Jh Td 9s Qh", "pass", jodi, "Ks Js Qs 9c", "9d Kd Ac 9h", "pass",
                "pass", "Ah Ad As Tc", "Th Jd Ts Kc")


@pytest.fixture
def game4():
    return ThuneeGame(players=4)
