"""YESSIR!/JATAK!, the hold'em dice game with a luck die (docs/games/yessir.md).

Modules: ``rules`` (options and presets), ``actions`` (the notation and action kinds), ``phases``, ``state`` (the
game and a match's state: the roll, one handler per phase, the reveal), ``hands`` (ranking five dice), ``views``
(what a seat may know: ``YessirView``), ``deal`` (a first round set up by hand), ``bots`` (the heuristic).
"""
from ..core.registry import register_game
from . import bots  # noqa: F401  (registers the YESSIR! bots)
from .actions import YessirAction
from .hands import compare_hands, hand_key, rank_roll
from .rules import YessirRules
from .state import YessirGame, YessirState
from .views import YessirView

register_game(YessirGame)

__all__ = ["YessirAction", "YessirGame", "YessirRules", "YessirState", "YessirView", "compare_hands", "hand_key",
           "rank_roll"]
