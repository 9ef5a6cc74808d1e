"""One test (or more) per Yaniv rule Y1-Y20 of RULES.md section A1, built from positions set up directly."""
from __future__ import annotations

from collections import Counter

import pytest

import gamenight
from gamenight import IllegalAction, RulesError
from gamenight.core.cards import JOKER
from gamenight.core.rng import Rng
from gamenight.yaniv.actions import RUN, SET, SINGLE
from gamenight.yaniv.state import TAKE_PHASE, TURN

from yaniv_helpers import all_cards, call, cards, check_invariants, make, names, position, round_points, texts


def legal(state) -> list[str]:
    return texts(state.legal_actions())


def discards(state) -> set[str]:
    return {str(a) for a in state.legal_actions() if a.is_discard}


def takes(state) -> set[str]:
    return {str(a) for a in state.legal_actions() if not a.is_discard}


# ---- Y1-Y5: components, players, values, order --------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 9))
def test_y1_two_to_eight_players(players):
    state = make(players).new(seed=players)
    assert state.game.num_players == players
    assert [len(h) for h in state.hands] == [5] * players
    assert state.active == [True] * players


@pytest.mark.parametrize("players", [0, 1, 9, 12, True, "4"])
def test_y1_other_player_counts_are_refused(players):
    with pytest.raises(RulesError, match="players|whole number"):
        make(players)


@pytest.mark.parametrize("players", [2, 3])
def test_y2_one_pack_of_54_below_the_threshold(players):
    game = make(players)
    deck = Counter(game.deck())
    assert sum(deck.values()) == 54 and deck[JOKER] == 2 and all(deck[k] == 1 for k in range(52))
    assert all_cards(game.new(seed=1)) == deck


@pytest.mark.parametrize("players", [4, 5, 8])
def test_y2_two_packs_of_108_from_four_players(players):
    game = make(players)
    deck = Counter(game.deck())
    assert sum(deck.values()) == 108 and deck[JOKER] == 4 and all(deck[k] == 2 for k in range(52))
    assert all_cards(game.new(seed=1)) == deck


def test_y2_the_threshold_is_a_parameter():
    assert len(make(4, double_deck_from_players=5).deck()) == 54
    assert len(make(5, double_deck_from_players=5).deck()) == 108
    assert len(make(2, double_deck_from_players=2).deck()) == 108
    assert len(make(8, double_deck_from_players=9).deck()) == 54  # 9 = never


def test_y2_two_packs_are_kept_after_eliminations_bring_the_count_below_the_threshold():
    game = make(4)
    state = call(game, ["As", "Kc Kd", "Qc Qd", "Jc Jd"], totals=[0, 0, 0, 195], pile=["9h"])
    assert state.last_round["eliminated"] == [3]
    assert state.active == [True, True, True, False]
    assert not state.is_over and state.round_no == 2
    assert all_cards(state) == Counter(game.deck()) and len(game.deck()) == 108
    assert [len(h) for h in state.hands] == [5, 5, 5, 0]


def test_y3_card_values():
    game = make(3)
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10,
                "J": 10, "Q": 10, "K": 10}
    for suit in "shdc":
        for rank, value in expected.items():
            assert game.values[cards(rank + suit)[0]] == value
    assert game.values[JOKER] == 0
    state = position(game, ["As 2h Jk Kc Td", "5s", "5h"])
    assert state.hand_value(0) == 23
    assert state.view(0)["hand_value"] == 23


def test_y4_no_wrap_around_in_runs():
    game = make(3)
    state = position(game, ["Qs Ks As 2s 3h", "5s", "5h"])
    assert not any(a.kind == RUN for a in state.legal_actions())
    for text in ("Qs+Ks+As", "Ks+As+2s", "Jk=Ks+As+2s", "Qs+Ks+Jk=As"):
        with pytest.raises(IllegalAction):
            game.parse_action(text)
    state = position(game, ["As 2s 3s 9h 9d", "5s", "5h"])
    assert "As+2s+3s" in discards(state)  # A is low: A-2-3 is a run
    state = position(game, ["Js Qs Ks 9h 9d", "5s", "5h"])
    assert "Js+Qs+Ks" in discards(state)


def test_y5_turn_order_is_seat_after_seat_and_skips_the_eliminated():
    game = make(3)
    state = position(game, ["2s 3s", "4s 5s", "6s 7s"], pile=["Kc"])
    for expected_next in (1, 2, 0, 1):
        seat = state.current_player
        state.apply(str(next(a for a in state.legal_actions() if a.is_discard)))
        state.apply("draw")
        assert state.current_player == expected_next, f"after seat {seat}"
    state = position(game, ["2s 3s", "", "6s 7s"], active=[True, False, True])
    state.apply("2s")
    state.apply("draw")
    assert state.current_player == 2


