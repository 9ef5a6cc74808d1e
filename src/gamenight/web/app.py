"""The web app: the HTTP API (``routes``), the tables' WebSocket (``sockets``) and the pages (``pages``), over one
``TableManager``; ``create_app`` puts them together, and ``gamenight serve`` runs the result with uvicorn.

Who may sit where and change what: ``seats``. Limits per client address (table creations per minute, open
WebSockets) and on live tables: ``TableManager``.
"""
from __future__ import annotations

import asyncio
import contextlib
import copy
import gc
import json
import logging
import os
import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any
from urllib.parse import unquote_plus

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.routing import WebSocketRoute
from starlette.types import ASGIApp

from . import manager as manager_module
from .databases import open_storage
from .limits import MESSAGES_PER_SECOND
from .manager import KEEP_FINISHED, MAX_CREATES_PER_MINUTE, MAX_SOCKETS_PER_IP, MAX_TABLES, TableManager
from .pages import page_routes
from .routes import ROUTES, games_catalogue
from .security import Guard, normal_origin, query_name
from .sockets import table_socket
from .thinking import Thinkers


def create_app(db: str | None = None, manager: TableManager | None = None, *, bot_delay: float = 0.0,
               keep_finished: float = KEEP_FINISHED, max_tables: int = MAX_TABLES,
               max_creates_per_minute: int = MAX_CREATES_PER_MINUTE, max_sockets_per_ip: int = MAX_SOCKETS_PER_IP,
               clock: Callable[[], float] = time.monotonic, test_seed: int | None = None,
               pseudo_locale: bool = False, think_workers: int | None = None,
               think_iterations: int | None = None, allow_origins: Sequence[str] = (),
               max_messages_per_second: float = MESSAGES_PER_SECOND) -> Starlette:
    """The app over the database ``db`` (or an existing ``manager``, which then has its own settings).
    ``bot_delay``: seconds a bot "thinks" before each move (0: bots answer at once, inside the request that woke
    them). ``keep_finished``: seconds a finished table stays in memory once nobody watches it. The limits:
    live tables, table creations per client address per minute, WebSockets per client address, messages a
    second on one WebSocket. ``test_seed``:
    for tests only, tables are dealt from known seeds (see ``TableManager``). ``pseudo_locale``: the pages may be
    asked for in the pseudo-language (``?lang=qps``: every text of the catalogs wrapped and accented, so a text
    that escaped them stands out; for tests, see ``gamenight.i18n.PSEUDO``). ``think_workers``: processes the search
    bots and hints think in (None: one per core; 0: in the table's thread); ``think_iterations``: their budget
    (None: each bot's own, about a second a move). ``allow_origins``: the sites (``https://host[:port]``) whose pages
    may drive this server besides its own (``security.Guard``)."""
    manager = manager or TableManager(open_storage(db), bot_delay=bot_delay, keep_finished=keep_finished,
                                      max_tables=max_tables, max_creates_per_minute=max_creates_per_minute,
                                      max_sockets_per_ip=max_sockets_per_ip, clock=clock, test_seed=test_seed,
                                      thinkers=Thinkers(think_workers), think_iterations=think_iterations,
                                      max_messages_per_second=max_messages_per_second)
    app = Site(routes=[*ROUTES, WebSocketRoute("/ws/tables/{table_id}", table_socket), *page_routes()],
               lifespan=_lifespan)
    app.state.allowed_origins = tuple(normal_origin(origin) for origin in allow_origins)
    app.state.manager = manager
    app.state.catalogue = games_catalogue()
    app.state.pseudo_locale = pseudo_locale
    return app


class Site(Starlette):
    """The app, with ``security.Guard`` outside everything else, Starlette's own error answer (500) included, so
    every answer carries the security headers."""

    def build_middleware_stack(self) -> ASGIApp:
        return Guard(super().build_middleware_stack(), allowed_origins=self.state.allowed_origins)


APP_SETTINGS = "GAMENIGHT_SERVE"   # ``gamenight serve --workers N``: each process's ``create_app`` arguments (JSON)


def app_from_environment() -> Starlette:
    """The app of one of ``gamenight serve --workers N``'s processes, from the settings the command put in the
    environment variable ``GAMENIGHT_SERVE``."""
    return create_app(**json.loads(os.environ[APP_SETTINGS]))


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    manager: TableManager = app.state.manager
    manager.start()
    sweeper = asyncio.create_task(_sweep_now_and_then(manager))
    try:
        async with _freeze_startup_objects():
            yield
    finally:
        sweeper.cancel()
        # no bot thread outlives the app (tests create many); queued bot moves resume on the next start
        await run_in_threadpool(manager.close)


async def _sweep_now_and_then(manager: TableManager) -> None:
    # finished tables nobody watches leave memory when their keep time is over (also on every listing)
    while True:
        await asyncio.sleep(manager_module.SWEEP_SECONDS)
        manager.sweep()


class HideTokens(logging.Filter):
    """No log line ever holds a token. A logged address keeps only the query parameters the site reads
    (``KNOWN_PARAMETERS``); any other one's value is cut out, and so is its name unless it is a short word: so a
    token is hidden however its name is written (``token=``, ``%74oken=``, ``TOKEN=``, ``token%3D...``), and a
    copy of the logs lets nobody act for a seat. A ``token=`` outside an address is cut out too."""

    QUERY = re.compile(r"\?([^\s\"'#]+)")
    LOOSE = re.compile(r"((?:^|[\s?&;,(])(?:host_)?token\s*[=:]\s*)[^&;\s\"',)]*", re.IGNORECASE)
    PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,19}")
    KNOWN_PARAMETERS = frozenset({"lang", "step", "preset", "players", "table", "v"})

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = self.hide(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(self.hide(a) if isinstance(a, str) else a for a in record.args)
        return True

    def hide(self, text: str) -> str:
        return self.LOOSE.sub(r"\1[hidden]", self.QUERY.sub(self._query, text))

    def _query(self, match: re.Match[str]) -> str:
        return "?" + "&".join(self._parameter(p) for p in re.split(r"[&;]", match.group(1)))

    def _parameter(self, parameter: str) -> str:
        name = parameter.split("=", 1)[0]
        if query_name(unquote_plus(name)) in self.KNOWN_PARAMETERS and "%" not in name:
            return parameter
        return f"{name}=[hidden]" if self.PLAIN_NAME.fullmatch(name) else "[hidden]"


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with ``HideTokens`` on every handler (its access log writes whole addresses), and the
    server's own ``gamenight`` logger at INFO (tables taken over or given up between servers, seats a bot plays
    for an absent person: what explains a table that stands still)."""
    import uvicorn.config
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_tokens"] = {"()": HideTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_tokens")
    config["loggers"]["gamenight"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


GC_YOUNG_THRESHOLD = 20_000   # allocations between young collections (Python's default is 700)


@contextlib.asynccontextmanager
async def _freeze_startup_objects() -> AsyncIterator[None]:
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
