"""The end of a Thunee hand: who wins how many balls, and the summary the views show (T18, T25-T27, T32-T33).

``score_hand`` reads the finished hand from the state and returns its summary (``last_hand`` in the views);
the formulas it uses are here once, for the engine, its views and its bots; ``hand_marks`` gives the hand's marks on
the score sheet.
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.text import N_, Text
from .actions import SUIT_CHARS
from .phases import FINAL_NAMES, SPECIAL_NAMES, FinalCall, Special
from .rules import ThuneeRules

if TYPE_CHECKING:
    from .state import ThuneeState

# balls for a call that must win every trick: (success, caught by the partner, caught by an opponent)
_SOLO_BALLS: dict[int, tuple[int, int, int]] = {Special.MOONEY: (4, 4, 8),                 # T33
               Special.BLIND_THUNEE: (8, 8, 8),           # B4 (failure values UNVERIFIED)
               Special.BLIND_ROYALS: (8, 8, 8)}
TRIP_BALLS = (3, 6)          # T32: success, failure
DOUBLE_BALLS = (2, 4)        # T26
KANAK_FAIL_BALLS = 4         # T27
KANAK_LIMIT = 10             # T27: the opponents' points, with the Jodi and the call, must stay under it
LAST_TRICK_POINTS = 10       # T25


# the score sheet's marks (a scored hand's row: what decided it, on the team that made or failed each call)
SHEET_MARKS = {
    "counted": N_("the counting team (opposite the trumper) reached its target of card points"),
    "defended": N_("the trumping team kept the counting team below its target"),
    "bid": N_("made the highest call: it counts for the other team, whose win is then worth 2 balls"),
    "last_trick": N_("won the hand's last trick (worth 10 points in the count)"),
    "jodi": N_("declared Jodi (king and queen of a suit, or jack, king and queen)"),
    "thunee": N_("called Thunee and won every trick"),
    "thunee_failed": N_("called Thunee and lost a trick"),
    "royals": N_("called Royals and won every trick"),
    "royals_failed": N_("called Royals and lost a trick"),
    "blind_thunee": N_("called Blind Thunee (before the last cards were dealt) and won every trick"),
    "blind_thunee_failed": N_("called Blind Thunee and lost a trick"),
    "blind_royals": N_("called Blind Royals (before the last cards were dealt) and won every trick"),
    "blind_royals_failed": N_("called Blind Royals and lost a trick"),
    "mooney": N_("called Mooney (four cards of one suit with its jack) and won every trick"),
    "mooney_failed": N_("called Mooney and lost a trick"),
    "trip": N_("called Trip and won the last trick"),
    "trip_failed": N_("called Trip and lost the last trick"),
    "caught": N_("won a trick against the other team's call, which so failed"),
    "partner_caught": N_("the caller's own partner won a trick, so the call failed (the other team scores more)"),
    "double": N_("called Double on the last trick and made it"),
    "double_failed": N_("called Double on the last trick and lost it"),
    "kanak": N_("called Kanak on the last trick and made it"),
    "kanak_failed": N_("called Kanak on the last trick and failed"),
    # the other team's failed call, on the row of the team its balls went to
    "their_thunee_failed": N_("the other team's Thunee failed: its balls came to this team"),
    "their_royals_failed": N_("the other team's Royals failed: its balls came to this team"),
    "their_blind_thunee_failed": N_("the other team's Blind Thunee failed: its balls came to this team"),
    "their_blind_royals_failed": N_("the other team's Blind Royals failed: its balls came to this team"),
    "their_mooney_failed": N_("the other team's Mooney failed: its balls came to this team"),
    "their_trip_failed": N_("the other team's Trip failed: its balls came to this team"),
    "their_double_failed": N_("the other team's Double failed: its balls came to this team"),
    "their_kanak_failed": N_("the other team's Kanak failed: its balls came to this team"),
    "won": N_("won the match"),
}


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
        return opp_points - jodi[team] - KANAK_LIMIT
    adj = 0 if not rules.kanak_bid_adjust else (bid if opp == counting else -bid)
    return opp_points + jodi[opp] - jodi[team] - KANAK_LIMIT + adj


def solo_balls(rules: ThuneeRules, special: int, caller: int, last_winner: int) -> list[int]:
    """The balls each team wins for ``caller``'s special call, ``last_winner`` having won the hand's last trick
    (for Thunee, Royals, Mooney and the Blind calls: the first trick he lost, or the last he won). T18: Thunee and
    Royals +4, caught by the partner ``thunee_partner_catch_balls``, by an opponent 4; T32: Trip +3 or 6 to the
    opponents; T33: Mooney +4, caught by the partner 4, by an opponent 8; B4: Blind Thunee / Royals 8."""
    balls = [0, 0]
    team = caller % 2
    if special == Special.TRIP:
        ok = last_winner == caller
        balls[team if ok else 1 - team] = TRIP_BALLS[0] if ok else TRIP_BALLS[1]
        return balls
    success, partner, opponent = _SOLO_BALLS.get(special, (4, rules.thunee_partner_catch_balls, 4))
    if last_winner == caller:
        balls[team] = success
    else:
        balls[1 - team] = partner if last_winner % 2 == team else opponent
    return balls


def double_balls(rules: ThuneeRules, caller: int, last_winner: int) -> list[int]:
    """T26: Double by ``caller`` succeeds if he wins the last trick (``double_success_requires=team``: his team
    does): his team +2; else the opponents +4."""
    team = caller % 2
    ok = last_winner == caller if rules.double_success_requires == "caller" else last_winner % 2 == team
    balls = [0, 0]
    balls[team if ok else 1 - team] = DOUBLE_BALLS[0] if ok else DOUBLE_BALLS[1]
    return balls


def kanak_balls(rules: ThuneeRules, caller: int, counting: int, last_winner: int, value: int,
                opp_tricks: int) -> list[int]:
    """T27: Kanak by ``caller`` (K = ``value``; his opponents won ``opp_tricks`` tricks) succeeds if he wins the last
    trick, the opponents won a trick and K < 0 (``kanak_simple``: his team wins the last trick and K < 0): his team
    +3 (``kanak_backward_6``: 6 for the counting team); else the opponents +4."""
    team = caller % 2
    if rules.kanak_simple:
        ok = last_winner % 2 == team and value < 0
    else:
        ok = last_winner == caller and opp_tricks > 0 and value < 0
    balls = [0, 0]
    if ok:
        balls[team] = 6 if rules.kanak_backward_6 and team == counting else 3
    else:
        balls[1 - team] = KANAK_FAIL_BALLS
    return balls


def counting_balls(total: int, target: int, bid: int, counting: int) -> list[int]:
    """T25: the counting team reaching ``target`` wins 2 balls after a call, else 1; otherwise the trumping team 1."""
    balls = [0, 0]
    if total >= target:
        balls[counting] = 2 if bid > 0 else 1
    else:
        balls[1 - counting] = 1
    return balls


def next_dealer(rules: ThuneeRules, dealer: int, balls: list[int], players: int) -> int:
    """T29: after a scored hand the deal passes right unless the dealer's team is behind (``dealer_rotation=always``:
    every time)."""
    team = dealer % 2
    if rules.dealer_rotation == "always" or balls[team] >= balls[1 - team]:
        return (dealer + 1) % players
    return dealer


def match_winner(rules: ThuneeRules, balls: list[int], target: int) -> int | None:
    """T30: the team that has won the match with these balls (``target`` of them; ``win_by_two``: and a lead of two),
    else None."""
    for team in (0, 1):
        if balls[team] >= target and (not rules.win_by_two or balls[team] - balls[1 - team] >= 2):
            return team
    return None


Words = tuple[str, dict[str, Any]]   # a scoring line in English, and as a Text's JSON for any reader


def score_hand(s: ThuneeState, last_winner: int) -> dict[str, Any]:
    """The summary of the hand ``s`` just finished, ``last_winner`` having won its last trick: what was called,
    the points, ``balls`` (what each team wins), ``totals`` (the balls after it) and the scoring ``line``."""
    summary = _head(s, last_winner)
    words: Words
    if s.special != Special.NONE:
        balls, words = _special(s, last_winner, summary)
    else:
        if s.final_call == FinalCall.KANAK:
            balls, line = _kanak(s, last_winner, summary)
        elif s.final_call == FinalCall.DOUBLE:
            balls, line = _double(s, last_winner, summary)
        else:
            balls, line = _counting(s, last_winner, summary)
        words = str(line), line.to_json()
    summary.update(result="scored", balls=balls, totals=[s.balls[0] + balls[0], s.balls[1] + balls[1]],
                   line=words[0], says=words[1])
    return summary


def _head(s: ThuneeState, last_winner: int) -> dict[str, Any]:
    return {"hand": s.hand_no, "dealer": s.dealer, "trumper": s.trumper, "bid": s.bid,
            "trump": SUIT_CHARS[s.trump] if s.trump >= 0 else None,
            "special": SPECIAL_NAMES[s.special], "special_seat": s.special_seat,
            "final_call": FINAL_NAMES[s.final_call], "final_seat": s.final_seat,
            "card_points": list(s.trick_points), "jodi": list(s.jodi),
            "tricks": list(s.team_tricks), "last_trick_winner": last_winner}


def seat_text(seat: int) -> Text:
    """A seat in a scoring line ("seat 2"): a Text of its own, so a page can put the player's name in its place."""
    return Text("seat {number}", number=seat)