# ---- Y6-Y8: the deal and who starts -------------------------------------------------------------------
@pytest.mark.parametrize("players,hand_size", [(2, 5), (3, 5), (4, 5), (8, 5), (3, 7), (6, 7)])
def test_y6_y7_deal_one_card_at_a_time_from_the_dealers_left_then_the_upcard(players, hand_size):
    game = make(players, hand_size=hand_size)
    state = game.new(seed=42)
    deck = game.deck()
    Rng(42).shuffle(deck)
    hands = [[] for _ in range(players)]
    dealer = 0
    for _ in range(hand_size):
        for i in range(1, players + 1):  # the dealer's left first, the dealer last
            hands[(dealer + i) % players].append(deck.pop())
    upcard = deck.pop()
    assert state.hands == [sorted(h) for h in hands]
    assert state.pile == [[upcard]]  # Y7: the upcard starts the discard pile
    assert state.stock == deck  # the rest, face down
    assert state.dealer == dealer
    assert state.view(None)["previous_group"] == names([upcard])


def test_y7_the_upcard_counts_as_the_previous_players_group():
    game = make(3)
    state = position(game, ["2s 3s 4h 5h 6h", "4s 5s", "6s 7s"], pile=["Qd"])
    assert state.prev_kind == SINGLE
    state.apply("2s")
    assert takes(state) == {"draw", "take Qd"}
    state.apply("take Qd")
    assert "Qd" in names(state.hands[0])


def test_y8_the_dealer_plays_first_in_the_first_round():
    for seed in range(5):
        state = make(4).new(seed=seed)
        assert state.dealer == 0 and state.current_player == 0


def test_y8_later_rounds_start_with_the_lowest_hand_who_also_deals():
    game = make(4)
    state = call(game, ["2s", "Ks Kd", "3d", "4h 4d"], caller=0, pile=["9h"])
    assert state.last_round["success"]
    assert state.round_no == 2 and state.current_player == 0 and state.dealer == 0  # the caller had the lowest
    state = call(game, ["5s", "Ks Kd", "3d", "4h 4d"], caller=0, pile=["9h"])
    assert state.current_player == 2 and state.dealer == 2  # seat 2 held 3


def test_y8_ties_are_broken_from_the_callers_left_and_the_caller_comes_last():
    game = make(4)
    # caller 1 and seat 3 both hold 3 (the call fails); seat 3 is first after the caller among the tied
    state = call(game, ["Ks Kd", "3s", "9d", "3h"], caller=1, pile=["9h"])
    assert not state.last_round["success"]
    assert state.current_player == 3 and state.dealer == 3
    # seats 0 and 2 tie below the caller: counting from the caller's left (seat 2) seat 2 comes first
    state = call(game, ["2s", "3s", "2h", "Kd"], caller=1, pile=["9h"])
    assert state.current_player == 2
    # caller 3 ties with seat 0: order after the caller is 0, 1, 2, 3 -> seat 0
    state = call(game, ["4s", "Ks", "Kh", "4h"], caller=3, pile=["9h"])
    assert state.current_player == 0


def test_y8_eliminated_players_are_skipped_when_choosing_the_starter_and_in_the_deal():
    game = make(4, halving_at="none")
    # seat 2 holds the lowest hand but is eliminated by it: the starter is the lowest among those left
    state = call(game, ["2s", "Kd", "As", "5h"], caller=0, totals=[0, 0, 200, 0], pile=["9h"])
    assert state.last_round["eliminated"] == [2]
    assert state.current_player == 0
    assert state.hands[2] == [] and len(state.hands[0]) == 5


# ---- Y9-Y14: a turn -----------------------------------------------------------------------------------
def test_y9_a_hand_at_or_below_the_limit_may_call_before_discarding():
    game = make(3)
    state = position(game, ["2s 3h", "Ks", "Kh"])  # 5
    assert legal(state)[0] == "yaniv"
    assert "2s" in legal(state)  # calling is optional
    state = position(game, ["2s 4h", "Ks", "Kh"])  # 6
    assert "yaniv" not in legal(state)


def test_y9_no_call_after_discarding():
    game = make(3)
    state = position(game, ["2s 3h As", "Ks", "Kh"])
    state.apply("As")
    assert state.phase == TAKE_PHASE and "yaniv" not in legal(state)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="yaniv is not legal"):
        state.apply("yaniv")
    assert state.to_json() == before


def test_y9_a_call_ends_the_round():
    state = call(make(3), ["2s 3h", "Ks", "Kh"])
    assert state.last_round["caller"] == 0 and state.round_no == 2 and state.phase == TURN


