"""Every game as a PettingZoo AEC environment (``gamenight.rl.pettingzoo_env``), after PettingZoo's classic card
environments: agents ``player_0`` … ``player_{n-1}`` (the seats), a dict observation with the seat's encoded view
(``observation``, float32 in [0, 1]) and the legal actions' ``action_mask`` (int8; all zeros for an agent whose turn
it is not), ``Discrete(game.num_distinct_actions)`` actions (the engine's action ids). docs/rl.md describes it.

Speed: a learning loop asks for an observation and a mask at every step, so they are made without building the
view (each game's ``encode_state``, the same numbers as encoding the view, which tests/rl/test_observations.py
checks) straight into new NumPy arrays, the mask from the engine's legal action ids. PettingZoo's
``TerminateIllegalWrapper`` and ``AssertOutOfBoundsWrapper`` are not used: the raw environment does what they do
(an action outside the action space fails with PettingZoo's AssertionError; an illegal action ends the episode with
``illegal_reward`` to the agent that played it, with PettingZoo's warning), checking legality with the engine's own
check as it plays the action instead of with a mask kept from the last observation. ``OrderEnforcingWrapper`` stays
(a subclass that asks its environment directly for what every step reads). docs/rl.md, "Speed", has the figures.

Needs the ``rl`` extra (NumPy, Gymnasium, PettingZoo): ``pip install 'gamenight[rl]'``.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from ..core.errors import IllegalAction
from ..core.game import Game
from .arrays import Arrays
from .episode import Episode, resolve_game
from .text import render

AnyGame = Game[Any, Any]
Observation = dict[str, np.ndarray]


# untyped base: PettingZoo ships no type information, so --strict refuses subclassing it (Any)
class GamenightAEC(AECEnv[str, Observation, int]):  # type: ignore[misc, unused-ignore]
    """A whole match of ``game`` as an AEC episode (the raw environment; ``pettingzoo_env`` wraps it).

    ``reward="hand"`` rewards every agent as each hand ends, ``"match"`` once the match ends (see
    ``gamenight.rl.episode``). ``max_cycles``: the episode is truncated after ``max_cycles × players`` actions. An
    action outside the action space fails (AssertionError, as PettingZoo's ``AssertOutOfBoundsWrapper``). An illegal
    action raises ``gamenight.IllegalAction`` while ``illegal_reward`` is None (the default here); given a number,
    it ends the episode for every agent instead, as PettingZoo's ``TerminateIllegalWrapper`` does: terminated and
    truncated, ``illegal_reward`` to the agent that played it and 0 to the others (``pettingzoo_env`` gives -1).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1, "name": "gamenight_v0",
                                "is_parallelizable": False}

    def __init__(self, game: AnyGame, reward: str = "hand", render_mode: str | None = None,
                 max_cycles: int | None = None, illegal_reward: float | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles!r}")
        self.game = game
        self.episode = Episode(game, reward)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_reward = illegal_reward
        self.metadata = {**self.metadata, "name": f"gamenight_{game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self.agents: list[str] = []
        box = spaces.Box(0.0, 1.0, (self.episode.size,), np.float32)
        mask = spaces.Box(0, 1, (self.episode.num_actions,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.episode.num_actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self._seats = {a: seat for seat, a in enumerate(self.possible_agents)}
        self._num_actions = self.episode.num_actions
        self._arrays = Arrays(game)

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
        self._rewarded = False   # whether self.rewards holds anything but zeros
        self.agent_selection = self._agent(self.episode.current)

    def observe(self, agent: str) -> Observation:
        """The agent's view encoded (by the fast path: ``gamenight.rl.arrays``) and its action mask (1 at the legal
        actions' ids if the agent is to act, else all zeros), as new arrays."""
        observation, mask = self._arrays(self.episode.live_state(), self._seats[agent])
        return {"observation": observation, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last``: the observation, cumulative reward, termination, truncation and info of the agent to act."""
        agent = self.agent_selection
        observation = None
        if observe:
            obs, mask = self._arrays(self.episode.live_state(), self._seats[agent])
            observation = {"observation": obs, "action_mask": mask}
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        if type(action) is not int or not 0 <= action < self._num_actions:   # AssertOutOfBoundsWrapper's check
            if not (action is None and dead) and not self.action_spaces[agent].contains(action):
                raise AssertionError("action is not in action space")
            if action is not None:
                action = int(action)
        if dead:
            self._was_dead_step(action)
            return
        assert action is not None
        episode = self.episode
        try:
            gained = episode.play_id(action)
        except IllegalAction:
            if self.illegal_reward is None:
                raise
            self._end_illegally(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        if gained is not None or self._rewarded:   # (most actions bring nothing, and the last rewards were zeros too)
            if gained is None:
                gained = [0.0] * len(self.possible_agents)
            seats = self._seats
            self.rewards = {a: gained[seats[a]] for a in self.agents}
            self._rewarded = any(gained)
            self._accumulate_rewards()
        current = episode.state.current_player   # type: ignore[union-attr]
        if current is None:   # the match is over
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and episode.steps >= self.max_cycles * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
        else:   # nobody is terminated or truncated: AECEnv._deads_step_first would change nothing
            self.agent_selection = self.possible_agents[current]
            return
        self._deads_step_first()

    def _end_illegally(self, agent: str) -> None:
        """What PettingZoo's ``TerminateIllegalWrapper`` does on an illegal move: every agent terminated and truncated,
        ``illegal_reward`` to ``agent``, 0 to the others."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(self.illegal_reward or 0.0)
        self._rewarded = True
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """``render_mode="ansi"``: the table as the terminal draws it for spectators (no hidden cards), as text;
        ``"human"``: the same text printed."""
        return render(self.game, self.episode.view(None), self.render_mode)

    def close(self) -> None:
        pass

    def _agent(self, seat: int | None) -> str:
        return self.possible_agents[seat if seat is not None else 0]


# untyped base: PettingZoo ships no type information, so --strict refuses subclassing it (Any)
class OrderEnforcing(wrappers.OrderEnforcingWrapper[str, Observation, int]):  # type: ignore[misc, unused-ignore]
    """PettingZoo's ``OrderEnforcingWrapper`` (the same checks: nothing before ``reset``, a warning for a step once
    every agent is gone), with the calls every step makes (``last``, ``step``, ``observe`` and the attributes
    ``agent_iter`` reads) going straight to the environment instead of through ``BaseWrapper.__getattr__``."""

    env: GamenightAEC

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        env = self.env
        self._has_updated = True
        if not env.agents:
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            env.step(action)

    def observe(self, agent: str) -> Observation | None:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)

    def agent_iter(self, max_iter: int = 2**63) -> _OrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderEnforcingIterable(self, max_iter)

    def next_agent(self) -> str:
        """The agent ``agent_iter`` gives next, once ``step`` or ``reset`` was called since the one before it (the
        check of PettingZoo's ``AECOrderEnforcingIterator``)."""
        assert self._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self._has_updated = False
        return self.env.agent_selection

    def __str__(self) -> str:
        return str(self.env)   # as PettingZoo's own wrapper prints: the environment's name

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection


# untyped base: PettingZoo ships no type information, so --strict refuses subclassing it (Any)
class _OrderEnforcingIterable(AECOrderEnforcingIterable[str, Observation, int]):  # type: ignore[misc, unused-ignore]
    def __iter__(self) -> _OrderEnforcingIterator:
        return _OrderEnforcingIterator(self.env, self.max_iter)


# untyped base: PettingZoo ships no type information, so --strict refuses subclassing it (Any)
class _OrderEnforcingIterator(AECOrderEnforcingIterator[str, Observation, int]):  # type: ignore[misc, unused-ignore]
    """PettingZoo's ``AECOrderEnforcingIterator``, its checks written out (the order check is the wrapper's own:
    ``OrderEnforcing.next_agent``)."""

    def __next__(self) -> str:
        wrapper: OrderEnforcing = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        return wrapper.next_agent()


def pettingzoo_env(game: AnyGame | str, players: int | None = None, rules: Any = None, reward: str = "hand",
                   render_mode: str | None = None, max_cycles: int | None = None,
                   illegal_reward: float | None = -1.0, **options: Any) -> AECEnv[str, Observation, int]:
    """``game`` (a name, with ``players``, ``rules`` and options as for ``gamenight.make``; or a Game) as a PettingZoo
    AEC environment that behaves as PettingZoo's classic environments wrapped as they are: an illegal action ends
    the episode for every agent, with ``illegal_reward`` to the agent that played it and 0 to the others
    (``illegal_reward=None``: an illegal action raises ``gamenight.IllegalAction`` instead), actions outside the
    action space are refused, and the API's order is enforced (:class:`GamenightAEC` does the first two itself,
    :class:`OrderEnforcing` the last)."""
    made = resolve_game(game, players, rules, **options)
    return OrderEnforcing(GamenightAEC(made, reward=reward, render_mode=render_mode, max_cycles=max_cycles,
                                       illegal_reward=illegal_reward))
