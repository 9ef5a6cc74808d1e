"""Fixed-length numeric encodings of a seat's view, for learning programs (``gamenight.rl``).

Each game's ``encoding`` module lists its fields once, as :class:`Field` rows (name, length, meaning) in a
:class:`Layout`, which gives each field its offset and the encoding's size, and writes the documentation table of
its docs page ("Observation encoding"). An encoding reads only the view, so two states that look the same to a
seat encode the same. Every value lies in [0, 1]. Seats are relative: index 0 is the observing seat (or seat 0 for
a spectator), index 1 the seat after it in turn order, and so on.

The fast path: each game's module also has ``encode_state(state, seat)``, which gives the same numbers as
``encode(state.view(seat))`` without building the view, in a sparse form (:data:`Sparse`): ``(ones, at, values)``,
``ones`` an int whose bit ``i`` sets place ``i`` to 1, then ``values[j]`` at place ``at[j]`` (every other place is
0). :func:`sparse_to_list` makes the list; NumPy unpacks ``ones`` in one call (``gamenight.rl.arrays``).
Learning programs ask for an observation at every step, and a view holds much that an encoding does not read (logs,
summaries, texts, names). ``encode_state`` reads from the state only the fields the seat's view carries (its own
hand, never another seat's hidden cards), worked out as the view works them out, so it is still the encoding of the
view; ``tests/rl/test_observations.py`` checks that both paths give the same numbers for every seat (and the
spectator) over random matches of every game and table size, and that states sampled from a seat's view (the hidden
cards dealt afresh) give the seat the same fast observation.

>>> layout = Layout([Field("hand", 4, "the cards held"), Field("turn", 2, "whose turn, relative")])
>>> layout.size, layout.offset["turn"]
(6, 4)
>>> out = layout.zeros(); one_hot(out, layout.offset["turn"], 1); out
[0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

if TYPE_CHECKING:
    from .game import State
    from .views import View

#: an encoding in the fast path's form: ``(ones, at, values)`` (see the module's doc)
Sparse = tuple[int, list[int], list[float]]

S_contra = TypeVar("S_contra", bound="State[Any, Any]", contravariant=True)


class Encoding(Protocol[S_contra]):
    """A game's observation encoding, as ``Game.encoding()`` gives it: the game's ``encoding`` module, with its
    fields (``LAYOUT``), the encoding of a view and the fast path's of a state of the game (``S_contra``)."""

    LAYOUT: Layout

    def encode(self, view: View, /) -> list[float]:
        """``view`` as ``LAYOUT.size`` numbers in [0, 1]."""

    def encode_state(self, state: S_contra, seat: int | None, /) -> Sparse:
        """``encode(state.view(seat))`` in the sparse form, without building the view."""


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


def sparse_to_list(encoded: Sparse, size: int) -> list[float]:
    """The ``size`` numbers of an encoding in the fast path's form (:data:`Sparse`).

    >>> sparse_to_list((0b101, [1, 3], [0.5, 0.25]), 5)
    [1.0, 0.5, 1.0, 0.25, 0.0]
    """
    out = [0.0] * size
    ones, at, values = encoded
    while ones:
        low = ones & -ones
        out[low.bit_length() - 1] = 1.0
        ones ^= low
    for i, x in zip(at, values):
        out[i] = x
    return out


def scaled(value: float | None, scale: float) -> float:
    """``value / scale`` clipped to [0, 1] (None: 0)."""
    if value is None or scale <= 0:
        return 0.0
    x = value / scale
    return 0.0 if x < 0 else 1.0 if x > 1 else float(x)


def scaled_table(scale: float, top: int) -> tuple[float, ...]:
    """``scaled(k, scale)`` for ``k`` = 0 to ``top``: the fast path's lookup for counts. For every ``k >= 0``,
    ``table[min(k, top)]`` is ``scaled(k, scale)`` (``top >= scale``: past ``top`` every count scales to 1, as
    ``table[top]`` does); a count that cannot pass ``top`` is looked up as ``table[k]``.

    >>> scaled_table(4, 5)
    (0.0, 0.25, 0.5, 0.75, 1.0, 1.0)
    """
    if top < scale:
        raise ValueError(f"top must be at least the scale ({scale}), not {top}")
    return tuple(scaled(k, scale) for k in range(top + 1))


def relative(seat: int | None, me: int, n: int) -> int | None:
    """Seat ``seat`` counted from ``me`` in turn order (0 = me); None stays None, as does a negative seat."""
    if seat is None or seat < 0:
        return None
    return (seat - me) % n
