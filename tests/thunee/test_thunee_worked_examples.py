"""The worked examples TE1-TE18 of docs/games/thunee.md's rules, each as a test, plus the rules they exercise
(T-numbers). Positions are set up with ``game.new(deal=...)`` and played with public actions; the scoring
formulas are the engine's public functions (gamenight.thunee.scoring, gamenight.thunee.tricks)."""
import pytest
from thunee_helpers import cards, last_trick_all_won, last_trick_one_lost, legal, play, rigged, seen

import gamenight
from gamenight.thunee.actions import CARD_POINTS, TABLE, meld_value, points_of
from gamenight.thunee.phases import Special
from gamenight.thunee.rules import ThuneeRules
from gamenight.thunee.scoring import (
    counting_balls,
    counting_total,
    kanak_balls,
    kanak_value,
    last_trick_adjust,
    match_winner,
    next_dealer,
    solo_balls,
)
from gamenight.thunee.tricks import NORMAL_STRENGTH, strength_for, trick_winner

# dealer 0, default trumper 1, first leader 2; seat 0 is void in clubs, seat 3 holds most clubs
FIRST = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Kc Jc Tc Qc"]
SECOND = ["Ts Ks", "Th Kh", "Td Kd", "Qs Qd"]
WEAK_PASSES = ("pass",) * 4
RULES = ThuneeRules.build()


def to_play(state, trump="trump Jh", calls=("pass", "pass")):
    """Weak-hand window, calling, trump and the Thunee window, all declined."""
    return play(state, *WEAK_PASSES, *calls, trump, *("pass",) * 4)


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
    trick = list(zip(range(4), cards(plays)))
    assert trick_winner(trick, trump, NORMAL_STRENGTH)[0] == winner
    assert points_of(sum(1 << c for c in cards(plays))) == points


def test_te3_t19_t21_played_out_with_trump_reveal():
    s = to_play(rigged(FIRST, SECOND))
    assert s.current_player == 2  # T19: the trumper's right leads
    assert seen(s, 2)["trump"] is None and seen(s, 1)["trump"] == "h"
    play(s, "Ac")
    assert seen(s, 2)["trump"] == "h" and seen(s, 0)["trump_card"] == "Jh"  # shown after the first card
    play(s, "Kc")
    assert seen(s)["trick_winner"] == [2, "Ac"]
    play(s, "Qh")
    assert seen(s)["trick_winner"] == [0, "Qh"]  # a trump takes it
    play(s, "9c")
    view = seen(s)
    assert view["tricks"][-1] == [2, ["Ac", "Kc", "Qh", "9c"], 0] and view["trick_winner"] is None
    assert view["card_points"] == [36, 0]
    assert view["voids"][0] == "c"


def test_te6_t20_follow_suit():
    s = to_play(rigged(FIRST, SECOND))
    play(s, "Ac")
    assert legal(s) == ["Jc", "Tc", "Kc", "Qc"]  # seat 3 holds clubs: he follows
    with pytest.raises(gamenight.IllegalAction, match="you must follow suit"):
        s.apply("Qs")
    play(s, "Kc")
    assert legal(s) == ["Js", "9s", "As", "Ts", "Ks", "Qh"]  # seat 0 holds none: anything goes


def test_te7_t22_jodi_value():
    assert meld_value((0, 2, 0, 1), trump=1) == 70
    assert meld_value((0, 1, 0, 0), trump=1) == 40 and meld_value((0, 1, 0, 0), trump=0) == 20
    assert meld_value((2, 0, 0, 0), trump=1) == 30 and meld_value((2, 0, 0, 0), trump=0) == 50


