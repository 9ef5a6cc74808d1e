"""How to play, in the terminal: a game's guide (core/guide.py) as Rich markup, in the reader's language.

The same guide the browser's ``/rules/<game>`` page draws: texts translated for the reader, pictures as the
terminal's cards (``7♠``) and dice (``[5]``, the luck die ``(3)``), worked examples indented under their title.
"""
from __future__ import annotations

from typing import Any

from gamenight import i18n
from gamenight.core.game import Game
from gamenight.core.guide import Block, Example, Guide, Picture

from .console import Output, PlainConsole, escape
from .render.cards import cards_markup

Line = tuple[int, str]   # how far a paragraph is indented, and its Rich markup


def guide_markup(guide: Guide, lang: str) -> list[Line]:
    """The guide's paragraphs (indent, Rich markup), in ``lang``."""
    lines = [(0, f"[bold underline]{escape(i18n.render(guide.title, lang))}[/bold underline]")]
    for section in guide.sections:
        lines += [(0, ""), (0, f"[bold]{escape(i18n.render(section.title, lang))}[/bold]")]
        for block in section.blocks:
            lines += _block(block, lang, 0)
    return lines


def _block(block: Block, lang: str, indent: int) -> list[Line]:
    if isinstance(block, Picture):
        return [(indent + 2, _picture(block, lang))]
    if isinstance(block, Example):
        lines = [(indent, f"[bold cyan]{escape(i18n.render(block.title, lang))}[/bold cyan]")]
        for step in block.steps:
            lines += _block(step, lang, indent + 4)
        return lines
    return [(indent, escape(i18n.render(block, lang)))]


def _picture(picture: Picture, lang: str) -> str:
    parts = [cards_markup(group) for group in picture.cards]
    if picture.dice:
        parts.append(" ".join(f"[bold]{escape(f'[{face}]')}[/bold]" for face in picture.dice))
    if picture.luck is not None:
        parts.append(f"[bold yellow]({picture.luck})[/bold yellow]")
    shown = "   ".join(parts)
    if picture.caption is not None:
        shown += f"  [dim]{escape(i18n.render(picture.caption, lang))}[/dim]"
    return shown


def print_guide(game: Game[Any, Any], lang: str, out: Output) -> None:
    """The game's guide for its rules, in ``lang``; a clear line if the game has none yet."""
    try:
        guide = game.guide()
    except NotImplementedError:
        out.print(escape(i18n.render(i18n.Text("There is no how-to-play guide for {game} yet.",
                                               game=i18n.Text(game.title)), lang)))
        return
    for indent, markup in guide_markup(guide, lang):
        if isinstance(out, PlainConsole) or not indent:
            out.print(" " * indent + markup)
        else:   # Rich: a wrapped paragraph keeps its indent
            from rich.padding import Padding
            from rich.text import Text as RichText
            out.print(Padding(RichText.from_markup(markup), (0, 0, 0, indent)))
