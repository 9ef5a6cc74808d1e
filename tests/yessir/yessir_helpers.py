"""Helpers for the YESSIR! tests (a unique module name: test folders share sys.path)."""
import gamenight
import gamenight.yessir  # noqa: F401


def table(players=3, shared=(1, 2, 3), dice=None, luck=None, wins=None, seed=0, **rules):
    """A new match whose first round shows the given dice (and luck, and round wins)."""
    game = gamenight.make("yessir", players=players, **rules)
    s = game.new(seed=seed)
    s.shared = list(shared)
    if dice is not None:
        s.dice = [list(d) for d in dice]
    if luck is not None:
        s.luck = list(luck)
    if wins is not None:
        s.wins = list(wins)
    return s


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state
