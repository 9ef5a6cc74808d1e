"""A Yaniv player's chance to win the match from the totals: what a hand's points are worth to the match.

A hand's points weigh differently through a match: 25 points at a total of 20 are a setback, at 180 they put the
player out, and landing exactly on a halving total takes half a total away. The expert's search plays each move out
to the end of the hand; this module turns the totals it ends with into the seat's chance to win the match.

The model (a survival model, as match-equity tables are built for backgammon, with the players taken apart):
each hand adds to every player still in an independent draw of the points one player scores in a hand
(``HandPoints``: the points of every player in every hand of matches the heuristic plays against itself at the
table's size and rules), halving and elimination as the rules say. ``survival[k][t]`` is the chance that a player
on a total of ``t`` is still in after ``k`` more hands; the seat wins when the last of the others goes out while it
is still in (going out in the same hand counts half).

>>> chances = MatchChances(HandPoints({0: 0.5, 10: 0.5}), limit=30, halving={}, halve_only_on_change=False)
>>> round(chances.chance([0, 25], 0), 3)
0.981
>>> round(chances.chance([0, 0], 0), 3)
0.5
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: hands looked ahead; the chance still in the balance beyond them is shared equally
HORIZON = 150
#: distinct tuples of totals kept (each is a few hundred multiplications to compute again)
CACHE = 100_000


@dataclass(frozen=True)
class HandPoints:
    """How many points one player scores in one hand: ``share[points]``, the shares summing to 1."""
    share: dict[int, float]

    @classmethod
    def observed(cls, points: Sequence[int]) -> HandPoints:
        """The shares of each value among ``points`` (one per player and hand)."""
        counts: dict[int, int] = {}
        for p in points:
            counts[p] = counts.get(p, 0) + 1
        return cls({p: n / len(points) for p, n in sorted(counts.items())})


class MatchChances:
    """The chance to win the match from every player's total, for one table's rules (Y17-Y20)."""

    def __init__(self, points: HandPoints, limit: int, halving: dict[int, int], halve_only_on_change: bool):
        self.limit = limit
        moves = [self._moves(t, points, halving, halve_only_on_change) for t in range(limit + 1)]
        alive = [1.0] * (limit + 1)
        self.survival = [alive]
        for _ in range(HORIZON):
            alive = [sum(share * alive[after] for after, share in row) for row in moves]
            self.survival.append(alive)
        self._cache: dict[tuple[int, ...], float] = {}

    def _moves(self, total: int, points: HandPoints, halving: dict[int, int],
               halve_only_on_change: bool) -> list[tuple[int, float]]:
        """Where a total of ``total`` goes in one hand and with what chance, the ways out left out (Y17-Y19)."""
        moves: dict[int, float] = {}
        for scored, share in points.share.items():
            after = total + scored
            if after in halving and (scored > 0 or not halve_only_on_change):
                after = halving[after]
            if after <= self.limit:
                moves[after] = moves.get(after, 0.0) + share
        return list(moves.items())

    def chance(self, totals: Sequence[int], seat: int) -> float:
        """``seat``'s chance to win the match; ``totals`` lists the players still in, ``seat`` indexing it."""
        key = (totals[seat], *sorted(t for i, t in enumerate(totals) if i != seat))
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= CACHE:
                self._cache.clear()
            found = self._cache[key] = self._chance(key[0], key[1:])
        return found

    def _chance(self, mine: int, others: Sequence[int]) -> float:
        if not others:
            return 1.0
        if mine > self.limit:
            return 0.0
        survival = self.survival
        won = 0.0
        all_out_before = 0.0   # the chance that every other is out within k - 1 hands
        for k in range(1, HORIZON + 1):
            all_out = 1.0
            for t in others:
                all_out *= 1.0 - (survival[k][t] if t <= self.limit else 0.0)
            ends_now = all_out - all_out_before
            if ends_now > 0:
                still_in, was_in = survival[k][mine], survival[k - 1][mine]
                won += ends_now * (still_in + 0.5 * (was_in - still_in))
            all_out_before = all_out
        return won + (1.0 - all_out_before) / (len(others) + 1)
