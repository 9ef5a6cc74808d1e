"""When the Thunee heuristic makes a call that risks balls, from its own cards only (docs/bots.md, "Thunee").

A call is made when it pays: when the bot's chance to win the match after calling is higher than after passing.
The comparison is made of estimates cheap enough for a bot that is also the search's rollout policy:

* ``sweep_chance``: how likely a call that must win every trick (Thunee, Royals, Mooney, Blind Thunee, Blind
  Royals) is to win them all, to be caught by the caller's partner or by an opponent, or to be annulled because
  the caller's opponents hold no trump. It deals the cards the bot cannot see at random ``SAMPLES`` times (seeded by
  the bot's own cards, so the answer is always the same) and plays each deal out with the plan the heuristic itself
  follows after such a call (``sweep``). It is only asked about hands that may sweep (``slam_candidate``: the top
  card of a suit, and no other card that a card still out beats), and remembers its answers for the hands that
  differ only by their suits, so a bot seldom pays for it.
* ``trip_chance``: Trip's chance by the dealer's Jacks and 9s, Aces and 10s, as measured (``_TRIP``).
* ``trump_last_pays``: a rule, as measured.
* ``match_chance``: the chance to win the match from a score, if the later hands go as they did in the heuristic's
  matches (``HAND_BALLS``, ``BEHIND_WINS``). Far from the end this makes the comparison one of the hand's expected
  balls; near it, a team that is far behind takes long chances and a team that is ahead avoids them.

Passing is worth the normal hand: the team of a seat holding a hand worth a slam call wins it with chance
``PASS_WIN`` (as measured), 1 ball or 2 when it counts against a call; else the other team wins its ball(s).

Calibration (4, 6 and 2 players, the standard rules and ``all_calls``, 800 matches each; every window where a call
was considered was played both ways to the end of the hand): the chance ``sweep_chance`` gives agrees with the
share of those calls won in play, in every fifth of the scale: after the last cards 0.90 given, 0.89 won; 0.69,
0.67; 0.49, 0.49; 0.31, 0.30; 0.09, 0.11 (5763 hands); the blind calls 0.44, 0.39; 0.28, 0.28; 0.16, 0.16 (13088).
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple

from .actions import ALL_CARDS, SUIT_MASK
from .tricks import NORMAL_STRENGTH, ROYALS_STRENGTH

#: the deals ``sweep_chance`` plays out for one hand (its chance is then good to about 4 points)
SAMPLES = 128
#: how often the team of a seat holding a hand worth a slam call (``slam_candidate``) wins the normal hand instead,
#: by (Royals order, players), as measured by playing the hands both ways (the blind calls' hands alike)
PASS_WIN = {(False, 4): 0.72, (True, 4): 0.54, (False, 6): 0.61, (True, 6): 0.52, (False, 2): 0.66, (True, 2): 0.51}
#: ``trump`` for ``sweep_chance``: the caller's first lead fixes trump (Thunee, Royals, the blind calls), or none
CHOOSE, NO_TRUMP = -2, -1
WIN, VOID, PARTNER, OPPONENT = range(4)

_STRENGTHS = (NORMAL_STRENGTH, ROYALS_STRENGTH)


def _tables(strength: tuple[int, ...]) -> tuple[list[int], list[int], list[int]]:
    """For each 6-bit mask of one suit's ranks: how many of its top cards in a row it holds, its strongest rank
    (-1: none); and for each rank, the ranks stronger than it (a mask)."""
    order = sorted(range(6), key=lambda r: strength[r])
    runs, tops = [], []
    for m in range(64):
        run = 0
        while run < 6 and (m >> order[run]) & 1:
            run += 1
        runs.append(run)
        tops.append(next((r for r in order if (m >> r) & 1), -1))
    above = [sum(1 << q for q in range(6) if strength[q] < strength[r]) for r in range(6)]
    return runs, tops, above


# per order (plain, Royals): ``_tables``'s three lists
_RUN: tuple[list[int], ...]
_TOP: tuple[list[int], ...]
_ABOVE: tuple[list[int], ...]
_RUN, _TOP, _ABOVE = zip(*(_tables(s) for s in _STRENGTHS))
# the cards of a card's suit stronger than it (24-bit), per order
_STRONGER = tuple(tuple(_ABOVE[o][c % 6] << (6 * (c // 6)) for c in range(24)) for o in (0, 1))


def _suits(hand: int) -> list[int]:
    return [(hand >> (6 * s)) & 63 for s in range(4)]


def side_losers(hand: int, royals: bool, trump: int) -> int:
    """The cards of ``hand`` outside suit ``trump`` that a card of their suit still out can beat."""
    run = _RUN[royals]
    return sum(m.bit_count() - run[m] for s, m in enumerate(_suits(hand)) if s != trump)


def plan_trump(hand: int, royals: bool) -> int:
    """The suit a slam caller makes trump with his first lead: the one leaving the fewest side cards that can be
    beaten, then whose top trumps in a row draw every other trump, then the most trumps (-1: an empty hand)."""
    run = _RUN[royals]
    suits = _suits(hand)
    losers = [m.bit_count() - run[m] for m in suits]
    total = sum(losers)
    best, best_key = -1, (99, 0, 0, 0)
    for s, m in enumerate(suits):
        if not m:
            continue
        t, k = m.bit_count(), run[m]
        key = (total - losers[s], k < 6 - t, 6 - t - k, -t)
        if key < best_key:
            best, best_key = s, key
    return best


def slam_candidate(hand: int, royals: bool, players: int, trump: int) -> bool:
    """Could ``hand`` (the cards seen so far) win every trick? With 4 or 6 players every card is dealt, so a side
    card that a card still out beats loses (unless the partner holds that card and may duck), and the trump suit
    needs its top card; with 2 the other half of the pack is not dealt, so one such card is allowed."""
    allowed = 1 if players == 2 else 0
    if trump >= 0:
        return side_losers(hand, royals, trump) <= allowed
    if trump == NO_TRUMP:
        return side_losers(hand, royals, -1) <= allowed
    run = _RUN[royals]
    return any(m and run[m] and side_losers(hand, royals, s) <= allowed for s, m in enumerate(_suits(hand)))


def first_lead(hand: int, royals: bool) -> int:
    """The slam caller's first lead when it fixes trump: the best card of the suit ``plan_trump`` picks."""
    suit = plan_trump(hand, royals)
    return 6 * suit + _TOP[royals][(hand >> (6 * suit)) & 63]


