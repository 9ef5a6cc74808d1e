"""Texts for people, made by the engine and read in each reader's language.

The engine writes English; a text that a person reads is a :class:`Text`: an English template with named values,
which the web and terminal translate for each reader (``gamenight.i18n.render``) and which reads as English
everywhere else (``str``). The template is the catalogs' message id: Babel finds it as the first argument of
``Text(...)`` (``nText(singular, plural, n)`` for a text with plural forms), so it must be one string literal.

>>> str(Text("{name} knocked with {points} deadwood", name="Ann", points=7))
'Ann knocked with 7 deadwood'
>>> str(nText("{n} card", "{n} cards", 2))
'2 cards'
>>> Text("{who} won", who=Text("your team")).render(lambda s: {"your team": "ton équipe"}.get(s, s))
'ton équipe won'
>>> Text.from_json(Text("out at {limit}", limit=100).to_json()) == Text("out at {limit}", limit=100)
True

The standard library only, like the whole engine.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def N_(text: str) -> str:
    """Marks ``text`` for the catalogs without translating it (its reader's language translates it later)."""
    return text


class Text:
    """An English template with named values (``str.format`` fields); values may be Texts themselves."""

    __slots__ = ("template", "plural", "values")

    def __init__(self, template: str, /, **values: Any) -> None:
        self.template = template
        self.plural: str | None = None
        self.values = values

    def render(self, gettext: Gettext | None = None, ngettext: Ngettext | None = None) -> str:
        """The text in the language of ``gettext``/``ngettext`` (English without them), its values filled in."""
        if self.plural is None:
            template = gettext(self.template) if gettext else self.template
        else:
            n = self.values["n"]
            template = (ngettext(self.template, self.plural, n) if ngettext
                        else self.template if n == 1 else self.plural)
        values = {k: v.render(gettext, ngettext) if isinstance(v, Text) else v for k, v in self.values.items()}
        return template.format(**values)

    def __str__(self) -> str:
        """The text in English: ``render()`` without a catalog, on a short path (engines say a text at every
        hand, for its English line)."""
        values = self.values
        template = self.template if self.plural is None or values["n"] == 1 else self.plural
        for value in values.values():
            if isinstance(value, Text):
                return template.format_map({k: str(v) if isinstance(v, Text) else v for k, v in values.items()})
        return template.format_map(values)

    def __repr__(self) -> str:
        return f"Text({self.template!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Text) and (self.template, self.plural, self.values)
                == (other.template, other.plural, other.values))

    def __hash__(self) -> int:
        return hash((self.template, self.plural))

    def to_json(self) -> dict[str, Any]:
        """``{"text": template, "values": {...}}`` (and ``"plural"``): what the pages translate with ``GN.text``."""
        out: dict[str, Any] = {"text": self.template,
                               "values": {k: v.to_json() if isinstance(v, Text) else v for k, v in self.values.items()}}
        if self.plural is not None:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Text:
        values = {k: cls.from_json(v) if isinstance(v, dict) and "text" in v else v
                  for k, v in data.get("values", {}).items()}
        text = cls(data["text"], **values)
        text.plural = data.get("plural")
        return text


def nText(singular: str, plural: str, n: int, /, **values: Any) -> Text:  # noqa: N802 (a keyword for Babel)
    """A text with plural forms: ``{n}`` is the count that chooses the form (each language has its own rule)."""
    text = Text(singular, n=n, **values)
    text.plural = plural
    return text


def as_text(value: str | Text) -> Text:
    """``value`` as a Text (a plain string is a text without values, and without a translation)."""
    if isinstance(value, Text):
        return value
    as_is = "{text}"   # a variable, not a literal: not a message of the catalogs
    return Text(as_is, text=value)
