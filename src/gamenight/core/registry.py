"""Games and bots by name (like pgx's ``make``)."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .errors import RulesError
from .game import Action, Game
from .options import Rules
from .text import Text
from .views import View

AnyGame = Game[Any, Any]
GameT = TypeVar("GameT", bound=type[AnyGame])


class Bot(Protocol):
    """What plays a seat: it chooses one of the legal actions from the seat's view alone (never the state),
    with ``rng`` for its chance."""

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action | str: ...


BotFactory = Callable[..., Bot]
_GAMES: dict[str, type[AnyGame]] = {}
_BOTS: dict[str, dict[str | None, tuple[BotFactory, str]]] = {}  # name -> game (None: any) -> bot
_BOT_OPTIONS: dict[str, tuple[str, ...]] = {}                     # name -> the options its factory takes


def register_game(cls: GameT) -> GameT:
    _GAMES[cls.name] = cls
    return cls


def games() -> list[str]:
    """Names of the registered games."""
    _load()
    return sorted(_GAMES)


def game_class(name: str) -> type[AnyGame]:
    _load()
    try:
        return _GAMES[name]
    except KeyError:
        raise RulesError(Text("unknown game {game}; games are: {games}", game=repr(name),
                              games=", ".join(sorted(_GAMES)))) from None


def make(name: str, players: int | None = None, rules: str | Rules | dict[str, Any] | None = None,
         **overrides: Any) -> AnyGame:
    """A game by name: ``make("yaniv", players=4, rules="french", yaniv_limit=7)``."""
    return game_class(name)(players=players, rules=rules, **overrides)


def register_bot(name: str, factory: BotFactory, games: tuple[str, ...] | None = None, doc: str = "",
                 options: tuple[str, ...] = ()) -> None:
    """``factory(game, **options)`` returns a bot; ``games=None`` means it plays every game; ``options`` names the
    keyword options the factory takes (the search bots' ``iterations`` and ``time_s``, the heuristic's ``style``).

    One name may have a game-specific bot per game (every game has its own ``heuristic``)."""
    _BOT_OPTIONS[name] = options
    for game_name in games or (None,):
        _BOTS.setdefault(name, {})[game_name] = (factory, doc)


def _entry(name: str, game_name: str) -> tuple[BotFactory, str] | None:
    entries = _BOTS.get(name, {})
    return entries.get(game_name) or entries.get(None)


def bots_for(game: AnyGame | str) -> list[str]:
    """Names of the bots that play ``game``."""
    _load()
    game_name = game if isinstance(game, str) else game.name
    return sorted(name for name in _BOTS if _entry(name, game_name))


def bot_doc(name: str, game: AnyGame | str) -> str:
    _load()
    entry = _entry(name, game if isinstance(game, str) else game.name)
    return entry[1] if entry else ""


def bot_options(name: str) -> tuple[str, ...]:
    """The options ``make_bot`` takes for the bot ``name`` (a search bot's ``iterations`` and ``time_s``, the
    heuristic's ``style``)."""
    _load()
    return _BOT_OPTIONS.get(name, ())


def make_bot(name: str, game: AnyGame, **options: Any) -> Bot:
    """A bot object with ``choose(view, legal_actions, rng) -> action``, for ``game``; a search bot takes its
    budget: ``make_bot("expert", game, iterations=400)`` (rollouts per decision, deterministic for its rng) or
    ``time_s=1.0`` (a clock's cap)."""
    _load()
    entry = _entry(name, game.name)
    if entry is None:
        raise RulesError(Text("unknown bot {bot} for {game}; bots are: {bots}", bot=repr(name), game=game.name,
                              bots=", ".join(bots_for(game))))
    unknown = sorted(set(options) - set(_BOT_OPTIONS.get(name, ())))
    if unknown:
        raise RulesError(Text("the bot {bot} takes no option {option}", bot=repr(name), option=", ".join(unknown)))
    return entry[0](game, **options)


# Each game is a top-level package (``gamenight.yaniv``); importing it registers the game and its bots.
GAME_PACKAGES = ("gamenight.yaniv", "gamenight.yessir", "gamenight.thunee", "gamenight.gin_rummy")


def _load() -> None:
    # Done lazily, at the first lookup, so the core never imports a game at import time.
    import importlib

    for module in ("gamenight.bots", *GAME_PACKAGES):
        importlib.import_module(module)