def test_y10_discard_one_group_then_take_one_card_then_the_turn_passes():
    game = make(3)
    state = position(game, ["7s 7h 2c 9d Kh", "4s", "5s"])
    state.apply("7s+7h")
    assert state.current_player == 0 and state.phase == TAKE_PHASE
    assert all(not a.is_discard for a in state.legal_actions())  # only one group per turn
    state.apply("draw")
    assert state.current_player == 1 and state.phase == TURN


def test_y11_single_any_card_including_a_joker():
    state = position(make(3), ["Jk 7s Kd Kh Ac", "4s", "5s"])
    assert {"Jk", "7s", "Kd", "Kh", "Ac"} <= discards(state)


def test_y11_sets_of_two_or_more_equal_ranks_in_any_suits():
    state = position(make(3, jokers_in_sets=False), ["9s 9h 9d 9c 2s", "4s", "5s"])
    sets = {frozenset(a.cards) for a in state.legal_actions() if a.kind == SET}
    nines = cards("9s 9h 9d 9c")
    expected = {frozenset(c) for size in (2, 3, 4) for c in __import__("itertools").combinations(nines, size)}
    assert sets == expected  # 6 pairs + 4 triples + 1 four


def test_y11_identical_cards_of_two_packs_form_a_set():
    """A2-12: with two packs 7s+7s is a set."""
    state = position(make(4), ["7s 7s 2c", "4s", "5s", "6s"])
    assert "7s+7s" in discards(state)
    state.apply("7s+7s")
    assert state.pile[-1] == cards("7s 7s") and state.hands[0] == cards("2c")


def test_y11_runs_need_three_consecutive_ranks_in_one_suit():
    game = make(3, jokers_in_sets=False)
    state = position(game, ["5s 6s 7s 8h 9s", "4s", "4h"])
    runs = {str(a) for a in state.legal_actions() if a.kind == RUN}
    assert runs == {"5s+6s+7s"}  # 8h is another suit; 5-6-7-9 has a gap
    for text in ("5s+6s+7s+9s", "6s+7s+8h", "5s+6s"):
        with pytest.raises(IllegalAction):
            state.clone().apply(text)


def test_y11_jokers_fill_one_position_each_and_may_stand_at_either_end():
    state = position(make(3, jokers_in_sets=False), ["5s 7s Jk 2h 9c", "4s", "4h"])
    runs = {str(a) for a in state.legal_actions() if a.kind == RUN}
    assert runs == {"5s+Jk=6s+7s"}
    state = position(make(4, jokers_in_sets=False), ["5s Jk Jk 2h 9c", "4s", "4h", "Kd"])
    runs = {str(a) for a in state.legal_actions() if a.kind == RUN and "5s" in str(a)}
    assert runs == {"Jk=3s+Jk=4s+5s", "Jk=4s+5s+Jk=6s", "5s+Jk=6s+Jk=7s"}


def test_y11_a_group_needs_a_natural_card():
    game = make(4)
    state = position(game, ["Jk Jk Jk 2h", "4s", "4h", "Kd"])
    assert {str(a) for a in state.legal_actions() if a.is_discard} == {"2h", "Jk", "2h+Jk", "2h+Jk+Jk",
                                                                        "Jk+2h+Jk", "2h+Jk+Jk+Jk", "Jk+2h+Jk+Jk",
                                                                        "Jk=Ah+2h+Jk=3h", "2h+Jk=3h+Jk=4h",
                                                                        "Jk=Ah+2h+Jk=3h+Jk=4h",
                                                                        "2h+Jk=3h+Jk=4h+Jk=5h"}
    for text in ("Jk+Jk", "Jk+Jk+Jk", "Jk=2s+Jk=3s+Jk=4s"):
        with pytest.raises(IllegalAction, match="natural"):
            game.parse_action(text)


def test_y11_only_one_group_per_turn():
    game = make(3)
    state = position(game, ["3c 3d Qs Qh 2s", "4s", "4h"])
    with pytest.raises(IllegalAction):
        state.apply("3c+3d+Qs+Qh")
    assert not any(len(a.cards) == 4 for a in state.legal_actions())


def test_y12_a_run_is_laid_in_ascending_order():
    game = make(3)
    state = position(game, ["5s 6s 7s 2h 9c", "4s", "4h"])
    before = state.to_json()
    with pytest.raises(IllegalAction, match="neither a set"):
        state.apply("7s+6s+5s")
    assert state.to_json() == before
    state.apply("5s+6s+7s")
    assert state.pile[-1] == cards("5s 6s 7s")


def test_y12_a_set_is_laid_in_the_order_the_player_chooses_and_its_ends_are_what_matter():
    game = make(3)
    assert game.parse_action("7h+7s") is game.parse_action("7s+7h")
    assert game.parse_action("7d+7h+7s") is game.parse_action("7s+7h+7d")
    assert game.parse_action("7s+7d+7h") is not game.parse_action("7s+7h+7d")  # other ends
    state = position(game, ["7s 7h 7d 2c 3c", "4s", "4h"])
    state.apply("7h+7s+7d")  # 7h and 7d at the ends
    state.apply("draw")
    state.apply("4s")
    assert takes(state) == {"draw", "take 7h", "take 7d"}


