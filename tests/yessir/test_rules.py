"""YESSIR! rules J1-J14 and worked examples CE8, CE10-CE13 (docs/games/yessir.md), played through the engine: each
position set up with a deal, every fact read from the views."""
import random

import pytest
from yessir_helpers import play, public, rolls, scripted, table

import gamenight
from gamenight import IllegalAction, RulesError
from gamenight.core.text import Text
from gamenight.i18n import render
from gamenight.yessir import YessirRules


def legal(s):
    return [str(a) for a in s.legal_actions()]


# ---- options and presets -------------------------------------------------------------------------
def test_presets_and_defaults():
    r = gamenight.make("yessir").rules
    assert (r.rounds_to_win, r.luck_start, r.luck_min, r.luck_max, r.pip_change, r.tiebreak_sum,
            r.turn_direction, r.no_winner_luck_bonus_all) == (3, 6, 1, 6, False, "combo", "increasing_seat", True)
    assert r.preset == "standard"
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
    v = public(s)
    assert v["luck"] == [6] * 5 and len(v["shared"]) == 3
    for p in range(5):
        assert len(s.view(p)["dice"]) == 2
    assert all(1 <= x <= 6 for x in v["shared"] + [x for p in range(5) for x in s.view(p)["dice"]])


def test_j5_round_one_roller_is_seat0_or_random():
    assert gamenight.make("yessir", players=4).new(seed=5).current_player == 0
    starters = {gamenight.make("yessir", players=4, first_roller="random").new(seed=k).current_player
                for k in range(40)}
    assert starters == {0, 1, 2, 3}


def test_j5_dice_are_rolled_from_the_state_rng_reproducibly():
    g = gamenight.make("yessir", players=4)
    assert g.new(seed=11).to_json() == g.new(seed=11).to_json()
    assert len({tuple(public(g.new(seed=k))["shared"]) for k in range(30)}) > 10


def test_j5_the_shared_dice_then_each_seats_dice_in_seat_order():
    """docs: the shared dice left to right, then seat 0's two dice, seat 1's, ...; each die Rng(seed).below(6)+1."""
    for seed in range(40):
        s = gamenight.make("yessir", players=3).new(seed=seed)
        dice = rolls(seed, 9)
        assert public(s)["shared"] == dice[:3]
        assert [s.view(p)["dice"] for p in range(3)] == [dice[3:5], dice[5:7], dice[7:9]]


def test_j5_a_reroll_draws_its_dice_when_played():
    for seed in range(30):
        s = table(players=2, dice=[(1, 1), (2, 2)], seed=seed)  # every die dealt: the seed's rolls are the rerolls'
        play(s, "b")
        assert public(s)["shared"] == rolls(seed, 3)
        play(s, "c")
        assert s.view(1)["dice"] == rolls(seed, 5)[3:]


# ---- J3, J6: the actions and their costs ---------------------------------------------------------------
def test_ce10_action_legality_by_luck():
    expect = {1: ["d", "e"], 2: ["a1", "a2", "a3", "d", "e"]}
    for luck in range(1, 7):
        s = table(players=3, luck=[luck, 6, 6])
        assert legal(s) == expect.get(luck, ["a1", "a2", "a3", "b", "c", "d", "e"])
    s = table(players=3)
    play(s, "e")
    assert public(s)["luck"][0] == 6  # CE10: e at 6 stays 6 (J3 ceiling)


def test_j3_luck_floor_follows_the_option():
    s = table(players=2, luck=[1, 5], luck_min=0, luck_start=5, luck_max=5)
    assert legal(s) == ["a1", "a2", "a3", "d", "e"]
    s = table(players=2, luck=[0, 5], luck_min=0, luck_start=5, luck_max=5)
    assert legal(s) == ["d", "e"]


def test_j6a_reroll_one_shared_die_costs_one():
    s = scripted(players=2, shared=(1, 2, 3), rerolls=[6])
    play(s, "a2")
    v = public(s)
    assert v["shared"] == [1, 6, 3] and v["luck"] == [5, 6] and s.current_player == 1


def test_j6b_reroll_all_shared_costs_two():
    s = scripted(players=2, shared=(1, 2, 3), rerolls=[4, 5, 6])
    play(s, "b")
    v = public(s)
    assert v["shared"] == [4, 5, 6] and v["luck"] == [4, 6]


