"""One test (or more) per Yaniv rule Y1-Y20 of docs/games/yaniv.md, on positions set up with ``deal=`` and played
on by public actions, read from the views."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from yaniv_helpers import (
    call,
    cards,
    check_invariants,
    deal,
    hand,
    last_round,
    legal,
    make,
    play_singles,
    public,
    round_points,
)

from gamenight import IllegalAction, RulesError
from gamenight.core.cards import JOKER, card_str
from gamenight.core.rng import Rng
from gamenight.yaniv.actions import RUN, SET, SINGLE


def discards(state) -> set[str]:
    return {str(a) for a in state.legal_actions() if a.is_discard}


def takes(state) -> set[str]:
    return {str(a) for a in state.legal_actions() if not a.is_discard}


def first_single(state) -> str:
    return next(str(a) for a in state.legal_actions() if a.kind == SINGLE)


# ---- Y1-Y5: components, players, values, order --------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 9))
def test_y1_two_to_eight_players(players):
    state = make(players).new(seed=players)
    assert state.game.num_players == players
    assert public(state)["hand_sizes"] == [5] * players
    assert public(state)["active"] == [True] * players


@pytest.mark.parametrize("players", [0, 1, 9, 12, True, "4"])
def test_y1_other_player_counts_are_refused(players):
    with pytest.raises(RulesError, match="players|whole number"):
        make(players)


@pytest.mark.parametrize("players", [2, 3])
def test_y2_one_pack_of_54_below_the_threshold(players):
    game = make(players)
    deck = Counter(game.deck())
    assert sum(deck.values()) == 54 and deck[JOKER] == 2 and all(deck[k] == 1 for k in range(52))
    check_invariants(game.new(seed=1))  # every card is somewhere: the hands, the pile, the stock


@pytest.mark.parametrize("players", [4, 5, 8])
def test_y2_two_packs_of_108_from_four_players(players):
    game = make(players)
    deck = Counter(game.deck())
    assert sum(deck.values()) == 108 and deck[JOKER] == 4 and all(deck[k] == 2 for k in range(52))
    check_invariants(game.new(seed=1))


def test_y2_the_threshold_is_a_parameter():
    assert len(make(4, double_deck_from_players=5).deck()) == 54
    assert len(make(5, double_deck_from_players=5).deck()) == 108
    assert len(make(2, double_deck_from_players=2).deck()) == 108
    assert len(make(8, double_deck_from_players=9).deck()) == 54  # 9 = never


def test_y2_two_packs_are_kept_after_eliminations_bring_the_count_below_the_threshold():
    game = make(4, hand_size=2)
    state = call(game, ["As", "Kc Kd", "Qc Qd", "Jc Jd"], scores=[0, 0, 0, 195])
    assert last_round(state)["eliminated"] == [3]
    assert public(state)["active"] == [True, True, True, False]
    assert not state.is_over and state.hands_played == 2
    assert len(game.deck()) == 108
    check_invariants(state)  # the cards of two packs are all still in play
    assert public(state)["hand_sizes"] == [2, 2, 2, 0]


def test_y3_card_values():
    game = make(3, hand_size=2)
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10,
                "J": 10, "Q": 10, "K": 10}
    for suit in "shdc":
        for rank, value in expected.items():
            assert deal(game, [rank + suit + " Jk", None, None]).view(0)["hand_value"] == value
    assert deal(game, ["Jk Jk", None, None]).view(0)["hand_value"] == 0
    assert deal(make(3), ["As 2h Jk Kc Td", None, None]).view(0)["hand_value"] == 23


def test_y4_no_wrap_around_in_runs():
    game = make(3)
    state = deal(game, ["Qs Ks As 2s 3h", None, None])
    assert not any(a.kind == RUN for a in state.legal_actions())
    for text in ("Qs+Ks+As", "Ks+As+2s", "Jk=Ks+As+2s", "Qs+Ks+Jk=As"):
        with pytest.raises(IllegalAction):
            game.parse_action(text)
    assert "As+2s+3s" in discards(deal(game, ["As 2s 3s 9h 9d", None, None]))  # A is low: A-2-3 is a run
    assert "Js+Qs+Ks" in discards(deal(game, ["Js Qs Ks 9h 9d", None, None]))


def test_y5_turn_order_is_seat_after_seat_and_skips_the_eliminated():
    game = make(3)
    state = deal(game, [None, None, None], pile="Kc")
    for expected_next in (1, 2, 0, 1):
        seat = state.current_player
        play_singles(state, 1)
        assert state.current_player == expected_next, f"after seat {seat}"
    state = deal(game, [None, None, None], scores=[0, 210, 0], out=[1])
    assert public(state)["hand_sizes"] == [5, 0, 5]
    play_singles(state, 1)
    assert state.current_player == 2


# ---- Y6-Y8: the deal and who starts -------------------------------------------------------------------
@pytest.mark.parametrize("players,hand_size", [(2, 5), (3, 5), (4, 5), (8, 5), (3, 7), (6, 7)])
def test_y6_y7_deal_one_card_at_a_time_from_the_dealers_left_then_the_upcard(players, hand_size):
    game = make(players, hand_size=hand_size)
    state = game.new(seed=42)
    deck = game.deck()
    Rng(42).shuffle(deck)  # the state's generator, from the same seed: the same shuffle
    hands: list[list[int]] = [[] for _ in range(players)]
    dealer = 0
    for _ in range(hand_size):
        for i in range(1, players + 1):  # the dealer's left first, the dealer last
            hands[(dealer + i) % players].append(deck.pop())
    upcard = deck.pop()
    for p in range(players):
        assert sorted(hand(state, p)) == sorted(card_str(c) for c in hands[p])
    assert public(state)["discard_pile"] == [[card_str(upcard)]]  # Y7: the upcard starts the discard pile
    assert public(state)["previous_group"] == [card_str(upcard)]
    assert public(state)["stock_size"] == len(deck)  # the rest, face down
    assert public(state)["dealer"] == dealer
    play_singles(state, 1)
    assert card_str(deck[-1]) in hand(state, 0)  # the top of the stock is the next card of the shuffled deck


def test_y7_the_upcard_counts_as_the_previous_players_group():
    state = deal(make(3), ["2s 3s 4h 5h 6h", None, None], pile="Qd")
    assert public(state)["previous_group_type"] == "single" and public(state)["takeable"] == ["Qd"]
    state.apply("2s")
    assert takes(state) == {"draw", "take Qd"}
    state.apply("take Qd")
    assert "Qd" in hand(state, 0)


def test_y8_the_dealer_plays_first_in_the_first_round():
    for seed in range(5):
        state = make(4).new(seed=seed)
        assert public(state)["dealer"] == 0 and state.current_player == 0
    state = deal(make(4), [None] * 4, dealer=2)
    assert public(state)["dealer"] == 2 and state.current_player == 2


def test_y8_later_rounds_start_with_the_lowest_hand_who_also_deals():
    game = make(4, hand_size=2)
    state = call(game, ["2s", "Ks Kd", "3d", "4h 4d"], caller=0)
    assert last_round(state)["success"]
    assert state.hands_played == 2 and state.current_player == 0 and public(state)["dealer"] == 0  # the lowest
    state = call(game, ["5s", "Ks Kd", "3d", "4h 4d"], caller=0)
    assert state.current_player == 2 and public(state)["dealer"] == 2  # seat 2 held 3


def test_y8_ties_are_broken_from_the_callers_left_and_the_caller_comes_last():
    game = make(4, hand_size=2)
    # caller 1 and seat 3 both hold 3 (the call fails); seat 3 is first after the caller among the tied
    state = call(game, ["Ks Kd", "3s", "9d", "3h"], caller=1)
    assert not last_round(state)["success"]
    assert state.current_player == 3 and public(state)["dealer"] == 3
    # seats 0 and 2 tie below the caller: counting from the caller's left (seat 2) seat 2 comes first
    assert call(game, ["2s", "3s", "2h", "Kd"], caller=1).current_player == 2
    # caller 3 ties with seat 0: order after the caller is 0, 1, 2, 3 -> seat 0
    assert call(game, ["4s", "Ks", "Kh", "4h"], caller=3).current_player == 0


def test_y8_eliminated_players_are_skipped_when_choosing_the_starter_and_in_the_deal():
    game = make(4, halving_at="none", hand_size=2)
    # seat 2 holds the lowest hand but is eliminated by it: the starter is the lowest among those left
    state = call(game, ["2s", "Kd", "As", "5h"], caller=0, scores=[0, 0, 200, 0])
    assert last_round(state)["eliminated"] == [2]
    assert state.current_player == 0
    assert hand(state, 2) == [] and len(hand(state, 0)) == 2


def test_y8_first_round_starter_left_of_dealer():
    game = make(3, first_round_starter="left_of_dealer")
    state = game.new(seed=1)
    assert public(state)["dealer"] == 0 and state.current_player == 1
    assert deal(game, [None] * 3, dealer=2).current_player == 0
    # the seat to the dealer's left that is still in
    assert deal(make(4, first_round_starter="left_of_dealer"), [None] * 4, scores=[0, 201, 0, 0],
                out=[1]).current_player == 2


# ---- Y9-Y14: a turn -----------------------------------------------------------------------------------
def test_y9_a_hand_at_or_below_the_limit_may_call_before_discarding():
    game = make(3, hand_size=2)
    state = deal(game, ["2s 3h", None, None])  # 5
    assert legal(state)[0] == "yaniv" and state.view(0)["can_call"]
    assert "2s" in legal(state)  # calling is optional
    state = deal(game, ["2s 4h", None, None])  # 6
    assert "yaniv" not in legal(state) and not state.view(0)["can_call"]


def test_y9_no_call_after_discarding():
    state = deal(make(3, hand_size=3), ["2s 3h As", None, None])
    state.apply("As")
    assert public(state)["phase"] == "take" and "yaniv" not in legal(state)
    assert not state.view(0)["can_call"]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="yaniv is not legal"):
        state.apply("yaniv")
    assert state.to_json() == before


def test_y9_a_call_ends_the_round():
    state = call(make(3, hand_size=2), ["2s 3h", "Ks", "Kh"])
    assert last_round(state)["caller"] == 0 and state.hands_played == 2 and public(state)["phase"] == "turn"
    assert public(state)["hand_number"] == 2


def test_y10_discard_one_group_then_take_one_card_then_the_turn_passes():
    state = deal(make(3), ["7s 7h 2c 9d Kh", None, None])
    state.apply("7s+7h")
    assert state.current_player == 0 and public(state)["phase"] == "take"
    assert all(not a.is_discard for a in state.legal_actions())  # only one group per turn
    state.apply("draw")
    assert state.current_player == 1 and public(state)["phase"] == "turn"


def test_y11_single_any_card_including_a_joker():
    state = deal(make(3), ["Jk 7s Kd Kh Ac", None, None])
    assert {"Jk", "7s", "Kd", "Kh", "Ac"} <= discards(state)


def test_y11_sets_of_two_or_more_equal_ranks_in_any_suits():
    state = deal(make(3, jokers_in_sets=False), ["9s 9h 9d 9c 2s", None, None])
    sets = {frozenset(str(a).split("+")) for a in state.legal_actions() if a.kind == SET}
    nines = cards("9s 9h 9d 9c")
    expected = {frozenset(c) for size in (2, 3, 4) for c in itertools.combinations(nines, size)}
    assert sets == expected  # 6 pairs + 4 triples + 1 four


def test_y11_identical_cards_of_two_packs_form_a_set():
    """A2-12: with two packs 7s+7s is a set."""
    state = deal(make(4, hand_size=3), ["7s 7s 2c", None, None, None])
    assert "7s+7s" in discards(state)
    state.apply("7s+7s")
    assert public(state)["discard_pile"][-1] == ["7s", "7s"] and hand(state, 0) == ["2c"]


def test_y11_runs_need_three_consecutive_ranks_in_one_suit():
    state = deal(make(3, jokers_in_sets=False), ["5s 6s 7s 8h 9s", None, None])
    runs = {str(a) for a in state.legal_actions() if a.kind == RUN}
    assert runs == {"5s+6s+7s"}  # 8h is another suit; 5-6-7-9 has a gap
    for text in ("5s+6s+7s+9s", "6s+7s+8h", "5s+6s"):
        with pytest.raises(IllegalAction):
            state.clone().apply(text)


def test_y11_jokers_fill_one_position_each_and_may_stand_at_either_end():
    state = deal(make(3, jokers_in_sets=False), ["5s 7s Jk 2h 9c", None, None])
    assert {str(a) for a in state.legal_actions() if a.kind == RUN} == {"5s+Jk=6s+7s"}
    state = deal(make(4, jokers_in_sets=False), ["5s Jk Jk 2h 9c", None, None, None])
    runs = {str(a) for a in state.legal_actions() if a.kind == RUN and "5s" in str(a)}
    assert runs == {"Jk=3s+Jk=4s+5s", "Jk=4s+5s+Jk=6s", "5s+Jk=6s+Jk=7s"}


def test_y11_a_group_needs_a_natural_card():
    game = make(4, hand_size=4)
    state = deal(game, ["Jk Jk Jk 2h", None, None, None])
    assert discards(state) == {"2h", "Jk", "2h+Jk", "2h+Jk+Jk", "Jk+2h+Jk", "2h+Jk+Jk+Jk", "Jk+2h+Jk+Jk",
                               "Jk=Ah+2h+Jk=3h", "2h+Jk=3h+Jk=4h", "Jk=Ah+2h+Jk=3h+Jk=4h", "2h+Jk=3h+Jk=4h+Jk=5h"}
    for text in ("Jk+Jk", "Jk+Jk+Jk", "Jk=2s+Jk=3s+Jk=4s"):
        with pytest.raises(IllegalAction, match="natural"):
            game.parse_action(text)


def test_y11_only_one_group_per_turn():
    state = deal(make(3), ["3c 3d Qs Qh 2s", None, None])
    with pytest.raises(IllegalAction):
        state.apply("3c+3d+Qs+Qh")
    assert not any(len(a.cards) == 4 for a in state.legal_actions())


def test_y12_a_run_is_laid_in_ascending_order():
    state = deal(make(3), ["5s 6s 7s 2h 9c", None, None])
    before = state.to_json()
    with pytest.raises(IllegalAction, match="neither a set"):
        state.apply("7s+6s+5s")
    assert state.to_json() == before
    state.apply("5s+6s+7s")
    assert public(state)["discard_pile"][-1] == ["5s", "6s", "7s"]


def test_y12_a_set_is_laid_in_the_order_the_player_chooses_and_its_ends_are_what_matter():
    game = make(3)
    assert game.parse_action("7h+7s") is game.parse_action("7s+7h")
    assert game.parse_action("7d+7h+7s") is game.parse_action("7s+7h+7d")
    assert game.parse_action("7s+7d+7h") is not game.parse_action("7s+7h+7d")  # other ends
    state = deal(game, ["7s 7h 7d 2c 3c", None, None])
    state.apply("7h+7s+7d")  # 7h and 7d at the ends
    state.apply("draw")
    state.apply(first_single(state))
    assert takes(state) == {"draw", "take 7h", "take 7d"}


def test_y12_a_run_names_the_card_each_joker_stands_for():
    game = make(3)
    action = game.parse_action("5s+Jk=6s+7s")
    assert action.kind == RUN and str(action) == "5s+Jk=6s+7s"
    assert game.parse_action("5s+Jk+7s") is action
    assert game.parse_action("Jk=4s+5s+6s") is not game.parse_action("5s+6s+Jk=7s")


def test_y13_take_the_first_or_last_card_of_the_previous_group_or_the_stock_top():
    state = deal(make(3), ["9s 9h 9d 2c 3c", "2s 3s 4s 5s 6s", None], pile="Kh", stock="Qc 4d")
    state.apply("9s+9h+9d")
    state.apply("draw")  # Qc
    state.apply("2s")
    assert takes(state) == {"draw", "take 9s", "take 9d"}
    assert public(state)["takeable"] == ["9s", "9d"]
    for bad in ("take 9h", "take Kh", "take 2c"):
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_json() == before
    state.apply("draw")
    assert "4d" in hand(state, 1)


def test_y13_the_taken_card_leaves_the_group_and_is_known_to_the_others():
    state = deal(make(3), ["4d 5d 6d 2c 3c", "2s 3s 4s 5s 6s", None], pile="Kh")
    state.apply("4d+5d+6d")
    state.apply("draw")
    state.apply("2s")
    state.apply("take 6d")
    assert public(state)["discard_pile"][-2] == ["4d", "5d"]
    assert public(state)["known"][1] == ["6d"]
    assert state.view(2)["known"][1] == ["6d"]


def test_y13_never_from_the_players_own_just_discarded_group():
    state = deal(make(3), ["2c 3c 4c 8h Kd", None, None], pile="Kh")
    state.apply("2c+3c+4c")
    assert takes(state) == {"draw", "take Kh"}


def test_y14_discarding_k_cards_and_taking_one_shrinks_the_hand_by_k_minus_one():
    for discard, size in (("2c", 5), ("9s+9h", 4), ("2c+3c+4c", 3)):
        state = deal(make(3), ["2c 3c 4c 9s 9h", None, None])
        state.apply(discard)
        state.apply("draw")
        assert len(hand(state, 0)) == size


# ---- Y15: the stock runs out ------------------------------------------------------------------------
def stock_of_one(hand3: str, seed: int = 1):
    """Seven players with seven cards each from one pack leave a stock of four: after three turns the stock
    holds one card, and seat 3 (holding ``hand3``) is to play."""
    game = make(7, hand_size=7, double_deck_from_players=9)
    state = deal(game, [None, None, None, hand3, None, None, None], pile="Kh", stock="Ah Ad Ac 5h", seed=seed)
    play_singles(state, 3)
    assert state.current_player == 3 and public(state)["stock_size"] == 1
    return state


def test_y15_the_take_that_empties_the_stock_reshuffles_all_but_the_newest_group():
    state = stock_of_one("2c 3c 4c 9d 9s Qd Qs")
    older = [c for g in public(state)["discard_pile"] for c in g]
    assert len(older) == 4 and older[0] == "Kh"
    state.apply("2c")
    state.apply("draw")
    assert "5h" in hand(state, 3)  # the last card of the stock
    assert public(state)["discard_pile"] == [["2c"]]  # the newest group stays face up
    assert public(state)["stock_size"] == len(older)  # every other discard is the new stock
    check_invariants(state)
    state.apply(first_single(state))
    assert takes(state) == {"draw", "take 2c"}  # and can still be taken


def test_y15_the_new_stock_is_shuffled_with_the_states_own_random_generator():
    orders = set()
    for seed in range(1, 6):
        a = stock_of_one("2c 3c 4c 9d 9s Qd Qs", seed=seed)
        older = [c for g in public(a)["discard_pile"] for c in g]
        a.apply("2c")
        b = a.clone()
        a.apply("draw")
        b.apply("draw")
        assert a.to_json() == b.to_json()  # the same state gives the same shuffle
        drawn = []
        for seat in (4, 5, 6, 0):  # the next four draws are the reshuffled discards
            before = Counter(hand(a, seat))
            play_singles(a, 1)
            drawn += list((Counter(hand(a, seat)) - before).elements())
        assert sorted(drawn) == sorted(older)
        orders.add(tuple(drawn) == tuple(older))
    assert False in orders  # not simply in the order they were laid


def test_y15_a_run_kept_face_up_keeps_both_ends_takable():
    state = stock_of_one("2c 3c 4c 9d 9s Qd Qs")
    state.apply("2c+3c+4c")
    state.apply("draw")
    assert public(state)["discard_pile"] == [["2c", "3c", "4c"]]
    state.apply(first_single(state))
    assert takes(state) == {"draw", "take 2c", "take 4c"}


# ---- Y16-Y20: end of the round and of the match --------------------------------------------------
def test_y16_a_successful_call_scores_zero_and_the_others_their_hands():
    state = call(make(3, hand_size=2), ["As 2h", "4s 3h", "Kh Qd"])
    assert last_round(state)["success"] and last_round(state)["asaf"] == []
    assert round_points(state) == {0: 0, 1: 7, 2: 20}
    assert state.scores == [0, 7, 20]


def test_y16_someone_at_or_below_the_caller_makes_it_asaf_caller_scores_hand_plus_30():
    game = make(3, hand_size=2)
    state = call(game, ["As 2h", "3s", "Kh Qd"])  # a tie defeats the caller
    assert not last_round(state)["success"] and last_round(state)["asaf"] == [1]
    assert round_points(state) == {0: 33, 1: 3, 2: 20}
    state = call(game, ["As 2h", "2s", "Ah"])  # both below the caller
    assert last_round(state)["asaf"] == [1, 2]
    assert round_points(state) == {0: 33, 1: 2, 2: 1}


def test_y16_every_hand_is_revealed_in_the_round_summary():
    state = call(make(3, hand_size=2), ["As 2h", "4s 3h", "Kh Qd"])
    assert last_round(state)["hands"] == {"0": ["As", "2h"], "1": ["3h", "4s"], "2": ["Qd", "Kh"]}
    assert last_round(state)["hand_totals"] == {"0": 3, "1": 7, "2": 20}
    assert state.view(1)["last_round"] == state.view(0)["last_round"] == last_round(state)


def test_y17_scores_accumulate_over_rounds():
    state = call(make(3, hand_size=2), ["As 2h", "4s 3h", "Kh Qd"], scores=[10, 20, 30])
    assert state.scores == [10, 27, 50] and public(state)["scores"] == [10, 27, 50]


def test_y18_a_total_exactly_at_100_or_200_is_halved():
    state = call(make(3, hand_size=2), ["As 2h", "4s 3h", "Kh Qd"], scores=[0, 93, 180])
    assert state.scores == [0, 50, 100]
    assert sorted(last_round(state)["halved"]) == [1, 2]


def test_y18_halving_fires_even_when_the_player_scored_zero():
    state = call(make(3, hand_size=2), ["As 2h", "4s 3h", "Kh Qd"], scores=[100, 0, 0])
    assert state.scores[0] == 50 and last_round(state)["halved"] == [0]


def test_y18_halving_happens_once_per_round():
    state = call(make(3, hand_size=2, halving_at="100:50,50:25"), ["As 2h", "4s 3h", "Kh Qd"], scores=[0, 93, 0])
    assert state.scores[1] == 50  # 100 -> 50, not on to 25


def test_y18_other_totals_are_not_halved():
    state = call(make(3, hand_size=2), ["As 2h", "4s 3h", "Kh Qd"], scores=[0, 94, 179])
    assert state.scores == [0, 101, 199] and last_round(state)["halved"] == []


def test_y19_a_total_strictly_above_the_limit_eliminates():
    state = call(make(4, halving_at="none", hand_size=2), ["As", "Kd", "Ah 2h", "Kc"], scores=[0, 190, 198, 191])
    assert state.scores == [0, 200, 201, 201]
    assert last_round(state)["eliminated"] == [2, 3]
    assert public(state)["active"] == [True, True, False, False]
    assert not state.is_over


def test_y19_elimination_is_checked_after_halving():
    state = call(make(3, hand_size=2), ["As", "Kd", "Ah 2h"], scores=[0, 190, 0])
    assert state.scores[1] == 100 and public(state)["active"] == [True, True, True]


def test_y20_the_last_player_remaining_wins():
    state = call(make(3, halving_at="none", hand_size=2), ["As", "Kd 5c", "Kh 6c"], scores=[0, 195, 195])
    assert state.is_over and state.winners == [0]
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.current_player is None and state.legal_actions() == []


def test_y20_if_everyone_left_crosses_together_the_lowest_total_wins():
    state = call(make(3, halving_at="none", hand_size=2), ["As 4h", "2s 3h", "4s 5h"], scores=[199, 199, 199])
    assert state.scores == [234, 204, 208]
    assert state.is_over and state.winners == [1]


def test_y20_a_tie_among_them_plays_another_round_keeping_the_totals():
    game = make(3, halving_at="none", hand_size=2)
    state = call(game, ["As 4h", "8s", "2s 3h"], scores=[199, 196, 199])
    assert state.scores == [234, 204, 204]
    assert not state.is_over
    assert public(state)["active"] == [False, True, True]
    assert last_round(state)["eliminated"] == [0]
    assert hand(state, 0) == [] and len(hand(state, 1)) == len(hand(state, 2)) == 2
    assert state.current_player == 2  # the lower hand of the two (5 against 8)
    # the tied pair plays on: both stay above the limit, so the next round's lower total wins
    state = call(game, [None, "As", "Kd"], caller=1, scores=[234, 204, 204], out=[0])
    assert state.scores == [234, 204, 214]
    assert state.is_over and state.winners == [1]


# ---- A2 and A4: every option ----------------------------------------------------------------------------
def worth(value: int, suit: str = "s") -> str:
    """A hand text worth ``value`` points (no jokers unless 0)."""
    if value == 0:
        return "Jk"
    parts, other = [], "hdc"
    while value > 0:
        v = min(value, 10)
        parts.append("A23456789T"[v - 1] + (suit if not parts else other[len(parts) - 1]))
        value -= v
    return " ".join(parts)


@pytest.mark.parametrize("limit", [5, 7, 9, 10, 11, 13, 15])
def test_a4_yaniv_limit_values(limit):
    game = make(3, yaniv_limit=limit, hand_size=2)
    assert game.rules.yaniv_limit == limit
    state = deal(game, padded_hand(worth(limit)))
    assert state.view(0)["hand_value"] == limit and "yaniv" in legal(state)
    state = deal(game, padded_hand(worth(limit + 1)))
    assert state.view(0)["hand_value"] == limit + 1 and "yaniv" not in legal(state)
    with pytest.raises(IllegalAction, match=f"over the Yaniv limit of {limit}"):
        state.apply("yaniv")


def padded_hand(text: str) -> list:
    """Seat 0's hand of two cards (a joker added to one card), the others dealt by the seed."""
    return [text if " " in text else text + " Jk", None, None]