def test_te7_t23_jodi_declared_after_trick_1_by_the_winning_team():
    # seat 0 wins trick 1 with Qh (trump); partner seat 2 holds J+K+Q of diamonds
    s = to_play(rigged(["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd Qd Ad", "Kc Jc Tc Qc"],
                       ["Ts Ks", "Th Kh", "Td Kd", "Qs 9d"]))
    play(s, "Ac Kc Qh 9c")
    assert seen(s)["phase"] == "jodi" and s.current_player == 0  # the winner first
    assert legal(s) == ["pass"] and seen(s, 0)["jodi_options"] == []
    play(s, "pass")
    assert s.current_player == 2
    assert legal(s) == ["pass", "jodi KQd", "jodi JKQd"]
    assert seen(s, 2)["jodi_options"] == [["jodi KQd", ["Kd", "Qd"], 20], ["jodi JKQd", ["Jd", "Kd", "Qd"], 30]]
    assert seen(s, 0)["jodi_options"] == [] and seen(s)["jodi_options"] == []  # only the seat asked sees its own
    play(s, "jodi JKQd")
    view = seen(s, 1)
    assert view["jodi"] == [30, 0] and view["jodi_declared"] == [[2, ["Jd", "Kd", "Qd"], 30]]
    assert view["log"][-1] == [2, "jodi JKQd"] and view["log_phases"][-2:] == ["jodi", "jodi"]
    assert s.current_player == 0 and view["phase"] == "play"  # the trick winner leads
    with pytest.raises(gamenight.IllegalAction):
        s.apply("jodi KQd")


def test_te8_t25_normal_no_call():
    # trumper seat 1: team {0, 2} counts; it took 110 points and the other team the last trick
    total = counting_total([110, 194], 0, [0, 0], 0, last_trick_adjust(RULES, won_last=False))
    assert total == 100 and counting_balls(total, 105, 0, 0) == [0, 1]


def test_te8_t25_last_trick_bonus_variant():
    bonus = ThuneeRules.build(last_trick="bonus")
    assert last_trick_adjust(bonus, won_last=False) == 0 and last_trick_adjust(bonus, won_last=True) == 10
    total = counting_total([110, 194], 0, [0, 0], 0, last_trick_adjust(bonus, won_last=False))
    assert total == 110 and counting_balls(total, 105, 0, 0) == [1, 0]


def test_te9_t25_call_and_loss():
    total = counting_total([60, 244], 40, [0, 0], 0, last_trick_adjust(RULES, won_last=True))
    assert total == 110 and counting_balls(total, 105, 40, 0) == [2, 0]  # a call doubles the counting team's win


def test_te10_t24_t25_jodi_both_sides():
    total = counting_total([135, 169], 0, [20, 40], 0, last_trick_adjust(RULES, won_last=False))
    assert total == 135 - 10 + 20 - 40 == 105 and counting_balls(total, 105, 0, 0) == [1, 0]


def test_t25_a_hand_played_out_is_scored_as_its_view_counted():
    """The view's running counting_total plus the last trick's adjustment is the hand's total."""
    s = last_trick_all_won()
    view = seen(s)
    assert view["counting_team"] == 0 and view["counting_target"] == 105
    before = view["counting_total"]
    assert before == view["card_points"][0] + view["bid"] + view["jodi"][0] - view["jodi"][1]
    play(s, "Ks Js Qs Qc")  # seat 3's Js takes the last trick
    last = seen(s)["last_hand"]
    adjust = seen(s)["last_trick_adjust"][1]
    assert last["counting_total"] == before + adjust == 267 - 10
    assert last["balls"] == [1, 0] and seen(s)["balls"] == [1, 0]


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
    assert seen(s)["bid"] == 100
    assert legal(s) == ["pass", "call 104"]
    play(s, "call 104")
    view = seen(s)
    assert view["phase"] == "trump" and view["trumper"] == view["calls"][-1][0]  # 104 ends calling
    assert view["calling_over"] and set(view["log_phases"]) == {"weak", "calling"}
    with pytest.raises(gamenight.IllegalAction):
        rigged(FIRST, SECOND).apply("call 20")


