"""What a seat of Gin Rummy may know: the view's type (:class:`GinRummyView`, every field documented in
docs/games/gin_rummy.md, "Views") and how a state builds it.

Every fact that takes a rule to work out is made here by the engine: the seat's best arrangement of its hand
(melds, deadwood cards and count, G4), what each discard would leave (G8), whether it may knock, the defender's
best reachable deadwood (G9) and how the last hand's points were counted (G10). The pages and the terminal only
draw them. Each is computed for the seat's own hand alone, from the solver's memoised results.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.bits import cards_of
from ..core.cards import CARD_NAMES
from ..core.views import View
from .actions import KNOCKS, PASS_ACTION
from .described import FACE_DOWN_KNOCK, described_log
from .melds import BIT, VALUES, best_arrangement, best_layoff, deadwood, extended_melds, meldable, value_of
from .phases import DEFEND, DISCARD, OVER, PHASE_NAMES, UPCARD
from .scoring import score_text

if TYPE_CHECKING:
    from .state import GinRummyState

TARGET_NAMES = ("set", "run")
KNOCK_IDS = range(KNOCKS[0].id, KNOCKS[-1].id + 1)   # the knocks' action ids (views and encodings test moves by them)


class GinRummyView(View):
    # the table
    dealer: int                        # the seat that dealt this hand
    current: int                       # the seat to act (the last one to act once the match is over)
    hand_sizes: list[int]              # each seat's number of cards
    known: list[list[str]]             # per seat: the cards everybody knows it holds
    discard_pile: list[str]            # bottom first; the last card is the upcard
    upcard: str | None                 # the top of the discard pile
    stock_size: int
    first_upcard: str                  # the hand's first upcard
    knock_limit: int                   # this hand's knock limit (Oklahoma: set by the first upcard)
    taken: str | None                  # the card taken from the discard pile this turn
    pile_takes: int                    # discard-pile takes this hand (max_pile_takes counts them)
    returned: bool                     # repeat_return_ends: the last discard went straight back
    must_knock: bool                   # the mover took the 50th-card discard and must knock
    must_take: bool                    # the mover is offered the first upcard and may not pass it (G6)
    knocker: int | None
    big_gin: bool
    knocker_deadwood: int | None       # once the knocker has said done
    melds: list[list[Any]]             # [seat, [cards]] for each meld laid out, in order
    layoffs: list[list[str]]           # [card, "set" or "run"] for each card laid off, in order
    knock_discard: str | None          # the face-down knock discard: to the knocker only
    # the match
    scores: list[int]
    hands_won: list[int]
    results: list[list[Any]]           # every hand: [result, scorer or -1, points]
    last_hand: dict[str, Any] | None   # the last finished hand's summary
    last_hand_score: str | None        # how the last hand's points were counted, e.g. "45 − 3"
    last_hand_says: dict[str, Any] | None  # the same as a Text's JSON, for a reader of any language
    # the seat's own hand (None / False for a spectator)
    hand: list[str] | None
    hand_deadwood: int | None          # its least deadwood (G4)
    hand_melds: list[list[str]] | None  # the melds of its best arrangement
    hand_deadwood_cards: list[str] | None  # the cards outside them, by rank
    hand_value: int | None             # the value of every card in it (what ``done`` counts)
    deadwood_within_limit: bool | None  # hand_deadwood is at most the knock limit
    discard_deadwood: dict[str, int] | None  # holding 11 cards to discard: each card -> the deadwood left
    can_knock: bool                    # a knock is among its legal actions now
    defender_best_deadwood: int | None  # defending: the least deadwood its best play can still reach
    defender_plan: dict[str, Any] | None  # defending: a play reaching it (melds, layoffs, the deadwood left)
    drawn: str | None                  # the card the seat took this turn (stock or pile), to itself, until it discards


class HandFacts(NamedTuple):
    """The seat's own hand as the engine sees it (see :class:`GinRummyView`)."""

    cards: list[str] | None = None
    deadwood: int | None = None
    melds: list[list[str]] | None = None
    loose: list[str] | None = None
    value: int | None = None
    within_limit: bool | None = None
    discards: dict[str, int] | None = None
    can_knock: bool = False
    defence: int | None = None
    plan: dict[str, Any] | None = None
    drawn: str | None = None


_SPECTATOR = HandFacts()


