"""The engine never imports the web package; the web package uses only the engine's public contract."""
import logging
import pathlib
import re
import subprocess
import sys

import gamenight

WEB = pathlib.Path(gamenight.__file__).parent / "web"


def test_the_engine_does_not_import_the_web_package():
    code = ("import sys, gamenight\n"
            "for name in gamenight.games():\n"
            "    s = gamenight.make(name).new(seed=1); s.apply(s.legal_actions()[0])\n"
            "    gamenight.make_bot('random', s.game)\n"
            "print(any(m.startswith(('gamenight.web', 'starlette', 'uvicorn')) for m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_web_package_imports_only_the_public_engine():
    for path in WEB.glob("*.py"):
        text = path.read_text()
        assert not re.search(r"gamenight\.(core|yaniv|thunee|gin_rummy|yessir|bots|cli)\b", text), path
        assert not re.search(r"from \.\.", text), path


def test_a_broken_bot_does_not_stall_the_table_and_is_logged(client, monkeypatch, caplog):
    class Broken:
        def choose(self, view, legal, rng):
            raise RuntimeError("bot bug")
    monkeypatch.setattr(gamenight, "make_bot", lambda name, game: Broken())
    with caplog.at_level(logging.ERROR, logger="gamenight.web"):
        r = client.post("/api/tables", json={"game": "yessir", "players": 3, "seats": ["random"] * 3,
                                             "options": {"rounds_to_win": 1}})
    assert r.status_code == 201 and r.json()["is_over"]
    failures = [record for record in caplog.records if "failed; a random legal move stands in" in record.getMessage()]
    assert failures and "bot bug" in (failures[0].exc_text or "")
