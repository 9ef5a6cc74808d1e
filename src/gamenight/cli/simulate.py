"""``gamenight simulate``: many bot matches, win rates with 95% Wilson intervals, mean scores, speed."""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypedDict

from ..core.game import Game
from ..core.match import play_match
from ..core.registry import bots_for, make, make_bot
from ..tournament import wilson_interval
from .arguments import CliError, SimulateOptions, parse_overrides
from .console import Output, PlainConsole, escape, table_text

if TYPE_CHECKING:  # Rich is the cli extra: without it, no progress bar and a plain text table
    from rich.console import Console


class SeatResult(TypedDict):
    """One seat's bot and how it did."""
    seat: int
    bot: str
    wins: float                 # a shared win counts its share
    win_rate: float
    ci95: list[float]           # the win rate's 95% Wilson interval, [low, high]
    mean_score: float


class Simulation(TypedDict):
    """What ``simulate`` reports (``gamenight simulate --json`` prints it)."""
    game: str
    players: int
    rules: dict[str, Any]
    games: int                  # the matches played (fewer than asked when interrupted)
    seed: int
    seats: list[SeatResult]
    hands: int
    seconds: float
    interrupted: bool
    games_per_second: float
    hands_per_second: float


def seat_bot_names(game: Game[Any, Any], text: str | None) -> list[str]:
    n = game.num_players
    available = bots_for(game)
    if text is None:
        names = ["heuristic" if "heuristic" in available else "random"]
    else:
        names = [t.strip() for t in text.split(",") if t.strip()]
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        raise CliError(f"--bots needs one bot or {n} (one per seat), got {len(names)}")
    for name in names:
        if name not in available:
            raise CliError(f"unknown bot {name!r} for {game.name}; bots are: {', '.join(available)}")
    return names


def simulate(game: Game[Any, Any], bot_names: list[str], games: int, seed: int,
             on_match: Callable[[], None] | None = None) -> Simulation:
    """Play ``games`` matches from seeds ``seed``, ``seed + 1``, ...; ``on_match`` is called after each one.
    Ctrl-C stops early and reports the matches finished (``interrupted``), unless none was."""
    n = game.num_players
    bots = [make_bot(name, game) for name in bot_names]
    wins = [0.0] * n
    score_sums = [0.0] * n
    hands = 0
    start = time.perf_counter()
    played = 0
    try:
        for i in range(games):
            state = play_match(game, bots, seed + i)
            for p, share in enumerate(state.returns()):
                wins[p] += share
            for p, score in enumerate(state.scores):
                score_sums[p] += score
            hands += state.hands_played
            played += 1
            if on_match is not None:
                on_match()
    except KeyboardInterrupt:  # Ctrl-C: report the matches finished so far
        if played == 0:
            raise
    interrupted = played < games
    games = played
    seconds = max(time.perf_counter() - start, 1e-9)
    seats = []
    for p in range(n):
        lo, hi = wilson_interval(wins[p], games)
        seats.append(SeatResult(seat=p, bot=bot_names[p], wins=round(wins[p], 6), win_rate=wins[p] / games,
                                ci95=[lo, hi], mean_score=score_sums[p] / games))
    return {"game": game.name, "players": n, "rules": game.rules.to_dict(), "games": games, "seed": seed,
            "seats": seats, "hands": hands, "seconds": seconds, "interrupted": interrupted,
            "games_per_second": games / seconds, "hands_per_second": hands / seconds}


def run_simulate(args: SimulateOptions, out: Output, err: Output) -> int:
    game = make(args.game, players=args.players, rules=args.rules, **parse_overrides(args.overrides))
    if args.games < 1:
        raise CliError("--games must be at least 1")
    names = seat_bot_names(game, args.bots)
    if args.json:
        result = simulate(game, names, args.games, args.seed)
        out.file.write(json.dumps(result) + "\n")
        return 130 if result["interrupted"] else 0
    if isinstance(out, PlainConsole) or isinstance(err, PlainConsole):  # a PlainConsole draws no progress bar
        result = simulate(game, names, args.games, args.seed)
    else:
        result = _simulate_with_progress(game, names, args, err)
    if result["interrupted"]:
        err.print(f"Interrupted: {result['games']} of {args.games} matches played.")
    title = (f"{game.title}: {result['games']} matches, {game.num_players} players, rules {game.rules.preset}, "
             f"seeds {args.seed}..{args.seed + result['games'] - 1}")
    headers = ["seat", "bot", "wins", "win rate", "95% interval", "mean score"]
    rows = []
    for s in result["seats"]:
        wins = f"{s['wins']:g}" if s["wins"] != int(s["wins"]) else str(int(s["wins"]))
        rows.append([str(s["seat"]), s["bot"], wins, f"{100 * s['win_rate']:.1f}%",
                     f"{100 * s['ci95'][0]:.1f}% – {100 * s['ci95'][1]:.1f}%", f"{s['mean_score']:.1f}"])
    if isinstance(out, PlainConsole):   # Rich is not installed: a plain text table
        out.print(table_text(title, headers, rows), markup=False)
    else:
        from rich.table import Table

        table = Table(title=escape(title))
        for header in headers:
            table.add_column(header, justify="left" if header == "bot" else "right")
        for row in rows:
            table.add_row(*(escape(cell) for cell in row))
        out.print(table)
    out.print(f"{result['hands']} hands in {result['seconds']:.2f} s: {result['games_per_second']:.1f} games/s, "
              f"{result['hands_per_second']:.1f} hands/s")
    return 130 if result["interrupted"] else 0


def _simulate_with_progress(game: Game[Any, Any], names: list[str], args: SimulateOptions,
                            err: Console) -> Simulation:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, transient=True) as progress:
        task = progress.add_task("games", total=args.games)
        return simulate(game, names, args.games, args.seed, lambda: progress.advance(task))
