"""``gamenight simulate``: per-seat wins with Wilson intervals, mean scores, speed; JSON output."""
from __future__ import annotations

import io
import json
import math

import pytest
from rich.console import Console

from gamenight.cli.console import PlainConsole
from gamenight.cli.main import main
from gamenight.cli.simulate import wilson_interval


def _json(run) -> dict:
    assert run.rc == 0, run.err
    return json.loads(run.out)


def test_json_figures_are_sane(cli):
    data = _json(cli(["simulate", "yaniv", "--games", "12", "--players", "3", "--bots", "random",
                      "--seed", "5", "--set", "elimination_limit=60", "--json"]))
    assert data["game"] == "yaniv" and data["players"] == 3 and data["games"] == 12 and data["seed"] == 5
    assert data["rules"]["elimination_limit"] == 60
    seats = data["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2] and {s["bot"] for s in seats} == {"random"}
    assert math.isclose(sum(s["wins"] for s in seats), 12)
    for s in seats:
        lo, hi = s["ci95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1
        assert math.isclose(s["win_rate"], s["wins"] / 12)
        assert s["mean_score"] >= 0
    assert data["hands"] >= 12
    assert data["games_per_second"] > 0 and data["hands_per_second"] >= data["games_per_second"]
    assert data["seconds"] > 0


def test_same_seed_same_results(cli):
    argv = ["simulate", "yaniv", "--games", "6", "--players", "2", "--bots", "random", "--seed", "9",
            "--rules", "single_round", "--json"]
    a, b = _json(cli(argv)), _json(cli(argv))
    assert a["seats"] == b["seats"] and a["hands"] == b["hands"] == 6


def test_one_bot_per_seat(cli):
    data = _json(cli(["simulate", "yaniv", "--games", "2", "--players", "2", "--bots", "heuristic,random",
                      "--rules", "single_round", "--json"]))
    assert [s["bot"] for s in data["seats"]] == ["heuristic", "random"]


def test_table_output_and_progress_bar_on_stderr_only(cli):
    run = cli(["simulate", "yaniv", "--games", "4", "--players", "2", "--bots", "random", "--rules",
               "single_round"])
    assert run.rc == 0
    assert "95% interval" in run.out and "win rate" in run.out and "mean score" in run.out
    assert "games/s" in run.out and "hands/s" in run.out
    assert "4 hands" in run.out


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--bots", "random,random,random"], "--bots needs one bot or 4"),
    (["--bots", "minimax"], "unknown bot 'minimax'"),
    (["--players", "1"], "Yaniv is for 2 to 8 players"),
])
def test_bad_options(cli, argv, message):
    run = cli(["simulate", "yaniv", *argv, "--json"])
    assert run.rc == 2 and message in run.err and run.err.count("\n") == 1 and run.out == ""


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(0, 10)
    assert lo == 0 and math.isclose(hi, 0.2775, abs_tol=1e-4)
    lo, hi = wilson_interval(5, 10)
    assert math.isclose(lo, 0.2366, abs_tol=1e-4) and math.isclose(hi, 0.7634, abs_tol=1e-4)
    lo, hi = wilson_interval(81, 263)  # Wilson (1927)-style textbook example: p = 0.308
    assert math.isclose(lo, 0.2553, abs_tol=1e-3) and math.isclose(hi, 0.3662, abs_tol=1e-3)
    assert wilson_interval(2.5, 5)[0] < 0.5 < wilson_interval(2.5, 5)[1]  # shared wins are fractional


def test_bench_passes_through_to_the_benchmark(cli, capsys):
    pytest.importorskip("gamenight.benchmark")
    run = cli(["bench", "yaniv", "--seconds", "0.02"])
    assert run.rc == 0, run.err
    data = json.loads(capsys.readouterr().out)
    assert "yaniv" in data["games"]
    bad = cli(["bench", "chess"])
    assert bad.rc == 2 and "unknown game 'chess'" in bad.err


def test_a_plain_console_for_errors_gets_no_progress_bar():
    """``main`` with a Rich console for the output and a PlainConsole for errors: the table, and no progress bar
    (Rich's bar cannot draw on a PlainConsole)."""
    out, err = io.StringIO(), io.StringIO()
    rc = main(["simulate", "yaniv", "--games", "2", "--players", "2", "--bots", "random", "--rules", "single_round"],
              console=Console(file=out, width=120, color_system=None), err_console=PlainConsole(err))
    assert rc == 0, err.getvalue()
    assert "win rate" in out.getvalue() and err.getvalue() == ""
