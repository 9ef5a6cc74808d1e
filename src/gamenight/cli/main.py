"""``gamenight``: play a game in the terminal, simulate bot matches, show a game's rules, replay a record.

Every command's errors are one line on stderr (``gamenight: error: ...``) and exit status 2; Ctrl-C exits 130.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, NoReturn, Protocol, TypedDict

from .. import i18n
from ..core.errors import IllegalAction, RulesError
from .arguments import (
    BenchOptions,
    CliError,
    LearnOptions,
    Options,
    PlayOptions,
    ReplayOptions,
    ReviewOptions,
    RulesOptions,
    ServeOptions,
    SimulateOptions,
    TournamentOptions,
)
from .console import CLI_EXTRA, Output, Reader, error_text, have_rich, make_console, set_language, t


class _Parser(argparse.ArgumentParser):
    # argparse prints the usage and exits; a user error here is one line like every other error
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see {self.prog} --help)")


class _Commands(Protocol):
    """What ``add_subparsers()`` returns, as the commands' definitions use it: one parser per command."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gamenight", description="Traditional games with exact rules: play, simulate, "
                                                   "read the rules, replay records.")
    from .. import __version__
    parser.add_argument("--version", action="version", version=f"gamenight {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    _add_play(sub)
    _add_learn(sub)
    _add_simulate(sub)
    _add_tournament(sub)
    _add_rules_and_replay(sub)
    _add_review(sub)
    _add_serve(sub)
    _add_bench(sub)
    return parser


def _add_play(sub: _Commands) -> None:
    """``gamenight play``: a match in the terminal."""
    play = sub.add_parser("play", help="play a game in the terminal against bots",
                          description="Play a game in the terminal against bots. With no options on a terminal, "
                                      "asks for the table at a prompt (Enter accepts the defaults).")
    play.add_argument("game", help="the game (see `gamenight rules`)")
    play.add_argument("--players", type=int, help="number of players (default: the game's default)")
    play.add_argument("--rules", metavar="PRESET", help="a rules preset (see `gamenight rules GAME`)")
    play.add_argument("--set", dest="overrides", action="append", default=None, metavar="KEY=VALUE",
                      help="override one rules option; repeat for several")
    play.add_argument("--seat", type=int, help="your seat, 0 .. players-1 (default 0)")
    play.add_argument("--bots", help="the other seats' bot, or a comma list with one bot per other seat "
                                     "(default: heuristic where the game has one, else random)")
    play.add_argument("--seed", type=int, help="the deal's seed (default: random)")
    play.add_argument("--record", metavar="FILE", help="write the game record (JSON) here at the end or on quit")
    play.add_argument("--no-prompt", action="store_true", help="use defaults for everything not given; ask nothing")
    play.add_argument("--lang", choices=[*i18n.LANGUAGES, i18n.PSEUDO], default=None,
                      help="the language to play in (default: the environment's LANGUAGE/LC_ALL/LANG; qps: the "
                           "pseudo-language, for testing translations)")
    play.add_argument("--no-hints", action="store_true",
                      help="turn the hint command off (it shows the expert bot's best moves at your turn)")
    play.add_argument("--hint-iterations", type=int, metavar="N", default=None,
                      help="rollouts the expert searches for a hint (default: its own budget, about a second)")


def _add_learn(sub: _Commands) -> None:
    """``gamenight learn``: a first hand with the coach."""
    learn = sub.add_parser("learn", help="learn a game: a first hand against bots, with a coach at every decision",
                           description="Play a first hand of a game with a coach, on a deal chosen to show the "
                                       "game's main rules: at each decision the coach says what each move does, "
                                       "its chance to win the hand and which it suggests; after each of your moves, "
                                       "what it did. The match goes on afterwards, the coach still speaking.")
    learn.add_argument("game", help="the game (see `gamenight rules`)")
    learn.add_argument("--players", type=int, help="number of players (default: the game's usual number where it has "
                                                   "a coached hand for it)")
    learn.add_argument("--iterations", type=int, metavar="N", default=None,
                       help="rollouts the expert searches for the chances (default: about a second a decision; 0: "
                            "no chances)")
    learn.add_argument("--lang", choices=[*i18n.LANGUAGES, i18n.PSEUDO], default=None,
                       help="the language to play in (default: the environment's LANGUAGE/LC_ALL/LANG; qps: the "
                            "pseudo-language, for testing translations)")


def _add_simulate(sub: _Commands) -> None:
    """``gamenight simulate``: bot matches and their win rates."""
    sim = sub.add_parser("simulate", help="play many bot matches and report win rates",
                         description="Play many matches between bots (seeds SEED, SEED+1, ...) and report each "
                                     "seat's wins with a 95% Wilson interval, mean scores and speed.")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=100, help="number of matches (default 100)")
    sim.add_argument("--players", type=int, help="number of players (default: the game's default)")
    sim.add_argument("--rules", metavar="PRESET", help="a rules preset")
    sim.add_argument("--set", dest="overrides", action="append", default=None, metavar="KEY=VALUE",
                     help="override one rules option; repeat for several")
    sim.add_argument("--bots", help="a comma list of bots, one per seat; a single name fills every seat")
    sim.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    sim.add_argument("--json", action="store_true", help="print one JSON object, no progress bar")


