"""Game records: ``{game, players, rules, seed, actions}``, replayed exactly."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, NotRequired, TypedDict

from .errors import IllegalAction
from .game import RECORD_FORMAT, Action, State
from .registry import make
from .text import Text


class GameRecord(TypedDict):
    """A game record, as ``state.record()`` gives it and a record file holds it: replaying ``actions`` from
    ``seed`` on the table ``game``, ``players`` and ``rules`` describe gives the same state again."""
    game: str                                        # the game's name, as ``gamenight.games()`` lists it
    seed: int
    actions: list[str]                               # every action, in notation
    format: NotRequired[int]                         # RECORD_FORMAT (records from before formats have none: 1)
    players: NotRequired[int | None]                 # None or absent: the game's default
    rules: NotRequired[dict[str, Any] | str | None]  # ``rules.to_dict()``, or a preset's name
    deal: NotRequired[dict[str, Any] | None]         # the first hand, when it was set up by hand


#: a step of a replay: its number (from 1), the seat that acted (None: chance), the action, the state after it
Step = tuple[int, int | None, Action, State[Any, Any]]


def _start(record: GameRecord | dict[str, Any] | str) -> tuple[GameRecord | dict[str, Any], State[Any, Any]]:
    """The record as a dict, and the state its game starts from."""
    if isinstance(record, str):
        record = json.loads(record)
    if not isinstance(record, dict):
        raise ValueError("not a game record: expected a JSON object")
    missing = [k for k in ("game", "seed", "actions") if k not in record]
    if missing:
        raise ValueError(f"not a game record: missing {', '.join(missing)}")
    version = record.get("format", 1)
    if version != RECORD_FORMAT:
        raise ValueError(f"this record is of format {version!r}; this version of gamenight replays format "
                         f"{RECORD_FORMAT} records")
    game = make(record["game"], players=record.get("players"), rules=record.get("rules"))
    return record, game.new(seed=record["seed"], deal=record.get("deal"))


def _steps(record: GameRecord | dict[str, Any], state: State[Any, Any]) -> Iterator[Step]:
    for number, text in enumerate(record["actions"], 1):
        seat = state.current_player
        try:
            state.apply(text)
        except IllegalAction as e:
            raise IllegalAction(Text("record step {number} ({action}): {error}", number=number, action=text,
                                     error=e.text)) from None
        yield number, seat, state.history[-1], state


def replay_steps(record: GameRecord | dict[str, Any] | str) -> Iterator[Step]:
    """Replay a record step by step: yields ``(number, seat, action, state_after)``.

    The same state object is updated in place; clone it to keep a snapshot. An illegal step raises
    IllegalAction naming its number.
    """
    record, state = _start(record)
    yield from _steps(record, state)


def replay(record: GameRecord | dict[str, Any] | str) -> State[Any, Any]:
    """Replay a record (a dict or its JSON text) and return the final state."""
    record, state = _start(record)
    for _ in _steps(record, state):
        pass
    return state
