"""Thunee in the terminal: the seat's hand by suit, the trick on the table with who played what, trump once
shown, the call and the trumper, both teams' card points, Jodi and balls, prompts that say what the moment is
for, and an end-of-hand summary with the scoring line.

Every fact comes from the view (docs/games/thunee.md, "Views"): the teams, the counting team, what is known of
trump, the hand in its order. This module only words and draws them."""
from __future__ import annotations

from typing import Any

from ..console import escape
from .cards import card_markup, cards_markup
from .generic import GenericRenderer

_SUIT_NAMES = {"s": "♠ spades", "h": "[red]♥ hearts[/red]", "d": "[red]♦ diamonds[/red]", "c": "♣ clubs"}
_SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_RECENT = 10
_SPECIALS = ("thunee", "royals", "blind thunee", "blind royals", "trip", "mooney")

View = dict[str, Any]


def _team_name(view: View, team: int) -> str:
    seats = view["teams"][team]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "team " + "+".join(str(s) for s in seats)


def _team_of(view: View, seat: int) -> int:
    return 0 if seat in view["teams"][0] else 1


def _who(p: int, seat: int | None) -> str:
    return f"seat {p}" + (" (you)" if p == seat else "")


def _move(text: str) -> str:
    if text == "pass":
        return "[dim]pass[/dim]"
    if text == "redeal":
        return "[yellow]demanded a redeal (weak hand)[/yellow]"
    if text.startswith("call "):
        return f"[bold]called {text[5:]}[/bold]"
    if text == "trump ?":
        return "laid the trump card face down"
    if text == "trump last":
        return "took the last card dealt as trump"
    if text.startswith("trump "):
        return f"laid {card_markup(text[6:])} face down as trump"
    if text.startswith("jodi "):
        return f"[bold magenta]declared Jodi {escape(text[5:])}[/bold magenta]"
    if text.startswith("double "):
        return f"[bold yellow]Double![/bold yellow] and led {card_markup(text[7:])}"
    if text.startswith("kanak "):
        return f"[bold yellow]Kanak![/bold yellow] and played {card_markup(text[6:])}"
    if text in _SPECIALS:
        return f"[bold yellow]{text.title()}![/bold yellow]"
    return f"played {card_markup(text)}"


_PROMPTS = {
    "weak": "you may demand a redeal if your first cards total 10 points or less",
    "trip": "declare Trip (no trump, you lead, win the last trick) or pass",
    "calling": "call the next amount to choose trump, or pass (a pass is final)",
    "trump": "lay a card of your trump suit face down",
    "blind": "call Blind Thunee before seeing your last cards, or pass",
    "special": "call Thunee (win every trick alone) or pass",
    "jodi": "declare Jodi (K+Q 20/40 in trumps, J+K+Q 30/50) or pass",
    "play": "play a card (follow suit if you can)",
}


class Renderer(GenericRenderer):
    def table(self, view: View) -> str:
        lines = _head(view) + _call_and_trump(view) + _points(view) + [""] + _players(view) + _tricks(view)
        lines += _recent_moves(view) + _own_hand(view)
        turn, seat = view["current_player"], view["seat"]
        if view["is_over"]:
            lines.append("[bold]The match is over.[/bold]")
        elif turn is not None:
            who = "Your" if turn == seat else f"Seat {turn}'s"
            lines.append(f"[bold]{who} turn[/bold]: {_PROMPTS.get(view['phase'], '')}")
        return "\n".join(lines)

    def action_label(self, action_text: str, view: View) -> str:
        if action_text == "pass":
            return "pass"
        if action_text.startswith("trump ") and action_text != "trump last":
            return f"trump {card_markup(action_text[6:])}"
        if len(action_text) == 2:
            return card_markup(action_text)
        return _move(action_text).replace("played ", "").replace("declared ", "").replace("called ", "call ")

    def hand_summary(self, view: View) -> str | None:
        last = view.get("last_hand")
        if not last:
            return None
        seat = view["seat"]
        if last["result"] == "void":
            return f"[bold]Hand {last['hand']} is void[/bold]: {escape(last['why'])}. Same dealer deals again."
        if last["result"] == "redeal":
            shown = f" ({cards_markup(last['shown'])})" if last.get("shown") else ""
            return f"[bold]Hand {last['hand']} redealt[/bold]: {escape(last['why'])}{shown}."
        won = [t for t in (0, 1) if last["balls"][t]]
        team = won[0] if won else 0
        lines = [f"[bold]Hand {last['hand']} over.[/bold] {escape(last['line'])}",
                 f"  {_team_name(view, team)} +{last['balls'][team]} ball{'s' if last['balls'][team] != 1 else ''} → "
                 + " · ".join(f"{_team_name(view, t)} {last['totals'][t]}" for t in (0, 1))]
        if seat is not None and won:
            mine = _team_of(view, seat) == team
            lines[-1] += "  " + ("[green](your side)[/green]" if mine else "[red](the other side)[/red]")
        return "\n".join(lines)

    def match_summary(self, view: View) -> str:
        winners = view["winners"]
        seat = view["seat"]
        team = _team_of(view, winners[0]) if winners else 0
        you = ""
        if seat is not None:
            you = " [green](you win)[/green]" if seat in winners else " [red](you lose)[/red]"
        hands = view["hand_number"]
        return (f"[bold]Match over after {hands} hand{'s' if hands != 1 else ''}.[/bold] "
                f"Winner: [bold green]{_team_name(view, team)}[/bold green]{you} · balls "
                + " · ".join(f"{_team_name(view, t)} {view['balls'][t]}" for t in (0, 1)))


