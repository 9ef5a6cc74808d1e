"""Scoring a Gin Rummy hand (G10, G14, D4) and how its points were counted, in words.

The state calls :func:`hand_score` when the defender says ``done``; views carry :func:`score_text` for the last
hand, so the pages and the terminal print the engine's sum instead of working it out themselves.
"""
from __future__ import annotations

from typing import Any

from ..core.text import Text
from .rules import GinRummyRules

#: the points of a hand's margin that count as a clear one, about a gin or undercut bonus: the Gin expert's
#: ``margin_scale``, and the scale of the learned value's margin head (``value``)
CLEAR_MARGIN = 25.0


def hand_score(rules: GinRummyRules, big: bool, knocker: int, k: int, d: int,
               first_upcard: int) -> tuple[str, int | None, int, bool]:
    """``(result, scorer, points, doubled)`` of a knocked hand: ``k`` is the knocker's deadwood, ``d`` the
    defender's, ``big`` a declared big gin; ``scorer`` is None for a drawn hand (G10)."""
    defender = 1 - knocker
    result: str
    scorer: int | None
    if big:
        result, scorer, points = "big_gin", knocker, d + (rules.big_gin_bonus or 0)
    elif k == 0:
        result, scorer, points = "gin", knocker, d + rules.gin_bonus
    elif k < d:
        result, scorer, points = "knock", knocker, d - k
    elif k == d and not rules.tie_is_undercut:
        result, scorer, points = "draw", None, 0
    else:
        result, scorer, points = "undercut", defender, k - d + rules.undercut_bonus
    doubled = rules.oklahoma_spades_double and first_upcard < 13  # D4: a spade first upcard
    if doubled:
        points *= 2
    return result, scorer, points, doubled


def score_text(summary: dict[str, Any], rules: GinRummyRules) -> Text | None:
    """How a hand's points were counted (``summary`` is a hand's ``last_hand``), as a Text for a reader of any
    language, e.g. ``"45 − 3"`` or ``"(12 + gin bonus 25) × 2 for a spade upcard"`` in English; None for a dead
    hand."""
    result = summary["result"]
    if result == "dead":
        return None
    kd, dd = summary["knocker_deadwood"], summary["defender_deadwood"]
    if result == "gin":
        line = Text("{deadwood} + gin bonus {bonus}", deadwood=dd, bonus=rules.gin_bonus)
    elif result == "big_gin":
        line = Text("{deadwood} + big gin bonus {bonus}", deadwood=dd, bonus=rules.big_gin_bonus)
    elif result == "knock":
        line = Text("{defender} − {knocker}", defender=dd, knocker=kd)
    elif result == "undercut":
        line = (Text("{knocker} − {defender} + undercut bonus {bonus}", knocker=kd, defender=dd,
                     bonus=rules.undercut_bonus) if kd > dd
                else Text("tie at {deadwood}: undercut bonus {bonus}", deadwood=kd, bonus=rules.undercut_bonus))
    else:
        line = Text("tie at {deadwood}: nobody scores", deadwood=kd)
    if summary.get("doubled"):
        line = Text("({line}) × 2 for a spade upcard", line=line)
    return line
