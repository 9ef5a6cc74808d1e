"""Gin Rummy actions: the notation and the dense action table (one table for every rules set).

Notation (one decision is one action):

=======================  ===========================================================================
``draw``                 take the top card of the stock (G7)
``take``                 take the top card of the discard pile (the first upcard too, G6-G7)
``pass``                 decline the first upcard (G6); at the 50th-card wall, let the hand die (G11)
``7h``                   discard a card (``discard 7h`` is also read)
``knock 7h``             knock, discarding 7h face down (G8)
``biggin``               declare big gin with all 11 cards melded, without a discard (G14)
``meld 5s+6s+7s``        lay out a meld: the knocker after knocking, the defender before scoring
                         (cards in any order and with any of ``+ , -`` or spaces between them)
``layoff 7c set``        the defender lays 7c off onto the knocker's set of sevens (G9)
``layoff 7c run``        the defender lays 7c off onto an end of one of the knocker's clubs runs
``done``                 finish laying out (knocker) or laying out and off (defender)
=======================  ===========================================================================

Ids are dense and fixed: draw, take, pass, done, biggin, then 52 discards, 52 knocks, the 329 melds
of melds.py in table order, 52 set layoffs and 52 run layoffs (542 actions).
"""
from __future__ import annotations

import re
from enum import IntEnum

from ..core.cards import card_str, parse_card, unreadable_card
from ..core.errors import IllegalAction
from ..core.game import Action
from ..core.text import Text
from .melds import MELD_CARDS, MELD_INDEX, MELD_MASKS, RUN_TARGET, SET_TARGET


class Kind(IntEnum):
    """What an action does."""

    DRAW = 0
    TAKE = 1
    PASS = 2
    DONE = 3
    BIGGIN = 4
    DISCARD = 5
    KNOCK = 6
    MELD = 7
    LAYOFF = 8


# module-level aliases: the engine's hot paths compare against these
DRAW, TAKE, PASS, DONE, BIGGIN, DISCARD, KNOCK, MELD, LAYOFF = Kind


class GinAction(Action):
    """``kind`` is a :class:`Kind`; ``card`` the card discarded, knocked or laid off (else -1);
    ``meld`` the meld's mask for MELD; ``target`` SET_TARGET or RUN_TARGET for LAYOFF."""

    __slots__ = ("kind", "card", "meld", "target")

    def __init__(self, id: int, text: str, kind: Kind, card: int = -1, meld: int = 0, target: int = -1):
        super().__init__(id, text)
        self.kind = kind
        self.card = card
        self.meld = meld
        self.target = target


ACTIONS: list[GinAction] = []
_BY_TEXT: dict[str, GinAction] = {}
EXACT: dict[str, GinAction] = {}  # canonical spellings, looked up first (records replay thousands of them)


def _add(text: str, kind: Kind, card: int = -1, meld: int = 0, target: int = -1) -> GinAction:
    a = GinAction(len(ACTIONS), text, kind, card, meld, target)
    ACTIONS.append(a)
    _BY_TEXT[text.lower()] = a
    EXACT[text] = a
    return a


DRAW_ACTION = _add("draw", DRAW)
TAKE_ACTION = _add("take", TAKE)
PASS_ACTION = _add("pass", PASS)
DONE_ACTION = _add("done", DONE)
BIGGIN_ACTION = _add("biggin", BIGGIN)
DISCARDS = tuple(_add(card_str(c), DISCARD, card=c) for c in range(52))
KNOCKS = tuple(_add("knock " + card_str(c), KNOCK, card=c) for c in range(52))
MELDS = tuple(_add("meld " + "+".join(card_str(c) for c in cards), MELD, meld=m)
              for cards, m in zip(MELD_CARDS, MELD_MASKS))
SET_LAYOFFS = tuple(_add(f"layoff {card_str(c)} set", LAYOFF, card=c, target=SET_TARGET) for c in range(52))
RUN_LAYOFFS = tuple(_add(f"layoff {card_str(c)} run", LAYOFF, card=c, target=RUN_TARGET) for c in range(52))
MELD_ACTION = {m: a for m, a in zip(MELD_MASKS, MELDS)}
NUM_ACTIONS = len(ACTIONS)


