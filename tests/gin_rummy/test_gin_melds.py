"""The meld solver (docs/games/gin_rummy.md, G2-G4, G8, G9; worked examples GE1-GE4, GE10) against brute force."""
from __future__ import annotations

import random
from itertools import combinations

from gin_helpers import cards, hand
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.gin_rummy import melds as M


# ---- an independent brute force --------------------------------------------------------------------
def is_meld(cs: tuple[int, ...]) -> bool:
    """G3 straight from the words: 3-4 cards of one rank, or 3+ consecutive ranks of one suit, ace low."""
    if len(cs) < 3:
        return False
    ranks = sorted(c % 13 for c in cs)
    suits = {c // 13 for c in cs}
    if len(set(ranks)) == 1:
        return len(cs) <= 4
    return len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cs)))


def subset_melds(cs: list[int]) -> list[int]:
    """Every subset of the hand that is a meld (slow: used to check ALL_MELDS below)."""
    return [M.mask_of(sub) for n in range(3, len(cs) + 1) for sub in combinations(cs, n) if is_meld(sub)]


# every meld of the pack, from the words of G3: 3 or 4 of a rank, or a straight flush of 3 to 13 cards
ALL_MELDS = [M.mask_of(sub) for r in range(13) for n in (3, 4)
             for sub in combinations([s * 13 + r for s in range(4)], n)] + \
            [M.mask_of(range(s * 13 + lo, s * 13 + lo + n)) for s in range(4) for n in range(3, 14)
             for lo in range(0, 14 - n)]


def brute_melds(cs: list[int]) -> list[int]:
    h = M.mask_of(cs)
    return [m for m in ALL_MELDS if m & h == m]


def brute_deadwood(cs: list[int]) -> int:
    melds = brute_melds(cs)
    total = sum(M.VALUES[c] for c in cs)
    best = total

    def walk(i: int, used: int, saved: int) -> None:
        nonlocal best
        best = min(best, total - saved)
        for j in range(i, len(melds)):
            m = melds[j]
            if not m & used:
                walk(j + 1, used | m, saved + M.value_of(m))

    walk(0, 0, 0)
    return best


def random_hand(rng: random.Random, n: int, clustered: bool) -> list[int]:
    if not clustered:
        return rng.sample(range(52), n)
    # bias toward hands rich in melds: draw from a few ranks and a few suits
    pool = [s * 13 + r for s in rng.sample(range(4), rng.randint(2, 4))
            for r in rng.sample(range(13), rng.randint(5, 9))]
    return rng.sample(pool, min(n, len(pool))) if len(pool) >= n else rng.sample(range(52), n)


# ---- worked examples ----------------------------------------------------------------------------------
def test_g2_card_values():
    assert [M.VALUES[c] for c in cards("As 2h 9d Tc Js Qh Kd")] == [1, 2, 9, 10, 10, 10, 10]
    assert M.value_of(hand("As Ah Ad Ac")) == 4


def test_ge1_deadwood_ten():
    h = hand("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts")
    assert M.deadwood(h) == 10
    assert {frozenset(a) for a in M.best_arrangements(h)} == {
        frozenset({hand("Ac 2c 3c"), hand("4d 5d 6d"), hand("7h 8h 9h")})}


def test_ge2_overlap_choice():
    h = hand("7s 7h 7d 8d 9d Kc Kh Ks 2c 3h")
    assert M.deadwood(h) == 19
    (best,) = M.best_arrangements(h)
    assert set(best) == {hand("Kc Kh Ks"), hand("7d 8d 9d")}
    # using the sevens instead leaves 8d 9d 2c 3h = 22
    assert M.value_of(h & ~hand("7s 7h 7d") & ~hand("Kc Kh Ks")) == 22


def test_ge3_split_a_four():
    h = hand("5s 5h 5d 5c 6c 7c 8c 8h 8d 2h")
    assert M.deadwood(h) == 2
    assert {frozenset(a) for a in M.best_arrangements(h)} == {
        frozenset({hand("5s 5h 5d"), hand("5c 6c 7c"), hand("8c 8h 8d")})}
    # keeping the four fives leaves at best 15
    assert M.deadwood(h & ~hand("5s 5h 5d 5c")) == 15


def test_ge4_no_wrap():
    assert M.deadwood(hand("Qs Ks As")) == 21
    assert M.deadwood(hand("As 2s 3s")) == 0
    assert M.deadwood(hand("Ks As 2s")) == 13
    assert M.mask_of(cards("Qs Ks As")) not in M.MELD_INDEX
    assert M.mask_of(cards("Js Qs Ks")) in M.MELD_INDEX


