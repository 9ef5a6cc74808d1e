"""experiments/yaniv_learned_ranking.py: groups, draws and takes valued in shared worlds, rankings fit, played."""
import argparse
import json

import pytest

from benchmark_scripts import load_experiment
from gamenight.bots.network import Network
from gamenight.yaniv.ranking import FEATURE_NAMES, TABLE_FEATURE_NAMES


@pytest.mark.parametrize("decision, first", [("groups", 4_000_000), ("takes", 5_000_000)])
def test_a_position_s_moves_are_valued_in_the_same_worlds_and_reproducibly(decision, first):
    ranking = load_experiment("yaniv_learned_ranking")
    for seed in range(first, first + 10):
        rows, values, heuristic = ranking.position((seed, 3), decision)
        if rows:
            break
    assert (rows, values, heuristic) == ranking.position((seed, 3), decision)
    names = ranking.DECISIONS[decision][2]
    assert len(rows) == len(values) == len(heuristic) >= 2
    assert all(len(r) == len(names) for r in rows)
    assert sum(heuristic) == 1.0                                   # the heuristic's own move is one of them
    assert all(v * 6 == round(v * 6) for v in values)            # a share of 3 worlds, each won, shared or lost
    if decision == "takes":
        assert [r[names.index("is_draw")] for r in rows].count(1.0) == 1   # the draw, then takes


def test_at_tables_of_three_to_six_a_position_s_moves_also_read_the_table():
    ranking = load_experiment("yaniv_learned_ranking")
    tables = (3, 4, 5, 6)
    sizes = set()
    for seed in range(6_000_000, 6_000_012):
        rows, values, heuristic = ranking.position((seed, 2), "groups", tables)
        if rows:
            assert all(len(r) == len(FEATURE_NAMES) + len(TABLE_FEATURE_NAMES) for r in rows)
            sizes.add(round(rows[0][len(FEATURE_NAMES)] * 8))   # the players still in the round
    assert len(sizes) > 1 and sizes <= set(tables)


def test_the_expert_is_measured_with_the_rankings_of_a_table_or_none():
    import random

    import gamenight
    from gamenight.yaniv.bots import YanivHeuristic

    ranking = load_experiment("yaniv_learned_ranking")
    game = gamenight.make("yaniv", players=3)
    state = game.new(seed=5)
    view, legal = state.view(state.current_player), state.legal_actions()
    plain = YanivHeuristic(game).choose(view, legal, random.Random(0))
    assert ranking.measured_bot("expert", game, (), "none").settings.prior(view, legal, plain)[0] is plain
    many = ranking.measured_bot("expert", game, (), "many").settings.prior(view, legal, plain)
    assert many == ranking.measured_bot("expert", game, (), None).settings.prior(view, legal, plain)
    played = ranking.versus(deals=1, seed=1, workers=1, players=3, table="none", bot="expert")
    assert played["hands"] == 3


def test_the_fit_reports_the_regrets_and_writes_weights_the_package_reads(tmp_path):
    ranking = load_experiment("yaniv_learned_ranking")
    data = ranking.generate(8, 4_000_000, 2, 1, ranking.position)
    args = argparse.Namespace(data=str(tmp_path / "positions.npz"), out=str(tmp_path / "weights.json"), hidden=4)
    report, fit = ranking.fit(args, data, "least_kept", ranking.FEATURE_NAMES)
    assert report["positions"] >= 4 and report["rows"] == len(data["x"])
    assert {"heuristic_regret", "least_kept_regret", "ranking_regret_1.0"} <= set(report)
    weights = json.loads((tmp_path / "weights.json").read_text())
    assert weights["features"] == list(FEATURE_NAMES)
    network = Network(weights, len(FEATURE_NAMES), 1)
    x = data["x"][:5].astype(float)
    assert [network.evaluate(list(row))[0] for row in x] == pytest.approx(list(fit.score(x)), abs=1e-6)
    again, _ = ranking.fit(args, None, "least_kept", ranking.FEATURE_NAMES)     # read back from the file
    assert again == report


def test_the_ranked_heuristic_plays_the_same_deals_as_the_heuristic():
    ranking = load_experiment("yaniv_learned_ranking")
    played = ranking.versus(deals=2, seed=1, workers=1)
    assert played["hands"] == 4 and played["won_only_ranked"] + played["won_only_heuristic"] <= 4


def test_the_ranked_heuristic_lays_the_ranking_s_favourite_and_plays_as_the_heuristic_elsewhere():
    import random

    import gamenight
    from gamenight.yaniv.bots import YanivHeuristic, learned_order

    ranking = load_experiment("yaniv_learned_ranking")
    for players in (2, 3, 7):                          # 7: the rankings of three to six, played beyond them
        game = gamenight.make("yaniv", players=players)
        state = game.new(seed=players)
        while not state.is_over and not state.sheet:
            view, legal = state.view(state.current_player), state.legal_actions()
            ranked = ranking.RankedHeuristic(game).choose(view, legal, random.Random(0))
            plain = YanivHeuristic(game).choose(view, legal, random.Random(0))
            assert ranked is learned_order(view, legal, plain)[0]
            takes_only = ranking.RankedHeuristic(game, ("takes",)).choose(view, legal, random.Random(0))
            assert takes_only is (plain if plain.is_discard else ranked)
            state.apply(plain)