def test_y12_a_run_names_the_card_each_joker_stands_for():
    game = make(3)
    action = game.parse_action("5s+Jk=6s+7s")
    assert action.kind == RUN and action.cards == tuple(cards("5s Jk 7s")) and action.run_start == cards("5s")[0]
    assert game.parse_action("Jk=4s+5s+6s") is not game.parse_action("5s+6s+Jk=7s")


def test_y13_take_the_first_or_last_card_of_the_previous_group_or_the_stock_top():
    game = make(3)
    state = position(game, ["2c 3c", "4s", "4h"], pile=["Kh", "9s 9h 9d"], prev_kind=SET)
    state.apply("2c")
    assert takes(state) == {"draw", "take 9s", "take 9d"}
    for bad in ("take 9h", "take Kh", "take 2c"):
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_json() == before
    top = state.stock[-1]
    state.apply("draw")
    assert top in state.hands[0]


def test_y13_the_taken_card_leaves_the_group_and_is_known_to_the_others():
    game = make(3)
    state = position(game, ["2c 3c", "4s", "4h"], pile=["Kh", "4d 5d 6d"], prev_kind=RUN, prev_start=cards("4d")[0])
    state.apply("2c")
    state.apply("take 6d")
    assert state.pile[-2] == cards("4d 5d")
    assert state.known[0] == cards("6d")
    assert state.view(1)["known"][0] == ["6d"]


def test_y13_never_from_the_players_own_just_discarded_group():
    game = make(3)
    state = position(game, ["2c 3c 4c 8h", "4s", "4h"], pile=["Kh"])
    state.apply("2c+3c+4c")
    assert takes(state) == {"draw", "take Kh"}


def test_y14_discarding_k_cards_and_taking_one_shrinks_the_hand_by_k_minus_one():
    game = make(3)
    for discard, size in (("2c", 5), ("9s+9h", 4), ("2c+3c+4c", 3)):
        state = position(game, ["2c 3c 4c 9s 9h", "4s", "4h"])
        state.apply(discard)
        state.apply("draw")
        assert len(state.hands[0]) == size


# ---- Y15: the stock runs out ------------------------------------------------------------------------
def stock_of_one(game, hands, last_group="Kh", prev_kind=None, prev_start=-1):
    state = position(game, hands, pile=[last_group], prev_kind=prev_kind, prev_start=prev_start)
    older = state.stock[:-1]
    state.stock = state.stock[-1:]
    state.pile = [older[:10], older[10:]] + state.pile
    check_invariants(state)
    return state


def test_y15_the_take_that_empties_the_stock_reshuffles_all_but_the_newest_group():
    game = make(3)
    state = stock_of_one(game, ["2c 3c", "4s", "4h"])
    older = Counter(c for g in state.pile for c in g)
    last = state.stock[0]
    state.apply("2c")
    state.apply("draw")
    assert last in state.hands[0]
    assert state.pile == [cards("2c")]  # the newest group stays face up
    assert Counter(state.stock) == older  # every other discard (Kh and the older groups) is the new stock
    check_invariants(state)
    assert takes_for_next(state) == {"draw", "take 2c"}  # and can still be taken


def takes_for_next(state) -> set[str]:
    state.apply(str(next(a for a in state.legal_actions() if a.is_discard)))
    return takes(state)


def test_y15_the_new_stock_is_shuffled_with_the_states_own_random_generator():
    game = make(3)
    a = stock_of_one(game, ["2c 3c", "4s", "4h"])
    order = [c for g in a.pile for c in g]
    a.apply("2c")
    b = a.clone()
    a.apply("draw")
    b.apply("draw")
    assert a.stock == b.stock  # the same state gives the same shuffle
    assert a.stock != order and a.stock != order[::-1]


def test_y15_a_run_kept_face_up_keeps_both_ends_takable():
    game = make(3)
    state = stock_of_one(game, ["2c 3c 4c 9d", "4s", "4h"])
    state.apply("2c+3c+4c")
    state.apply("draw")
    assert state.pile == [cards("2c 3c 4c")]
    assert takes_for_next(state) == {"draw", "take 2c", "take 4c"}


# ---- Y16-Y20: end of the round and of the match --------------------------------------------------
def test_y16_a_successful_call_scores_zero_and_the_others_their_hands():
    state = call(make(3), ["As 2h", "4s 3h", "Kh Qd"])
    assert state.last_round["success"] and state.last_round["asaf"] == []
    assert round_points(state) == {0: 0, 1: 7, 2: 20}
    assert state.totals == [0, 7, 20]


