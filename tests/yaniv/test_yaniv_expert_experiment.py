"""experiments/yaniv_expert.py: the per-hand report of the expert against the heuristic adds up."""
from benchmark_scripts import load_experiment


def load():
    return load_experiment("yaniv_expert")


def test_expert_seats_follow_the_tournament_seatings():
    script = load()
    assert script.expert_seats(2, 0) == [0] and script.expert_seats(2, 1) == [1]
    assert script.expert_seats(4, 3) == [3]


def test_a_match_is_counted_hand_by_hand():
    script = load()
    options = {"iterations": 2, "margin_weight": 1.0, "rules": {"single_round": True}}
    matches = [script.play((2, seed, rotation, options)) for seed in (1, 2) for rotation in range(2)]
    for match in matches:
        expert, heuristic = match["sides"]
        assert expert["hands"] == heuristic["hands"] > 0
        assert expert["decided"] == heuristic["decided"] == expert["hands"]   # at 2 players every hand has one winner
        assert expert["won"] + heuristic["won"] == expert["hands"]
        assert expert["held"] <= expert["calls"] and heuristic["held"] <= heuristic["calls"]
        assert match["share"] in (0.0, 1.0) and expert["won"] == match["share"]   # one hand: its winner wins
    report = script.summary(matches, 2)
    assert report["matches"] == 4 and report["decided_hands"] == sum(m["sides"][0]["hands"] for m in matches)
    low, high = report["points_a_hand_ci95"]
    assert low <= report["points_a_hand_heuristic_minus_expert"] <= high
    assert 0 <= report["expert_match_ci95"][0] <= report["expert_match_rate"] <= report["expert_match_ci95"][1]
