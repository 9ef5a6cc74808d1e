"""The bots as people call them: a level for each program name ("heuristic" is "Casual"), in the order of
strength. Below the routes (the lobby's catalogue) and the seats (a person's name may not read as a level)."""
from __future__ import annotations

from typing import Any

import gamenight
from gamenight.i18n import N_

# the bots as people call them; "random", "heuristic" and the like stay their names for programs
# the words are English message ids: the pages show them in the person's language (GN.botLabel)
# levels for people, weakest first: a game's "Beginner" is its simple bot where it has one (Gin Rummy's), else the
# random one (then Gin's random bot is just that, "Random")
BOT_LEVELS = {"random": N_("Beginner"), "simple": N_("Beginner"), "heuristic": N_("Casual"), "strong": N_("Strong"),
              "expert": N_("Expert")}
LEVEL_ORDER = ("random", "simple", "heuristic", "strong", "expert")


def bot_labels(game: gamenight.Game[Any, Any]) -> dict[str, str]:
    bots = gamenight.bots_for(game)
    labels = {b: BOT_LEVELS.get(b, b) for b in bots}
    if "simple" in bots and "random" in bots:
        labels["random"] = N_("Random")
    return labels


def bots_by_level(game: gamenight.Game[Any, Any]) -> list[str]:
    bots = gamenight.bots_for(game)
    return sorted(bots, key=lambda b: (LEVEL_ORDER.index(b) if b in LEVEL_ORDER else len(LEVEL_ORDER), b))
