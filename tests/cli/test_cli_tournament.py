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


@pytest.mark.slow
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


# ---- one against the rest (--solo) ----------------------------------------------------------------------------
SOLO = ["yaniv", "--players", "3", "--bots", "heuristic,random", "--matches", "1", "--solo", "--quiet"]


def test_solo_schedule_puts_the_first_bot_in_every_seat_against_each_other_bot():
    game = core.GameSpec.of(make("yaniv", players=4))
    jobs = core.schedule(game, ["x", "y", "z"], matches=2, seed=5, solo=True)
    assert len(jobs) == 2 * 2 * 4 and [j.id for j in jobs] == list(range(16))
    assert all(j.solo and j.count == () for j in jobs)
    for other in ("y", "z"):
        mine = [j for j in jobs if j.pair == ("x", other)]
        assert {(j.seed, j.rotation) for j in mine} == {(seed, r) for seed in (5, 6) for r in range(4)}
        for j in mine:
            assert j.seats[j.rotation] == "x" and j.seats.count("x") == 1 and j.seats.count(other) == 3
        for seed in (5, 6):   # on each deal the lone bot holds every seat once
            assert sorted(j.seats.index("x") for j in mine if j.seed == seed) == [0, 1, 2, 3]
    assert core.solo_seatings("a", "b", 3) == [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]
    assert core.pairings(["x", "y", "z"], solo=True) == [("x", "y"), ("x", "z")]
    # the default seating is unchanged
    assert [j.seats for j in core.schedule(game, ["x", "y"], matches=1)] == [("x", "y", "x", "y"), ("y", "x", "y", "x")]
    # the bots' generator still comes from (seed, rotation) alone
    assert jobs[1].rng().random() == core.Job(99, game, ("q", "r"), 5, 1, ("q",) * 4).rng().random()


def test_solo_is_refused_for_two_players_and_team_games():
    for game in (make("gin_rummy"), make("yessir", players=2), make("yaniv", players=2)):
        assert "3 or more players" in core.solo_refusal(game)
    thunee = core.solo_refusal(make("thunee", players=4))
    assert "team game" in thunee and "0 & 2 against 1 & 3" in thunee
    assert "0, 2 & 4 against 1, 3 & 5" in core.solo_refusal(make("thunee", players=6))
    assert core.solo_refusal(make("yaniv", players=3)) is None and core.solo_refusal(make("yessir")) is None
    with pytest.raises(ValueError, match="team game"):
        core.schedule(core.GameSpec.of(make("thunee")), ["heuristic", "random"], matches=1, solo=True)


@pytest.mark.parametrize("argv, message", [
    (["gin_rummy", "--bots", "heuristic,random", "--solo"],
     "--solo needs a game of 3 or more players (one bot against several); Gin Rummy with 2 players"),
    (["yessir", "--players", "2", "--bots", "heuristic,random", "--solo"], "YESSIR! with 2 players"),
    (["thunee", "--bots", "heuristic,random", "--solo"],
     "--solo makes no sense at Thunee: it is a team game (seats 0 & 2 against 1 & 3)"),
    (["yaniv", "--bots", "heuristic,random", "--solo", "--plot", "x.png"], "--plot draws the ratings"),
    (["thunee", "--bots", "heuristic,random", "--count", "thunee,,jodi"], "--count: an empty word to count"),
    (["thunee", "--bots", "heuristic,random", "--count", ""], "--count: an empty word to count"),
    (["thunee", "--bots", "heuristic,random", "--count", "jodi,Jodi"], "--count: the word 'jodi' is counted twice"),
])
def test_bad_solo_and_count_options(cli, argv, message):
    run = cli(["tournament", *argv])
    assert run.rc == 2 and message in run.err and run.err.count("\n") == 1 and run.out == ""


def _solo_result(score, hands_won, decided, fair, hands=None, undecided=0):
    return {"pair": ["a", "b"], "seats": ["a", "b", "b", "b"], "score": score, "hands_won": hands_won,
            "hands": hands if hands is not None else sum(hands_won) + undecided, "undecided": undecided,
            "solo_decided": decided, "solo_fair_hands": fair}


def test_solo_report_numbers():
    results = [_solo_result([1.0, 0.0], [3, 2], 5, 1.25), _solo_result([0.0, 1.0], [1, 4], 5, 1.25, undecided=1),
               _solo_result([0.5, 0.5], [2, 5], 6, 1.75)]
    data = core.report(["a", "b"], results, solo=True, players=4)
    assert data["ratings"] is None and "pairs" not in data
    [s] = data["solo"]
    assert s["bot"] == "a" and s["opponent"] == "b" and s["opponents_per_match"] == 3 and s["matches"] == 3
    assert s["wins"] == 1.5 and s["win_rate"] == 0.5 and s["ci95"] == list(wilson_interval(1.5, 3))
    assert s["fair_share"] == 0.25
    assert s["hands_won"] == 6 and s["decided_hands"] == 16 and s["hand_rate"] == 6 / 16
    assert s["hands_ci95"] == list(wilson_interval(6, 16)) and s["hands_fair_share"] == 4.25 / 16
    assert s["hands"] == 18 and s["undecided_hands"] == 1
    # the players come from the seats when not given
    assert core.report(["a", "b"], results, solo=True) == data


