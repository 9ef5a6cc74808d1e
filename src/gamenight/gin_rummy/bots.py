"""Gin Rummy bots that read views only.

``simple`` is the standard baseline: take the upcard only when it lands in a meld or allows a knock,
discard the highest deadwood card, knock as soon as it is legal, lay off everything possible.

``heuristic`` plays the same skeleton better: a hand is judged by its deadwood minus the live chances of
its unmatched pairs and near-runs (cards the bot has not seen anywhere), a discard also pays for the help
it would give the opponent (the ranks and suit neighbours of the cards he took from the pile, less what
he threw away himself), it takes the upcard when it lands in a meld of a better hand, allows a knock it will
make, or improves the hand by more than ``take_margin``; in a match it holds back a knock of little deadwood
while the stock is long, playing for gin or an undercut (see ``hold_max``), and a knock of 7 or more in the last
stock cards; as knocker it lays out, among its best arrangements, the one whose melds are least open to layoffs.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import lru_cache
from typing import Any, TypedDict, cast

from ..bots.search import Settings, register_search_bots
from ..bots.styles import Style, StyleTable, style_settings
from ..core.bits import cards_of
from ..core.cards import CARD_NAMES, parse_card
from ..core.game import Action, Game
from ..core.registry import register_bot
from ..core.text import N_
from ..core.views import View
from . import actions as A
from . import inference, ranking, value
from .actions import GinAction
from .melds import (
    BIT,
    RANKS,
    RUN_TARGET,
    SET_TARGET,
    VALUES,
    best_arrangement,
    best_arrangements,
    best_layoff,
    deadwood_after_discard,
    extended_melds,
    layoff_targets,
)
from .rules import GinRummyRules
from .scoring import CLEAR_MARGIN
from .views import GinRummyView


class Context(TypedDict):
    """What the heuristic reads from a view once per decision: card masks, and the stock's size."""

    live: int        # the cards that may still come: in no hand, pile or meld the seat can see
    opp_known: int   # the opponent's cards the seat has seen him take
    thrown: int      # the cards the opponent discarded or passed this hand
    stock: int       # the stock's size

#: the deadwood a heuristic holds a knock with, per point of the undercut bonus (see ``GinHeuristic.hold_max``)
HOLD_PER_UNDERCUT_POINT = 0.36
#: each card's same-rank cards in the suits above it
_SAME_RANK_ABOVE = tuple(sum(BIT[c + 13 * k] for k in range(1, 4) if c + 13 * k < 52) for c in range(52))


def _run_extensions(arrangement: tuple[int, ...]) -> dict[int, list[int]]:
    """The cards two away from an end of a run of ``arrangement`` (same suit) -> the card between, as a bit, one
    per such run end, in the arrangement's order."""
    out: dict[int, list[int]] = {}
    for m in arrangement:
        if m & (m >> 1):
            lo = (m & -m).bit_length() - 1
            hi = m.bit_length() - 1
            if lo % 13 >= 2:
                out.setdefault(lo - 2, []).append(BIT[lo - 1])
            if hi % 13 <= 10:
                out.setdefault(hi + 2, []).append(BIT[hi + 1])
    return out


def _gin(view: View, legal: list[Action]) -> tuple[GinRummyView, list[GinAction]]:
    """A bot is given its own game's view and actions: Gin Rummy's."""
    return cast(GinRummyView, view), cast(list[GinAction], legal)


class _Cards(dict[str, int]):
    """A card's name -> the card: a view's names (the engine writes them as ``card_str`` does) in one lookup; any
    other spelling is parsed."""

    def __missing__(self, text: str) -> int:
        return parse_card(text)


_CARD = _Cards((name, c) for c, name in enumerate(CARD_NAMES[:52]))


def _mask(names: Iterable[str]) -> int:
    """The mask of these (distinct) cards."""
    card = _CARD
    return sum(BIT[card[name]] for name in names)


