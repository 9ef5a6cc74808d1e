"""Gin Rummy options are bounded to what real tables play (docs/games/gin_rummy.md, the options table): a value out
of range is refused with a RulesError naming the option and its range, a straight-gin table may not play to a target
it would never reach, every preset and every house rule of RULES.md D still builds, and random matches at the extreme
allowed values end within a stated number of actions."""
from __future__ import annotations

import dataclasses
import random

import pytest

import gamenight
from gamenight import RulesError
from gamenight.gin_rummy import GinRummyRules

# A random match (seeded, uniformly random legal actions) at any allowed options ends within this many actions.
# Uniformly random players almost never go gin, so a straight-gin match (knock_limit 0) is by far the longest:
# measured over 20 seeds, the LONGEST table (straight gin to 250, no bonuses) took at most 3,637,415 actions
# (mean 2.0 million); straight gin to 100 at most 1,638,826; every other one-option extreme at most 243,205
# (knock 10 to 1000). The bound is 5x the longest.
MAX_ACTIONS = 18_200_000


@pytest.mark.parametrize("name,value,allowed", [
    ("game_target", 100_000, "25..1000"), ("game_target", 1001, "25..1000"), ("game_target", 24, "25..1000"),
    ("game_target", 0, "25..1000"), ("game_target", "5000", "25..1000"),
    ("gin_bonus", 1000, "0..100"), ("gin_bonus", -1, "0..100"),
    ("undercut_bonus", 101, "0..100"), ("big_gin_bonus", 1000, "0..100 or 'off'"),
    ("box_bonus", 101, "0..100"), ("game_bonus", 501, "0..500"), ("game_bonus", 10_000, "0..500"),
    ("knock_limit", 31, "0..30"), ("knock_limit", -1, "0..30"),
    ("max_pile_takes", 101, "1..100 or 'unlimited'"), ("max_pile_takes", 10_000, "1..100 or 'unlimited'"),
    ("max_pile_takes", 0, "1..100 or 'unlimited'"),
])
def test_out_of_range_values_are_refused_naming_the_option_and_its_range(name, value, allowed):
    with pytest.raises(RulesError) as info:
        gamenight.make("gin_rummy", **{name: value})
    message = str(info.value)
    assert f"option {name!r}" in message and f"must be {allowed}" in message, message
    assert f"bad value {value!r}" in message, message


def test_the_shutout_bonus_range_is_checked_too():
    with pytest.raises(RulesError, match=r"'shutout_bonus'.*must be 0\.\.500"):
        gamenight.make("gin_rummy", shutout="bonus", shutout_bonus=10_000)


@pytest.mark.parametrize("options", [
    {"knock_limit": 0, "game_target": 251}, {"knock_limit": 0, "game_target": 1000},
    {"knock_limit": 9, "game_target": 500}, {"knock_limit": 3, "game_target": 300},
])
def test_a_low_knock_limit_may_not_play_to_a_long_target(options):
    with pytest.raises(RulesError) as info:
        gamenight.make("gin_rummy", **options)
    message = str(info.value)
    assert "game_target" in message and "knock_limit" in message and "250" in message, message


@pytest.mark.parametrize("options", [
    {"knock_limit": 0, "game_target": 250}, {"knock_limit": 9, "game_target": 250},
    {"knock_limit": 10, "game_target": 1000}, {"knock_limit": 0, "game_target": 1000, "single_hand": True},
    {"knock_limit": 0, "game_target": 1000, "oklahoma": True},  # Oklahoma takes its limit from the upcard
])
def test_the_knock_limit_cross_check_lets_real_tables_through(options):
    gamenight.make("gin_rummy", **options)


# every value RULES.md D1/D4, jdh8 and ginrummy.com name for a numeric option, on top of the presets
HOUSE_RULES = [
    {"game_target": t} for t in (50, 100, 150, 200, 250, 300, 500)
] + [
    {"knock_limit": 0}, {"knock_limit": 0, "game_target": 100}, {"oklahoma": True, "oklahoma_spades_double": True},
    {"gin_bonus": 20, "undercut_bonus": 10}, {"undercut_bonus": 20}, {"big_gin_bonus": 31},
    {"big_gin_bonus": 25}, {"box_bonus": 10}, {"box_bonus": 20}, {"box_bonus": 25}, {"game_bonus": 100},
    {"shutout": "bonus", "shutout_bonus": 100}, {"max_pile_takes": 50},
]


@pytest.mark.parametrize("preset", sorted(GinRummyRules.PRESETS))
def test_every_preset_still_builds(preset):
    assert gamenight.make("gin_rummy", rules=preset).rules.preset == preset


@pytest.mark.parametrize("options", HOUSE_RULES)
def test_every_documented_house_rule_still_builds(options):
    gamenight.make("gin_rummy", **options).new(seed=1)


# ---- random matches at the extreme allowed values --------------------------------------------------------------
def numeric_options() -> dict[str, tuple[int, int]]:
    return {f.name: (f.metadata["minimum"], f.metadata["maximum"]) for f in dataclasses.fields(GinRummyRules)
            if f.metadata.get("minimum") is not None}


# the longest match: straight gin (random players almost never go gin) to the highest target it may play to,
# with nothing but the defender's deadwood for a gin and no bonuses counting toward the target
LONGEST = {"knock_limit": 0, "game_target": 250, "gin_bonus": 0, "undercut_bonus": 0, "box_bonus": 0,
           "tie_is_undercut": False}
# options that only mean something with another one set
COMPANIONS = {"shutout_bonus": {"shutout": "bonus"}, "big_gin_bonus": {}, "box_bonus": {"box_credit": "end"}}


def extremes() -> list[tuple[str, dict]]:
    out = []
    for name, (lo, hi) in numeric_options().items():
        for value in (lo, hi):
            out.append((f"{name}={value}", {name: value, **COMPANIONS.get(name, {})}))
    out += [("max_pile_takes=unlimited", {"max_pile_takes": None}), ("longest", LONGEST)]
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


@pytest.mark.parametrize("label,options", extremes(), ids=[label for label, _ in extremes()])
def test_random_matches_at_the_extremes_end(label, options):
    assert play_random(gamenight.make("gin_rummy", **options), seed=1) <= MAX_ACTIONS
