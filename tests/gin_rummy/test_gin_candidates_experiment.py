"""experiments/gin_rummy_candidates.py: where a search over every move would play, in the heuristic's order."""
from benchmark_scripts import load_experiment
from gamenight.gin_rummy.bots import EXPERT


def test_the_probe_ranks_each_searched_discard_in_the_heuristic_s_order():
    candidates = load_experiment("gin_rummy_candidates")
    report = candidates.probe(seed=1, positions=3, iterations=16, share=1.0)
    assert report["positions"] == len(report["found"]) == 3
    for found in report["found"]:
        assert 0 <= found["best_rank"] and 0 <= found["played_rank"]
        assert found["played_rank"] == 0 or found["lead"] >= EXPERT.confidence   # the heuristic's, unless beaten
    assert sum(report["played_rank_counts"].values()) == 3
