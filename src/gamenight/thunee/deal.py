"""A Thunee first hand set up by hand: ``game.new(seed, deal={"dealer": 0, "hands": [...], "balls": [3, 5]})``.

``hands[s]`` lists the cards seat ``s`` is dealt this hand, in the order it is dealt them: the first deal (4 cards;
6 players: 3), then the second deal (2; 6 players: 1), then in 2-player Thunee the six cards of the second half.
A seat's list may stop after the first deal or after the whole hand, or be empty (or ``None``): what is left out
is dealt by the seed from the cards no hand names. ``balls`` is the score the match starts from, each team's balls
(team 0 first; left out: none each). docs/games/thunee.md ("Setting up a position") has examples.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.checks import whole_number
from ..core.deal import read_cards
from ..core.rng import Rng
from .actions import card_text, parse_thunee_card
from .scoring import match_winner

if TYPE_CHECKING:
    from .state import ThuneeGame

DEAL_FIELDS = ("dealer", "hands", "balls")


def read_deal(game: ThuneeGame, deal: dict[str, Any]) -> tuple[int | None, list[list[int]]]:
    """The dealer (None: drawn by the seed) and each seat's fixed cards in the order dealt; ValueError saying what is
    wrong for a deal that cannot be."""
    unknown = [k for k in deal if k not in DEAL_FIELDS]
    if unknown:
        raise ValueError(f"a Thunee deal has no field {unknown[0]!r}; its fields are {', '.join(DEAL_FIELDS)}")
    n = game.num_players
    dealer = deal.get("dealer")
    if dealer is not None:
        dealer = whole_number(dealer, "the deal's dealer", 0, n - 1)
    hands = deal.get("hands")
    if hands is None:
        return dealer, [[] for _ in range(n)]
    if not isinstance(hands, list) or len(hands) != n:
        raise ValueError(f"the deal's hands are a list of {n} hands, one per seat, not {hands!r}")
    fixed: list[list[int]] = []
    owner: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        cards = _read_hand(game, seat, hand)
        for card in cards:
            if card in owner:
                where = "twice to seat" if owner[card] == seat else f"to seat {owner[card]} and to seat"
                raise ValueError(f"the deal gives {card_text(card)} {where} {seat}")
            owner[card] = seat
        fixed.append(cards)
    return dealer, fixed


def read_balls(game: ThuneeGame, deal: dict[str, Any]) -> list[int]:
    """The balls each team starts the match with (left out: none each); ValueError for a score that is not one of
    two teams or that would have ended the match."""
    balls = deal.get("balls")
    if balls is None:
        return [0, 0]
    if not isinstance(balls, list) or len(balls) != 2:
        raise ValueError(f"the deal's balls are a list of two numbers, team 0's then team 1's, not {balls!r}")
    rules = game.rules
    most = 2 * rules.balls_to_win
    score = [whole_number(b, f"team {team}'s balls", 0, most) for team, b in enumerate(balls)]
    winner = match_winner(rules, score, rules.balls_to_win)
    if winner is not None:
        by_two = " and a lead of two" if rules.win_by_two else ""
        raise ValueError(f"team {winner} with {score[winner]} balls would have won the match "
                         f"({rules.balls_to_win} balls{by_two} win it)")
    return score


def hand_sizes(game: ThuneeGame) -> tuple[int, ...]:
    """The lengths a seat's list of cards may have: nothing, the first deal, the whole hand (2 players: also both
    halves)."""
    first, whole = game.first_cards, game.first_cards + game.second_cards
    return (0, first, whole, 2 * whole) if game.halves == 2 else (0, first, whole)


def _read_hand(game: ThuneeGame, seat: int, hand: Any) -> list[int]:
    if hand is None:
        return []
    if not isinstance(hand, list):
        raise ValueError(f"seat {seat}'s hand is a list of cards like ['Jh', '9s'], not {hand!r}")
    sizes = hand_sizes(game)
    if len(hand) not in sizes:
        allowed = ", ".join(str(k) for k in sizes[:-1]) + f" or {sizes[-1]}"
        raise ValueError(f"seat {seat}'s hand has {len(hand)} cards; a hand in the deal has {allowed} "
                         f"(the first deal is {game.first_cards}, the whole hand {game.first_cards + game.second_cards}"
                         + (", both halves 12" if game.halves == 2 else "") + ")")
    return read_cards(hand, f"seat {seat}'s hand", parse_thunee_card, "; write cards like Jh, 9s, Td, Qc")


def dealt_stock(game: ThuneeGame, dealer: int, hands: list[list[int]], rng: Rng) -> list[int]:
    """The hand's stock (the next card to deal last) that deals ``hands`` as given: the cards no hand names are
    shuffled by ``rng`` and fill the places the hands leave open."""
    named = {c for hand in hands for c in hand}
    rest = [c for c in range(24) if c not in named]
    rng.shuffle(rest)
    order = game.deal_orders[dealer]
    dealt = []
    for k in range(24 // game.num_players):  # one round after another, each from the dealer's right (T8, T13, T34)
        for seat in order:
            hand = hands[seat]
            dealt.append(hand[k] if k < len(hand) else rest.pop())
    dealt.reverse()
    return dealt
