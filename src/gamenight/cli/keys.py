"""The keyboard while the program, not the person, has the turn: what is typed is neither shown nor kept.

While a bot chooses or the expert works out a hint, keys pressed would be echoed over the spinner and the
table, and the line typed would be read as the next move. :func:`keys_ignored` turns the terminal's echo off
for that time, then throws away whatever was typed and puts the terminal back as it was, also when the wait
ends in Ctrl-C or an error. On a stream that is not a terminal (a pipe, a test's input) it does nothing.
"""
from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

try:   # POSIX terminals only; elsewhere the keys are left alone
    import termios
except ImportError:   # pragma: no cover - Windows
    termios = None  # type: ignore[assignment]


@contextmanager
def keys_ignored(stream: IO[str] | None = None) -> Iterator[None]:
    """While the block runs, keys typed at ``stream`` (standard input by default) are not echoed; at its end
    they are discarded and the terminal's settings restored."""
    stream = sys.stdin if stream is None else stream
    fd = _terminal_fd(stream)
    if fd is None or termios is None:
        yield
        return
    saved = termios.tcgetattr(fd)
    quiet = termios.tcgetattr(fd)
    quiet[3] &= ~(termios.ECHO | termios.ICANON)   # the local modes: no echo, no line editing
    termios.tcsetattr(fd, termios.TCSANOW, quiet)
    try:
        yield
    finally:
        termios.tcflush(fd, termios.TCIFLUSH)      # what was typed meanwhile is not the next move
        termios.tcsetattr(fd, termios.TCSANOW, saved)


def _terminal_fd(stream: IO[str]) -> int | None:
    """``stream``'s file descriptor if it is a terminal, else None."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return fd if stream.isatty() else None
