"""The engine contract: every game is a :class:`Game` (a rules configuration) that makes
:class:`State` objects (a whole match, dealt and ready to play).

A game plugs in by subclassing both and implementing their abstract methods (marked "game implements").
Everything shared lives here once: a new match from a seed (``Game.new``), the action table's ids,
string actions, legality checks that leave the state unchanged, the seat check of views, records, masks.
"""
from __future__ import annotations

import abc
import enum
import json
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, cast

from .checks import is_whole_number, whole_number
from .errors import IllegalAction, RulesError
from .guide import Guide, GuideWriter
from .options import Rules
from .rng import Rng
from .text import Text

if TYPE_CHECKING:
    from .coach import Coach, CoachedHand
    from .encoding import Encoding
    from .views import Described, ScoreSheet, SheetRow, View

R = TypeVar("R", bound=Rules)
S = TypeVar("S", bound="State[Any, Any]")
G = TypeVar("G", bound="Game[Any, Any]")
A = TypeVar("A", bound="Action")


class Action:
    """Base of every game's actions: an interned, immutable object with a dense ``id``.

    Games build each action once in a table, so equality is identity and ``legal_actions()``
    builds no action objects per call (only the list, which belongs to the caller).
    """

    __slots__ = ("id", "text")

    def __init__(self, id: int, text: str):
        self.id = id
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Action) and type(other) is type(self) and other.id == self.id)

    def __hash__(self) -> int:
        return hash(self.id)


class Utility(enum.Enum):
    """How the seats' returns of every finished match add up: OpenSpiel's ``GameType.Utility``, by the same names."""

    ZERO_SUM = "zero_sum"            # to 0
    CONSTANT_SUM = "constant_sum"    # to the same number (``Game.utility_sum``)
    GENERAL_SUM = "general_sum"      # to anything
    IDENTICAL = "identical"          # every seat gets the same


