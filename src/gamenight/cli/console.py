"""Terminal output with Rich when it is installed (the ``cli`` extra), plain text when it is not.

The commands and renderers write Rich markup (``[bold]...[/bold]``). Without Rich, :class:`PlainConsole`
prints the same text with the markup taken out, so ``gamenight rules``, ``replay``, ``simulate`` and ``serve``
work with no extra; only ``play`` needs Rich.
"""
from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:  # Rich is the cli extra: everything here works without it
    from rich.console import Console

CLI_EXTRA = "pip install 'gamenight[cli]'"

# ---- the terminal's language --------------------------------------------------------------------------------
# Every text a person reads in the terminal is written t("...") (or nt(singular, plural, n)): Babel extracts it
# into the catalogs (the keywords of gamenight.i18n.KEYWORDS) and it prints in the language the command speaks,
# set once by the command (``--lang``, else the environment's: cli.arguments.language). Markup stays out of the texts:
# ``f"[bold]{t('The match is over.')}[/bold]"``; a value may carry markup.
_language = "en"


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on (a code of ``gamenight.i18n.LANGUAGES``, or the pseudo-language ``qps``)."""
    global _language
    _language = lang


def language() -> str:
    return _language


def t(template: str, **values: object) -> str:
    """``template`` in the terminal's language, its ``{fields}`` filled with ``values``.

    >>> t("Round {number}", number=3)
    'Round 3'
    """
    from .. import i18n
    return i18n.render(i18n.Text(template, **values), _language)


def said(made: dict[str, Any] | None, english: str = "") -> str:
    """A text the engine put in a view as a Text's JSON (a hand's ``says``, a scoring line), in the terminal's
    language; ``english`` when the view has none."""
    from .. import i18n
    return i18n.render(i18n.Text.from_json(made), _language) if made else english


def error_text(error: BaseException) -> str:
    """An error as the reader reads it: a game's refusal (a GameError's Text) in the terminal's language, anything
    else as it is."""
    from .. import i18n
    from ..core.errors import GameError
    return i18n.render(error.text, _language) if isinstance(error, GameError) else str(error)


def nt(singular: str, plural: str, n: int, **values: object) -> str:
    """The plural form for ``n`` in the terminal's language (``n`` is a field too).

    >>> nt("{n} round win", "{n} round wins", 2)
    '2 round wins'
    """
    from .. import i18n
    return i18n.render(i18n.nText(singular, plural, n, **values), _language)

def percent(share: float) -> str:
    """``share`` (0 to 1) as a whole percentage the way the terminal's language writes it, by Babel (the cli
    extra) from the locale data: ``62%`` in English, ``62\u00a0%`` in French (a no-break space before ``%``).
    Without Babel: ``62%``.

    >>> percent(0.623)
    '62%'
    """
    from .. import i18n
    try:
        from babel.numbers import format_percent
    except ImportError:
        return f"{round(100 * share)}%"
    code = _language if _language in i18n.LANGUAGES else i18n.DEFAULT   # the pseudo-language: as English
    return str(format_percent(share, locale=code))

# Rich's markup tags (rich.markup.RE_TAGS): an even number of backslashes before a tag, or none, makes it a tag
_TAGS = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
_ESCAPE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


def have_rich() -> bool:
    try:
        import rich.console  # noqa: F401
    except ImportError:
        return False
    return True


def escape(text: str) -> str:
    """Make ``text`` print literally inside markup (``rich.markup.escape``, also without Rich)."""
    text = _ESCAPE.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)
    if text.endswith("\\") and not text.endswith("\\\\"):
        return text + "\\"
    return text


def plain(markup: str) -> str:
    """The text of Rich markup without its tags (escaped brackets printed as brackets), as Rich parses it."""
    out = []
    position = 0
    for match in _TAGS.finditer(markup):
        full, escapes, _ = match.groups()
        start, end = match.span()
        out.append(markup[position:start])
        position = end
        if escapes:
            backslashes, escaped = divmod(len(escapes), 2)
            out.append("\\" * backslashes)
            if escaped:
                out.append(full[len(escapes):])
    out.append(markup[position:])
    return "".join(out)


class PlainConsole:
    """The part of ``rich.console.Console`` the commands use, printing plain text."""

    def __init__(self, file: IO[str] | None = None, stderr: bool = False, width: int | None = None):
        self._file = file
        self._stderr = stderr
        self._width = width

    @property
    def file(self) -> IO[str]:
        if self._file is not None:
            return self._file
        return sys.stderr if self._stderr else sys.stdout

    @property
    def width(self) -> int:
        return self._width or shutil.get_terminal_size((100, 24)).columns

    def print(self, *objects: str, sep: str = " ", end: str = "\n", markup: bool | None = None,
              **_ignored: object) -> None:
        """Rich's ``print`` for texts (a Rich renderable has no plain text): their markup taken out unless
        ``markup`` is False; Rich's other options mean nothing in plain text."""
        texts = [str(o) for o in objects]
        if markup is not False:
            texts = [plain(t) for t in texts]
        self.file.write(sep.join(texts) + end)
        self.file.flush()

    def input(self, prompt: str = "") -> str:
        self.print(prompt, end="")
        return input()


#: where a command prints: a Rich console, or without Rich a :class:`PlainConsole`
Output: TypeAlias = "Console | PlainConsole"
#: what asks the person at the terminal: called with the prompt, it returns the line typed (EOFError: no more)
Reader = Callable[[str], str]


def make_console(stderr: bool = False) -> Output:
    """A Rich console when Rich is installed, else a :class:`PlainConsole`."""
    if have_rich():
        from rich.console import Console
        return Console(stderr=stderr, highlight=False)
    return PlainConsole(stderr=stderr)


def table_text(title: str | None, headers: list[str], rows: list[list[str]]) -> str:
    """A plain text table: a title line, then left-aligned columns two spaces apart (cells are plain text)."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
    lines = [title] if title else []
    for row in [headers, *rows]:
        lines.append("  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip())
    return "\n".join(lines)