def test_j6c_reroll_own_dice_costs_two_and_the_owner_sees_them():
    s = scripted(players=2, dice=[(1, 1), (2, 2)], rerolls=[5, 3])
    play(s, "c")
    assert public(s)["luck"] == [4, 6]
    assert s.view(0)["dice"] == [5, 3] and s.view(1)["dice"] == [2, 2]


def test_j6d_yessir_changes_nothing_but_the_turn():
    s = table(players=3, dice=[(1, 2), (3, 4), (5, 6)])
    before = [s.view(p) for p in range(3)]
    play(s, "d")
    after = [s.view(p) for p in range(3)]
    for b, a in zip(before, after):
        assert (a["shared"], a["dice"], a["luck"]) == (b["shared"], b["dice"], b["luck"])
    assert s.current_player == 1 and public(s)["passed"] == [True, False, False]
    assert gamenight.make("yessir").parse_action("Yessir!") is gamenight.make("yessir").parse_action("d")


def test_j6e_blind_reroll_gains_luck_locks_and_hides_the_dice():
    s = scripted(players=3, dice=[(1, 1), (2, 2), (3, 3)], luck=[4, 6, 6], rerolls=[6, 5])
    play(s, "e")
    v = s.view(0)
    assert v["dice"] is None and v["blind"] and v["hand"] is None and v["locked"] == [True, False, False]
    assert v["luck"][0] == 5
    play(s, "a1", "d")  # P1 rerolls, P2 passes: P0 is skipped
    assert s.current_player == 1
    play(s, "d", "d")  # the reveal shows the blind dice
    assert public(s)["last_round"]["dice"][0] == [6, 5]


def test_j7_a_player_who_passed_may_act_later():
    s = table(players=2)
    play(s, "d", "a1")
    assert s.current_player == 0 and "b" in legal(s)
    play(s, "b")
    assert public(s)["luck"][0] == 4


# ---- J8: the end of the turns --------------------------------------------------------------------------
def test_ce11_turns_end_when_everyone_passed_after_the_last_reroll():
    s = table(players=3)
    play(s, "d", "a1", "d", "d")
    assert s.hands_played == 1 and s.current_player == 1 and public(s)["luck"][1] == 5
    play(s, "d")
    v = public(s)
    assert s.hands_played == 2 and v["hand_number"] == 2  # the reveal happened and the next round was rolled
    assert v["last_round"]["hand_number"] == 1


def test_ce11_blind_reroll_then_two_passes_ends_the_turns():
    s = table(players=3, luck=[6, 6, 6])
    play(s, "e")
    assert public(s)["luck"][0] == 6
    play(s, "d")
    assert s.hands_played == 1
    play(s, "d")
    assert s.hands_played == 2


def test_j8_the_turns_end_when_everyone_is_locked():
    s = table(players=3)
    play(s, "e", "e")
    assert s.hands_played == 1
    play(s, "e")
    assert s.hands_played == 2


def test_j8_blind_reroll_does_not_reset_passes_by_default_c2_6():
    s = table(players=3)
    play(s, "d", "d", "e")
    assert s.hands_played == 2  # P0 and P1 passed; P2 locked: everyone unlocked has passed
    s = table(players=3, blind_resets_passes=True)
    play(s, "d", "d", "e")
    assert s.hands_played == 1 and s.current_player == 0
    play(s, "d", "d")
    assert s.hands_played == 2


def test_j6_decreasing_turn_direction():
    s = table(players=4, turn_direction="decreasing_seat")
    play(s, "d")
    assert s.current_player == 3
    play(s, "d", "d")
    assert s.current_player == 1


