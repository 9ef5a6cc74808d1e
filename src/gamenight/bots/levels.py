"""The bots as people call them: one level name for each bot of a game ("heuristic" is "Casual"), in the order of
strength. The pages, the lobby's catalogue and the terminal say these; the program names ("random", "heuristic",
"simple", "strong", "expert") stay the bots' names for programs (the API, ``--bots``, the wire's ``bot`` fields)."""
from __future__ import annotations

from ..core.registry import AnyGame, bots_for
from ..core.text import N_

# the words are English message ids: the pages and the terminal say them in the person's language.
# Levels, weakest first: a game's "Beginner" is its simple bot where it has one (Gin Rummy's), else the random one
# (then Gin's random bot is just that, "Random"): each bot of a game has a level name of its own
BOT_LEVELS = {"random": N_("Beginner"), "simple": N_("Beginner"), "heuristic": N_("Casual"), "strong": N_("Strong"),
              "expert": N_("Expert")}
LEVEL_ORDER = ("random", "simple", "heuristic", "strong", "expert")


def bot_labels(game: AnyGame | str) -> dict[str, str]:
    """Each bot of ``game`` (a Game or its name) with its level name (an English message id), one name per bot."""
    bots = bots_for(game)
    labels = {b: BOT_LEVELS.get(b, b) for b in bots}
    if "simple" in bots and "random" in bots:
        labels["random"] = N_("Random")
    return labels


def bots_by_level(game: AnyGame | str) -> list[str]:
    """The bots of ``game``, weakest first."""
    bots = bots_for(game)
    return sorted(bots, key=lambda b: (LEVEL_ORDER.index(b) if b in LEVEL_ORDER else len(LEVEL_ORDER), b))