class _SuitDiscards(dict[int, tuple[GinAction, ...]]):
    """The discards of the cards of one suit's 13-bit pattern, made when first asked."""

    def __init__(self, suit: int):
        super().__init__()
        self.suit = suit

    def __missing__(self, pattern: int) -> tuple[GinAction, ...]:
        found = self[pattern] = tuple(DISCARDS[self.suit * 13 + r] for r in range(13) if pattern >> r & 1)
        return found


_D0, _D1, _D2, _D3 = (_SuitDiscards(suit) for suit in range(4))


def discards_of(mask: int) -> list[GinAction]:
    """The discards of the cards of ``mask`` (a hand), by id, in a new list: ``[DISCARDS[c] for c in cards_of(mask)]``,
    faster (every legal-action list of the discard phase holds them)."""
    return [*_D0[mask & 0x1FFF], *_D1[mask >> 13 & 0x1FFF], *_D2[mask >> 26 & 0x1FFF], *_D3[mask >> 39]]

_ALIASES: dict[str, GinAction] = {"stock": DRAW_ACTION, "d": DRAW_ACTION, "pile": TAKE_ACTION, "upcard": TAKE_ACTION,
            "t": TAKE_ACTION, "p": PASS_ACTION, "big gin": BIGGIN_ACTION, "big": BIGGIN_ACTION}
_SPLIT = re.compile(r"[+,\-\s]+")


def parse(text: object) -> GinAction:
    """The action ``text`` writes (the notation above; any case, extra spaces and the aliases are read)."""
    found = EXACT.get(text) if type(text) is str else None
    if found is not None:
        return found
    if isinstance(text, GinAction):
        return text
    if not isinstance(text, str):
        raise IllegalAction(Text("{action} is not an action", action=repr(text)))
    clean = " ".join(text.strip().split()).lower()
    found = _BY_TEXT.get(clean) or _ALIASES.get(clean)
    if found is not None:
        return found
    if not clean:
        raise IllegalAction(Text("an empty action; write e.g. draw, take, pass, 7h, knock 7h, meld 5s+6s+7s, "
                                 "layoff 7c set, done"))
    word, _, rest = clean.partition(" ")
    reader = _READERS.get(word)
    if reader is not None and (rest or word != "discard"):  # a bare "discard" is read as a card, and is none
        return reader(rest, text)
    if " " not in clean:
        try:
            c = parse_card(clean)
        except ValueError:
            c = -1
        if 0 <= c < 52:
            return DISCARDS[c]
    raise IllegalAction(Text("cannot read action {action}; write e.g. draw, take, pass, 7h, knock 7h, "
                             "meld 5s+6s+7s, layoff 7c set, done", action=repr(text)))


def _read_discard(rest: str, text: str) -> GinAction:
    return DISCARDS[_card(rest, text)]


def _read_knock(rest: str, text: str) -> GinAction:
    if not rest:
        raise IllegalAction(Text("{action}: a knock names the card discarded face down, e.g. 'knock 7h'",
                                 action=repr(text)))
    return KNOCKS[_card(rest, text)]


def _read_meld(rest: str, text: str) -> GinAction:
    cards = [_card(t, text) for t in _SPLIT.split(rest) if t]
    mask = 0
    for c in cards:
        mask |= 1 << c
    index = MELD_INDEX.get(mask)
    if index is None or len(cards) != mask.bit_count():
        raise IllegalAction(Text("{action} is not a meld: a set is 3 or 4 cards of one rank, a run 3 or more "
                                 "consecutive cards of one suit with the ace low (no K-A-2)", action=repr(text)))
    return MELDS[index]


def _read_layoff(rest: str, text: str) -> GinAction:
    parts = rest.split()
    if len(parts) != 2 or parts[1] not in ("set", "run"):
        raise IllegalAction(Text("{action}: write 'layoff <card> set' or 'layoff <card> run'", action=repr(text)))
    c = _card(parts[0], text)
    return SET_LAYOFFS[c] if parts[1] == "set" else RUN_LAYOFFS[c]


# the words that start an action with an argument, and how to read the rest
_READERS = {"discard": _read_discard, "knock": _read_knock, "meld": _read_meld, "layoff": _read_layoff}


def _card(token: str, text: str) -> int:
    try:
        c = parse_card(token)
    except ValueError:
        raise unreadable_card(text, token) from None
    if c >= 52:
        raise IllegalAction(Text("cannot read action {action}: Gin Rummy has no jokers", action=repr(text)))
    return c
