"""Yaniv options and presets: typed, validated, round-tripping; presets are what docs/games/yaniv.md says (the
defaults, the variants A2 and the house rules A4); impossible tables are refused."""
from __future__ import annotations

import pytest
from yaniv_helpers import make

import gamenight
from gamenight import RulesError
from gamenight.yaniv import YanivRules

DEFAULTS = {  # the rules' default parameters, plus the engine's names for the A2/A4 options
    "yaniv_limit": 5, "elimination_limit": 200, "halving_at": ((100, 50), (200, 100)), "asaf_penalty": 30,
    "double_deck_from_players": 4, "jokers_in_sets": True, "set_pick_any": False,
    "asaf_winner_scores_zero": False, "first_round_starter": "dealer", "halve_only_on_change": False,
    "asaf_per_player": False, "slapdown": False, "joker_swap": False, "hand_size": 5,
    "king_of_hearts_zero": False, "next_round_starter": "lowest_hand", "end_on_first_elimination": False,
    "single_round": False,
}


def values(rules) -> dict:
    return {name: getattr(rules, name) for name in DEFAULTS}


def test_the_default_preset_is_french_with_the_documented_defaults():
    game = gamenight.make("yaniv")
    assert game.rules.preset == "french" and YanivRules.DEFAULT_PRESET == "french"
    assert values(game.rules) == DEFAULTS
    assert values(make(3, rules="french").rules) == DEFAULTS


@pytest.mark.parametrize("preset", ["japanese", "seed000", "seed000_short"])
def test_japanese_preset_and_its_former_names(preset):
    rules = make(3, rules=preset).rules
    assert values(rules) == {**DEFAULTS, "elimination_limit": 100, "halving_at": ((50, 25), (100, 50)),
                             "double_deck_from_players": 5}
    assert rules.preset == "japanese"


def test_a_record_under_a_former_preset_name_replays_under_the_new_name():
    """Records written before the presets were renamed (seed001, seed000, seed000_short) still replay."""
    old = make(3, rules="seed001").new(seed=4)
    for _ in range(30):
        if old.is_over:
            break
        old.apply(old.legal_actions()[0])
    record = old.record()
    record["rules"]["preset"] = "seed001"
    again = gamenight.replay(record)
    assert again.game.rules.preset == "french" and [str(a) for a in again.history] == record["actions"]


def test_common_preset_is_yaniv_at_7():
    assert values(make(3, rules="common").rules) == {**DEFAULTS, "yaniv_limit": 7}


def test_single_round_preset():
    assert values(make(3, rules="single_round").rules) == {**DEFAULTS, "single_round": True}


def test_every_preset_is_documented():
    assert set(YanivRules.PRESET_DOCS) == set(YanivRules.PRESETS) == {"french", "japanese", "common", "single_round"}


def test_overrides_apply_on_top_of_a_preset():
    rules = make(3, rules="common", yaniv_limit=9, halving_at="200:150").rules
    assert rules.yaniv_limit == 9 and rules.halving_at == ((200, 150),) and rules.preset == "common"


@pytest.mark.parametrize("name,text,value", [
    ("yaniv_limit", "7", 7), ("yaniv_limit", "unlimited", None), ("yaniv_limit", " 11 ", 11),
    ("elimination_limit", "150", 150), ("halving_at", "100:50,200:100", ((100, 50), (200, 100))),
    ("halving_at", "none", ()), ("halving_at", {"200": "150"}, ((200, 150),)),
    ("halving_at", [(50, 25)], ((50, 25),)), ("jokers_in_sets", "false", False), ("slapdown", "yes", True),
    ("single_round", "on", True), ("next_round_starter", "rotate", "rotate"), ("hand_size", "7", 7),
])
def test_values_may_be_given_as_text(name, text, value):
    assert getattr(make(3, **{name: text}).rules, name) == value


def test_unknown_option_is_refused_naming_the_options():
    with pytest.raises(RulesError, match="unknown option 'yaniv_limt'.*yaniv_limit"):
        make(3, yaniv_limt=7)


def test_unknown_preset_is_refused_naming_the_presets():
    with pytest.raises(RulesError, match="unknown preset 'seed002'.*french.*common"):
        make(3, rules="seed002")


