"""The fallback renderer: shows any game from its view dict, key by key."""
from __future__ import annotations

import json
from typing import Any

from ..console import escape, nt, t

_SKIP = {"game", "rules", "log", "previous_log"}


def _value(value) -> str:
    if isinstance(value, (dict, list)):
        text = json.dumps(value, separators=(", ", ": "))
        return text if len(text) <= 160 else text[:157] + "..."
    return str(value)


RECENT_MOVES = 8


def seat_name(p: int, seat: int | None = None) -> str:
    """A seat as the terminal names it: "seat 2", or "seat 2 (you)" for the reader's own."""
    return t("seat {number} (you)", number=p) if p == seat else t("seat {number}", number=p)


def recent_moves(log, heading: str, describe) -> list[str]:
    """Lines for the last few public moves of the hand: a heading, then ``describe(seat, move)`` each."""
    if not log:
        return []
    shown = log[-RECENT_MOVES:]
    lines = ["", f"[dim]{t('{heading}:', heading=heading)}[/dim]"]
    if len(log) > len(shown):
        lines.append(f"  [dim]… {nt('{n} earlier move', '{n} earlier moves', len(log) - len(shown))}[/dim]")
    lines.extend(f"  {describe(p, move)}" for p, move in shown)
    return lines


class GenericRenderer:
    """Works for every game: a line per view key. Game renderers subclass it and override what they need."""

    def table(self, view: dict) -> str:
        lines = []
        for key, value in view.items():
            if key in _SKIP or value is None:
                continue
            lines.append(f"[dim]{escape(key)}:[/dim] {escape(_value(value))}")
        turn = view.get("current_player")
        if turn is not None:
            lines.append(f"[bold]{t('seat {seat} to play', seat=turn)}[/bold]")
        return "\n".join(lines)

    def action_label(self, action_text: str, view: dict) -> str:
        return escape(action_text)

    def hand_order(self, view: dict[str, Any]) -> list[str]:
        """The seat's cards in the order ``table`` shows them (the menu lists moves on them in that order)."""
        hand = view.get("hand")
        return [card for card in hand if isinstance(card, str)] if isinstance(hand, list) else []

    def hand_summary(self, view: dict) -> str | None:
        return None

    def match_summary(self, view: dict) -> str:
        scores = view.get("scores")
        winners = view.get("winners")
        parts = [f"[bold]{t('Match over.')}[/bold]"]
        if scores is not None:
            parts.append(t("Scores: {scores}", scores=", ".join(f"{seat_name(s)}: {v}" for s, v in enumerate(scores))))
        if winners is not None:
            names = ", ".join(seat_name(w) for w in winners) or t("none")
            parts.append(nt("Winner: {names}", "Winners: {names}", len(winners), names=names))
        return "\n".join(parts)


Renderer = GenericRenderer
