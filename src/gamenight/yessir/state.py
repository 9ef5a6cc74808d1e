"""YESSIR!/JATAK!: the game (rules) and the state of a whole match (docs/games/yessir.md; rules J1-J14).

A match is a series of rounds (J4). Each round: the roller rolls the three shared dice and everyone
rolls two personal dice (J5, chance inside the state's Rng); turns go round the table from the roller,
each turn one of the actions a-e (J6-J8), until every player not locked has said Yessir since the last
reroll of a, b or c; then the hands are revealed and ranked (J10-J12), the winner's mat advances and
everyone else gains luck (J13). The first to ``rounds_to_win`` round wins takes the match (J14).
"""
from __future__ import annotations

import random
from typing import Any, Self, cast

from ..core.coach import Coach
from ..core.encoding import Encoding
from ..core.game import Action, Game, State
from ..core.guide import GuideWriter
from ..core.rng import Rng
from ..core.text import N_, Text
from ..core.views import View
from . import actions as A
from .actions import DOWN, REROLL_ONE, REROLL_OWN, REROLL_SHARED, UP, YESSIR, YessirAction
from .deal import fill, read_deal
from .described import YessirMove
from .described import describe as describe_action
from .hands import CATEGORY_NAMES, KEY_TABLES, key_category, roll_facts
from .phases import OVER, PHASE_NAMES, PIP, TURNS
from .rules import YessirRules
from .views import (
    RevealView,
    RoundRecord,
    Seen,
    TableBefore,
    YessirView,
    build_view,
    flags,
    make_reveal_view,
    round_record,
    table_before,
)

_LIMIT6 = (1 << 64) - ((1 << 64) % 6)