def _hand(view: GinRummyView) -> int:
    return _mask(view["hand"] or ())


def _seat(view: GinRummyView) -> int:
    seat = view["seat"]
    assert seat is not None, "a bot plays a seat"
    return seat


def _upcard(view: GinRummyView) -> int:
    return _CARD[view["discard_pile"][-1]]


def _least_deadwood_left(view: GinRummyView) -> Callable[[GinAction], tuple[int, int, int]]:
    """The order of discards and knocks: the least deadwood left (the view's ``discard_deadwood``), then the
    highest card, then the id."""
    left = view["discard_deadwood"] or {}
    names = CARD_NAMES
    return lambda a: (left[names[a.card]], -VALUES[a.card], a.id)


def table_melds(view: GinRummyView) -> list[int]:
    """The knocker's melds as they stand now, each extended by the cards laid off onto it."""
    knocker = view["knocker"]
    melds = [_mask(cards) for p, cards in view["melds"] if p == knocker]
    layoffs = [(_CARD[c], SET_TARGET if target == "set" else RUN_TARGET) for c, target in view["layoffs"]]
    return extended_melds(melds, layoffs)


def _defend(view: GinRummyView, legal: list[GinAction]) -> GinAction:
    """Lay off and meld for the minimum deadwood (melds.best_layoff), one action at a time."""
    hand = _hand(view)
    legal_ids = {a.id for a in legal}
    if view["knocker_deadwood"] and not view["big_gin"]:
        _, plan, melds = best_layoff(hand, table_melds(view))
        for card, target in plan:
            a = (A.SET_LAYOFFS if target == 0 else A.RUN_LAYOFFS)[card]
            if a.id in legal_ids:
                return a
    else:
        melds = best_arrangement(hand) if hand else ()
    for m in melds:
        a = A.MELD_ACTION[m]
        if a.id in legal_ids:
            return a
    return A.DONE_ACTION


def simple_takes(card: int, hand: int, limit: int) -> bool:
    """Whether the simple baseline (``GinSimple``) takes ``card`` from the pile holding ``hand``: when it lets it
    knock (``limit``: the knock limit) or joins a meld of its best arrangement."""
    with_card = hand | BIT[card]
    return deadwood_after_discard(with_card) <= limit or any(m & BIT[card] for m in best_arrangement(with_card))


class GinSimple:
    """The standard simple baseline."""

    def __init__(self, game: Game[Any, Any]):
        self.game = game

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return self._choose(*_gin(view, legal))

    def _choose(self, view: GinRummyView, legal: list[GinAction]) -> GinAction:
        phase = view["phase"]
        if len(legal) == 1:
            return legal[0]
        hand = _hand(view)
        if phase in ("upcard", "draw", "wall"):
            take = simple_takes(_upcard(view), hand, view["knock_limit"])
            want = A.TAKE_ACTION if take else (A.PASS_ACTION if phase != "draw" else A.DRAW_ACTION)
            return want if want in legal else legal[-1]
        if phase == "discard":
            if A.BIGGIN_ACTION in legal:
                return A.BIGGIN_ACTION
            knocks = [a for a in legal if a.kind == A.KNOCK]
            return min(knocks or legal, key=_least_deadwood_left(view))
        if phase == "layout":
            for m in best_arrangement(hand):
                a = A.MELD_ACTION[m]
                if a in legal:
                    return a
            return A.DONE_ACTION if A.DONE_ACTION in legal else legal[0]
        return _defend(view, legal)


