"""What a Thunee seat may know: the view's type (``ThuneeView``) and how the state builds it.

Every fact a player interface shows that takes a rule to work out is here, worked out by the engine: who is
winning the trick on the table, what each Jodi is worth, what each move of the hand's log was (its phase),
the counting team, its target and its total so far, what is known about trump. Interfaces only draw them.
docs/games/thunee.md ("Views") describes every field.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.bits import cards_of
from ..core.game import copy_json
from ..core.text import Text
from ..core.views import View
from .actions import JODI, JODI_POINTS, SUIT_CHARS, TABLE, TRUMP_JODI_BONUS, WEAK_LIMIT, card_text, meld_value
from .described import FACE_DOWN_TRUMP, described_log
from .phases import FINAL_NAMES, PHASE_NAMES, SPECIAL_NAMES, FinalCall, Phase, Special
from .scoring import KANAK_LIMIT, counting_total
from .tricks import strength_for, trick_winner

if TYPE_CHECKING:
    from .state import ThuneeState


class ThuneeView(View):
    """A Thunee view: the envelope's fields (``hand_number`` is the hand being played, counted from 1, redeals
    and void deals included) and these."""
    dealer: int
    queue: list[int]                      # the seats still to be asked in this window, the one asked first
    hand: list[str] | None                # the seat's cards, by suit (s h d c) and rank J 9 A 10 K Q (None: spectator)
    hand_sizes: list[int]
    stock_size: int                       # cards still to be dealt this hand
    teams: list[list[int]]                # the seats of team 0 and of team 1
    balls: list[int]                      # each team's balls
    ball_target: int
    default_trumper: int
    trumper: int                          # the highest caller so far, else the default trumper
    bid: int                              # the highest call (0: none)
    holder: int                           # the team holding the highest call
    passed: list[int]                     # seats that passed in the calling
    calls: list[list[int]]                # [seat, amount] in order; 0 is a pass
    calling_over: bool                    # the calling is over: the trumper is final
    counting_team: int                    # the team opposite the trumper
    counting_target: int                  # the card points it needs (T25, T34)
    counting_total: int | None            # its total so far, before the last trick (None: not scored by it)
    last_trick_adjust: list[int]          # what the last trick adds to that total: won by it, lost by it
    trump: str | None                     # the trump suit, if this seat knows it
    trump_card: str | None                # the face-down trump card, if this seat knows it
    trump_shown: bool
    trump_declared: bool
    trump_last: bool
    trump_status: str                     # known, face_down, none, first_lead or not_chosen
    special: str | None                   # thunee, royals, blind thunee, blind royals, trip, mooney
    special_seat: int
    tricks_per_hand: int
    tricks_per_half: int                  # 2 players: the second half is dealt after this many tricks
    tricks_done: int
    leader: int                           # who led (leads) the trick on the table
    trick: list[list[Any]]                # [seat, card] in the order played
    trick_winner: list[Any] | None        # [seat, card] winning the trick on the table so far
    tricks: list[list[Any]]               # this hand's (half's) finished tricks: [leader, cards, winner]
    card_points: list[int]
    team_tricks: list[int]
    jodi: list[int]                       # each team's Jodi this hand
    jodi_declared: list[list[Any]]        # [seat, cards, value] in order
    jodi_options: list[list[Any]]         # the seat's Jodi declarations now: [action, cards, value]
    final_call: str | None                # double or kanak
    final_seat: int
    voids: list[str]                      # the suits each seat has shown it lacks
    log_phases: list[str]                 # the phase each move of ``log`` was made in (its name)
    rule_notes: dict[str, Any]            # the rules a moment asks about, as Text JSON: "weak" (the weak-hand
                                          # phase), "jodi" (the Jodi window), "trip" (a Trip is played)
    last_hand: dict[str, Any] | None      # the last hand's result and scoring line


# the cards of each Jodi declaration, by action id
_JODI_CARDS = {a.id: [card_text(c) for c in cards_of(a.mask)] for a in TABLE.actions if a.kind == JODI}
CARD_TEXT = tuple(card_text(c) for c in range(24))
_SUITS_IN = tuple("".join(SUIT_CHARS[suit] for suit in range(4) if (v >> suit) & 1) for v in range(16))
_SEATS_IN = tuple(tuple(p for p in range(6) if (m >> p) & 1) for m in range(64))


def build_view(s: ThuneeState, seat: int | None) -> ThuneeView:
    g = s.game
    over = s.phase == Phase.OVER
    trump, trump_card = trump_seen(s, seat)
    log, previous = _logs(s, seat)
    counting = 1 - s.trumper % 2  # T14 (scoring.counting_team)
    scored = s.special == Special.NONE and s.final_call == FinalCall.NONE
    return {
        "game": "thunee", "seat": seat, "players": g.num_players, "rules": g.rules_copy(),
        "hand_number": s.hand_no, "dealer": s.dealer, "current_player": None if over else s.current,
        "phase": PHASE_NAMES[s.phase], "queue": [] if over else list(s.queue),
        "hand": [CARD_TEXT[c] for c in cards_of(s.hands[seat])] if seat is not None else None,
        "hand_sizes": [h.bit_count() for h in s.hands], "stock_size": len(s.stock),
        "teams": [list(g.teams[0]), list(g.teams[1])],
        "balls": list(s.balls), "ball_target": s.ball_target,
        "default_trumper": s.default_trumper, "trumper": s.trumper, "bid": s.bid,
        "holder": s.holder, "passed": list(_SEATS_IN[s.passed]),
        "calls": [list(c) for c in s.calls], "calling_over": s.phase > Phase.CALLING,
        "counting_team": counting, "counting_target": g.target_points,
        "counting_total": counting_total(s.trick_points, s.bid, s.jodi, counting) if scored else None,
        "last_trick_adjust": list(g.last_trick_adjusts),
        "trump": trump, "trump_card": trump_card, "trump_shown": s.trump_shown,
        "trump_declared": s.phase > Phase.TRUMP or s.special != Special.NONE,
        "trump_last": s.trump_last, "trump_status": trump_status(s, trump),
        "special": SPECIAL_NAMES[s.special], "special_seat": s.special_seat,
        "tricks_per_hand": g.tricks_per_hand, "tricks_per_half": g.tricks_per_half,
        "tricks_done": s.tricks_done, "leader": s.leader,
        "trick": [[p, CARD_TEXT[c]] for p, c in s.trick], "trick_winner": _trick_winner(s) if s.trick else None,
        "tricks": [[leader, list(cards), winner] for leader, cards, winner in s.tricks],
        "card_points": list(s.trick_points), "team_tricks": list(s.team_tricks),
        "jodi": list(s.jodi), "jodi_declared": [[p, list(c), v] for p, c, v in s.jodi_log],
        "jodi_options": _jodi_options(s, seat) if s.phase == Phase.JODI else [],
        "final_call": FINAL_NAMES[s.final_call], "final_seat": s.final_seat,
        "voids": [_SUITS_IN[v] for v in s.voids],
        "log": log, "log_phases": list(s.log_phases), "previous_log": previous,
        "log_described": described_log(log), "previous_log_described": described_log(previous),
        "rule_notes": rule_notes(s),
        "last_hand": copy_json(s.last_hand), "is_over": over, "winners": s.winners,
    }


def trump_seen(s: ThuneeState, seat: int | None) -> tuple[str | None, str | None]:
    """The trump suit and the trump card as ``seat`` knows them (T12, T19: the trumper's secret until the first
    card; under Thunee there is no trump card and the first lead fixes trump)."""
    knows = s.trump_shown or (seat is not None and seat == s.trumper and s.special == Special.NONE)
    if not knows:
        return None, None
    suit = SUIT_CHARS[s.trump] if s.trump >= 0 else None
    card = card_text(s.trump_card) if s.special == Special.NONE and s.trump_card >= 0 else None
    return suit, card


def trump_status(s: ThuneeState, trump: str | None) -> str:
    """The view's ``trump_status`` for a seat that knows trump as ``trump`` (``trump_seen``'s suit): known,
    face_down, not_chosen, none or first_lead."""
    if trump is not None:
        return "known"
    if s.special == Special.NONE:
        return "face_down" if s.phase > Phase.TRUMP else "not_chosen"
    if s.special == Special.TRIP or s.game.rules.thunee_trump == "no_trump":
        return "none"  # T32, B2-10
    return "first_lead"  # T17


def _logs(s: ThuneeState, seat: int | None) -> tuple[list[list[Any]], list[list[Any]]]:
    """This hand's and the last hand's moves; a face-down trump card is ``trump ?`` to the others."""
    if s.trump_shown and s.special == Special.NONE:
        log = [[p, text] for p, text in s.log]
    else:
        log = [[p, FACE_DOWN_TRUMP if p != seat and text.startswith("trump ") else text] for p, text in s.log]
    if s.prev_open:
        previous = [[p, text] for p, text in s.prev_log]
    else:  # the face-down trump card of the hand before stays hidden from the others
        previous = [[p, FACE_DOWN_TRUMP if p != seat and text.startswith("trump ") else text] for p, text in s.prev_log]
    return log, previous


_WEAK_NOTE = Text("you may demand a redeal if your first cards total {points} points or less", points=WEAK_LIMIT)
_KANAK_NOTE = Text("you must win this last trick, and your opponents' earlier points, with Jodi and the call, must "
                   "stay under {limit}", limit=KANAK_LIMIT)
_JODI_NOTE = Text("declare Jodi (K+Q {pair}, {pair_trump} in trumps; J+K+Q {triple}, {triple_trump} in trumps) or "
                  "pass", pair=JODI_POINTS[1], pair_trump=JODI_POINTS[1] + TRUMP_JODI_BONUS, triple=JODI_POINTS[2],
                  triple_trump=JODI_POINTS[2] + TRUMP_JODI_BONUS)


def rule_notes(s: ThuneeState) -> dict[str, Any]:
    """The rules the moment asks about, in words with the engine's own values (Text JSON): the weak-hand limit in
    the weak-hand phase (T9), the Jodi values in the Jodi window (T22), what a Kanak must do on the last trick
    (T27), and Trip's ranking while a Trip is played (T32, naming its caller as ``seat {number}``)."""
    notes: dict[str, Any] = {}
    if s.phase == Phase.WEAK:
        notes["weak"] = _WEAK_NOTE.to_json()
    elif s.phase == Phase.JODI:
        notes["jodi"] = _JODI_NOTE.to_json()
    elif s.phase == Phase.PLAY and s.game.halves == 1 and s.tricks_done == s.game.tricks_per_hand - 1:
        notes["kanak"] = _KANAK_NOTE.to_json()
    if s.special == Special.TRIP:
        notes["trip"] = Text("called by {name}: no trump, the caller must win the last trick; in the first three "
                             "tricks 9, A and 10 rank equal, above J, K, Q",
                             name=Text("seat {number}", number=s.special_seat)).to_json()
    return notes


def _trick_winner(s: ThuneeState) -> list[Any]:
    p, card = trick_winner(s.trick, s.trump, strength_for(s.special, s.tricks_done))
    return [p, card_text(card)]


def _jodi_options(s: ThuneeState, seat: int | None) -> list[list[Any]]:
    """T22: the Jodi declarations open to ``seat`` now (it is asked in the Jodi window), with their cards and values."""
    if seat is None or seat != s.current:
        return []
    return [[a.text, list(_JODI_CARDS[a.id]), meld_value(a.melds, s.trump)] for a in s.legal_now() if a.kind == JODI]
