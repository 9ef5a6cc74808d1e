"""The game-agnostic core: cards, seeded chance, options, the Game/State contract, records, errors."""
from .checks import is_whole_number, whole_number
from .errors import GameError, IllegalAction, RulesError
from .game import RECORD_FORMAT, Action, Game, State
from .guide import Example, Guide, Picture, Section
from .match import play_match
from .options import Rules, option, rules_dataclass
from .record import replay, replay_steps
from .registry import Bot, bots_for, games, make, make_bot, register_bot, register_game
from .rng import Rng
from .text import N_, Text, nText
from .views import Described, ScoreSheet, SheetRow, View

__all__ = ["N_", "RECORD_FORMAT", "Action", "Bot", "Described", "Example", "Game", "GameError", "Guide",
           "IllegalAction", "Picture", "Section", "Text", "nText", "Rng", "Rules", "RulesError", "ScoreSheet",
           "SheetRow", "State", "View",
           "bots_for", "games", "make", "make_bot", "option", "play_match", "register_bot", "register_game", "replay",
           "replay_steps", "rules_dataclass", "is_whole_number", "whole_number"]
