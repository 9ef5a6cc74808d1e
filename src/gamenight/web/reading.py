"""What every handler reads: the app's manager, the client's address, a JSON body or message (bounded), the seat and
host tokens, and the table a path names; and how a refusal is answered. Below the routes, the WebSocket and the
guides' routes, which all read requests the same way."""
from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from gamenight.i18n import Text

from .errors import TableError, TableGone
from .language import language_of
from .manager import TableManager
from .table import Table

MAX_MESSAGE = 4096      # bytes of one client message, HTTP body or WebSocket frame

Handler = Callable[[Request], Awaitable[Response]]


def manager_of(connection: HTTPConnection) -> TableManager:
    manager: TableManager = connection.app.state.manager
    return manager


def client_of(connection: HTTPConnection) -> str:
    """The client's address (uvicorn takes it from X-Forwarded-For when the proxy is trusted)."""
    return connection.client.host if connection.client and connection.client.host else "unknown"


# what is wrong with a client's JSON, by what it sent
NOT_JSON = {"message": Text("message is not valid JSON"), "request body": Text("request body is not valid JSON")}
TOO_DEEP = {"message": Text("message is nested too deeply"),
            "request body": Text("request body is nested too deeply")}


def parse_json(raw: bytes | str, what: str) -> Any:
    """JSON from a client (``what``: a "message" or a "request body"); TableError (400) saying what is wrong."""
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise TableError(NOT_JSON[what]) from None
    except RecursionError:
        raise TableError(TOO_DEEP[what]) from None


TOO_LARGE = Text("request body over {most} bytes", most=MAX_MESSAGE)
CLOSE = {"Connection": "close"}   # what follows a refused body is not read: the connection closes after the answer


async def read_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read as it streams in and refused as soon as it passes ``MAX_MESSAGE`` bytes (a
    body sent in chunks has no Content-Length to check first); a client that goes before its body has come is
    answered (nobody hears it) without a traceback in the log."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > MAX_MESSAGE:
        raise TableError(TOO_LARGE, 413, headers=CLOSE)
    raw = bytearray()
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_MESSAGE:
                raise TableError(TOO_LARGE, 413, headers=CLOSE)
    except ClientDisconnect:
        raise TableError(Text("the request body was cut off before its end"), 400, headers=CLOSE) from None
    data = parse_json(bytes(raw) or b"{}", "request body")
    if not isinstance(data, dict):
        raise TableError(Text("request body must be a JSON object"))
    return data


def seat_token(request: Request, body: dict[str, Any] | None = None) -> Any:
    """The seat token: the X-Seat-Token header or the body's "token" (never the address, which logs keep:
    ``security.Guard`` refuses it there); two different ones are refused (400). Not checked otherwise: the table
    says what is wrong with a missing or malformed one."""
    return _one_token(request.headers.get("x-seat-token"), (body or {}).get("token"), "X-Seat-Token", "token")


def host_token(request: Request, body: dict[str, Any]) -> Any:
    return _one_token(request.headers.get("x-host-token"), body.get("host_token"), "X-Host-Token", "host_token")


def _one_token(header: str | None, field: Any, header_name: str, field_name: str) -> Any:
    if header and field is not None and field != header:
        raise TableError(Text("the {header} header and the body's {field} name different tokens: send one",
                              header=header_name, field=repr(field_name)))
    return header or field


# ---- finding tables -----------------------------------------------------------------------------
async def find_table(manager: TableManager, table_id: str) -> Table:
    """The table: in memory at once; else from storage (a finished table's record replayed), off the event loop."""
    table = manager.loaded(table_id)
    if table is None:
        table = await run_in_threadpool(manager.get, table_id)
    return table


async def on_table(manager: TableManager, table_id: str, method: str, *args: Any) -> tuple[Table, Any]:
    """Call ``method`` of the table (off the event loop): a finished table put away between finding it and calling
    it is loaded again."""
    for _ in range(3):
        table = await find_table(manager, table_id)
        try:
            return table, await run_in_threadpool(getattr(table, method), *args)
        except TableGone:
            continue
    raise TableGone()


def refusing(handler: Handler) -> Handler:
    """The handler, with a TableError answered as ``{"error": ...}`` (in the person's language) and its status."""
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except TableError as e:
            return JSONResponse({"error": e.said_in(language_of(request))}, status_code=e.status, headers=e.headers)
    return wrapped
