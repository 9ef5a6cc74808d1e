"""The discard groups (Y11, A2-5, A2-12): the action table holds exactly the well-formed groups, and the legal
discards of a hand are exactly the table's groups whose cards the hand holds (an independent brute force over
hands set up with ``deal=``)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from yaniv_helpers import make

from gamenight.core.cards import JOKER, card_str
from gamenight.yaniv.actions import RUN, SET, SINGLE

CONFIGS = [(3, {}), (4, {}), (4, {"jokers_in_sets": False}), (3, {"hand_size": 7}), (6, {"hand_size": 3})]


def well_formed(action, packs, max_group, jokers_in_sets) -> bool:
    cards = action.cards
    if action.kind == SINGLE:
        return len(cards) == 1  # any card, a joker too
    naturals = [c for c in cards if c != JOKER]
    if not naturals or len(cards) > max_group:
        return False
    if any(n > packs for n in Counter(naturals).values()) or cards.count(JOKER) > 2 * packs:
        return False
    if action.kind == SET:
        return (len(cards) >= 2 and len({c % 13 for c in naturals}) == 1
                and (jokers_in_sets or JOKER not in cards))
    if action.kind == RUN:
        start = action.run_start
        return (len(cards) >= 3 and len(cards) == len(set(range(start, start + len(cards))))
                and start % 13 + len(cards) <= 13
                and all(c == JOKER or c == start + i for i, c in enumerate(cards)))
    return False


@pytest.mark.parametrize("players,options", CONFIGS)
def test_the_table_holds_only_well_formed_groups_each_once(players, options):
    game = make(players, **options)
    r = game.rules
    groups = [a for a in game.actions if a.is_discard]
    assert all(well_formed(a, game.packs, r.hand_size, r.jokers_in_sets) for a in groups)
    # a set is identified by its two ends and the multiset in between; a run by its cards and start
    keys = [(a.kind, a.cards[0], a.cards[-1], tuple(sorted(a.cards[1:-1])), a.run_start) for a in groups]
    assert len(keys) == len(set(keys))
    # every run of 3..hand_size natural cards is there, in every suit
    for suit in range(4):
        for length in range(3, min(13, r.hand_size) + 1):
            for lo in range(0, 14 - length):
                start = suit * 13 + lo
                text = "+".join(card_str(c) for c in range(start, start + length))
                assert game.parse_action(text).kind == RUN


@pytest.mark.parametrize("players,options", CONFIGS)
def test_legal_discards_are_exactly_the_groups_the_hand_holds(players, options):
    deck = make(players, **options).deck()
    # half the hands from a narrow slice of the deck (low spades and hearts, jokers) to make many runs and sets
    narrow = [c for c in deck if c == JOKER or (c % 13 < 6 and c // 13 < 2)]
    rng = random.Random(players * 31 + len(options))
    games = {}
    for i in range(60):
        size = rng.randint(2, make(players, **options).rules.hand_size)
        if size not in games:  # a game dealing hands of this size (a group is never longer than the hand)
            game = make(players, **dict(options, hand_size=size))
            games[size] = game, [(a, Counter(a.cards)) for a in game.actions if a.is_discard]
        game, groups = games[size]
        hand = rng.sample(narrow if i % 2 else deck, size)
        state = game.new(seed=i, deal={"hands": [[card_str(c) for c in hand]] + [None] * (players - 1)})
        have = Counter(hand)
        expected = [str(a) for a, counts in groups if all(have[k] >= n for k, n in counts.items())]
        assert [str(a) for a in state.legal_actions() if a.is_discard] == expected, sorted(hand)
