"""One match as a learning episode, shared by the PettingZoo and Gymnasium adapters (standard library only): the
game made from a name or taken as given, a match dealt from a seed, actions by id, and the rewards each action
brings every seat.

Rewards (``reward=``):

- ``"hand"``: as each hand (deal, round) ends, every seat gets its side's result in that hand, points-based and
  zero-sum: ``(the change of its column's total on the score sheet − the mean change of the columns still in play)
  / the match's deciding score`` (Gin: ``game_target``; Yaniv: ``elimination_limit``; Thunee: ``balls_to_win``;
  YESSIR!: ``rounds_to_win``), negated where the lower total wins (Yaniv). A column is a seat, or in Thunee a
  team (both partners get the team's reward); a Yaniv seat already out gets 0. Hands that end with no row on the
  score sheet (a Thunee redeal or void deal) bring nothing. The totals include the bonuses added at the end of
  a Gin match, so over a match a seat's rewards add up to its final lead over the average, scaled.
- ``"match"``: nothing until the match ends; then +1 to each winning seat and −1 to the others (0 to everyone
  when every seat is a winner: a drawn single hand of Gin).
"""
from __future__ import annotations

from typing import Any

from ..core.encoding import sparse_to_list
from ..core.game import Action, Game, State
from ..core.registry import make
from ..core.views import View
from . import observations

AnyGame = Game[Any, Any]
REWARDS = ("hand", "match")


def resolve_game(game: AnyGame | str, players: int | None = None, rules: Any = None, **options: Any) -> AnyGame:
    """``game`` itself (then ``players``, ``rules`` and options must be left out), or the game named ``game``."""
    if isinstance(game, Game):
        if players is not None or rules is not None or options:
            raise ValueError("give players, rules and options to gamenight.make, or a game's name here, not both")
        return game
    return make(game, players=players, rules=rules, **options)


class Episode:
    """A match of ``game`` driven by action ids, with each action's rewards per seat (see the module's doc)."""

    def __init__(self, game: AnyGame, reward: str = "hand"):
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.game = game
        self.reward = reward
        self.num_players = game.num_players
        self.size = observations.observation_size(game)
        self.num_actions = game.num_distinct_actions
        self.scale = observations.score_scale(game)
        self.state: State[Any, Any] | None = None
        self.steps = 0
        self._columns: list[list[int]] = []
        self._low_wins = False
        self._totals: list[float | None] = []
        self._rows = 0

    # ---- the match ------------------------------------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        """Deal a new match from ``seed``."""
        state = self.state = self.game.new(seed=seed)
        sheet = state.score_sheet()
        self._columns = sheet["columns"]
        self._low_wins = sheet["low_wins"]
        scores = state.scores
        self._totals = [float(scores[column[0]]) for column in self._columns]
        self._rows = len(state.sheet)
        self.steps = 0

    def live_state(self) -> State[Any, Any]:
        """The match's state itself (``state``, not a copy: read it, play through ``play``); RuntimeError before
        the first ``reset``."""
        if self.state is None:
            raise RuntimeError("the episode has not started: reset it first")
        return self.state

    @property
    def current(self) -> int | None:
        """The seat to act (None once the match is over)."""
        return self.live_state().current_player

    @property
    def is_over(self) -> bool:
        return self.live_state().is_over

    def legal_ids(self) -> list[int]:
        return [a.id for a in self.live_state().legal_actions()]

    def is_legal(self, action_id: int) -> bool:
        state = self.live_state()
        return state.current_player is not None and any(a.id == action_id for a in state.legal_actions())

    def play(self, action: int | Action | str) -> list[float]:
        """Play ``action`` (an id, an action or its notation) for the seat to act; each seat's rewards from it.
        An illegal action raises ``gamenight.IllegalAction`` and changes nothing."""
        state = self.live_state()
        if isinstance(action, (Action, str)):
            state.apply(action)
        else:
            state.apply_id(int(action))
        self.steps += 1
        return self._rewards(state)

    def play_id(self, action_id: int) -> list[float] | None:
        """``play(action_id)`` for an int id, the environments' every step: each seat's rewards, or None when the
        action brings nobody anything (most actions)."""
        state = self.live_state()
        state.apply_id(action_id)
        self.steps += 1
        if self.reward == "hand":
            if self._rows == len(state.sheet):
                return None
        elif not state.is_over:
            return None
        return self._rewards(state)

    # ---- what a seat sees ---------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        return self.live_state().view(seat)

    def observation(self, seat: int | None) -> list[float]:
        """``encode(game, view(seat))``: the seat's view encoded, by the fast path that builds no view (the same
        numbers: ``gamenight.rl.observations.encode_state``)."""
        return sparse_to_list(observations.encode_state_sparse(self.game, self.live_state(), seat), self.size)

    def mask(self, seat: int | None) -> list[int]:
        """The legal actions' mask for ``seat``: all zeros unless it is the seat to act."""
        state = self.live_state()
        if seat is None or state.current_player != seat:
            return [0] * self.num_actions
        return observations.action_mask(self.game, state.legal_actions())

    # ---- rewards ------------------------------------------------------------------------------------------------
    def _rewards(self, state: State[Any, Any]) -> list[float]:
        n = self.num_players
        rewards = [0.0] * n
        if self.reward == "hand":
            rows = state.sheet
            if self._rows == len(rows):   # no hand ended: most actions
                return rewards
            while self._rows < len(rows):
                for seat, r in enumerate(self._hand_rewards(rows[self._rows]["totals"])):
                    rewards[seat] += r
                self._rows += 1
        elif state.is_over:
            winners = set(state.winners)
            if winners and len(winners) < n:
                rewards = [1.0 if seat in winners else -1.0 for seat in range(n)]
        return rewards

    def _hand_rewards(self, totals: list[int | None]) -> list[float]:
        changes: list[float | None] = []
        for before, after in zip(self._totals, totals):
            changes.append(None if before is None or after is None else after - before)
        self._totals = [None if t is None else float(t) for t in totals]
        playing = [c for c in changes if c is not None]
        mean = sum(playing) / len(playing) if playing else 0.0
        sign = -1.0 if self._low_wins else 1.0
        rewards = [0.0] * self.num_players
        for column, change in zip(self._columns, changes):
            if change is not None:
                for seat in column:
                    rewards[seat] = sign * (change - mean) / self.scale
        return rewards