class Game(abc.ABC, Generic[R, S]):
    """A game with fixed rules and number of players (like OpenSpiel's ``Game``), typed by its rules ``R`` and
    its state ``S``. Besides its rules and actions, a game states the facts programs need about it: how long a
    match can be (``MAX_GAME_LENGTH``), how its returns add up (``UTILITY``, ``utility_sum``), the points that
    decide a match (``score_scale``), its observation encoding (``encoding``), its guide and its terminal renderer
    (``RENDERER``)."""

    name: ClassVar[str]
    title: ClassVar[str]
    RULES: ClassVar[type[Rules]]
    STATE: ClassVar[type[State[Any, Any]]]   # the game's state class, which ``new`` makes
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    DEFAULT_PLAYERS: ClassVar[int]
    #: A uniformly random match at any allowed rules ends within this many actions (each game's bounds test,
    #: tests/<game>/test_<game>_bounds.py, measures and checks it): OpenSpiel's ``max_game_length``. A game that
    #: states none gets ``play_match``'s guard.
    MAX_GAME_LENGTH: ClassVar[int] = 1_000_000
    #: How the returns of every finished match add up (``State.returns``: the winners share 1.0).
    UTILITY: ClassVar[Utility] = Utility.CONSTANT_SUM
    #: The dotted name of the module whose ``Renderer`` class draws this game in the terminal (``gamenight.cli``
    #: imports it; the core never does); None: the terminal's generic renderer.
    RENDERER: ClassVar[str | None] = None
    rules: R

    def __init__(self, players: int | None = None, rules: str | Rules | dict[str, Any] | None = None,
                 **overrides: Any):
        if players is None:
            players = self.DEFAULT_PLAYERS
        players = whole_number(players, "players", error=RulesError)
        if not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise RulesError(Text("{game} is for {low} to {high} players, not {players}", game=Text(self.title),
                                  low=self.MIN_PLAYERS, high=self.MAX_PLAYERS, players=players))
        if isinstance(rules, Rules) and not isinstance(rules, self.RULES):
            raise RulesError(Text("these are {rules} rules, not {game} rules", rules=Text(rules.game_title()),
                                  game=Text(self.title)))
        if isinstance(rules, Rules):
            built = rules if not overrides else self.RULES.from_dict({**rules.to_dict(), **overrides})
        elif isinstance(rules, dict):
            # a partial dict starts from its preset (so {"preset": "common"} means that preset), and an
            # unknown preset name is refused; a full dict (Rules.to_dict, a record) gives exactly its values
            values = {k: v for k, v in {**rules, **overrides}.items() if k != "preset"}
            built = self.RULES.build(rules.get("preset"), **values)
        else:
            built = self.RULES.build(rules, **overrides)
        self.num_players = players
        self.rules = built  # type: ignore[assignment]  # the game's RULES class made it: an R
        self._rules_dict = built.to_dict()  # kept for rules_copy(); the rules are frozen
        # most games' options are plain values: a flat copy of them then shares nothing, and is much faster
        self._rules_flat = all(type(v) in _PLAIN for v in self._rules_dict.values())
        self._check_table()

    def __repr__(self) -> str:
        return f"gamenight.make({self.name!r}, players={self.num_players}, rules={self.rules.preset!r})"

    def _check_table(self) -> None:
        """Game may check here that its rules fit its number of players (raise RulesError)."""

    # ---- game implements --------------------------------------------------------------------
    @abc.abstractmethod
    def _state_from_dict(self, data: dict[str, Any]) -> S:
        """The state a ``to_json`` dict describes."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (the notation ``str(action)`` prints); IllegalAction if malformed."""

    @property
    @abc.abstractmethod
    def actions(self) -> Sequence[Action]:
        """Every action of this game (with these rules and players), the one whose id is ``i`` at index ``i``."""

    @abc.abstractmethod
    def sample_state(self, view: View, rng: Any) -> S:
        """A full state consistent with ``view``: what the view shows is kept, the rest is dealt at random."""

    def describe(self, action: Action | str) -> Described:
        """What ``action`` (an action or its notation) does, as a small JSON-ready record a reader draws from
        instead of reading the notation again: ``{"kind": ...}`` and the game's own fields (each game's docs page,
        "Actions described"). A new dict the caller owns. It says only what the action itself names, so describing
        a seat's own action tells nothing hidden; the views describe other seats' moves from what each seat may
        know (``log_described``). The game writes it (IllegalAction for notation that names no action)."""
        raise NotImplementedError(f"{self.title} does not describe its actions yet")

    def score_scale(self) -> float:
        """The points (balls, round wins) that decide a match with these rules: the scale of scores and of hand
        rewards for learning programs (Yaniv: the elimination limit; Gin Rummy: the target score)."""
        raise NotImplementedError(f"{self.title} has no score scale yet")

    def encoding(self) -> Encoding[S]:
        """This game's observation encoding for learning programs (``gamenight.rl``): its ``encoding`` module,
        which ``gamenight.core.encoding.Encoding`` describes. ValueError for a game without one."""
        raise ValueError(f"the game {self.name!r} has no observation encoding (gamenight.{self.name}.encoding)")

    def _guide_writer(self) -> GuideWriter[Self]:
        """The game's ``guide`` module, which writes its guide and rules summary (core/guide.py)."""
        raise NotImplementedError(f"{self.title} has no guide yet")

    def _coach_class(self) -> type[Coach[Any]]:
        """The game's ``coach`` module's :class:`~gamenight.core.coach.Coach`, which says its facts (core/coach.py)."""
        raise NotImplementedError(f"{self.title} has no coach yet")

    # ---- shared -------------------------------------------------------------------------------
    def coach(self, iterations: int | None = None) -> Coach[Self]:
        """The coach of a first hand at this table (core/coach.py): ``advice(view, legal)`` at each decision,
        ``explain(before, action, after)`` after each move; ``iterations``: the expert's rollouts for its win
        estimates (0: none; None: ``coach.ESTIMATE_ITERATIONS``)."""
        from .coach import ESTIMATE_ITERATIONS
        return self._coach_class()(self, ESTIMATE_ITERATIONS if iterations is None else iterations)

    def coached_players(self) -> list[int]:
        """The numbers of players this game has a coached hand for, fewest first."""
        return sorted(self._coach_class().HANDS)

    def learning_players(self) -> int:
        """The number of players a newcomer learns this game at: this table's where it has a coached hand, else the
        nearest that has one (the fewer players on a tie)."""
        return min(self.coached_players(), key=lambda n: (abs(n - self.num_players), n))

    def coached_hand(self) -> CoachedHand:
        """The fixed deal a newcomer learns this game on, for this many players (ValueError: none for them)."""
        return self._coach_class().hand_for(self.num_players)

    @property
    def utility_sum(self) -> float | None:
        """What the returns of every finished match add up to (None unless ``UTILITY`` is constant-sum): 1.0, as
        the winners share 1.0; a game whose every winning seat gets 1.0 overrides it (Thunee: the team's size)."""
        return 1.0 if self.UTILITY is Utility.CONSTANT_SUM else 0.0 if self.UTILITY is Utility.ZERO_SUM else None

    def guide(self) -> Guide:
        """How to play this game with these rules (the game's ``guide`` module writes it; see core/guide.py)."""
        return self._guide_writer().guide(self)

    def rules_summary(self) -> list[Text]:
        """This table's rules in a few plain sentences, for a person: the numbers that matter, then each choice
        that differs from the usual (``["Yaniv at 7 or less.", "Out above 100.", ...]``); the web table's "Rules of
        this table" and ``gamenight rules`` show them. The game's guide writes them (its last section)."""
        return self._guide_writer().summary(self)

    def new(self, seed: int | None = None, deal: dict[str, Any] | None = None) -> S:
        """A new match dealt from ``seed`` (None: a fresh random seed, which the state records).

        ``deal`` sets up the first hand by hand, as python-chess sets up a board from a FEN: which cards (or dice)
        each seat and the table start with, in the game's own notation; each game's docs page lists its fields
        ("Setting up a position"), and whatever the deal leaves out is dealt by the seed from what is left. The
        record of such a match is not replayable from its seed alone (its ``deal`` is part of it)."""
        if seed is None:
            seed = self.fresh_seed()
        if deal is not None and not isinstance(deal, dict):
            raise ValueError(f"a deal is a dict of the game's deal fields, not {deal!r}")
        state: S = self.STATE(self)  # type: ignore[assignment]
        state.seed = whole_number(seed, "seed")
        state.deal = copy_json(deal)
        state.rng = Rng(state.seed)
        state._start_match(deal)  # noqa: SLF001  # template method: Game.new has its own State deal
        return state

    @property
    def num_distinct_actions(self) -> int:
        """How many actions the game has: ids run from 0 to this minus one (OpenSpiel's name)."""
        return len(self.actions)

    def action_from_id(self, action_id: int) -> Action:
        table = self.actions
        if not is_whole_number(action_id) or not 0 <= action_id < len(table):
            raise IllegalAction(Text("no action has id {id} (ids are 0..{last})", id=repr(action_id),
                                     last=len(table) - 1))
        return table[action_id]

    def rules_copy(self) -> dict[str, Any]:
        """``rules.to_dict()`` as a new dict the caller owns, copied from one kept copy (views carry it)."""
        if self._rules_flat:
            return dict(self._rules_dict)
        copied: dict[str, Any] = copy_json(self._rules_dict)
        return copied

    def action_id(self, action: Action | str) -> int:
        return (self.parse_action(action) if isinstance(action, str) else action).id

    def state_from_json(self, text: str) -> S:
        data = json.loads(text)
        if data.get("game") != self.name:
            raise ValueError(f"this JSON is a {data.get('game')!r} state, not {self.name!r}")
        if data.get("players") != self.num_players or data.get("rules") != self.rules.to_dict():
            # a state of other players or rules: the game of those reads it (given them as it writes them, so
            # that it takes the state for its own; no game's state reads them)
            game = type(self)(players=data.get("players"), rules=data.get("rules"))
            return game.state_from_json(json.dumps({**data, "players": game.num_players,
                                                    "rules": game.rules.to_dict()}))
        state: S = self._state_from_dict(data)
        state.deal = data.get("deal")
        state.sheet = data["sheet"] if "sheet" in data else self._sheet_by_replay(state)
        return state

    def _sheet_by_replay(self, state: State[Any, Any]) -> list[SheetRow]:
        """The score sheet of a state saved before states kept one: its record replayed (none if sampled)."""
        again = self._replayed(state)
        return [] if again is None else again.sheet

    def _replayed(self, state: State[Any, Any]) -> S | None:
        """``state``'s record played again from its seed and deal, for what an older saved state lacks (None for a
        sampled state, which has no seed)."""
        if state.seed is None:
            return None
        again = self.new(state.seed, deal=state.deal)
        for action in state.history:
            again.apply(action)
        return again

    @staticmethod
    def fresh_seed() -> int:
        return int.from_bytes(os.urandom(8), "little") >> 1


