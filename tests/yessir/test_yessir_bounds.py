"""YESSIR!'s option bounds (docs/games/yessir.md, "Why these bounds"). tests/core/test_option_bounds.py checks them
for every game from the data declared here: out-of-range values are refused naming the option and its range, every
preset and house rule of the source still builds, and random matches at the extreme allowed values end within
MAX_ACTIONS. Here: YESSIR!'s own cross-check, a luck die above six refused even with its start."""
from __future__ import annotations

import pytest

import gamenight
from gamenight import RulesError

# A random match (seeded, uniformly random legal actions) at any allowed options ends within this many actions.
# Measured over 20 seeds per table (2, 3 and 6 players) in the extreme tables below: the longest was 1,061 actions
# (6 players, 9 round wins, luck 0..6 starting at 6, a blind reroll restarting the Yessirs, pip change); the bound
# is 5x that.
MAX_ACTIONS = 5_500
PLAYERS = (2, 6)
SEEDS = range(3)

OUT_OF_RANGE = [
    ("rounds_to_win", 10, "1..9"), ("rounds_to_win", 0, "1..9"), ("rounds_to_win", "100", "1..9"),
    ("luck_max", 7, "1..6"), ("luck_max", 20, "1..6"), ("luck_max", 0, "1..6"),
    ("luck_start", 7, "0..6"), ("luck_start", -1, "0..6"),
    ("luck_min", 7, "0..6"), ("luck_min", -1, "0..6"),
]

# every value the source's variants (C1, C2, C4) name for a numeric option, on top of the presets
HOUSE_RULES = [
    {"rounds_to_win": 3}, {"rounds_to_win": 2}, {"luck_start": 6, "luck_min": 1, "luck_max": 6},
    {"luck_min": 0, "luck_start": 5, "luck_max": 5},  # C2-1: the translator's 0-5 reading of the die
]

# the luck options are tied together (luck_min <= luck_start <= luck_max): each extreme comes with the others
# set so that it is allowed (luck_start=6, luck_min=0 and luck_max=6 need nothing beside them)
COMPANIONS = {"luck_start=0": {"luck_min": 0}, "luck_min=6": {"luck_start": 6, "luck_max": 6},
              "luck_max=1": {"luck_start": 1, "luck_min": 1}}
# the longest match: the most round wins, the widest luck die, a blind reroll restarting the Yessirs
LONGEST = {"rounds_to_win": 9, "luck_min": 0, "luck_start": 6, "luck_max": 6, "blind_resets_passes": True,
           "pip_change": True, "no_winner_luck_bonus_all": True}


def test_a_luck_die_above_six_is_refused_even_with_its_start():
    with pytest.raises(RulesError, match="'luck_max'.*1..6"):
        gamenight.make("yessir", luck_max=20, luck_start=20)
