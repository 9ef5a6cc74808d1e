"""``gamenight review``: the expert's review of a recorded match, decision by decision, with a chart of the win
chance through the match; and the hint that ``gamenight play`` gives at the person's turn."""
from __future__ import annotations

import json
import random
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..bots.review import VERDICTS, hint, horizon, review
from ..core.game import Action, Game
from ..core.registry import make
from ..core.views import View
from .arguments import CliError, ReviewOptions
from .console import Output, PlainConsole, escape, nt, t, table_text
from .console import percent as console_percent
from .info import RecordFile, read_record

if TYPE_CHECKING:  # Rich is the cli extra: without it, no progress bar and plain text tables
    from rich.console import Console

#: the chart's marks, from a chance to win of 0 to 1
BLOCKS = "▁▂▃▄▅▆▇█"
#: between two hands in the chart
HAND_MARK = "│"
#: how each verdict is coloured in a Rich terminal
VERDICT_STYLES = {"best": "green", "fine": "", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}


def verdict_text(verdict: str) -> str:
    """A verdict's word in the terminal's language."""
    words = {"best": t("best"), "fine": t("fine"), "inaccuracy": t("inaccuracy"), "mistake": t("mistake"),
             "blunder": t("blunder")}
    return words[verdict]


def percent(share: float) -> str:
    """``0.623`` -> ``62%`` (``62 %`` in French): the terminal's language's way (:func:`.console.percent`)."""
    return console_percent(share)


# ---- hints, in `gamenight play` -------------------------------------------------------------------------------

def hint_help() -> str:
    """The help's line for the ``hint`` command."""
    return t("{hint} shows the expert's best moves for you now, with their chance to win.",
             hint="[bold]hint[/bold]")


def hint_line(game: Game[Any, Any], view: View, legal: list[Action], rng: random.Random,
              iterations: int | None = None, name: Callable[[str], str | None] | None = None) -> str:
    """``Hint: 7h (62% to win the hand), 9c (58%), Kd (40%)``: the expert's top three moves from ``view``, each
    named by ``name(notation)`` (markup; the menu's label), else by its notation."""
    moves = hint(game, view, legal, rng, iterations=iterations)
    match = horizon(game) == "match"
    said = []
    for i, move in enumerate(moves):
        chance = percent(move["win"])
        action = (name(move["action"]) if name else None) or escape(move["action"])
        if i:
            said.append(f"{action} ({chance})")
        elif match:
            said.append(t("{move} ({chance} to win the match)", move=f"[bold]{action}[/bold]", chance=chance))
        else:
            said.append(t("{move} ({chance} to win the hand)", move=f"[bold]{action}[/bold]", chance=chance))
    return t("Hint: {moves}", moves=", ".join(said))


def hints_off() -> str:
    return t("Hints are off at this table.")


# ---- gamenight review ---------------------------------------------------------------------------------------

def run_review(args: ReviewOptions, out: Output, err: Output) -> int:
    """Review the record in ``args.file``: print each decision, a summary per seat and the chart (or ``--json``)."""
    record = read_record(args.file)
    if args.iterations is not None and args.iterations < 1:
        raise CliError("--iterations must be at least 1")
    try:
        game = make(record["game"], players=record.get("players"), rules=record.get("rules"))
    except (TypeError, AttributeError, KeyError) as e:
        raise CliError(f"{args.file}: corrupt record ({e})") from None
    n = game.num_players
    for seat in args.seats or ():
        if not 0 <= seat < n:
            raise CliError(f"--seat must be between 0 and {n - 1} for {n} players, not {seat}")
    if args.json or isinstance(out, PlainConsole) or isinstance(err, PlainConsole):   # no progress bar
        report = review(record, seats=args.seats, iterations=args.iterations)
    else:
        report = _review_with_progress(record, args, err)
    if args.json:
        out.file.write(json.dumps(report) + "\n")
        return 0
    print_review(report, game, record, out)
    return 0


def _review_with_progress(record: RecordFile, args: ReviewOptions, err: Console) -> dict[str, Any]:
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

    with Progress(TextColumn(escape(t("reviewing"))), BarColumn(), TaskProgressColumn(), TimeRemainingColumn(),
                  console=err, transient=True) as progress:
        task = progress.add_task("review", total=1.0)

        def done(share: float) -> None:
            progress.update(task, completed=share)

        return review(record, seats=args.seats, iterations=args.iterations, progress=done)


