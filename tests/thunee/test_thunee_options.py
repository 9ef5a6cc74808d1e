"""Options, presets and the 6- and 2-player tables (T9, T12, T15-T18, T20, T23, T26-T34, B2, B4). Positions are
set up with ``game.new(deal=...)``, played with public actions and read from views."""
import random

import pytest
from thunee_helpers import cards, last_deal, last_trick_all_won, last_trick_one_lost, legal, play, rigged, seen

import gamenight
from gamenight.thunee.phases import Special
from gamenight.thunee.rules import ThuneeRules
from gamenight.thunee.scoring import kanak_balls, kanak_value, match_winner, next_dealer, solo_balls
from gamenight.thunee.state import ThuneeGame
from gamenight.thunee.tricks import strength_for, trick_winner

FIRST = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Kc Jc Tc Qc"]
SECOND = ["Ts Ks", "Th Kh", "Td Kd", "Qs Qd"]


def test_options_are_typed_and_validated():
    with pytest.raises(gamenight.RulesError, match="last_trick"):
        gamenight.make("thunee", last_trick="sometimes")
    with pytest.raises(gamenight.RulesError):
        gamenight.make("thunee", thunee_partner_catch_balls=5)
    with pytest.raises(gamenight.RulesError):
        gamenight.make("thunee", players=3)
    with pytest.raises(gamenight.RulesError):
        gamenight.make("thunee", players=5)
    g = gamenight.make("thunee", rules="tuscans", balls_to_win="15")
    assert g.rules.balls_to_win == 15 and g.rules.thunee_partner_catch_balls == 4
    assert set(ThuneeRules.PRESETS) == set(ThuneeRules.PRESET_DOCS)
    defaults = ThuneeRules.build()
    # B1 parameter list defaults
    assert (defaults.balls_to_win, defaults.last_trick, defaults.jodi_timing, defaults.jodi_cards,
            defaults.weak_hand_redeal, defaults.last_card_trump, defaults.thunee_partner_catch_balls,
            defaults.double_success_requires, defaults.kanak_bid_adjust, defaults.kanak_backward_6,
            defaults.kanak_requires_jodi, defaults.undercut_restriction, defaults.redeal_if_no_trumps,
            defaults.dealer_rotation, defaults.two_player_target) == (
        12, "transfer", "hand_trick_1_or_3", "in_hand", "any_player", False, 8, "caller", True, False, False, False,
        True, "stay_while_behind", 125)


