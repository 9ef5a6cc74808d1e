"""``GinRummyGame.sample_state``: a full state consistent with a view (for search bots and tests).

What the view shows is kept: the seat's own hand, every card the opponent is known to hold (taken from the
discard pile and still held, or laid out), the discard pile, the laid melds and layoffs and every count. The
unseen cards are dealt at random to the opponent's unknown slots, the face-down knock discard (if the viewer did
not knock) and the stock. A hand the view says could knock still can: the knocker laying out, or a player who
took the 50th-card discard and so must knock.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..core.cards import card_str, parse_card
from ..core.rng import Rng
from .melds import BIT, MELD_MASKS, VALUES, deadwood, mask_of
from .views import GinRummyView

if TYPE_CHECKING:
    from .state import GinRummyState

Check = Callable[[int], bool]


def sample_state(s: GinRummyState, view: GinRummyView, rng: random.Random) -> GinRummyState:
    """``s``, a new state of the game, made consistent with ``view`` (see the module's docs)."""
    if view.get("game") != s.game.name:
        raise ValueError("not a Gin Rummy view")
    s.seed = None
    s.rng = Rng(rng.getrandbits(64))
    s.load_public(view)
    seen, hands, knock_card = _what_the_view_shows(s, view)
    unseen = [c for c in range(52) if not seen & BIT[c]]
    bound = _knock_bound(s, view)
    if bound is not None:
        p, ok = bound
        chosen = _constrained_cards(unseen, hands[p], _missing(view, hands, p, unseen), ok, rng)
        hands[p] |= chosen
        unseen = [c for c in unseen if not chosen & BIT[c]]
    rng.shuffle(unseen)
    for p in range(2):
        for _ in range(_missing(view, hands, p, unseen)):
            hands[p] |= BIT[unseen.pop()]
    if view["knocker"] is not None and not view["big_gin"] and knock_card < 0:
        knock_card = unseen.pop()
    if len(unseen) != view["stock_size"]:
        raise ValueError("the view's card counts are inconsistent")
    s.hands = hands
    s.stock = unseen
    s.knock_card = knock_card
    if knock_card >= 0:  # the log shows other seats a bare "knock"; the sampled card stands behind it
        s.log = [(p, "knock " + card_str(knock_card) if text == "knock" else text) for p, text in s.log]
    return s


def _what_the_view_shows(s: GinRummyState, view: GinRummyView) -> tuple[int, list[int], int]:
    """Every card the view places (as a mask), the hands as far as it knows them, and the knock discard if the
    view shows it (else -1)."""
    seen = _mask(view["discard_pile"])
    for _, cards in view["melds"]:
        seen |= _mask(cards)
    for card, _ in view["layoffs"]:
        seen |= BIT[parse_card(card)]
    hands = list(s.known)
    seat = view["seat"]
    if seat is not None:
        hands[seat] = _mask(view["hand"] or ())
    for h in hands:
        seen |= h
    knock_card = -1
    if view["knock_discard"]:
        knock_card = parse_card(view["knock_discard"])
        seen |= BIT[knock_card]
    return seen, hands, knock_card


def _knock_bound(s: GinRummyState, view: GinRummyView) -> tuple[int, Check] | None:
    """The seat whose hidden cards must still let it knock, and that test; None when no hand is bound."""
    phase = view["phase"]
    seat = view["seat"]
    knocker = view["knocker"]
    if phase == "layout" and knocker is not None and knocker != seat:
        limit = 0 if view["big_gin"] else view["knock_limit"]
        return knocker, lambda h: deadwood(h) <= limit
    if phase == "discard" and view["must_knock"] and view["current"] != seat:
        banned = -1 if s.game.rules.may_discard_taken_discard else s.taken
        return view["current"], lambda h: s.may_go_out(h, banned)
    return None


def _missing(view: GinRummyView, hands: list[int], p: int, unseen: list[int]) -> int:
    """How many unseen cards seat ``p``'s hand still needs."""
    missing = view["hand_sizes"][p] - hands[p].bit_count()
    if missing < 0 or missing > len(unseen):
        raise ValueError("the view's card counts are inconsistent")
    return missing


def _constrained_cards(unseen: list[int], fixed: int, missing: int, ok: Check, rng: random.Random) -> int:
    """``missing`` cards from ``unseen`` such that ``ok(fixed | cards)``: uniform by rejection while that is
    quick, else built from random melds plus the lowest cards left (consistent but no longer uniform)."""
    for _ in range(3000):
        chosen = mask_of(rng.sample(unseen, missing))
        if ok(fixed | chosen):
            return chosen
    pool = mask_of(unseen)
    usable = [m for m in MELD_MASKS if not m & ~(pool | fixed) and m & pool]
    for _ in range(3000):
        chosen = _random_melds(usable, pool, missing, rng)
        rest = [c for c in unseen if not chosen & BIT[c]]
        rng.shuffle(rest)
        rest.sort(key=VALUES.__getitem__)
        chosen |= mask_of(rest[:missing - chosen.bit_count()])
        if ok(fixed | chosen):
            return chosen
    raise ValueError("no hidden hand fits this view (it says the player could knock)")


def _random_melds(usable: list[int], pool: int, missing: int, rng: random.Random) -> int:
    """Unseen cards of a few random melds (each completing one with the hand's cards), at most ``missing``."""
    rng.shuffle(usable)
    chosen, need = 0, missing
    for m in usable:
        new = m & pool & ~chosen
        if not m & chosen and 0 < new.bit_count() <= need:
            chosen |= new
            need -= new.bit_count()
        if rng.random() < 0.15:
            break
    return chosen


def _mask(texts: Iterable[str]) -> int:
    m = 0
    for t in texts:
        m |= BIT[parse_card(t)]
    return m
