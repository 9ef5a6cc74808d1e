"""Thunee's option bounds (docs/games/thunee.md, the options table). tests/core/test_option_bounds.py checks them for
every game from the data declared here: out-of-range values are refused naming the option and its range, every
preset and every house rule (docs/games/thunee.md) still builds, and random matches at the extreme allowed values end
within MAX_ACTIONS. Here: Thunee's own check that options with a few allowed values name them."""
from __future__ import annotations

import pytest

import gamenight
from gamenight import RulesError

# A random match (seeded, uniformly random legal actions) at any allowed options ends within this many actions.
# Measured over 20 seeds per table (2, 4 and 6 players) in the extreme tables below: the longest was 348 actions
# (2 players, 24 balls); the bound is 5x that. (Random players call Thunee often, and a Thunee is worth 4 or 8
# balls, so random matches are short; a table of people plays about one hand per ball.)
MAX_ACTIONS = 1_750
PLAYERS = (2, 4, 6)
SEEDS = range(3)

OUT_OF_RANGE = [
    ("balls_to_win", 25, "1..24"), ("balls_to_win", 100, "1..24"), ("balls_to_win", 0, "1..24"),
    ("balls_to_win", "1000", "1..24"),
    ("counting_target", 201, "50..200"), ("counting_target", 400, "50..200"), ("counting_target", 49, "50..200"),
    ("counting_target", 1, "50..200"),
]

# every value the rules (B1/B4) and the sources name for a numeric option, on top of the presets
HOUSE_RULES = [
    {"balls_to_win": 12}, {"balls_to_win": 13}, {"balls_to_win": 13, "win_by_two": True},
    {"kanak_raises_target_13": True}, {"counting_target": 105}, {"counting_target": 100},
    {"thunee_partner_catch_balls": 4}, {"two_player_target": 105},
]

# the longest match: the most balls, won by two, every hand worth as little as it can be
LONGEST = {"balls_to_win": 24, "win_by_two": True, "thunee_partner_catch_balls": 4, "kanak_backward_6": False,
           "dealer_rotation": "stay_while_behind", "weak_hand_redeal": "any_player", "redeal_if_no_trumps": True}
OTHER_EXTREMES = [("win_by_two", {"win_by_two": True})]


@pytest.mark.parametrize("name,value", [("thunee_partner_catch_balls", 6), ("thunee_partner_catch_balls", 16),
                                        ("two_player_target", 115), ("two_player_target", 130)])
def test_options_with_a_few_values_name_them(name, value):
    with pytest.raises(RulesError, match=f"option {name!r}.*allowed values are"):
        gamenight.make("thunee", **{name: value})
