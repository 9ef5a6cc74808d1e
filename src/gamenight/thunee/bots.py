"""Thunee bots that read views only.

The heuristic plays as a careful club player does:

- it asks for a redeal of a weak hand, and calls only with J, 9 and A of one suit (10; with the 10 too, 20):
  a call gives the counting side its amount and doubles its reward, and looser calling measurably loses;
- as trumper it picks its strongest suit and lays its cheapest card of that suit face down;
- it calls Thunee (or Mooney) only when the hand wins every trick whatever the others hold: enough top trumps
  to draw every other trump, and every other card the highest left in its suit;
- it declares the most valuable Jodi it can, every time it may;
- in play it follows suit, wins a trick with the cheapest card that surely wins it (else tries its strongest
  winner when the trick holds points), throws points onto a trick its partner has surely won, trumps when the
  trick is worth it, and otherwise gets rid of its cheapest card;
- it calls Double or Kanak only when its last card cannot lose and (Kanak) the formula is already below zero.
"""
from __future__ import annotations

import random
from typing import Any, cast

from ..bots.search import Settings, register_search_bots
from ..core.game import Action
from ..core.registry import register_bot
from ..core.text import N_
from ..core.views import View
from .actions import CARD_POINTS, SUIT_CHARS, Kind, ThuneeAction, parse_thunee_card
from .phases import SPECIAL_NAMES
from .scoring import kanak_value
from .tricks import strength_for
from .views import ThuneeView

CALL, DOUBLE, KANAK, MOONEY, PASS, PLAY, REDEAL, THUNEE, TRUMP = (
    Kind.CALL, Kind.DOUBLE, Kind.KANAK, Kind.MOONEY, Kind.PASS, Kind.PLAY, Kind.REDEAL, Kind.THUNEE, Kind.TRUMP)


def _suit(c: int) -> int:
    return c // 6


def suit_value(cards: list[int], suit: int) -> int:
    """How good ``suit`` is as trump for ``cards``: its points, 12 a card, 25 more with its J and 9."""
    mine = [c % 6 for c in cards if _suit(c) == suit]
    value = sum(CARD_POINTS[suit * 6 + r] for r in mine) + 12 * len(mine)
    if 0 in mine and 1 in mine:
        value += 25
    return value


def sure_slam(hand: list[int]) -> bool:
    """Does ``hand`` win every trick, leading throughout, with its best suit as trump (T17)?"""
    for trump in range(4):
        trumps = sorted(c % 6 for c in hand if _suit(c) == trump)
        if not trumps:
            continue
        top = 0
        while top < len(trumps) and trumps[top] == top:
            top += 1
        if top < 6 - len(trumps):
            continue  # the top trumps do not draw every other trump
        if all(sorted(c % 6 for c in hand if _suit(c) == suit) == list(range(sum(_suit(c) == suit for c in hand)))
               for suit in range(4) if suit != trump):
            return True
    return False


