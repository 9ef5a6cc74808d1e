"""``gamenight play``: one human seat against bots in the terminal."""
from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from ..bots.levels import bot_labels, bots_by_level
from ..core.errors import IllegalAction, RulesError
from ..core.game import Action, Game
from ..core.registry import bots_for, game_class, make, make_bot
from ..core.views import View
from .arguments import CliError, PlayOptions, parse_overrides
from .console import Output, PlainConsole, Reader, error_text, language, t
from .guide import print_guide
from .keys import keys_ignored
from .moves import in_hand_order, read_words
from .render import get_renderer
from .render.generic import seat_name

AnyGame = Game[Any, Any]
T = TypeVar("T")   # what a setup question's answer is read as
#: a refusal lists the moves allowed by their labels when there are this many or fewer; more: the menu
ALLOWED_LISTED = 6

def commands_help(hints: bool = True) -> str:
    """What the player may type, in the terminal's language (the command words stay as typed); ``hints``: the
    table allows the ``hint`` command."""
    from .review import hint_help
    text = t("Type the number of an action from the menu, or the action itself: in notation (shown in the menu "
             "after each label) or in words, as the menu says it (take the queen). Also: {help} (this), {rules} (how "
             "to play, and the rules in play), {table} (show the table again), {quit} (leave now; the record is "
             "saved if --record was given).",
             help="[bold]help[/bold]", rules="[bold]help rules[/bold]", table="[bold]table[/bold]",
             quit="[bold]quit[/bold]")
    return f"{text}\n{hint_help()}" if hints else text



def record_json(record: Mapping[str, object]) -> str:
    """A record as JSON with one key per line (the actions stay on one line)."""
    return "{\n" + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in record.items()) + "\n}\n"


class _Quit(Exception):
    pass


def default_bot(game: AnyGame | str) -> str:
    return "heuristic" if "heuristic" in bots_for(game) else "random"


def rich_console(out: Output) -> Console:
    """``out`` if it is Rich's, else a Rich console without colours on the PlainConsole's stream: a match draws
    panels and tables, which only Rich can print."""
    if isinstance(out, PlainConsole):
        return Console(file=out.file, width=out.width, color_system=None, highlight=False)
    return out


def run_play(args: PlayOptions, input_fn: Reader | None, out: Console) -> int:
    game_cls = game_class(args.game)  # unknown game: RulesError, one line
    # flags are checked before any prompt, so a typo is reported at once
    if args.record:
        _check_writable(args.record)
    if args.players is not None:
        _check_players(game_cls, str(args.players))
    hint_iterations = args.hint_iterations
    if hint_iterations is not None and hint_iterations < 1:
        raise CliError("--hint-iterations must be at least 1")
    if args.rules is not None and game_cls.RULES.preset_name(args.rules) not in game_cls.RULES.PRESETS:
        raise CliError(f"unknown preset {args.rules!r}; presets are: {', '.join(game_cls.RULES.PRESETS)}")
    read = make_reader(input_fn, out)
    interactive = not args.no_prompt and (input_fn is not None or sys.stdin.isatty())
    overrides = parse_overrides(args.overrides)

    if interactive:
        out.print(f"[bold]{escape(title(game_cls))}[/bold]: "
                  + t("set up the table (Enter accepts the default in brackets)."))
    players = args.players
    if players is None and game_cls.MIN_PLAYERS == game_cls.MAX_PLAYERS:
        players = game_cls.MIN_PLAYERS   # one answer: not asked
    if players is None and interactive:
        players = _ask(read, out, t("Number of players ({low}-{high})", low=game_cls.MIN_PLAYERS,
                                    high=game_cls.MAX_PLAYERS),
                       str(game_cls.DEFAULT_PLAYERS), lambda text: _check_players(game_cls, text))
    preset = args.rules
    if preset is None and interactive:
        preset = _ask_preset(read, out, game_cls)
    if args.overrides is None and interactive:
        overrides = _ask_overrides(read, out, game_cls, players, preset)
    game = make(args.game, players=players, rules=preset, **overrides)
    n = game.num_players

    seat = args.seat
    if seat is None and interactive:
        seat = _ask(read, out, t("Your seat (0-{high})", high=n - 1), "0", lambda text: _check_seat(text, n))
    seat = 0 if seat is None else seat
    if not 0 <= seat < n:
        raise CliError(f"--seat must be between 0 and {n - 1} for {n} players, not {seat}")
    bots_text = args.bots
    if bots_text is None and interactive:
        from .info import bots_text as bots_line
        out.print(bots_line(game))

        def check_bots(text: str) -> str:
            _seat_bots(game, seat, text)
            return text

        bots_text = _ask(read, out, t("Bot for the other seats (or a comma list, one per other seat)"),
                         t(bot_labels(game)[default_bot(game)]), check_bots)
    bot_names = _seat_bots(game, seat, bots_text or default_bot(game))

    # a short seed, easy to note down and replay with --seed
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    return PlaySession(game, seat, bot_names, seed, args.record, read, out, hints=not args.no_hints,
                       hint_iterations=hint_iterations).run()


