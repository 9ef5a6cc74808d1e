"""``ThuneeGame.sample_state``: a full state consistent with a view (for search bots and tests).

What the view implies is kept: the seat's own cards, every card played, Jodi cards shown and not yet played
(they stay with their declarer), the trump card's owner (the trumper holds it until he plays it), the suits a
player is known to lack (he failed to follow), and that the counting team holds a trump once play has begun
(T15). Every other card is dealt at random to the other seats' unknown places and the stock.
"""
from __future__ import annotations

from ..core.rng import Rng
from .actions import SUIT_CHARS, SUIT_MASK, card_text, cards_of, mask_of, parse_thunee_card
from .state import (FINAL_NAMES, JODI_PHASE, NO_SPECIAL, PHASE_NAMES, PLAYING, SPECIAL_NAMES, TRUMP_PHASE,
                    ThuneeState, _second_half_cards)

_TRIES = 500


def sample_state(game, view: dict, rng) -> ThuneeState:
    if view.get("game") != "thunee":
        raise ValueError("not a Thunee view")
    n = game.num_players
    seat = view["seat"]
    played = 0
    for _, cards, _ in view["tricks"]:
        played |= mask_of(parse_thunee_card(c) for c in cards)
    for _, c in view["trick"]:
        played |= 1 << parse_thunee_card(c)
    known = [0] * n
    if seat is not None:
        known[seat] = mask_of(parse_thunee_card(c) for c in view["hand"])
    trumper = view["trumper"]
    if view["trump_card"] is not None:
        card = parse_thunee_card(view["trump_card"])
        if not (played >> card) & 1:
            known[trumper] |= 1 << card
    for s, cards, _ in view["jodi_declared"]:
        for c in cards:
            card = parse_thunee_card(c)
            if not (played >> card) & 1:
                known[s] |= 1 << card
    pool = [c for c in range(24) if not (played >> c) & 1 and not any((k >> c) & 1 for k in known)]
    voids = [mask_of(SUIT_CHARS.index(ch) for ch in v) for v in view["voids"]]
    need = [view["hand_sizes"][s] - bin(known[s]).count("1") for s in range(n)]
    if any(x < 0 for x in need) or sum(need) + view["stock_size"] != len(pool):
        raise ValueError("the view's card counts are inconsistent")
    phase = PHASE_NAMES.index(view["phase"])
    special = SPECIAL_NAMES.index(view["special"])
    from .state import BLIND
    hidden_trump = (special == NO_SPECIAL and view["trump_card"] is None and phase > TRUMP_PHASE
                    and not (view["trump_last"] and phase == BLIND))
    play_started = special == NO_SPECIAL and phase in (PLAYING, JODI_PHASE)
    for _ in range(_TRIES):
        hands = _deal(pool, list(known), need, voids, rng, n)
        if hands is None:
            continue
        hands, stock = hands
        s = _build(game, view, hands, stock, rng)
        if hidden_trump:
            choices = cards_of(s.hands[trumper])
            if play_started:
                counting = 1 - trumper % 2
                held = 0
                for p in range(counting, n, 2):
                    held |= s.hands[p]
                if game.halves == 2:
                    held |= _second_half_cards(s, counting)
                choices = [c for c in choices if held & SUIT_MASK[c // 6]]
            if not choices:
                continue
            s.trump_card = choices[rng.randrange(len(choices))]
            s.trump = s.trump_card // 6
            s.log = [[p, f"trump {card_text(s.trump_card)}" if t == "trump ?" else t] for p, t in s.log]
        return s
    raise ValueError("no deal consistent with this view was found")


def _deal(pool, hands, need, voids, rng, n):
    cards = list(pool)
    rng.shuffle(cards)
    need = list(need)
    stock_need = len(cards) - sum(need)

    def options(c):
        return [p for p in range(n) if need[p] > 0 and not (voids[p] >> (c // 6)) & 1]

    # most constrained cards first, so the void constraints rarely dead-end
    cards.sort(key=lambda c: sum(1 for p in range(n) if not (voids[p] >> (c // 6)) & 1))
    stock = []
    for c in cards:
        seats = options(c)
        weights = [need[p] for p in seats] + ([stock_need] if stock_need > 0 else [])
        total = sum(weights)
        if total == 0:
            return None
        x = rng.randrange(total)
        for i, w in enumerate(weights):
            if x < w:
                break
            x -= w
        if i < len(seats):
            p = seats[i]
            hands[p] |= 1 << c
            need[p] -= 1
        else:
            stock.append(c)
            stock_need -= 1
    rng.shuffle(stock)
    return hands, stock


def _build(game, view, hands, stock, rng) -> ThuneeState:
    n = game.num_players
    s = ThuneeState(game)
    s.seed = None
    s.rng = Rng(rng.getrandbits(64))
    s.history = []
    s.phase = PHASE_NAMES.index(view["phase"])
    s.hands = hands
    s.stock = stock
    s.trick = [(p, parse_thunee_card(c)) for p, c in view["trick"]]
    s.dealer, s.hand_no, s.ball_target = view["dealer"], view["hand_no"], view["ball_target"]
    s.balls = list(view["balls"])
    s.current = view["current_player"] if view["current_player"] is not None else 0
    s.queue = list(view["queue"])
    s.default_trumper, s.trumper, s.bid, s.holder = (view["default_trumper"], view["trumper"], view["bid"],
                                                     view["holder"])
    s.passed = sum(1 << p for p in view["passed"])
    s.calls = [list(x) for x in view["calls"]]
    s.trump = SUIT_CHARS.index(view["trump"]) if view["trump"] else -1
    s.trump_card = parse_thunee_card(view["trump_card"]) if view["trump_card"] else -1
    s.trump_last, s.trump_shown = view["trump_last"], view["trump_shown"]
    s.special, s.special_seat = SPECIAL_NAMES.index(view["special"]), view["special_seat"]
    s.tricks_done, s.leader = view["tricks_done"], view["leader"]
    s.trick_points = list(view["card_points"])
    s.tricks = [[a, list(b), c] for a, b, c in view["tricks"]]
    s.last_trick_points = sum(_points(c) for c in s.tricks[-1][1]) if s.tricks else 0
    s.team_tricks = list(view["team_tricks"])
    s.jodi = list(view["jodi"])
    s.jodi_log = [[p, list(c), v] for p, c, v in view["jodi_declared"]]
    s.jodi_suits = 0
    for _, cards, _ in s.jodi_log:
        for c in cards:
            s.jodi_suits |= 1 << (parse_thunee_card(c) // 6)
    s.final_call, s.final_seat = FINAL_NAMES.index(view["final_call"]), view["final_seat"]
    s.voids = [mask_of(SUIT_CHARS.index(ch) for ch in v) for v in view["voids"]]
    s.last_dealt = [-1] * n
    s.last_hand = view["last_hand"]
    s.winner_team = view["winners"][0] % 2 if view["winners"] else -1
    s.log = [list(x) for x in view["log"]]
    # the hand before, as this seat saw it; a trump card another seat laid there shows whether it was
    # turned up (if only this seat's own is there, it stays hidden from the others in the sampled state)
    s.prev_log = [list(x) for x in view["previous_log"]]
    s.prev_open = any(p != view["seat"] and text.startswith("trump ") and text != "trump ?" for p, text in s.prev_log)
    half = game.tricks_per_half
    this_half = s.tricks[(s.tricks_done // half) * half:] if game.halves == 2 else s.tricks
    s.dealt = list(hands)
    for leader, cards, _ in this_half:
        for i, c in enumerate(cards):
            s.dealt[(leader + i) % n] |= 1 << parse_thunee_card(c)
    for p, c in s.trick:
        s.dealt[p] |= 1 << c
    return s


def _points(text: str) -> int:
    from .actions import CARD_POINTS
    return CARD_POINTS[parse_thunee_card(text)]