#: the solo calls' names as the scoring line says them (SPECIAL_NAMES, title-cased), for the catalogs
CALL_TITLES = (N_("Thunee"), N_("Royals"), N_("Blind Thunee"), N_("Blind Royals"), N_("Mooney"))


def _special(s: ThuneeState, last_winner: int, summary: dict[str, Any]) -> tuple[list[int], Words]:
    """T18, T32, T33, B4: the caller had to win every trick (Trip: the last one)."""
    caller = s.special_seat
    summary["success"] = last_winner == caller
    return solo_balls(s.game.rules, s.special, caller, last_winner), _special_words(s.special, caller, last_winner)


@cache
def _special_words(special: int, caller: int, last_winner: int) -> Words:
    """The line of a solo call, said once for each (call, caller, last trick's winner): random play ends most hands
    on one, and saying a Text is a tenth of such a hand's cost. A hand's summary is never changed once written, so
    the hands that say the same line share its words."""
    line = _special_line(special, caller, last_winner)
    return str(line), line.to_json()


def _special_line(special: int, caller: int, last_winner: int) -> Text:
    """The line of a solo call: made, caught by the partner, or caught by an opponent (Trip: the last trick)."""
    ok = last_winner == caller
    name = str(SPECIAL_NAMES[special]).title()   # Thunee, Royals, Blind Thunee...: the calls' names
    who, other = seat_text(caller), seat_text(last_winner)
    if special == Special.TRIP:
        line = (Text("Trip by {who}: won the last trick", who=who) if ok
                else Text("Trip by {who}: lost the last trick", who=who))
    elif ok:
        line = Text("{call} by {who}: every trick won", call=Text(name), who=who)
    elif last_winner % 2 == caller % 2:
        line = Text("{call} by {who}: caught by the partner, {other}", call=Text(name), who=who, other=other)
    else:
        line = Text("{call} by {who}: caught by {other}", call=Text(name), who=who, other=other)
    return line


