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

**One against the rest** (``solo=True``, games of 3+ players without teams): the first bot plays alone against
each of the others in turn, the other bot in every other seat; each seed is played once per seat, the lone bot
in seat ``rotation`` (rotations ``0 .. players - 1``), so again the luck of the seat and of the deal cancels.
The report then gives, per opponent, the lone bot's match wins and decided hands won next to its fair share; a
Bradley-Terry rating of one bot against several is not a pairwise result, so there are no ratings then.

**Counting calls** (``count=("thunee", "jodi")``): each match is replayed from its seed and every action whose
notation is a counted word, or starts with it and a space (``jodi KQh``), is counted for the bot in the seat that
played it: made; scored, when the hand it was played in has a score sheet row (a Thunee deal that is dealt again
has none); won, when that seat's column won that row.

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
from typing import Any, NotRequired, TypedDict

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
SOLO_SEATING = ("one against the rest: rotation r: the first bot of the pair alone in seat r, the second bot in "
                "every other seat; every deal is played with rotations 0 .. players - 1")
#: the two seating modes, as the settings, the JSON and the CSV name them
PAIRS, SOLO = "pairs", "solo"



# ---- what the tournament reports (JSON) ------------------------------------------------------------------------
class CallCount(TypedDict):
    """One counted word in one match, for the pair's two bots (``[a, b]``): the calls made, those made in a hand
    that was scored, and those whose hand the caller's column won."""
    word: str
    made: list[int]
    scored: list[int]
    won: list[int]


class Result(TypedDict):
    """One match (:func:`play_job`)."""
    job: int
    pair: list[str]
    seed: int
    rotation: int
    seats: list[str]                         # the bot in each seat
    returns: list[float]                     # each seat's
    score: list[float]                       # what each bot of the pair won of the match (adding up to 1)
    hand_winners: list[int | None]           # each hand's winning score sheet column (None: undecided)
    hands_won: list[int]                     # the decided hands each bot of the pair won
    hands: int
    undecided: int
    actions: int
    solo_decided: NotRequired[int]           # one against the rest: the decided hands the lone bot played
    solo_fair_hands: NotRequired[float]      # ... and how many of them would be its fair share
    calls: NotRequired[list[CallCount]]      # counting calls: per counted word


OnResult = Callable[[Result], None]


class PairBot(TypedDict):
    """One bot of a pair, over the pair's matches."""
    bot: str
    wins: float
    win_rate: float
    ci95: list[float]
    hands_won: int
    hand_rate: float                         # of the decided hands
    hands_ci95: list[float]


class PairSummary(TypedDict):
    pair: list[str]
    matches: int
    hands: int
    decided_hands: int
    undecided_hands: int
    bots: list[PairBot]


class SoloSummary(TypedDict):
    """The lone bot against one other bot, in every other seat."""
    bot: str
    opponent: str
    opponents_per_match: int
    matches: int
    wins: float
    win_rate: float
    ci95: list[float]
    fair_share: float
    hands: int
    decided_hands: int                       # of those it played
    undecided_hands: int
    hands_won: int
    hand_rate: float
    hands_ci95: list[float]
    hands_fair_share: float


class CallSummary(TypedDict):
    """One bot's calls of one counted word, over every match it played."""
    bot: str
    word: str
    matches: int
    made: int
    scored: int
    won: int
    won_rate: float | None                   # of the scored ones (None: none was)
    ci95: list[float]


class Rating(TypedDict):
    bot: str
    rating: float                            # Elo scale, the anchor 0
    ci95: list[float | None]                 # [None, None] without resamples
    anchor: bool
    matches: int
    wins: float
    win_rate: float


class Report(TypedDict):
    """The results (:func:`report`): ``pairs`` and ``ratings``, or one against the rest ``solo`` and no
    ratings; ``calls`` when calls are counted."""
    pairs: NotRequired[list[PairSummary]]
    solo: NotRequired[list[SoloSummary]]
    ratings: list[Rating] | None
    calls: NotRequired[list[CallSummary]]


