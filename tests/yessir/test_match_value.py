"""yessir.value: the learned chance to win the match from a round's start, the expert's value of a round's end at a
table of two; and experiments/yessir_match_value.py, which trains it."""
from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import product

import pytest

import gamenight
from benchmark_scripts import load_experiment
from gamenight.bots.network import Network
from gamenight.bots.search import SearchBot
from gamenight.yessir import value

STARTS = list(product((1, 2, 3), (1, 2, 3), range(1, 7), range(1, 7), (False, True)))


def test_it_knows_the_tables_of_two_it_was_trained_for_and_no_other():
    for rules in (None, "short", {"luck_start": 4}, {"first_roller": "random"}, {"turn_direction": "decreasing_seat"}):
        assert value.applies(gamenight.make("yessir", players=2, rules=rules))
    for players, rules in ((3, None), (2, "pip_change"), (2, {"rounds_to_win": 4}), (2, "all_dice_sum"),
                           (2, {"luck_min": 0}), (2, {"no_winner_roller": "next"}), (2, {"blind_resets_passes": True})):
        assert not value.applies(gamenight.make("yessir", players=players, rules=rules))


def test_a_chance_is_a_probability_and_the_two_seats_share_the_match():
    for needs_me, needs_other, luck_me, luck_other, rolls in STARTS:
        mine = value.chance((needs_me, needs_other), (luck_me, luck_other), rolls)
        theirs = value.chance((needs_other, needs_me), (luck_other, luck_me), not rolls)
        assert 0.0 < mine < 1.0
        assert mine + theirs == pytest.approx(1.0, abs=1e-12)


def test_fewer_wins_to_go_and_more_luck_are_worth_more():
    for needs_me, needs_other, luck_me, luck_other, rolls in STARTS:
        here = value.chance((needs_me, needs_other), (luck_me, luck_other), rolls)
        if needs_me > 1:
            assert value.chance((needs_me - 1, needs_other), (luck_me, luck_other), rolls) > here
        if needs_other < 3:
            assert value.chance((needs_me, needs_other + 1), (luck_me, luck_other), rolls) > here
        if luck_me < 6:
            assert value.chance((needs_me, needs_other), (luck_me + 1, luck_other), rolls) > here - 0.005


def test_a_worlds_value_reads_its_wins_luck_and_roller_from_the_seats_side():
    game = gamenight.make("yessir", players=2)
    state = game.new(seed=4, deal={"wins": [2, 1], "luck": [3, 5], "roller": 1})
    assert value.match_value(state, 0) == value.chance((1, 2), (3, 5), False)
    assert value.match_value(state, 1) == value.chance((2, 1), (5, 3), True)


def test_it_has_no_value_where_it_was_not_trained_or_once_the_match_is_over():
    state = gamenight.make("yessir", players=3).new(seed=1)
    assert value.match_value(state, 0) is None
    game = gamenight.make("yessir", players=2, rules="short")
    state = game.new(seed=2, deal={"wins": [1, 1]})
    bot = gamenight.make_bot("heuristic", game)
    rng = random.Random(2)
    while not state.is_over:
        assert value.match_value(state, 0) is not None
        state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
    assert value.match_value(state, 0) is None


def test_the_expert_values_a_rounds_end_by_it_at_two_players_only():
    """At two players a rollout's worth is the chance to win the match from the round it ends on (the expert's
    rollouts end with the round; early in a match none ends the match); at three the blend of the round's result
    and the luck margin, as before."""
    game = gamenight.make("yessir", players=2)
    expert = gamenight.make_bot("expert", game, iterations=24)
    assert expert.settings.end_value is value.match_value
    state = game.new(seed=6)
    estimates = expert.evaluate(state.view(state.current_player), state.legal_actions(), random.Random(3))
    chances = {value.chance(needs, luck, rolls) for needs in ((2, 3), (3, 2), (3, 3))
               for luck in product(range(1, 7), repeat=2) for rolls in (False, True)}
    assert all(min(chances) <= e.value <= max(chances) for e in estimates)
    three = gamenight.make("yessir", players=3)
    state = three.new(seed=6)
    shipped = gamenight.make_bot("expert", three, iterations=24)
    blended = SearchBot(three, replace(shipped.settings, end_value=None), iterations=24)
    view, legal = state.view(state.current_player), state.legal_actions()
    assert shipped.evaluate(view, legal, random.Random(3)) == blended.evaluate(view, legal, random.Random(3))


def test_the_training_plays_from_each_start_and_writes_the_network_the_package_evaluates():
    np = pytest.importorskip("numpy")
    training = load_experiment("yessir_match_value")
    assert len(training.STARTS) == 3 * 3 * 6 * 6 * 2
    assert training.play((5, 0, 11, 3)) == training.play((5, 0, 11, 3))
    mine, theirs = training.rows(((2, 0), (4, 6), 1), 1.0)
    assert mine == (value.features((1, 3), (4, 6), False), 1.0)
    assert theirs == (value.features((3, 1), (6, 4), True), 0.0)
    data = training.generate(matches=2, seed=7, workers=1, mixed=2)
    assert data["x"].shape == (4 * len(training.STARTS), len(value.FEATURE_NAMES))
    assert set(np.unique(data["y"])) <= {0.0, 1.0}
    rng = np.random.default_rng(0)
    net = training.Net(data["x"], 4, rng, outputs=1)
    net.fit(data["x"], data["y"][:, None], 1, rng)
    shipped = Network(net.export(value.FEATURE_NAMES), len(value.FEATURE_NAMES), 1)
    for row, want in zip(data["x"][:20], net.predict(data["x"][:20])):
        assert 1 / (1 + math.exp(-shipped.evaluate(list(row))[0])) == pytest.approx(want[0], abs=1e-3)


def test_the_comparison_plays_the_two_choices_to_the_end_of_the_match_in_the_same_worlds():
    training = load_experiment("yessir_match_value")
    game = gamenight.make("yessir", players=2)
    state = game.new(seed=900)
    view, legal = state.view(state.current_player), state.legal_actions()
    settings = gamenight.make_bot("expert", game).settings
    assert training.match_gain(game, settings, view, legal, (legal[0], legal[0]), 8) == 0.0
    gain = training.match_gain(game, settings, view, legal, (legal[0], legal[-1]), 8)
    assert -1.0 <= gain <= 1.0 and gain * 8 == round(gain * 8)
    compared = training.compare(matches=1, iterations=8, worlds=4)
    assert compared["differ"] == len(compared["gains"]) <= compared["decisions"] <= 12
    floors = training.compare(matches=1, iterations=8, worlds=4, fixed_floor=True)   # the floor relative, and fixed
    assert floors["differ"] == len(floors["gains"]) <= floors["decisions"] <= 12
