"""RULES.md B3 worked examples TE1-TE18, each as a test, plus the rules they exercise (T-numbers)."""
import pytest

import gamenight
from gamenight.thunee.actions import CARD_POINTS, TABLE, meld_value, points_of
from gamenight.thunee.state import S_TRIP, ThuneeGame

from thunee_helpers import cards, legal, play, rigged

# dealer 0, default trumper 1, first leader 2; seat 0 is void in clubs, seat 3 holds most clubs
FIRST = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Kc Jc Tc Qc"]
SECOND = ["Ts Ks", "Th Kh", "Td Kd", "Qs Qd"]
WEAK_PASSES = ("pass",) * 4


def to_play(state, trump="trump Jh", calls=("pass", "pass")):
    """Weak-hand window, calling, trump and the Thunee window, all declined."""
    return play(state, *WEAK_PASSES, *calls, trump, *("pass",) * 4)


def trick_of(state, plays, trump):
    state.trick = [(s, c) for s, c in zip(range(len(plays)), cards(plays))]
    state.trump = trump
    return state._trick_winner(), sum(CARD_POINTS[c] for c in cards(plays))


def test_te1_t1_t3_deck_and_points():
    assert len(CARD_POINTS) == 24
    assert sum(CARD_POINTS[:6]) == 76
    assert sum(CARD_POINTS) == 304


@pytest.mark.parametrize("plays,trump,winner,points", [
    ("Js 9s As Qs", 1, 0, 63),   # TE2: trump hearts
    ("Ac Kc Qh 9c", 1, 2, 36),   # TE3
    ("Td Qh 9h Kd", 1, 2, 35),   # TE4
    ("9c Ad Jc Tc", 0, 2, 71),   # TE5: trump spades
])
def test_te2_te5_t21_trick_winner(plays, trump, winner, points):
    s = ThuneeGame(players=4).new(seed=1)
    assert trick_of(s, plays, trump) == (winner, points)


def test_te3_t19_t21_played_out_with_trump_reveal():
    s = to_play(rigged(FIRST, SECOND))
    assert s.current_player == 2  # T19: the trumper's right leads
    assert s.view(2)["trump"] is None and s.view(1)["trump"] == "h"
    play(s, "Ac")
    assert s.view(2)["trump"] == "h" and s.view(0)["trump_card"] == "Jh"  # shown after the first card
    play(s, "Kc", "Qh", "9c")
    assert s.tricks[-1] == [2, ["Ac", "Kc", "Qh", "9c"], 0]
    assert s.trick_points == [36, 0]
    assert s.view(None)["voids"][0] == "c"


def test_te6_t20_follow_suit():
    s = to_play(rigged(["Jh 9c Kc Qd", "Jc 9h Ah Th", "Ac Jd 9d Ad", "Tc Js 9s As"], ["Ks Qs", "Kh Qh", "Td Kd",
                                                                                     "Qc Ts"]), trump="trump 9h")
    s.hands[0] = 0
    for c in cards("Jh 9c Kc"):
        s.hands[0] |= 1 << c
    s.trick = [(3, cards("Ac")[0])]
    s.current = 0
    s._legal = None
    assert legal(s) == ["9c", "Kc"]
    s.trick = [(3, cards("Ad")[0])]
    s._legal = None
    assert sorted(legal(s)) == sorted(["Jh", "9c", "Kc"])


def test_te7_t22_jodi_value():
    assert meld_value((0, 2, 0, 1), trump=1) == 70
    assert meld_value((0, 1, 0, 0), trump=1) == 40 and meld_value((0, 1, 0, 0), trump=0) == 20
    assert meld_value((2, 0, 0, 0), trump=1) == 30 and meld_value((2, 0, 0, 0), trump=0) == 50


def test_te7_t23_jodi_declared_after_trick_1_by_the_winning_team():
    # seat 0 wins trick 1 with Qh (trump); partner seat 2 holds J+K+Q of diamonds
    s = to_play(rigged(["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd Qd Ad", "Kc Jc Tc Qc"],
                       ["Ts Ks", "Th Kh", "Td Kd", "Qs 9d"]))
    play(s, "Ac", "Kc", "Qh", "9c")
    assert s.phase == 6 and s.current_player == 0  # the winner first
    assert legal(s) == ["pass"]
    play(s, "pass")
    assert s.current_player == 2
    assert legal(s) == ["pass", "jodi KQd", "jodi JKQd"]
    play(s, "jodi JKQd")
    assert s.jodi == [30, 0]
    assert s.view(1)["jodi_declared"] == [[2, ["Jd", "Kd", "Qd"], 30]]
    assert s.current_player == 0 and s.phase == 7  # the trick winner leads
    with pytest.raises(gamenight.IllegalAction):
        s.apply("jodi KQd")