class GinHeuristic:
    """Deadwood, live combinations, safety of discards, knock timing and layout exposure (see the module docstring).

    ``hold_max``: in a match, a knock with 1 to ``hold_max`` deadwood waits while more than ``hold_stock`` cards
    are left in the stock. The bot keeps a hand that low and goes on for gin, and a defender's undercut when the
    opponent knocks first: against players who knock as soon as they can, the undercut and gin bonuses are worth
    more than the small knocks given up. Left out, it follows the rules: ``HOLD_PER_UNDERCUT_POINT`` times the
    undercut bonus (9 at 25, 4 at 10), below the hand's knock limit, and 0 (knock at once) when one hand is the whole
    match, where only winning the hand counts.

    ``ranking_gate``: where it discards, it throws the learned ranking's favourite (``ranking``) among its own
    ``ranking_top`` favourite discards instead of its own choice when the ranking scores that card more than
    ``ranking_gate`` above its choice (in shares of the worlds won); None (the ``heuristic`` bot): never
    (``rollout_heuristic``: a policy for the expert's rollouts)."""

    def __init__(self, game: Game[Any, Any], combo_weight: float = 1.2, danger_weight: float = 1.0,
                 take_margin: float = 12.0, late_knock_max: int = 6, late_stock: int = 8,
                 hold_max: int | None = None, hold_stock: int = 5, ranking_gate: float | None = None,
                 ranking_top: int = 3):
        self.game = game
        self.ranking_gate = ranking_gate
        self.ranking_top = ranking_top
        self.combo_weight = combo_weight
        self.danger_weight = danger_weight
        self.take_margin = take_margin
        self.late_knock_max = late_knock_max
        self.late_stock = late_stock
        self.hold_max = default_hold_max(game.rules) if hold_max is None else hold_max
        self.hold_stock = hold_stock

    # ---- what the bot has seen ------------------------------------------------------------------------
    def context(self, view: GinRummyView, hand: int) -> Context:
        """What the seat has seen this hand, as ``score``, ``danger`` and ``weigh_discard`` read it (``hand``: the
        seat's cards): the live cards, the opponent's known cards, what he threw away, the stock's size."""
        opp = 1 - _seat(view)
        dead = _mask(view["discard_pile"])
        for _, cards in view["melds"]:
            dead |= _mask(cards)
        opp_known = _mask(view["known"][opp])
        thrown = 0  # cards the opponent discarded or passed this hand: he did not want them
        for seat, text in view["log"]:
            if seat == opp:
                a = A.parse(text) if text != "knock" else None
                if a is not None and a.kind == A.DISCARD:
                    thrown |= BIT[a.card]
        if view["first_upcard"] and any(seat == opp and text == "pass" for seat, text in view["log"]):
            thrown |= BIT[_CARD[view["first_upcard"]]]
        live = ~(hand | dead | opp_known) & ((1 << 52) - 1)
        return {"live": live, "opp_known": opp_known, "thrown": thrown, "stock": view["stock_size"]}

    # ---- evaluation -----------------------------------------------------------------------------------
    def score(self, hand10: int, ctx: Context) -> float:
        """Lower is better: deadwood minus the live chances of the unmatched cards to meld.

        A chance is a pair of unmatched cards and the live cards that would meld them (the same rank: the ranks'
        other live cards; suit neighbours: the live card at either end; a gap of one: the live card between), worth
        the pair's value a tenth of a point per live card; and an unmatched card two away from the end of a run of
        ours, worth its value a tenth per live card between."""
        arrangement = best_arrangement(hand10)
        melded = 0
        for m in arrangement:
            melded |= m
        loose_mask = hand10 & ~melded
        loose = cards_of(loose_mask)
        live = ctx["live"]
        values = VALUES
        bit = BIT
        dw = 0
        chances = 0.0
        extends = _run_extensions(arrangement) if melded & (melded >> 1) else None
        for x in loose:
            vx = values[x]
            dw += vx
            rx = x % 13
            # the other unmatched cards that make a chance with x, in ascending order (a suit is 13 bits)
            if rx < 12 and loose_mask & bit[x + 1]:
                outs = (1 if rx > 0 and live & bit[x - 1] else 0) + (1 if rx < 11 and live & bit[x + 2] else 0)
                if outs:
                    chances += outs * (vx + values[x + 1]) / 10.0
            if rx < 11 and loose_mask & bit[x + 2] and live & bit[x + 1]:
                chances += (vx + values[x + 2]) / 10.0
            same_rank = loose_mask & _SAME_RANK_ABOVE[x]
            if same_rank:   # the rank's live cards are its other two suits' (``live`` never holds the hand's own)
                outs = (live & RANKS[rx]).bit_count()
                if outs:
                    for y in cards_of(same_rank):
                        chances += outs * (vx + values[y]) / 10.0
            if extends is not None:
                for between in extends.get(x, ()):
                    if live & between:
                        chances += vx / 10.0
        return dw - self.combo_weight * chances

    def danger(self, card: int, ctx: Context) -> float:
        """How much discarding ``card`` may help the opponent."""
        known = ctx["opp_known"]
        thrown = ctx["thrown"]
        rank, suit = card % 13, card // 13
        d = 0.0
        for s in range(4):
            other = s * 13 + rank
            if other != card:
                if known & BIT[other]:
                    d += 3.0
                if thrown & BIT[other]:
                    d -= 0.7
        for step in (-2, -1, 1, 2):
            r = rank + step
            if 0 <= r < 13:
                n = suit * 13 + r
                if known & BIT[n]:
                    d += 3.0 if abs(step) == 1 else 1.5
                if thrown & BIT[n]:
                    d -= 0.5
        late = 1.5 if ctx["stock"] < 12 else 1.0
        return max(d, -1.0) * late * VALUES[card] / 10.0 * self.danger_weight + (0.3 * late if d > 0 else 0.0)

    def best_discard(self, hand11: int, ctx: Context, banned: int = -1) -> tuple[float, int]:
        best = (float("inf"), -1)
        for c in cards_of(hand11):
            if c == banned:
                continue
            s = self.weigh_discard(hand11, c, ctx)
            if s < best[0] or (s == best[0] and VALUES[c] > VALUES[best[1]]):
                best = (s, c)
        return best

    # ---- decisions ------------------------------------------------------------------------------------
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return self._choose(*_gin(view, legal))

    def _choose(self, view: GinRummyView, legal: list[GinAction]) -> GinAction:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        hand = _hand(view)
        if phase == "wall":
            return A.TAKE_ACTION if A.TAKE_ACTION in legal else A.PASS_ACTION
        if phase in ("upcard", "draw"):
            return self._draw(view, hand, legal)
        if phase == "discard":
            return self._discard(view, hand, legal)
        if phase == "layout":
            return self._layout(view, hand, legal)
        return _defend(view, legal)

    def _draw(self, view: GinRummyView, hand: int, legal: list[GinAction]) -> GinAction:
        ctx = self.context(view, hand)
        up = _upcard(view)
        with_up = hand | BIT[up]
        knock_with_up = deadwood_after_discard(with_up)
        if knock_with_up <= view["knock_limit"] and self._should_knock(view, knock_with_up):
            take = True
        else:  # taking the upcard only to throw it back is never worth it, so the upcard stays
            take_score, discard = self.best_discard(with_up, ctx, banned=up)
            now = self.score(hand, ctx)
            in_meld = discard >= 0 and any(m & BIT[up] for m in best_arrangement(with_up ^ BIT[discard]))
            take = (in_meld and take_score < now) or take_score < now - self.take_margin
        if take and A.TAKE_ACTION in legal:
            return A.TAKE_ACTION
        return A.DRAW_ACTION if A.DRAW_ACTION in legal else A.PASS_ACTION

    def _discard(self, view: GinRummyView, hand: int, legal: list[GinAction]) -> GinAction:
        if A.BIGGIN_ACTION in legal:
            return A.BIGGIN_ACTION
        knocks = [a for a in legal if a.kind == A.KNOCK]
        if knocks:
            key = _least_deadwood_left(view)
            best = min(knocks, key=key)
            if self._should_knock(view, key(best)[0]) or not any(
                    a.kind == A.DISCARD for a in legal):
                return best
        ctx = self.context(view, hand)
        taken = _CARD[view["taken"]] if view["taken"] else -1   # taken only to keep: it never goes straight back
        choice: GinAction | None = None
        best_score = float("inf")
        weights: dict[int, float] = {}
        for a in legal:
            if a.kind != A.DISCARD or a.card == taken:
                continue
            s = weights[a.card] = self.weigh_discard(hand, a.card, ctx)
            if choice is None or s < best_score - 1e-9 or (abs(s - best_score) <= 1e-9
                                                            and VALUES[a.card] > VALUES[choice.card]):
                choice, best_score = a, s
        assert choice is not None, "a discard is legal when no knock was chosen"
        if self.ranking_gate is None or len(weights) < 2:
            return choice
        return A.DISCARDS[self._ranked_discard(view["knock_limit"], hand, ctx, choice.card, weights)]

    def _ranked_discard(self, knock_limit: int, hand: int, ctx: Context, choice: int,
                        weights: dict[int, float]) -> int:
        """The learned ranking's favourite among the ``ranking_top`` discards this heuristic weighs best
        (``weights``: card -> ``weigh_discard``) where it scores it more than ``ranking_gate`` above ``choice``;
        else ``choice``."""
        assert self.ranking_gate is not None
        cards = sorted(weights, key=weights.__getitem__)[:self.ranking_top]
        if choice not in cards:
            cards.append(choice)
        shipped = ranking.model()
        scores = {c: shipped.score(ranking.features(self, knock_limit, hand, c, ctx)) for c in cards}
        best = max(cards, key=scores.__getitem__)
        return best if scores[best] > scores[choice] + self.ranking_gate else choice

    def weigh_discard(self, hand11: int, card: int, ctx: Context) -> float:
        """What throwing ``card`` from ``hand11`` leaves, lower is better: the hand kept and the card's danger."""
        return self.score(hand11 ^ BIT[card], ctx) + self.danger(card, ctx)

    def preference(self, view: GinRummyView, legal: list[GinAction]) -> list[GinAction]:
        """``legal`` as this heuristic likes them, best first, where it weighs several (the turn's discard or knock):
        the knocks by the least deadwood left, then the discards by ``weigh_discard`` (the card just taken last);
        elsewhere ``legal`` as it is."""
        if view["phase"] != "discard":
            return legal
        hand = _hand(view)
        ctx = self.context(view, hand)
        left = _least_deadwood_left(view)
        taken = _CARD[view["taken"]] if view["taken"] else -1

        def order(a: GinAction) -> tuple[int, float]:
            if a.kind == A.KNOCK:
                return 0, left(a)[0]
            if a.kind == A.DISCARD and a.card != taken:
                return 1, self.weigh_discard(hand, a.card, ctx)
            return 2, 0.0
        return sorted(legal, key=order)

    def _should_knock(self, view: GinRummyView, my_deadwood: int) -> bool:
        return self.knocks(my_deadwood, view["stock_size"], view["knock_limit"])

    def knocks(self, deadwood_left: int, stock_size: int, knock_limit: int) -> bool:
        """Whether this bot knocks when its best knock leaves ``deadwood_left`` (at most ``knock_limit``) with
        ``stock_size`` cards in the stock. It holds a low count while the stock is long (gin or an undercut will
        come: see ``hold_max``); then knocks, except with a middling count late in the hand: by then the defender
        has usually melded most of his cards and undercuts a knock of 7 or more too often.

        >>> import gamenight
        >>> bot = GinHeuristic(gamenight.make("gin_rummy", rules="openspiel"))   # one hand: only winning counts
        >>> bot.knocks(9, 20, 10), bot.knocks(9, 6, 10), bot.knocks(0, 6, 10)
        (True, False, True)
        """
        holding = 0 < deadwood_left <= min(self.hold_max, knock_limit - 1)
        if holding and stock_size > self.hold_stock:
            return False
        if deadwood_left <= self.late_knock_max:
            return True
        return stock_size > self.late_stock

    def _layout(self, view: GinRummyView, hand: int, legal: list[GinAction]) -> GinAction:
        me = _seat(view)
        ctx = self.context(view, hand)
        laid = [_mask(cards) for p, cards in view["melds"] if p == me]
        options = best_arrangements(hand, 32)
        legal_ids = {a.id for a in legal}

        def exposure(arrangement: tuple[int, ...]) -> int:
            slots, runs = layoff_targets(laid + list(arrangement))
            ends = 0
            for m in list(laid) + list(arrangement):
                if m & (m >> 1):
                    lo = (m & -m).bit_length() - 1
                    hi = m.bit_length() - 1
                    if lo % 13:
                        ends |= BIT[lo - 1]
                    if hi % 13 < 12:
                        ends |= BIT[hi + 1]
            return ((slots | ends) & ctx["live"]).bit_count()

        for arrangement in sorted(options, key=exposure):
            for m in arrangement:
                a = A.MELD_ACTION[m]
                if a.id in legal_ids:
                    return a
            break
        return A.DONE_ACTION if A.DONE_ACTION.id in legal_ids else legal[0]


