"""Running a match between bots: each seat's bot sees only its own view (the bots cannot see hidden cards
because they are never handed the state)."""
from __future__ import annotations

import random
from typing import Any

from .game import Game, State
from .registry import Bot


def play_match(game: Game[Any, Any], bots: list[Bot], seed: int, bot_rng: random.Random | None = None,
               max_actions: int = 1_000_000) -> State[Any, Any]:
    """Play one whole match from ``seed``; ``bots[s]`` chooses for seat ``s``. Returns the final state."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.title} with {game.num_players} players needs {game.num_players} bots, got {len(bots)}")
    rng = bot_rng if bot_rng is not None else random.Random(seed)
    state: State[Any, Any] = game.new(seed=seed)
    for _ in range(max_actions):
        seat = state.current_player
        if seat is None:
            return state
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal, rng)
        state.apply(action)
    raise RuntimeError(f"the match from seed {seed} did not end within {max_actions} actions")
