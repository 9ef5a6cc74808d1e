"""The minimal lobby and table pages: static HTML/JS (no build step) over the JSON API and the WebSocket."""
from __future__ import annotations

from pathlib import Path

from starlette.responses import FileResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

STATIC = Path(__file__).with_name("static")


async def lobby(request):
    return FileResponse(STATIC / "lobby.html")


async def table(request):
    return FileResponse(STATIC / "table.html")


async def favicon(request):
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


def page_routes() -> list:
    return [Route("/", lobby), Route("/table/{table_id}", table), Route("/favicon.ico", favicon),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static")]