@pytest.mark.parametrize("spelling", [None, "unlimited", "none", "Unlimited"])
def test_a4_yaniv_limit_unlimited(spelling):
    game = make(3, yaniv_limit=spelling, hand_size=2)
    assert game.rules.yaniv_limit is None
    state = deal(game, ["Ks Kh", "2d Jk", "3c Jk"])
    assert legal(state)[0] == "yaniv"
    state.apply("yaniv")
    assert not last_round(state)["success"] and state.scores == [50, 2, 3]


def test_a2_1_elimination_limit_100_and_150():
    state = call(make(3, elimination_limit=100, halving_at="none", hand_size=2), ["As", "6d", "5c 5d"],
                 scores=[0, 95, 90])
    assert state.scores == [0, 101, 100] and last_round(state)["eliminated"] == [1]
    state = call(make(3, elimination_limit=150, halving_at="none", hand_size=2), ["As", "6d", "5c 5d"],
                 scores=[0, 145, 140])
    assert state.scores == [0, 151, 150] and last_round(state)["eliminated"] == [1]


def test_a2_2_halving_table_variants():
    state = call(make(3, halving_at={200: 150}, hand_size=2), ["As", "Td", "5c 5d"], scores=[0, 190, 90])
    assert state.scores == [0, 150, 100]  # only exactly 200 is reduced, to 150
    state = call(make(3, halving_at="none", hand_size=2), ["As", "Td", "5c 5d"], scores=[0, 190, 90])
    assert state.scores == [0, 200, 100]
    state = call(make(3, rules="japanese", hand_size=2), ["As", "5d", "4c 6c"], scores=[50, 45, 90])
    assert state.scores == [25, 25, 50]  # seed 000: 50 -> 25 and 100 -> 50


