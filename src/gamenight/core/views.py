"""What every game's view holds, whatever the game: the envelope each game's own view type extends.

A view is what one seat may know (``state.view(seat)``; ``None``: a spectator), as JSON-serialisable data that
belongs to the caller. Besides these fields each game adds its own (see its ``View`` type and its docs page).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypedDict, TypeVar


class Described(TypedDict):
    """What one action does, as data a reader draws from (``game.describe(action)``), so that no client reads
    the notation again. ``kind`` is the game's word for what the action does ("discard", "draw", "call", ...);
    each game's own record type adds the cards or dice involved, what they stand as, the target, the amount
    (see its docs page, "Actions described"). The notation stays the action's name; this only says what it is."""
    kind: str


class Named(Protocol):
    """An action as the record makers key it: by its notation (every table spells an action the same way)."""
    @property
    def text(self) -> str: ...


A = TypeVar("A", bound=Named)
R = TypeVar("R")


class RecordMakers(Generic[A, R]):
    """A game's action records, each made anew when asked for (a record belongs to its caller) from parts kept
    by notation: views are built at every bot decision, so an action is worked out into its maker once.

    ``make(action)`` gives the maker of ``action``'s record; ``kept``: makers known in advance by a log's text
    that is no action's notation (a face-down card, as the seats that may not see it read it)."""

    def __init__(self, make: Callable[[A], Callable[[], R]], kept: dict[str, Callable[[], R]] | None = None):
        self._make = make
        self._makers: dict[str, Callable[[], R]] = dict(kept or {})

    def maker(self, action: A) -> Callable[[], R]:
        """What makes ``action``'s record (worked out the first time, then kept)."""
        maker = self._makers.get(action.text)
        if maker is None:
            maker = self._makers[action.text] = self._make(action)
        return maker

    def describe(self, action: A) -> R:
        """``action`` described, in a new record the caller owns."""
        return self.maker(action)()

    def of_text(self, text: str, parse: Callable[[str], A]) -> R:
        """The record of a log's ``text`` (a kept text, or an action's notation, read by ``parse``)."""
        maker = self._makers.get(text)
        return (maker or self.maker(parse(text)))()


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
