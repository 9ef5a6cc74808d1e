"""The engine contract: every game is a :class:`Game` (a rules configuration) that makes
:class:`State` objects (a whole match, dealt and ready to play).

A game plugs in by subclassing both and implementing the methods marked "game implements".
Everything shared (string actions, legality checks that leave the state unchanged, records,
masks) lives here once.
"""
from __future__ import annotations

import json
import os
from typing import Any, ClassVar

from .errors import IllegalAction, RulesError
from .options import Rules


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

    def __eq__(self, other):
        return self is other or (isinstance(other, Action) and type(other) is type(self) and other.id == self.id)

    def __hash__(self):
        return hash(self.id)


class Game:
    """A game with fixed rules and number of players (like OpenSpiel's ``Game``)."""

    name: ClassVar[str]
    title: ClassVar[str]
    RULES: ClassVar[type[Rules]]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    DEFAULT_PLAYERS: ClassVar[int]

    def __init__(self, players: int | None = None, rules: str | Rules | dict | None = None, **overrides):
        if players is None:
            players = self.DEFAULT_PLAYERS
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"players must be a whole number, not {players!r}")
        if not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise RulesError(f"{self.title} is for {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players, not {players}")
        if isinstance(rules, Rules) and not isinstance(rules, self.RULES):
            raise RulesError(f"these are {rules.game_title()} rules, not {self.title} rules")
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
        self.rules = built
        self._rules_dict = built.to_dict()  # kept for rules_copy(); the rules are frozen
        self._check_table()

    def __repr__(self):
        return f"gamenight.make({self.name!r}, players={self.num_players}, rules={self.rules.preset!r})"

    def _check_table(self) -> None:
        """Game implements when some rules do not fit some numbers of players (raise RulesError)."""

    # ---- game implements --------------------------------------------------------------------
    def new(self, seed: int | None = None) -> "State":
        raise NotImplementedError

    def _state_from_dict(self, data: dict) -> "State":
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (the notation ``str(action)`` prints); IllegalAction if malformed."""
        raise NotImplementedError

    @property
    def num_distinct_actions(self) -> int:
        raise NotImplementedError

    def action_from_id(self, action_id: int) -> Action:
        raise NotImplementedError

    def sample_state(self, view: dict, rng) -> "State":
        """A full state consistent with ``view``: what the view shows is kept, the rest is dealt at random."""
        raise NotImplementedError

    # ---- shared -------------------------------------------------------------------------------
    def rules_copy(self) -> dict:
        """``rules.to_dict()`` as a new dict the caller owns, copied from one kept copy (views carry it)."""
        return copy_json(self._rules_dict)

    def action_id(self, action: Action | str) -> int:
        return (self.parse_action(action) if isinstance(action, str) else action).id

    def state_from_json(self, text: str) -> "State":
        data = json.loads(text)
        if data.get("game") != self.name:
            raise ValueError(f"this JSON is a {data.get('game')!r} state, not {self.name!r}")
        if data.get("players") != self.num_players or data.get("rules") != self.rules.to_dict():
            game = type(self)(players=data.get("players"), rules=data.get("rules"))
            return game._state_from_dict(data)
        return self._state_from_dict(data)

    @staticmethod
    def fresh_seed() -> int:
        return int.from_bytes(os.urandom(8), "little") >> 1


class State:
    """A whole match in progress. Subclasses keep their fields in ``__slots__`` for speed."""

    game: Game
    seed: int | None
    history: list

    #: A game whose state keeps ``phase``, ``current`` and ``winner_seats`` names the phase of a finished
    #: match here and gets ``current_player``, ``is_over`` and ``winners`` as below; others override them.
    FINISHED_PHASE: ClassVar[int] = -1

    @property
    def current_player(self) -> int | None:
        return None if self.phase == self.FINISHED_PHASE else self.current

    @property
    def is_over(self) -> bool:
        return self.phase == self.FINISHED_PHASE

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats)

    # ---- game implements ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions, sorted by id, in a new list the caller may change."""
        raise NotImplementedError

    def _legal_now(self) -> list[Action]:
        """The legal actions for the engine's own checks, which never change the list. A game that keeps
        the list for the position overrides this to return it without the copy ``legal_actions`` makes."""
        return self.legal_actions()

    def _apply(self, action: Action) -> None:
        """Play a legal action (already checked)."""
        raise NotImplementedError

    @property
    def scores(self) -> list:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know, as a JSON-serialisable dict; ``None`` gives the spectators' view."""
        raise NotImplementedError

    def _to_dict(self) -> dict:
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    @property
    def hands_played(self) -> int:
        """Hands (deals, rounds) started so far in this match; games with several hands override it."""
        return 1

    # ---- shared -------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> "State":
        """Play ``action`` (an action or its notation). Illegal or malformed: IllegalAction, state unchanged."""
        if self.current_player is None:
            raise IllegalAction(f"the match is over; no action is legal (got {action!s})")
        legal = self._legal_now()
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except IllegalAction as e:
                raise IllegalAction(f"{e}. Legal now: {_list(legal)}") from None
        elif not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action; legal now: {_list(legal)}")
        else:
            action = self._own_action(action, legal)
        if action not in legal:
            raise IllegalAction(f"{action} is not legal for seat {self.current_player} now"
                                f"{self._why_illegal(action)}. Legal now: {_list(legal)}")
        self._apply(action)
        self.history.append(action)
        return self

    def _own_action(self, action: Action, legal: list[Action]) -> Action:
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
            raise IllegalAction(f"{e}. Legal now: {_list(legal)}") from None

    def _why_illegal(self, action: Action) -> str:
        """Game may add a reason (starting with '; ')."""
        return ""

    def returns(self) -> list[float]:
        """Per-seat outcome: winners share 1.0, everyone else 0.0; all 0.0 while the match runs."""
        n = self.game.num_players
        if not self.is_over:
            return [0.0] * n
        w = self.winners
        return [1.0 / len(w) if s in w else 0.0 for s in range(n)]

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.game.num_distinct_actions
        for a in self._legal_now():
            mask[a.id] = True
        return mask

    def record(self) -> dict:
        """The game record: replaying ``actions`` from ``seed`` with these rules gives this state."""
        if self.seed is None:
            raise ValueError("this state was sampled from a view; it has no replayable record")
        return {"game": self.game.name, "players": self.game.num_players, "rules": self.game.rules.to_dict(),
                "seed": self.seed, "actions": [str(a) for a in self.history]}

    def to_json(self) -> str:
        data = {"game": self.game.name, "players": self.game.num_players, "rules": self.game.rules.to_dict(),
                "seed": self.seed, "history": [str(a) for a in self.history]}
        data.update(self._to_dict())
        return json.dumps(data, separators=(",", ":"))

    def __eq__(self, other):
        return isinstance(other, State) and other.to_json() == self.to_json()

    __hash__ = None  # states are mutable


_PLAIN = frozenset((int, str, bool, float, type(None)))


def copy_json(value):
    """A deep copy of a JSON-like value (dicts and lists of numbers, strings, booleans and None), much faster
    than ``copy.deepcopy`` or a JSON round trip; views are built often and must share nothing with the state."""
    if type(value) is dict:
        return {k: v if type(v) in _PLAIN else copy_json(v) for k, v in value.items()}
    if type(value) is list:
        return [v if type(v) in _PLAIN else copy_json(v) for v in value]
    return value


def _list(actions, limit: int = 40) -> str:
    names = [str(a) for a in actions]
    more = f" … ({len(names) - limit} more)" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more
