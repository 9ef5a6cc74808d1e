"""Hints and game reviews: the ``expert``'s search asked about a position, from one seat's view alone.

``hint(game, view, legal, rng)`` gives the expert's favourite moves with their estimated chance to win;
``judge(game, view, legal, played, rng)`` compares a move played with the best move the expert finds from that view,
and marks it as chess sites do, by what it cost; ``review`` replays a record and judges every decision of the seats
reviewed (where more than one move was legal)::

    >>> import gamenight
    >>> from gamenight.bots.review import review
    >>> game = gamenight.make("yessir", players=2, rounds_to_win=1)
    >>> state = gamenight.play_match(game, [gamenight.make_bot("heuristic", game)] * 2, seed=4)
    >>> report = review(state.record(), seats=[0], iterations=4)
    >>> report["seats"], sorted(report["summary"][0])
    ([0], ['accuracy', 'decisions', 'mean_loss', 'seat', 'verdicts'])

The search is handed the seat's view, exactly what the seat knew when it moved, never the state: a review judges a
move by what its player could see (and the search deals the unseen cards many ways from that view).

How a move is judged: the expert searches every legal move (or its capped candidates); when the move played is not
the search's choice, the two are searched again head to head (``[best, played]``, the same sampled worlds and the
same rollouts for both: common random numbers), so the loss compares like with like even when sequential halving
dropped the played move early, after few rollouts, or its candidate cap never searched it. The loss is the drop in
the search's ``value`` (mostly the chance to win the hand, or the match where the game's search plays to its end:
``Settings.horizon``); ``win`` is the share of rollouts the seat won after the move played, which the terminal's
chart draws.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..core.checks import whole_number
from ..core.errors import IllegalAction
from ..core.game import Action, Game, State
from ..core.record import GameRecord, replay
from ..core.registry import make_bot
from ..core.text import Text
from ..core.views import View
from .search import Estimate, SearchBot

AnyGame = Game[Any, Any]
Progress = Callable[[float], None]

#: the version of the review's JSON (``review()["format"]``)
REVIEW_FORMAT = 1

# A move's verdict comes from its loss: how much lower the search's value (a chance to win, 0..1) is after it than
# after the best move. Chess sites mark moves the same way, by the drop in the player's winning chances: Lichess
# calls a drop of its winning chances (-1..1) by 0.1 an inaccuracy, 0.2 a mistake, 0.3 a blunder (5, 10, 15 points
# of a 0..1 chance); Chess.com marks by expected points, similarly. Ours are close to Lichess's (a blunder from the
# same 15 points), a little stricter below it, and a drop under 3 points, within the noise of a search of sampled
# deals at its usual budget, is "fine".
FINE_BELOW = 0.03          #: a loss under this is "fine" (within the search's noise at its usual budget)
INACCURACY_BELOW = 0.08    #: under this, an "inaccuracy"
MISTAKE_BELOW = 0.15       #: under this, a "mistake"; from it on, a "blunder"
VERDICTS = ("best", "fine", "inaccuracy", "mistake", "blunder")


def verdict(loss: float, is_best: bool) -> str:
    """The mark of a move: ``"best"`` when it is the search's choice, else by its ``loss``.

    >>> verdict(0.0, True), verdict(0.01, False), verdict(0.05, False), verdict(0.1, False), verdict(0.4, False)
    ('best', 'fine', 'inaccuracy', 'mistake', 'blunder')
    """
    if is_best:
        return "best"
    if loss < FINE_BELOW:
        return "fine"
    if loss < INACCURACY_BELOW:
        return "inaccuracy"
    if loss < MISTAKE_BELOW:
        return "mistake"
    return "blunder"


def expert(game: AnyGame, iterations: int | None = None) -> SearchBot:
    """The game's ``expert`` with ``iterations`` rollouts a decision (None: its budget for advice at the game's
    table, ``Settings.advice_budget``)."""
    options = {} if iterations is None else {"iterations": iterations}
    bot = make_bot("expert", game, **options)
    if not isinstance(bot, SearchBot):
        raise TypeError(f"{game.name}'s expert is not a search bot")
    advice = bot.settings.advice_budget(game.num_players)
    if iterations is None and advice != bot.iterations:
        return SearchBot(game, bot.settings, iterations=advice)
    return bot


def horizon(game: AnyGame) -> str:
    """What an estimate's ``win`` counts for ``game``: winning the ``"hand"``, or the ``"match"`` (a game whose
    search plays its rollouts to the match's end: ``Settings.horizon``)."""
    return expert(game).settings.horizon