def test_te8_t25_normal_no_call():
    s = ThuneeGame(players=4).new(seed=3)
    s.trumper, s.bid, s.jodi = 1, 0, [0, 0]
    s.trick_points = [110, 194]
    before = list(s.balls)
    s._end_hand(last_winner=1)
    assert s.last_hand["counting_total"] == 100
    assert s.last_hand["balls"] == [0, 1] and s.balls[1] == before[1] + 1


def test_te8_t25_last_trick_bonus_variant():
    s = ThuneeGame(players=4, last_trick="bonus").new(seed=3)
    s.trumper, s.bid, s.jodi, s.trick_points = 1, 0, [0, 0], [110, 194]
    s._end_hand(last_winner=1)
    assert s.last_hand["counting_total"] == 110 and s.last_hand["balls"] == [1, 0]


def test_te9_t25_call_and_loss():
    s = ThuneeGame(players=4).new(seed=3)
    s.trumper, s.bid, s.jodi, s.trick_points = 1, 40, [0, 0], [60, 244]
    s._end_hand(last_winner=0)
    assert s.last_hand["counting_total"] == 110 and s.last_hand["balls"] == [2, 0]


def test_te10_t24_t25_jodi_both_sides():
    s = ThuneeGame(players=4).new(seed=3)
    s.trumper, s.bid, s.jodi, s.trick_points = 1, 0, [20, 40], [135, 169]
    s._end_hand(last_winner=3)
    assert s.last_hand["counting_total"] == 105 and s.last_hand["balls"] == [1, 0]


def test_te11_t11_calling_legality():
    s = play(rigged(FIRST, SECOND), *WEAK_PASSES)
    assert s.current_player == 2 and legal(s) == ["pass", "call 10"]
    play(s, "pass")
    assert s.current_player == 0 and legal(s) == ["pass", "call 10"]  # seat 0 is the other eligible seat
    s = play(rigged(FIRST, SECOND), *WEAK_PASSES, "call 10")
    assert s.current_player == 3 and legal(s) == ["pass", "call 20"]  # seat 0: partner holds the call
    play(s, "pass")
    assert s.current_player == 1
    play(s, "call 20")
    assert s.current_player == 2 and legal(s) == ["pass", "call 30"]  # the poll goes on anticlockwise
    for amount in range(30, 110, 10):
        play(s, f"call {amount}")
    assert s.bid == 100
    assert legal(s) == ["pass", "call 104"]
    play(s, "call 104")
    assert s.phase == 3 and s.trumper == s.calls[-1][0]  # 104 ends calling; the caller is trumper
    with pytest.raises(gamenight.IllegalAction):
        rigged(FIRST, SECOND).apply("call 20")


def test_t11_calling_ends_when_the_other_team_has_passed():
    s = play(rigged(FIRST, SECOND), *WEAK_PASSES, "call 10", "pass", "pass")
    assert s.phase == 3 and s.trumper == 2 and s.bid == 10 and s.current_player == 2


def _last_trick_state(team_won_all: bool):
    s = ThuneeGame(players=4).new(seed=5)
    s.phase, s.special, s.final_call = 7, 0, 0
    s.trumper, s.trump, s.trump_shown, s.bid = 1, 1, True, 0
    s.tricks_done = 5
    s.team_tricks = [5, 0] if team_won_all else [4, 1]
    s.trick_points = [200, 0]
    s.trick = []
    s.hands = [0, 0, 0, 0]
    for seat, c in zip(range(4), cards("Qs Kh Ks Js")):
        s.hands[seat] = 1 << c
    s.leader = s.current = 2
    s._legal = None
    return s


def test_te12_t26_double():
    s = _last_trick_state(True)
    assert legal(s) == ["Ks", "double Ks", "kanak Ks"]
    play(s, "double Ks", "Js", "Qs", "Kh")
    assert s.last_hand["final_call"] == "double" and s.last_hand["balls"] == [0, 4]  # seat 3 won
    s = _last_trick_state(True)
    s.hands[3] = 1 << cards("Qd")[0]
    s.hands[1] = 1 << cards("Kc")[0]
    play(s, "double Ks", "Qd", "Qs", "Kc")
    assert s.last_hand["balls"] == [2, 0]
    s = _last_trick_state(False)
    assert legal(s) == ["Ks", "kanak Ks"]  # no Double unless the team won tricks 1-5


