"""Styles of play for a game's ``heuristic``: the same bot with other thresholds, so the search bots can be measured
against opponents their rollouts do not assume (``benchmarks/population.py``, docs/bots.md, "Against opponents it
was not built for").

``make_bot("heuristic", game, style="cautious")``; every game's heuristic takes the same style names and says in its
docstring what each means at its game:

* ``default``: the heuristic as it always plays (the search bots' rollout policy), decision for decision;
* ``cautious``: risks less (calls late or never, guards its discards, spends little);
* ``reckless``: risks more (calls early, ignores what its discards give away, spends freely);
* ``early``: ends or calls as soon as it may (Yaniv's call, Gin's knock, YESSIR!'s Yessir, Thunee's bidding);
* ``late``: waits longer before it ends or calls.

Standard library only; a style reads nothing but the bot's own view, as the heuristic does.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

Style = Literal["default", "cautious", "reckless", "early", "late"]
#: every style, the default first
STYLES: tuple[Style, ...] = get_args(Style)

#: a game's styles: each style's keyword settings for its heuristic's constructor (the default: none)
StyleTable = Mapping[Style, Mapping[str, Any]]


def style_settings(style: object, table: StyleTable) -> dict[str, Any]:
    """The heuristic's keyword settings for ``style`` (``default``: none); another name is a ValueError naming the
    styles.

    >>> style_settings("early", {"early": {"call_confidence": 0.5}})
    {'call_confidence': 0.5}
    >>> style_settings("default", {})
    {}
    """
    if not isinstance(style, str) or style not in STYLES:
        raise ValueError(f"unknown style {style!r} for the heuristic; styles are: {', '.join(STYLES)}")
    if style != "default" and style not in table:
        raise ValueError(f"the style {style!r} has no settings at this game")
    return dict(table.get(style, {}))
