"""Gin Rummy: the game (rules) and the state of a whole match (RULES.md section D, G1-G14).

A hand runs through these phases (``view()["phase"]``):

``upcard``      the first upcard is offered to the non-dealer, then to the dealer (G6)
``stock_only``  both passed the first upcard (standard): the non-dealer must draw from the stock
``draw``        take the stock top or the discard top (G7)
``discard``     holding 11 cards: discard, knock with a face-down discard (G8), or declare big gin (G14)
``wall``        (tournament_50th_card) two stock cards left: take the discard only to knock, or pass (G11)
``layout``      the knocker lays out melds of his choice, then ``done`` while his deadwood is within the limit
``defend``      the defender lays out his own melds and lays off onto the knocker's (G9), then ``done``
``over``        the match is over

Hands are 52-bit masks (melds.py); the stock and the discard pile are lists with the top card last.
"""
from __future__ import annotations

import json

from ..core.cards import card_str, parse_card
from ..core.errors import IllegalAction
from ..core.game import Game, State, copy_json
from ..core.rng import Rng
from . import actions as A
from .melds import (BIT, MELD_MASKS, NEIGHBOURS, RUN_TARGET, SET_TARGET, VALUES, cards_of, deadwood, deadwood_after_discard,
                    deadwood_lower_bound_after_discard, layoff_targets, mask_of, meldable, melds_in, value_of)
from .rules import GinRummyRules

UPCARD, STOCK_ONLY, DRAW, DISCARD, WALL, LAYOUT, DEFEND, OVER = range(8)
PHASE_NAMES = ("upcard", "stock_only", "draw", "discard", "wall", "layout", "defend", "over")
TARGET_NAMES = ("set", "run")


class GinRummyGame(Game):
    """Two-player Gin Rummy played as a match to ``game_target``. ``gamenight.make("gin_rummy", rules="modern")``."""

    name = "gin_rummy"
    title = "Gin Rummy"
    RULES = GinRummyRules
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 2, 2

    def _start_match(self, s: "GinRummyState", deal: dict | None = None) -> None:
        if deal is not None:
            raise ValueError("setting up a gin_rummy deal is not built yet")
        first = self.rules.first_dealer
        dealer = s.rng.below(2) if first == "random" else (0 if first == "seat0" else 1)
        s._deal(dealer)

    def parse_action(self, text) -> A.GinAction:
        return A.parse(text)

    @property
    def actions(self) -> list[A.GinAction]:
        return A.ACTIONS

    # ---- JSON and sampling ------------------------------------------------------------------------
    def _state_from_dict(self, d: dict) -> "GinRummyState":
        s = GinRummyState(self)
        s.seed = d["seed"]
        exact = A.EXACT
        s.history = [exact.get(t) or A.parse(t) for t in d["history"]]
        s.rng = Rng(d["rng"])
        s.hands = [_mask(h) for h in d["hands"]]
        s.stock = _cards(d["stock"])
        s.knock_card = parse_card(d["knock_discard"]) if d["knock_discard"] else -1
        s._load_public(d)
        return s

    def sample_state(self, view: dict, rng) -> "GinRummyState":
        """A full state consistent with ``view``: the seat's own hand, every card the opponent is known to
        hold (taken from the discard pile and still held, or laid out), the discard pile, the laid melds
        and layoffs and every count are kept; the unseen cards are dealt at random to the opponent's
        unknown slots, the face-down knock discard (if the viewer did not knock) and the stock."""
        if view.get("game") != self.name:
            raise ValueError("not a Gin Rummy view")
        seat = view["seat"]
        s = GinRummyState(self)
        s.seed = None
        s.history = []
        s.rng = Rng(rng.getrandbits(64))
        s._load_public(view)
        seen = mask_of(_cards(view["discard_pile"]))
        for _, cards in view["melds"]:
            seen |= mask_of(_cards(cards))
        for card, _ in view["layoffs"]:
            seen |= BIT[parse_card(card)]
        hands = list(s.known)
        if seat is not None:
            hands[seat] = _mask(view["hand"])
        for h in hands:
            seen |= h
        knock_card = -1
        if view["knock_discard"]:
            knock_card = parse_card(view["knock_discard"])
            seen |= BIT[knock_card]
        unseen = [c for c in range(52) if not seen & BIT[c]]
        # A hand the view says could knock must still be able to: the knocker laying out, or a player who
        # took the 50th-card discard and so must knock.
        phase = view["phase"]
        bound = None
        if phase == "layout" and view["knocker"] != seat:
            limit = 0 if view["big_gin"] else view["knock_limit"]
            bound = (view["knocker"], lambda h: deadwood(h) <= limit)
        elif phase == "discard" and view["must_knock"] and view["current"] != seat:
            banned = -1 if self.rules.may_discard_taken_discard else s.taken
            bound = (view["current"], lambda h: s._can_big_gin(h) or bool(s._knock_cards(h, banned)))
        if bound is not None:
            p, ok = bound
            missing = view["hand_sizes"][p] - hands[p].bit_count()
            if missing < 0 or missing > len(unseen):
                raise ValueError("the view's card counts are inconsistent")
            chosen = _constrained_cards(unseen, hands[p], missing, ok, rng)
            hands[p] |= chosen
            unseen = [c for c in unseen if not chosen & BIT[c]]
        rng.shuffle(unseen)
        for p in range(2):
            missing = view["hand_sizes"][p] - hands[p].bit_count()
            if missing < 0 or missing > len(unseen):
                raise ValueError("the view's card counts are inconsistent")
            for _ in range(missing):
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


