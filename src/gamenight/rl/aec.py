"""Every game as a PettingZoo AEC environment (``gamenight.rl.pettingzoo_env``), after PettingZoo's classic card
environments: agents ``player_0`` … ``player_{n-1}`` (the seats), a dict observation with the seat's encoded view
(``observation``, float32 in [0, 1]) and the legal actions' ``action_mask`` (int8; all zeros for an agent whose turn
it is not), ``Discrete(game.num_distinct_actions)`` actions (the engine's action ids). docs/rl.md describes it.

Needs the ``rl`` extra (NumPy, Gymnasium, PettingZoo): ``pip install 'gamenight[rl]'``.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core.game import Game
from .episode import Episode, resolve_game
from .text import spectator_text

AnyGame = Game[Any, Any]
Observation = dict[str, np.ndarray]


class GamenightAEC(AECEnv[str, Observation, int]):
    """A whole match of ``game`` as an AEC episode (the raw environment; ``pettingzoo_env`` wraps it).

    ``reward="hand"`` rewards every agent as each hand ends, ``"match"`` once the match ends (see
    ``gamenight.rl.episode``). ``max_cycles``: the episode is truncated after ``max_cycles × players`` actions. An
    illegal action raises ``gamenight.IllegalAction`` here; ``pettingzoo_env``'s wrapper ends the episode instead.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1, "name": "gamenight_v0",
                                "is_parallelizable": False}

    def __init__(self, game: AnyGame, reward: str = "hand", render_mode: str | None = None,
                 max_cycles: int | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles!r}")
        self.game = game
        self.episode = Episode(game, reward)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"gamenight_{game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self.agents: list[str] = []
        box = spaces.Box(0.0, 1.0, (self.episode.size,), np.float32)
        mask = spaces.Box(0, 1, (self.episode.num_actions,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.episode.num_actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: dealt from a seed drawn from the environment's generator, which ``seed`` reseeds (so the
        same seed gives the same match, and ``reset()`` after it the same next one)."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.episode.reset(int(self.np_random.integers(0, 2**63 - 1)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self.episode.current)

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        return {"observation": np.asarray(self.episode.observation(seat), dtype=np.float32),
                "action_mask": np.asarray(self.episode.mask(seat), dtype=np.int8)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: its action may not be None")
        gained = self.episode.play(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: gained[self.possible_agents.index(a)] for a in self.agents}
        episode = self.episode
        if episode.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and episode.steps >= self.max_cycles * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent(episode.current)
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """``render_mode="ansi"``: the table as the terminal draws it for spectators (no hidden cards), as text;
        ``"human"``: the same text printed."""
        if self.render_mode is None:
            import gymnasium
            gymnasium.logger.warn("render() was called without a render_mode (give render_mode='ansi' or 'human')")
            return None
        text = spectator_text(self.game, self.episode.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def _agent(self, seat: int | None) -> str:
        return self.possible_agents[seat if seat is not None else 0]


def pettingzoo_env(game: AnyGame | str, players: int | None = None, rules: Any = None, reward: str = "hand",
                   render_mode: str | None = None, max_cycles: int | None = None,
                   illegal_reward: float | None = -1.0, **options: Any) -> AECEnv[str, Observation, int]:
    """``game`` (a name, with ``players``, ``rules`` and options as for ``gamenight.make``; or a Game) as a PettingZoo
    AEC environment, wrapped as PettingZoo's classic environments are: an illegal action ends the episode for
    every agent, with ``illegal_reward`` to the agent that played it and 0 to the others
    (``illegal_reward=None``: an illegal action raises ``gamenight.IllegalAction`` instead), actions outside the
    action space are refused, and the API's order is enforced."""
    made = resolve_game(game, players, rules, **options)
    env: AECEnv[str, Observation, int] = GamenightAEC(made, reward=reward, render_mode=render_mode,
                                                      max_cycles=max_cycles)
    if illegal_reward is not None:
        env = wrappers.TerminateIllegalWrapper(env, illegal_reward=illegal_reward)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
