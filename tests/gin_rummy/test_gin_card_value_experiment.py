"""experiments/gin_rummy_card_value.py: a value of the discards reading the cards, learned from hands' results."""
import random

import numpy as np
import pytest

import gamenight
from benchmark_scripts import load_experiment
from gamenight.gin_rummy.bots import GinHeuristic
from gamenight.gin_rummy.melds import BIT


def test_a_discard_s_features_are_the_measures_then_the_cards_as_the_thrower_sees_them():
    experiment = load_experiment("gin_rummy_card_value")
    game = gamenight.make("gin_rummy", rules="openspiel")
    judge = GinHeuristic(game)
    hand11 = sum(BIT[c] for c in range(11))          # the ace to the jack of a suit
    live = ((1 << 52) - 1) & ~hand11 & ~BIT[20] & ~BIT[30]
    ctx = {"live": live, "opp_known": BIT[20], "thrown": BIT[30], "stock": 20}
    x = experiment.card_features(judge, 10, hand11, 10, ctx)
    m = experiment.MEASURES
    assert x.shape == (m + 5 * 52,)
    kept, thrown, known, their_throws, gone = (x[m + 52 * k: m + 52 * (k + 1)] for k in range(5))
    assert kept.sum() == 10 and kept[10] == 0 and thrown[10] == 1 and thrown.sum() == 1
    assert known[20] == 1 and known.sum() == 1 and their_throws[30] == 1 and their_throws.sum() == 1
    assert gone.sum() == 0                            # every other card is live or held


def test_each_hand_gives_the_learner_s_discards_labelled_by_its_result_reproducibly():
    experiment = load_experiment("gin_rummy_card_value")
    rows, result = experiment.play((10_000_003, 0.5))
    again = experiment.play((10_000_003, 0.5))
    assert result == again[1] and len(rows) == len(again[0]) >= 1
    assert all(np.array_equal(a, b) for a, b in zip(rows, again[0]))
    assert result in (0.0, 0.5, 1.0)
    data = experiment.generate(4, 10_000_000, 0.2, workers=1)
    assert len(data["x"]) == len(data["y"]) == len(data["hand"]) and set(data["hand"]) <= {0, 1, 2, 3}


def test_the_valued_heuristic_throws_a_legal_card_and_plays_as_the_heuristic_elsewhere():
    experiment = load_experiment("gin_rummy_card_value")
    data = experiment.generate(30, 10_000_000, 0.2, workers=1)
    report, value = experiment.fit(data, hidden=4, epochs=1, l2=1e-3, inputs="cards")
    assert {"measures", "cards_quarter", "cards_half", "cards", "constant"} <= set(report)
    game = gamenight.make("gin_rummy", rules="openspiel")
    for gate in (None, 0.02, 2.0):
        bot = experiment.Valued(game, value, gate)
        state, rng = game.new(seed=5), random.Random(5)
        while not state.is_over:
            view, legal = state.view(state.current_player), state.legal_actions()
            move = bot.choose(view, legal, rng)
            assert move in legal
            if view["phase"] != "discard" or gate == 2.0:   # a gate no value clears: the heuristic's move
                assert move == bot.heuristic.choose(view, legal, rng)
            state.apply(move)


def test_it_is_compared_with_the_heuristic_on_the_same_hands_against_openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    experiment = load_experiment("gin_rummy_card_value")
    _, value = experiment.fit(experiment.generate(30, 10_000_000, 0.2, workers=1), hidden=4, epochs=1, l2=1e-3,
                              inputs="measures")
    played = experiment.against_openspiel(pyspiel, value, [None], deals=1, seed=1)
    assert set(played) == {"heuristic", "valued"} and played["valued"]["paired"]["hands"] <= 2
