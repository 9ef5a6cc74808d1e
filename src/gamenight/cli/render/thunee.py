"""Thunee in the terminal: the seat's hand by suit, the trick on the table with who played what, trump once
shown, the call and the trumper, both teams' card points, Jodi and balls, prompts that say what the moment is
for, and an end-of-hand summary with the scoring line."""
from __future__ import annotations

from ..console import escape

from .cards import card_markup, cards_markup
from .generic import GenericRenderer

_RANKS = "J9ATKQ"
_SUITS = "shdc"
_SUIT_NAMES = {"s": "♠ spades", "h": "[red]♥ hearts[/red]", "d": "[red]♦ diamonds[/red]", "c": "♣ clubs"}
_RECENT = 10


def _key(card: str) -> tuple[int, int]:
    return (_SUITS.index(card[1]), _RANKS.index(card[0]))


def _team_name(team: int, n: int) -> str:
    if n == 2:
        return f"seat {team}"
    return "team " + "+".join(str(s) for s in range(team, n, 2))


def _who(p: int, seat) -> str:
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
    if text in ("thunee", "royals", "blind thunee", "blind royals", "trip", "mooney"):
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
    def table(self, view: dict) -> str:
        n = view["players"]
        seat = view["seat"]
        turn = view["current_player"]
        rules = view["rules"]
        lines = [f"[bold]Thunee[/bold] · {n} players · hand {view['hand_number']} · dealer seat {view['dealer']} · "
                 f"first to {view['ball_target']} balls"]
        balls = view["balls"]
        lines.append("Balls: " + " · ".join(f"{_team_name(t, n)} [bold]{balls[t]}[/bold]" for t in (0, 1)))
        # the call and trump
        trumper = view["trumper"]
        special = view["special"]
        if special:
            lines.append(f"[bold yellow]{special.title()}[/bold yellow] by {_who(view['special_seat'], seat)}")
        else:
            call = f"call {view['bid']}" if view["bid"] else "no call"
            lines.append(f"Trumper: {_who(trumper, seat)} ({call}) · counting: {_team_name(1 - trumper % 2, n)}")
        if view["trump"]:
            card = f" (card {card_markup(view['trump_card'])})" if view["trump_card"] else ""
            shown = "" if view["trump_shown"] else " [dim](only you know)[/dim]"
            lines.append(f"Trump: {_SUIT_NAMES[view['trump']]}{card}{shown}")
        elif view["trump_declared"] and not special:
            lines.append("Trump: [dim]face down until the first card is played[/dim]")
        elif special in ("trip",) or (special and rules.get("thunee_trump") == "no_trump"):
            lines.append("Trump: none")
        # points
        if view["phase"] in ("play", "jodi") or view["tricks_done"]:
            pts, tricks, jodi = view["card_points"], view["team_tricks"], view["jodi"]
            lines.append("Card points: " + " · ".join(
                f"{_team_name(t, n)} {pts[t]} in {tricks[t]} trick{'s' if tricks[t] != 1 else ''}"
                + (f" + Jodi {jodi[t]}" if jodi[t] else "") for t in (0, 1)))
        for p, cards, value in view["jodi_declared"]:
            lines.append(f"  Jodi by {_who(p, seat)}: {cards_markup(cards)} = {value}")
        lines.append("")
        # players
        for p in range(n):
            marker = "[bold green]▶[/bold green] " if p == turn else "  "
            notes = []
            if p == view["dealer"]:
                notes.append("dealer")
            if p == trumper and not special:
                notes.append("trumper")
            if view["voids"][p]:
                notes.append("shown void in " + "".join("♠♥♦♣"[_SUITS.index(s)] for s in view["voids"][p]))
            lines.append(f"{marker}{_who(p, seat):<14} {view['hand_sizes'][p]} cards"
                         + (f" · {', '.join(notes)}" if notes else ""))
        # the trick
        if view["trick"] or view["phase"] == "play":
            lines.append("")
            number = view["tricks_done"] + 1
            played = ("  ".join(f"{_who(p, seat)}: {card_markup(c)}" for p, c in view["trick"])
                      or "[dim]nothing yet[/dim]")
            lines.append(f"Trick {number}: {played}")
        if view["tricks"]:
            leader, cards, winner = view["tricks"][-1]
            lines.append(f"[dim]Last trick ({len(view['tricks'])}, led by {_who(leader, seat)}): "
                         + " ".join(card_markup(c) for c in cards) + f" — won by {_who(winner, seat)}[/dim]")
        # recent moves before play
        log = view.get("log") or []
        if log and view["phase"] not in ("play",):
            lines.append("")
            lines.append("[dim]This hand:[/dim]")
            for p, move in log[-_RECENT:]:
                lines.append(f"  {_who(p, seat)}: {_move(move)}")
        # own hand
        if seat is not None and view.get("hand") is not None:
            lines.append("")
            hand = sorted(view["hand"], key=_key)
            lines.append(f"Your hand: {cards_markup(hand)}")
        if view["is_over"]:
            lines.append("[bold]The match is over.[/bold]")
        elif turn is not None:
            who = "Your" if turn == seat else f"Seat {turn}'s"
            lines.append(f"[bold]{who} turn[/bold]: {_PROMPTS.get(view['phase'], '')}")
        return "\n".join(lines)

    def action_label(self, action_text: str, view: dict) -> str:
        if action_text == "pass":
            return "pass"
        if action_text.startswith("trump ") and action_text != "trump last":
            return f"trump {card_markup(action_text[6:])}"
        if len(action_text) == 2:
            return card_markup(action_text)
        return _move(action_text).replace("played ", "").replace("declared ", "").replace("called ", "call ")

    def hand_summary(self, view: dict) -> str | None:
        last = view.get("last_hand")
        if not last:
            return None
        n = view["players"]
        seat = view["seat"]
        if last["result"] == "void":
            return f"[bold]Hand {last['hand']} is void[/bold]: {escape(last['why'])}. Same dealer deals again."
        if last["result"] == "redeal":
            shown = f" ({cards_markup(last['shown'])})" if last.get("shown") else ""
            return f"[bold]Hand {last['hand']} redealt[/bold]: {escape(last['why'])}{shown}."
        won = [t for t in (0, 1) if last["balls"][t]]
        team = won[0] if won else 0
        lines = [f"[bold]Hand {last['hand']} over.[/bold] {escape(last['line'])}",
                 f"  {_team_name(team, n)} +{last['balls'][team]} ball{'s' if last['balls'][team] != 1 else ''} → "
                 + " · ".join(f"{_team_name(t, n)} {last['totals'][t]}" for t in (0, 1))]
        if seat is not None and won:
            lines[-1] += "  " + ("[green](your side)[/green]" if seat % 2 == team else "[red](the other side)[/red]")
        return "\n".join(lines)

    def match_summary(self, view: dict) -> str:
        n = view["players"]
        winners = view["winners"]
        seat = view["seat"]
        team = winners[0] % 2 if winners else 0
        you = ""
        if seat is not None:
            you = " [green](you win)[/green]" if seat in winners else " [red](you lose)[/red]"
        return (f"[bold]Match over after {view['hand_number']} hand{'s' if view['hand_number'] != 1 else ''}.[/bold] "
                f"Winner: [bold green]{_team_name(team, n)}[/bold green]{you} · balls "
                + " · ".join(f"{_team_name(t, n)} {view['balls'][t]}" for t in (0, 1)))
