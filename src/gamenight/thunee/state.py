"""Thunee: the game and the state of a whole match (docs/games/thunee.md; rule numbers T1-T34, B2, B4).

Seats are numbered in the order of play, which is anticlockwise at the table (T5): seat s+1 is on seat s's
right. Teams alternate seats: team = seat % 2 (4 players: {0,2} v {1,3}; 6 players: {0,2,4} v {1,3,5};
2 players: one seat each).

A hand runs through the phases of :class:`~gamenight.thunee.phases.Phase`; ``_apply`` hands each action to the
handler of the phase it is played in (``_on_weak`` … ``_on_play``), and ``legal_actions`` likewise asks the
phase's ``_legal_*``. Windows ask every seat that may act, whatever it holds, so who is asked never reveals a
hand. The end of a hand is scored by :mod:`gamenight.thunee.scoring`; views are built by
:mod:`gamenight.thunee.views`; a first hand set up by hand (``game.new(deal=...)``) is read by
:mod:`gamenight.thunee.deal`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Self

from ..core.bits import cards_of, mask_of
from ..core.coach import Coach
from ..core.encoding import Encoding
from ..core.errors import RulesError
from ..core.game import Action, Game, State, copy_json
from ..core.guide import GuideWriter
from ..core.rng import Rng
from ..core.text import N_, Text
from .actions import (
    CARD_POINTS,
    KING,
    QUEEN,
    SUIT_CHARS,
    SUIT_MASK,
    TABLE,
    WEAK_LIMIT,
    J,
    Kind,
    ThuneeAction,
    card_text,
    meld_value,
    parse_thunee_card,
    points_of,
)
from .deal import dealt_stock, read_balls, read_deal
from .described import ThuneeMove
from .described import describe as describe_action
from .phases import PHASE_NAMES, ROYALS_CALLS, SOLO, FinalCall, Phase, Special, phases_of_log
from .rules import ThuneeRules
from .scoring import (
    SHEET_MARKS,
    counting_team,
    hand_marks,
    last_trick_adjust,
    match_winner,
    next_dealer,
    score_hand,
    seat_text,
)
from .tricks import NORMAL_STRENGTH, ROYALS_STRENGTH, strength_for, trick_winner
from .views import ThuneeView, build_view

# module-level aliases of the enum members the hot paths compare against
PASS, CALL, JODI, PLAY, DOUBLE, KANAK = Kind.PASS, Kind.CALL, Kind.JODI, Kind.PLAY, Kind.DOUBLE, Kind.KANAK
WEAK, TRIP_PHASE, CALLING, TRUMP_PHASE, BLIND, SPECIAL, JODI_PHASE, PLAYING, OVER = Phase
NO_SPECIAL, S_THUNEE, S_ROYALS, S_BLIND_THUNEE, S_BLIND_ROYALS, S_TRIP, S_MOONEY = Special
NO_FINAL, F_DOUBLE, F_KANAK = FinalCall

# what a hand's phase is for: why an action of another phase is not legal in it
PHASE_PURPOSES = {
    WEAK: Text("first each player may ask for a redeal of a weak hand, or pass"),
    TRIP_PHASE: Text("first the dealer may declare Trip, or pass"),
    CALLING: Text("this is the time to call or pass"),
    TRUMP_PHASE: Text("first the trumper lays a trump card face down"),
    BLIND: Text("this is the time to call Blind Thunee (or Blind Royals), before the last cards are dealt, or pass"),
    SPECIAL: Text("this is the time to call Thunee (or Royals), or pass"),
    JODI_PHASE: Text("this is the time for the team that won the trick to declare Jodi, or pass"),
    PLAYING: Text("this is the time to play a card to the trick"),
}
SPECIAL_ACTIONS = {Kind.THUNEE: S_THUNEE, Kind.ROYALS: S_ROYALS, Kind.BLIND_THUNEE: S_BLIND_THUNEE,
                   Kind.BLIND_ROYALS: S_BLIND_ROYALS, Kind.MOONEY: S_MOONEY}


class ThuneeGame(Game[ThuneeRules, "ThuneeState"]):
    """Thunee for 4 players (2 v 2), 6 players (3 v 3, T31-T33) or 2 players (T34).

    ``gamenight.make("thunee", players=4, rules="standard", balls_to_win=13)``."""

    name = "thunee"
    title = N_("Thunee")
    RULES = ThuneeRules
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 6, 4
    MAX_GAME_LENGTH = 1_750   # tests/thunee/test_thunee_bounds.py measures and checks it
    RENDERER = "gamenight.cli.render.thunee"

    def _check_table(self) -> None:
        n = self.num_players
        if n not in (2, 4, 6):
            raise RulesError(Text("Thunee is played by 2, 4 or 6 players (teams of equal size), not {players}",
                                  players=n))
        self.table = TABLE
        self.first_cards = 3 if n == 6 else 4          # T8, T31, T34
        self.second_cards = 1 if n == 6 else 2         # T13, T31, T34
        self.tricks_per_half = 4 if n == 6 else 6
        self.halves = 2 if n == 2 else 1
        self.tricks_per_hand = self.tricks_per_half * self.halves
        self.target_points = self.rules.two_player_target if n == 2 else self.rules.counting_target
        self.teams = [list(range(team, n, 2)) for team in (0, 1)]
        # T5, T8: each dealer's deal order, from his right (the next seat in play) round to himself
        self.deal_orders = [tuple((dealer + i) % n for i in range(1, n + 1)) for dealer in range(n)]
        self.last_trick_adjusts = (last_trick_adjust(self.rules, True), last_trick_adjust(self.rules, False))

    def parse_action(self, text: str) -> ThuneeAction:
        return self.table.parse(text)

    def describe(self, action: Action | str) -> ThuneeMove:
        return describe_action(action if isinstance(action, ThuneeAction) else self.parse_action(str(action)))

    @property
    def actions(self) -> list[ThuneeAction]:
        return self.table.actions

    def team(self, seat: int) -> int:
        return seat % 2

    def _state_from_dict(self, d: dict[str, Any]) -> ThuneeState:
        s = ThuneeState(self)
        s.seed = d["seed"]
        s.history = [self.parse_action(t) for t in d["history"]]
        s.rng = Rng(d["rng"])
        for name in _PLAIN_FIELDS:
            setattr(s, name, copy_json(d[name]))
        s.special, s.final_call = Special(s.special), FinalCall(s.final_call)
        s.phase = Phase(PHASE_NAMES.index(d["phase"]))
        s.hands = [mask_of(parse_thunee_card(c) for c in h) for h in d["hands"]]
        s.dealt = [mask_of(parse_thunee_card(c) for c in h) for h in d["dealt"]]
        s.stock = [parse_thunee_card(c) for c in d["stock"]]
        s.trick = [(x[0], x[1]) for x in d["trick"]]
        s.prev_log = [list(x) for x in d.get("previous_log", ())]
        s.prev_open = d.get("previous_log_open", True)
        s.log_phases = [PHASE_NAMES[p] for p in phases_of_log(s.log, self.rules, self.num_players)]
        return s

    def sample_state(self, view: Any, rng: Any) -> ThuneeState:
        from .sampling import sample_state
        return sample_state(self, view, rng)

    def score_scale(self) -> float:
        """The balls that win a match."""
        return float(self.rules.balls_to_win)

    @property
    def utility_sum(self) -> float:
        """Partnerships win together (``ThuneeState.returns``): every seat of the winning team gets 1.0, so every
        finished match's returns add up to the team's size."""
        return float(self.num_players // 2)

    def encoding(self) -> Encoding[ThuneeState]:
        """The observation encoding (encoding.py)."""
        from . import encoding
        return encoding

    def _coach_class(self) -> type[Coach[Any]]:
        """The coach's facts and coached hands (coach.py)."""
        from .coach import ThuneeCoach
        return ThuneeCoach

    def _guide_writer(self) -> GuideWriter[Self]:
        """The guide and rules summary (guide.py): the examples are played by the engine."""
        from . import guide
        return guide