def test_a2_2_halve_only_on_change():
    # seed 000: halved from 100 to 50, then a successful Yaniv (0 points) drops it to 25 -- unless the variant
    assert call(make(3, rules="japanese", hand_size=2), ["As", "5d", "4c 6c"], scores=[50, 0, 0]).scores[0] == 25
    game = make(3, rules="japanese", halve_only_on_change=True, hand_size=2)
    state = call(game, ["As", "5d", "4c 6c"], scores=[50, 45, 90])
    assert state.scores == [50, 25, 50]  # the caller scored nothing, so stays at 50


def test_a2_4_asaf_penalty_value():
    state = call(make(3, asaf_penalty=20, hand_size=2), ["2s", "Ad", "5c 5h"])
    assert round_points(state) == {0: 22, 1: 1, 2: 10}


def test_a2_4_asaf_penalty_per_asaf_player():
    state = call(make(4, asaf_per_player=True, hand_size=2), ["3s", "Ad", "2c", "3h"])
    assert last_round(state)["asaf"] == [1, 2, 3]
    assert round_points(state)[0] == 3 + 90
    state = call(make(4, asaf_per_player=True, asaf_penalty=20, hand_size=2), ["3s", "Ad", "Kc", "3h"])
    assert round_points(state) == {0: 3 + 40, 1: 1, 2: 10, 3: 3}