def test_y16_someone_at_or_below_the_caller_makes_it_asaf_caller_scores_hand_plus_30():
    state = call(make(3), ["As 2h", "3s", "Kh Qd"])  # a tie defeats the caller
    assert not state.last_round["success"] and state.last_round["asaf"] == [1]
    assert round_points(state) == {0: 33, 1: 3, 2: 20}
    state = call(make(3), ["As 2h", "2s", "Ah"])  # both below the caller
    assert state.last_round["asaf"] == [1, 2]
    assert round_points(state) == {0: 33, 1: 2, 2: 1}


def test_y16_every_hand_is_revealed_in_the_round_summary():
    state = call(make(3), ["As 2h", "4s 3h", "Kh Qd"])
    assert state.last_round["hands"] == {"0": ["As", "2h"], "1": ["4s", "3h"], "2": ["Kh", "Qd"]}
    assert state.last_round["hand_totals"] == {"0": 3, "1": 7, "2": 20}
    assert state.view(1)["last_round"] == state.last_round


def test_y17_scores_accumulate_over_rounds():
    state = call(make(3), ["As 2h", "4s 3h", "Kh Qd"], totals=[10, 20, 30])
    assert state.totals == [10, 27, 50]
    assert state.scores == [10, 27, 50]


def test_y18_a_total_exactly_at_100_or_200_is_halved():
    state = call(make(3), ["As 2h", "4s 3h", "Kh Qd"], totals=[0, 93, 180])
    assert state.totals == [0, 50, 100]
    assert sorted(state.last_round["halved"]) == [1, 2]


def test_y18_halving_fires_even_when_the_player_scored_zero():
    state = call(make(3), ["As 2h", "4s 3h", "Kh Qd"], totals=[100, 0, 0])
    assert state.totals[0] == 50 and state.last_round["halved"] == [0]


def test_y18_halving_happens_once_per_round():
    state = call(make(3, halving_at="100:50,50:25"), ["As 2h", "4s 3h", "Kh Qd"], totals=[0, 93, 0])
    assert state.totals[1] == 50  # 100 -> 50, not on to 25


def test_y18_other_totals_are_not_halved():
    state = call(make(3), ["As 2h", "4s 3h", "Kh Qd"], totals=[0, 94, 179])
    assert state.totals == [0, 101, 199] and state.last_round["halved"] == []


def test_y19_a_total_strictly_above_the_limit_eliminates():
    game = make(4, halving_at="none")
    state = call(game, ["As", "Kd", "Ah 2h", "Kc"], totals=[0, 190, 198, 191])
    assert state.totals == [0, 200, 201, 201]
    assert state.last_round["eliminated"] == [2, 3]
    assert state.active == [True, True, False, False]
    assert not state.is_over


def test_y19_elimination_is_checked_after_halving():
    state = call(make(3), ["As", "Kd", "Ah 2h"], totals=[0, 190, 0])
    assert state.totals[1] == 100 and state.active == [True, True, True]


def test_y20_the_last_player_remaining_wins():
    game = make(3, halving_at="none")
    state = call(game, ["As", "Kd", "Kh"], totals=[0, 195, 195])
    assert state.is_over and state.winners == [0]
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.current_player is None and state.legal_actions() == []


def test_y20_if_everyone_left_crosses_together_the_lowest_total_wins():
    game = make(3, halving_at="none")
    state = call(game, ["As 4h", "2s 3h", "4s 5h"], totals=[199, 199, 199])
    assert state.totals == [234, 204, 208]
    assert state.is_over and state.winners == [1]


def test_y20_a_tie_among_them_plays_another_round_keeping_the_totals():
    game = make(3, halving_at="none")
    state = call(game, ["As 4h", "8s", "2s 3h"], totals=[199, 196, 199])
    assert state.totals == [234, 204, 204]
    assert not state.is_over
    assert state.active == [False, True, True]
    assert state.last_round["eliminated"] == [0]
    assert state.hands[0] == [] and len(state.hands[1]) == len(state.hands[2]) == 5
    assert state.current_player == 2  # the lower hand of the two (5 against 8)
    # the tied pair plays on: both stay above the limit, so the next round's lower total wins
    state = call(game, ["", "As", "Kd"], caller=1, totals=[234, 204, 204], active=[False, True, True])
    assert state.totals == [234, 204, 214]
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
    game = make(3, yaniv_limit=limit)
    assert game.rules.yaniv_limit == limit
    state = position(game, [worth(limit), "Kd", "Kc"])
    assert state.hand_value(0) == limit and "yaniv" in legal(state)
    state = position(game, [worth(limit + 1), "Kd", "Kc"])
    assert state.hand_value(0) == limit + 1 and "yaniv" not in legal(state)
    with pytest.raises(IllegalAction, match=f"over the Yaniv limit of {limit}"):
        state.apply("yaniv")


