"""thunee.value: the learned chance to win the match from a hand's start, the expert's value of a hand's end at
tables of 2, 4 and 6; and experiments/thunee_match_value.py, which trains it."""
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
from gamenight.thunee import value

STARTS = list(product(range(1, 13), range(1, 13), (False, True)))


def test_it_knows_the_tables_it_was_trained_for_and_no_other():
    for players, rules in product((2, 4, 6), (None, "standard", {"balls_to_win": 4}, {"balls_to_win": 12})):
        assert value.applies(gamenight.make("thunee", players=players, rules=rules))
    for players, rules in ((4, "all_calls"), (4, "tuscans"), (4, {"balls_to_win": 13}), (2, {"balls_to_win": 13}),
                           (4, {"win_by_two": True}), (4, {"dealer_rotation": "always"}), (4, {"royals": True}),
                           (6, {"royals": True})):
        assert not value.applies(gamenight.make("thunee", players=players, rules=rules))
    assert sorted(value.WEIGHTS) == [2, 4, 6]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_chance_is_a_probability_and_the_two_teams_share_the_match(players):
    for needs_us, needs_them, deals in STARTS:
        ours = value.chance((needs_us, needs_them), deals, players)
        theirs = value.chance((needs_them, needs_us), not deals, players)
        assert 0.0 < ours < 1.0
        assert ours + theirs == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_fewer_balls_to_go_are_worth_more(players):
    for needs_us, needs_them, deals in STARTS:
        here = value.chance((needs_us, needs_them), deals, players)
        if needs_us > 1:
            assert value.chance((needs_us - 1, needs_them), deals, players) > here
        if needs_them < 12:
            assert value.chance((needs_us, needs_them + 1), deals, players) > here
    assert value.chance((12, 12), False, players) == pytest.approx(0.5, abs=0.05)


def test_each_table_has_its_own_network():
    """The same start is worth differently at each table (a hand at two is not a hand at six), and each table's
    chance is its own weights' (``model(players)``)."""
    start = ((1, 1), True)
    assert len({value.chance(*start, players) for players in (2, 4, 6)}) == 3
    assert value.model(2) is not value.model(6) and value.chance(*start) == value.chance(*start, 4)


def test_a_worlds_value_reads_the_balls_and_the_dealer_from_the_seats_side():
    game = gamenight.make("thunee", players=4)
    state = game.new(seed=4, deal={"balls": [7, 2], "dealer": 3})
    for seat in (0, 2):
        assert value.match_value(state, seat) == value.chance((5, 10), False)
    for seat in (1, 3):
        assert value.match_value(state, seat) == value.chance((10, 5), True)
    short = gamenight.make("thunee", players=4, rules={"balls_to_win": 4}).new(seed=4, deal={"balls": [1, 2]})
    assert value.match_value(short, 0) == value.chance((3, 2), short.dealer % 2 == 0)
    six = gamenight.make("thunee", players=6).new(seed=4, deal={"balls": [7, 2], "dealer": 3})
    for seat in (0, 2, 4):
        assert value.match_value(six, seat) == value.chance((5, 10), False, 6)
    two = gamenight.make("thunee", players=2).new(seed=4, deal={"balls": [7, 2], "dealer": 1})
    assert value.match_value(two, 1) == value.chance((10, 5), True, 2)


def test_it_has_no_value_where_it_was_not_trained_or_once_the_match_is_over():
    assert value.match_value(gamenight.make("thunee", players=6, rules="all_calls").new(seed=1), 0) is None
    assert value.match_value(gamenight.make("thunee", players=4, rules="all_calls").new(seed=1), 0) is None
    game = gamenight.make("thunee", players=4)
    state = game.new(seed=2, deal={"balls": [10, 11]})
    bot = gamenight.make_bot("heuristic", game)
    rng = random.Random(2)
    while not state.is_over:
        assert value.match_value(state, 0) is not None
        state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
    assert value.match_value(state, 0) is None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_expert_values_a_hands_end_by_it_at_the_tables_it_knows(players):
    """On the standard rules a rollout's worth is the chance to win the match from the hand it ends on (the expert's
    rollouts end with the hand; in the first hand of a match to 12 none ends the match)."""
    game = gamenight.make("thunee", players=players)
    expert = gamenight.make_bot("expert", game, iterations=12)
    assert expert.settings.end_value is value.match_value
    state = game.new(seed=6)
    estimates = expert.evaluate(state.view(state.current_player), state.legal_actions(), random.Random(3))
    chances = {value.chance(needs, deals, players) for needs in product(range(4, 13), repeat=2)
               for deals in (False, True)}
    assert all(min(chances) <= e.value <= max(chances) for e in estimates)


