"""experiments/gin_rummy_learned_ranking.py: discards valued in shared worlds, a ranking fit to them, played."""
import random

import numpy as np
import pytest

import gamenight
from benchmark_scripts import load_experiment


def test_a_position_s_discards_are_valued_in_the_same_worlds_and_reproducibly():
    ranking = load_experiment("gin_rummy_learned_ranking")
    rows, values, heuristic = ranking.position((3_000_001, 3))
    again = ranking.position((3_000_001, 3))
    assert (rows, values, heuristic) == again
    assert len(rows) == len(values) == len(heuristic) >= 2
    assert all(len(r) == len(ranking.FEATURE_NAMES) for r in rows)
    assert sum(heuristic) == 1.0                                   # the heuristic's own discard is one of them
    assert all(v * 6 == round(v * 6) for v in values)            # a share of 3 worlds, each won, shared or lost


def test_the_ranking_learns_a_difference_inside_positions_and_ignores_their_level():
    ranking = load_experiment("gin_rummy_learned_ranking")
    rng = np.random.default_rng(1)
    x = rng.normal(size=(400, 2))
    g = np.repeat(np.arange(100), 4)
    y = 0.1 * x[:, 0] + np.repeat(rng.normal(size=100), 4)      # each position's level is noise
    fit = ranking.Ranking(x, y, g, hidden=4, steps=300)
    assert ranking.regret(fit.score(x), y, g) < ranking.regret(-x[:, 0], y, g)
    assert ranking.regret(fit.score(x), y, g) < 0.01


def test_the_ranked_heuristic_throws_a_legal_card_and_plays_as_the_heuristic_elsewhere():
    ranking = load_experiment("gin_rummy_learned_ranking")
    data = ranking.generate(6, 3_000_000, 2, workers=1)
    report, fit = ranking.evaluate(data, hidden=4)
    assert report["positions"] >= 4 and report["rows"] == len(data["x"])
    game = gamenight.make("gin_rummy", rules="openspiel")
    bot = ranking.Ranked(game, fit)
    state, rng = game.new(seed=5), random.Random(5)
    while not state.is_over:
        view, legal = state.view(state.current_player), state.legal_actions()
        move = bot.choose(view, legal, rng)
        assert move in legal
        if view["phase"] != "discard":
            assert move == bot.heuristic.choose(view, legal, rng)
        state.apply(move)


def test_it_is_compared_with_the_heuristic_on_the_same_hands_against_openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    ranking = load_experiment("gin_rummy_learned_ranking")
    _, fit = ranking.evaluate(ranking.generate(6, 3_000_000, 2, workers=1), hidden=4)
    played = ranking.play(pyspiel, fit, deals=1)
    assert played["paired"]["hands"] <= 2 and set(played) == {"heuristic", "ranked", "paired"}
