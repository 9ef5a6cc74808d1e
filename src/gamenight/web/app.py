"""The HTTP JSON API and the WebSocket of the web app (Starlette).

HTTP (every error is ``{"error": "..."}`` with a 4xx/5xx status). A seat token goes in the X-Seat-Token header
(or a POST body's "token"), the host token in X-Host-Token (or "host_token"): never in the address.
  GET  /api/games                              games: players range, presets, options, bots
  GET  /api/tables                             public summaries: live tables, then recently finished ones
                                               (each newest first), then broken ones, at most 200
  POST /api/tables                             {game, players?, preset?, options?, seats?, settings?}
                                               -> summary and the creator's host_token
  GET  /api/tables/{id}                        public summary
  POST /api/tables/{id}/join                   {seat, name?, client?} -> {seat, token}; the same client nonce
                                               gets the same token again (a join may be retried)
  POST /api/tables/{id}/leave                  {token, bot?}: a bot keeps the seat open
  POST /api/tables/{id}/bot                    host: {seat, bot|null}: a bot in a seat nobody holds, or open it
  POST /api/tables/{id}/kick                   host: {seat, bot?}: a bot takes the person's seat
  POST /api/tables/{id}/settings               host: {bots_may_be_replaced?, away_seconds?}
  GET  /api/tables/{id}/state                  token: that seat's message; no token: the spectator's message
  POST /api/tables/{id}/actions                {token, action, version, seat?} -> that seat's message
  GET  /api/tables/{id}/record                 the record, once the match is over
  GET  /api/tables/{id}/history?step=K         token as for /state: that seat's view after the first K actions
WebSocket /ws/tables/{id}                      first sends {"type": "hello", "token": ...} (no token: to watch);
                                               receives its message then and after every change; sends
                                               {"type": "action", "action": "...", "version": n, "seat"?: n}

Who may sit where and change what: ``seats``. A finished table no longer in memory is loaded from storage on
demand by every route naming it. Limits per client address (table creations per minute, open WebSockets) and on
live tables: see ``TableManager``.
"""
from __future__ import annotations

import asyncio
import contextlib
import copy
import gc
import json
import logging
import re
import secrets
import threading
import time
from typing import Any, Callable

import gamenight
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .storage import open_storage
from . import tables as tables_module
from .tables import (KEEP_FINISHED, MAX_CREATES_PER_MINUTE, MAX_SOCKETS_PER_IP, MAX_TABLES, TableError, TableGone,
                     TableManager)

MAX_MESSAGE = 4096      # bytes of one client message, HTTP body or WebSocket frame


