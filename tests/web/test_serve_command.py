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


def test_serve_says_clearly_when_the_postgresql_server_does_not_answer(monkeypatch):
    from web_helpers import free_port
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    code, _, err = run(["serve", "--db", f"postgresql://nobody@127.0.0.1:{free_port()}/none"])
    assert code == 2 and "could not open the PostgreSQL database" in err


def test_serve_workers_start_one_app_per_process_from_the_settings(monkeypatch, postgres_url):
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    monkeypatch.setenv("GAMENIGHT_SERVE", "{}")    # the command sets it; the test's end takes it away again
    code, _, err = run(["serve", "--db", postgres_url, "--workers", "3", "--bot-delay", "0.2"])
    assert code == 0, err
    app, options = calls[0]
    assert app == "gamenight.web.app:app_from_environment" and options["factory"] and options["workers"] == 3
    from gamenight.web.app import app_from_environment
    made = app_from_environment()        # what each worker process does
    assert made.state.manager.bot_delay == 0.2 and made.state.manager.coordinator is not None
    made.state.manager.close()
    code, _, err = run(["serve", "--db", postgres_url, "--workers", "0"])
    assert code == 2 and "--workers must be 1..64" in err
