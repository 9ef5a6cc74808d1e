"""Search bots think in worker processes, so a second of search at one table never holds up another.

A search bot's move, a person's hint and each decision of a game review are jobs: a game (name, players, rules), the
bot and its budget, the seat's **view** and the legal moves' notation (and, to judge a decision, the move played),
and the rng's seed. Only the view crosses to the worker: the state, and the cards it hides, never leave the table's
process. A job's answer comes back to a callback in a pool thread; the table then commits the move on the server's
scheduler, if the position is still the one the bot thought about.

``Thinkers(workers=0)`` thinks inline, in the caller's thread (tests, and a server run with ``--think-workers 0``).
"""
from __future__ import annotations

import concurrent.futures as cf
import logging
import multiprocessing
import os
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import gamenight

log = logging.getLogger("gamenight.web")


def thinks(bot: str) -> bool:
    """Whether ``bot`` searches (takes a budget), and so plays in the worker pool."""
    return "iterations" in gamenight.bot_options(bot)


@dataclass(frozen=True)
class Job:
    """What a worker needs to choose, to hint or to judge a decision: never the state."""
    game: str
    players: int
    rules: dict[str, Any]
    bot: str
    view: dict[str, Any]
    legal: tuple[str, ...]
    seed: str
    iterations: int | None = None
    top: int = 0          # 0: choose a move; n: the n best moves with their estimates (a hint)
    played: str = ""      # the move played (notation): the expert judges it (a decision of a game review)
    advise: bool = False  # the coach's advice at this decision (a coached table): ``Advice.to_json()``


_GAMES: dict[tuple[str, int, str], Any] = {}


def run_job(job: Job) -> Any:
    """In a worker: the bot's move (its notation), the hint's best moves ``[{"action", "win", "value"}]``, the
    judgement of the move played (``gamenight.judge``), or the coach's advice (``Advice.to_json()``; ``iterations``
    None: the coach's own budget)."""
    key = (job.game, job.players, repr(sorted(job.rules.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = gamenight.make(job.game, players=job.players, rules=job.rules)
    legal = [game.parse_action(text) for text in job.legal]
    rng = random.Random(job.seed)
    view = cast(gamenight.View, job.view)
    if job.advise:
        return game.coach(iterations=job.iterations).advice(view, legal).to_json()
    if job.played:
        return gamenight.judge(game, view, legal, game.parse_action(job.played), rng, iterations=job.iterations)
    if job.top:
        return gamenight.hint(game, view, legal, rng, iterations=job.iterations, top=job.top)
    options = {} if job.iterations is None else {"iterations": job.iterations}
    return str(gamenight.make_bot(job.bot, game, **options).choose(view, legal, rng))


class Thinkers:
    """The worker pool (started at its first job, so a server whose tables have no search bot starts none)."""

    def __init__(self, workers: int | None = None):
        self.workers = max(1, os.cpu_count() or 1) if workers is None else workers
        if not isinstance(self.workers, int) or self.workers < 0:
            raise ValueError(f"workers must be a whole number >= 0, not {workers!r}")
        self._pool: cf.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def submit(self, job: Job, done: Callable[[Any], None]) -> None:
        """Think about ``job``; ``done(answer)`` is called with the answer, or with None if the job failed."""
        if self.workers == 0:
            done(_guarded(job))
            return
        try:
            future = self._executor().submit(run_job, job)
        except (cf.BrokenExecutor, RuntimeError, OSError) as e:
            # the pool broke (a worker was killed) or cannot start: a new one next time; this job thinks here
            log.error("the thinking workers failed (%s: %s); thinking in this thread", type(e).__name__, e)
            self.close()
            done(_guarded(job))
            return
        future.add_done_callback(lambda f: done(_answer(f, job)))

    def _executor(self) -> cf.ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # spawned, not forked: the server has threads, and a fork copies their locks mid-use
                self._pool = cf.ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
            return self._pool

    def submit_off_thread(self, job: Job, done: Callable[[Any], None], name: str) -> None:
        """Think about ``job`` away from the caller's thread: in the pool, or, with no pool (``workers=0``), in a
        thread of its own named ``name``, so neither the table nor a request waits for it."""
        if self.workers > 0:
            self.submit(job, done)
            return
        threading.Thread(target=self.submit, args=(job, done), daemon=True, name=name).start()

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _guarded(job: Job) -> Any:
    try:
        return run_job(job)
    except Exception:  # a broken bot must not stall the table: the table plays a random move instead
        log.exception("thinking for %s (%s) failed", job.game, job.bot)
        return None


def _answer(future: cf.Future[Any], job: Job) -> Any:
    if future.cancelled():
        return None
    error = future.exception()
    if error is not None:
        log.error("thinking for %s (%s) failed: %s: %s", job.game, job.bot, type(error).__name__, error)
        return None
    return future.result()
