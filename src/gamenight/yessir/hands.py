"""YESSIR! hand ranking (docs/games/yessir.md, rules J10-J12): a pure function of five dice, and lookup tables
built from it.

A hand is the 2 personal dice plus the 3 shared dice. :func:`hand_key` gives an integer that orders
hands exactly as the rules do (bigger is stronger; equal keys mean nobody wins between them):

* the category (J11), in the game's own order: five of a kind > large straight 2-6 > small straight
  1-5 > full house > four of a kind > three of a kind > two pair > one pair > high dice;
* then the "total of pips" (J12-1): with ``tiebreak_sum="combo"`` the dice forming the combination
  (all five for five of a kind, straights, full house and high dice; four for four of a kind; three for
  three of a kind; four for two pair; two for one pair), with ``"all"`` the sum of all five dice;
* then the kickers (J12-2), the dice outside the combination, compared from the highest down.

Keys are ``strength << 14 | total << 9 | kickers`` where strength is 8 (five of a kind) .. 0 (high
dice), total <= 30 fits 5 bits and up to three kickers take 3 bits each, highest first.

The tables index an ordered roll of five dice ``(d0, .., d4)`` (faces 1..6) as the base-6 number
``sum((d_i - 1) * 6 ** (4 - i))``; :func:`roll_index` computes it.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement, product
from typing import NamedTuple

from ..core.text import N_, Text

FIVE_OF_A_KIND, LARGE_STRAIGHT, SMALL_STRAIGHT, FULL_HOUSE, FOUR_OF_A_KIND, THREE_OF_A_KIND, TWO_PAIR, \
    ONE_PAIR, HIGH_DICE = range(1, 10)
# J11 numbers, strongest first; index 0 is unused so CATEGORY_NAMES[number] reads naturally.
CATEGORY_NAMES = ("", N_("five of a kind"), N_("large straight"), N_("small straight"), N_("full house"),
                  N_("four of a kind"), N_("three of a kind"), N_("two pair"), N_("one pair"), N_("high dice"))
TIEBREAK_MODES = ("combo", "all")
STRENGTH_SHIFT = 14
TOTAL_SHIFT = 9


def category(dice: Sequence[int]) -> int:
    """The J11 category number (1 = five of a kind .. 9 = high dice) of five dice."""
    counts = sorted(((dice.count(v), v) for v in set(dice)), reverse=True)
    shape = tuple(c for c, _ in counts)
    if shape == (5,):
        return FIVE_OF_A_KIND
    if shape == (4, 1):
        return FOUR_OF_A_KIND
    if shape == (3, 2):
        return FULL_HOUSE
    if shape == (3, 1, 1):
        return THREE_OF_A_KIND
    if shape == (2, 2, 1):
        return TWO_PAIR
    if shape == (2, 1, 1, 1):
        return ONE_PAIR
    faces = set(dice)
    if faces == {2, 3, 4, 5, 6}:
        return LARGE_STRAIGHT
    if faces == {1, 2, 3, 4, 5}:
        return SMALL_STRAIGHT
    return HIGH_DICE


def split_hand(dice: Sequence[int]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """``(category, combination dice, kickers)``; both dice tuples sorted from the highest down."""
    dice = tuple(dice)
    if len(dice) != 5 or any(not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6 for d in dice):
        raise ValueError(f"a hand is five dice showing 1..6, not {dice!r}")
    cat = category(dice)
    ordered = tuple(sorted(dice, reverse=True))
    if cat in (FIVE_OF_A_KIND, LARGE_STRAIGHT, SMALL_STRAIGHT, FULL_HOUSE, HIGH_DICE):
        return cat, ordered, ()
    counts = {v: dice.count(v) for v in set(dice)}
    if cat == TWO_PAIR:
        in_combo = {v for v, c in counts.items() if c == 2}
    else:  # four, three of a kind, one pair: the one face that repeats
        in_combo = {max(counts, key=lambda v: counts[v])}
    combo = tuple(d for d in ordered if d in in_combo)
    kickers = tuple(d for d in ordered if d not in in_combo)
    return cat, combo, kickers


def hand_key(dice: Sequence[int], tiebreak_sum: str = "combo") -> int:
    """The strength of five dice as an int: a bigger key wins, equal keys tie (J11, J12)."""
    if tiebreak_sum not in TIEBREAK_MODES:
        raise ValueError(f"tiebreak_sum must be one of {', '.join(TIEBREAK_MODES)}, not {tiebreak_sum!r}")
    cat, combo, kickers = split_hand(dice)
    total = sum(combo) if tiebreak_sum == "combo" else sum(combo) + sum(kickers)
    packed = 0
    for i, k in enumerate(kickers):
        packed |= k << (3 * (2 - i))
    return (9 - cat) << STRENGTH_SHIFT | total << TOTAL_SHIFT | packed


def compare_hands(a: Sequence[int], b: Sequence[int], tiebreak_sum: str = "combo") -> int:
    """1 if hand ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 if neither (J12-3)."""
    ka, kb = hand_key(a, tiebreak_sum), hand_key(b, tiebreak_sum)
    return (ka > kb) - (ka < kb)


def key_category(key: int) -> int:
    """The J11 category number of a key."""
    return 9 - (key >> STRENGTH_SHIFT)


def roll_index(dice: Sequence[int]) -> int:
    """The table index of an ordered roll of five dice."""
    d0, d1, d2, d3, d4 = dice
    return ((((d0 - 1) * 6 + d1 - 1) * 6 + d2 - 1) * 6 + d3 - 1) * 6 + d4 - 1


def _build_table(mode: str) -> tuple[int, ...]:
    # The key depends only on the multiset of faces: rank the 252 multisets, then spread to 7,776 rolls.
    by_multiset: dict[tuple[int, ...], int] = {m: hand_key(m, mode)
                                               for m in combinations_with_replacement(range(1, 7), 5)}
    return tuple(by_multiset[tuple(sorted(roll))] for roll in product(range(1, 7), repeat=5))


KEY_TABLES: dict[str, tuple[int, ...]] = {mode: _build_table(mode) for mode in TIEBREAK_MODES}


def rank_roll(dice: Sequence[int], tiebreak_sum: str = "combo") -> int:
    """Same as :func:`hand_key`, by table lookup (the fast path)."""
    return KEY_TABLES[tiebreak_sum][roll_index(dice)]


def describe(dice: Sequence[int], tiebreak_sum: str = "combo") -> str:
    """A short human description, e.g. ``"one pair of 5s (total 10, kickers 6-4-1)"``."""
    return str(describe_text(dice, tiebreak_sum))


def describe_text(dice: Sequence[int], tiebreak_sum: str = "combo") -> Text:
    """:func:`describe` as a :class:`~gamenight.core.text.Text`, for a reader of any language."""
    cat, combo, kickers = split_hand(dice)
    total = sum(combo) + (sum(kickers) if tiebreak_sum == "all" else 0)
    name = category_text(cat, combo)
    if kickers:
        return Text("{hand} (total {total}, kickers {kickers})", hand=name, total=total,
                    kickers="-".join(map(str, kickers)))
    return Text("{hand} (total {total})", hand=name, total=total)


_OF_A_FACE = {FOUR_OF_A_KIND: N_("four of a kind of {face}s"), THREE_OF_A_KIND: N_("three of a kind of {face}s"),
              ONE_PAIR: N_("one pair of {face}s")}


def category_text(cat: int, combo: Sequence[int]) -> Text:
    """A category in words, with the faces that make it (``combo``, highest first)."""
    if cat in (FOUR_OF_A_KIND, THREE_OF_A_KIND, ONE_PAIR):
        return Text(_OF_A_FACE[cat], face=combo[0])
    if cat == TWO_PAIR:
        return Text("two pair {high}s and {low}s", high=combo[0], low=combo[-1])
    if cat == FULL_HOUSE:
        three = max(set(combo), key=lambda v: combo.count(v))
        pair = min(set(combo), key=lambda v: combo.count(v))
        return Text("full house {three}s over {pair}s", three=three, pair=pair)
    return Text(CATEGORY_NAMES[cat])


class HandFacts(NamedTuple):
    """What the players are told about one hand: its five dice, the dice of its combination, its category's
    words and :func:`describe`'s description, in English and as a Text for any reader (the views give these; the
    pages and the terminal only draw them)."""

    best_five: tuple[int, ...]    # the five dice, highest first
    combination: tuple[int, ...]  # the dice that make the category (all five for a straight, say), highest first
    category: str                 # "one pair"
    description: str              # "one pair of 5s (total 10, kickers 6-4-1)"
    says: Text                    # the description as a Text: describe_text()


_FACTS: dict[tuple[str, tuple[int, ...]], HandFacts] = {}


def hand_facts(dice: Sequence[int], tiebreak_sum: str = "combo") -> HandFacts:
    """The :class:`HandFacts` of five dice, remembered: 252 hands x 2 tie-break modes at most, and views and
    the reveal ask for them on the hot path."""
    key = (tiebreak_sum, tuple(sorted(dice, reverse=True)))
    found = _FACTS.get(key)
    if found is None:
        cat, combo, _ = split_hand(key[1])
        says = describe_text(key[1], tiebreak_sum)
        found = _FACTS[key] = HandFacts(key[1], combo, CATEGORY_NAMES[cat], str(says), says)
    return found


_FACTS_BY_ROLL: dict[str, list[HandFacts | None]] = {mode: [None] * 7776 for mode in TIEBREAK_MODES}


def roll_facts(index: int, tiebreak_sum: str = "combo") -> HandFacts:
    """:func:`hand_facts` of the ordered roll with this :func:`roll_index` (the three shared dice, then a seat's
    two): the views' and the reveal's hot path, so kept by index."""
    table = _FACTS_BY_ROLL[tiebreak_sum]
    found = table[index]
    if found is None:
        found = table[index] = hand_facts([index // 6 ** k % 6 + 1 for k in range(4, -1, -1)], tiebreak_sum)
    return found
