"""Yaniv's option bounds (docs/games/yaniv.md, "Why these bounds"). tests/core/test_option_bounds.py checks them for
every game from the data declared here: out-of-range values are refused naming the option and its range, every
preset and every house rule (A2/A4) still builds, and random matches at the extreme allowed values end within
MAX_ACTIONS. Here: Yaniv's own cross-check, the refusal of halvings that could keep a match going."""
from __future__ import annotations

import pytest

import gamenight
from gamenight import RulesError

# A random match (seeded, uniformly random legal actions) at any allowed options ends within this many actions.
# Measured over 20 seeds per table (2, 4 and 8 players) in the extreme tables below: the longest was 115,980
# actions (4 players, the LONGEST table: a call only at 0, out above 500, no Asaf penalty, 7 cards, four halvings
# to 0 just below 500); every one-option extreme took at most 21,882 (Yaniv at 0). The bound is 5x the longest.
MAX_ACTIONS = 580_000
PLAYERS = (2, 8)
SEEDS = range(2)

# (the refusals, presets and house rules are checked at the default table, 4 players)
OUT_OF_RANGE = [
    ("elimination_limit", 100_000, "25..500"), ("elimination_limit", 501, "25..500"),
    ("elimination_limit", 24, "25..500"), ("elimination_limit", "0", "25..500"),
    ("yaniv_limit", 16, "0..15 or 'unlimited'"), ("yaniv_limit", -1, "0..15 or 'unlimited'"),
    ("yaniv_limit", "50", "0..15 or 'unlimited'"),
    ("asaf_penalty", 101, "0..100"), ("asaf_penalty", 1000, "0..100"), ("asaf_penalty", -1, "0..100"),
    ("hand_size", 8, "2..7"), ("hand_size", 1, "2..7"),
    ("double_deck_from_players", 10, "2..9"), ("double_deck_from_players", 1, "2..9"),
]

# every preset, and every value the rules (A2/A4) and the sources name for a numeric option
HOUSE_RULES = [
    {"yaniv_limit": limit} for limit in (5, 7, 9, 10, 11, 13, 15, None)
] + [
    {"elimination_limit": limit} for limit in (50, 100, 150, 200)
] + [
    {"halving_at": {100: 50, 200: 100}}, {"halving_at": {50: 25, 100: 50}}, {"halving_at": {200: 150}},
    {"halving_at": "none"}, {"asaf_penalty": 30}, {"asaf_penalty": 20, "asaf_per_player": True},
    {"hand_size": 7, "double_deck_from_players": 5}, {"double_deck_from_players": 5},
    {"double_deck_from_players": 9},
]

# the longest match: a call only with nothing in hand, out only above 500, nothing added for a failed call, the
# most cards to get rid of, and four halvings back to 0 just below the limit
LONGEST = {"yaniv_limit": 0, "elimination_limit": 500, "asaf_penalty": 0, "hand_size": 7,
           "halving_at": {497: 0, 498: 0, 499: 0, 500: 0}, "halve_only_on_change": False, "jokers_in_sets": False}
OTHER_EXTREMES = [("yaniv_limit=unlimited", {"yaniv_limit": None}),
                  ("halving_at=4 pairs to 0", {"halving_at": LONGEST["halving_at"]}),
                  ("halving_at=none", {"halving_at": "none"})]


@pytest.mark.parametrize("halving,words", [
    ({1 + 100 * i: 0 for i in range(5)}, "at most 4 pairs"),         # five halvings
    ({k: 0 for k in range(1, 201)}, "at most 4 pairs"),             # a halving at every total: nobody goes out
    ({100: 150}, "must lower the total"), ({100: 100}, "must lower the total"),
    ({600: 50}, "1..500"),
])
def test_halvings_that_could_keep_a_match_going_are_refused(halving, words):
    with pytest.raises(RulesError, match="halving_at") as info:
        gamenight.make("yaniv", players=4, halving_at=halving)
    assert words in str(info.value), str(info.value)
