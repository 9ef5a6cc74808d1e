"""The table as text for ``render_mode="ansi"``: the terminal's drawing of the spectators' view, without its markup,
so it never shows a card or die that any seat keeps hidden."""
from __future__ import annotations

from typing import Any

from ..core.game import Game
from ..core.views import View


def spectator_text(game: Game[Any, Any], view: View) -> str:
    """``view`` (a spectator's: ``state.view(None)``) drawn as the terminal draws it, as plain text."""
    from ..cli.console import plain
    from ..cli.render import get_renderer

    current = view["current_player"]
    note = ("the match is over" if current is None else f"player_{current} to act") + " (spectator's view)"
    return plain(get_renderer(game.name).table(view)) + "\n" + note + "\n"


def render(game: Game[Any, Any], view: View, mode: str | None) -> str | None:
    """What an environment's ``render()`` gives in ``mode``: ``"ansi"``, the spectators' ``view`` as text
    (:func:`spectator_text`); ``"human"``, the same text printed (None); no mode, a warning (None)."""
    if mode is None:
        import gymnasium
        gymnasium.logger.warn("render() was called without a render_mode (give render_mode='ansi' or 'human')")
        return None
    text = spectator_text(game, view)
    if mode == "human":
        print(text)
        return None
    return text
