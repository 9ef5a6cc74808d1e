"""Playing cards as small integers, and their notation.

A card *kind* is an int: ``suit * 13 + rank`` for the 52 natural cards (rank 0 = ace .. 12 = king;
suits in the order spades, hearts, diamonds, clubs), and ``JOKER = 52``. Games that use two packs hold
two cards of the same kind; identical cards are interchangeable, so a hand is a multiset of kinds.

Notation: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` then suit ``s h d c``; the joker is ``Jk`` (a jack is
``Js``/``Jh``/``Jd``/``Jc``, so the two never clash). Parsing also accepts ``10`` for ``T``, lower
case ranks, upper case suits and the suit symbols ♠ ♥ ♦ ♣.

>>> card_str(parse_card("10♥")), card_str(JOKER), parse_card("As")
('Th', 'Jk', 0)
"""

from __future__ import annotations

from .errors import IllegalAction
from .text import Text

RANKS = "A23456789TJQK"
SUITS = "shdc"
SUIT_SYMBOLS = "♠♥♦♣"
JOKER = 52
NUM_KINDS = 53

_NAMES = [r + s for s in SUITS for r in RANKS] + ["Jk"]
CARD_NAMES = tuple(_NAMES)  # card_str(kind) == CARD_NAMES[kind], for loops that write many cards
_PARSE = {name.lower(): kind for kind, name in enumerate(_NAMES)}
for _kind in range(52):
    _r, _s = RANKS[_kind % 13], SUIT_SYMBOLS[_kind // 13]
    _PARSE[(_r + _s).lower()] = _kind
    if _r == "T":
        _PARSE["10" + SUITS[_kind // 13]] = _kind
        _PARSE["10" + _s] = _kind
_PARSE.update({"joker": JOKER, "jk": JOKER})


def card_str(kind: int) -> str:
    return _NAMES[kind]


def pretty_card(kind: int) -> str:
    """Human rendering with suit symbols and 10 spelt out, e.g. ``10♥``."""
    if kind == JOKER:
        return "Jk"
    r = RANKS[kind % 13]
    return ("10" if r == "T" else r) + SUIT_SYMBOLS[kind // 13]


def unreadable_card(action: str, token: str) -> IllegalAction:
    """The refusal of the action written ``action`` whose ``token`` is not a card (what ``parse_card`` refused)."""
    return IllegalAction(Text("cannot read action {action}: {card} is not a card (write rank then suit, e.g. 5s, Th, "
                              "Qd, or Jk for a joker)", action=repr(action), card=repr(token)))


def parse_card(text: str) -> int:
    """The kind named by ``text``; raises ValueError naming the bad text."""
    kind = _PARSE.get(text.strip().lower())
    if kind is None:
        raise ValueError(f"{text!r} is not a card (write rank then suit, e.g. 5s, Th, Qd, or Jk for a joker)")
    return kind
