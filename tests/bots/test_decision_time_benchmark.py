"""benchmarks/decision_time.py (a search bot's time a decision on the same positions), run small."""
import json

from benchmark_scripts import load_benchmark


def test_a_small_run_times_the_same_positions_every_pass(capsys):
    decision_time = load_benchmark("decision_time")
    assert decision_time.main(["--game", "yessir", "--positions", "1", "--iterations", "4", "--passes", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["decisions"] == 5 and report["iterations"] == 4   # one position for each style
    assert len(report["cpu_seconds_a_decision"]) == 2 and all(t >= 0 for t in report["cpu_seconds_a_decision"])
