"""The HTTP JSON API: one handler per route, each reading the app's ``TableManager`` from ``app.state``.

Every error is ``{"error": "..."}`` with a 4xx/5xx status. A seat token goes in the X-Seat-Token header (or a POST
body's "token"), the host token in X-Host-Token (or "host_token"): never in the address.
  GET  /api/games                              games: players range, presets, options, bots
  GET  /api/tables                             public summaries: live tables, then recently finished ones
                                               (each newest first), then broken ones, at most 200
  POST /api/tables                             {game, players?, preset?, options?, seats?, settings?}
                                               -> summary and the creator's host_token
  POST /api/learn                              {game, players?, name?, client?} -> {table_id, seat, token}: a
                                               coached table ("Learn to play"), the person in the learner's seat
  GET  /api/tables/{id}                        public summary
  POST /api/tables/{id}/join                   {seat, name?, client?} -> {seat, token}; the same client nonce
                                               gets the same token again (a join may be retried)
  POST /api/tables/{id}/leave                  {token, bot?}: a bot keeps the seat open
  POST /api/tables/{id}/bot                    host: {seat, bot|null}: a bot in a seat nobody holds, or open it
  POST /api/tables/{id}/kick                   host: {seat, bot?}: a bot takes the person's seat
  POST /api/tables/{id}/settings               host: {bots_may_be_replaced?, away_seconds?, hand_pause_seconds?,
                                               hints?}
  POST /api/tables/{id}/start                  host (or, after the away time, anybody seated): a table that
                                               holds its start begins; bots keep the open seats
  POST /api/tables/{id}/next                   token: "next hand" (the bots' pause after a hand ends early once
                                               everyone connected said so)
  POST /api/tables/{id}/rematch                {token, client?}, the match over -> {table_id, seat, token}: the
                                               rematch table (made by the first to ask), in the same seat
  POST /api/tables/{id}/hint                   token, at the seat's turn where the host allows hints -> {moves:
                                               [{action, win, value}], ...}: the expert's best moves for its view
  GET  /api/tables/{id}/coach                  the learner's token, at a coached table -> {type: "coach", lines,
                                               advice, thinking} (also on their WebSocket after each change)
  POST /api/tables/{id}/review                 {token, seat?}, the match over -> the person's review of their own
                                               decisions, started now or as it stands (202 while it is worked
                                               out, 200 done): {status, done, total, decisions?, summary?}
  GET  /api/tables/{id}/review                 token: the review as it stands ({"status": "none"}: not asked for)
  GET  /api/tables/{id}/state                  token: that seat's message; no token: the spectator's message
  POST /api/tables/{id}/actions                {token, action, version, seat?} -> that seat's message
  GET  /api/tables/{id}/record                 the record, once the match is over
  GET  /api/tables/{id}/history?step=K         token as for /state: that seat's view after the first K actions

A finished table no longer in memory is loaded from storage on demand by every route naming it.
"""
from __future__ import annotations

import asyncio
import secrets
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import gamenight
from gamenight.i18n import Text

from .errors import TableError
from .reading import Handler, client_of, find_table, host_token, manager_of, on_table, read_body, refusing, seat_token


# ---- the routes ---------------------------------------------------------------------------------
def games_catalogue() -> list[dict[str, Any]]:
    """What the lobby offers for each game (names, players, presets, options, bots)."""
    out = []
    for name in gamenight.games():
        game = gamenight.make(name)
        rules = game.RULES
        out.append({"name": name, "title": game.title, "min_players": game.MIN_PLAYERS,
                    "max_players": game.MAX_PLAYERS, "default_players": game.DEFAULT_PLAYERS,
                    "default_preset": rules.DEFAULT_PRESET,
                    "presets": [{"name": p, "title": rules.PRESET_TITLES.get(p, p), "doc": rules.PRESET_DOCS.get(p, "")}
                                for p in rules.PRESETS],
                    "options": rules.describe(), "bots": gamenight.bots_by_level(game),
                    "bot_labels": gamenight.bot_labels(game), "friendly_bot": gamenight.friendly_bot(game),
                    "bot_docs": {b: gamenight.bot_doc(b, game) for b in gamenight.bots_for(game)}})
    return out


