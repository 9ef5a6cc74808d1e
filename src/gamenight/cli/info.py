"""``gamenight rules`` (a game's options and presets, or the list of games) and ``gamenight replay``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, cast

from ..bots.levels import bot_labels, bots_by_level
from ..core.errors import IllegalAction, RulesError
from ..core.game import RECORD_FORMAT, Game, State
from ..core.options import Rules
from ..core.record import GameRecord, replay, replay_steps
from ..core.registry import bot_doc, bots_for, game_class, games, make
from .arguments import CliError, ReplayOptions, RulesOptions, load_json_file
from .console import Output, PlainConsole, escape, t, table_text
from .guide import print_guide
from .render import get_renderer

if TYPE_CHECKING:  # Rich is the cli extra: without it, `rules` and `replay` print plain text
    from rich.table import Table

AnyGame = Game[Any, Any]
AnyState = State[Any, Any]


class RecordFile(GameRecord):
    """A record as a file holds it: a game record, and from ``gamenight play --record`` at the end of a match the
    result it states, ``{"scores", "winners"}`` (any JSON value as read: the replay checks it)."""
    result: NotRequired[object]


def _value_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ",".join(f"{k}:{v}" for k, v in value.items()) or "none"
    if isinstance(value, (tuple, list)):
        return ",".join(f"{a}:{b}" for a, b in value) or "none"
    return str(value)


def rules_table(rules_cls: type[Rules], current: Rules | None = None, width: int = 120) -> Table:
    """The options of ``rules_cls`` (name, type, default, allowed, meaning), with ``current``'s values if given.

    A table on a wide console; on a narrow one (``width`` < 110) each option takes two lines instead, so the
    meanings are not chopped into a thin column."""
    from rich import box
    from rich.table import Table

    values = current.to_dict() if current is not None else {}
    title = t("Options") if current is None else t("Rules in play (preset {preset})", preset=escape(current.preset))
    entries = rules_cls.describe()
    if width < 110:
        grid = Table.grid(padding=(0, 1))
        grid.title = title
        grid.add_column(no_wrap=True)
        grid.add_column()
        for entry in entries:
            now = ", " + t("now {value}", value=_now_text(entry, values)) if current is not None else ""
            grid.add_row(f"[bold]{escape(entry['name'])}[/bold]",
                         f"{escape(entry['type'])}, {t('default {value}', value=escape(str(entry['default'])))}{now}"
                         f" [dim]({escape(entry['allowed'] or '')})[/dim]")
            grid.add_row("", escape(t(entry["meaning"])))
        return grid
    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column(t("option"), no_wrap=True, style="bold")
    table.add_column(t("type"), no_wrap=True)
    table.add_column(t("default"), no_wrap=True)
    if current is not None:
        table.add_column(t("now"), no_wrap=True)
    table.add_column(t("meaning (allowed values)"), ratio=1)
    for entry in entries:
        row = [escape(entry["name"]), escape(entry["type"]), escape(str(entry["default"]))]
        if current is not None:
            row.append(_now_text(entry, values))
        row.append(f"{escape(t(entry['meaning']))} [dim]({escape(entry['allowed'] or '')})[/dim]")
        table.add_row(*row)
    return table


def _now_text(entry: dict[str, Any], values: dict[str, Any]) -> str:
    now = values.get(entry["name"])
    text = entry["default"] if now is None and entry["default"] == "unlimited" else _value_text(now)
    return escape(text) if text == str(entry["default"]) else f"[yellow]{escape(text)}[/yellow]"


def rules_text(rules_cls: type[Rules]) -> str:
    """The options as plain text (no Rich): each option on a line, its meaning on the next."""
    lines = [t("Options")]
    for entry in rules_cls.describe():
        lines.append(f"  {entry['name']}: {entry['type']}, {t('default {value}', value=entry['default'])} "
                     f"({entry['allowed'] or ''})")
        lines.append(f"      {t(entry['meaning'])}")
    return "\n".join(lines)


def _preset_rows(rules_cls: type[Rules]) -> list[list[str]]:
    rows = []
    for name, overrides in rules_cls.PRESETS.items():
        label = name + (" " + t("(default)") if name == rules_cls.DEFAULT_PRESET else "")
        changes = ", ".join(f"{k}={_value_text(v)}" for k, v in overrides.items()) or "-"
        doc = rules_cls.PRESET_DOCS.get(name, "")
        rows.append([label, t(doc) if doc else "", changes])
    return rows


def presets_table(rules_cls: type[Rules]) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(title=t("Presets (use --rules NAME)"), box=box.SIMPLE_HEAD)
    table.add_column(t("preset"), no_wrap=True, style="bold")
    table.add_column(t("meaning"))
    table.add_column(t("overrides"))
    for row in _preset_rows(rules_cls):
        table.add_row(*(escape(cell) for cell in row))
    return table


def bots_text(game: AnyGame | str) -> str:
    """A game's bots by their levels, weakest first, each with what it does, in the terminal's language (``game``: a
    Game or its name): "Casual", as the pages call it, which ``--bots`` reads as well as the program name."""
    labels = bot_labels(game)

    def said(name: str) -> str:
        doc, level = bot_doc(name, game), escape(t(labels[name]))
        return f"[bold]{level}[/bold] {escape(t(doc))}" if doc else f"[bold]{level}[/bold]"

    return t("Bots: {bots}", bots="; ".join(said(b) for b in bots_by_level(game)))


def run_rules(args: RulesOptions, out: Output) -> int:
    """A game's guide, options, presets and bots; with no game, the list of games. Without Rich (a PlainConsole)
    the same facts as plain text."""
    if not args.game:
        _print_games(out)
        return 0
    cls = game_class(args.game)
    print_guide(make(cls.name, players=args.players), args.language(), out)
    out.print("")
    out.print(f"[bold]{escape(t(cls.title))}[/bold] ({escape(cls.name)}): "
              + t("{low} to {high} players, default {n}. Change an option with --set option=value.",
                  low=cls.MIN_PLAYERS, high=cls.MAX_PLAYERS, n=cls.DEFAULT_PLAYERS))
    if isinstance(out, PlainConsole):
        out.print(rules_text(cls.RULES), markup=False)
        out.print(table_text(t("Presets (use --rules NAME)"), [t("preset"), t("meaning"), t("overrides")],
                             _preset_rows(cls.RULES)), markup=False)
    else:
        out.print(rules_table(cls.RULES, width=out.width))
        out.print(presets_table(cls.RULES))
    names = bots_for(cls.name)
    if names:
        out.print(bots_text(cls.name))
    return 0


def _print_games(out: Output) -> None:
    title = t("Games (gamenight rules GAME for the options)")
    headers = [t("game"), t("title"), t("players"), t("presets"), t("bots")]
    rows = []
    for name in games():
        cls = game_class(name)
        rows.append([name, t(cls.title), t("{low}-{high} (default {n})", low=cls.MIN_PLAYERS, high=cls.MAX_PLAYERS,
                                            n=cls.DEFAULT_PLAYERS),
                     ", ".join(cls.RULES.PRESETS), ", ".join(t(bot_labels(name)[b]) for b in bots_by_level(name))])
    if isinstance(out, PlainConsole):
        out.print(table_text(title, headers, rows), markup=False)
        return
    from rich.table import Table

    table = Table(title=title)
    table.add_column(headers[0], no_wrap=True, style="bold")
    for header in headers[1:]:
        table.add_column(header)
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    out.print(table)


def run_replay(args: ReplayOptions, out: Output) -> int:
    """Print a record's moves and hand summaries, then check it: it replays the same twice, its final state
    survives JSON, and the result it states (if any) is the replay's."""
    where = args.file
    record = read_record(where)
    try:
        game = make(record["game"], players=record.get("players"), rules=record.get("rules"))
        initial = game.new(seed=record["seed"], deal=record.get("deal"))
    except (RulesError, ValueError) as e:
        raise CliError(f"{where}: {e}") from None
    except (TypeError, AttributeError, KeyError) as e:
        raise CliError(f"{where}: corrupt record ({e})") from None
    out.print(_record_header(game, record))
    state = _print_steps(record, initial, out, where)
    _check_replay(record, game, state, where)
    return _print_result(record, state, out, where)


