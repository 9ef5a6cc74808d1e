"""benchmarks/population.py (each game's bots against the population, and the ladder) and
benchmarks/gin_rummy_outside_peers.py (against OpenSpiel's simple gin bot, in lockstep), run small."""
import json

import pytest

from benchmark_scripts import load_benchmark


def test_the_population_holds_the_other_bots_and_every_style():
    population = load_benchmark("population")
    assert population.population("gin_rummy") == ["random", "simple", "heuristic", "heuristic:cautious",
                                                  "heuristic:reckless", "heuristic:early", "heuristic:late"]
    assert population.population("yaniv")[:3] == ["random", "casual", "heuristic"]
    # the ladder: Beginner < Casual < Strong < Expert (the quick expert, ``strong``, is no step of it)
    assert population.ladder("gin_rummy") == [("simple", "random"), ("heuristic", "simple"), ("expert", "heuristic")]
    assert population.ladder("thunee") == [("casual", "random"), ("heuristic", "casual"), ("expert", "heuristic")]


def test_a_small_run_reports_each_pair_and_the_ladder(tmp_path, capsys):
    population = load_benchmark("population")
    out = tmp_path / "population.json"
    assert population.main(["--games", "yessir", "--deals", "2", "--iterations", "4", "--bots", "heuristic,strong",
                            "--opponents", "random,heuristic:early", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert json.loads(capsys.readouterr().out) == report
    (game,) = report["games"]
    pairs = [(s["bot"], s["opponent"]) for s in game["population"]]
    assert pairs == [("heuristic", "random"), ("heuristic", "heuristic:early"), ("strong", "random"),
                     ("strong", "heuristic:early")]
    assert [(s["bot"], s["opponent"]) for s in game["ladder"]] == [("casual", "random"), ("heuristic", "casual"),
                                                                   ("expert", "heuristic")]
    for s in game["population"] + game["ladder"]:
        assert s["matches"] == 4                       # 2 deals x 2 seatings, a pair shared by both lists once
        assert 0 <= s["hands_won"] <= s["decided_hands"]
        low, high = s["hands_ci95"]
        assert 0 <= low <= high <= 1
        assert s["significant"] == (low > 0.5 or high < 0.5) and s["holds"] == (low > 0.5)
        assert s["matches_hold"] == (s["match_ci95"][0] > 0.5)
    # each bot after the first compared with it on the same deals, against each opponent
    assert [(c["bot"], c["against"], c["opponent"]) for c in game["paired_with_the_first"]] == [
        ("strong", "heuristic", "random"), ("strong", "heuristic", "heuristic:early")]
    for c in game["paired_with_the_first"]:
        assert c["matches"] == 4 and c["better"] + c["worse"] <= 4
        assert c["ci95"][0] <= c["difference"] <= c["ci95"][1]


def test_two_bots_are_compared_on_the_same_deals_and_seatings():
    population = load_benchmark("population")

    def result(bot, seed, rotation, score):
        return {"pair": [bot, "random"], "seed": seed, "rotation": rotation, "score": [score, 1 - score]}
    results = [result("heuristic", 1, 0, 1.0), result("heuristic", 1, 1, 0.0), result("heuristic", 2, 0, 0.5),
               result("expert", 1, 0, 1.0), result("expert", 1, 1, 1.0), result("expert", 2, 0, 0.0),
               result("expert", 3, 0, 1.0)]                 # a deal the heuristic did not play: left out
    c = population.compared("expert", "heuristic", "random", results,
                            {("expert", "random"): 0.6, ("heuristic", "random"): 0.5})
    assert (c["matches"], c["better"], c["worse"]) == (3, 1, 1)
    assert c["difference"] == pytest.approx(0.5 / 3, abs=1e-4) and c["sign_test_p"] == 1.0
    assert c["hand_rate_difference"] == pytest.approx(0.1)


def test_the_seatings_give_each_bot_each_seat():
    population = load_benchmark("population")
    matches = population.schedule("thunee", 4, None, [("expert", "heuristic:late")], 1, 7, 10)
    assert [m.seats() for m in matches] == [("expert", "heuristic:late") * 2, ("heuristic:late", "expert") * 2]
    assert {m.seed for m in matches} == {7}


def test_the_lockstep_with_openspiels_simple_bot_keeps_both_engines_together():
    pytest.importorskip("pyspiel")
    outside = load_benchmark("gin_rummy_outside_peers")
    import pyspiel

    report = outside.measure(pyspiel, "heuristic", deals=3, seed=70000, iterations=None)
    assert report["hands"] == 6 and report["diverged"] == 0
    assert report["results_agree"] == 6                # both engines scored every hand alike
    assert report["decided"] <= 6


def test_the_outside_benchmark_compares_two_bots_on_the_same_hands():
    outside = load_benchmark("gin_rummy_outside_peers")
    bot = {"bot": "expert", "won_by_hand": [True, True, False, None, True, False, True]}
    base = {"bot": "heuristic", "won_by_hand": [True, False, False, True, False, True, None]}
    c = outside.paired(bot, base)
    # hands 0, 1, 2, 4, 5 decided for both: the expert alone won 1 and 4, the heuristic alone 5
    assert (c["hands"], c["won_only_by_bot"], c["won_only_by_other"]) == (5, 2, 1)
    assert c["difference"] == pytest.approx(0.2) and c["ci95"][0] < 0.2 < c["ci95"][1]
    assert c["sign_test_p"] == 1.0
    assert outside.sign_test(0, 10) == pytest.approx(2 / 1024) and outside.sign_test(0, 0) == 1.0