def test_t11_calling_ends_when_the_other_team_has_passed():
    s = play(rigged(FIRST, SECOND), *WEAK_PASSES, "call 10", "pass", "pass")
    view = seen(s)
    assert view["phase"] == "trump" and view["trumper"] == 2 and view["bid"] == 10 and s.current_player == 2
    assert view["counting_team"] == 1


def test_te12_t26_double():
    s = last_trick_all_won()
    assert legal(s) == ["Ks", "double Ks", "kanak Ks"]
    play(s, "double Ks", "Js", "Qs", "Qc")  # seat 3's Js takes the last trick
    last = seen(s)["last_hand"]
    assert last["final_call"] == "double" and last["success"] is False and last["balls"] == [0, 4]
    s = play(last_trick_all_won(seat3_keeps="Jd", seat0_keeps="As"), "double Ks")
    assert seen(s)["final_call"] == "double" and seen(s)["counting_total"] is None  # Double decides the hand
    play(s, "Jd As Qc")
    assert seen(s)["last_hand"]["balls"] == [0, 4]  # seat 0's As won it, not the caller
    s = last_trick_one_lost()
    assert legal(s) == ["Kh", "kanak Kh"]  # no Double unless the team won tricks 1-5


def test_te12_t26_double_won_by_the_caller():
    s = play(last_trick_all_won(seat3_keeps="Jd"), "double Ks", "Jd", "Qs", "Qc")
    assert seen(s)["last_hand"]["balls"] == [2, 0] and seen(s)["last_hand"]["success"] is True


def test_te13_t27_kanak_formula():
    # trumper seat 0: team {0, 2} trumps, O = {1, 3} counts; seat 2 calls Kanak with Jodi 50 against O's 35 points
    def kanak(bid, opp_tricks=1, opp_points=35):
        value = kanak_value(RULES, bid, 1, 0, opp_points, [50, 0])
        return value, kanak_balls(RULES, 2, 1, 2, value, opp_tricks)
    assert kanak(0) == (-25, [3, 0])
    assert kanak(20) == (-5, [3, 0])
    assert kanak(30) == (5, [0, 4])
    assert kanak(0, opp_tricks=0, opp_points=0)[1] == [0, 4]  # O won no trick


def test_t27_kanak_fails_when_the_caller_does_not_win_the_last_trick():
    s = play(last_trick_one_lost(), "Kh", "kanak Jc")
    assert seen(s)["final_call"] == "kanak" and seen(s)["final_seat"] == 3
    play(s, "Qd Qc")
    last = seen(s)["last_hand"]
    assert last["final_call"] == "kanak" and last["success"] is False and last["balls"] == [4, 0]


THUNEE_FIRST = ["Kh Qh Ks Kd", "9c Ac Tc Kc", "Jd 9d Ad Jh", "Js 9s As Ts"]
THUNEE_SECOND = ["Qs Jc", "Td Qd", "9h Ah", "Th Qc"]


def thunee_hand(second=THUNEE_SECOND):
    s = play(rigged(THUNEE_FIRST, second), *WEAK_PASSES, "pass", "pass", "trump 9c")
    assert s.current_player == 1  # T16: the trumper has the first right
    return play(s, "pass", "thunee")


def test_te14_t16_t17_thunee_success():
    s = thunee_hand()
    view = seen(s)
    assert view["special"] == "thunee" and s.current_player == 2 and view["trump"] is None
    assert view["trump_status"] == "first_lead" and view["counting_total"] is None
    assert seen(s, 3)["trump_card"] is None and seen(s, 1)["trump_card"] is None  # the trump card went back to hand
    play(s, "Jd")
    assert seen(s, 0)["trump"] == "d" and seen(s, 0)["trump_status"] == "known"  # T17: the first lead fixes trump
    play(s, "Qc", "Kd", "Td")
    assert seen(s)["phase"] == "play" and s.current_player == 2  # no Jodi under Thunee
    play(s, "9d", "Js", "Jc", "Qd", "Ad", "9s", "Ks", "9c", "Jh", "Th", "Kh", "Ac", "9h", "As", "Qh", "Tc")
    assert legal(s) == ["Ah"]  # no Double or Kanak under Thunee
    play(s, "Ah", "Ts", "Qs", "Kc")
    last = seen(s)["last_hand"]
    assert last["special"] == "thunee" and last["balls"] == [4, 0]


