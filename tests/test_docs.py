"""The examples in docstrings and in the README run as written."""
import doctest
import importlib
import pathlib
import re
import runpy

import pytest

MODULES = ["gamenight", "gamenight.core.rng", "gamenight.core.cards"]
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
