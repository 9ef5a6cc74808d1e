"""How the terminal shows a game: one renderer per game, found by name.

A game ``<name>`` gets its own look by adding ``src/gamenight/cli/render/<name>.py`` defining
``class Renderer`` (a no-argument constructor). Subclassing :class:`GenericRenderer` is the easy way:
override what you want, the rest falls back to a plain dump of the view. Every method takes a view
(``state.view(seat)``, or ``state.view(None)`` for spectators) and returns text that may contain Rich
markup (``[red]...[/red]``; escape literal brackets with ``gamenight.cli.console.escape``; without Rich
the markup is taken out and the text printed plain):

``table(view) -> str``
    What the seat sees now: its hand, the table, every player's public facts, scores, whose turn.
``action_label(action_text, view, described=None) -> str``
    The menu label of one legal action (``action_text`` is its name, ``str(action)``; ``described`` the engine's
    record of it, ``game.describe(action)``, which the renderer draws from: renderers never read the notation).
``hand_summary(view) -> str | None``
    Called just after a hand/round ended (``state.hands_played`` changed, or the match ended) with the
    view after it; the summary of the hand that just finished, or None when there is nothing to say.
``match_summary(view) -> str``
    Called once when the match is over: the final scores and the winners.

Card games may use :mod:`gamenight.cli.render.cards` for suit symbols and red suits.
"""
from __future__ import annotations

import importlib
import importlib.util

from .generic import GenericRenderer

__all__ = ["GenericRenderer", "get_renderer"]


def get_renderer(game_name: str) -> GenericRenderer:
    """The renderer for ``game_name``: ``render/<game_name>.py``'s ``Renderer()``, else the generic one."""
    module_name = f"{__name__}.{game_name}"
    if game_name.isidentifier() and importlib.util.find_spec(module_name) is not None:
        renderer: GenericRenderer = importlib.import_module(module_name).Renderer()
        return renderer
    return GenericRenderer()