def test_g3_meld_table():
    assert M.NUM_MELDS == 13 * 5 + 4 * sum(14 - n for n in range(3, 14))
    for m, cs in zip(M.MELD_MASKS, M.MELD_CARDS):
        assert is_meld(cs) and M.mask_of(cs) == m
    assert len(M.MELD_MASKS) == len(set(M.MELD_MASKS))
    assert sorted(ALL_MELDS) == sorted(M.MELD_MASKS)
    assert all(is_meld(tuple(M.cards_of(m))) for m in ALL_MELDS)


def test_g3_a_card_belongs_to_one_meld_only():
    # 7h would complete both the set of sevens and the run 5h-6h: only one of them
    h = hand("7s 7d 7h 5h 6h")
    assert M.deadwood(h) == 11  # 7s 7d 7h leaves 5h 6h (11); 5h 6h 7h leaves 7s 7d (14)


def test_g8_deadwood_after_discard():
    h = hand("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts Kd")
    assert M.deadwood_after_discard(h) == 10
    assert M.deadwood_after_discard(hand("As 2s 3s 4s 5h 6h 7h 8h Jc Qc Kc")) == 0


def test_ge10_layoff_chain():
    run = hand("4h 5h 6h")
    d, plan, _ = M.best_layoff(hand("7h 8h Kc"), [run])
    assert plan == [(cards("7h")[0], M.RUN_TARGET), (cards("8h")[0], M.RUN_TARGET)] and d == 10
    d, plan, _ = M.best_layoff(hand("8h Kc"), [run])
    assert plan == [] and d == 18


def test_g9_layoff_onto_a_set_and_both_run_ends():
    melds = [hand("4h 5h 6h"), hand("9c 9d 9s"), hand("Qs Qh Qd")]
    d, plan, _ = M.best_layoff(hand("7h 3h 9h 5c 6c 2d 2c Jd Jc Kd"), melds)  # GE6's defender
    assert d == 45
    assert sorted(plan) == sorted([(cards("7h")[0], M.RUN_TARGET), (cards("3h")[0], M.RUN_TARGET),
                                   (cards("9h")[0], M.SET_TARGET)])
    # a 4-card set takes nothing; a 3-card set takes exactly its missing card
    assert M.layoff_targets([hand("9c 9d 9s 9h")]) == (0, 0)
    assert M.layoff_targets([hand("9c 9d 9s")]) == (hand("9h"), 0)


def test_g9_layoff_card_kept_for_own_meld_when_better():
    # 7h could go onto the knocker's run, but 7h 7s 7d is the defender's own set: either way 0 left of them
    d, plan, melds = M.best_layoff(hand("7h 7s 7d Kc"), [hand("4h 5h 6h")])
    assert d == 10


# ---- properties against brute force ----------------------------------------------------------------------
def test_solver_matches_brute_force_on_thousands_of_hands():
    rng = random.Random(2024)
    for i in range(4000):
        n = (10, 11, 7, 4)[i % 4]
        cs = random_hand(rng, n, clustered=i % 2 == 0)
        h = M.mask_of(cs)
        want = brute_deadwood(cs)
        assert M.deadwood(h) == want, cs
        for arrangement in M.best_arrangements(h):
            melded = 0
            for m in arrangement:
                assert m & h == m and not m & melded and m in M.MELD_INDEX
                melded |= m
            assert M.value_of(h & ~melded) == want
        if i % 5 == 0:
            assert sorted(M.melds_in(h)) == sorted(M.MELD_INDEX[m] for m in brute_melds(cs))
        if i % 40 == 0:
            assert sorted(subset_melds(cs)) == sorted(brute_melds(cs))
            u = M.meldable(h)
            union = 0
            for m in brute_melds(cs):
                union |= m
            assert u == union
        if n == 11 and i % 3 == 0:
            assert M.deadwood_after_discard(h) == min(brute_deadwood([c for c in cs if c != x]) for x in cs)


def test_deadwood_by_suit_tables_matches_the_search():
    """deadwood (suit tables, and a set's choice for a hand with one rank in three or four suits) against the
    memoised search on the whole hand, with hands rich in sets and every single-suit pattern."""
    rng = random.Random(11)
    for _ in range(3000):
        ranks = rng.sample(range(13), rng.randint(1, 5))
        pool = [s * 13 + r for r in ranks for s in range(4)] + rng.sample(range(52), 6)
        h = M.mask_of(rng.sample(sorted(set(pool)), rng.randint(3, min(20, len(set(pool))))))
        assert M.deadwood(h) == M._dw(h), M.cards_of(h)
    for pattern in range(1 << 13):
        for suit in (0, 3):
            assert M.deadwood(pattern << 13 * suit) == M._dw(pattern << 13 * suit)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=0, max_size=11, unique=True))
