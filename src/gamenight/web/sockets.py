"""The WebSocket of a table, ``/ws/tables/{id}``.

The client's first message is ``{"type": "hello", "token": "<seat token>"}`` (no token: to watch as a spectator):
the token never travels in the address, so no log holds it. The client then receives its message whole, and after
every change what changed (``messages``: the whole message again whenever it does not hold the one before); it
sends ``{"type": "action", "action": "...", "version": n, "seat"?: n}`` or ``{"type": "ping"}``.
A refusal is ``{"type": "error", "error": "...", "status": n}`` to that client only, and the connection stays
usable; a refusal of the connection itself closes it with code 4000 + status. Refusals are in the connection's
language (``?lang=`` on the socket's address, else the ``lang`` cookie, else Accept-Language).

What one client can make the server hold or do is bounded: its messages wait in a small queue (``Sender``), and
it may send ``TableManager.max_messages_per_second`` (429 over it; 4429 if it keeps on). Foreign origins and
tokens in the address are refused before this module sees the connection (``security.Guard``).
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from gamenight import i18n
from gamenight.i18n import Text

from .errors import TableError
from .language import language_of
from .messages import Outgoing, Shared
from .reading import MAX_MESSAGE, client_of, find_table, manager_of, on_table, parse_json
from .table import Table

HELLO_SECONDS = 10   # a WebSocket says hello (with its token, or none to watch) within this time
MOST_WAITING = 8         # messages waiting for a slow reader before a new state replaces the older ones waiting
MOST_REPLIES = 32        # replies (errors, pongs) waiting for a client that does not read them: then it is closed
BEHIND_SECONDS = 20.0    # a client that has not taken a message for this long while others wait is closed
SLOW_READER = 408        # ... with close code 4408
CLOSE_SECONDS = 5.0      # closing a connection whose client does not answer gives up after this long
# each such message holds everything the one before of its type did
LATEST_ONLY = frozenset({"state", "review", "coach"})
MOST_REFUSED = 20        # messages over the rate limit refused in a row before the connection is closed (4429)
TOO_FAST = Text("too many messages; slow down")
NOT_AN_OBJECT = Text("message must be a JSON object like {example}", example='{"type": "action", "action": "..."}')


async def table_socket(websocket: WebSocket) -> None:
    manager = manager_of(websocket)
    client = client_of(websocket)
    try:
        manager.open_socket(client)
    except TableError as e:   # too many from this address
        await _refuse(websocket, e)
        return
    try:
        await _serve(websocket)
    finally:
        manager.close_socket(client)


async def _serve(websocket: WebSocket) -> None:
    try:
        await find_table(manager_of(websocket), websocket.path_params["table_id"])
    except TableError as e:
        await _refuse(websocket, e)
        return
    await websocket.accept()
    sender = Sender(websocket, language_of(websocket), manager_of(websocket).clock)
    try:
        token = await _hello(websocket)
        table, key = await on_table(manager_of(websocket), websocket.path_params["table_id"], "listen", token,
                                    sender.send)
    except TableError as e:   # no hello, or a token that holds no seat here (or the seat changed hands meanwhile)
        sender.stop()
        await _close(websocket, e)
        return
    except WebSocketDisconnect:
        sender.stop()
        return
    try:
        await _answer_messages(websocket, sender, table, token, table.listeners[key][0], language_of(websocket))
    finally:
        table.unlisten(key)
        sender.stop()


class Sender:
    """Sends a table's messages (and the replies to this client) to one WebSocket, in order, from whichever thread
    changed the table; an error the table sends with its ``text`` is said in the connection's language (and the
    ``text`` stays here: the client gets the documented keys only).

    A table's state (an ``Outgoing``) goes as the change from the state this client was sent last when it follows
    that one, else whole; its text is the same for every connection of the seat, made once.
    A message the same for every connection (a ``Shared``: a reaction) goes as its text, made once for all.

    What waits for a client that reads slowly stays small: once ``MOST_WAITING`` messages wait, a new state (or
    review) replaces the ones of its type still waiting (each holds everything the one before did; the first state
    sent after them then goes whole, as it does not follow the one sent before); more than
    ``MOST_REPLIES`` replies waiting, or a message waiting while the client has not taken the one before for
    ``BEHIND_SECONDS``, closes the connection (4408): a client that stopped reading holds nothing for long."""

    def __init__(self, websocket: WebSocket, lang: str, clock: Callable[[], float] = time.monotonic):
        self.websocket = websocket
        self.lang = lang
        self.clock = clock
        self.loop = asyncio.get_running_loop()
        self.loop_thread = threading.get_ident()
        self.handover = _handover(self.loop)   # messages from other threads come through it
        self.waiting: collections.deque[dict[str, Any]] = collections.deque()
        self.ready = asyncio.Event()
        self.sending_since: float | None = None   # when the message being written began (None: nothing is)
        self.last_state = 0      # the number (``Outgoing.serial``) of the last state message sent
        self.dropped = False
        self.closing: asyncio.Task[None] | None = None
        self.task = asyncio.create_task(self._pump())

    def send(self, message: dict[str, Any]) -> None:
        if message.get("type") == "error" and "text" in message:
            said = i18n.render(Text.from_json(message["text"]), self.lang)
            message = {key: value for key, value in message.items() if key != "text"} | {"error": said}
        if threading.get_ident() == self.loop_thread:
            self.put_on_loop(message)   # no wake-up of the loop through its self-pipe needed
            return
        self.handover.put(self, message)

    def put_on_loop(self, message: dict[str, Any]) -> None:
        if self.dropped:
            return
        kind = message.get("type")
        if kind in LATEST_ONLY and len(self.waiting) >= MOST_WAITING:
            self.waiting = collections.deque(m for m in self.waiting if m.get("type") != kind)
        self.waiting.append(message)
        replies = sum(m.get("type") not in LATEST_ONLY for m in self.waiting)
        behind = self.sending_since is not None and self.clock() - self.sending_since > BEHIND_SECONDS
        if replies > MOST_REPLIES or behind:
            self.drop()
            return
        self.ready.set()

    def drop(self) -> None:
        """Close the connection of a client that stopped reading (4408); nothing more is kept for it."""
        self.dropped = True
        self.waiting.clear()
        self.task.cancel()
        self.closing = asyncio.create_task(self._close(4000 + SLOW_READER))

    def stop(self) -> None:
        self.task.cancel()

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(CLOSE_SECONDS):
                await self.websocket.close(code=code)

    async def _pump(self) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            while True:
                while not self.waiting:
                    self.ready.clear()
                    await self.ready.wait()
                message = self.waiting.popleft()
                if isinstance(message, Outgoing):   # a table's state: its text made once for every connection
                    text = self._text_of(message)
                    if text is None:
                        continue
                    sending = self.websocket.send_text(text)
                elif isinstance(message, Shared):   # the same for every connection (a reaction): encoded once
                    sending = self.websocket.send_text(message.text())
                else:
                    sending = self.websocket.send_json(message)
                self.sending_since = self.clock()
                await sending
                self.sending_since = None

    def _text_of(self, message: Outgoing) -> str | None:
        """A table's state message as it goes to this client: the change from the one it has, if it has the one
        before it, else the whole message; None for one older than the one it has (a broadcast from another thread
        may reach the loop after a later one made on the loop)."""
        if message.serial <= self.last_state:
            return None
        text = message.text_after(self.last_state)
        self.last_state = message.serial
        return text


class _Handover:
    """Messages for the Senders of one event loop, from other threads (the bots' scheduler, the thinking workers'
    answers): one wake-up of the loop takes every message put since the last, in order (a broadcast to many
    connections wakes the loop once, not once per connection)."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.lock = threading.Lock()
        self.waiting: list[tuple[Sender, dict[str, Any]]] = []

    def put(self, sender: "Sender", message: dict[str, Any]) -> None:
        with self.lock:
            self.waiting.append((sender, message))
            if len(self.waiting) > 1:
                return   # a wake-up is on its way already
        try:
            self.loop.call_soon_threadsafe(self._deliver)
        except RuntimeError:   # the server's loop has closed (shutdown): nobody is listening any more
            pass

    def _deliver(self) -> None:
        with self.lock:
            waiting, self.waiting = self.waiting, []
        for sender, message in waiting:
            sender.put_on_loop(message)


_HANDOVERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Handover] = weakref.WeakKeyDictionary()
_HANDOVERS_LOCK = threading.Lock()


def _handover(loop: asyncio.AbstractEventLoop) -> _Handover:
    with _HANDOVERS_LOCK:
        found = _HANDOVERS.get(loop)
        if found is None:
            found = _HANDOVERS[loop] = _Handover(loop)
        return found


async def _answer_messages(websocket: WebSocket, sender: Sender, table: Table, token: str | None,
                           seat: int | None, lang: str) -> None:
    """Read the client's messages until it goes; a reply (an error in ``lang``, a pong) goes back to it alone.
    Messages over the connection's limit (``TableManager.message_limit``) are refused (429); a client that keeps
    on sending over it is closed (4429)."""
    limit = manager_of(websocket).message_limit()
    refused_in_a_row = 0
    try:
        while True:
            try:
                text, problem = await _receive(websocket), None
            except TableError as e:
                text, problem = "", e
            if text is None:
                return
            if not limit.take():
                refused_in_a_row += 1
                if refused_in_a_row > MOST_REFUSED:
                    sender.stop()
                    await _close(websocket, TableError(TOO_FAST, 429))
                    return
                sender.send(TableError(TOO_FAST, 429).message(lang))
                continue
            refused_in_a_row = 0
            if problem is not None:
                sender.send(problem.message(lang))
                continue
            reply = await _handle_on_loop_or_thread(table, token, seat, text, lang)
            if reply is not None:
                sender.send(reply)
    except WebSocketDisconnect:
        return


