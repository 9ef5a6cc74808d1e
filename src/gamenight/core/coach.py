"""The coach of a first hand: at each decision it says, in player words, what the choices are and what each does,
names the one it suggests, and after a move says what happened.

The coach reads a seat's view and its legal actions, never the state, so it cannot tell what the seat may not
know (like the bots). The core owns the shared work (the choices in order, the suggestion, the expert's estimate,
the words of a card, the coached hand's set-up and its play); each game's ``coach`` module writes only its facts:
what one action does (``says``), where the hand stands (``situation``) and what a move did (``happened``).

A :class:`CoachedHand` is the fixed deal a newcomer learns on: the game's seed and rules, the learner's seat and
the bots at the others, chosen so that the hand, played as the coach suggests, shows the game's main rules.
"""
from __future__ import annotations

import abc
import dataclasses
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .game import Action, Game, State
from .registry import make, make_bot
from .text import Text
from .views import Described, View

G = TypeVar("G", bound=Game[Any, Any])
#: the learner's suggestion comes from the heuristic bot with this fixed chance: the same view, the same suggestion
SUGGESTION_SEED = 0
#: the expert's rollouts a decision for the win estimates that ``Game.coach()`` makes by default (at up to 3 players;
#: ``Coach.budget``): one decision's advice then takes under about a second on a 2-core machine
ESTIMATE_ITERATIONS = 40


@dataclasses.dataclass(frozen=True)
class CoachedHand:
    """A coached hand: ``game`` with ``players`` and the preset ``rules``, dealt from ``seed``; the learner plays
    ``seat`` and the bot named ``bots`` every other seat, each bot decision drawing its chance from
    :meth:`bot_rng` (so the hand plays the same wherever it is played)."""
    game: str
    players: int
    rules: str
    seed: int
    seat: int = 0
    bots: str = "heuristic"

    def make_game(self) -> Game[Any, Any]:
        return make(self.game, players=self.players, rules=self.rules)

    def new(self) -> State[Any, Any]:
        """The hand's first position."""
        state: State[Any, Any] = self.make_game().new(seed=self.seed)
        return state

    def bot_rng(self, step: int) -> random.Random:
        """The chance a bot decides with at the hand's ``step``-th action (0 first)."""
        return random.Random(self.seed * 100_003 + step)


@dataclasses.dataclass(frozen=True)
class Choice:
    """One legal action as the coach says it: ``action`` its notation (for programs, never shown), ``says`` what
    it does, ``chance`` the expert's estimate of the seat's chance to win the hand after it, in percent rounded to
    ``Advice.precision`` (None: not estimated)."""
    action: str
    says: Text
    chance: int | None = None


@dataclasses.dataclass(frozen=True)
class Advice:
    """The coach at one decision: where the hand stands, every choice with what it does, and the suggestion."""
    situation: Text
    choices: tuple[Choice, ...]
    suggested: str          # the suggested choice's notation
    why: Text               # the suggestion in words
    precision: int = 10     # the chances are rounded to this many percent

    def texts(self) -> Iterator[Text]:
        """Every text the advice says, in order."""
        yield self.situation
        for choice in self.choices:
            yield choice.says
        yield self.why

    def to_json(self) -> dict[str, Any]:
        return {"situation": self.situation.to_json(), "suggested": self.suggested, "why": self.why.to_json(),
                "precision": self.precision,
                "choices": [{"action": c.action, "says": c.says.to_json(), "chance": c.chance} for c in self.choices]}


