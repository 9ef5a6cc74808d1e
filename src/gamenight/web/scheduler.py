"""One thread that runs what a server's tables have due later: paced bot moves, and a bot taking the turn of a
person who is gone. Jobs are small (one move each), so tables take turns fairly."""
from __future__ import annotations

import heapq
import itertools
import logging
import math
import threading
import time
from typing import Callable

log = logging.getLogger("gamenight.web")
# tables nobody watches get at most this share of the thread's time, counted over windows of this many seconds:
# the rest is the event loop's (the GIL) and the watched tables'
BACKGROUND_SHARE = 0.25
BACKGROUND_WINDOW = 0.1

_TICKETS = itertools.count(1)   # the tickets of tables' queued jobs, unique in the process


def next_ticket() -> int:
    """A new ticket (never 0) for a job a table queues: the table keeps the ticket of the one that counts, and a job
    whose ticket is no longer kept does nothing when it comes (a bot move or a pause's end queued in its place)."""
    return next(_TICKETS)


class BotScheduler:
    """A timer heap of ``(due, sequence, callback)`` jobs and the thread that runs each when it is due.

    A job may be ``background`` (a table nobody watches, playing on by itself): background jobs run only when no
    foreground job is due, and for at most ``BACKGROUND_SHARE`` of the time, so a thousand such tables never delay
    the moves people are waiting for nor keep the thread (and the interpreter lock) to themselves. ``stop`` leaves
    no thread behind (tests create many apps); jobs still queued stay queued and run if the scheduler starts again.

    For tests, ``clock`` is injectable and ``threaded=False`` starts no thread at all: the test moves its clock and
    calls ``run_due``, which runs what is due in the test's own thread, so nothing depends on how fast the machine
    is."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, threaded: bool = True):
        self.clock = clock
        self.threaded = threaded
        self._jobs: list[tuple[float, int, Callable[[], None]]] = []
        self._background: list[tuple[float, int, Callable[[], None]]] = []
        self._sequence = itertools.count()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._window_start = clock()      # the background jobs' share: the current window and its time spent
        self._window_spent = 0.0

    def schedule(self, delay: float, callback: Callable[[], None], background: bool = False) -> None:
        self._push(self._background if background else self._jobs, self.clock() + max(0.0, delay), callback)

    def first(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` before anything else that is due (in the order such calls came), even bot moves that are
        late: what another server says about a table (``shared``) must not wait behind this server's own work."""
        self._push(self._jobs, -math.inf, callback)

    def _push(self, heap: list[tuple[float, int, Callable[[], None]]], due: float,
              callback: Callable[[], None]) -> None:
        with self._cond:
            sequence = next(self._sequence)
            heapq.heappush(heap, (due, sequence, callback))
            if self._thread is None and not self._stopping:
                self._start_thread()
            if heap[0][1] == sequence:   # the thread waits for the first job due: only an earlier one wakes it
                self._cond.notify()

    def run_due(self, limit: int = 1_000_000) -> int:
        """Run every job that is due (and those they queue that are due at once), in this thread; how many ran."""
        for ran in range(limit):
            if not self.run_next():
                return ran
        raise RuntimeError(f"more than {limit} jobs were due at once")

    def run_next(self) -> bool:
        """Run the one job due first, in this thread; False if none is due."""
        with self._cond:
            due = self._next_due()
        if not isinstance(due, tuple):
            return False
        self._run_job(*due)
        return True

    def _run_job(self, callback: Callable[[], None], background: bool) -> None:
        started = self.clock()
        try:
            callback()
        finally:
            if background:
                with self._cond:
                    self._window_spent += self.clock() - started

    def pending(self) -> int:
        with self._cond:
            return len(self._jobs) + len(self._background)

    def _next_due(self) -> tuple[Callable[[], None], bool] | float | None:
        # called with the lock held: a due job and whether it is a background one (foreground first, background
        # within its share of the time), else seconds until one may run, else None
        now = self.clock()
        waits = []
        if self._jobs:
            wait = self._jobs[0][0] - now
            if wait <= 0:
                return heapq.heappop(self._jobs)[2], False
            waits.append(wait)
        if self._background:
            if now - self._window_start >= BACKGROUND_WINDOW:
                self._window_start, self._window_spent = now, 0.0
            wait = self._background[0][0] - now
            if self._window_spent >= BACKGROUND_WINDOW * BACKGROUND_SHARE:
                wait = max(wait, self._window_start + BACKGROUND_WINDOW - now)
            if wait <= 0:
                return heapq.heappop(self._background)[2], True
            waits.append(wait)
        return min(waits) if waits else None

    def _run(self) -> None:
        while True:
            with self._cond:
                while True:
                    if self._stopping:
                        return
                    due = self._next_due()
                    if isinstance(due, tuple):
                        break
                    self._cond.wait(due)
            try:
                self._run_job(*due)
            except Exception:  # one table's failure must not stop every other table's bots
                log.exception("a scheduled move failed")

    def _start_thread(self) -> None:
        if not self.threaded:
            return
        self._thread = threading.Thread(target=self._run, name="gamenight-bots", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread (waiting for a job in progress to finish); queued jobs stay for ``start``."""
        with self._cond:
            self._stopping = True
            thread, self._thread = self._thread, None
            self._cond.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def start(self) -> None:
        with self._cond:
            self._stopping = False
            if self._thread is None and (self._jobs or self._background):
                self._start_thread()