def _add_tournament(sub: _Commands) -> None:
    """``gamenight tournament``: every bot against every other, ratings."""
    tour = sub.add_parser("tournament", help="play every bot against every other and rate them",
                          description="Play every pair of bots on duplicate deals (each seed twice, the seats "
                                      "swapped; at 3+ players the two bots alternate seats, so Thunee's teams are "
                                      "one bot each) and report each pair's match wins and decided hands won with "
                                      "95% Wilson intervals, and Bradley-Terry ratings on an Elo scale with 95% "
                                      "bootstrap intervals. --solo plays the first bot alone against each other "
                                      "one instead; --count counts calls.")
    tour.add_argument("game")
    tour.add_argument("--bots", required=True, help="a comma list of two or more bots, e.g. expert,heuristic,random")
    tour.add_argument("--players", type=int, help="number of players (default: the game's default)")
    tour.add_argument("--matches", type=int, default=20, help="seeds per pair, each played in both seatings "
                                                              "(default 20)")
    tour.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    tour.add_argument("--rules", metavar="PRESET", help="a rules preset")
    tour.add_argument("--set", dest="overrides", action="append", default=None, metavar="KEY=VALUE",
                      help="override one rules option; repeat for several")
    tour.add_argument("--solo", action="store_true",
                      help="one against the rest (3+ players, no teams): the first bot of --bots alone against "
                           "each other one, which fills every other seat; each deal is played with the lone bot in "
                           "every seat; reports its wins next to its fair share, no ratings")
    tour.add_argument("--count", metavar="WORDS",
                      help="count the calls whose notation is one of these comma-separated words or starts with "
                           "one (e.g. \"thunee,royals,blind thunee,jodi\"), per bot, and the hands won after them")
    tour.add_argument("--iterations", type=int, metavar="N", help="the search bots' (expert, strong) budget in "
                                                                  "rollouts per decision (default: their own)")
    tour.add_argument("--workers", type=int, metavar="W", help="processes to play in (default: one per CPU; "
                                                               "1: in this process)")
    tour.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                      help="play each match as a Ray task, on the cluster at ADDRESS or on a local Ray "
                           "(needs the ray extra)")
    tour.add_argument("--json", metavar="FILE", help="write everything as JSON (- : to standard output, no table)")
    tour.add_argument("--csv", metavar="FILE", help="write one row per match")
    tour.add_argument("--plot", metavar="FILE.png", help="draw the ratings with their intervals (needs the plot "
                                                         "extra)")
    tour.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_rules_and_replay(sub: _Commands) -> None:
    """``gamenight rules`` and ``gamenight replay``."""
    rules = sub.add_parser("rules", help="how to play a game, then its options, defaults and presets (no game: "
                                         "list the games)")
    rules.add_argument("game", nargs="?")
    rules.add_argument("--players", type=int, default=None, help="how to play at a table of this many players")
    rules.add_argument("--lang", choices=[*i18n.LANGUAGES, i18n.PSEUDO], default=None,
                       help="the language to explain in (default: the environment's LANGUAGE/LC_ALL/LANG; qps: the "
                            "pseudo-language, for testing translations)")

    replay = sub.add_parser("replay", help="replay a game record move by move and check it")
    replay.add_argument("file", help="a record JSON (from `play --record` or state.record())")