#: the heuristic's styles (``bots.styles``): cautious guards its discards more and takes the upcard less; reckless
#: throws what it likes, chases its draws and takes the upcard readily; early knocks as soon as it may (the
#: ``simple`` bot's timing); late holds every knock while more than 2 cards are left in the stock, playing for gin
GIN_STYLES: StyleTable = {
    "cautious": {"danger_weight": 2.5, "take_margin": 20.0},
    "reckless": {"danger_weight": 0.0, "take_margin": 4.0, "combo_weight": 2.0},
    "early": {"hold_max": 0, "late_knock_max": 99},
    "late": {"hold_max": 99, "hold_stock": 2},
}


def gin_heuristic(game: Game[Any, Any], style: Style = "default") -> GinHeuristic:
    """The ``heuristic`` bot, in one of the styles of ``GIN_STYLES`` (``make_bot("heuristic", game,
    style="late")``); ``default`` is the heuristic as it always plays."""
    return GinHeuristic(game, **style_settings(style, GIN_STYLES))


def default_hold_max(rules: GinRummyRules) -> int:
    """The deadwood a heuristic holds a knock with under ``rules`` (``GinHeuristic``'s ``hold_max``)."""
    if rules.single_hand:
        return 0
    return max(0, min(rules.knock_limit - 1, round(HOLD_PER_UNDERCUT_POINT * rules.undercut_bonus)))


