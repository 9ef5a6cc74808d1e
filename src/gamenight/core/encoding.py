"""Fixed-length numeric encodings of a seat's view, for learning programs (``gamenight.rl``).

Each game's ``encoding`` module lists its fields once, as :class:`Field` rows (name, length, meaning) in a
:class:`Layout`, which gives each field its offset and the encoding's size, and writes the documentation table of
its docs page ("Observation encoding"). An encoding reads only the view, so two states that look the same to a
seat encode the same. Every value lies in [0, 1]. Seats are relative: index 0 is the observing seat (or seat 0 for
a spectator), index 1 the seat after it in turn order, and so on.

>>> layout = Layout([Field("hand", 4, "the cards held"), Field("turn", 2, "whose turn, relative")])
>>> layout.size, layout.offset["turn"]
(6, 4)
>>> out = layout.zeros(); one_hot(out, layout.offset["turn"], 1); out
[0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple


class Field(NamedTuple):
    name: str
    length: int
    meaning: str


class Layout:
    """Fields laid end to end: ``offset[name]`` is where a field starts, ``size`` the whole length."""

    def __init__(self, fields: Sequence[Field]):
        self.fields = tuple(fields)
        self.offset: dict[str, int] = {}
        at = 0
        for f in self.fields:
            if f.name in self.offset:
                raise ValueError(f"the field {f.name!r} is listed twice")
            self.offset[f.name] = at
            at += f.length
        self.size = at

    def zeros(self) -> list[float]:
        return [0.0] * self.size

    def markdown(self) -> str:
        """The documentation table: one row per field, with its offset and length."""
        rows = ["| offset | length | field | meaning |", "|---|---|---|---|"]
        rows += [f"| {self.offset[f.name]} | {f.length} | `{f.name}` | {f.meaning} |" for f in self.fields]
        rows.append(f"| {self.size} | | | (the size) |")
        return "\n".join(rows)


def one_hot(out: list[float], offset: int, index: int | None) -> None:
    """Set ``out[offset + index]`` to 1 (nothing for None or a negative index)."""
    if index is not None and index >= 0:
        out[offset + index] = 1.0


def plane(out: list[float], offset: int, names: Iterable[str], index: Mapping[str, int], step: float = 1.0) -> None:
    """Add ``step`` at each named item's place (cards by name): a bit plane, or counts with ``step < 1``."""
    for name in names:
        out[offset + index[name]] += step


def scaled(value: float | None, scale: float) -> float:
    """``value / scale`` clipped to [0, 1] (None: 0)."""
    if value is None or scale <= 0:
        return 0.0
    x = value / scale
    return 0.0 if x < 0 else 1.0 if x > 1 else float(x)


def relative(seat: int | None, me: int, n: int) -> int | None:
    """Seat ``seat`` counted from ``me`` in turn order (0 = me); None stays None, as does a negative seat."""
    if seat is None or seat < 0:
        return None
    return (seat - me) % n