def _add_review(sub: _Commands) -> None:
    """``gamenight review``: the expert bot's review of a recorded match."""
    review = sub.add_parser("review", help="review a game record with the expert bot: each decision's verdict and "
                                           "the win chance through the match",
                            description="Replay a record and, at each decision with a choice, compare the move "
                                        "played with the expert bot's best from what that seat could see: a "
                                        "verdict (best, fine, inaccuracy, mistake, blunder), a summary per seat "
                                        "and a chart of the estimated win chance.")
    review.add_argument("file", help="a record JSON (from `play --record` or state.record())")
    review.add_argument("--seat", dest="seats", type=int, action="append", default=None, metavar="N",
                        help="review this seat's decisions; repeat for several (default: every seat)")
    review.add_argument("--iterations", type=int, metavar="N", default=None,
                        help="rollouts the expert searches a decision (default: its own budget, about a second)")
    review.add_argument("--json", action="store_true", help="print the review as one JSON object, no progress bar")
    review.add_argument("--lang", choices=[*i18n.LANGUAGES, i18n.PSEUDO], default=None,
                        help="the language to print in (default: the environment's LANGUAGE/LC_ALL/LANG; qps: "
                             "the pseudo-language, for testing translations)")


def _add_serve(sub: _Commands) -> None:
    """``gamenight serve``: the web app."""
    serve = sub.add_parser("serve", help="run the web app (tables with friends and bots in the browser)",
                           description="Run the web server: tables, seats, bots and spectators over HTTP and "
                                       "WebSockets; tables are stored in the database and resume after a restart.")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--db", metavar="URL", default=None,
                       help="database URL: sqlite:///FILE (default sqlite:///gamenight.db in the working directory), "
                            "or postgresql://USER@HOST/DATABASE, which several servers may share")
    serve.add_argument("--workers", metavar="N", type=int, default=1,
                       help="server processes on this port, sharing the tables (default 1; more need a PostgreSQL "
                            "--db)")
    serve.add_argument("--bot-delay", metavar="SECONDS", type=float, default=0.7,
                       help="seconds a bot thinks before each move, so people see the moves one by one "
                            "(default 0.7; 0: bots answer at once)")
    serve.add_argument("--keep-finished", metavar="MINUTES", type=float, default=30.0,
                       help="minutes a finished table stays in memory after it ended (and as long as anybody "
                            "watches it); then it is loaded from the database only when asked for (default 30; "
                            "0: as soon as nobody watches)")
    serve.add_argument("--max-tables", metavar="N", type=int, default=2000,
                       help="most tables in play at once; more are refused with 503 (default 2000)")
    serve.add_argument("--max-creates-per-minute", metavar="N", type=int, default=30,
                       help="most tables one client address may create in any minute; more get 429 (default 30)")
    serve.add_argument("--max-sockets-per-ip", metavar="N", type=int, default=64,
                       help="most WebSocket connections open from one client address; more are closed with "
                            "code 4429 (default 64)")
    serve.add_argument("--ws-deflate", action=argparse.BooleanOptionalAction, default=True,
                       help="compress WebSocket messages (permessage-deflate) when the client offers it: less "
                            "traffic, more server CPU (default on; --no-ws-deflate turns it off)")
    serve.add_argument("--max-messages-per-second", metavar="N", type=float, default=10.0,
                       help="messages one WebSocket may send a second, with a burst of 4 seconds' worth (default 10; "
                            "more are refused, and a client that keeps on is disconnected)")
    serve.add_argument("--allow-origin", metavar="URL", action="append", default=[],
                       help="a site (https://host[:port]) whose pages may use this server besides its own address "
                            "(repeatable; default: only pages served from the address the request came to)")
    serve.add_argument("--think-workers", metavar="N", type=int, default=None,
                       help="processes the search bots (Strong, Expert) and hints think in, so they never hold up "
                            "other tables (default: one per core; 0: in the server's own threads)")
    serve.add_argument("--think-iterations", metavar="N", type=int, default=None,
                       help="the search bots' and hints' budget in rollouts per move (default: each bot's own, "
                            "about a second a move on one core)")
    serve.add_argument("--test-seed", metavar="N", type=int, default=None,
                       help="for automated tests only: tables are dealt from seeds drawn from N, or from the "
                            "\"seed\" a table's creation names, so a failure replays exactly. A seed reveals every "
                            "card: never use this on a server people play on")
    serve.add_argument("--pseudo-locale", action="store_true",
                       help="for testing translations: the pages may be asked for with ?lang=qps, every text of "
                            "the catalogs wrapped and accented (⟦Ñéxt⟧), so a text that escaped them stands out")


