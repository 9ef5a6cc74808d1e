"""Yaniv in the terminal: the seat's sorted hand and its value, the group that can be taken from, the stock,
every player's hand size, known cards and total, and the round's recent moves."""
from __future__ import annotations

from ..console import escape

from .cards import card_markup, cards_markup
from .generic import GenericRenderer, recent_moves

_RANK_ORDER = {r: i for i, r in enumerate("A23456789TJQK")}
_SUIT_ORDER = {s: i for i, s in enumerate("shdc")}


def _card_value(card: str, king_of_hearts_zero: bool) -> int:
    """Y3: A = 1, 2-10 face value, J/Q/K = 10, joker 0."""
    if card.lower() == "jk":
        return 0
    if king_of_hearts_zero and card == "Kh":
        return 0
    return min(_RANK_ORDER[card[0]] + 1, 10)


def _sort_key(card: str) -> tuple[int, int]:
    # by rank, then suit, jokers last: sets sit together and runs read left to right
    if card.lower() == "jk":
        return (99, 0)
    return (_RANK_ORDER[card[0]], _SUIT_ORDER[card[1]])


def _group_cards(text: str) -> list[str]:
    """The cards laid by a discard written in notation (``5s+Jk=6s+7s`` -> 5s, Jk, 7s)."""
    return [token.split("=", 1)[0] for token in text.split("+")]


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
    def table(self, view: dict) -> str:
        rules = view["rules"]
        seat = view["seat"]
        n = view["players"]
        turn = view["current_player"]
        khz = rules.get("king_of_hearts_zero", False)
        lines = []
        limit = rules.get("yaniv_limit")
        limit_text = "any hand" if limit is None else f"{limit} or less"
        header = f"[bold]Yaniv[/bold] · round {view['round']} · dealer seat {view['dealer']} · call at {limit_text}"
        if not rules.get("single_round"):
            header += f" · out above {rules.get('elimination_limit')}"
        lines.append(header)
        lines.append("")

        # players: hand size, known cards, total
        for p in range(n):
            who = f"seat {p}" + (" (you)" if p == seat else "")
            marker = "[bold green]▶[/bold green] " if p == turn else "  "
            if not view["active"][p]:
                lines.append(f"{marker}[dim strike]{who}[/dim strike] [dim]out, total {view['scores'][p]}[/dim]")
                continue
            known = view["known"][p]
            known_text = f" · known: {cards_markup(sorted(known, key=_sort_key))}" if known and p != seat else ""
            lines.append(f"{marker}{who:<12} {view['hand_sizes'][p]} cards · total "
                         f"[bold]{view['scores'][p]}[/bold]{known_text}")
        lines.append("")

        # the table: what can be taken, the stock
        group = view["previous_group"]
        kind = view["previous_group_type"]
        if rules.get("set_pick_any") and kind == "set":
            takeable = sorted(set(group), key=_sort_key)
        else:
            takeable = sorted({group[0], group[-1]}, key=_sort_key) if group else []
        lines.append(f"Discard to take from: {_group_markup(view['previous_group_text'])} [dim]({kind})[/dim]"
                     f" · can be taken: {cards_markup(takeable, ' or ')}")
        if view.get("pending_discard"):
            who = "you" if turn == seat else f"seat {turn}"
            lines.append(f"Just discarded by {who}: {_group_markup(view['pending_discard'])}")
        lines.append(f"Stock: {view['stock_size']} cards")

        # recent moves of this round
        lines += recent_moves(view.get("log"), "This round",
                              lambda p, move: f"seat {p}{' (you)' if p == seat else ''}: {_move_markup(move)}")

        # the seat's own hand
        if seat is not None and view.get("hand") is not None:
            hand = sorted(view["hand"], key=_sort_key)
            value = sum(_card_value(c, khz) for c in hand)
            lines.append("")
            can_call = limit is None or value <= limit
            call_note = " · [bold yellow]you may call Yaniv[/bold yellow]" if can_call and view["phase"] == "turn" \
                and turn == seat else ""
            lines.append(f"Your hand: {cards_markup(hand)}   value [bold]{value}[/bold]{call_note}")
            if view.get("drawn"):
                lines.append(f"You drew {card_markup(view['drawn'])}")
        if view["is_over"]:
            lines.append("[bold]The match is over.[/bold]")
        elif turn is not None:
            lines.append(f"[bold]{'Your' if turn == seat else f'Seat {turn}'}[/bold] "
                         f"{'turn' if turn == seat else 'to play'}: " + _phase_hint(view["phase"]))
        return "\n".join(lines)

    def action_label(self, action_text: str, view: dict) -> str:
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
        hand = view.get("hand")
        label = _group_markup(action_text)
        if hand is not None:
            khz = view["rules"].get("king_of_hearts_zero", False)
            left = sum(_card_value(c, khz) for c in hand) - sum(_card_value(c, khz) for c in _group_cards(action_text))
            label += f" [dim](leaves {left})[/dim]"
        return label

    def hand_summary(self, view: dict) -> str | None:
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
            lines.append(f"  seat {p}{' (you)' if p == seat else '':<6} {cards_markup(sorted(cards, key=_sort_key)):<0}"
                         f"  hand {result['hand_totals'][p_text]}, +{result['points'][p_text]}"
                         f" → total {result['totals'][p]}" + (" " + " ".join(notes) if notes else ""))
        return "\n".join(lines)

    def match_summary(self, view: dict) -> str:
        winners = view["winners"]
        seat = view.get("seat")
        names = ", ".join(f"seat {w}" + (" (you)" if w == seat else "") for w in winners) or "nobody"
        lines = [f"[bold]Match over after {view['round']} round{'s' if view['round'] != 1 else ''}.[/bold] "
                 f"Winner{'s' if len(winners) != 1 else ''}: [bold green]{names}[/bold green]"]
        order = sorted(range(view["players"]), key=lambda p: view["scores"][p])
        for p in order:
            status = "winner" if p in winners else ("out" if not view["active"][p] else "")
            lines.append(f"  seat {p}{' (you)' if p == seat else '':<6} total {view['scores'][p]:>4}  {status}")
        return "\n".join(lines)


def _phase_hint(phase: str) -> str:
    return {"turn": "discard a single, a set or a run (or call Yaniv)",
            "take": "draw from the stock or take a card from the previous discard",
            "slap": "slap the drawn card down, or keep it"}.get(phase, "")
