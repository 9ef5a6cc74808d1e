"""``gamenight serve`` options for memory and limits reach the app; ``--ws-deflate`` reaches uvicorn."""
import pytest
import uvicorn
from test_serve_command import run

from gamenight.cli.main import build_parser


def serve(monkeypatch, tmp_path, *options):
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    code, _, err = run(["serve", "--db", f"sqlite:///{tmp_path / 't.db'}", *options])
    assert code == 0, err
    return calls[0]


def test_websocket_compression_is_on_by_default_and_may_be_turned_off(monkeypatch, tmp_path):
    assert serve(monkeypatch, tmp_path)[1]["ws_per_message_deflate"] is True
    assert serve(monkeypatch, tmp_path, "--no-ws-deflate")[1]["ws_per_message_deflate"] is False
    assert serve(monkeypatch, tmp_path, "--ws-deflate")[1]["ws_per_message_deflate"] is True


def test_memory_and_limit_defaults_and_options_reach_the_tables(monkeypatch, tmp_path):
    manager = serve(monkeypatch, tmp_path)[0].state.manager
    assert (manager.keep_finished, manager.max_tables, manager.max_creates_per_minute,
            manager.max_sockets_per_ip) == (30 * 60, 2000, 30, 64)
    manager = serve(monkeypatch, tmp_path, "--keep-finished", "0.5", "--max-tables", "7",
                    "--max-creates-per-minute", "3", "--max-sockets-per-ip", "2")[0].state.manager
    assert (manager.keep_finished, manager.max_tables, manager.max_creates_per_minute,
            manager.max_sockets_per_ip) == (30, 7, 3, 2)
    assert serve(monkeypatch, tmp_path, "--keep-finished", "0")[0].state.manager.keep_finished == 0


def test_bad_values_are_one_line_errors(monkeypatch):
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    for option, bad in (("--keep-finished", "-1"), ("--keep-finished", "nan"), ("--max-tables", "0"),
                        ("--max-creates-per-minute", "-3"), ("--max-sockets-per-ip", "0"), ("--max-tables", "x")):
        code, _, err = run(["serve", option, bad])
        assert code == 2 and option in err and len(err.strip().splitlines()) == 1, (option, bad, err)


def test_help_shows_every_option_with_its_default(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split("options:", 1)[1].split())
    for option, default in (("--keep-finished MINUTES", "default 30"), ("--max-tables N", "default 2000"),
                            ("--max-creates-per-minute N", "default 30"), ("--max-sockets-per-ip N", "default 64"),
                            ("--ws-deflate, --no-ws-deflate", "default on"), ("--bot-delay SECONDS", "default 0.7")):
        assert option in text, option
        assert default in text.split(option, 1)[1].split(" --", 1)[0], (option, default)


def test_test_seed_is_off_unless_asked_for_and_then_warns(monkeypatch, tmp_path, capsys):
    app, _ = serve(monkeypatch, tmp_path)
    assert app.state.manager.test_seed is None
    app, _ = serve(monkeypatch, tmp_path, "--test-seed", "3")
    assert app.state.manager.test_seed == 3
    code, _, err = run(["serve", "--db", f"sqlite:///{tmp_path / 't.db'}", "--test-seed", "-1"])
    assert code == 2 and "--test-seed" in err


def test_the_message_rate_and_the_allowed_origins_reach_the_app(monkeypatch, tmp_path):
    app = serve(monkeypatch, tmp_path)[0]
    assert app.state.manager.max_messages_per_second == 10
    assert list(app.state.allowed_origins) == []
    app = serve(monkeypatch, tmp_path, "--max-messages-per-second", "2.5", "--allow-origin", "https://Play.example.org/",
                "--allow-origin", "http://localhost:3000")[0]
    assert app.state.manager.max_messages_per_second == 2.5
    assert list(app.state.allowed_origins) == ["https://play.example.org",
                                                                       "http://localhost:3000"]
    for option, bad in (("--max-messages-per-second", "0"), ("--max-messages-per-second", "nan"),
                        ("--allow-origin", "evil.example"), ("--allow-origin", "https://x.org/page")):
        code, _, err = run(["serve", "--db", f"sqlite:///{tmp_path / 't.db'}", option, bad])
        assert code == 2 and option in err and len(err.strip().splitlines()) == 1, (option, bad, err)