def read_record(where: str) -> RecordFile:
    """The record in file ``where``, with the fields a record must have (the core checks the rest)."""
    record = load_json_file(where)
    if not isinstance(record, dict):
        raise CliError(f"{where}: not a game record (expected a JSON object)")
    missing = [k for k in ("game", "seed", "actions") if k not in record]
    if missing:
        raise CliError(f"{where}: not a game record: missing {', '.join(missing)}")
    if not isinstance(record["actions"], list) or not all(isinstance(a, str) for a in record["actions"]):
        raise CliError(f"{where}: 'actions' must be a list of action strings")
    if not isinstance(record["game"], str):
        raise CliError(f"{where}: 'game' must be a game name")
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise CliError(f"{where}: this record is of format {record['format']!r}; this version of gamenight "
                       f"replays format {RECORD_FORMAT} records")
    return cast(RecordFile, record)   # the fields read here are checked; the core checks the rest as it replays


def _record_header(game: AnyGame, record: RecordFile) -> str:
    """``Yaniv, 4 players, rules standard with slapdown=off, seed 7, 212 actions``."""
    rules_cls = type(game.rules)
    base = rules_cls.build(game.rules.preset).to_dict() if game.rules.preset in rules_cls.PRESETS else {}
    overrides = {k: v for k, v in game.rules.to_dict().items() if k != "preset" and v != base.get(k)}
    changes = ", ".join(f"{k}={_value_text(v)}" for k, v in overrides.items())
    dealt = ", first hand set up by hand" if record.get("deal") is not None else ""
    return (f"[bold]{escape(game.title)}[/bold], {game.num_players} players, rules {escape(game.rules.preset)}"
            f"{' with ' + escape(changes) if changes else ''}, seed {record['seed']}{dealt}, "
            f"{len(record['actions'])} actions")