@pytest.mark.parametrize("spelling", [None, "unlimited", "none", "Unlimited"])
def test_a4_yaniv_limit_unlimited(spelling):
    game = make(3, yaniv_limit=spelling)
    assert game.rules.yaniv_limit is None
    state = position(game, ["Ks Kh Kd Qs Qh", "2d", "3c"])
    assert legal(state)[0] == "yaniv"
    state.apply("yaniv")
    assert not state.last_round["success"] and state.totals == [80, 2, 3]


def test_a2_1_elimination_limit_100_and_150():
    state = call(make(3, elimination_limit=100, halving_at="none"), ["As", "6d", "Kc"], totals=[0, 95, 90])
    assert state.totals == [0, 101, 100] and state.last_round["eliminated"] == [1]
    state = call(make(3, elimination_limit=150, halving_at="none"), ["As", "6d", "Kc"], totals=[0, 145, 140])
    assert state.totals == [0, 151, 150] and state.last_round["eliminated"] == [1]


def test_a2_2_halving_table_variants():
    state = call(make(3, halving_at={200: 150}), ["As", "Td", "Kc"], totals=[0, 190, 90])
    assert state.totals == [0, 150, 100]  # only exactly 200 is reduced, to 150
    state = call(make(3, halving_at="none"), ["As", "Td", "Kc"], totals=[0, 190, 90])
    assert state.totals == [0, 200, 100]
    state = call(make(3, rules="seed000"), ["As", "5d", "Kc"], totals=[50, 45, 90])
    assert state.totals == [25, 25, 50]  # seed 000: 50 -> 25 and 100 -> 50


def test_a2_2_halve_only_on_change():
    # seed 000: halved from 100 to 50, then a successful Yaniv (0 points) drops it to 25 -- unless the variant
    assert call(make(3, rules="seed000"), ["As", "5d", "Kc"], totals=[50, 0, 0]).totals[0] == 25
    game = make(3, rules="seed000", halve_only_on_change=True)
    state = call(game, ["As", "5d", "Kc"], totals=[50, 45, 90])
    assert state.totals == [50, 25, 50]  # the caller scored nothing, so stays at 50


def test_a2_4_asaf_penalty_value():
    state = call(make(3, asaf_penalty=20), ["2s", "Ad", "Kc"])
    assert round_points(state) == {0: 22, 1: 1, 2: 10}


def test_a2_4_asaf_penalty_per_asaf_player():
    state = call(make(4, asaf_per_player=True), ["3s", "Ad", "2c", "3h"])
    assert state.last_round["asaf"] == [1, 2, 3]
    assert round_points(state)[0] == 3 + 90
    state = call(make(4, asaf_per_player=True, asaf_penalty=20), ["3s", "Ad", "Kc", "3h"])
    assert round_points(state) == {0: 3 + 40, 1: 1, 2: 10, 3: 3}


def test_a2_4_lowest_asaf_player_scores_zero():
    state = call(make(4, asaf_winner_scores_zero=True), ["3s", "Ad", "2c", "Kh"])
    assert round_points(state) == {0: 33, 1: 0, 2: 2, 3: 10}
    state = call(make(4, asaf_winner_scores_zero=True), ["3s", "Ad", "Ac", "Kh"])
    assert round_points(state) == {0: 33, 1: 0, 2: 0, 3: 10}  # a tie for lowest: both score 0
    state = call(make(4, asaf_winner_scores_zero=True), ["3s", "5d", "6c", "Kh"])
    assert round_points(state) == {0: 0, 1: 5, 2: 6, 3: 10}  # no Asaf: nothing changes


def test_a2_5_jokers_in_sets_is_the_default():
    game = make(3)
    assert game.rules.jokers_in_sets is True
    state = position(game, ["7s Jk 2c", "Kd", "Kc"])
    assert {"7s+Jk"} <= discards(state)
    state.apply("Jk+7s")
    assert state.pile[-1] == cards("7s Jk") and state.phase == TAKE_PHASE
    state.apply("draw")
    assert state.prev_kind == SET
    state.apply("Kd")
    assert takes(state) == {"draw", "take 7s", "take Jk"}


def test_a2_5_jokers_in_runs_only():
    game = make(3, jokers_in_sets=False)
    state = position(game, ["7s Jk 2c 8s", "Kd", "Kc"])
    assert not any(a.kind == SET for a in state.legal_actions())
    assert "7s+8s+Jk=9s" in discards(state) and "Jk" in discards(state)  # runs and a lone joker still fine
    before = state.to_json()
    with pytest.raises(IllegalAction, match="jokers are not allowed in sets"):
        state.apply("7s+Jk")
    assert state.to_json() == before


