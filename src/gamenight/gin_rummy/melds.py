"""Gin Rummy melds and the exact deadwood solver (docs/games/gin_rummy.md, G2-G4, G8-G9).

A hand is a 52-bit mask: bit ``k`` is the card of kind ``k`` (``suit * 13 + rank``, core/cards.py), so
one suit is 13 consecutive bits and a run is a block of consecutive bits inside a suit.

The solver branches on the lowest card left: it is either deadwood or the lowest card of one of the
melds still contained in the hand (a run starting at it, or a set whose other cards have higher
suits). Every arrangement is reached exactly once, results are memoised by mask, and cards that
belong to no meld at all (found with a few shifts, :func:`meldable`) are counted as deadwood
before the search starts, which leaves a handful of cards to search in a typical hand.

:func:`deadwood`, which the engine and the observations ask at almost every move, needs no search for most hands:
runs stay in a suit, so a hand without sets is four suits arranged on their own (a table gives each 13-bit suit
pattern's least run deadwood), and a hand with one rank held in three or four suits adds that rank's choice of set.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from ..core.bits import cards_of
from ..core.bits import mask_of as mask_of  # the hands' masks: used with the solver (bots, tests)
from ..core.cards import card_str

VALUES = tuple(min(k % 13 + 1, 10) for k in range(52))  # G2
MAX_VALUE = max(VALUES)   # a card's value is at most 10
BIT = tuple(1 << k for k in range(52))
FULL = (1 << 52) - 1
_SUIT = 0x1FFF
_INF = 1 << 20
# bits whose rank is below the king: a neighbour one bit up is in the same suit
_HAS_NEXT = sum(1 << (s * 13 + r) for s in range(4) for r in range(12))

# ---- the meld table --------------------------------------------------------------------------------
# Sets by rank (the four 3-card sets, then the 4-card set), then runs by suit, lowest card, length.
MELD_MASKS: list[int] = []
MELD_CARDS: list[tuple[int, ...]] = []
MELD_IS_RUN: list[bool] = []
for _rank in range(13):
    _four = tuple(s * 13 + _rank for s in range(4))
    for _missing in range(3, -1, -1):
        MELD_CARDS.append(tuple(c for i, c in enumerate(_four) if i != _missing))
        MELD_IS_RUN.append(False)
    MELD_CARDS.append(_four)
    MELD_IS_RUN.append(False)
for _suit in range(4):
    for _lo in range(11):
        for _length in range(3, 14 - _lo):
            MELD_CARDS.append(tuple(_suit * 13 + _lo + i for i in range(_length)))
            MELD_IS_RUN.append(True)
for _cards in MELD_CARDS:
    MELD_MASKS.append(sum(1 << c for c in _cards))
MELD_INDEX = {m: i for i, m in enumerate(MELD_MASKS)}
NUM_MELDS = len(MELD_MASKS)  # 65 sets + 264 runs = 329

RUNS_FROM = tuple(tuple(sorted((m for m, run in zip(MELD_MASKS, MELD_IS_RUN) if run and (m & -m) == 1 << c),
                               key=int.bit_count)) for c in range(52))
SETS_FROM = tuple(tuple(m for m, run in zip(MELD_MASKS, MELD_IS_RUN) if not run and (m & -m) == 1 << c)
                  for c in range(52))
# same-suit neighbours of each card (no wrap: G3)
NEIGHBOURS = tuple((BIT[c - 1] if c % 13 else 0) | (BIT[c + 1] if c % 13 < 12 else 0) for c in range(52))
# each rank's four cards
RANKS = tuple(sum(BIT[s * 13 + r] for s in range(4)) for r in range(13))

# value sum, highest value and card list of every 13-bit suit pattern
_sums = [0] * 8192
for _p in range(1, 8192):
    _sums[_p] = _sums[_p & (_p - 1)] + min((_p & -_p).bit_length(), 10)
_SUIT_SUM = tuple(_sums)
_SUIT_MAX = tuple(min(_p.bit_length(), 10) for _p in range(8192))


def value_of(mask: int) -> int:
    """Total card value of ``mask`` (G2)."""
    s = _SUIT_SUM
    return s[mask & _SUIT] + s[(mask >> 13) & _SUIT] + s[(mask >> 26) & _SUIT] + s[mask >> 39]


def max_value(mask: int) -> int:
    m = _SUIT_MAX
    return max(m[mask & _SUIT], m[(mask >> 13) & _SUIT], m[(mask >> 26) & _SUIT], m[mask >> 39])


def meldable(mask: int) -> int:
    """The cards of ``mask`` that belong to at least one meld inside ``mask``."""
    pairs = mask & (mask >> 1) & _HAS_NEXT
    starts = pairs & (pairs >> 1)
    runs = starts | (starts << 1) | (starts << 2)
    x0, x1, x2, x3 = mask & _SUIT, (mask >> 13) & _SUIT, (mask >> 26) & _SUIT, mask >> 39
    three = (x0 & x1 & (x2 | x3)) | ((x0 | x1) & x2 & x3)  # ranks held in at least 3 suits
    sets = three | (three << 13) | (three << 26) | (three << 39)
    return (runs | sets) & mask


def melds_in(mask: int) -> list[int]:
    """Indices (into the meld table) of every meld contained in ``mask``, ascending."""
    found = []
    rest = meldable(mask)
    index = MELD_INDEX
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        rest ^= low
        for m in RUNS_FROM[c]:
            if m & mask != m:
                break
            found.append(index[m])
        for m in SETS_FROM[c]:
            if m & mask == m:
                found.append(index[m])
    found.sort()
    return found


# ---- minimum deadwood ----------------------------------------------------------------------------
_DW: dict[int, int] = {}
_DROP: dict[int, int] = {}
_CACHE_LIMIT = 300_000


def _dw(mask: int) -> int:
    r = _DW.get(mask)
    if r is None:
        if not mask:
            return 0
        low = mask & -mask
        c = low.bit_length() - 1
        r = VALUES[c] + _dw(mask ^ low)
        for m in RUNS_FROM[c]:
            if m & mask != m:
                break
            v = _dw(mask ^ m)
            if v < r:
                r = v
        for m in SETS_FROM[c]:
            if m & mask == m:
                v = _dw(mask ^ m)
                if v < r:
                    r = v
        _DW[mask] = r
    return r


def _drop(mask: int) -> int:
    """Minimum deadwood of ``mask`` with exactly one card removed for free."""
    r = _DROP.get(mask)
    if r is None:
        if not mask:
            return _INF
        low = mask & -mask
        c = low.bit_length() - 1
        rest = mask ^ low
        r = _dw(rest)
        v = VALUES[c] + _drop(rest)
        if v < r:
            r = v
        for m in RUNS_FROM[c]:
            if m & mask != m:
                break
            v = _drop(mask ^ m)
            if v < r:
                r = v
        for m in SETS_FROM[c]:
            if m & mask == m:
                v = _drop(mask ^ m)
                if v < r:
                    r = v
        _DROP[mask] = r
    return r


def _trim() -> None:
    if len(_DW) > _CACHE_LIMIT:
        _DW.clear()
    if len(_DROP) > _CACHE_LIMIT:
        _DROP.clear()


def deadwood(mask: int) -> int:
    """Minimum deadwood of the hand ``mask`` over all meld arrangements (G4). Without sets every suit is arranged on
    its own (runs stay in a suit), so the least deadwood is the sum of the suits' least run deadwood, from a table;
    a hand with one rank held in three or four suits adds that rank's choice of set
    (:func:`_deadwood_with_one_set_rank`); a hand with more such ranks asks the memoised search."""
    x0, x1, x2, x3 = mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39
    three = x0 & x1 & (x2 | x3) | (x0 | x1) & x2 & x3   # ranks held in at least 3 suits
    if not three:
        runs = _SUIT_RUN_DEADWOOD
        return runs[x0] + runs[x1] + runs[x2] + runs[x3]
    if three & (three - 1):
        return _searched_deadwood(mask)
    return _deadwood_with_one_set_rank((x0, x1, x2, x3), three)


def _deadwood_with_one_set_rank(suits: tuple[int, ...], rank: int) -> int:
    """The least deadwood of the hand whose suits' 13-bit patterns are ``suits``, with one rank (``rank``: its bit)
    held in three or four suits: that rank's cards make no set, or a set of three or four of them, and each suit's
    other cards are arranged in runs. A suit's gain from giving its card of the rank to the set is its run deadwood
    with the card less its run deadwood without it (negative where the card is in a run); the set takes the three
    cards, or of four the best three or all four."""
    runs = _SUIT_RUN_DEADWOOD
    total = 0   # with no set
    gains = []
    for x in suits:
        d = runs[x]
        total += d
        if x & rank:
            gains.append(d - runs[x ^ rank])
    gain = sum(gains)
    if len(gains) == 4 and min(gains) < 0:
        gain -= min(gains)
    return total - gain if gain > 0 else total


def _searched_deadwood(mask: int) -> int:
    """:func:`deadwood` by the memoised search (the cards in no meld counted as deadwood first)."""
    u = meldable(mask)
    if len(_DW) > _CACHE_LIMIT:
        _trim()
    if u == mask:
        return _dw(mask)
    if not u:
        return value_of(mask)
    return value_of(mask ^ u) + _dw(u)


def _suit_run_deadwood() -> tuple[int, ...]:
    """The least deadwood of each 13-bit suit pattern, runs only: its lowest card is deadwood or the lowest card
    of one of the runs the pattern holds (the suit-0 runs of ``RUNS_FROM``, shortest first)."""
    table = [0] * (_SUIT + 1)
    for pattern in range(1, _SUIT + 1):
        low = pattern & -pattern
        c = low.bit_length() - 1
        best = VALUES[c] + table[pattern ^ low]
        for m in RUNS_FROM[c]:
            if m & pattern != m:
                break
            best = min(best, table[pattern ^ m])
        table[pattern] = best
    return tuple(table)


_SUIT_RUN_DEADWOOD = _suit_run_deadwood()


def deadwood_after_discard(mask: int) -> int:
    """Minimum deadwood left after discarding the best card of ``mask`` (G8's knock test for 11 cards)."""
    u = meldable(mask)
    dead = mask ^ u
    if not u:
        return value_of(dead) - max_value(dead)
    if len(_DW) > _CACHE_LIMIT or len(_DROP) > _CACHE_LIMIT:
        _trim()
    base = value_of(dead)
    best = base + _drop(u)
    if dead:
        v = base - max_value(dead) + _dw(u)
        if v < best:
            best = v
    return best


# ---- arrangements -------------------------------------------------------------------------------------
def best_arrangements(mask: int, limit: int = 64) -> list[tuple[int, ...]]:
    """Every minimum-deadwood arrangement of ``mask`` (at most ``limit``): tuples of meld masks.

    The deadwood cards of an arrangement are ``mask`` minus its melds."""
    out: list[tuple[int, ...]] = []
    if len(_DW) > _CACHE_LIMIT:
        _trim()
    usable = meldable(mask)  # the other cards are deadwood in every arrangement
    dw = _dw
    target = dw(usable)

    def walk(rest: int, chosen: tuple[int, ...], spent: int) -> None:
        if len(out) >= limit:
            return
        if not rest:
            out.append(chosen)
            return
        low = rest & -rest
        c = low.bit_length() - 1
        if spent + VALUES[c] + dw(rest ^ low) == target:  # c as deadwood
            walk(rest ^ low, chosen, spent + VALUES[c])
        for m in RUNS_FROM[c]:
            if m & rest != m:
                break
            if spent + dw(rest ^ m) == target:
                walk(rest ^ m, chosen + (m,), spent)
        for m in SETS_FROM[c]:
            if m & rest == m and spent + dw(rest ^ m) == target:
                walk(rest ^ m, chosen + (m,), spent)

    walk(usable, (), 0)
    return out


_BEST: dict[int, tuple[int, ...]] = {}


def best_arrangement(mask: int) -> tuple[int, ...]:
    """One minimum-deadwood arrangement, memoised: the first of :func:`best_arrangements` (its melds in the order
    of their lowest cards)."""
    found = _BEST.get(mask)
    if found is None:
        if len(_BEST) > _CACHE_LIMIT:
            _BEST.clear()
        if len(_DW) > _CACHE_LIMIT:
            _trim()
        found = _BEST[mask] = _first_best(meldable(mask))
    return found


def _first_best(rest: int) -> tuple[int, ...]:
    """The first arrangement ``best_arrangements`` finds, without its search: the solver's values are exact, so
    at each lowest card the first choice (deadwood, then its runs, then its sets) that keeps the minimum always
    completes, and the search would never leave it."""
    dw = _dw
    left = dw(rest)  # the least deadwood of the cards still to place
    chosen: list[int] = []
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        if VALUES[c] + dw(rest ^ low) == left:  # c as deadwood
            left -= VALUES[c]
            rest ^= low
            continue
        m = _meld_keeping(c, rest, left)
        chosen.append(m)
        rest ^= m
    return tuple(chosen)


def _meld_keeping(c: int, rest: int, left: int) -> int:
    """The first meld of ``rest`` whose lowest card is ``c`` (runs, then sets) that keeps its least deadwood."""
    dw = _dw
    for m in RUNS_FROM[c]:
        if m & rest != m:
            break
        if dw(rest ^ m) == left:
            return m
    for m in SETS_FROM[c]:
        if m & rest == m and dw(rest ^ m) == left:
            return m
    raise AssertionError("the solver's least deadwood is always reachable")


def arrangements(mask: int, max_deadwood: int, limit: int = 10_000) -> list[tuple[int, ...]]:
    """Every arrangement of ``mask`` whose deadwood is at most ``max_deadwood`` (a knocker's choices, G8).

    An arrangement here is a set of disjoint melds; cards outside them are deadwood."""
    out: list[tuple[int, ...]] = []

    def walk(rest: int, chosen: tuple[int, ...], spent: int) -> None:
        if len(out) >= limit:
            return
        if not rest:
            out.append(chosen)
            return
        low = rest & -rest
        c = low.bit_length() - 1
        if spent + VALUES[c] + deadwood(rest ^ low) <= max_deadwood:
            walk(rest ^ low, chosen, spent + VALUES[c])
        for m in RUNS_FROM[c]:
            if m & rest != m:
                break
            if spent + deadwood(rest ^ m) <= max_deadwood:
                walk(rest ^ m, chosen + (m,), spent)
        for m in SETS_FROM[c]:
            if m & rest == m and spent + deadwood(rest ^ m) <= max_deadwood:
                walk(rest ^ m, chosen + (m,), spent)

    walk(mask, (), 0)
    return out


# ---- layoffs (G9) -------------------------------------------------------------------------------------
SET_TARGET, RUN_TARGET = 0, 1


def layoff_targets(knocker_melds: Iterable[int]) -> tuple[int, int]:
    """``(set_slots, run_cards)`` for the knocker's melds: the cards that would complete a 3-card set,
    and every card of the knocker's runs (a card next to one extends it)."""
    slots = runs = 0
    for m in knocker_melds:
        c = (m & -m).bit_length() - 1
        if m & (m >> 1):  # two adjacent bits: a run
            runs |= m
        elif m.bit_count() == 3:
            rank = c % 13
            slots |= (BIT[rank] | BIT[rank + 13] | BIT[rank + 26] | BIT[rank + 39]) ^ m
    return slots, runs


def extended_melds(knocker_melds: Iterable[int], layoffs: Iterable[tuple[int, int]]) -> list[int]:
    """The knocker's melds as they stand after ``layoffs`` (``(card, SET_TARGET or RUN_TARGET)`` in the order
    played): each card joins the set of its rank, or the run it extends."""
    melds = list(knocker_melds)
    for c, target in layoffs:
        for i, m in enumerate(melds):
            is_run = bool(m & (m >> 1))
            if target == RUN_TARGET and is_run and NEIGHBOURS[c] & m:
                melds[i] = m | BIT[c]
                break
            if target == SET_TARGET and not is_run and ((m & -m).bit_length() - 1) % 13 == c % 13:
                melds[i] = m | BIT[c]
                break
    return melds


def best_layoff(hand: int, knocker_melds: Iterable[int]) -> tuple[int, list[tuple[int, int]], tuple[int, ...]]:
    """The defender's best play against ``knocker_melds`` (meld masks, extended by any earlier layoffs
    being already part of them): ``(deadwood, layoffs, melds)``.

    ``layoffs`` is a playable order of ``(card, SET_TARGET or RUN_TARGET)``; ``melds`` is a best
    arrangement of the cards left. Exact: every union of set completions and run-end chains is tried.
    """
    knocker_melds = list(knocker_melds)
    slots, _ = layoff_targets(knocker_melds)
    chains = _run_chains(hand, knocker_melds)
    options = [_prefixes(chain) for chain in chains]  # each: the cumulative masks one choice may add
    options += [[0, BIT[c]] for c in cards_of(hand & slots)]
    d, laid = _least_after_layoffs(hand, options)
    rest = hand & ~laid
    return d, _layoff_order(chains, laid), best_arrangement(rest) if rest else ()


def _run_chains(hand: int, knocker_melds: list[int]) -> list[list[int]]:
    """For each end of each of the knocker's runs, the cards of ``hand`` that extend it one after another."""
    chains = []
    for m in knocker_melds:
        if not m & (m >> 1):
            continue
        hi = m.bit_length() - 1
        lo = (m & -m).bit_length() - 1
        for step, start in ((1, hi), (-1, lo)):
            chain = []
            c = start
            while True:
                n = c + step
                if n < 0 or n > 51 or n // 13 != start // 13 or not hand & BIT[n]:
                    break
                chain.append(n)
                c = n
            if chain:
                chains.append(chain)
    return chains


def _prefixes(chain: list[int]) -> list[int]:
    """The masks of the chain's first 0, 1, 2 ... cards (a chain is laid off from its start)."""
    acc, masks = 0, [0]
    for n in chain:
        acc |= BIT[n]
        masks.append(acc)
    return masks


def _least_after_layoffs(hand: int, options: list[list[int]]) -> tuple[int, int]:
    """``(deadwood, laid)``: the least deadwood over every union of one choice per option, laying off as few
    cards as that takes."""
    best = (deadwood(hand), 0)
    for combo in product(*options):
        laid = 0
        for m in combo:
            laid |= m
        if laid:
            d = deadwood(hand & ~laid)
            if d < best[0] or (d == best[0] and laid.bit_count() < best[1].bit_count()):
                best = (d, laid)
    return best


def _layoff_order(chains: list[list[int]], laid: int) -> list[tuple[int, int]]:
    """A playable order of the layoffs ``laid``: each run chain from its start, then the set completions."""
    plan: list[tuple[int, int]] = []
    done = 0
    for chain in chains:
        for n in chain:
            if not laid & BIT[n]:
                break
            if not done & BIT[n]:
                plan.append((n, RUN_TARGET))
                done |= BIT[n]
    for c in cards_of(laid & ~done):
        plan.append((c, SET_TARGET))
    return plan


def meld_text(mask: int) -> str:
    return "+".join(card_str(c) for c in _meld_order(mask))


def _meld_order(mask: int) -> list[int]:
    return cards_of(mask)  # runs ascend; a set's cards come in suit order s h d c
