"""The refusals a client hears: a message saying what was wrong, and the HTTP status it maps to.

The message is a :class:`~gamenight.i18n.Text` (a plain string is taken as it is): ``str(error)`` is the
English, and ``error.said_in(lang)`` the message in a person's language, as the answers give it.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from gamenight import i18n
from gamenight.i18n import Text

AS_IS = "{text}"   # a plain message: shown as it is (a variable, so the catalogs do not take it for a message)


class TableError(Exception):
    """A request the server refuses; ``status`` is the HTTP status it maps to (WebSocket: close code 4000 + it)."""

    def __init__(self, message: str | Text, status: int = 400, headers: dict[str, str] | None = None):
        super().__init__(str(message))
        self.text = message if isinstance(message, Text) else Text(AS_IS, text=message)
        self.status = status
        self.headers = headers or {}

    def said_in(self, lang: str) -> str:
        """The message in ``lang``."""
        return i18n.render(self.text, lang)

    def message(self, lang: str) -> dict[str, Any]:
        """The WebSocket message of this refusal, in ``lang``: ``{"type": "error", "error", "status"}``."""
        return {"type": "error", "error": self.said_in(lang), "status": self.status}

    @property
    def close_code(self) -> int:
        """The WebSocket close code of a refused connection: 4000 + the status."""
        return 4000 + self.status


class TableGone(TableError):
    """The table object was put away (a finished table nobody watched) just before this call: the caller asks
    the manager again, which loads it from storage."""

    def __init__(self) -> None:
        super().__init__(Text("the table was just put away; try again"), 503)


CHANGED_ELSEWHERE = Text("the table changed on another server just now, so nothing changed: look again, and try again")
# a change refused because another server changed the table first is asked again, on the caught-up copy, this often
RETRIES = 3


class ChangedElsewhere(TableError):
    """Another server on the shared database changed the table first: this change did not happen (this server has
    caught up meanwhile, so asking again checks the change against the table as it is now)."""

    def __init__(self) -> None:
        super().__init__(CHANGED_ELSEWHERE, 409)


P = ParamSpec("P")
R = TypeVar("R")


def asked_again_if_changed_elsewhere(method: Callable[P, R]) -> Callable[P, R]:
    """A change of the table that another server's change beat to the database is asked again (up to RETRIES times):
    each time on the caught-up copy, so it is checked against the table as it is now (an action chosen at an older
    version is then refused as usual)."""
    @functools.wraps(method)
    def again(*args: P.args, **kwargs: P.kwargs) -> R:
        for _ in range(RETRIES):
            try:
                return method(*args, **kwargs)
            except ChangedElsewhere:
                continue
        return method(*args, **kwargs)
    return again
