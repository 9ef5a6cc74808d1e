"""A learned value for Thunee's search: a team's chance to win the match from the start of a hand.

The expert's rollouts (``bots.search``) play each world to the end of the hand. What that end is worth is the
match's question: a ball won at 11 to 3 ends the match, at 0 to 0 it is one of twelve, and the team behind keeps
the deal. ``match_value(world, seat)`` answers it at once from what the next hand starts with: the balls each team
still needs and whether the seat's team deals. It is a small network (``bots.network``) fit by
``experiments/thunee_match_value.py`` to the results of matches played by the heuristic from every such start
(docs/bots.md, "Thunee's match value", says on what and how well), one for each number of players (``WEIGHTS``:
the files beside this module), each read once and evaluated in pure Python: the engine stays standard-library only.

It knows only the tables it was trained on (:func:`applies`): 2, 4 or 6 players, a match to at most 12 balls, and
every other option at its standard value. Elsewhere the search keeps its blend of the hand's result and the balls
won.

>>> import gamenight
>>> game = gamenight.make("thunee", players=4)
>>> ahead = game.new(seed=1, deal={"balls": [10, 2], "dealer": 1})
>>> 0.5 < match_value(ahead, 0) < 1.0 and abs(match_value(ahead, 0) + match_value(ahead, 1) - 1.0) < 1e-9
True
>>> chance((1, 1), True, players=2) != chance((1, 1), True, players=4)   # each table its own network
True
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..bots.network import Network, one_of_two, shipped_weights
from .rules import ThuneeRules

if TYPE_CHECKING:
    from .state import ThuneeGame, ThuneeState

FEATURE_NAMES = ("needs", "other_needs", "deals", "needs_1", "needs_2", "needs_3", "other_needs_1", "other_needs_2",
                 "other_needs_3")
#: the last few balls of a match, each its own feature: there one hand decides, and the deal's side matters most
_CLOSE = (1, 2, 3)
#: the weights of each table the value was trained at, by its number of players
WEIGHTS = {2: "value_weights_2.json", 4: "value_weights.json", 6: "value_weights_6.json"}
#: the most balls a team may still need where the value was trained (the standard match is to 12)
MOST_NEEDED = 12
#: the options that only say where a match ends, which the value reads from the balls each team still needs
_SCORE_OPTIONS = ("balls_to_win", "preset")
_STANDARD = {k: v for k, v in ThuneeRules().to_dict().items() if k not in _SCORE_OPTIONS}


def applies(game: ThuneeGame) -> bool:
    """Whether the value knows this table: a number of players it was trained at (``WEIGHTS``), a match to at most
    ``MOST_NEEDED`` balls, every other option at its standard value (each changes how a hand is played or scored,
    which the value was not trained on)."""
    return game.num_players in WEIGHTS and _trained_rules(game.rules)


@cache
def _trained_rules(rules: ThuneeRules) -> bool:
    """The rules' part of ``applies``, worked out once for each set of rules (it is asked at every rollout's end)."""
    options = rules.to_dict()
    return options["balls_to_win"] <= MOST_NEEDED and all(
        options[name] == value for name, value in _STANDARD.items())


def features(needs: tuple[int, int], deals: bool) -> list[float]:
    """``FEATURE_NAMES``: the balls the team and the other still need, whether the team deals the hand, and whether
    each team needs exactly 1, 2 or 3 more."""
    close = [1.0 if team_needs == k else 0.0 for team_needs in needs for k in _CLOSE]
    return [float(needs[0]), float(needs[1]), 1.0 if deals else 0.0, *close]


@cache
def model(players: int = 4) -> Network:
    """The shipped network of a table of ``players`` (``WEIGHTS``), read once."""
    return Network(shipped_weights(__package__, WEIGHTS[players]), len(FEATURE_NAMES), 1)


@cache
def chance(needs: tuple[int, int], deals: bool, players: int = 4) -> float:
    """The team's chance to win the match from a hand's start at a table of ``players``: the network's, averaged
    with one less the other team's (a match always has a winner, so the two make one); each of the few hundred
    starts is worked out once."""
    net = model(players)
    return one_of_two(net, features(needs, deals), features((needs[1], needs[0]), not deals))


def match_value(world: Any, seat: int) -> float | None:
    """The chance that ``seat``'s team wins the match from ``world``, a hand just begun (at a rollout's end the next
    hand has been dealt); None on a table the value does not know, or once the match is over (its result counts)."""
    state: ThuneeState = world
    if state.is_over or not applies(state.game):
        return None
    team = seat % 2
    target = state.ball_target
    return chance((target - state.balls[team], target - state.balls[1 - team]), state.dealer % 2 == team,
                  state.game.num_players)