def test_a2_4_lowest_asaf_player_scores_zero():
    game = make(4, asaf_winner_scores_zero=True, hand_size=2)
    assert round_points(call(game, ["3s", "Ad", "2c", "Kh"])) == {0: 33, 1: 0, 2: 2, 3: 10}
    # a tie for lowest: both score 0
    assert round_points(call(game, ["3s", "Ad", "Ac", "Kh"])) == {0: 33, 1: 0, 2: 0, 3: 10}
    # no Asaf: nothing changes
    assert round_points(call(game, ["3s", "5d", "6c", "Kh"])) == {0: 0, 1: 5, 2: 6, 3: 10}


def test_a2_5_jokers_in_sets_is_the_default():
    game = make(3, hand_size=3)
    assert game.rules.jokers_in_sets is True
    state = deal(game, ["7s Jk 2c", None, None])
    assert {"7s+Jk"} <= discards(state)
    state.apply("Jk+7s")
    assert public(state)["discard_pile"][-1] == ["7s", "Jk"] and public(state)["phase"] == "take"
    state.apply("draw")
    assert public(state)["previous_group_type"] == "set"
    state.apply(first_single(state))
    assert takes(state) == {"draw", "take 7s", "take Jk"}


def test_a2_5_jokers_in_runs_only():
    state = deal(make(3, jokers_in_sets=False, hand_size=4), ["7s Jk 2c 8s", None, None])
    assert not any(a.kind == SET for a in state.legal_actions())
    assert "7s+8s+Jk=9s" in discards(state) and "Jk" in discards(state)  # runs and a lone joker still fine
    before = state.to_json()
    with pytest.raises(IllegalAction, match="jokers are not allowed in sets"):
        state.apply("7s+Jk")
    assert state.to_json() == before


