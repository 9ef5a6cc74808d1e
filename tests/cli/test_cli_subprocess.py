"""The installed ``gamenight`` command: errors are one line on stderr, exit 2, never a traceback."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMAND = ROOT / ".venv" / "bin" / "gamenight"

@pytest.fixture(autouse=True)
def installed_command():
    """`make test` installs the `gamenight` command in .venv: a missing one fails these tests, never skips them."""
    if not COMMAND.exists():
        pytest.fail(f"{COMMAND} is missing: `make test` installs the package (pip install -e) into .venv")


def _run(*argv, stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([str(COMMAND), *argv], input=stdin, capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT)


@pytest.mark.parametrize("argv", [
    ("play", "chess"),
    ("play", "yaniv", "--set", "yaniv_limit=lots"),
    ("play", "yaniv", "--players", "12"),
    ("simulate", "yaniv", "--games", "-3"),
    ("rules", "nope"),
    ("replay", "/no/such/record.json"),
    ("frobnicate",),
    ("play", "yaniv", "--bogus-flag"),
])
def test_errors_are_one_line_exit_2(argv):
    done = _run(*argv)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gamenight: error: ")
    assert done.stdout == ""


def test_corrupt_record_is_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "yaniv", "players": 2, "seed": 1, "actions": ["yaniv"]}))
    done = _run("replay", str(bad))
    assert done.returncode == 2 and "record step 1 (yaniv)" in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_piped_play_uses_defaults_and_reads_moves_from_stdin(tmp_path):
    record = tmp_path / "r.json"
    done = _run("play", "yaniv", "--players", "2", "--bots", "random", "--seed", "6", "--record", str(record),
                stdin="1\n1\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "seat 0 (you):" in done.stdout and "Number of players" not in done.stdout
    assert len(json.loads(record.read_text())["actions"]) >= 2
    replayed = _run("replay", str(record))
    assert replayed.returncode == 0 and "Replay consistent" in replayed.stdout


def test_ctrl_c_exits_130_quietly():
    # the game starts with Ctrl-C's default handling, as from a terminal: a test run started in the background
    # (CI scripts often are) inherits SIGINT ignored, and Python keeps it ignored in the child
    proc = subprocess.Popen([str(COMMAND), "play", "yaniv", "--no-prompt", "--seed", "1"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        seen = ""
        while not seen.endswith("Your move> "):   # the game is waiting for the person's input (no sleep: the
            char = proc.stdout.read(1)            # prompt itself says so)
            assert char, f"the game ended before asking for a move: {seen[-500:]!r}"
            seen += char
        proc.send_signal(signal.SIGINT)
        # stdin stays open until the game has exited: closing it (communicate) would race the signal with an
        # end of input, which the game rightly takes as "quit" (exit 0)
        proc.wait(timeout=30)
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert "Traceback" not in err


def test_the_engine_does_not_import_the_cli():
    code = ("import sys, gamenight; g = gamenight.make('yaniv'); s = g.new(seed=1); gamenight.games(); "
            "print([m for m in sys.modules if m.startswith('gamenight.cli') or m == 'rich'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert done.stdout.strip() == "[]", done.stderr
