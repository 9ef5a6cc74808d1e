"""Where a styled heuristic first decides otherwise than the default one: a heuristic match is played from a seed and
at each decision both are asked (each with a fresh generator seeded by the move's number), in the views only."""
import random
from typing import Any

import gamenight

#: the table each game's styles are checked at (Thunee at 4 players, where all its calls are open)
TABLES = {"gin_rummy": 2, "yaniv": 2, "thunee": 4, "yessir": 2}


def first_difference(game_name: str, style: str, seeds: range = range(6)) -> tuple[int, int] | None:
    """``(seed, move)`` of the first decision where ``style`` chooses otherwise than the default heuristic, which
    plays the match; None if there is none in ``seeds``."""
    game = gamenight.make(game_name, players=TABLES[game_name])
    default = gamenight.make_bot("heuristic", game)
    styled = gamenight.make_bot("heuristic", game, style=style)
    for seed in seeds:
        state: Any = game.new(seed=seed)
        move = 0
        while not state.is_over:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            chosen = default.choose(view, legal, random.Random(move))
            if len(legal) > 1 and styled.choose(view, legal, random.Random(move)) != chosen:
                return seed, move
            state.apply(chosen)
            move += 1
    return None