def test_a2_6_set_pick_any():
    game = make(3, set_pick_any=True)
    state = deal(game, ["9s 9h 9d 2c 3c", "2s 3s 4s 5s 6s", None], pile="Kh")
    state.apply("9s+9h+9d")
    state.apply("draw")
    state.apply("2s")
    assert takes(state) == {"draw", "take 9s", "take 9h", "take 9d"}
    assert public(state)["takeable"] == ["9s", "9h", "9d"]
    state.apply("take 9h")
    assert public(state)["discard_pile"][-2] == ["9s", "9d"]
    # runs are still taken only at their ends
    state = deal(game, ["4d 5d 6d 2c 3c", "2s 3s 4s 5s 6s", None], pile="Kh")
    state.apply("4d+5d+6d")
    state.apply("draw")
    state.apply("2s")
    assert takes(state) == {"draw", "take 4d", "take 6d"}


def test_a4_slapdown_a_drawn_card_matching_the_single_just_discarded():
    state = deal(make(3, slapdown=True, hand_size=3), ["7s 2c 3c", None, None], stock="7h")
    state.apply("7s")
    state.apply("draw")
    assert state.view(0)["phase"] == "slap" and state.view(0)["drawn"] == "7h"
    assert state.view(1)["drawn"] is None  # the others do not see the drawn card
    assert legal(state) == ["slap", "keep"] and state.current_player == 0
    state.apply("slap")
    assert public(state)["discard_pile"][-1] == ["7s", "7h"] and hand(state, 0) == ["2c", "3c"]
    assert state.current_player == 1 and public(state)["previous_group_type"] == "set"
    state.apply(first_single(state))
    assert takes(state) == {"draw", "take 7s", "take 7h"}
    check_invariants(state)


