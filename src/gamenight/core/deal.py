"""What the games' deal readers share (``Game.new(seed, deal=...)``, a first hand set up by hand): reading the cards
a deal names, in the game's own notation, with a refusal that says where the deal went wrong.

>>> from gamenight.core.cards import parse_card
>>> read_cards(["7h", "Jk"], "the stock", parse_card, " (write rank then suit)")
[19, 52]
>>> read_cards(["7h", 5], "the stock", parse_card, " (write rank then suit)")
Traceback (most recent call last):
ValueError: the stock: 5 is not a card (write rank then suit)
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def read_card(text: Any, where: str, parse: Callable[[str], int], hint: str) -> int:
    """The card ``text`` names (``parse`` reads the game's notation). If it names none: ValueError beginning with
    ``where`` (the place in the deal), ending with ``hint`` (how the game writes cards) when ``text`` is no string."""
    if not isinstance(text, str):
        raise ValueError(f"{where}: {text!r} is not a card{hint}")
    try:
        return parse(text)
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None


def read_cards(texts: Iterable[Any], where: str, parse: Callable[[str], int], hint: str) -> list[int]:
    """The cards ``texts`` name, in order (``read_card`` each)."""
    return [read_card(text, where, parse, hint) for text in texts]
