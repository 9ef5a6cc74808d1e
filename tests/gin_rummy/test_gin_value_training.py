"""experiments/gin_rummy_value.py: the training's positions and labels, and the weights it writes are the network
the package evaluates (in pure Python, as NumPy trained it); the outside benchmark's expert:valueD."""
from __future__ import annotations

import math

import pytest

import gamenight
from benchmark_scripts import load_benchmark, load_experiment
from gamenight.gin_rummy import value

np = pytest.importorskip("numpy")


def test_labels_are_the_hand_result_and_its_shaped_margin():
    training = load_experiment("gin_rummy_value")
    assert training.label([30, 0], 0) == (1.0, 0.5 + 0.5 * math.tanh(30 / 25))
    assert training.label([30, 0], 1)[0] == 0.0
    assert training.label([0, 0], 1) == (0.5, 0.5)


def test_the_exported_network_is_the_one_the_package_evaluates():
    training = load_experiment("gin_rummy_value")
    x, y, group = training.generate(hands=6, seed=3, mixed=2, workers=1)
    assert x.shape == (len(y), len(value.FEATURE_NAMES)) and y.shape == (len(y), 2)
    assert list(group) == sorted(group) and set(np.unique(y[:, 0])) <= {0.0, 0.5, 1.0}
    rng = np.random.default_rng(0)
    net = training.Net(x, 4, rng)
    net.fit(x, y, 2, rng)
    model = value.Model(net.export())
    for row, want in zip(x[:20], net.predict(x[:20])):
        assert model.predict(list(row)) == pytest.approx(tuple(want), abs=1e-3)


def test_the_check_and_the_match_against_the_heuristic_run_small():
    training = load_experiment("gin_rummy_value")
    checked = training.check(positions=1, worlds=2, seed=1)
    assert -1.0 <= checked["mean_correlation"] <= 1.0 or math.isnan(checked["mean_correlation"])
    played = training.versus("value0", iterations=4, deals=1, seed=5)
    assert played["decided"] <= 2 and 0 <= played["won"] <= played["decided"]


def test_the_outside_benchmark_names_the_expert_with_the_value():
    outside = load_benchmark("gin_rummy_outside_peers")
    game = gamenight.make("gin_rummy", rules="openspiel")
    valued = outside.make_ours("expert:value2", game, 40)
    assert valued.settings.leaf_value is value.leaf_value and valued.settings.rollout_depth == 2
    assert valued.iterations == 40
    assert outside.make_ours("expert", game, 40).settings.leaf_value is None
