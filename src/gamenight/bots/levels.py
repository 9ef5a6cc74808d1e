"""The bots as people call them: one level name for each bot of a game ("heuristic" is "Strong"), in the order of
strength. The pages, the lobby's catalogue and the terminal say these; the program names ("random", "casual",
"heuristic", "simple", "strong", "expert") stay the bots' names for programs (the API, ``--bots``, the wire's ``bot``
fields).

The ladder is Beginner < Casual < Strong < Expert (``ladder_bots``), each level measured against the one below it
(docs/bots.md, "The ladder"). ``strong``, the expert's search at a quarter of its budget, is "Quick Expert": the
expert's way of playing for a player who would rather not wait, not a step of the ladder."""
from __future__ import annotations

from ..core.registry import AnyGame, bots_for
from ..core.text import N_

# the words are English message ids: the pages and the terminal say them in the person's language.
# Levels, weakest first: a game's "Casual" is its heuristic slipping now and then (``casual``), or at Gin Rummy its
# simple bot, which knocks as soon as it may (every slip rate that leaves Gin's heuristic measurably stronger made a
# bot weaker than ``simple``: docs/bots.md, "The ladder"); each bot of a game has a level name of its own
BOT_LEVELS = {"random": N_("Beginner"), "simple": N_("Casual"), "casual": N_("Casual"), "heuristic": N_("Strong"),
              "strong": N_("Quick Expert"), "expert": N_("Expert")}
LEVEL_ORDER = ("random", "simple", "casual", "heuristic", "strong", "expert")


def bot_labels(game: AnyGame | str) -> dict[str, str]:
    """Each bot of ``game`` (a Game or its name) with its level name (an English message id), one name per bot."""
    return {b: BOT_LEVELS.get(b, b) for b in bots_for(game)}


def bots_by_level(game: AnyGame | str) -> list[str]:
    """The bots of ``game``, weakest first."""
    bots = bots_for(game)
    return sorted(bots, key=lambda b: (LEVEL_ORDER.index(b) if b in LEVEL_ORDER else len(LEVEL_ORDER), b))


def ladder_bots(game: AnyGame | str) -> list[str]:
    """The bots of ``game``'s ladder, weakest first: Beginner, Casual, Strong and Expert (``strong``, the quick
    expert, is no step of it)."""
    return [b for b in bots_by_level(game) if b != "strong"]


def friendly_bot(game: AnyGame | str) -> str:
    """The bot of ``game``'s Casual level (``casual``, at Gin Rummy ``simple``): the lobby's first choice for a bot's
    seat, and Play now's opponents (a game without one: its weakest bot)."""
    bots = bots_by_level(game)
    return next((b for b in bots if BOT_LEVELS.get(b) == "Casual"), bots[0])
