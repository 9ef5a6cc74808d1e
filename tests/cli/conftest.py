"""Helpers for driving ``gamenight.cli.main.main`` in-process with scripted input."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from gamenight.cli.main import main


class Run:
    def __init__(self, rc: int, out: str, err: str, prompts: list[str]):
        self.rc, self.out, self.err, self.prompts = rc, out, err, prompts


def _console(buffer: io.StringIO, width: int = 120) -> Console:
    return Console(file=buffer, width=width, highlight=False, color_system=None)


@pytest.fixture
def cli():
    """``cli(argv, answers)`` runs the command line; ``answers`` is a list of lines or a function of the prompt."""
    def run(argv, answers=(), width=120):
        out, err = io.StringIO(), io.StringIO()
        prompts: list[str] = []
        if callable(answers):
            source = answers
        else:
            queue = list(answers)

            def source(prompt):
                if not queue:
                    raise EOFError
                return queue.pop(0)

        def input_fn(prompt):
            prompts.append(prompt)
            return source(prompt)

        rc = main(list(argv), input_fn=input_fn, console=_console(out, width), err_console=_console(err, width))
        return Run(rc, out.getvalue(), err.getvalue(), prompts)
    return run
