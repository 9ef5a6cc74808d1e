"""Thunee: the game and the state of a whole match (RULES.md section B).

Seats are numbered in the order of play, which is anticlockwise at the table (T5): seat s+1 is on seat s's
right. Teams alternate seats: team = seat % 2 (4 players: {0,2} v {1,3}; 6 players: {0,2,4} v {1,3,5};
2 players: one seat each).

A hand runs through these phases (the deal itself is chance inside the state):

  weak     T9: every seat (dealer's right first) may demand a redeal of a weak hand, or pass
  trip     T32 (6 players): the dealer may declare Trip
  calling  T11: the call protocol
  trump    T12: the trumper lays a trump card face down
  blind    B4 (blind_thunee): Blind Thunee / Blind Royals before the last cards are dealt
  special  T16/T33: Thunee (Royals, Mooney) may be called, trumper first
  play     T19-T21, with Double (T26) and Kanak (T27) on the last trick
  jodi     T23: after a won trick, the winning team's members may declare Jodi, the winner first

Windows ask every seat that may act, whatever it holds, so who is asked never reveals a hand.
"""
from __future__ import annotations

import copy

from ..core.errors import IllegalAction, RulesError
from ..core.game import Game, State, copy_json
from ..core.rng import Rng
from .actions import (BLIND_ROYALS, BLIND_THUNEE, CALL, CARD_POINTS, DOUBLE, JODI, KANAK, KING, MOONEY, PASS, PLAY,
                      QUEEN, REDEAL, ROYALS, SUIT_CHARS, SUIT_MASK, TABLE, THUNEE, J, ThuneeAction, card_text,
                      cards_of, mask_of, meld_value, parse_thunee_card, points_of)
from .rules import ThuneeRules

WEAK, TRIP_PHASE, CALLING, TRUMP_PHASE, BLIND, SPECIAL, JODI_PHASE, PLAYING, OVER = range(9)
PHASE_NAMES = ("weak", "trip", "calling", "trump", "blind", "special", "jodi", "play", "over")

NO_SPECIAL, S_THUNEE, S_ROYALS, S_BLIND_THUNEE, S_BLIND_ROYALS, S_TRIP, S_MOONEY = range(7)
SPECIAL_NAMES = (None, "thunee", "royals", "blind thunee", "blind royals", "trip", "mooney")
SOLO = (S_THUNEE, S_ROYALS, S_BLIND_THUNEE, S_BLIND_ROYALS, S_MOONEY)  # must win every trick; play stops at a loss
NO_FINAL, F_DOUBLE, F_KANAK = range(3)
FINAL_NAMES = (None, "double", "kanak")

NORMAL_STRENGTH = (0, 1, 2, 3, 4, 5)      # T2: J 9 A 10 K Q (lower is stronger)
ROYALS_STRENGTH = (5, 4, 3, 2, 1, 0)      # B4: Q K 10 A 9 J
TRIP_STRENGTH = (1, 0, 0, 0, 2, 3)        # T32: {9 A 10} > J > K > Q; equal cards: the earliest wins
WEAK_LIMIT = 10                           # T9
SPECIAL_ACTIONS = {THUNEE: S_THUNEE, ROYALS: S_ROYALS, BLIND_THUNEE: S_BLIND_THUNEE, BLIND_ROYALS: S_BLIND_ROYALS,
                   MOONEY: S_MOONEY}


