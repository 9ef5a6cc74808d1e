"""A learned value for YESSIR!'s search at a table of two: a seat's chance to win the match from the start of a round.

The expert's rollouts (``bots.search``) play each world to the end of the round. What that end is worth is the
match's question, not the round's: a round won is worth more at 1-1 than at 0-2, and the luck left buys the rerolls
of the rounds to come. ``match_value(world, seat)`` answers it at once from what the next round starts with: the
round wins each seat still needs, each seat's luck, and who rolls first. It is a small network (``bots.network``)
fit by ``experiments/yessir_match_value.py`` to the results of matches played by the heuristic from every such start
(docs/bots.md, "YESSIR!'s match value", says on what and how well); its weights are ``value_weights.json`` beside
this module, read once, and evaluated in pure Python: the engine stays standard-library only.

It knows only the tables it was trained on (:func:`applies`): two players, the luck die's range 1..6, at most 3
round wins needed, and the options that change how a round plays at their defaults. Elsewhere the search keeps its
blend of the round's result and the luck margin.

>>> import gamenight
>>> game = gamenight.make("yessir", players=2)
>>> state = game.new(seed=1, deal={"wins": [2, 0], "luck": [6, 6], "roller": 0})
>>> 0.5 < match_value(state, 0) < 1.0 and abs(match_value(state, 0) + match_value(state, 1) - 1.0) < 1e-9
True
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..bots.network import Network, one_of_two, shipped_weights

if TYPE_CHECKING:
    from .state import YessirGame, YessirState

FEATURE_NAMES = ("needs", "other_needs", "luck", "other_luck", "rolls_first")
#: the most round wins a seat may still need where the value was trained (the standard match is to 3)
MOST_NEEDED = 3
#: the options at these values only: each changes how a round is played or scored, which the value was not trained on
TRAINED_OPTIONS = {"luck_min": 1, "luck_max": 6, "pip_change": False, "tiebreak_sum": "combo",
                   "no_winner_luck_bonus_all": True, "no_winner_roller": "previous", "blind_resets_passes": False}


def applies(game: YessirGame) -> bool:
    """Whether the value knows this table: two players, at most ``MOST_NEEDED`` round wins to win, the trained
    options (the luck die's start and the first roller only decide where a match begins, so they may differ)."""
    rules = game.rules_dict
    return game.num_players == 2 and rules["rounds_to_win"] <= MOST_NEEDED and all(
        rules[name] == value for name, value in TRAINED_OPTIONS.items())


def features(needs: tuple[int, int], luck: tuple[int, int], rolls_first: bool) -> list[float]:
    """``FEATURE_NAMES``: the round wins the seat and the other still need, their luck, whether the seat rolls."""
    return [float(needs[0]), float(needs[1]), float(luck[0]), float(luck[1]), 1.0 if rolls_first else 0.0]


@cache
def model() -> Network:
    """The shipped network (``value_weights.json``), read once."""
    return Network(shipped_weights(__package__, "value_weights.json"), len(FEATURE_NAMES), 1)


@cache
def chance(needs: tuple[int, int], luck: tuple[int, int], rolls_first: bool) -> float:
    """The seat's chance to win the match from a round's start: the network's, averaged with one less the other
    seat's (a match always has a winner, so the two make one); each of the few hundred starts is worked out once."""
    return one_of_two(model(), features(needs, luck, rolls_first),
                      features((needs[1], needs[0]), (luck[1], luck[0]), not rolls_first))


def match_value(world: Any, seat: int) -> float | None:
    """The seat's chance to win the match from ``world``, a round just begun (at a rollout's end the next round has
    been rolled); None on a table the value does not know, or once the match is over (its result then counts)."""
    state: YessirState = world
    if state.is_over or not applies(state.game):
        return None
    other = 1 - seat
    target = state.game.rules.rounds_to_win
    return chance((target - state.wins[seat], target - state.wins[other]), (state.luck[seat], state.luck[other]),
                  state.roller == seat)
