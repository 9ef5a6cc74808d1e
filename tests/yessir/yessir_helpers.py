"""Helpers for the YESSIR! tests (a unique module name: test folders share sys.path). Positions are set up with
``game.new(seed, deal=...)`` and read from views: no test touches a state's fields."""
import gamenight
import gamenight.yessir  # noqa: F401
from gamenight import Rng


def table(players=3, shared=(1, 2, 3), dice=None, luck=None, wins=None, roller=None, seed=0, **rules):
    """A new match whose first round shows the given dice (and luck, and round wins); what is left out is rolled
    from ``seed``."""
    deal = {"shared": list(shared)}
    if dice is not None:
        deal["dice"] = [None if d is None else list(d) for d in dice]
    if luck is not None:
        deal["luck"] = list(luck)
    if wins is not None:
        deal["wins"] = list(wins)
    if roller is not None:
        deal["roller"] = roller
    return gamenight.make("yessir", players=players, **rules).new(seed=seed, deal=deal)


def rolls(seed, count):
    """The first ``count`` dice a match from ``seed`` rolls (docs: each die is ``Rng(seed).below(6) + 1``)."""
    rng = Rng(seed)
    return [rng.below(6) + 1 for _ in range(count)]


def seed_rolling(*faces):
    """A seed whose first dice are ``faces``: in a match whose deal gives every die of the first round, the first
    rerolls show them (docs/games/yessir.md, "Setting up a position")."""
    return next(seed for seed in range(1_000_000) if rolls(seed, len(faces)) == list(faces))


def scripted(players=3, shared=(1, 2, 3), dice=None, rerolls=(), **kwargs):
    """A table whose every first-round die is given (each seat's dice default to 1-1) and whose next rerolls show
    ``rerolls`` (round 1's roller is not drawn: the rules' default, seat 0, or ``roller=``)."""
    dice = dice if dice is not None else [(1, 1)] * players
    return table(players, shared, dice, seed=seed_rolling(*rerolls), **kwargs)


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def public(state):
    """The spectators' view: what everyone may know."""
    return state.view(None)
