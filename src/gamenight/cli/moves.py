"""Moves typed in the player's words: ``prendre la dame``, ``discard the 7 of hearts``, ``défausser 10♣``.

The words of a legal action are those of its menu label (in the terminal's language), its notation, and the
names of the cards it names: the rank as printed and its name (``dame``, ``queen``), the suit's name and symbol.
A typed line picks the one legal action whose words hold every word typed; short words of letters that name no
rank or suit (``la``, ``de``, ``the``) are skipped. Case and accents do not matter. This reads only what the menu shows.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from ..core.cards import RANKS, SUIT_SYMBOLS, SUITS
from ..core.views import Described
from .console import plain, t

A = TypeVar("A")   # an action, kept as given
#: a card as the terminal prints it: ``10♣``, ``Q♠``
_PRINTED_CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
_WORD = re.compile(r"[\w♠♥♦♣]+")
#: typed words of Latin letters this short that name no rank or suit are articles and prepositions: skipped
_FILLER_LENGTH = 3


def _fold(text: str) -> str:
    """Lower case, without accents, apostrophes as spaces: ``Retournée`` and ``retournee`` read alike."""
    text = unicodedata.normalize("NFKD", text.casefold().replace("’", " ").replace("'", " "))
    return "".join(c for c in text if not unicodedata.combining(c))


def words(text: str, whole: bool = True) -> set[str]:
    """The words of ``text``, folded; a card written ``7♦`` also gives ``7`` and ``♦``; Japanese, written without
    spaces, gives each run of one script (``アップカードを取る``: ``アップカード``, ``を``, ``取る``), and the whole
    unless not ``whole``."""
    found = set()
    for word in _WORD.findall(_fold(text)):
        runs = _script_runs(word)
        if whole or len(runs) == 1:
            found.add(word)
        for piece in runs:
            found.add(piece)
            if piece[-1] in SUIT_SYMBOLS and len(piece) > 1:
                found.update((piece[:-1], piece[-1]))
    return found


def _script_runs(word: str) -> list[str]:
    """``word`` cut where the script changes (katakana, kanji with the hiragana after it, the rest)."""
    runs: list[str] = []
    last = None
    for char in word:
        script = _script(char)
        if script == "HIRAGANA" and last == "CJK":
            script = "CJK"   # a verb's or adjective's kana ending stays with its kanji: 取る
        if runs and script == last:
            runs[-1] += char
        else:
            runs.append(char)
        last = script
    return runs


def _script(char: str) -> str:
    name = unicodedata.name(char, "")
    for script in ("KATAKANA", "HIRAGANA", "CJK"):
        if name.startswith(script):
            return script
    return "other"


def _rank_names() -> dict[str, str]:
    return {"A": t("ace"), "J": t("jack"), "Q": t("queen"), "K": t("king"), "T": "10"}


def _suit_names() -> dict[str, str]:
    return {"s": t("spades"), "h": t("hearts"), "d": t("diamonds"), "c": t("clubs")}


def card_words(card: str) -> set[str]:
    """The words a player may use for ``card`` (engine notation): ``Qs`` -> ``qs q♠ q dame pique ♠`` in French."""
    if card.lower() == "jk":
        return {"jk", *words(t("joker"))}
    rank, suit = card[0].upper(), card[1].lower()
    shown = ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUITS.index(suit)]
    found = {card.lower(), *words(shown)}
    found |= words(_rank_names().get(rank, rank if rank in RANKS else ""))
    return found | words(_suit_names()[suit])


def action_words(notation: str, label: str, described: Described) -> set[str]:
    """Every word that may name the action: its label's (markup taken out), its notation's, those of the cards
    either names (the engine's record of the action, ``described``, and the label's as printed, ``10♣``)."""
    shown = plain(label)
    found = words(shown) | words(notation)
    cards = [*_cards_of(described), *(_notation(printed) for printed in _PRINTED_CARD.findall(shown))]
    for card in cards:
        found |= card_words(card)
    return found


def _cards_of(described: Described) -> list[str]:
    """The cards the engine's record of an action names (a card hidden from this seat is None there: left out)."""
    record = cast(dict[str, Any], described)
    named = [record.get("card"), *record.get("cards", ()), *record.get("meld_cards", ())]
    return [card for card in named if isinstance(card, str)]


def _notation(printed: str) -> str:
    """A card as printed (``10♣``, ``Q♠``) in the engine's notation (``Tc``, ``Qs``)."""
    rank = "T" if printed[:-1] == "10" else printed[0]
    return rank + SUITS[SUIT_SYMBOLS.index(printed[-1])]


def _card_names() -> set[str]:
    """Every rank's and suit's name, in the terminal's language and as letters."""
    return set().union(*(words(name) for name in (*_rank_names().values(), *_suit_names().values(), t("joker"))),
                       words(" ".join(RANKS)))


@dataclass(frozen=True)
class Reading:
    """What a typed line names: ``chosen``, the index of the one action it names, or ``candidates``, the indexes
    of the several it could mean (none: it names no legal action)."""

    chosen: int | None
    candidates: tuple[int, ...] = ()


def read_words(text: str, menu: Sequence[tuple[str, str, Described]]) -> Reading:
    """The action of ``menu`` (``(notation, label, the engine's record)`` each, the legal actions in menu order)
    that ``text`` names in words."""
    vocabularies = [action_words(notation, label, described) for notation, label, described in menu]
    names = _card_names()
    typed = {w for w in words(text, whole=False) if not _filler(w, names)}
    if not typed:
        return Reading(None)
    matches = tuple(i for i, vocabulary in enumerate(vocabularies) if typed <= vocabulary)
    if len(matches) == 1:
        return Reading(matches[0])
    return Reading(None, matches)


def _filler(word: str, names: set[str]) -> bool:
    """A short word of Latin letters that names no rank or suit: an article or a preposition (``la``, ``de``,
    ``the``); or a Japanese particle, one kana (``を``, ``の``)."""
    if len(word) == 1 and _script(word) == "HIRAGANA":
        return True
    return word.isascii() and word.isalpha() and len(word) <= _FILLER_LENGTH and word not in names


def in_hand_order(actions: Sequence[A], described: Sequence[Described], hand: Sequence[str]) -> list[A]:
    """``actions`` with each run of actions of one kind on one card of ``hand`` (the discards, the knocks) in the
    order of ``hand`` (the cards as the table shows them); the other actions keep their places. ``described``:
    the engine's record of each action, in the same order (its kind, and the one card it acts on)."""
    place = {card.lower(): i for i, card in enumerate(hand)}
    ordered: list[A] = []
    run: list[tuple[int, A]] = []
    run_kind: str | None = None
    for action, record in [*zip(actions, described), (None, None)]:
        kind, card = _kind_and_card(record) if record is not None else (None, None)
        if run and (card not in place or kind != run_kind):
            ordered.extend(a for _, a in sorted(run, key=lambda entry: entry[0]))
            run = []
        if action is None:
            break
        if card in place:
            run.append((place[card], action))
            run_kind = kind
        else:
            ordered.append(action)
    return ordered


def _kind_and_card(described: Described) -> tuple[str, str | None]:
    """The action's kind, and the one card it acts on (lower case; None: none, or several)."""
    cards = _cards_of(described)
    return described["kind"], cards[0].lower() if len(cards) == 1 else None