def test_a4_slapdown_keep_and_non_matching_draws():
    game = make(3, slapdown=True, hand_size=3)
    state = deal(game, ["7s 2c 3c", None, None], stock="7h")
    state.apply("7s")
    state.apply("draw")
    state.apply("keep")
    assert hand(state, 0) == ["2c", "3c", "7h"] and state.current_player == 1
    state = deal(game, ["7s 2c 3c", None, None], stock="8h")
    state.apply("7s")
    state.apply("draw")
    assert legal(state) == ["keep"]  # the phase exists anyway, so the others learn nothing from it
    with pytest.raises(IllegalAction):
        state.apply("slap")
    # only after a single: a set or run goes straight on
    state = deal(make(3, slapdown=True, hand_size=4), ["2c 3c 4c 9s", None, None], stock="5c")
    state.apply("2c+3c+4c")
    state.apply("draw")
    assert state.current_player == 1
    # not after taking from the discard pile
    state = deal(game, ["7s 2c 3c", None, None], pile="7d")
    state.apply("7s")
    state.apply("take 7d")
    assert state.current_player == 1


def test_a4_slapdown_off_by_default():
    state = deal(make(3, hand_size=3), ["7s 2c 3c", None, None], stock="7h")
    state.apply("7s")
    state.apply("draw")
    assert state.current_player == 1 and "7h" in hand(state, 0)


