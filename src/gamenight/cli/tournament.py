"""``gamenight tournament``: every bot against every other on duplicate deals, the pairs' results with 95% Wilson
intervals, and Bradley-Terry ratings with bootstrap intervals; or (``--solo``) the first bot alone against each
other one, next to its fair share; ``--count`` counts calls (the work is in :mod:`gamenight.tournament`)."""
from __future__ import annotations

import csv
import importlib
import importlib.util
import json
import os
import time
from collections.abc import Sequence
from typing import Any, Final, TypedDict

from .. import tournament as core
from ..core.game import Game
from ..core.registry import bots_for, make
from .arguments import CliError, TournamentOptions, parse_overrides
from .console import Output, PlainConsole, escape, table_text

RAY_EXTRA = "pip install 'gamenight[ray]'"
PLOT_EXTRA = "pip install 'gamenight[plot]'"
CSV_FIELDS = ["job", "bot_a", "bot_b", "seed", "rotation", "seats", "score_a", "score_b", "returns", "hands",
              "hands_won_a", "hands_won_b", "undecided", "actions"]
#: after those: the seating mode, then with --count six columns per word (``made_a:WORD`` ... ``won_b:WORD``)
CSV_MODE = "mode"
CALL_COUNTS: Final = ("made", "scored", "won")

AnyGame = Game[Any, Any]


class Run(TypedDict):
    """How a tournament was run (not what decides its results)."""
    backend: str                  # "in-process", "processes" or "ray"
    workers: int | None           # None on Ray
    seconds: float


class TournamentRun(core.Tournament):
    """What ``gamenight tournament`` reports (``--json``): the tournament, and how it was run."""
    run: Run


def tournament_bots(game: AnyGame, text: str) -> list[str]:
    """The bots of ``--bots``: at least two, each once, each a bot of the game."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    available = bots_for(game)
    for name in names:
        if name not in available:
            raise CliError(f"unknown bot {name!r} for {game.name}; bots are: {', '.join(available)}")
    for name in names:
        if names.count(name) > 1:
            raise CliError(f"--bots lists {name!r} twice")
    if len(names) < 2:
        raise CliError(f"--bots needs at least two different bots, got {len(names)}")
    return names


def count_option(text: str | None) -> tuple[str, ...]:
    """The words of ``--count``: a comma list, no word empty, none twice."""
    if text is None:
        return ()
    try:
        return core.count_words(text.split(","))
    except ValueError as e:
        raise CliError(f"--count: {e} (write e.g. --count \"thunee,blind thunee,jodi\")") from None


def check_mode(args: TournamentOptions, game: AnyGame) -> None:
    """``--solo`` only where one bot alone against the others makes sense, and without the ratings' plot."""
    if not args.solo:
        return
    refusal = core.solo_refusal(game)
    if refusal is not None:
        raise CliError(refusal)
    if args.plot:
        raise CliError("--plot draws the ratings, and --solo has none (one bot against several is no pairwise "
                       "result)")


def check_options(args: TournamentOptions) -> None:
    """Refuse bad numbers, outputs into a missing directory and missing extras before any match is played."""
    for option, value in (("matches", args.matches), ("workers", args.workers), ("iterations", args.iterations)):
        if value is not None and value < 1:
            raise CliError(f"--{option} must be at least 1")
    for path in (args.json, args.csv, args.plot):
        if path and path != "-" and not os.path.isdir(os.path.dirname(os.path.abspath(path))):
            raise CliError(f"{path}: no such directory")
    if args.ray is not None and importlib.util.find_spec("ray") is None:
        raise CliError(f"--ray needs Ray: {RAY_EXTRA}")
    if args.plot and importlib.util.find_spec("matplotlib") is None:
        raise CliError(f"--plot needs matplotlib: {PLOT_EXTRA}")
    if args.csv == "-" or args.plot == "-":
        raise CliError("only --json can write to standard output (-)")


