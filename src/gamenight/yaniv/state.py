"""Yaniv: the game (rules + action table) and the state of a whole match (RULES.md section A)."""
from __future__ import annotations

import bisect

from ..core.cards import CARD_NAMES, JOKER, card_str, parse_card
from ..core.errors import IllegalAction, RulesError
from ..core.game import Game, State
from ..core.rng import Rng
from .actions import CALL, DRAW, KEEP, RUN, SET, SINGLE, SLAP, SWAP, TAKE, YanivAction, action_table, run_text
from .rules import YanivRules

TURN, TAKE_PHASE, SLAP_PHASE, OVER = range(4)
PHASE_NAMES = ("turn", "take", "slap", "over")
GROUP_NAMES = {SINGLE: "single", SET: "set", RUN: "run"}
GROUP_KINDS = {v: k for k, v in GROUP_NAMES.items()}


def card_values(king_of_hearts_zero: bool) -> tuple[int, ...]:
    """Y3: A = 1, 2-10 face value, J/Q/K = 10, joker 0 (A4: optionally K♥ = 0)."""
    values = [min(k % 13 + 1, 10) for k in range(52)] + [0]
    if king_of_hearts_zero:
        values[parse_card("Kh")] = 0
    return tuple(values)


class YanivGame(Game):
    """Yaniv for 2-8 players. ``gamenight.make("yaniv", players=4, rules="common")``."""

    name = "yaniv"
    title = "Yaniv"
    RULES = YanivRules
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 8, 4

    def _check_table(self) -> None:
        r = self.rules
        self.packs = 2 if self.num_players >= r.double_deck_from_players else 1  # Y2
        self.values = card_values(r.king_of_hearts_zero)
        self.table = action_table(self.packs, r.hand_size, r.jokers_in_sets)
        deck = 54 * self.packs
        if self.num_players * r.hand_size + 1 > deck:
            raise RulesError(f"{self.num_players} players x {r.hand_size} cards + the upcard need more than the "
                             f"{deck} cards of {self.packs} pack(s); lower hand_size or double_deck_from_players")

    def deck(self) -> list[int]:
        return (list(range(52)) + [JOKER, JOKER]) * self.packs

    def _start_match(self, state: "YanivState", deal: dict | None = None) -> None:
        if deal is not None:
            raise ValueError("setting up a yaniv deal is not built yet")
        state.active = [True] * self.num_players
        state.totals = [0] * self.num_players
        dealer = 0
        starter = dealer if self.rules.first_round_starter == "dealer" else 1
        state._deal(dealer, starter)

    def parse_action(self, text: str) -> YanivAction:
        if isinstance(text, YanivAction):
            return text
        return self.table.parse(text)

    @property
    def actions(self) -> list[YanivAction]:
        return self.table.actions

    # ---- JSON and sampling ------------------------------------------------------------------
    def _state_from_dict(self, d: dict) -> "YanivState":
        s = YanivState(self)
        s.seed = d["seed"]
        s.history = [self.parse_action(t) for t in d["history"]]
        s.rng = Rng(d["rng"])
        s.round_no, s.dealer, s.current = d["round"], d["dealer"], d["current"]
        s.phase = PHASE_NAMES.index(d["phase"])
        s.hands = [sorted(parse_card(c) for c in h) for h in d["hands"]]
        s.known = [sorted(parse_card(c) for c in h) for h in d["known"]]
        s.stock = [parse_card(c) for c in d["stock"]]
        s.pile = [[parse_card(c) for c in g] for g in d["pile"]]
        s.prev_kind = GROUP_KINDS[d["prev_kind"]]
        s.prev_start = d["prev_start"]
        s.pending = self.parse_action(d["pending"]) if d["pending"] else None
        s.drawn = parse_card(d["drawn"]) if d["drawn"] else None
        s.totals, s.active = list(d["totals"]), list(d["active"])
        s.winner_seats = list(d["winners"])
        s.last_round = d["last_round"]
        s.round_start, s.actors = d["round_start"], list(d["actors"])
        s.prev_round_start = d.get("previous_round_start", s.round_start)
        return s

    def sample_state(self, view: dict, rng) -> "YanivState":
        """A full state consistent with ``view``: the seat's own hand, the cards others are known to hold
        (taken from the discard pile and not yet laid), the discard pile and every public count are kept;
        every unseen card is dealt at random to the others' unknown slots and the stock."""
        if view.get("game") != self.name:
            raise ValueError("not a Yaniv view")
        seat = view["seat"]
        n = self.num_players
        unseen = self.deck()
        hands: list[list[int]] = [[] for _ in range(n)]

        def take_out(cards, owner=None):
            for c in cards:
                k = parse_card(c)
                unseen.remove(k)
                if owner is not None:
                    hands[owner].append(k)

        for g in view["discard_pile"]:
            take_out(g)
        for p in range(n):
            if p == seat:
                take_out(view["hand"], p)
            else:
                take_out(view["known"][p], p)
        rng.shuffle(unseen)
        for p in range(n):
            while len(hands[p]) < view["hand_sizes"][p]:
                hands[p].append(unseen.pop())
        if len(unseen) != view["stock_size"]:
            raise ValueError("the view's card counts are inconsistent")
        s = YanivState(self)
        s.seed = None
        s.rng = Rng(rng.getrandbits(64))
        # the view's public logs (the round before, then this round) become the sampled state's history
        earlier, log = view["previous_log"], view["log"]
        s.history = [self.parse_action(text) for _, text in earlier + log]
        s.round_no, s.dealer, s.current = view["round"], view["dealer"], view["current_player"]
        s.phase = PHASE_NAMES.index(view["phase"])
        s.hands = [sorted(h) for h in hands]
        s.known = [sorted(parse_card(c) for c in k) for k in view["known"]]
        s.stock = unseen
        s.pile = [[parse_card(c) for c in g] for g in view["discard_pile"]]
        s.prev_kind = GROUP_KINDS[view["previous_group_type"]]
        s.prev_start = view["previous_run_start"]
        s.pending = self.parse_action(view["pending_discard"]) if view["pending_discard"] else None
        s.drawn = None
        if s.phase == SLAP_PHASE:
            if view.get("drawn"):
                s.drawn = parse_card(view["drawn"])
            else:  # someone else's drawn card is one of their unseen cards
                hidden = list(s.hands[s.current])
                for c in s.known[s.current]:
                    hidden.remove(c)
                s.drawn = rng.choice(hidden)
        s.totals, s.active = list(view["scores"]), list(view["active"])
        s.winner_seats = list(view["winners"])
        s.last_round = view["last_round"]
        s.actors = [p for p, _ in earlier + log]
        s.prev_round_start, s.round_start = 0, len(earlier)
        return s


