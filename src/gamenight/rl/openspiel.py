"""Every gamenight game as an OpenSpiel game (docs/rl.md, "OpenSpiel").

``register_openspiel()`` registers each game with ``pyspiel`` as a Python game named ``python_gamenight_<game>``,
so OpenSpiel's algorithms, bots and tests load it as they load their own::

    import pyspiel
    from gamenight.rl import register_openspiel

    register_openspiel()
    game = pyspiel.load_game("python_gamenight_yaniv", {"players": 3, "rules": "single_round"})
    state = game.new_initial_state()      # a chance node: the deal
    state.apply_action(0)                 # deals (the match's seed is drawn from the game's seed)

Game parameters (all optional): ``players`` (the table size; the game's default otherwise), ``seed`` (the deals:
-1, the default, draws them from the operating system; a number makes a freshly loaded game deal the same
matches again), ``rules`` (a preset name, or a JSON object of options such as ``{"single_hand": true}``, with
an optional ``"preset"``; "" is the game's default rules) and ``max_game_length`` (0, the default, is the game's
documented bound, its ``Game.MAX_GAME_LENGTH``; a match still running after that many moves ends as a draw).

How the games fit OpenSpiel's model (each choice is explained in docs/rl.md):

- **Chance is sampled** (``ChanceMode.SAMPLED_STOCHASTIC``). The engine draws every card and die from a seeded
  generator inside the state, and a state's clone replays identically. The initial state is one chance node with
  one outcome, ``deal``, whose application draws the match's seed from the game's generator and deals; the later
  deals, stock reshuffles and dice happen inside the players' moves, from the state's own generator. So a state
  is not a function of its action history, as OpenSpiel's sampled-stochastic games allow.
- **Utilities are the engine's returns**, at the end only (``RewardModel.TERMINAL``): the winners share 1.0
  (Thunee: every seat of the winning team gets 1.0), everyone else 0. The sum is the same for every match
  (``Utility.CONSTANT_SUM``, the game's ``UTILITY``; its ``utility_sum``: 1, Thunee the team's size); a match stopped
  by ``max_game_length`` is a draw: every seat gets that sum over the number of players.
- **Observations are a seat's view**: the observation tensor is ``gamenight.rl.observations.encode`` of the
  view, the observation string the view as canonical JSON; the public observation is the spectators' view.
- **Information states have perfect recall**: the string is the seat's current view followed by a SHA-256 digest
  of every view the seat was shown before, in order. Views only carry the current and the last hand's moves, so
  the digest is what makes two different pasts two different information states. The digests are computed
  lazily: a move only records the action, and the first information-state request after some moves replays them
  from the last point asked about. There is no information-state tensor (``provides_information_state_tensor``
  is False): a fixed-length tensor of a whole match's history would be huge.
- ``resample_from_infostate(player, sampler)`` deals a world with the game's ``sample_state`` from the player's
  view (seeded by the sampler), which IS-MCTS needs; the player's information state is kept exactly.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterable
from typing import Any

try:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError("gamenight.rl.openspiel needs OpenSpiel: pip install 'gamenight[openspiel]' "
                      "(or pip install open_spiel)") from error
import numpy as np

from ..core.game import Action, Game, State
from ..core.registry import game_class
from ..core.registry import games as game_names
from .observations import encode, observation_size

AnyGame = Game[Any, Any]
AnyState = State[Any, Any]

PREFIX = "python_gamenight_"

#: the one chance outcome: the deal (its result is sampled from the game's generator)
DEAL = 0


def short_name(game: str) -> str:
    """The OpenSpiel name of a gamenight game: ``python_gamenight_<game>``."""
    return PREFIX + game


def register_openspiel(games: Iterable[str] | None = None) -> list[str]:
    """Register every gamenight game (or the ones named) with ``pyspiel`` as a Python game; return their
    OpenSpiel names. Calling it again is harmless: a game already registered stays as it is."""
    names = list(game_names() if games is None else games)
    registered = set(pyspiel.registered_names())
    out = []
    for name in names:
        game_class(name)  # an unknown game: RulesError naming the games
        if short_name(name) not in registered:
            pyspiel.register_game(game_type(name), game_class_for(name))
        out.append(short_name(name))
    return out


#: the OpenSpiel game class of each registered game (pyspiel keeps a reference to it until the interpreter exits)
GAME_CLASSES: dict[str, type[OpenSpielGame]] = {}


def game_class_for(name: str) -> type[OpenSpielGame]:
    """The OpenSpiel game class of the gamenight game ``name`` (a subclass of ``OpenSpielGame`` per game, made once).

    pyspiel's registry holds the factory it is given until after the interpreter has shut down; a class (which
    refers to itself) is never freed then, whereas a plain function would be, without the interpreter's lock."""
    cls = GAME_CLASSES.get(name)
    if cls is None:
        game_class(name)
        cls = GAME_CLASSES[name] = type(f"OpenSpiel_{name}", (OpenSpielGame,), {"NAME": name})
    return cls


