"""Who wins a trick (T21; T32 in Trip's first three tricks; B4 under Royals), for the engine, its views and bots.

A strength table maps a rank index (``card % 6``, in the order J 9 A 10 K Q) to a strength: lower is stronger.
"""
from __future__ import annotations

from collections.abc import Sequence

from .phases import ROYALS_CALLS, Special

NORMAL_STRENGTH = (0, 1, 2, 3, 4, 5)      # T2: J 9 A 10 K Q
ROYALS_STRENGTH = (5, 4, 3, 2, 1, 0)      # B4: Q K 10 A 9 J
TRIP_STRENGTH = (1, 0, 0, 0, 2, 3)        # T32: {9 A 10} > J > K > Q; equal cards: the earliest wins
TRIP_RANKED_TRICKS = 3                    # T32: the Trip order holds in tricks 1-3
_TRIP = Special.TRIP                      # a module-level alias: an enum member's lookup is slow


def strength_for(special: int, tricks_done: int) -> tuple[int, ...]:
    """The strength table of the trick being played, ``tricks_done`` tricks into the hand."""
    if special in ROYALS_CALLS:
        return ROYALS_STRENGTH
    if special == _TRIP and tricks_done < TRIP_RANKED_TRICKS:
        return TRIP_STRENGTH
    return NORMAL_STRENGTH


def trick_winner(trick: Sequence[tuple[int, int]], trump: int, strength: tuple[int, ...]) -> tuple[int, int]:
    """The ``(seat, card)`` winning ``trick`` (``(seat, card)`` pairs in the order played, at least one) so far:
    the strongest trump, else the strongest card of the suit led; of equal cards the earliest."""
    best_seat, best = trick[0]
    best_suit = best // 6
    best_strength = strength[best % 6]
    for seat, c in trick[1:]:
        suit = c // 6
        if suit == best_suit:
            if strength[c % 6] < best_strength:
                best_seat, best, best_strength = seat, c, strength[c % 6]
        elif suit == trump:
            best_seat, best, best_suit, best_strength = seat, c, suit, strength[c % 6]
    return best_seat, best
