"""Game records: ``{game, players, rules, seed, actions}``, replayed exactly."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .errors import IllegalAction
from .game import RECORD_FORMAT, Action, State
from .registry import make
from .text import Text


def _start(record: dict[str, Any] | str) -> tuple[dict[str, Any], State[Any, Any]]:
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


def _steps(record: dict[str, Any], state: State[Any, Any]) -> Iterator[tuple[int, int | None, Action, State[Any, Any]]]:
    for number, text in enumerate(record["actions"], 1):
        seat = state.current_player
        try:
            state.apply(text)
        except IllegalAction as e:
            raise IllegalAction(Text("record step {number} ({action}): {error}", number=number, action=text,
                                     error=e.text)) from None
        yield number, seat, state.history[-1], state


def replay_steps(record: dict[str, Any] | str) -> Iterator[tuple[int, int | None, Action, State[Any, Any]]]:
    """Replay a record step by step: yields ``(number, seat, action, state_after)``.

    The same state object is updated in place; clone it to keep a snapshot. An illegal step raises
    IllegalAction naming its number.
    """
    record, state = _start(record)
    yield from _steps(record, state)


def replay(record: dict[str, Any] | str) -> State[Any, Any]:
    """Replay a record (a dict or its JSON text) and return the final state."""
    record, state = _start(record)
    for _ in _steps(record, state):
        pass
    return state
