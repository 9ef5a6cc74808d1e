"""experiments/gin_rummy_heuristic_variants.py: the heuristic's variants against OpenSpiel's bot, and how hands end."""
import random

import pytest

import gamenight
from benchmark_scripts import load_experiment
from gamenight.gin_rummy.bots import GinHeuristic


def test_a_variant_without_changes_plays_as_the_heuristic():
    variants = load_experiment("gin_rummy_heuristic_variants")
    game = gamenight.make("gin_rummy", rules="openspiel")
    plain, variant = GinHeuristic(game), variants.Variant(game)
    state, rng = game.new(seed=5), random.Random(5)
    while not state.is_over:
        view, legal = state.view(state.current_player), state.legal_actions()
        move = plain.choose(view, legal, rng)
        assert variant.choose(view, legal, rng) == move
        state.apply(move)


def test_settings_are_read_with_their_types():
    variants = load_experiment("gin_rummy_heuristic_variants")
    assert variants.settings_of("combo_weight=0.6;late_stock=4;take=simple") == {
        "combo_weight": 0.6, "late_stock": 4, "take": "simple"}


def test_every_hand_s_ending_is_counted():
    variants = load_experiment("gin_rummy_heuristic_variants")
    counts = variants.endings(3)
    assert sum(counts.values()) == 6
    assert all(key == "no knock" or " knocked, the heuristic " in key for key in counts)


def test_variants_are_compared_with_the_heuristic_on_the_same_hands():
    pyspiel = pytest.importorskip("pyspiel")
    variants = load_experiment("gin_rummy_heuristic_variants")
    rows = variants.variants(pyspiel, ["combo_weight=1.2"], deals=2, seed=1)   # the default weight: the same play
    assert rows[0]["variant"] == "heuristic" and rows[1]["won"] == rows[0]["won"]
    assert rows[1]["paired"]["won_only_by_bot"] == rows[1]["paired"]["won_only_by_other"] == 0