def test_a4_slapdown_of_a_joker_on_a_joker():
    """UNVERIFIED engine choice: a joker has no rank, so a drawn joker matches only a joker single."""
    game = make(3, slapdown=True, hand_size=3)
    state = deal(game, ["Jk 2c 3c", None, None], stock="Jk")
    state.apply("Jk")
    state.apply("draw")
    assert legal(state) == ["slap", "keep"]
    state = deal(game, ["7s 2c 3c", None, None], stock="Jk")
    state.apply("7s")
    state.apply("draw")
    assert legal(state) == ["keep"]


def joker_run_laid(game, hand1: str = "6s 2c 3c"):
    """Seat 0 has laid the run 5s+Jk=6s+7s and drawn; seat 1 (holding ``hand1``) has discarded 2c."""
    state = deal(game, ["5s Jk 7s", hand1, None], pile="Kh")
    state.apply("5s+Jk=6s+7s")
    state.apply("draw")
    state.apply("2c")
    return state


def test_a4_joker_swap():
    state = joker_run_laid(make(3, joker_swap=True, hand_size=3))
    assert takes(state) == {"draw", "take 5s", "take 7s", "swap 6s"}
    state.apply("swap 6s")
    assert hand(state, 1) == ["3c", "Jk"]
    assert public(state)["discard_pile"][-2] == ["5s", "6s", "7s"]
    assert public(state)["known"][1] == ["Jk"]  # everyone saw the joker go into the hand
    assert state.current_player == 2
    check_invariants(state)


def test_a4_joker_swap_needs_the_card_and_a_run():
    game = make(3, joker_swap=True, hand_size=3)
    assert takes(joker_run_laid(game, "8s 2c 3c")) == {"draw", "take 5s", "take 7s"}
    state = deal(game, ["6h Jk 9c", "6s 2c 3c", None], pile="Kh")
    state.apply("6h+Jk")
    state.apply("draw")
    state.apply("2c")
    assert not any(a.kind == 5 for a in state.legal_actions())
    assert "swap 6s" not in takes(joker_run_laid(make(3, hand_size=3)))  # off by default


