"""``ThuneeGame.sample_state``: a full state consistent with a view (for search bots and tests).

What the view implies is kept: the seat's own cards, every card played, Jodi cards shown and not yet played
(they stay with their declarer), the trump card's owner (the trumper holds it until he plays it), the suits a
player is known to lack (he failed to follow), and that the counting team holds a trump once play has begun
(T15). Every other card is dealt at random to the other seats' unknown places and the stock.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.bits import cards_of, mask_of
from ..core.rng import Rng
from .actions import CARD_POINTS, SUIT_CHARS, SUIT_MASK, card_text, parse_thunee_card
from .phases import FINAL_NAMES, PHASE_NAMES, SPECIAL_NAMES, FinalCall, Phase, Special
from .scoring import counting_team
from .state import ThuneeState, second_half_cards

if TYPE_CHECKING:
    from .state import ThuneeGame
    from .views import ThuneeView

_TRIES = 500
_PHASES = {name: Phase(i) for i, name in enumerate(PHASE_NAMES)}


def sample_state(game: ThuneeGame, view: ThuneeView, rng: Any) -> ThuneeState:
    if view.get("game") != "thunee":
        raise ValueError("not a Thunee view")
    n = game.num_players
    played, known = _known_cards(view, n)
    pool = [c for c in range(24) if not (played >> c) & 1 and not any((k >> c) & 1 for k in known)]
    voids = [mask_of(SUIT_CHARS.index(ch) for ch in v) for v in view["voids"]]
    need = [view["hand_sizes"][s] - bin(known[s]).count("1") for s in range(n)]
    if any(x < 0 for x in need) or sum(need) + view["stock_size"] != len(pool):
        raise ValueError("the view's card counts are inconsistent")
    for _ in range(_TRIES):
        dealt = _deal(pool, list(known), need, voids, rng, n)
        if dealt is None:
            continue
        s = _build(game, view, dealt[0], dealt[1], rng)
        if _trump_card_hidden(view) and not _choose_trump_card(s, view, rng):
            continue
        return s
    raise ValueError("no deal consistent with this view was found")


def _known_cards(view: ThuneeView, n: int) -> tuple[int, list[int]]:
    """The cards played this hand (a mask) and the cards each seat is known to hold: the seat's own, the trump card
    its owner shows the seat, Jodi cards declared and not yet played."""
    played = 0
    for _, cards, _ in view["tricks"]:
        played |= mask_of(parse_thunee_card(c) for c in cards)
    for _, c in view["trick"]:
        played |= 1 << parse_thunee_card(c)
    known = [0] * n
    seat = view["seat"]
    if seat is not None and view["hand"] is not None:
        known[seat] = mask_of(parse_thunee_card(c) for c in view["hand"])
    if view["trump_card"] is not None:
        card = parse_thunee_card(view["trump_card"])
        if not (played >> card) & 1:
            known[view["trumper"]] |= 1 << card
    for p, cards, _ in view["jodi_declared"]:
        for c in cards:
            card = parse_thunee_card(c)
            if not (played >> card) & 1:
                known[p] |= 1 << card
    return played, known


def _trump_card_hidden(view: ThuneeView) -> bool:
    """Is there a face-down trump card this seat does not know (to be chosen from the trumper's cards)?"""
    phase = _PHASES[view["phase"]]
    return (view["special"] is None and view["trump_card"] is None and phase > Phase.TRUMP
            and not (view["trump_last"] and phase == Phase.BLIND))


def _choose_trump_card(s: ThuneeState, view: ThuneeView, rng: Any) -> bool:
    """Give ``s`` a trump card from its trumper's cards (once play has begun, of a suit the counting team holds:
    T15); False if there is none."""
    choices = cards_of(s.hands[s.trumper])
    if s.special == Special.NONE and s.phase in (Phase.PLAY, Phase.JODI):
        counting = counting_team(s.trumper)
        held = 0
        for p in range(counting, s.game.num_players, 2):
            held |= s.hands[p]
        if s.game.halves == 2:
            held |= second_half_cards(s, counting)
        choices = [c for c in choices if held & SUIT_MASK[c // 6]]
    if not choices:
        return False
    s.trump_card = choices[rng.randrange(len(choices))]
    s.trump = s.trump_card // 6
    s.log = [[p, f"trump {card_text(s.trump_card)}" if t == "trump ?" else t] for p, t in s.log]
    return True


def _deal(pool: list[int], hands: list[int], need: list[int], voids: list[int], rng: Any,
          n: int) -> tuple[list[int], list[int]] | None:
    """The unknown cards of ``pool`` dealt at random to the seats' unknown places (never into a suit the seat has
    shown it lacks) and the stock; None on a dead end."""
    cards = list(pool)
    rng.shuffle(cards)
    need = list(need)
    stock_need = len(cards) - sum(need)
    # most constrained cards first, so the void constraints rarely dead-end
    cards.sort(key=lambda c: sum(1 for p in range(n) if not (voids[p] >> (c // 6)) & 1))
    stock = []
    for c in cards:
        seats = [p for p in range(n) if need[p] > 0 and not (voids[p] >> (c // 6)) & 1]
        weights = [need[p] for p in seats] + ([stock_need] if stock_need > 0 else [])
        total = sum(weights)
        if total == 0:
            return None
        i = _weighted(weights, rng.randrange(total))
        if i < len(seats):
            hands[seats[i]] |= 1 << c
            need[seats[i]] -= 1
        else:
            stock.append(c)
            stock_need -= 1
    rng.shuffle(stock)
    return hands, stock


def _weighted(weights: list[int], x: int) -> int:
    """The index ``x`` (below the weights' sum) falls in."""
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    return len(weights) - 1


def _build(game: ThuneeGame, view: ThuneeView, hands: list[int], stock: list[int], rng: Any) -> ThuneeState:
    s = ThuneeState(game)
    s.seed = None
    s.rng = Rng(rng.getrandbits(64))
    s.history = []
    s.phase = _PHASES[view["phase"]]
    s.hands = hands
    s.stock = stock
    s.dealer, s.hand_no, s.ball_target = view["dealer"], view["hand_number"], view["ball_target"]
    s.balls = list(view["balls"])
    s.current = view["current_player"] if view["current_player"] is not None else 0
    s.queue = list(view["queue"])
    _build_calls(s, view)
    _build_tricks(s, view)
    s.last_dealt = [-1] * game.num_players
    s.last_hand = view["last_hand"]
    s.winner_team = view["winners"][0] % 2 if view["winners"] else -1
    _build_logs(s, view)
    s.dealt = _dealt_this_half(s, hands)
    return s


def _build_calls(s: ThuneeState, view: ThuneeView) -> None:
    """The calling, trump, the special call and Jodi as the view has them."""
    s.default_trumper, s.trumper, s.bid, s.holder = (view["default_trumper"], view["trumper"], view["bid"],
                                                     view["holder"])
    s.passed = sum(1 << p for p in view["passed"])
    s.calls = [list(x) for x in view["calls"]]
    s.trump = SUIT_CHARS.index(view["trump"]) if view["trump"] else -1
    s.trump_card = parse_thunee_card(view["trump_card"]) if view["trump_card"] else -1
    s.trump_last, s.trump_shown = view["trump_last"], view["trump_shown"]
    s.special, s.special_seat = Special(SPECIAL_NAMES.index(view["special"])), view["special_seat"]
    s.final_call, s.final_seat = FinalCall(FINAL_NAMES.index(view["final_call"])), view["final_seat"]
    s.jodi = list(view["jodi"])
    s.jodi_log = [[p, list(c), v] for p, c, v in view["jodi_declared"]]
    s.jodi_suits = 0
    for _, cards, _ in s.jodi_log:
        for c in cards:
            s.jodi_suits |= 1 << (parse_thunee_card(c) // 6)


def _build_tricks(s: ThuneeState, view: ThuneeView) -> None:
    s.trick = [(p, parse_thunee_card(c)) for p, c in view["trick"]]
    s.tricks_done, s.leader = view["tricks_done"], view["leader"]
    s.trick_points = list(view["card_points"])
    s.tricks = [[a, list(b), c] for a, b, c in view["tricks"]]
    s.last_trick_points = sum(CARD_POINTS[parse_thunee_card(c)] for c in s.tricks[-1][1]) if s.tricks else 0
    s.team_tricks = list(view["team_tricks"])
    s.voids = [mask_of(SUIT_CHARS.index(ch) for ch in v) for v in view["voids"]]


def _build_logs(s: ThuneeState, view: ThuneeView) -> None:
    s.log = [list(x) for x in view["log"]]
    s.log_phases = list(view["log_phases"])
    # the hand before, as this seat saw it; a trump card another seat laid there shows whether it was
    # turned up (if only this seat's own is there, it stays hidden from the others in the sampled state)
    s.prev_log = [list(x) for x in view["previous_log"]]
    s.prev_open = any(p != view["seat"] and text.startswith("trump ") and text != "trump ?" for p, text in s.prev_log)


def _dealt_this_half(s: ThuneeState, hands: list[int]) -> list[int]:
    """The cards dealt to each seat this hand (2 players: this half): in hand, or played to this half's tricks."""
    n = s.game.num_players
    half = s.game.tricks_per_half
    this_half = s.tricks[(s.tricks_done // half) * half:] if s.game.halves == 2 else s.tricks
    dealt = list(hands)
    for leader, cards, _ in this_half:
        for i, c in enumerate(cards):
            dealt[(leader + i) % n] |= 1 << parse_thunee_card(c)
    for p, c in s.trick:
        dealt[p] |= 1 << c
    return dealt