class _Trick:
    """What the bot knows about the trick it plays to, read from the view once."""

    __slots__ = ("n", "trump", "strength", "trick", "best", "unseen", "plays", "last_trick", "team")

    def __init__(self, bot: ThuneeHeuristic, view: ThuneeView, hand: list[int], legal: list[ThuneeAction]):
        self.n = view["players"]
        self.trump = SUIT_CHARS.index(view["trump"]) if view["trump"] else -1
        self.strength = strength_for(SPECIAL_NAMES.index(view["special"]), view["tricks_done"])
        played: set[int] = set()
        for _, cards, _ in view["tricks"]:
            played.update(parse_thunee_card(c) for c in cards)
        self.trick = [(p, parse_thunee_card(c)) for p, c in view["trick"]]
        played.update(c for _, c in self.trick)
        winning = view["trick_winner"]
        self.best = (winning[0], parse_thunee_card(winning[1])) if winning else None  # the card winning so far
        self.unseen = [c for c in range(24) if c not in played and c not in hand]
        self.plays = [a for a in legal if a.kind == PLAY]
        self.last_trick = view["tricks_done"] == bot.game.tricks_per_hand - 1
        seat = view["seat"]
        assert seat is not None  # a bot plays a seat
        self.team = seat % 2

    def beats(self, c: int, best: int) -> bool:
        """T21: ``c`` played now beats ``best``, the card winning the trick."""
        if _suit(c) == _suit(best):
            return self.strength[c % 6] < self.strength[best % 6]
        return _suit(c) == self.trump and _suit(best) != self.trump

    def sure(self, c: int, best: tuple[int, int] | None = None) -> bool:
        """``c`` (beating ``best``) wins the trick whatever the unseen cards."""
        if best is not None and not self.beats(c, best[1]):
            return False
        if len(self.trick) == self.n - 1:
            return True
        s = _suit(c)
        for u in self.unseen:
            if _suit(u) == s and self.strength[u % 6] < self.strength[c % 6]:
                return False
            if self.trump >= 0 and s != self.trump and _suit(u) == self.trump:
                return False
        return True

    def stands(self, best: tuple[int, int]) -> bool:
        """The partner's winning card ``best`` cannot be beaten by a card still to come."""
        card, trump = best[1], self.trump
        led = _suit(self.trick[0][1])
        return len(self.trick) == self.n - 1 or all(
            not (_suit(u) == _suit(card) and self.strength[u % 6] < self.strength[card % 6])
            and not (trump >= 0 and _suit(card) != trump and _suit(u) == trump and led != trump)
            for u in self.unseen)


