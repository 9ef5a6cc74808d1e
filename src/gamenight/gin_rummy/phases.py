"""The phases of a Gin Rummy hand (``view()["phase"]`` is the name in lower case).

``upcard``      the first upcard is offered to the non-dealer, then to the dealer (G6)
``stock_only``  both passed the first upcard (``first_upcard=standard``): the non-dealer must draw from the stock
``draw``        take the stock top or the discard top (G7)
``discard``     holding 11 cards: discard, knock with a face-down discard (G8), or declare big gin (G14)
``wall``        (``stock_end=tournament_50th_card``) two stock cards left: take the discard only to knock, or pass
``layout``      the knocker lays out melds of his choice, then ``done`` while his deadwood is within the limit
``defend``      the defender lays out his own melds and lays off onto the knocker's (G9), then ``done``
``over``        the match is over
"""
from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    UPCARD = 0
    STOCK_ONLY = 1
    DRAW = 2
    DISCARD = 3
    WALL = 4
    LAYOUT = 5
    DEFEND = 6
    OVER = 7


PHASE_NAMES = tuple(p.name.lower() for p in Phase)
# module-level aliases: the engine's hot paths compare against these
UPCARD, STOCK_ONLY, DRAW, DISCARD, WALL, LAYOUT, DEFEND, OVER = Phase
