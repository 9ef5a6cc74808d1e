"""YESSIR! rules J1-J14 and worked examples CE8, CE10-CE13 (RULES.md section C), played through the engine."""
import random

import pytest

import gamenight
from gamenight import IllegalAction, RulesError
from gamenight.yessir import YessirRules
from yessir_helpers import play, table


def legal(s):
    return [str(a) for a in s.legal_actions()]


# ---- options and presets -------------------------------------------------------------------------
def test_presets_and_defaults():
    r = gamenight.make("yessir").rules
    assert (r.rounds_to_win, r.luck_start, r.luck_min, r.luck_max, r.pip_change, r.tiebreak_sum,
            r.turn_direction, r.no_winner_luck_bonus_all) == (3, 6, 1, 6, False, "combo", "increasing_seat", True)
    assert r.preset == "seed003"
    assert gamenight.make("yessir", rules="short").rules.rounds_to_win == 2
    assert gamenight.make("yessir", rules="pip_change").rules.pip_change
    both = gamenight.make("yessir", rules="short_pip_change").rules
    assert both.rounds_to_win == 2 and both.pip_change
    assert gamenight.make("yessir", rules="all_dice_sum").rules.tiebreak_sum == "all"
    assert set(YessirRules.PRESETS) == set(YessirRules.PRESET_DOCS)


def test_options_are_validated():
    for bad in ({"rounds_to_win": 0}, {"tiebreak_sum": "sum"}, {"turn_direction": "left"}, {"pip_change": "maybe"},
                {"luck_start": 7}, {"luck_min": 7}, {"luck_max": 0}, {"colour": "red"}, {"first_roller": "me"}):
        with pytest.raises(RulesError):
            gamenight.make("yessir", **bad)
    with pytest.raises(RulesError):
        gamenight.make("yessir", rules="nope")
    g = gamenight.make("yessir", rounds_to_win="2", pip_change="yes", luck_start="5")
    assert (g.rules.rounds_to_win, g.rules.pip_change, g.rules.luck_start) == (2, True, 5)


def test_j1_two_to_six_players():
    for n in range(2, 7):
        assert gamenight.make("yessir", players=n).new(seed=1).current_player == 0
    for n in (1, 7):
        with pytest.raises(RulesError):
            gamenight.make("yessir", players=n)


# ---- J2-J5: set-up and the roll ---------------------------------------------------------------------
def test_j2_j3_luck_starts_at_six_and_everyone_holds_two_dice():
    s = gamenight.make("yessir", players=5).new(seed=3)
    assert s.luck == [6] * 5
    assert len(s.shared) == 3 and all(len(d) == 2 for d in s.dice)
    assert all(1 <= v <= 6 for v in s.shared + [x for d in s.dice for x in d])


def test_j5_round_one_roller_is_seat0_or_random():
    assert gamenight.make("yessir", players=4).new(seed=5).current_player == 0
    starters = {gamenight.make("yessir", players=4, first_roller="random").new(seed=k).current_player
                for k in range(40)}
    assert starters == {0, 1, 2, 3}


def test_j5_dice_are_rolled_from_the_state_rng_reproducibly():
    g = gamenight.make("yessir", players=4)
    assert g.new(seed=11).to_json() == g.new(seed=11).to_json()
    assert len({(tuple(g.new(seed=k).shared)) for k in range(30)}) > 10


# ---- J3, J6: the actions and their costs ---------------------------------------------------------------
def test_ce10_action_legality_by_luck():
    s = table(players=3)
    expect = {1: ["d", "e"], 2: ["a1", "a2", "a3", "d", "e"]}
    for luck in range(1, 7):
        s.luck[0] = luck
        assert legal(s) == expect.get(luck, ["a1", "a2", "a3", "b", "c", "d", "e"])
    s.luck[0] = 6
    play(s, "e")
    assert s.luck[0] == 6  # CE10: e at 6 stays 6 (J3 ceiling)


