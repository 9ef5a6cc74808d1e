"""Yaniv: the game (rules + action table) and the state of a whole match (the rules: docs/games/yaniv.md)."""
from __future__ import annotations

import bisect
from enum import IntEnum
from typing import Any, Self, cast

from ..core.cards import CARD_NAMES, JOKER, card_str, parse_card
from ..core.coach import Coach
from ..core.encoding import Encoding
from ..core.errors import RulesError
from ..core.game import Action, Game, State, copy_json
from ..core.guide import GuideWriter
from ..core.rng import Rng
from ..core.text import N_, Text
from ..core.views import View
from . import sampling, scoring
from .actions import CALL, DRAW, KEEP, RUN, SET, SINGLE, SLAP, SWAP, TAKE, Kind, YanivAction, action_table, run_text
from .deal import Setup, no_deal, read_deal
from .described import YanivMove, described, group_described
from .described import describe as describe_action
from .rules import YanivRules
from .views import RoundSummary, YanivView, copy_summary, shown, shown_summary


class Phase(IntEnum):
    TURN = 0    # the seat to move calls Yaniv or discards a group
    TAKE = 1    # it then draws from the stock or takes from the previous group
    SLAP = 2    # slapdown: it may slap the card it drew onto its single
    OVER = 3


# module-level aliases: the hot paths compare phases often
TURN, TAKE_PHASE, SLAP_PHASE, OVER = Phase
PHASE_NAMES = tuple(phase.name.lower() for phase in Phase)
GROUP_NAMES = {SINGLE: "single", SET: "set", RUN: "run"}
GROUP_KINDS = {v: k for k, v in GROUP_NAMES.items()}


def card_values(king_of_hearts_zero: bool) -> tuple[int, ...]:
    """Y3: A = 1, 2-10 face value, J/Q/K = 10, joker 0 (A4: optionally K♥ = 0)."""
    values = [min(k % 13 + 1, 10) for k in range(52)] + [0]
    if king_of_hearts_zero:
        values[parse_card("Kh")] = 0
    return tuple(values)


def takeable_cards(group: list[int], kind: int, set_pick_any: bool) -> set[int]:
    """Y13: the cards of the previous player's group that may be taken: its first and last (set_pick_any: any
    card of a set)."""
    if not group:
        return set()
    if set_pick_any and kind == SET:
        return set(group)
    return {group[0], group[-1]}


class YanivGame(Game[YanivRules, "YanivState"]):
    """Yaniv for 2-8 players. ``gamenight.make("yaniv", players=4, rules="common")``."""

    name = "yaniv"
    title = N_("Yaniv")
    RULES = YanivRules
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 8, 4
    MAX_GAME_LENGTH = 580_000   # tests/yaniv/test_yaniv_bounds.py measures and checks it
    RENDERER = "gamenight.cli.render.yaniv"

    def _check_table(self) -> None:
        r = self.rules
        self.packs = 2 if self.num_players >= r.double_deck_from_players else 1  # Y2
        self.values = card_values(r.king_of_hearts_zero)
        self.table = action_table(self.packs, r.hand_size, r.jokers_in_sets)
        deck = 54 * self.packs
        if self.num_players * r.hand_size + 1 > deck:
            raise RulesError(Text("{players} players x {cards} cards + the upcard need more than the {deck} cards of "
                                  "{packs} pack(s); lower hand_size or double_deck_from_players",
                                  players=self.num_players, cards=r.hand_size, deck=deck, packs=self.packs))

    def deck(self) -> list[int]:
        return (list(range(52)) + [JOKER, JOKER]) * self.packs

    def describe(self, action: Action | str) -> YanivMove:
        return describe_action(action if isinstance(action, YanivAction) else self.parse_action(str(action)))

    def score_scale(self) -> float:
        """The points that decide a match: the elimination limit."""
        return float(self.rules.elimination_limit)

    def encoding(self) -> Encoding[YanivState]:
        """The observation encoding (encoding.py)."""
        from . import encoding
        return encoding

    def _coach_class(self) -> type[Coach[Any]]:
        """The coach's Yaniv facts and coached hands (coach.py)."""
        from .coach import YanivCoach
        return YanivCoach

    def _guide_writer(self) -> GuideWriter[Self]:
        """The guide and rules summary (guide.py): the examples are played by the engine."""
        from . import guide
        return guide

    def parse_action(self, text: str) -> YanivAction:
        if isinstance(text, YanivAction):
            return text
        return self.table.parse(text)

    @property
    def actions(self) -> list[YanivAction]:
        return self.table.actions

    # ---- JSON and sampling ------------------------------------------------------------------
    def _state_from_dict(self, d: dict[str, Any]) -> YanivState:
        s = YanivState(self)
        s.seed = d["seed"]
        s.history = [self.parse_action(t) for t in d["history"]]
        s.rng = Rng(d["rng"])
        s.round_no, s.dealer, s.current = d["round"], d["dealer"], d["current"]
        s.phase = Phase(PHASE_NAMES.index(d["phase"]))
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

    def sample_state(self, view: View, rng: Any) -> YanivState:
        """A full state consistent with ``view`` (sampling.py): what the view shows is kept, every unseen card is
        dealt at random to the other seats' unknown slots and the stock."""
        return sampling.sample_state(self, cast(YanivView, view), rng)


