"""Thunee cards and actions: the 24-card encoding, the notation and the dense action table.

A card is ``suit * 6 + rank`` with suits ``s h d c`` and ranks in strength order ``J 9 A T K Q`` (T2), so a
lower rank index is a stronger card and a hand is a 24-bit mask. Cards are written as in the rest of
gamenight (``Js``, ``9h``, ``Td``, ``Qc``; ``10d`` and suit symbols are read too).

Notation (one decision is one action):

=====================  ==================================================================
``pass``               decline: no redeal, no call, no Thunee, no Jodi, no Trip
``redeal``             T9: demand a redeal of a weak hand (10 points or less)
``call 10`` … ``104``  T11: call the next amount
``trump Jh``           T12: lay Jh face down; its suit is trump
``trump last``         T12 variant: trump is the suit of the last card dealt to the trumper
``thunee``             T16: call Thunee (``royals``, ``blind thunee``, ``blind royals``: B4)
``trip`` ``mooney``    T32, T33 (6 players)
``jodi KQh+JKQs``      T22: declare K+Q of hearts and J+K+Q of spades
``Jh``                 play a card
``double Jh``          T26: call Double, then lead Jh
``kanak Jh``           T27: call Kanak, then play Jh
=====================  ==================================================================
"""
from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from itertools import product

from ..core.bits import cards_of
from ..core.cards import parse_card, unreadable_card
from ..core.errors import IllegalAction
from ..core.game import Action
from ..core.text import Text

RANK_CHARS = "J9ATKQ"
SUIT_CHARS = "shdc"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
POINTS = (30, 20, 11, 10, 3, 2)  # T3
CARD_POINTS = tuple(POINTS[c % 6] for c in range(24))
J, NINE, ACE, TEN, KING, QUEEN = range(6)
SUIT_MASK = tuple(0b111111 << (6 * s) for s in range(4))
ALL_CARDS = (1 << 24) - 1

# core rank (0 = ace .. 12 = king) -> Thunee rank index
_FROM_CORE_RANK = {10: J, 8: NINE, 0: ACE, 9: TEN, 12: KING, 11: QUEEN}



class Kind(IntEnum):
    """What an action does (one kind per line of the notation table above)."""
    PASS = 0
    REDEAL = 1
    CALL = 2
    TRUMP = 3
    THUNEE = 4
    ROYALS = 5
    BLIND_THUNEE = 6
    BLIND_ROYALS = 7
    TRIP = 8
    MOONEY = 9
    JODI = 10
    PLAY = 11
    DOUBLE = 12
    KANAK = 13


# module-level aliases, for the hot paths and the bots
PASS, REDEAL, CALL, TRUMP, THUNEE, ROYALS, BLIND_THUNEE, BLIND_ROYALS, TRIP, MOONEY, JODI, PLAY, DOUBLE, KANAK = Kind
KIND_NAMES = ("pass", "redeal", "call", "trump", "thunee", "royals", "blind thunee", "blind royals", "trip", "mooney",
              "jodi", "play", "double", "kanak")
CALL_AMOUNTS = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104)
MELD_NAMES = ("", "KQ", "JKQ")