def _check_writable(path: str) -> None:
    """Fail now, not after a whole match, when the record cannot be written."""
    if os.path.isdir(path):
        raise CliError(f"--record {path}: is a directory")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CliError(f"--record {path}: no such directory {folder}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise CliError(f"--record {path}: not writable")


def title(game_cls: type[AnyGame] | AnyGame) -> str:
    """A game's title in the terminal's language."""
    return t(game_cls.title)  # the titles are in the catalogs (N_)


def make_reader(input_fn: Reader | None, out: Console) -> Reader:
    if input_fn is not None:
        return input_fn
    return lambda prompt: out.input(escape(prompt))


def _ask(read: Reader, out: Console, question: str, default: str, check: Callable[[str], T]) -> T:
    """Ask until ``check(answer)`` accepts it (it raises CliError/RulesError with the reason); Enter = default."""
    while True:
        try:
            answer = read(t("{question} [{default}]: ", question=question, default=default)).strip()
        except EOFError:
            answer = ""
        try:
            return check(answer or default)
        except (CliError, RulesError, ValueError) as e:
            out.print(f"[red]{escape(error_text(e))}[/red]")


def _check_players(game_cls: type[AnyGame], text: str) -> int:
    try:
        players = int(text)
    except ValueError:
        raise CliError(t("{text} is not a number", text=repr(text))) from None
    if not game_cls.MIN_PLAYERS <= players <= game_cls.MAX_PLAYERS:
        raise CliError(t("{game} is for {low} to {high} players", game=title(game_cls), low=game_cls.MIN_PLAYERS,
                         high=game_cls.MAX_PLAYERS))
    return players


def _check_seat(text: str, n: int) -> int:
    try:
        seat = int(text)
    except ValueError:
        raise CliError(t("{text} is not a number", text=repr(text))) from None
    if not 0 <= seat < n:
        raise CliError(t("seats are 0 to {high}", high=n - 1))
    return seat


def _ask_preset(read: Reader, out: Console, game_cls: type[AnyGame]) -> str:
    rules_cls = game_cls.RULES
    names = list(rules_cls.PRESETS)
    out.print(t("Rules presets:"))
    for i, name in enumerate(names, 1):
        doc = t(rules_cls.PRESET_DOCS.get(name, "")) if rules_cls.PRESET_DOCS.get(name) else ""
        shown = t(rules_cls.PRESET_TITLES.get(name, name))
        out.print(f"  {i}) [bold]{escape(name)}[/bold] {escape(shown)}  {escape(doc)}")

    def check(text: str) -> str:
        if text.isdigit() and 1 <= int(text) <= len(names):
            return names[int(text) - 1]
        if rules_cls.preset_name(text) in rules_cls.PRESETS:
            return rules_cls.preset_name(text)
        raise CliError(t("unknown preset {preset}; presets are: {presets}", preset=repr(text),
                         presets=", ".join(names)))

    return _ask(read, out, t("Rules preset (name or number)"), rules_cls.DEFAULT_PRESET, check)


def _ask_overrides(read: Reader, out: Console, game_cls: type[AnyGame], players: int | None,
                   preset: str | None) -> dict[str, str]:
    def check(text: str) -> dict[str, str]:
        if text.strip().lower() in ("", "none", "-", t("none").lower()):
            return {}
        if text.strip().lower() in ("list", "?", "help"):
            from .info import rules_table
            out.print(rules_table(game_cls.RULES, width=out.width))
            raise CliError(t("type options as key=value, separated by spaces, or press Enter for none"))
        overrides = parse_overrides(text.split())
        make(game_cls.name, players=players, rules=preset, **overrides)  # RulesError names the problem
        return overrides

    return _ask(read, out, t("Change options? key=value ... ('list' shows them)"), t("none"), check)


def _seat_bots(game: AnyGame, seat: int, text: str) -> dict[int, str]:
    """Bot name per other seat: one name fills them all, a comma list gives one per other seat in order."""
    others = [p for p in range(game.num_players) if p != seat]
    names = [_bot_called(game, name) for name in text.split(",") if name.strip()]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise CliError(t("--bots needs one bot or {count} (one per other seat), got {got}", count=len(others),
                         got=len(names)))
    available = bots_for(game)
    for name in names:
        if name not in available:
            raise CliError(t("unknown bot {bot} for {game}; bots are: {bots}", bot=repr(name), game=game.name,
                             bots=", ".join(t(bot_labels(game)[b]) for b in bots_by_level(game))))
    return dict(zip(others, names))


def _bot_called(game: AnyGame, text: str) -> str:
    """The program name of the bot ``text`` names: its level, as the terminal and the pages say it, in the
    terminal's language or in English ("Casual", "amateur"), or its program name ("heuristic"); else ``text``."""
    wanted = text.strip()
    for bot, level in bot_labels(game).items():
        if wanted.casefold() in (level.casefold(), t(level).casefold()):
            return bot
    return wanted


class PlaySession:
    """The play loop: the human seat reads a number or notation; the bots choose from their views."""

    def __init__(self, game: AnyGame, seat: int, bot_names: dict[int, str], seed: int, record_path: str | None,
                 read: Reader, out: Console, hints: bool = True, hint_iterations: int | None = None):
        self.game, self.seat, self.bot_names, self.seed = game, seat, bot_names, seed
        self.hints, self.hint_iterations = hints, hint_iterations
        self.record_path, self.read, self.out = record_path, read, out
        self.bots = {p: make_bot(name, game) for p, name in bot_names.items()}
        self.renderer = get_renderer(game.name)
        self.state = game.new(seed=seed)
        self.bot_rng = random.Random(seed)

    def run(self) -> int:
        out, state = self.out, self.state
        bots = ", ".join(t("{name}: {move}", name=seat_name(p), move=self._level(p)) for p in self.bot_names)
        out.print(f"[bold]{escape(title(self.game))}[/bold], "
                  + t("{n} players, rules {preset}, seed {seed}. You are seat {seat}; {bots}.", n=self.game.num_players,
                      preset=escape(t(self.game.RULES.PRESET_TITLES.get(self.game.rules.preset,
                                                                        self.game.rules.preset))),
                      seed=self.seed, seat=self.seat, bots=escape(bots)))
        out.print(f"[dim]{t('Type help for help, help rules for how to play.')}[/dim]")
        hands = state.hands_played
        out_noted = False
        self._seen_hand = state.hands_played
        self._seen_moves = len(state.view(self.seat).get("log") or ())
        try:
            while not state.is_over:
                player = state.current_player
                before = state.view(self.seat)
                if player == self.seat:
                    text = self._human_turn()
                    out.print(t("{name}: {move}", name=seat_name(player, self.seat), move=escape(text)))
                    self._print_moves(player, None)  # nothing more: the own move is echoed as typed
                else:
                    legal = state.legal_actions()
                    with keys_ignored():   # keys typed while a bot thinks are not echoed, nor read as a move
                        action = self.bots[player].choose(state.view(player), legal, self._bot_chance())
                    state.apply(action)
                    self._print_moves(player, action)
                self._after_move(before)
                if state.hands_played != hands or state.is_over:
                    hands = state.hands_played
                    view = state.view(self.seat)
                    summary = self.renderer.hand_summary(view)
                    if summary:
                        out.print(Panel(summary, expand=False))
                    active = view.get("active")  # games with elimination list who is still in
                    if not out_noted and not state.is_over and isinstance(active, list) and active[self.seat] is False:
                        out_noted = True
                        out.print(f"[bold]{t('You are out of the match;')}[/bold] "
                                  + t("the bots play on to the end."))
        except _Quit:
            out.print(t("You left the game."))
            self._save()
            return 0
        except BaseException:  # Ctrl-C or a bug: keep the game so far
            self._save()
            raise
        out.print(Panel(self.renderer.match_summary(state.view(self.seat)), expand=False))
        self._save()
        return 0

    def _bot_chance(self) -> random.Random:
        """The chance the bot to move decides with (the match's one rng, from its seed)."""
        return self.bot_rng

    def _after_move(self, before: View) -> None:
        """After each move, with the human seat's view before it (``gamenight learn``'s coach speaks here)."""

    def _before_menu(self, view: View, legal: list[Action]) -> None:
        """At the human's turn, between the table and the menu (``gamenight learn``'s coach advises here)."""

    def _human_turn(self) -> str:
        state, out, renderer = self.state, self.out, self.renderer
        view = state.view(self.seat)
        legal = state.legal_actions()
        out.print()
        out.print(Panel(renderer.table(view), expand=False))
        self._before_menu(view, legal)
        self._print_menu(legal, view)
        while True:
            try:
                text = self.read(t("Your move> ")).strip()
            except EOFError:
                raise _Quit() from None
            word = text.lower()
            if not text:
                continue
            if word in ("quit", "exit", "q"):
                raise _Quit()
            if word in ("help", "h", "?"):
                out.print(commands_help(self.hints))
                self._print_menu(legal, view)
                continue
            if word in ("hint", "hints"):
                self._hint(view, legal)
                continue
            if word in ("rules", "help rules"):
                from .info import rules_table
                print_guide(self.game, language(), out)
                out.print()
                out.print(rules_table(type(self.game.rules), self.game.rules, width=out.width))
                continue
            if word in ("table", "t", "show"):
                out.print(Panel(renderer.table(view), expand=False))
                self._print_menu(legal, view)
                continue
            played = self._play_typed(text, legal, view)
            if played is not None:
                return played

    def _play_typed(self, text: str, legal: list[Action], view: View) -> str | None:
        """Play the legal action ``text`` names: a menu number, the notation, or words of the player's language (see
        :mod:`.moves`); its notation, or None once it has said why ``text`` is not a move now."""
        menu = self._menu(legal, view)
        if text.isdigit():
            if not 1 <= int(text) <= len(menu):
                self._refuse(t("There is no action {number}: choose 1 to {high}.", number=text, high=len(menu)), menu)
                return None
            self.state.apply(menu[int(text) - 1][0])
        else:
            try:
                self.state.apply(text)
            except IllegalAction as refusal:   # the engine says why: what is wrong, or why it is not legal now
                if not self._unreadable(text):
                    self._refuse(escape(error_text(refusal)), menu)
                    return None
                action = self._action_in_words(text, menu, refusal)
                if action is None:
                    return None
                self.state.apply(action)
        return str(self.state.history[-1])

    def _unreadable(self, text: str) -> bool:
        """``text`` is no notation of this game (it may be words)."""
        try:
            self.game.parse_action(text)
        except IllegalAction:
            return True
        return False

    def _action_in_words(self, text: str, menu: list[tuple[Action, str]], unreadable: IllegalAction) -> Action | None:
        """The action ``text`` names in words; else None, once it has said why (``unreadable``: the engine's
        refusal of ``text`` as notation, which says how the notation is written)."""
        reading = read_words(text, [(str(action), label, self.game.describe(action)) for action, label in menu])
        if reading.chosen is not None:
            return menu[reading.chosen][0]
        if reading.candidates:
            could = [menu[i] for i in reading.candidates]
            self._refuse(t("{text} could be several moves; say which.", text=escape(repr(text))), could)
        else:
            self._refuse(escape(error_text(unreadable)), menu)
        return None

    def _refuse(self, why: str, menu: list[tuple[Action, str]]) -> None:
        """Say why a typed line is not played, then what may be: the moves by their labels (few), or the menu."""
        self.out.print(f"[red]{why}[/red]")
        if len(menu) <= ALLOWED_LISTED:
            self.out.print(t("Allowed now: {moves}", moves=", ".join(
                f"{label} [dim]({escape(str(action))})[/dim]" for action, label in menu)))
        else:
            self.out.print(t("Allowed now: a move of the menu, 1 to {high}.", high=len(menu)))

    def _hint(self, view: View, legal: list[Action]) -> None:
        """The expert's top three moves from the person's view (never the state), with their chance to win. Its
        rng is the position's own, so a hint changes nothing in the bots' play and asking twice says the same."""
        from .review import hint_line, hints_off
        if not self.hints:
            self.out.print(hints_off())
            return
        rng = random.Random(f"hint:{self.seed}:{len(self.state.history)}")
        labels = {str(action): label for action, label in self._menu(legal, view)}
        with keys_ignored():   # keys typed while the expert thinks are not echoed over the spinner, nor kept
            if self.out.is_terminal:
                with self.out.status(escape(t("The expert is thinking..."))):
                    line = hint_line(self.game, view, legal, rng, self.hint_iterations, labels.get)
            else:
                line = hint_line(self.game, view, legal, rng, self.hint_iterations, labels.get)
        self.out.print(line)

    def _print_moves(self, player: int, action: Action | str | None) -> None:
        """Print the moves made since the last call as the human seat sees them: the new entries of its view's
        ``log``, in the renderer's words for the view's record of each (``log_described``: a bot's face-down card
        stays face down, as the view has it), never from another seat's ``str(action)``. ``action`` is None after
        the human's own move, which was echoed as typed.

        A move that ends a hand leaves the next hand's view with a fresh ``log``; the finished hand's moves,
        that last one included, are its ``previous_log``, so the moves not printed yet are read from there."""
        view = self.state.view(self.seat)
        log = view.get("log")
        hand = self.state.hands_played
        moves: list[tuple[int, str, Any]] = []   # (seat, text, the engine's record) each, as the view's log has them
        if action is not None:
            if log is None:  # a game whose views keep no log: say who moved, nothing more
                moves = [(player, t("moved"), None)]
            elif hand == self._seen_hand:
                moves = _entries(view, "log")[self._seen_moves:]
            else:
                moves = [*_entries(view, "previous_log")[self._seen_moves:], *_entries(view, "log")]
        self._seen_hand, self._seen_moves = hand, len(log or ())
        for seat, text, record in moves:
            words = (self.renderer.move_text(record) if record is not None else None) or escape(text)
            if seat == self.seat:
                self.out.print(t("{name}: {move}", name=seat_name(seat, self.seat), move=words))
            else:
                name = t("seat {number} ({name})", number=seat, name=escape(self._level(seat)))
                self.out.print(t("{name}: {move}", name=name, move=words))

    def _level(self, seat: int) -> str:
        """The bot at ``seat`` as players call it ("Casual"), in the terminal's language: the level name the pages
        show for it; its program name ("heuristic") is for ``--bots``."""
        name = self.bot_names.get(seat)
        return t(bot_labels(self.game).get(name, name)) if name else t("bot")

    def _menu(self, legal: list[Action], view: View) -> list[tuple[Action, str]]:
        """The legal actions as the menu lists them, each with its label: the actions on cards of the hand in the
        order the table shows the hand."""
        described = {action: self.game.describe(action) for action in legal}
        ordered = in_hand_order(legal, [described[action] for action in legal], self.renderer.hand_order(view))
        return [(action, self.renderer.action_label(str(action), view, described[action])) for action in ordered]

    def _print_menu(self, legal: list[Action], view: View) -> None:
        lines = []
        for i, (action, label) in enumerate(self._menu(legal, view), 1):
            notation = str(action)
            plain = Text.from_markup(label).plain
            suffix = "" if plain == notation else f"  [dim]{escape(notation)}[/dim]"
            lines.append(f"  {i:>2}) {label}{suffix}")
        self.out.print("\n".join(lines))

    def _save(self) -> None:
        if not self.record_path:
            return
        record = self.state.record()
        if self.state.is_over:
            record["result"] = {"scores": self.state.scores, "winners": self.state.winners}
        with open(self.record_path, "w", encoding="utf-8") as f:
            f.write(record_json(record))
        self.out.print(t("Record written to {path}", path=escape(self.record_path)))


def _entries(view: View, key: str) -> list[tuple[int, str, Any]]:
    """The view's ``log`` (or ``previous_log``) as (seat, text, the engine's record of the move) each; the record
    from ``log_described`` (``previous_log_described``), None where the view has none."""
    log, described = view.get(key), view.get(f"{key}_described")
    if not isinstance(log, list):
        return []
    if not isinstance(described, list):
        described = []
    records = [*described, *[None] * (len(log) - len(described))]
    return [(entry[0], entry[1], record) for entry, record in zip(log, records)]
