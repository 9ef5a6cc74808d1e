"""The game-agnostic core: cards, deals, seeded chance, options, the Game/State contract and a game's facts, records,
errors."""
from .checks import is_whole_number, whole_number
from .encoding import Encoding
from .errors import GameError, IllegalAction, RulesError
from .game import RECORD_FORMAT, Action, Game, State, Utility
from .guide import Example, Guide, GuideWriter, Picture, Section
from .match import play_match
from .options import Rules, option, rules_dataclass
from .record import GameRecord, replay, replay_steps
from .registry import Bot, bots_for, games, make, make_bot, register_bot, register_game
from .rng import Rng
from .text import N_, Text, nText
from .views import Described, ScoreSheet, SheetRow, View

__all__ = ["N_", "RECORD_FORMAT", "Action", "Bot", "Described", "Encoding", "Example", "Game", "GameError",
           "GameRecord", "Guide", "GuideWriter", "IllegalAction", "Picture", "Section", "Text", "nText", "Rng", "Rules",
           "RulesError", "ScoreSheet", "SheetRow", "State", "Utility", "View",
           "bots_for", "games", "make", "make_bot", "option", "play_match", "register_bot", "register_game", "replay",
           "replay_steps", "rules_dataclass", "is_whole_number", "whole_number"]
