"""Only this site's pages drive it (security.Guard): foreign origins refused on WebSockets (4403) and POSTs (403),
POST bodies only as JSON (415), security headers on every answer, a token refused in any address however its
name is written (400, 4400), two different tokens in one request refused, and no token in any log line."""
import asyncio
import logging

import pytest
from starlette.testclient import TestClient
from web_helpers import create_hosted, in_own_thread, join

from gamenight.web import create_app
from gamenight.web.app import HideTokens, log_config
from gamenight.web.security import CONTENT_SECURITY_POLICY, normal_origin, same_origin

SITE = "http://testserver"   # the TestClient's own origin (Host: testserver, scheme http/ws)
FOREIGN = ("http://evil.example", "null", "https://testserver", "http://testserver:8080", "http://testserver.evil")
TABLE = {"game": "yaniv", "players": 2, "seats": [None, "random"]}


@pytest.fixture
def table(client):
    table_id, host = create_hosted(client, "yaniv", [None, "random"], players=2)
    return table_id, host, join(client, table_id, 0, "Ann")


# ---- security headers ---------------------------------------------------------------------------------------
def test_every_answer_carries_the_security_headers(client, table):
    table_id, _, _ = table
    answers = [client.get("/"), client.get(f"/table/{table_id}"), client.get("/rules/yaniv"),
               client.get("/static/gn.js"), client.get("/static/style.css"), client.get("/favicon.ico"),
               client.get("/i18n/fr.js"), client.get("/api/games"), client.get(f"/api/tables/{table_id}"),
               client.get("/api/tables/nope"), client.get("/no/such/page"),
               client.post("/api/tables", json={"game": "no such game"}),
               client.post("/api/tables", content=b"x", headers={"Content-Type": "text/plain"})]
    for r in answers:
        assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY, r.url
        assert r.headers["x-content-type-options"] == "nosniff", r.url
        assert r.headers["referrer-policy"] == "no-referrer", r.url
    policy = dict(part.strip().split(" ", 1) for part in CONTENT_SECURITY_POLICY.split(";"))
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"


def test_an_unexpected_error_answer_carries_the_security_headers_too(db_url):
    app = create_app(db_url, test_seed=0)

    async def broken(request):
        raise RuntimeError("a bug")
    app.router.add_route("/broken", broken)
    with TestClient(app, raise_server_exceptions=False) as client:
        r = client.get("/broken")
    assert r.status_code == 500
    assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"] == "no-referrer"


# ---- origins and body types --------------------------------------------------------------------------------
@pytest.mark.parametrize("origin", FOREIGN)
def test_a_websocket_from_another_sites_page_is_closed_with_4403(client, table, origin):
    table_id, _, token = table
    with client.websocket_connect(f"/ws/tables/{table_id}", headers={"origin": origin}) as ws:
        refusal = ws.receive_json()
        assert refusal["type"] == "error" and refusal["status"] == 403
        closed = ws.receive()
    assert closed["type"] == "websocket.close" and closed["code"] == 4403


def test_a_websocket_from_the_sites_own_page_or_a_program_is_served(client, table):
    table_id, _, token = table
    for headers in ({"origin": SITE}, {"origin": "HTTP://TESTSERVER:80"}, {}):
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["seat"] == 0


def test_allowed_origins_may_drive_it_and_no_other(db_url):
    app = create_app(db_url, test_seed=0, allow_origins=["https://play.example.org"])
    with TestClient(app) as client:
        r = client.post("/api/tables", json=TABLE, headers={"origin": "https://play.example.org"})
        assert r.status_code == 201
        table_id = r.json()["table_id"]
        with client.websocket_connect(f"/ws/tables/{table_id}", headers={"origin": "https://play.example.org"}) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"
        assert client.post("/api/tables", json=TABLE, headers={"origin": "https://other.example.org"}).status_code \
            == 403


def test_allow_origin_takes_only_a_sites_origin():
    assert normal_origin("https://Play.Example.org/") == "https://play.example.org"
    for bad in ("play.example.org", "ftp://x.org", "https://x.org/path", "https://x.org?a=1", "https://"):
        with pytest.raises(ValueError):
            normal_origin(bad)
    assert same_origin("http://a.org", "http", "a.org:80") and same_origin("https://a.org:443", "wss", "a.org")
    assert not same_origin("http://a.org", "https", "a.org") and not same_origin("null", "http", "a.org")


@pytest.mark.parametrize("origin", FOREIGN)
def test_a_post_from_another_sites_page_is_refused_with_403_and_changes_nothing(hosted, origin):
    # on the manual clock, so that the listing's turn clock (its "now") stands still between the two readings
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, "random"], players=2)
    join(client, table_id, 0, "Ann")
    before = client.get("/api/tables").json()
    for path, body in (("/api/tables", TABLE), (f"/api/tables/{table_id}/join", {"seat": 1})):
        r = client.post(path, json=body, headers={"origin": origin})
        assert r.status_code == 403, (path, r.text)
        assert "another site" in r.json()["error"]
    assert client.get("/api/tables").json() == before


@pytest.mark.parametrize("content_type,body", [
    ("text/plain", b'{"game": "yaniv", "players": 2, "seats": [null, "random"]}'),
    ("text/plain;charset=UTF-8", b'{"game": "yaniv"}'),
    ("application/x-www-form-urlencoded", b"game=yaniv&players=2"),
    ("multipart/form-data; boundary=x",
     b'--x\r\nContent-Disposition: form-data; name="game"\r\n\r\nyaniv\r\n--x--\r\n'),
    (None, b'{"game": "yaniv", "players": 2, "seats": [null, "random"]}'),
])
def test_a_body_that_is_not_json_is_refused_with_415_and_changes_nothing(client, content_type, body):
    before = client.get("/api/tables").json()
    headers = {"Content-Type": content_type} if content_type else {}
    r = client.post("/api/tables", content=body, headers=headers)
    assert r.status_code == 415, r.text
    assert "application/json" in r.json()["error"]
    assert client.get("/api/tables").json() == before


