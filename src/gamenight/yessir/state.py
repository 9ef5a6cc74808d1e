"""YESSIR!/JATAK!: the game (rules) and the state of a whole match (RULES.md section C).

A match is a series of rounds (J4). Each round: the roller rolls the three shared dice and everyone
rolls two personal dice (J5, chance inside the state's Rng); turns go round the table from the roller,
each turn one of the actions a-e (J6-J8), until every player not locked has said Yessir since the last
reroll of a, b or c; then the hands are revealed and ranked (J10-J12), the winner's mat advances and
everyone else gains luck (J13). The first to ``rounds_to_win`` round wins takes the match (J14).
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.game import Game, State
from ..core.rng import Rng
from . import actions as A
from .actions import BLIND, DOWN, REROLL_ONE, REROLL_OWN, REROLL_SHARED, UP, YESSIR, YessirAction
from .hands import CATEGORY_NAMES, KEY_TABLES, describe, key_category
from .rules import YessirRules

TURNS, PIP, OVER = range(3)
PHASE_NAMES = ("turns", "pip", "over")

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


class YessirGame(Game):
    """YESSIR!/JATAK! for 2-6 players. ``gamenight.make("yessir", players=3, rules="short")``."""

    name = "yessir"
    title = "YESSIR!"
    RULES = YessirRules
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 6, 4

    def _check_table(self) -> None:
        r = self.rules
        n = self.num_players
        self.key_table = KEY_TABLES[r.tiebreak_sum]
        self.step = 1 if r.turn_direction == "increasing_seat" else n - 1
        self.rules_dict = r.to_dict()
        everyone = (A.A1, A.A2, A.A3, A.B, A.C, A.D, A.E)
        # legal turn actions by how far the luck die is above its floor (J3, CE10): 0, 1, 2 or more
        self.turn_actions = ((A.D, A.E), (A.A1, A.A2, A.A3, A.D, A.E), everyone)
        self.pip_actions = (A.PIP_KEEP, A.PIP_UP, A.PIP_DOWN)

    def _start_match(self, s: "YessirState", deal: dict | None = None) -> None:
        if deal is not None:
            raise ValueError("setting up a yessir deal is not built yet")
        n = self.num_players
        s.luck = [self.rules.luck_start] * n
        s.wins = [0] * n
        roller = 0 if self.rules.first_roller == "seat0" else s.rng.below(n)
        s._start_round(roller)

    def parse_action(self, text) -> YessirAction:
        return A.parse(text)

    @property
    def actions(self) -> tuple[YessirAction, ...]:
        return A.ACTIONS

    # ---- JSON and sampling ------------------------------------------------------------------
    def _state_from_dict(self, d: dict) -> "YessirState":
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
        return s

    def sample_state(self, view: dict, rng) -> "YessirState":
        """A full state consistent with ``view``: every public fact and the seat's own dice (when it has
        seen them) are kept; every die the seat cannot see is rolled afresh with ``rng``."""
        if view.get("game") != self.name:
            raise ValueError("not a YESSIR! view")
        seat = view["seat"]
        n = self.num_players
        s = YessirState(self)
        s.seed = None
        s.rng = Rng(rng.getrandbits(64))
        # the public logs (the round before, then this round) become the history, so the sampled state
        # shows the same view
        earlier, log = view["previous_log"], view["log"]
        s.history = [self.parse_action(text) for _, text in earlier + log]
        s.actors = [p for p, _ in earlier + log]
        s.prev_round_start, s.round_start = 0, len(earlier)
        s.round_no, s.roller = view["round"], view["roller"]
        s.current = view["current_player"] if view["current_player"] is not None else view["roller"]
        s.phase = PHASE_NAMES.index(view["phase"])
        s.shared = list(view["shared"])
        s.dice = [[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(n)]
        if seat is not None and view["dice"] is not None:
            s.dice[seat] = list(view["dice"])
        s.luck, s.wins = list(view["luck"]), list(view["wins"])
        s.locked = _bits(view["locked"])
        s.passed = _bits(view["passed"])
        s.pip_die = view["pip_die"] if view["pip_die"] is not None else -1
        s.last_round = _copy_summary(view["last_round"])
        s.winner_seats = list(view["winners"])
        return s


class YessirState(State):
    FINISHED_PHASE = OVER
    __slots__ = ("actors", "round_start", "prev_round_start", "_prev_log", "round_no",
                 "roller",
                 "current", "phase", "shared", "dice", "luck", "wins", "locked", "passed", "pip_die", "last_round",
                 "winner_seats")

    def __init__(self, game: YessirGame):
        super().__init__(game)
        self.actors = []
        self.round_start = 0
        self.prev_round_start = 0
        self._prev_log = None  # ((seat, text), ...) of the previous round, built at its first view
        self.round_no = 0
        self.last_round = None
        self.winner_seats = []
        self.pip_die = -1
        self.locked = 0
        self.passed = 0

    # ---- phase 1: the roll (J5) -------------------------------------------------------------------
    def _start_round(self, roller: int) -> None:
        rng = self.rng
        self.shared = [_roll(rng), _roll(rng), _roll(rng)]
        self.dice = [[_roll(rng), _roll(rng)] for _ in range(self.game.num_players)]
        self.round_no += 1
        self.prev_round_start = self.round_start  # the round just revealed is the previous log
        self._prev_log = None
        self.round_start = len(self.actors)
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

    def legal_actions(self) -> list[YessirAction]:
        phase = self.phase
        if phase == TURNS:
            game = self.game
            slack = self.luck[self.current] - game.rules.luck_min
            return list(game.turn_actions[slack if slack < 2 else 2])
        if phase == PIP:
            return list(self.game.pip_actions)
        return []

    def _why_illegal(self, action: YessirAction) -> str:
        kind = action.kind
        if self.phase == PIP:
            return f"; die {self.pip_die + 1} was rerolled to the same face: first choose keep, up or down"
        if kind >= A.KEEP:
            return "; keep, up and down answer a pip-change reroll only"
        luck = self.luck[self.current]
        return (f"; it costs {-action.luck_delta} luck and the luck die shows {luck} "
                f"(it may not go below {self.game.rules.luck_min})")

    def _apply(self, action: YessirAction) -> None:
        seat = self.current
        self.actors.append(seat)
        kind = action.kind
        if self.phase == PIP:  # J9: the answer to a same-face reroll
            die = self.pip_die
            if kind == UP:
                self.shared[die] = self.shared[die] % 6 + 1
            elif kind == DOWN:
                self.shared[die] = (self.shared[die] - 2) % 6 + 1
            self.pip_die = -1
            self.phase = TURNS
            self._advance(seat)
            return
        rng = self.rng
        if kind == YESSIR:
            self.passed |= 1 << seat
        elif kind == REROLL_ONE:
            self.luck[seat] -= 1
            die = action.die
            before = self.shared[die]
            after = self.shared[die] = _roll(rng)
            self.passed = 0
            if after == before and self.game.rules.pip_change:
                self.pip_die = die
                self.phase = PIP
                return
        elif kind == REROLL_SHARED:
            self.luck[seat] -= 2
            self.shared = [_roll(rng), _roll(rng), _roll(rng)]
            self.passed = 0
        elif kind == REROLL_OWN:
            self.luck[seat] -= 2
            self.dice[seat] = [_roll(rng), _roll(rng)]
            self.passed = 0
        else:  # BLIND (J6 e): new dice nobody sees, one luck back, no more turns this round
            rules = self.game.rules
            self.dice[seat] = [_roll(rng), _roll(rng)]
            if self.luck[seat] < rules.luck_max:
                self.luck[seat] += 1
            self.locked |= 1 << seat
            if rules.blind_resets_passes:
                self.passed = 0
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """J8: the turns end once every unlocked player has passed since the last a/b/c (or none is unlocked)."""
        game = self.game
        n = game.num_players
        locked = self.locked
        unlocked = ((1 << n) - 1) & ~locked
        if self.passed & unlocked == unlocked:
            self._reveal()
            return
        step = game.step
        p = seat
        while True:
            p = (p + step) % n
            if not locked >> p & 1:
                break
        self.current = p

    # ---- phase 3: the reveal (J10-J14) ------------------------------------------------------------
    def hand_keys(self) -> list[int]:
        """Every seat's hand strength now (J11-J12; bigger wins)."""
        s0, s1, s2 = self.shared
        base = (((s0 - 1) * 6 + s1 - 1) * 6 + s2 - 1) * 36
        table = self.game.key_table
        return [table[base + d0 * 6 + d1 - 7] for d0, d1 in self.dice]

    def _reveal(self) -> None:
        game = self.game
        rules = game.rules
        n = game.num_players
        keys = self.hand_keys()
        best = max(keys)
        holders = [p for p in range(n) if keys[p] == best]
        winner = holders[0] if len(holders) == 1 else None
        luck = self.luck
        top = rules.luck_max
        if winner is not None or rules.no_winner_luck_bonus_all:
            for p in range(n):
                if p != winner and luck[p] < top:
                    luck[p] += 1
        if winner is not None:
            self.wins[winner] += 1
        mode = rules.tiebreak_sum
        hands = [sorted(self.shared + d, reverse=True) for d in self.dice]
        self.last_round = {
            "round": self.round_no, "roller": self.roller, "shared": list(self.shared),
            "dice": [list(d) for d in self.dice], "hands": hands,
            "categories": [CATEGORY_NAMES[key_category(k)] for k in keys],
            "descriptions": [_describe(tuple(h), mode) for h in hands],
            "ranking": sorted(range(n), key=lambda p: -keys[p]),
            "places": [1 + sum(k > keys[p] for k in keys) for p in range(n)],
            "winner": winner, "tied": holders if winner is None else [],
            "wins": list(self.wins), "luck": list(luck),
        }
        if winner is not None and self.wins[winner] >= rules.rounds_to_win:
            self.winner_seats = [winner]
            self.phase = OVER
            return
        if winner is not None:
            roller = winner
        elif rules.no_winner_roller == "previous":
            roller = self.roller
        else:
            roller = (self.roller + game.step) % n
        self._start_round(roller)

    # ---- views ----------------------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator): the shared dice, every luck die, mat and lock, the
        round's public actions, and the seat's own dice unless it rerolled them blind (action e)."""
        game = self.game
        n = game.num_players
        locked, passed = self.locked, self.passed
        over = self.phase == OVER
        blind = seat is not None and not over and bool(locked >> seat & 1)
        start = self.round_start
        previous = self._prev_log
        if previous is None:  # the round's last action is in the history once apply() returns: built now, once
            a = self.prev_round_start
            previous = self._prev_log = tuple(zip(self.actors[a:start], [x.text for x in self.history[a:start]]))
        return {
            "game": "yessir", "seat": seat, "players": n, "rules": dict(game.rules_dict),
            "round": self.round_no, "roller": self.roller, "current_player": None if over else self.current,
            "phase": PHASE_NAMES[self.phase],
            "shared": list(self.shared),
            "dice": None if seat is None or blind else list(self.dice[seat]),
            "blind": blind,
            "luck": list(self.luck), "wins": list(self.wins), "scores": list(self.wins),
            "rounds_to_win": game.rules.rounds_to_win,
            "locked": [bool(locked >> p & 1) for p in range(n)],
            "passed": [bool(passed >> p & 1) for p in range(n)],
            "pip_die": self.pip_die if self.phase == PIP else None,
            "log": [[p, a.text] for p, a in zip(self.actors[start:], self.history[start:])],
            "previous_log": [[p, text] for p, text in previous],
            "last_round": _copy_summary(self.last_round),
            "is_over": over, "winners": list(self.winner_seats),
        }

    # ---- copies -------------------------------------------------------------------------------------------
    def _copy_into(self, s: "YessirState") -> None:
        s.actors = list(self.actors)
        s.round_start, s.prev_round_start, s._prev_log = self.round_start, self.prev_round_start, self._prev_log
        s.round_no, s.roller, s.current, s.phase = self.round_no, self.roller, self.current, self.phase
        s.shared = list(self.shared)
        s.dice = [list(d) for d in self.dice]
        s.luck, s.wins = list(self.luck), list(self.wins)
        s.locked, s.passed, s.pip_die = self.locked, self.passed, self.pip_die
        s.last_round = self.last_round  # never mutated once made; views hand out copies
        s.winner_seats = list(self.winner_seats)

    def _to_dict(self) -> dict:
        n = self.game.num_players
        return {
            "rng": self.rng.state, "round": self.round_no, "roller": self.roller, "current": self.current,
            "phase": PHASE_NAMES[self.phase], "shared": self.shared, "dice": self.dice,
            "luck": self.luck, "wins": self.wins,
            "locked": [bool(self.locked >> p & 1) for p in range(n)],
            "passed": [bool(self.passed >> p & 1) for p in range(n)],
            "pip_die": self.pip_die, "last_round": self.last_round,
            "round_start": self.round_start, "previous_round_start": self.prev_round_start,
            "actors": self.actors, "winners": self.winner_seats,
        }


_DESCRIPTIONS: dict[tuple, str] = {}


def _describe(hand: tuple, mode: str) -> str:
    """hands.describe, remembered: at most 252 hands x 2 modes, and the reveal is on the hot path."""
    key = (hand, mode)
    text = _DESCRIPTIONS.get(key)
    if text is None:
        text = _DESCRIPTIONS[key] = describe(hand, mode)
    return text


def _bits(flags) -> int:
    out = 0
    for p, flag in enumerate(flags):
        if flag:
            out |= 1 << p
    return out


def _copy_summary(summary):
    if summary is None:
        return None
    return {k: ([list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v)
            for k, v in summary.items()}


YessirGame.STATE = YessirState
