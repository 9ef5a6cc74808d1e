"""How to play each game, for the browser's ``/rules/<game>`` page: the game's guide as JSON.

  GET /api/games/{game}/guide                  the guide for the game's default rules and players
      ?preset=NAME&players=N                   ... for that preset and number of players
      ?table=ID                                ... for that table's rules and players (public facts only)

The answer is ``{game, title, players, preset, table, guide}``, ``guide`` being ``Guide.to_json()``: its texts
are Text JSON, which the page translates (``GN.text``). A refusal is ``{"error": <English>, "text": <Text JSON>}``
with its status: 404 for an unknown game or table, or a game whose guide is not written yet; 400 for a bad preset,
a bad number of players, or a table of another game.
"""
from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import gamenight
from gamenight import RulesError
from gamenight.i18n import Text

from .errors import TableError
from .reading import find_table, manager_of


class Refused(Exception):
    """A guide the server cannot give: why, as a Text (the page says it in the person's language)."""

    def __init__(self, text: Text, status: int):
        super().__init__(str(text))
        self.text = text
        self.status = status


def players_asked(text: str | None) -> int | None:
    if text is None or text == "":
        return None
    if not (text.isascii() and text.isdigit() and len(text) < 4):
        raise Refused(Text("the number of players must be a whole number, not {value}", value=text[:20]), 400)
    return int(text)


async def game_asked(request: Request) -> gamenight.Game[Any, Any]:
    """The game whose guide is asked for: by name with ``preset``/``players``, or as ``table`` plays it."""
    name = request.path_params["game"]
    if name not in gamenight.games():
        raise Refused(Text("there is no game called {game}", game=name[:40]), 404)
    table_id = request.query_params.get("table")
    try:
        if table_id:
            return await table_game(request, name, table_id)
        return gamenight.make(name, players=players_asked(request.query_params.get("players")),
                              rules=request.query_params.get("preset") or None)
    except RulesError as e:
        raise Refused(e.text, 400) from None


async def table_game(request: Request, name: str, table_id: str) -> gamenight.Game[Any, Any]:
    """The game as the table plays it (its game, players and rules: what anybody may see of a table)."""
    try:
        table = await find_table(manager_of(request), table_id)
    except TableError as e:
        if e.status == 404:
            raise Refused(Text("there is no table {table}", table=table_id[:40]), 404) from None
        raise Refused(e.text, e.status) from None
    game = table.game
    if game.name != name:
        raise Refused(Text("table {table} plays {game}", table=table_id[:40], game=game.title), 400)
    return game


def guide_json(game: gamenight.Game[Any, Any]) -> dict[str, Any]:
    try:
        guide = game.guide()
    except NotImplementedError:
        raise Refused(Text("no guide for {game} yet", game=game.title), 404) from None
    return {"game": game.name, "title": game.title, "players": game.num_players, "preset": game.rules.preset,
            "guide": guide.to_json()}


async def game_guide(request: Request) -> Response:
    try:
        game = await game_asked(request)
        answer = await run_in_threadpool(guide_json, game)   # the examples are played by the engine
    except Refused as e:
        return JSONResponse({"error": str(e.text), "text": e.text.to_json()}, status_code=e.status)
    return JSONResponse({**answer, "table": request.query_params.get("table") or None})


GUIDE_ROUTES = [Route("/api/games/{game}/guide", game_guide)]