# ---- J9: pip change ------------------------------------------------------------------------------------
def test_ce13_pip_change_after_a_same_face_reroll():
    s = scripted(players=2, shared=(6, 2, 1), rerolls=[6], pip_change=True)
    play(s, "a1")
    v = s.view(1)
    assert s.current_player == 0 and legal(s) == ["keep", "up", "down"] and v["pip_die"] == 0
    assert v["phase"] == "pip" and v["pip_faces"] == {"keep": 6, "up": 1, "down": 5} and v["luck_after"] == {}
    with pytest.raises(IllegalAction):
        s.apply("d")
    play(s, "down")
    v = public(s)
    assert v["shared"] == [5, 2, 1] and s.current_player == 1 and v["luck"][0] == 5 and v["pip_faces"] is None
    for die, face, answer, shared in (("a1", 6, "up", [1, 2, 1]), ("a3", 1, "up", [6, 2, 2]),
                                      ("a3", 1, "down", [6, 2, 6]), ("a2", 2, "keep", [6, 2, 1])):
        s = scripted(players=2, shared=(6, 2, 1), rerolls=[face], pip_change=True)
        play(s, die, answer)
        assert public(s)["shared"] == shared


def test_j9_no_pip_change_on_a_different_face_or_without_the_option_or_for_b():
    s = scripted(players=2, shared=(6, 2, 1), rerolls=[5], pip_change=True)
    play(s, "a1")
    assert s.current_player == 1 and "keep" not in legal(s)
    s = scripted(players=2, shared=(6, 2, 1), rerolls=[6])
    play(s, "a1")
    assert s.current_player == 1
    s = scripted(players=2, shared=(6, 2, 1), rerolls=[6, 2, 1], pip_change=True)
    play(s, "b")
    assert s.current_player == 1  # C2-7: only action a


# ---- J10-J13: the reveal ----------------------------------------------------------------------------------
def reveal(s):
    return public(s)["last_round"]


def test_ce8_combo_sum_gives_the_round_to_the_pair_of_fives():
    s = table(players=2, shared=(5, 4, 1), dice=[(1, 6), (5, 2)])
    play(s, "d", "d")
    assert reveal(s)["winner"] == 1 and s.scores == [0, 1]
    assert reveal(s)["categories"] == ["one pair", "one pair"]


def test_ce8_all_dice_sum_gives_the_round_to_the_pair_of_ones():
    s = table(players=2, shared=(5, 4, 1), dice=[(1, 6), (5, 2)], tiebreak_sum="all")
    play(s, "d", "d")
    assert reveal(s)["winner"] == 0 and s.scores == [1, 0]


@pytest.mark.parametrize("mode", ["combo", "all"])
def test_ce8_small_straight_wins_outright(mode):
    s = table(players=3, shared=(5, 4, 1), dice=[(1, 6), (5, 2), (3, 2)], tiebreak_sum=mode)
    play(s, "d", "d", "d")
    assert reveal(s)["winner"] == 2 and reveal(s)["ranking"][0] == 2


def test_j10_luck_dice_and_other_players_dice_do_not_count():
    s = table(players=2, shared=(6, 6, 6), dice=[(1, 2), (3, 4)], luck=[6, 6])
    play(s, "d", "d")
    assert reveal(s)["hands"] == [[6, 6, 6, 2, 1], [6, 6, 6, 4, 3]] and reveal(s)["winner"] == 1


def test_j12_a_tie_among_the_best_means_no_winner_even_with_a_lower_third():
    s = table(players=3, shared=(1, 3, 4), dice=[(1, 6), (6, 1), (5, 6)], luck=[3, 3, 3])
    play(s, "d", "d", "d")
    lr = reveal(s)
    assert lr["winner"] is None and lr["tied"] == [0, 1] and s.scores == [0, 0, 0]
    assert public(s)["luck"] == [4, 4, 4]  # J13 UNVERIFIED default: everyone gains luck


def test_j13_no_winner_luck_bonus_option():
    s = table(players=2, shared=(1, 3, 4), dice=[(1, 6), (6, 1)], luck=[3, 3], no_winner_luck_bonus_all=False)
    play(s, "d", "d")
    assert public(s)["luck"] == [3, 3]


def test_j5_after_no_winner_the_previous_roller_rolls_again_or_the_next_seat():
    s = table(players=3, shared=(1, 3, 4), dice=[(1, 6), (6, 1), (6, 1)])
    play(s, "d", "d", "d")
    assert public(s)["roller"] == 0 and s.current_player == 0
    s = table(players=3, shared=(1, 3, 4), dice=[(1, 6), (6, 1), (6, 1)], no_winner_roller="next")
    play(s, "d", "d", "d")
    assert public(s)["roller"] == 1 and s.current_player == 1


