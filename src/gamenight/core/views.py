"""What every game's view holds, whatever the game: the envelope each game's own view type extends.

A view is what one seat may know (``state.view(seat)``; ``None``: a spectator), as JSON-serialisable data that
belongs to the caller. Besides these fields each game adds its own (see its ``View`` type and its docs page).
"""
from __future__ import annotations

from typing import Any, TypedDict


class Described(TypedDict):
    """What one action does, as data a reader draws from (``game.describe(action)``), so that no client reads
    the notation again. ``kind`` is the game's word for what the action does ("discard", "draw", "call", ...);
    each game's own record type adds the cards or dice involved, what they stand as, the target, the amount
    (see its docs page, "Actions described"). The notation stays the action's name; this only says what it is."""
    kind: str


class View(TypedDict):
    game: str                       # the game's name, as ``gamenight.games()`` lists it
    seat: int | None                # whose view this is (None: a spectator's)
    players: int
    rules: dict[str, Any]           # the rules, as ``game.rules.to_dict()``
    phase: str                      # the game's phase, by its name
    current_player: int | None      # the seat to act (None once the match is over)
    is_over: bool
    winners: list[int]              # the winning seats, once the match is over
    hand_number: int                # the hand (deal, round) being played, counted from 1
    log: list[list[Any]]            # this hand's moves as this seat may see them: [seat, text] each
    previous_log: list[list[Any]]   # the last hand's moves, likewise ([] during the first hand)
    log_described: list[Any]        # each move of ``log`` described (``game.describe``), as this seat may know it
    previous_log_described: list[Any]  # each move of ``previous_log`` described, likewise


class SheetRow(TypedDict):
    """One finished hand (deal, round) on the score sheet; each list has one entry per column."""
    hand: int                        # the hand's number, as the views' hand_number counted it
    points: list[int | None]         # what the column scored in the hand (None: it no longer played)
    totals: list[int | None]         # the column's total after the hand (None: out of the match)
    marks: list[list[str]]           # what happened to the column, by the game's mark names (``SHEET_MARKS``)


class ScoreSheet(TypedDict):
    """The match's score sheet: a row per finished hand, public to everyone (``state.score_sheet()``)."""
    columns: list[list[int]]         # the seats each column scores for: [[0], [1]], or a team's seats
    unit: str                        # what the points count: "points", "balls" or "rounds"
    low_wins: bool                   # True when the lower total is the better one (Yaniv)
    marks: dict[str, str]            # each mark name the game uses, with its meaning in words
    rows: list[SheetRow]
