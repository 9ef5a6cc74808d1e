"""How to play a game: its guide, written once for the browser's ``/rules/<game>`` page and ``gamenight rules``.

A guide is sections of blocks: paragraphs (:class:`~gamenight.core.text.Text`, translated for each reader),
pictures (cards and dice, drawn with the table's own images in the browser and as notation in the terminal) and
worked examples. An example's figures are computed by the engine when the guide is made, never typed in, so the
text cannot disagree with the rules that are played; ``Example.numbers`` names them for the tests.

Each game writes ``guide(game)`` and ``summary(game)`` (the table's rules in a few sentences) in its own
``<game>/guide.py``, a :class:`GuideWriter` its ``Game`` names; ``Game.guide()`` and ``Game.rules_summary()`` return
them.

>>> from gamenight.core.text import Text
>>> page = Guide(Text("How to play {game}", game="Yaniv"),
...              (Section(Text("The goal"), (Text("Have the fewest points."), Picture(cards=(("Ah", "2h"),)))),))
>>> Guide.from_json(page.to_json()) == page
True
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import Any, Protocol, TypeVar, Union

from .cards import JOKER, parse_card, pretty_card
from .text import Text

G_contra = TypeVar("G_contra", contravariant=True)


def card_words(card: str) -> Text | str:
    """A card named in a guide's prose as players read it (``J♠``, ``10♥``; the joker in words), never its notation
    (``Js``, ``Th``, ``Jk``): a value for a :class:`Text`."""
    kind = parse_card(card)
    return Text("the joker") if kind == JOKER else pretty_card(kind)


def cards_words(cards: Iterable[str]) -> str:
    """Cards named in a guide's prose, side by side (``J♠ Q♠ K♠``); no joker among them (it is said in words:
    :func:`card_words`)."""
    kinds = [parse_card(card) for card in cards]
    if JOKER in kinds:
        raise ValueError("a joker among cards said side by side: name it with card_words")
    return " ".join(pretty_card(kind) for kind in kinds)


class GuideWriter(Protocol[G_contra]):
    """What writes the guide of a game (``G_contra``): the game's ``guide`` module, which ``Game`` names."""

    def guide(self, game: G_contra, /) -> Guide:
        """How to play ``game`` with its rules and players."""

    def summary(self, game: G_contra, /) -> list[Text]:
        """``game``'s rules in a few plain sentences, for a person (``Game.rules_summary``)."""


@dataclasses.dataclass(frozen=True)
class Picture:
    """Cards and dice as the table draws them: ``cards`` in groups (a meld, a hand), in notation (``"Qh"``,
    ``"Jk"``); ``dice`` by their faces; ``luck`` a luck die's face (YESSIR!); a caption under them."""
    cards: tuple[tuple[str, ...], ...] = ()
    dice: tuple[int, ...] = ()
    luck: int | None = None
    caption: Text | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "picture", "cards": [list(group) for group in self.cards], "dice": list(self.dice),
                "luck": self.luck, "caption": self.caption.to_json() if self.caption else None}


@dataclasses.dataclass(frozen=True)
class Example:
    """A worked example: a title, then its steps (texts and pictures) with the engine's figures filled in.
    ``numbers`` holds each figure the text states, by name, as the engine computed it."""
    title: Text
    steps: tuple[Union[Text, Picture], ...]
    numbers: dict[str, int] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": "example", "title": self.title.to_json(), "steps": [_block_json(b) for b in self.steps],
                "numbers": dict(self.numbers)}


Block = Union[Text, Picture, Example]


@dataclasses.dataclass(frozen=True)
class Section:
    """One part of the guide (the goal, a turn, scoring, ...): a title and its blocks in order."""
    title: Text
    blocks: tuple[Block, ...]

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title.to_json(), "blocks": [_block_json(b) for b in self.blocks]}


@dataclasses.dataclass(frozen=True)
class Guide:
    """How to play one game: its title and sections."""
    title: Text
    sections: tuple[Section, ...]

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title.to_json(), "sections": [s.to_json() for s in self.sections]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Guide:
        return cls(Text.from_json(data["title"]),
                   tuple(Section(Text.from_json(s["title"]), tuple(_block(b) for b in s["blocks"]))
                         for s in data["sections"]))

    def texts(self) -> Iterator[Text]:
        """Every text a reader of the guide reads, in order, values that are texts themselves included: what a
        catalog must translate.

        >>> [t.template for t in Guide(Text("Title"), (Section(Text("Part"), (Text("{a}", a=Text("b")),)),)).texts()]
        ['Title', 'Part', '{a}', 'b']
        """
        yield from _walk(self.title)
        for section in self.sections:
            yield from _walk(section.title)
            yield from _block_texts(section.blocks)

    def examples(self) -> list[Example]:
        """Every worked example, in order."""
        return [b for s in self.sections for b in s.blocks if isinstance(b, Example)]


def _walk(text: Text) -> Iterator[Text]:
    yield text
    for value in text.values.values():
        if isinstance(value, Text):
            yield from _walk(value)


def _block_texts(blocks: tuple[Any, ...]) -> Iterator[Text]:
    for block in blocks:
        if isinstance(block, Text):
            yield from _walk(block)
        elif isinstance(block, Picture):
            if block.caption:
                yield from _walk(block.caption)
        elif isinstance(block, Example):
            yield from _walk(block.title)
            yield from _block_texts(block.steps)


def _block_json(block: Block) -> dict[str, Any]:
    return {"kind": "text", "text": block.to_json()} if isinstance(block, Text) else block.to_json()


def _block(data: dict[str, Any]) -> Any:
    if data["kind"] == "text":
        return Text.from_json(data["text"])
    if data["kind"] == "picture":
        return Picture(tuple(tuple(g) for g in data["cards"]), tuple(data["dice"]), data.get("luck"),
                       Text.from_json(data["caption"]) if data.get("caption") else None)
    return Example(Text.from_json(data["title"]), tuple(_block(b) for b in data["steps"]), dict(data["numbers"]))