def test_solo_report_on_a_tiny_run(cli, tmp_path):
    data = _tournament(cli, tmp_path, *SOLO, "--workers", "1")
    settings = data["settings"]
    assert settings["mode"] == "solo" and settings["seating"] == core.SOLO_SEATING
    assert settings["anchor"] is None and settings["resamples"] is None and "count" not in settings
    assert data["ratings"] is None and "pairs" not in data
    matches = data["matches"]
    assert [(m["rotation"], m["seats"]) for m in matches] == [
        (0, ["heuristic", "random", "random"]), (1, ["random", "heuristic", "random"]),
        (2, ["random", "random", "heuristic"])]
    [s] = data["solo"]
    wins = sum(m["score"][0] for m in matches)
    won = sum(m["hand_winners"].count(m["rotation"]) for m in matches)   # a hand is the lone bot's: its seat won it
    assert [m["hands_won"][0] for m in matches] == [m["hand_winners"].count(m["rotation"]) for m in matches]
    assert s["matches"] == 3 and s["wins"] == wins and s["fair_share"] == pytest.approx(1 / 3)
    assert s["ci95"] == list(wilson_interval(wins, 3))
    assert s["hands_won"] == won and 0 < s["decided_hands"] <= sum(m["hands"] for m in matches)
    assert s["hands_fair_share"] >= 1 / 3   # players out of the match leave fewer to share a hand with
    for m in matches:
        assert math.isclose(sum(m["score"]), 1)
        assert m["score"][0] == m["returns"][m["rotation"]] / sum(m["returns"])


def test_solo_terminal_output(cli):
    run = cli(["tournament", *SOLO, "--workers", "1"])
    assert run.rc == 0, run.err
    out = run.out
    assert "Yaniv, 3 players, rules french: heuristic alone vs 1 opponent x 1 deals (seeds 0..0) x 3 seats = 3 " \
           "matches" in out
    assert "heuristic alone vs 2 random: won " in out and "/3 matches, " in out and "fair share 33.3%" in out
    assert "decided hands it played: won " in out
    assert "Ratings: none with --solo" in out and "Bradley-Terry, Elo scale" not in out
    assert "3 matches," in out and "on 1 worker" in out


def test_solo_csv_carries_the_mode(cli, tmp_path):
    path = tmp_path / "solo.csv"
    run = cli(["tournament", *SOLO, "--workers", "1", "--csv", str(path)])
    assert run.rc == 0, run.err
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = list(reader)
    from gamenight.cli.tournament import CSV_FIELDS
    assert header == [*CSV_FIELDS, "mode"] and len(rows) == 3
    assert [dict(zip(header, row))["mode"] for row in rows] == ["solo"] * 3
    assert dict(zip(header, rows[1]))["seats"] == "random heuristic random"


def test_solo_same_results_with_one_worker_and_two(cli, tmp_path):
    argv = [*SOLO, "--count", "yaniv"]
    one = _tournament(cli, tmp_path, *argv, "--workers", "1", name="one.json")
    two = _tournament(cli, tmp_path, *argv, "--workers", "2", name="two.json")
    assert one["run"]["backend"] == "in-process" and two["run"]["backend"] == "processes"
    assert _results(one) == _results(two)


def test_the_default_mode_adds_nothing_to_the_results(cli, tmp_path):
    data = _tournament(cli, tmp_path, "gin_rummy", *FAST, "--workers", "1")
    assert data["settings"]["mode"] == "pairs" and "count" not in data["settings"]
    assert "calls" not in data and "solo" not in data and data["ratings"]
    assert all(set(m) == {"job", "pair", "seed", "rotation", "seats", "returns", "score", "hand_winners",
                          "hands_won", "hands", "undecided", "actions"} for m in data["matches"])


# ---- counting calls (--count) ---------------------------------------------------------------------------------
THUNEE_WORDS = "thunee,jodi,call,trip,pass"   # trip: a 6-player call, never offered at 4


def _calls_by_hand(result: dict, words: list[str]) -> list[dict]:
    """The calls of one match counted again from its game record, step by step (``record.replay_steps``): the
    hand an action is played in is the number of hands started before it, its row the one of that number."""
    from gamenight.core.match import play_match
    from gamenight.core.record import replay_steps
    from gamenight.core.registry import make_bot

    game = make("thunee")
    job = core.Job(result["job"], core.GameSpec.of(game), tuple(result["pair"]), result["seed"], result["rotation"],
                   tuple(result["seats"]))
    state = play_match(game, [make_bot(name, game) for name in job.seats], job.seed, bot_rng=job.rng())
    sheet = state.score_sheet()
    rows = {row["hand"]: row for row in sheet["rows"]}
    counts = [{"word": word, "made": [0, 0], "scored": [0, 0], "won": [0, 0]} for word in words]
    hand = game.new(seed=job.seed).hands_played
    for _number, seat, action, after in replay_steps(state.record()):
        text = str(action)
        for count in counts:
            if text == count["word"] or text.startswith(count["word"] + " "):
                side = job.pair.index(job.seats[seat])
                count["made"][side] += 1
                if hand in rows:
                    count["scored"][side] += 1
                    winner = core.hand_winner(rows[hand]["points"], sheet["low_wins"])
                    count["won"][side] += winner is not None and seat in sheet["columns"][winner]
        hand = after.hands_played
    return counts