def test_j5_the_round_winner_rolls_and_starts_the_next_round():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)])
    play(s, "d", "d", "d")
    v = public(s)
    assert v["roller"] == 2 and s.current_player == 2
    assert v["locked"] == v["passed"] == [False, False, False]


def test_ce12_round_win_flips_then_removes_the_mat_then_wins_the_game():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], luck=[5, 6, 2])
    play(s, "d", "d", "d")
    assert s.scores == [0, 0, 1] and public(s)["luck"] == [6, 6, 2]  # the others gain 1, capped at 6
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], wins=[0, 0, 1])
    play(s, "d", "d", "d")
    assert s.scores == [0, 0, 2] and not s.is_over
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], wins=[2, 2, 2])
    play(s, "d", "d", "d")
    assert s.is_over and s.winners == [2] and s.scores == [2, 2, 3] and s.returns() == [0.0, 0.0, 1.0]
    assert s.current_player is None and s.legal_actions() == []
    v = s.view(0)
    assert v["phase"] == "over" and v["hand"] is None and v["luck_after"] == {} and v["pip_faces"] is None
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
            wins = s.scores
            assert len(s.winners) == 1 and wins[s.winners[0]] == 3 and max(
                w for p, w in enumerate(wins) if p != s.winners[0]) <= 2
            assert s.hands_played == public(s)["hand_number"] >= 3


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


def test_j5_every_die_is_the_core_rngs_below_six_plus_one():
    """The engine rolls its dice with an inlined copy of the core Rng: many rerolls in a row agree with it."""
    for seed in range(50):
        s = table(players=2, dice=[(1, 1), (1, 1)], seed=seed)  # every die dealt: the seed's rolls are the rerolls'
        seen = []
        for _ in (0, 1):  # each seat rerolls the shared dice (luck 6 -> 4)
            play(s, "b")
            seen += public(s)["shared"]
        for seat in (0, 1):  # then its own (4 -> 2)
            play(s, "c")
            seen += s.view(seat)["dice"]
        assert seen == rolls(seed, 10)


# ---- what the views tell the players --------------------------------------------------------------------
def test_luck_after_says_what_each_legal_action_leaves_on_the_movers_luck_die():
    paid = {"a1": 5, "a2": 5, "a3": 5, "b": 4, "c": 4, "d": 6, "e": 6}  # at 6 the e's gain is lost (J3)
    assert public(table(players=2))["luck_after"] == paid
    assert public(table(players=2, luck=[2, 6]))["luck_after"] == {"a1": 1, "a2": 1, "a3": 1, "d": 2, "e": 3}
    assert public(table(players=2, luck=[1, 6]))["luck_after"] == {"d": 1, "e": 2}
    s = table(players=2, luck=[6, 3])
    play(s, "d")  # seat 1 to move: its luck die
    assert s.view(0)["luck_after"] == {"a1": 2, "a2": 2, "a3": 2, "b": 1, "c": 1, "d": 3, "e": 4}


def test_the_seats_hand_and_each_revealed_hand_are_ranked_by_the_engine():
    s = table(players=3, shared=(5, 4, 1), dice=[(1, 6), (5, 2), (3, 2)])
    assert s.view(0)["hand"] == {"best_five": [6, 5, 4, 1, 1], "combination": [1, 1], "category": "one pair",
                                 "description": "one pair of 1s (total 2, kickers 6-5-4)",
                                 "says": {"text": "{hand} (total {total}, kickers {kickers})",
                                          "values": {"hand": {"text": "one pair of {face}s", "values": {"face": 1}},
                                                     "total": 2, "kickers": "6-5-4"}}}
    assert s.view(2)["hand"]["category"] == "small straight" and public(s)["hand"] is None
    play(s, "d", "d", "d")
    last = public(s)["last_round"]
    assert last["combinations"] == [[1, 1], [5, 5], [5, 4, 3, 2, 1]]
    assert last["descriptions"][2] == "small straight (total 15)" and last["places"] == [3, 2, 1]
    assert render(Text.from_json(last["says"][2]), "fr") == "petite suite (15 points)"