def test_t9_weak_hand_trumper_only_and_off():
    s = rigged(["Ks Qs Qd Kc", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Js Jc Tc Ts"], weak_hand_redeal="trumper_only")
    assert s.current_player == 1 and legal(s) == ["pass"]
    play(s, "pass")
    assert seen(s)["phase"] == "calling"  # seat 0's weak hand gives no right
    s = rigged(["Ks Qs Qd Kc", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Js Jc Tc Ts"], weak_hand_redeal="off")
    assert seen(s)["phase"] == "calling"
    play(s, "pass", "pass")
    assert seen(s)["log_phases"] == ["calling", "calling"]


def test_t12_last_card_trump():
    s = play(rigged(FIRST, SECOND, last_card_trump=True), *("pass",) * 6)
    assert legal(s)[-1] == "trump last"
    play(s, "trump last")
    view = seen(s, 1)
    assert view["trump"] == "h" and view["trump_card"] == "Kh"  # the last card dealt to seat 1
    assert seen(s, 0)["trump_card"] is None and seen(s, 0)["trump"] is None
    assert seen(s, 0)["trump_status"] == "face_down" and [1, "trump ?"] in seen(s, 0)["log"]


# dealer 0, trumper 1 lays Jh; seat 2 leads Ac, seat 3 (no clubs) trumps with Th; seat 0 holds no club
UNDERCUT = (["Qh Kh Js 9s", "Jh 9h Ah 9c", "Ac Jc Qc Jd", "Th Ks Qs Td"], ["As Ts", "Tc Kc", "9d Ad", "Kd Qd"])


def test_t20_undercut_restriction():
    def trumped(**rules):
        return play(rigged(*UNDERCUT, **rules), *("pass",) * 6, "trump Jh", *("pass",) * 4, "Ac Th")
    assert legal(trumped()) == ["Js", "9s", "As", "Ts", "Kh", "Qh"]
    s = trumped(undercut_restriction=True)
    assert legal(s) == ["Js", "9s", "As", "Ts"]  # Kh and Qh are lower than Th
    with pytest.raises(gamenight.IllegalAction, match="may not play a trump lower than one already in the trick"):
        s.apply("Kh")
    # trick 5: seat 3 trumps seat 2's Ac with Th again and seat 0 holds only trumps: anything goes
    s = play(rigged(*UNDERCUT, undercut_restriction=True), *("pass",) * 6, "trump Jh", *("pass",) * 4,
             "Ad Qd Ts 9h", "pass pass", "Tc Qc Ks 9s", "9c Jc Kd Js", "pass pass", "Jd Td As Kc", "Ac Th")
    assert s.current_player == 0 and seen(s, 0)["hand"] == ["Kh", "Qh"] and legal(s) == ["Kh", "Qh"]


def _royals_trick_2(first, second, trick1, trick2):
    """Preset traditional (undercut restriction and Royals): seat 1 lays trump Ks, then calls Royals and
    leads trick 1, whose suit (hearts) becomes trump; he wins it and leads trick 2 with the cards ``trick2``."""
    s = play(rigged(first, second, rules="traditional"), *("pass",) * 6, "trump Ks", "royals", *trick1)
    view = seen(s)
    assert view["special"] == "royals" and view["trump"] == "h" and view["tricks"][-1][2] == 1
    return play(s, *trick2)


def test_t20_b4_royals_undercut_lets_qh_over_jh():
    # Royals: Q > K > 10 > A > 9 > J in trumps too, so Jh is the lowest trump and Qh the highest.
    # Trick 2: seat 1 leads Ks, seat 2 (no spades) trumps with Jh, seat 3 follows Ts; seat 0 has no spade
    # and holds Qh and diamonds: Qh overtrumps, it is not an undercut.
    s = _royals_trick_2(["Qh 9h Jd 9d", "Kh Ks Qs Js", "Jh Ah Jc 9c", "Th Ts Kd Qd"],
                        ["Ad Td", "9s As", "Ac Tc", "Kc Qc"], ("Kh", "Ah", "Th", "9h"), ("Ks", "Jh", "Ts"))
    assert s.current_player == 0 and sorted(seen(s, 0)["hand"]) == ["9d", "Ad", "Jd", "Qh", "Td"]
    assert seen(s)["trick_winner"] == [2, "Jh"]
    assert sorted(legal(s)) == ["9d", "Ad", "Jd", "Qh", "Td"]
    play(s, "Qh")
    last = seen(s)["last_hand"]  # Qh, the highest trump under Royals, takes the trick: the Royals caller is caught
    assert s.hands_played == 2 and last["special"] == "royals" and last["last_trick_winner"] == 0


def test_t20_b4_royals_undercut_refuses_jh_under_kh():
    # Trick 2: seat 1 leads Ks, seat 2 (no spades) trumps with Kh, seat 3 follows Ts; seat 0 has no spade
    # and holds Jh and diamonds: under Royals Jh is lower than Kh, an undercut, so only diamonds are legal.
    s = _royals_trick_2(["Jh Ah Jd 9d", "Qh Ks Qs Js", "Kh 9h Jc 9c", "Th Ts Kd Qd"],
                        ["Ad Td", "9s As", "Ac Tc", "Kc Qc"], ("Qh", "9h", "Th", "Ah"), ("Ks", "Kh", "Ts"))
    assert s.current_player == 0 and sorted(seen(s, 0)["hand"]) == ["9d", "Ad", "Jd", "Jh", "Td"]
    assert sorted(legal(s)) == ["9d", "Ad", "Jd", "Td"]
    with pytest.raises(gamenight.IllegalAction, match="may not play a trump lower than one already in the trick"):
        s.apply("Jh")


def test_t23_jodi_timing_variants():
    # seat 0 wins trick 1; seat 2 (partner) holds Kd Qd
    first = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd Qd Ad", "Kc Jc Tc Qc"]
    second = ["Ts Ks", "Th Kh", "Td Kd", "Qs 9d"]
    trick1 = ("Ac", "Kc", "Qh", "9c")
    s = play(rigged(first, second), *("pass",) * 6, "trump Jh", *("pass",) * 4, *trick1)
    assert seen(s)["phase"] == "jodi"
    play(s, "pass", "pass")  # neither declares after trick 1
    # trick 2: seat 0 leads Js; seat 1 holds hearts only and trumps with Ah: he wins it
    play(s, "Js", "Ah", "Ad", "Qs")
    assert seen(s)["tricks"][-1][2] == 1 and seen(s)["phase"] == "play"  # trick 2: no Jodi by default
    s2 = play(rigged(first, second, jodi_timing="any_won_trick"), *("pass",) * 6, "trump Jh", *("pass",) * 4,
              *trick1, "pass", "pass", "Js", "Ah", "Ad", "Qs")
    assert seen(s2)["phase"] == "jodi" and s2.current_player == 1  # any won trick
    s3 = play(rigged(first, second, jodi_timing="team_won_1st_or_3rd"), *("pass",) * 6, "trump Jh", *("pass",) * 4,
              *trick1, "pass", "pass", "Js", "Ah", "Ad", "Qs")
    assert seen(s3)["phase"] == "jodi" and s3.current_player == 1  # the team's own first won trick


def test_b2_6_jodi_cards_dealt_variant():
    # seat 2 leads Qd to trick 1 and seat 0's 9d takes it: K+Q of diamonds were dealt to seat 2, Qd is no longer held
    first = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd Qd Ad", "Kc Jc Tc Qc"]
    second = ["9d Ks", "Th Kh", "Td Kd", "Qs Ts"]
    for rule, options in (("dealt", ["pass", "jodi KQd", "jodi JKQd"]), ("in_hand", ["pass"])):
        s = play(rigged(first, second, jodi_cards=rule), *("pass",) * 6, "trump Jh", *("pass",) * 4, "Qd Kc 9d 9c")
        assert seen(s)["tricks"][-1][2] == 0
        play(s, "pass")
        assert s.current_player == 2 and legal(s) == options, rule


def test_t15_no_void_redeal_option():
    first = ["Jh 9h Ah Th", "Js 9s 9c Ac", "Jd 9d Ad Td", "As Ts Jc Tc"]
    second = ["Kh Qh", "Ks Qs", "Kd Qd", "Kc Qc"]
    s = play(rigged(first, second, redeal_if_no_trumps=False), *("pass",) * 6, "trump Js", *("pass",) * 4)
    assert seen(s)["phase"] == "play" and s.hands_played == 1


def test_t16_no_thunee_with_six_of_a_suit():
    first = ["Js 9s As Ts", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Kc Jc Tc Qc"]
    second = ["Ks Qs", "Th Kh", "Td Kd", "Qh Qd"]
    s = play(rigged(first, second), *("pass",) * 6, "trump Jh", "pass", "pass", "pass")
    assert s.current_player == 0 and "thunee" in legal(s)
    s = play(rigged(first, second, no_thunee_with_six_of_a_suit=True), *("pass",) * 6, "trump Jh", "pass", "pass",
             "pass")
    assert legal(s) == ["pass"]


def test_b4_royals_reverse_the_rank():
    royals = strength_for(Special.ROYALS, 1)
    assert trick_winner(list(zip(range(4), cards("Js Qs Ks Ts"))), 0, royals)[0] == 1
    assert trick_winner(list(zip(range(4), cards("Jh Qs Kh Th"))), 0, royals)[0] == 1  # a trump (spades) still wins
    assert strength_for(Special.BLIND_ROYALS, 1) == royals


def test_b4_blind_thunee_called_before_the_last_cards():
    s = play(rigged(FIRST, SECOND, blind_thunee=True), *("pass",) * 6, "trump Jh")
    view = seen(s)
    assert view["phase"] == "blind" and s.current_player == 1 and legal(s) == ["pass", "blind thunee"]
    assert view["hand_sizes"] == [4, 4, 4, 4]
    play(s, "pass", "blind thunee")
    view = seen(s)
    assert view["special"] == "blind thunee" and view["special_seat"] == 2 and view["hand_sizes"] == [6, 6, 6, 6]
    assert s.current_player == 2 and view["phase"] == "play"
    assert view["log_phases"][-3:] == ["trump", "blind", "blind"]
    assert solo_balls(ThuneeRules.build(), Special.BLIND_THUNEE, 2, 2) == [8, 0]
    assert solo_balls(ThuneeRules.build(), Special.BLIND_THUNEE, 2, 0) == [0, 8]


def test_t26_double_variants():
    # seat 0 (the caller's partner) takes the last trick with As
    s = play(last_trick_all_won(seat3_keeps="Jd", seat0_keeps="As"), "double Ks", "Jd As Qc")
    assert seen(s)["last_hand"]["balls"] == [0, 4]
    s = play(last_trick_all_won(seat3_keeps="Jd", seat0_keeps="As", double_success_requires="team"), "double Ks",
             "Jd As Qc")
    assert seen(s)["last_hand"]["balls"] == [2, 0]
    # a team one ball short of the target may not call Double (balls_to_win 1: no ball is one short)
    s = last_trick_all_won(balls_to_win=1, no_double_at_target_minus_1=True)
    assert legal(s) == ["Ks", "kanak Ks"]


def test_t27_kanak_variants():
    rules = ThuneeRules.build()
    # trumper seat 1, so O = {0, 2} counts; seat 1 calls Kanak with Jodi 40 against O's 25 points, call 10
    assert kanak_value(rules, 10, 0, 1, 25, [0, 40]) == 25 + 0 - 40 - 10 + 10
    assert kanak_value(ThuneeRules.build(kanak_bid_adjust=False), 10, 0, 1, 25, [0, 40]) == 25 - 40 - 10
    s = play(last_trick_one_lost(kanak_raises_target_13=True), "Kh")
    assert seen(s)["ball_target"] == 12  # raised when Kanak is called, not before
    play(s, "kanak Jc")
    assert seen(s)["ball_target"] == 13
    assert legal(last_trick_one_lost(kanak_requires_jodi=True)) == ["Kh"]
    assert legal(last_trick_one_lost("jodi KQd", kanak_requires_jodi=True)) == ["Kh", "kanak Kh"]


def test_t27_kanak_succeeds_when_the_caller_takes_the_last_trick():
    # seat 1 buys trump with a call of 20; team {0, 2} declares Jodi 20, loses trick 2 (37 points) and seat 2
    # calls Kanak on the last trick with a trump
    s = play(last_deal(), "pass pass pass pass", "call 10", "pass", "call 20", "pass pass", "trump Qh",
             "pass pass pass pass", "Jh Td 9s Qh", "pass", "jodi KQd", "Ks Js Qs Qc", "9d Kd Ac 9h", "pass pass",
             "Ah Ad As Tc", "Th Jd Ts Kc")
    view = seen(s, 2)
    assert view["card_points"][1] == 37 and view["jodi"] == [20, 0] and view["bid"] == 20 and view["trumper"] == 1
    play(s, "kanak Kh", "Jc Qd 9c")
    last = seen(s)["last_hand"]
    # K = O's points + O's Jodi - own Jodi - 10 - the call (O is trumping)
    assert last["final_call"] == "kanak" and last["kanak_value"] == 37 + 0 - 20 - 10 - 20 and last["balls"] == [3, 0]


def test_t27_kanak_backward_6_and_simple():
    # the caller, seat 0, is on the counting team (trumper seat 1); Jodi 50; O won 25 points in one trick
    backward = ThuneeRules.build(kanak_backward_6=True)
    value = kanak_value(backward, 0, 0, 0, 25, [50, 0])
    assert value == 25 - 50 - 10 and kanak_balls(backward, 0, 0, 0, value, 1) == [6, 0]
    simple = ThuneeRules.build(kanak_simple=True)
    value = kanak_value(simple, 0, 0, 0, 0, [20, 0])
    # the partner won the last trick and O won nothing: the simple rule only compares points
    assert value == -30 and kanak_balls(simple, 0, 0, 2, value, 0) == [3, 0]


def test_t29_dealer_rotation_always_and_t30_win_by_two():
    always = ThuneeRules.build(dealer_rotation="always")
    assert next_dealer(always, 0, [0, 6], 4) == 1
    by_two = ThuneeRules.build(win_by_two=True)
    assert match_winner(by_two, [11, 12], 12) is None and match_winner(by_two, [11, 13], 12) == 1
    assert match_winner(ThuneeRules.build(), [11, 12], 12) == 1


def test_b4_thirteen_balls():
    rules = ThuneeRules.build("playthunee")
    assert match_winner(rules, [12, 0], rules.balls_to_win) is None
    assert match_winner(rules, [13, 0], rules.balls_to_win) == 0


@pytest.mark.parametrize("players", [4, 6, 2])
def test_t29_t30_dealer_and_match_end_follow_the_balls(players):
    """Over whole random matches (dealer_rotation and win_by_two both ways), each next hand's dealer and the match's
    end agree with the balls the views show."""
    for rules in ({}, {"dealer_rotation": "always", "win_by_two": True, "balls_to_win": 5}):
        game = ThuneeGame(players=players, **rules)
        rng = random.Random(players)
        for seed in range(6):
            s = game.new(seed=seed)
            before = seen(s)
            while not s.is_over:
                legal_now = s.legal_actions()
                s.apply(rng.choice(legal_now))
                view = seen(s)
                if view["hand_number"] != before["hand_number"] or view["is_over"]:
                    last = view["last_hand"]
                    if last["result"] == "scored" and not view["is_over"]:
                        assert view["dealer"] == next_dealer(game.rules, before["dealer"], view["balls"], players)
                    elif not view["is_over"]:
                        assert view["dealer"] == before["dealer"]  # redeals and void deals keep the dealer
                    assert (match_winner(game.rules, view["balls"], view["ball_target"]) is not None) == view["is_over"]
                    before = view


# ---- 6 players (T31-T33) ------------------------------------------------------------------------------

def test_t31_six_player_deal_and_calling():
    s = ThuneeGame(players=6).new(seed=4)
    view = seen(s)
    assert view["hand_sizes"] == [3] * 6 and view["stock_size"] == 6
    for _ in range(6):
        play(s, "pass")
    assert seen(s)["phase"] == "trip" and s.current_player == view["dealer"] and legal(s) == ["pass", "trip"]
    play(s, "pass")
    assert seen(s)["phase"] == "calling" and s.current_player == (view["dealer"] + 2) % 6  # T11: the trumper's right


def test_t32_trip():
    s = ThuneeGame(players=6).new(seed=4)
    play(s, *("pass",) * 6, "trip")
    view = seen(s)
    assert view["special"] == "trip" and s.current_player == view["dealer"] and view["trump"] is None
    assert view["trump_status"] == "none" and view["hand_sizes"] == [4] * 6
    while s.hands_played == 1:
        play(s, legal(s)[0])
    last = seen(s)["last_hand"]
    assert last["special"] == "trip"
    team = last["special_seat"] % 2
    assert last["balls"][team] == 3 or last["balls"][1 - team] == 6


def test_t33_mooney():
    first = ["Js 9s As", "Jh 9h Ah", "Jd 9d Ad", "Jc 9c Ac", "Ts Ks Qs", "Th Kh Qh"]
    second = ["Qc", "Td", "Kd", "Qd", "Tc", "Kc"]
    s = rigged(first, second)
    play(s, *("pass",) * 6, "pass", "pass", "pass", "pass")  # weak, trip, calling (seats 2 and 4 pass, 0 passes)
    assert seen(s)["phase"] == "trump"
    play(s, legal(s)[0])
    while seen(s)["phase"] == "special" and "mooney" not in legal(s):
        play(s, "pass")
    assert s.current_player == 2 and legal(s) == ["pass", "thunee", "mooney"]  # Jd 9d Ad Kd
    play(s, "mooney")
    view = seen(s, 5)
    assert view["special"] == "mooney" and view["trump"] == "d" and s.current_player == 2  # the declarer's suit
    mooney = Special.MOONEY
    rules = ThuneeRules.build()
    assert solo_balls(rules, mooney, 2, 2) == [4, 0]
    assert solo_balls(rules, mooney, 2, 0) == [0, 4]  # caught by the partner
    assert solo_balls(rules, mooney, 2, 1) == [0, 8]  # caught by an opponent
    play(s, "Jd")
    assert s.hands_played == 1


def test_t31_six_player_double_and_kanak_on_trick_4():
    # seat 2 holds J 9 A of hearts (trump: seat 1 lays Qh) and leads tricks 1-3, then trick 4 with Ks
    hands = ["Js 9s As Ts", "Qh Jc 9c Ac", "Jh 9h Ah Ks", "Tc Kc Qc Jd", "Th Kh 9d Ad", "Td Kd Qd Qs"]
    s = rigged([" ".join(h.split()[:3]) for h in hands], [h.split()[3] for h in hands])
    play(s, *("pass",) * 6, "pass", "pass pass pass", "trump Qh", *("pass",) * 6, "Jh Tc Th Td Js Qh",
         "pass pass pass", "9h Kc Kh Kd 9s Jc", "Ah Qc 9d Qd As 9c", "pass pass pass")
    assert seen(s)["team_tricks"] == [3, 0] and s.current_player == 2
    assert legal(s) == ["Ks", "double Ks", "kanak Ks"]


# ---- 2 players (T34) ----------------------------------------------------------------------------------

def test_t34_two_player_hand():
    s = ThuneeGame(players=2).new(seed=6)
    view = seen(s)
    d = view["dealer"]
    assert view["default_trumper"] == 1 - d and view["teams"] == [[0], [1]]
    assert view["hand_sizes"] == [4, 4] and view["stock_size"] == 16
    assert view["tricks_per_hand"] == 12 and view["tricks_per_half"] == 6
    play(s, "pass", "pass")
    assert s.current_player == d and legal(s) == ["pass", "call 10"]  # the dealer may call first
    play(s, "pass")
    assert seen(s)["phase"] == "trump" and seen(s)["trumper"] == 1 - d
    play(s, legal(s)[0])
    assert seen(s)["hand_sizes"] == [6, 6]
    play(s, "pass", "pass")
    if s.hands_played != 1:
        return  # a void deal (counting seat without trumps in its 12 cards)
    assert s.current_player == d  # the trumper's right leads
    while s.hands_played == 1:
        play(s, legal(s)[0])
        while seen(s)["phase"] == "jodi":
            play(s, "pass")
        view = seen(s)
        if view["tricks_done"] == 6 and not view["trick"] and s.hands_played == 1:
            assert view["hand_sizes"] == [6, 6]  # the second half is dealt
            assert s.current_player == view["tricks"][-1][2]  # the winner of trick 6 leads
    last = seen(s)["last_hand"]
    assert s.hands_played == 2 and last["target"] == 125
    assert sum(last["card_points"]) == 304


def test_t34_two_player_target_option_and_no_double_or_kanak():
    g = ThuneeGame(players=2, two_player_target=105)
    assert seen(g.new(seed=1))["counting_target"] == 105
    rng = random.Random(3)
    last_tricks = 0
    for seed in range(30):
        s = g.new(seed=seed)
        while not s.is_over:
            actions = legal(s)
            assert not any(a.startswith(("double", "kanak")) for a in actions)
            last_tricks += seen(s)["tricks_done"] == 11
            s.apply(actions[0] if actions[0] == "pass" else rng.choice(actions))
    assert last_tricks > 50  # the last trick was reached many times


def test_t34_two_player_thunee_covers_the_first_six_tricks_only():
    s = rigged(["Jd 9d Ad Td", "Qd 9s As Ts"], ["Kd Js", "Ks Qs"],
               ["Jh 9h Ah Th Kh Qh", "Jc 9c Ac Tc Kc Qc"])
    play(s, "pass", "pass", "pass", "trump 9s", "pass", "thunee")
    assert seen(s)["special"] == "thunee" and s.current_player == 0
    for card in ("Jd", "9d", "Ad", "Td", "Kd", "Js"):
        play(s, card)
        play(s, legal(s)[0])
    last = seen(s)["last_hand"]
    assert s.hands_played == 2 and last["special"] == "thunee" and last["balls"] == [4, 0]


def test_t34_two_player_void_deal_checks_the_counting_players_twelve_cards():
    # trump spades (seat 1 trumper); seat 0 (counting) has no spade in its first six but gets Qs later
    first = ["Jd 9d Ad Td", "Js 9s As Ts"]
    second = ["Kd Qd", "Ks Jh"]
    s = play(rigged(first, second, ["Qs 9h Ah Th Kh Qh", "Jc 9c Ac Tc Kc Qc"]), "pass", "pass", "pass", "trump Js",
             "pass", "pass")
    assert s.hands_played == 1 and seen(s)["phase"] == "play"
    s = play(rigged(first, second, ["Qh 9h Ah Th Kh Jc", "Qs 9c Ac Tc Kc Qc"]), "pass", "pass", "pass", "trump Js",
             "pass", "pass")
    assert s.hands_played == 2 and seen(s)["last_hand"]["result"] == "void"