def hint(game: AnyGame, view: View, legal: list[Action], rng: random.Random, iterations: int | None = None,
         top: int = 3) -> list[dict[str, Any]]:
    """The expert's ``top`` moves for the seat whose ``view`` it is, by their chance, best first: each ``{"action",
    "win", "value", "rollouts"}`` (``win``: the estimated chance to win the hand, or the match: ``horizon(game)``).

    The search drops the worse half of the moves after each round, so a runner-up it dropped early rests on a few
    rollouts (a 100% from one rollout); each such move is searched again head to head with the best, with half
    the budget, so every chance shown rests on a fair share of the rollouts."""
    top = whole_number(top, "top", 1)
    bot = expert(game, iterations)
    estimates = bot.evaluate(view, legal, rng)[:top]
    best = estimates[0]
    pair_bot = _pair_bot(bot, max(2, (bot.iterations or 2) // 2))
    shown = [best]
    for estimate in estimates[1:]:
        if 2 * estimate.rollouts < best.rollouts:
            _, estimate = _head_to_head(pair_bot, view, best.action, estimate.action, rng)
        shown.append(estimate)
    # a person reads the chances: the moves are shown by them, best first (the bot itself keeps its heuristic's
    # move unless another is clearly better, which a chance a few points higher need not be)
    shown.sort(key=lambda e: -e.win)
    return [_estimate_json(e) for e in shown]


def _estimate_json(estimate: Estimate) -> dict[str, Any]:
    return {"action": str(estimate.action), "win": round(estimate.win, 4), "value": round(estimate.value, 4),
            "rollouts": estimate.rollouts}


def judge(game: AnyGame, view: View, legal: list[Action], played: Action, rng: random.Random,
          iterations: int | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """One decision judged: ``played``, the move the seat whose ``view`` it is chose among ``legal``, against the
    expert's best move from that view (``iterations`` rollouts; None: the expert's default). Returns ``{"seat",
    "hand", "phase", "played", "best", "played_value", "best_value", "loss", "verdict", "win"}``, a decision of
    ``review()`` without its place in the record (``index``). ``progress`` is called with the share done, 0..1.

    >>> import random, gamenight
    >>> game = gamenight.make("yessir", players=2, rounds_to_win=1)
    >>> state = game.new(seed=4)
    >>> view, legal = state.view(state.current_player), state.legal_actions()
    >>> judged = gamenight.judge(game, view, legal, legal[0], random.Random(1), iterations=4)
    >>> judged["played"] == str(legal[0]), judged["verdict"] in ("best", "fine", "inaccuracy", "mistake", "blunder")
    (True, True)
    >>> sorted(judged)
    ['best', 'best_value', 'hand', 'loss', 'phase', 'played', 'played_value', 'seat', 'verdict', 'win']
    """
    if played not in legal:
        raise ValueError(f"the move played ({played}) is not one of the legal moves")
    bot = expert(game, iterations)
    pair_bot = _pair_bot(bot, bot.iterations)
    estimates = bot.evaluate(view, legal, rng, progress=_part(progress, 0.0, 0.5))
    best = chosen = estimates[0]
    if best.action != played:
        # head to head on the same worlds: the played move's own estimate may rest on a few rollouts of the
        # first rounds (sequential halving), or be missing (the candidate cap)
        best, chosen = _head_to_head(pair_bot, view, best.action, played, rng, _part(progress, 0.5, 1.0))
    loss = round(max(0.0, best.value - chosen.value), 4)
    return {"seat": view["seat"], "hand": view["hand_number"], "phase": view["phase"], "played": str(played),
            "best": str(best.action), "played_value": round(chosen.value, 4), "best_value": round(best.value, 4),
            "loss": loss, "verdict": verdict(loss, chosen is best), "win": round(chosen.win, 4)}


def _part(progress: Progress | None, low: float, high: float) -> Progress | None:
    """``progress`` of a part of the work, from ``low`` to ``high`` of the whole."""
    if progress is None:
        return None
    report = progress
    return lambda f: report(low + (high - low) * f)


@dataclass(frozen=True)
class _Decision:
    """A decision to review: the seat's view and legal moves before it moved, and the move it played."""
    index: int
    seat: int
    view: View
    legal: list[Action]
    played: Action


def review(record: GameRecord | dict[str, Any] | str, seats: list[int] | None = None, iterations: int | None = None,
           progress: Progress | None = None, seed: int = 0) -> dict[str, Any]:
    """Review a record's decisions by ``seats`` (default: every seat) with the expert (``iterations`` rollouts a
    decision; None: its default). Deterministic for ``seed``: decision ``i`` searches with
    ``random.Random(f"{seed}:{i}")``. ``progress`` is called with the share done, 0..1.

    Returns ``{"format", "game", "players", "seats", "iterations", "seed", "horizon", "decisions", "summary"}``:
    a decision per move of those seats where more than one move was legal (``index`` in the history, then what
    ``judge`` says of it: ``seat``, ``hand``, ``phase``, ``played``, ``best``, ``played_value``, ``best_value``,
    ``loss``, ``verdict``, ``win``), and per seat the count of each verdict, the mean loss and an ``accuracy`` of
    100 * (1 - mean loss)."""
    record = _as_record(record)
    start = replay({**record, "actions": []})   # the record's table and deal, checked as a replay checks them
    game = start.game
    chosen = _seats(seats, game.num_players)
    bot = expert(game, iterations)
    decisions = list(_decisions(record, start, chosen))
    judged = []
    for done, decision in enumerate(decisions):
        rng = random.Random(f"{seed}:{decision.index}")
        judged.append({"index": decision.index, **judge(game, decision.view, decision.legal, decision.played, rng,
                                                         iterations, _share(progress, done, len(decisions)))})
    if progress is not None:
        progress(1.0)
    return {"format": REVIEW_FORMAT, "game": game.name, "players": game.num_players, "seats": chosen,
            "iterations": bot.iterations, "seed": seed, "horizon": bot.settings.horizon, "decisions": judged,
            "summary": summarize(judged, chosen)}


def _as_record(record: GameRecord | dict[str, Any] | str) -> GameRecord | dict[str, Any]:
    if isinstance(record, str):
        record = json.loads(record)
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        raise ValueError("not a game record: expected a JSON object with a list of actions")
    return record


def _seats(seats: list[int] | None, players: int) -> list[int]:
    if seats is None:
        return list(range(players))
    return sorted({whole_number(seat, "seat", 0, players - 1) for seat in seats})


def _decisions(record: GameRecord | dict[str, Any], state: State[Any, Any], seats: list[int]) -> Iterator[_Decision]:
    """Replay the record's actions from ``state``: each move by one of ``seats`` that had a choice."""
    for index, text in enumerate(record["actions"]):
        seat = state.current_player
        legal = state.legal_actions()
        view = state.view(seat) if seat in seats and len(legal) > 1 else None
        try:
            state.apply(text)
        except IllegalAction as e:
            raise IllegalAction(Text("record step {number} ({action}): {error}", number=index + 1,
                                     action=str(text), error=e.text)) from None
        if view is not None and seat is not None:
            yield _Decision(index, seat, view, legal, state.history[-1])


def _share(progress: Progress | None, done: int, total: int) -> Progress | None:
    """A callback taking one decision's share of its work (0..1) to the whole review's share."""
    if progress is None:
        return None
    report = progress
    return lambda f: report((done + f) / total)


class _Within:
    """A policy kept to the moves it is offered. The search starts from its policy's favourite among the moves it
    compares, and a game's heuristic may answer a move of the whole position that the head to head left out."""

    def __init__(self, policy: Any, game: AnyGame):
        self.policy, self.game = policy, game

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        action = self.policy.choose(view, legal, rng)
        if isinstance(action, str):
            action = self.game.parse_action(action)
        return action if action in legal else legal[0]


def _pair_bot(bot: SearchBot, iterations: int | None) -> SearchBot:
    """The expert for a head to head of two moves: its settings without a cap on the moves searched,
    ``iterations`` rollouts, its policy kept to the two moves."""
    pair = SearchBot(bot.game, replace(bot.settings, candidates=None), iterations=iterations)
    pair.policy = _Within(pair.policy, bot.game)
    return pair


def _head_to_head(pair_bot: SearchBot, view: View, first: Action, second: Action, rng: random.Random,
                  progress: Progress | None = None) -> tuple[Estimate, Estimate]:
    """The two moves' estimates, each played in the same sampled worlds and rollouts (common random numbers)."""
    pair = pair_bot.evaluate(view, [first, second], rng, progress=progress)
    return next(e for e in pair if e.action == first), next(e for e in pair if e.action == second)


def summarize(decisions: list[dict[str, Any]], seats: list[int]) -> list[dict[str, Any]]:
    """Per seat: its decisions reviewed, the count of each verdict, the mean loss and the accuracy (100 * (1 - mean
    loss), as chess sites give an accuracy in percent; None when the seat had no decision to review)."""
    summary = []
    for seat in seats:
        losses = [d["loss"] for d in decisions if d["seat"] == seat]
        verdicts = {v: sum(1 for d in decisions if d["seat"] == seat and d["verdict"] == v) for v in VERDICTS}
        mean = round(sum(losses) / len(losses), 4) if losses else None
        summary.append({"seat": seat, "decisions": len(losses), "verdicts": verdicts, "mean_loss": mean,
                        "accuracy": None if mean is None else round(100 * (1 - mean), 1)})
    return summary