register_bot("simple", GinSimple, games=("gin_rummy",),
             doc=N_("plays by the book: takes the upcard only to make a meld or to knock, throws away its highest "
                 "card outside its melds, knocks as soon as it may and lays off every card it can"))
register_bot("heuristic", gin_heuristic, games=("gin_rummy",), options=("style",),
             doc=N_("weighs its hand by its deadwood and the melds it may still make, avoids throwing you cards you "
                 "need, takes the upcard when it is better than a card from the stock, and with a low hand waits "
                 "for gin or an undercut"))


@lru_cache(maxsize=16)
def _default_heuristic(rules: GinRummyRules | None = None) -> GinHeuristic:
    """The default heuristic under ``rules`` (None: the default rules): the policy the expert's rollouts play every
    seat with, and the judge of the moves it searches (``preferred_moves``: its order of moves does not depend on the
    rules, only its knock timing does)."""
    from .state import GinRummyGame

    return GinHeuristic(GinRummyGame(rules=rules))


def refine(view: View, world: Any, rng: random.Random) -> Any:
    """``inference.refine``, the opponent modelled as the rollouts play it: a hand it would have knocked with at
    its last discard, as the default heuristic knocks under the world's rules, is no hand it holds."""
    return inference.refine(view, world, rng, knocks=_default_heuristic(world.game.rules).knocks)