def _head(view: View) -> list[str]:
    balls = view["balls"]
    return [f"[bold]Thunee[/bold] · {view['players']} players · hand {view['hand_number']} · "
            f"dealer seat {view['dealer']} · first to {view['ball_target']} balls",
            "Balls: " + " · ".join(f"{_team_name(view, t)} [bold]{balls[t]}[/bold]" for t in (0, 1))]


def _call_and_trump(view: View) -> list[str]:
    seat, special = view["seat"], view["special"]
    if special:
        lines = [f"[bold yellow]{special.title()}[/bold yellow] by {_who(view['special_seat'], seat)}"]
    else:
        call = f"call {view['bid']}" if view["bid"] else "no call"
        lines = [f"Trumper: {_who(view['trumper'], seat)} ({call}) · "
                 f"counting: {_team_name(view, view['counting_team'])}"]
    status = view["trump_status"]
    if status == "known":
        card = f" (card {card_markup(view['trump_card'])})" if view["trump_card"] else ""
        shown = "" if view["trump_shown"] else " [dim](only you know)[/dim]"
        lines.append(f"Trump: {_SUIT_NAMES[view['trump']]}{card}{shown}")
    elif status == "face_down":
        lines.append("Trump: [dim]face down until the first card is played[/dim]")
    elif status == "none":
        lines.append("Trump: none")
    return lines


def _points(view: View) -> list[str]:
    seat = view["seat"]
    lines = []
    if view["phase"] in ("play", "jodi") or view["tricks_done"]:
        pts, tricks, jodi = view["card_points"], view["team_tricks"], view["jodi"]
        lines.append("Card points: " + " · ".join(
            f"{_team_name(view, t)} {pts[t]} in {tricks[t]} trick{'s' if tricks[t] != 1 else ''}"
            + (f" + Jodi {jodi[t]}" if jodi[t] else "") for t in (0, 1)))
    for p, cards, value in view["jodi_declared"]:
        lines.append(f"  Jodi by {_who(p, seat)}: {cards_markup(cards)} = {value}")
    return lines


def _players(view: View) -> list[str]:
    seat, turn = view["seat"], view["current_player"]
    lines = []
    for p in range(view["players"]):
        marker = "[bold green]▶[/bold green] " if p == turn else "  "
        notes = []
        if p == view["dealer"]:
            notes.append("dealer")
        if p == view["trumper"] and not view["special"]:
            notes.append("trumper")
        if view["voids"][p]:
            notes.append("shown void in " + "".join(_SUIT_SYMBOLS[s] for s in view["voids"][p]))
        lines.append(f"{marker}{_who(p, seat):<14} {view['hand_sizes'][p]} cards"
                     + (f" · {', '.join(notes)}" if notes else ""))
    return lines


def _tricks(view: View) -> list[str]:
    seat = view["seat"]
    lines = []
    if view["trick"] or view["phase"] == "play":
        played = ("  ".join(f"{_who(p, seat)}: {card_markup(c)}" for p, c in view["trick"])
                  or "[dim]nothing yet[/dim]")
        lines += ["", f"Trick {view['tricks_done'] + 1}: {played}"]
    if view["tricks"]:
        leader, cards, winner = view["tricks"][-1]
        lines.append(f"[dim]Last trick ({len(view['tricks'])}, led by {_who(leader, seat)}): "
                     + " ".join(card_markup(c) for c in cards) + f" — won by {_who(winner, seat)}[/dim]")
    return lines


def _recent_moves(view: View) -> list[str]:
    """The hand's moves before play (calls, trump, Thunee), as the seat saw them."""
    log = view.get("log") or []
    if not log or view["phase"] == "play":
        return []
    return ["", "[dim]This hand:[/dim]"] + [f"  {_who(p, view['seat'])}: {_move(move)}" for p, move in log[-_RECENT:]]


def _own_hand(view: View) -> list[str]:
    if view["seat"] is None or view.get("hand") is None:
        return []
    return ["", f"Your hand: {cards_markup(view['hand'])}"]
