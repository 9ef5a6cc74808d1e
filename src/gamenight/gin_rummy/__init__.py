"""Gin Rummy (docs/games/gin_rummy.md)."""
from ..core.registry import register_game
from . import bots  # noqa: F401  (registers the Gin Rummy bots)
from .actions import GinAction
from .rules import GinRummyRules
from .state import GinRummyGame, GinRummyState
from .views import GinRummyView

register_game(GinRummyGame)

__all__ = ["GinAction", "GinRummyGame", "GinRummyRules", "GinRummyState", "GinRummyView"]
