"""The errors every game raises. Both are ValueErrors so callers can catch either broadly.

Their message may be a :class:`~gamenight.core.text.Text`, so the web and terminal can say it in the reader's
language (``error.text``); ``str(error)`` is the English.

>>> from gamenight.core.text import Text
>>> error = IllegalAction(Text("{action} is not legal now", action="knock 7h"))
>>> str(error), error.text.template
('knock 7h is not legal now', '{action} is not legal now')
"""
from __future__ import annotations

from typing import Any

from .text import Text, as_text


class GameError(ValueError):
    """An error a person may read: ``text`` is its message as a Text (``str(error)`` the English)."""

    def __init__(self, message: str | Text = "", *args: Any) -> None:
        self.text = as_text(message)
        super().__init__(str(message), *args)


class IllegalAction(GameError):
    """An action that is malformed or not legal in the current state.

    The message names what was wrong and what is legal; the state is left unchanged.
    """


class RulesError(GameError):
    """An unknown option, a bad option value, an unknown preset, or an impossible table."""
