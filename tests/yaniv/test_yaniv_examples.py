"""The worked examples YE1-YE14 of RULES.md section A3, one test each."""
from __future__ import annotations

from collections import Counter

import pytest

from gamenight import IllegalAction
from gamenight.yaniv.actions import RUN, SINGLE

from yaniv_helpers import call, cards, check_invariants, make, position, round_points


def discard_texts(state, kind=None) -> set[str]:
    return {str(a) for a in state.legal_actions() if a.is_discard and (kind is None or a.kind == kind)}


def take_texts(state) -> set[str]:
    return {str(a) for a in state.legal_actions() if not a.is_discard}


def test_ye1_hand_value():
    state = position(make(3), ["As 2h Jk Kc Td", "5s", "5h"])
    assert state.hand_value(0) == 23


def test_ye2_legal_discards_with_jokers_in_runs_only():
    game = make(3, jokers_in_sets=False)
    state = position(game, ["5s Jk 7s 7h 8s", "Kd", "Kc"])
    assert discard_texts(state) == {"5s", "Jk", "7s", "7h", "8s", "7s+7h", "5s+Jk=6s+7s", "Jk=6s+7s+8s",
                                    "7s+8s+Jk=9s", "5s+Jk=6s+7s+8s"}
    assert len(discard_texts(state)) == 10
    assert len({frozenset(Counter(a.cards).items()) for a in state.legal_actions() if a.is_discard}) == 9
    for illegal in ("5s+7s+8s", "7h+8s+Jk"):  # a gap; mixed suits
        with pytest.raises(IllegalAction):
            state.clone().apply(illegal)


def test_ye2_legal_discards_under_the_default_jokers_wild_in_sets_too():
    state = position(make(3), ["5s Jk 7s 7h 8s", "Kd", "Kc"])
    runs_only = {"5s", "Jk", "7s", "7h", "8s", "7s+7h", "5s+Jk=6s+7s", "Jk=6s+7s+8s", "7s+8s+Jk=9s",
                 "5s+Jk=6s+7s+8s"}
    extra = discard_texts(state) - runs_only
    assert runs_only <= discard_texts(state)
    # [5s,Jk] [7s,Jk] [7h,Jk] [8s,Jk] and [7s,7h,Jk], the last in any order (three choices of its two ends)
    assert extra == {"5s+Jk", "7s+Jk", "7h+Jk", "8s+Jk", "7s+7h+Jk", "7s+Jk+7h", "7h+7s+Jk"}
    assert {frozenset(Counter(state.game.parse_action(t).cards).items()) for t in extra} == {
        frozenset(Counter(cards(c)).items()) for c in ("5s Jk", "7s Jk", "7h Jk", "8s Jk", "7s 7h Jk")}
    for laid in ("Jk+7h+7s", "7h+Jk+7s", "Jk+7s+7h"):
        state.clone().apply(laid)  # any order of laying is accepted


def test_ye3_one_group_only():
    state = position(make(3), ["3c 3d Qs Qh", "Kd", "Kc"])
    multi = {frozenset(a.cards) for a in state.legal_actions() if len(a.cards) > 1}
    assert multi == {frozenset(cards("3c 3d")), frozenset(cards("Qs Qh"))}
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("3c+3d+Qs+Qh")
    assert state.to_json() == before


def test_ye4_no_wrap_around():
    state = position(make(3), ["Qs Ks Jk As 2s", "Kd", "Kc"])
    assert discard_texts(state, RUN) == {"As+2s+Jk=3s", "Jk=Js+Qs+Ks"}
    with pytest.raises(IllegalAction):
        state.apply("Ks+As+2s")


def test_ye5_many_joker_placements():
    state = position(make(3), ["Ah 2h 3h 4h Jk", "Kd", "Kc"])
    runs = discard_texts(state, RUN)
    assert len(runs) == 16
    assert {"Ah+2h+3h+4h+Jk=5h", "Jk=Ah+2h+3h", "2h+Jk=3h+4h"} <= runs


def test_ye6_taking_from_a_run_only_the_ends():
    game = make(3)
    state = position(game, ["2c 9c", "Kd", "Kh"], pile=["Qc", "4d 5d 6d"], prev_start=cards("4d")[0],
                     prev_kind=RUN)
    state.apply("2c")
    assert take_texts(state) == {"draw", "take 4d", "take 6d"}
    with pytest.raises(IllegalAction, match="first or last"):
        state.apply("take 5d")


@pytest.mark.parametrize("group,start,ends", [("Jk 7s 8s", "6s", {"take Jk", "take 8s"}),
                                              ("7s 8s Jk", "7s", {"take 7s", "take Jk"})])
