"""The load benchmark (`make bench`) still runs: a tiny run of each mode against a real `gamenight serve`
finishes with actions measured and no errors (its figures are the benchmark's business, never asserted here)."""
import pytest
from web_helpers import in_own_thread

from benchmark_scripts import load_benchmark

pytest.importorskip("websockets")


@pytest.mark.slow
def test_web_load_both_modes_run_clean(capsys):
    web_load = load_benchmark("web_load")
    people, bots = in_own_thread(lambda: web_load.main(["--tables", "3", "--seconds", "1.5", "--think", "0.02",
                                                         "--bot-delay", "0.05"]))
    for result in (people, bots):
        assert result["client_failures"] == 0, result["first_failure"]
        assert result["error_messages"] == 0
        assert result["actions"] > 0 and result["latencies_measured"] > 0
    # YESSIR! and Thunee are 4 players by default: 4 people a table, or 1 person and a spectator
    assert people["clients"] == 3 * 4 and bots["clients"] == 3 * 2
    assert bots["bot_moves_measured"] > 0
    assert '"benchmark": "web_load (bots)"' in capsys.readouterr().out


def test_web_load_two_servers_on_postgresql_run_clean(postgres_cluster):
    """Two `gamenight serve` processes on one PostgreSQL database (the session's test cluster), the tables made at
    each in turn and the clients spread over both: every action and bot move arrives, and nothing is refused."""
    web_load = load_benchmark("web_load")
    [result] = in_own_thread(lambda: web_load.main(["--db", "postgresql", "--servers", "2", "--mode", "bots",
                                                    "--tables", "4", "--seconds", "2", "--think", "0.02",
                                                    "--bot-delay", "0.05"], cluster=postgres_cluster))
    assert result["client_failures"] == 0, result["first_failure"]
    assert result["error_messages"] == 0, result["first_error_message"]
    assert result["db"] == "postgresql" and result["servers"] == 2
    assert result["actions"] > 0 and result["latencies_measured"] > 0 and result["bot_moves_measured"] > 0
    assert result["tables_taken_over"] == 0
    first, second = result["per_server"]
    assert first["port"] != second["port"] and first["test_seed"] != second["test_seed"]
    for server in (first, second):   # both servers made (and play) tables, and both had clients
        assert server["tables_made"] >= 2 and server["clients_connected"] > 0
        assert server["tables_played_at_end"] is not None   # it holds the leases of the tables it made
        assert server["log"]["tracebacks"] == 0, server["log"]["most_frequent"]
        assert server["cores_busy"] is not None
