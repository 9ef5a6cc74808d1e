"""How the terminal shows a game: one renderer per game, which the game names.

A game gets its own look by naming a module in its ``Game.RENDERER`` (``"gamenight.cli.render.<name>"``) that
defines ``class Renderer`` (a no-argument constructor, a :class:`Renderer`). Subclassing :class:`GenericRenderer`
is the easy way: override what you want, the rest falls back to a plain dump of the view. Every method takes a view
(``state.view(seat)``, or ``state.view(None)`` for spectators) and returns text that may contain Rich
markup (``[red]...[/red]``; escape literal brackets with ``gamenight.cli.console.escape``; without Rich
the markup is taken out and the text printed plain):

``table(view) -> str``
    What the seat sees now: its hand, the table, every player's public facts, scores, whose turn.
``action_label(action_text, view, described=None) -> str``
    The menu label of one legal action (``action_text`` is its name, ``str(action)``; ``described`` the engine's
    record of it, ``game.describe(action)``, which the renderer draws from: renderers never read the notation).
``hand_order(view) -> list[str]``
    The seat's cards in the order ``table`` shows them; the menu lists the moves on them (discards, knocks) in
    that order. The generic one: the view's ``hand`` as it is.
``hand_summary(view) -> str | None``
    Called just after a hand/round ended (``state.hands_played`` changed, or the match ended) with the
    view after it; the summary of the hand that just finished, or None when there is nothing to say.
``match_summary(view) -> str``
    Called once when the match is over: the final scores and the winners.

Card games may use :mod:`gamenight.cli.render.cards` for suit symbols and red suits.
"""
from __future__ import annotations

import importlib
from typing import Any, Protocol

from ...core.errors import RulesError
from ...core.game import Game
from ...core.registry import game_class
from .generic import GenericRenderer

__all__ = ["GenericRenderer", "Renderer", "get_renderer"]


class Renderer(Protocol):
    """What draws a game's views in the terminal (the methods above)."""

    def table(self, view: Any) -> str: ...
    def action_label(self, action_text: str, view: Any, described: Any = None) -> str: ...
    def move_text(self, move: Any) -> str | None: ...
    def hand_order(self, view: Any) -> list[str]: ...
    def hand_summary(self, view: Any) -> str | None: ...
    def match_summary(self, view: Any) -> str: ...


def get_renderer(game: Game[Any, Any] | str) -> Renderer:
    """The renderer of ``game`` (a game or its name): the ``Renderer()`` of the module its ``RENDERER`` names, else
    the generic one."""
    try:
        module_name = (game_class(game) if isinstance(game, str) else game).RENDERER
    except RulesError:   # not a game: shown plainly
        module_name = None
    if module_name is None:
        return GenericRenderer()
    renderer: Renderer = importlib.import_module(module_name).Renderer()
    return renderer
