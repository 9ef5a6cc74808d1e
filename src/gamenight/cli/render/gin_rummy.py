"""Gin Rummy in the terminal: the seat's hand sorted with its best melds grouped and its deadwood, the upcard,
the stock, the scores, the melds and layoffs on the table once a hand is knocked, and a scoring line at the
end of each hand.

Every fact that takes a rule (the best arrangement, each discard's deadwood, whether the seat may knock, the
defender's best, how a hand was scored) is the engine's, read from the view (gamenight.gin_rummy.views)."""
from __future__ import annotations

from typing import Any

from ..console import escape
from .cards import card_markup, cards_markup
from .generic import GenericRenderer, recent_moves

_RESULTS = {"gin": "[bold green]Gin![/bold green]", "big_gin": "[bold green]Big gin![/bold green]",
            "knock": "knock", "undercut": "[bold yellow]undercut![/bold yellow]", "draw": "a draw",
            "dead": "dead hand"}
_DEAD_REASONS = {"stock": "the stock ran down to two cards", "wall": "nobody knocked at the 50th card",
                 "takes": "the discard pile was taken too often", "repeat": "the upcard went back and forth"}


def _grouped(view: dict[str, Any]) -> str:
    """The hand with its best melds in brackets, then the deadwood cards (the view's arrangement)."""
    parts = [_bracket(cards_markup(m)) for m in view["hand_melds"]]
    if view["hand_deadwood_cards"]:
        parts.append(cards_markup(view["hand_deadwood_cards"]))
    return "  ".join(parts) if parts else "[dim](no cards)[/dim]"


def _bracket(markup: str) -> str:
    return "\\[" + markup + "]"


def _who(p: int, seat) -> str:
    return f"seat {p}" + (" (you)" if p == seat else "")


