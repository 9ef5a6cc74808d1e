"""``gamenight tournament``: the schedule (duplicate deals, seatings), the jobs run the same anywhere, the pairs'
Wilson intervals, the Bradley-Terry ratings, and the JSON, CSV and PNG outputs."""
from __future__ import annotations

import csv
import doctest
import importlib.util
import json
import math
import random

import pytest

from gamenight import make
from gamenight import tournament as core
from gamenight.cli.simulate import wilson_interval

FAST = ["--bots", "heuristic,random", "--matches", "2", "--quiet"]   # Gin Rummy's bots play a match in ~10 ms


def _tournament(cli, tmp_path, *argv: str, name: str = "t.json") -> dict:
    path = tmp_path / name
    run = cli(["tournament", *argv, "--json", str(path)])
    assert run.rc == 0, run.err
    return json.loads(path.read_text())


def _results(data: dict) -> dict:
    """Everything but how the tournament was run (the backend, the workers, the time)."""
    return {key: value for key, value in data.items() if key != "run"}


# ---- the terminal ---------------------------------------------------------------------------------------------
def test_table_output(cli):
    run = cli(["tournament", "yessir", "--players", "2", "--bots", "heuristic,random", "--matches", "2",
               "--workers", "1"])
    assert run.rc == 0, run.err
    out = run.out
    assert "YESSIR!, 2 players, rules standard: 1 pair x 2 deals (seeds 0..1) x 2 seatings = 4 matches" in out
    assert "match wins" in out and "decided hands won" in out and "95% interval" in out
    assert "Ratings: Bradley-Terry, Elo scale, random = 0" in out and "(anchor)" in out
    assert "heuristic" in out and "/4 " in out
    assert "4 matches," in out and "on 1 worker" in out


def test_json_to_standard_output_prints_no_table(cli):
    run = cli(["tournament", "gin_rummy", *FAST, "--workers", "1", "--json", "-"])
    assert run.rc == 0, run.err
    data = json.loads(run.out)
    assert data["settings"]["game"] == "gin_rummy" and len(data["matches"]) == 4


# ---- the schedule ---------------------------------------------------------------------------------------------
def test_every_seed_is_played_in_both_seatings(cli, tmp_path):
    data = _tournament(cli, tmp_path, "gin_rummy", "--bots", "heuristic,simple,random", "--matches", "3",
                       "--seed", "40", "--workers", "1", "--quiet")
    matches = data["matches"]
    assert [m["job"] for m in matches] == list(range(3 * 3 * 2))
    for pair in (["heuristic", "simple"], ["heuristic", "random"], ["simple", "random"]):
        mine = [m for m in matches if m["pair"] == pair]
        seats = {(m["seed"], tuple(m["seats"])) for m in mine}
        a, b = pair
        assert seats == {(seed, order) for seed in (40, 41, 42) for order in ((a, b), (b, a))}
    for m in matches:
        assert math.isclose(sum(m["score"]), 1)
        assert m["hands_won"][0] + m["hands_won"][1] + m["undecided"] == m["hands"] == len(m["hand_winners"])
        assert m["actions"] > 0
    assert data["settings"]["seeds"] == [40, 42] and data["settings"]["matches_per_pair"] == 3


def test_a_team_game_seats_each_bot_as_a_team(cli, tmp_path):
    data = _tournament(cli, tmp_path, "thunee", "--bots", "heuristic,random", "--matches", "1", "--workers", "1",
                       "--quiet")
    first, second = data["matches"]
    assert first["seats"] == ["heuristic", "random", "heuristic", "random"] and first["rotation"] == 0
    assert second["seats"] == ["random", "heuristic", "random", "heuristic"] and second["rotation"] == 1
    assert first["seed"] == second["seed"] == 0
    for m in (first, second):   # a Thunee team's two winners get 1.0 each: the pair's scores still add up to 1
        assert sorted(m["score"]) == [0.0, 1.0]
        assert m["undecided"] == sum(1 for w in m["hand_winners"] if w is None)


