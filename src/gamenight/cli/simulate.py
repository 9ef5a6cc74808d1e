"""``gamenight simulate``: many bot matches, win rates with 95% Wilson intervals, mean scores, speed."""
from __future__ import annotations

import json
import time

from ..core.match import play_match
from ..core.registry import bots_for, make, make_bot
from ..tournament import wilson_interval
from .arguments import CliError, parse_overrides
from .console import PlainConsole, escape, table_text


def seat_bot_names(game, text: str | None) -> list[str]:
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


def simulate(game, bot_names: list[str], games: int, seed: int, progress=None, task=None) -> dict:
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
            if progress is not None:
                progress.advance(task)
    except KeyboardInterrupt:  # Ctrl-C: report the matches finished so far
        if played == 0:
            raise
    interrupted = played < games
    games = played
    seconds = max(time.perf_counter() - start, 1e-9)
    seats = []
    for p in range(n):
        lo, hi = wilson_interval(wins[p], games)
        seats.append({"seat": p, "bot": bot_names[p], "wins": round(wins[p], 6),
                      "win_rate": wins[p] / games, "ci95": [lo, hi], "mean_score": score_sums[p] / games})
    return {"game": game.name, "players": n, "rules": game.rules.to_dict(), "games": games, "seed": seed,
            "seats": seats, "hands": hands, "seconds": seconds, "interrupted": interrupted,
            "games_per_second": games / seconds, "hands_per_second": hands / seconds}


def run_simulate(args, out, err) -> int:
    game = make(args.game, players=args.players, rules=args.rules, **parse_overrides(args.overrides))
    if args.games < 1:
        raise CliError("--games must be at least 1")
    names = seat_bot_names(game, args.bots)
    if args.json:
        result = simulate(game, names, args.games, args.seed)
        out.file.write(json.dumps(result) + "\n")
        return 130 if result["interrupted"] else 0
    plain = isinstance(out, PlainConsole)  # Rich is not installed: no progress bar, a plain text table
    if plain:
        result = simulate(game, names, args.games, args.seed)
    else:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err, transient=True) as progress:
            task = progress.add_task("games", total=args.games)
            result = simulate(game, names, args.games, args.seed, progress, task)
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
    if plain:
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
