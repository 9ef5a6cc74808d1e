"""Round-robin tournaments between bots: the schedule, the matches as independent jobs, and the report.

Standard library only (Ray is used when asked for and imported then); the terminal's ``gamenight tournament``
is a thin layer over this module.

**The schedule.** Every bot meets every other one (``itertools.combinations``, in the order given). A pair
``(a, b)`` plays the seeds ``seed .. seed + matches - 1`` and every seed twice, once in each *seating*:

* rotation 0: ``a`` in the even seats, ``b`` in the odd ones (2 players: ``a, b``; 4 players: ``a, b, a, b``);
* rotation 1: the same deal with the seats swapped (``b, a`` / ``b, a, b, a``).

So each bot holds each seat equally often and plays every deal from both sides ("duplicate" deals: the luck of
the deal cancels). At a team game whose partners sit two apart (Thunee: seats 0 & 2 against 1 & 3) this is team
play, one bot a team. With an odd number of players the bot of the even seats holds one seat more in rotation 0
and one fewer in rotation 1, so the pair is still even over the two. Only two bots ever sit at a table: with
three or more bots each pair is played as above.

**A match** is a :class:`Job`, picklable, run by :func:`play_job` in any process; the bots' random generator is
derived from ``(seed, rotation)`` alone, so a job gives the same result wherever and in whatever order it runs.
Results are put back in the jobs' order.

**The report** (:func:`report`): per pair, each bot's match wins (a shared win counts its share) with a 95%
Wilson interval, and its share of the *decided* hands (a hand is won by the one column with the best points of
the hand, the lowest where the sheet's low total wins; a tie or a hand where nobody scored is undecided). The
ratings are a Bradley-Terry fit of the match results by Hunter's (2004) MM algorithm, on an Elo-like scale
(``400 * log10`` of the strength ratio) anchored at ``random`` (else the last bot) = 0, with 95% intervals from
a seeded bootstrap over the deals of each pair.

>>> import gamenight
>>> game = gamenight.make("yessir", players=2)
>>> jobs = schedule(GameSpec.of(game), ["heuristic", "random"], matches=1, seed=3)
>>> [job.seats for job in jobs]
[('heuristic', 'random'), ('random', 'heuristic')]
>>> results = run_jobs(jobs)
>>> sorted(results[0]["score"] + results[1]["score"])
[0.0, 0.0, 1.0, 1.0]
"""
from __future__ import annotations

import functools
import importlib
import itertools
import json
import logging
import math
import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core.game import Game
from .core.match import play_match
from .core.registry import make, make_bot

#: the bots whose budget ``iterations`` sets
SEARCH_BOTS = ("expert", "strong")
#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054
#: the drawn matches the rating fit adds to every pair (so a bot that won everything still has a finite rating)
PRIOR = 1.0
SEATING = ("rotation 0: the first bot of the pair in the even seats, the second in the odd seats; rotation 1: "
           "the same deal with the seats swapped")

Result = dict[str, Any]
OnResult = Callable[[Result], None]


# ---- the schedule ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameSpec:
    """A game as data (its name, number of players, every rule), so a worker process can make the same game."""
    name: str
    players: int
    rules: dict[str, Any] = field(hash=False)

    @classmethod
    def of(cls, game: Game[Any, Any]) -> GameSpec:
        return cls(game.name, game.num_players, game.rules.to_dict())

    def key(self) -> str:
        return json.dumps([self.name, self.players, self.rules], sort_keys=True)

    def build(self) -> Game[Any, Any]:
        return _game(self.key())


@functools.lru_cache(maxsize=8)
def _game(key: str) -> Game[Any, Any]:
    """One game object per spec and process (a game is never changed by playing it)."""
    name, players, rules = json.loads(key)
    return make(name, players=players, rules=rules)


@dataclass(frozen=True)
class Job:
    """One match: ``seats[s]`` plays seat ``s`` of the deal ``seed``; ``pair`` is the two bots it compares."""
    id: int
    game: GameSpec
    pair: tuple[str, str]
    seed: int
    rotation: int
    seats: tuple[str, ...]
    iterations: int | None = None

    def bot_options(self, name: str) -> dict[str, Any]:
        """The options ``make_bot`` gets for ``name``: a search bot's budget."""
        return {"iterations": self.iterations} if name in SEARCH_BOTS and self.iterations is not None else {}

    def rng(self) -> random.Random:
        """The bots' random generator, from the deal and the seating only (string seeds hash the same everywhere)."""
        return random.Random(f"gamenight-tournament/{self.seed}/{self.rotation}")