class Renderer(GenericRenderer):
    def table(self, view: dict) -> str:
        seat = view["seat"]
        turn = view["current_player"]
        lines = [_header(view), "", *_seat_lines(view), "", *_pile_lines(view)]
        if view["knocker"] is not None:
            lines += _knock_lines(view)
        lines += recent_moves(view.get("log"), "This hand",
                              lambda p, move: f"{_who(p, seat)}: {_move_text(move)}")
        if seat is not None and view.get("hand") is not None:
            lines += _hand_lines(view)
        if view["is_over"]:
            lines.append("[bold]The match is over.[/bold]")
        elif turn is not None:
            lines.append(f"[bold]{'Your' if turn == seat else f'Seat {turn}'}[/bold] "
                         f"{'turn' if turn == seat else 'to play'}: " + _phase_hint(view))
        return "\n".join(lines)

    def action_label(self, action_text: str, view: dict) -> str:
        left = view.get("discard_deadwood") or {}  # the deadwood each discard (or knock) would leave
        if action_text == "draw":
            return f"draw from the stock ({view['stock_size']})"
        if action_text == "take":
            up = view["discard_pile"][-1] if view["discard_pile"] else None
            return f"take the upcard {card_markup(up)}" if up else "take the upcard"
        if action_text == "pass":
            return "let the hand die (pass)" if view["phase"] == "wall" else "pass the upcard"
        if action_text == "done":
            if view["phase"] == "layout":
                return f"done: show the rest as deadwood ({view['hand_value']})"
            return (f"done: count my deadwood as it stands, {view['hand_value']} "
                    f"[dim](best play leaves {view['defender_best_deadwood']})[/dim]")
        if action_text == "biggin":
            return "[bold green]declare big gin[/bold green]"
        if action_text.startswith("knock "):
            card = action_text[6:]
            gin = " [bold green]gin![/bold green]" if left.get(card) == 0 else ""
            return f"[bold yellow]knock[/bold yellow], {card_markup(card)} face down (deadwood {left.get(card)}){gin}"
        if action_text.startswith("meld "):
            return "meld " + cards_markup(action_text[5:].split("+"))
        if action_text.startswith("layoff "):
            _, card, target = action_text.split()
            return f"lay off {card_markup(card)} on the {target}"
        if action_text in left:
            return f"discard {card_markup(action_text)} [dim](deadwood {left[action_text]})[/dim]"
        return escape(action_text)

    def hand_summary(self, view: dict) -> str | None:
        last = view.get("last_hand")
        if not last:
            return None
        seat = view.get("seat")
        result = last["result"]
        if result == "dead":
            lines = [f"[bold]Hand {last['hand']} is dead[/bold]: {_DEAD_REASONS.get(last.get('reason'), '')}. "
                     f"Nobody scores; the same dealer deals again."]
        else:
            k = last["knocker"]
            d = 1 - k
            lines = [f"[bold]Hand {last['hand']}:[/bold] {_who(k, seat)} "
                     f"{'declared big gin' if result == 'big_gin' else 'knocked'}"
                     + (f" (discarding {card_markup(last['knock_discard'])} face down)" if last.get("knock_discard")
                        else "") + f" — {_RESULTS.get(result, result)}"]
            for p in (k, d):
                melds = [cards for q, cards in last["melds"] if q == p]
                shown = "  ".join(_bracket(cards_markup(m)) for m in melds) or "[dim]no melds[/dim]"
                dead = last["deadwood_cards"][str(p)]
                lines.append(f"  {_who(p, seat):<12} {shown}   deadwood {cards_markup(dead) or '-'} = "
                             f"[bold]{last['knocker_deadwood'] if p == k else last['defender_deadwood']}[/bold]")
            if last["layoffs"]:
                lines.append("  laid off: " + ", ".join(f"{card_markup(c)} on the {t}" for c, t in last["layoffs"]))
            scorer = last["scorer"]
            to = f" = [bold]{last['points']}[/bold] to {_who(scorer, seat)}" if scorer is not None else ""
            lines.append(f"  score: {view['last_hand_score']}{to}")
        lines.append(f"  totals: seat 0 {last['totals'][0]}, seat 1 {last['totals'][1]}")
        return "\n".join(lines)

    def match_summary(self, view: dict) -> str:
        winners = view["winners"]
        seat = view.get("seat")
        names = ", ".join(_who(w, seat) for w in winners) or "nobody"
        n = view["hand_number"]
        lines = [f"[bold]Match over after {n} hand{'s' if n != 1 else ''}.[/bold] "
                 f"Winner{'s' if len(winners) != 1 else ''}: [bold green]{names}[/bold green]"]
        match = (view.get("last_hand") or {}).get("match")
        if match:
            lines.append(f"  before bonuses: seat 0 {match['totals_before_bonuses'][0]}, "
                         f"seat 1 {match['totals_before_bonuses'][1]} · hands won {match['boxes'][0]}–"
                         f"{match['boxes'][1]}" + (" · [bold]shutout![/bold]" if match["shutout"] else ""))
        for p in (0, 1):
            lines.append(f"  {_who(p, seat):<12} final {view['scores'][p]:>4}" + ("  winner" if p in winners else ""))
        return "\n".join(lines)


def _header(view: dict[str, Any]) -> str:
    rules = view["rules"]
    limit = view["knock_limit"]
    knock_text = "gin only" if limit == 0 else f"knock at {limit} or less"
    return (f"[bold]Gin Rummy[/bold] · hand {view['hand_number']} · dealer seat {view['dealer']} · {knock_text}"
            + ("" if rules.get("single_hand") else f" · to {rules.get('game_target')}"))


def _seat_lines(view: dict[str, Any]) -> list[str]:
    seat, turn = view["seat"], view["current_player"]
    lines = []
    for p in (0, 1):
        marker = "[bold green]▶[/bold green] " if p == turn else "  "
        known = view["known"][p]
        known_text = f" · known: {cards_markup(known)}" if known and p != seat else ""
        lines.append(f"{marker}{_who(p, seat):<12} {view['hand_sizes'][p]} cards · score "
                     f"[bold]{view['scores'][p]}[/bold] · hands won {view['hands_won'][p]}{known_text}")
    return lines


