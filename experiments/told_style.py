"""How much a search bot could gain from knowing an opponent's style: the expert told it, in the population.

``benchmarks/population.py`` measures each game's bots against the heuristic in other styles (``heuristic:cautious``,
``:reckless``, ...), while the expert's rollouts play every other seat as the default heuristic. Here a measured bot
may also be ``told:STYLE``: the game's expert (its own settings and budget) whose rollouts play the other seat in
``STYLE`` (``Settings.styles`` naming it in every world). Against ``heuristic:STYLE`` it is told what no bot may know,
so its result bounds what inferring that opponent's style from its moves (as YESSIR!'s expert does) could give; with
``expert`` first among the bots, the benchmark compares the two on the same deals (``paired_with_the_first``). At
tables of two only (at Thunee a style would name the partner too). An experiment only: the told bot is registered
nowhere.

Run: ``python experiments/told_style.py --games gin_rummy --rules openspiel --bots expert,told:reckless
--opponents heuristic:reckless --deals 100 --seed 80060 --no-ladder --workers 2`` (the benchmark's arguments; about
30 minutes on the 2 cores; docs/bots.md, Gin Rummy, gives the results).
"""
from __future__ import annotations

import os
import sys
from dataclasses import replace
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "benchmarks"))

import gamenight  # noqa: E402
import population  # noqa: E402
from gamenight.bots.search import SearchBot  # noqa: E402

#: the benchmark's own maker of bots, for every spec but ``told:STYLE``
plain_make_bot = population.make_bot


def told_expert(game: Any, style: str, iterations: int | None) -> SearchBot:
    """``game``'s expert (at ``iterations`` rollouts, or its own budget) whose rollouts play the other seat in
    ``style`` (the bot's own seat keeps the default policy: ``SearchBot`` never styles it)."""
    if game.num_players != 2:
        raise ValueError("told:STYLE is measured at tables of two")
    expert = gamenight.make_bot("expert", game)
    settings = replace(expert.settings, styles=lambda view, world, rng: {0: style, 1: style})
    return SearchBot(game, settings, iterations=iterations)


def make_bot(spec: str, game: Any, iterations: int | None) -> Any:
    """The benchmark's ``make_bot``, knowing ``told:STYLE`` besides."""
    name, _, style = spec.partition(":")
    return told_expert(game, style, iterations) if name == "told" else plain_make_bot(spec, game, iterations)


# at import, so that the benchmark's worker processes (spawned: each imports this file first) know it too
population.make_bot = make_bot

if __name__ == "__main__":
    sys.exit(population.main(sys.argv[1:]))