def test_ye6_taking_from_runs_with_jokers(group, start, ends):
    state = position(make(3), ["2c 9c", "Kd", "Kh"], pile=["Qc", group], prev_start=cards(start)[0], prev_kind=RUN)
    state.apply("2c")
    assert take_texts(state) == {"draw"} | ends


def test_ye6_the_joker_taken_from_a_run_is_a_joker_again():
    state = position(make(3), ["2c 9c", "Kd", "Kh"], pile=["Qc", "Jk 7s 8s"], prev_start=cards("6s")[0],
                     prev_kind=RUN)
    state.apply("2c")
    state.apply("take Jk")
    assert cards("Jk")[0] in state.hands[0] and state.hand_value(0) == 9


def test_ye7_call_eligibility_at_limit_5():
    game = make(3)
    assert "yaniv" in {str(a) for a in position(game, ["2s 3s", "Kd", "Kh"]).legal_actions()}
    state = position(game, ["2s 4s As", "Kd", "Kh"])
    assert state.hand_value(0) == 7 and "yaniv" not in {str(a) for a in state.legal_actions()}
    state = position(game, ["2s 4s", "Kd", "Kh"])
    assert "yaniv" not in {str(a) for a in state.legal_actions()}
    state = position(game, ["2s 3s As", "Kd", "Kh"])
    state.apply("As")  # nobody may call after discarding
    with pytest.raises(IllegalAction):
        state.apply("yaniv")


def test_ye8_successful_call():
    state = call(make(3), ["As 2s", "3h 4h", "Kd 2d"])
    assert state.last_round["success"]
    assert round_points(state) == {0: 0, 1: 7, 2: 12}


def test_ye9_tie_defeats_the_caller():
    state = call(make(3), ["2s 3s", "Ah 4h", "Kd Td"])
    assert not state.last_round["success"]
    assert round_points(state) == {0: 35, 1: 5, 2: 20}
    assert state.current_player == 1  # next starter: B


def test_ye10_default_halving():
    state = call(make(3), ["4s", "2h", "3d Ad"], totals=[70, 98, 196])
    assert not state.last_round["success"]
    assert round_points(state) == {0: 34, 1: 2, 2: 4}
    assert state.totals == [104, 50, 100]
    assert state.active == [True, True, True]  # 200 is not above 200, and it was halved anyway
    assert state.current_player == 1  # B, lowest hand (2)


def test_ye11_seed000_short_halving():
    state = call(make(3, rules="seed000_short"), ["3s", "5h", "9d"], totals=[50, 45, 91])
    assert state.last_round["success"]
    assert state.totals == [25, 25, 50]


def test_ye12_elimination_then_the_lower_total_wins_and_a_tie_replays():
    game = make(3, halving_at="none", yaniv_limit=10)
    state = call(game, ["As", "9h", "2d"], totals=[0, 0, 195], caller=0)
    assert state.last_round["success"] and round_points(state)[2] == 2
    state = call(game, ["As", "2h", "9d"], totals=[0, 0, 195], caller=0)
    assert state.totals == [0, 2, 204]
    assert state.active == [True, True, False] and not state.is_over  # A's seat (2) is out; B and C play on
    # B and C then both end a round above 200: the lower total wins
    state = call(game, ["", "6s", "2d"], caller=1, totals=[204, 198, 199], active=[False, True, True])
    assert state.totals == [204, 234, 201] and state.is_over and state.winners == [2]
    # an exact tie: they play another round, keeping their totals
    state = call(game, ["", "2s 4s", "2d 3d"], caller=1, totals=[204, 169, 200], active=[False, True, True])
    assert state.totals == [204, 205, 205]
    assert not state.is_over and state.active == [False, True, True] and state.round_no == 2
    assert state.current_player == 2  # the lower hand of the tied pair starts


def test_ye13_next_starter_tie():
    state = call(make(4), ["2s", "4s", "9d", "2h"], caller=1)
    assert state.current_player == 3


def test_ye14_reshuffle():
    game = make(3)
    state = position(game, ["2c 3c", "4s 5s", "4h 5h"], pile=["Kh"])
    rest, last = state.stock[:-1], state.stock[-1:]
    state.stock = last
    state.pile = [rest[i:i + 3] for i in range(0, len(rest), 3)] + state.pile  # G1..G(k-1), Kh being G(k-1)
    check_invariants(state)
    old = Counter(c for g in state.pile for c in g)
    state.apply("2c")  # Gk
    state.apply("draw")  # the take that empties the stock
    assert Counter(state.stock) == old
    assert state.pile == [cards("2c")]
    assert state.prev_kind == SINGLE and not state.is_over
    state.apply("4s")
    assert {str(a) for a in state.legal_actions()} == {"draw", "take 2c"}
    check_invariants(state)