def solo_lead(hand: int, out: int, trump: int, royals: bool) -> int:
    """The card a slam caller leads: his best trump while a trump is still out, else a card nothing out can beat
    (nor trump), else the one the fewest cards out can beat. ``out``: the cards neither in his hand nor played."""
    tops, above = _TOP[royals], _ABOVE[royals]
    if trump >= 0:
        mine = (hand >> (6 * trump)) & 63
        if mine and (out >> (6 * trump)) & 63:
            return 6 * trump + tops[mine]
    trumps_out = trump >= 0 and (out >> (6 * trump)) & 63 != 0
    best, best_key = -1, (99, 0)
    for s in range(4):
        mine = (hand >> (6 * s)) & 63
        if not mine:
            continue
        r = tops[mine]
        key = (((out >> (6 * s)) & above[r]).bit_count() + (trumps_out and s != trump), s)
        if key < best_key:
            best, best_key = 6 * s + r, key
    return best


def _strongest(mask: int, strength: tuple[int, ...]) -> int:
    best, best_s = -1, 9
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        if strength[c % 6] < best_s:
            best, best_s = c, strength[c % 6]
    return best


def weakest(mask: int, trump: int, strength: tuple[int, ...]) -> int:
    """What a slam caller's opponent throws when he cannot beat him: not a trump if he can help it, and his weakest
    card (points do not count after a slam call: he keeps what may beat the caller later)."""
    best, best_key = -1, (2, -1)
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        key = (c // 6 == trump, -strength[c % 6])
        if key < best_key:
            best, best_key = c, key
    return best


def sweep(hand: int, others: list[int], royals: bool, trump: int, void_deals: bool) -> int:
    """Play a slam out on open cards with the heuristic's plan: ``hand`` the caller's, ``others[i]`` the cards of the
    seat ``i + 1`` places after him (partners at odd ``i``). WIN, VOID (the caller's opponents hold no trump after
    his first lead: the deal is annulled), PARTNER or OPPONENT (who caught it)."""
    o = 1 if royals else 0
    strength = _STRENGTHS[o]
    stronger = _STRONGER[o]
    others = list(others)
    out = ALL_CARDS & ~hand
    choose = trump == CHOOSE
    for trick in range(hand.bit_count()):
        if choose and trick == 0:
            c = first_lead(hand, royals)
            trump = c // 6
        else:
            c = solo_lead(hand, out, trump, royals)
        hand &= ~(1 << c)
        out &= ~(1 << c)
        led = c // 6
        if trick == 0 and choose and void_deals:
            theirs = 0
            for i in range(0, len(others), 2):
                theirs |= others[i]
            if not theirs & SUIT_MASK[led]:
                return VOID
        for i, m in enumerate(others):
            follow = m & SUIT_MASK[led]
            if follow:
                legal, beat = follow, follow & stronger[c]
            else:
                legal, beat = m, (m & SUIT_MASK[trump] if 0 <= trump != led else 0)
            if i % 2:
                safe = legal & ~beat
                if not safe:
                    return PARTNER
                pick = _strongest(safe, strength)
            else:
                if beat:
                    return OPPONENT
                pick = weakest(legal, trump, strength)
            others[i] = m & ~(1 << pick)
            out &= ~(1 << pick)
    return WIN


def sweep_chance(known: int, extra: int, players: int, royals: bool, trump: int, void_deals: bool,
                 samples: int = SAMPLES) -> tuple[float, float, float, float]:
    """The chances (WIN, VOID, PARTNER, OPPONENT) of a slam by the holder of ``known``, who is still to be dealt
    ``extra`` cards (the blind calls), at a table of ``players``: the unseen cards are dealt ``samples`` times, by a
    generator seeded with the arguments, and each deal is played out by ``sweep``. ``trump``: CHOOSE, NO_TRUMP or
    the suit (Mooney). The suits play alike, so the hand is first put in a standard order of its suits (the hands
    that differ only by their suits share one answer, and the memory of answers holds more of them)."""
    order = sorted(range(4), key=lambda s: ((known >> (6 * s)) & 63, s), reverse=True)
    canonical = 0
    for place, s in enumerate(order):
        canonical |= ((known >> (6 * s)) & 63) << (6 * place)
    if trump >= 0:
        trump = order.index(trump)
    return _sweep_chance(canonical, extra, players, royals, trump, void_deals, samples)


@lru_cache(maxsize=1 << 14)
def _sweep_chance(known: int, extra: int, players: int, royals: bool, trump: int, void_deals: bool,
                  samples: int) -> tuple[float, float, float, float]:
    size = 4 if players == 6 else 6
    pool = [c for c in range(24) if not (known >> c) & 1]
    rng = random.Random(f"thunee-sweep/{known}/{extra}/{players}/{royals}/{trump}/{void_deals}")
    counts = [0, 0, 0, 0]
    for _ in range(samples):
        rng.shuffle(pool)
        hand = known
        for c in pool[:extra]:
            hand |= 1 << c
        others = []
        at = extra
        for _ in range(players - 1):
            m = 0
            for c in pool[at:at + size]:
                m |= 1 << c
            others.append(m)
            at += size
        counts[sweep(hand, others, royals, trump, void_deals)] += 1
    return counts[0] / samples, counts[1] / samples, counts[2] / samples, counts[3] / samples


# Trip, measured (6 players, 600 matches of the heuristic, every Trip window played both ways to the end of the
# hand): by (Jacks, 9s/Aces/10s) among the dealer's first three cards, the share of Trips won, and of normal hands
# his team won had he passed. Trip's +3 against -6 needs about two wins in three: only J + two of 9/A/10 comes near
# it at an even score (about as many balls as passing: +0.35 against +0.21 in one run, +0.04 against +0.12 in
# another), and the heuristic calling it so won 54.8% of 2000 matches against itself never calling Trip.
_TRIP = {(0, 1): (0.06, 0.47), (0, 2): (0.18, 0.49), (0, 3): (0.47, 0.50), (1, 0): (0.15, 0.54),
         (1, 1): (0.29, 0.57), (1, 2): (0.71, 0.59), (2, 0): (0.19, 0.64), (2, 1): (0.40, 0.65), (3, 0): (0.37, 0.63)}


def trip_chance(hand: int) -> tuple[float, float]:
    """For the dealer holding ``hand`` (his first three cards, 6 players): the chance that Trip wins its last trick,
    and that his team wins the normal hand if he passes (``_TRIP``). Trip is won for sure with three 9s, Aces or
    10s to lead in the first three tricks (there is no trump, and of equal cards the first played wins) and a Jack
    to lead last; the fourth card completes that often enough for J + two of 9/A/10."""
    jacks = sum((hand >> (6 * s)) & 1 for s in range(4))
    leads = sum(((hand >> (6 * s)) & 0b001110).bit_count() for s in range(4))
    return _TRIP.get((jacks, leads), (0.0, 0.5))


def trump_last_pays(hand: int) -> bool:
    """The trumper should say ``trump last`` when his first cards are all of different suits: the last card then
    always makes trump a suit he holds two of, where laying one of them gives him only that one. Measured by
    playing every such trump decision both ways to the end of the hand (1500 matches at 4 players, 1000 at 6 and
    at 2): +0.15, +0.06 and +0.13 balls a hand; with two cards of a suit, laying one is better (by 0.02 to 1)."""
    return all(((hand >> (6 * s)) & 63).bit_count() <= 1 for s in range(4))


# What ``match_chance`` assumes of every later hand, fitted to matches of the heuristic against itself (the standard
# rules, 1500 matches a table size): how many balls a hand gives its winner, and how often the team that is behind
# wins it. The dealer keeps the deal while his team is behind, and his team counts, the easier side (the team
# behind won 62% of the next hands at 4 players, 55% at 6, 58% at 2); the chance to win the match from each score
# the matches reached is fitted best (least squares) by the shares below. It is much flatter than with even
# odds: from 3 to 7 balls of 12 at 4 players, 26% measured, 27% here, 16% with even odds; so a team that is behind
# is less desperate than coin flips would make it. With the deal passing after every hand, even odds.
HAND_BALLS = {2: ((1, 0.97), (4, 0.03)),
              4: ((1, 0.94), (2, 0.04), (3, 0.01), (4, 0.01)),
              6: ((1, 0.76), (2, 0.07), (3, 0.05), (4, 0.10), (6, 0.02))}
BEHIND_WINS = {2: 0.58, 4: 0.57, 6: 0.53}


@lru_cache(maxsize=1 << 16)
def match_chance(mine: int, theirs: int, target: int, by_two: bool, players: int = 4, behind: float = 0.5) -> float:
    """The chance to win the match from ``mine`` to ``theirs`` balls (``target`` wins; ``by_two``: with a lead of
    two), if every later hand gives its winner balls as ``HAND_BALLS`` says, and the team behind wins it with
    chance ``behind`` (even scores: even odds)."""
    if mine >= target and (not by_two or mine - theirs >= 2):
        return 1.0
    if theirs >= target and (not by_two or theirs - mine >= 2):
        return 0.0
    if by_two and mine >= target - 1 and theirs >= target - 1 and abs(mine - theirs) < 2:
        return _deuce(players, behind)[mine - theirs + 1]
    win = 0.5 if mine == theirs else behind if mine < theirs else 1 - behind
    return sum(p * (win * match_chance(mine + k, theirs, target, by_two, players, behind)
                    + (1 - win) * match_chance(mine, theirs + k, target, by_two, players, behind))
               for k, p in HAND_BALLS[players])


@lru_cache(maxsize=16)
def _deuce(players: int, behind: float) -> tuple[float, float, float]:
    """Both teams past the target but one (win by two): the chance to win from a lead of -1, 0 and +1."""
    f = {-1: 0.25, 0: 0.5, 1: 0.75}
    for _ in range(300):
        f = {d: sum(p * ((0.5 if d == 0 else behind if d < 0 else 1 - behind) * _lead(f, d + k)
                         + (0.5 if d == 0 else 1 - behind if d < 0 else behind) * _lead(f, d - k))
                    for k, p in HAND_BALLS[players]) for d in f}
    return f[-1], f[0], f[1]


def _lead(f: dict[int, float], d: int) -> float:
    return 1.0 if d >= 2 else 0.0 if d <= -2 else f[d]


class Score(NamedTuple):
    """A match's score as ``value`` reads it: our balls, theirs, the target, win by two, the players, and how often
    the team behind wins a hand (``BEHIND_WINS``, or 0.5)."""
    mine: int
    theirs: int
    target: int
    by_two: bool
    players: int
    behind: float


def value(outcomes: list[tuple[float, int, int]], mine: int, theirs: int, target: int, by_two: bool,
          players: int = 4, behind: float = 0.5) -> float:
    """The chance to win the match after a hand whose outcomes are ``(chance, our balls, their balls)``."""
    return sum(p * match_chance(mine + a, theirs + b, target, by_two, players, behind)
               for p, a, b in outcomes if p > 0)


def passing(win: float, ours: int, theirs: int) -> list[tuple[float, int, int]]:
    """The normal hand's outcomes: won (``ours`` balls) with chance ``win``, else lost (``theirs`` to them)."""
    return [(win, ours, 0), (1 - win, 0, theirs)]
