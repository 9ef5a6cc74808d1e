"""A table's history: the state after any number of its actions, replayed from the nearest kept checkpoint.

Replaying one action costs 5-10 us, so a table keeps at most ``CHECKPOINTS`` states (one every ``SPACING`` actions
or more, kept evenly spaced) and answers any step from the nearest one before it."""
from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

CHECKPOINTS = 16
SPACING = 64


class History:
    """Checkpoints of one match; ``start`` makes the match's first state (a new one each call)."""

    def __init__(self, start: Callable[[], Any]):
        self._start = start
        self._lock = threading.Lock()
        self._checkpoints: dict[int, Any] = {}   # step -> the state after that many actions (never handed out)

    def state_at(self, step: int, actions: Sequence[Any], played: int) -> Any:
        """A new state after ``actions[:step]``; ``played`` is how many actions the match has now (the spacing of
        the checkpoints grows with it)."""
        with self._lock:
            checkpoints = self._checkpoints
            base = max((k for k in checkpoints if k <= step), default=None)
            if base is None:
                base, state = 0, self._start()
                checkpoints[0] = state.clone()
            else:
                state = checkpoints[base].clone()
            spacing = max(SPACING, played // CHECKPOINTS)
            for number in range(base, step):
                state.apply(actions[number])
                if (number + 1) % spacing == 0 and number + 1 not in checkpoints:
                    self._keep(number + 1, state.clone())
            return state

    def kept(self) -> list[int]:
        """The steps it keeps a state of, in order."""
        with self._lock:
            return sorted(self._checkpoints)

    def _keep(self, step: int, state: Any) -> None:
        # called with the lock held
        checkpoints = self._checkpoints
        if len(checkpoints) >= CHECKPOINTS:
            # forget the checkpoint whose neighbours are closest: the spacing stays even
            keys = sorted(checkpoints)
            del checkpoints[min(zip(keys[1:], keys), key=lambda pair: pair[0] - pair[1])[0]]
        checkpoints[step] = state