def run_tournament(args: TournamentOptions, out: Output, err: Output) -> int:
    game = make(args.game, players=args.players, rules=args.rules, **parse_overrides(args.overrides))
    names = tournament_bots(game, args.bots)
    words = count_option(args.count)
    check_mode(args, game)
    check_options(args)
    spec = core.GameSpec.of(game)
    jobs = core.schedule(spec, names, args.matches, args.seed, args.iterations, args.solo, words)
    start = time.perf_counter()
    results = _run(jobs, args, err)
    seconds = time.perf_counter() - start
    data: TournamentRun = {
        "settings": core.settings(spec, names, args.matches, args.seed, args.iterations, solo=args.solo,
                                  count=words),
        **core.report(names, results, seed=args.seed, solo=args.solo, count=words, players=spec.players),
        "matches": results,
        "run": {"backend": _backend(args), "workers": None if args.ray is not None else _workers(args),
                "seconds": seconds}}
    _write_outputs(data, args, out)
    if args.json != "-":
        _print_report(data, game, out)
    return 0


def _workers(args: TournamentOptions) -> int:
    return args.workers if args.workers is not None else core.default_workers()


def _backend(args: TournamentOptions) -> str:
    if args.ray is not None:
        return "ray"
    return "processes" if _workers(args) > 1 else "in-process"


def _run(jobs: list[core.Job], args: TournamentOptions, err: Output) -> list[core.Result]:
    """Play the jobs, with a progress bar on stderr unless --quiet (or Rich is missing)."""
    if args.quiet or isinstance(err, PlainConsole) or args.json == "-":
        return _play(jobs, args, None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    # redrawn as each match ends, by this thread: no refresh thread, so the workers may be forked from here
    with Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, transient=True, auto_refresh=False) as progress:
        task = progress.add_task("matches", total=len(jobs))

        def advance(_result: core.Result) -> None:
            progress.advance(task)
            progress.refresh()

        return _play(jobs, args, advance)


def _play(jobs: list[core.Job], args: TournamentOptions, on_result: core.OnResult | None) -> list[core.Result]:
    if args.ray is None:
        return core.run_jobs(jobs, _workers(args), on_result)
    try:
        return core.run_jobs_on_ray(jobs, address=args.ray or None, num_cpus=args.workers, on_result=on_result)
    except ImportError as e:
        raise CliError(f"--ray needs Ray: {RAY_EXTRA} ({e})") from None


# ---- outputs --------------------------------------------------------------------------------------------------
def _write_outputs(data: TournamentRun, args: TournamentOptions, out: Output) -> None:
    if args.json == "-":
        out.file.write(json.dumps(data) + "\n")
    elif args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    if args.csv:
        write_csv(args.csv, data["matches"], data["settings"]["mode"], data["settings"].get("count", ()))
    if args.plot:
        write_plot(args.plot, data)


def call_fields(words: Sequence[str]) -> list[str]:
    """The CSV's columns of the counted calls: per word, the calls each bot of the pair made, those in a hand
    that was scored, and the hands won after them."""
    return [f"{what}_{side}:{word}" for word in words for what in CALL_COUNTS for side in "ab"]


