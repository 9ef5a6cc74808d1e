"""experiments/gin_rummy_bound.py: the expert told the opponent's cards (and style), a bound on one step of search."""
import random

import pytest

import gamenight
from benchmark_scripts import load_experiment


def test_the_told_expert_s_worlds_are_the_true_state_but_for_the_stock_s_order():
    experiment = load_experiment("gin_rummy_bound")
    game = gamenight.make("gin_rummy", rules="openspiel")
    state = game.new(seed=4)
    bot = experiment.told_expert(game, "cards", state.current_player, iterations=8)
    bot.truth = state
    worlds = [bot._deal(state.view(state.current_player), random.Random(n)) for n in range(6)]
    assert all(w.hands == state.hands and sorted(w.stock) == sorted(state.stock) for w in worlds)
    assert len({tuple(w.stock) for w in worlds}) > 1           # the stock's order is not told
    assert state.to_json() == game.new(seed=4).to_json()        # the truth itself is untouched


def test_told_everything_its_rollouts_play_the_opponent_as_simple_and_it_plays_a_hand_against_openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    experiment = load_experiment("gin_rummy_bound")
    game = gamenight.make("gin_rummy", rules="openspiel")
    bot = experiment.told_expert(game, "all", 0, iterations=8)
    assert type(bot._styled_policy("simple")).__name__ == "GinSimple"
    assert type(bot.policy).__name__ == "GinHeuristic"
    hand = experiment.play_hand(pyspiel, "all", 70000, 1, iterations=8)
    assert "diverged" not in hand and hand["agree"] and hand["decisions"] >= 1