class State(abc.ABC, Generic[G, A]):
    """A whole match in progress, of the game ``G`` whose actions are ``A``. Subclasses keep their fields in
    ``__slots__`` (for speed, and so that a misspelt field is an error, not a new attribute)."""

    # what every game's state has; a game's state class adds its own fields in its __slots__
    __slots__ = ("game", "seed", "deal", "rng", "history", "sheet", "_legal")
    game: G
    seed: int | None
    deal: dict[str, Any] | None    # the first hand as set up by hand (``Game.new(deal=...)``), else None
    rng: Rng
    history: list[A]
    sheet: list[SheetRow]          # the score sheet's rows, one per finished hand (never changed once written)
    _legal: list[A] | None         # the legal actions of this position, once asked for (the core's cache)

    def __init__(self, game: G):
        self.game = game
        self.deal = None
        self.history = []
        self.sheet = []
        self._legal = None

    #: A game whose state keeps ``phase``, ``current`` and ``winner_seats`` names the phase of a finished
    #: match here and gets ``current_player``, ``is_over`` and ``winners`` as below; others override them.
    FINISHED_PHASE: ClassVar[int] = -1

    @property
    def current_player(self) -> int | None:
        return None if self.phase == self.FINISHED_PHASE else self.current  # type: ignore[attr-defined]

    @property
    def is_over(self) -> bool:
        return bool(self.phase == self.FINISHED_PHASE)  # type: ignore[attr-defined]

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)  # type: ignore[attr-defined]

    # ---- game implements ----------------------------------------------------------------------
    @abc.abstractmethod
    def _legal_now(self) -> list[A]:
        """The legal actions of this position, sorted by id (none once the match is over). The core asks once per
        position and keeps the list until the next action, never changing it: it may be a list the game shares
        (a table's), which nobody else changes either (``legal_actions`` gives callers a copy)."""

    @abc.abstractmethod
    def _start_match(self, deal: dict[str, Any] | None) -> None:
        """Deal the match's first hand (``Game.new`` calls this on the new state, whose ``seed``, ``rng`` and empty
        ``history`` are set): as ``deal`` says (the game documents its fields; what it leaves out is dealt by the
        seed), else by the seed. A deal that cannot be (a card twice, a hand of the wrong size) raises ValueError
        saying what is wrong."""

    @abc.abstractmethod
    def _apply(self, action: A) -> None:
        """Play a legal action (already checked): one of this position's ``_legal_now()``. The core forgets the
        position's legal actions after it."""

    @property
    @abc.abstractmethod
    def scores(self) -> list[Any]:
        """Each seat's score as the game counts it (points, balls, wins)."""

    @abc.abstractmethod
    def _view(self, seat: int | None) -> View:
        """What ``seat`` (already checked: a seat of this game, or None) may know."""

    @abc.abstractmethod
    def _to_dict(self) -> dict[str, Any]:
        """Every field of the state, as JSON-serialisable data (``to_json`` adds the record's fields)."""

    @abc.abstractmethod
    def _copy_into(self, other: Any) -> None:
        """Copy this game's own fields into ``other``, a new object of the same class whose shared fields (game,
        seed, deal, rng, history) are already copied; nothing may be shared that either one will change."""

    @property
    def hands_played(self) -> int:
        """Hands (deals, rounds) started so far in this match; games with several hands override it."""
        return 1

    #: the score sheet's unit, whether the lower total is the better, and the meaning of each mark a row may carry
    SHEET_UNIT: ClassVar[str] = "points"
    SHEET_LOW_WINS: ClassVar[bool] = False
    SHEET_MARKS: ClassVar[dict[str, str]] = {}

    def sheet_columns(self) -> list[list[int]]:
        """The seats each score sheet column counts for (a new list): one column per seat unless the game
        overrides it (Thunee: one per team)."""
        return [[seat] for seat in range(self.game.num_players)]

    def _write_sheet_row(self, hand: int, points: list[int | None], totals: list[int | None],
                         marks: list[list[str]] | None = None) -> None:
        """The game calls this as a hand ends: hand ``hand``'s row on the score sheet, one entry per column."""
        row: SheetRow = {"hand": hand, "points": list(points), "totals": list(totals),
                         "marks": [list(m) for m in marks] if marks else [[] for _ in points]}
        self.sheet.append(row)

    # ---- shared -------------------------------------------------------------------------------
    def legal_actions(self) -> list[A]:
        """The legal actions, sorted by id, in a new list the caller may change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        return list(legal)

    def legal_now(self) -> Sequence[A]:
        """The legal actions, sorted by id, without the copy ``legal_actions()`` makes: the engine's own list for
        this position, to read and never change. For programs that read the legal actions at every step and keep
        nothing of them (learning environments' masks, encoders, views, search)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        return legal

    def forget_legal(self) -> None:
        """Forget the legal actions kept for this position, after a program changed the state's fields outside the
        rules (an inference step that trades a sampled world's hidden cards): they are worked out again when next
        asked for."""
        self._legal = None

    def score_sheet(self) -> ScoreSheet:
        """The match's score sheet so far: one row per finished hand, with each column's points, total and
        marks (Yaniv's calls, Thunee's calls, a Gin knock...). Public: the same for every seat.

        >>> import gamenight
        >>> sheet = gamenight.make("yessir", players=2).new(seed=1).score_sheet()
        >>> sheet["columns"], sheet["unit"], sheet["rows"]
        ([[0], [1]], 'rounds', [])
        """
        return {"columns": self.sheet_columns(), "unit": self.SHEET_UNIT, "low_wins": self.SHEET_LOW_WINS,
                "marks": dict(self.SHEET_MARKS), "rows": copy_json(self.sheet)}

    def clone(self: S) -> S:
        """An independent copy of the state."""
        other = type(self).__new__(type(self))
        other.game, other.seed, other.deal, other.rng = self.game, self.seed, self.deal, Rng(self.rng.state)
        other.history = list(self.history)
        other.sheet = list(self.sheet)   # rows are never changed once written
        copy: State[Any, Any] = other    # a State: the core's own fields are its to copy
        copy._legal = self._legal        # never changed in place: shared until either one acts
        self._copy_into(other)
        return other

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know, as a JSON-serialisable dict the caller owns; ``None`` gives the spectators'
        view. Every game's view has the common fields of :class:`gamenight.core.views.View`."""
        if seat is not None:
            whole_number(seat, "seat", 0, self.game.num_players - 1)
        return self._view(seat)

    def apply(self: S, action: Action | str) -> S:
        """Play ``action`` (an action or its notation). Illegal or malformed: IllegalAction, state unchanged."""
        if self.current_player is None:
            raise IllegalAction(Text("the match is over; no action is legal (got {action})", action=str(action)))
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        chosen: Action
        if isinstance(action, str):
            try:
                chosen = self.game.parse_action(action)
            except IllegalAction as e:
                raise _with_legal(e, legal) from None
        elif not isinstance(action, Action):
            raise IllegalAction(Text("{action} is not an action; legal now: {legal}", action=repr(action),
                                     legal=_list(legal)))
        else:
            chosen = self._own_action(action, legal)
        try:
            own = legal[legal.index(chosen)]  # the legal list's object: an A
        except ValueError:
            raise self._refusal(cast(A, chosen), legal) from None
        self._apply(own)
        self._legal = None
        self.history.append(own)
        return self

    def apply_id(self: S, action_id: int) -> S:
        """Play the action whose id is ``action_id``: the same as ``apply(game.action_from_id(action_id))``, without
        the checks an action object or a notation needs (learning programs play by id, at every step). Not legal
        now: IllegalAction, state unchanged."""
        if self.current_player is not None:
            for own in self.legal_now():
                if own.id == action_id:
                    self._apply(own)
                    self._legal = None
                    self.history.append(own)
                    return self
        return self.apply(self.game.action_from_id(action_id))   # refused: apply says why

    def _own_action(self, action: Action, legal: list[A]) -> Action:
        """This game's action for ``action``. Actions compare by id, and an action object from another
        game's table (other rules, other player count) may share an id with a different action here,
        so such an object is read by its notation instead."""
        for a in legal:
            if a is action:
                return action
        try:
            own = self.game.action_from_id(action.id)
        except (ValueError, IndexError, TypeError):
            own = None
        if own is not None and str(own) == str(action):
            return own
        try:
            return self.game.parse_action(str(action))
        except IllegalAction as e:
            raise _with_legal(e, legal) from None

    def _refusal(self, action: A, legal: list[A]) -> IllegalAction:
        """The refusal of ``action``, one of this game's that is not legal now: why (if the game says), and what is."""
        why = self._why_illegal(action)
        if why is None:
            return IllegalAction(Text("{action} is not legal for seat {seat} now. Legal now: {legal}",
                                      action=str(action), seat=self.current_player, legal=_list(legal)))
        return IllegalAction(Text("{action} is not legal for seat {seat} now; {reason}. Legal now: {legal}",
                                  action=str(action), seat=self.current_player, reason=why, legal=_list(legal)))

    def _why_illegal(self, action: A) -> Text | None:
        """Game may say why ``action``, one of this game's, is not legal now (a clause: "you do not hold 7h")."""
        return None

    def returns(self) -> list[float]:
        """Per-seat outcome: winners share 1.0, everyone else 0.0; all 0.0 while the match runs."""
        n = self.game.num_players
        if not self.is_over:
            return [0.0] * n
        w = self.winners
        return [1.0 / len(w) if s in w else 0.0 for s in range(n)]

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.game.num_distinct_actions
        for a in self.legal_now():
            mask[a.id] = True
        return mask

    def record(self) -> dict[str, Any]:
        """The game record: replaying ``actions`` from ``seed`` with these rules gives this state. ``format``
        is the record format's version (``RECORD_FORMAT``), raised by any change that would replay differently."""
        if self.seed is None:
            raise ValueError("this state was sampled from a view; it has no replayable record")
        record = {"format": RECORD_FORMAT, "game": self.game.name, "players": self.game.num_players,
                  "rules": self.game.rules.to_dict(), "seed": self.seed, "actions": [str(a) for a in self.history]}
        if self.deal is not None:
            record["deal"] = copy_json(self.deal)
        return record

    def to_json(self) -> str:
        data = {"game": self.game.name, "players": self.game.num_players, "rules": self.game.rules.to_dict(),
                "seed": self.seed, "history": [str(a) for a in self.history]}
        if self.deal is not None:
            data["deal"] = self.deal
        data["sheet"] = self.sheet
        data.update(self._to_dict())
        return json.dumps(data, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.to_json() == self.to_json()

    __hash__ = None  # type: ignore[assignment]  # states are mutable: never dict keys


# The version of the record format. Records without one are of format 1 (the first). A change to any game that
# would make an existing record replay differently must raise this, and ``replay`` then refuses older records
# it cannot read, instead of replaying them wrong.
RECORD_FORMAT = 1

_PLAIN = frozenset((int, str, bool, float, type(None)))


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON-like value (dicts and lists of numbers, strings, booleans and None), much faster
    than ``copy.deepcopy`` or a JSON round trip; views are built often and must share nothing with the state."""
    if type(value) is dict:
        return {k: v if type(v) in _PLAIN else copy_json(v) for k, v in value.items()}
    if type(value) is list:
        return [v if type(v) in _PLAIN else copy_json(v) for v in value]
    return value


def _list(actions: Sequence[Action], limit: int = 40) -> str | Text:
    """The actions' notation, the first ``limit`` of them (and how many more)."""
    names = [str(a) for a in actions]
    if len(names) <= limit:
        return ", ".join(names)
    return Text("{actions} … ({more} more)", actions=", ".join(names[:limit]), more=len(names) - limit)


def _with_legal(error: IllegalAction, legal: Sequence[Action]) -> IllegalAction:
    """A notation's refusal, with the actions legal now."""
    return IllegalAction(Text("{error}. Legal now: {legal}", error=error.text, legal=_list(legal)))