@pytest.mark.parametrize("size", [2, 3, 4, 6, 7])
def test_a4_hand_size(size):
    state = make(4, hand_size=size).new(seed=3)
    assert public(state)["hand_sizes"] == [size] * 4
    check_invariants(state)


def test_a4_king_of_hearts_counts_zero():
    game = make(3, king_of_hearts_zero=True, hand_size=2)
    assert deal(game, ["Kh Jk", None, None]).view(0)["hand_value"] == 0
    assert deal(game, ["Kd Jk", None, None]).view(0)["hand_value"] == 10
    state = deal(make(3, king_of_hearts_zero=True, hand_size=3), ["Kh 2c 3c", None, None])
    assert state.view(0)["hand_value"] == 5 and "yaniv" in legal(state)
    assert deal(make(3, hand_size=3), ["Kh 2c 3c", None, None]).view(0)["hand_value"] == 15


def test_a2_7_next_round_starter_lowest_total():
    state = call(make(3, next_round_starter="lowest_total", hand_size=2), ["As", "2d", "5c 5h"], scores=[50, 60, 5])
    assert state.scores == [50, 62, 15]
    assert state.current_player == 2 and public(state)["dealer"] == 2


def test_a2_7_next_round_starter_rotate():
    game = make(3, next_round_starter="rotate", hand_size=2)
    state = call(game, ["As", "2d", "5c 5h"], caller=0)
    assert state.current_player == 1 and public(state)["dealer"] == 1
    state = call(game, ["2d", "5c 5h", "As"], caller=2)
    assert state.current_player == 0 and public(state)["dealer"] == 0


def test_a4_end_on_first_elimination():
    game = make(3, end_on_first_elimination=True, halving_at="none", hand_size=2)
    state = call(game, ["As", "5d 5h", "5c"], scores=[30, 195, 20])
    assert state.scores == [30, 205, 25]
    assert state.is_over and state.winners == [2]
    state = call(game, ["As", "5d 5h", "5c"], scores=[30, 195, 25])
    assert state.scores == [30, 205, 30]
    assert state.is_over and state.winners == [0, 2]  # a tie for the lowest total shares the win


def test_a4_single_round_caller_wins_if_lowest():
    game = make(3, single_round=True, hand_size=2)
    assert game.new(seed=1).scores == [0, 0, 0]
    state = call(game, ["As", "5d 5h", "5c"])
    assert state.is_over and state.winners == [0] and state.returns() == [1.0, 0.0, 0.0]
    assert state.scores == [0, 10, 5] and state.hands_played == 1


def test_a4_single_round_otherwise_the_lowest_hand_wins():
    game = make(4, single_round=True, hand_size=2)
    state = call(game, ["4s", "4d", "3c", "Kh"])
    assert state.is_over and state.winners == [2] and state.scores == [34, 4, 3, 10]
    state = call(game, ["4s", "4d", "4c", "Kh"])
    assert state.winners == [1, 2]  # the caller's tie makes it Asaf; the tied non-callers share the win
    assert state.returns() == [0.0, 0.5, 0.5, 0.0]


def test_a4_single_round_ignores_totals_halving_and_elimination():
    state = call(make(3, single_round=True, hand_size=2), ["As", "Kd Kh", "5c"])
    assert state.is_over and state.scores == [0, 20, 5]
    assert last_round(state)["halved"] == [] and last_round(state)["eliminated"] == []


def emptied_by_slapdown(game):
    """Seat 0 slaps down twice (7s then 7h, 7d then 7c) and holds nothing; seat 1 is next to play."""
    state = deal(game, ["7s 7d", "Kd Kh"], stock="7h Qs 7c Qd")
    for single in ("7s", "Kd", "7d", "Kh"):
        state.apply(single)
        state.apply("draw")
        state.apply("slap" if "slap" in legal(state) else "keep")
    return state


def test_a4_slapdown_can_empty_a_hand_which_then_can_only_call():
    """UNVERIFIED engine behaviour: slapping the last card leaves an empty hand (total 0), so the next turn's
    only legal action is to call Yaniv."""
    state = emptied_by_slapdown(make(2, slapdown=True, hand_size=2))
    assert hand(state, 0) == [] and state.view(0)["hand_value"] == 0
    assert legal(state) == ["yaniv"]
    state.apply("yaniv")
    assert last_round(state)["success"] and last_round(state)["hand_totals"]["0"] == 0


def test_a2_7_rotate_moves_the_start_on_by_one_seat_each_round_also_from_left_of_dealer():
    game = make(3, next_round_starter="rotate", first_round_starter="left_of_dealer")
    state = game.new(seed=2)
    starters = [state.current_player]
    rng = random.Random(2)
    while len(starters) < 5 and not state.is_over:
        round_no = state.hands_played
        state.apply("yaniv" if "yaniv" in legal(state) else rng.choice(state.legal_actions()))
        if state.hands_played != round_no and not state.is_over:
            starters.append(state.current_player)
    assert starters[:5] == [1, 2, 0, 1, 2]

