"""Thunee options are bounded to what real tables play (docs/games/thunee.md, the options table): a value out of
range is refused with a RulesError naming the option and its range, every preset and every house rule of RULES.md
B2/B4 still builds, and random matches at the extreme allowed values end within a stated number of actions."""
from __future__ import annotations

import dataclasses
import random

import pytest

import gamenight
from gamenight import RulesError
from gamenight.thunee import ThuneeRules

# A random match (seeded, uniformly random legal actions) at any allowed options ends within this many actions.
# Measured over 20 seeds per table (2, 4 and 6 players) in the extreme tables below: the longest was 348 actions
# (2 players, 24 balls); the bound is 5x that. (Random players call Thunee often, and a Thunee is worth 4 or 8
# balls, so random matches are short; a table of people plays about one hand per ball.)
MAX_ACTIONS = 1_750


@pytest.mark.parametrize("name,value,allowed", [
    ("balls_to_win", 25, "1..24"), ("balls_to_win", 100, "1..24"), ("balls_to_win", 0, "1..24"),
    ("balls_to_win", "1000", "1..24"),
    ("counting_target", 201, "50..200"), ("counting_target", 400, "50..200"), ("counting_target", 49, "50..200"),
    ("counting_target", 1, "50..200"),
])
def test_out_of_range_values_are_refused_naming_the_option_and_its_range(name, value, allowed):
    with pytest.raises(RulesError) as info:
        gamenight.make("thunee", **{name: value})
    message = str(info.value)
    assert f"option {name!r}" in message and f"must be {allowed}" in message, message
    assert f"bad value {value!r}" in message, message


@pytest.mark.parametrize("name,value", [("thunee_partner_catch_balls", 6), ("thunee_partner_catch_balls", 16),
                                        ("two_player_target", 115), ("two_player_target", 130)])
def test_options_with_a_few_values_name_them(name, value):
    with pytest.raises(RulesError, match=f"option {name!r}.*allowed values are"):
        gamenight.make("thunee", **{name: value})


# every value RULES.md B1/B4 and the sources name for a numeric option, on top of the presets
HOUSE_RULES = [
    {"balls_to_win": 12}, {"balls_to_win": 13}, {"balls_to_win": 13, "win_by_two": True},
    {"kanak_raises_target_13": True}, {"counting_target": 105}, {"counting_target": 100},
    {"thunee_partner_catch_balls": 4}, {"two_player_target": 105},
]


@pytest.mark.parametrize("preset", sorted(ThuneeRules.PRESETS))
def test_every_preset_still_builds(preset):
    assert gamenight.make("thunee", rules=preset).rules.preset == preset


@pytest.mark.parametrize("options", HOUSE_RULES)
def test_every_documented_house_rule_still_builds(options):
    gamenight.make("thunee", **options).new(seed=1)


# ---- random matches at the extreme allowed values --------------------------------------------------------------
def numeric_options() -> dict[str, tuple[int, int]]:
    return {f.name: (f.metadata["minimum"], f.metadata["maximum"]) for f in dataclasses.fields(ThuneeRules)
            if f.metadata.get("minimum") is not None}


# the longest match: the most balls, won by two, every hand worth as little as it can be
LONGEST = {"balls_to_win": 24, "win_by_two": True, "thunee_partner_catch_balls": 4, "kanak_backward_6": False,
           "dealer_rotation": "stay_while_behind", "weak_hand_redeal": "any_player", "redeal_if_no_trumps": True}


def extremes() -> list[tuple[str, dict]]:
    out = []
    for name, (lo, hi) in numeric_options().items():
        out += [(f"{name}={lo}", {name: lo}), (f"{name}={hi}", {name: hi})]
    out += [("win_by_two", {"win_by_two": True}), ("longest", LONGEST)]
    return out


def test_the_extremes_cover_every_numeric_option():
    covered = {name for _, options in extremes() for name in options}
    assert set(numeric_options()) <= covered


def play_random(game, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for n in range(MAX_ACTIONS + 1):
        if state.is_over:
            return n
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"a random match from seed {seed} ran past {MAX_ACTIONS} actions")


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("label,options", extremes(), ids=[label for label, _ in extremes()])
def test_random_matches_at_the_extremes_end(label, options, players):
    game = gamenight.make("thunee", players=players, **options)
    for seed in range(3):
        assert play_random(game, seed) <= MAX_ACTIONS