def _add_bench(sub: _Commands) -> None:
    """``gamenight bench``: engine speed."""
    bench = sub.add_parser("bench", help="measure engine speed (random playouts), as JSON")
    bench.add_argument("games", nargs="*", metavar="GAME", help="games to measure (default: all)")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")


def main(argv: list[str] | None = None, *, input_fn: Reader | None = None, console: Output | None = None,
         err_console: Output | None = None) -> int:
    """Run the command line. Tests pass ``input_fn`` (called with the prompt text) and Consoles writing to
    StringIO; by default input comes from stdin and output goes to the terminal."""
    out = console or make_console()
    err = err_console or make_console(stderr=True)
    try:
        return _run(list(sys.argv[1:] if argv is None else argv), input_fn, out, err)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        _silence_stdout()
        return 1
    except (CliError, RulesError, IllegalAction, ValueError, OSError) as e:
        err.print(f"gamenight: {t('error')}: {_one_line(e)}", markup=False, highlight=False, soft_wrap=True)
        return 2
    except Exception as e:  # a bug: still one line, unless debugging
        if os.environ.get("GAMENIGHT_DEBUG"):
            raise
        err.print(f"gamenight: internal error: {type(e).__name__}: {_one_line(e)} "
                  f"(set GAMENIGHT_DEBUG=1 for the traceback)", markup=False, highlight=False, soft_wrap=True)
        return 1
    finally:
        set_language(i18n.DEFAULT)   # (a program calling main() twice gets each call's own language)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _one_line(error: BaseException) -> str:
    if isinstance(error, OSError) and error.filename is not None:
        text = f"{error.filename}: {error.strerror or error}"
    else:
        text = error_text(error)   # a game's refusal in the reader's language
    return " ".join(text.split()) or type(error).__name__


def _run(argv: list[str], input_fn: Reader | None, out: Output, err: Output) -> int:
    parser = build_parser()
    if not argv:
        out.print(parser.format_help(), markup=False)
        return 0
    args = parser.parse_args(argv)   # each command reads it as its typed options (Options.of)
    set_language(Options.of(args).language())   # main() sets it back to English when the command is done
    if args.command == "play":
        if not have_rich():
            raise CliError(f"`gamenight play` needs Rich, the cli extra: {CLI_EXTRA}")
        from .play import rich_console, run_play
        return run_play(PlayOptions.of(args), input_fn, rich_console(out))
    if args.command == "learn":
        if not have_rich():
            raise CliError(f"`gamenight learn` needs Rich, the cli extra: {CLI_EXTRA}")
        from .learn import run_learn
        from .play import rich_console
        return run_learn(LearnOptions.of(args), input_fn, rich_console(out))
    if args.command == "simulate":
        from .simulate import run_simulate
        return run_simulate(SimulateOptions.of(args), out, err)
    if args.command == "tournament":
        from .tournament import run_tournament
        return run_tournament(TournamentOptions.of(args), out, err)
    if args.command == "rules":
        from .info import run_rules
        return run_rules(RulesOptions.of(args), out)
    if args.command == "replay":
        from .info import run_replay
        return run_replay(ReplayOptions.of(args), out)
    if args.command == "review":
        from .review import run_review
        return run_review(ReviewOptions.of(args), out, err)
    if args.command == "bench":
        return _run_bench(BenchOptions.of(args))
    if args.command == "serve":
        return _run_serve(ServeOptions.of(args))
    out.print(parser.format_help(), markup=False)
    return 0


def _run_bench(args: BenchOptions) -> int:
    from .. import benchmark
    from ..core.registry import games

    known = games()
    unknown = [g for g in args.games if g not in known]
    if unknown:
        raise CliError(f"unknown game {unknown[0]!r}; games are: {', '.join(known)}")
    if not args.seconds > 0:
        raise CliError("--seconds must be positive")
    return benchmark.main([*args.games, "--seconds", str(args.seconds)]) or 0


