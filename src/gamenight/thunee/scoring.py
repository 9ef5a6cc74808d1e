"""The end of a Thunee hand: who wins how many balls, and the summary the views show (T18, T25-T27, T32-T33).

``score_hand`` reads the finished hand from the state and returns its summary (``last_hand`` in the views);
the formulas it uses are here once, for the engine, its views and its bots.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import SUIT_CHARS
from .phases import FINAL_NAMES, SPECIAL_NAMES, FinalCall, Special
from .rules import ThuneeRules

if TYPE_CHECKING:
    from .state import ThuneeState

# balls for a call that must win every trick: (success, caught by the partner, caught by an opponent)
_SOLO_BALLS = {Special.MOONEY: (4, 4, 8),                 # T33
               Special.BLIND_THUNEE: (8, 8, 8),           # B4 (failure values UNVERIFIED)
               Special.BLIND_ROYALS: (8, 8, 8)}
TRIP_BALLS = (3, 6)          # T32: success, failure
DOUBLE_BALLS = (2, 4)        # T26
KANAK_FAIL_BALLS = 4         # T27
LAST_TRICK_POINTS = 10       # T25


def counting_team(trumper: int) -> int:
    """T14: the team opposite the trumper counts."""
    return 1 - trumper % 2


def last_trick_adjust(rules: ThuneeRules, won_last: bool) -> int:
    """T25: what the last trick adds to the counting total (transfer: +10 or -10; bonus: +10 or 0)."""
    if won_last:
        return LAST_TRICK_POINTS
    return -LAST_TRICK_POINTS if rules.last_trick == "transfer" else 0


def counting_total(points: list[int], bid: int, jodi: list[int], counting: int, adjust: int = 0) -> int:
    """T24-T25: the counting team's card points + the last-trick adjustment + the call + its Jodi - the other's."""
    return points[counting] + adjust + bid + jodi[counting] - jodi[1 - counting]


def kanak_value(rules: ThuneeRules, bid: int, counting: int, caller_team: int, opp_points: int,
                jodi: list[int]) -> int:
    """T27's K for a Kanak called by ``caller_team``, whose opponents won ``opp_points`` before the last trick
    (``kanak_simple``: their points - the caller team's Jodi - 10). Below zero is a success."""
    team, opp = caller_team, 1 - caller_team
    if rules.kanak_simple:
        return opp_points - jodi[team] - 10
    adj = 0 if not rules.kanak_bid_adjust else (bid if opp == counting else -bid)
    return opp_points + jodi[opp] - jodi[team] - 10 + adj


def score_hand(s: ThuneeState, last_winner: int) -> dict[str, Any]:
    """The summary of the hand ``s`` just finished, ``last_winner`` having won its last trick: what was called,
    the points, ``balls`` (what each team wins), ``totals`` (the balls after it) and the scoring ``line``."""
    summary = _head(s, last_winner)
    if s.special != Special.NONE:
        balls, line = _special(s, last_winner, summary)
    elif s.final_call == FinalCall.KANAK:
        balls, line = _kanak(s, last_winner, summary)
    elif s.final_call == FinalCall.DOUBLE:
        balls, line = _double(s, last_winner, summary)
    else:
        balls, line = _counting(s, last_winner, summary)
    summary.update(result="scored", balls=balls, totals=[s.balls[0] + balls[0], s.balls[1] + balls[1]], line=line)
    return summary


def _head(s: ThuneeState, last_winner: int) -> dict[str, Any]:
    return {"hand": s.hand_no, "dealer": s.dealer, "trumper": s.trumper, "bid": s.bid,
            "trump": SUIT_CHARS[s.trump] if s.trump >= 0 else None,
            "special": SPECIAL_NAMES[s.special], "special_seat": s.special_seat,
            "final_call": FINAL_NAMES[s.final_call], "final_seat": s.final_seat,
            "card_points": list(s.trick_points), "jodi": list(s.jodi),
            "tricks": list(s.team_tricks), "last_trick_winner": last_winner}


def _special(s: ThuneeState, last_winner: int, summary: dict[str, Any]) -> tuple[list[int], str]:
    """T18, T32, T33, B4: the caller had to win every trick (Trip: the last one)."""
    balls = [0, 0]
    caller = s.special_seat
    team = caller % 2
    ok = last_winner == caller
    name = SPECIAL_NAMES[s.special]
    if s.special == Special.TRIP:
        balls[team if ok else 1 - team] = TRIP_BALLS[0] if ok else TRIP_BALLS[1]
        line = f"Trip by seat {caller}: {'won' if ok else 'lost'} the last trick"
    else:
        success, partner, opponent = _SOLO_BALLS.get(s.special, (4, s.game.rules.thunee_partner_catch_balls, 4))
        assert name is not None
        if ok:
            balls[team] = success
            line = f"{name.title()} by seat {caller}: every trick won"
        elif last_winner % 2 == team:
            balls[1 - team] = partner
            line = f"{name.title()} by seat {caller}: caught by the partner, seat {last_winner}"
        else:
            balls[1 - team] = opponent
            line = f"{name.title()} by seat {caller}: caught by seat {last_winner}"
    summary["success"] = ok
    return balls, line


def _kanak(s: ThuneeState, last_winner: int, summary: dict[str, Any]) -> tuple[list[int], str]:
    """T27: Kanak, called with a card of the last trick."""
    rules = s.game.rules
    balls = [0, 0]
    caller = s.final_seat
    team, opp = caller % 2, 1 - caller % 2
    counting = counting_team(s.trumper)
    opp_points = s.trick_points[opp] - (s.last_trick_points if last_winner % 2 == opp else 0)
    value = kanak_value(rules, s.bid, counting, team, opp_points, s.jodi)
    if rules.kanak_simple:
        ok = last_winner % 2 == team and value < 0
    else:
        ok = last_winner == caller and s.team_tricks[opp] > 0 and value < 0
    if ok:
        balls[team] = 6 if rules.kanak_backward_6 and team == counting else 3
    else:
        balls[opp] = KANAK_FAIL_BALLS
    summary.update(success=ok, kanak_value=value)
    return balls, f"Kanak by seat {caller}: K = {value}, {'success' if ok else 'failed'}"


def _double(s: ThuneeState, last_winner: int, summary: dict[str, Any]) -> tuple[list[int], str]:
    """T26: Double, called by the leader of the last trick."""
    balls = [0, 0]
    caller = s.final_seat
    team = caller % 2
    ok = last_winner == caller if s.game.rules.double_success_requires == "caller" else last_winner % 2 == team
    balls[team if ok else 1 - team] = DOUBLE_BALLS[0] if ok else DOUBLE_BALLS[1]
    summary["success"] = ok
    return balls, f"Double by seat {caller}: {'won' if ok else 'lost'} the last trick"


def _counting(s: ThuneeState, last_winner: int, summary: dict[str, Any]) -> tuple[list[int], str]:
    """T24-T25: the counting team's total against the target."""
    target = s.game.target_points
    balls = [0, 0]
    counting = counting_team(s.trumper)
    adj = last_trick_adjust(s.game.rules, last_winner % 2 == counting)
    total = counting_total(s.trick_points, s.bid, s.jodi, counting, adj)
    if total >= target:
        balls[counting] = 2 if s.bid > 0 else 1
    else:
        balls[1 - counting] = 1
    summary.update(counting_team=counting, last_trick_adjust=adj, counting_total=total, target=target)
    line = (f"counting {s.trick_points[counting]} {'+' if adj >= 0 else '-'} {abs(adj)} (last trick) + "
            f"{s.bid} (call) + {s.jodi[counting]} - {s.jodi[1 - counting]} (Jodi) = {total} "
            f"{'>=' if total >= target else '<'} {target}")
    return balls, line
