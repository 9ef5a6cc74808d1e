"""``gamenight review FILE`` (the expert's review of a record written by ``gamenight play --record``) and the
``hint`` command of ``gamenight play`` (the expert's best moves from the person's view; off with --no-hints)."""
from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

import gamenight
from gamenight.bots.review import horizon
from gamenight.bots.search import SearchBot
from gamenight.cli.console import PlainConsole
from gamenight.cli.main import main
from gamenight.cli.review import BLOCKS
from gamenight.core.game import State

GIN = ["gin_rummy", "--no-prompt", "--seed", "3", "--set", "single_hand=true"]
YESSIR = ["yessir", "--no-prompt", "--players", "2", "--seed", "4", "--set", "rounds_to_win=1"]


@pytest.fixture(scope="module")
def yessir_file(tmp_path_factory):
    """A whole YESSIR! match (one round) played in the terminal, its record written by --record."""
    path = tmp_path_factory.mktemp("review") / "yessir.json"
    out = io.StringIO()
    answers = iter(["1"] * 500)
    rc = main(["play", *YESSIR, "--record", str(path)], input_fn=lambda prompt: next(answers),
              console=PlainConsole(out), err_console=PlainConsole(io.StringIO()))
    assert rc == 0, out.getvalue()
    assert gamenight.replay(json.loads(path.read_text())).is_over
    return path


def test_review_prints_each_decision_a_summary_and_a_chart(cli, yessir_file):
    run = cli(["review", str(yessir_file), "--iterations", "4"])
    assert run.rc == 0, run.err
    report = json.loads(cli(["review", str(yessir_file), "--iterations", "4", "--json"]).out)
    assert report["decisions"]
    out = run.out
    assert "YESSIR!, seed 4: the expert's review, 4 rollouts a decision." in out
    for header in ("move", "hand", "seat", "played", "best move", "verdict", "win chance"):
        assert header in out
    for d in report["decisions"]:
        assert any(line.split()[:3] == [str(d["index"] + 1), str(d["hand"]), str(d["seat"])]
                   for line in out.splitlines())
    scope = horizon(gamenight.make("yessir", players=2))   # what the game's search plays its rollouts to
    assert f"chance to win the {scope} after the move played" in out
    for s in report["summary"]:
        assert f"Seat {s['seat']}: " in out and f"accuracy {s['accuracy']:.1f}%" in out
    chart = [line for line in out.splitlines() if line.startswith("seat ")]
    assert len(chart) == 2 and all(set(line.split()[-1]) <= set(BLOCKS) | {"│"} for line in chart)
    assert "One mark a move reviewed" in out


def test_review_as_json_for_one_seat(cli, yessir_file):
    run = cli(["review", str(yessir_file), "--iterations", "4", "--seat", "1", "--json"])
    assert run.rc == 0, run.err
    report = json.loads(run.out)
    assert report["seats"] == [1] and report["iterations"] == 4
    assert report["horizon"] == horizon(gamenight.make("yessir", players=2))
    assert report["decisions"] and {d["seat"] for d in report["decisions"]} == {1}
    assert run.out == cli(["review", str(yessir_file), "--iterations", "4", "--seat", "1", "--json"]).out


def test_review_without_rich_prints_plain_text(yessir_file):
    out, err = io.StringIO(), io.StringIO()
    rc = main(["review", str(yessir_file), "--iterations", "2", "--seat", "0"], console=PlainConsole(out),
              err_console=PlainConsole(err))
    assert rc == 0, err.getvalue()
    assert "verdict" in out.getvalue() and "[bold]" not in out.getvalue() and "Seat 0: " in out.getvalue()


def test_review_speaks_the_language_asked(cli, yessir_file):
    run = cli(["review", str(yessir_file), "--iterations", "2", "--seat", "0", "--lang", "fr"])
    assert run.rc == 0, run.err
    assert "place 0" in run.out   # the chart's label, "seat {number}" in French


@pytest.mark.parametrize("argv, message", [
    (["--iterations", "0"], "--iterations must be at least 1"),
    (["--seat", "2"], "--seat must be between 0 and 1"),
])
def test_review_refuses_bad_options(cli, yessir_file, argv, message):
    run = cli(["review", str(yessir_file), *argv])
    assert run.rc == 2 and message in run.err


