"""Every game as a single-agent Gymnasium environment (``gamenight.rl.gym_env``): one seat is the agent, the other
seats are played by gamenight's bots (each sees only its own view). The observation is the seat's encoded view
(``Box(0, 1, (size,), float32)``), the action an engine action id (``Discrete(game.num_distinct_actions)``), and
``action_masks()`` gives the legal actions as maskable-policy libraries (sb3-contrib's MaskablePPO) expect; the
same mask is in each step's ``info["action_mask"]``. docs/rl.md describes it.

Importing this module registers ``gamenight/GinRummy-v0``, ``gamenight/Yaniv-v0``, ``gamenight/Thunee-v0`` and
``gamenight/Yessir-v0``: ``gymnasium.make("gamenight.rl.gym:gamenight/Yaniv-v0", players=3)`` imports it for you.

Needs the ``rl`` extra (NumPy, Gymnasium): ``pip install 'gamenight[rl]'``.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.registry import Bot, make_bot
from ..core.text import Text
from .arrays import Arrays
from .episode import Episode, resolve_game
from .text import render

AnyGame = Game[Any, Any]
ENV_IDS = {"gin_rummy": "gamenight/GinRummy-v0", "yaniv": "gamenight/Yaniv-v0", "thunee": "gamenight/Thunee-v0",
           "yessir": "gamenight/Yessir-v0"}


class GamenightEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of ``game`` against bots; an episode is a whole match.

    ``opponents``: the bots' names (or bot objects) for the other seats, in seat order from the seat after
    ``seat``, repeated as needed (``("heuristic",)``: every other seat plays the heuristic bot). ``reward``:
    ``"hand"`` or ``"match"`` (``gamenight.rl.episode``), the agent's seat's share of each action, its own and the
    bots' until its next turn. An illegal action ends the episode (``terminated``) with ``illegal_reward`` and
    ``info["illegal_action"] = True``; ``illegal_reward=None`` raises ``gamenight.IllegalAction`` instead.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, game: AnyGame | str, seat: int = 0, opponents: str | Bot | Sequence[str | Bot] = ("heuristic",),
                 players: int | None = None, rules: Any = None, reward: str = "hand",
                 render_mode: str | None = None, illegal_reward: float | None = -1.0, **options: Any):
        made = resolve_game(game, players, rules, **options)
        n = made.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat of this table, 0 to {n - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        chosen = [opponents] if isinstance(opponents, str) or hasattr(opponents, "choose") else list(opponents)
        if not chosen:
            raise ValueError("opponents names at least one bot")
        self.game = made
        self.seat = seat
        self.episode = Episode(made, reward)
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.bots: dict[int, Bot] = {}
        for i in range(n - 1):
            other = (seat + 1 + i) % n
            bot = chosen[i % len(chosen)]
            self.bots[other] = make_bot(bot, made) if isinstance(bot, str) else bot
        self._arrays = Arrays(made)
        self.observation_space = spaces.Box(0.0, 1.0, (self.episode.size,), np.float32)
        self.action_space = spaces.Discrete(self.episode.num_actions)
        self._bot_rng = random.Random(0)
        self._done = True

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new match, dealt from a seed drawn from the environment's generator (``seed`` reseeds it), the bots
        playing until it is the agent's turn."""
        super().reset(seed=seed)
        self.episode.reset(int(self.np_random.integers(0, 2**63 - 1)))
        self._bot_rng = random.Random(int(self.np_random.integers(0, 2**63 - 1)))
        self._done = False
        self._play_bots()
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        episode = self.episode
        try:
            action_id = int(action)
        except (TypeError, ValueError):
            raise IllegalAction(Text("{action} is not an action id", action=repr(action))) from None
        try:
            gained = episode.play_id(action_id)   # an illegal action changes nothing
        except IllegalAction:
            if self.illegal_reward is None:
                raise   # saying what is legal
            self._done = True
            observation, info = self._observe()
            info["illegal_action"] = True
            return observation, float(self.illegal_reward), True, False, info
        reward = gained[self.seat] if gained is not None else 0.0
        reward += self._play_bots()
        self._done = episode.is_over
        observation, info = self._observe()
        return observation, float(reward), self._done, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans over the action ids (sb3-contrib's MaskablePPO calls this)."""
        return self._arrays.mask(self.episode.live_state(), self.seat).view(np.bool_)

    def render(self) -> str | None:
        """``render_mode="ansi"``: the table as the terminal draws it for spectators (no hidden cards), as text;
        ``"human"``: the same text printed."""
        return render(self.game, self.episode.view(None), self.render_mode)

    # ---- the bots' turns --------------------------------------------------------------------------------------------
    def _play_bots(self) -> float:
        """Let the bots play until it is the agent's turn or the match is over: the agent's rewards meanwhile."""
        episode, reward = self.episode, 0.0
        while True:
            seat = episode.current
            if seat is None or seat == self.seat:
                return reward
            state = episode.state
            assert state is not None
            chosen = self.bots[seat].choose(state.view(seat), state.legal_actions(), self._bot_rng)
            reward += episode.play(chosen)[self.seat]

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        """The agent's observation (its view encoded, by the fast path: ``gamenight.rl.arrays``) and the info with
        its action mask, as new arrays."""
        observation, mask = self._arrays(self.episode.live_state(), self.seat)
        return observation, {"action_mask": mask.view(np.bool_)}


def gym_env(game: AnyGame | str, seat: int = 0, opponents: str | Bot | Sequence[str | Bot] = ("heuristic",),
            players: int | None = None, rules: Any = None, reward: str = "hand", render_mode: str | None = None,
            illegal_reward: float | None = -1.0, **options: Any) -> GamenightEnv:
    """``game`` (a name, with ``players``, ``rules`` and options as for ``gamenight.make``; or a Game) as a
    Gymnasium environment for ``seat``, the other seats played by the ``opponents`` bots (see
    :class:`GamenightEnv`)."""
    return GamenightEnv(game, seat=seat, opponents=opponents, players=players, rules=rules, reward=reward,
                        render_mode=render_mode, illegal_reward=illegal_reward, **options)


def register_envs() -> None:
    """Register ``gamenight/GinRummy-v0`` and the others with Gymnasium (done when this module is imported)."""
    for name, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="gamenight.rl.gym:GamenightEnv", kwargs={"game": name})


register_envs()
