"""Gin Rummy: the game (rules) and the state of a whole match (docs/games/gin_rummy.md, G1-G14).

A hand runs through the phases of phases.py; ``_apply`` hands each action to the handler of the phase it is
played in, and ``legal_actions`` asks the phase's own generator. Hands are 52-bit masks (melds.py); the stock
and the discard pile are lists with the top card last. The view is built in views.py, a state sampled from a
view in sampling.py, a hand dealt (or set up by hand) in deal.py, a knocked hand scored in scoring.py.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Self

from ..core.bits import cards_of
from ..core.cards import card_str, parse_card
from ..core.coach import Coach
from ..core.encoding import Encoding
from ..core.game import Action, Game, State, copy_json
from ..core.guide import GuideWriter
from ..core.rng import Rng
from ..core.text import N_, Text
from ..core.views import View
from . import actions as A
from .actions import BIGGIN, DONE, KNOCK, LAYOFF, MELD, PASS, TAKE, GinAction
from .actions import DISCARD as DISCARD_KIND
from .actions import DRAW as DRAW_KIND
from .deal import Dealt, deal_hand, first_dealer, read_deal
from .described import GinMove
from .described import describe as describe_action
from .melds import (
    BIT,
    MAX_VALUE,
    NEIGHBOURS,
    SET_TARGET,
    VALUES,
    deadwood,
    deadwood_after_discard,
    layoff_targets,
    melds_in,
    value_of,
)
from .phases import DEFEND, DISCARD, DRAW, LAYOUT, OVER, PHASE_NAMES, STOCK_ONLY, UPCARD, WALL, Phase
from .rules import GinRummyRules
from .sampling import sample_state
from .scoring import hand_score
from .views import TARGET_NAMES, GinRummyView, build_view, layoff_lists, meld_lists

__all__ = ["GinRummyGame", "GinRummyState", "PHASE_NAMES", "Phase"]


class GinRummyGame(Game[GinRummyRules, "GinRummyState"]):
    """Two-player Gin Rummy played as a match to ``game_target``. ``gamenight.make("gin_rummy", rules="modern")``."""

    name = "gin_rummy"
    title = N_("Gin Rummy")
    RULES = GinRummyRules
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 2, 2
    MAX_GAME_LENGTH = 18_200_000   # tests/gin_rummy/test_gin_rummy_bounds.py measures and checks it
    RENDERER = "gamenight.cli.render.gin_rummy"

    def parse_action(self, text: str) -> GinAction:
        return A.parse(text)

    @property
    def actions(self) -> list[GinAction]:
        return A.ACTIONS

    def _state_from_dict(self, d: dict[str, Any]) -> GinRummyState:
        s = GinRummyState(self)
        s.seed = d["seed"]
        exact = A.EXACT
        s.history = [exact.get(t) or A.parse(t) for t in d["history"]]
        s.rng = Rng(d["rng"])
        s.hands = [_mask(h) for h in d["hands"]]
        s.stock = _cards(d["stock"])
        s.knock_card = parse_card(d["knock_discard"]) if d["knock_discard"] else -1
        s.load_public(d)
        return s

    def sample_state(self, view: View, rng: random.Random) -> GinRummyState:
        """A full state consistent with ``view`` (sampling.py): what it shows is kept, the unseen cards are dealt
        at random to the opponent's unknown cards, the face-down knock discard and the stock."""
        gin_view: GinRummyView = view  # type: ignore[assignment]  # checked: sample_state refuses other games'
        return sample_state(GinRummyState(self), gin_view, rng)

    def describe(self, action: Action | str) -> GinMove:
        return describe_action(action if isinstance(action, GinAction) else self.parse_action(str(action)))

    def score_scale(self) -> float:
        """The points that decide a match: the target score."""
        return float(self.rules.game_target)

    def encoding(self) -> Encoding[GinRummyState]:
        """The observation encoding (encoding.py)."""
        from . import encoding
        return encoding

    def _coach_class(self) -> type[Coach[Any]]:
        """The coach's Gin Rummy facts and coached hand (coach.py)."""
        from .coach import GinRummyCoach
        return GinRummyCoach

    def _guide_writer(self) -> GuideWriter[Self]:
        """The guide and rules summary (guide.py): the examples are played by the engine."""
        from . import guide
        return guide