class Settings(TypedDict):
    """What a tournament was (:func:`settings`)."""
    game: str
    players: int
    rules: dict[str, Any]
    bots: list[str]
    matches_per_pair: int
    seeds: list[int]                         # the first and the last
    seating: str
    iterations: int | None
    anchor: str | None
    resamples: int | None
    prior_draws_per_pair: float | None
    mode: str                                # PAIRS or SOLO
    count: NotRequired[list[str]]


class Tournament(Report):
    """A whole tournament (:func:`tournament`): its settings, the report and every match."""
    settings: Settings
    matches: list[Result]


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
    solo: bool = False               # one against the rest: ``pair[0]`` alone in seat ``rotation``
    count: tuple[str, ...] = ()      # the action words whose calls are counted (none: no counting)

    def bot_options(self, name: str) -> dict[str, Any]:
        """The options ``make_bot`` gets for ``name``: a search bot's budget."""
        return {"iterations": self.iterations} if name in SEARCH_BOTS and self.iterations is not None else {}

    def rng(self) -> random.Random:
        """The bots' random generator, from the deal and the seating only (string seeds hash the same everywhere)."""
        return random.Random(f"gamenight-tournament/{self.seed}/{self.rotation}")


def seatings(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """The two seatings of a pair: ``a`` in the even seats, then ``b`` there."""
    return [tuple(first if s % 2 == 0 else second for s in range(players)) for first, second in ((a, b), (b, a))]


def solo_seatings(alone: str, other: str, players: int) -> list[tuple[str, ...]]:
    """One against the rest: ``alone`` in seat 0, then seat 1, ..., ``other`` in every other seat.

    >>> solo_seatings("a", "b", 3)
    [('a', 'b', 'b'), ('b', 'a', 'b'), ('b', 'b', 'a')]
    """
    return [tuple(alone if s == rotation else other for s in range(players)) for rotation in range(players)]


def pairings(bots: Sequence[str], solo: bool = False) -> list[tuple[str, str]]:
    """Every pair of bots once, in the order given; one against the rest: the first bot with each other one."""
    if solo:
        return [(bots[0], other) for other in bots[1:]]
    return list(itertools.combinations(bots, 2))


def solo_refusal(game: Game[Any, Any]) -> str | None:
    """Why one bot alone against the rest makes no sense at ``game`` (None: it does): two players are a pair
    already, and at a team game one bot alone would share its team with an opponent."""
    if game.num_players < 3:
        return (f"--solo needs a game of 3 or more players (one bot against several); {game.title} with "
                f"{game.num_players} players is already one against one")
    columns = game.new(seed=0).sheet_columns()
    if any(len(column) > 1 for column in columns):
        teams = " against ".join(_seats_text(column) for column in columns)
        return (f"--solo makes no sense at {game.title}: it is a team game (seats {teams}), so a bot alone would "
                f"be the partner of an opponent")
    return None


def _seats_text(seats: Sequence[int]) -> str:
    """``0 & 2``, ``0, 2 & 4``."""
    names = [str(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " & " + names[-1]


def count_words(words: Iterable[str]) -> tuple[str, ...]:
    """The words of ``count``, their spaces tidied (``"blind  thunee "`` is ``"blind thunee"``); an empty word or
    one given twice (in any case) is a ValueError."""
    tidy = tuple(" ".join(word.split()) for word in words)
    for word in tidy:
        if not word:
            raise ValueError("an empty word to count")
    folded = [word.casefold() for word in tidy]
    for word, key in zip(tidy, folded):
        if folded.count(key) > 1:
            raise ValueError(f"the word {word!r} is counted twice")
    return tidy


def schedule(game: GameSpec, bots: Sequence[str], matches: int, seed: int = 0,
             iterations: int | None = None, solo: bool = False, count: Sequence[str] = ()) -> list[Job]:
    """Every pair, every seed ``seed .. seed + matches - 1``, every seating: the jobs, numbered from 0.

    ``solo``: the first bot alone against each other one, in every seat (:func:`solo_seatings`); ``count``: the
    words whose calls each match counts (:func:`count_calls`)."""
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError("a tournament needs at least two different bots")
    if matches < 1:
        raise ValueError("a tournament needs at least one match per pair")
    words = count_words(count)
    if solo:
        refusal = solo_refusal(game.build())
        if refusal is not None:
            raise ValueError(refusal)
    seat = solo_seatings if solo else seatings
    jobs: list[Job] = []
    for pair in pairings(bots, solo):
        for number in range(matches):
            for rotation, seats in enumerate(seat(*pair, game.players)):
                jobs.append(Job(len(jobs), game, pair, seed + number, rotation, seats, iterations, solo, words))
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
    """Play ``job``'s match: the bots' shares of the win, the hands each won, the actions played (one against
    the rest: the decided hands the lone bot played; counting: the calls)."""
    game = job.game.build()
    bots = [make_bot(name, game, **job.bot_options(name)) for name in job.seats]
    state = play_match(game, bots, job.seed, bot_rng=job.rng())
    returns = state.returns()
    columns = state.sheet_columns()
    winners = [hand_winner(row["points"], state.SHEET_LOW_WINS) for row in state.sheet]
    hand_bots = [None if c is None else column_bot(job.seats, columns[c]) for c in winners]
    result: Result = {"job": job.id, "pair": list(job.pair), "seed": job.seed, "rotation": job.rotation,
                      "seats": list(job.seats), "returns": returns,
                      "score": pair_score(returns, job.seats, job.pair),
                      "hand_winners": winners, "hands_won": [hand_bots.count(bot) for bot in job.pair],
                      "hands": len(winners), "undecided": hand_bots.count(None), "actions": len(state.history)}
    if job.solo:
        solo = solo_hands(state.sheet, winners, job.rotation)
        result["solo_decided"], result["solo_fair_hands"] = solo["solo_decided"], solo["solo_fair_hands"]
    if job.count:
        result["calls"] = pair_calls(job, state, winners, columns)
    return result


class SoloHands(TypedDict):
    solo_decided: int
    solo_fair_hands: float


def solo_hands(sheet: Sequence[Any], winners: Sequence[int | None], seat: int) -> SoloHands:
    """The decided hands the lone bot (in ``seat``, a column of its own) played, and how many of them it would
    win at a fair share: a hand's fair share is one over the columns still playing it (Yaniv's players who are
    out of the match have no points: they neither play nor win the hand)."""
    played = [row for row, winner in zip(sheet, winners) if winner is not None and row["points"][seat] is not None]
    fair = sum(1 / sum(1 for p in row["points"] if p is not None) for row in played)
    return {"solo_decided": len(played), "solo_fair_hands": fair}


def count_calls(state: Any, words: Sequence[str]) -> list[tuple[int, int, int]]:
    """``(word, seat, hand)`` for every action of the finished match ``state`` whose notation is one of
    ``words`` (by index), or starts with one and a space, in any case: the match is replayed from its seed, the
    seat is the one to act before the action and the hand the number of the hand it is played in
    (``hands_played`` before it), which is the ``hand`` of that hand's score sheet row, if it has one. (Counting
    the rows written before the action would not do: a Thunee deal that is dealt again writes no row.)

    >>> import gamenight
    >>> state = gamenight.make("thunee").new(seed=1)
    >>> seat = state.current_player
    >>> count_calls(state.apply("pass"), ["pass", "jodi"]) == [(0, seat, 1)]   # "pass" by that seat in hand 1
    True
    """
    keys = [word.casefold() for word in words]
    again = state.game.new(seed=state.seed, deal=state.deal)
    found: list[tuple[int, int, int]] = []
    for action in state.history:
        text = str(action).casefold()
        seat, hand = again.current_player, again.hands_played
        for index, key in enumerate(keys):
            if text == key or text.startswith(key + " "):
                found.append((index, seat, hand))
        again.apply(action)
    if again.sheet != state.sheet:
        raise RuntimeError(f"the match from seed {state.seed} replays to another score sheet")
    return found


def pair_calls(job: Job, state: Any, winners: Sequence[int | None],
               columns: Sequence[Sequence[int]]) -> list[CallCount]:
    """Per counted word, for each bot of the pair: the calls it made, how many were in a hand that reached the
    score sheet (``scored``), and in how many of those its seat's column won the hand."""
    made = [[0, 0] for _ in job.count]
    scored = [[0, 0] for _ in job.count]
    won = [[0, 0] for _ in job.count]
    row_of = {row["hand"]: index for index, row in enumerate(state.sheet)}
    for word, seat, hand in count_calls(state, job.count):
        side = job.pair.index(job.seats[seat])
        made[word][side] += 1
        if hand in row_of:
            scored[word][side] += 1
            winner = winners[row_of[hand]]
            if winner is not None and seat in columns[winner]:
                won[word][side] += 1
    return [{"word": word, "made": made[i], "scored": scored[i], "won": won[i]} for i, word in enumerate(job.count)]


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


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal interval (``z`` standard errors each side; none with fewer than two):
    for paired differences, e.g. two bots' results on the same deals.

    >>> mean_interval([1, 0, 1, 0])[0], mean_interval([])
    (0.5, (0.0, 0.0, 0.0))
    """
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n) if n else 0.0
    return mean, mean - half, mean + half


def sign_test(a: int, b: int) -> float:
    """The exact two-sided sign test's p-value for ``a`` successes against ``b`` (ties left out).

    >>> sign_test(0, 10) == 2 / 1024, sign_test(3, 3), sign_test(0, 0)
    (True, 1.0, 1.0)
    """
    n = a + b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(a, b) + 1)) / (1 << n)
    return min(1.0, 2 * tail)


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
           seed: int = 0, prior: float = PRIOR, solo: bool = False, count: Sequence[str] = (),
           players: int | None = None) -> Report:
    """The pairs' results and the bots' ratings from the matches' ``results`` (as :func:`run_jobs` gives them).

    ``solo`` (one against the rest, at ``players`` players): ``{"solo": [...], "ratings": None}`` instead; with
    ``count``, ``"calls"`` too (:func:`call_summary`)."""
    data: Report
    if solo:
        players = players if players is not None else len(results[0]["seats"]) if results else None
        if players is None:
            raise ValueError("the report of one bot against the rest needs the number of players")
        data = {"solo": [solo_summary(pair, [r for r in results if tuple(r["pair"]) == pair], players)
                         for pair in pairings(bots, solo=True)],
                "ratings": None}
    else:
        anchor = anchor if anchor is not None else default_anchor(bots)
        data = {"pairs": [pair_summary(pair, [r for r in results if tuple(r["pair"]) == pair])
                          for pair in pairings(bots)],
                "ratings": ratings(bots, results, anchor, resamples, seed, prior)}
    if count:
        data["calls"] = call_summary(bots, results, count)
    return data


def default_anchor(bots: Sequence[str]) -> str:
    """The bot rated 0: ``random`` when it plays, else the last bot."""
    return "random" if "random" in bots else bots[-1]


def pair_summary(pair: tuple[str, str], results: Sequence[Result]) -> PairSummary:
    """Each bot's match wins and decided hands won in one pair's matches, with 95% Wilson intervals."""
    n = len(results)
    decided = sum(sum(r["hands_won"]) for r in results)
    bots: list[PairBot] = []
    for side, name in enumerate(pair):
        wins = sum(r["score"][side] for r in results)
        hands = sum(r["hands_won"][side] for r in results)
        bots.append({"bot": name, "wins": wins, "win_rate": wins / n if n else 0.0,
                     "ci95": list(wilson_interval(wins, n)), "hands_won": hands,
                     "hand_rate": hands / decided if decided else 0.0,
                     "hands_ci95": list(wilson_interval(hands, decided))})
    return {"pair": list(pair), "matches": n, "hands": sum(r["hands"] for r in results), "decided_hands": decided,
            "undecided_hands": sum(r["undecided"] for r in results), "bots": bots}


def solo_summary(pair: tuple[str, str], results: Sequence[Result], players: int) -> SoloSummary:
    """The lone bot ``pair[0]`` against ``pair[1]`` in every other seat: its match wins (a shared win counts its
    share) and the decided hands it won of those it played, each with a 95% Wilson interval and the fair share
    (what it would win if all bots were equal: one match in ``players``; a hand's share over the columns still
    playing it)."""
    n = len(results)
    wins = sum(r["score"][0] for r in results)
    decided = sum(r["solo_decided"] for r in results)
    hands = sum(r["hands_won"][0] for r in results)
    fair_hands = sum(r["solo_fair_hands"] for r in results)
    return {"bot": pair[0], "opponent": pair[1], "opponents_per_match": players - 1, "matches": n,
            "wins": wins, "win_rate": wins / n if n else 0.0, "ci95": list(wilson_interval(wins, n)),
            "fair_share": 1 / players, "hands": sum(r["hands"] for r in results), "decided_hands": decided,
            "undecided_hands": sum(r["undecided"] for r in results), "hands_won": hands,
            "hand_rate": hands / decided if decided else 0.0, "hands_ci95": list(wilson_interval(hands, decided)),
            "hands_fair_share": fair_hands / decided if decided else 1 / players}


def call_summary(bots: Sequence[str], results: Sequence[Result], words: Sequence[str]) -> list[CallSummary]:
    """Per bot and counted word, over every match the bot played: the calls it made, those made in a hand that
    was scored, the hands its seat won after them, and that rate of the scored ones (None when there is none)
    with a 95% Wilson interval."""
    rows: list[CallSummary] = []
    for name in bots:
        mine = [(r, r["pair"].index(name)) for r in results if name in r["pair"]]
        for index, word in enumerate(words):
            made, scored, won = (sum(r["calls"][index][key][side] for r, side in mine)
                                 for key in ("made", "scored", "won"))
            rows.append({"bot": name, "word": word, "matches": len(mine), "made": made, "scored": scored,
                         "won": won, "won_rate": won / scored if scored else None,
                         "ci95": list(wilson_interval(won, scored))})
    return rows


def ratings(bots: Sequence[str], results: Sequence[Result], anchor: str, resamples: int = 200, seed: int = 0,
            prior: float = PRIOR) -> list[Rating]:
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
    table: list[Rating] = []
    for name, i in index.items():
        mine = [r for r in results if name in r["pair"]]
        wins = sum(r["score"][r["pair"].index(name)] for r in mine)
        interval: list[float | None] = ([percentile(samples[i], 0.025), percentile(samples[i], 0.975)] if resamples
                                        else [None, None])
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
             anchor: str | None = None, resamples: int = 200, solo: bool = False,
             count: Sequence[str] = ()) -> Settings:
    """What a tournament was: everything that decides its results (not how it was run). One against the rest
    has no ratings, so no anchor, resamples or prior; ``count`` is there only when calls are counted."""
    data: Settings = {"game": spec.name, "players": spec.players, "rules": spec.rules, "bots": list(bots),
            "matches_per_pair": matches, "seeds": [seed, seed + matches - 1],
            "seating": SOLO_SEATING if solo else SEATING, "iterations": iterations,
            "anchor": None if solo else anchor if anchor is not None else default_anchor(bots),
            "resamples": None if solo else resamples, "prior_draws_per_pair": None if solo else PRIOR,
            "mode": SOLO if solo else PAIRS}
    if count:
        data["count"] = list(count)
    return data


def tournament(game: Game[Any, Any], bots: Sequence[str], matches: int, seed: int = 0,
               iterations: int | None = None, workers: int = 1, resamples: int = 200, solo: bool = False,
               count: Sequence[str] = ()) -> Tournament:
    """A whole tournament in one call: ``{"settings", "pairs", "ratings", "matches"}`` (one against the rest:
    ``"solo"`` for ``"pairs"``, and ``"ratings"`` None; counting: ``"calls"`` too)."""
    spec = GameSpec.of(game)
    words = count_words(count)
    results = run_jobs(schedule(spec, bots, matches, seed, iterations, solo, words), workers)
    return {"settings": settings(spec, bots, matches, seed, iterations, resamples=resamples, solo=solo, count=words),
            **report(bots, results, resamples=resamples, seed=seed, solo=solo, count=words, players=spec.players),
            "matches": results}


__all__ = ["PAIRS", "PRIOR", "SEARCH_BOTS", "SOLO", "GameSpec", "Job", "bradley_terry", "call_summary",
           "count_calls", "count_words", "default_anchor", "default_workers", "elo_scale", "hand_winner",
           "pair_calls", "pair_score", "pair_summary", "pairings", "play_job", "ratings", "report", "run_jobs",
           "run_jobs_on_ray", "schedule", "seatings", "settings", "solo_hands", "solo_refusal", "solo_seatings",
           "solo_summary", "tournament", "wilson_interval"]