def build_view(s: GinRummyState, seat: int | None) -> GinRummyView:
    """What ``seat`` may know (``None``: a spectator): its own cards and everything public."""
    facts = hand_facts(s, seat) if seat is not None else _SPECTATOR
    knocker = s.knocker
    last = s.last_hand
    scored = score_text(last, s.game.rules) if last else None   # how the last hand was counted
    return {
        "game": "gin_rummy", "seat": seat, "players": 2, "rules": s.game.rules_copy(),
        "phase": PHASE_NAMES[s.phase], "current_player": s.current_player, "is_over": s.phase == OVER,
        "winners": list(s.winner_seats), "hand_number": s.hand_no,
        "log": (log := seat_log(s, seat)), "log_described": described_log(log),
        # the hand before this one: over, so the knock discard in it is no longer face down
        "previous_log": [[p, text] for p, text in s.prev_log], "previous_log_described": described_log(s.prev_log),
        "dealer": s.dealer, "current": s.current, "hand_sizes": [h.bit_count() for h in s.hands],
        "known": [names_of(k) for k in s.known], "discard_pile": _names(s.pile),
        "upcard": CARD_NAMES[s.pile[-1]] if s.pile else None, "stock_size": len(s.stock),
        "first_upcard": CARD_NAMES[s.first_upcard], "knock_limit": s.knock_limit,
        "taken": CARD_NAMES[s.taken] if s.taken >= 0 else None,
        "pile_takes": s.takes, "returned": s.returned, "must_knock": s.must_knock,
        "must_take": s.phase == UPCARD and PASS_ACTION not in s.legal_now(),
        "knocker": knocker if knocker >= 0 else None, "big_gin": s.big,
        "knocker_deadwood": s.knocker_deadwood if s.knocker_deadwood >= 0 else None,
        "melds": meld_lists(s.melds), "layoffs": layoff_lists(s.layoffs),
        "knock_discard": (CARD_NAMES[s.knock_card] if s.knock_card >= 0 and seat is not None and seat == knocker
                          else None),
        "scores": list(s.totals), "hands_won": list(s.boxes), "results": [list(r) for r in s.results],
        "last_hand": copy_summary(last) if last else None,
        "last_hand_score": str(scored) if scored else None,
        "last_hand_says": scored.to_json() if scored else None,
        "hand": facts.cards, "hand_deadwood": facts.deadwood, "hand_melds": facts.melds,
        "hand_deadwood_cards": facts.loose, "hand_value": facts.value, "deadwood_within_limit": facts.within_limit,
        "discard_deadwood": facts.discards, "can_knock": facts.can_knock, "defender_best_deadwood": facts.defence,
        "defender_plan": facts.plan, "drawn": facts.drawn,
    }


def seat_log(s: GinRummyState, seat: int | None) -> list[list[Any]]:
    """This hand's moves as ``seat`` sees them: the knock discard is face down (G8), so until the hand is over the
    other seats see a bare "knock"."""
    if s.knocker < 0 or seat == s.knocker or s.phase == OVER:
        return [[p, text] for p, text in s.log]
    return [[p, FACE_DOWN_KNOCK if text.startswith("knock") else text] for p, text in s.log]


def hand_facts(s: GinRummyState, seat: int) -> HandFacts:
    """The seat's hand, its best arrangement (melds by their lowest card, the rest by rank), and the facts its
    moves need now: each discard's deadwood (11 cards to discard), a legal knock, the defender's best."""
    hand = s.hands[seat]
    melds = best_arrangement(hand) if hand else ()  # its melds come by their lowest cards
    melded = 0
    for m in melds:
        melded |= m
    loose = hand ^ melded
    dw = value_of(loose)  # the best arrangement's deadwood: deadwood(hand)
    moving = seat == s.current
    phase = s.phase
    discards = None
    can_knock = False
    drawn = None
    if moving and phase == DISCARD:
        discards = discard_deadwood(hand, dw)
        legal = s.legal_now()  # sorted by id: big gin, the discards, then the knocks, the last ids of the phase
        can_knock = bool(legal) and legal[-1].id in KNOCK_IDS
        card = s.taken if s.taken >= 0 else s.drawn  # in this phase, the card just taken or drawn
        drawn = CARD_NAMES[card] if card >= 0 and hand >> card & 1 else None
    defence = plan = None
    if moving and phase == DEFEND:
        defence, plan = defender_play(s, hand, dw, melds)
    return HandFacts(names_of(hand), dw, [names_of(m) for m in melds],
                     sorted(names_of(loose), key=_RANK_FIRST.__getitem__), value_of(hand), dw <= s.knock_limit,
                     discards, can_knock, defence, plan, drawn)