def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of the gamenight game ``name``."""
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"gamenight {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=getattr(pyspiel.GameType.Utility, cls.UTILITY.name),   # the same names
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.MAX_PLAYERS,
        min_num_players=cls.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": cls.DEFAULT_PLAYERS, "seed": -1, "rules": "", "max_game_length": 0},
    )


def _rules(text: str) -> str | dict[str, Any] | None:
    """The ``rules`` parameter: "" (the default rules), a preset name, or a JSON object of options."""
    text = text.strip()
    if not text:
        return None
    if text.startswith("{"):
        rules = json.loads(text)
        if not isinstance(rules, dict):
            raise ValueError(f"the rules parameter is a preset name or a JSON object, not {text!r}")
        return rules
    return text


# untyped base: pyspiel ships no type information, so --strict refuses subclassing it (Any)
class OpenSpielGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """A gamenight game with its players and rules, as an OpenSpiel game (``pyspiel.load_game`` makes it; each
    game has its subclass, ``game_class_for(name)``, whose ``NAME`` is the gamenight game's name)."""

    NAME: str = ""

    def __init__(self, params: dict[str, Any] | None = None):
        name = self.NAME
        params = dict(params or {})
        gtype = game_type(name)
        spec = gtype.parameter_specification
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(f"{short_name(name)} has no parameter {', '.join(unknown)} (it has {', '.join(spec)})")
        values = {key: params.get(key, spec[key]) for key in spec}
        cls = game_class(name)
        self.engine_game: AnyGame = cls(players=int(values["players"]), rules=_rules(str(values["rules"])))
        seed = int(values["seed"])
        self._rng = random.Random(seed if seed >= 0 else int.from_bytes(os.urandom(8), "little"))
        cap = int(values["max_game_length"])
        if cap < 0:
            raise ValueError(f"max_game_length is a number of moves (0: the game's bound), not {cap}")
        self.max_length = cap or self.engine_game.MAX_GAME_LENGTH
        self.table: tuple[Action, ...] = tuple(self.engine_game.actions)
        self.players = self.engine_game.num_players
        self.obs_size = observation_size(self.engine_game)
        self.returns_sum = self.engine_game.utility_sum
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.table),
            max_chance_outcomes=1,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=self.returns_sum,
            max_game_length=self.max_length,
        )
        super().__init__(gtype, info, values)

    def new_initial_state(self, *args: Any) -> OpenSpielState:
        """A new match, not yet dealt: its first node is the deal (a chance node)."""
        if args:
            raise ValueError("a gamenight match starts from its deal; a given initial state is not supported")
        return OpenSpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        return 1   # the deal

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if isinstance(iig_obs_type, dict):   # OpenSpiel passes the parameters alone for the default observer
            iig_obs_type, params = None, iig_obs_type
        return Observer(self, iig_obs_type, params)

    def draw_seed(self) -> int:
        """The next match's seed, from the game's generator."""
        return self._rng.getrandbits(63)


