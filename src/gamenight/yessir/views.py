"""What a seat of YESSIR! may know: the view's type (:class:`YessirView`, every field documented in
docs/games/yessir.md, "Views") and how a state builds it.

Every fact that takes a rule to work out is here, made by the engine: each visible hand's category, description
and combination (``hands.hand_facts``), what each turn action would leave on the luck die, where a pip change
would move the die. The pages and the terminal only draw them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from ..core.game import copy_json
from ..core.views import View
from .described import described
from .hands import hand_facts, roll_facts
from .phases import OVER, PHASE_NAMES, PIP, TURNS

if TYPE_CHECKING:
    from .state import YessirState


class HandView(TypedDict):
    """One hand (two personal dice with the three shared ones), as the engine ranks it."""

    best_five: list[int]      # the five dice, highest first
    combination: list[int]    # the dice that make its category, highest first (all five: straights, full house...)
    category: str             # the rank words: "one pair", "full house", ...
    description: str          # "one pair of 5s (total 10, kickers 6-4-1)"
    says: dict[str, Any]      # the description as a Text's JSON, for a reader of any language (Text.from_json)


class PipFaces(TypedDict):
    """Where each answer to a pip-change reroll leaves the rerolled die (6 up is 1, 1 down is 6)."""

    keep: int
    up: int
    down: int


#: the public table as a move found it, as a state keeps it: the shared dice, every seat's luck, and the bits of
#: the seats locked (their e) and of those that had said Yessir since the last a, b or c
Seen = tuple[tuple[int, ...], tuple[int, ...], int, int]


class TableBefore(TypedDict):
    """The public table as one move of the round's log found it (everyone saw it)."""

    shared: list[int]       # the three shared dice, left to right
    luck: list[int]         # every seat's luck die
    locked: list[bool]      # every seat: rerolled blind this round
    passed: list[bool]      # every seat: said Yessir since the last paid reroll


def flags(bits: int, players: int) -> list[bool]:
    """Every seat's flag from a state's bits (bit p: seat p), as the views and saved states give them."""
    return [bool(bits >> p & 1) for p in range(players)]


def table_before(seen: Seen, players: int) -> TableBefore:
    """One kept :data:`Seen` as the views give it."""
    shared, luck, locked, passed = seen
    return {"shared": list(shared), "luck": list(luck), "locked": flags(locked, players),
            "passed": flags(passed, players)}


class _RevealFacts(TypedDict):
    roller: int
    shared: list[int]
    dice: list[list[int]]           # every seat's two dice
    hands: list[list[int]]          # every seat's five dice, highest first
    categories: list[str]           # every hand's rank words
    descriptions: list[str]         # every hand's description
    ranking: list[int]              # the seats, best hand first
    places: list[int]               # each seat's place (1 = best; equal hands share a place)
    winner: int | None              # None: the best hands tied, nobody won the round
    tied: list[int]                 # the seats tied for best when nobody won
    wins: list[int]                 # round wins after this round
    luck: list[int]                 # luck after this round


class RoundRecord(_RevealFacts):
    """A reveal as the state keeps it (and writes it in ``to_json``)."""

    round: int


class RevealView(_RevealFacts):
    """A reveal as the views give it: the round's number as ``hand_number``, each hand's combination, and its
    description as a Text's JSON."""

    hand_number: int
    combinations: list[list[int]]   # the dice of each seat's combination, highest first
    says: list[dict[str, Any]]      # every hand's description as a Text's JSON, for a reader of any language


class YessirView(View):
    """``state.view(seat)`` of YESSIR!: the envelope (:class:`gamenight.View`; ``hand_number`` is the round,
    ``phase`` is ``turns``, ``pip`` or ``over``) and these."""

    roller: int                     # who rolled this round (and played first)
    shared: list[int]               # the three shared dice, left to right
    dice: list[int] | None          # the seat's own two dice; None for a spectator and after the seat's blind reroll
    blind: bool                     # the seat rerolled blind this round (its dice are hidden from it too)
    hand: HandView | None           # the seat's hand now, while the round runs and its dice are seen; else None
    luck: list[int]                 # every seat's luck die
    wins: list[int]                 # every seat's round wins
    scores: list[int]               # the same as wins
    rounds_to_win: int
    locked: list[bool]              # every seat: rerolled blind, no more turns this round
    passed: list[bool]              # every seat: said Yessir since the last paid reroll
    pip_die: int | None             # the pip phase: the shared die (0..2) rerolled to the same face; else None
    pip_faces: PipFaces | None      # the pip phase: the face each answer leaves; else None
    luck_after: dict[str, int]      # the turns: each legal action's luck afterwards for the player to move; else {}
    last_round: RevealView | None   # the last reveal (None before the first)
    before: list[TableBefore]       # the public table as each action of ``log`` found it