@pytest.mark.parametrize("name,value,message", [
    ("yaniv_limit", -1, r"must be 0\.\.15 or 'unlimited'"), ("yaniv_limit", 16, r"must be 0\.\.15"),
    ("yaniv_limit", "seven", "whole number"),
    ("yaniv_limit", 4.5, "whole number"), ("yaniv_limit", True, "whole number"),
    ("elimination_limit", 0, r"must be 25\.\.500"), ("elimination_limit", None, "whole number"),
    ("halving_at", "100", "pairs"), ("halving_at", "a:b", "whole numbers"), ("halving_at", {100: -1}, "positive"),
    ("halving_at", {0: 5}, "positive"), ("halving_at", 100, "pairs"), ("halving_at", [0], "pairs"),
    ("halving_at", [(1, 2, 3)], "whole numbers"), ("halving_at", {100.5: 50}, "whole numbers"),
    ("halving_at", {True: 5}, "whole numbers"),
    ("asaf_penalty", -5, r"must be 0\.\.100"), ("double_deck_from_players", 1, r"must be 2\.\.9"),
    ("double_deck_from_players", 10, r"must be 2\.\.9"), ("hand_size", 1, r"must be 2\.\.7"),
    ("hand_size", 8, r"must be 2\.\.7"),
    ("next_round_starter", "random", "lowest_hand, lowest_total, rotate"),
    ("first_round_starter", "youngest", "dealer, left_of_dealer"), ("jokers_in_sets", "maybe", "true or false"),
    ("slapdown", 2, "true or false"), ("single_round", None, "true or false"),
])
def test_bad_values_are_refused_with_a_clear_message(name, value, message):
    with pytest.raises(RulesError, match=message) as info:
        make(3, **{name: value})
    assert repr(name) in str(info.value)


def test_too_many_players_for_the_deck_is_refused():
    with pytest.raises(RulesError, match="8 players x 7 cards .* need more than the 54 cards of 1 pack"):
        make(8, hand_size=7, double_deck_from_players=9)
    with pytest.raises(RulesError, match="54 cards"):
        gamenight.make("yaniv", players=8, rules={"hand_size": 7, "double_deck_from_players": 9})


@pytest.mark.parametrize("players, options, hand", [
    (7, {"hand_size": 7, "double_deck_from_players": 9}, 7),  # 49 + upcard of 54
    (8, {"hand_size": 7}, 7),  # two packs
    (8, {"double_deck_from_players": 9}, 5),  # 40 + upcard of 54
])
def test_the_largest_tables_that_fit(players, options, hand):
    state = make(players, **options).new(seed=1)
    assert [len(state.view(seat)["hand"]) for seat in range(players)] == [hand] * players


@pytest.mark.parametrize("preset", sorted(YanivRules.PRESETS))
def test_rules_round_trip_through_to_dict_and_from_dict(preset):
    rules = make(4, rules=preset).rules
    again = YanivRules.from_dict(rules.to_dict())
    assert again == rules and again.preset == preset
    game = gamenight.make("yaniv", players=4, rules=rules.to_dict())
    assert game.rules == rules


def test_a_record_carries_the_rules():
    game = make(3, rules="common", slapdown=True, halving_at="none", yaniv_limit=None)
    state = game.new(seed=4)
    state.apply(state.legal_actions()[-1])
    replayed = gamenight.replay(state.record())
    assert replayed.game.rules == game.rules and replayed.to_json() == state.to_json()


def test_describe_lists_every_option_with_meaning_and_allowed_values():
    described = {d["name"]: d for d in YanivRules.describe()}
    assert set(described) == set(DEFAULTS)
    assert described["yaniv_limit"]["allowed"] == "0..15 or unlimited"
    assert described["halving_at"]["default"] == "100:50,200:100"
    assert all(d["meaning"] for d in described.values())


def test_rules_as_a_partial_dict_start_from_its_preset():
    assert gamenight.make("yaniv", rules={"preset": "common"}).rules.yaniv_limit == 7
    rules = gamenight.make("yaniv", rules={"preset": "japanese", "yaniv_limit": 9}).rules
    assert (rules.preset, rules.yaniv_limit, rules.elimination_limit) == ("japanese", 9, 100)
    assert gamenight.make("yaniv", rules={"slapdown": True}).rules.preset == "french"
    with pytest.raises(RulesError, match="unknown preset 'nope'"):
        gamenight.make("yaniv", rules={"preset": "nope"})


def test_rules_of_another_game_are_refused():
    other = next(name for name in gamenight.games() if name != "yaniv")
    with pytest.raises(RulesError, match="not Yaniv rules"):
        gamenight.make("yaniv", rules=gamenight.make(other).rules)
    with pytest.raises(RulesError):
        gamenight.make("yaniv", rules=5)