class _Anchor:
    """A point of a match the information states are known at: how to rebuild the engine state there (the match's
    seed, or a kept state that nobody changes) and, per seat, the digest of the views shown before it."""

    __slots__ = ("seed", "frozen", "past")

    def __init__(self, seed: int | None, frozen: AnyState | None, past: tuple[str, ...]):
        self.seed, self.frozen, self.past = seed, frozen, past

    def start(self, game: AnyGame) -> AnyState:
        return game.new(self.seed) if self.frozen is None else self.frozen.clone()


class _Match:
    """An OpenSpiel state's own data, in one object so that OpenSpiel's clone (a ``copy.deepcopy`` of each
    attribute) clones the engine state with its fast ``clone()`` and shares what never changes."""

    __slots__ = ("game", "engine", "moves", "truncated", "anchor", "since", "info")

    def __init__(self, game: OpenSpielGame):
        self.game = game
        self.engine: AnyState | None = None       # None until the deal
        self.moves = 0                            # the players' moves so far (max_game_length counts them)
        self.truncated = False                    # stopped by max_game_length: a draw
        self.anchor: _Anchor | None = None
        self.since: list[Action] = []             # the actions applied since the anchor
        self.info: dict[int, str] = {}            # information-state strings of this position, by seat

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        other = _Match.__new__(_Match)
        other.game, other.moves, other.truncated, other.anchor = self.game, self.moves, self.truncated, self.anchor
        other.engine = None if self.engine is None else self.engine.clone()
        other.since = list(self.since)
        other.info = dict(self.info)
        return other

    def deal(self) -> None:
        seed = self.game.draw_seed()
        self.engine = self.game.engine_game.new(seed)
        self.anchor = _Anchor(seed, None, ("",) * self.game.players)
        self.since = []
        self.info = {}

    def play(self, action: Action) -> None:
        assert self.engine is not None
        self.engine.apply(action)
        self.since.append(action)
        self.info = {}
        self.moves += 1
        if not self.engine.is_over and self.moves >= self.game.max_length:
            self.truncated = True

    def catch_up(self) -> _Anchor:
        """Bring the anchor to this position: replay the actions since it, adding each view every seat was shown
        to that seat's digest."""
        assert self.anchor is not None
        if self.since:
            world = self.anchor.start(self.game.engine_game)
            past = list(self.anchor.past)
            for action in self.since:
                for seat in range(self.game.players):
                    past[seat] = digest(past[seat], world.view(seat))
                world.apply(action)
            self.anchor = _Anchor(None, world, tuple(past))
            self.since = []
        return self.anchor

    def info_string(self, seat: int) -> str:
        if self.engine is None:
            return ""
        text = self.info.get(seat)
        if text is None:
            past = self.catch_up().past[seat]
            text = self.info[seat] = canonical(self.engine.view(seat)) + "\n" + past
        return text


