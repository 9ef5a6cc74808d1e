"""The end of a Yaniv round, step by step (Y16-Y20 in docs/games/yaniv.md): the call's points, totals and
halving, who is out, whether the match is over, who starts the next round, and the round's score sheet marks."""
from __future__ import annotations

from typing import Any

from .rules import YanivRules


def call_points(caller: int, hand_totals: dict[int, int], rules: YanivRules) -> tuple[list[int], dict[int, int]]:
    """Y16: the seats at or below the caller (Asaf: the call failed), and every seat's points for the round."""
    c = hand_totals[caller]
    asaf = [p for p in hand_totals if p != caller and hand_totals[p] <= c]
    points = dict(hand_totals)  # every non-caller scores their hand
    if not asaf:
        points[caller] = 0
        return asaf, points
    points[caller] = c + rules.asaf_penalty * (len(asaf) if rules.asaf_per_player else 1)
    if rules.asaf_winner_scores_zero:
        low = min(hand_totals[p] for p in asaf)
        for p in asaf:
            if hand_totals[p] == low:
                points[p] = 0
    return asaf, points


def single_round_winners(caller: int, asaf: list[int], hand_totals: dict[int, int]) -> list[int]:
    """single_round: the caller wins a successful call; else every lowest hand but the caller's shares the win."""
    if not asaf:
        return [caller]
    low = min(v for p, v in hand_totals.items() if p != caller)
    return sorted(p for p, v in hand_totals.items() if p != caller and v == low)


def add_and_halve(totals: list[int], points: dict[int, int], seats: list[int], rules: YanivRules) -> list[int]:
    """Y17-Y18: add each seat's points to its total (in place), then halve a total landing on a key of
    ``halving_at``; the seats halved."""
    halving = dict(rules.halving_at)
    halved = []
    for p in seats:
        totals[p] += points[p]
        if totals[p] in halving and (points[p] > 0 or not rules.halve_only_on_change):
            totals[p] = halving[totals[p]]
            halved.append(p)
    return halved


def match_result(seats: list[int], out: list[int], totals: list[int],
                 rules: YanivRules) -> tuple[list[int] | None, list[int]]:
    """Y19-Y20: the winners if the match is over (else None), and the seats that play on."""
    if out and rules.end_on_first_elimination:
        low = min(totals[p] for p in seats)
        return [p for p in seats if totals[p] == low], []
    remaining = [p for p in seats if p not in out]
    if len(remaining) == 1:
        return remaining, remaining
    if not remaining:  # everyone left crossed together: the lowest total wins, a tie plays on
        low = min(totals[p] for p in out)
        tied = [p for p in out if totals[p] == low]
        return (tied if len(tied) == 1 else None), tied
    return None, remaining


def next_starter(order: list[int], hand_totals: dict[int, int], totals: list[int], rules: YanivRules) -> int | None:
    """Y8: who deals and starts the next round, from the seats still in counted from the caller's left (the
    caller last); None for ``rotate``, which passes the start on from the seat that started this round."""
    if rules.next_round_starter == "lowest_hand":
        return min(order, key=hand_totals.__getitem__)  # min keeps the first in turn order
    if rules.next_round_starter == "lowest_total":
        return min(order, key=totals.__getitem__)
    return None


def round_marks(summary: dict[str, Any], players: int, winners: list[int], playing_on: list[int]) -> list[list[str]]:
    """The marks of a round's score sheet row, per seat, from the round's public summary (the state's
    ``SHEET_MARKS`` says what each means): the call and who caught it, halvings, eliminations, a tie over the
    limit that plays on (``playing_on``) and the match's ``winners``."""
    marks: list[list[str]] = [[] for _ in range(players)]
    marks[summary["caller"]].append("yaniv" if summary["success"] else "caught")
    for p in summary["asaf"]:
        marks[p].append("asaf")
    for p in summary["halved"]:
        marks[p].append("halved")
    for p in summary["eliminated"]:
        if p not in winners:
            marks[p].append("out")
    for p in playing_on:
        marks[p].append("tied_over")
    for p in winners:
        marks[p].append("won")
    return marks
