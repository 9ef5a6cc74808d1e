"""Thunee bots that read views only.

The heuristic plays as a careful club player does:

- it asks for a redeal of a weak hand, and calls only with J, 9 and A of one suit (10; with the 10 too, 20):
  a call gives the counting side its amount and doubles its reward, and looser calling measurably loses;
- as trumper it picks its strongest suit and lays its cheapest card of that suit face down; where the rules allow
  ``trump last`` it says it when its first cards are all of different suits (the last card then always makes
  trump a suit it holds two of);
- it makes a call that risks balls (Thunee, Royals, Mooney, Blind Thunee, Blind Royals, Trip) when its chance to
  win the match after the call beats passing's: ``calls.py`` estimates how likely the call is to succeed from the
  bot's own cards (a slam's chance by playing it out on deals of the unseen cards, Trip's as measured) and what
  each result is worth at the match's score;
- after a slam the caller leads the best card of the suit it planned as trump, draws trumps, then cashes its
  winners; its partner never takes a trick from it when it can help it; the opponents beat it whenever they can
  and else keep what may beat it later. After Trip (only the last trick counts) the caller keeps a Jack for the
  last trick and leads 9s, Aces and 10s before it; the others keep their best card for it;
- it declares the most valuable Jodi it can, every time it may;
- in play it follows suit, wins a trick with the cheapest card that surely wins it (else tries its strongest
  winner when the trick holds points), throws points onto a trick its partner has surely won, trumps when the
  trick is worth it, and otherwise gets rid of its cheapest card;
- it calls Double or Kanak only when its last card cannot lose and (Kanak) the formula is already below zero
  (the last trick is then certain: every card still out is in a hand and must be played to it).
"""
from __future__ import annotations

import random
from typing import Any, cast

from ..bots.casual import register_casual_bot
from ..bots.search import Settings, register_search_bots
from ..bots.styles import Style, StyleTable, style_settings
from ..core.game import Action
from ..core.registry import register_bot
from ..core.text import N_
from ..core.views import View
from .actions import CARD_POINTS, SUIT_CHARS, Kind, ThuneeAction, parse_thunee_card
from .calls import (
    BEHIND_WINS,
    CHOOSE,
    NO_TRUMP,
    PASS_WIN,
    Score,
    first_lead,
    passing,
    slam_candidate,
    solo_lead,
    sweep_chance,
    trip_chance,
    trump_last_pays,
    value,
    weakest,
)
from .phases import SPECIAL_NAMES, Special
from .scoring import kanak_value, solo_balls
from .tricks import strength_for
from .value import match_value
from .views import ThuneeView

CALL, DOUBLE, KANAK, MOONEY, PASS, PLAY, REDEAL, THUNEE, TRUMP = (
    Kind.CALL, Kind.DOUBLE, Kind.KANAK, Kind.MOONEY, Kind.PASS, Kind.PLAY, Kind.REDEAL, Kind.THUNEE, Kind.TRUMP)
ROYALS, BLIND_THUNEE, BLIND_ROYALS, TRIP = Kind.ROYALS, Kind.BLIND_THUNEE, Kind.BLIND_ROYALS, Kind.TRIP
# the calls that must win every trick: the special each makes, and whether it ranks Q K 10 A 9 J
_SLAMS = {THUNEE: (Special.THUNEE, False), ROYALS: (Special.ROYALS, True), MOONEY: (Special.MOONEY, False),
          BLIND_THUNEE: (Special.BLIND_THUNEE, False), BLIND_ROYALS: (Special.BLIND_ROYALS, True)}
_ROYALS_NAMES = ("royals", "blind royals")


def _suit(c: int) -> int:
    return c // 6


def suit_value(cards: list[int], suit: int) -> int:
    """How good ``suit`` is as trump for ``cards``: its points, 12 a card, 25 more with its J and 9."""
    mine = [c % 6 for c in cards if _suit(c) == suit]
    value = sum(CARD_POINTS[suit * 6 + r] for r in mine) + 12 * len(mine)
    if 0 in mine and 1 in mine:
        value += 25
    return value


class _Trick:
    """What the bot knows about the trick it plays to, read from the view once."""

    __slots__ = ("n", "trump", "strength", "trick", "best", "unseen", "plays", "last_trick", "team", "hand")

    def __init__(self, bot: ThuneeHeuristic, view: ThuneeView, hand: list[int], legal: list[ThuneeAction]):
        self.n = view["players"]
        self.hand = hand
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


