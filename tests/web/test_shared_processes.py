"""Real `gamenight serve` processes on one PostgreSQL database: a match played through alternating processes, seen
live at another; a process killed (SIGKILL) mid-match, its table taken over by another with every acknowledged action
kept; `--workers N` on one port."""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from web_helpers import Rebuilding, free_port, http_json, serve, steady, stop_process

websockets_sync = pytest.importorskip("websockets.sync.client")
WAIT = 30   # seconds any one answer may take (a generous bound for a loaded machine, not a speed test)


def start(db: str, seed: int, log_path, *more: str) -> tuple[subprocess.Popen, int]:
    """A server on a free port (bots paced, so a kill can come mid-match); returns (process, port)."""
    port = free_port()
    return serve(port, log_path, "--db", db, "--bot-delay", "0.02", "--test-seed", str(seed), *more), port


def act(port, table_id, token, message) -> dict | None:
    """The person's last legal action at ``message``'s version, through the server on ``port``; its answer, or None
    if refused (the table moved on meanwhile)."""
    try:
        return http_json(port, f"/api/tables/{table_id}/actions",
                    {"action": message["legal_actions"][-1], "version": message["version"]}, token)
    except urllib.error.HTTPError as e:
        if e.code == 409:
            return None
        raise AssertionError(f"{e.code}: {e.read().decode()}") from None


def next_turn(ws, version: int) -> dict:
    """The socket's messages until one after ``version`` where the person is to move (or the match is over)."""
    while True:
        message = json.loads(ws.recv(timeout=WAIT))
        assert message["type"] == "state", message
        if message["version"] > version and (message["legal_actions"] or message["table"]["is_over"]):
            return message


@pytest.fixture
def servers(postgres_url, tmp_path):
    started = []

    def more(count: int, *options: str) -> list[int]:
        ports = []
        for _ in range(count):
            process, port = start(postgres_url, len(started) + 1, tmp_path / f"server{len(started)}.log", *options)
            started.append(process)
            ports.append(port)
        return ports
    more.processes = started
    yield more
    for process in started:
        stop_process(process)


def test_a_match_played_through_alternating_servers_is_seen_live_at_another(servers):
    ports = servers(3)
    body = {"game": "yaniv", "players": 2, "seats": [None, "heuristic"]}
    table_id = http_json(ports[0], "/api/tables", body)["table_id"]
    token = http_json(ports[1], f"/api/tables/{table_id}/join", {"seat": 0})["token"]   # joined at the second
    with Rebuilding(websockets_sync.connect(f"ws://127.0.0.1:{ports[2]}/ws/tables/{table_id}")) as ws:  # at the third
        ws.send(json.dumps({"type": "hello", "token": token}))
        message = json.loads(ws.recv(timeout=WAIT))
        if not message["legal_actions"]:
            message = next_turn(ws, message["version"])
        moves = 0
        while not message["table"]["is_over"] and moves < 12:
            port = ports[moves % 3]                     # each move through another server
            answer = act(port, table_id, token, message)
            assert answer is not None, "a move on the server's own fresh copy was refused"
            moves += 1
            # the third server's socket hears of the move made through another, then of the bot's (played by the
            # first, which made the table)
            message = next_turn(ws, message["version"])
    deadline = time.monotonic() + WAIT
    while True:   # every server says the same, seat and spectator alike
        seen = [http_json(port, f"/api/tables/{table_id}/state", token=token) for port in ports]
        watched = [http_json(port, f"/api/tables/{table_id}/state") for port in ports]
        # (the turn's clock ends when each server reckons from when it heard the last move: the same to within the
        # notices' delay, checked below, not to the tenth of a second)
        if all(steady(s) == steady(seen[0]) for s in seen) and all(steady(w) == steady(watched[0]) for w in watched):
            break
        assert time.monotonic() < deadline, "the servers did not agree"
        time.sleep(0.05)   # polling for the last notification to arrive, bounded by the deadline
    assert seen[0]["version"] >= message["version"]
    clocks = [state["table"]["turn_clock"] for state in seen + watched]
    if clocks[0] is not None:
        assert max(c["ends_at"] for c in clocks) - min(c["ends_at"] for c in clocks) < 2, clocks


@pytest.mark.slow
def test_a_killed_server_s_table_is_taken_over_with_every_acknowledged_action(servers):
    first, second = servers(2)
    created = http_json(first, "/api/tables", {"game": "thunee", "seats": [None, "heuristic", "random", "heuristic"]})
    table_id = created["table_id"]                     # the first server plays it (its bots)
    token = http_json(second, f"/api/tables/{table_id}/join", {"seat": 0})["token"]
    acknowledged: list[tuple[int, str]] = []           # (version, action) of every move the servers said was played
    with Rebuilding(websockets_sync.connect(f"ws://127.0.0.1:{second}/ws/tables/{table_id}")) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        message = json.loads(ws.recv(timeout=WAIT))
        if not message["legal_actions"]:
            message = next_turn(ws, message["version"])
        for _ in range(3):
            if message["table"]["is_over"]:
                break
            if act(second, table_id, token, message) is not None:
                acknowledged.append((message["version"], message["legal_actions"][-1]))
            message = next_turn(ws, message["version"])   # the first server's bots answered
        os.kill(servers.processes[0].pid, signal.SIGKILL)  # the server that plays the table dies
        servers.processes[0].wait(timeout=WAIT)
        while not message["table"]["is_over"]:
            if act(second, table_id, token, message) is not None:
                acknowledged.append((message["version"], message["legal_actions"][-1]))
            message = next_turn(ws, message["version"])   # the bots play on: the second server took the table over
    record = http_json(second, f"/api/tables/{table_id}/record")
    for version, action in acknowledged:
        assert record["actions"][version] == action
    assert len(acknowledged) >= 4


def test_workers_serve_one_port_from_one_database(postgres_url, tmp_path):
    process, port = start(postgres_url, 5, tmp_path / "workers.log", "--workers", "2")
    try:
        body = {"game": "yessir", "players": 2, "seats": [None, "random"]}
        made = [http_json(port, "/api/tables", body)["table_id"] for _ in range(6)]
        listed = {t["table_id"] for t in http_json(port, "/api/tables")}
        assert set(made) <= listed                      # whichever process answers, it knows every table
        for table_id in made:
            assert http_json(port, f"/api/tables/{table_id}")["table_id"] == table_id
    finally:
        stop_process(process)


def test_workers_need_a_shared_database(tmp_path):
    done = subprocess.run([sys.executable, "-m", "gamenight.cli.main", "serve", "--workers", "2",
                           "--db", f"sqlite:///{tmp_path / 'x.db'}"], capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 2 and "--workers N needs a database the processes share" in done.stderr