def test_j3_luck_floor_follows_the_option():
    s = table(players=2, luck_min=0, luck_start=5, luck_max=5)
    s.luck[0] = 1
    assert legal(s) == ["a1", "a2", "a3", "d", "e"]
    s.luck[0] = 0
    assert legal(s) == ["d", "e"]


def test_j6a_reroll_one_shared_die_costs_one(dice_script):
    s = table(players=2, shared=(1, 2, 3))
    dice_script.append(6)
    play(s, "a2")
    assert s.shared == [1, 6, 3] and s.luck == [5, 6] and s.current_player == 1


def test_j6b_reroll_all_shared_costs_two(dice_script):
    s = table(players=2, shared=(1, 2, 3))
    dice_script.extend([4, 5, 6])
    play(s, "b")
    assert s.shared == [4, 5, 6] and s.luck == [4, 6]


def test_j6c_reroll_own_dice_costs_two_and_the_owner_sees_them(dice_script):
    s = table(players=2, dice=[(1, 1), (2, 2)])
    dice_script.extend([5, 3])
    play(s, "c")
    assert s.dice == [[5, 3], [2, 2]] and s.luck == [4, 6]
    assert s.view(0)["dice"] == [5, 3] and s.view(1)["dice"] == [2, 2]


def test_j6d_yessir_changes_nothing_but_the_turn():
    s = table(players=3)
    before = (list(s.shared), [list(d) for d in s.dice], list(s.luck))
    play(s, "d")
    assert (s.shared, s.dice, s.luck) == before and s.current_player == 1
    assert s.view(None)["passed"] == [True, False, False]
    assert gamenight.make("yessir").parse_action("Yessir!") is gamenight.make("yessir").parse_action("d")


def test_j6e_blind_reroll_gains_luck_locks_and_hides_the_dice(dice_script):
    s = table(players=3, dice=[(1, 1), (2, 2), (3, 3)], luck=[4, 6, 6])
    dice_script.extend([6, 6])
    play(s, "e")
    assert s.dice[0] == [6, 6] and s.luck[0] == 5
    v = s.view(0)
    assert v["dice"] is None and v["blind"] and v["locked"] == [True, False, False]
    play(s, "a1", "d")  # P1 rerolls, P2 passes: P0 is skipped
    assert s.current_player == 1


def test_j7_a_player_who_passed_may_act_later():
    s = table(players=2)
    play(s, "d", "a1")
    assert s.current_player == 0 and "b" in legal(s)
    play(s, "b")
    assert s.luck[0] == 4


# ---- J8: the end of the turns --------------------------------------------------------------------------
def test_ce11_turns_end_when_everyone_passed_after_the_last_reroll():
    s = table(players=3)
    play(s, "d", "a1", "d", "d")
    assert s.round_no == 1 and s.current_player == 1 and s.luck[1] == 5
    play(s, "d")
    assert s.round_no == 2  # the reveal happened and the next round was rolled
    assert s.last_round["round"] == 1


def test_ce11_blind_reroll_then_two_passes_ends_the_turns():
    s = table(players=3, luck=[6, 6, 6])
    play(s, "e")
    assert s.luck[0] == 6
    play(s, "d")
    assert s.round_no == 1
    play(s, "d")
    assert s.round_no == 2


def test_j8_the_turns_end_when_everyone_is_locked():
    s = table(players=3)
    play(s, "e", "e")
    assert s.round_no == 1
    play(s, "e")
    assert s.round_no == 2


def test_j8_blind_reroll_does_not_reset_passes_by_default_c2_6():
    s = table(players=3)
    play(s, "d", "d", "e")
    assert s.round_no == 2  # P0 and P1 passed; P2 locked: everyone unlocked has passed
    s = table(players=3, blind_resets_passes=True)
    play(s, "d", "d", "e")
    assert s.round_no == 1 and s.current_player == 0
    play(s, "d", "d")
    assert s.round_no == 2


def test_j6_decreasing_turn_direction():
    s = table(players=4, turn_direction="decreasing_seat")
    play(s, "d")
    assert s.current_player == 3
    play(s, "d", "d")
    assert s.current_player == 1