class ThuneeGame(Game):
    """Thunee for 4 players (2 v 2), 6 players (3 v 3, T31-T33) or 2 players (T34).

    ``gamenight.make("thunee", players=4, rules="seed002", balls_to_win=13)``."""

    name = "thunee"
    title = "Thunee"
    RULES = ThuneeRules
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 6, 4

    def _check_table(self) -> None:
        n = self.num_players
        if n not in (2, 4, 6):
            raise RulesError(f"Thunee is played by 2, 4 or 6 players (teams of equal size), not {n}")
        self.table = TABLE
        self.first_cards = 3 if n == 6 else 4          # T8, T31, T34
        self.second_cards = 1 if n == 6 else 2         # T13, T31, T34
        self.tricks_per_half = 4 if n == 6 else 6
        self.halves = 2 if n == 2 else 1
        self.tricks_per_hand = self.tricks_per_half * self.halves
        self.target_points = self.rules.two_player_target if n == 2 else self.rules.counting_target

    def _start_match(self, s: "ThuneeState", deal: dict | None = None) -> None:
        if deal is not None:
            raise ValueError("setting up a thunee deal is not built yet")
        s.dealer = s.rng.below(self.num_players)  # T7: a seeded draw stands in for the black-jack deal
        s._start_hand()

    def parse_action(self, text) -> ThuneeAction:
        return self.table.parse(text)

    @property
    def actions(self) -> list[ThuneeAction]:
        return self.table.actions

    def team(self, seat: int) -> int:
        return seat % 2

    def _state_from_dict(self, d: dict) -> "ThuneeState":
        s = ThuneeState(self)
        s.seed = d["seed"]
        s.history = [self.parse_action(t) for t in d["history"]]
        s.rng = Rng(d["rng"])
        for name in _PLAIN_FIELDS:
            setattr(s, name, copy.deepcopy(d[name]))
        s.phase = PHASE_NAMES.index(d["phase"])
        s.hands = [mask_of(parse_thunee_card(c) for c in h) for h in d["hands"]]
        s.dealt = [mask_of(parse_thunee_card(c) for c in h) for h in d["dealt"]]
        s.stock = [parse_thunee_card(c) for c in d["stock"]]
        s.trick = [tuple(x) for x in d["trick"]]
        s.prev_log = [list(x) for x in d.get("previous_log", ())]
        s.prev_open = d.get("previous_log_open", True)
        return s

    def sample_state(self, view: dict, rng) -> "ThuneeState":
        from .sampling import sample_state
        return sample_state(self, view, rng)


# plain JSON-able fields serialised as they are
_PLAIN_FIELDS = ("dealer", "balls", "hand_no", "ball_target", "current", "queue", "default_trumper", "trumper", "bid",
                 "holder", "passed", "calls", "trump", "trump_card", "trump_last", "trump_shown", "special",
                 "special_seat", "tricks_done", "leader", "trick_points", "last_trick_points", "team_tricks",
                 "tricks", "jodi", "jodi_suits", "jodi_log", "final_call", "final_seat", "voids", "last_dealt",
                 "last_hand", "winner_team", "log")


