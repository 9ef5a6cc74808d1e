"""Game reviews at a web table: once the match is over, a person seated at it may ask for the expert's review of
their own seat's decisions (``POST /api/tables/{id}/review``), as chess sites review a game.

The table replays its own record, in its own process, to list the seat's decisions (where more than one move was
legal); each is judged in the thinking workers as a job of its own (``thinking.Job`` with ``played``): the seat's
view at that decision, the legal moves' notation, the move played, a fresh random seed and the budget. The state,
and the cards the seat did not see, never leave the table's process. The decisions go one at a time, so a review
never fills the workers that the bots' moves and the hints need.

A review is kept in memory with its table, per seat, for that match: asking again gives the same review, finished
or still going (a failed one starts again). At most one review is worked out at a time per table, and at most
``ReviewSlots.most`` on the whole server (one per thinking worker).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import gamenight


@dataclass(frozen=True)
class Decision:
    """A decision to judge: where in the history it came (``index``), the seat's view then, its legal moves and the
    move played (notation)."""
    index: int
    view: dict[str, Any]
    legal: tuple[str, ...]
    played: str
    legal_described: tuple[Any, ...] = ()   # each legal move described (``game.describe``), in the same order


def decisions_of(game: gamenight.Game[Any, Any], seed: int, actions: list[Any], seat: int) -> list[Decision]:
    """The match dealt from ``seed`` replayed through ``actions``: each decision of ``seat`` with a choice."""
    state = game.new(seed=seed)
    found = []
    for index, action in enumerate(actions):
        legal = state.legal_actions()
        if state.current_player == seat and len(legal) > 1:
            found.append(Decision(index, dict(state.view(seat)), tuple(str(a) for a in legal), str(action),
                                  tuple(game.describe(a) for a in legal)))
        state.apply(action)
    return found


class ReviewSlots:
    """How many reviews the whole server works out at once: a review takes a slot when it starts and gives it back
    when it ends (finished, or failed)."""

    def __init__(self, most: int):
        self.most = most
        self.taken = 0
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            if self.taken >= self.most:
                return False
            self.taken += 1
            return True

    def give_back(self) -> None:
        with self._lock:
            self.taken = max(0, self.taken - 1)


class SeatReview:
    """One seat's review of a finished match as it goes: its decisions (None while they are being listed) and the
    judgements come so far, in order."""

    def __init__(self, seat: int):
        self.seat = seat
        self.decisions: list[Decision] | None = None
        self.judged: list[dict[str, Any]] = []
        self.failed = False

    @property
    def running(self) -> bool:
        return not self.failed and (self.decisions is None or len(self.judged) < len(self.decisions))

    def next_decision(self) -> Decision | None:
        """The next decision to judge; None when there is none left (or the review failed)."""
        if not self.running or self.decisions is None:
            return None
        return self.decisions[len(self.judged)]

    def add(self, decision: Decision, answer: Any) -> None:
        """The worker's judgement of ``decision`` (None: it could not be worked out, and the review fails)."""
        if not isinstance(answer, dict) or answer.get("played") != decision.played:
            self.failed = True
            return
        # the page names the moves as its buttons did then: it gets the seat's own view and legal moves of then
        self.judged.append({**answer, "index": decision.index, "view": decision.view, "legal": list(decision.legal),
                            "legal_described": list(decision.legal_described)})

    def message(self) -> dict[str, Any]:
        """What the person's pages receive: ``status`` ("running", "done" or "failed") and the decisions judged of
        the ``total``; once done, every decision (``review()``'s, with the seat's view and legal moves then) and
        the summary (accuracy, the count of each verdict)."""
        total = len(self.decisions) if self.decisions is not None else 0
        status = "failed" if self.failed else "running" if self.running else "done"
        message: dict[str, Any] = {"type": "review", "seat": self.seat, "status": status, "done": len(self.judged),
                                   "total": total}
        if status == "done":
            message["decisions"] = self.judged
            message["summary"] = gamenight.review_summary(self.judged, [self.seat])[0]
        return message
