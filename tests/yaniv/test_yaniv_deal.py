"""Setting up a position by hand (docs/games/yaniv.md, "Setting up a position"): ``game.new(seed, deal={...})``
gives exactly the cards the deal names, deals what it leaves out from the seed, refuses a deal that cannot be,
saying what is wrong, and a match set up so replays from its record."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from yaniv_helpers import check_invariants, hand, make, public

import gamenight

HANDS = [["As", "2h", "Jk", "Kc", "Td"], ["7s", "7h", "7d", "2c", "3c"], ["4d", "5d", "6d", "Qs", "Qh"]]


def test_a_written_deal_gives_exactly_those_cards():
    state = make(3).new(seed=1, deal={"dealer": 1, "hands": HANDS, "pile": "9c", "stock": ["5c", "Ah", "8s"]})
    check_invariants(state, heavy=True)
    for seat, cards in enumerate(HANDS):
        assert sorted(hand(state, seat)) == sorted(cards)
    seen = public(state)
    assert seen["discard_pile"] == [["9c"]] and seen["previous_group"] == ["9c"] and seen["takeable"] == ["9c"]
    assert seen["dealer"] == 1 and state.current_player == 1  # the dealer plays first
    assert seen["stock_size"] == 54 - 15 - 1 and seen["hand_number"] == 1
    for seat, top in ((1, "5c"), (2, "Ah"), (0, "8s")):  # the stock's top cards come in the order written
        state.apply(next(str(a) for a in state.legal_actions() if a.is_discard and "+" not in str(a)))
        state.apply("draw")
        assert top in hand(state, seat)


def test_scores_and_seats_already_out():
    game = make(4)
    state = game.new(seed=2, deal={"scores": [10, 230, 0, 199], "out": [1], "dealer": 2})
    check_invariants(state, heavy=True)
    seen = public(state)
    assert state.scores == seen["scores"] == [10, 230, 0, 199]
    assert seen["active"] == [True, False, True, True] and seen["hand_sizes"] == [5, 0, 5, 5]
    assert state.current_player == 2
    state.apply(next(a for a in state.legal_actions() if a.is_discard))
    state.apply("draw")
    assert state.current_player == 3
    state.apply(next(a for a in state.legal_actions() if a.is_discard))
    state.apply("draw")
    assert state.current_player == 0  # seat 1 is skipped


def test_what_the_deal_leaves_out_is_dealt_by_the_seed_from_the_rest():
    game = make(3)
    mine = ["As", "2h", "Jk", "Kc", "Td"]
    others = set()
    for seed in range(20):
        state = game.new(seed=seed, deal={"hands": [mine, None, None], "pile": "Jk"})
        check_invariants(state)  # one pack: no card twice, so nobody else got As, 2h, Kc, Td or a joker
        assert sorted(hand(state, 0)) == sorted(mine)
        for seat in (1, 2):
            assert not set(hand(state, seat)) & {"As", "2h", "Jk", "Kc", "Td"}
        others.add(tuple(hand(state, 1)))
    assert len(others) == 20  # and what is dealt depends on the seed


def test_two_packs_hold_each_card_twice_and_four_jokers():
    game = make(4)
    hands = [["7s", "7s", "Jk", "Jk", "2c"], ["Jk", "Jk", "3c", "4c", "5c"], None, None]
    state = game.new(seed=3, deal={"hands": hands})
    check_invariants(state)
    assert hand(state, 0) == ["2c", "7s", "7s", "Jk", "Jk"]
    assert "7s+7s" in [str(a) for a in state.legal_actions()]


def test_an_empty_deal_is_the_seeds_deal():
    game = make(4)
    for seed in range(5):
        plain, empty = game.new(seed=seed), game.new(seed=seed, deal={})
        for seat in [None, 0, 1, 2, 3]:
            assert plain.view(seat) == empty.view(seat)


TABLES = [(2, {}), (3, {"rules": "common"}), (4, {}), (5, {"hand_size": 7}), (8, {}),
          (3, {"first_round_starter": "left_of_dealer"}), (4, {"double_deck_from_players": 5, "hand_size": 2})]


@pytest.mark.parametrize("players,options", TABLES)
def test_a_deal_written_from_the_views_gives_every_seat_the_same_first_hand(players, options):
    options = dict(options)
    game = make(players, options.pop("rules", None), **options)
    for seed in range(12):
        state = game.new(seed=seed)
        seen = public(state)
        deal = {"dealer": seen["dealer"], "hands": [hand(state, p) for p in range(players)],
                "pile": seen["discard_pile"][0][0]}
        again = game.new(seed=seed + 1000, deal=json.loads(json.dumps(deal)))
        for seat in [None, *range(players)]:
            assert again.view(seat) == state.view(seat)
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_a_match_set_up_by_a_deal_replays_from_its_record():
    game = make(3, slapdown=True, joker_swap=True, elimination_limit=60)
    rng = random.Random(7)
    setup = {"dealer": 2, "hands": [HANDS[0], None, HANDS[2]], "pile": "9c", "stock": ["9h", "9s"],
             "scores": [30, 0, 55]}
    state = game.new(seed=5, deal=setup)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    assert record["deal"] == setup and record["seed"] == 5
    again = gamenight.replay(record)
    assert again.to_json() == state.to_json() and again.winners == state.winners
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("players,options,deal,message", [
    (3, {}, {"hand": []}, "unknown deal field 'hand'; a Yaniv deal has the fields dealer, hands, pile, stock"),
    (3, {}, {"dealer": 3}, r"the deal's dealer must be a whole number 0\.\.2, not 3"),
    (3, {}, {"dealer": True}, r"the deal's dealer must be a whole number 0\.\.2, not True"),
    (3, {}, {"hands": [["As"] * 5, None]}, "the deal's hands must be a list of 3 hands"),
    (3, {}, {"hands": "As 2h"}, "the deal's hands must be a list of 3 hands"),
    (3, {}, {"hands": [["As", "2h", "3h", "4h"], None, None]},
     r"the deal's hand for seat 0 has 4 cards; every hand starts with 5 \(hand_size\)"),
    (3, {}, {"hands": [None, ["As", "2h", "3h", "4h", "7x"], None]},
     "the deal's hand for seat 1: '7x' is not a card"),
    (3, {}, {"hands": [None, ["As", "2h", "3h", "4h", 5], None]}, "the deal's hand for seat 1: 5 is not a card"),
    (3, {}, {"hands": [["As", "2h", "3h", "4h", "5h"], ["As", "2c", "3c", "4c", "5c"], None]},
     "the deal places As twice; one pack has it once"),
    (4, {}, {"hands": [["As", "As", "3h", "4h", "5h"], ["As", "2c", "3c", "4c", "5c"], None, None]},
     "the deal places As 3 times; two packs have it twice"),
    (3, {}, {"hands": [["Jk", "Jk", "3h", "4h", "5h"], None, None], "pile": "Jk"},
     "the deal places Jk 3 times; one pack has 2 jokers"),
    (3, {}, {"pile": "1s"}, "the deal's pile: '1s' is not a card"),
    (3, {}, {"pile": ["7h", "8h"]}, "the deal's pile is the one card turned up"),
    (3, {}, {"stock": "7h"}, "the deal's stock must be a list of cards"),
    (3, {}, {"stock": ["7h"] * 2}, "the deal places 7h twice; one pack has it once"),
    (7, {"hand_size": 7, "double_deck_from_players": 9},
     {"stock": ["As", "2s", "3s", "4s", "5s"]}, "the deal leaves 49 cards to deal, but the hands and upcard it "
                                                "leaves open need 50; give fewer stock cards"),
    (3, {}, {"scores": [0, 0]}, "the deal's scores must be a list of 3 totals"),
    (3, {}, {"scores": [0, -5, 0]}, "the deal's score for seat 1 must be a whole number of at least 0, not -5"),
    (3, {}, {"out": [1]}, "seat 1 is out, so its score must be above the elimination limit of 200, not 0"),
    (3, {}, {"out": [1, 1], "scores": [0, 201, 0]}, "the deal's out names a seat twice"),
    (3, {}, {"out": [3]}, r"a seat in the deal's out must be a whole number 0\.\.2, not 3"),
    (3, {}, {"out": [1, 2], "scores": [0, 201, 201]}, "the deal's out leaves 1 seat playing"),
    (3, {}, {"out": [0], "scores": [201, 0, 0]}, "the deal's dealer, seat 0, is out"),
    (3, {}, {"out": [1], "scores": [0, 201, 0], "hands": [None, ["As", "2h", "3h", "4h", "5h"], None]},
     "seat 1 is out, so the deal gives it no cards"),
    (3, {"single_round": True}, {"scores": [0, 0, 0]}, "a single_round match has no earlier hands"),
    (3, {"end_on_first_elimination": True}, {"out": [1], "scores": [0, 201, 0]},
     "with end_on_first_elimination the match ends at the first elimination"),
])
def test_a_deal_that_cannot_be_is_refused_saying_what_is_wrong(players, options, deal, message):
    game = make(players, **options)
    with pytest.raises(ValueError, match=message):
        game.new(seed=1, deal=deal)


def test_a_deal_is_a_dict():
    with pytest.raises(ValueError, match="a deal is a dict"):
        make(3).new(seed=1, deal=[["As"]])


def test_the_deals_card_counts_follow_the_packs():
    one, two = make(3), make(4)
    hands = [["7s", "7s", "2c", "3c", "4c"], None, None]
    with pytest.raises(ValueError, match="7s twice; one pack has it once"):
        one.new(seed=1, deal={"hands": hands})
    assert Counter(hand(two.new(seed=1, deal={"hands": hands + [None]}), 0))["7s"] == 2