def seatings(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """The two seatings of a pair: ``a`` in the even seats, then ``b`` there."""
    return [tuple(first if s % 2 == 0 else second for s in range(players)) for first, second in ((a, b), (b, a))]


def pairings(bots: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of bots once, in the order given."""
    return list(itertools.combinations(bots, 2))


def schedule(game: GameSpec, bots: Sequence[str], matches: int, seed: int = 0,
             iterations: int | None = None) -> list[Job]:
    """Every pair, every seed ``seed .. seed + matches - 1``, every seating: the jobs, numbered from 0."""
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError("a tournament needs at least two different bots")
    if matches < 1:
        raise ValueError("a tournament needs at least one match per pair")
    jobs: list[Job] = []
    for pair in pairings(bots):
        for number in range(matches):
            for rotation, seats in enumerate(seatings(*pair, game.players)):
                jobs.append(Job(len(jobs), game, pair, seed + number, rotation, seats, iterations))
    return jobs


# ---- one match ------------------------------------------------------------------------------------------------
def hand_winner(points: Sequence[int | None], low_wins: bool) -> int | None:
    """The column that won a hand by its points, or None: a tie for the best, or nobody scored."""
    playing = [(column, p) for column, p in enumerate(points) if p is not None]
    if not playing or all(p == 0 for _, p in playing):
        return None
    best = (min if low_wins else max)(p for _, p in playing)
    winners = [column for column, p in playing if p == best]
    return winners[0] if len(winners) == 1 else None


def column_bot(seats: Sequence[str], column: Sequence[int]) -> str | None:
    """The bot that plays every seat of a score sheet column (None if the column mixes bots)."""
    names = {seats[s] for s in column}
    return names.pop() if len(names) == 1 else None


def pair_score(returns: Sequence[float], seats: Sequence[str], pair: Sequence[str]) -> list[float]:
    """What each bot of the pair won of the match, the two adding up to 1: its seats' share of the returns (a
    team's winners get 1.0 each at Thunee), half each when nobody won.

    >>> pair_score([1.0, 0.0, 1.0, 0.0], ["a", "b", "a", "b"], ["a", "b"])
    [1.0, 0.0]
    >>> pair_score([0.5, 0.5, 0.0], ["a", "b", "a"], ["a", "b"])
    [0.5, 0.5]
    """
    total = sum(returns)
    if total <= 0:
        return [0.5, 0.5]
    return [sum(r for r, name in zip(returns, seats) if name == bot) / total for bot in pair]


def play_job(job: Job) -> Result:
    """Play ``job``'s match: the bots' shares of the win, the hands each won, the actions played."""
    game = job.game.build()
    bots = [make_bot(name, game, **job.bot_options(name)) for name in job.seats]
    state = play_match(game, bots, job.seed, bot_rng=job.rng())
    returns = state.returns()
    columns = state._sheet_columns()
    winners = [hand_winner(row["points"], state.SHEET_LOW_WINS) for row in state.sheet]
    hand_bots = [None if c is None else column_bot(job.seats, columns[c]) for c in winners]
    return {"job": job.id, "pair": list(job.pair), "seed": job.seed, "rotation": job.rotation,
            "seats": list(job.seats), "returns": returns,
            "score": pair_score(returns, job.seats, job.pair),
            "hand_winners": winners, "hands_won": [hand_bots.count(bot) for bot in job.pair],
            "hands": len(winners), "undecided": hand_bots.count(None), "actions": len(state.history)}


# ---- running the jobs -----------------------------------------------------------------------------------------
def run_jobs(jobs: Sequence[Job], workers: int = 1, on_result: OnResult | None = None) -> list[Result]:
    """Every job's result, in the jobs' order: in this process (``workers=1``) or in a pool of processes;
    ``on_result`` is called with each result as it comes."""
    if workers <= 1 or len(jobs) <= 1:
        return _collect(jobs, (play_job(job) for job in jobs), on_result)
    import concurrent.futures

    pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=_pool_context())
    try:
        futures = [pool.submit(play_job, job) for job in jobs]
        results = _collect(jobs, (f.result() for f in concurrent.futures.as_completed(futures)), on_result)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return results


def _pool_context() -> Any:
    """How the workers start: forked from this process (fast) while it has no other thread, which might hold a
    lock at the fork (a progress bar's refresh thread); else from a fresh interpreter (forkserver or spawn)."""
    import multiprocessing
    import threading

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def run_jobs_on_ray(jobs: Sequence[Job], address: str | None = None, num_cpus: int | None = None,
                    on_result: OnResult | None = None) -> list[Result]:
    """Every job's result, in the jobs' order, each job a Ray task: on the cluster at ``address``, else on a
    local Ray started here (with ``num_cpus``). Raises ImportError when Ray is not installed."""
    ray: Any = importlib.import_module("ray")
    started = not ray.is_initialized()
    if started:
        local = {"num_cpus": num_cpus, "include_dashboard": False} if not address else {}
        ray.init(address=address or None, log_to_driver=False, logging_level=logging.ERROR, **local)
    try:
        task = ray.remote(play_job)
        pending = [task.remote(job) for job in jobs]
        return _collect(jobs, _ray_results(ray, pending), on_result)
    finally:
        if started:
            ray.shutdown()


def _ray_results(ray: Any, pending: list[Any]) -> Iterable[Result]:
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield from ray.get(done)


def _collect(jobs: Sequence[Job], results: Iterable[Result], on_result: OnResult | None) -> list[Result]:
    """The results sorted by job; the same whatever order they came in."""
    by_job: dict[int, Result] = {}
    for result in results:
        by_job[result["job"]] = result
        if on_result is not None:
            on_result(result)
    return [by_job[job.id] for job in jobs]


def default_workers() -> int:
    return os.cpu_count() or 1


# ---- statistics -----------------------------------------------------------------------------------------------
def wilson_interval(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (wins may be fractional: a shared win counts its share)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(wins: Sequence[Sequence[float]], prior: float = PRIOR, tolerance: float = 1e-10,
                  max_iterations: int = 100_000) -> list[float]:
    """Bradley-Terry strengths (geometric mean 1) from ``wins[i][j]``, what ``i`` scored against ``j`` (a draw
    or shared win counts half for each), by Hunter's (2004) MM algorithm.

    ``prior`` adds that many drawn matches to every pair that played, so a bot that won everything (or nothing)
    still has a finite strength; 0 is the plain maximum likelihood fit, which then may not exist.

    >>> s = bradley_terry([[0, 30], [10, 0]], prior=0)
    >>> round(s[0] / s[1], 6)
    3.0
    """
    k = len(wins)
    games = [[wins[i][j] + wins[j][i] + (prior if i != j and wins[i][j] + wins[j][i] > 0 else 0) for j in range(k)]
             for i in range(k)]
    scored = [sum(wins[i]) + prior / 2 * sum(1 for j in range(k) if j != i and games[i][j] > 0) for i in range(k)]
    if any(s <= 0 or s >= sum(games[i]) for i, s in enumerate(scored)):
        raise ValueError("no finite Bradley-Terry fit: a bot won all or none of its matches (use a prior)")
    strength = [1.0] * k
    for _ in range(max_iterations):
        new = [scored[i] / sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i and games[i][j])
               for i in range(k)]
        centre = math.exp(sum(math.log(s) for s in new) / k)
        new = [s / centre for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength))
        strength = new
        if change < tolerance:
            break
    return strength


def elo_scale(strengths: Sequence[float], anchor: int) -> list[float]:
    """Strengths on an Elo-like scale: ``400 * log10`` of each strength over the anchor's."""
    return [400 * math.log10(s / strengths[anchor]) for s in strengths]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, interpolated linearly between the sorted values."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# ---- the report -----------------------------------------------------------------------------------------------
def report(bots: Sequence[str], results: Sequence[Result], anchor: str | None = None, resamples: int = 200,
           seed: int = 0, prior: float = PRIOR) -> dict[str, Any]:
    """The pairs' results and the bots' ratings from the matches' ``results`` (as :func:`run_jobs` gives them)."""
    anchor = anchor if anchor is not None else default_anchor(bots)
    return {"pairs": [pair_summary(pair, [r for r in results if tuple(r["pair"]) == pair])
                      for pair in pairings(bots)],
            "ratings": ratings(bots, results, anchor, resamples, seed, prior)}


def default_anchor(bots: Sequence[str]) -> str:
    """The bot rated 0: ``random`` when it plays, else the last bot."""
    return "random" if "random" in bots else bots[-1]


def pair_summary(pair: tuple[str, str], results: Sequence[Result]) -> dict[str, Any]:
    """Each bot's match wins and decided hands won in one pair's matches, with 95% Wilson intervals."""
    n = len(results)
    decided = sum(sum(r["hands_won"]) for r in results)
    bots = []
    for side, name in enumerate(pair):
        wins = sum(r["score"][side] for r in results)
        hands = sum(r["hands_won"][side] for r in results)
        bots.append({"bot": name, "wins": wins, "win_rate": wins / n if n else 0.0,
                     "ci95": list(wilson_interval(wins, n)), "hands_won": hands,
                     "hand_rate": hands / decided if decided else 0.0,
                     "hands_ci95": list(wilson_interval(hands, decided))})
    return {"pair": list(pair), "matches": n, "hands": sum(r["hands"] for r in results), "decided_hands": decided,
            "undecided_hands": sum(r["undecided"] for r in results), "bots": bots}


def ratings(bots: Sequence[str], results: Sequence[Result], anchor: str, resamples: int = 200, seed: int = 0,
            prior: float = PRIOR) -> list[dict[str, Any]]:
    """Each bot's Bradley-Terry rating (``anchor`` = 0) with a 95% bootstrap interval, best first.

    The bootstrap draws, for every pair, as many deals as it played, with replacement, each deal with all its
    seatings (a deal's seatings are played on the same cards, so they are resampled together)."""
    index = {name: i for i, name in enumerate(bots)}
    deals = _deals(results, index)
    fitted = elo_scale(bradley_terry(_wins(len(bots), itertools.chain(*deals.values())), prior), index[anchor])
    rng = random.Random(f"gamenight-tournament-bootstrap/{seed}")
    samples: list[list[float]] = [[] for _ in bots]
    for _ in range(resamples):
        drawn = itertools.chain.from_iterable(rng.choices(group, k=len(group)) for group in deals.values())
        for i, value in enumerate(elo_scale(bradley_terry(_wins(len(bots), drawn), prior), index[anchor])):
            samples[i].append(value)
    table = []
    for name, i in index.items():
        mine = [r for r in results if name in r["pair"]]
        wins = sum(r["score"][r["pair"].index(name)] for r in mine)
        interval = [percentile(samples[i], 0.025), percentile(samples[i], 0.975)] if resamples else [None, None]
        table.append({"bot": name, "rating": fitted[i], "ci95": interval, "anchor": name == anchor,
                      "matches": len(mine), "wins": wins, "win_rate": wins / len(mine) if mine else 0.0})
    return sorted(table, key=lambda row: -row["rating"])


Deal = tuple[int, int, float, float]   # the pair's two bots (by index), and what each scored over a deal's seatings


def _deals(results: Sequence[Result], index: dict[str, int]) -> dict[tuple[int, int], list[Deal]]:
    """Each pair's deals: the two bots' scores summed over the deal's seatings."""
    totals: dict[tuple[int, int, int], list[float]] = {}
    for r in results:
        key = (index[r["pair"][0]], index[r["pair"][1]], r["seed"])
        score = totals.setdefault(key, [0.0, 0.0])
        score[0] += r["score"][0]
        score[1] += r["score"][1]
    deals: dict[tuple[int, int], list[Deal]] = {}
    for (a, b, _), (sa, sb) in totals.items():
        deals.setdefault((a, b), []).append((a, b, sa, sb))
    return deals


def _wins(k: int, deals: Iterable[Deal]) -> list[list[float]]:
    wins = [[0.0] * k for _ in range(k)]
    for a, b, sa, sb in deals:
        wins[a][b] += sa
        wins[b][a] += sb
    return wins


def settings(spec: GameSpec, bots: Sequence[str], matches: int, seed: int, iterations: int | None,
             anchor: str | None = None, resamples: int = 200) -> dict[str, Any]:
    """What a tournament was: everything that decides its results (not how it was run)."""
    return {"game": spec.name, "players": spec.players, "rules": spec.rules, "bots": list(bots),
            "matches_per_pair": matches, "seeds": [seed, seed + matches - 1], "seating": SEATING,
            "iterations": iterations, "anchor": anchor if anchor is not None else default_anchor(bots),
            "resamples": resamples, "prior_draws_per_pair": PRIOR}


def tournament(game: Game[Any, Any], bots: Sequence[str], matches: int, seed: int = 0,
               iterations: int | None = None, workers: int = 1, resamples: int = 200) -> dict[str, Any]:
    """A whole tournament in one call: ``{"settings", "pairs", "ratings", "matches"}``."""
    spec = GameSpec.of(game)
    results = run_jobs(schedule(spec, bots, matches, seed, iterations), workers)
    return {"settings": settings(spec, bots, matches, seed, iterations, resamples=resamples),
            **report(bots, results, resamples=resamples, seed=seed), "matches": results}


__all__ = ["PRIOR", "SEARCH_BOTS", "GameSpec", "Job", "bradley_terry", "default_anchor", "default_workers",
           "elo_scale", "hand_winner", "pair_score", "pair_summary", "pairings", "play_job", "ratings", "report",
           "run_jobs", "run_jobs_on_ray", "schedule", "seatings", "settings", "tournament", "wilson_interval"]