#: the bidding: (the best suit's ``suit_value`` at least, the highest amount called with it), the first that holds
SURE_CALLS = ((144, 20), (122, 10))


class ThuneeHeuristic:
    """``calls``: the bidding (``SURE_CALLS``: only a suit with J, 9 and A); ``slams``: the calls that risk balls
    (Thunee, Royals, Mooney, the blind calls, Trip): ``"value"`` when they pay at the match's score, ``"eager"``
    whenever their estimated chance is at least ``EAGER_CHANCE``, ``"never"``; ``jodi``: whether it declares a Jodi;
    ``trump_choice``: the trumper's suit, ``"strongest"`` (``suit_value``) or ``"longest"``. The styles
    (``THUNEE_STYLES``) set them."""

    def __init__(self, game: Any, contest: int = 1, calls: tuple[tuple[int, int], ...] = SURE_CALLS,
                 slams: str = "value", jodi: bool = True, trump_choice: str = "strongest"):
        self.game = game
        self.contest = contest  # contest a trick it may not win when it already holds this many points (0: never)
        if slams not in ("value", "eager", "never") or trump_choice not in ("strongest", "longest"):
            raise ValueError(f"unknown slams {slams!r} or trump_choice {trump_choice!r}")
        self.calls = calls
        self.slams = slams
        self.jodi = jodi
        self.trump_choice = trump_choice

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
        if phase in ("special", "blind"):
            return self._slam(view, hand, legal)
        if phase == "trip":
            return self._trip(view, hand, legal)
        if phase == "jodi":
            return self._jodi(view, legal)
        if phase == "play":
            return self._play(_Trick(self, view, hand, legal), view, legal)
        return next((a for a in legal if a.kind == PASS), legal[0])

    # ---- the calls that risk balls (calls.py: their chances, and whether they pay at this score) ---------------
    def _stakes(self, view: ThuneeView) -> tuple[Score, int, int]:
        """The match's score as ``calls.value`` reads it, and what the normal hand is worth to each team (2 to the
        counting team after a call, else 1)."""
        seat = view["seat"]
        assert seat is not None  # a bot plays a seat
        team = seat % 2
        balls = view["balls"]
        n = self.game.num_players
        behind = BEHIND_WINS[n] if self.game.rules.dealer_rotation == "stay_while_behind" else 0.5
        score = Score(balls[team], balls[1 - team], view["ball_target"], self.game.rules.win_by_two, n, behind)
        counting = 2 if view["bid"] else 1
        ours, theirs = (counting, 1) if view["counting_team"] == team else (1, counting)
        return score, ours, theirs

    def _slam(self, view: ThuneeView, hand: list[int], legal: list[ThuneeAction]) -> ThuneeAction:
        """Thunee, Royals, Mooney, or a blind call, when its chance to win the match beats passing's."""
        rules = self.game.rules
        n = self.game.num_players
        mask = sum(1 << c for c in hand)
        score, ours, them = self._stakes(view)
        best: ThuneeAction | None = None
        best_value = 0.0
        if self.slams == "never":
            return next(a for a in legal if a.kind == PASS)
        for a in legal:
            slam = _SLAMS.get(a.kind)
            if slam is None:
                continue
            special, royals = slam
            trump = NO_TRUMP if rules.thunee_trump == "no_trump" else CHOOSE
            if a.kind == MOONEY:
                trump = (mask.bit_length() - 1) // 6
            if not slam_candidate(mask, royals, n, trump):
                continue
            extra = self.game.second_cards if a.kind in (BLIND_THUNEE, BLIND_ROYALS) else 0
            win, void, partner, opponent = sweep_chance(mask, extra, n, royals, trump,
                                                        rules.redeal_if_no_trumps and trump == CHOOSE)
            balls = [solo_balls(rules, special, 0, last) for last in (0, 2, 1)]
            outcomes = [(win, balls[0][0], 0), (void, 0, 0), (partner, 0, balls[1][1]), (opponent, 0, balls[2][1])]
            if self.slams == "eager":
                worth = win - EAGER_CHANCE
            else:
                worth = value(outcomes, *score) - value(passing(PASS_WIN[royals, n], ours, them), *score)
            if worth > best_value:
                best, best_value = a, worth
        return best or next(a for a in legal if a.kind == PASS)

    def _trip(self, view: ThuneeView, hand: list[int], legal: list[ThuneeAction]) -> ThuneeAction:
        """Trip (6 players, the dealer), when its chance to win the match beats passing's."""
        call = next((a for a in legal if a.kind == TRIP), None)
        pass_ = next(a for a in legal if a.kind == PASS)
        chance, pass_win = trip_chance(sum(1 << c for c in hand))
        if call is None or chance <= 0 or self.slams == "never":
            return pass_
        if self.slams == "eager":
            return call if chance >= EAGER_CHANCE else pass_
        score, ours, them = self._stakes(view)
        won, lost = solo_balls(self.game.rules, Special.TRIP, 0, 0), solo_balls(self.game.rules, Special.TRIP, 0, 1)
        worth = value([(chance, won[0], 0), (1 - chance, 0, lost[1])], *score)
        return call if worth > value(passing(pass_win, ours, them), *score) else pass_

    # ---- calling, trump and Jodi ----------------------------------------------------------------------
    def _call(self, hand: list[int], legal: list[ThuneeAction]) -> ThuneeAction:
        call = next((a for a in legal if a.kind == CALL), None)
        if call is None:
            return legal[0]
        # A call hands the counting side its amount and doubles its reward, so only a suit that is sure to
        # be worth choosing trump for is bought: J, 9 and A of one suit (measured: looser calling loses).
        best = max(suit_value(hand, s) for s in range(4))
        limit = next((amount for least, amount in self.calls if best >= least), 0)
        return call if call.amount <= limit else legal[0]

    def _trump(self, hand: list[int], legal: list[ThuneeAction]) -> ThuneeAction:
        cards = [a for a in legal if a.kind == TRUMP and a.card >= 0]
        last = next((a for a in legal if a.kind == TRUMP and a.card < 0), None)
        if last is not None and (not cards or trump_last_pays(sum(1 << c for c in hand))):
            return last
        if not cards:
            return legal[0]
        if self.trump_choice == "longest":
            suit = max(range(4), key=lambda s: (sum(1 for c in hand if _suit(c) == s), suit_value(hand, s), -s))
        else:
            suit = max(range(4), key=lambda s: (suit_value(hand, s), -s))
        in_suit = [a for a in cards if _suit(a.card) == suit]
        return min(in_suit, key=lambda a: (CARD_POINTS[a.card], -a.card))

    def _jodi(self, view: ThuneeView, legal: list[ThuneeAction]) -> ThuneeAction:
        """The most valuable declaration the view offers (its value as the engine counts it)."""
        options = view["jodi_options"]
        if not options or not self.jodi:
            return next((a for a in legal if a.kind == PASS), legal[0]) if options else legal[0]
        text = max(options, key=lambda option: option[2])[0]
        return next(a for a in legal if a.text == text)

    # ---- play -------------------------------------------------------------------------------------------
    def _play(self, t: _Trick, view: ThuneeView, legal: list[ThuneeAction]) -> ThuneeAction:
        special = view["special"]
        if special is not None:
            play = self._special_play(t, view, special)
            if play is not None:
                return play
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

    def _special_play(self, t: _Trick, view: ThuneeView, special: str) -> ThuneeAction | None:
        """After a slam or Trip: the caller plays its plan, his partners never take a trick from him (nor, at Trip,
        the last trick); None: play as usual (the opponents, who try to win every trick they can)."""
        seat, caller = view["seat"], view["special_seat"]
        if seat == caller:
            if special == "trip":
                return self._trip_play(t)
            if not t.trick:
                mask = sum(1 << a.card for a in t.plays)
                out = sum(1 << c for c in t.unseen)
                royals = special in _ROYALS_NAMES
                card = (first_lead(mask, royals) if view["trump_status"] == "first_lead"
                        else solo_lead(mask, out, t.trump, royals))
                return next(a for a in t.plays if a.card == card)
            return None
        if not t.trick:
            return self._trip_defence(t) if special == "trip" and caller % 2 != t.team else None
        assert t.best is not None
        if caller % 2 != t.team:
            if special == "trip":
                return self._trip_defence(t)
            if t.best[0] != caller:
                return None
            # against a slam: beat the caller if possible, else keep whatever may beat him later
            winners = [a for a in t.plays if t.beats(a.card, t.best[1])]
            if winners:
                return min(winners, key=lambda a: (t.strength[a.card % 6], a.card))
            card = weakest(sum(1 << a.card for a in t.plays), t.trump, t.strength)
            return next(a for a in t.plays if a.card == card)
        if t.n == 2:
            return None
        if special != "trip" or t.best[0] == caller or t.last_trick:
            return self._duck(t, t.best)
        return None

    def _duck(self, t: _Trick, best: tuple[int, int]) -> ThuneeAction:
        """The strongest card that does not beat the winning card (so the caller keeps the trick and this seat is
        not forced to take one later), else the weakest."""
        safe = [a for a in t.plays if not t.beats(a.card, best[1])]
        if safe:
            return min(safe, key=lambda a: (t.strength[a.card % 6], a.card))
        return max(t.plays, key=lambda a: (t.strength[a.card % 6], -a.card))

    def _trip_play(self, t: _Trick) -> ThuneeAction:
        """The Trip caller must win the last trick: he keeps a Jack for it and wins the first three with the 9s,
        Aces and 10s, which nothing beats when led (there is no trump; of equal cards the first played wins)."""
        if len(t.plays) == 1:
            return t.plays[0]
        keep = min(t.hand, key=lambda c: (c % 6, c))  # J 9 A 10 K Q: the strongest in the last trick
        rest = [a for a in t.plays if a.card != keep] or t.plays
        if not t.trick:
            return min(rest, key=lambda a: (t.strength[a.card % 6], a.card))
        assert t.best is not None
        winners = [a for a in rest if t.beats(a.card, t.best[1])]
        if winners:
            return min(winners, key=lambda a: (t.strength[a.card % 6], a.card))
        return max(rest, key=lambda a: (t.strength[a.card % 6], -a.card))

    def _trip_defence(self, t: _Trick) -> ThuneeAction | None:
        """Against Trip only the last trick counts: keep the best card for it (a Jack: nothing beats it when led),
        and take the first three tricks when possible, for the lead of the last one. None: the last trick (win it
        if possible, as usual)."""
        if t.last_trick or len(t.plays) == 1:
            return None
        keep = min(t.hand, key=lambda c: (c % 6, c))  # J 9 A 10 K Q: the strongest in the last trick
        rest = [a for a in t.plays if a.card != keep] or t.plays
        if t.best is None or t.best[0] % 2 != t.team:
            winners = [a for a in rest if t.best is None or t.beats(a.card, t.best[1])]
            if winners:
                return min(winners, key=lambda a: (t.strength[a.card % 6], a.card))
        return max(rest, key=lambda a: (a.card % 6, a.card))

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


