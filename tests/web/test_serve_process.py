"""A real `gamenight serve` process: a body sent in chunks is cut off at the limit, the logs never hold a token,
and a second server on the same database file is refused while the first one serves on."""
import json
import select
import socket
import subprocess
import sys
import urllib.request

import pytest
from web_helpers import free_port, serve, stop_process

websockets_sync = pytest.importorskip("websockets.sync.client")
WAIT = 30   # seconds any one answer may take (a generous bound for a loaded machine, not a speed test)


def start(db, port, log_path):
    return serve(port, log_path, "--db", f"sqlite:///{db}", "--test-seed", "3")


def http(port, path, body=None, headers=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def http_status(port, path):
    """The status of a GET (any answer: a page, a script, JSON)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=WAIT) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


@pytest.fixture
def server(tmp_path):
    db, port, log = tmp_path / "t.db", free_port(), tmp_path / "server.log"
    process = start(db, port, log)
    yield port, db, log
    stop_process(process)


def test_a_chunked_body_is_refused_once_it_passes_the_limit_not_read_to_its_end(server):
    port, _, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as s:
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * 1024
        for _ in range(6):                      # 6 KB, over the 4 KB limit, and the body has not ended
            s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        ready, _, _ = select.select([s], [], [], WAIT)
        assert ready, "the server is still reading a body over the limit instead of refusing it"
        answer = s.recv(4096)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        # and the connection is closed: what the client goes on sending is not read and thrown away
        assert b"connection: close" in answer.lower()
        while answer:
            ready, _, _ = select.select([s], [], [], WAIT)
            assert ready, "the server kept the connection open after refusing the body"
            try:
                answer = s.recv(65536)
            except ConnectionResetError:
                break
    assert http(port, "/api/games")[0] == 200   # and serves on


def test_no_log_line_holds_a_token(server):
    port, _, log = server
    status, table = http(port, "/api/tables", {"game": "yaniv", "players": 2, "seats": [None, "random"]})
    assert status == 201
    table_id, host = table["table_id"], table["host_token"]
    _, joined = http(port, f"/api/tables/{table_id}/join", {"seat": 0, "name": "Ann"})
    token = joined["token"]
    # the right ways: header, body, the WebSocket's hello
    assert http(port, f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token})[0] == 200
    assert http(port, f"/api/tables/{table_id}/settings", {"away_seconds": 90}, {"X-Host-Token": host})[0] == 200
    with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        assert json.loads(ws.recv(timeout=WAIT))["seat"] == 0
    # the wrong ways, refused, and still never written to the log
    assert http(port, f"/api/tables/{table_id}/state?token={token}")[0] == 400
    assert http(port, f"/api/tables/{table_id}/history?step=0&token={token}&host_token={host}")[0] == 400
    # however the name is written, and on every route
    for query in (f"%74oken={token}", f"TOKEN={token}", f"Host_Token={host}", f"host%5Ftoken={host}",
                  f"lang=fr&ToKeN={token}", f"token%3D{token}"):
        for path in (f"/api/tables/{table_id}", "/api/tables", f"/table/{table_id}", "/", "/static/gn.js"):
            status = http_status(port, f"{path}?{query}")
            assert status == (200 if "%3D" in query else 400), (path, query, status)
        status, _ = http(port, f"/api/tables/{table_id}/settings?{query}", {"away_seconds": 90},
                         {"X-Host-Token": host})
        assert status == (200 if "%3D" in query else 400), (query, status)
    with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}?token={token}") as ws:
        assert json.loads(ws.recv(timeout=WAIT))["status"] == 400
    assert http(port, "/api/games")[0] == 200   # the last line of the log is written after the ones before
    text = log.read_text()
    assert f"/api/tables/{table_id}/state" in text and "token=[hidden]" in text
    assert token not in text and host not in text


def test_a_second_server_on_the_same_database_file_is_refused_and_the_first_serves_on(server, tmp_path):
    port, db, _ = server
    second = subprocess.run([sys.executable, "-m", "gamenight.cli.main", "serve", "--port", str(free_port()),
                             "--db", f"sqlite:///{db}"], capture_output=True, text=True, timeout=WAIT * 2)
    assert second.returncode != 0
    assert "another gamenight server is using the database" in second.stderr and "Traceback" not in second.stderr
    status, table = http(port, "/api/tables", {"game": "yaniv", "players": 2, "seats": [None, "random"]})
    assert status == 201
    _, joined = http(port, f"/api/tables/{table['table_id']}/join", {"seat": 0})
    assert http(port, f"/api/tables/{table['table_id']}/state", headers={"X-Seat-Token": joined["token"]})[0] == 200