def _print_steps(record: RecordFile, initial: AnyState, out: Output, where: str) -> AnyState:
    """Print each move, and each hand's summary as it ends; the final state."""
    renderer = get_renderer(initial.game.name)
    state = initial
    hands = initial.hands_played
    try:
        for number, seat, action, state in replay_steps(record):
            out.print(f"  {number:>4}. seat {seat}: {escape(str(action))}")
            if state.hands_played != hands or state.is_over:
                hands = state.hands_played
                summary = renderer.hand_summary(state.view(None))
                if summary:
                    out.print(summary)
    except (IllegalAction, ValueError) as e:
        raise CliError(f"{where}: {e}") from None
    except (TypeError, AttributeError, KeyError) as e:
        raise CliError(f"{where}: corrupt record ({e})") from None
    return state


def _check_replay(record: RecordFile, game: AnyGame, state: AnyState, where: str) -> None:
    """The same record replays to the same state, the state survives JSON, and no action is lost."""
    if replay(record) != state:
        raise CliError(f"{where}: replaying twice gave different states (the engine is not deterministic)")
    if game.state_from_json(state.to_json()) != state:
        raise CliError(f"{where}: the final state does not survive a JSON round-trip")
    canonical = state.record()["actions"]
    if len(canonical) != len(record["actions"]):
        raise CliError(f"{where}: the replay has {len(canonical)} actions, the record {len(record['actions'])}")


def _print_result(record: RecordFile, state: AnyState, out: Output, where: str) -> int:
    """The match's end and whether the record's stated result is the replay's."""
    renderer = get_renderer(state.game.name)
    result = record.get("result")
    if not state.is_over:
        if result is not None:
            raise CliError(f"{where}: the record states a result but the match is not over after its actions")
        out.print(f"The record ends before the match is over: seat {state.current_player} to play. "
                  f"Replay consistent.")
        return 0
    if result is not None:
        if not isinstance(result, dict) or result.get("winners") != state.winners or \
                result.get("scores") != state.scores:
            raise CliError(f"{where}: the record's result {result} differs from the replay's "
                           f"(scores {state.scores}, winners {state.winners})")
    out.print(renderer.match_summary(state.view(None)))
    winners = ", ".join(f"seat {w}" for w in state.winners) or "none"
    out.print(f"Result: winners {winners}; scores {', '.join(str(s) for s in state.scores)}. "
              f"Replay consistent{' with the recorded result' if result is not None else ''}.")
    return 0
