"""The phases of a YESSIR! round (docs/games/yessir.md): the turns (J6-J8), the answer to a pip-change reroll
(J9), and the finished match. A round's roll and reveal happen inside the action that starts or ends it."""
from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    TURNS = 0   # the player to move takes one of the actions a-e
    PIP = 1     # the same player answers a same-face reroll: keep, up or down
    OVER = 2    # the match is over


# The state keeps its phase as the member's int and compares it with these aliases on every action (an IntEnum
# compares measurably slower than an int); each phase's name as the views and the JSON state write it.
TURNS, PIP, OVER = (int(p) for p in Phase)
PHASE_NAMES = tuple(p.name.lower() for p in Phase)
