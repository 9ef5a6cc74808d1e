"""Sets of small ints (cards) as int bitmasks, for games whose hands are masks."""
from __future__ import annotations

from collections.abc import Iterable


def cards_of(mask: int) -> list[int]:
    """The members of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
