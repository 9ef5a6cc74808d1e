"""The lobby and table pages: static HTML/JS (no build step) over the JSON API and the WebSocket. The table page
loads one view script per game the registry knows (static/games/<game>.js), listed when the app starts."""
from __future__ import annotations

import functools
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

import gamenight

STATIC = Path(__file__).with_name("static")
GAME_VIEWS = "<!-- GAME VIEWS: the server puts one script per registered game here -->"


@functools.cache
def table_page() -> str:
    """table.html with a ``<script>`` for each registered game's view, in the registry's order."""
    scripts = "\n".join(f'<script src="/static/games/{name}.js"></script>' for name in gamenight.games())
    return (STATIC / "table.html").read_text().replace(GAME_VIEWS, scripts)


async def lobby(request: Request) -> Response:
    return FileResponse(STATIC / "lobby.html")


async def table(request: Request) -> Response:
    return HTMLResponse(table_page())


async def favicon(request: Request) -> Response:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


def page_routes() -> list[BaseRoute]:
    return [Route("/", lobby), Route("/table/{table_id}", table), Route("/favicon.ico", favicon),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static")]