def discard_deadwood(hand: int, hand_deadwood: int) -> dict[str, int]:
    """Each card of ``hand`` -> the least deadwood left once it is discarded (G8). A card in no meld of the hand
    leaves the others' melds as they are, so it only takes its value off; the solver answers for the others."""
    in_melds = meldable(hand)
    names, values = CARD_NAMES, VALUES
    return {names[c]: deadwood(hand ^ BIT[c]) if in_melds >> c & 1 else hand_deadwood - values[c]
            for c in cards_of(hand)}


def defender_play(s: GinRummyState, hand: int, hand_deadwood: int,
                  melds: tuple[int, ...]) -> tuple[int, dict[str, Any]]:
    """The defender's best play from here (G9): ``(deadwood, plan)``, the plan a dict of the ``melds`` to lay
    (card lists), the ``layoffs`` (``[card, "set" or "run"]``, in a playable order) and the ``deadwood_cards``
    left, whose value is the deadwood. ``melds`` is the hand's own best arrangement (used when no layoff helps,
    or on a gin, where none is allowed)."""
    layoffs: list[tuple[int, int]] = []
    d = hand_deadwood
    if s.knocker_deadwood > 0 and not s.big:
        knocker = s.knocker
        d, layoffs, rest_melds = best_layoff(hand, extended_melds([m for p, m in s.melds if p == knocker],
                                                                 s.layoffs))
        if layoffs:
            melds = rest_melds
    left = hand
    for c, _ in layoffs:
        left &= ~BIT[c]
    for m in melds:
        left &= ~m
    return d, {"melds": [names_of(m) for m in melds], "layoffs": layoff_lists(layoffs),
               "deadwood_cards": sorted(names_of(left), key=_RANK_FIRST.__getitem__)}


def meld_lists(melds: list[tuple[int, int]]) -> list[list[Any]]:
    return [[p, names_of(m)] for p, m in melds]


def layoff_lists(layoffs: list[tuple[int, int]]) -> list[list[str]]:
    return [[CARD_NAMES[c], TARGET_NAMES[t]] for c, t in layoffs]


def _names(cards: list[int]) -> list[str]:
    names = CARD_NAMES
    return [names[c] for c in cards]


class _SuitNames(dict[int, tuple[str, ...]]):
    """The names of the cards of one suit's 13-bit pattern, made when first asked (views name many masks)."""

    def __init__(self, suit: int):
        super().__init__()
        self.suit = suit

    def __missing__(self, pattern: int) -> tuple[str, ...]:
        names = self[pattern] = tuple(CARD_NAMES[self.suit * 13 + r] for r in range(13) if pattern >> r & 1)
        return names


_S0, _S1, _S2, _S3 = (_SuitNames(suit) for suit in range(4))
_SUIT_BITS = 0x1FFF


def names_of(mask: int) -> list[str]:
    """The names of the cards of ``mask``, in card order (suit by suit, ace to king): ``_names(cards_of(mask))``."""
    return [*_S0[mask & _SUIT_BITS], *_S1[mask >> 13 & _SUIT_BITS], *_S2[mask >> 26 & _SUIT_BITS], *_S3[mask >> 39]]


def copy_summary(last: dict[str, Any]) -> dict[str, Any]:
    """A copy of a hand's summary (``_hand_summary`` and what scoring adds) sharing nothing with it: ``copy_json``
    made for its shape (views carry it, and are built often)."""
    out = dict(last)
    out["totals"] = list(last["totals"])
    if "melds" in last:
        out["melds"] = [[p, list(cards)] for p, cards in last["melds"]]
        out["layoffs"] = [list(layoff) for layoff in last["layoffs"]]
        out["deadwood_cards"] = {p: list(cards) for p, cards in last["deadwood_cards"].items()}
    match = last.get("match")
    if match is not None:
        out["match"] = {**match, "totals_before_bonuses": list(match["totals_before_bonuses"]),
                        "boxes": list(match["boxes"]), "totals": list(match["totals"])}
    return out


_RANK_FIRST = {name: (k % 13) * 4 + k // 13 for k, name in enumerate(CARD_NAMES[:52])}  # by rank, then suit