def test_property_deadwood_is_the_brute_force_minimum(cs):
    h = M.mask_of(cs)
    assert M.deadwood(h) == brute_deadwood(cs)
    assert M.deadwood(h) <= M.value_of(h)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=11, unique=True))
def test_property_deadwood_after_discard(cs):
    h = M.mask_of(cs)
    assert M.deadwood_after_discard(h) == min(brute_deadwood([c for c in cs if c != x]) for x in cs)


def brute_arrangements(h: int, melds: list[int], limit: int) -> set[frozenset[int]]:
    """Every set of disjoint melds of ``melds`` leaving deadwood of at most ``limit`` in ``h``."""
    want: set[frozenset[int]] = set()

    def walk(i: int, used: int, chosen: list[int]) -> None:
        if M.value_of(h & ~used) <= limit:
            want.add(frozenset(chosen))
        for j in range(i, len(melds)):
            if not melds[j] & used:
                walk(j + 1, used | melds[j], chosen + [melds[j]])

    walk(0, 0, [])
    return want


def test_every_arrangement_within_a_limit_is_listed():
    rng = random.Random(5)
    for _ in range(200):
        cs = random_hand(rng, 10, clustered=True)
        h = M.mask_of(cs)
        limit = M.deadwood(h) + 6
        found = {frozenset(a) for a in M.arrangements(h, limit)}
        assert found == brute_arrangements(h, brute_melds(cs), limit)


def brute_layoff(h: int, knocker: list[int]) -> int:
    """Try every sequence of single layoffs (card onto any meld it extends), then the best own melds."""
    best = M.deadwood(h)
    seen = set()

    def walk(rest: int, table: tuple[int, ...]) -> None:
        nonlocal best
        key = (rest, table)
        if key in seen:
            return
        seen.add(key)
        best = min(best, M.deadwood(rest))
        for c in M.cards_of(rest):
            for i, m in enumerate(table):
                grown = m | M.BIT[c]
                if is_meld(tuple(M.cards_of(grown))):
                    walk(rest ^ M.BIT[c], table[:i] + (grown,) + table[i + 1:])

    walk(h, tuple(knocker))
    return best


def test_best_layoff_matches_brute_force():
    rng = random.Random(77)
    checked = 0
    while checked < 400:
        deck = list(range(52))
        rng.shuffle(deck)
        knocker = M.mask_of(deck[:10])
        arrangement = M.best_arrangement(knocker)
        if not arrangement:
            continue
        # make layoffs likely: the defender holds many cards next to the knocker's melds
        slots, runs = M.layoff_targets(arrangement)
        up = [c + 1 if c % 13 < 12 else c for c in range(52)]  # the card above (a king: itself)
        near = [c for c in deck[10:] if slots & M.BIT[c] or M.NEIGHBOURS[c] & runs
                or (M.NEIGHBOURS[c] & M.BIT[up[c]] and M.NEIGHBOURS[up[c]] & runs)]
        others = [c for c in deck[10:] if c not in near]
        defender_cards = (near[:rng.randint(0, len(near))] + others)[:10]
        h = M.mask_of(defender_cards)
        d, plan, melds = M.best_layoff(h, list(arrangement))
        assert d == brute_layoff(h, list(arrangement))
        # the plan is playable in order and the melds are the rest's best arrangement
        slots, runs = M.layoff_targets(arrangement)
        rest = h
        for card, target in plan:
            assert rest & M.BIT[card]
            if target == M.SET_TARGET:
                assert slots & M.BIT[card]
                slots &= ~M.BIT[card]
            else:
                assert M.NEIGHBOURS[card] & runs
                runs |= M.BIT[card]
            rest ^= M.BIT[card]
        melded = 0
        for m in melds:
            assert m & rest == m and not m & melded
            melded |= m
        assert M.value_of(rest & ~melded) == d
        checked += 1


def test_best_layoff_chains_between_two_runs():
    # 3h-5h and 9h-Jh with 6h and 8h in the defender's hand: both go, one onto each run
    d, plan, _ = M.best_layoff(hand("6h 8h Kc"), [hand("3h 4h 5h"), hand("9h Th Jh")])
    assert d == 10 and sorted(plan) == sorted([(cards("6h")[0], M.RUN_TARGET), (cards("8h")[0], M.RUN_TARGET)])
    # with 7h too they make their own run (nothing needs laying off)
    assert M.best_layoff(hand("6h 7h 8h"), [hand("3h 4h 5h"), hand("9h Th Jh")])[0] == 0


def test_meld_text_orders_cards():
    assert M.meld_text(hand("7d 7s 7h")) == "7s+7h+7d"
    assert M.meld_text(hand("Kc Jc Qc")) == "Jc+Qc+Kc"
