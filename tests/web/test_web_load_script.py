"""The load benchmark (`make bench`) still runs: a tiny run of each mode against a real `gamenight serve`
finishes with actions measured and no errors (its figures are the benchmark's business, never asserted here)."""
import random

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


@pytest.mark.slow
def test_web_load_with_reactions_runs_clean_beside_a_run_without(capsys):
    """--reactions 0,0.5: a run without reactions, then one where each person sends one every 2 s (the server's
    limit): none refused, each accepted one heard by the person and the spectator, and the same table printed."""
    web_load = load_benchmark("web_load")
    without, reacting = in_own_thread(lambda: web_load.main(["--mode", "bots", "--tables", "3", "--seconds", "3",
                                                             "--think", "0.02", "--bot-delay", "0.05",
                                                             "--reactions", "0,0.5"]))
    assert "reactions" not in without
    for result in (without, reacting):
        assert result["client_failures"] == 0, result["first_failure"]
        assert result["error_messages"] == 0, result["first_error_message"]
        assert result["actions"] > 0 and result["latencies_measured"] > 0
    reactions = reacting["reactions"]
    assert reactions["rate_per_person"] == 0.5 and reactions["people_reacting"] == 3
    assert reactions["sent"] > 0 and reactions["accepted"] > 0 and reactions["refused"] == 0
    assert reactions["delivered"] >= reactions["accepted"]
    assert reactions["delivery_ms"]["p50"] is not None
    assert "| reactions a person/s |" in capsys.readouterr().out


def test_a_reacting_client_keeps_to_its_rate_from_a_random_start():
    web_load = load_benchmark("web_load")
    reactor = web_load.Reactor(0.5, random.Random(1), now=100.0)
    first = reactor.next_at
    assert 100.0 <= first < 102.0 and reactor.wait(100.0) == first - 100.0
    assert reactor.due(first - 0.01, measuring=True) is None
    sent = [t for t in (first + i * 0.25 for i in range(40)) if reactor.due(t, measuring=True)]
    assert [round(t - first, 2) for t in sent] == [0.0, 2.0, 4.0, 6.0, 8.0]   # one every 2 s, on time
    assert reactor.due(first + 8.25, measuring=False) is None and reactor.wait(first + 9.0) == 1.0


def test_a_held_up_client_starts_its_rhythm_again_rather_than_send_a_burst():
    web_load = load_benchmark("web_load")
    reactor = web_load.Reactor(0.5, random.Random(1), now=0.0)
    late = reactor.next_at + 7.0                              # held up for three periods and a half
    assert reactor.due(late, measuring=True) in web_load.REACTIONS
    assert reactor.due(late, measuring=True) is None and reactor.wait(late) == 2.0


def test_a_reacting_client_tells_its_refusals_from_other_errors_and_answers_in_order():
    web_load = load_benchmark("web_load")
    reactor = web_load.Reactor(0.5, random.Random(1), now=0.0)
    refusal = {"type": "error", "error": "too many reactions: wait a moment", "status": 429}
    assert not reactor.refused(refusal)                       # nothing sent: not a refusal of this client's
    reactor.due(reactor.next_at, measuring=False)
    reactor.due(reactor.next_at, measuring=True)
    assert not reactor.refused({"type": "error", "error": "stale version 3", "status": 409})
    assert reactor.refused(refusal)
    assert reactor.answered()[1] is False and reactor.answered()[1] is True
    assert not reactor.refused(refusal)
