"""Gin Rummy's option bounds (docs/games/gin_rummy.md, the options table). tests/core/test_option_bounds.py checks
them for every game from the data declared here: out-of-range values are refused naming the option and its range,
every preset and every house rule of the docs still builds, and random matches at the extreme allowed values end within
MAX_ACTIONS. Here: Gin's own cross-checks (the shutout bonus's range, a straight-gin table may not play to a
target it would never reach)."""
from __future__ import annotations

import pytest

import gamenight
from gamenight import RulesError

# A random match (seeded, uniformly random legal actions) at any allowed options ends within this many actions.
# Uniformly random players almost never go gin, so a straight-gin match (knock_limit 0) is by far the longest:
# measured over 20 seeds, the LONGEST table (straight gin to 250, no bonuses) took at most 3,637,415 actions
# (mean 2.0 million); straight gin to 100 at most 1,638,826; every other one-option extreme at most 243,205
# (knock 10 to 1000). The bound is 5x the longest.
MAX_ACTIONS = 18_200_000
PLAYERS = (2,)  # Gin Rummy is for two
SEEDS = (1,)

OUT_OF_RANGE = [
    ("game_target", 100_000, "25..1000"), ("game_target", 1001, "25..1000"), ("game_target", 24, "25..1000"),
    ("game_target", 0, "25..1000"), ("game_target", "5000", "25..1000"),
    ("gin_bonus", 1000, "0..100"), ("gin_bonus", -1, "0..100"),
    ("undercut_bonus", 101, "0..100"), ("big_gin_bonus", 1000, "0..100 or 'off'"),
    ("box_bonus", 101, "0..100"), ("game_bonus", 501, "0..500"), ("game_bonus", 10_000, "0..500"),
    ("knock_limit", 31, "0..30"), ("knock_limit", -1, "0..30"),
    ("max_pile_takes", 101, "1..100 or 'unlimited'"), ("max_pile_takes", 10_000, "1..100 or 'unlimited'"),
    ("max_pile_takes", 0, "1..100 or 'unlimited'"),
]

# every value the rules (docs/games/gin_rummy.md, D1/D4), jdh8 and ginrummy.com name for a numeric option, on top
# of the presets
HOUSE_RULES = [
    {"game_target": t} for t in (50, 100, 150, 200, 250, 300, 500)
] + [
    {"knock_limit": 0}, {"knock_limit": 0, "game_target": 100}, {"oklahoma": True, "oklahoma_spades_double": True},
    {"gin_bonus": 20, "undercut_bonus": 10}, {"undercut_bonus": 20}, {"big_gin_bonus": 31},
    {"big_gin_bonus": 25}, {"box_bonus": 10}, {"box_bonus": 20}, {"box_bonus": 25}, {"game_bonus": 100},
    {"shutout": "bonus", "shutout_bonus": 100}, {"max_pile_takes": 50},
]

# the longest match: straight gin (random players almost never go gin) to the highest target it may play to,
# with nothing but the defender's deadwood for a gin and no bonuses counting toward the target
LONGEST = {"knock_limit": 0, "game_target": 250, "gin_bonus": 0, "undercut_bonus": 0, "box_bonus": 0,
           "tie_is_undercut": False}
# options that only mean something with another one set
COMPANIONS = {"shutout_bonus": {"shutout": "bonus"}, "big_gin_bonus": {}, "box_bonus": {"box_credit": "end"}}
OTHER_EXTREMES = [("max_pile_takes=unlimited", {"max_pile_takes": None})]


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
    rules = gamenight.make("gin_rummy", **options).rules
    assert all(getattr(rules, name) == value for name, value in options.items())