class ThuneeHeuristic:
    def __init__(self, game: Any, contest: int = 1):
        self.game = game
        self.contest = contest  # contest a trick it may not win when it already holds this many points (0: never)

    # ---- reading the view ---------------------------------------------------------------------
    def choose(self, view: View, actions: list[Action], rng: random.Random) -> ThuneeAction:
        # a Thunee view of a Thunee state, and its own actions (casts by name: no type object built per call)
        view = cast("ThuneeView", view)
        legal = cast("list[ThuneeAction]", actions)
        kinds = {a.kind for a in legal}
        hand = [parse_thunee_card(c) for c in view["hand"] or ()]
        phase = view["phase"]
        if REDEAL in kinds:
            return next(a for a in legal if a.kind == REDEAL)
        if phase == "calling":
            return self._call(hand, legal)
        if phase == "trump":
            return self._trump(hand, legal)
        if phase == "special":
            for kind in (MOONEY, THUNEE):
                if kind in kinds and sure_slam(hand):
                    return next(a for a in legal if a.kind == kind)
            return legal[0]
        if phase == "jodi":
            return self._jodi(view, legal)
        if phase == "play":
            return self._play(_Trick(self, view, hand, legal), view, legal)
        return next((a for a in legal if a.kind == PASS), legal[0])

    # ---- calling, trump and Jodi ----------------------------------------------------------------------
    def _call(self, hand: list[int], legal: list[ThuneeAction]) -> ThuneeAction:
        call = next((a for a in legal if a.kind == CALL), None)
        if call is None:
            return legal[0]
        # A call hands the counting side its amount and doubles its reward, so only a suit that is sure to
        # be worth choosing trump for is bought: J, 9 and A of one suit (measured: looser calling loses).
        best = max(suit_value(hand, s) for s in range(4))
        limit = 20 if best >= 144 else 10 if best >= 122 else 0
        return call if call.amount <= limit else legal[0]

    def _trump(self, hand: list[int], legal: list[ThuneeAction]) -> ThuneeAction:
        cards = [a for a in legal if a.kind == TRUMP and a.card >= 0]
        if not cards:
            return legal[0]
        suit = max(range(4), key=lambda s: (suit_value(hand, s), -s))
        in_suit = [a for a in cards if _suit(a.card) == suit]
        return min(in_suit, key=lambda a: (CARD_POINTS[a.card], -a.card))

    def _jodi(self, view: ThuneeView, legal: list[ThuneeAction]) -> ThuneeAction:
        """The most valuable declaration the view offers (its value as the engine counts it)."""
        options = view["jodi_options"]
        if not options:
            return legal[0]
        text = max(options, key=lambda option: option[2])[0]
        return next(a for a in legal if a.text == text)

    # ---- play -------------------------------------------------------------------------------------------
    def _play(self, t: _Trick, view: ThuneeView, legal: list[ThuneeAction]) -> ThuneeAction:
        if t.last_trick and legal:
            call = self._final_call(t, view, legal)
            if call is not None:
                return call
        if not t.trick:
            return self._lead(t)
        assert t.best is not None
        if t.best[0] % 2 == t.team:
            return self._partner_winning(t, t.best)
        return self._contest(t, t.best)

    def _partner_winning(self, t: _Trick, best: tuple[int, int]) -> ThuneeAction:
        """The partner's card wins so far: give points if it stands, else keep them."""
        if t.stands(best):
            non_trump = [a for a in t.plays if _suit(a.card) != t.trump] or t.plays
            return max(non_trump, key=lambda a: (CARD_POINTS[a.card], -a.card))
        return min(t.plays, key=lambda a: (CARD_POINTS[a.card], a.card))

    def _contest(self, t: _Trick, best: tuple[int, int]) -> ThuneeAction:
        """An opponent's card wins so far: take the trick when it is sure (or worth a try), else throw cheap."""
        trump, n = t.trump, t.n
        winners = [a for a in t.plays if t.beats(a.card, best[1])]
        sure_winners = [a for a in winners if t.sure(a.card)]
        pot = sum(CARD_POINTS[c] for _, c in t.trick)
        if sure_winners:
            choice = min(sure_winners, key=lambda a: (_suit(a.card) == trump, CARD_POINTS[a.card]))
            if _suit(choice.card) != trump or pot >= 10 or t.last_trick or len(t.trick) == n - 1:
                return choice
        if winners and len(t.trick) == n - 1:
            return min(winners, key=lambda a: (_suit(a.card) == trump, CARD_POINTS[a.card]))
        if winners and self.contest and pot >= self.contest:
            # not sure, but worth a try: the strongest winner has the best chance to hold
            return min(winners, key=lambda a: (_suit(a.card) == trump, t.strength[a.card % 6]))
        return min(t.plays, key=lambda a: (_suit(a.card) == trump, CARD_POINTS[a.card], -t.strength[a.card % 6]))

    def _lead(self, t: _Trick) -> ThuneeAction:
        sure_leads = [a for a in t.plays if t.sure(a.card)]
        trump = t.trump
        if sure_leads:
            # draw trumps first when others may still hold them, else cash the most valuable winner
            if trump >= 0 and any(_suit(u) == trump for u in t.unseen):
                trumps = [a for a in sure_leads if _suit(a.card) == trump]
                if trumps:
                    return trumps[0]
            return max(sure_leads, key=lambda a: (CARD_POINTS[a.card], -a.card))
        non_trump = [a for a in t.plays if _suit(a.card) != trump] or t.plays
        return min(non_trump, key=lambda a: (CARD_POINTS[a.card], a.card))

    def _final_call(self, t: _Trick, view: ThuneeView, legal: list[ThuneeAction]) -> ThuneeAction | None:
        """Double or Kanak, only with a last card that cannot lose (Kanak: with K already below zero, T27)."""
        if len(t.plays) != 1 or not t.sure(t.plays[0].card, t.best):
            return None
        for a in legal:
            if a.kind == DOUBLE:
                return a
        kanak = next((a for a in legal if a.kind == KANAK), None)
        opp = 1 - t.team
        if kanak is None or view["team_tricks"][opp] == 0:
            return None
        k = kanak_value(self.game.rules, view["bid"], view["counting_team"], t.team, view["card_points"][opp],
                        view["jodi"])
        return kanak if k < 0 else None


register_bot("heuristic", ThuneeHeuristic, games=("thunee",),
             doc=N_("club-player heuristics: calls from hand strength, slams only when certain, cheapest sure winner, "
                 "points to the partner, every Jodi, Double/Kanak only when the last card cannot lose"))
register_search_bots("thunee", Settings(margin_scale=1, iterations=150))
