"""A full Yaniv state consistent with one seat's view (``game.sample_state``), step by step: the cards the view
shows stay where it shows them, every unseen card is dealt at random to the other seats' unknown slots and the
stock, and the view's public facts become the state's."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..core.cards import parse_card
from ..core.rng import Rng
from .views import YanivView

if TYPE_CHECKING:
    from .state import YanivGame, YanivState


def sample_state(game: YanivGame, view: YanivView, rng: Any) -> YanivState:
    """A full state consistent with ``view``: the seat's own hand, the cards others are known to hold
    (taken from the discard pile and not yet laid), the discard pile and every public count are kept;
    every unseen card is dealt at random to the others' unknown slots and the stock."""
    if view.get("game") != game.name:
        raise ValueError("not a Yaniv view")
    hands, stock = _deal_unseen(game, view, rng)
    state = cast("YanivState", game.STATE(game))
    state.seed = None
    state.rng = Rng(rng.getrandbits(64))
    _copy_public(game, state, view)
    state.hands = [sorted(h) for h in hands]
    state.stock = stock
    state.drawn = _drawn_card(state, view, rng)
    return state


def _deal_unseen(game: YanivGame, view: YanivView, rng: Any) -> tuple[list[list[int]], list[int]]:
    """Every seat's hand (what the view shows of it, then unseen cards up to its size) and the stock."""
    seat = view["seat"]
    unseen = game.deck()
    hands: list[list[int]] = [[] for _ in range(game.num_players)]

    def take_out(cards: list[str], owner: int | None = None) -> None:
        for c in cards:
            k = parse_card(c)
            unseen.remove(k)
            if owner is not None:
                hands[owner].append(k)

    for group in view["discard_pile"]:
        take_out(group)
    for p in range(game.num_players):
        take_out((view["hand"] or []) if p == seat else view["known"][p], p)
    rng.shuffle(unseen)
    for p in range(game.num_players):
        while len(hands[p]) < view["hand_sizes"][p]:
            hands[p].append(unseen.pop())
    if len(unseen) != view["stock_size"]:
        raise ValueError("the view's card counts are inconsistent")
    return hands, unseen


def _copy_public(game: YanivGame, s: YanivState, view: YanivView) -> None:
    """The view's public facts as the state's fields; its logs (the round before, then this one) become the
    sampled state's history."""
    from .state import GROUP_KINDS, PHASE_NAMES, Phase

    earlier, log = view["previous_log"], view["log"]
    s.history = [game.parse_action(text) for _, text in earlier + log]
    s.actors = [p for p, _ in earlier + log]
    s.prev_round_start, s.round_start = 0, len(earlier)
    s.round_no, s.dealer = view["hand_number"], view["dealer"]
    s.current = view["current_player"]  # type: ignore[assignment]  # None only once over, where it is unused
    s.phase = Phase(PHASE_NAMES.index(view["phase"]))
    s.known = [sorted(parse_card(c) for c in k) for k in view["known"]]
    s.pile = [[parse_card(c) for c in g] for g in view["discard_pile"]]
    s.prev_kind = GROUP_KINDS[view["previous_group_type"]]
    s.prev_start = view["previous_run_start"]
    pending = view["pending_discard"]
    s.pending = game.parse_action(pending) if pending else None
    s.totals, s.active = list(view["scores"]), list(view["active"])
    s.winner_seats = list(view["winners"])
    last = view["last_round"]
    s.last_round = dict(last) if last else None


def _drawn_card(s: YanivState, view: YanivView, rng: Any) -> int | None:
    """During a slapdown decision, the card drawn: the seat's own as its view shows it, someone else's one of
    their unseen cards."""
    from .state import SLAP_PHASE

    if s.phase != SLAP_PHASE:
        return None
    drawn = view.get("drawn")
    if drawn:
        return parse_card(drawn)
    hidden = list(s.hands[s.current])
    for c in s.known[s.current]:
        hidden.remove(c)
    choice: int = rng.choice(hidden)
    return choice
