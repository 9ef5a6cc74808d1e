"""Yaniv in the terminal: the seat's hand and its value, the group that can be taken from, the stock,
every player's hand size, known cards and total, and the round's recent moves."""
from __future__ import annotations

from functools import reduce

from ..console import escape, nt, t
from .cards import card_markup, card_text, cards_markup
from .generic import GenericRenderer, Record, ViewData, described_for, recent_moves, seat_name


def _group_markup(group: Record | None) -> str:
    """A discard's cards (its record), each joker with the card it stands for in a run."""
    if not group:
        return ""
    parts = []
    for card, stands in zip(group["cards"], group["stands_as"]):
        parts.append(f"{card_markup(card)}[dim](={escape(card_text(stands))})[/dim]" if stands else card_markup(card))
    return " ".join(parts)


def _move_markup(move: Record) -> str:
    kind = move["kind"]
    if kind == "call":
        return f"[bold yellow]{t('Yaniv!')}[/bold yellow]"
    if kind == "draw":
        return t("drew from the stock")
    if kind == "take":
        return t("took {card}", card=card_markup(move["card"]))
    if kind == "swap":
        return t("swapped {card} for a joker", card=card_markup(move["card"]))
    if kind == "slap":
        return t("slapped down the drawn card")
    if kind == "keep":
        return t("kept the drawn card")
    return t("discarded {cards}", cards=_group_markup(move))


def _who_starting(p: int, seat: int | None) -> str:
    """:func:`seat_name` to begin a sentence: ``Seat 2``, ``Seat 2 (you)``."""
    return t("Seat {number} (you)", number=p) if p == seat else t("Seat {number}", number=p)


def _who_column(p: int, seat: int | None) -> str:
    """:func:`seat_name` padded so that the seats line up (``seat 2`` takes the room of ``seat 2 (you)``)."""
    width = max(len(t("seat {number}", number=p)) + 6, len(t("seat {number} (you)", number=p)))
    return f"{seat_name(p, seat):<{width}}"


def _either(cards: list[str]) -> str:
    """The cards one of which may be taken: ``7♠ or 7♥ or 7♦``."""
    parts = [card_markup(c) for c in cards]
    return reduce(lambda first, second: t("{first} or {second}", first=first, second=second), parts) if parts else ""


def _group_type(kind: str) -> str:
    return {"single": t("single"), "set": t("set"), "run": t("run")}.get(kind, kind)


class Renderer(GenericRenderer):
    def table(self, view: ViewData) -> str:
        lines = [_header(view), "", *_seat_lines(view), "", *_pile_lines(view)]
        seat = view["seat"]
        lines += recent_moves(view, t("This round"),
                              lambda p, move: t("{name}: {move}", name=seat_name(p, seat), move=_move_markup(move)))
        lines += _hand_lines(view)
        lines += _prompt_lines(view)
        return "\n".join(lines)

    def move_text(self, move: Record) -> str | None:
        return _move_markup(move)

    def action_label(self, action_text: str, view: ViewData, described: Record | None = None) -> str:
        move = described or described_for(view, action_text)
        if move is None:
            return escape(action_text)
        kind = move["kind"]
        if kind == "call":
            return f"[bold yellow]{t('call Yaniv!')}[/bold yellow]"
        if kind == "draw":
            return t("draw from the stock ({count})", count=view["stock_size"])
        if kind == "take":
            return t("take {card}", card=card_markup(move["card"]))
        if kind == "swap":
            return t("give {card} for the joker", card=card_markup(move["card"]))
        if kind == "slap":
            if view.get("drawn"):
                return t("slap down {card}", card=card_markup(view["drawn"]))
            return t("slap down the drawn card")
        if kind == "keep":
            return t("keep the drawn card")
        label = _group_markup(move)
        left = (view.get("hand_value_after") or {}).get(action_text)
        if left is not None:
            label += f" [dim]({t('leaves {value}', value=left)})[/dim]"
        return label

    def hand_summary(self, view: ViewData) -> str | None:
        result = view.get("last_round")
        if not result:
            return None
        caller = result["caller"]
        seat = view.get("seat")
        if result["success"]:
            outcome = f"[green]{t('success')}[/green]"
        else:
            outcome = t("{asaf} by {names}", asaf=f"[red]{t('Asaf!')}[/red]",
                        names=", ".join(t("seat {number}", number=p) for p in result["asaf"]))
        lines = [f"[bold]{t('Round {number} over.', number=result['round'])}[/bold] "
                 + t("{name} called Yaniv with {value}: {outcome}", name=_who_starting(caller, seat),
                     value=result["hand_totals"][str(caller)], outcome=outcome)]
        for p_text, cards in sorted(result["hands"].items(), key=lambda kv: int(kv[0])):
            p = int(p_text)
            notes = []
            if p in result.get("halved", []):
                notes.append(f"[cyan]{t('halved')}[/cyan]")
            if p in result.get("eliminated", []):
                notes.append(f"[red]{t('eliminated')}[/red]")
            lines.append(f"  {_who_column(p, seat)} {cards_markup(cards)}  "
                         + t("hand {hand}, +{points} → total {total}", hand=result["hand_totals"][p_text],
                             points=result["points"][p_text], total=result["totals"][p])
                         + (" " + " ".join(notes) if notes else ""))
        return "\n".join(lines)

    def match_summary(self, view: ViewData) -> str:
        winners = view["winners"]
        seat = view.get("seat")
        names = ", ".join(seat_name(w, seat) for w in winners) or t("nobody")
        rounds = view["hand_number"]
        lines = [f"[bold]{nt('Match over after {n} round.', 'Match over after {n} rounds.', rounds)}[/bold] "
                 + nt("Winner: {names}", "Winners: {names}", len(winners), names=f"[bold green]{names}[/bold green]")]
        order = sorted(range(view["players"]), key=lambda p: view["scores"][p])
        for p in order:
            status = t("winner") if p in winners else (t("out") if not view["active"][p] else "")
            total = t("total {total}", total=f"{view['scores'][p]:>4}")
            lines.append(f"  {_who_column(p, seat)} {total}  {status}")
        return "\n".join(lines)


