"""``gamenight serve``: arguments reach uvicorn; bad ones are one-line errors."""
import io

import uvicorn
from rich.console import Console

from gamenight.cli.main import main


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, console=Console(file=out, width=200), err_console=Console(file=err, width=200))
    return code, out.getvalue(), err.getvalue()


def test_serve_starts_uvicorn_with_host_port_and_database(monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, host, port, **kw: calls.append((app, host, port)))
    db = tmp_path / "t.db"
    code, _, err = run(["serve", "--host", "0.0.0.0", "--port", "8123", "--db", f"sqlite:///{db}"])
    assert code == 0, err
    app, host, port = calls[0]
    assert (host, port) == ("0.0.0.0", 8123) and db.exists()
    assert app.state.manager.tables == {}


def test_serve_refuses_bad_port_and_database(monkeypatch):
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    code, _, err = run(["serve", "--port", "0"])
    assert code == 2 and "port" in err
    code, _, err = run(["serve", "--db", "mysql://somewhere/db"])
    assert code == 2 and "unsupported database URL" in err


def test_serve_paces_bots_by_default_and_takes_bot_delay(monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(app))
    db = f"sqlite:///{tmp_path / 't.db'}"
    assert run(["serve", "--db", db])[0] == 0
    assert calls[-1].state.manager.bot_delay == 0.7
    assert run(["serve", "--db", db, "--bot-delay", "0"])[0] == 0
    assert calls[-1].state.manager.bot_delay == 0
    assert run(["serve", "--db", db, "--bot-delay", "0.05"])[0] == 0
    assert calls[-1].state.manager.bot_delay == 0.05
    for bad in ("-1", "nan", "100"):
        code, _, err = run(["serve", "--db", db, "--bot-delay", bad])
        assert code == 2 and "--bot-delay" in err
