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

from ..core.registry import register_bot
from .actions import (
    CALL,
    CARD_POINTS,
    DOUBLE,
    JODI,
    KANAK,
    MOONEY,
    PASS,
    PLAY,
    REDEAL,
    SUIT_CHARS,
    THUNEE,
    TRUMP,
    meld_value,
    parse_thunee_card,
)

_STRENGTH = {None: (0, 1, 2, 3, 4, 5), "royals": (5, 4, 3, 2, 1, 0), "blind royals": (5, 4, 3, 2, 1, 0)}
_TRIP = (1, 0, 0, 0, 2, 3)


def _suit(c: int) -> int:
    return c // 6


class ThuneeHeuristic:
    def __init__(self, game, contest: int = 1):
        self.game = game
        self.contest = contest  # contest a trick it may not win when it already holds this many points (0: never)

    # ---- reading the view ---------------------------------------------------------------------
    def choose(self, view: dict, legal: list, rng):
        kinds = {a.kind for a in legal}
        hand = [parse_thunee_card(c) for c in view["hand"]]
        phase = view["phase"]
        if REDEAL in kinds:
            return next(a for a in legal if a.kind == REDEAL)
        if phase == "calling":
            return self._call(view, hand, legal)
        if phase == "trump":
            return self._trump(hand, legal)
        if phase == "special":
            for kind in (MOONEY, THUNEE):
                if kind in kinds and self._sure_slam(view, hand):
                    return next(a for a in legal if a.kind == kind)
            return legal[0]
        if phase == "jodi":
            trump = SUIT_CHARS.index(view["trump"]) if view["trump"] else -1
            best = max((a for a in legal if a.kind == JODI), key=lambda a: meld_value(a.melds, trump), default=None)
            return best if best is not None else legal[0]
        if phase == "play":
            return self._play(view, hand, legal)
        return next((a for a in legal if a.kind == PASS), legal[0])

    # ---- calling and trump ----------------------------------------------------------------------------
    @staticmethod
    def _suit_value(cards: list[int], suit: int) -> int:
        mine = [c % 6 for c in cards if _suit(c) == suit]
        value = sum(CARD_POINTS[suit * 6 + r] for r in mine) + 12 * len(mine)
        if 0 in mine and 1 in mine:
            value += 25
        return value

    def _call(self, view, hand, legal):
        call = next((a for a in legal if a.kind == CALL), None)
        if call is None:
            return legal[0]
        # A call hands the counting side its amount and doubles its reward, so only a suit that is sure to
        # be worth choosing trump for is bought: J, 9 and A of one suit (measured: looser calling loses).
        best = max(self._suit_value(hand, s) for s in range(4))
        limit = 20 if best >= 144 else 10 if best >= 122 else 0
        return call if call.amount <= limit else legal[0]

    def _trump(self, hand, legal):
        cards = [a for a in legal if a.kind == TRUMP and a.card >= 0]
        if not cards:
            return legal[0]
        suit = max(range(4), key=lambda s: (self._suit_value(hand, s), -s))
        in_suit = [a for a in cards if _suit(a.card) == suit]
        return min(in_suit, key=lambda a: (CARD_POINTS[a.card], -a.card))

    def _sure_slam(self, view, hand) -> bool:
        """Does ``hand`` win every trick, leading throughout, with its best suit as trump (T17)?"""
        mine = set(hand)
        for trump in range(4):
            trumps = sorted(c % 6 for c in hand if _suit(c) == trump)
            if not trumps:
                continue
            top = 0
            while top < len(trumps) and trumps[top] == top:
                top += 1
            outside = 6 - len(trumps)
            if top < outside and top < len(trumps):
                continue
            if top < outside:
                continue
            ok = True
            for suit in range(4):
                if suit == trump:
                    continue
                ranks = sorted(c % 6 for c in mine if _suit(c) == suit)
                if ranks != list(range(len(ranks))):
                    ok = False
                    break
            if ok:
                return True
        return False

    # ---- play -------------------------------------------------------------------------------------------
    def _play(self, view, hand, legal):
        n = view["players"]
        seat = view["seat"]
        trump = SUIT_CHARS.index(view["trump"]) if view["trump"] else -1
        special = view["special"]
        strength = _STRENGTH.get(special, _STRENGTH[None])
        if special == "trip" and view["tricks_done"] < 3:
            strength = _TRIP
        played = set()
        for _, cards, _ in view["tricks"]:
            played.update(parse_thunee_card(c) for c in cards)
        trick = [(p, parse_thunee_card(c)) for p, c in view["trick"]]
        played.update(c for _, c in trick)
        unseen = [c for c in range(24) if c not in played and c not in hand]
        plays = [a for a in legal if a.kind == PLAY]
        last_trick = view["tricks_done"] == self.game.tricks_per_hand - 1

        def beats(c, best, best_suit):
            if _suit(c) == best_suit:
                return strength[c % 6] < strength[best % 6]
            return _suit(c) == trump and best_suit != trump

        def sure(c, best=None):
            """``c`` (beating ``best``) wins the trick whatever the unseen cards."""
            if best is not None and not beats(c, best[1], _suit(best[1])):
                return False
            if len(trick) == n - 1:
                return True
            s = _suit(c)
            for u in unseen:
                if _suit(u) == s and strength[u % 6] < strength[c % 6]:
                    return False
                if trump >= 0 and s != trump and _suit(u) == trump:
                    return False
            return True

        # the best card on the table so far
        best = None
        for p, c in trick:
            if best is None or beats(c, best[1], _suit(best[1])):
                best = (p, c)
        team = seat % 2
        if last_trick and legal:
            call = self._final_call(view, legal, plays, trick, best, sure, team)
            if call is not None:
                return call
        if not trick:
            return self._lead(plays, sure, trump, hand, unseen)
        partner_winning = best[0] % 2 == team
        winners = [a for a in plays if beats(a.card, best[1], _suit(best[1]))]
        led = _suit(trick[0][1])
        if partner_winning:
            # partner's card stands if nothing after can beat it: give points, else keep cheap
            safe = len(trick) == n - 1 or all(
                not (_suit(u) == _suit(best[1]) and strength[u % 6] < strength[best[1] % 6])
                and not (trump >= 0 and _suit(best[1]) != trump and _suit(u) == trump and led != trump)
                for u in unseen)
            if safe:
                non_trump = [a for a in plays if _suit(a.card) != trump] or plays
                return max(non_trump, key=lambda a: (CARD_POINTS[a.card], -a.card))
            return min(plays, key=lambda a: (CARD_POINTS[a.card], a.card))
        sure_winners = [a for a in winners if sure(a.card)]
        pot = sum(CARD_POINTS[c] for _, c in trick)
        if sure_winners:
            choice = min(sure_winners, key=lambda a: (_suit(a.card) == trump, CARD_POINTS[a.card]))
            if _suit(choice.card) != trump or pot >= 10 or last_trick or len(trick) == n - 1:
                return choice
        if winners and len(trick) == n - 1:
            return min(winners, key=lambda a: (_suit(a.card) == trump, CARD_POINTS[a.card]))
        if winners and self.contest and pot >= self.contest:
            # not sure, but worth a try: the strongest winner has the best chance to hold
            return min(winners, key=lambda a: (_suit(a.card) == trump, strength[a.card % 6]))
        return min(plays, key=lambda a: (_suit(a.card) == trump, CARD_POINTS[a.card], -strength[a.card % 6]))

    def _lead(self, plays, sure, trump, hand, unseen):
        sure_leads = [a for a in plays if sure(a.card)]
        if sure_leads:
            # draw trumps first when others may still hold them, else cash the most valuable winner
            trumps_out = trump >= 0 and any(_suit(u) == trump for u in unseen)
            if trumps_out:
                t = [a for a in sure_leads if _suit(a.card) == trump]
                if t:
                    return t[0]
            return max(sure_leads, key=lambda a: (CARD_POINTS[a.card], -a.card))
        non_trump = [a for a in plays if _suit(a.card) != trump] or plays
        return min(non_trump, key=lambda a: (CARD_POINTS[a.card], a.card))

    def _final_call(self, view, legal, plays, trick, best, sure, team):
        card = plays[0].card if len(plays) == 1 else None
        if card is None:
            return None
        wins = sure(card, best) if best is not None else sure(card)
        if not wins:
            return None
        for a in legal:
            if a.kind == DOUBLE:
                return a
        kanak = next((a for a in legal if a.kind == KANAK), None)
        if kanak is None:
            return None
        opp = 1 - team
        if view["team_tricks"][opp] == 0:
            return None
        counting = 1 - view["trumper"] % 2
        bid = view["bid"]
        adj = 0
        if self.game.rules.kanak_bid_adjust:
            adj = bid if opp == counting else -bid
        if self.game.rules.kanak_simple:
            k = view["card_points"][opp] - view["jodi"][team] - 10
        else:
            k = view["card_points"][opp] + view["jodi"][opp] - view["jodi"][team] - 10 + adj
        return kanak if k < 0 else None


register_bot("heuristic", ThuneeHeuristic, games=("thunee",),
             doc="club-player heuristics: calls from hand strength, slams only when certain, cheapest sure winner, "
                 "points to the partner, every Jodi, Double/Kanak only when the last card cannot lose")
