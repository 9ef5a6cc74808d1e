"""Thunee: the game, its rules options, its actions and bots (docs/games/thunee.md)."""
from ..core.registry import register_game
from . import bots  # noqa: F401  (registers the Thunee bots)
from .actions import ThuneeAction
from .rules import ThuneeRules
from .state import ThuneeGame, ThuneeState

register_game(ThuneeGame)

__all__ = ["ThuneeAction", "ThuneeGame", "ThuneeRules", "ThuneeState"]
