"""yaniv.ranking and the expert's prior: the learned rankings of a seat's groups, and of its draw and takes, at a
table of two and at tables of three to six."""
import random

import pytest

import gamenight
from gamenight.yaniv import ranking
from gamenight.yaniv.actions import DRAW, TAKE
from gamenight.yaniv.bots import EXPERT, YanivHeuristic, learned_order, ranked_order


def decisions(players: int = 2, rules: str | None = None, seeds: range = range(1, 30)):
    """(game, view, legal, the heuristic's choice) at every decision of the heuristic playing every seat."""
    game = gamenight.make("yaniv", players=players, rules=rules)
    heuristic = YanivHeuristic(game)
    for seed in seeds:
        state, rng = game.new(seed=seed), random.Random(seed)
        while not state.is_over and not state.sheet:
            view, legal = state.view(state.current_player), state.legal_actions()
            choice = heuristic.choose(view, legal, rng)
            yield game, view, legal, choice
            state.apply(choice)


@pytest.mark.parametrize("table, extra", [("two", 0), ("many", len(ranking.TABLE_FEATURE_NAMES))])
def test_the_shipped_weights_fit_the_features(table, extra):
    network = ranking.model(table)
    assert len(network.mean) == len(ranking.FEATURE_NAMES) + extra and len(network.outputs) == 1
    takes = ranking.take_model(table)
    assert len(takes.mean) == len(ranking.TAKE_FEATURE_NAMES) + extra and len(takes.outputs) == 1


def test_which_rankings_know_a_table():
    assert [ranking.trained_table(n) for n in range(2, 9)] == ["two"] + ["many"] * 6
    assert ranking.trained_table(1) is None and ranking.trained_table(9) is None


def drawing(legal):
    """Whether the seat draws or takes, and may do either."""
    return len(legal) > 1 and all(a.kind in (DRAW, TAKE) for a in legal)


def groups(legal):
    """The groups the seat may lay."""
    return [a for a in legal if a.is_discard]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("measure, names, weighed", [
    (ranking.features, ranking.FEATURE_NAMES, groups),
    (ranking.take_features, ranking.TAKE_FEATURE_NAMES, lambda legal: legal if drawing(legal) else []),
], ids=["groups", "takes"])
def test_the_features_read_the_view_only_and_are_finite(measure, names, weighed, players):
    seen = 0
    table = ranking.trained_table(players)
    for game, view, legal, _ in decisions(players, seeds=range(1, 8)):
        moves = weighed(legal)
        if len(moves) < 2:
            continue
        world = game.sample_state(view, random.Random(0))      # other hidden cards, the same view
        judge = YanivHeuristic(game)
        here, there = judge.context(view), judge.context(world.view(view["seat"]))
        assert here == there
        for move in moves:
            x = ranking.measured(measure, table, judge, move, here)
            assert len(x) == len(ranking.read_names(names, table)) and all(abs(v) < 100 for v in x)
        seen += 1
    assert seen > 10


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_the_groups_come_in_the_ranking_s_order_the_favourite_first(players):
    seen = changed = 0
    table = ranking.trained_table(players)
    for game, view, legal, choice in decisions(players):
        ordered = learned_order(view, legal, choice)
        assert sorted(map(str, ordered)) == sorted(map(str, legal))
        groups = [a for a in legal if a.is_discard]
        if drawing(legal):
            continue                                              # below
        if not choice.is_discard or len(groups) < 2:
            assert ordered[0] is choice                           # a call, a single group: the heuristic's
            continue
        judge = YanivHeuristic(game)
        assert ordered[:len(groups)] == ranking.rank(judge, groups, judge.context(view), table)
        assert all(not a.is_discard for a in ordered[len(groups):])   # then the call, where one is legal
        seen += 1
        changed += ordered[0] is not choice
    assert seen > 50 and 0 < changed < seen                     # it agrees with the heuristic often, not always


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_the_draw_and_takes_come_in_the_take_ranking_s_order(players):
    seen = changed = 0
    table = ranking.trained_table(players)
    for game, view, legal, choice in decisions(players):
        if not drawing(legal):
            continue
        judge = YanivHeuristic(game)
        ordered = learned_order(view, legal, choice)
        assert ordered == ranking.rank_takes(judge, legal, judge.context(view), table)
        assert sorted(map(str, ordered)) == sorted(map(str, legal))
        seen += 1
        changed += ordered[0] is not choice
    assert seen > 50 and 0 < changed < seen


def test_without_rankings_the_heuristic_s_choice_is_the_move_to_beat():
    for _, view, legal, choice in decisions(players=7, seeds=range(1, 3)):
        assert ranked_order(view, legal, choice, None) == [choice, *(a for a in legal if a is not choice)]


def test_a_table_s_measures_count_the_players_still_in_and_the_fewest_cards_another_holds():
    game = gamenight.make("yaniv", players=4)                   # two packs from four players
    heuristic, state, rng = YanivHeuristic(game), game.new(seed=3), random.Random(3)
    for _ in range(6):                                          # the first seats have laid a group
        state.apply(heuristic.choose(state.view(state.current_player), state.legal_actions(), rng))
    view = state.view(state.current_player)
    ctx = heuristic.context(view)
    others = [n for s, n in enumerate(view["hand_sizes"]) if s != view["seat"]]
    assert ctx.players == 4 and ctx.fewest_cards == min(others) and len(set(others)) > 1
    assert ranking.table_features(heuristic, ctx) == [0.5, 1.0, min(others) / 5]


def test_the_expert_searches_the_ranking_s_favourite_as_the_move_to_beat():
    from gamenight.bots.search import SearchBot

    assert EXPERT.prior is learned_order
    for game, view, legal, choice in decisions(rules="single_round"):
        ordered = learned_order(view, legal, choice)
        if ordered[0] is not choice:
            estimates = SearchBot(game, EXPERT, iterations=8).evaluate(view, legal, random.Random(0))
            assert [e.action for e in estimates if e.prior] == [ordered[0]]
            return
    raise AssertionError("the ranking and the heuristic agreed everywhere")