# ---- J9: pip change ------------------------------------------------------------------------------------
def test_ce13_pip_change_after_a_same_face_reroll(dice_script):
    s = table(players=2, shared=(6, 2, 1), pip_change=True)
    dice_script.append(6)
    play(s, "a1")
    assert s.current_player == 0 and legal(s) == ["keep", "up", "down"] and s.view(1)["pip_die"] == 0
    with pytest.raises(IllegalAction):
        s.apply("d")
    play(s, "down")
    assert s.shared == [5, 2, 1] and s.current_player == 1 and s.luck[0] == 5
    s = table(players=2, shared=(6, 2, 1), pip_change=True)
    dice_script.append(6)
    play(s, "a1", "up")
    assert s.shared == [1, 2, 1]
    s = table(players=2, shared=(6, 2, 1), pip_change=True)
    dice_script.append(1)
    play(s, "a3", "up")
    assert s.shared == [6, 2, 2]
    s = table(players=2, shared=(6, 2, 1), pip_change=True)
    dice_script.append(1)
    play(s, "a3", "down")
    assert s.shared == [6, 2, 6]
    s = table(players=2, shared=(6, 2, 1), pip_change=True)
    dice_script.append(2)
    play(s, "a2", "keep")
    assert s.shared == [6, 2, 1]


def test_j9_no_pip_change_on_a_different_face_or_without_the_option_or_for_b(dice_script):
    s = table(players=2, shared=(6, 2, 1), pip_change=True)
    dice_script.append(5)
    play(s, "a1")
    assert s.current_player == 1 and "keep" not in legal(s)
    s = table(players=2, shared=(6, 2, 1))
    dice_script.append(6)
    play(s, "a1")
    assert s.current_player == 1
    s = table(players=2, shared=(6, 2, 1), pip_change=True)
    dice_script.extend([6, 2, 1])
    play(s, "b")
    assert s.current_player == 1  # C2-7: only action a


# ---- J10-J13: the reveal ----------------------------------------------------------------------------------
def test_ce8_combo_sum_gives_the_round_to_the_pair_of_fives():
    s = table(players=2, shared=(5, 4, 1), dice=[(1, 6), (5, 2)])
    play(s, "d", "d")
    assert s.last_round["winner"] == 1 and s.wins == [0, 1]
    assert s.last_round["categories"] == ["one pair", "one pair"]


def test_ce8_all_dice_sum_gives_the_round_to_the_pair_of_ones():
    s = table(players=2, shared=(5, 4, 1), dice=[(1, 6), (5, 2)], tiebreak_sum="all")
    play(s, "d", "d")
    assert s.last_round["winner"] == 0 and s.wins == [1, 0]


@pytest.mark.parametrize("mode", ["combo", "all"])
def test_ce8_small_straight_wins_outright(mode):
    s = table(players=3, shared=(5, 4, 1), dice=[(1, 6), (5, 2), (3, 2)], tiebreak_sum=mode)
    play(s, "d", "d", "d")
    assert s.last_round["winner"] == 2 and s.last_round["ranking"][0] == 2


def test_j10_luck_dice_and_other_players_dice_do_not_count():
    s = table(players=2, shared=(6, 6, 6), dice=[(1, 2), (3, 4)], luck=[6, 6])
    play(s, "d", "d")
    assert s.last_round["hands"] == [[6, 6, 6, 2, 1], [6, 6, 6, 4, 3]] and s.last_round["winner"] == 1


def test_j12_a_tie_among_the_best_means_no_winner_even_with_a_lower_third():
    s = table(players=3, shared=(1, 3, 4), dice=[(1, 6), (6, 1), (5, 6)], luck=[3, 3, 3])
    play(s, "d", "d", "d")
    lr = s.last_round
    assert lr["winner"] is None and lr["tied"] == [0, 1] and s.wins == [0, 0, 0]
    assert s.luck == [4, 4, 4]  # J13 UNVERIFIED default: everyone gains luck


