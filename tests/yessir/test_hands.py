"""Hand ranking (docs/games/yessir.md, J10-J12): exhaustive over all 7,776 ordered rolls, and every worked example
CE1-CE9."""
from collections import Counter
from itertools import combinations_with_replacement, permutations, product

import pytest

from gamenight.yessir.hands import (
    CATEGORY_NAMES,
    FIVE_OF_A_KIND,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_DICE,
    KEY_TABLES,
    LARGE_STRAIGHT,
    ONE_PAIR,
    SMALL_STRAIGHT,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category,
    compare_hands,
    describe,
    hand_key,
    key_category,
    rank_roll,
    roll_index,
    split_hand,
)

ALL_ROLLS = list(product(range(1, 7), repeat=5))
MULTISETS = list(combinations_with_replacement(range(1, 7), 5))


def reference_key(dice, mode):
    """An independent reading of J11-J12, written from the rules text, as a tuple compared lexicographically."""
    counts = Counter(dice)
    shape = sorted(counts.values(), reverse=True)
    faces = set(dice)
    if shape == [5]:
        cat, combo = 1, list(dice)
    elif faces == {2, 3, 4, 5, 6}:
        cat, combo = 2, list(dice)
    elif faces == {1, 2, 3, 4, 5}:
        cat, combo = 3, list(dice)
    elif shape == [3, 2]:
        cat, combo = 4, list(dice)
    elif shape == [4, 1]:
        cat, combo = 5, [d for d in dice if counts[d] == 4]
    elif shape == [3, 1, 1]:
        cat, combo = 6, [d for d in dice if counts[d] == 3]
    elif shape == [2, 2, 1]:
        cat, combo = 7, [d for d in dice if counts[d] == 2]
    elif shape == [2, 1, 1, 1]:
        cat, combo = 8, [d for d in dice if counts[d] == 2]
    else:
        cat, combo = 9, list(dice)
    rest = list(dice)
    for d in combo:
        rest.remove(d)
    total = sum(combo) if mode == "combo" else sum(dice)
    return (-cat, total, tuple(sorted(rest, reverse=True)))


def test_j11_every_roll_has_exactly_one_category_with_the_known_counts():
    counts = Counter(category(r) for r in ALL_ROLLS)
    assert len(ALL_ROLLS) == 7776
    assert counts == {FIVE_OF_A_KIND: 6, LARGE_STRAIGHT: 120, SMALL_STRAIGHT: 120, FULL_HOUSE: 300,
                      FOUR_OF_A_KIND: 150, THREE_OF_A_KIND: 1200, TWO_PAIR: 1800, ONE_PAIR: 3600, HIGH_DICE: 480}


def test_j11_high_dice_are_exactly_the_four_listed_sets():
    assert {frozenset(r) for r in ALL_ROLLS if category(r) == HIGH_DICE} == {
        frozenset(s) for s in ({1, 2, 3, 4, 6}, {1, 2, 3, 5, 6}, {1, 2, 4, 5, 6}, {1, 3, 4, 5, 6})}


@pytest.mark.parametrize("mode", ["combo", "all"])
def test_j11_j12_table_matches_the_pure_function_on_all_7776_rolls(mode):
    table = KEY_TABLES[mode]
    assert len(table) == 7776
    for roll in ALL_ROLLS:
        key = hand_key(roll, mode)
        assert table[roll_index(roll)] == key == rank_roll(roll, mode)
        assert key_category(key) == category(roll)


@pytest.mark.parametrize("mode", ["combo", "all"])
def test_j12_ranking_agrees_with_an_independent_reading_on_every_pair(mode):
    ours = {m: hand_key(m, mode) for m in MULTISETS}
    ref = {m: reference_key(m, mode) for m in MULTISETS}
    for a in MULTISETS:
        ka, ra = ours[a], ref[a]
        for b in MULTISETS:
            kb, rb = ours[b], ref[b]
            assert (ka > kb) - (ka < kb) == (ra > rb) - (ra < rb), (a, b)


@pytest.mark.parametrize("mode", ["combo", "all"])
def test_j12_ranking_is_a_total_preorder_invariant_under_order(mode):
    # keys are ints, so the order is total and transitive; what remains is that only the faces matter
    for roll in ALL_ROLLS:
        assert hand_key(roll, mode) == hand_key(tuple(sorted(roll)), mode)
    for m in MULTISETS[::7]:
        assert len({hand_key(p, mode) for p in permutations(m)}) == 1
        assert compare_hands(m, m, mode) == 0


