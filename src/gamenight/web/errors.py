"""The refusals a client hears: a message saying what was wrong, and the HTTP status it maps to."""
from __future__ import annotations


class TableError(Exception):
    """A request the server refuses; ``status`` is the HTTP status it maps to (WebSocket: close code 4000 + it)."""

    def __init__(self, message: str, status: int = 400, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.headers = headers or {}


class TableGone(TableError):
    """The table object was put away (a finished table nobody watched) just before this call: the caller asks
    the manager again, which loads it from storage."""

    def __init__(self) -> None:
        super().__init__("the table was just put away; try again", 503)