class ThuneeState(State):
    FINISHED_PHASE = OVER
    __slots__ = ("phase", "hands", "dealt", "stock", "trick", "_legal",
                 "prev_log", "prev_open", *_PLAIN_FIELDS)

    def __init__(self, game: ThuneeGame):
        super().__init__(game)
        self._legal = None
        n = game.num_players
        self.balls = [0, 0]
        self.hand_no = 0
        self.ball_target = game.rules.balls_to_win
        self.last_hand = None
        self.winner_team = -1
        self.log = []
        self.prev_log = []  # the hand before this one, as its log was kept
        self.prev_open = True  # whether a face-down trump card in it was shown to the table
        self.hands = [0] * n
        self.dealt = [0] * n
        self.stock = []
        self.trick = []

    # ---- dealing ------------------------------------------------------------------------------
    def _start_hand(self) -> None:
        """T8: shuffle, then deal the first cards one at a time from the dealer's right, dealer last."""
        g = self.game
        n = g.num_players
        deck = list(range(24))
        self.rng.shuffle(deck)
        if self.hand_no:  # the hand that just ended (its last move included) becomes the previous log
            self.prev_log = self.log  # never changed again (nor its entries), so kept as it is
            self.prev_open = self.trump_shown and self.special == NO_SPECIAL
        self.stock = deck
        self.hands = [0] * n
        self.dealt = [0] * n
        self.last_dealt = [-1] * n
        self.hand_no += 1
        self.queue = []
        self.default_trumper = (self.dealer + 1) % n   # T10 (T34: the non-dealer)
        self.trumper = self.default_trumper
        self.bid = 0
        self.holder = self.default_trumper % 2
        self.passed = 0
        self.calls = []
        self.trump = -1
        self.trump_card = -1
        self.trump_last = False
        self.trump_shown = False
        self.special = NO_SPECIAL
        self.special_seat = -1
        self.tricks_done = 0
        self.leader = -1
        self.trick = []
        self.trick_points = [0, 0]
        self.last_trick_points = 0
        self.team_tricks = [0, 0]
        self.tricks = []
        self.jodi = [0, 0]
        self.jodi_suits = 0
        self.jodi_log = []
        self.final_call = NO_FINAL
        self.final_seat = -1
        self.voids = [0] * n
        self.log = []
        self._deal_rounds(g.first_cards)
        self._open_weak()

    def _deal_rounds(self, rounds: int) -> None:
        n = self.game.num_players
        hands, dealt, stock, last = self.hands, self.dealt, self.stock, self.last_dealt
        order = [(self.dealer + i) % n for i in range(1, n + 1)]
        for _ in range(rounds):
            for seat in order:
                card = stock.pop()
                hands[seat] |= 1 << card
                dealt[seat] |= 1 << card
                last[seat] = card

    def _open_weak(self) -> None:
        mode = self.game.rules.weak_hand_redeal
        n = self.game.num_players
        if mode == "off":
            return self._after_weak()
        if mode == "trumper_only":
            self.queue = [self.default_trumper]
        else:
            self.queue = [(self.dealer + i) % n for i in range(1, n + 1)]
        self.phase = WEAK
        self.current = self.queue[0]

    def _after_weak(self) -> None:
        if self.game.num_players == 6:
            self.phase = TRIP_PHASE
            self.queue = [self.dealer]
            self.current = self.dealer
            return
        self._open_calling()

    def _open_calling(self) -> None:
        self.phase = CALLING
        nxt = self._next_caller(self.default_trumper)
        if nxt is None:
            return self._open_trump()
        self.current = nxt

    def _next_caller(self, after: int) -> int | None:
        """T11: the next seat anticlockwise that has not passed and is not on the team holding the call."""
        n = self.game.num_players
        for i in range(1, n + 1):
            s = (after + i) % n
            if not (self.passed >> s) & 1 and s % 2 != self.holder:
                return s
        return None

    def _open_trump(self) -> None:
        self.phase = TRUMP_PHASE
        self.current = self.trumper

    def _open_blind(self) -> None:
        if self.game.rules.blind_thunee:
            n = self.game.num_players
            self.queue = [(self.trumper + i) % n for i in range(n)]
            self.phase = BLIND
            self.current = self.queue[0]
            return
        self._second_deal()

    def _second_deal(self) -> None:
        self._deal_rounds(self.game.second_cards)
        if self.trump_last:
            self.trump_card = self.last_dealt[self.trumper]
            self.trump = self.trump_card // 6
        if self.special != NO_SPECIAL:
            return self._begin_special_play()
        n = self.game.num_players
        self.queue = [(self.trumper + i) % n for i in range(n)]  # T16: the trumper has the first right
        self.phase = SPECIAL
        self.current = self.queue[0]

    def _begin_normal_play(self) -> None:
        g = self.game
        n = g.num_players
        if g.rules.redeal_if_no_trumps:  # T15
            counting = 1 - self.trumper % 2
            held = 0
            for s in range(counting, n, 2):
                held |= self.hands[s]
            if g.halves == 2:
                held |= _second_half_cards(self, counting)
            if not held & SUIT_MASK[self.trump]:
                return self._void_deal("the counting team holds no trump")
        self.phase = PLAYING
        self.leader = self.current = (self.trumper + 1) % n  # T19

    def _begin_special_play(self) -> None:
        self.trump_card = -1
        self.trump_last = False
        self.trump_shown = False
        if self.special == S_MOONEY:
            self.trump = (self.hands[self.special_seat].bit_length() - 1) // 6  # T33: the declarer's suit
            self.trump_shown = True
        else:
            self.trump = -1  # T17: fixed by the first lead (or no trump at all)
        self.phase = PLAYING
        self.leader = self.current = self.special_seat

    def _void_deal(self, why: str) -> None:
        self.last_hand = {"hand": self.hand_no, "result": "void", "why": why, "dealer": self.dealer,
                          "balls": [0, 0], "totals": list(self.balls)}
        self._start_hand()  # T15/T29: nobody scores, the same dealer deals again

    # ---- the contract ---------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Each seat's team balls."""
        return [self.balls[s % 2] for s in range(self.game.num_players)]

    @property
    def winners(self) -> list[int]:
        if self.winner_team < 0:
            return []
        return list(range(self.winner_team, self.game.num_players, 2))

    @property
    def hands_played(self) -> int:
        return self.hand_no

    def returns(self) -> list[float]:
        """Partnerships win together: 1.0 for every seat of the winning team, 0.0 for the others."""
        n = self.game.num_players
        if self.winner_team < 0:
            return [0.0] * n
        return [1.0 if s % 2 == self.winner_team else 0.0 for s in range(n)]

    def legal_actions(self) -> list[ThuneeAction]:
        """A new list each call: the computed one is kept for this position and may be a table's shared
        list (``ActionTable.plays``, ``jodi_by_max``), so the caller gets a copy it may change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _legal_now(self) -> list[ThuneeAction]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[ThuneeAction]:
        phase = self.phase
        t = TABLE
        seat = self.current
        rules = self.game.rules
        if phase == PLAYING:
            return self._legal_plays(seat)
        if phase == JODI_PHASE:
            return [t.pass_] + self._jodi_options(seat)
        if phase == WEAK:
            return [t.pass_, t.redeal] if points_of(self.hands[seat]) <= WEAK_LIMIT else [t.pass_]
        if phase == CALLING:
            bid = self.bid
            amount = 10 if bid == 0 else (104 if bid == 100 else bid + 10)
            return [t.pass_, t.call[amount]]
        if phase == TRUMP_PHASE:
            out = [t.trump[c] for c in cards_of(self.hands[seat])]
            if rules.last_card_trump:
                out.append(t.trump_last)
            return out
        if phase == SPECIAL:
            hand = self.hands[seat]
            out = [t.pass_]
            one_suit = any(hand & ~m == 0 for m in SUIT_MASK)
            if not (rules.no_thunee_with_six_of_a_suit and one_suit):
                out.append(t.thunee)
                if rules.royals:
                    out.append(t.royals)
            if self.game.num_players == 6 and one_suit and hand & (1 << ((hand.bit_length() - 1) // 6 * 6 + J)):
                out.append(t.mooney)
            return out
        if phase == BLIND:
            return [t.pass_, t.blind_thunee, t.blind_royals] if rules.royals else [t.pass_, t.blind_thunee]
        if phase == TRIP_PHASE:
            return [t.pass_, t.trip]
        return []

    def _legal_plays(self, seat: int) -> list[ThuneeAction]:
        hand = self.hands[seat]
        t = TABLE
        trick = self.trick
        g = self.game
        if trick:
            led = trick[0][1] // 6
            follow = hand & SUIT_MASK[led]
            if follow:
                allowed = follow
            else:
                allowed = hand
                trump = self.trump
                if g.rules.undercut_restriction and trump >= 0 and hand & ~SUIT_MASK[trump]:
                    # T20 variant: no trump lower than one already in the trick, in the order that ranks
                    # the trick (B4: under Royals Q > K > 10 > A > 9 > J, so Jh is the lowest trump)
                    strength = ROYALS_STRENGTH if self.special in (S_ROYALS, S_BLIND_ROYALS) else NORMAL_STRENGTH
                    best = 6
                    for _, c in trick:
                        if c // 6 == trump and strength[c % 6] < best:
                            best = strength[c % 6]
                    if best < 6:
                        weaker = sum(1 << (trump * 6 + r) for r in range(6) if strength[r] > best)
                        allowed = hand & ~weaker
        else:
            allowed = hand
        plays = t.plays(allowed)
        if self.tricks_done == g.tricks_per_hand - 1 and g.halves == 1 and self.special == NO_SPECIAL \
                and self.final_call == NO_FINAL:
            team = seat % 2
            extra = []
            rules = g.rules
            if not trick and self.team_tricks[team] == self.tricks_done and not (
                    rules.no_double_at_target_minus_1 and self.balls[team] == self.ball_target - 1):
                extra += [t.double[a.card] for a in plays]  # T26
            if not rules.kanak_requires_jodi or self.jodi[team] > 0:
                extra += [t.kanak[a.card] for a in plays]  # T27
            if extra:
                return plays + extra
        return plays

    def _jodi_options(self, seat: int) -> list[ThuneeAction]:
        source = self.hands[seat] if self.game.rules.jodi_cards == "in_hand" else self.dealt[seat]
        maxes = []
        for suit in range(4):
            base = suit * 6
            if (self.jodi_suits >> suit) & 1 or not (source >> (base + KING)) & 1 or not (source >> (base + QUEEN)) & 1:
                maxes.append(0)
            else:
                maxes.append(2 if (source >> (base + J)) & 1 else 1)
        return TABLE.jodi_by_max[tuple(maxes)]

    def _why_illegal(self, action) -> str:
        phase = self.phase
        kind = action.kind
        if phase == PLAYING and kind in (PLAY, DOUBLE, KANAK):
            if not (self.hands[self.current] >> action.card) & 1:
                return f"; you do not hold {card_text(action.card)}"
            if self.trick and self.hands[self.current] & SUIT_MASK[self.trick[0][1] // 6]:
                led = SUIT_CHARS[self.trick[0][1] // 6]
                return f"; you hold a card of the suit led ({led}), so you must follow suit"
            if kind == PLAY and self.trick and action.card // 6 == self.trump:
                return "; you may not play a trump lower than one already in the trick while you hold another suit"
            if kind == DOUBLE:
                return "; Double is called only by the leader of the last trick whose team won every other trick"
            if kind == KANAK:
                return "; Kanak is called only on the last trick, once per hand, and not under Thunee"
            return ""
        if kind == CALL and phase == CALLING:
            return f"; calls go up by exactly one step: the next call is {self._compute_legal()[1]}"
        if kind == JODI:
            return ("; Jodi is declared just after a trick your team won, when the rules allow it, with K+Q (or J+K+Q) "
                    "of a suit not yet declared this hand")
        return f" (the {PHASE_NAMES[phase]} phase)"

    # ---- applying ---------------------------------------------------------------------------------
    def _apply(self, action: ThuneeAction) -> None:
        self._legal = None
        seat = self.current
        self.log.append([seat, action.text])
        kind = action.kind
        phase = self.phase
        if phase == PLAYING:
            return self._play(seat, action)
        if phase == JODI_PHASE:
            if kind == JODI:
                team = seat % 2
                value = meld_value(action.melds, self.trump)
                self.jodi[team] += value
                self.jodi_suits |= sum(1 << s for s, m in enumerate(action.melds) if m)
                self.jodi_log.append([seat, [card_text(c) for c in cards_of(action.mask)], value])
            return self._next_in_queue(self._close_jodi)
        if phase == WEAK:
            if kind == REDEAL:
                self.last_hand = {"hand": self.hand_no, "result": "redeal", "seat": seat,
                                  "shown": [card_text(c) for c in cards_of(self.hands[seat])],
                                  "why": f"seat {seat} showed a weak hand (10 points or less)",
                                  "dealer": self.dealer, "balls": [0, 0], "totals": list(self.balls)}
                return self._start_hand()
            return self._next_in_queue(self._after_weak)
        if phase == CALLING:
            if kind == CALL:
                self.bid = action.amount
                self.holder = seat % 2
                self.trumper = seat
                self.calls.append([seat, action.amount])
                if action.amount == 104:
                    return self._open_trump()
            else:
                self.passed |= 1 << seat
                self.calls.append([seat, 0])
            nxt = self._next_caller(seat)
            if nxt is None:
                return self._open_trump()
            self.current = nxt
            return
        if phase == TRUMP_PHASE:
            if action.card >= 0:
                self.trump_card = action.card
                self.trump = action.card // 6
            else:
                self.trump_last = True
            return self._open_blind()
        if phase == SPECIAL:
            if kind != PASS:
                self.special = SPECIAL_ACTIONS[kind]
                self.special_seat = seat
                self.queue = []
                return self._begin_special_play()
            return self._next_in_queue(self._begin_normal_play)
        if phase == BLIND:
            if kind != PASS:
                self.special = SPECIAL_ACTIONS[kind]
                self.special_seat = seat
                self.queue = []
                return self._second_deal()
            return self._next_in_queue(self._second_deal)
        if phase == TRIP_PHASE:
            if kind == PASS:
                return self._open_calling()
            self.special = S_TRIP
            self.special_seat = seat
            self._deal_rounds(self.game.second_cards)
            self.trump = -1
            self.phase = PLAYING
            self.leader = self.current = seat
            return
        raise AssertionError("no action is legal when the match is over")

    def _next_in_queue(self, then) -> None:
        queue = self.queue
        queue.pop(0)
        if queue:
            self.current = queue[0]
            return
        then()

    def _play(self, seat: int, action: ThuneeAction) -> None:
        card = action.card
        g = self.game
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        if action.kind != PLAY:
            self.final_call = F_DOUBLE if action.kind == DOUBLE else F_KANAK
            self.final_seat = seat
            if action.kind == KANAK and g.rules.kanak_raises_target_13:
                self.ball_target = max(self.ball_target, 13)
        if trick:
            led = trick[0][1] // 6
            if card // 6 != led:
                self.voids[seat] |= 1 << led
        elif self.tricks_done == 0:
            if self.special == NO_SPECIAL:
                self.trump_shown = True  # T19: shown right after the first card
            elif self.special != S_TRIP and self.special != S_MOONEY and g.rules.thunee_trump == "first_lead":
                self.trump = card // 6  # T17: the caller's first lead is trump
                self.trump_shown = True
                if g.rules.redeal_if_no_trumps:  # T15 under Thunee: against the caller's opponents
                    held = 0
                    for s in range(1 - seat % 2, g.num_players, 2):
                        held |= self.hands[s]
                    if not held & SUIT_MASK[self.trump]:
                        return self._void_deal("the Thunee caller's opponents hold no trump")
        trick.append((seat, card))
        n = g.num_players
        if len(trick) < n:
            self.current = (seat + 1) % n
            return
        winner = self._trick_winner()
        points = sum(CARD_POINTS[c] for _, c in trick)
        team = winner % 2
        self.trick_points[team] += points
        self.last_trick_points = points
        self.team_tricks[team] += 1
        self.tricks.append([self.leader, [card_text(c) for _, c in trick], winner])
        self.trick = []
        self.tricks_done += 1
        done = self.tricks_done
        special = self.special
        if special in SOLO and winner != self.special_seat:
            return self._end_hand(winner)  # T18/T33: play stops at the first trick the declarer loses
        if special in SOLO and done == g.tricks_per_half:
            return self._end_hand(winner)  # T34: Thunee covers the first six tricks only
        if done == g.tricks_per_hand:
            return self._end_hand(winner)
        self.leader = self.current = winner
        if done == g.tricks_per_half:  # T34: the second half is dealt; trump and call carry over
            self._deal_rounds(6)
            self.voids = [0] * n
            self.dealt = list(self.hands)
            return
        if special == NO_SPECIAL and self._jodi_time(winner, done):
            self.queue = [s for s in ((winner + i) % n for i in range(n)) if s % 2 == team]
            self.phase = JODI_PHASE
            self.current = self.queue[0]

    def _jodi_time(self, winner: int, done: int) -> bool:
        """T23: may the winning team declare now (``done`` tricks played this hand)?"""
        if done % self.game.tricks_per_half == 0:
            return False  # the hands are empty
        timing = self.game.rules.jodi_timing
        if timing == "hand_trick_1_or_3":
            return done % self.game.tricks_per_half in (1, 3)
        if timing == "team_won_1st_or_3rd":
            return self.team_tricks[winner % 2] in (1, 3)
        return True

    def _close_jodi(self) -> None:
        self.phase = PLAYING
        self.current = self.leader

    def _trick_winner(self) -> int:
        """T21 (T32 in Trip's first three tricks, B4 under Royals)."""
        trick = self.trick
        special = self.special
        if special in (S_ROYALS, S_BLIND_ROYALS):
            strength = ROYALS_STRENGTH
        elif special == S_TRIP and self.tricks_done < 3:
            strength = TRIP_STRENGTH
        else:
            strength = NORMAL_STRENGTH
        trump = self.trump
        best_seat, best = trick[0]
        best_suit = best // 6
        best_strength = strength[best % 6]
        for seat, c in trick[1:]:
            suit = c // 6
            if suit == best_suit:
                if strength[c % 6] < best_strength:
                    best_seat, best_strength = seat, strength[c % 6]
            elif suit == trump:
                best_seat, best_suit, best_strength = seat, suit, strength[c % 6]
        return best_seat

    # ---- the end of a hand (T18, T25-T30, T32-T33) -----------------------------------------------------
    def _end_hand(self, last_winner: int) -> None:
        g = self.game
        rules = g.rules
        special = self.special
        balls = [0, 0]
        summary = {"hand": self.hand_no, "dealer": self.dealer, "trumper": self.trumper, "bid": self.bid,
                   "trump": SUIT_CHARS[self.trump] if self.trump >= 0 else None,
                   "special": SPECIAL_NAMES[special], "special_seat": self.special_seat,
                   "final_call": FINAL_NAMES[self.final_call], "final_seat": self.final_seat,
                   "card_points": list(self.trick_points), "jodi": list(self.jodi),
                   "tricks": list(self.team_tricks), "last_trick_winner": last_winner}
        if special != NO_SPECIAL:
            caller = self.special_seat
            team = caller % 2
            if special == S_TRIP:  # T32
                ok = last_winner == caller
                balls[team if ok else 1 - team] = 3 if ok else 6
                line = f"Trip by seat {caller}: {'won' if ok else 'lost'} the last trick"
            else:
                ok = last_winner == caller
                if special == S_MOONEY:  # T33
                    success, partner, opponent = 4, 4, 8
                elif special in (S_BLIND_THUNEE, S_BLIND_ROYALS):  # B4 (failure values UNVERIFIED)
                    success, partner, opponent = 8, 8, 8
                else:  # T18
                    success, partner, opponent = 4, rules.thunee_partner_catch_balls, 4
                if ok:
                    balls[team] = success
                    line = f"{SPECIAL_NAMES[special].title()} by seat {caller}: every trick won"
                elif last_winner % 2 == team:
                    balls[1 - team] = partner
                    line = (f"{SPECIAL_NAMES[special].title()} by seat {caller}: caught by the partner, "
                            f"seat {last_winner}")
                else:
                    balls[1 - team] = opponent
                    line = f"{SPECIAL_NAMES[special].title()} by seat {caller}: caught by seat {last_winner}"
            summary["success"] = ok
        elif self.final_call == F_KANAK:  # T27
            caller = self.final_seat
            team, opp = caller % 2, 1 - caller % 2
            counting = 1 - self.trumper % 2
            opp_points = self.trick_points[opp] - (self.last_trick_points if last_winner % 2 == opp else 0)
            if rules.kanak_simple:
                value = opp_points - self.jodi[team] - 10
                ok = last_winner % 2 == team and value < 0
            else:
                adj = 0 if not rules.kanak_bid_adjust else (self.bid if opp == counting else -self.bid)
                value = opp_points + self.jodi[opp] - self.jodi[team] - 10 + adj
                ok = last_winner == caller and self.team_tricks[opp] > 0 and value < 0
            if ok:
                balls[team] = 6 if rules.kanak_backward_6 and team == counting else 3
            else:
                balls[opp] = 4
            summary.update(success=ok, kanak_value=value)
            line = f"Kanak by seat {caller}: K = {value}, {'success' if ok else 'failed'}"
        elif self.final_call == F_DOUBLE:  # T26
            caller = self.final_seat
            team = caller % 2
            ok = last_winner == caller if rules.double_success_requires == "caller" else last_winner % 2 == team
            balls[team if ok else 1 - team] = 2 if ok else 4
            summary["success"] = ok
            line = f"Double by seat {caller}: {'won' if ok else 'lost'} the last trick"
        else:  # T25
            counting = 1 - self.trumper % 2
            won_last = last_winner % 2 == counting
            if rules.last_trick == "transfer":
                adj = 10 if won_last else -10
            else:
                adj = 10 if won_last else 0
            total = self.trick_points[counting] + adj + self.bid + self.jodi[counting] - self.jodi[1 - counting]
            if total >= g.target_points:
                balls[counting] = 2 if self.bid > 0 else 1
            else:
                balls[1 - counting] = 1
            summary.update(counting_team=counting, last_trick_adjust=adj, counting_total=total,
                           target=g.target_points)
            line = (f"counting {self.trick_points[counting]} {'+' if adj >= 0 else '-'} {abs(adj)} (last trick) + "
                    f"{self.bid} (call) + {self.jodi[counting]} - {self.jodi[1 - counting]} (Jodi) = {total} "
                    f"{'>=' if total >= g.target_points else '<'} {g.target_points}")
        self.balls[0] += balls[0]
        self.balls[1] += balls[1]
        summary.update(result="scored", balls=balls, totals=list(self.balls), line=line)
        self.last_hand = summary
        # T30: the match ends
        for team in (0, 1):
            if self.balls[team] >= self.ball_target and (
                    not rules.win_by_two or self.balls[team] - self.balls[1 - team] >= 2):
                self.winner_team = team
                self.phase = OVER
                self.queue = []
                return
        # T29: the next dealer
        n = g.num_players
        d = self.dealer
        if rules.dealer_rotation == "always" or self.balls[d % 2] >= self.balls[1 - d % 2]:
            self.dealer = (d + 1) % n
        self._start_hand()

    # ---- views ------------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator): its own cards and everything the table saw."""
        g = self.game
        n = g.num_players
        knows_trump = self.trump_shown or (seat is not None and seat == self.trumper and self.special == NO_SPECIAL)
        trump_card = None
        if self.special == NO_SPECIAL and self.trump_card >= 0 and knows_trump:
            trump_card = card_text(self.trump_card)
        log = []
        for s, text in self.log:
            if text.startswith("trump ") and s != seat and not (self.trump_shown and self.special == NO_SPECIAL):
                text = "trump ?"
            log.append([s, text])
        if self.prev_open:
            previous = [[s, text] for s, text in self.prev_log]
        else:  # the face-down trump card of the hand before stays hidden from the others
            previous = [[s, "trump ?" if s != seat and text.startswith("trump ") else text]
                        for s, text in self.prev_log]
        return {
            "game": "thunee", "seat": seat, "players": n, "rules": g.rules_copy(),
            "hand_no": self.hand_no, "dealer": self.dealer, "current_player": self.current_player,
            "phase": PHASE_NAMES[self.phase], "queue": list(self.queue) if self.phase != OVER else [],
            "hand": [card_text(c) for c in cards_of(self.hands[seat])] if seat is not None else None,
            "hand_sizes": [bin(h).count("1") for h in self.hands], "stock_size": len(self.stock),
            "balls": list(self.balls), "ball_target": self.ball_target,
            "default_trumper": self.default_trumper, "trumper": self.trumper, "bid": self.bid,
            "holder": self.holder, "passed": [s for s in range(n) if (self.passed >> s) & 1],
            "calls": [list(c) for c in self.calls],
            "trump": SUIT_CHARS[self.trump] if self.trump >= 0 and knows_trump else None,
            "trump_card": trump_card, "trump_shown": self.trump_shown,
            "trump_declared": self.phase > TRUMP_PHASE or self.special != NO_SPECIAL,
            "trump_last": self.trump_last,
            "special": SPECIAL_NAMES[self.special], "special_seat": self.special_seat,
            "tricks_done": self.tricks_done, "leader": self.leader,
            "trick": [[s, card_text(c)] for s, c in self.trick],
            "tricks": [[leader, list(cards), winner] for leader, cards, winner in self.tricks],
            "card_points": list(self.trick_points), "team_tricks": list(self.team_tricks),
            "jodi": list(self.jodi), "jodi_declared": [[p, list(c), v] for p, c, v in self.jodi_log],
            "final_call": FINAL_NAMES[self.final_call], "final_seat": self.final_seat,
            "voids": ["".join(SUIT_CHARS[s] for s in range(4) if (v >> s) & 1) for v in self.voids],
            "log": log, "previous_log": previous, "last_hand": copy_json(self.last_hand),
            "is_over": self.phase == OVER, "winners": self.winners,
        }

    # ---- copies -----------------------------------------------------------------------------------------
    def _copy_into(self, s: "ThuneeState") -> None:
        s._legal = None
        s.phase = self.phase
        s.hands, s.dealt, s.stock, s.trick = list(self.hands), list(self.dealt), list(self.stock), list(self.trick)
        for name in ("dealer", "hand_no", "ball_target", "current", "default_trumper", "trumper", "bid", "holder",
                     "passed", "trump", "trump_card", "trump_last", "trump_shown", "special", "special_seat",
                     "tricks_done", "leader", "last_trick_points", "jodi_suits", "final_call", "final_seat",
                     "last_hand", "winner_team", "prev_log", "prev_open"):
            setattr(s, name, getattr(self, name))  # ints, bools, and last_hand and prev_log, never mutated
        for name in ("balls", "queue", "calls", "trick_points", "team_tricks", "tricks", "jodi", "jodi_log", "voids",
                     "last_dealt", "log"):
            setattr(s, name, list(getattr(self, name)))  # nested items are never mutated in place

    def _to_dict(self) -> dict:
        d = {name: getattr(self, name) for name in _PLAIN_FIELDS}
        d.update(rng=self.rng.state, phase=PHASE_NAMES[self.phase],
                 hands=[[card_text(c) for c in cards_of(h)] for h in self.hands],
                 dealt=[[card_text(c) for c in cards_of(h)] for h in self.dealt],
                 stock=[card_text(c) for c in self.stock], trick=[list(x) for x in self.trick],
                 previous_log=self.prev_log, previous_log_open=self.prev_open)
        return d


def _second_half_cards(state: ThuneeState, team: int) -> int:
    """T34: the cards the stock will give ``team`` (one seat in 2-player) in the second half."""
    n = state.game.num_players
    order = [(state.dealer + i) % n for i in range(1, n + 1)]
    stock = list(state.stock)
    mask = 0
    for _ in range(6):
        for seat in order:
            card = stock.pop()
            if seat % 2 == team:
                mask |= 1 << card
    return mask


ThuneeGame.STATE = ThuneeState
