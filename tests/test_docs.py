"""The examples in docstrings and in the README run as written; each game's option table in docs/games says what
the code allows."""
import doctest
import importlib
import pathlib
import re
import runpy

import pytest

MODULES = ["gamenight", "gamenight.core.rng", "gamenight.core.cards", "gamenight.core.text", "gamenight.core.errors",
           "gamenight.core.guide", "gamenight.i18n", "gamenight.bots.search",
           "gamenight.bots.review", "gamenight.core.encoding", "gamenight.rl.observations",
           "gamenight.gin_rummy.inference", "gamenight.yaniv.inference", "gamenight.yaniv.described",
           "gamenight.gin_rummy.described", "gamenight.thunee.described", "gamenight.yessir.described",
           "gamenight.core.coach", "gamenight.yaniv.coach", "gamenight.gin_rummy.coach", "gamenight.thunee.coach",
           "gamenight.yessir.coach", "gamenight.bots.styles", "gamenight.yessir.value", "gamenight.thunee.value",
           "gamenight.tournament"]
ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_readme_python_example_runs(tmp_path):
    readme = (ROOT / "README.md").read_text()
    code = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    script = tmp_path / "example.py"
    script.write_text(code)
    runpy.run_path(str(script))


OPTION_ROW = re.compile(r"^\| `([a-z_0-9]+)` \| .*? \| `(.*?)` \| (.*?) \| (.*) \|$")


@pytest.mark.parametrize("name", ["gin_rummy", "thunee", "yaniv", "yessir"])
def test_each_games_option_table_lists_every_option_with_its_default_and_allowed_values(name):
    """docs/games/<game>.md has one row per option, and its default and allowed values (the ranges the
    options are bounded to) are the code's."""
    from gamenight.core.registry import game_class

    rows = {}
    for line in (ROOT / "docs" / "games" / f"{name}.md").read_text().splitlines():
        m = OPTION_ROW.match(line)
        if m:
            rows[m.group(1)] = {"default": m.group(2), "allowed": m.group(3)}
    described = {e["name"]: {"default": e["default"], "allowed": e["allowed"]}
                 for e in game_class(name).RULES.describe()}
    assert rows == described
