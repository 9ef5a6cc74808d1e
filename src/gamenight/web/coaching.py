"""The expert's help at a table: a hint at a person's turn (the expert's best moves from their view), and, once the
match is over, a review of a person's own decisions, judged one by one by the thinking workers (see ``reviews``).
Both think from the seat's view only, with a chance of their own, so they tell nothing the seat could not see.
"""
from __future__ import annotations

import functools
import logging
import secrets
from typing import TYPE_CHECKING, Any

from gamenight.i18n import Text

from .errors import TableError
from .reviews import Decision, SeatReview, decisions_of
from .thinking import Job, Thinkers

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("gamenight.web")
HINT_MOVES = 3            # a hint shows the expert's best moves, this many


class Coach:
    """Hints and reviews at the table; owns whether a hint is being worked out, and each seat's review."""

    def __init__(self, table: Table):
        self.table = table
        self._hinting = False                    # a hint is being worked out
        self._reviews: dict[int, SeatReview] = {}   # seat -> its review of this match (once it is over)

    # ---- hints -----------------------------------------------------------------------------------
    def hint_job(self, token: object) -> Job:
        """What the expert thinks about for the token's person's hint: their view at their turn, never the state.
        One hint at a time per table (a hostile player cannot fill the workers); ``hint_done`` frees it."""
        table = self.table
        with table.lock:
            seat = table.seat_of(token)
            if not table.settings.hints:
                raise TableError(Text("hints are off at this table"), 403)
            if table.state.current_player != seat:
                raise TableError(Text("a hint is for your turn, and it is not your turn"), 409)
            if self._hinting:
                raise TableError(Text("a hint is already being worked out at this table"), 429)
            self._hinting = True
            # the hint's chance is its own (not the table's seed): it tells nothing the seat's view does not
            game, state = table.game, table.state
            return Job(game.name, game.num_players, game.rules.to_dict(), "expert",
                       dict(state.view(seat)), tuple(str(a) for a in state.legal_actions()),
                       secrets.token_hex(16), table.think_iterations, top=HINT_MOVES)

    def hint_done(self) -> None:
        with self.table.lock:
            self._hinting = False

    # ---- game reviews (see ``reviews``) -------------------------------------------------------------------
    def review(self, token: object, seat: object = None) -> dict[str, Any]:
        """The token's person's review of their own decisions in this finished match: started now if they have none
        (or theirs failed), else the one they have, finished or still going (``SeatReview.message``)."""
        table = self.table
        with table.lock:
            own = self._review_seat(token, seat)
            review = self._reviews.get(own)
            if review is not None and not review.failed:
                return review.message()
            if any(r.running for r in self._reviews.values()):
                raise TableError(Text("a review is already being worked out at this table; try again when it is "
                                      "done"), 429)
            if not table.review_slots.take():
                raise TableError(Text("the server is reviewing as many games as it can at once; try again in a "
                                      "minute"), 429)
            review = self._reviews[own] = SeatReview(own)
            actions = list(table.state.history)
        try:   # the record replayed outside the lock: the table answers meanwhile
            review.decisions = decisions_of(table.game, table.stored.seed, actions, own)
        except BaseException:
            with table.lock:
                del self._reviews[own]
            table.review_slots.give_back()
            raise
        with table.lock:
            table.audience.tell_seat(own, review.message())
        self._judge_next(review)
        return review.message()

    def review_of(self, token: object) -> dict[str, Any]:
        """The token's person's review as it stands (``"status": "none"`` when they have not asked for one)."""
        with self.table.lock:
            own = self._review_seat(token, None)
            review = self._reviews.get(own)
            return review.message() if review else {"type": "review", "seat": own, "status": "none"}

    def reviewing(self) -> bool:
        """Whether a review is being worked out here (the manager does not put the table away meanwhile)."""
        with self.table.lock:
            return any(r.running for r in self._reviews.values())

    def _review_seat(self, token: object, seat: object) -> int:
        # called with the lock held: the person's own seat, once the match is over
        table = self.table
        own = table.seat_of(token)
        if seat is not None and table.seating.check_seat(seat) != own:
            raise TableError(Text("your seat is {own}; you may review only your own game", own=own), 403)
        if not table.state.is_over:
            raise TableError(Text("a review is for when the match is over"), 409)
        return own

    def _judge_next(self, review: SeatReview) -> None:
        """The review's next decision goes to the workers; with none left (or the review failed), it ends."""
        table = self.table
        with table.lock:
            decision = review.next_decision()
        if decision is None:
            table.review_slots.give_back()
            return
        # the judgement's chance is its own (not the table's seed): it tells nothing the seat's view does not
        game = table.game
        job = Job(game.name, game.num_players, game.rules.to_dict(), "expert", decision.view,
                  decision.legal, secrets.token_hex(16), table.think_iterations, played=decision.played)
        done = functools.partial(self._judgement_came, review, decision)
        (table.thinkers or Thinkers(0)).submit_off_thread(job, done, f"review {table.table_id}")

    def _judgement_came(self, review: SeatReview, decision: Decision, answer: Any) -> None:
        # in a worker's callback thread: the rest is done on the scheduler, as a bot's move is
        self.table.scheduler.schedule(0.0, functools.partial(self._judged, review, decision, answer))

    def _judged(self, review: SeatReview, decision: Decision, answer: Any) -> None:
        """A decision's judgement has come: kept, the person's pages hear of the progress, the next one goes."""
        table = self.table
        with table.lock:
            review.add(decision, answer)
            if review.failed:
                log.error("table %s: the review of seat %s failed at action %s", table.table_id, review.seat,
                          decision.index)
            table.audience.tell_seat(review.seat, review.message())
        self._judge_next(review)
