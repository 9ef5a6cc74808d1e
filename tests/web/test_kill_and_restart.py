"""A real server process killed (SIGKILL) in the middle of a match resumes exactly when started again, on SQLite and
on PostgreSQL."""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest
from web_helpers import Rebuilding, free_port, http_json, not_who_is_connected, steady

websockets_sync = pytest.importorskip("websockets.sync.client")


def start_server(port, db):
    # the bots are paced (a short delay): they play on after the restart too
    process = subprocess.Popen([sys.executable, "-m", "gamenight.cli.main", "serve", "--port", str(port),
                                "--db", db, "--bot-delay", "0.01", "--test-seed", "11"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start")


WAIT = 30   # seconds any one message may take (a generous bound for a loaded machine, not a speed test)


@pytest.mark.slow
def test_killed_server_resumes_every_table_exactly(any_db_url):
    db = any_db_url
    port = free_port()
    server = start_server(port, db)
    try:
        table = http_json(port, "/api/tables", {"game": "thunee", "seats": [None, "heuristic", "random", "heuristic"]})
        table_id = table["table_id"]
        token = http_json(port, f"/api/tables/{table_id}/join", {"seat": 0})["token"]
        with Rebuilding(websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}")) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            message = json.loads(ws.recv(timeout=WAIT))
            for _ in range(8):
                if message["table"]["is_over"]:
                    break
                while not message["legal_actions"] and not message["table"]["is_over"]:
                    message = json.loads(ws.recv(timeout=WAIT))  # the bots are playing
                if message["table"]["is_over"]:
                    break  # the bots finished the match: restarting must still give it back exactly
                ws.send(json.dumps({"type": "action", "action": message["legal_actions"][-1],
                                    "version": message["version"]}))
                version = message["version"]
                message = json.loads(ws.recv(timeout=WAIT))
                assert message["type"] == "state" and message["version"] > version
            while not message["legal_actions"] and not message["table"]["is_over"]:
                message = json.loads(ws.recv(timeout=WAIT))  # the bots play until the person is to move
        before = http_json(port, f"/api/tables/{table_id}/state", token=token)
        watcher_before = http_json(port, f"/api/tables/{table_id}/state")
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=WAIT)
    port = free_port()
    server = start_server(port, db)
    try:
        # (the turn's clock of a person gone starts again: a restart gives them a whole away time)
        assert steady(http_json(port, f"/api/tables/{table_id}/state", token=token)) == steady(before)
        assert steady(http_json(port, f"/api/tables/{table_id}/state")) == steady(watcher_before)
        with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            again = json.loads(ws.recv(timeout=WAIT))
            assert not_who_is_connected(again) == not_who_is_connected(before)
    finally:
        server.terminate()
        server.wait(timeout=WAIT)