def test_te13_t27_kanak_formula():
    def kanak(bid, opp_tricks=1, opp_points=35):
        s = ThuneeGame(players=4).new(seed=5)
        s.trumper, s.bid, s.special = 0, bid, 0   # team A = {0,2} trumping; O = {1,3} counting
        s.final_call, s.final_seat = 2, 2
        s.jodi = [50, 0]
        s.trick_points = [304 - opp_points, opp_points]
        s.team_tricks = [6 - opp_tricks, opp_tricks]
        s.last_trick_points = 20
        s._end_hand(last_winner=2)
        return s.last_hand
    assert kanak(0)["kanak_value"] == -25 and kanak(0)["balls"] == [3, 0]
    assert kanak(20)["kanak_value"] == -5 and kanak(20)["balls"] == [3, 0]
    assert kanak(30)["kanak_value"] == 5 and kanak(30)["balls"] == [0, 4]
    assert kanak(0, opp_tricks=0, opp_points=0)["balls"] == [0, 4]


def test_t27_kanak_fails_when_the_caller_does_not_win_the_last_trick():
    s = _last_trick_state(False)
    s.jodi = [100, 0]
    play(s, "Ks", "kanak Js", "Qs", "Kh")
    assert s.last_hand["final_call"] == "kanak" and s.last_hand["balls"] == [4, 0]


THUNEE_FIRST = ["Kh Qh Ks Kd", "9c Ac Tc Kc", "Jd 9d Ad Jh", "Js 9s As Ts"]
THUNEE_SECOND = ["Qs Jc", "Td Qd", "9h Ah", "Th Qc"]


def thunee_hand():
    s = play(rigged(THUNEE_FIRST, THUNEE_SECOND), *WEAK_PASSES, "pass", "pass", "trump 9c")
    assert s.current_player == 1  # T16: the trumper has the first right
    return play(s, "pass", "thunee")


def test_te14_t16_t17_thunee_success():
    s = thunee_hand()
    assert s.special == 1 and s.current_player == 2 and s.trump == -1
    assert s.view(3)["trump_card"] is None and s.view(1)["trump_card"] is None  # the trump card went back to hand
    play(s, "Jd")
    assert s.trump == 2 and s.view(0)["trump"] == "d"  # T17: the first lead fixes trump
    play(s, "Qc", "Kd", "Td")
    assert s.phase == 7 and s.current_player == 2  # no Jodi under Thunee
    play(s, "9d", "Js", "Jc", "Qd", "Ad", "9s", "Ks", "9c", "Jh", "Th", "Kh", "Ac", "9h", "As", "Qh", "Tc")
    assert legal(s) == ["Ah"]  # no Double or Kanak under Thunee
    play(s, "Ah", "Ts", "Qs", "Kc")
    assert s.last_hand["special"] == "thunee" and s.last_hand["balls"] == [4, 0]


def test_te14_t18_thunee_fails_to_an_opponent_and_play_stops():
    s = thunee_hand()
    play(s, "Jd", "Qc", "Kd", "Td", "Jh", "Th", "Kh", "Qd")
    assert s.hand_no == 2 and s.last_hand["balls"] == [0, 4] and s.balls == [0, 4]


def test_t15_thunee_void_deal_against_the_callers_opponents():
    s = thunee_hand()
    play(s, "Ah")  # trump hearts: seats 1 and 3 hold Th only... seat 3 has Th, so play goes on
    assert s.hand_no == 1
    s = thunee_hand()
    s.hands[3] &= ~(1 << cards("Th")[0])
    s.hands[3] |= 1 << cards("Qs")[0]
    s.hands[0] &= ~(1 << cards("Qs")[0])
    s.hands[0] |= 1 << cards("Th")[0]
    play(s, "Ah")
    assert s.hand_no == 2 and s.last_hand["result"] == "void" and s.balls == [0, 0]


def test_te14_t18_thunee_outcomes():
    def finish(winner):
        s = ThuneeGame(players=4).new(seed=2)
        s.special, s.special_seat = 1, 2
        s._end_hand(last_winner=winner)
        return s.last_hand["balls"]
    assert finish(2) == [4, 0]
    assert finish(1) == [0, 4]
    assert finish(0) == [0, 8]
    s = ThuneeGame(players=4, thunee_partner_catch_balls=4).new(seed=2)
    s.special, s.special_seat = 1, 2
    s._end_hand(last_winner=0)
    assert s.last_hand["balls"] == [0, 4]


def test_te15_t15_void_deal():
    # trump spades; counting seats 0 and 2 hold no spade
    first = ["Jh 9h Ah Th", "Js 9s 9c Ac", "Jd 9d Ad Td", "As Ts Jc Tc"]
    second = ["Kh Qh", "Ks Qs", "Kd Qd", "Kc Qc"]
    s = play(rigged(first, second), *WEAK_PASSES, "pass", "pass", "trump Js", *("pass",) * 4)
    assert s.last_hand["result"] == "void" and s.hand_no == 2 and s.dealer == 0 and s.balls == [0, 0]