class Coach(abc.ABC, Generic[G]):
    """What the coach says about ``game``: the shared work here, each game's facts in its own subclass.
    ``iterations``: the expert's rollouts per decision for the win estimates (0: no estimates)."""

    #: the game's coached hands, by number of players (each game's ``coach`` module pins them)
    HANDS: ClassVar[dict[int, CoachedHand]] = {}

    def __init__(self, game: G, iterations: int = 0):
        self.game = game
        self.iterations = iterations
        self._suggester = make_bot("heuristic", game)

    @classmethod
    def hand_for(cls, players: int) -> CoachedHand:
        """The coached hand for ``players`` (ValueError when there is none for that many)."""
        if players not in cls.HANDS:
            raise ValueError(f"no coached hand for {players} players: there is one for {sorted(cls.HANDS)}")
        return cls.HANDS[players]

    # ---- the shared work --------------------------------------------------------------------------
    def advice(self, view: View, legal: Sequence[Action]) -> Advice:
        """The choices of the seat whose ``view`` this is, with ``legal`` its legal actions, and the suggestion.
        Only ``view`` is read: a state handed in place of a view is refused (the coach cannot peek)."""
        if isinstance(view, State):
            raise TypeError("the coach is given a view, never a state")
        suggested = self.suggest(view, legal)
        chances, favourite = self.estimates(view, legal, suggested)
        choices = tuple(Choice(str(a), self.says(view, a), chances.get(str(a))) for a in legal)
        chosen = next(c for c in choices if c.action == str(suggested))
        rival = next((c for c in choices if c.action == favourite and c is not chosen
                      and (c.chance or 0) > (chosen.chance or 0)), None)
        return Advice(self.situation(view), choices, chosen.action, self.why(chosen, rival))

    def why(self, chosen: Choice, rival: Choice | None = None) -> Text:
        """The suggestion in words, with the expert's estimate when there is one, and the move the expert would play
        instead (``rival``: its search finds it clearly better), if any: the suggestion is the heuristic's sound
        habit, and the learner hears when the search disagrees."""
        if chosen.chance is None:
            return Text("The coach suggests: {move}.", move=chosen.says)
        if rival is not None:
            return Text("The coach suggests: {move}, the usual play here; its chance to win the hand: about {chance}%. "
                        "The expert's trials favour another move: {other}, about {other_chance}%.",
                        move=chosen.says, chance=chosen.chance, other=rival.says, other_chance=rival.chance)
        return Text("The coach suggests: {move}. Its chance to win the hand: about {chance}%.",
                    move=chosen.says, chance=chosen.chance)

    def suggest(self, view: View, legal: Sequence[Action]) -> Action:
        """The suggested action: the heuristic bot's choice with a fixed chance (it reads the view only)."""
        choice = self._suggester.choose(view, list(legal), random.Random(SUGGESTION_SEED))
        return self.game.parse_action(choice) if isinstance(choice, str) else choice

    def estimates(self, view: View, legal: Sequence[Action], suggested: Action | None = None
                  ) -> tuple[dict[str, int], str | None]:
        """The expert's estimate of the chance to win the hand after each action it searched to the end (at least
        half the rollouts of the most searched one), in percent rounded to 10 (the others have none); and the move
        the expert would play instead of ``suggested`` (its move to beat, searched to the end; None: the expert's
        own) when its search finds one clearly better (by its own confidence; None: none, or no estimates)."""
        if self.iterations <= 0 or len(legal) < 2:
            return {}, None
        expert = make_bot("expert", self.game, iterations=self.budget(view))
        evaluate: Callable[..., list[Any]] | None = getattr(expert, "evaluate", None)
        if evaluate is None:
            return {}, None
        estimates = evaluate(view, list(legal), random.Random(SUGGESTION_SEED), lead=suggested)
        # the search drops the worse half of the moves after each round: a move dropped early rests on a rollout or
        # two (a "100%" from one lucky deal), so only the moves searched to the end are given a chance
        most = max((e.rollouts for e in estimates), default=0)
        chances = {str(e.action): round_chance(e.win) for e in estimates if 2 * e.rollouts >= most}
        favourite = str(estimates[0].action) if estimates and not estimates[0].prior else None
        return chances, favourite

    def budget(self, view: View) -> int:
        """The expert's rollouts for this decision: ``iterations`` at up to 3 players, fewer at a bigger table (a
        rollout there is longer), so that one decision's advice stays under about a second."""
        return max(1, self.iterations * 3 // max(3, view["players"]))

    def explain(self, before: View, action: Action | str, after: View) -> Text:
        """What a move did, from the learner's views before and after it: the learner's own move in a sentence or
        two, another seat's (a bot's) in one line. Another seat's move is read from the learner's view after it
        (``action`` is used for the learner's own move only), so nothing hidden is told."""
        mover = before["current_player"]
        move = self.game.describe(action) if mover == before["seat"] else last_move(after)
        return self.happened(before, move, after, mover)

    # ---- each game's facts ---------------------------------------------------------------------------
    @abc.abstractmethod
    def situation(self, view: View) -> Text:
        """Where the hand stands for the seat: its cards' value, its deadwood, the trick, its hand's ranking."""

    @abc.abstractmethod
    def says(self, view: View, action: Action) -> Text:
        """What ``action`` does, in player words, with the engine's figures (what it leaves, what it makes)."""

    @abc.abstractmethod
    def happened(self, before: View, move: Described, after: View, mover: int | None) -> Text:
        """What ``move`` (described, as the learner may know it) by ``mover`` did."""


def round_chance(share: float, precision: int = 10) -> int:
    """A share (0..1) in percent, rounded to ``precision``.

    >>> round_chance(0.437), round_chance(0.96)
    (40, 100)
    """
    return int(round(share * 100 / precision)) * precision


def last_move(view: View) -> Described:
    """The last move the view's logs record, as the seat may know it (a new hand moves the last one aside)."""
    for log in (view["log_described"], view["previous_log_described"]):
        if log:
            move: Described = log[-1]
            return move
    return {"kind": "none"}


_RANKS = {"A": Text("ace"), "2": Text("two"), "3": Text("three"), "4": Text("four"), "5": Text("five"),
          "6": Text("six"), "7": Text("seven"), "8": Text("eight"), "9": Text("nine"), "T": Text("ten"),
          "10": Text("ten"), "J": Text("jack"), "Q": Text("queen"), "K": Text("king")}
_SUITS = {"s": Text("spades"), "h": Text("hearts"), "d": Text("diamonds"), "c": Text("clubs")}


def card_name(card: str | None) -> Text:
    """A card of the describe records in words: ``Qh`` is the queen of hearts, ``Jk`` a joker, None a hidden card.

    >>> str(card_name("Qh")), str(card_name("Th")), str(card_name("Jk"))
    ('queen of hearts', 'ten of hearts', 'joker')
    """
    if card is None:
        return Text("hidden card")
    if card.lower().startswith("jk"):
        return Text("joker")
    return Text("{rank} of {suit}", rank=_RANKS[card[:-1].upper()], suit=_SUITS[card[-1].lower()])


def cards_named(cards: Sequence[str]) -> Text:
    """Cards in words, joined: ``seven of hearts, seven of spades`` (``no cards`` for none)."""
    if not cards:
        return Text("no cards")
    text = card_name(cards[0])
    for card in cards[1:]:
        text = Text("{cards}, {card}", cards=text, card=card_name(card))
    return text


def seat_name(view: View, seat: int | None, start: bool = False) -> Text:
    """A seat as the learner reads it: "you", or "seat 2" counted from 1 ("You", "Seat 2" to ``start`` a sentence).

    >>> str(seat_name({"seat": 0}, 1, start=True)), str(seat_name({"seat": 0}, 0))  # type: ignore[arg-type]
    ('Seat 2', 'you')
    """
    number = (seat if seat is not None else 0) + 1
    if seat is not None and seat == view["seat"]:
        return Text("You") if start else Text("you")
    return Text("Seat {number}", number=number) if start else Text("seat {number}", number=number)


Learner = Callable[[View, list[Action]], Action]
Watcher = Callable[[View, Action, View, int], None]


def play_first_hand(hand: CoachedHand, learner: Learner, watch: Watcher | None = None,
                    max_actions: int = 10_000) -> State[Any, Any]:
    """Play ``hand``'s first hand: ``learner(view, legal)`` chooses for the learner's seat, the named bots for the
    others (from their views, with :meth:`CoachedHand.bot_rng`); ``watch(before, action, after, mover)`` hears
    each move with the learner's views around it. Returns the state once the first hand (or the match) is over."""
    game = hand.make_game()
    state: State[Any, Any] = game.new(seed=hand.seed)
    bots = {seat: make_bot(hand.bots, game) for seat in range(hand.players) if seat != hand.seat}
    first = state.hands_played
    for step in range(max_actions):
        mover = state.current_player
        if mover is None or state.hands_played > first:
            return state
        legal, view = state.legal_actions(), state.view(mover)
        chosen = (learner(view, legal) if mover == hand.seat
                  else bots[mover].choose(view, legal, hand.bot_rng(step)))
        action = game.parse_action(chosen) if isinstance(chosen, str) else chosen
        before = state.view(hand.seat)
        state.apply(action)
        if watch is not None:
            watch(before, action, state.view(hand.seat), mover)
    raise RuntimeError(f"the coached hand of seed {hand.seed} did not end within {max_actions} actions")