class GinRummyState(State[GinRummyGame, GinAction]):
    FINISHED_PHASE = OVER
    SHEET_MARKS = {
        "knock": N_("knocked"), "gin": N_("went gin"), "big_gin": N_("went big gin: all 11 cards in melds"),
        "undercut": N_("undercut the knocker"), "draw": N_("equal deadwood: nobody scored"),
        "dead": N_("dead hand: nobody scored"), "doubled": N_("points doubled: the first upcard was a spade"),
        "box": N_("bonus for the hand won, added at once"), "boxes": N_("bonus for every hand won, added at the end"),
        "game": N_("bonus for winning the match"), "shutout": N_("shutout: the other player never scored"),
    }
    __slots__ = ("log", "prev_log", "hand_no", "dealer", "current", "phase",
                 "hands", "known", "stock", "pile", "taken", "first_upcard", "knock_limit", "takes", "returned",
                 "must_knock", "knocker", "big", "knock_card", "knocker_deadwood", "melds", "layoffs", "drawn",
                 "set_slots", "run_cards", "totals", "boxes", "results", "last_hand", "winner_seats",
                 "_history_json")
    log: list[tuple[int, str]]          # this hand's moves, as the actions' texts
    prev_log: list[tuple[int, str]]     # the last hand's (never changed once made)
    hand_no: int
    dealer: int
    current: int
    phase: Phase
    hands: list[int]                    # masks
    known: list[int]                    # per seat: the cards of its hand everybody knows (masks)
    stock: list[int]                    # the top card last
    pile: list[int]                     # the discard pile, the top card last
    taken: int                          # the card taken from the pile this turn, else -1
    drawn: int                          # the card drawn from the stock this turn (while it discards), else -1
    first_upcard: int
    knock_limit: int
    takes: int                          # discard-pile takes this hand
    returned: bool                      # repeat_return_ends: the last discard was the card just taken
    must_knock: bool
    knocker: int                        # -1 until somebody knocks
    big: bool                           # the knock is a big gin
    knock_card: int                     # the face-down knock discard, else -1
    knocker_deadwood: int               # -1 until the knocker says done
    melds: list[tuple[int, int]]        # (seat, meld mask) laid out, in order
    layoffs: list[tuple[int, int]]      # (card, SET_TARGET or RUN_TARGET), in order
    set_slots: int                      # the cards that would complete one of the knocker's 3-card sets
    run_cards: int                      # every card of the knocker's runs with what was laid off onto them
    totals: list[int]
    boxes: list[int]                    # hands won
    results: list[list[Any]]            # [result, scorer or -1, points] per hand
    last_hand: dict[str, Any] | None    # the last finished hand's summary (never changed once made)
    winner_seats: list[int]
    _history_json: tuple[int, str] | None  # to_json's history text and how many actions it holds

    def __init__(self, game: GinRummyGame):
        super().__init__(game)
        self.log = []
        self.prev_log = []
        self.hand_no = 0
        self.totals = [0, 0]
        self.boxes = [0, 0]
        self.results = []
        self.last_hand = None
        self.winner_seats = []
        self._history_json = None

    # ---- dealing (G5, G6) -----------------------------------------------------------------------------
    def _start_match(self, deal: dict[str, Any] | None) -> None:
        """The first hand: dealt by the seed, or as ``deal`` says (deal.py; its fields in the module's docs)."""
        fixed = read_deal(deal) if deal is not None else None
        dealer = fixed.dealer if fixed is not None and fixed.dealer is not None else None
        if dealer is None:
            dealer = first_dealer(self.game.rules.first_dealer, self.rng)
        self._start_hand(dealer, deal_hand(self.rng, dealer, fixed))

    def _deal(self, dealer: int) -> None:
        self._start_hand(dealer, deal_hand(self.rng, dealer))

    def _start_hand(self, dealer: int, dealt: Dealt) -> None:
        """A new hand with these cards: the non-dealer is offered the first upcard."""
        up = dealt.upcard
        self.hands = dealt.hands
        self.known = [0, 0]
        self.stock = dealt.stock
        self.pile = [up]
        self.first_upcard = up
        self.knock_limit = self._knock_limit(up)
        self.taken = self.drawn = -1
        self.takes = 0
        self.returned = self.must_knock = self.big = False
        self.knocker = self.knock_card = self.knocker_deadwood = -1
        self.melds = []
        self.layoffs = []
        self.set_slots = self.run_cards = 0
        self.hand_no += 1
        # the hand just ended (its last move included) is the previous log; its entries are tuples and the
        # list is never changed again, so it is kept as it is, not copied
        self.prev_log = self.log
        self.log = []
        self.dealer = dealer
        self.current = 1 - dealer
        self.phase = UPCARD

    def _knock_limit(self, upcard: int) -> int:
        rules = self.game.rules
        limit = rules.knock_limit
        if rules.oklahoma:  # D4: the upcard's value, an ace meaning gin only
            value = VALUES[upcard]
            limit = min(limit, 0 if value == 1 else value)
        return limit

    # ---- the contract -----------------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Match totals (single_hand: the hand's points)."""
        return list(self.totals)

    @property
    def hands_played(self) -> int:
        return self.hand_no

    def _legal_now(self) -> list[GinAction]:
        return self._LEGAL[self.phase](self)

    # ---- legal actions, one generator per phase ------------------------------------------------------
    def _legal_upcard(self) -> list[GinAction]:
        if self.current == self.dealer and self.game.rules.first_upcard == "dealer_takes":
            return [A.TAKE_ACTION]  # G6 seed: the dealer must take a passed upcard
        return [A.TAKE_ACTION, A.PASS_ACTION]

    def _legal_stock_only(self) -> list[GinAction]:
        return [A.DRAW_ACTION]

    def _legal_draw(self) -> list[GinAction]:
        return [A.DRAW_ACTION, A.TAKE_ACTION]

    def _legal_discard(self) -> list[GinAction]:
        hand = self.hands[self.current]
        taken = self.taken
        banned = taken if taken >= 0 and not self.game.rules.may_discard_taken_discard else -1
        out = [] if self.must_knock else A.discards_of(hand if banned < 0 else hand ^ BIT[banned])
        dw = deadwood(hand)
        if self._can_big_gin(dw):
            out.insert(0, A.BIGGIN_ACTION)   # in id order: big gin, the discards, the knocks
        knock_cards = self._knock_cards(hand, banned, dw)
        if knock_cards:
            knocks = A.KNOCKS
            out.extend(knocks[c] for c in knock_cards)
        return out

    def _legal_wall(self) -> list[GinAction]:
        hand = self.hands[self.current] | BIT[self.pile[-1]]
        banned = -1 if self.game.rules.may_discard_taken_discard else self.pile[-1]
        if self.may_go_out(hand, banned):
            return [A.TAKE_ACTION, A.PASS_ACTION]
        return [A.PASS_ACTION]

    def _legal_layout(self) -> list[GinAction]:
        hand = self.hands[self.current]
        limit = 0 if self.big else self.knock_limit
        out: list[GinAction] = [A.DONE_ACTION] if value_of(hand) <= limit else []
        melds = A.MELDS
        for i in melds_in(hand):
            m = melds[i]
            if deadwood(hand ^ m.meld) <= limit:
                out.append(m)
        return out

    def _legal_defend(self) -> list[GinAction]:
        hand = self.hands[self.current]
        melds = A.MELDS
        out: list[GinAction] = [A.DONE_ACTION]
        out.extend(melds[i] for i in melds_in(hand))
        if self.knocker_deadwood > 0 and not self.big:  # G9: no layoffs on gin
            runs = self.run_cards
            out.extend(A.SET_LAYOFFS[c] for c in cards_of(self.set_slots & hand))
            out.extend(A.RUN_LAYOFFS[c] for c in cards_of(hand) if NEIGHBOURS[c] & runs)
        return out

    def _legal_over(self) -> list[GinAction]:
        return []

    def _can_big_gin(self, dw: int) -> bool:
        """Whether an 11-card hand of deadwood ``dw`` (``deadwood(hand)``) may go big gin."""
        return dw == 0 and self.game.rules.big_gin_bonus is not None

    def may_go_out(self, hand: int, banned: int) -> bool:
        """Whether the 11-card ``hand`` may go big gin or knock (``banned``: a card it may not discard, or -1)."""
        dw = deadwood(hand)
        return self._can_big_gin(dw) or bool(self._knock_cards(hand, banned, dw))

    def _knock_cards(self, hand: int, banned: int, dw: int) -> list[int]:
        """The cards whose face-down discard leaves deadwood within the knock limit (G8); ``dw`` is the hand's
        ``deadwood(hand)``. A discard lowers the hand's deadwood by at most the card's value, 10 at most (each
        arrangement of the cards left, with the card added as deadwood, is one of the hand's): most hands are ruled
        out by their deadwood alone."""
        limit = self.knock_limit
        if dw > limit + MAX_VALUE or deadwood_after_discard(hand) > limit:
            return []
        return [c for c in cards_of(hand) if c != banned and deadwood(hand ^ BIT[c]) <= limit]

    # ---- why an action is refused ------------------------------------------------------------------------
    def _why_illegal(self, a: GinAction) -> Text | None:
        kind = a.kind
        phase = self.phase
        hand = self.hands[self.current]
        if phase == DISCARD and kind in (DISCARD_KIND, KNOCK, BIGGIN):
            return self._why_not_discard(a, hand)
        if phase in (DRAW, STOCK_ONLY, UPCARD, WALL):
            return self._why_not_draw(a)
        if phase in (LAYOUT, DEFEND) and kind == MELD:
            if a.meld & hand != a.meld:
                return Text("you do not hold all of those cards")
            if phase == LAYOUT:
                return Text("your deadwood could no longer get within {limit}", limit=self.knock_limit)
        if phase == LAYOUT and kind == DONE:
            return Text("your unmelded cards count {points}, over the limit of {limit}: lay more melds",
                        points=value_of(hand), limit=self.knock_limit)
        if phase == DEFEND and kind == LAYOFF:
            if self.knocker_deadwood == 0 or self.big:
                return Text("no layoffs on gin")
            if not hand & BIT[a.card]:
                return Text("you do not hold {card}", card=card_str(a.card))
            if a.target == SET_TARGET:
                return Text("{card} does not fit a set of the knocker", card=card_str(a.card))
            return Text("{card} does not fit a run of the knocker", card=card_str(a.card))
        return None

    def _why_not_discard(self, a: GinAction, hand: int) -> Text | None:
        if a.kind == BIGGIN:
            return (Text("big gin is not played under these rules") if self.game.rules.big_gin_bonus is None
                    else Text("big gin needs all 11 cards in melds"))
        if not hand & BIT[a.card]:
            return Text("you do not hold {card}", card=card_str(a.card))
        if a.card == self.taken and not self.game.rules.may_discard_taken_discard:
            return Text("a card taken from the discard pile may not be discarded in the same turn")
        if a.kind == KNOCK:
            return Text("after discarding {card} your deadwood would be {points}, over the knock limit of {limit}",
                        card=card_str(a.card), points=deadwood(hand ^ BIT[a.card]), limit=self.knock_limit)
        if self.must_knock:
            return Text("at the wall you took the discard, so you must knock")
        return None

    def _why_not_draw(self, a: GinAction) -> Text | None:
        kind = a.kind
        phase = self.phase
        if kind in (DISCARD_KIND, KNOCK):
            return Text("take a card first (draw or take)")
        if phase == STOCK_ONLY and kind == TAKE:
            return Text("both players passed the first upcard, so the non-dealer draws from the stock")
        if phase == UPCARD and kind == DRAW_KIND:
            return Text("first take or pass the upcard")
        if phase == UPCARD and kind == PASS:
            return Text("the non-dealer passed the first upcard, so the dealer must take it")
        if phase == WALL and kind == TAKE:
            return Text("at the wall the discard may be taken only to knock, and it would not let you knock")
        return None

    # ---- playing: one handler per phase ------------------------------------------------------------------
    def _apply(self, a: GinAction) -> None:
        self.log.append((self.current, a.text))
        self._HANDLERS[self.phase](self, a)

    def _on_upcard(self, a: GinAction) -> None:
        """G6: the non-dealer, then the dealer, takes the first upcard or passes it."""
        seat = self.current
        if a.kind == TAKE:
            self._take(seat)
        elif seat != self.dealer:
            self.current = self.dealer
        else:  # G6 standard: both passed, the non-dealer draws from the stock
            self.current = 1 - seat
            self.phase = STOCK_ONLY

    def _on_stock_only(self, a: GinAction) -> None:
        self._draw(self.current)

    def _on_draw(self, a: GinAction) -> None:
        """G7: the stock top, or the discard top (the engine guard counts those takes)."""
        if a.kind == DRAW_KIND:
            self._draw(self.current)
            return
        self.takes += 1
        limit = self.game.rules.max_pile_takes
        if limit is not None and self.takes >= limit:
            self._dead("takes")
            return
        self._take(self.current)

    def _on_discard(self, a: GinAction) -> None:
        kind = a.kind
        if kind == DISCARD_KIND:
            self._discard(self.current, a.card)
        elif kind == KNOCK:
            self._knock(self.current, a.card)
        else:
            self._declare(self.current, big=True)  # G14 big gin: no discard

    def _on_wall(self, a: GinAction) -> None:
        """G11 tournament: the 50th-card discard taken (only to knock: he must) or passed (the hand dies)."""
        if a.kind == TAKE:
            self.must_knock = True
            self._take(self.current)
        else:
            self._dead("wall")

    def _on_layout(self, a: GinAction) -> None:
        if a.kind == MELD:
            self._meld(self.current, a.meld)
        else:
            self._end_layout(self.current)

    def _on_defend(self, a: GinAction) -> None:
        kind = a.kind
        if kind == MELD:
            self._meld(self.current, a.meld)
        elif kind == LAYOFF:
            self._layoff(self.current, a.card, a.target)
        else:
            self._score_hand()

    def _on_over(self, a: GinAction) -> None:
        raise AssertionError("no action is legal once the match is over")

    # ---- the moves the handlers make -------------------------------------------------------------------
    def _draw(self, seat: int) -> None:
        card = self.drawn = self.stock.pop()
        self.hands[seat] |= BIT[card]
        self.taken = -1
        if self.game.rules.stock_end == "hoyle" and len(self.stock) == 2:
            self._dead("stock")  # G11 hoyle: the take that leaves 2 cards ends the hand
            return
        self.phase = DISCARD

    def _take(self, seat: int) -> None:
        card = self.pile.pop()
        bit = BIT[card]
        self.hands[seat] |= bit
        self.known[seat] |= bit
        self.taken = card
        self.phase = DISCARD

    def _discard(self, seat: int, card: int) -> None:
        bit = BIT[card]
        self.hands[seat] ^= bit
        self.known[seat] &= ~bit
        self.pile.append(card)
        rules = self.game.rules
        if rules.repeat_return_ends:
            if card == self.taken:
                if self.returned:
                    self._dead("repeat")
                    return
                self.returned = True
            else:
                self.returned = False
        self.taken = -1
        self.current = 1 - seat
        if len(self.stock) > 2:
            self.phase = DRAW
        elif rules.stock_end == "tournament_50th_card":
            self.phase = WALL
        else:
            self._dead("stock")  # G11: a discard that leaves 2 stock cards kills the hand

    def _knock(self, seat: int, card: int) -> None:
        bit = BIT[card]
        self.hands[seat] ^= bit
        self.known[seat] &= ~bit
        self.knock_card = card
        self._declare(seat, big=False)

    def _declare(self, seat: int, big: bool) -> None:
        """A knock or a big gin: the knocker lays out next."""
        self.knocker = seat
        self.big = big
        self.taken = -1
        self.must_knock = False
        self.phase = LAYOUT

    def _meld(self, seat: int, meld: int) -> None:
        self.hands[seat] ^= meld
        self.known[seat] &= ~meld
        self.melds.append((seat, meld))

    def _layoff(self, seat: int, card: int, target: int) -> None:
        bit = BIT[card]
        self.hands[seat] ^= bit
        self.known[seat] &= ~bit
        self.layoffs.append((card, target))
        if target == SET_TARGET:
            self.set_slots &= ~bit
        else:
            self.run_cards |= bit

    def _end_layout(self, seat: int) -> None:
        """The knocker's ``done``: his deadwood is laid face up and the defender plays on to his melds."""
        rest = self.hands[seat]
        self.knocker_deadwood = value_of(rest)
        self.known[seat] = rest
        self.set_slots, self.run_cards = layoff_targets(m for p, m in self.melds if p == seat)
        self.current = 1 - seat
        self.phase = DEFEND

    # ---- the end of a hand (G10-G14) -------------------------------------------------------------------
    def _hand_summary(self, result: str) -> dict[str, Any]:
        return {"hand": self.hand_no, "dealer": self.dealer, "result": result,
                "first_upcard": card_str(self.first_upcard), "knock_limit": self.knock_limit}

    def _dead(self, reason: str) -> None:
        """G11: nobody scores and the same dealer deals again (single_hand: the match ends drawn)."""
        summary = self._hand_summary("dead")
        summary.update(reason=reason, scorer=None, points=0)
        self.results.append(["dead", -1, 0])
        self._after_hand(summary, scorer=None, dead=True)

    def _score_hand(self) -> None:
        """G10: the defender's ``done``; his deadwood is every card he has not laid."""
        knocker = self.knocker
        defender = 1 - knocker
        k = self.knocker_deadwood
        d = value_of(self.hands[defender])
        result, scorer, points, doubled = hand_score(self.game.rules, self.big, knocker, k, d, self.first_upcard)
        summary = self._hand_summary(result)
        summary.update(
            knocker=knocker, knock_discard=card_str(self.knock_card) if self.knock_card >= 0 else None,
            knocker_deadwood=k, defender_deadwood=d, melds=meld_lists(self.melds), layoffs=layoff_lists(self.layoffs),
            deadwood_cards={str(knocker): _strs(cards_of(self.hands[knocker])),
                            str(defender): _strs(cards_of(self.hands[defender]))},
            scorer=scorer, points=points, doubled=doubled)
        self.results.append([result, -1 if scorer is None else scorer, points])
        self._after_hand(summary, scorer, dead=False)

    def _after_hand(self, summary: dict[str, Any], scorer: int | None, dead: bool) -> None:
        gained = self._credit(scorer, summary["points"])
        summary["totals"] = list(self.totals)
        self.last_hand = summary
        self._next_hand(summary, scorer, dead)
        self._write_hand_row(summary, gained)

    def _immediate_box(self) -> int:
        """The box bonus added to a hand's scorer at once (box_credit=immediate), else 0."""
        rules = self.game.rules
        return rules.box_bonus if rules.box_credit == "immediate" and not rules.single_hand else 0

    def _credit(self, scorer: int | None, points: int) -> int:
        """The hand's points, with an immediate box, to its scorer (if any): what the scorer's total gained."""
        if scorer is None:
            return 0
        gained = points + self._immediate_box()
        self.totals[scorer] += gained
        self.boxes[scorer] += 1
        return gained

    def _next_hand(self, summary: dict[str, Any], scorer: int | None, dead: bool) -> None:
        """The match ends (single hand, or a total at the target), or the next hand is dealt."""
        rules = self.game.rules
        if rules.single_hand:
            return self._finish([scorer] if scorer is not None else [0, 1], summary)
        for p in (0, 1):
            if self.totals[p] >= rules.game_target:
                return self._finish_match(p, summary)
        self._deal(self._next_dealer(scorer, dead))

    def _next_dealer(self, scorer: int | None, dead: bool) -> int:
        """G11: the same dealer after a dead hand; G13: the winner (a drawn hand: the same), or alternately."""
        if dead:
            return self.dealer
        if self.game.rules.next_dealer == "winner":
            return self.dealer if scorer is None else scorer
        return 1 - self.dealer

    def _finish_match(self, winner: int, summary: dict[str, Any]) -> None:
        """G12/G14: the target is reached; boxes, the game bonus and the shutout rule settle the totals."""
        rules = self.game.rules
        loser = 1 - winner
        shutout = self.totals[loser] == 0
        before = list(self.totals)
        if rules.box_credit == "end":
            for p in (0, 1):
                self.totals[p] += self.boxes[p] * rules.box_bonus
        self.totals[winner] += rules.game_bonus
        if shutout:
            if rules.shutout == "double":
                self.totals[winner] *= 2
            elif rules.shutout == "bonus":
                self.totals[winner] += rules.shutout_bonus
        summary["match"] = {"winner": winner, "totals_before_bonuses": before, "boxes": list(self.boxes),
                            "shutout": shutout, "totals": list(self.totals)}
        self._finish([winner], summary)

    def _finish(self, winners: list[int], summary: dict[str, Any]) -> None:
        self.winner_seats = sorted(winners)
        self.last_hand = summary
        self.phase = OVER

    # ---- the score sheet ---------------------------------------------------------------------------------
    def _write_hand_row(self, summary: dict[str, Any], gained: int) -> None:
        """The hand's row: what each seat gained in it and the totals as the views now show them (on the match's
        last hand these include the bonuses added at the end, which the marks name)."""
        scorer = summary["scorer"]
        points: list[int | None] = [gained if p == scorer else 0 for p in (0, 1)]
        totals: list[int | None] = list(self.totals)
        self._write_sheet_row(summary["hand"], points, totals, self._hand_marks(summary))

    def _hand_marks(self, summary: dict[str, Any]) -> list[list[str]]:
        """Each seat's marks for a finished hand, from its public summary."""
        result = summary["result"]
        if result == "dead":
            return [["dead"], ["dead"]]
        marks: list[list[str]] = [[], []]
        knocker = summary["knocker"]
        marks[knocker].append(result if result in ("gin", "big_gin") else "knock")
        if result == "undercut":
            marks[1 - knocker].append("undercut")
        elif result == "draw":
            marks[0].append("draw")
            marks[1].append("draw")
        scorer = summary["scorer"]
        if scorer is not None and summary["doubled"]:
            marks[scorer].append("doubled")
        if scorer is not None and self._immediate_box():
            marks[scorer].append("box")
        if "match" in summary:
            self._match_marks(summary["match"], marks)
        return marks

    def _match_marks(self, match: dict[str, Any], marks: list[list[str]]) -> None:
        """The bonuses added to the totals at the match's end (G14), on the seats that got them."""
        rules = self.game.rules
        if rules.box_credit == "end" and rules.box_bonus:
            for p in (0, 1):
                if match["boxes"][p]:
                    marks[p].append("boxes")
        winner = match["winner"]
        if rules.game_bonus:
            marks[winner].append("game")
        if match["shutout"] and rules.shutout != "none":
            marks[winner].append("shutout")

    # ---- views -----------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> GinRummyView:
        """What ``seat`` may know (``None``: a spectator): its own cards and everything public (views.py)."""
        return build_view(self, seat)

    def load_public(self, d: GinRummyView | dict[str, Any]) -> None:
        """Set every public field from a view or a state dict (what both hold): the loading of a saved state and
        the sampling of one from a view begin with it."""
        self.hand_no, self.dealer, self.current = d["hand_number"], d["dealer"], d["current"]
        self.phase = Phase(PHASE_NAMES.index(d["phase"]))
        self.known = [_mask(k) for k in d["known"]]
        self.pile = _cards(d["discard_pile"])
        self.first_upcard = parse_card(d["first_upcard"])
        self.knock_limit = d["knock_limit"]
        self.taken = parse_card(d["taken"]) if d["taken"] else -1
        # a view names the card taken as drawn too; a stock draw's card is only in the drawer's view (or the JSON)
        drawn = d.get("drawn")
        self.drawn = parse_card(drawn) if drawn and not d["taken"] else -1
        self.takes, self.returned, self.must_knock = d["pile_takes"], d["returned"], d["must_knock"]
        self.knocker = -1 if d["knocker"] is None else d["knocker"]
        self.big = d["big_gin"]
        self.knocker_deadwood = -1 if d["knocker_deadwood"] is None else d["knocker_deadwood"]
        self.melds = [(p, _mask(cards)) for p, cards in d["melds"]]
        self.layoffs = [(parse_card(c), TARGET_NAMES.index(t)) for c, t in d["layoffs"]]
        self.set_slots, self.run_cards = self._layoff_targets_now()
        self.totals, self.boxes = list(d["scores"]), list(d["hands_won"])
        self.results = [list(r) for r in d["results"]]
        self.last_hand = copy_json(d["last_hand"])
        self.winner_seats = list(d["winners"])
        self.log = [(p, text) for p, text in d["log"]]
        self.prev_log = [(p, text) for p, text in d.get("previous_log", ())]
        self.forget_legal()

    def _layoff_targets_now(self) -> tuple[int, int]:
        """``(set_slots, run_cards)`` once the knocker's melds are down, with the layoffs made so far."""
        if self.knocker_deadwood < 0:
            return 0, 0
        slots, runs = layoff_targets(m for p, m in self.melds if p == self.knocker)
        for c, t in self.layoffs:
            if t == SET_TARGET:
                slots &= ~BIT[c]
            else:
                runs |= BIT[c]
        return slots, runs

    # ---- copies and JSON --------------------------------------------------------------------------------
    def _copy_into(self, s: GinRummyState) -> None:
        s.log = list(self.log)
        s.prev_log = self.prev_log  # never changed once made; views copy it
        s.hand_no, s.dealer, s.current, s.phase = self.hand_no, self.dealer, self.current, self.phase
        s.hands, s.known = list(self.hands), list(self.known)
        s.stock, s.pile = list(self.stock), list(self.pile)
        s.taken, s.first_upcard, s.knock_limit = self.taken, self.first_upcard, self.knock_limit
        s.drawn = self.drawn
        s.takes, s.returned, s.must_knock = self.takes, self.returned, self.must_knock
        s.knocker, s.big, s.knock_card = self.knocker, self.big, self.knock_card
        s.knocker_deadwood = self.knocker_deadwood
        s.melds, s.layoffs = list(self.melds), list(self.layoffs)
        s.set_slots, s.run_cards = self.set_slots, self.run_cards
        s.totals, s.boxes = list(self.totals), list(self.boxes)
        s.results = [list(r) for r in self.results]
        s.last_hand = self.last_hand  # never mutated once made; views copy it
        s.winner_seats = list(self.winner_seats)
        s._history_json = self._history_json  # a prefix of the copy's history too

    def to_json(self) -> str:
        """The same text as ``State.to_json``, built faster: a match holds thousands of actions, so the
        history's JSON is kept and only extended by the actions played since the last call."""
        history = self.history
        n = len(history)
        cached = self._history_json
        if cached is not None and cached[0] == n:
            text = cached[1]
        elif cached is not None and 0 < cached[0] < n:
            more = json.dumps([a.text for a in history[cached[0]:]], separators=(",", ":"))
            text = cached[1][:-1] + "," + more[1:]
        else:
            text = json.dumps([a.text for a in history], separators=(",", ":"))
        self._history_json = (n, text)
        head = json.dumps({"game": self.game.name, "players": self.game.num_players,
                           "rules": self.game.rules.to_dict(), "seed": self.seed}, separators=(",", ":"))
        body = json.dumps(self._to_dict(), separators=(",", ":"))
        deal = "" if self.deal is None else ',"deal":' + json.dumps(self.deal, separators=(",", ":"))
        sheet = ',"sheet":' + json.dumps(self.sheet, separators=(",", ":"))
        return head[:-1] + ',"history":' + text + deal + sheet + "," + body[1:]

    def _to_dict(self) -> dict[str, Any]:
        """Every field, in the JSON state format (the public ones under their view names, then the hidden)."""
        return {
            "hand_number": self.hand_no, "dealer": self.dealer, "current": self.current,
            "phase": PHASE_NAMES[self.phase], "known": [_strs(cards_of(k)) for k in self.known],
            "discard_pile": _strs(self.pile), "stock_size": len(self.stock),
            "first_upcard": card_str(self.first_upcard), "knock_limit": self.knock_limit,
            "taken": card_str(self.taken) if self.taken >= 0 else None,
            "drawn": card_str(self.drawn) if self.drawn >= 0 and self.taken < 0 and self.phase == DISCARD else None,
            "pile_takes": self.takes, "returned": self.returned, "must_knock": self.must_knock,
            "knocker": self.knocker if self.knocker >= 0 else None, "big_gin": self.big,
            "knocker_deadwood": self.knocker_deadwood if self.knocker_deadwood >= 0 else None,
            "melds": meld_lists(self.melds), "layoffs": layoff_lists(self.layoffs),
            "scores": list(self.totals), "hands_won": list(self.boxes), "results": [list(r) for r in self.results],
            "previous_log": [[p, text] for p, text in self.prev_log], "last_hand": copy_json(self.last_hand),
            "winners": list(self.winner_seats),
            "rng": self.rng.state, "hands": [_strs(cards_of(h)) for h in self.hands], "stock": _strs(self.stock),
            "knock_discard": card_str(self.knock_card) if self.knock_card >= 0 else None,
            "log": [[p, text] for p, text in self.log],
        }

    # the handlers and legal-action generators, by phase (Phase order)
    _HANDLERS: ClassVar[tuple[Callable[[GinRummyState, GinAction], None], ...]] = (
        _on_upcard, _on_stock_only, _on_draw, _on_discard, _on_wall, _on_layout, _on_defend, _on_over)
    _LEGAL: ClassVar[tuple[Callable[[GinRummyState], list[GinAction]], ...]] = (
        _legal_upcard, _legal_stock_only, _legal_draw, _legal_discard, _legal_wall, _legal_layout, _legal_defend,
        _legal_over)


def _strs(cards: Iterable[int]) -> list[str]:
    return [card_str(c) for c in cards]


def _cards(texts: Iterable[str]) -> list[int]:
    return [parse_card(t) for t in texts]


def _mask(texts: Iterable[str]) -> int:
    m = 0
    for t in texts:
        m |= BIT[parse_card(t)]
    return m


GinRummyGame.STATE = GinRummyState