class YanivState(State):
    FINISHED_PHASE = OVER
    __slots__ = ("round_no", "dealer", "current", "phase", "hands", "known",
                 "stock", "pile", "prev_kind", "prev_start", "pending", "drawn", "totals", "active",
                 "winner_seats", "last_round", "round_start", "prev_round_start", "_prev_log", "actors")

    def __init__(self, game: YanivGame):
        super().__init__(game)
        self.actors = []
        self.round_start = 0
        self.prev_round_start = 0
        self._prev_log = None  # ((seat, text), ...) of the previous round, built at its first view
        self.round_no = 0
        self.winner_seats = []
        self.last_round = None
        self.pending = None
        self.drawn = None

    # ---- dealing ------------------------------------------------------------------------------
    def _deal(self, dealer: int, starter: int) -> None:
        """Y6-Y7: shuffle, deal hand_size cards one at a time from the dealer's left, turn the upcard."""
        g = self.game
        deck = g.deck()
        self.rng.shuffle(deck)
        n = g.num_players
        order = [(dealer + i) % n for i in range(1, n + 1) if self.active[(dealer + i) % n]]
        hands = [[] for _ in range(n)]
        for _ in range(g.rules.hand_size):
            for p in order:
                hands[p].append(deck.pop())
        self.hands = [sorted(h) for h in hands]
        self.known = [[] for _ in range(n)]
        up = deck.pop()
        self.stock = deck
        self.pile = [[up]]
        self.prev_kind = SINGLE
        self.prev_start = -1
        self.pending = None
        self.drawn = None
        self.round_no += 1
        self.prev_round_start = self.round_start  # the round just ended (its call too): the previous log
        self._prev_log = None
        self.round_start = len(self.actors)  # after the call that ended the last round
        self.dealer = dealer
        self.current = starter
        self.phase = TURN

    # ---- the contract ---------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Cumulative penalty points (single_round: the round's points)."""
        return list(self.totals)

    @property
    def hands_played(self) -> int:
        return self.round_no

    def hand_value(self, seat: int) -> int:
        values = self.game.values
        return sum(values[c] for c in self.hands[seat])

    def legal_actions(self) -> list[YanivAction]:
        phase = self.phase
        table = self.game.table
        if phase == TURN:
            hand = self.hands[self.current]
            found = table.discards(tuple(hand))
            limit = self.game.rules.yaniv_limit
            if limit is None or self.hand_value(self.current) <= limit:
                return [table.call] + found  # Y9
            return found
        if phase == TAKE_PHASE:
            return self._takes()
        if phase == SLAP_PHASE:
            pending = self.pending
            drawn = self.drawn
            ok = (drawn == JOKER) if pending.cards[0] == JOKER else (drawn != JOKER and drawn % 13 == pending.cards[0] % 13)
            return [table.slap, table.keep] if ok else [table.keep]
        return []

    def _takes(self) -> list[YanivAction]:
        """Y13: the stock top, or the first or last card of the previous player's group."""
        table = self.game.table
        group = self.pile[-2]
        rules = self.game.rules
        if rules.set_pick_any and self.prev_kind == SET:
            kinds = set(group)
        else:
            kinds = {group[0], group[-1]}
        out = [table.take[k] for k in kinds]
        if self.stock:
            out.append(table.draw)
        if rules.joker_swap and self.prev_kind == RUN:
            hand = self.hands[self.current]
            start = self.prev_start
            for i, c in enumerate(group):
                if c == JOKER and start + i in hand:
                    out.append(table.swap[start + i])
        out.sort(key=_by_id)
        return out

    def _why_illegal(self, action) -> str:
        if self.phase == TURN and action.kind == CALL:
            return f"; a hand of {self.hand_value(self.current)} is over the Yaniv limit of {self.game.rules.yaniv_limit}"
        if self.phase == TURN and action.kind in (DRAW, TAKE, SWAP, SLAP, KEEP):
            return "; first discard a group (or call Yaniv), then take a card"
        if self.phase == TURN and action.is_discard:
            return "; you do not hold those cards" if not _holds(self.hands[self.current], action.cards) else ""
        if self.phase == TAKE_PHASE and action.is_discard:
            return "; you have discarded already: now draw or take a card"
        if self.phase == TAKE_PHASE and action.kind == TAKE:
            return "; only the first or last card of the previous group can be taken"
        return ""

    def _apply(self, action: YanivAction) -> None:
        seat = self.current
        self.actors.append(seat)
        kind = action.kind
        if self.phase == TURN:
            if kind == CALL:
                self._end_round(seat)
                return
            hand = self.hands[seat]
            known = self.known[seat]
            for c in action.cards:
                hand.remove(c)
                if c in known:
                    known.remove(c)
            self.pile.append(list(action.cards))
            self.pending = action
            self.phase = TAKE_PHASE
            return
        if self.phase == TAKE_PHASE:
            hand = self.hands[seat]
            if kind == DRAW:
                card = self.stock.pop()
                bisect.insort(hand, card)
                if not self.stock:
                    self._reshuffle()
                if self.game.rules.slapdown and self.pending.kind == SINGLE:
                    self.drawn = card
                    self.phase = SLAP_PHASE
                    return
            elif kind == TAKE:
                card = action.cards[0]
                self.pile[-2].remove(card)
                bisect.insort(hand, card)
                bisect.insort(self.known[seat], card)
            else:  # SWAP: give the natural card, take the joker that stood for it
                card = action.cards[0]
                group = self.pile[-2]
                group[group.index(JOKER, card - self.prev_start)] = card
                hand.remove(card)
                if card in self.known[seat]:
                    self.known[seat].remove(card)
                bisect.insort(hand, JOKER)
                bisect.insort(self.known[seat], JOKER)
            self._next_turn()
            return
        # SLAP_PHASE
        if kind == SLAP:
            self.hands[seat].remove(self.drawn)
            self.pile[-1].append(self.drawn)
            self.pending = None  # the group is now a pair of equal ranks
        self.drawn = None
        self._next_turn()

    def _reshuffle(self) -> None:
        """Y15: all discards but the newest group become the new stock (edge: none, the stock stays empty)."""
        cards = [c for g in self.pile[:-1] for c in g]
        if cards:
            self.rng.shuffle(cards)
            self.stock = cards
            self.pile = [self.pile[-1]]

    def _next_turn(self) -> None:
        pending = self.pending
        if pending is None:
            self.prev_kind, self.prev_start = SET, -1
        else:
            self.prev_kind = pending.kind
            self.prev_start = pending.run_start
        self.pending = None
        self.current = self._next_active(self.current)
        self.phase = TURN

    def _next_active(self, seat: int) -> int:
        n = self.game.num_players
        for i in range(1, n + 1):
            p = (seat + i) % n
            if self.active[p]:
                return p
        raise AssertionError("no active player")

    # ---- the end of a round (Y16-Y20) ---------------------------------------------------------------
    def _end_round(self, caller: int) -> None:
        rules = self.game.rules
        n = self.game.num_players
        seats = [p for p in range(n) if self.active[p]]
        hand_totals = {p: self.hand_value(p) for p in seats}
        c = hand_totals[caller]
        asaf = [p for p in seats if p != caller and hand_totals[p] <= c]
        success = not asaf
        points = dict(hand_totals)  # Y16: every non-caller scores their hand
        if success:
            points[caller] = 0
        else:
            points[caller] = c + rules.asaf_penalty * (len(asaf) if rules.asaf_per_player else 1)
            if rules.asaf_winner_scores_zero:
                low = min(hand_totals[p] for p in asaf)
                for p in asaf:
                    if hand_totals[p] == low:
                        points[p] = 0
        summary = {"round": self.round_no, "caller": caller, "success": success, "asaf": asaf,
                   "hands": {str(p): [card_str(k) for k in self.hands[p]] for p in seats},
                   "hand_totals": {str(p): hand_totals[p] for p in seats},
                   "points": {str(p): points[p] for p in seats}}
        after_caller = [(caller + i) % n for i in range(1, n + 1) if self.active[(caller + i) % n]]  # caller last

        if rules.single_round:
            self.totals = [points.get(p, 0) for p in range(n)]
            if success:
                self.winner_seats = [caller]
            else:
                low = min(hand_totals[p] for p in seats if p != caller)
                self.winner_seats = sorted(p for p in seats if p != caller and hand_totals[p] == low)
            summary.update(totals=list(self.totals), halved=[], eliminated=[])
            self.last_round = summary
            self.phase = OVER
            return

        halving = dict(rules.halving_at)
        halved = []
        for p in seats:  # Y17-Y18
            self.totals[p] += points[p]
            if self.totals[p] in halving and (points[p] > 0 or not rules.halve_only_on_change):
                self.totals[p] = halving[self.totals[p]]
                halved.append(p)
        out = [p for p in seats if self.totals[p] > rules.elimination_limit]  # Y19
        summary.update(totals=list(self.totals), halved=halved, eliminated=out)
        self.last_round = summary
        if out and rules.end_on_first_elimination:
            low = min(self.totals[p] for p in seats)
            return self._finish([p for p in seats if self.totals[p] == low])
        remaining = [p for p in seats if p not in out]
        if len(remaining) == 1:
            return self._finish(remaining)
        if not remaining:  # Y20: everyone left crossed together; the lowest wins, a tie plays on
            low = min(self.totals[p] for p in out)
            tied = [p for p in out if self.totals[p] == low]
            if len(tied) == 1:
                return self._finish(tied)
            remaining = tied
            summary["eliminated"] = [p for p in out if p not in tied]
        for p in seats:
            if p not in remaining:
                self.active[p] = False
        order = [p for p in after_caller if self.active[p]]
        if rules.next_round_starter == "lowest_hand":
            starter = min(order, key=lambda p: hand_totals[p])  # min keeps the first in turn order
        elif rules.next_round_starter == "lowest_total":
            starter = min(order, key=lambda p: self.totals[p])
        else:  # rotate: the seat after the one who started the round just ended
            started = self.dealer
            if self.round_no == 1 and rules.first_round_starter == "left_of_dealer":
                started = (self.dealer + 1) % n  # everyone plays round 1
            starter = self._next_active(started)
        self._deal(starter, starter)

    def _finish(self, winners: list[int]) -> None:
        self.winner_seats = sorted(winners)
        self.phase = OVER

    # ---- views ----------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator). Only public facts and that seat's own cards."""
        n = self.game.num_players
        phase = self.phase
        if phase == TURN or phase == OVER:
            take_group = self.pile[-1]  # what the player to act may take from after discarding
        else:
            take_group = self.pile[-2] if len(self.pile) > 1 else []  # a draw may have reshuffled it away
        values = self.game.values
        mine = seat is not None
        names = CARD_NAMES
        start = self.round_start
        previous = self._prev_log
        if previous is None:  # the round's last action is in the history once apply() returns: built now, once
            a = self.prev_round_start
            previous = self._prev_log = tuple(zip(self.actors[a:start], [x.text for x in self.history[a:start]]))
        return {
            "game": "yaniv", "seat": seat, "players": n, "rules": self.game.rules_copy(),
            "round": self.round_no, "dealer": self.dealer, "current_player": self.current_player,
            "phase": PHASE_NAMES[self.phase],
            "hand": [names[c] for c in self.hands[seat]] if mine else None,
            "hand_value": sum(values[c] for c in self.hands[seat]) if mine else None,
            "drawn": card_str(self.drawn) if mine and self.phase == SLAP_PHASE and seat == self.current else None,
            "hand_sizes": [len(h) for h in self.hands],
            "known": [[names[c] for c in k] for k in self.known],
            "discard_pile": [[names[c] for c in g] for g in self.pile],
            "previous_group": [names[c] for c in take_group],
            "previous_group_type": GROUP_NAMES[self.prev_kind],
            "previous_run_start": self.prev_start,
            "previous_group_text": _group_text(self.prev_kind, self.prev_start, take_group),
            "pending_discard": str(self.pending) if self.pending is not None else None,
            "stock_size": len(self.stock),
            "scores": list(self.totals), "active": list(self.active),
            "log": [[p, a.text] for p, a in zip(self.actors[start:], self.history[start:])],
            "previous_log": [[p, text] for p, text in previous],
            "last_round": _copy_summary(self.last_round) if self.last_round else None,
            "is_over": self.phase == OVER, "winners": list(self.winner_seats),
        }

    # ---- copies -------------------------------------------------------------------------------------------
    def _copy_into(self, s: "YanivState") -> None:
        s.actors = list(self.actors)
        s.round_no, s.dealer, s.current, s.phase = self.round_no, self.dealer, self.current, self.phase
        s.hands = [list(h) for h in self.hands]
        s.known = [list(h) for h in self.known]
        s.stock = list(self.stock)
        s.pile = [list(g) for g in self.pile]
        s.prev_kind, s.prev_start, s.pending, s.drawn = self.prev_kind, self.prev_start, self.pending, self.drawn
        s.totals, s.active, s.winner_seats = list(self.totals), list(self.active), list(self.winner_seats)
        s.last_round = _copy_summary(self.last_round) if self.last_round else self.last_round
        s.round_start, s.prev_round_start, s._prev_log = self.round_start, self.prev_round_start, self._prev_log

    def _to_dict(self) -> dict:
        strs = _strs
        return {
            "rng": self.rng.state, "round": self.round_no, "dealer": self.dealer, "current": self.current,
            "phase": PHASE_NAMES[self.phase], "hands": [strs(h) for h in self.hands],
            "known": [strs(h) for h in self.known], "stock": strs(self.stock),
            "pile": [strs(g) for g in self.pile], "prev_kind": GROUP_NAMES[self.prev_kind],
            "prev_start": self.prev_start, "pending": str(self.pending) if self.pending else None,
            "drawn": card_str(self.drawn) if self.drawn is not None else None,
            "totals": self.totals, "active": self.active, "winners": self.winner_seats,
            "last_round": self.last_round, "round_start": self.round_start,
            "previous_round_start": self.prev_round_start, "actors": self.actors,
        }


def _copy_summary(summary: dict) -> dict:
    """A copy of a round summary (values are numbers, lists, or dicts of numbers and lists), so a view
    never shares a mutable object with the state."""
    out = {}
    for key, value in summary.items():
        if isinstance(value, dict):
            value = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
        elif isinstance(value, list):
            value = list(value)
        out[key] = value
    return out


def _strs(cards) -> list[str]:
    return [card_str(c) for c in cards]


def _by_id(action) -> int:
    return action.id


def _holds(hand, cards) -> bool:
    rest = list(hand)
    for c in cards:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def _group_text(kind: int, start: int, cards) -> str:
    if kind == RUN and start >= 0 and len(cards) >= 1:
        return run_text(start, cards)
    return "+".join(card_str(c) for c in cards)


YanivGame.STATE = YanivState