def test_review_refuses_what_is_not_a_record(cli, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "yessir"}))
    run = cli(["review", str(path)])
    assert run.rc == 2 and "not a game record" in run.err
    run = cli(["review", str(tmp_path / "missing.json")])
    assert run.rc == 2


def test_hint_shows_the_experts_top_moves_from_the_persons_view(cli, monkeypatch):
    seen = []
    evaluate = SearchBot.evaluate

    def watched(self, view, legal, rng, progress=None):
        assert isinstance(view, dict) and not isinstance(view, State)
        seen.append(view["seat"])
        return evaluate(self, view, legal, rng, progress)

    monkeypatch.setattr(SearchBot, "evaluate", watched)
    run = cli(["play", *GIN, "--hint-iterations", "6"], ["hint", "quit"])
    assert run.rc == 0, run.err
    line = next(line for line in run.out.splitlines() if "Hint: " in line)
    assert "% to win the hand)" in line
    assert seen and set(seen) == {0}   # the person's seat, from its view


def test_hint_says_what_the_chance_is_of(cli, monkeypatch):
    """The hand's chance, or the match's where the game's search plays to the match's end."""
    run = cli(["play", *YESSIR, "--hint-iterations", "4"], ["hint", "quit"])
    assert run.rc == 0, run.err
    assert f"% to win the {horizon(gamenight.make('yessir', players=2))})" in run.out
    monkeypatch.setattr("gamenight.cli.review.horizon", lambda game: "match")
    run = cli(["play", *YESSIR, "--hint-iterations", "4"], ["hint", "quit"])
    assert "% to win the match)" in run.out


def test_a_hint_changes_nothing_in_the_match(cli, tmp_path):
    """The hint's search has its own rng: the bots play the same moves whether the person asked or not."""
    plain, hinted = tmp_path / "plain.json", tmp_path / "hinted.json"
    assert cli(["play", *GIN, "--record", str(plain)], ["1"] * 200).rc == 0
    assert cli(["play", *GIN, "--record", str(hinted), "--hint-iterations", "4"], ["hint", *["1"] * 200]).rc == 0
    assert json.loads(plain.read_text())["actions"] == json.loads(hinted.read_text())["actions"]


def test_hints_are_refused_at_a_table_without_them(cli, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("no search when hints are off")

    monkeypatch.setattr(SearchBot, "evaluate", never)
    run = cli(["play", *GIN, "--no-hints"], ["hint", "help", "quit"])
    assert run.rc == 0, run.err
    assert "Hints are off at this table." in run.out and "Hint: " not in run.out
    assert "shows the expert's best moves" not in run.out   # help does not offer it


def test_help_offers_the_hint(cli):
    run = cli(["play", *GIN], ["help", "quit"])
    assert run.rc == 0 and "hint shows the expert's best moves for you now" in run.out


def test_hint_iterations_must_be_positive(cli):
    run = cli(["play", *GIN, "--hint-iterations", "0"])
    assert run.rc == 2 and "--hint-iterations must be at least 1" in run.err


def test_a_plain_console_plays_with_hints_and_draws_the_table():
    """``main`` given PlainConsoles (no colours wanted): ``play`` draws its panels as text, not as a Python repr, and
    a hint works (it took a Rich console's spinner before)."""
    out, err = io.StringIO(), io.StringIO()
    answers = iter(["hint", "quit"])
    rc = main(["play", *YESSIR, "--hint-iterations", "2"], input_fn=lambda prompt: next(answers),
              console=PlainConsole(out), err_console=PlainConsole(err))
    assert rc == 0, err.getvalue()
    assert "Hint: " in out.getvalue()
    assert "Your dice:" in out.getvalue() and "object at 0x" not in out.getvalue()


def test_review_with_a_plain_console_for_errors_prints_no_progress_bar(yessir_file):
    out, err = io.StringIO(), io.StringIO()
    rc = main(["review", str(yessir_file), "--iterations", "2", "--seat", "0"],
              console=Console(file=out, width=120, color_system=None), err_console=PlainConsole(err))
    assert rc == 0, err.getvalue()
    assert "Seat 0: " in out.getvalue() and err.getvalue() == ""