def _pile_lines(view: dict[str, Any]) -> list[str]:
    pile = view["discard_pile"]
    if pile:
        earlier = pile[-6:-1]
        upcard = (f"Upcard: {card_markup(pile[-1])}"
                  + (f"   [dim]below it: {cards_markup(reversed(earlier))}"
                     f"{' …' if len(pile) > 6 else ''}[/dim]" if earlier else ""))
    else:
        upcard = "Upcard: [dim](discard pile empty)[/dim]"
    return [upcard, f"Stock: {view['stock_size']} cards"]


def _knock_lines(view: dict[str, Any]) -> list[str]:
    """The knock: who, the melds laid by each side, the layoffs and the knocker's deadwood once shown."""
    seat, k = view["seat"], view["knocker"]
    lines = ["", f"[bold]{_who(k, seat)} {'declared big gin' if view['big_gin'] else 'knocked'}[/bold]"
             + (f" (face down: {card_markup(view['knock_discard'])})" if view.get("knock_discard") else "")]
    for p in (k, 1 - k):
        melds = [cards for q, cards in view["melds"] if q == p]
        if melds:
            lines.append(f"  {_who(p, seat)} laid: " + "  ".join(_bracket(cards_markup(m)) for m in melds))
    if view["layoffs"]:
        lines.append("  laid off: " + ", ".join(f"{card_markup(c)} on the {t}" for c, t in view["layoffs"]))
    if view["knocker_deadwood"] is not None:
        lines.append(f"  knocker's deadwood: {cards_markup(view['known'][k])} = "
                     f"[bold]{view['knocker_deadwood']}[/bold]")
    return lines


def _hand_lines(view: dict[str, Any]) -> list[str]:
    """The seat's hand as the engine arranges it, and (11 cards to discard) the best a discard leaves."""
    lines = ["", f"Your hand: {_grouped(view)}   deadwood [bold]{view['hand_deadwood']}[/bold]"]
    if view["discard_deadwood"]:
        best = min(view["discard_deadwood"].values())
        note = " · [bold yellow]you may knock[/bold yellow]" if view["can_knock"] else ""
        lines.append(f"  best deadwood after a discard: {best}{note}")
    return lines


def _move_text(text: str) -> str:
    if text == "draw":
        return "drew from the stock"
    if text == "take":
        return "took the upcard"
    if text == "pass":
        return "passed"
    if text == "done":
        return "done"
    if text == "biggin":
        return "[bold green]declared big gin[/bold green]"
    if text == "knock":
        return "[bold yellow]knocked[/bold yellow] (a card face down)"
    if text.startswith("knock "):
        return f"[bold yellow]knocked[/bold yellow], {card_markup(text[6:])} face down"
    if text.startswith("meld "):
        return "laid " + cards_markup(text[5:].split("+"))
    if text.startswith("layoff "):
        _, card, target = text.split()
        return f"laid off {card_markup(card)} on the {target}"
    return f"discarded {card_markup(text)}"


def _phase_hint(view: dict) -> str:
    phase = view["phase"]
    if phase == "upcard":
        return "take the first upcard or pass it"
    if phase == "stock_only":
        return "both passed the upcard: draw from the stock"
    if phase == "draw":
        return "draw from the stock or take the upcard"
    if phase == "discard":
        return "knock (you must)" if view.get("must_knock") else "discard a card, or knock if you can"
    if phase == "wall":
        return "two cards left in the stock: take the discard only to knock, or pass"
    if phase == "layout":
        return "lay out your melds, then done"
    if phase == "defend":
        return "lay out your melds and lay off onto the knocker's, then done"
    return ""
