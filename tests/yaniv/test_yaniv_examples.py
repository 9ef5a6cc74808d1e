"""The worked examples YE1-YE14 (the rules' own examples; docs/games/yaniv.md), one test each, on positions set up
with ``deal=`` and read from the views."""
from __future__ import annotations

from collections import Counter

import pytest
from yaniv_helpers import call, check_invariants, deal, hand, last_round, make, play_singles, public, round_points

from gamenight import IllegalAction
from gamenight.yaniv.actions import RUN


def discard_texts(state, kind=None) -> set[str]:
    return {str(a) for a in state.legal_actions() if a.is_discard and (kind is None or a.kind == kind)}


def take_texts(state) -> set[str]:
    return {str(a) for a in state.legal_actions() if not a.is_discard}


def laid(text: str) -> frozenset:
    """The cards a discard lays, as a multiset (a joker's "stands for" dropped)."""
    return frozenset(Counter(part.split("=")[0] for part in text.split("+")).items())


def test_ye1_hand_value():
    assert deal(make(3), ["As 2h Jk Kc Td", None, None]).view(0)["hand_value"] == 23


def test_ye2_legal_discards_with_jokers_in_runs_only():
    state = deal(make(3, jokers_in_sets=False), ["5s Jk 7s 7h 8s", None, None])
    assert discard_texts(state) == {"5s", "Jk", "7s", "7h", "8s", "7s+7h", "5s+Jk=6s+7s", "Jk=6s+7s+8s",
                                    "7s+8s+Jk=9s", "5s+Jk=6s+7s+8s"}
    assert len(discard_texts(state)) == 10
    assert len({laid(t) for t in discard_texts(state)}) == 9
    assert set(state.view(0)["hand_value_after"]) == discard_texts(state)
    for illegal in ("5s+7s+8s", "7h+8s+Jk"):  # a gap; mixed suits
        with pytest.raises(IllegalAction):
            state.clone().apply(illegal)


def test_ye2_legal_discards_under_the_default_jokers_wild_in_sets_too():
    state = deal(make(3), ["5s Jk 7s 7h 8s", None, None])
    runs_only = {"5s", "Jk", "7s", "7h", "8s", "7s+7h", "5s+Jk=6s+7s", "Jk=6s+7s+8s", "7s+8s+Jk=9s",
                 "5s+Jk=6s+7s+8s"}
    extra = discard_texts(state) - runs_only
    assert runs_only <= discard_texts(state)
    # [5s,Jk] [7s,Jk] [7h,Jk] [8s,Jk] and [7s,7h,Jk], the last in any order (three choices of its two ends)
    assert extra == {"5s+Jk", "7s+Jk", "7h+Jk", "8s+Jk", "7s+7h+Jk", "7s+Jk+7h", "7h+7s+Jk"}
    assert {laid(t) for t in extra} == {laid(t) for t in ("5s+Jk", "7s+Jk", "7h+Jk", "8s+Jk", "7s+7h+Jk")}
    for laying in ("Jk+7h+7s", "7h+Jk+7s", "Jk+7s+7h"):
        state.clone().apply(laying)  # any order of laying is accepted


def test_ye3_one_group_only():
    state = deal(make(3, hand_size=4), ["3c 3d Qs Qh", None, None])
    multi = {laid(str(a)) for a in state.legal_actions() if a.is_discard and "+" in str(a)}
    assert multi == {laid("3c+3d"), laid("Qs+Qh")}
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("3c+3d+Qs+Qh")
    assert state.to_json() == before


def test_ye4_no_wrap_around():
    state = deal(make(3), ["Qs Ks Jk As 2s", None, None])
    assert discard_texts(state, RUN) == {"As+2s+Jk=3s", "Jk=Js+Qs+Ks"}
    with pytest.raises(IllegalAction):
        state.apply("Ks+As+2s")


def test_ye5_many_joker_placements():
    state = deal(make(3), ["Ah 2h 3h 4h Jk", None, None])
    runs = discard_texts(state, RUN)
    assert len(runs) == 16
    assert {"Ah+2h+3h+4h+Jk=5h", "Jk=Ah+2h+3h", "2h+Jk=3h+4h"} <= runs


def run_laid(group: str, first_hand: str, second_hand: str = "2c 9c Kd"):
    """Seat 0 has laid the run ``group`` and drawn; seat 1 has discarded 2c and is to take."""
    state = deal(make(3, hand_size=3), [first_hand, second_hand, None], pile="Qc")
    state.apply(group)
    state.apply("draw")
    state.apply("2c")
    return state


def test_ye6_taking_from_a_run_only_the_ends():
    state = run_laid("4d+5d+6d", "4d 5d 6d")
    assert take_texts(state) == {"draw", "take 4d", "take 6d"}
    assert public(state)["takeable"] == ["4d", "6d"]
    with pytest.raises(IllegalAction, match="first or last"):
        state.apply("take 5d")


