"""The casual bot: a game's ``heuristic`` that now and then slips, as a casual player does.

Most moves are the heuristic's. With the chance ``mistakes`` (a quarter by default) the bot plays another move of
the same sort instead, chosen at random: another card to throw or to play, the other pile to draw from, another die
to reroll. Each game says which sorts of move (``game.describe(action)["kind"]``) a player mixes up: its *slips*,
groups of kinds (at Yaniv the deck and the pile are one choice, and the cards to throw or calling Yaniv another; at
YESSIR! every reroll and the call of Yessir are one). A kind in no group slips only to another move of its own kind,
so at Thunee the bot never bids or calls what the heuristic did not: it makes the slips people make (the wrong card,
the wrong die, a call too soon), not the ones nobody makes.
It is the ladder's *Casual* level, between the random bot and the heuristic (docs/bots.md, "The ladder"); like
every bot it reads only the seat's view, and all its chance comes from the ``rng`` it is handed.

>>> import random, gamenight
>>> game = gamenight.make("yaniv")
>>> bot = gamenight.make_bot("casual", game)
>>> state = game.new(seed=3)
>>> move = bot.choose(state.view(state.current_player), state.legal_actions(), random.Random(1))
>>> move in state.legal_actions()
True
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import Any

from ..core.errors import RulesError
from ..core.game import Action
from ..core.registry import Bot, make_bot, register_bot
from ..core.text import Text
from ..core.views import View

#: the chance of a slip at a move that has others of its sort
MISTAKES = 0.25

#: groups of kinds of move a player mixes up (each game's own)
Slips = Iterable[Iterable[str]]


class CasualBot:
    """``heuristic`` (the game's heuristic bot) plays; with the chance ``mistakes`` another legal move of the same
    sort is played instead, uniformly at random: of a kind in the same group of ``slips`` as the heuristic's move
    (of its own kind when no group names it)."""

    def __init__(self, game: Any, heuristic: Bot, slips: Slips = (), mistakes: float = MISTAKES):
        if isinstance(mistakes, bool) or not isinstance(mistakes, (int, float)) or math.isnan(mistakes) \
                or not 0 <= mistakes <= 1:
            raise RulesError(Text("the casual bot's mistakes are a chance from 0 to 1, not {value}",
                                  value=repr(mistakes)))
        self.game = game
        self.heuristic = heuristic
        self.mistakes = float(mistakes)
        self.sorts: dict[str, frozenset[str]] = {}
        for group in slips:
            kinds = frozenset(group)
            self.sorts.update((kind, kinds) for kind in kinds)

    def choose(self, view: View, legal_actions: list[Action], rng: random.Random) -> Action:
        chosen = self.heuristic.choose(view, legal_actions, rng)
        move = chosen if isinstance(chosen, Action) else self.game.parse_action(chosen)
        if rng.random() >= self.mistakes:
            return move
        kind = self.game.describe(move)["kind"]
        sort = self.sorts.get(kind, frozenset((kind,)))
        others = [a for a in legal_actions if a != move and self.game.describe(a)["kind"] in sort]
        return others[rng.randrange(len(others))] if others else move


def casual_factory(slips: Slips) -> Callable[..., CasualBot]:
    """The factory ``register_bot`` keeps for a game's ``casual`` (``make_bot("casual", game, mistakes=0.1)``)."""
    groups = tuple(tuple(group) for group in slips)

    def make(game: Any, mistakes: float = MISTAKES) -> CasualBot:
        return CasualBot(game, make_bot("heuristic", game), groups, mistakes)
    return make


def register_casual_bot(game_name: str, slips: Slips, doc: str) -> None:
    """Register a game's ``casual``: its heuristic with ``slips``, the groups of kinds of move a player mixes up;
    ``doc`` says what its slips are, in players' words (an English message id)."""
    register_bot("casual", casual_factory(slips), games=(game_name,), options=("mistakes",), doc=doc)