def test_count_on_a_small_thunee_run(cli, tmp_path):
    words = THUNEE_WORDS.split(",")
    data = _tournament(cli, tmp_path, "thunee", "--bots", "heuristic,random", "--matches", "1", "--workers", "1",
                       "--quiet", "--count", THUNEE_WORDS)
    assert data["settings"]["count"] == words and data["settings"]["mode"] == "pairs"
    for m in data["matches"]:
        assert [c["word"] for c in m["calls"]] == words
        for c in m["calls"]:
            assert all(0 <= won <= scored <= made for made, scored, won in zip(c["made"], c["scored"], c["won"]))
        assert m["calls"][3] == {"word": "trip", "made": [0, 0], "scored": [0, 0], "won": [0, 0]}
        assert m["calls"] == _calls_by_hand(m, words)
    assert sum(sum(c["made"]) for m in data["matches"] for c in m["calls"] if c["word"] == "pass") > 0
    table = {(c["bot"], c["word"]): c for c in data["calls"]}
    assert len(table) == 2 * len(words)
    for (bot, word), c in table.items():
        mine = [(m, m["pair"].index(bot)) for m in data["matches"]]
        assert c["made"] == sum(m["calls"][words.index(word)]["made"][side] for m, side in mine) >= 0
        assert c["won"] == sum(m["calls"][words.index(word)]["won"][side] for m, side in mine)
        assert c["scored"] == sum(m["calls"][words.index(word)]["scored"][side] for m, side in mine)
        assert c["matches"] == 2
        if c["scored"]:
            assert c["won_rate"] == c["won"] / c["scored"]
            assert c["ci95"] == list(wilson_interval(c["won"], c["scored"]))
        else:
            assert c["won_rate"] is None and c["ci95"] == [0.0, 1.0]
    assert table[("heuristic", "trip")]["made"] == 0


def test_count_words_match_the_notation_a_word_or_its_first_words():
    state = make("thunee").new(seed=1)
    seat = state.current_player
    state.apply("pass")
    assert core.count_calls(state, ["PASS", "pa", "jodi"]) == [(0, seat, 1)]   # any case; a whole word only
    assert core.count_words([" blind   thunee ", "jodi"]) == ("blind thunee", "jodi")
    for bad in (["thunee", " "], ["jodi", "JODI"]):
        with pytest.raises(ValueError):
            core.count_words(bad)


def test_count_outputs(cli, tmp_path):
    path = tmp_path / "calls.csv"
    run = cli(["tournament", "thunee", "--bots", "heuristic,random", "--matches", "1", "--workers", "1", "--quiet",
               "--count", "jodi,blind thunee", "--csv", str(path)])
    assert run.rc == 0, run.err
    assert "Calls: made, and hands won after them (of those scored), 95% Wilson intervals" in run.out
    assert "blind thunee" in run.out and "hands won after it" in run.out
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = [dict(zip(header, row)) for row in reader]
    from gamenight.cli.tournament import CSV_FIELDS
    assert header == [*CSV_FIELDS, "mode", *(f"{what}_{side}:{word}" for word in ("jodi", "blind thunee")
                                             for what in ("made", "scored", "won") for side in "ab")]
    assert len(rows) == 2 and {r["mode"] for r in rows} == {"pairs"}
    assert all(int(r["won_a:jodi"]) <= int(r["made_a:jodi"]) for r in rows)
    data = json.loads(cli(["tournament", "thunee", "--bots", "heuristic,random", "--matches", "1", "--workers", "1",
                           "--count", "jodi,blind thunee", "--json", "-"]).out)
    assert [(c["bot"], c["word"]) for c in data["calls"]] == [
        ("heuristic", "jodi"), ("heuristic", "blind thunee"), ("random", "jodi"), ("random", "blind thunee")]


def test_a_call_in_a_deal_dealt_again_is_made_but_not_scored():
    """A Thunee redeal voids the deal, which writes no score sheet row: the redeal has no hand to win, and the
    calls of the next deal are matched to that deal's own row (by its number, not by the rows before them)."""
    spec = core.GameSpec.of(make("thunee"))
    job = core.Job(0, spec, ("heuristic", "random"), 4, 0, ("heuristic",) * 4, count=("redeal", "jodi"))
    result = core.play_job(job)
    redeal, jodi = result["calls"]
    assert redeal == {"word": "redeal", "made": [1, 0], "scored": [0, 0], "won": [0, 0]}
    assert jodi["made"][0] == jodi["scored"][0] > 0 and jodi["made"][1] == 0
    assert result["calls"] == core.play_job(job)["calls"]
