"""Checking numbers that come from outside (a person, a record, a program): one way, one kind of message.

>>> whole_number(3, "seat", 0, 3)
3
>>> whole_number(True, "seat", 0, 3)
Traceback (most recent call last):
    ...
ValueError: seat must be a whole number 0..3, not True
"""
from __future__ import annotations

from typing import TypeGuard


def is_whole_number(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool`` (in Python ``True`` is an int, never a seat, a seed or a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(value: object, what: str, low: int | None = None, high: int | None = None,
                 error: type[Exception] = ValueError) -> int:
    """``value`` if it is a whole number within ``low..high`` (either may be open); else ``error`` saying so."""
    if isinstance(value, int) and not isinstance(value, bool) and (low is None or value >= low) \
            and (high is None or value <= high):
        return value
    if low is not None and high is not None:
        span = f" {low}..{high}"
    elif low is not None:
        span = f" of at least {low}"
    elif high is not None:
        span = f" of at most {high}"
    else:
        span = ""
    raise error(f"{what} must be a whole number{span}, not {value!r}")
