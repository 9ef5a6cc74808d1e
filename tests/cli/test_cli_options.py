"""Each command's typed options (cli.arguments) are exactly what its parser gives: a new flag needs its field."""
from __future__ import annotations

from dataclasses import fields

import pytest

from gamenight.cli.arguments import (
    BenchOptions,
    Options,
    PlayOptions,
    ReplayOptions,
    ReviewOptions,
    RulesOptions,
    ServeOptions,
    SimulateOptions,
    TournamentOptions,
)
from gamenight.cli.main import build_parser


@pytest.mark.parametrize("argv, options", [
    (["play", "yaniv"], PlayOptions),
    (["simulate", "yaniv"], SimulateOptions),
    (["tournament", "yaniv", "--bots", "random,heuristic"], TournamentOptions),
    (["rules"], RulesOptions),
    (["replay", "game.json"], ReplayOptions),
    (["review", "game.json"], ReviewOptions),
    (["serve"], ServeOptions),
    (["bench"], BenchOptions),
])
def test_each_commands_options_are_the_flags_its_parser_has(argv, options):
    args = build_parser().parse_args(argv)
    given = set(vars(args)) - {"command"}
    typed = {field.name for field in fields(options)}
    assert given | {"lang"} == typed   # --lang where the command has it; the others speak the environment's
    read = options.of(args)
    assert all(getattr(read, name) == value for name, value in vars(args).items() if name != "command")


def test_the_language_is_the_flags_else_the_environments(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    assert Options.of(build_parser().parse_args(["rules", "--lang", "ja"])).language() == "ja"
    assert Options.of(build_parser().parse_args(["rules"])).language() == "fr"
    assert Options.of(build_parser().parse_args(["simulate", "yaniv"])).language() == "fr"