def preferred_moves(view: View, legal: list[Action]) -> list[Action]:
    """The moves as the default heuristic likes them, best first (``GinHeuristic.preference``): the expert searches
    the first few (``Settings.rank``)."""
    return list(_default_heuristic().preference(*_gin(view, legal)))


def learned_order(view: View, legal: list[Action], choice: Action) -> list[Action]:
    """The moves for the expert to search, best first (``Settings.prior``), given the heuristic's ``choice``: where it
    throws a card and has another to throw, its knocks by the least deadwood left, then its discards (but the card
    just taken) in the learned ranking's order (``ranking``), the ranking's favourite first as the move to beat;
    elsewhere the heuristic's choice, then the rest as it likes them (``preferred_moves``)."""
    gin_view, gin_legal = _gin(view, legal)
    judge = _default_heuristic()
    move = cast(GinAction, choice)
    taken = _CARD[gin_view["taken"]] if gin_view["taken"] else -1
    cards = [a.card for a in gin_legal if a.kind == A.DISCARD and a.card != taken]
    if gin_view["phase"] != "discard" or move.kind != A.DISCARD or len(cards) < 2:
        return [move, *judge.preference(gin_view, [a for a in gin_legal if a is not move])]
    hand = _hand(gin_view)
    order = [A.DISCARDS[c] for c in ranking.rank(judge, gin_view["knock_limit"], hand, cards,
                                                 judge.context(gin_view, hand))]
    left = _least_deadwood_left(gin_view)   # the knocks as ``preference`` orders them, without weighing discards
    knocks = sorted((a for a in gin_legal if a.kind == A.KNOCK), key=lambda a: left(a)[0])
    ordered: list[Action] = [order[0], *knocks, *order[1:]]
    return ordered + [a for a in gin_legal if a not in ordered]


