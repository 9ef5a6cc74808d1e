"""Thunee's phases, special calls and last-trick calls, and which phase each move of a hand's log was made in.

A hand runs through these phases (see docs/games/thunee.md; the deal itself is chance inside the state):

  weak     T9: every seat (dealer's right first) may demand a redeal of a weak hand, or pass
  trip     T32 (6 players): the dealer may declare Trip
  calling  T11: the call protocol
  trump    T12: the trumper lays a trump card face down
  blind    B4 (blind_thunee): Blind Thunee / Blind Royals before the last cards are dealt
  special  T16/T33: Thunee (Royals, Mooney) may be called, trumper first
  play     T19-T21, with Double (T26) and Kanak (T27) on the last trick
  jodi     T23: after a won trick, the winning team's members may declare Jodi, the winner first
"""
from __future__ import annotations

from enum import IntEnum

from .rules import ThuneeRules


class Phase(IntEnum):
    WEAK = 0
    TRIP = 1
    CALLING = 2
    TRUMP = 3
    BLIND = 4
    SPECIAL = 5
    JODI = 6
    PLAY = 7
    OVER = 8


PHASE_NAMES = ("weak", "trip", "calling", "trump", "blind", "special", "jodi", "play", "over")


class Special(IntEnum):
    """The hand's special call, if any (T16-T18, T32-T33, B4)."""
    NONE = 0
    THUNEE = 1
    ROYALS = 2
    BLIND_THUNEE = 3
    BLIND_ROYALS = 4
    TRIP = 5
    MOONEY = 6


SPECIAL_NAMES = (None, "thunee", "royals", "blind thunee", "blind royals", "trip", "mooney")
# must win every trick; play stops at the first trick lost
SOLO = (Special.THUNEE, Special.ROYALS, Special.BLIND_THUNEE, Special.BLIND_ROYALS, Special.MOONEY)
ROYALS_CALLS = (Special.ROYALS, Special.BLIND_ROYALS)


class FinalCall(IntEnum):
    """A call made with a card of the last trick (T26-T28)."""
    NONE = 0
    DOUBLE = 1
    KANAK = 2


FINAL_NAMES = (None, "double", "kanak")


def phases_of_log(log: list[list[object]], rules: ThuneeRules, players: int) -> list[Phase]:
    """The phase each move of this hand's ``log`` (``[seat, text]`` pairs, as the state keeps it) was made in.

    The windows of a hand come in a fixed order and ask a fixed number of seats (the weak-hand window every
    seat, one or none; 6 players: the dealer about Trip; the calls up to the trump card; Blind Thunee every
    seat until one calls; the Thunee window likewise), so the log alone says which window a ``pass`` closed.
    The state records the phase of each move as it is made; this rebuilds it for a state read from JSON."""
    texts = [str(entry[1]) for entry in log]
    out: list[Phase] = []
    i = 0
    weak = {"any_player": players, "trumper_only": 1, "off": 0}[rules.weak_hand_redeal]

    def take(phase: Phase, count: int) -> None:
        nonlocal i
        end = min(i + count, len(texts))
        out.extend([phase] * (end - i))
        i = end

    take(Phase.WEAK, weak)
    if players == 6 and i < len(texts):
        take(Phase.TRIP, 1)
        if texts[i - 1] == "trip":
            take(Phase.PLAY, len(texts))
            return out
    while i < len(texts) and not texts[i].startswith("trump "):
        take(Phase.CALLING, 1)
    take(Phase.TRUMP, 1)
    special = False
    if rules.blind_thunee:
        special = _window(texts, out, i, players, Phase.BLIND)
        i = len(out)
    if not special:
        _window(texts, out, i, players, Phase.SPECIAL)
        i = len(out)
    for text in texts[i:]:
        out.append(Phase.JODI if text == "pass" or text.startswith("jodi ") else Phase.PLAY)
    return out


def _window(texts: list[str], out: list[Phase], start: int, players: int, phase: Phase) -> bool:
    """Every seat asked in turn until one calls: the moves of such a window; True if one called."""
    for text in texts[start:start + players]:
        out.append(phase)
        if text != "pass":
            return True
    return False