def test_te14_t18_thunee_fails_to_an_opponent_and_play_stops():
    s = thunee_hand()
    play(s, "Jd", "Qc", "Kd", "Td", "Jh", "Th", "Kh", "Qd")
    view = seen(s)
    assert s.hands_played == 2 and view["last_hand"]["balls"] == [0, 4] and view["balls"] == [0, 4]


def test_t15_thunee_void_deal_against_the_callers_opponents():
    s = play(thunee_hand(), "Ah")  # trump hearts: seat 3 holds Th, so play goes on
    assert s.hands_played == 1
    s = play(thunee_hand(["Th Jc", "Td Qd", "9h Ah", "Qs Qc"]), "Ah")  # now seat 0 holds Th, seats 1 and 3 none
    view = seen(s)
    assert s.hands_played == 2 and view["last_hand"]["result"] == "void" and view["balls"] == [0, 0]


def test_te14_t18_thunee_outcomes():
    thunee = Special.THUNEE
    assert solo_balls(RULES, thunee, 2, 2) == [4, 0]
    assert solo_balls(RULES, thunee, 2, 1) == [0, 4]
    assert solo_balls(RULES, thunee, 2, 0) == [0, 8]  # caught by the partner
    assert solo_balls(ThuneeRules.build(thunee_partner_catch_balls=4), thunee, 2, 0) == [0, 4]


def test_te15_t15_void_deal():
    # trump spades; counting seats 0 and 2 hold no spade
    first = ["Jh 9h Ah Th", "Js 9s 9c Ac", "Jd 9d Ad Td", "As Ts Jc Tc"]
    second = ["Kh Qh", "Ks Qs", "Kd Qd", "Kc Qc"]
    s = play(rigged(first, second), *WEAK_PASSES, "pass", "pass", "trump Js", *("pass",) * 4)
    view = seen(s)
    assert view["last_hand"]["result"] == "void" and s.hands_played == 2 and view["dealer"] == 0
    assert view["balls"] == [0, 0]


def test_te16_t29_dealer_rotation():
    assert next_dealer(RULES, 0, [4, 8], 4) == 0  # the dealer's team is behind: he deals again
    assert next_dealer(RULES, 0, [7, 7], 4) == 1
    assert next_dealer(RULES, 3, [5, 2], 4) == 3 and next_dealer(RULES, 3, [2, 5], 4) == 0


def test_t29_the_next_hand_is_dealt_by_the_rule():
    s = last_trick_all_won()
    play(s, "Ks Js Qs Qc")  # team {0, 2} wins a ball: dealer 0's team is ahead, the deal passes right
    assert seen(s)["dealer"] == 1 and seen(s)["hand_number"] == 2
    s = play(last_trick_all_won(), "double Ks", "Js Qs Qc")  # team {1, 3} wins 4: dealer 0 is behind
    assert seen(s)["dealer"] == 0