class YanivState(State[YanivGame, YanivAction]):
    FINISHED_PHASE = OVER
    SHEET_LOW_WINS = True
    SHEET_MARKS = {
        "yaniv": N_("called Yaniv with the lowest hand: scored nothing"),
        "caught": N_("called Yaniv but another hand was as low or lower: scored the hand plus the penalty"),
        "asaf": N_("caught the caller with an equal or lower hand (Asaf)"),
        "halved": N_("the total landed exactly on a halving total and was halved"),
        "out": N_("went over the elimination limit: out of the match (the total that put the player out)"),
        "tied_over": N_("over the limit, but tied for the lowest total with the others over it: plays another round"),
        "won": N_("won the match"),
    }
    __slots__ = ("round_no", "dealer", "current", "phase", "hands", "known",
                 "stock", "pile", "prev_kind", "prev_start", "pending", "drawn", "totals", "active",
                 "winner_seats", "last_round", "round_start", "prev_round_start", "_prev_log", "actors",
                 "_shown_round")
    round_no: int                       # the round being played, from 1 (the view's hand_number)
    dealer: int
    current: int                        # the seat to move
    phase: Phase
    hands: list[list[int]]              # per seat, its card kinds, sorted
    known: list[list[int]]              # per seat, the cards it took from the pile and still holds, sorted
    stock: list[int]                    # the top card last
    pile: list[list[int]]               # the discard groups since the last reshuffle, each as laid
    prev_kind: Kind                     # the kind of the group the seat to move may take from
    prev_start: int                     # for a run: the card its first position stands for
    pending: YanivAction | None         # the group the seat to move has just laid
    drawn: int | None                   # slapdown: the card just drawn
    totals: list[int]
    active: list[bool]
    winner_seats: list[int]
    last_round: dict[str, Any] | None   # the last round's summary (views.RoundSummary)
    round_start: int                    # where this round's moves start in the history
    prev_round_start: int               # and the previous round's
    actors: list[int]                   # the seat of each move in the history
    _prev_log: tuple[tuple[int, str], ...] | None
    _shown_round: dict[str, Any] | None  # last_round as views show it, built at the first view

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
        self._shown_round = None

    # ---- dealing ------------------------------------------------------------------------------
    def _start_match(self, deal: dict[str, Any] | None) -> None:
        """The first round, as ``deal`` sets it up (deal.py; docs/games/yaniv.md, "Setting up a position")."""
        game = self.game
        setup = read_deal(game, deal)
        self.active = [p not in setup.out for p in range(game.num_players)]
        self.totals = list(setup.scores)
        dealer = setup.dealer
        starter = dealer if game.rules.first_round_starter == "dealer" else self._next_active(dealer)
        self._deal(dealer, starter, setup)

    def _deal(self, dealer: int, starter: int, setup: Setup | None = None) -> None:
        """Y6-Y7: shuffle, deal hand_size cards one at a time from the dealer's left, turn the upcard; a setup
        (deal.py) places its cards first and the seed deals the rest."""
        g = self.game
        setup = setup or no_deal(g.num_players)
        deck = g.deck()
        for card in setup.placed():
            deck.remove(card)
        self.rng.shuffle(deck)
        hands = self._deal_hands(deck, dealer, setup)
        up = deck.pop() if setup.upcard is None else setup.upcard
        deck.extend(reversed(setup.stock_top))
        self._start_round(hands, up, deck, dealer, starter)

    def _deal_hands(self, deck: list[int], dealer: int, setup: Setup) -> list[list[int]]:
        """The hands the setup gives, and hand_size cards from the top of ``deck`` to each other seat still in,
        one at a time from the dealer's left."""
        n = self.game.num_players
        hands = [list(h) if h is not None else [] for h in setup.hands]
        order = [(dealer + i) % n for i in range(1, n + 1)
                 if self.active[(dealer + i) % n] and setup.hands[(dealer + i) % n] is None]
        for _ in range(self.game.rules.hand_size):
            for p in order:
                hands[p].append(deck.pop())
        return hands

    def _start_round(self, hands: list[list[int]], up: int, stock: list[int], dealer: int, starter: int) -> None:
        n = self.game.num_players
        self.hands = [sorted(h) for h in hands]
        self.known = [[] for _ in range(n)]
        self.stock = stock
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

    def _legal_now(self) -> list[YanivAction]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions()
        if phase == TAKE_PHASE:
            return self._takes()
        if phase == SLAP_PHASE:
            table = self.game.table
            return [table.slap, table.keep] if self._may_slap() else [table.keep]
        return []

    def _turn_actions(self) -> list[YanivAction]:
        """Y9-Y11: call (at or below the limit), or discard a group."""
        table = self.game.table
        found = table.discards(tuple(self.hands[self.current]))
        limit = self.game.rules.yaniv_limit
        if limit is None or self.hand_value(self.current) <= limit:
            found.insert(0, table.call)
        return found

    def _may_slap(self) -> bool:
        """A4 slapdown: the drawn card matches the single just laid (a joker only a joker)."""
        laid = cast(YanivAction, self.pending).cards[0]
        drawn = cast(int, self.drawn)
        return drawn == JOKER if laid == JOKER else drawn != JOKER and drawn % 13 == laid % 13

    def _takes(self) -> list[YanivAction]:
        """Y13: the stock top, or the first or last card of the previous player's group."""
        table = self.game.table
        group = self.pile[-2]
        rules = self.game.rules
        out: list[YanivAction] = [table.take[k] for k in takeable_cards(group, self.prev_kind, rules.set_pick_any)]
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

    def _why_illegal(self, action: YanivAction) -> Text | None:
        kind = action.kind
        if self.phase == TURN and kind == CALL:
            return Text("a hand of {points} is over the Yaniv limit of {limit}",
                        points=self.hand_value(self.current), limit=self.game.rules.yaniv_limit)
        if self.phase == TURN and kind in (DRAW, TAKE, SWAP, SLAP, KEEP):
            return Text("first discard a group (or call Yaniv), then take a card")
        if self.phase == TURN and kind >= SINGLE:
            return None if _holds(self.hands[self.current], action.cards) \
                else Text("you do not hold those cards")
        if self.phase == TAKE_PHASE and kind >= SINGLE:
            return Text("you have discarded already: now draw or take a card")
        if self.phase == TAKE_PHASE and kind == TAKE:
            return Text("only the first or last card of the previous group can be taken")
        return None

    # ---- playing: one handler per phase ----------------------------------------------------------
    def _apply(self, act: YanivAction) -> None:
        self.actors.append(self.current)
        phase = self.phase
        if phase == TURN:
            self._play_turn(act)
        elif phase == TAKE_PHASE:
            self._play_take(act)
        else:
            self._play_slap(act)

    def _play_turn(self, action: YanivAction) -> None:
        """Y9-Y12: a call ends the round; a discard lays the group, and the seat then takes a card."""
        if action.kind == CALL:
            self._end_round(self.current)
            return
        seat = self.current
        hand = self.hands[seat]
        known = self.known[seat]
        for c in action.cards:
            hand.remove(c)
            if c in known:
                known.remove(c)
        self.pile.append(list(action.cards))
        self.pending = action
        self.phase = TAKE_PHASE

    def _play_take(self, action: YanivAction) -> None:
        """Y13-Y15: draw (a draw that empties the stock reshuffles; slapdown may follow), take, or swap."""
        kind = action.kind
        if kind == DRAW:
            card = self._draw()
            if self.game.rules.slapdown and cast(YanivAction, self.pending).kind == SINGLE:
                self.drawn = card
                self.phase = SLAP_PHASE
                return
        elif kind == TAKE:
            self._take(action.cards[0])
        else:
            self._swap(action.cards[0])
        self._next_turn()

    def _play_slap(self, action: YanivAction) -> None:
        """A4 slapdown: the drawn card joins the single just laid, or stays in the hand."""
        if action.kind == SLAP:
            drawn = cast(int, self.drawn)
            self.hands[self.current].remove(drawn)
            self.pile[-1].append(drawn)
            self.pending = None  # the group is now a pair of equal ranks
        self.drawn = None
        self._next_turn()

    def _draw(self) -> int:
        card = self.stock.pop()
        bisect.insort(self.hands[self.current], card)
        if not self.stock:
            self._reshuffle()
        return card

    def _take(self, card: int) -> None:
        seat = self.current
        self.pile[-2].remove(card)
        bisect.insort(self.hands[seat], card)
        bisect.insort(self.known[seat], card)

    def _swap(self, card: int) -> None:
        """joker_swap: give the natural card, take the joker that stood for it."""
        seat = self.current
        group = self.pile[-2]
        group[group.index(JOKER, card - self.prev_start)] = card
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        bisect.insort(self.hands[seat], JOKER)
        bisect.insort(self.known[seat], JOKER)

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

    # ---- the end of a round (Y16-Y20; the steps are in scoring.py) ------------------------------------
    def _end_round(self, caller: int) -> None:
        rules = self.game.rules
        seats = [p for p in range(self.game.num_players) if self.active[p]]
        hand_totals = {p: self.hand_value(p) for p in seats}
        asaf, points = scoring.call_points(caller, hand_totals, rules)
        summary = self._round_summary(caller, seats, hand_totals, asaf, points)
        self.last_round = summary
        self._shown_round = None
        if rules.single_round:
            self.totals = [points.get(p, 0) for p in range(self.game.num_players)]
            summary.update(totals=list(self.totals), halved=[], eliminated=[])
            self._finish(scoring.single_round_winners(caller, asaf, hand_totals))
            self._write_round_row(summary)
            return
        halved = scoring.add_and_halve(self.totals, points, seats, rules)
        out = [p for p in seats if self.totals[p] > rules.elimination_limit]  # Y19
        summary.update(totals=list(self.totals), halved=halved, eliminated=out)
        winners, remaining = scoring.match_result(seats, out, self.totals, rules)
        if winners is not None:
            self._finish(winners)
            self._write_round_row(summary)
            return
        summary["eliminated"] = [p for p in seats if p not in remaining]  # a tie that plays on is not out
        for p in seats:
            if p not in remaining:
                self.active[p] = False
        self._write_round_row(summary)
        starter = self._next_starter(caller, hand_totals)
        self._deal(starter, starter)

    def _round_summary(self, caller: int, seats: list[int], hand_totals: dict[int, int], asaf: list[int],
                       points: dict[int, int]) -> dict[str, Any]:
        """Y16: the call and every hand revealed (totals, halved and eliminated are added once known)."""
        return {"round": self.round_no, "caller": caller, "success": not asaf, "asaf": asaf,
                "hands": {str(p): [card_str(k) for k in self.hands[p]] for p in seats},
                "hand_totals": {str(p): hand_totals[p] for p in seats},
                "points": {str(p): points[p] for p in seats}}

    def _write_round_row(self, summary: dict[str, Any]) -> None:
        """The round's row on the score sheet, from its public summary: what each seat that played it added, the
        totals after halving (a seat put out keeps the total that put it out; seats out before: None)."""
        n = self.game.num_players
        played = summary["points"]
        points: list[int | None] = [played.get(str(p)) for p in range(n)]
        totals: list[int | None] = [self.totals[p] if str(p) in played else None for p in range(n)]
        limit = self.game.rules.elimination_limit
        playing_on = [] if self.phase == OVER else [p for p in range(n) if self.active[p] and self.totals[p] > limit]
        marks = scoring.round_marks(summary, n, self.winner_seats, playing_on)
        self._write_sheet_row(summary["round"], points, totals, marks)

    def _next_starter(self, caller: int, hand_totals: dict[int, int]) -> int:
        """Y8: who deals and starts the next round: counted from the caller's left, the caller last."""
        n = self.game.num_players
        order = [(caller + i) % n for i in range(1, n + 1) if self.active[(caller + i) % n]]
        starter = scoring.next_starter(order, hand_totals, self.totals, self.game.rules)
        if starter is None:  # rotate: the seat after the one who started the round just ended
            starter = self._next_active(self.actors[self.round_start])
        return starter

    def _finish(self, winners: list[int]) -> None:
        self.winner_seats = sorted(winners)
        self.phase = OVER

    # ---- views ----------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> YanivView:
        """What ``seat`` may know (``None``: a spectator). Only public facts and that seat's own cards."""
        take_group = self.take_group()
        rules = self.game.rules
        hand = self.hands[seat] if seat is not None else None
        hand_value = self.hand_value(seat) if seat is not None else None
        turn = seat == self.current and self.phase == TURN
        return {
            "game": "yaniv", "seat": seat, "players": self.game.num_players, "rules": self.game.rules_copy(),
            "hand_number": self.round_no, "dealer": self.dealer, "current_player": self.current_player,
            "phase": PHASE_NAMES[self.phase],
            "hand": shown(hand) if hand is not None else None,
            "hand_value": hand_value,
            "drawn": card_str(cast(int, self.drawn)) if self.phase == SLAP_PHASE and seat == self.current else None,
            "can_call": turn and hand_value is not None and (rules.yaniv_limit is None
                                                             or hand_value <= rules.yaniv_limit),
            "hand_value_after": self._values_after(hand_value) if turn and hand_value is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "known": [shown(k) if k else [] for k in self.known],
            "discard_pile": [[CARD_NAMES[c] for c in g] for g in self.pile],
            "previous_group": [CARD_NAMES[c] for c in take_group],
            "previous_group_type": GROUP_NAMES[self.prev_kind],
            "previous_run_start": self.prev_start,
            "previous_group_text": _group_text(self.prev_kind, self.prev_start, take_group),
            "takeable": shown(takeable_cards(take_group, self.prev_kind, rules.set_pick_any)),
            "previous_group_described": group_described(self.prev_kind, self.prev_start, take_group),
            "pending_discard": str(self.pending) if self.pending is not None else None,
            "pending_described": group_described(self.pending.kind, self.pending.run_start, self.pending.cards)
            if self.pending is not None else None,
            "stock_size": len(self.stock),
            "scores": list(self.totals), "active": list(self.active),
            "log": [[p, a.text] for p, a in zip(self.actors[self.round_start:], self.history[self.round_start:])],
            "previous_log": [[p, text] for p, text in self._previous_log()],
            "log_described": described(self.history[self.round_start:]),
            "previous_log_described": described(self.history[self.prev_round_start:self.round_start]),
            "last_round": self._round_shown(),
            "is_over": self.phase == OVER, "winners": list(self.winner_seats),
        }

    def take_group(self) -> list[int]:
        """The group the seat to move may take from (once it has discarded, the one before its own): the pile's own
        list, to read and never change."""
        if self.phase == TURN or self.phase == OVER:
            return self.pile[-1]
        return self.pile[-2] if len(self.pile) > 1 else []  # a draw may have reshuffled it away

    def _values_after(self, hand_value: int) -> dict[str, int]:
        """Each legal discard of the seat to move -> the value of the hand it would keep."""
        values = self.game.values
        return {a.text: hand_value - sum(values[c] for c in a.cards) for a in self.legal_now() if a.kind >= SINGLE}

    def _previous_log(self) -> tuple[tuple[int, str], ...]:
        previous = self._prev_log
        if previous is None:  # the round's last action is in the history once apply() returns: built now, once
            a, start = self.prev_round_start, self.round_start
            previous = self._prev_log = tuple(zip(self.actors[a:start], [x.text for x in self.history[a:start]]))
        return previous

    def _round_shown(self) -> RoundSummary | None:
        """A copy of the last round's summary as views show it (built once per round, then copied)."""
        if self.last_round is None:
            return None
        if self._shown_round is None:
            self._shown_round = shown_summary(self.last_round)
        return copy_summary(self._shown_round)

    # ---- copies -------------------------------------------------------------------------------------------
    def _copy_into(self, s: YanivState) -> None:
        s.actors = list(self.actors)
        s.round_no, s.dealer, s.current, s.phase = self.round_no, self.dealer, self.current, self.phase
        s.hands = [list(h) for h in self.hands]
        s.known = [list(h) for h in self.known]
        s.stock = list(self.stock)
        s.pile = [list(g) for g in self.pile]
        s.prev_kind, s.prev_start, s.pending, s.drawn = self.prev_kind, self.prev_start, self.pending, self.drawn
        s.totals, s.active, s.winner_seats = list(self.totals), list(self.active), list(self.winner_seats)
        s.last_round = copy_json(self.last_round)
        s.round_start, s.prev_round_start, s._prev_log = self.round_start, self.prev_round_start, self._prev_log
        s._shown_round = self._shown_round   # never changed in place: shared until the next round replaces it

    def _to_dict(self) -> dict[str, Any]:
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


def _strs(cards: list[int]) -> list[str]:
    return [card_str(c) for c in cards]


def _by_id(action: YanivAction) -> int:
    return action.id


def _holds(hand: list[int], cards: tuple[int, ...]) -> bool:
    rest = list(hand)
    for c in cards:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def _group_text(kind: int, start: int, cards: list[int]) -> str:
    if kind == RUN and start >= 0 and len(cards) >= 1:
        return run_text(start, cards)
    return "+".join(card_str(c) for c in cards)


YanivGame.STATE = YanivState