#: the slams' (and Trip's) chance an eager heuristic calls them with
EAGER_CHANCE = 0.4

#: the heuristic's styles (``bots.styles``): cautious never bids, makes no call that risks balls and declares no
#: Jodi; reckless bids up to 30 on a fair suit and makes every slam with a 40% chance; early bids on a good suit,
#: not only a sure one; late bids only 20 on a sure suit, and chooses trump by length
THUNEE_STYLES: StyleTable = {
    "cautious": {"calls": (), "slams": "never", "jodi": False},
    "reckless": {"calls": ((100, 30), (80, 20), (60, 10)), "slams": "eager"},
    "early": {"calls": ((110, 20), (90, 10))},
    "late": {"calls": ((144, 20),), "trump_choice": "longest"},
}


def _heuristic(game: Any, style: Style = "default") -> ThuneeHeuristic:
    return ThuneeHeuristic(game, **style_settings(style, THUNEE_STYLES))


register_bot("heuristic", _heuristic, games=("thunee",), options=("style",),
             doc=N_("plays like a club player: calls from the strength of its hand, makes the big calls (Thunee, "
                    "Royals, Trip...) when they are likely to pay, wins tricks as cheaply as it can, gives points "
                    "to its partner, declares every Jodi, and calls Double or Kanak only when its last card cannot "
                    "lose"))
#: the expert values a hand's end by the team's learned chance to win the match from there (each table its own),
#: so its paired test's floor is in that chance's terms; it searches 1,200 rollouts at every table (0.8 s a decision
#: at four, less at 2 and 6; 150 took 0.08 s), and a hint or a review answers at 150
register_search_bots("thunee", Settings(margin_scale=1, iterations=1200, advice_iterations=150, end_value=match_value,
                                        relative_floor=True))
#: what a casual player mixes up: which card to play, which to lay as trump (each its own kind: no group)
register_casual_bot("thunee", (), N_("plays sensibly, but now and then plays the wrong card: a relaxed game"))
