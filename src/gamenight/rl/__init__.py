"""gamenight for learning programs: every game's views as fixed-length observations with legal-action masks, as
PettingZoo AEC environments (every seat an agent) and as Gymnasium environments (one seat against bots).
docs/rl.md describes them.

``observation_size``, ``encode`` and ``action_mask`` (``gamenight.rl.observations``) need nothing beyond the
standard library. The environments need the ``rl`` extra (NumPy, Gymnasium, PettingZoo):
``pip install 'gamenight[rl]'``, and ``register_openspiel`` (every game as an OpenSpiel game,
``gamenight.rl.openspiel``) the ``openspiel`` extra; without them they raise an ImportError saying so.
"""
from __future__ import annotations

import importlib
from typing import Any

from .observations import action_mask, encode, observation_size

RL_EXTRA = "pip install 'gamenight[rl]'"

OPENSPIEL_EXTRA = "pip install 'gamenight[openspiel]'"

__all__ = ["OPENSPIEL_EXTRA", "RL_EXTRA", "action_mask", "encode", "gym_env", "observation_size", "pettingzoo_env",
           "register_openspiel"]


def _require(what: str, *packages: str, extra: str = RL_EXTRA) -> None:
    for package in packages:
        try:
            importlib.import_module(package)
        except ImportError as e:
            raise ImportError(f"{what} needs {package}, which is not installed: {extra}") from e


def pettingzoo_env(game: Any, players: int | None = None, rules: Any = None, reward: str = "hand",
                   render_mode: str | None = None, max_cycles: int | None = None,
                   illegal_reward: float | None = -1.0, **options: Any) -> Any:
    """``game`` as a PettingZoo AEC environment (``gamenight.rl.aec.pettingzoo_env``)."""
    _require("gamenight.rl.pettingzoo_env", "numpy", "gymnasium", "pettingzoo")
    from .aec import pettingzoo_env as make_env
    return make_env(game, players=players, rules=rules, reward=reward, render_mode=render_mode,
                    max_cycles=max_cycles, illegal_reward=illegal_reward, **options)


def gym_env(game: Any, seat: int = 0, opponents: Any = ("heuristic",), players: int | None = None,
            rules: Any = None, reward: str = "hand", render_mode: str | None = None,
            illegal_reward: float | None = -1.0, **options: Any) -> Any:
    """``game``'s ``seat`` as a Gymnasium environment against bots (``gamenight.rl.gym.gym_env``)."""
    _require("gamenight.rl.gym_env", "numpy", "gymnasium")
    from .gym import gym_env as make_env
    return make_env(game, seat=seat, opponents=opponents, players=players, rules=rules, reward=reward,
                    render_mode=render_mode, illegal_reward=illegal_reward, **options)


def register_openspiel(games: Any = None) -> list[str]:
    """Every game (or the ones named) registered with ``pyspiel`` as a Python game (``gamenight.rl.openspiel``):
    their OpenSpiel names, ``python_gamenight_<game>``."""
    _require("gamenight.rl.register_openspiel", "numpy", "pyspiel", extra=OPENSPIEL_EXTRA)
    from .openspiel import register_openspiel as register
    return register(games)