@refusing
async def list_games(request: Request) -> Response:
    return JSONResponse(request.app.state.catalogue)


@refusing
async def list_tables(request: Request) -> Response:
    manager = manager_of(request)
    if manager.coordinator is None:   # every table is in memory: at once, on the event loop
        return JSONResponse(manager.list())
    # a shared database: the other servers' newest tables are read first, off the event loop
    return JSONResponse(await run_in_threadpool(manager.list))


@refusing
async def create_table(request: Request) -> Response:
    body = await read_body(request)
    host = secrets.token_urlsafe(24)   # the creator's: only its holder changes the seats and settings
    # bots may play a while: off the event loop, so other tables' clients are not kept waiting
    table = await run_in_threadpool(
        lambda: manager_of(request).create(body.get("game"), players=body.get("players"), preset=body.get("preset"),
                                           options=body.get("options"), seats=body.get("seats"),
                                           client=client_of(request), seed=body.get("seed"), host_token=host,
                                           settings=body.get("settings")))
    return JSONResponse({**table.summary(), "host_token": host}, status_code=201)


@refusing
async def get_table(request: Request) -> Response:
    return JSONResponse((await find_table(manager_of(request), request.path_params["table_id"])).summary())


@refusing
async def learn(request: Request) -> Response:
    """A coached table ("Learn to play") with the person already in the learner's seat."""
    body = await read_body(request)
    table, seat, token = await run_in_threadpool(
        lambda: manager_of(request).learn(body.get("game"), players=body.get("players"), name=body.get("name"),
                                          nonce=body.get("client"), client=client_of(request)))
    return JSONResponse({"table_id": table.table_id, "seat": seat, "token": token}, status_code=201)


@refusing
async def coach(request: Request) -> Response:
    _, said = await on_table(manager_of(request), request.path_params["table_id"], "coach_message",
                             seat_token(request))
    return JSONResponse(said)


@refusing
async def join(request: Request) -> Response:
    body = await read_body(request)
    _, token = await on_table(manager_of(request), request.path_params["table_id"], "join", body.get("seat"),
                              body.get("name"), body.get("client"))
    return JSONResponse({"seat": body.get("seat"), "token": token})


@refusing
async def leave(request: Request) -> Response:
    body = await read_body(request)
    await on_table(manager_of(request), request.path_params["table_id"], "leave", seat_token(request, body),
                   body.get("bot"))
    return JSONResponse({"ok": True})


def host_seat_change(method: str) -> Handler:
    """The route of one of the host's changes to a seat (``set_bot``, ``kick``): ``{seat, bot}``."""
    @refusing
    async def change(request: Request) -> Response:
        body = await read_body(request)
        await on_table(manager_of(request), request.path_params["table_id"], method, host_token(request, body),
                       body.get("seat"), body.get("bot"))
        return JSONResponse({"ok": True})
    return change


@refusing
async def configure(request: Request) -> Response:
    body = await read_body(request)
    changes = {k: v for k, v in body.items() if k != "host_token"}
    await on_table(manager_of(request), request.path_params["table_id"], "configure", host_token(request, body),
                   changes)
    return JSONResponse({"ok": True})


@refusing
async def start(request: Request) -> Response:
    body = await read_body(request)
    host = host_token(request, body)
    token = None if host else seat_token(request, body)
    await on_table(manager_of(request), request.path_params["table_id"], "start", token, host)
    return JSONResponse({"ok": True})


@refusing
async def next_hand(request: Request) -> Response:
    body = await read_body(request)
    await on_table(manager_of(request), request.path_params["table_id"], "next_hand", seat_token(request, body))
    return JSONResponse({"ok": True})