def _error(message: str, status: int, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _handler(fn):
    async def wrapped(request: Request) -> Response:
        try:
            return await fn(request)
        except TableError as e:
            return _error(str(e), e.status, e.headers)
    return wrapped


def _client(connection) -> str:
    """The client's address (uvicorn takes it from X-Forwarded-For when the proxy is trusted)."""
    return connection.client.host if connection.client and connection.client.host else "unknown"


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read as it streams in and refused as soon as it passes ``MAX_MESSAGE`` bytes (a
    body sent in chunks has no Content-Length to check first)."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > MAX_MESSAGE:
        raise TableError(f"request body over {MAX_MESSAGE} bytes", 413)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_MESSAGE:
            raise TableError(f"request body over {MAX_MESSAGE} bytes", 413)
    data = parse_json(bytes(raw) or b"{}", "request body")
    if not isinstance(data, dict):
        raise TableError("request body must be a JSON object")
    return data


def parse_json(raw: bytes | str, what: str) -> Any:
    """JSON from a client; TableError (400) saying what is wrong with it."""
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise TableError(f"{what} is not valid JSON") from None
    except RecursionError:
        raise TableError(f"{what} is nested too deeply") from None


def _token(request: Request, body: dict | None = None) -> str | None:
    """The seat token: the X-Seat-Token header (or the body's "token"), never the address, which logs keep."""
    if "token" in request.query_params:
        raise TableError(ADDRESS_TOKEN)
    return request.headers.get("x-seat-token") or (body or {}).get("token")


def _host_token(request: Request, body: dict) -> str | None:
    return request.headers.get("x-host-token") or body.get("host_token")


ADDRESS_TOKEN = ("a token never goes in the address (addresses are written to logs): send it in the X-Seat-Token "
                 "header, or on a WebSocket in the first message {\"type\": \"hello\", \"token\": ...}")
HELLO_SECONDS = 10   # a WebSocket says hello (with its token, or none to watch) within this time


def games_catalogue() -> list[dict]:
    out = []
    for name in gamenight.games():
        game = gamenight.make(name)
        rules = game.RULES
        out.append({"name": name, "title": game.title, "min_players": game.MIN_PLAYERS,
                    "max_players": game.MAX_PLAYERS, "default_players": game.DEFAULT_PLAYERS,
                    "default_preset": rules.DEFAULT_PRESET,
                    "presets": [{"name": p, "doc": rules.PRESET_DOCS.get(p, "")} for p in rules.PRESETS],
                    "options": rules.describe(), "bots": gamenight.bots_for(game)})
    return out


def create_app(db: str | None = None, manager: TableManager | None = None, *, bot_delay: float = 0.0,
               keep_finished: float = KEEP_FINISHED, max_tables: int = MAX_TABLES,
               max_creates_per_minute: int = MAX_CREATES_PER_MINUTE, max_sockets_per_ip: int = MAX_SOCKETS_PER_IP,
               clock: Callable[[], float] = time.monotonic, test_seed: int | None = None) -> Starlette:
    """The app over the database ``db`` (or an existing ``manager``, which then has its own settings).
    ``bot_delay``: seconds a bot "thinks" before each move (0: bots answer at once, inside the request that woke
    them). ``keep_finished``: seconds a finished table stays in memory once nobody watches it. The limits:
    live tables, table creations per client address per minute, WebSockets per client address. ``test_seed``:
    for tests only, tables are dealt from known seeds (see ``TableManager``)."""
    manager = manager or TableManager(open_storage(db), bot_delay=bot_delay, keep_finished=keep_finished,
                                      max_tables=max_tables, max_creates_per_minute=max_creates_per_minute,
                                      max_sockets_per_ip=max_sockets_per_ip, clock=clock, test_seed=test_seed)
    catalogue = games_catalogue()

    async def get(table_id: str):
        # in memory: at once; else storage (a finished table's record replayed): off the event loop
        return manager.loaded(table_id) or await run_in_threadpool(manager.get, table_id)

    async def on_table(table_id: str, method: str, *args):
        # a finished table may be put away between finding it and calling it: then it is loaded again
        for _ in range(3):
            table = await get(table_id)
            try:
                return table, await run_in_threadpool(getattr(table, method), *args)
            except TableGone:
                continue
        raise TableGone()

    @_handler
    async def list_games(request: Request):
        return JSONResponse(catalogue)

    @_handler
    async def list_tables(request: Request):
        return JSONResponse(manager.list())

    @_handler
    async def create_table(request: Request):
        body = await _body(request)
        host_token = secrets.token_urlsafe(24)   # the creator's: only its holder changes the seats and settings
        # bots may play a while: off the event loop, so other tables' clients are not kept waiting
        table = await run_in_threadpool(manager.create, body.get("game"), players=body.get("players"),
                                        preset=body.get("preset"), options=body.get("options"),
                                        seats=body.get("seats"), client=_client(request), seed=body.get("seed"),
                                        host_token=host_token, settings=body.get("settings"))
        return JSONResponse({**table.summary(), "host_token": host_token}, status_code=201)

    @_handler
    async def get_table(request: Request):
        return JSONResponse((await get(request.path_params["table_id"])).summary())

    @_handler
    async def join(request: Request):
        body = await _body(request)
        _, token = await on_table(request.path_params["table_id"], "join", body.get("seat"), body.get("name"),
                                  body.get("client"))
        return JSONResponse({"seat": body.get("seat"), "token": token})

    @_handler
    async def leave(request: Request):
        body = await _body(request)
        await on_table(request.path_params["table_id"], "leave", _token(request, body), body.get("bot"))
        return JSONResponse({"ok": True})

    def host_seat_change(method: str):
        """The route of one of the host's changes to a seat (``set_bot``, ``kick``): ``{seat, bot}``."""
        @_handler
        async def change(request: Request):
            body = await _body(request)
            await on_table(request.path_params["table_id"], method, _host_token(request, body), body.get("seat"),
                           body.get("bot"))
            return JSONResponse({"ok": True})
        return change

    @_handler
    async def configure(request: Request):
        body = await _body(request)
        changes = {k: v for k, v in body.items() if k != "host_token"}
        await on_table(request.path_params["table_id"], "configure", _host_token(request, body), changes)
        return JSONResponse({"ok": True})

    @_handler
    async def get_state(request: Request):
        token = _token(request)
        table = await get(request.path_params["table_id"])
        return JSONResponse(await run_in_threadpool(table.message_for_token, token))

    @_handler
    async def act(request: Request):
        body = await _body(request)
        token = _token(request, body)
        table = await get(request.path_params["table_id"])
        await run_in_threadpool(table.act, token, body.get("action"), body.get("seat"), body.get("version"))
        return JSONResponse(await run_in_threadpool(table.message_for_token, token))

    @_handler
    async def history(request: Request):
        token = _token(request)
        table = await get(request.path_params["table_id"])
        text = request.query_params.get("step", "")
        step = int(text) if text.isascii() and text.isdigit() and len(text) < 10 else text or None
        return JSONResponse(await run_in_threadpool(table.history_message, token, step))

    @_handler
    async def record(request: Request):
        return JSONResponse((await get(request.path_params["table_id"])).record())

    async def refuse(websocket: WebSocket, e: TableError) -> None:
        await websocket.accept()
        await websocket.send_json({"type": "error", "error": str(e), "status": e.status})
        await websocket.close(code=4000 + e.status)

    async def table_socket(websocket: WebSocket):
        client = _client(websocket)
        try:
            manager.open_socket(client)
        except TableError as e:   # too many from this address
            await refuse(websocket, e)
            return
        try:
            await _table_socket(websocket)
        finally:
            manager.close_socket(client)

    async def _table_socket(websocket: WebSocket):
        try:
            if "token" in websocket.query_params:
                raise TableError(ADDRESS_TOKEN)
            table = await get(websocket.path_params["table_id"])
        except TableError as e:
            await refuse(websocket, e)
            return
        await websocket.accept()
        try:
            token = await _hello(websocket)
        except TableError as e:
            await websocket.send_json({"type": "error", "error": str(e), "status": e.status})
            await websocket.close(code=4000 + e.status)
            return
        except WebSocketDisconnect:
            return
        loop = asyncio.get_running_loop()
        loop_thread = threading.get_ident()
        queue: asyncio.Queue = asyncio.Queue()

        def send(message: dict) -> None:  # called from whichever thread changed the table
            if threading.get_ident() == loop_thread:
                queue.put_nowait(message)  # no wake-up of the loop through its self-pipe needed
            else:
                try:
                    loop.call_soon_threadsafe(queue.put_nowait, message)
                except RuntimeError:  # the server's loop has closed (shutdown): nobody is listening any more
                    pass

        async def pump():
            while True:
                await websocket.send_json(await queue.get())

        try:
            table, key = await on_table(websocket.path_params["table_id"], "listen", token, send)
            seat = table.listeners[key][0]
        except TableError as e:  # a token that holds no seat here, or the seat changed hands while connecting
            await websocket.send_json({"type": "error", "error": str(e), "status": e.status})
            await websocket.close(code=4000 + e.status)
            return
        sender = asyncio.create_task(pump())
        try:
            while True:
                text = await _receive(websocket)
                if text is None:
                    break
                reply = await _handle_on_loop_or_thread(table, token, seat, text)
                if reply is not None:
                    send(reply)
        except WebSocketDisconnect:
            pass
        finally:
            table.unlisten(key)
            sender.cancel()

    routes = [
        Route("/api/games", list_games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/bot", host_seat_change("set_bot"), methods=["POST"]),
        Route("/api/tables/{table_id}/kick", host_seat_change("kick"), methods=["POST"]),
        Route("/api/tables/{table_id}/settings", configure, methods=["POST"]),
        Route("/api/tables/{table_id}/state", get_state),
        Route("/api/tables/{table_id}/actions", act, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/history", history),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
    ]
    from .pages import page_routes
    routes += page_routes()
    async def sweep_now_and_then():
        # finished tables nobody watches leave memory when their keep time is over (also on every listing)
        while True:
            await asyncio.sleep(tables_module.SWEEP_SECONDS)
            manager.sweep()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        manager.start()
        sweeper = asyncio.create_task(sweep_now_and_then())
        try:
            async with _freeze_startup_objects(app):
                yield
        finally:
            sweeper.cancel()
            # no bot thread outlives the app (tests create many); queued bot moves resume on the next start
            await run_in_threadpool(manager.close)

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.manager = manager
    return app


class HideTokens(logging.Filter):
    """No log line ever holds a token: a ``token=`` or ``host_token=`` in a logged address (a client that put one
    there, and was refused for it) is cut out, so a copy of the logs lets nobody act for a seat."""

    PATTERN = re.compile(r"((?:^|[?&;])(?:host_)?token=)[^&;\s\"']*")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = self.PATTERN.sub(r"\1[hidden]", record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(self.PATTERN.sub(r"\1[hidden]", a) if isinstance(a, str) else a for a in record.args)
        return True


def log_config() -> dict:
    """uvicorn's logging, with ``HideTokens`` on every handler (its access log writes whole addresses)."""
    import uvicorn.config
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_tokens"] = {"()": HideTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_tokens")
    return config


GC_YOUNG_THRESHOLD = 20_000   # allocations between young collections (Python's default is 700)


@contextlib.asynccontextmanager
async def _freeze_startup_objects(app):
    # Garbage collection was the latency tail under load (benchmarks/web_load.py, 200 tables, 800 WebSockets:
    # p99 about 130 ms over 20 s, growing as tables accumulate). Everything alive at start-up (modules, the
    # engines' action tables, the tables replayed from storage) lives as long as the server, so it is frozen
    # out of the collector's scans; and collections run less often (each one scans every live table), which
    # brought p99 to about 60 ms. Both are undone at shutdown (tests run many apps in one process).
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(max(thresholds[0], GC_YOUNG_THRESHOLD), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


async def _hello(websocket: WebSocket) -> str | None:
    """The first message of a table's WebSocket: ``{"type": "hello", "token": ...}`` (no token: to watch). The
    token travels in a message, never in the address, so no log ever holds it. Returns the token."""
    try:
        text = await asyncio.wait_for(_receive(websocket), HELLO_SECONDS)
    except asyncio.TimeoutError:
        raise TableError(f"say hello within {HELLO_SECONDS} s: {{\"type\": \"hello\", \"token\": ...}}", 408) \
            from None
    if text is None:
        raise WebSocketDisconnect()
    data = parse_json(text, "message") if not text.startswith("\0") else None
    if not isinstance(data, dict) or data.get("type") != "hello":
        raise TableError('the first message must be {"type": "hello", "token": "<your seat token>"} '
                         '(no token to watch)')
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise TableError("token must be text")
    return token or None


async def _receive(websocket: WebSocket) -> str | None:
    """The next client message as text; None when the client has gone. Oversized frames close the socket."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    data = message.get("text")
    if data is None:
        raw = message.get("bytes") or b""
        if len(raw) > MAX_MESSAGE:
            return "\0oversized"
        try:
            data = raw.decode()
        except UnicodeDecodeError:
            return "\0malformed"
    if len(data.encode()) > MAX_MESSAGE:
        return "\0oversized"
    return data


async def _handle_on_loop_or_thread(table, token, seat, text: str) -> dict | None:
    # A table of people only has no bot to think, so an action is a fraction of a millisecond (engine, one
    # SQLite commit, the messages): done right here on the event loop. A thread hop per action costs more
    # than the action itself under load (threads queue for the GIL and the storage lock, each wake-up
    # waits out a GIL switch interval). With paced bots (bot_delay > 0) an action only queues the bots' next
    # move, so it is as cheap. Tables whose bots answer at once, or whose lock another thread holds (a bot
    # thinking), use a thread.
    quick = table.bot_delay > 0 or not any(s["kind"] == "bot" for s in table.seats)
    if quick and table.lock.acquire(blocking=False):
        try:
            return _handle_client_message(table, token, seat, text)
        finally:
            table.lock.release()
    return await run_in_threadpool(_handle_client_message, table, token, seat, text)


def _handle_client_message(table, token, seat, text: str) -> dict | None:
    """Act on one client message; the reply (an error) goes to that client only."""
    def error(message: str, status: int = 400) -> dict:
        return {"type": "error", "error": message, "status": status}

    if text == "\0oversized":
        return error(f"message over {MAX_MESSAGE} bytes refused", 413)
    try:
        data = parse_json(text, "message")
    except TableError as e:
        return error(str(e), e.status)
    if text == "\0malformed" or not isinstance(data, dict):
        return error('message must be a JSON object like {"type": "action", "action": "..."}')
    kind = data.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind != "action":
        return error(f"unknown message type {kind!r}; send {{\"type\": \"action\", \"action\": \"...\"}}")
    if seat is None:
        return error("spectators may not act", 403)
    try:
        table.act(token, data.get("action"), data.get("seat"), data.get("version"))
    except TableError as e:
        return error(str(e), e.status)
    return None