def _run_serve(args: ServeOptions) -> int:
    try:
        import uvicorn

        from ..web.app import APP_SETTINGS, app_from_environment, create_app
    except ImportError as e:
        raise CliError(f"the web server needs the web extra (pip install 'gamenight[web]'): {e}") from None
    _check_serve(args)
    from ..web.app import log_config
    from ..web.security import normal_origin
    from ..web.storage import StorageError, hold_database
    try:
        origins = [normal_origin(origin) for origin in args.allow_origin]
    except ValueError as e:
        raise CliError(f"--allow-origin: {e}") from None
    try:
        held = hold_database(args.db)   # one server per database file: a second one is refused, clearly
    except StorageError as e:
        raise CliError(str(e)) from None
    settings = _AppSettings(db=args.db, bot_delay=args.bot_delay, keep_finished=args.keep_finished * 60,
                            max_tables=args.max_tables, max_creates_per_minute=args.max_creates_per_minute,
                            max_sockets_per_ip=args.max_sockets_per_ip, test_seed=args.test_seed,
                            pseudo_locale=args.pseudo_locale, think_workers=_think_workers(args),
                            think_iterations=args.think_iterations, allow_origins=origins,
                            max_messages_per_second=args.max_messages_per_second)
    # the app refuses client messages over 4 KB itself; this bounds what uvicorn reads before it can. The
    # logs never hold a token (log_config hides any a client put in an address).
    options = _ServerOptions(host=args.host, port=args.port, ws_max_size=65536,
                             ws_per_message_deflate=args.ws_deflate, log_config=log_config())
    try:
        if args.test_seed is not None:
            print("gamenight serve: --test-seed is on: every table's cards can be known in advance (tests only)",
                  file=sys.stderr)
        if args.workers > 1:
            # each process makes its own app (its own connections, its own heartbeat) from these settings
            os.environ[APP_SETTINGS] = json.dumps(settings)
            uvicorn.run(f"{app_from_environment.__module__}:{app_from_environment.__name__}", factory=True,
                        workers=args.workers, **options)
        else:
            try:
                app = create_app(**settings)
            except StorageError as e:   # the database cannot be opened (a PostgreSQL server that does not answer)
                raise CliError(str(e)) from None
            uvicorn.run(app, **options)
    finally:
        if held is not None:
            held.close()
    return 0


def _check_serve(args: ServeOptions) -> None:
    """Refuse an option out of its range before the server starts."""
    if args.test_seed is not None and not 0 <= args.test_seed < 2 ** 63:
        raise CliError("--test-seed must be 0..2**63-1")
    if not 0 < args.port < 65536:
        raise CliError("--port must be 1..65535")
    if not 0 <= args.bot_delay <= 60:
        raise CliError("--bot-delay must be 0..60 seconds")
    if args.think_workers is not None and not 0 <= args.think_workers <= 256:
        raise CliError("--think-workers must be 0..256")
    if args.think_iterations is not None and not 1 <= args.think_iterations <= 1_000_000:
        raise CliError("--think-iterations must be 1..1000000")
    if not 0 <= args.keep_finished <= 7 * 24 * 60:
        raise CliError("--keep-finished must be 0..10080 minutes")
    if not 1 <= args.workers <= 64:
        raise CliError("--workers must be 1..64")
    if args.workers > 1 and not (args.db or "").startswith(("postgresql://", "postgres://")):
        raise CliError("--workers N needs a database the processes share: --db postgresql://...")
    for option, value in (("max_tables", args.max_tables), ("max_creates_per_minute", args.max_creates_per_minute),
                          ("max_sockets_per_ip", args.max_sockets_per_ip)):
        if value < 1:
            raise CliError(f"--{option.replace('_', '-')} must be at least 1")
    if not 0 < args.max_messages_per_second <= 1_000_000:
        raise CliError("--max-messages-per-second must be more than 0 (and at most 1000000)")


class _AppSettings(TypedDict):
    """``create_app``'s arguments, from the options (``--workers N`` gives them to each process as JSON)."""
    db: str | None
    bot_delay: float
    keep_finished: float              # seconds
    max_tables: int
    max_creates_per_minute: int
    max_sockets_per_ip: int
    test_seed: int | None
    pseudo_locale: bool
    think_workers: int | None
    think_iterations: int | None
    allow_origins: list[str]
    max_messages_per_second: float


class _ServerOptions(TypedDict):
    """What ``uvicorn.run`` is given besides the app."""
    host: str
    port: int
    ws_max_size: int
    ws_per_message_deflate: bool
    log_config: dict[str, Any]


def _think_workers(args: ServeOptions) -> int | None:
    # the search bots' processes: one per core in all, shared out among the server's processes
    if args.think_workers is not None or args.workers == 1:
        return args.think_workers
    return max(1, (os.cpu_count() or 1) // args.workers)


if __name__ == "__main__":
    sys.exit(main())
