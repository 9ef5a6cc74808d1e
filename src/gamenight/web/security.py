"""Only this site's own pages drive it: the checks every request and WebSocket passes before any route sees it.

``Guard`` is the app's outermost middleware (plain ASGI, so WebSockets and streamed bodies pass untouched). It
- refuses a token in the address (``token`` or ``host_token``, however the name is written: ``%74oken``,
  ``TOKEN``), on every route and the WebSocket alike: addresses are written to logs (400; WebSocket: 4400);
- refuses a foreign ``Origin``: a WebSocket opened by another site's page (4403), a POST sent from one (403). The
  site's own origin is the request's (its scheme and ``Host``), plus any ``--allow-origin``. A request without an
  ``Origin`` header (a program, not a browser) is served;
- accepts a POST's body only as ``application/json`` (415 otherwise), so no other site's HTML form can create
  tables or take seats from a visitor's browser (forms can only send the other types);
- adds ``SECURITY_HEADERS`` to every answer: pages, static files, the API, errors.

>>> names_a_token(b"step=2&%74oken=abc")
True
>>> names_a_token(b"lang=fr")
False
>>> same_origin("http://127.0.0.1:8000", "http", "127.0.0.1:8000")
True
>>> same_origin("http://evil.example", "http", "127.0.0.1:8000")
False
"""
from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamenight.i18n import Text

from .errors import TableError
from .language import language_of

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                           "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),   # a table's address is a capability: it is never sent to another site
]
TOKEN_NAMES = frozenset({"token", "host_token"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}

ADDRESS_TOKEN = Text("a token never goes in the address (addresses are written to logs): send it in the "
                     "X-Seat-Token header, or on a WebSocket in the first message {hello}",
                     hello='{"type": "hello", "token": ...}')
FOREIGN_ORIGIN = Text("only this site's own pages may do that (the request came from another site's page)")
NOT_JSON_BODY = Text("send the request body as JSON, with the header Content-Type: application/json")


def query_name(name: str) -> str:
    """A query parameter's name as it is compared: decoded already, then NFKC, case-folded and trimmed."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def names_a_token(query_string: bytes) -> bool:
    """Whether an address's query names a token, however the name is written."""
    text = query_string.decode("latin-1")
    return any(query_name(name) in TOKEN_NAMES for name, _ in parse_qsl(text, keep_blank_values=True))


def _origin_parts(scheme: str, netloc: str) -> tuple[str, str, int | None] | None:
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").lower()
    return (scheme, host, port or DEFAULT_PORTS.get(scheme)) if host else None


def same_origin(origin: str, scheme: str, host: str) -> bool:
    """Whether the browser's ``Origin`` header names the site the request was sent to (``scheme``: the request's,
    ``ws`` and ``wss`` counted as ``http`` and ``https``; ``host``: its Host header)."""
    scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    try:
        told = urlsplit(origin.strip())
    except ValueError:
        return False
    theirs = _origin_parts(told.scheme.lower(), told.netloc) if told.scheme and told.netloc else None
    return theirs is not None and theirs == _origin_parts(scheme, host)


def normal_origin(origin: str) -> str:
    """An ``--allow-origin`` URL as browsers send it: ``scheme://host[:port]`` (ValueError: not such a URL)."""
    parts = urlsplit(origin.strip())
    parsed = _origin_parts(parts.scheme.lower(), parts.netloc) if parts.scheme in DEFAULT_PORTS else None
    if parsed is None or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"not a site's origin (scheme://host[:port]): {origin!r}")
    return origin.strip().rstrip("/").lower()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def is_json(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


class Guard:
    """The outermost middleware: the refusals above, then the app, with ``SECURITY_HEADERS`` on every answer."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()):
        self.app = app
        self.allowed_origins = frozenset(normal_origin(o) for o in allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None and scope["type"] == "websocket":
            await _refuse_socket(scope, receive, send, refusal)
        elif refusal is not None:
            await _refuse_request(scope, send, refusal)
        elif scope["type"] == "http":
            await self.app(scope, receive, _with_headers(send))
        else:
            await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> TableError | None:
        """What is wrong with the request before any route reads it, or None."""
        if names_a_token(scope.get("query_string", b"")):
            return TableError(ADDRESS_TOKEN)
        writes = scope["type"] == "websocket" or scope.get("method", "GET") not in SAFE_METHODS
        if not writes:
            return None
        origin = _header(scope, b"origin")
        if origin is not None and not self.allowed(origin, scope):
            return TableError(FOREIGN_ORIGIN, 403)
        if scope["type"] == "http" and not _json_or_empty(scope):
            return TableError(NOT_JSON_BODY, 415)
        return None

    def allowed(self, origin: str, scope: Scope) -> bool:
        host = _header(scope, b"host") or _server_address(scope)
        return same_origin(origin, scope.get("scheme", "http"), host) or origin.strip().lower() in self.allowed_origins


def _server_address(scope: Scope) -> str:
    server = scope.get("server") or ("", None)
    return f"{server[0]}:{server[1]}" if server[1] else str(server[0])


def _json_or_empty(scope: Scope) -> bool:
    """A body typed as JSON, or no body at all (nothing a form could send)."""
    content_type = _header(scope, b"content-type")
    if content_type is not None:
        return is_json(content_type)
    return _header(scope, b"transfer-encoding") is None and (_header(scope, b"content-length") or "0").strip() == "0"


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            present = {name.lower() for name, _ in message.get("headers", ())}
            extra = [(name, value) for name, value in SECURITY_HEADERS if name not in present]
            message = {**message, "headers": [*message.get("headers", ()), *extra]}
        await send(message)
    return sending


async def _refuse_request(scope: Scope, send: Send, refusal: TableError) -> None:
    body = json.dumps({"error": refusal.said_in(language_of(HTTPConnection(scope)))}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               *SECURITY_HEADERS]
    if scope.get("method", "GET") not in SAFE_METHODS:   # its body is not read: the connection closes after this
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _refuse_socket(scope: Scope, receive: Receive, send: Send, refusal: TableError) -> None:
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    error = refusal.message(language_of(HTTPConnection(scope)))
    await send({"type": "websocket.send", "text": json.dumps(error)})
    await send({"type": "websocket.close", "code": refusal.close_code})
