"""YESSIR!/JATAK!, the hold'em dice game with a luck die (RULES.md section C)."""
from ..core.registry import register_game
from . import bots  # noqa: F401  (registers the YESSIR! bots)
from .actions import YessirAction
from .hands import compare_hands, hand_key, rank_roll
from .rules import YessirRules
from .state import YessirGame, YessirState

register_game(YessirGame)

__all__ = ["YessirAction", "YessirGame", "YessirRules", "YessirState", "compare_hands", "hand_key", "rank_roll"]
