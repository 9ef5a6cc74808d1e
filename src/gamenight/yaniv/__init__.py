"""Yaniv: the rules are in docs/games/yaniv.md."""
from ..core.registry import register_game
from . import bots  # noqa: F401  (registers the Yaniv bots)
from .actions import YanivAction
from .rules import YanivRules
from .state import YanivGame, YanivState

register_game(YanivGame)

__all__ = ["YanivAction", "YanivGame", "YanivRules", "YanivState"]