def _constrained_cards(unseen: list[int], fixed: int, missing: int, ok, rng) -> int:
    """``missing`` cards from ``unseen`` such that ``ok(fixed | cards)``: uniform by rejection while that is
    quick, else built from random melds plus the lowest cards left (consistent but no longer uniform)."""
    for _ in range(3000):
        chosen = mask_of(rng.sample(unseen, missing))
        if ok(fixed | chosen):
            return chosen
    pool = mask_of(unseen)
    usable = [m for m in MELD_MASKS if not m & ~(pool | fixed) and m & pool]
    for _ in range(3000):
        rng.shuffle(usable)
        chosen, need = 0, missing
        for m in usable:
            new = m & pool & ~chosen
            if not m & chosen and 0 < new.bit_count() <= need:
                chosen |= new
                need -= new.bit_count()
            if rng.random() < 0.15:
                break
        rest = [c for c in unseen if not chosen & BIT[c]]
        rng.shuffle(rest)
        rest.sort(key=VALUES.__getitem__)
        chosen |= mask_of(rest[:need])
        if ok(fixed | chosen):
            return chosen
    raise ValueError("no hidden hand fits this view (it says the player could knock)")


class GinRummyState(State):
    FINISHED_PHASE = OVER
    __slots__ = ("log", "prev_log", "hand_no", "dealer", "current", "phase",
                 "hands", "known", "stock", "pile", "taken", "first_upcard", "knock_limit", "takes", "returned",
                 "must_knock", "knocker", "big", "knock_card", "knocker_deadwood", "melds", "layoffs",
                 "set_slots", "run_cards", "totals", "boxes", "results", "last_hand", "winner_seats", "_legal",
                 "_history_json")

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
        self._legal = None
        self._history_json = None

    # ---- dealing (G5, G6) -----------------------------------------------------------------------------
    def _deal(self, dealer: int) -> None:
        deck = list(range(52))
        self.rng.shuffle(deck)
        hands = [0, 0]
        order = (1 - dealer, dealer)  # one at a time, alternately, non-dealer first
        for _ in range(10):
            for p in order:
                hands[p] |= BIT[deck.pop()]
        up = deck.pop()
        rules = self.game.rules
        self.hands = hands
        self.known = [0, 0]
        self.stock = deck
        self.pile = [up]
        self.first_upcard = up
        limit = rules.knock_limit
        if rules.oklahoma:  # D4: the upcard's value, an ace meaning gin only
            value = VALUES[up]
            limit = min(limit, 0 if value == 1 else value)
        self.knock_limit = limit
        self.taken = -1
        self.takes = 0
        self.returned = False
        self.must_knock = False
        self.knocker = -1
        self.big = False
        self.knock_card = -1
        self.knocker_deadwood = -1
        self.melds = []
        self.layoffs = []
        self.set_slots = 0
        self.run_cards = 0
        self.hand_no += 1
        # the hand just ended (its last move included) is the previous log; its entries are tuples and the
        # list is never changed again, so it is kept as it is, not copied
        self.prev_log = self.log
        self.log = []
        self.dealer = dealer
        self.current = 1 - dealer
        self.phase = UPCARD
        self._legal = None

    # ---- the contract -----------------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Match totals (single_hand: the hand's points)."""
        return list(self.totals)

    @property
    def hands_played(self) -> int:
        return self.hand_no

    def legal_actions(self) -> list[A.GinAction]:
        """A new list each call (the computed one is kept for this position and shared with clones)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _legal_now(self) -> list[A.GinAction]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[A.GinAction]:
        phase = self.phase
        if phase == DRAW:
            return [A.DRAW_ACTION, A.TAKE_ACTION]
        if phase == DISCARD:
            return self._discard_actions()
        if phase == UPCARD:
            if self.current == self.dealer and self.game.rules.first_upcard == "seed":
                return [A.TAKE_ACTION]  # G6 seed: the dealer must take a passed upcard
            return [A.TAKE_ACTION, A.PASS_ACTION]
        if phase == STOCK_ONLY:
            return [A.DRAW_ACTION]
        if phase == WALL:
            hand = self.hands[self.current] | BIT[self.pile[-1]]
            banned = -1 if self.game.rules.may_discard_taken_discard else self.pile[-1]
            if self._can_big_gin(hand) or self._knock_cards(hand, banned):
                return [A.TAKE_ACTION, A.PASS_ACTION]
            return [A.PASS_ACTION]
        if phase == LAYOUT:
            hand = self.hands[self.current]
            limit = 0 if self.big else self.knock_limit
            out = [A.DONE_ACTION] if value_of(hand) <= limit else []
            melds = A.MELDS
            for i in melds_in(hand):
                m = melds[i]
                if deadwood(hand ^ m.meld) <= limit:
                    out.append(m)
            return out
        if phase == DEFEND:
            hand = self.hands[self.current]
            melds = A.MELDS
            out = [A.DONE_ACTION]
            out.extend(melds[i] for i in melds_in(hand))
            if self.knocker_deadwood > 0 and not self.big:  # G9: no layoffs on gin
                slots = self.set_slots & hand
                runs = self.run_cards
                out.extend(A.SET_LAYOFFS[c] for c in cards_of(slots))
                out.extend(A.RUN_LAYOFFS[c] for c in cards_of(hand) if NEIGHBOURS[c] & runs)
            return out
        return []

    def _can_big_gin(self, hand: int) -> bool:
        return self.game.rules.big_gin_bonus is not None and meldable(hand) == hand and deadwood(hand) == 0

    def _knock_cards(self, hand: int, banned: int) -> list[int]:
        """The cards whose face-down discard leaves deadwood within the knock limit (G8)."""
        limit = self.knock_limit
        if deadwood_lower_bound_after_discard(hand) > limit or deadwood_after_discard(hand) > limit:
            return []
        return [c for c in cards_of(hand) if c != banned and deadwood(hand ^ BIT[c]) <= limit]

    def _discard_actions(self) -> list[A.GinAction]:
        hand = self.hands[self.current]
        taken = self.taken
        banned = taken if taken >= 0 and not self.game.rules.may_discard_taken_discard else -1
        out = [A.BIGGIN_ACTION] if self._can_big_gin(hand) else []
        if not self.must_knock:
            discards = A.DISCARDS
            if banned < 0:
                out.extend(discards[c] for c in cards_of(hand))
            else:
                out.extend(discards[c] for c in cards_of(hand ^ BIT[banned]))
        knocks = A.KNOCKS
        out.extend(knocks[c] for c in self._knock_cards(hand, banned))
        return out

    def _why_illegal(self, action) -> str:
        kind = action.kind
        phase = self.phase
        hand = self.hands[self.current]
        if phase == DISCARD and kind in (A.DISCARD, A.KNOCK):
            if not hand & BIT[action.card]:
                return f"; you do not hold {card_str(action.card)}"
            if action.card == self.taken and not self.game.rules.may_discard_taken_discard:
                return "; a card taken from the discard pile may not be discarded in the same turn"
            if kind == A.KNOCK:
                return (f"; after discarding {card_str(action.card)} your deadwood would be "
                        f"{deadwood(hand ^ BIT[action.card])}, over the knock limit of {self.knock_limit}")
            if self.must_knock:
                return "; at the wall you took the discard, so you must knock"
        if phase == DISCARD and kind == A.BIGGIN:
            return ("; big gin is not played under these rules" if self.game.rules.big_gin_bonus is None
                    else "; big gin needs all 11 cards in melds")
        if phase in (DRAW, STOCK_ONLY, UPCARD, WALL) and kind in (A.DISCARD, A.KNOCK):
            return "; take a card first (draw or take)"
        if phase == STOCK_ONLY and kind == A.TAKE:
            return "; both players passed the first upcard, so the non-dealer draws from the stock"
        if phase == UPCARD and kind == A.DRAW:
            return "; first take or pass the upcard"
        if phase == WALL and kind == A.TAKE:
            return "; at the wall the discard may be taken only to knock, and it would not let you knock"
        if phase in (LAYOUT, DEFEND) and kind == A.MELD:
            if action.meld & hand != action.meld:
                return "; you do not hold all of those cards"
            if phase == LAYOUT:
                return f"; your deadwood could no longer get within {self.knock_limit}"
        if phase == LAYOUT and kind == A.DONE:
            return f"; your unmelded cards count {value_of(hand)}, over the limit of {self.knock_limit}: lay more melds"
        if phase == DEFEND and kind == A.LAYOFF:
            if self.knocker_deadwood == 0 or self.big:
                return "; no layoffs on gin"
            if not hand & BIT[action.card]:
                return f"; you do not hold {card_str(action.card)}"
            return f"; {card_str(action.card)} does not fit a {TARGET_NAMES[action.target]} of the knocker"
        return ""

    # ---- playing ---------------------------------------------------------------------------------------
    def _apply(self, action: A.GinAction) -> None:
        self._legal = None
        seat = self.current
        self.log.append((seat, action.text))
        kind = action.kind
        rules = self.game.rules
        if kind == A.DRAW:
            card = self.stock.pop()
            self.hands[seat] |= BIT[card]
            self.taken = -1
            if rules.stock_end == "hoyle" and len(self.stock) == 2:
                self._dead("stock")  # G11 hoyle: the take that leaves 2 cards ends the hand
                return
            self.phase = DISCARD
        elif kind == A.TAKE:
            phase = self.phase
            if phase == DRAW:
                self.takes += 1
                if rules.max_pile_takes is not None and self.takes >= rules.max_pile_takes:
                    self._dead("takes")
                    return
            elif phase == WALL:
                self.must_knock = True
            card = self.pile.pop()
            bit = BIT[card]
            self.hands[seat] |= bit
            self.known[seat] |= bit
            self.taken = card
            self.phase = DISCARD
        elif kind == A.DISCARD:
            card = action.card
            bit = BIT[card]
            self.hands[seat] ^= bit
            self.known[seat] &= ~bit
            self.pile.append(card)
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
            if len(self.stock) <= 2:
                if rules.stock_end == "tournament_50th_card":
                    self.phase = WALL
                else:
                    self._dead("stock")  # G11: a discard that leaves 2 stock cards kills the hand
            else:
                self.phase = DRAW
        elif kind == A.PASS:
            if self.phase == WALL:
                self._dead("wall")
            elif seat != self.dealer:
                self.current = self.dealer
            else:  # G6 standard: both passed, the non-dealer draws from the stock
                self.current = 1 - seat
                self.phase = STOCK_ONLY
        elif kind == A.KNOCK:
            card = action.card
            bit = BIT[card]
            self.hands[seat] ^= bit
            self.known[seat] &= ~bit
            self.knock_card = card
            self.knocker = seat
            self.taken = -1
            self.must_knock = False
            self.phase = LAYOUT
        elif kind == A.BIGGIN:
            self.knocker = seat
            self.big = True
            self.taken = -1
            self.must_knock = False
            self.phase = LAYOUT
        elif kind == A.MELD:
            m = action.meld
            self.hands[seat] ^= m
            self.known[seat] &= ~m
            self.melds.append((seat, m))
        elif kind == A.LAYOFF:
            card = action.card
            bit = BIT[card]
            self.hands[seat] ^= bit
            self.known[seat] &= ~bit
            self.layoffs.append((card, action.target))
            if action.target == SET_TARGET:
                self.set_slots &= ~bit
            else:
                self.run_cards |= bit
        else:  # DONE
            if self.phase == LAYOUT:
                rest = self.hands[seat]
                self.knocker_deadwood = value_of(rest)
                self.known[seat] = rest  # the knocker's deadwood is laid face up
                self.set_slots, self.run_cards = layoff_targets(m for p, m in self.melds if p == seat)
                self.current = 1 - seat
                self.phase = DEFEND
            else:
                self._score_hand()

    # ---- the end of a hand (G10-G14) -------------------------------------------------------------------
    def _hand_summary(self, result: str) -> dict:
        return {"hand": self.hand_no, "dealer": self.dealer, "result": result, "first_upcard": card_str(self.first_upcard),
                "knock_limit": self.knock_limit}

    def _dead(self, reason: str) -> None:
        """G11: nobody scores and the same dealer deals again (single_hand: the match ends drawn)."""
        summary = self._hand_summary("dead")
        summary.update(reason=reason, scorer=None, points=0)
        self.results.append(["dead", -1, 0])
        self._after_hand(summary, scorer=None, dead=True)

    def _score_hand(self) -> None:
        rules = self.game.rules
        knocker = self.knocker
        defender = 1 - knocker
        k = self.knocker_deadwood
        d = value_of(self.hands[defender])
        if self.big:
            result, scorer, points = "big_gin", knocker, d + rules.big_gin_bonus
        elif k == 0:
            result, scorer, points = "gin", knocker, d + rules.gin_bonus
        elif k < d:
            result, scorer, points = "knock", knocker, d - k
        elif k == d and not rules.tie_is_undercut:
            result, scorer, points = "draw", None, 0
        else:
            result, scorer, points = "undercut", defender, k - d + rules.undercut_bonus
        doubled = rules.oklahoma_spades_double and self.first_upcard < 13
        if doubled:
            points *= 2
        summary = self._hand_summary(result)
        summary.update(
            knocker=knocker, knock_discard=card_str(self.knock_card) if self.knock_card >= 0 else None,
            knocker_deadwood=k, defender_deadwood=d,
            melds=[[p, _strs(cards_of(m))] for p, m in self.melds],
            layoffs=[[card_str(c), TARGET_NAMES[t]] for c, t in self.layoffs],
            deadwood_cards={str(knocker): _strs(cards_of(self.hands[knocker])),
                            str(defender): _strs(cards_of(self.hands[defender]))},
            scorer=scorer, points=points, doubled=doubled)
        self.results.append([result, -1 if scorer is None else scorer, points])
        self._after_hand(summary, scorer, dead=False)

    def _after_hand(self, summary: dict, scorer: int | None, dead: bool) -> None:
        rules = self.game.rules
        if scorer is not None:
            points = summary["points"]
            if rules.single_hand:
                self.totals[scorer] += points
            else:
                self.totals[scorer] += points + (rules.box_bonus if rules.box_credit == "immediate" else 0)
            self.boxes[scorer] += 1
        summary["totals"] = list(self.totals)
        self.last_hand = summary
        if rules.single_hand:
            return self._finish([scorer] if scorer is not None else [0, 1], summary)
        target = rules.game_target
        for p in (0, 1):
            if self.totals[p] >= target:
                return self._finish_match(p, summary)
        if dead:
            dealer = self.dealer  # G11: the same dealer redeals
        elif rules.next_dealer == "winner":
            dealer = self.dealer if scorer is None else scorer  # G13
        else:
            dealer = 1 - self.dealer
        self._deal(dealer)

    def _finish_match(self, winner: int, summary: dict) -> None:
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

    def _finish(self, winners: list[int], summary: dict) -> None:
        self.winner_seats = sorted(winners)
        self.last_hand = summary
        self.phase = OVER

    # ---- views -----------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator): its own cards and everything public."""
        over = self.phase == OVER
        knocker = self.knocker
        hide = seat != knocker and not over and knocker >= 0
        # the knock discard is face down (G8): other seats see a bare "knock"
        log = [[p, "knock" if hide and text.startswith("knock") else text] for p, text in self.log]
        view = self._public()
        view.update({
            "seat": seat,
            "hand": _strs(cards_of(self.hands[seat])) if seat is not None else None,
            "hand_deadwood": deadwood(self.hands[seat]) if seat is not None else None,
            "knock_discard": (card_str(self.knock_card) if self.knock_card >= 0 and seat is not None
                              and seat == knocker else None),
            "log": log,
        })
        return view

    def _public(self) -> dict:
        over = self.phase == OVER
        return {
            "game": "gin_rummy", "players": 2, "rules": self.game.rules_copy(),
            "hand_number": self.hand_no, "dealer": self.dealer, "current_player": self.current_player,
            "current": self.current, "phase": PHASE_NAMES[self.phase],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": [_strs(cards_of(k)) for k in self.known],
            "discard_pile": _strs(self.pile),
            "upcard": card_str(self.pile[-1]) if self.pile else None,
            "stock_size": len(self.stock),
            "first_upcard": card_str(self.first_upcard),
            "knock_limit": self.knock_limit,
            "taken": card_str(self.taken) if self.taken >= 0 else None,
            "pile_takes": self.takes, "returned": self.returned, "must_knock": self.must_knock,
            "knocker": self.knocker if self.knocker >= 0 else None, "big_gin": self.big,
            "knocker_deadwood": self.knocker_deadwood if self.knocker_deadwood >= 0 else None,
            "melds": [[p, _strs(cards_of(m))] for p, m in self.melds],
            "layoffs": [[card_str(c), TARGET_NAMES[t]] for c, t in self.layoffs],
            "scores": list(self.totals), "hands_won": list(self.boxes),
            "results": [list(r) for r in self.results],
            # the hand before this one: over, so the knock discard in it is no longer face down
            "previous_log": [[p, text] for p, text in self.prev_log],
            "last_hand": copy_json(self.last_hand),
            "is_over": over, "winners": list(self.winner_seats),
        }

    def _load_public(self, d: dict) -> None:
        """Set every public field from a view or a state dict (the inverse of ``_public``)."""
        self.hand_no, self.dealer, self.current = d["hand_number"], d["dealer"], d["current"]
        self.phase = PHASE_NAMES.index(d["phase"])
        self.known = [_mask(k) for k in d["known"]]
        self.pile = _cards(d["discard_pile"])
        self.first_upcard = parse_card(d["first_upcard"])
        self.knock_limit = d["knock_limit"]
        self.taken = parse_card(d["taken"]) if d["taken"] else -1
        self.takes, self.returned, self.must_knock = d["pile_takes"], d["returned"], d["must_knock"]
        self.knocker = -1 if d["knocker"] is None else d["knocker"]
        self.big = d["big_gin"]
        self.knocker_deadwood = -1 if d["knocker_deadwood"] is None else d["knocker_deadwood"]
        self.melds = [(p, _mask(cards)) for p, cards in d["melds"]]
        self.layoffs = [(parse_card(c), TARGET_NAMES.index(t)) for c, t in d["layoffs"]]
        self.set_slots = self.run_cards = 0
        if self.knocker_deadwood >= 0:
            slots, runs = layoff_targets(m for p, m in self.melds if p == self.knocker)
            for c, t in self.layoffs:
                if t == SET_TARGET:
                    slots &= ~BIT[c]
                else:
                    runs |= BIT[c]
            self.set_slots, self.run_cards = slots, runs
        self.totals, self.boxes = list(d["scores"]), list(d["hands_won"])
        self.results = [list(r) for r in d["results"]]
        self.last_hand = copy_json(d["last_hand"])
        self.winner_seats = list(d["winners"])
        self.log = [(p, text) for p, text in d["log"]]
        self.prev_log = [(p, text) for p, text in d.get("previous_log", ())]
        self._legal = None

    # ---- copies ----------------------------------------------------------------------------------------
    def _copy_into(self, s: "GinRummyState") -> None:
        s.log = list(self.log)
        s.prev_log = self.prev_log  # never changed once made; views copy it
        s.hand_no, s.dealer, s.current, s.phase = self.hand_no, self.dealer, self.current, self.phase
        s.hands, s.known = list(self.hands), list(self.known)
        s.stock, s.pile = list(self.stock), list(self.pile)
        s.taken, s.first_upcard, s.knock_limit = self.taken, self.first_upcard, self.knock_limit
        s.takes, s.returned, s.must_knock = self.takes, self.returned, self.must_knock
        s.knocker, s.big, s.knock_card, s.knocker_deadwood = self.knocker, self.big, self.knock_card, self.knocker_deadwood
        s.melds, s.layoffs = list(self.melds), list(self.layoffs)
        s.set_slots, s.run_cards = self.set_slots, self.run_cards
        s.totals, s.boxes = list(self.totals), list(self.boxes)
        s.results = [list(r) for r in self.results]
        s.last_hand = self.last_hand  # never mutated once made; views copy it
        s.winner_seats = list(self.winner_seats)
        s._legal = self._legal
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
        return head[:-1] + ',"history":' + text + deal + "," + body[1:]

    def _to_dict(self) -> dict:
        d = self._public()
        for key in ("game", "players", "rules", "current_player", "upcard", "hand_sizes", "is_over"):
            del d[key]
        d.update(rng=self.rng.state, hands=[_strs(cards_of(h)) for h in self.hands], stock=_strs(self.stock),
                 knock_discard=card_str(self.knock_card) if self.knock_card >= 0 else None,
                 log=[[p, text] for p, text in self.log])
        return d


def _strs(cards) -> list[str]:
    return [card_str(c) for c in cards]


def _cards(texts) -> list[int]:
    return [parse_card(t) for t in texts]


def _mask(texts) -> int:
    m = 0
    for t in texts:
        m |= BIT[parse_card(t)]
    return m


GinRummyGame.STATE = GinRummyState