async def _refuse(websocket: WebSocket, e: TableError) -> None:
    await websocket.accept()
    await _close(websocket, e)


async def _close(websocket: WebSocket, e: TableError) -> None:
    await websocket.send_json(e.message(language_of(websocket)))
    await websocket.close(code=e.close_code)


def _error(text: Text, lang: str, status: int = 400) -> dict[str, Any]:
    return TableError(text, status).message(lang)


async def _hello(websocket: WebSocket) -> str | None:
    """The first message: ``{"type": "hello", "token": ...}`` (no token: to watch). Returns the token."""
    try:
        text = await asyncio.wait_for(_receive(websocket), HELLO_SECONDS)
    except asyncio.TimeoutError:
        raise TableError(Text("say hello within {seconds} s: {hello}", seconds=HELLO_SECONDS,
                              hello='{"type": "hello", "token": ...}'), 408) from None
    if text is None:
        raise WebSocketDisconnect()
    data = parse_json(text, "message")
    if not isinstance(data, dict) or data.get("type") != "hello":
        raise TableError(Text("the first message must be {hello} (no token to watch)",
                              hello='{"type": "hello", "token": "<your seat token>"}'))
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise TableError(Text("token must be text"))
    return token or None


async def _receive(websocket: WebSocket) -> str | None:
    """The next client message as text; None when the client has gone; TableError for a frame over
    ``MAX_MESSAGE`` bytes (413) or bytes that are not UTF-8 (400)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        raw = message.get("bytes") or b""
        if len(raw) > MAX_MESSAGE:
            raise TableError(Text("message over {most} bytes refused", most=MAX_MESSAGE), 413)
        try:
            text = raw.decode()
        except UnicodeDecodeError:
            raise TableError(NOT_AN_OBJECT) from None
    if len(text.encode()) > MAX_MESSAGE:
        raise TableError(Text("message over {most} bytes refused", most=MAX_MESSAGE), 413)
    return str(text)


async def _handle_on_loop_or_thread(table: Table, token: str | None, seat: int | None,
                                    text: str, lang: str) -> dict[str, Any] | None:
    # A table of people only has no bot to think, so an action is a fraction of a millisecond (engine, one
    # SQLite commit, the messages): done right here on the event loop. A thread hop per action costs more
    # than the action itself under load (threads queue for the GIL and the storage lock, each wake-up
    # waits out a GIL switch interval). With paced bots (bot_delay > 0) an action only queues the bots' next
    # move, so it is as cheap. Tables whose bots answer at once, or whose lock another thread holds (a bot
    # thinking), use a thread. On a database several servers share, the action's write is one statement to the
    # database server (a few tenths of a millisecond): still cheaper on the loop than a thread hop (measured with
    # benchmarks/web_load.py --compare at 300 tables: p99 0.1 s on the loop, 0.66 s through threads).
    quick = table.bot_delay > 0 or not any(s["kind"] == "bot" for s in table.seats)
    if quick and table.lock.acquire(blocking=False):
        try:
            return _handle_client_message(table, token, seat, text, lang)
        finally:
            table.lock.release()
    reply: dict[str, Any] | None = await run_in_threadpool(_handle_client_message, table, token, seat, text, lang)
    return reply


def _handle_client_message(table: Table, token: str | None, seat: int | None, text: str,
                           lang: str) -> dict[str, Any] | None:
    """Act on one client message; the reply (an error in ``lang``, a pong) goes to that client only."""
    try:
        data = parse_json(text, "message")
    except TableError as e:
        return e.message(lang)
    if not isinstance(data, dict):
        return _error(NOT_AN_OBJECT, lang)
    kind = data.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind == "react":
        try:
            table.react(token if seat is not None else None, data.get("reaction"))
        except TableError as e:
            return e.message(lang)
        return None
    if kind not in ("action", "next"):
        return _error(Text("unknown message type {kind}; send {example}", kind=repr(kind),
                           example='{"type": "action", "action": "..."}'), lang)
    if seat is None:
        return _error(Text("spectators may not act"), lang, 403)
    try:
        if kind == "next":   # "next hand": the hand's end has been seen
            table.next_hand(token)
        else:
            table.act(token, data.get("action"), data.get("seat"), data.get("version"))
    except TableError as e:
        return e.message(lang)
    return None
