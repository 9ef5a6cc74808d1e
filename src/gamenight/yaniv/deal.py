"""Setting up a Yaniv position by hand: ``game.new(seed, deal={...})`` (docs/games/yaniv.md, "Setting up a
position").

A deal is a dict of these fields, each optional; cards are written as in the notation (``7h``, ``Th``, ``Jk``)::

    {"dealer": 0,                                # who deals, and so who plays first (default seat 0)
     "hands": [["As", "2h", "Jk", "Kc", "Td"],   # one entry per seat: hand_size cards,
               None, ...],                       #   or None for a hand the seed deals
     "pile": "Qd",                               # the upcard, the first group that can be taken
     "stock": ["7h", "2c"],                      # the top of the stock, top first; the rest lies below
     "scores": [0, 120, 35],                     # each seat's total before this hand (default all 0)
     "out": [2]}                                 # seats already eliminated (they hold no cards)

Whatever the deal leaves out is dealt by the seed from the cards that are left. With two packs (see
``double_deck_from_players``) every card may appear twice and there are four jokers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.cards import JOKER, card_str, parse_card
from ..core.checks import whole_number
from ..core.deal import read_cards

if TYPE_CHECKING:
    from .state import YanivGame

FIELDS = ("dealer", "hands", "pile", "stock", "scores", "out")


@dataclass
class Setup:
    """The first hand as a deal fixes it (kinds, not card texts); what it leaves open is None or empty."""

    dealer: int
    hands: list[list[int] | None]
    upcard: int | None
    stock_top: list[int]            # top first
    scores: list[int]
    out: frozenset[int]

    def placed(self) -> list[int]:
        """Every card the deal places, wherever it lies."""
        cards = [c for hand in self.hands if hand for c in hand] + self.stock_top
        if self.upcard is not None:
            cards.append(self.upcard)
        return cards


def no_deal(players: int) -> Setup:
    """The setup of a match dealt by its seed alone: seat 0 deals, everyone is in at 0."""
    return Setup(0, [None] * players, None, [], [0] * players, frozenset())


def read_deal(game: YanivGame, deal: dict[str, Any] | None) -> Setup:
    """The setup ``deal`` describes; ValueError saying exactly what is wrong if it cannot be."""
    n = game.num_players
    if deal is None:
        return no_deal(n)
    unknown = sorted(str(key) for key in deal if key not in FIELDS)
    if unknown:
        raise ValueError(f"unknown deal field {unknown[0]!r}; a Yaniv deal has the fields {', '.join(FIELDS)}")
    dealer = whole_number(deal.get("dealer", 0), "the deal's dealer", 0, n - 1)
    scores, out = _read_scores_and_out(game, deal)
    setup = Setup(dealer, _read_hands(game, deal.get("hands"), out), _read_upcard(deal.get("pile")),
                  _read_cards(deal.get("stock", []), "the deal's stock"), scores, out)
    if dealer in out:
        raise ValueError(f"the deal's dealer, seat {dealer}, is out; the dealer must be a seat still playing")
    _check_counts(game, setup)
    return setup


def _read_cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{where} must be a list of cards like [\"7h\", \"Jk\"], not {value!r}")
    return read_cards(value, where, parse_card, " (write rank then suit, e.g. 7h, Th, or Jk)")


def _read_upcard(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, (list, tuple)) and len(value) == 1:
        value = value[0]  # ["Qd"] is read as "Qd"
    if not isinstance(value, str):
        raise ValueError(f"the deal's pile is the one card turned up, like \"Qd\", not {value!r}")
    return _read_cards([value], "the deal's pile")[0]


def _read_hands(game: YanivGame, value: Any, out: frozenset[int]) -> list[list[int] | None]:
    n, size = game.num_players, game.rules.hand_size
    if value is None:
        return [None] * n
    if not isinstance(value, (list, tuple)) or len(value) != n:
        raise ValueError(f"the deal's hands must be a list of {n} hands, one per seat (None for a hand the seed "
                         f"deals), not {value!r}")
    hands: list[list[int] | None] = []
    for seat, hand in enumerate(value):
        if seat in out:
            if hand:
                raise ValueError(f"seat {seat} is out, so the deal gives it no cards, not {hand!r}")
            hands.append([])
            continue
        if hand is None:
            hands.append(None)
            continue
        cards = _read_cards(hand, f"the deal's hand for seat {seat}")
        if len(cards) != size:
            raise ValueError(f"the deal's hand for seat {seat} has {len(cards)} card{'s' * (len(cards) != 1)}; "
                             f"every hand starts with {size} (hand_size)")
        hands.append(sorted(cards))
    return hands


def _read_scores_and_out(game: YanivGame, deal: dict[str, Any]) -> tuple[list[int], frozenset[int]]:
    n, rules = game.num_players, game.rules
    if rules.single_round and ("scores" in deal or "out" in deal):
        raise ValueError("a single_round match has no earlier hands: its deal cannot set scores or out")
    raw_scores = deal.get("scores", [0] * n)
    if not isinstance(raw_scores, (list, tuple)) or len(raw_scores) != n:
        raise ValueError(f"the deal's scores must be a list of {n} totals, one per seat, not {raw_scores!r}")
    scores = [whole_number(v, f"the deal's score for seat {p}", 0) for p, v in enumerate(raw_scores)]
    raw_out = deal.get("out", [])
    if not isinstance(raw_out, (list, tuple)):
        raise ValueError(f"the deal's out must be a list of seats, not {raw_out!r}")
    out = frozenset(whole_number(p, "a seat in the deal's out", 0, n - 1) for p in raw_out)
    if len(out) != len(raw_out):
        raise ValueError(f"the deal's out names a seat twice: {list(raw_out)!r}")
    if out and rules.end_on_first_elimination:
        raise ValueError("with end_on_first_elimination the match ends at the first elimination: nobody can be out")
    if n - len(out) < 2:
        raise ValueError(f"the deal's out leaves {n - len(out)} seat playing; a hand needs at least 2")
    for p in sorted(out):
        if scores[p] <= rules.elimination_limit:
            raise ValueError(f"seat {p} is out, so its score must be above the elimination limit of "
                             f"{rules.elimination_limit}, not {scores[p]}")
    return scores, out


def _check_counts(game: YanivGame, setup: Setup) -> None:
    """No card more often than the packs hold it, and enough cards left to deal what the deal leaves open."""
    deck = Counter(game.deck())
    packs = "one pack has" if game.packs == 1 else "two packs have"
    for kind, count in sorted(Counter(setup.placed()).items()):
        if count > deck[kind]:
            held = f"{deck[kind]} jokers" if kind == JOKER else ("it once" if deck[kind] == 1 else "it twice")
            raise ValueError(f"the deal places {card_str(kind)} {_times(count)}; {packs} {held}")
    open_hands = sum(1 for p, hand in enumerate(setup.hands) if hand is None and p not in setup.out)
    needed = open_hands * game.rules.hand_size + (setup.upcard is None)
    left = sum(deck.values()) - len(setup.placed())
    if left < needed:
        raise ValueError(f"the deal leaves {left} cards to deal, but the hands and upcard it leaves open need "
                         f"{needed}; give fewer stock cards")


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")