def test_a2_6_set_pick_any():
    game = make(3, set_pick_any=True)
    state = position(game, ["2c 3c", "4s", "4h"], pile=["Kh", "9s 9h 9d"], prev_kind=SET)
    state.apply("2c")
    assert takes(state) == {"draw", "take 9s", "take 9h", "take 9d"}
    state.apply("take 9h")
    assert state.pile[-2] == cards("9s 9d")
    # runs are still taken only at their ends
    state = position(game, ["2c 3c", "4s", "4h"], pile=["Kh", "4d 5d 6d"], prev_kind=RUN,
                     prev_start=cards("4d")[0])
    state.apply("2c")
    assert takes(state) == {"draw", "take 4d", "take 6d"}


def test_a4_slapdown_a_drawn_card_matching_the_single_just_discarded():
    game = make(3, slapdown=True)
    state = position(game, ["7s 2c 3c", "4s", "4h"], top="7h")
    state.apply("7s")
    state.apply("draw")
    assert state.view(0)["phase"] == "slap" and state.view(0)["drawn"] == "7h"
    assert state.view(1)["drawn"] is None  # the others do not see the drawn card
    assert legal(state) == ["slap", "keep"] and state.current_player == 0
    state.apply("slap")
    assert state.pile[-1] == cards("7s 7h") and state.hands[0] == cards("2c 3c")
    assert state.current_player == 1 and state.prev_kind == SET
    state.apply("4s")
    assert takes(state) == {"draw", "take 7s", "take 7h"}
    check_invariants(state)


def test_a4_slapdown_keep_and_non_matching_draws():
    game = make(3, slapdown=True)
    state = position(game, ["7s 2c 3c", "4s", "4h"], top="7h")
    state.apply("7s")
    state.apply("draw")
    state.apply("keep")
    assert state.hands[0] == cards("7h 2c 3c") and state.current_player == 1
    state = position(game, ["7s 2c 3c", "4s", "4h"], top="8h")
    state.apply("7s")
    state.apply("draw")
    assert legal(state) == ["keep"]  # the phase exists anyway, so the others learn nothing from it
    with pytest.raises(IllegalAction):
        state.apply("slap")
    # only after a single: a set or run goes straight on
    state = position(game, ["2c 3c 4c 9s", "4s", "4h"], top="5c")
    state.apply("2c+3c+4c")
    state.apply("draw")
    assert state.current_player == 1
    # not after taking from the discard pile
    state = position(game, ["7s 2c 3c", "4s", "4h"], pile=["7d"])
    state.apply("7s")
    state.apply("take 7d")
    assert state.current_player == 1


def test_a4_slapdown_off_by_default():
    game = make(3)
    state = position(game, ["7s 2c 3c", "4s", "4h"], top="7h")
    state.apply("7s")
    state.apply("draw")
    assert state.current_player == 1 and "7h" in names(state.hands[0])


def test_a4_slapdown_of_a_joker_on_a_joker():
    """UNVERIFIED engine choice: a joker has no rank, so a drawn joker matches only a joker single."""
    game = make(3, slapdown=True)
    state = position(game, ["Jk 2c 3c", "4s", "4h"], top="Jk")
    state.apply("Jk")
    state.apply("draw")
    assert legal(state) == ["slap", "keep"]
    state = position(game, ["7s 2c 3c", "4s", "4h"], top="Jk")
    state.apply("7s")
    state.apply("draw")
    assert legal(state) == ["keep"]


def test_a4_joker_swap():
    game = make(3, joker_swap=True)
    run_start = cards("5s")[0]
    state = position(game, ["6s 2c 3c", "4h", "4d"], pile=["Kh", "5s Jk 7s"], prev_kind=RUN, prev_start=run_start)
    state.apply("2c")
    assert takes(state) == {"draw", "take 5s", "take 7s", "swap 6s"}
    state.apply("swap 6s")
    assert state.hands[0] == sorted(cards("3c Jk"))
    assert state.pile[-2] == cards("5s 6s 7s")
    assert state.known[0] == [JOKER]  # everyone saw the joker go into the hand
    assert state.current_player == 1
    check_invariants(state)


def test_a4_joker_swap_needs_the_card_and_a_run():
    game = make(3, joker_swap=True)
    run_start = cards("5s")[0]
    state = position(game, ["8s 2c 3c", "4h", "4d"], pile=["Kh", "5s Jk 7s"], prev_kind=RUN, prev_start=run_start)
    state.apply("2c")
    assert takes(state) == {"draw", "take 5s", "take 7s"}
    state = position(game, ["6s 2c 3c", "4h", "4d"], pile=["Kh", "6h Jk"], prev_kind=SET)
    state.apply("2c")
    assert not any(a.kind == 5 for a in state.legal_actions())
    state = position(make(3), ["6s 2c 3c", "4h", "4d"], pile=["Kh", "5s Jk 7s"], prev_kind=RUN, prev_start=run_start)
    state.apply("2c")
    assert "swap 6s" not in takes(state)  # off by default