@pytest.mark.parametrize("group,ends", [("Jk=6s+7s+8s", {"take Jk", "take 8s"}),
                                        ("7s+8s+Jk=9s", {"take 7s", "take Jk"})])
def test_ye6_taking_from_runs_with_jokers(group, ends):
    state = run_laid(group, "Jk 7s 8s")
    assert take_texts(state) == {"draw"} | ends


def test_ye6_the_joker_taken_from_a_run_is_a_joker_again():
    state = run_laid("Jk=6s+7s+8s", "Jk 7s 8s", "2c 9c Jk")
    state.apply("take Jk")
    assert hand(state, 1) == ["9c", "Jk", "Jk"] and state.view(1)["hand_value"] == 9


def test_ye7_call_eligibility_at_limit_5():
    assert "yaniv" in {str(a) for a in deal(make(3, hand_size=2), ["2s 3s", None, None]).legal_actions()}
    state = deal(make(3, hand_size=3), ["2s 4s As", None, None])
    assert state.view(0)["hand_value"] == 7 and "yaniv" not in {str(a) for a in state.legal_actions()}
    assert "yaniv" not in {str(a) for a in deal(make(3, hand_size=2), ["2s 4s", None, None]).legal_actions()}
    state = deal(make(3, hand_size=3), ["2s 3s As", None, None])
    state.apply("As")  # nobody may call after discarding
    with pytest.raises(IllegalAction):
        state.apply("yaniv")


def test_ye8_successful_call():
    state = call(make(3, hand_size=2), ["As 2s", "3h 4h", "Kd 2d"])
    assert last_round(state)["success"]
    assert round_points(state) == {0: 0, 1: 7, 2: 12}


def test_ye9_tie_defeats_the_caller():
    state = call(make(3, hand_size=2), ["2s 3s", "Ah 4h", "Kd Td"])
    assert not last_round(state)["success"]
    assert round_points(state) == {0: 35, 1: 5, 2: 20}
    assert state.current_player == 1  # next starter: B


def test_ye10_default_halving():
    state = call(make(3, hand_size=2), ["4s", "2h", "3d Ad"], scores=[70, 98, 196])
    assert not last_round(state)["success"]
    assert round_points(state) == {0: 34, 1: 2, 2: 4}
    assert state.scores == [104, 50, 100]
    assert public(state)["active"] == [True, True, True]  # 200 is not above 200, and it was halved anyway
    assert state.current_player == 1  # B, lowest hand (2)


def test_ye11_seed000_short_halving():
    state = call(make(3, rules="japanese", hand_size=2), ["3s", "5h", "4d 5d"], scores=[50, 45, 91])
    assert last_round(state)["success"]
    assert state.scores == [25, 25, 50]


def test_ye12_elimination_then_the_lower_total_wins_and_a_tie_replays():
    game = make(3, halving_at="none", yaniv_limit=10, hand_size=2)
    state = call(game, ["As", "9h", "Ad Ac"], scores=[0, 0, 195], caller=0)
    assert last_round(state)["success"] and round_points(state)[2] == 2
    state = call(game, ["As", "2h", "4d 5d"], scores=[0, 0, 195], caller=0)
    assert state.scores == [0, 2, 204]
    assert public(state)["active"] == [True, True, False] and not state.is_over  # seat 2 is out; 0 and 1 play on
    # B and C then both end a round above 200: the lower total wins
    state = call(game, [None, "6s", "2d"], caller=1, scores=[204, 198, 199], out=[0])
    assert state.scores == [204, 234, 201] and state.is_over and state.winners == [2]
    # an exact tie: they play another round, keeping their totals
    state = call(game, [None, "2s 4s", "2d 3d"], caller=1, scores=[204, 169, 200], out=[0])
    assert state.scores == [204, 205, 205]
    assert not state.is_over and public(state)["active"] == [False, True, True] and state.hands_played == 2
    assert state.current_player == 2  # the lower hand of the tied pair starts


def test_ye13_next_starter_tie():
    assert call(make(4, hand_size=2), ["2s", "4s", "9d", "2h"], caller=1).current_player == 3


def test_ye14_reshuffle():
    game = make(7, hand_size=7, double_deck_from_players=9)  # 7 x 7 cards + the upcard leave a stock of 4
    state = deal(game, [None, None, None, "2c 4s 5s 4h 5h 9d 9s", None, None, None], pile="Kh")
    play_singles(state, 3)  # G1..G(k-1): the upcard and three singles; one stock card left
    old = Counter(c for g in public(state)["discard_pile"] for c in g)
    state.apply("2c")  # Gk
    state.apply("draw")  # the take that empties the stock
    assert public(state)["stock_size"] == sum(old.values())
    assert public(state)["discard_pile"] == [["2c"]]
    assert public(state)["previous_group_type"] == "single" and not state.is_over
    state.apply(next(str(a) for a in state.legal_actions() if a.is_discard))
    assert {str(a) for a in state.legal_actions()} == {"draw", "take 2c"}
    check_invariants(state)