def test_seatings_alternate_and_each_bot_holds_each_seat_equally():
    assert core.seatings("a", "b", 2) == [("a", "b"), ("b", "a")]
    assert core.seatings("a", "b", 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    three = core.seatings("a", "b", 3)
    assert three == [("a", "b", "a"), ("b", "a", "b")]
    assert all(sorted(column) == ["a", "b"] for column in zip(*three))
    assert core.pairings(["x", "y", "z"]) == [("x", "y"), ("x", "z"), ("y", "z")]
    game = core.GameSpec.of(make("yaniv", players=4))
    jobs = core.schedule(game, ["x", "y", "z"], matches=2, seed=5)
    assert len(jobs) == 3 * 2 * 2 and [j.id for j in jobs] == list(range(12))
    assert {j.seed for j in jobs} == {5, 6}
    with pytest.raises(ValueError):
        core.schedule(game, ["x", "x"], matches=2)


def test_a_match_is_the_same_wherever_it_runs():
    """The bots' generator comes from (seed, rotation): a job played twice, or after others, gives one result."""
    game = core.GameSpec.of(make("gin_rummy"))
    jobs = core.schedule(game, ["heuristic", "random"], matches=2, seed=3)
    forward = [core.play_job(job) for job in jobs]
    backward = [core.play_job(job) for job in reversed(jobs)][::-1]
    assert forward == backward
    assert jobs[0].rng().random() == jobs[0].rng().random() != jobs[1].rng().random()


def test_the_search_bots_get_the_iterations(cli, tmp_path, monkeypatch):
    made = []
    real = core.make_bot

    def spy(name, game, **options):
        made.append((name, options))
        return real(name, game, **options)

    monkeypatch.setattr(core, "make_bot", spy)
    data = _tournament(cli, tmp_path, "thunee", "--bots", "expert,random", "--matches", "1", "--iterations", "2",
                       "--workers", "1", "--quiet")
    assert data["settings"]["iterations"] == 2
    assert ("expert", {"iterations": 2}) in made and ("random", {}) in made
    assert {name for name, options in made if options} == {"expert"}


# ---- how it runs ----------------------------------------------------------------------------------------------
def test_same_results_with_one_worker_and_two(cli, tmp_path):
    one = _tournament(cli, tmp_path, "gin_rummy", *FAST, "--workers", "1", name="one.json")
    two = _tournament(cli, tmp_path, "gin_rummy", *FAST, "--workers", "2", name="two.json")
    assert one["run"]["backend"] == "in-process" and two["run"]["backend"] == "processes"
    assert _results(one) == _results(two)


def test_same_results_on_ray(cli, tmp_path):
    """A local Ray (one CPU) plays the same matches as this process (Ray takes ~10 s to start)."""
    argv = ["yessir", "--players", "2", *FAST]
    local = _tournament(cli, tmp_path, *argv, "--workers", "1", name="local.json")
    on_ray = _tournament(cli, tmp_path, *argv, "--ray", "--workers", "1", name="ray.json")
    assert on_ray["run"]["backend"] == "ray"
    assert _results(local) == _results(on_ray)


# ---- outputs --------------------------------------------------------------------------------------------------
def test_csv_has_a_row_per_match(cli, tmp_path):
    path = tmp_path / "matches.csv"
    run = cli(["tournament", "gin_rummy", "--bots", "heuristic,simple,random", "--matches", "2", "--workers", "1",
               "--quiet", "--csv", str(path)])
    assert run.rc == 0, run.err
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3 * 2 * 2
    assert rows[0]["bot_a"] == "heuristic" and rows[0]["bot_b"] == "simple" and rows[0]["seats"] == "heuristic simple"
    assert rows[1]["seats"] == "simple heuristic" and rows[0]["seed"] == rows[1]["seed"] == "0"
    assert all(math.isclose(float(r["score_a"]) + float(r["score_b"]), 1) for r in rows)


def test_plot_is_a_png(cli, tmp_path):
    path = tmp_path / "ratings.png"
    run = cli(["tournament", "gin_rummy", *FAST, "--workers", "1", "--plot", str(path)])
    assert run.rc == 0, run.err
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 2000


# ---- the statistics -------------------------------------------------------------------------------------------
def test_bradley_terry_recovers_known_strengths():
    strengths = [1.0, 2.0, 4.0, 8.0]
    k = len(strengths)
    # exact expected scores: the maximum likelihood fit is the truth itself
    expected = [[100 * strengths[i] / (strengths[i] + strengths[j]) if i != j else 0 for j in range(k)]
                for i in range(k)]
    fit = core.bradley_terry(expected, prior=0)
    assert all(math.isclose(fit[i] / fit[0], strengths[i], rel_tol=1e-6) for i in range(k))
    # sampled matches: within sampling error, and in the right order
    rng = random.Random(7)
    wins = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            for _ in range(2000):
                if rng.random() < strengths[i] / (strengths[i] + strengths[j]):
                    wins[i][j] += 1
                else:
                    wins[j][i] += 1
    ratings = core.elo_scale(core.bradley_terry(wins), anchor=0)
    for i in range(k):
        assert abs(ratings[i] - 400 * math.log10(strengths[i])) < 25
    assert ratings == sorted(ratings)


def test_a_bot_that_won_everything_has_a_finite_rating_only_with_the_prior():
    wins = [[0, 10], [0, 0]]
    assert core.bradley_terry(wins)[0] > core.bradley_terry(wins)[1]
    with pytest.raises(ValueError):
        core.bradley_terry(wins, prior=0)


def _synthetic(strengths: dict[str, float], deals: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    results = []
    for a, b in core.pairings(list(strengths)):
        for deal in range(deals):
            for rotation in range(2):
                won = 1.0 if rng.random() < strengths[a] / (strengths[a] + strengths[b]) else 0.0
                results.append({"job": len(results), "pair": [a, b], "seed": deal, "rotation": rotation,
                                "score": [won, 1 - won], "hands_won": [int(won), int(1 - won)], "hands": 1,
                                "undecided": 0})
    return results


def test_ratings_are_anchored_at_random_with_deterministic_bootstrap_intervals():
    strengths = {"expert": 10.0, "heuristic": 3.0, "random": 1.0}
    results = _synthetic(strengths, deals=150, seed=1)
    report = core.report(list(strengths), results, seed=4)
    assert report == core.report(list(strengths), results, seed=4)
    table = {row["bot"]: row for row in report["ratings"]}
    assert [row["bot"] for row in report["ratings"]] == ["expert", "heuristic", "random"]
    assert table["random"]["rating"] == 0 and table["random"]["anchor"]
    for name, strength in strengths.items():
        low, high = table[name]["ci95"]
        assert low <= table[name]["rating"] <= high
        assert abs(table[name]["rating"] - 400 * math.log10(strength)) < 80
        assert table[name]["matches"] == 600
    # no "random": the last bot listed is the anchor
    others = [r for r in results if "random" not in r["pair"]]
    assert core.report(["expert", "heuristic"], others, resamples=10)["ratings"][1]["bot"] == "heuristic"
    assert core.report(["expert", "heuristic"], others, resamples=10)["ratings"][1]["rating"] == 0


def test_pair_summary_counts_match_wins_and_decided_hands():
    results = [{"score": [1.0, 0.0], "hands_won": [3, 1], "hands": 5, "undecided": 1},
               {"score": [0.5, 0.5], "hands_won": [2, 2], "hands": 4, "undecided": 0}]
    summary = core.pair_summary(("a", "b"), results)
    a, b = summary["bots"]
    assert summary["matches"] == 2 and summary["decided_hands"] == 8 and summary["undecided_hands"] == 1
    assert a["wins"] == 1.5 and b["wins"] == 0.5 and a["hands_won"] == 5 and a["hand_rate"] == 5 / 8
    assert a["ci95"] == list(wilson_interval(1.5, 2)) and a["hands_ci95"] == list(wilson_interval(5, 8))


def test_hand_winner_by_points():
    assert core.hand_winner([13, 23, 27, 0], low_wins=True) == 3          # Yaniv: the lowest
    assert core.hand_winner([43, 0], low_wins=False) == 0                 # Gin: the highest
    assert core.hand_winner([0, 0, 0, 0], low_wins=False) is None         # nobody scored
    assert core.hand_winner([1, 1, 0], low_wins=False) is None            # a tie for the best
    assert core.hand_winner([None, 5, 9], low_wins=True) == 1             # out of the match: not counted
    assert core.pair_score([1.0, 0.0, 1.0, 0.0], ["a", "b", "a", "b"], ["a", "b"]) == [1.0, 0.0]
    assert core.pair_score([0.0, 0.0], ["a", "b"], ["a", "b"]) == [0.5, 0.5]


def test_the_modules_examples_run():
    result = doctest.testmod(core)
    assert result.failed == 0 and result.attempted > 0


def test_wilson_interval_is_the_simulate_commands():
    for wins, n in ((0, 10), (5, 10), (81, 263), (2.5, 5)):
        assert core.wilson_interval(wins, n) == pytest.approx(wilson_interval(wins, n))


# ---- bad input ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, message", [
    (["--bots", "heuristic,minimax"], "unknown bot 'minimax' for gin_rummy; bots are: "),
    (["--bots", "heuristic"], "--bots needs at least two different bots, got 1"),
    (["--bots", "random,random"], "--bots lists 'random' twice"),
    (["--bots", "heuristic,random", "--matches", "0"], "--matches must be at least 1"),
    (["--bots", "heuristic,random", "--workers", "0"], "--workers must be at least 1"),
    (["--bots", "heuristic,random", "--iterations", "0"], "--iterations must be at least 1"),
    (["--bots", "heuristic,random", "--csv", "/no/such/dir/x.csv"], "/no/such/dir/x.csv: no such directory"),
    (["--bots", "heuristic,random", "--players", "3"], "Gin Rummy"),
    ([], "the following arguments are required: --bots"),
])
def test_bad_options(cli, argv, message):
    run = cli(["tournament", "gin_rummy", *argv])
    assert run.rc == 2 and message in run.err and run.err.count("\n") == 1 and run.out == ""


@pytest.mark.parametrize("option, missing, extra", [
    (["--ray"], "ray", "gamenight[ray]"),
    (["--plot", "x.png"], "matplotlib", "gamenight[plot]"),
])
def test_a_missing_extra_is_named_before_any_match(cli, monkeypatch, option, missing, extra):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == missing else real(name, *a))
    run = cli(["tournament", "gin_rummy", *FAST, *option])
    assert run.rc == 2 and extra in run.err and run.out == ""