@pytest.mark.parametrize("size", [2, 3, 4, 6, 7])
def test_a4_hand_size(size):
    game = make(4, hand_size=size)
    state = game.new(seed=3)
    assert [len(h) for h in state.hands] == [size] * 4
    check_invariants(state)


def test_a4_king_of_hearts_counts_zero():
    game = make(3, king_of_hearts_zero=True)
    assert game.values[cards("Kh")[0]] == 0 and game.values[cards("Kd")[0]] == 10
    state = position(game, ["Kh 2c 3c", "Kd", "Ks"])
    assert state.hand_value(0) == 5 and "yaniv" in legal(state)
    assert position(make(3), ["Kh 2c 3c", "Kd", "Ks"]).hand_value(0) == 15


def test_a2_7_next_round_starter_lowest_total():
    game = make(3, next_round_starter="lowest_total")
    state = call(game, ["As", "2d", "Kc"], totals=[50, 60, 5])
    assert state.totals == [50, 62, 15]
    assert state.current_player == 2 and state.dealer == 2


def test_a2_7_next_round_starter_rotate():
    game = make(3, next_round_starter="rotate")
    state = call(game, ["As", "2d", "Kc"], dealer=0)
    assert state.current_player == 1 and state.dealer == 1
    state = call(game, ["As", "2d", "Kc"], dealer=2)
    assert state.current_player == 0 and state.dealer == 0


def test_y8_first_round_starter_left_of_dealer():
    state = make(3, first_round_starter="left_of_dealer").new(seed=1)
    assert state.dealer == 0 and state.current_player == 1


def test_a4_end_on_first_elimination():
    game = make(3, end_on_first_elimination=True, halving_at="none")
    state = call(game, ["As", "Kd", "5c"], totals=[30, 195, 20])
    assert state.totals == [30, 205, 25]
    assert state.is_over and state.winners == [2]
    state = call(game, ["As", "Kd", "5c"], totals=[30, 195, 25])
    assert state.totals == [30, 205, 30]
    assert state.is_over and state.winners == [0, 2]  # a tie for the lowest total shares the win


def test_a4_single_round_caller_wins_if_lowest():
    game = make(3, single_round=True)
    state = game.new(seed=1)
    assert state.totals == [0, 0, 0]
    state = call(game, ["As", "Kd", "5c"], totals=[0, 0, 0])
    assert state.is_over and state.winners == [0] and state.returns() == [1.0, 0.0, 0.0]
    assert state.scores == [0, 10, 5] and state.hands_played == 1


def test_a4_single_round_otherwise_the_lowest_hand_wins():
    game = make(4, single_round=True)
    state = call(game, ["4s", "4d", "3c", "Kh"])
    assert state.is_over and state.winners == [2] and state.scores == [34, 4, 3, 10]
    state = call(game, ["4s", "4d", "4c", "Kh"])
    assert state.winners == [1, 2]  # the caller's tie makes it Asaf; the tied non-callers share the win
    assert state.returns() == [0.0, 0.5, 0.5, 0.0]


def test_a4_single_round_ignores_totals_halving_and_elimination():
    game = make(3, single_round=True)
    state = call(game, ["As", "Kd Kh Ks Kc Qd", "5c"])
    assert state.is_over and state.scores == [0, 50, 5]
    assert state.last_round["halved"] == [] and state.last_round["eliminated"] == []


def test_a4_slapdown_can_empty_a_hand_which_then_can_only_call():
    """UNVERIFIED engine behaviour: slapping the last card leaves an empty hand (total 0), so the next turn's
    only legal action is to call Yaniv."""
    game = make(2, slapdown=True)
    state = position(game, ["7s", "Kd Kh"], top="7h Qs")
    state.apply("7s")
    state.apply("draw")
    state.apply("slap")
    assert state.hands[0] == []
    state.apply("Kd")
    state.apply("draw")
    state.apply("keep")  # seat 1 drew Qs: no match
    assert legal(state) == ["yaniv"]
    state.apply("yaniv")
    assert state.last_round["success"] and state.last_round["hand_totals"]["0"] == 0


def test_a2_7_rotate_moves_the_start_on_by_one_seat_each_round_also_from_left_of_dealer():
    game = make(3, next_round_starter="rotate", first_round_starter="left_of_dealer")
    state = game.new(seed=2)
    starters = [state.current_player]
    rng = __import__("random").Random(2)
    while len(starters) < 5 and not state.is_over:
        round_no = state.round_no
        state.apply("yaniv" if "yaniv" in legal(state) else rng.choice(state.legal_actions()))
        if state.round_no != round_no and not state.is_over:
            starters.append(state.current_player)
    assert starters[:5] == [1, 2, 0, 1, 2]