def canonical(view: Any) -> str:
    """A view as canonical JSON (sorted keys, no spaces): equal views, equal strings."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def digest(past: str, view: Any) -> str:
    """The digest of the views ``past`` stands for followed by ``view``."""
    return hashlib.sha256((past + "\n" + canonical(view)).encode()).hexdigest()


# untyped base: pyspiel ships no type information, so --strict refuses subclassing it (Any)
class OpenSpielState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A gamenight match as an OpenSpiel state. Its data is in ``_m`` (a ``_Match``)."""

    def __init__(self, game: OpenSpielGame):
        super().__init__(game)
        self._m = _Match(game)

    # ---- OpenSpiel's API --------------------------------------------------------------------------------------
    def current_player(self) -> int:
        m = self._m
        if m.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if m.truncated or m.engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        player = m.engine.current_player
        assert player is not None   # a match not over has a seat to act
        return player

    def is_terminal(self) -> bool:
        m = self._m
        return m.engine is not None and (m.truncated or m.engine.is_over)

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._m.engine   # OpenSpiel asks only for the player to move, at a decision node
        return [] if engine is None else [a.id for a in engine.legal_actions()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(DEAL, 1.0)] if self._m.engine is None else []

    def _apply_action(self, action: int) -> None:
        m = self._m
        if m.engine is None:
            if action != DEAL:
                raise ValueError(f"the deal is chance outcome {DEAL}, not {action}")
            m.deal()
        else:
            m.play(m.game.table[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "deal"
        return str(self._m.game.table[action])

    def returns(self) -> list[float]:
        m = self._m
        n = m.game.players
        if m.engine is None:
            return [0.0] * n
        if m.truncated:
            return [(m.game.returns_sum or 0.0) / n] * n   # a draw: the sum shared
        return [float(r) for r in m.engine.returns()]

    def __str__(self) -> str:
        engine = self._m.engine
        return "(not dealt yet)" if engine is None else engine.to_json()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state ``player_id`` cannot tell from this one: the game's ``sample_state`` deals the cards (or dice)
        the player's view does not show, seeded by ``probability_sampler``. The player's information state is
        the same; the other seats' pasts, which the player does not know, are replaced by digests standing for
        "unknown"."""
        m = self._m
        other: OpenSpielState = self.clone()
        if m.engine is None or self.is_terminal():
            return other
        anchor = m.catch_up()
        seed = int(probability_sampler() * (1 << 53))
        world = m.game.engine_game.sample_state(m.engine.view(player_id), random.Random(seed))
        mine = anchor.past[player_id]
        past = tuple(mine if seat == player_id else
                     hashlib.sha256(f"seat {seat}, sampled for seat {player_id}: {mine}".encode()).hexdigest()
                     for seat in range(m.game.players))
        o = other._m
        o.engine = world
        o.anchor = _Anchor(None, world.clone(), past)
        o.since = []
        o.info = {}
        return other

    # ---- gamenight's side ---------------------------------------------------------------------------------
    def gamenight_state(self) -> AnyState | None:
        """A copy of the engine's state (None before the deal)."""
        engine = self._m.engine
        return None if engine is None else engine.clone()

    def seat_view(self, seat: int | None) -> Any:
        """What ``seat`` may know (``state.view(seat)`` of the engine; None before the deal)."""
        engine = self._m.engine
        return None if engine is None else engine.view(seat)

    def info_string(self, player: int) -> str:
        """``player``'s information state as text: its view (canonical JSON) and the digest of its past ("" before
        the deal); what the information-state observer gives."""
        return self._m.info_string(player)


class Observer:
    """OpenSpiel's observer of a gamenight state (the ``PyObserver`` interface): the private observation (a seat's
    view: tensor and string), the public one (the spectators' view) or the information state (string only)."""

    def __init__(self, game: OpenSpielGame, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = pyspiel.PrivateInfoType
        if iig_obs_type is None:
            kind = "private"
        elif iig_obs_type.public_info and iig_obs_type.private_info == private.SINGLE_PLAYER:
            kind = "info" if iig_obs_type.perfect_recall else "private"
        elif (iig_obs_type.public_info and iig_obs_type.private_info == private.NONE
              and not iig_obs_type.perfect_recall):
            kind = "public"
        else:
            raise ValueError("gamenight's OpenSpiel games observe a seat's view (private_info=SINGLE_PLAYER, "
                             "perfect recall or not) or the spectators' (private_info=NONE, without perfect recall), "
                             f"not {iig_obs_type}")
        self.kind = kind
        self.game = game
        if kind == "info":
            self.tensor: Any = None
            self.dict: dict[str, Any] = {}
        else:
            self.tensor = np.zeros(game.obs_size, np.float32)
            self.dict = {"observation": self.tensor}

    def _view(self, state: OpenSpielState, player: int) -> Any:
        return state.seat_view(player if self.kind != "public" else None)

    def set_from(self, state: OpenSpielState, player: int) -> None:
        if self.tensor is None:
            return
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = encode(self.game.engine_game, view)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        if self.kind == "info":
            return state.info_string(player)
        view = self._view(state, player)
        return "" if view is None else canonical(view)
