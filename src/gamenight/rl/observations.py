"""Observations for learning programs: every game's view of a seat as a fixed-length list of numbers, and the legal
actions as a mask. Standard library only (the adapters turn these lists into NumPy arrays).

Each game's encoding is ``game.encoding()``, its ``gamenight.<game>.encoding`` module (its fields are listed in the
game's docs page, "Observation encoding"); the numbers are read from the seat's view alone, never from the state, so
two states that look the same to a seat give the same observation, and hidden cards change nothing. Every value lies
in [0, 1].

``encode_state(game, state, seat)`` gives the same numbers as ``encode(game, state.view(seat))`` without building
the view (each game's ``encode_state``; ``gamenight.core.encoding`` says what it reads): the environments use it at
every step, and ``tests/rl/test_observations.py`` checks that the two are equal.

>>> import gamenight
>>> from gamenight.rl import observations
>>> game = gamenight.make("yessir", players=3)
>>> state = game.new(seed=1)
>>> observation = observations.encode(game, state.view(0))
>>> len(observation) == observations.observation_size(game), min(observation) >= 0, max(observation) <= 1
(True, True, True)
>>> observations.encode_state(game, state, 0) == observation
True
>>> observations.action_mask(game, state.legal_actions())
[1, 1, 1, 1, 1, 1, 1, 0, 0, 0]
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.encoding import Encoding, Layout, Sparse, sparse_to_list
from ..core.errors import RulesError
from ..core.game import Action, Game, State
from ..core.registry import make
from ..core.views import View

AnyGame = Game[Any, Any]


def encoding_module(game: AnyGame | str) -> Encoding[Any]:
    """What encodes ``game``'s views (a game, or a game's name): ``game.encoding()``, its ``gamenight.<name>.encoding``
    module. ValueError for a game without one."""
    if isinstance(game, str):
        try:
            game = make(game)
        except RulesError:
            raise ValueError(f"the game {game!r} has no observation encoding (gamenight.{game}.encoding)") from None
    return game.encoding()


def observation_size(game: AnyGame) -> int:
    """The length of every observation of ``game`` (its layout's: the same for every table of the game)."""
    return layout(game).size


def encode(game: AnyGame, view: View) -> list[float]:
    """``view`` (``state.view(seat)``; a spectator's view too) as ``observation_size(game)`` numbers in [0, 1]."""
    return game.encoding().encode(view)


def encode_state(game: AnyGame, state: State[Any, Any], seat: int | None) -> list[float]:
    """``encode(game, state.view(seat))``, the same numbers, without building the view (the fast path)."""
    return sparse_to_list(encode_state_sparse(game, state, seat), observation_size(game))


def encode_state_sparse(game: AnyGame, state: State[Any, Any], seat: int | None) -> Sparse:
    """``encode_state`` in the fast path's sparse form, ``(ones, at, values)`` (``gamenight.core.encoding``)."""
    return game.encoding().encode_state(state, seat)


def action_mask(game: AnyGame, legal: Iterable[Action]) -> list[int]:
    """``game.num_distinct_actions`` zeros, with a 1 at the id of each action of ``legal``."""
    mask = [0] * game.num_distinct_actions
    for action in legal:
        mask[action.id] = 1
    return mask


def layout(game: AnyGame) -> Layout:
    """The encoding's fields, with their offsets (``layout(game).offset["hand"]``) and meanings."""
    return game.encoding().LAYOUT


def score_scale(game: AnyGame) -> float:
    """The points (balls, round wins) that decide a match of ``game``: the scale of scores and of hand rewards
    (``game.score_scale()``)."""
    return game.score_scale()