def test_j12_category_always_dominates_the_sums():
    for mode in ("combo", "all"):
        by_cat = {}
        for m in MULTISETS:
            by_cat.setdefault(category(m), []).append(hand_key(m, mode))
        for stronger in range(1, 9):
            assert min(by_cat[stronger]) > max(by_cat[stronger + 1])


def test_ce1_category_order():
    assert compare_hands([6, 6, 6, 6, 6], [2, 3, 4, 5, 6]) == 1
    assert compare_hands([2, 3, 4, 5, 6], [1, 2, 3, 4, 5]) == 1
    assert compare_hands([1, 2, 3, 4, 5], [6, 6, 6, 5, 5]) == 1
    assert compare_hands([2, 2, 2, 3, 3], [6, 6, 6, 6, 5]) == 1
    assert [CATEGORY_NAMES[category(h)] for h in ([6] * 5, [2, 3, 4, 5, 6], [1, 2, 3, 4, 5], [6, 6, 6, 5, 5],
                                                   [6, 6, 6, 6, 5])] == [
        "five of a kind", "large straight", "small straight", "full house", "four of a kind"]


@pytest.mark.parametrize("mode", ["combo", "all"])
def test_ce2_full_house_tie_by_sum(mode):
    assert compare_hands([3, 3, 3, 5, 5], [2, 2, 2, 6, 6], mode) == 1


@pytest.mark.parametrize("mode", ["combo", "all"])
def test_ce3_three_of_a_kind_kicker(mode):
    assert split_hand([4, 4, 4, 6, 1]) == (THREE_OF_A_KIND, (4, 4, 4), (6, 1))
    assert compare_hands([4, 4, 4, 6, 1], [4, 4, 4, 5, 2], mode) == 1


def test_ce4_two_pair_kicker():
    assert compare_hands([5, 5, 3, 3, 6], [5, 5, 3, 3, 2]) == 1
    assert compare_hands([5, 5, 3, 3, 6], [5, 5, 3, 3, 2], "all") == 1


def test_ce5_two_pair_by_sum_not_like_poker():
    assert compare_hands([6, 6, 1, 1, 2], [5, 5, 4, 4, 1]) == -1
    assert compare_hands([6, 6, 1, 1, 2], [5, 5, 4, 4, 1], "all") == -1


def test_ce6_identical_hands_no_winner():
    assert compare_hands([1, 1, 3, 4, 6], [1, 1, 3, 4, 6]) == 0


def test_ce7_high_dice_by_sum():
    assert compare_hands([1, 2, 3, 4, 6], [1, 2, 4, 5, 6]) == -1


def test_ce8_sum_modes_diverge():
    p0, p1, p2 = [5, 4, 1, 1, 6], [5, 4, 1, 5, 2], [5, 4, 1, 3, 2]
    assert compare_hands(p0, p1, "combo") == -1
    assert compare_hands(p0, p1, "all") == 1
    for mode in ("combo", "all"):
        assert compare_hands(p2, p0, mode) == 1 and compare_hands(p2, p1, mode) == 1


def test_ce9_four_of_a_kind_divergence():
    assert compare_hands([6, 6, 6, 6, 1], [5, 5, 5, 5, 6], "combo") == 1
    assert compare_hands([6, 6, 6, 6, 1], [5, 5, 5, 5, 6], "all") == -1


def test_j12_equal_sum_and_kickers_is_no_winner_even_with_other_faces():
    # literal J12: two pair 6-6-1-1 and 5-5-2-2 both total 14 with kicker 3: nobody wins
    assert compare_hands([6, 6, 1, 1, 3], [5, 5, 2, 2, 3]) == 0
    # full house 3-3-3-5-5 and 5-5-5-2-2 both total 19, no kickers
    assert compare_hands([3, 3, 3, 5, 5], [5, 5, 5, 2, 2]) == 0


def test_bad_hands_are_refused():
    for bad in ([1, 2, 3, 4], [0, 1, 2, 3, 4], [1, 2, 3, 4, 7], [1, 2, 3, 4, "5"]):
        with pytest.raises(ValueError):
            hand_key(bad)
    with pytest.raises(ValueError):
        hand_key([1, 2, 3, 4, 5], "sum")


def test_describe_names_the_hand():
    assert describe([5, 4, 1, 1, 6]) == "one pair of 1s (total 2, kickers 6-5-4)"
    assert describe([5, 4, 1, 1, 6], "all") == "one pair of 1s (total 17, kickers 6-5-4)"
    assert describe([2, 2, 5, 5, 5]) == "full house 5s over 2s (total 19)"