def test_j13_no_winner_luck_bonus_option():
    s = table(players=2, shared=(1, 3, 4), dice=[(1, 6), (6, 1)], luck=[3, 3], no_winner_luck_bonus_all=False)
    play(s, "d", "d")
    assert s.luck == [3, 3]


def test_j5_after_no_winner_the_previous_roller_rolls_again_or_the_next_seat():
    s = table(players=3, shared=(1, 3, 4), dice=[(1, 6), (6, 1), (6, 1)])
    play(s, "d", "d", "d")
    assert s.roller == 0 and s.current_player == 0
    s = table(players=3, shared=(1, 3, 4), dice=[(1, 6), (6, 1), (6, 1)], no_winner_roller="next")
    play(s, "d", "d", "d")
    assert s.roller == 1 and s.current_player == 1


def test_j5_the_round_winner_rolls_and_starts_the_next_round():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)])
    play(s, "d", "d", "d")
    assert s.roller == 2 and s.current_player == 2 and s.locked == 0 and s.passed == 0


def test_ce12_round_win_flips_then_removes_the_mat_then_wins_the_game():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], luck=[5, 6, 2])
    play(s, "d", "d", "d")
    assert s.wins == [0, 0, 1] and s.luck == [6, 6, 2]  # the others gain 1, capped at 6
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], wins=[0, 0, 1])
    play(s, "d", "d", "d")
    assert s.wins == [0, 0, 2] and not s.is_over
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], wins=[2, 2, 2])
    play(s, "d", "d", "d")
    assert s.is_over and s.winners == [2] and s.scores == [2, 2, 3] and s.returns() == [0.0, 0.0, 1.0]
    assert s.current_player is None and s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply("d")


def test_j14_short_game_ends_at_two_wins():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], wins=[0, 0, 1], rules="short")
    play(s, "d", "d", "d")
    assert s.is_over and s.winners == [2]


def test_j4_j14_random_matches_end_with_one_winner_at_three_wins():
    rng = random.Random(4)
    for n in range(2, 7):
        g = gamenight.make("yessir", players=n)
        for seed in range(30):
            s = g.new(seed=seed)
            while not s.is_over:
                s.apply(rng.choice(s.legal_actions()))
            assert len(s.winners) == 1 and s.wins[s.winners[0]] == 3 and max(
                w for p, w in enumerate(s.wins) if p != s.winners[0]) <= 2
            assert s.hands_played == s.round_no >= 3


# ---- bad input ------------------------------------------------------------------------------------------------
def test_illegal_and_malformed_actions_leave_the_state_unchanged():
    s = table(players=3, luck=[1, 6, 6])
    before = s.to_json()
    for bad in ("b", "a1", "keep", "z", "", "a4", 7, None):
        with pytest.raises(IllegalAction) as info:
            s.apply(bad)
        assert s.to_json() == before
    with pytest.raises(IllegalAction, match="costs 2 luck"):
        s.apply("c")
    with pytest.raises(IllegalAction, match="Legal now: d, e"):
        s.apply("b")
    with pytest.raises(IllegalAction):
        s.game.action_from_id(10)
    assert str(info.value)


def test_notation_round_trips():
    g = gamenight.make("yessir")
    assert g.num_distinct_actions == 10
    for i in range(10):
        a = g.action_from_id(i)
        assert g.parse_action(str(a)) is a and g.action_id(a) == i
    assert g.parse_action(" A2 ") is g.parse_action("a 2") is g.action_from_id(1)
    assert g.parse_action("pass") is g.parse_action("yessir") is g.action_from_id(5)
    assert g.parse_action("+1") is g.action_from_id(8) and g.parse_action("-1") is g.action_from_id(9)


def test_j5_the_inlined_die_roll_is_exactly_the_core_rng():
    from gamenight.core.rng import Rng
    from gamenight.yessir.state import _roll
    for seed in range(50):
        a, b = Rng(seed), Rng(seed)
        assert [_roll(a) for _ in range(20)] == [b.below(6) + 1 for _ in range(20)]
        assert a.state == b.state
