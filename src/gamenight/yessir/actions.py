"""YESSIR! actions and their notation (docs/games/yessir.md, "Action notation"; rules J6, J9).

==========  ======================================================================  ==========
notation    meaning                                                                 luck
==========  ======================================================================  ==========
``a1``      reroll shared die 1 (``a2``, ``a3``: die 2, die 3, counted from the left)  -1
``b``       reroll all three shared dice                                             -2
``c``       reroll both personal dice and look at them                               -2
``d``       say "Yessir!" (pass); ``yessir`` and ``pass`` are read too                0
``e``       reroll both personal dice blind; take no more turns this round           +1
``keep``    (pip change) keep the rerolled die as it fell                             0
``up``      (pip change) move it one pip up, 6 becomes 1; ``+1`` is read too          0
``down``    (pip change) move it one pip down, 1 becomes 6; ``-1`` is read too        0
==========  ======================================================================  ==========

The ten actions have fixed dense ids 0..9 in the order above.
"""
from __future__ import annotations

from enum import IntEnum

from ..core.errors import IllegalAction
from ..core.game import Action
from ..core.text import Text


class Kind(IntEnum):
    """What an action does: the five turn actions (J6), then the three answers to a pip-change reroll (J9)."""

    REROLL_ONE = 0     # a1, a2, a3
    REROLL_SHARED = 1  # b
    REROLL_OWN = 2     # c
    YESSIR = 3         # d
    BLIND = 4          # e
    KEEP = 5
    UP = 6
    DOWN = 7


# module-level aliases: the engine and the bot compare kinds on their hot paths
REROLL_ONE, REROLL_SHARED, REROLL_OWN, YESSIR, BLIND, KEEP, UP, DOWN = Kind
KIND_LETTERS = ("a", "b", "c", "d", "e", "keep", "up", "down")
# Luck change of each kind (J6): a costs 1, b and c cost 2, e gains 1.
LUCK_DELTA = (-1, -2, -2, 0, 1, 0, 0, 0)


class YessirAction(Action):
    """``kind`` is a :class:`Kind`; ``die`` the shared die position 0..2 for ``a`` (else -1)."""

    __slots__ = ("kind", "die", "luck_delta")

    def __init__(self, id: int, text: str, kind: Kind, die: int = -1):
        super().__init__(id, text)
        self.kind = kind
        self.die = die
        self.luck_delta = LUCK_DELTA[kind]


ACTIONS: tuple[YessirAction, ...] = (
    YessirAction(0, "a1", REROLL_ONE, 0),
    YessirAction(1, "a2", REROLL_ONE, 1),
    YessirAction(2, "a3", REROLL_ONE, 2),
    YessirAction(3, "b", REROLL_SHARED),
    YessirAction(4, "c", REROLL_OWN),
    YessirAction(5, "d", YESSIR),
    YessirAction(6, "e", BLIND),
    YessirAction(7, "keep", KEEP),
    YessirAction(8, "up", UP),
    YessirAction(9, "down", DOWN),
)
A1, A2, A3, B, C, D, E, PIP_KEEP, PIP_UP, PIP_DOWN = ACTIONS
REROLL_ONE_ACTIONS = (A1, A2, A3)
TURN_ACTIONS = (A1, A2, A3, B, C, D, E)
PIP_ACTIONS = (PIP_KEEP, PIP_UP, PIP_DOWN)

_BY_TEXT = {a.text: a for a in ACTIONS}
_BY_TEXT.update({"a 1": A1, "a 2": A2, "a 3": A3, "yessir": D, "yessir!": D, "pass": D, "+1": PIP_UP,
                 "-1": PIP_DOWN, "+": PIP_UP, "-": PIP_DOWN, "0": PIP_KEEP})


def parse(text: object) -> YessirAction:
    if isinstance(text, YessirAction):
        return text
    if not isinstance(text, str):
        raise IllegalAction(Text("{action} is not an action", action=repr(text)))
    found = _BY_TEXT.get(" ".join(text.strip().lower().split()))
    if found is None:
        raise IllegalAction(Text("cannot read action {action}: write a1, a2 or a3 (reroll one shared die), b (all "
                                 "shared dice), c (your dice), d (Yessir!), e (your dice blind), or keep/up/down "
                                 "after a pip-change reroll", action=repr(text)))
    return found
