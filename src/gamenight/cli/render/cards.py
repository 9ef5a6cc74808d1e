"""Cards for the terminal: ``7s`` -> ``7♠``, red hearts and diamonds, ``10`` spelt out, ``Jk`` the joker in the
terminal's language: a player reads card symbols and words, never the notation."""
from __future__ import annotations

from collections.abc import Iterable

from ..console import t

_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_RED = {"h", "d"}


def card_markup(text: str) -> str:
    """Rich markup for a card written in the engine's notation (``7s``, ``Th``, ``Jk``); anything else unchanged."""
    shown = card_text(text)
    if shown == text:
        return text
    if text.lower() == "jk":
        return f"[bold magenta]{shown}[/bold magenta]"
    return f"[bold red]{shown}[/bold red]" if text[1].lower() in _RED else f"[bold]{shown}[/bold]"


def card_text(text: str) -> str:
    """A card in the engine's notation as a player reads it, without markup: ``10♥``, ``Q♠``, ``Joker``; anything
    else unchanged."""
    if len(text) != 2:
        return text
    if text.lower() == "jk":
        return t("Joker")
    rank, suit = text[0], text[1].lower()
    if suit not in _SYMBOLS:
        return text
    return ("10" if rank == "T" else rank) + _SYMBOLS[suit]


def cards_markup(cards: Iterable[str], sep: str = " ") -> str:
    """Several cards, e.g. a hand."""
    return sep.join(card_markup(c) for c in cards)
