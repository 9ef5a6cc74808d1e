"""YESSIR! options are bounded to what a real table plays (docs/games/yessir.md, "Why these bounds"): a value out
of range is refused with a RulesError naming the option and its range, every preset and house rule of RULES.md C
still builds, and random matches at the extreme allowed values end within a stated number of actions."""
from __future__ import annotations

import dataclasses
import random

import pytest

import gamenight
from gamenight import RulesError
from gamenight.yessir import YessirRules

# A random match (seeded, uniformly random legal actions) at any allowed options ends within this many actions.
# Measured over 20 seeds per table (2, 3 and 6 players) in the extreme tables below: the longest was 1,061 actions
# (6 players, 9 round wins, luck 0..6 starting at 6, a blind reroll restarting the Yessirs, pip change); the bound
# is 5x that.
MAX_ACTIONS = 5_500


@pytest.mark.parametrize("name,value,allowed", [
    ("rounds_to_win", 10, "1..9"), ("rounds_to_win", 0, "1..9"), ("rounds_to_win", "100", "1..9"),
    ("luck_max", 7, "1..6"), ("luck_max", 20, "1..6"), ("luck_max", 0, "1..6"),
    ("luck_start", 7, "0..6"), ("luck_start", -1, "0..6"),
    ("luck_min", 7, "0..6"), ("luck_min", -1, "0..6"),
])
def test_out_of_range_values_are_refused_naming_the_option_and_its_range(name, value, allowed):
    with pytest.raises(RulesError) as info:
        gamenight.make("yessir", **{name: value})
    message = str(info.value)
    assert f"option {name!r}" in message and f"must be {allowed}" in message, message
    assert f"bad value {value!r}" in message, message


def test_a_luck_die_above_six_is_refused_even_with_its_start():
    with pytest.raises(RulesError, match="'luck_max'.*1..6"):
        gamenight.make("yessir", luck_max=20, luck_start=20)


# every value RULES.md C1/C2/C4 names for a numeric option, on top of the presets
HOUSE_RULES = [
    {"rounds_to_win": 3}, {"rounds_to_win": 2}, {"luck_start": 6, "luck_min": 1, "luck_max": 6},
    {"luck_min": 0, "luck_start": 5, "luck_max": 5},  # C2-1: the translator's 0-5 reading of the die
]


@pytest.mark.parametrize("preset", sorted(YessirRules.PRESETS))
def test_every_preset_still_builds(preset):
    assert gamenight.make("yessir", rules=preset).rules.preset == preset


@pytest.mark.parametrize("options", HOUSE_RULES)
def test_every_documented_house_rule_still_builds(options):
    gamenight.make("yessir", **options).new(seed=1)


# ---- random matches at the extreme allowed values --------------------------------------------------------------
def numeric_options() -> dict[str, tuple[int, int]]:
    return {f.name: (f.metadata["minimum"], f.metadata["maximum"]) for f in dataclasses.fields(YessirRules)
            if f.metadata.get("minimum") is not None}


# the luck options are tied together (luck_min <= luck_start <= luck_max): each extreme comes with the others
# set so that it is allowed
LUCK = {"luck_start": {0: {"luck_min": 0}, 6: {}},
        "luck_min": {0: {}, 6: {"luck_start": 6, "luck_max": 6}},
        "luck_max": {1: {"luck_start": 1, "luck_min": 1}, 6: {}}}
# the longest match: the most round wins, the widest luck die, a blind reroll restarting the Yessirs
LONGEST = {"rounds_to_win": 9, "luck_min": 0, "luck_start": 6, "luck_max": 6, "blind_resets_passes": True,
           "pip_change": True, "no_winner_luck_bonus_all": True}


def extremes() -> list[tuple[str, dict]]:
    out = []
    for name, (lo, hi) in numeric_options().items():
        for value in (lo, hi):
            out.append((f"{name}={value}", {name: value, **LUCK.get(name, {}).get(value, {})}))
    out.append(("longest", LONGEST))
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


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("label,options", extremes(), ids=[label for label, _ in extremes()])
def test_random_matches_at_the_extremes_end(label, options, players):
    game = gamenight.make("yessir", players=players, **options)
    for seed in range(3):
        assert play_random(game, seed) <= MAX_ACTIONS