def card_text(card: int) -> str:
    return RANK_CHARS[card % 6] + SUIT_CHARS[card // 6]


def parse_thunee_card(text: str) -> int:
    """The Thunee card named ``text``; ValueError for text that is no card or a card not in the 24-card deck."""
    kind = parse_card(text)
    if kind >= 52 or kind % 13 not in _FROM_CORE_RANK:
        raise ValueError(f"{text!r} is not in the Thunee deck (J 9 A 10 K Q of each suit)")
    return (kind // 13) * 6 + _FROM_CORE_RANK[kind % 13]


_SUIT_POINTS = tuple(sum(POINTS[r] for r in range(6) if (m >> r) & 1) for m in range(64))


def points_of(mask: int) -> int:
    t = _SUIT_POINTS
    return t[mask & 63] + t[(mask >> 6) & 63] + t[(mask >> 12) & 63] + t[(mask >> 18) & 63]


def meld_mask(suit: int, meld: int) -> int:
    base = 6 * suit
    m = (1 << (base + KING)) | (1 << (base + QUEEN))
    if meld == 2:
        m |= 1 << (base + J)
    return m


WEAK_LIMIT = 10                   # T9: a hand worth this many card points or less may be redealt
JODI_POINTS = (0, 20, 30)         # T22: by meld (none, K+Q, J+K+Q)
TRUMP_JODI_BONUS = 20             # T22: what a Jodi in trumps adds


def meld_value(melds: tuple[int, ...], trump: int) -> int:
    """T22: K+Q = 20 (40 in trumps), J+K+Q = 30 (50 in trumps)."""
    total = 0
    for suit, m in enumerate(melds):
        if m:
            total += JODI_POINTS[m] + (TRUMP_JODI_BONUS if suit == trump else 0)
    return total


class ThuneeAction(Action):
    """``kind`` is PASS..KANAK; ``card`` the card played or laid as trump (-1: none or ``trump last``);
    ``amount`` the call; ``melds`` a Jodi's per-suit meld (0 none, 1 K+Q, 2 J+K+Q) and ``mask`` its cards."""

    __slots__ = ("kind", "card", "amount", "melds", "mask")

    kind: Kind
    card: int
    amount: int
    melds: tuple[int, ...]
    mask: int

    def __init__(self, id: int, text: str, kind: Kind, card: int = -1, amount: int = 0,
                 melds: Iterable[int] = (0, 0, 0, 0)):
        super().__init__(id, text)
        self.kind = kind
        self.card = card
        self.amount = amount
        self.melds = tuple(melds)
        self.mask = 0
        for suit, m in enumerate(self.melds):
            if m:
                self.mask |= meld_mask(suit, m)


class ActionTable:
    """Every Thunee action once, by id, by text and by what it does."""

    def __init__(self) -> None:
        self.actions: list[ThuneeAction] = []
        self.by_text: dict[str, ThuneeAction] = {}
        add = self._add
        self.pass_ = add("pass", PASS)
        self.redeal = add("redeal", REDEAL)
        self.call = {a: add(f"call {a}", CALL, amount=a) for a in CALL_AMOUNTS}
        self.trump = [add("trump " + card_text(c), TRUMP, card=c) for c in range(24)]
        self.trump_last = add("trump last", TRUMP)
        self.thunee = add("thunee", THUNEE)
        self.royals = add("royals", ROYALS)
        self.blind_thunee = add("blind thunee", BLIND_THUNEE)
        self.blind_royals = add("blind royals", BLIND_ROYALS)
        self.trip = add("trip", TRIP)
        self.mooney = add("mooney", MOONEY)
        self.jodi: dict[tuple[int, ...], ThuneeAction] = {}
        for melds in product(range(3), repeat=4):
            if any(melds):
                text = "jodi " + "+".join(MELD_NAMES[m] + SUIT_CHARS[s] for s, m in enumerate(melds) if m)
                self.jodi[melds] = add(text, JODI, melds=melds)
        self.play = [add(card_text(c), PLAY, card=c) for c in range(24)]
        self.double = [add("double " + card_text(c), DOUBLE, card=c) for c in range(24)]
        self.kanak = [add("kanak " + card_text(c), KANAK, card=c) for c in range(24)]
        # legal Jodi declarations for each per-suit maximum (0..2 per suit), sorted by id
        self.jodi_by_max: dict[tuple[int, ...], list[ThuneeAction]] = {}
        for maxes in product(range(3), repeat=4):
            self.jodi_by_max[maxes] = sorted(
                (a for melds, a in self.jodi.items() if all(m <= x for m, x in zip(melds, maxes))), key=_by_id)
        self._plays: dict[int, list[ThuneeAction]] = {}

    def _add(self, text: str, kind: Kind, card: int = -1, amount: int = 0,
             melds: Iterable[int] = (0, 0, 0, 0)) -> ThuneeAction:
        action = ThuneeAction(len(self.actions), text, kind, card, amount, melds)
        self.actions.append(action)
        self.by_text[text.lower()] = action
        return action

    def plays(self, mask: int) -> list[ThuneeAction]:
        """The play actions for the cards of ``mask``, sorted by id (cached: few distinct masks occur)."""
        found = self._plays.get(mask)
        if found is None:
            play = self.play
            found = [play[c] for c in cards_of(mask)]
            if len(self._plays) < 500_000:
                self._plays[mask] = found
        return found

    def parse(self, text: object) -> ThuneeAction:
        if isinstance(text, ThuneeAction):
            return text
        if not isinstance(text, str):
            raise IllegalAction(Text("{action} is not an action", action=repr(text)))
        words = text.strip().lower().split()
        if not words:
            raise IllegalAction(Text("an empty action; write e.g. pass, call 10, trump Jh, thunee, jodi KQh, Jh"))
        found = self.by_text.get(" ".join(words))
        if found is not None:
            return found
        head = words[0]
        if head == "call" and len(words) == 2:
            raise IllegalAction(Text("{action}: calls are 10, 20, ..., 100, then 104", action=repr(text)))
        if head in ("trump", "double", "kanak", "play") and len(words) == 2:
            card = self._card(words[1], text)
            return {"trump": self.trump, "double": self.double, "kanak": self.kanak, "play": self.play}[head][card]
        if head == "jodi" and len(words) >= 2:
            return self._jodi(words[1:], text)
        if len(words) == 1:
            try:
                return self.play[parse_thunee_card(words[0])]
            except ValueError:
                pass
        raise IllegalAction(Text("cannot read action {action}; write e.g. pass, redeal, call 10, trump Jh, thunee, "
                                 "jodi KQh, Jh, double Jh, kanak Jh", action=repr(text)))

    def _jodi(self, words: list[str], text: str) -> ThuneeAction:
        """A Jodi written like ``KQh+JKQs`` (any order of K and Q; ``,`` for ``+``)."""
        melds = [0, 0, 0, 0]
        for part in "".join(words).replace(",", "+").split("+"):
            if len(part) < 3 or part[-1] not in SUIT_CHARS or part[:-1] not in ("kq", "qk", "jkq"):
                raise IllegalAction(Text("{action}: a Jodi is written like jodi KQh or jodi JKQs+KQc",
                                         action=repr(text)))
            suit = SUIT_CHARS.index(part[-1])
            if melds[suit]:
                raise IllegalAction(Text("{action}: each suit is declared at most once in a Jodi", action=repr(text)))
            melds[suit] = 2 if part[0] == "j" else 1
        return self.jodi[(melds[0], melds[1], melds[2], melds[3])]

    @staticmethod
    def _card(token: str, text: str) -> int:
        try:
            return parse_thunee_card(token)
        except ValueError:
            pass
        try:
            parse_card(token)
        except ValueError:
            raise unreadable_card(text, token) from None
        raise IllegalAction(Text("cannot read action {action}: {card} is not in the Thunee deck (J 9 A 10 K Q of each "
                                 "suit)", action=repr(text), card=repr(token)))


def _by_id(action: Action) -> int:
    return action.id


TABLE = ActionTable()