def test_json_with_a_charset_and_a_post_without_a_body_are_served(client, table):
    table_id, host, _ = table
    r = client.post("/api/tables", content=b'{"game": "yaniv", "players": 2, "seats": [null, "random"]}',
                    headers={"Content-Type": "Application/JSON; charset=utf-8", "origin": SITE})
    assert r.status_code == 201, r.text
    r = client.post(f"/api/tables/{table_id}/settings", headers={"X-Host-Token": host})   # no body at all
    assert r.status_code == 200, r.text


# ---- tokens ------------------------------------------------------------------------------------------------
def test_a_token_in_any_address_is_refused_however_its_name_is_written(client, table):
    table_id, host, token = table
    names = ("token", "TOKEN", "%74oken", "Token", "host_token", "HOST_TOKEN", "host%5Ftoken", "%EF%BD%94oken")
    paths = ("/api/games", "/api/tables", f"/api/tables/{table_id}", f"/api/tables/{table_id}/state",
             f"/table/{table_id}", "/", "/rules/yaniv", "/static/gn.js")
    for name in names:
        for path in paths:
            r = client.get(f"{path}?lang=en&{name}={token}")
            assert r.status_code == 400, (path, name, r.status_code)
            assert "address" in r.json()["error"]
        r = client.post(f"/api/tables/{table_id}/settings?{name}={host}", json={"away_seconds": 90},
                        headers={"X-Host-Token": host})
        assert r.status_code == 400, name
        with client.websocket_connect(f"/ws/tables/{table_id}?{name}={token}") as ws:
            assert ws.receive_json()["status"] == 400
            assert ws.receive()["code"] == 4400
    assert client.get(f"/api/tables/{table_id}").json()["settings"]["away_seconds"] != 90


def test_two_different_tokens_in_one_request_are_refused(client, table):
    table_id, host, token = table
    state = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    action = state["legal_actions"][0]
    r = client.post(f"/api/tables/{table_id}/actions", json={"token": "bogus", "action": action, "version": 0},
                    headers={"X-Seat-Token": token})
    assert r.status_code == 400 and "different tokens" in r.json()["error"], r.text
    r = client.post(f"/api/tables/{table_id}/settings", json={"host_token": "bogus", "away_seconds": 90},
                    headers={"X-Host-Token": host})
    assert r.status_code == 400 and "different tokens" in r.json()["error"], r.text
    assert client.get(f"/api/tables/{table_id}").json()["actions"] == 0
    # the same token in both places is one token
    r = client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": action, "version": 0},
                    headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("line", [
    '127.0.0.1:5 - "GET /api/tables/abc/state?token={t} HTTP/1.1" 400',
    '127.0.0.1:5 - "GET /api/tables/abc/state?%74oken={t} HTTP/1.1" 400',
    '127.0.0.1:5 - "GET /api/tables/abc/state?TOKEN={t}&lang=fr HTTP/1.1" 400',
    '127.0.0.1:5 - "GET /api/tables/abc/history?step=2;Host_Token={t} HTTP/1.1" 400',
    '127.0.0.1:5 - "GET /table/abc?token%3D{t} HTTP/1.1" 200',
    '127.0.0.1:5 - "GET /table/abc?x=1&t%6Fken={t} HTTP/1.1" 400',
    '127.0.0.1:5 - "GET /table/abc?{t} HTTP/1.1" 200',
    "a token={t} somewhere in a message",
])
def test_no_log_line_keeps_a_token_however_it_was_written(line):
    token = "Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTA"
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "%s", (line.format(t=token),), None)
    HideTokens().filter(record)
    assert token not in record.getMessage()
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, line.format(t=token), None, None)
    HideTokens().filter(record)
    assert token not in record.getMessage()


def test_the_log_keeps_the_parameters_the_site_reads():
    line = '"GET /rules/yaniv?table=abc&preset=common&players=3&lang=fr HTTP/1.1" 200'
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "%s", (line,), None)
    HideTokens().filter(record)
    assert record.getMessage() == line


# ---- bodies cut off ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/nope/join", "/api/tables/nope/actions"])
def test_a_client_gone_before_its_body_ended_is_answered_quietly(db_url, path):
    """A request that declares a Content-Length, sends less and disconnects: no exception leaves the app (uvicorn
    would log it as "Exception in ASGI application" with a traceback)."""
    app = create_app(db_url, test_seed=0)
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"x"), (b"content-type", b"application/json"), (b"content-length", b"100")],
             "client": ("127.0.0.1", 5), "server": ("127.0.0.1", 8000)}
    incoming = [{"type": "http.request", "body": b'{"game": ', "more_body": True}, {"type": "http.disconnect"}]
    sent = []

    async def receive():
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    in_own_thread(lambda: asyncio.run(app(scope, receive, send)))
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 400


def test_the_servers_own_log_lines_at_info_go_through_the_token_filter():
    config = log_config()
    logger = config["loggers"]["gamenight"]
    assert logger["level"] == "INFO" and logger["handlers"]
    for handler in logger["handlers"]:
        assert "hide_tokens" in config["handlers"][handler]["filters"]