def _header(view: ViewData) -> str:
    rules = view["rules"]
    limit = rules.get("yaniv_limit")
    call = t("call at any hand") if limit is None else t("call at {limit} or less", limit=limit)
    header = " · ".join([f"[bold]{t('Yaniv')}[/bold]", t("round {number}", number=view["hand_number"]),
                         t("dealer seat {number}", number=view["dealer"]), call])
    if not rules.get("single_round"):
        header += " · " + t("out above {limit}", limit=rules.get("elimination_limit"))
    return header


def _seat_lines(view: ViewData) -> list[str]:
    """Every player: hand size, the cards known to be held (taken from the pile), total; the eliminated struck."""
    seat, turn = view["seat"], view["current_player"]
    lines = []
    for p in range(view["players"]):
        marker = "[bold green]▶[/bold green] " if p == turn else "  "
        if not view["active"][p]:
            lines.append(f"{marker}[dim strike]{seat_name(p, seat)}[/dim strike] "
                         f"[dim]{t('out, total {total}', total=view['scores'][p])}[/dim]")
            continue
        known = view["known"][p]
        known_text = " · " + t("known: {cards}", cards=cards_markup(known)) if known and p != seat else ""
        lines.append(f"{marker}{_who_column(p, seat)} {nt('{n} cards', '{n} cards', view['hand_sizes'][p])} · "
                     + t("total {total}", total=f"[bold]{view['scores'][p]}[/bold]") + known_text)
    return lines


def _pile_lines(view: ViewData) -> list[str]:
    """The table: the group that can be taken from (and which of its cards may be taken), the group just laid,
    the stock."""
    seat, turn = view["seat"], view["current_player"]
    lines = [t("Discard to take from: {group}", group=_group_markup(view["previous_group_described"]))
             + f" [dim]({_group_type(view['previous_group_type'])})[/dim] · "
             + t("can be taken: {cards}", cards=_either(view["takeable"]))]
    if view.get("pending_described"):
        group = _group_markup(view["pending_described"])
        lines.append(t("Just discarded by you: {cards}", cards=group) if turn == seat else
                     t("Just discarded by {name}: {cards}", name=t("seat {number}", number=turn), cards=group))
    lines.append(nt("Stock: {n} cards", "Stock: {n} cards", view["stock_size"]))
    return lines


def _hand_lines(view: ViewData) -> list[str]:
    """The seat's own hand and its value (and whether it may call), and a card just drawn."""
    if view["seat"] is None or view.get("hand") is None:
        return []
    call_note = f" · [bold yellow]{t('you may call Yaniv')}[/bold yellow]" if view["can_call"] else ""
    lines = ["", t("Your hand: {cards}", cards=cards_markup(view["hand"])) + "   "
             + t("value {value}", value=f"[bold]{view['hand_value']}[/bold]") + call_note]
    if view.get("drawn"):
        lines.append(t("You drew {card}", card=card_markup(view["drawn"])))
    return lines


def _prompt_lines(view: ViewData) -> list[str]:
    seat, turn = view["seat"], view["current_player"]
    if view["is_over"]:
        return [f"[bold]{t('The match is over.')}[/bold]"]
    if turn is None:
        return []
    hint = _phase_hint(view["phase"])
    if turn == seat:
        return [t("{your} turn: {hint}", your=f"[bold]{t('Your')}[/bold]", hint=hint)]
    return [t("{seat} to play: {hint}", seat=f"[bold]{t('Seat {number}', number=turn)}[/bold]", hint=hint)]


def _phase_hint(phase: str) -> str:
    hints = {"turn": t("discard a single, a set or a run (or call Yaniv)"),
             "take": t("draw from the stock or take a card from the previous discard"),
             "slap": t("slap the drawn card down, or keep it")}
    return hints.get(phase, "")
