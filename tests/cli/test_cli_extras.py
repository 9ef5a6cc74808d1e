"""Each subcommand works with only its own extra: ``serve`` with the web extra alone (no Rich), ``rules``,
``replay`` and ``simulate`` with no extra (plain text), ``play`` names the extra it needs; and the terminal
commands never import the web stack.

Each case runs the command line in a fresh interpreter whose import system refuses the missing packages."""
from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import gamenight

ROOT = Path(__file__).resolve().parents[2]

# argv[1]: comma list of top-level packages to refuse; argv[2:]: the gamenight command line
BOOT = """
import sys

class Refuse:
    def __init__(self, names):
        self.names = names

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {name!r} (refused by the test)", name=name)
        return None

refused = set(sys.argv[1].split(","))
sys.meta_path.insert(0, Refuse(refused))
from gamenight.cli.main import main
code = main(sys.argv[2:])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in refused)
assert not loaded, loaded
sys.exit(code)
"""
NO_RICH = "rich"
NO_WEB = "starlette,uvicorn,websockets"
MARKUP = ("[bold", "[/", "[dim", "[red", "[green", "[yellow", "[magenta")


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "120", "GAMENIGHT_DEBUG": ""}


def run_without(refused: str, *argv, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", BOOT, refused, *argv], input=stdin, capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT, env=_env())


def _plain(done: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    for tag in MARKUP:
        assert tag not in done.stdout, f"Rich markup {tag!r} printed as text"


def test_serve_help_needs_no_rich():
    done = run_without(NO_RICH, "serve", "--help")
    assert done.returncode == 0, done.stderr
    assert "usage: gamenight serve" in done.stdout and "--port" in done.stdout and "--db" in done.stdout
    top = run_without(NO_RICH, "--help")
    assert top.returncode == 0 and "serve" in top.stdout and "rules" in top.stdout


def test_serve_runs_without_rich(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = f"sqlite:///{tmp_path / 'g.db'}"
    proc = subprocess.Popen([sys.executable, "-c", BOOT, NO_RICH, "serve", "--port", str(port), "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=_env())
    try:
        deadline = time.time() + 60
        body = None
        while time.time() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as response:
                    body = json.loads(response.read())
                break
            except OSError:
                time.sleep(0.3)
        assert body is not None, proc.stderr.read() if proc.poll() is not None else "the server never answered"
        assert "yaniv" in json.dumps(body)
    finally:
        if proc.poll() is None:
            proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err and "rich" not in err.lower(), err


def test_rules_without_rich_are_plain_text():
    done = run_without(NO_RICH, "rules")
    assert done.returncode == 0, done.stderr
    _plain(done)
    for name in gamenight.games():
        game = gamenight.make(name)
        assert name in done.stdout and game.title in done.stdout


@pytest.mark.parametrize("name", gamenight.games())
def test_rules_of_a_game_without_rich_are_plain_text(name):
    done = run_without(NO_RICH, "rules", name)
    assert done.returncode == 0, done.stderr
    _plain(done)
    rules_cls = gamenight.make(name).RULES
    for entry in rules_cls.describe():
        assert entry["name"] in done.stdout
        assert " ".join(entry["meaning"].split()[:4]) in " ".join(done.stdout.split())
    for preset in rules_cls.PRESETS:
        assert preset in done.stdout
    assert "Change an option with --set option=value" in done.stdout


def test_replay_without_rich_is_plain_text(tmp_path):
    game = gamenight.make("yaniv", players=2, elimination_limit=30)
    state = game.new(seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    record["result"] = {"scores": state.scores, "winners": state.winners}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    done = run_without(NO_RICH, "replay", str(path))
    assert done.returncode == 0, done.stderr
    _plain(done)
    assert "Replay consistent with the recorded result" in done.stdout
    assert "Round 1 over." in done.stdout and "Match over" in done.stdout


def test_simulate_without_rich_is_plain_text():
    done = run_without(NO_RICH, "simulate", "yessir", "--games", "3", "--players", "2", "--bots", "random")
    assert done.returncode == 0, done.stderr
    _plain(done)
    assert "win rate" in done.stdout and "95% interval" in done.stdout and "games/s" in done.stdout
    as_json = run_without(NO_RICH, "simulate", "yessir", "--games", "3", "--json")
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout)["games"] == 3


def test_play_without_rich_names_the_extra():
    done = run_without(NO_RICH, "play", "yaniv", "--no-prompt", "--seed", "1", stdin="1\nquit\n")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gamenight: error: ")
    assert "pip install 'gamenight[cli]'" in lines[0]


def test_errors_without_rich_are_one_line():
    done = run_without(NO_RICH, "rules", "chess")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("gamenight: error: ") and len(done.stderr.splitlines()) == 1


def test_web_modules_do_not_import_rich():
    code = ("import sys, pkgutil, importlib, gamenight.web as web\n"
            "for m in pkgutil.iter_modules(web.__path__): importlib.import_module('gamenight.web.' + m.name)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'rich' or m.startswith('gamenight.cli')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env=_env())
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_terminal_commands_work_without_the_web_stack(tmp_path):
    done = run_without(NO_WEB, "rules")
    assert done.returncode == 0 and "yaniv" in done.stdout, done.stderr
    done = run_without(NO_WEB, "rules", "thunee")
    assert done.returncode == 0 and "Presets" in done.stdout, done.stderr
    record = tmp_path / "p.json"
    done = run_without(NO_WEB, "play", "yaniv", "--players", "2", "--bots", "random", "--seed", "6",
                       "--record", str(record), stdin="1\n1\n1\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "seat 0 (you):" in done.stdout and "Traceback" not in done.stderr
    assert json.loads(record.read_text())["actions"]
    served = run_without(NO_WEB, "serve", "--port", "8765")
    assert served.returncode == 2 and "pip install 'gamenight[web]'" in served.stderr
    assert len(served.stderr.splitlines()) == 1
