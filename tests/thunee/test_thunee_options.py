"""Options, presets and the 6- and 2-player tables (T9, T12, T15-T18, T20, T23, T26-T34, B2, B4)."""
import pytest

import gamenight
from gamenight.thunee.rules import ThuneeRules
from gamenight.thunee.state import S_MOONEY, S_TRIP, ThuneeGame
from thunee_helpers import cards, legal, play, rigged

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
    assert s.phase == 2  # calling: seat 0's weak hand gives no right
    s = rigged(["Ks Qs Qd Kc", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Js Jc Tc Ts"], weak_hand_redeal="off")
    assert s.phase == 2


def test_t12_last_card_trump():
    s = play(rigged(FIRST, SECOND, last_card_trump=True), *("pass",) * 6)
    assert legal(s)[-1] == "trump last"
    play(s, "trump last")
    assert s.trump == cards("Kh")[0] // 6 and s.trump_card == cards("Kh")[0]  # the last card dealt to seat 1
    assert s.view(1)["trump_card"] == "Kh" and s.view(0)["trump_card"] is None and s.view(0)["trump"] is None


def test_t20_undercut_restriction():
    def state(**rules):
        s = play(rigged(FIRST, SECOND, **rules), *("pass",) * 6, "trump Jh", *("pass",) * 4)
        s.hands[0] = sum(1 << c for c in cards("Qh Kh Js"))
        s.hands[3] = sum(1 << c for c in cards("Ah"))
        s.trick = [(2, cards("Ac")[0]), (3, cards("Th")[0])]  # seat 3 trumped with 10h
        s.current = 0
        s._legal = None
        return s
    assert legal(state()) == ["Js", "Kh", "Qh"] or sorted(legal(state())) == sorted(["Js", "Kh", "Qh"])
    assert sorted(legal(state(undercut_restriction=True))) == ["Js"]
    s = state(undercut_restriction=True)
    s.hands[0] = sum(1 << c for c in cards("Qh Kh"))
    s._legal = None
    assert sorted(legal(s)) == ["Kh", "Qh"]  # only trumps: anything goes


def _royals_trick_2(first, second, trick1, trick2):
    """Preset traditional (undercut restriction and Royals): seat 1 lays trump Ks, then calls Royals and
    leads trick 1, whose suit (hearts) becomes trump; he wins it and leads trick 2 with the cards ``trick2``."""
    s = play(rigged(first, second, rules="traditional"), *("pass",) * 6, "trump Ks", "royals", *trick1)
    assert s.special == 2 and s.view(None)["trump"] == "h" and s.tricks[-1][2] == 1
    return play(s, *trick2)


def test_t20_b4_royals_undercut_lets_qh_over_jh():
    # Royals: Q > K > 10 > A > 9 > J in trumps too, so Jh is the lowest trump and Qh the highest.
    # Trick 2: seat 1 leads Ks, seat 2 (no spades) trumps with Jh, seat 3 follows Ts; seat 0 has no spade
    # and holds Qh and diamonds: Qh overtrumps, it is not an undercut.
    s = _royals_trick_2(["Qh 9h Jd 9d", "Kh Ks Qs Js", "Jh Ah Jc 9c", "Th Ts Kd Qd"],
                        ["Ad Td", "9s As", "Ac Tc", "Kc Qc"], ("Kh", "Ah", "Th", "9h"), ("Ks", "Jh", "Ts"))
    assert s.current_player == 0 and sorted(s.view(0)["hand"]) == ["9d", "Ad", "Jd", "Qh", "Td"]
    assert sorted(legal(s)) == ["9d", "Ad", "Jd", "Qh", "Td"]


def test_t20_b4_royals_undercut_refuses_jh_under_kh():
    # Trick 2: seat 1 leads Ks, seat 2 (no spades) trumps with Kh, seat 3 follows Ts; seat 0 has no spade
    # and holds Jh and diamonds: under Royals Jh is lower than Kh, an undercut, so only diamonds are legal.
    s = _royals_trick_2(["Jh Ah Jd 9d", "Qh Ks Qs Js", "Kh 9h Jc 9c", "Th Ts Kd Qd"],
                        ["Ad Td", "9s As", "Ac Tc", "Kc Qc"], ("Qh", "9h", "Th", "Ah"), ("Ks", "Kh", "Ts"))
    assert s.current_player == 0 and sorted(s.view(0)["hand"]) == ["9d", "Ad", "Jd", "Jh", "Td"]
    assert sorted(legal(s)) == ["9d", "Ad", "Jd", "Td"]
    with pytest.raises(gamenight.IllegalAction, match="may not play a trump lower than one already in the trick"):
        s.apply("Jh")


def test_t23_jodi_timing_variants():
    # seat 0 wins trick 1; seat 2 (partner) holds Kd Qd
    first = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd Qd Ad", "Kc Jc Tc Qc"]
    second = ["Ts Ks", "Th Kh", "Td Kd", "Qs 9d"]
    trick1 = ("Ac", "Kc", "Qh", "9c")
    s = play(rigged(first, second), *("pass",) * 6, "trump Jh", *("pass",) * 4, *trick1)
    assert s.phase == 6
    play(s, "pass", "pass")  # neither declares after trick 1
    # trick 2: seat 0 leads Js, seat 1 follows nothing -> Jh trumps? seat 1 holds hearts only; plays Ah -> wins
    play(s, "Js", "Ah", "Ad", "Qs")
    assert s.tricks[-1][2] == 1 and s.phase == 7  # trick 2: no Jodi by default
    s2 = play(rigged(first, second, jodi_timing="any_won_trick"), *("pass",) * 6, "trump Jh", *("pass",) * 4, *trick1,
              "pass", "pass", "Js", "Ah", "Ad", "Qs")
    assert s2.phase == 6 and s2.current_player == 1  # any won trick
    s3 = play(rigged(first, second, jodi_timing="team_won_1st_or_3rd"), *("pass",) * 6, "trump Jh", *("pass",) * 4,
              *trick1, "pass", "pass", "Js", "Ah", "Ad", "Qs")
    assert s3.phase == 6 and s3.current_player == 1  # the team's own first won trick


def test_b2_6_jodi_cards_dealt_variant():
    first = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd Qd Ad", "Kc Jc Tc Qc"]
    second = ["Ts Ks", "Th Kh", "Td Kd", "Qs 9d"]
    s = play(rigged(first, second, jodi_cards="dealt"), *("pass",) * 6, "trump Jh", *("pass",) * 4)
    s.hands[2] &= ~(1 << cards("Qd")[0])  # as if Qd were already played
    play(s, "Ac", "Kc", "Qh", "9c", "pass")
    assert "jodi KQd" in legal(s)


def test_t15_no_void_redeal_option():
    first = ["Jh 9h Ah Th", "Js 9s 9c Ac", "Jd 9d Ad Td", "As Ts Jc Tc"]
    second = ["Kh Qh", "Ks Qs", "Kd Qd", "Kc Qc"]
    s = play(rigged(first, second, redeal_if_no_trumps=False), *("pass",) * 6, "trump Js", *("pass",) * 4)
    assert s.phase == 7 and s.hand_no == 1


def test_t16_no_thunee_with_six_of_a_suit():
    first = ["Js 9s As Ts", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Kc Jc Tc Qc"]
    second = ["Ks Qs", "Th Kh", "Td Kd", "Qh Qd"]
    s = play(rigged(first, second), *("pass",) * 6, "trump Jh", "pass", "pass", "pass")
    assert s.current_player == 0 and "thunee" in legal(s)
    s = play(rigged(first, second, no_thunee_with_six_of_a_suit=True), *("pass",) * 6, "trump Jh", "pass", "pass",
             "pass")
    assert legal(s) == ["pass"]


def test_b4_royals_reverse_the_rank():
    s = ThuneeGame(players=4, royals=True).new(seed=1)
    s.special, s.trump, s.tricks_done = 2, 0, 1
    s.trick = list(zip(range(4), cards("Js Qs Ks Ts")))
    assert s._trick_winner() == 1
    s.trick = list(zip(range(4), cards("Jh Qs Kh Th")))  # a trump (spades) still wins
    assert s._trick_winner() == 1


def test_b4_blind_thunee_called_before_the_last_cards():
    s = play(rigged(FIRST, SECOND, blind_thunee=True), *("pass",) * 6, "trump Jh")
    assert s.phase == 4 and s.current_player == 1 and legal(s) == ["pass", "blind thunee"]
    assert all(bin(h).count("1") == 4 for h in s.hands)
    play(s, "pass", "blind thunee")
    assert s.special == 3 and s.special_seat == 2 and all(bin(h).count("1") == 6 for h in s.hands)
    assert s.current_player == 2 and s.phase == 7
    s.balls = [0, 0]
    s._end_hand(last_winner=2)
    assert s.last_hand["balls"] == [8, 0]


def test_t26_double_variants():
    from test_thunee_worked_examples import _last_trick_state
    s = _last_trick_state(True)
    s.hands[0] = 1 << cards("Ah")[0]  # partner wins the last trick
    play(s, "double Ks", "Js", "Ah", "Kh")
    assert s.last_hand["balls"] == [0, 4]
    s = _last_trick_state(True)
    s.game = ThuneeGame(players=4, double_success_requires="team")
    s.hands[0] = 1 << cards("Ah")[0]
    s._legal = None
    play(s, "double Ks", "Js", "Ah", "Kh")
    assert s.last_hand["balls"] == [2, 0]
    s = _last_trick_state(True)
    s.game = ThuneeGame(players=4, no_double_at_target_minus_1=True)
    s.balls = [11, 0]
    s._legal = None
    assert legal(s) == ["Ks", "kanak Ks"]


def _kanak(bid, **rules):
    s = ThuneeGame(players=4, **rules).new(seed=5)
    s.trumper, s.bid, s.special = 1, bid, 0  # caller seat 1 is trumping; O = {0,2} counting
    s.final_call, s.final_seat = 2, 1
    s.jodi = [0, 40]
    s.trick_points = [25, 279]
    s.team_tricks = [1, 5]
    s.last_trick_points = 20
    s._end_hand(last_winner=1)
    return s


def test_t27_kanak_variants():
    assert _kanak(10).last_hand["kanak_value"] == 25 + 0 - 40 - 10 + 10
    assert _kanak(10, kanak_bid_adjust=False).last_hand["kanak_value"] == 25 - 40 - 10
    s = _kanak(0, kanak_raises_target_13=True)
    assert s.ball_target == 12  # raised when Kanak is *called*, in play (below)
    from test_thunee_worked_examples import _last_trick_state
    t = _last_trick_state(False)
    t.game = ThuneeGame(players=4, kanak_raises_target_13=True)
    t._legal = None
    play(t, "kanak Ks")
    assert t.ball_target == 13
    t = _last_trick_state(False)
    t.game = ThuneeGame(players=4, kanak_requires_jodi=True)
    t._legal = None
    assert legal(t) == ["Ks"]
    t.jodi = [20, 0]
    t._legal = None
    assert legal(t) == ["Ks", "kanak Ks"]


def test_t27_kanak_backward_6_and_simple():
    s = ThuneeGame(players=4, kanak_backward_6=True).new(seed=5)
    s.trumper, s.bid = 1, 0  # caller seat 0 is on the counting team
    s.final_call, s.final_seat = 2, 0
    s.jodi, s.trick_points, s.team_tricks, s.last_trick_points = [50, 0], [279, 25], [5, 1], 20
    s._end_hand(last_winner=0)
    assert s.last_hand["balls"] == [6, 0]
    s = ThuneeGame(players=4, kanak_simple=True).new(seed=5)
    s.trumper, s.bid = 1, 0
    s.final_call, s.final_seat = 2, 0
    s.jodi, s.trick_points, s.team_tricks, s.last_trick_points = [20, 0], [304, 0], [6, 0], 20
    s._end_hand(last_winner=2)  # partner won; O won nothing: the simple rule only compares points
    assert s.last_hand["balls"] == [3, 0]


def test_t29_dealer_rotation_always_and_t30_win_by_two():
    s = ThuneeGame(players=4, dealer_rotation="always").new(seed=1)
    s.dealer, s.balls, s.trumper, s.bid, s.jodi, s.trick_points = 0, [0, 5], 1, 0, [0, 0], [0, 304]
    s._end_hand(last_winner=1)
    assert s.dealer == 1
    s = ThuneeGame(players=4, win_by_two=True).new(seed=1)
    s.balls, s.trumper, s.bid, s.jodi, s.trick_points = [11, 11], 1, 0, [0, 0], [0, 304]
    s._end_hand(last_winner=1)
    assert not s.is_over and s.balls == [11, 12]
    s.trumper, s.bid, s.jodi, s.trick_points = 1, 0, [0, 0], [0, 304]
    s._end_hand(last_winner=1)
    assert s.is_over and s.winners == [1, 3]


def test_b4_thirteen_balls():
    s = ThuneeGame(players=4, rules="playthunee").new(seed=1)
    s.balls, s.trumper, s.bid, s.jodi, s.trick_points = [11, 0], 1, 0, [0, 0], [200, 104]
    s._end_hand(last_winner=0)
    assert not s.is_over and s.balls == [12, 0]


# ---- 6 players (T31-T33) ------------------------------------------------------------------------------

def test_t31_six_player_deal_and_calling():
    s = ThuneeGame(players=6).new(seed=4)
    assert all(bin(h).count("1") == 3 for h in s.hands) and len(s.stock) == 6
    for _ in range(6):
        play(s, "pass")
    assert s.phase == 1 and s.current_player == s.dealer and legal(s) == ["pass", "trip"]
    play(s, "pass")
    assert s.phase == 2 and s.current_player == (s.dealer + 2) % 6  # T11: from the default trumper's right


def test_t32_trip():
    s = ThuneeGame(players=6).new(seed=4)
    play(s, *("pass",) * 6, "trip")
    assert s.special == S_TRIP and s.current_player == s.dealer and s.trump == -1
    assert all(bin(h).count("1") == 4 for h in s.hands)
    while s.hand_no == 1:
        play(s, legal(s)[0])
    assert s.last_hand["special"] == "trip"
    team = s.last_hand["special_seat"] % 2
    assert s.last_hand["balls"][team] == 3 or s.last_hand["balls"][1 - team] == 6


def test_t33_mooney():
    first = ["Js 9s As", "Jh 9h Ah", "Jd 9d Ad", "Jc 9c Ac", "Ts Ks Qs", "Th Kh Qh"]
    second = ["Qc", "Td", "Kd", "Qd", "Tc", "Kc"]
    s = rigged(first, second)
    play(s, *("pass",) * 6, "pass", "pass", "pass", "pass")  # weak, trip, calling (seats 2 and 4 pass, 0 passes)
    assert s.phase == 3
    play(s, legal(s)[0])
    while s.phase == 5 and "mooney" not in legal(s):
        play(s, "pass")
    assert s.current_player == 2 and legal(s) == ["pass", "thunee", "mooney"]  # Jd 9d Ad Kd
    play(s, "mooney")
    assert s.special == S_MOONEY and s.trump == 2 and s.current_player == 2  # trump: the declarer's suit
    assert s.view(5)["trump"] == "d"
    play(s, "Jd")
    assert s.hand_no == 1
    s2 = s.clone()
    s2._end_hand(last_winner=2)
    assert s2.last_hand["balls"] == [4, 0]
    s3 = s.clone()
    s3._end_hand(last_winner=0)
    assert s3.last_hand["balls"] == [0, 4]
    s4 = s.clone()
    s4._end_hand(last_winner=1)
    assert s4.last_hand["balls"] == [0, 8]


def test_t31_six_player_double_and_kanak_on_trick_4():
    s = ThuneeGame(players=6).new(seed=8)
    s.phase, s.special, s.final_call, s.trumper, s.trump, s.trump_shown = 7, 0, 0, 1, 1, True
    s.tricks_done, s.team_tricks, s.trick = 3, [3, 0], []
    s.hands = [1 << c for c in cards("Qs Kh Ks Js 9s As")]
    s.leader = s.current = 2
    s._legal = None
    assert legal(s) == ["Ks", "double Ks", "kanak Ks"]


# ---- 2 players (T34) ----------------------------------------------------------------------------------

def test_t34_two_player_hand():
    s = ThuneeGame(players=2).new(seed=6)
    d = s.dealer
    assert s.default_trumper == 1 - d
    assert all(bin(h).count("1") == 4 for h in s.hands) and len(s.stock) == 16
    play(s, "pass", "pass")
    assert s.current_player == d and legal(s) == ["pass", "call 10"]  # the dealer may call first
    play(s, "pass")
    assert s.phase == 3 and s.trumper == 1 - d
    play(s, legal(s)[0])
    assert all(bin(h).count("1") == 6 for h in s.hands)
    play(s, "pass", "pass")
    if s.hand_no != 1:
        return  # a void deal (counting seat without trumps in its 12 cards)
    assert s.current_player == d  # the trumper's right leads
    for _ in range(12):
        play(s, legal(s)[0], )
        while s.phase == 6:
            play(s, "pass")
        if s.tricks_done == 6 and s.trick == [] and s.hand_no == 1:
            assert all(bin(h).count("1") == 6 for h in s.hands)  # the second half is dealt
            assert s.current_player == s.tricks[-1][2]  # the winner of trick 6 leads
        play(s, legal(s)[0])
        while s.phase == 6:
            play(s, "pass")
        if s.hand_no != 1:
            break
    assert s.hand_no == 2 and s.last_hand["target"] == 125
    assert len(s.last_hand) and sum(s.last_hand["card_points"]) == 304


def test_t34_two_player_target_option_and_no_double_or_kanak():
    g = ThuneeGame(players=2, two_player_target=105)
    assert g.target_points == 105
    s = g.new(seed=1)
    s.phase, s.special, s.trumper, s.trump, s.trump_shown = 7, 0, 0, 1, True
    s.tricks_done, s.team_tricks, s.trick = 11, [11, 0], []
    s.hands = [1 << cards("Qs")[0], 1 << cards("Ks")[0]]
    s.leader = s.current = 0
    s._legal = None
    assert legal(s) == ["Qs"]


def test_t34_two_player_thunee_covers_the_first_six_tricks_only():
    s = rigged(["Jd 9d Ad Td", "Qd 9s As Ts"], ["Kd Js", "Ks Qs"],
               ["Jh 9h Ah Th Kh Qh", "Jc 9c Ac Tc Kc Qc"])
    play(s, "pass", "pass", "pass", "trump 9s", "pass", "thunee")
    assert s.special == 1 and s.current_player == 0
    for card in ("Jd", "9d", "Ad", "Td", "Kd", "Js"):
        play(s, card)
        play(s, legal(s)[0])
    assert s.hand_no == 2 and s.last_hand["special"] == "thunee" and s.last_hand["balls"] == [4, 0]


def test_t34_two_player_void_deal_checks_the_counting_players_twelve_cards():
    # trump spades (seat 1 trumper); seat 0 (counting) has no spade in its first six but gets Qs later
    first = ["Jd 9d Ad Td", "Js 9s As Ts"]
    second = ["Kd Qd", "Ks Jh"]
    s = play(rigged(first, second, ["Qs 9h Ah Th Kh Qh", "Jc 9c Ac Tc Kc Qc"]), "pass", "pass", "pass", "trump Js",
             "pass", "pass")
    assert s.hand_no == 1 and s.phase == 7
    s = play(rigged(first, second, ["Qh 9h Ah Th Kh Jc", "Qs 9c Ac Tc Kc Qc"]), "pass", "pass", "pass", "trump Js",
             "pass", "pass")
    assert s.hand_no == 2 and s.last_hand["result"] == "void"