def test_the_expert_blends_the_hands_result_where_the_value_was_not_trained():
    """With an option the value was not trained on (here every call, at six), the blend of the hand's result and
    the balls, as before the value."""
    six = gamenight.make("thunee", players=6, rules="all_calls")
    state = six.new(seed=6)
    shipped = gamenight.make_bot("expert", six, iterations=12)
    blended = SearchBot(six, replace(shipped.settings, end_value=None), iterations=12)
    view, legal = state.view(state.current_player), state.legal_actions()
    assert shipped.evaluate(view, legal, random.Random(3)) == blended.evaluate(view, legal, random.Random(3))


def test_the_training_plays_from_each_start_and_writes_the_network_the_package_evaluates():
    np = pytest.importorskip("numpy")
    training = load_experiment("thunee_match_value")
    assert [len(training.starts(players)) for players in (2, 4, 6)] == [12 * 12 * 2, 12 * 12 * 4, 12 * 12 * 6]
    for players in (4, 6):
        number, seen, won = training.play((players, 100, 0, 11, 3))
        assert training.play((players, 100, 0, 11, 3)) == (number, seen, won) and won in (0.0, 1.0)
        (balls_0, balls_1), dealer = training.starts(players)[100]
        assert seen[0] == ((12 - balls_0, 12 - balls_1), dealer % 2)  # the balls each team needs, the dealer's team
        assert all(a != b for a, b in zip(seen, seen[1:]))
    assert training.weights_file(6).endswith("value_weights_6.json")
    assert training.curve_name(4).endswith("thunee_match_value_curve.csv")
    ours, theirs = training.rows(((3, 9), 1), 1.0)
    assert ours == ((3, 9, 0), 1.0) and theirs == ((9, 3, 1), 0.0)
    data = training.generate(2, matches=1, seed=7, workers=1, mixed=2)
    assert len(data["x"]) >= 2 * len(training.starts(2)) and data["x"].shape[1] == 3
    assert set(np.unique(data["y"])) <= {0.0, 1.0}
    keys, shares, weights = training.cells(data["x"], data["y"])
    assert len(keys) == len({tuple(row) for row in data["x"]}) and weights.sum() == pytest.approx(1.0)
    first = (data["x"] == keys[0]).all(axis=1)
    assert shares[0] == pytest.approx(data["y"][first].mean())
    features = training.encode(keys)
    assert features[0].tolist() == value.features((int(keys[0][0]), int(keys[0][1])), bool(keys[0][2]))
    net = training.Net(features, 4, np.random.default_rng(0), outputs=1)
    net.fit(features, shares[:, None], 3, np.random.default_rng(0), batch=len(keys), weights=weights)
    shipped = Network(net.export(value.FEATURE_NAMES), len(value.FEATURE_NAMES), 1)
    for row, want in zip(features[:20], net.predict(features[:20])):
        assert 1 / (1 + math.exp(-shipped.evaluate(list(row))[0])) == pytest.approx(want[0], abs=1e-3)


def test_the_comparison_begins_each_match_from_a_drawn_score():
    training = load_experiment("thunee_match_value")
    game = gamenight.make("thunee", players=4)
    begin = training.begin(game)
    assert begin(3).to_json() == begin(3).to_json()
    starts = {(tuple(begin(seed).balls), begin(seed).dealer) for seed in range(20)}
    assert len(starts) > 10 and all(s in training.starts(4) for s in starts)
    compared = training.compare(1, 4, 2, game, begin)
    assert compared["differ"] == len(compared["gains"]) <= compared["decisions"] <= 12
    budgets = training.compare(1, 4, 2, game, begin, first=3, against=8)  # the expert at 4 rollouts and at 8
    assert budgets["differ"] == len(budgets["gains"]) <= budgets["decisions"] <= 12
