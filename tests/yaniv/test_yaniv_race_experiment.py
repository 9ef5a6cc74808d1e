"""experiments/yaniv_race.py: the race model and the call-threshold variants add up."""
from benchmark_scripts import load_experiment


def load():
    return load_experiment("yaniv_race")


def test_the_model_gives_the_fair_share_at_scale_one_and_more_to_a_seat_that_scores_less():
    script = load()
    report = script.model(matches=6, seed=1, per_scale=400)
    assert set(report["hands"]) == {2, 3, 4} and report["hands"][4] > 0
    by_scale = {s["scale"]: s for s in report["scales"]}
    assert by_scale[1.0]["points_a_hand_fewer"] == 0 and 0.18 <= by_scale[1.0]["share"] <= 0.32
    assert by_scale[0.7]["points_a_hand_fewer"] > by_scale[0.9]["points_a_hand_fewer"] > 0
    assert by_scale[0.7]["share"] > by_scale[1.0]["share"]


def test_a_variant_with_the_standard_threshold_plays_the_same_match_from_every_seat():
    script = load()
    results = [script.variant_match((5, seat, 0.72)) for seat in range(4)]
    assert sum(r[0] for r in results) == 1.0   # the same match each time: one winner (or a shared win)
    assert all(r[3] > 0 for r in results)
    report = script.variant(0.6, deals=1, seed=5, workers=1)
    assert report["matches"] == 4 and 0 <= report["share_ci95"][0] <= report["share"] <= report["share_ci95"][1]
