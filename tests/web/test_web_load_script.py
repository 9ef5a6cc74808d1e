"""The load benchmark (`make bench`) still runs: a tiny run of each mode against a real `gamenight serve`
finishes with actions measured and no errors (its figures are the benchmark's business, never asserted here)."""
import importlib.util
import pathlib

import pytest

pytest.importorskip("websockets")
SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


def test_web_load_both_modes_run_clean(capsys):
    spec = importlib.util.spec_from_file_location("web_load", SCRIPT)
    web_load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(web_load)
    people, bots = web_load.main(["--tables", "3", "--seconds", "1.5", "--think", "0.02", "--bot-delay", "0.05"])
    for result in (people, bots):
        assert result["client_failures"] == 0, result["first_failure"]
        assert result["error_messages"] == 0
        assert result["actions"] > 0 and result["latencies_measured"] > 0
    # YESSIR! and Thunee are 4 players by default: 4 people a table, or 1 person and a spectator
    assert people["clients"] == 3 * 4 and bots["clients"] == 3 * 2
    assert bots["bot_moves_measured"] > 0
    assert '"benchmark": "web_load (bots)"' in capsys.readouterr().out