def _kanak(s: ThuneeState, last_winner: int, summary: dict[str, Any]) -> tuple[list[int], Text]:
    """T27: Kanak, called with a card of the last trick."""
    rules = s.game.rules
    caller = s.final_seat
    team, opp = caller % 2, 1 - caller % 2
    counting = counting_team(s.trumper)
    opp_points = s.trick_points[opp] - (s.last_trick_points if last_winner % 2 == opp else 0)
    value = kanak_value(rules, s.bid, counting, team, opp_points, s.jodi)
    balls = kanak_balls(rules, caller, counting, last_winner, value, s.team_tricks[opp])
    ok = balls[team] > 0
    summary.update(success=ok, kanak_value=value)
    return balls, _kanak_line(rules, caller, last_winner, value, s.team_tricks[opp], ok)


def _kanak_line(rules: ThuneeRules, caller: int, last_winner: int, value: int, opp_tricks: int, ok: bool) -> Text:
    """T27's result in words: made, or why it failed (the first of: the last trick lost, the opponents won no trick,
    their count, K, not below zero), as the guide says the bet (kanak_text)."""
    who = seat_text(caller)
    if ok:
        return Text("Kanak by {who}: made; the opponents' count came to {value}, below zero", who=who, value=value)
    if rules.kanak_simple and last_winner % 2 != caller % 2:
        return Text("Kanak by {who}: failed; his team lost the last trick", who=who)
    if not rules.kanak_simple and last_winner != caller:
        return Text("Kanak by {who}: failed; he lost the last trick", who=who)
    if not rules.kanak_simple and opp_tricks == 0:
        return Text("Kanak by {who}: failed; the opponents won no trick", who=who)
    return Text("Kanak by {who}: failed; the opponents' count came to {value}, not below zero", who=who, value=value)