def test_te16_t29_dealer_rotation():
    s = ThuneeGame(players=4).new(seed=1)
    s.dealer, s.balls = 0, [4, 7]
    s.trumper, s.bid, s.jodi, s.trick_points = 1, 0, [0, 0], [0, 304]
    s._end_hand(last_winner=1)  # {1,3} +1 -> 4-8: the dealer's team is behind
    assert s.dealer == 0
    s = ThuneeGame(players=4).new(seed=1)
    s.dealer, s.balls = 0, [7, 6]
    s.trumper, s.bid, s.jodi, s.trick_points = 1, 0, [0, 0], [0, 304]
    s._end_hand(last_winner=1)  # 7-7
    assert s.dealer == 1


def test_te17_t9_weak_hand():
    assert points_of(sum(1 << c for c in cards("Ks Qs Td Qc"))) == 17
    assert points_of(sum(1 << c for c in cards("Qs Ks Kd Kc"))) == 11
    assert points_of(sum(1 << c for c in cards("Ks Qs Qd Kc"))) == 10
    s = rigged(["Ks Qs Qd Kc", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Js Jc Tc Ts"])
    assert s.current_player == 1 and legal(s) == ["pass"]
    play(s, "pass", "pass", "pass")
    assert s.current_player == 0 and legal(s) == ["pass", "redeal"]
    play(s, "redeal")
    assert s.hand_no == 2 and s.dealer == 0 and s.last_hand["result"] == "redeal"
    assert s.view(1)["last_hand"]["shown"] == ["Ks", "Qs", "Qd", "Kc"]  # the weak hand is shown to the table


def test_te18_t32_trip_ranks():
    s = ThuneeGame(players=6).new(seed=1)
    s.special, s.trump = S_TRIP, -1
    s.trick = list(zip(range(4), cards("Ks Js Ts As")))
    s.tricks_done = 0
    assert s._trick_winner() == 2
    s.tricks_done = 3
    assert s._trick_winner() == 1


def test_t30_match_ends_at_12_balls():
    s = ThuneeGame(players=4).new(seed=1)
    s.balls = [11, 3]
    s.trumper, s.bid, s.jodi, s.trick_points = 1, 0, [0, 0], [200, 104]
    s._end_hand(last_winner=0)
    assert s.is_over and s.winners == [0, 2] and s.returns() == [1.0, 0.0, 1.0, 0.0]  # the team wins
    assert s.current_player is None and s.legal_actions() == []


def test_t5_t8_deal_is_anticlockwise_from_the_dealers_right():
    s = ThuneeGame(players=4).new(seed=11)
    assert s.current_player == (s.dealer + 1) % 4
    assert all(bin(h).count("1") == 4 for h in s.hands) and len(s.stock) == 8


def test_action_table_is_dense_and_round_trips():
    for i, a in enumerate(TABLE.actions):
        assert a.id == i and TABLE.parse(str(a)) is a
    assert TABLE.parse("10h") is TABLE.parse("Th") is TABLE.parse("T♥")
    assert TABLE.parse("jodi QKh") is TABLE.parse("jodi KQh")


def test_t17_the_face_down_card_of_an_overridden_trump_stays_hidden():
    s = thunee_hand()
    play(s, "Jd")
    for seat in (0, 2, 3, None):
        assert [1, "trump ?"] in s.view(seat)["log"] and s.view(seat)["trump_card"] is None
    assert [1, "trump 9c"] in s.view(1)["log"]


def test_t4_t10_t14_teams_default_trumper_and_counting_team():
    s = rigged(FIRST, SECOND, dealer=2)
    assert s.default_trumper == 3 and s.trumper == 3 and s.holder == 1
    play(s, *WEAK_PASSES)
    assert s.current_player == 0  # the default trumper's right polls first
    play(s, "pass", "pass")
    assert s.phase == 3 and s.trumper == 3
    assert s.view(None)["trumper"] == 3  # counting team: {0, 2}


def test_t22_a_declared_suit_is_not_declared_again():
    first = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd Qd Ad", "Kc Jc Tc Qc"]
    second = ["Ts Ks", "Th Kh", "Td Kd", "Qs 9d"]
    s = to_play(rigged(first, second))
    play(s, "Ac", "Kc", "Qh", "9c", "pass", "jodi KQd")
    assert s.jodi_suits == 1 << 2
    s.phase, s.queue, s.current = 6, [2], 2
    s._legal = None
    assert legal(s) == ["pass"]  # J+K+Q of diamonds reuses the declared K and Q


def test_t28_double_excludes_kanak():
    s = _last_trick_state(True)
    play(s, "double Ks")
    assert legal(s) == ["Js"]  # no Kanak once Double stands