#: how much better (in shares of the worlds won) the learned ranking must score a discard than the heuristic's own for
#: ``rollout_heuristic`` to throw it; chosen against OpenSpiel's bot (docs/bots.md)
RANKING_GATE = 0.03


def rollout_heuristic(game: Game[Any, Any], style: str = "default") -> GinHeuristic:
    """A policy for the expert's rollouts (``expert_with_ranked_rollouts``; not yet the default: docs/bots.md): the
    heuristic in ``style``, throwing the learned ranking's favourite among its three favourite discards where the
    ranking is sure enough of it (``GinHeuristic``'s ``ranking_gate``: ``RANKING_GATE``)."""
    return GinHeuristic(game, ranking_gate=RANKING_GATE, **style_settings(style, GIN_STYLES))


#: the ``expert``'s search settings: 400 rollouts a decision (on one core of the development machine about 0.7 s in
#: single hands of the ``openspiel`` preset, 1.6 s in whole matches of the default rules, where hands last longer),
#: shared among four moves: the heuristic's, or where it discards the learned ranking's favourite, and the next
#: three (``learned_order``); hints and reviews at 100
EXPERT = Settings(margin_scale=CLEAR_MARGIN, iterations=400, candidates=4, prior=learned_order, refine=refine,
                  advice_iterations=100)


def expert_with_ranked_rollouts(iterations: int = 400) -> Settings:
    """The expert's settings with its rollouts played by ``rollout_heuristic`` (the learned ranking's surest
    discards), at ``iterations`` rollouts a decision."""
    return replace(EXPERT, policy=rollout_heuristic, iterations=iterations)


def expert_with_value(rollout_depth: int = 0, iterations: int = 100) -> Settings:
    """The expert's settings with the learned value (``value.leaf_value``) ending its rollouts ``rollout_depth``
    actions after the move, at ``iterations`` rollouts a decision."""
    return replace(EXPERT, leaf_value=value.leaf_value, rollout_depth=rollout_depth, iterations=iterations)


register_search_bots("gin_rummy", EXPERT)