def _double(s: ThuneeState, last_winner: int, summary: dict[str, Any]) -> tuple[list[int], Text]:
    """T26: Double, called by the leader of the last trick."""
    caller = s.final_seat
    balls = double_balls(s.game.rules, caller, last_winner)
    ok = balls[caller % 2] > 0
    summary["success"] = ok
    return balls, (Text("Double by {who}: won the last trick", who=seat_text(caller)) if ok
                   else Text("Double by {who}: lost the last trick", who=seat_text(caller)))


def _counting(s: ThuneeState, last_winner: int, summary: dict[str, Any]) -> tuple[list[int], Text]:
    """T24-T25: the counting team's total against the target."""
    target = s.game.target_points
    counting = counting_team(s.trumper)
    adj = last_trick_adjust(s.game.rules, last_winner % 2 == counting)
    total = counting_total(s.trick_points, s.bid, s.jodi, counting, adj)
    balls = counting_balls(total, target, s.bid, counting)
    summary.update(counting_team=counting, last_trick_adjust=adj, counting_total=total, target=target)
    line = Text("counting {points} {sign} {adjust} (last trick) + {bid} (call) + {jodi} - {their_jodi} (Jodi) = "
                "{total} {compare} {target}", points=s.trick_points[counting], sign="+" if adj >= 0 else "-",
                adjust=abs(adj), bid=s.bid, jodi=s.jodi[counting], their_jodi=s.jodi[1 - counting], total=total,
                compare=">=" if total >= target else "<", target=target)
    return balls, line


def hand_marks(summary: dict[str, Any], winner: int | None) -> list[list[str]]:
    """Each team's marks on a scored hand's score sheet row, from the hand's public summary (``SHEET_MARKS``):
    the call that decided the hand, made or failed, on the caller's team (and who caught it; a failed call is named
    again on the row of the team its balls went to); for a hand decided by the count, whether the counting team
    reached its target, the call and the last trick; the Jodi; and the match's ``winner`` team."""
    marks: list[list[str]] = [[], []]
    if summary["special"] is not None:
        _special_marks(summary, marks)
    elif summary["final_call"] is not None:
        marks[summary["final_seat"] % 2].append(summary["final_call"] + ("" if summary["success"] else "_failed"))
    else:
        _counting_marks(summary, marks)
    _failed_call_cause(summary, marks)
    for team in (0, 1):
        if summary["jodi"][team] > 0:
            marks[team].append("jodi")
    if winner is not None:
        marks[winner].append("won")
    return marks


def _special_marks(summary: dict[str, Any], marks: list[list[str]]) -> None:
    """Thunee, Royals, their Blind forms, Mooney, Trip: made or failed, and who won the trick that broke it."""
    team = summary["special_seat"] % 2
    name = str(summary["special"]).replace(" ", "_")
    if summary["success"]:
        marks[team].append(name)
        return
    marks[team].append(name + "_failed")
    if name != "trip":
        catcher = summary["last_trick_winner"] % 2
        marks[team if catcher == team else 1 - team].append("partner_caught" if catcher == team else "caught")


def _failed_call_cause(summary: dict[str, Any], marks: list[list[str]]) -> None:
    """A call that failed gives its balls to the other team (T18, T26, T27, T32, T33): that team's row says so
    (``their_kanak_failed``...), unless it already does (``caught``: it won a trick against the call)."""
    called = summary["special"] or summary["final_call"]
    if called is None or summary["success"]:
        return
    seat = summary["special_seat"] if summary["special"] is not None else summary["final_seat"]
    gainer = 1 - seat % 2
    if summary["balls"][gainer] > 0 and "caught" not in marks[gainer]:
        marks[gainer].append("their_" + str(called).replace(" ", "_") + "_failed")


def _counting_marks(summary: dict[str, Any], marks: list[list[str]]) -> None:
    counting = summary["counting_team"]
    if summary["counting_total"] >= summary["target"]:
        marks[counting].append("counted")
    else:
        marks[1 - counting].append("defended")
    if summary["bid"] > 0:
        marks[1 - counting].append("bid")
    marks[summary["last_trick_winner"] % 2].append("last_trick")