def _roll(rng: Rng) -> int:
    """One die, 1..6: exactly ``rng.below(6) + 1`` (SplitMix64 inlined, because dice are the hot path;
    tests check that the two agree)."""
    while True:
        rng.state = s = (rng.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        if z < _LIMIT6:
            return z % 6 + 1


class YessirGame(Game[YessirRules, "YessirState"]):
    """YESSIR!/JATAK! for 2-6 players. ``gamenight.make("yessir", players=3, rules="short")``."""

    name = "yessir"
    title = N_("YESSIR!")
    RULES = YessirRules
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 6, 4
    MAX_GAME_LENGTH = 5_500   # tests/yessir/test_yessir_bounds.py measures and checks it
    RENDERER = "gamenight.cli.render.yessir"
    key_table: tuple[int, ...]                        # hand strength by roll index (hands.KEY_TABLES)
    step: int                                         # the seat after seat s is (s + step) % players
    rules_dict: dict[str, Any]
    turn_legal: tuple[list[YessirAction], ...]              # by the mover's luck die (0..6): the legal turn actions
    pip_legal: list[YessirAction]                           # the answers to a pip-change reroll
    everyone: int                                     # a bit for every seat
    luck_after: tuple[dict[str, int], ...]            # by luck: each legal turn action and the luck after it

    def _check_table(self) -> None:
        r = self.rules
        self.key_table = KEY_TABLES[r.tiebreak_sum]
        self.step = 1 if r.turn_direction == "increasing_seat" else self.num_players - 1
        self.rules_dict = r.to_dict()  # the views' copy of the rules: flat, so dict() copies it
        self.everyone = (1 << self.num_players) - 1
        # the lists are the engine's own (the core's checks read them, never change them): legal_actions copies
        self.turn_legal = tuple(list(_turn_actions(r, luck)) for luck in range(7))
        self.pip_legal = list(A.PIP_ACTIONS)
        self.luck_after = tuple({a.text: _luck_after(r, a, luck) for a in _turn_actions(r, luck)} for luck in range(7))

    def score_scale(self) -> float:
        """The round wins that win a match."""
        return float(self.rules.rounds_to_win)

    def encoding(self) -> Encoding[YessirState]:
        """The observation encoding (encoding.py)."""
        from . import encoding
        return encoding

    def _coach_class(self) -> type[Coach[Any]]:
        """The coach's facts and coached hands (coach.py)."""
        from .coach import YessirCoach
        return YessirCoach

    def _guide_writer(self) -> GuideWriter[Self]:
        """The guide and rules summary (guide.py): the examples are played by the engine."""
        from . import guide
        return guide

    def parse_action(self, text: object) -> YessirAction:
        return A.parse(text)

    def describe(self, action: Action | str) -> YessirMove:
        return describe_action(action if isinstance(action, YessirAction) else self.parse_action(str(action)))

    @property
    def actions(self) -> tuple[YessirAction, ...]:
        return A.ACTIONS

    # ---- JSON and sampling ------------------------------------------------------------------
    def _state_from_dict(self, d: dict[str, Any]) -> YessirState:
        s = YessirState(self)
        s.seed = d["seed"]
        s.history = [self.parse_action(t) for t in d["history"]]
        s.rng = Rng(d["rng"])
        s.round_no, s.roller, s.current = d["round"], d["roller"], d["current"]
        s.phase = PHASE_NAMES.index(d["phase"])
        s.shared = list(d["shared"])
        s.dice = [list(p) for p in d["dice"]]
        s.luck, s.wins = list(d["luck"]), list(d["wins"])
        s.locked = _bits(d["locked"])
        s.passed = _bits(d["passed"])
        s.pip_die = d["pip_die"]
        s.last_round = d["last_round"]
        s.round_start, s.actors = d["round_start"], list(d["actors"])
        s.prev_round_start = d.get("previous_round_start", s.round_start)
        s.winner_seats = list(d["winners"])
        if "before" in d:
            s.seen = [_seen(x) for x in d["before"]]
        else:  # a state saved before states kept them: its record replayed (a sampled one: the table as it is)
            s.deal = d.get("deal")
            again = self._replayed(s)
            s.seen = (list(again.seen) if again is not None
                      else [s.table_now()] * (len(s.actors) - s.round_start))
        return s

    def sample_state(self, view: View, rng: Any) -> YessirState:
        """A full state consistent with ``view``: every public fact and the seat's own dice (when it has
        seen them) are kept; every die the seat cannot see is rolled afresh with ``rng``."""
        if view.get("game") != self.name:
            raise ValueError("not a YESSIR! view")
        v = cast(YessirView, view)
        s = YessirState(self)
        s.seed = None
        s.rng = Rng(rng.getrandbits(64))
        self._sample_logs(s, v)
        s.seen = [_seen(x) for x in v["before"]]
        s.round_no, s.roller = v["hand_number"], v["roller"]
        s.current = v["current_player"] if v["current_player"] is not None else v["roller"]
        s.phase = PHASE_NAMES.index(v["phase"])
        s.shared = list(v["shared"])
        s.dice = self._sample_dice(v, rng)
        s.luck, s.wins = list(v["luck"]), list(v["wins"])
        s.locked = _bits(v["locked"])
        s.passed = _bits(v["passed"])
        s.pip_die = v["pip_die"] if v["pip_die"] is not None else -1
        s.last_round = round_record(v["last_round"]) if v["last_round"] is not None else None
        s.winner_seats = list(v["winners"])
        return s

    def _sample_logs(self, s: YessirState, view: YessirView) -> None:
        """The public logs (the round before, then this round) become the history, so the sampled state shows
        the same logs."""
        earlier, log = view["previous_log"], view["log"]
        s.history = [self.parse_action(text) for _, text in earlier + log]
        s.actors = [p for p, _ in earlier + log]
        s.prev_round_start, s.round_start = 0, len(earlier)

    def _sample_dice(self, view: YessirView, rng: random.Random) -> list[list[int]]:
        """Every seat's dice rolled afresh, except the seat's own when it has seen them."""
        dice = [[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(self.num_players)]
        seat, own = view["seat"], view["dice"]
        if seat is not None and own is not None:
            dice[seat] = list(own)
        return dice


class YessirState(State[YessirGame, YessirAction]):
    FINISHED_PHASE = OVER
    SHEET_UNIT = "rounds"
    SHEET_MARKS = {"won": N_("won the round"), "tied": N_("tied for the best hand: nobody won the round")}
    __slots__ = ("actors", "round_start", "prev_round_start", "_prev_log", "_reveal_view", "_reveal_of", "seen",
                 "round_no", "roller", "current", "phase", "shared", "dice", "luck", "wins", "locked", "passed",
                 "pip_die", "last_round", "winner_seats")
    actors: list[int]                  # who played each action of the history
    round_start: int                   # where this round's actions start in the history
    prev_round_start: int              # and the previous round's
    seen: list[Seen]                   # the public table as each action of this round found it (everyone saw it)
    round_no: int                      # the round being played, from 1
    roller: int
    current: int
    phase: int                         # a Phase, as its int (phases.TURNS, PIP, OVER)
    shared: list[int]                  # the three shared dice, left to right
    dice: list[list[int]]              # every seat's two dice
    luck: list[int]                    # every seat's luck die
    wins: list[int]                    # every seat's round wins
    locked: int                        # bit p: seat p rerolled blind this round
    passed: int                        # bit p: seat p said Yessir since the last a, b or c
    pip_die: int                       # the pip phase: the rerolled shared die; else -1
    last_round: RoundRecord | None     # the last reveal, as kept (never changed once made)
    winner_seats: list[int]

    def __init__(self, game: YessirGame):
        super().__init__(game)
        self.actors = []
        self.round_start = 0
        self.prev_round_start = 0
        self.seen = []
        self._prev_log: tuple[tuple[int, str], ...] | None = None  # the previous round's log, made at its first view
        self._reveal_view: RevealView | None = None  # last_round as the views show it, made at its first view
        self._reveal_of: RoundRecord | None = None   # the last_round it was made from
        self.round_no = 0
        self.last_round = None
        self.winner_seats = []
        self.pip_die = -1
        self.locked = 0
        self.passed = 0

    # ---- the roll (J5) ------------------------------------------------------------------------------
    def _start_match(self, deal: dict[str, Any] | None) -> None:
        game = self.game
        n = game.num_players
        rules = game.rules
        if deal is None:
            self.luck = [rules.luck_start] * n
            self.wins = [0] * n
            self._start_round(0 if rules.first_roller == "seat0" else self.rng.below(n))
            return
        checked = read_deal(game, deal)
        self.luck = checked.luck if checked.luck is not None else [rules.luck_start] * n
        self.wins = checked.wins if checked.wins is not None else [0] * n
        roller = checked.roller
        if roller is None:
            roller = 0 if rules.first_roller == "seat0" else self.rng.below(n)
        rng = self.rng
        shared, dice = fill(checked, lambda: _roll(rng))
        self._begin_round(roller, shared, dice)

    def _start_round(self, roller: int) -> None:
        """Roll a new round from the state's Rng: the shared dice left to right, then each seat's two dice."""
        rng = self.rng
        shared = [_roll(rng), _roll(rng), _roll(rng)]
        self._begin_round(roller, shared, [[_roll(rng), _roll(rng)] for _ in range(self.game.num_players)])

    def _begin_round(self, roller: int, shared: list[int], dice: list[list[int]]) -> None:
        self.shared = shared
        self.dice = dice
        self.round_no += 1
        self.prev_round_start = self.round_start  # the round just revealed is the previous log
        self._prev_log = None
        self.round_start = len(self.actors)
        self.seen = []
        self.roller = roller
        self.current = roller
        self.locked = 0
        self.passed = 0
        self.pip_die = -1
        self.phase = TURNS

    # ---- the contract ---------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Round wins so far (J13)."""
        return list(self.wins)

    @property
    def hands_played(self) -> int:
        return self.round_no

    def _legal_now(self) -> list[YessirAction]:
        """The game's shared list for the position (by the mover's luck die), which nobody changes."""
        phase = self.phase
        if phase == TURNS:
            return self.game.turn_legal[self.luck[self.current]]
        return self.game.pip_legal if phase == PIP else []

    def _why_illegal(self, action: YessirAction) -> Text:
        if self.phase == PIP:
            return Text("die {die} was rerolled to the same face: first choose keep, up or down", die=self.pip_die + 1)
        if action.kind >= A.KEEP:
            return Text("keep, up and down answer a pip-change reroll only")
        return Text("it costs {cost} luck and the luck die shows {luck} (it may not go below {lowest})",
                    cost=-action.luck_delta, luck=self.luck[self.current], lowest=self.game.rules.luck_min)

    # ---- the turns (J6-J9): one handler per phase ------------------------------------------------------
    def _apply(self, action: YessirAction) -> None:
        self.actors.append(self.current)
        self.seen.append(self.table_now())
        if self.phase == TURNS:
            self._play_turn(action)
        else:
            self._answer_pip(action)

    def table_now(self) -> Seen:
        """The public table as it stands (what each move's entry of ``seen`` keeps)."""
        return tuple(self.shared), tuple(self.luck), self.locked, self.passed

    def _play_turn(self, action: YessirAction) -> None:
        """J6: one of a-e. A single shared die rerolled to its old face opens the pip phase (J9) when it is on."""
        seat = self.current
        kind = action.kind
        if kind == REROLL_ONE:
            self.luck[seat] -= 1
            die = action.die
            before = self.shared[die]
            self.shared[die] = _roll(self.rng)
            self.passed = 0
            if self.shared[die] == before and self.game.rules.pip_change:
                self.pip_die = die
                self.phase = PIP
                return
        elif kind == YESSIR:
            self.passed |= 1 << seat
        elif kind == REROLL_SHARED:
            self.luck[seat] -= 2
            self.shared = [_roll(self.rng), _roll(self.rng), _roll(self.rng)]
            self.passed = 0
        elif kind == REROLL_OWN:
            self.luck[seat] -= 2
            self.dice[seat] = [_roll(self.rng), _roll(self.rng)]
            self.passed = 0
        else:
            self._reroll_blind(seat)
        self._advance(seat)

    def _reroll_blind(self, seat: int) -> None:
        """J6 e: new dice nobody sees, one luck back (not above the top), no more turns this round."""
        rules = self.game.rules
        self.dice[seat] = [_roll(self.rng), _roll(self.rng)]
        if self.luck[seat] < rules.luck_max:
            self.luck[seat] += 1
        self.locked |= 1 << seat
        if rules.blind_resets_passes:
            self.passed = 0

    def _answer_pip(self, action: YessirAction) -> None:
        """J9: keep the rerolled die, or move it one pip up or down; then the turn passes."""
        die = self.pip_die
        kind = action.kind
        if kind == UP:
            self.shared[die] = self.shared[die] % 6 + 1
        elif kind == DOWN:
            self.shared[die] = (self.shared[die] - 2) % 6 + 1
        self.pip_die = -1
        self.phase = TURNS
        self._advance(self.current)

    def _advance(self, seat: int) -> None:
        """J8: the turns end once every unlocked player has passed since the last a/b/c (or none is unlocked)."""
        game = self.game
        locked = self.locked
        unlocked = game.everyone & ~locked
        if self.passed & unlocked == unlocked:
            self._reveal()
            return
        n = game.num_players
        step = game.step
        p = seat
        while True:
            p = (p + step) % n
            if not locked >> p & 1:
                break
        self.current = p

    # ---- the reveal (J10-J14) ------------------------------------------------------------------------
    def hand_keys(self) -> list[int]:
        """Every seat's hand strength now (J11-J12; bigger wins)."""
        s0, s1, s2 = self.shared
        base = (((s0 - 1) * 6 + s1 - 1) * 6 + s2 - 1) * 36
        table = self.game.key_table
        return [table[base + d0 * 6 + d1 - 7] for d0, d1 in self.dice]

    def _reveal(self) -> None:
        keys = self.hand_keys()
        best = max(keys)
        holders = [p for p, k in enumerate(keys) if k == best]
        winner = holders[0] if len(holders) == 1 else None
        self._score_round(winner)
        self.last_round = self._round_record(keys, winner, holders)
        self._write_round_row(winner, holders)
        rules = self.game.rules
        if winner is not None and self.wins[winner] >= rules.rounds_to_win:
            self.winner_seats = [winner]
            self.phase = OVER
        else:
            self._start_round(self._next_roller(winner))

    def _score_round(self, winner: int | None) -> None:
        """J13: the winner's mat advances; everyone else gains 1 luck (after no winner: everyone, by the rules)."""
        rules = self.game.rules
        luck = self.luck
        top = rules.luck_max
        if winner is not None or rules.no_winner_luck_bonus_all:
            for p in range(len(luck)):
                if p != winner and luck[p] < top:
                    luck[p] += 1
        if winner is not None:
            self.wins[winner] += 1

    def _write_round_row(self, winner: int | None, holders: list[int]) -> None:
        """The round's row on the score sheet: a round win for its winner; with no winner, the seats that tied."""
        n = self.game.num_players
        marks: list[list[str]] = [[] for _ in range(n)]
        if winner is not None:
            marks[winner].append("won")
        else:
            for p in holders:
                marks[p].append("tied")
        points: list[int | None] = [int(p == winner) for p in range(n)]
        totals: list[int | None] = list(self.wins)
        self._write_sheet_row(self.round_no, points, totals, marks)

    def _round_record(self, keys: list[int], winner: int | None, holders: list[int]) -> RoundRecord:
        n = len(keys)
        shared = self.shared
        s0, s1, s2 = shared
        base = ((((s0 - 1) * 6 + s1 - 1) * 6 + s2 - 1) * 36) - 7
        mode = self.game.rules.tiebreak_sum
        hands = [sorted(shared + d, reverse=True) for d in self.dice]
        return {
            "round": self.round_no, "roller": self.roller, "shared": list(self.shared),
            "dice": [list(d) for d in self.dice], "hands": hands,
            "categories": [CATEGORY_NAMES[key_category(k)] for k in keys],
            "descriptions": [roll_facts(base + d0 * 6 + d1, mode).description for d0, d1 in self.dice],
            "ranking": sorted(range(n), key=lambda p: -keys[p]),
            "places": [1 + sum(k > keys[p] for k in keys) for p in range(n)],
            "winner": winner, "tied": holders if winner is None else [],
            "wins": list(self.wins), "luck": list(self.luck),
        }

    def _next_roller(self, winner: int | None) -> int:
        """J5: the round's winner rolls next; after no winner the same roller again, or the next seat."""
        if winner is not None:
            return winner
        if self.game.rules.no_winner_roller == "previous":
            return self.roller
        return (self.roller + self.game.step) % self.game.num_players

    # ---- views ----------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> YessirView:
        return build_view(self, seat)

    def previous_log(self) -> tuple[tuple[int, str], ...]:
        """The previous round's ``(seat, action)`` pairs, the action that brought its reveal included."""
        previous = self._prev_log
        if previous is None:  # the round's last action is in the history once apply() returns: made now, once
            a, b = self.prev_round_start, self.round_start
            previous = self._prev_log = tuple(zip(self.actors[a:b], [x.text for x in self.history[a:b]]))
        return previous

    def reveal_template(self) -> RevealView | None:
        """``last_round`` as the views show it (not a copy: views copy it), made once per reveal."""
        record = self.last_round
        if record is None:
            return None
        if self._reveal_of is not record or self._reveal_view is None:
            self._reveal_view = make_reveal_view(record, self.game.rules.tiebreak_sum)
            self._reveal_of = record
        return self._reveal_view

    # ---- copies -------------------------------------------------------------------------------------------
    def _copy_into(self, s: YessirState) -> None:
        s.actors = list(self.actors)
        s.round_start, s.prev_round_start, s._prev_log = self.round_start, self.prev_round_start, self._prev_log
        s.seen = list(self.seen)
        s.round_no, s.roller, s.current, s.phase = self.round_no, self.roller, self.current, self.phase
        s.shared = list(self.shared)
        s.dice = [list(d) for d in self.dice]
        s.luck, s.wins = list(self.luck), list(self.wins)
        s.locked, s.passed, s.pip_die = self.locked, self.passed, self.pip_die
        s.last_round = self.last_round  # never changed once made; views hand out copies
        s._reveal_view, s._reveal_of = self._reveal_view, self._reveal_of
        s.winner_seats = list(self.winner_seats)

    def _to_dict(self) -> dict[str, Any]:
        n = self.game.num_players
        return {
            "rng": self.rng.state, "round": self.round_no, "roller": self.roller, "current": self.current,
            "phase": PHASE_NAMES[self.phase], "shared": self.shared, "dice": self.dice,
            "luck": self.luck, "wins": self.wins,
            "locked": flags(self.locked, n),
            "passed": flags(self.passed, n),
            "pip_die": self.pip_die, "last_round": self.last_round,
            "round_start": self.round_start, "previous_round_start": self.prev_round_start,
            "actors": self.actors, "winners": self.winner_seats,
            "before": [table_before(x, self.game.num_players) for x in self.seen],
        }


def _turn_actions(rules: YessirRules, luck: int) -> tuple[YessirAction, ...]:
    """The turn actions legal at ``luck`` (J3, CE10): a paid action may not take the die below its floor."""
    slack = luck - rules.luck_min
    if slack < 0:
        return ()
    return (A.D, A.E) if slack == 0 else (A.A1, A.A2, A.A3, A.D, A.E) if slack == 1 else A.TURN_ACTIONS


def _luck_after(rules: YessirRules, action: YessirAction, luck: int) -> int:
    """The luck die after ``action`` (J3, J6): paid actions lower it, e raises it by one but never above the top."""
    return min(luck + action.luck_delta, rules.luck_max) if action.luck_delta > 0 else luck + action.luck_delta


def _seen(table: TableBefore) -> Seen:
    """A view's (or a saved state's) table before a move, as the state keeps it."""
    return tuple(table["shared"]), tuple(table["luck"]), _bits(table["locked"]), _bits(table["passed"])


def _bits(flags: list[bool]) -> int:
    out = 0
    for p, flag in enumerate(flags):
        if flag:
            out |= 1 << p
    return out


YessirGame.STATE = YessirState