def test_te17_t9_weak_hand():
    assert points_of(sum(1 << c for c in cards("Ks Qs Td Qc"))) == 17
    assert points_of(sum(1 << c for c in cards("Qs Ks Kd Kc"))) == 11
    assert points_of(sum(1 << c for c in cards("Ks Qs Qd Kc"))) == 10
    s = rigged(["Ks Qs Qd Kc", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Js Jc Tc Ts"])
    assert s.current_player == 1 and legal(s) == ["pass"]
    play(s, "pass", "pass", "pass")
    assert s.current_player == 0 and legal(s) == ["pass", "redeal"]
    play(s, "redeal")
    view = seen(s, 1)
    assert s.hands_played == 2 and view["dealer"] == 0 and view["last_hand"]["result"] == "redeal"
    assert view["last_hand"]["shown"] == ["Ks", "Qs", "Qd", "Kc"]  # the weak hand is shown to the table


def test_te18_t32_trip_ranks():
    trick = list(zip(range(4), cards("Ks Js Ts As")))
    assert trick_winner(trick, -1, strength_for(Special.TRIP, 0))[0] == 2  # 9 A 10 equal, the earliest wins
    assert trick_winner(trick, -1, strength_for(Special.TRIP, 3))[0] == 1  # trick 4: the normal order


def test_t30_match_ends_at_12_balls():
    assert match_winner(RULES, [12, 3], 12) == 0 and match_winner(RULES, [11, 3], 12) is None
    s = play(last_trick_all_won(balls_to_win=1), "Ks Js Qs Qc")
    assert s.is_over and s.winners == [0, 2] and s.returns() == [1.0, 0.0, 1.0, 0.0]  # the team wins
    assert s.current_player is None and s.legal_actions() == []
    view = seen(s, 1)
    assert view["is_over"] and view["winners"] == [0, 2] and view["phase"] == "over"


def test_t5_t8_deal_is_anticlockwise_from_the_dealers_right():
    s = gamenight.make("thunee").new(seed=11)
    view = seen(s)
    assert s.current_player == (view["dealer"] + 1) % 4
    assert view["hand_sizes"] == [4, 4, 4, 4] and view["stock_size"] == 8


def test_action_table_is_dense_and_round_trips():
    for i, a in enumerate(TABLE.actions):
        assert a.id == i and TABLE.parse(str(a)) is a
    assert TABLE.parse("10h") is TABLE.parse("Th") is TABLE.parse("T♥")
    assert TABLE.parse("jodi QKh") is TABLE.parse("jodi KQh")


def test_t17_the_face_down_card_of_an_overridden_trump_stays_hidden():
    s = thunee_hand()
    play(s, "Jd")
    for seat in (0, 2, 3, None):
        assert [1, "trump ?"] in seen(s, seat)["log"] and seen(s, seat)["trump_card"] is None
    assert [1, "trump 9c"] in seen(s, 1)["log"]


def test_t4_t10_t14_teams_default_trumper_and_counting_team():
    s = rigged(FIRST, SECOND, dealer=2)
    view = seen(s)
    assert view["teams"] == [[0, 2], [1, 3]]
    assert view["default_trumper"] == 3 and view["trumper"] == 3 and view["holder"] == 1
    play(s, *WEAK_PASSES)
    assert s.current_player == 0  # the default trumper's right polls first
    play(s, "pass", "pass")
    view = seen(s)
    assert view["phase"] == "trump" and view["trumper"] == 3 and view["counting_team"] == 0


def test_t22_a_declared_suit_is_not_declared_again():
    # seat 2 holds J+K+Q of diamonds and the top trumps: he wins tricks 1 and 3, declaring K+Q after trick 1
    s = to_play(rigged(["Th Kh 9d Ad", "Qh 9c Ac Tc", "Jh 9h Jd Kd", "9s As Ts Ks"], ["Td Js", "Kc Qc", "Qd Ah",
                                                                                     "Qs Jc"]), trump="trump Qh")
    play(s, "Jh 9s Th Qh")
    assert legal(s) == ["pass", "jodi KQd", "jodi JKQd"]
    play(s, "jodi KQd", "pass", "9h As Kh 9c", "Ah Ts 9d Ac")
    assert s.current_player == 2 and seen(s)["phase"] == "jodi"
    assert legal(s) == ["pass"]  # J+K+Q of diamonds would reuse the declared K and Q
    assert seen(s, 2)["jodi_options"] == []


def test_t28_double_excludes_kanak():
    s = play(last_trick_all_won(), "double Ks")
    assert legal(s) == ["Js"]  # no Kanak once Double stands
