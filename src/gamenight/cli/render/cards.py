"""Cards for the terminal: ``7s`` -> ``7♠``, red hearts and diamonds, ``10`` spelt out."""
from __future__ import annotations

from collections.abc import Iterable

_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_RED = {"h", "d"}


def card_markup(text: str) -> str:
    """Rich markup for a card written in the engine's notation (``7s``, ``Th``, ``Jk``); anything else unchanged."""
    if len(text) != 2:
        return text
    if text.lower() == "jk":
        return "[bold magenta]Jk[/bold magenta]"
    rank, suit = text[0], text[1].lower()
    if suit not in _SYMBOLS:
        return text
    shown = ("10" if rank == "T" else rank) + _SYMBOLS[suit]
    return f"[bold red]{shown}[/bold red]" if suit in _RED else f"[bold]{shown}[/bold]"


def cards_markup(cards: Iterable[str], sep: str = " ") -> str:
    """Several cards, e.g. a hand."""
    return sep.join(card_markup(c) for c in cards)