def write_csv(path: str, results: list[core.Result], mode: str = core.PAIRS, words: Sequence[str] = ()) -> None:
    """One row per match: the match, then the seating mode (``pairs``, or ``solo``: bot a alone), then the calls
    counted, if any."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=[*CSV_FIELDS, CSV_MODE, *call_fields(words)])
        writer.writeheader()
        for r in results:
            row = {"job": r["job"], "bot_a": r["pair"][0], "bot_b": r["pair"][1], "seed": r["seed"],
                   "rotation": r["rotation"], "seats": " ".join(r["seats"]), "score_a": r["score"][0],
                   "score_b": r["score"][1], "returns": " ".join(f"{x:g}" for x in r["returns"]),
                   "hands": r["hands"], "hands_won_a": r["hands_won"][0], "hands_won_b": r["hands_won"][1],
                   "undecided": r["undecided"], "actions": r["actions"], CSV_MODE: mode}
            for call in r.get("calls", ()):
                for what in CALL_COUNTS:
                    for side, value in zip("ab", call[what]):
                        row[f"{what}_{side}:{call['word']}"] = value
            writer.writerow(row)


def write_plot(path: str, data: TournamentRun) -> None:
    """A PNG of the ratings with their 95% intervals as error bars (matplotlib, without pyplot's global state)."""
    figure_module: Any = importlib.import_module("matplotlib.figure")
    rows = list(reversed(data["ratings"] or []))   # the best at the top (--solo has none, and no plot)
    settings = data["settings"]
    figure = figure_module.Figure(figsize=(7, 1.2 + 0.5 * len(rows)), layout="constrained")
    axes = figure.subplots()
    ratings = [r["rating"] for r in rows]
    below = [r["rating"] - (r["ci95"][0] if r["ci95"][0] is not None else r["rating"]) for r in rows]
    above = [(r["ci95"][1] if r["ci95"][1] is not None else r["rating"]) - r["rating"] for r in rows]
    axes.errorbar(ratings, range(len(rows)), xerr=[below, above], fmt="o", capsize=4)
    axes.axvline(0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_yticks(range(len(rows)), [r["bot"] for r in rows])
    axes.set_ylim(-0.6, len(rows) - 0.4)
    axes.set_xlabel(f"rating (Bradley-Terry, Elo scale; {settings['anchor']} = 0), 95% bootstrap interval")
    axes.set_title(f"{settings['game']}, {settings['players']} players: {settings['matches_per_pair']} deals "
                   f"x 2 seatings per pair")
    figure.savefig(path, format="png", dpi=100)


# ---- the terminal ---------------------------------------------------------------------------------------------
def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _span(ci: Sequence[float | None], percent: bool = True) -> str:
    """An interval as the tables print it: percentages, or rating points."""
    low, high = ci
    if low is None or high is None:
        return "–"
    return f"{100 * low:.1f}–{100 * high:.1f}%" if percent else f"{low:+.0f} – {high:+.0f}"


def _number(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def rating_rows(data: TournamentRun) -> list[list[str]]:
    """A row per bot rated, the best first (--solo rates none)."""
    return [[r["bot"], "0" if r["anchor"] else f"{r['rating']:+.0f}", "(anchor)" if r["anchor"] else
             _span(r["ci95"], percent=False), str(r["matches"]), _percent(r["win_rate"])]
            for r in data["ratings"] or []]


def pair_rows(data: TournamentRun) -> list[list[list[str]]]:
    """A section per pair: each bot's match wins and decided hands won against the other."""
    sections = []
    for pair in data["pairs"]:
        sections.append([[b["bot"], f"{_number(b['wins'])}/{pair['matches']} {_percent(b['win_rate'])}",
                          _span(b["ci95"]), f"{b['hands_won']}/{pair['decided_hands']} {_percent(b['hand_rate'])}",
                          _span(b["hands_ci95"])] for b in pair["bots"]])
    return sections


def _fair(x: float) -> str:
    """A fair share as a percentage: 25%, 33.3%."""
    return f"{100 * x:.3g}%"


def _whole_span(ci: list[float]) -> str:
    return f"{100 * ci[0]:.0f}–{100 * ci[1]:.0f}%"


def solo_lines(data: TournamentRun) -> list[str]:
    """Per opponent, in words: the lone bot's match wins and decided hands won, next to its fair share."""
    lines = []
    for s in data["solo"]:
        lines.append(f"{s['bot']} alone vs {s['opponents_per_match']} {s['opponent']}: won {_number(s['wins'])}/"
                     f"{s['matches']} matches, {_percent(s['win_rate'])} ({_whole_span(s['ci95'])}), "
                     f"fair share {_fair(s['fair_share'])}")
        lines.append(f"  decided hands it played: won {s['hands_won']}/{s['decided_hands']}, "
                     f"{_percent(s['hand_rate'])} ({_whole_span(s['hands_ci95'])}), "
                     f"fair share {_fair(s['hands_fair_share'])}")
    return lines


def call_rows(data: TournamentRun) -> list[list[list[str]]]:
    """A section per bot: each counted word, how often it was made and how often its hand was then won."""
    sections: dict[str, list[list[str]]] = {}
    for c in data["calls"]:
        after = "–" if c["won_rate"] is None else f"{c['won']}/{c['scored']} {_percent(c['won_rate'])}"
        sections.setdefault(c["bot"], []).append(
            [c["bot"], c["word"], str(c["made"]), str(c["matches"]), after,
             "–" if c["won_rate"] is None else _span(c["ci95"])])
    return list(sections.values())


def _print_report(data: TournamentRun, game: AnyGame, out: Output) -> None:
    settings = data["settings"]
    if settings["mode"] == core.SOLO:
        _print_solo(data, game, out)
    else:
        _print_pairs(data, game, out)
    if "calls" in data:
        _print_table(out, "Calls: made, and hands won after them (of those scored), 95% Wilson intervals",
                     ["bot", "call", "made", "matches", "hands won after it", "95% interval"], call_rows(data))
    hands = sum(p["hands"] for p in data["solo" if settings["mode"] == core.SOLO else "pairs"])
    run = data["run"]
    where = "on Ray" if run["backend"] == "ray" else \
        f"on {run['workers']} worker{'s' if run['workers'] != 1 else ''}"
    out.print(f"{len(data['matches'])} matches, {hands} hands in {run['seconds']:.1f} s {where}")


def _print_solo(data: TournamentRun, game: AnyGame, out: Output) -> None:
    settings = data["settings"]
    first, last = settings["seeds"]
    opponents = len(data["solo"])
    out.print(f"{game.title}, {game.num_players} players, rules {game.rules.preset}: {settings['bots'][0]} alone "
              f"vs {opponents} opponent{'s' if opponents != 1 else ''} x {settings['matches_per_pair']} deals "
              f"(seeds {first}..{last}) x {game.num_players} seats = {len(data['matches'])} matches", markup=False)
    out.print("One against the rest: match wins and decided hands won, 95% Wilson intervals", markup=False)
    for line in solo_lines(data):
        out.print(line, markup=False)
    out.print("Ratings: none with --solo (a Bradley-Terry rating needs one-against-one results)", markup=False)


def _print_pairs(data: TournamentRun, game: AnyGame, out: Output) -> None:
    settings = data["settings"]
    first, last = settings["seeds"]
    pairs = len(data["pairs"])
    out.print(f"{game.title}, {game.num_players} players, rules {game.rules.preset}: {pairs} "
              f"pair{'s' if pairs != 1 else ''} x {settings['matches_per_pair']} deals (seeds {first}..{last}) "
              f"x 2 seatings = {len(data['matches'])} matches", markup=False)
    _print_table(out, "Each pair: match wins and decided hands won, 95% Wilson intervals",
                 ["bot", "match wins", "95% interval", "decided hands won", "95% interval"], pair_rows(data))
    _print_table(out, f"Ratings: Bradley-Terry, Elo scale, {settings['anchor']} = 0, "
                      f"95% bootstrap intervals ({settings['resamples']} resamples)",
                 ["bot", "rating", "95% interval", "matches", "won"], [rating_rows(data)])


def _print_table(out: Output, title: str, headers: list[str], sections: list[list[list[str]]]) -> None:
    """A table of rows in sections (a line between two sections), with Rich or as plain text."""
    if isinstance(out, PlainConsole):
        out.print(table_text(title, headers, [row for rows in sections for row in rows]), markup=False)
        return
    from rich.table import Table

    table = Table(title=escape(title))
    for header in headers:
        table.add_column(header, justify="left" if header in ("bot", "call") else "right")
    for rows in sections:
        for row in rows:
            table.add_row(*(escape(cell) for cell in row))
        table.add_section()
    out.print(table)