@refusing
async def hint(request: Request) -> Response:
    """The expert's best moves for the person's view at their turn, with its chance to win the hand after each."""
    body = await read_body(request)
    manager = manager_of(request)
    table, job = await on_table(manager, request.path_params["table_id"], "hint_job", seat_token(request, body))
    loop = asyncio.get_running_loop()
    answered: asyncio.Future[Any] = loop.create_future()

    def answer_now(answer: Any) -> None:
        if not answered.done():
            answered.set_result(answer)

    def done(answer: Any) -> None:
        loop.call_soon_threadsafe(answer_now, answer)

    try:
        await run_in_threadpool(manager.thinkers.submit, job, done)
        moves = await answered
    finally:
        table.hint_done()
    if moves is None:
        raise TableError(Text("the hint could not be worked out; please try again"), 503)
    return JSONResponse({"moves": moves, "hand_number": job.view["hand_number"], "legal": list(job.legal)})


@refusing
async def start_review(request: Request) -> Response:
    """The expert's review of the person's own decisions, once the match is over: started, or as it stands; its
    progress and its end also come on the person's WebSocket (``{"type": "review", ...}``)."""
    body = await read_body(request)
    _, review = await on_table(manager_of(request), request.path_params["table_id"], "review",
                               seat_token(request, body), body.get("seat"))
    return JSONResponse(review, status_code=202 if review["status"] == "running" else 200)


@refusing
async def get_review(request: Request) -> Response:
    _, review = await on_table(manager_of(request), request.path_params["table_id"], "review_of", seat_token(request))
    return JSONResponse(review)


@refusing
async def rematch(request: Request) -> Response:
    body = await read_body(request)
    _, seated = await on_table(manager_of(request), request.path_params["table_id"], "rematch",
                               seat_token(request, body), body.get("client"))
    return JSONResponse(seated)


@refusing
async def get_state(request: Request) -> Response:
    token = seat_token(request)
    table = await find_table(manager_of(request), request.path_params["table_id"])
    return JSONResponse(await run_in_threadpool(table.message_for_token, token))


@refusing
async def act(request: Request) -> Response:
    body = await read_body(request)
    token = seat_token(request, body)
    table = await find_table(manager_of(request), request.path_params["table_id"])
    await run_in_threadpool(table.act, token, body.get("action"), body.get("seat"), body.get("version"))
    return JSONResponse(await run_in_threadpool(table.message_for_token, token))


@refusing
async def history(request: Request) -> Response:
    token = seat_token(request)
    table = await find_table(manager_of(request), request.path_params["table_id"])
    text = request.query_params.get("step", "")
    step = int(text) if text.isascii() and text.isdigit() and len(text) < 10 else text or None
    return JSONResponse(await run_in_threadpool(table.history_message, token, step))


@refusing
async def record(request: Request) -> Response:
    return JSONResponse((await find_table(manager_of(request), request.path_params["table_id"])).record())


ROUTES = [
    Route("/api/games", list_games),
    Route("/api/tables", list_tables, methods=["GET"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/learn", learn, methods=["POST"]),
    Route("/api/tables/{table_id}", get_table),
    Route("/api/tables/{table_id}/join", join, methods=["POST"]),
    Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
    Route("/api/tables/{table_id}/bot", host_seat_change("set_bot"), methods=["POST"]),
    Route("/api/tables/{table_id}/kick", host_seat_change("kick"), methods=["POST"]),
    Route("/api/tables/{table_id}/settings", configure, methods=["POST"]),
    Route("/api/tables/{table_id}/start", start, methods=["POST"]),
    Route("/api/tables/{table_id}/next", next_hand, methods=["POST"]),
    Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
    Route("/api/tables/{table_id}/hint", hint, methods=["POST"]),
    Route("/api/tables/{table_id}/coach", coach),
    Route("/api/tables/{table_id}/review", start_review, methods=["POST"]),
    Route("/api/tables/{table_id}/review", get_review, methods=["GET"]),
    Route("/api/tables/{table_id}/state", get_state),
    Route("/api/tables/{table_id}/actions", act, methods=["POST"]),
    Route("/api/tables/{table_id}/record", record),
    Route("/api/tables/{table_id}/history", history),
]