def build_view(state: YessirState, seat: int | None) -> YessirView:
    """What ``seat`` may know (``None``: a spectator): the shared dice, every luck die, mat and lock, the round's
    public actions, and the seat's own dice and hand unless it rerolled them blind (action e)."""
    game = state.game
    n = game.num_players
    locked, passed, phase = state.locked, state.passed, state.phase
    over = phase == OVER
    own = seat is not None and not over and not locked >> seat & 1
    dice = None if seat is None or (not own and not over) else list(state.dice[seat])
    start = state.round_start
    return {
        "game": "yessir", "seat": seat, "players": n, "rules": dict(game.rules_dict),
        "hand_number": state.round_no, "roller": state.roller, "current_player": None if over else state.current,
        "phase": PHASE_NAMES[phase],
        "shared": list(state.shared),
        "dice": dice,
        "blind": seat is not None and not over and not own,
        "hand": _hand(state, dice) if own and dice is not None else None,
        "luck": list(state.luck), "wins": list(state.wins), "scores": list(state.wins),
        "rounds_to_win": game.rules.rounds_to_win,
        "locked": flags(locked, n),
        "passed": flags(passed, n),
        "pip_die": state.pip_die if phase == PIP else None,
        "pip_faces": _pip_faces(state) if phase == PIP else None,
        "luck_after": game.luck_after[state.luck[state.current]].copy() if phase == TURNS else {},
        "log": [[p, a.text] for p, a in zip(state.actors[start:], state.history[start:])],
        "previous_log": [[p, text] for p, text in state.previous_log()],
        "log_described": described(state.history[start:]),
        "previous_log_described": described(state.history[state.prev_round_start:start]),
        "before": [table_before(x, n) for x in state.seen],
        "last_round": reveal_view(state),
        "is_over": over, "winners": list(state.winner_seats),
    }


def _hand(state: YessirState, dice: list[int]) -> HandView:
    s0, s1, s2 = state.shared
    d0, d1 = dice
    index = ((((s0 - 1) * 6 + s1 - 1) * 6 + s2 - 1) * 6 + d0 - 1) * 6 + d1 - 1  # hands.roll_index, inlined
    facts = roll_facts(index, state.game.rules.tiebreak_sum)
    return {"best_five": list(facts.best_five), "combination": list(facts.combination), "category": facts.category,
            "description": facts.description, "says": facts.says.to_json()}


def _pip_faces(state: YessirState) -> PipFaces:
    face = state.shared[state.pip_die]
    return {"keep": face, "up": face % 6 + 1, "down": (face - 2) % 6 + 1}


def reveal_view(state: YessirState) -> RevealView | None:
    """The last reveal as the views give it, a new copy; made from the kept record once per reveal."""
    made = state.reveal_template()
    return None if made is None else _copy_reveal(made)


def make_reveal_view(record: RoundRecord, mode: str) -> RevealView:
    """The view's form of a kept reveal (the caller copies it before handing it out)."""
    shown: dict[str, Any] = {("hand_number" if k == "round" else k): v for k, v in record.items()}
    facts = [hand_facts(h, mode) for h in record["hands"]]
    shown["combinations"] = [list(f.combination) for f in facts]
    shown["says"] = [f.says.to_json() for f in facts]
    return shown  # type: ignore[return-value]  # RoundRecord's keys, "round" renamed, and the combinations


def _copy_reveal(m: RevealView) -> RevealView:
    """A copy sharing nothing that can change (written out field by field: views are built very often)."""
    return {"hand_number": m["hand_number"], "roller": m["roller"], "shared": list(m["shared"]),
            "dice": [list(d) for d in m["dice"]], "hands": [list(h) for h in m["hands"]],
            "categories": list(m["categories"]), "descriptions": list(m["descriptions"]),
            "ranking": list(m["ranking"]), "places": list(m["places"]), "winner": m["winner"], "tied": list(m["tied"]),
            "wins": list(m["wins"]), "luck": list(m["luck"]), "combinations": [list(c) for c in m["combinations"]],
            "says": copy_json(m["says"])}


def round_record(shown: RevealView) -> RoundRecord:
    """The kept form of a reveal a view shows (``sample_state`` rebuilds a state from a view)."""
    kept: dict[str, Any] = {("round" if k == "hand_number" else k): copy_json(v) for k, v in shown.items()
                            if k not in ("combinations", "says")}
    return kept  # type: ignore[return-value]  # RevealView's keys, the counter renamed back, less the combinations
