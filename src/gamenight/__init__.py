"""gamenight: traditional games with exact rules, for people and programs.

>>> import gamenight
>>> game = gamenight.make("yaniv", players=3, yaniv_limit=7)
>>> state = game.new(seed=7)
>>> state.current_player
0
>>> state.apply(state.legal_actions()[0]).current_player
0
"""
from .bots.levels import bot_labels, bots_by_level, friendly_bot
from .bots.review import hint, judge, review
from .bots.review import summarize as review_summary
from .core import (
    RECORD_FORMAT,
    Action,
    Bot,
    Game,
    GameRecord,
    IllegalAction,
    Rng,
    Rules,
    RulesError,
    ScoreSheet,
    SheetRow,
    State,
    View,
    bots_for,
    games,
    is_whole_number,
    make,
    make_bot,
    play_match,
    replay,
    replay_steps,
    whole_number,
)
from .core.coach import Advice, Coach, CoachedHand
from .core.registry import bot_doc, bot_options

__version__ = "0.1.0"
__all__ = ["RECORD_FORMAT", "Action", "Advice", "Coach", "CoachedHand", "Bot", "Game", "GameRecord", "IllegalAction",
           "Rng", "Rules", "RulesError", "ScoreSheet", "SheetRow", "State", "View", "bot_doc", "bot_labels",
           "bot_options", "bots_by_level", "bots_for", "friendly_bot", "games", "hint", "is_whole_number", "judge",
           "make", "make_bot", "play_match", "replay", "replay_steps", "review", "review_summary", "whole_number"]
