"""Yaniv in the terminal: the seat's hand and its value, the group that can be taken from, the stock,
every player's hand size, known cards and total, and the round's recent moves."""
from __future__ import annotations

from typing import Any

from ..console import escape
from .cards import card_markup, cards_markup
from .generic import GenericRenderer, recent_moves


def _group_markup(text: str) -> str:
    parts = []
    for token in text.split("+"):
        if "=" in token:
            joker, stands = token.split("=", 1)
            parts.append(f"{card_markup(joker)}[dim](={escape(stands)})[/dim]")
        else:
            parts.append(card_markup(token))
    return " ".join(parts)


def _move_markup(text: str) -> str:
    if text == "yaniv":
        return "[bold yellow]Yaniv![/bold yellow]"
    if text == "draw":
        return "drew from the stock"
    if text.startswith("take "):
        return f"took {card_markup(text[5:])}"
    if text.startswith("swap "):
        return f"swapped {card_markup(text[5:])} for a joker"
    if text == "slap":
        return "slapped down the drawn card"
    if text == "keep":
        return "kept the drawn card"
    return f"discarded {_group_markup(text)}"


class Renderer(GenericRenderer):
    def table(self, view: dict[str, Any]) -> str:
        lines = [_header(view), "", *_seat_lines(view), "", *_pile_lines(view)]
        seat = view["seat"]
        lines += recent_moves(view.get("log"), "This round",
                              lambda p, move: f"seat {p}{' (you)' if p == seat else ''}: {_move_markup(move)}")
        lines += _hand_lines(view)
        lines += _prompt_lines(view)
        return "\n".join(lines)

    def action_label(self, action_text: str, view: dict[str, Any]) -> str:
        if action_text == "yaniv":
            return "[bold yellow]call Yaniv![/bold yellow]"
        if action_text == "draw":
            return f"draw from the stock ({view['stock_size']})"
        if action_text.startswith("take "):
            return f"take {card_markup(action_text[5:])}"
        if action_text.startswith("swap "):
            return f"give {card_markup(action_text[5:])} for the joker"
        if action_text == "slap":
            return f"slap down {card_markup(view['drawn']) if view.get('drawn') else 'the drawn card'}"
        if action_text == "keep":
            return "keep the drawn card"
        label = _group_markup(action_text)
        left = (view.get("hand_value_after") or {}).get(action_text)
        if left is not None:
            label += f" [dim](leaves {left})[/dim]"
        return label

    def hand_summary(self, view: dict[str, Any]) -> str | None:
        result = view.get("last_round")
        if not result:
            return None
        caller = result["caller"]
        seat = view.get("seat")
        lines = [f"[bold]Round {result['round']} over.[/bold] Seat {caller}"
                 f"{' (you)' if caller == seat else ''} called Yaniv with {result['hand_totals'][str(caller)]}: "
                 + ("[green]success[/green]" if result["success"] else
                    "[red]Asaf![/red] by " + ", ".join(f"seat {p}" for p in result["asaf"]))]
        for p_text, cards in sorted(result["hands"].items(), key=lambda kv: int(kv[0])):
            p = int(p_text)
            notes = []
            if p in result.get("halved", []):
                notes.append("[cyan]halved[/cyan]")
            if p in result.get("eliminated", []):
                notes.append("[red]eliminated[/red]")
            lines.append(f"  seat {p}{' (you)' if p == seat else '':<6} {cards_markup(cards):<0}"
                         f"  hand {result['hand_totals'][p_text]}, +{result['points'][p_text]}"
                         f" → total {result['totals'][p]}" + (" " + " ".join(notes) if notes else ""))
        return "\n".join(lines)

    def match_summary(self, view: dict[str, Any]) -> str:
        winners = view["winners"]
        seat = view.get("seat")
        names = ", ".join(f"seat {w}" + (" (you)" if w == seat else "") for w in winners) or "nobody"
        rounds = view["hand_number"]
        lines = [f"[bold]Match over after {rounds} round{'s' if rounds != 1 else ''}.[/bold] "
                 f"Winner{'s' if len(winners) != 1 else ''}: [bold green]{names}[/bold green]"]
        order = sorted(range(view["players"]), key=lambda p: view["scores"][p])
        for p in order:
            status = "winner" if p in winners else ("out" if not view["active"][p] else "")
            lines.append(f"  seat {p}{' (you)' if p == seat else '':<6} total {view['scores'][p]:>4}  {status}")
        return "\n".join(lines)


def _header(view: dict[str, Any]) -> str:
    rules = view["rules"]
    limit = rules.get("yaniv_limit")
    limit_text = "any hand" if limit is None else f"{limit} or less"
    header = (f"[bold]Yaniv[/bold] · round {view['hand_number']} · dealer seat {view['dealer']} · "
              f"call at {limit_text}")
    if not rules.get("single_round"):
        header += f" · out above {rules.get('elimination_limit')}"
    return header


def _seat_lines(view: dict[str, Any]) -> list[str]:
    """Every player: hand size, the cards known to be held (taken from the pile), total; the eliminated struck."""
    seat, turn = view["seat"], view["current_player"]
    lines = []
    for p in range(view["players"]):
        who = f"seat {p}" + (" (you)" if p == seat else "")
        marker = "[bold green]▶[/bold green] " if p == turn else "  "
        if not view["active"][p]:
            lines.append(f"{marker}[dim strike]{who}[/dim strike] [dim]out, total {view['scores'][p]}[/dim]")
            continue
        known = view["known"][p]
        known_text = f" · known: {cards_markup(known)}" if known and p != seat else ""
        lines.append(f"{marker}{who:<12} {view['hand_sizes'][p]} cards · total "
                     f"[bold]{view['scores'][p]}[/bold]{known_text}")
    return lines


def _pile_lines(view: dict[str, Any]) -> list[str]:
    """The table: the group that can be taken from (and which of its cards may be taken), the group just laid,
    the stock."""
    seat, turn = view["seat"], view["current_player"]
    lines = [f"Discard to take from: {_group_markup(view['previous_group_text'])} "
             f"[dim]({view['previous_group_type']})[/dim] · can be taken: {cards_markup(view['takeable'], ' or ')}"]
    if view.get("pending_discard"):
        who = "you" if turn == seat else f"seat {turn}"
        lines.append(f"Just discarded by {who}: {_group_markup(view['pending_discard'])}")
    lines.append(f"Stock: {view['stock_size']} cards")
    return lines


def _hand_lines(view: dict[str, Any]) -> list[str]:
    """The seat's own hand and its value (and whether it may call), and a card just drawn."""
    if view["seat"] is None or view.get("hand") is None:
        return []
    call_note = " · [bold yellow]you may call Yaniv[/bold yellow]" if view["can_call"] else ""
    lines = ["", f"Your hand: {cards_markup(view['hand'])}   value [bold]{view['hand_value']}[/bold]{call_note}"]
    if view.get("drawn"):
        lines.append(f"You drew {card_markup(view['drawn'])}")
    return lines


def _prompt_lines(view: dict[str, Any]) -> list[str]:
    seat, turn = view["seat"], view["current_player"]
    if view["is_over"]:
        return ["[bold]The match is over.[/bold]"]
    if turn is None:
        return []
    return [f"[bold]{'Your' if turn == seat else f'Seat {turn}'}[/bold] "
            f"{'turn' if turn == seat else 'to play'}: " + _phase_hint(view["phase"])]


def _phase_hint(phase: str) -> str:
    return {"turn": "discard a single, a set or a run (or call Yaniv)",
            "take": "draw from the stock or take a card from the previous discard",
            "slap": "slap the drawn card down, or keep it"}.get(phase, "")