def print_review(report: dict[str, Any], game: Game[Any, Any], record: RecordFile, out: Output) -> None:
    """The review as a person reads it: a line about it, the decisions, the summary, the chart."""
    out.print(f"[bold]{escape(t(game.title))}[/bold], "
              + nt("seed {seed}: the expert's review, {n} rollout a decision.",
                   "seed {seed}: the expert's review, {n} rollouts a decision.", report["iterations"],
                   seed=escape(str(record["seed"]))))
    if not report["decisions"]:
        out.print(t("Nothing to review: the seats reviewed never had more than one move to choose from."))
        return
    match = report["horizon"] == "match"
    _print_table(out, *decisions_table(report["decisions"]), left=(3, 4, 5))
    out.print(t("Win chance: the expert's estimate of the seat's chance to win the match after the move played.")
              if match else
              t("Win chance: the expert's estimate of the seat's chance to win the hand after the move played."))
    out.print()
    out.print(f"[bold]{escape(t('Summary'))}[/bold]")
    for line in summary_lines(report["summary"]):
        out.print(line)
    out.print()
    out.print(f"[bold]{escape(t('Win chance through the match'))}[/bold]")
    for line in chart_lines(report, out.width):
        out.print(line, markup=False)
    legend = t("One mark a move reviewed, from {low} to {high}; {mark} starts a new hand.", low=f"{BLOCKS[0]} 0%",
               high=f"{BLOCKS[-1]} 100%", mark=HAND_MARK)
    out.print(f"[dim]{escape(legend)}[/dim]")


def decisions_table(decisions: list[dict[str, Any]]) -> tuple[list[str], list[list[str]], list[str]]:
    """The decisions' headers, rows (plain text) and each row's verdict (for its colour)."""
    headers = [t("move"), t("hand"), t("seat"), t("played"), t("best move"), t("verdict"), t("win chance")]
    rows = [[str(d["index"] + 1), str(d["hand"]), str(d["seat"]), d["played"], d["best"],
             verdict_text(d["verdict"]), percent(d["win"])] for d in decisions]
    return headers, rows, [d["verdict"] for d in decisions]


def summary_lines(summary: list[dict[str, Any]]) -> list[str]:
    """Per seat: how many of its decisions were reviewed, the count of each verdict, the mean loss, the accuracy."""
    lines = []
    for s in summary:
        mean, accuracy = s["mean_loss"], s["accuracy"]
        verdicts = ", ".join(f"{verdict_text(v)} {s['verdicts'][v]}" for v in VERDICTS)
        lines.append(t("{seat}: {decisions}: {verdicts}; mean loss {loss}, accuracy {accuracy}",
                       seat=f"[bold]{escape(t('Seat {number}', number=s['seat']))}[/bold]",
                       decisions=nt("{n} decision reviewed", "{n} decisions reviewed", s["decisions"]),
                       verdicts=escape(verdicts), loss="-" if mean is None else f"{mean:.3f}",
                       accuracy="-" if accuracy is None else f"{accuracy:.1f}%"))
    return lines


def _print_table(out: Output, headers: list[str], rows: list[list[str]], styles: list[str],
                 left: tuple[int, ...]) -> None:
    """A table: plain text on a console without Rich, else a Rich table (``left``: the columns aligned left, the
    others right; ``styles``: each row's verdict, for its colour)."""
    if isinstance(out, PlainConsole):
        out.print(table_text(None, headers, rows), markup=False)
        return
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD)
    for i, header in enumerate(headers):
        table.add_column(escape(header), justify="left" if i in left else "right")
    for i, row in enumerate(rows):
        table.add_row(*(escape(cell) for cell in row), style=VERDICT_STYLES[styles[i]] or None)
    out.print(table)


def chart_lines(report: dict[str, Any], width: int) -> list[str]:
    """The chart: per seat reviewed, one mark a decision (its win chance after the move played), ``│`` where a
    hand begins, wrapped to ``width`` under a label naming the seat."""
    lines = []
    for seat in report["seats"]:
        mine = [d for d in report["decisions"] if d["seat"] == seat]
        if not mine:
            continue
        marks = []
        for i, d in enumerate(mine):
            if i and d["hand"] != mine[i - 1]["hand"]:
                marks.append(HAND_MARK)
            marks.append(BLOCKS[min(len(BLOCKS) - 1, int(d["win"] * len(BLOCKS)))])
        label = t("seat {number}", number=seat)
        room = max(10, width - cells(label) - 2)
        text = "".join(marks)
        for start in range(0, len(text), room):
            lines.append(f"{label if start == 0 else ' ' * cells(label)}  {text[start:start + room]}")
    return lines


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide character (``席``), else one."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