# plain JSON-able fields serialised as they are (``to_json``'s format: keep it, old texts must still load)
_PLAIN_FIELDS = ("dealer", "balls", "hand_no", "ball_target", "current", "queue", "default_trumper", "trumper", "bid",
                 "holder", "passed", "calls", "trump", "trump_card", "trump_last", "trump_shown", "special",
                 "special_seat", "tricks_done", "leader", "trick_points", "last_trick_points", "team_tricks",
                 "tricks", "jodi", "jodi_suits", "jodi_log", "final_call", "final_seat", "voids", "last_dealt",
                 "last_hand", "winner_team", "log")


class ThuneeState(State[ThuneeGame, ThuneeAction]):
    FINISHED_PHASE = OVER
    SHEET_UNIT = "balls"
    SHEET_MARKS = SHEET_MARKS
    __slots__ = ("phase", "hands", "dealt", "stock", "trick", "log_phases",
                 "prev_log", "prev_open", *_PLAIN_FIELDS)
    phase: Phase
    hands: list[int]            # each seat's cards, as a 24-bit mask
    dealt: list[int]            # the cards dealt to each seat this hand (this half, 2 players)
    stock: list[int]            # the cards still to deal; the next one is the last
    trick: list[tuple[int, int]]
    log_phases: list[str]       # the phase each move of ``log`` was made in (its name)
    special: Special
    final_call: FinalCall
    dealer: int
    balls: list[int]
    hand_no: int
    ball_target: int
    current: int
    queue: list[int]
    default_trumper: int
    trumper: int
    bid: int
    holder: int
    passed: int
    calls: list[list[int]]
    trump: int
    trump_card: int
    trump_last: bool
    trump_shown: bool
    special_seat: int
    tricks_done: int
    leader: int
    trick_points: list[int]
    last_trick_points: int
    team_tricks: list[int]
    tricks: list[list[Any]]
    jodi: list[int]
    jodi_suits: int
    jodi_log: list[list[Any]]
    final_seat: int
    voids: list[int]
    last_dealt: list[int]
    last_hand: dict[str, Any] | None
    winner_team: int
    log: list[list[Any]]
    prev_log: list[list[Any]]
    prev_open: bool

    def __init__(self, game: ThuneeGame):
        super().__init__(game)
        n = game.num_players
        self.balls = [0, 0]
        self.hand_no = 0
        self.ball_target = game.rules.balls_to_win
        self.last_hand = None
        self.winner_team = -1
        self.log = []
        self.log_phases = []
        self.prev_log = []  # the hand before this one, as its log was kept
        self.prev_open = True  # whether a face-down trump card in it was shown to the table
        self.hands = [0] * n
        self.dealt = [0] * n
        self.stock = []
        self.trick = []

    # ---- dealing ------------------------------------------------------------------------------
    def _start_match(self, deal: dict[str, Any] | None) -> None:
        game = self.game
        if deal is None:
            self.dealer = self.rng.below(game.num_players)  # T7: a seeded draw stands in for the black-jack deal
            self._start_hand()
            return
        dealer, hands = read_deal(game, deal)
        self.balls = read_balls(game, deal)
        self.dealer = self.rng.below(game.num_players) if dealer is None else dealer
        self._start_hand(dealt_stock(game, self.dealer, hands, self.rng))

    def _start_hand(self, stock: list[int] | None = None) -> None:
        """T8: shuffle (or take ``stock``, a deal set up by hand), then deal the first cards one at a time from the
        dealer's right, dealer last."""
        if stock is None:
            stock = list(range(24))
            self.rng.shuffle(stock)
        if self.hand_no:  # the hand that just ended (its last move included) becomes the previous log
            self.prev_log = self.log  # never changed again (nor its entries), so kept as it is
            self.prev_open = self.trump_shown and self.special == NO_SPECIAL
        self.stock = stock
        self.hand_no += 1
        self._reset_hand()
        self._deal_rounds(self.game.first_cards)
        self._open_weak()

    def _reset_hand(self) -> None:
        n = self.game.num_players
        self.hands = [0] * n
        self.dealt = [0] * n
        self.last_dealt = [-1] * n
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
        self.log_phases = []

    def _deal_rounds(self, rounds: int) -> None:
        hands, dealt, stock, last = self.hands, self.dealt, self.stock, self.last_dealt
        order = self.game.deal_orders[self.dealer]
        for _ in range(rounds):
            for seat in order:
                card = stock.pop()
                hands[seat] |= 1 << card
                dealt[seat] |= 1 << card
                last[seat] = card

    def _open_weak(self) -> None:
        mode = self.game.rules.weak_hand_redeal
        if mode == "off":
            self._after_weak()
            return
        if mode == "trumper_only":
            self.queue = [self.default_trumper]
        else:
            self.queue = list(self.game.deal_orders[self.dealer])
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
            self._open_trump()
            return
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
            self._begin_special_play()
            return
        n = self.game.num_players
        self.queue = [(self.trumper + i) % n for i in range(n)]  # T16: the trumper has the first right
        self.phase = SPECIAL
        self.current = self.queue[0]

    def _begin_normal_play(self) -> None:
        g = self.game
        if g.rules.redeal_if_no_trumps:  # T15
            counting = counting_team(self.trumper)
            held = 0
            for s in range(counting, g.num_players, 2):
                held |= self.hands[s]
            if g.halves == 2:
                held |= second_half_cards(self, counting)
            if not held & SUIT_MASK[self.trump]:
                self._void_deal(Text("the counting team holds no trump"))
                return
        self.phase = PLAYING
        self.leader = self.current = (self.trumper + 1) % g.num_players  # T19

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

    def _void_deal(self, why: Text) -> None:
        self.last_hand = {"hand": self.hand_no, "result": "void", "why": str(why), "says": why.to_json(),
                          "dealer": self.dealer,
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

    def sheet_columns(self) -> list[list[int]]:
        """A column per team (2 players: per seat): the balls are the team's."""
        return [list(team) for team in self.game.teams]

    def returns(self) -> list[float]:
        """Partnerships win together: 1.0 for every seat of the winning team, 0.0 for the others."""
        n = self.game.num_players
        if self.winner_team < 0:
            return [0.0] * n
        return [1.0 if s % 2 == self.winner_team else 0.0 for s in range(n)]

    # ---- legal actions, by phase ----------------------------------------------------------------
    def _legal_now(self) -> list[ThuneeAction]:
        """The legal actions: may be a table's shared list (``ActionTable.plays``, ``jodi_by_max``), which the core
        keeps for the position and never changes."""
        phase, seat = self.phase, self.current  # the common phase first: indexing by an IntEnum is slower
        return self._legal_play(seat) if phase == PLAYING else self._LEGAL[phase](self, seat)

    def _legal_weak(self, seat: int) -> list[ThuneeAction]:
        return [TABLE.pass_, TABLE.redeal] if points_of(self.hands[seat]) <= WEAK_LIMIT else [TABLE.pass_]

    def _legal_trip(self, seat: int) -> list[ThuneeAction]:
        return [TABLE.pass_, TABLE.trip]

    def _legal_calling(self, seat: int) -> list[ThuneeAction]:
        bid = self.bid
        amount = 10 if bid == 0 else (104 if bid == 100 else bid + 10)
        return [TABLE.pass_, TABLE.call[amount]]

    def _legal_trump(self, seat: int) -> list[ThuneeAction]:
        out = [TABLE.trump[c] for c in cards_of(self.hands[seat])]
        if self.game.rules.last_card_trump:
            out.append(TABLE.trump_last)
        return out

    def _legal_blind(self, seat: int) -> list[ThuneeAction]:
        t = TABLE
        return [t.pass_, t.blind_thunee, t.blind_royals] if self.game.rules.royals else [t.pass_, t.blind_thunee]

    def _legal_special(self, seat: int) -> list[ThuneeAction]:
        rules = self.game.rules
        t = TABLE
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

    def _legal_jodi(self, seat: int) -> list[ThuneeAction]:
        source = self.hands[seat] if self.game.rules.jodi_cards == "in_hand" else self.dealt[seat]
        maxes = []
        for suit in range(4):
            base = suit * 6
            if (self.jodi_suits >> suit) & 1 or not (source >> (base + KING)) & 1 or not (source >> (base + QUEEN)) & 1:
                maxes.append(0)
            else:
                maxes.append(2 if (source >> (base + J)) & 1 else 1)
        return [TABLE.pass_] + TABLE.jodi_by_max[(maxes[0], maxes[1], maxes[2], maxes[3])]

    def _legal_play(self, seat: int) -> list[ThuneeAction]:
        hand = self.hands[seat]
        trick = self.trick
        plays = TABLE.plays((hand & SUIT_MASK[trick[0][1] // 6] or self._not_following(hand)) if trick else hand)
        g = self.game
        if self.tricks_done == g.tricks_per_hand - 1 and g.halves == 1 and self.special == NO_SPECIAL \
                and self.final_call == NO_FINAL:
            extra = self._final_calls(seat, plays)
            if extra:
                return plays + extra
        return plays

    def _legal_over(self, seat: int) -> list[ThuneeAction]:
        return []

    def _not_following(self, hand: int) -> int:
        """T20: the cards of ``hand`` that may go on the trick on the table, ``hand`` holding none of the suit led."""
        trick = self.trick
        trump = self.trump
        if self.game.rules.undercut_restriction and trump >= 0 and hand & ~SUIT_MASK[trump]:
            # T20 variant: no trump lower than one already in the trick, in the order that ranks
            # the trick (B4: under Royals Q > K > 10 > A > 9 > J, so Jh is the lowest trump)
            strength = ROYALS_STRENGTH if self.special in ROYALS_CALLS else NORMAL_STRENGTH
            best = 6
            for _, c in trick:
                if c // 6 == trump and strength[c % 6] < best:
                    best = strength[c % 6]
            if best < 6:
                weaker = sum(1 << (trump * 6 + r) for r in range(6) if strength[r] > best)
                return hand & ~weaker
        return hand

    def _final_calls(self, seat: int, plays: list[ThuneeAction]) -> list[ThuneeAction]:
        """T26-T27: Double (the leader, his team having won every trick) and Kanak on the last trick."""
        t = TABLE
        team = seat % 2
        rules = self.game.rules
        extra = []
        if not self.trick and self.team_tricks[team] == self.tricks_done and not (
                rules.no_double_at_target_minus_1 and self.balls[team] == self.ball_target - 1):
            extra += [t.double[a.card] for a in plays]  # T26
        if not rules.kanak_requires_jodi or self.jodi[team] > 0:
            extra += [t.kanak[a.card] for a in plays]  # T27
        return extra

    def _why_illegal(self, action: ThuneeAction) -> Text | None:
        phase = self.phase
        kind = action.kind
        if phase == PLAYING and kind in (PLAY, DOUBLE, KANAK):
            return self._why_not_played(action)
        if kind == CALL and phase == CALLING:
            return Text("calls go up by exactly one step: the next call is {call}", call=str(self.legal_now()[1]))
        if kind == JODI:
            return Text("Jodi is declared just after a trick your team won, when the rules allow it, with K+Q "
                        "(or J+K+Q) of a suit not yet declared this hand")
        return PHASE_PURPOSES.get(phase)

    def _why_not_played(self, action: ThuneeAction) -> Text | None:
        kind = action.kind
        hand = self.hands[self.current]
        if not (hand >> action.card) & 1:
            return Text("you do not hold {card}", card=card_text(action.card))
        if self.trick and hand & SUIT_MASK[self.trick[0][1] // 6]:
            led = SUIT_CHARS[self.trick[0][1] // 6]
            return Text("you hold a card of the suit led ({suit}), so you must follow suit", suit=led)
        if kind == PLAY and self.trick and action.card // 6 == self.trump:
            return Text("you may not play a trump lower than one already in the trick while you hold another suit")
        if kind == DOUBLE:
            return Text("Double is called only by the leader of the last trick whose team won every other trick")
        if kind == KANAK:
            return Text("Kanak is called only on the last trick, once per hand, and not under Thunee")
        return None

    # ---- applying, by phase ---------------------------------------------------------------------
    def _apply(self, action: ThuneeAction) -> None:
        seat = self.current
        phase = self.phase
        self.log.append([seat, action.text])
        if phase == PLAYING:  # the common phase first: indexing a table by an IntEnum is slower than by an int
            self.log_phases.append("play")
            self._on_play(seat, action)
            return
        self.log_phases.append(PHASE_NAMES[phase])
        self._HANDLERS[phase](self, seat, action)

    def _on_weak(self, seat: int, action: ThuneeAction) -> None:
        if action.kind == PASS:
            if self._window_over():
                self._after_weak()
            return
        self.last_hand = {"hand": self.hand_no, "result": "redeal", "seat": seat,
                          "shown": [card_text(c) for c in cards_of(self.hands[seat])],
                          "why": str(weak := Text("{who} showed a weak hand (10 points or less)",
                                                  who=seat_text(seat))),
                          "says": weak.to_json(),
                          "dealer": self.dealer, "balls": [0, 0], "totals": list(self.balls)}
        self._start_hand()

    def _on_trip(self, seat: int, action: ThuneeAction) -> None:
        if action.kind == PASS:
            self._open_calling()
            return
        self.special = S_TRIP
        self.special_seat = seat
        self._deal_rounds(self.game.second_cards)
        self.trump = -1
        self.phase = PLAYING
        self.leader = self.current = seat

    def _on_calling(self, seat: int, action: ThuneeAction) -> None:
        if action.kind == CALL:
            self.bid = action.amount
            self.holder = seat % 2
            self.trumper = seat
            self.calls.append([seat, action.amount])
            if action.amount == 104:
                self._open_trump()
                return
        else:
            self.passed |= 1 << seat
            self.calls.append([seat, 0])
        nxt = self._next_caller(seat)
        if nxt is None:
            self._open_trump()
            return
        self.current = nxt

    def _on_trump(self, seat: int, action: ThuneeAction) -> None:
        if action.card >= 0:
            self.trump_card = action.card
            self.trump = action.card // 6
        else:
            self.trump_last = True
        self._open_blind()

    def _on_blind(self, seat: int, action: ThuneeAction) -> None:
        if action.kind == PASS:
            if self._window_over():
                self._second_deal()
            return
        self.special = SPECIAL_ACTIONS[action.kind]
        self.special_seat = seat
        self.queue = []
        self._second_deal()

    def _on_special(self, seat: int, action: ThuneeAction) -> None:
        if action.kind == PASS:
            if self._window_over():
                self._begin_normal_play()
            return
        self.special = SPECIAL_ACTIONS[action.kind]
        self.special_seat = seat
        self.queue = []
        self._begin_special_play()

    def _on_jodi(self, seat: int, action: ThuneeAction) -> None:
        if action.kind == JODI:
            value = meld_value(action.melds, self.trump)
            self.jodi[seat % 2] += value
            self.jodi_suits |= sum(1 << s for s, m in enumerate(action.melds) if m)
            self.jodi_log.append([seat, [card_text(c) for c in cards_of(action.mask)], value])
        if self._window_over():
            self._close_jodi()

    def _on_over(self, seat: int, action: ThuneeAction) -> None:
        raise AssertionError("no action is legal when the match is over")

    def _window_over(self) -> bool:
        """The seat asked has answered: ask the next one in the window's queue; True when nobody is left."""
        queue = self.queue
        queue.pop(0)
        if queue:
            self.current = queue[0]
            return False
        return True

    def _on_play(self, seat: int, action: ThuneeAction) -> None:
        card = action.card
        self.hands[seat] &= ~(1 << card)
        if action.kind != PLAY:
            self._call_final(seat, action.kind)
        trick = self.trick
        if trick:
            led = trick[0][1] // 6
            if card // 6 != led:
                self.voids[seat] |= 1 << led
        elif self.tricks_done == 0 and self._first_lead(seat, card):
            return  # T15: the deal is void
        trick.append((seat, card))
        n = self.game.num_players
        if len(trick) < n:
            self.current = (seat + 1) % n
            return
        self._finish_trick()

    def _call_final(self, seat: int, kind: int) -> None:
        """T26-T27: Double or Kanak, called with this card."""
        self.final_call = F_DOUBLE if kind == DOUBLE else F_KANAK
        self.final_seat = seat
        if kind == KANAK and self.game.rules.kanak_raises_target_13:
            self.ball_target = max(self.ball_target, 13)

    def _first_lead(self, seat: int, card: int) -> bool:
        """The hand's first card: T19 shows the trump card; under Thunee (T17) the lead fixes trump, and the deal is
        void (True) if the caller's opponents hold none (T15)."""
        g = self.game
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
                    self._void_deal(Text("the Thunee caller's opponents hold no trump"))
                    return True
        return False

    def _finish_trick(self) -> None:
        """T21: the trick is complete; its winner takes it and leads next, unless the hand (or half) is over."""
        g = self.game
        trick = self.trick
        winner = trick_winner(trick, self.trump, strength_for(self.special, self.tricks_done))[0]  # T21, T32, B4
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
        if special in SOLO and (winner != self.special_seat or done == g.tricks_per_half):
            self._end_hand(winner)  # T18/T33: play stops at the first trick lost; T34: Thunee covers six tricks
            return
        if done == g.tricks_per_hand:
            self._end_hand(winner)
            return
        self.leader = self.current = winner
        if done == g.tricks_per_half:  # T34: the second half is dealt; trump and call carry over
            self._deal_rounds(6)
            self.voids = [0] * g.num_players
            self.dealt = list(self.hands)
            return
        if special == NO_SPECIAL and self._jodi_time(winner, done):
            n = g.num_players
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

    # ---- the end of a hand (T18, T25-T30, T32-T33) -----------------------------------------------------
    def _end_hand(self, last_winner: int) -> None:
        summary = score_hand(self, last_winner)
        self.balls = list(summary["totals"])
        self.last_hand = summary
        rules = self.game.rules
        winner = match_winner(rules, self.balls, self.ball_target)  # T30
        self._write_sheet_row(summary["hand"], summary["balls"], summary["totals"], hand_marks(summary, winner))
        if winner is not None:
            self.winner_team = winner
            self.phase = OVER
            self.queue = []
            return
        self.dealer = next_dealer(rules, self.dealer, self.balls, self.game.num_players)  # T29
        self._start_hand()

    # ---- views and copies ---------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> ThuneeView:
        """What ``seat`` may know (``None``: a spectator): its own cards and everything the table saw."""
        return build_view(self, seat)

    def _copy_into(self, s: ThuneeState) -> None:
        s.phase = self.phase
        s.hands, s.dealt, s.stock, s.trick = list(self.hands), list(self.dealt), list(self.stock), list(self.trick)
        for name in ("dealer", "hand_no", "ball_target", "current", "default_trumper", "trumper", "bid", "holder",
                     "passed", "trump", "trump_card", "trump_last", "trump_shown", "special", "special_seat",
                     "tricks_done", "leader", "last_trick_points", "jodi_suits", "final_call", "final_seat",
                     "last_hand", "winner_team", "prev_log", "prev_open"):
            setattr(s, name, getattr(self, name))  # ints, bools, and last_hand and prev_log, never mutated
        for name in ("balls", "queue", "calls", "trick_points", "team_tricks", "tricks", "jodi", "jodi_log", "voids",
                     "last_dealt", "log", "log_phases"):
            setattr(s, name, list(getattr(self, name)))  # nested items are never mutated in place

    def _to_dict(self) -> dict[str, Any]:
        d = {name: getattr(self, name) for name in _PLAIN_FIELDS}
        d.update(rng=self.rng.state, phase=PHASE_NAMES[self.phase],
                 hands=[[card_text(c) for c in cards_of(h)] for h in self.hands],
                 dealt=[[card_text(c) for c in cards_of(h)] for h in self.dealt],
                 stock=[card_text(c) for c in self.stock], trick=[list(x) for x in self.trick],
                 previous_log=self.prev_log, previous_log_open=self.prev_open)
        return d

    # the legal-action generators and the handlers, by phase (Phase order)
    _LEGAL: ClassVar[tuple[Callable[[ThuneeState, int], list[ThuneeAction]], ...]] = (
        _legal_weak, _legal_trip, _legal_calling, _legal_trump, _legal_blind, _legal_special, _legal_jodi,
        _legal_play, _legal_over)
    _HANDLERS: ClassVar[tuple[Callable[[ThuneeState, int, ThuneeAction], None], ...]] = (
        _on_weak, _on_trip, _on_calling, _on_trump, _on_blind, _on_special, _on_jodi, _on_play, _on_over)
    assert len(_LEGAL) == len(_HANDLERS) == len(Phase)


def second_half_cards(state: ThuneeState, team: int) -> int:
    """T34: the cards the stock will give ``team`` (one seat in 2-player) in the second half."""
    order = state.game.deal_orders[state.dealer]
    stock = list(state.stock)
    mask = 0
    for _ in range(6):
        for seat in order:
            card = stock.pop()
            if seat % 2 == team:
                mask |= 1 << card
    return mask


ThuneeGame.STATE = ThuneeState
