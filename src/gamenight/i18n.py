"""The languages people read gamenight in: gettext catalogs (standard library only).

The English text is the message id; ``locale/<lang>/LC_MESSAGES/gamenight.po`` holds each language's
translations, compiled to ``.mo`` when the package is installed (the build hook ``hatch_build.py`` runs Babel; so
does ``make``). Adding a language is adding its ``.po`` file and its name to ``LANGUAGES``.

>>> translator("en").gettext("Next hand")
'Next hand'
>>> negotiate("ja,en-US;q=0.8")
'ja'
>>> negotiate("de-DE, de;q=0.9")   # nothing we speak: English
'en'
"""
from __future__ import annotations

import ast
import functools
import gettext
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, TypedDict

from gamenight.core.text import N_, Text, nText

__all__ = ["LANGUAGES", "DEFAULT", "PSEUDO", "KEYWORDS", "N_", "Text", "nText", "translator", "render", "negotiate",
           "choose", "from_environment", "catalog", "CatalogMissing", "pseudo", "outside_pseudo",
           "unsaid"]

DOMAIN = "gamenight"
LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT = "en"
#: every language a person may choose, by its code, named in itself (the picker shows these names)
LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語", "fr": "Français"}
#: the pseudo-language (as Microsoft's qps-ploc): every message of the catalog template wrapped and accented, so a
#: text that escaped the catalogs stands out; never in the picker, served only by an app made with pseudo_locale
PSEUDO = "qps"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


#: the functions that mark texts, for Babel's extraction (``babel.cfg``; ``make catalogs``): Python's usual ones,
#: and the pages' ``GN.t(text)``, ``GN.nt(singular, plural, n)`` and ``GN.pt(context, text)``
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None,
            "Text": None, "nText": (1, 2), "t": None, "nt": (1, 2), "pt": ((1, "c"), 2), "option": (2,)}


class CatalogMissing(RuntimeError):
    """A language's compiled catalog is not there (the package was not installed: ``make`` compiles them)."""


def render(text: str | Text, lang: str) -> str:
    """``text`` (a :class:`Text` the engine made, or a plain string: shown as it is) in ``lang``.

    >>> render(Text("Next hand"), "en")
    'Next hand'
    """
    if not isinstance(text, Text):
        return text
    translations = translator(lang)
    return text.render(translations.gettext, translations.ngettext)


@functools.cache
def translator(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English: the texts as written)."""
    if lang == PSEUDO:
        return PseudoTranslations(read_template(TEMPLATE))
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if lang == DEFAULT:
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, [lang])
    except FileNotFoundError:
        raise CatalogMissing(f"the {LANGUAGES[lang]} catalog is not compiled ({LOCALE_DIR}/{lang}/LC_MESSAGES/"
                             f"{DOMAIN}.mo): install the package (`make` does) to compile it") from None


def negotiate(accept_language: str | None) -> str:
    """The language to use for an HTTP ``Accept-Language`` header (RFC 9110: tags with q-values)."""
    best, best_q = DEFAULT, 0.0
    for part in (accept_language or "").split(","):
        tag, _, params = part.strip().partition(";")
        match = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", params) if params else None
        q = float(match.group(1)) if match else (1.0 if not params else 0.0)
        code = tag.strip().lower().split("-")[0]
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return best


def choose(asked: str | None = None, remembered: str | None = None, accept_language: str | None = None,
           pseudo: bool = False) -> str:
    """The person's language: the one asked for now (``?lang=``), else the one they chose before (a cookie),
    else their browser's preference; what is not a language we speak is ignored (the pseudo-language too, unless
    ``pseudo``)."""
    for lang in (asked, remembered):
        if lang in LANGUAGES or (pseudo and lang == PSEUDO):
            return lang
    return negotiate(accept_language)


def from_environment(environ: Mapping[str, str]) -> str:
    """The terminal's language, as gettext finds it: the first of ``LANGUAGE`` (a list: ``fr:en``), ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` that is set names it (``ja_JP.UTF-8``); English if it is not one we speak.

    >>> from_environment({"LANG": "ja_JP.UTF-8"}), from_environment({"LANGUAGE": "de:fr", "LANG": "C.UTF-8"})
    ('ja', 'fr')
    """
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for tag in value.split(":"):
            code = tag.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":   # the first locale variable set decides (LANGUAGE only lists preferences)
            return DEFAULT
    return DEFAULT


def plural_expression(lang: str) -> str:
    """The catalog's ``Plural-Forms`` expression in ``n`` (C syntax, checked by the standard library's parser)."""
    header = translator(lang).info().get("plural-forms", "nplurals=2; plural=n != 1;")
    match = re.search(r"plural\s*=\s*([^;]+)", header)
    expression = match.group(1).strip() if match else "n != 1"
    gettext.c2py(expression)   # raises ValueError for anything but an arithmetic expression in n
    return expression


class Catalog(TypedDict):
    """A language's messages for the browser (``catalog``)."""

    lang: str
    plural: str                                # the plural-forms expression in ``n`` (gettext's)
    messages: dict[str, str | list[str]]       # a message id to its text, or to its plural forms


@functools.cache
def catalog(lang: str) -> Catalog:
    """The language's messages for the browser: ``{lang, plural, messages}``, a message id to its text (or, for a
    text with plural forms, the list of its forms). The same compiled catalog the server reads: one source."""
    messages: dict[str, str | list[str]] = {}
    translations = translator(lang)
    raw = getattr(translations, "_catalog", {})
    for key, text in raw.items():
        if isinstance(key, tuple):   # (singular id, form index): a plural text
            msgid, index = key
            forms = messages.setdefault(msgid, [])
            assert isinstance(forms, list)
            forms.extend([""] * (index + 1 - len(forms)))
            forms[index] = text
        elif key:                    # the empty id is the catalog's header
            messages[key] = text
    return {"lang": lang, "plural": plural_expression(lang), "messages": messages}


# ---- the pseudo-language ---------------------------------------------------------------------------
ACCENTED = str.maketrans("aeiouycnAEIOUYCN", "áéíóúýçñÁÉÍÓÚÝÇÑ")
PLACEHOLDER = re.compile(r"(\{\w*\})")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: each stretch of its own words wrapped and accented, its placeholders kept
    outside (so a value that escaped the catalogs shows outside the brackets too).

    >>> pseudo("Next hand")
    '⟦Ñéxt háñd⟧'
    >>> pseudo("{name} knocked")
    '{name}⟦ kñóçkéd⟧'
    """
    parts = PLACEHOLDER.split(text)
    return "".join(p if PLACEHOLDER.fullmatch(p) else f"⟦{p.translate(ACCENTED)}⟧" if p else "" for p in parts)


def unsaid(texts: Iterable[Text], lang: str) -> list[str]:
    """The templates of ``texts`` that ``lang`` does not say: its catalog leaves them in English, or a field stays
    unfilled when they are rendered. A guide, say, reads whole in ``lang`` when this is empty.

    >>> unsaid([Text("Round {number}", number=1), Text("not a message of the catalogs")], "fr")
    ['not a message of the catalogs']
    """
    translations, missing = translator(lang), []
    for text in texts:
        said = (translations.gettext(text.template) if text.plural is None
                else translations.ngettext(text.template, text.plural, 1))
        if said == text.template or "{" in render(text, lang):
            missing.append(text.template)
    return missing


def outside_pseudo(text: str) -> str:
    """``text`` without its pseudo-translated parts (``⟦...⟧``, nested ones too; each part counts as a space, so
    the values on either side stay words of their own): what is left escaped the catalogs, or is data. A text may
    be a piece of a pseudo-translated one split around a link: what comes before a ``⟧`` opened earlier is inside.

    >>> outside_pseudo("Ann⟦ kñóçkéd⟧ · 12")
    'Ann  · 12'
    """
    depth, kept = 0, list[str]()
    for ch in text:
        if ch == "⟧" and depth == 0:
            kept = []   # the end of a text begun in an earlier piece
            continue
        depth += ch == "⟦"
        if depth == 0:
            kept.append(ch)
        elif ch == "⟧" and depth == 1:
            kept.append(" ")
        depth -= ch == "⟧" and depth > 0
    return "".join(kept)


PO_LINE = re.compile(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$')


def read_template(path: Path) -> list[tuple[str | None, str, str | None]]:
    """``(context, message id, plural id)`` of each message of a catalog template (``.pot``), read with the
    standard library (the server runs without Babel)."""
    messages: list[tuple[str | None, str, str | None]] = []
    entry: dict[str, str] = {}
    field = ""

    def done() -> None:
        if entry.get("msgid"):   # (the empty id is the header)
            messages.append((entry.get("msgctxt"), entry["msgid"], entry.get("msgid_plural")))
        entry.clear()

    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = line.strip()
        match = PO_LINE.match(line)
        if match:
            field = match.group(1)
            if field in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in entry):
                done()
            entry[field] = ast.literal_eval(match.group(2))
        elif line.startswith('"') and field:
            entry[field] += ast.literal_eval(line)
        elif not line:
            done()
            field = ""
    return messages


class PseudoTranslations(gettext.GNUTranslations):
    """The pseudo-language's translations: each message of the template, pseudo-translated (:func:`pseudo`); a
    text that is not in the template stays as it is, so it shows as escaped."""

    def __init__(self, messages: list[tuple[str | None, str, str | None]]) -> None:
        gettext.NullTranslations.__init__(self)
        self.plural = lambda n: int(n != 1)
        self._info = {"plural-forms": "nplurals=2; plural=n != 1;"}
        self._catalog: dict[str | tuple[str, int], str] = {}
        for context, msgid, plural in messages:
            key = f"{context}\x04{msgid}" if context else msgid
            if plural is None:
                self._catalog[key] = pseudo(msgid)
            else:
                self._catalog[(key, 0)], self._catalog[(key, 1)] = pseudo(msgid), pseudo(plural)


#: ``_(text)`` in a page's HTML (element text or an attribute value): a text the server translates as it serves
HTML_TEXT = re.compile(r"_\(([^()<>]+)\)")

#: what a Babel extraction method yields for each message: line, keyword, the message argument(s), comments
Extracted = tuple[int, str, "str | None | tuple[str | None, ...]", list[str]]


def extract_python(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Iterable[str],
                   options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel's extraction method for the Python sources (``babel.cfg``): every call of a keyword function (``t``,
    ``Text``, ``N_``, ``option``...) with its positional arguments, the calls inside f-strings included (Babel's own
    method cannot see into an f-string before Python 3.12: ``f"[bold]{t('Round {n}', n=3)}[/bold]"``). Babel picks
    the message arguments by the keyword's spec."""
    import ast

    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else (
            node.func.attr if isinstance(node.func, ast.Attribute) else None)
        if name is None or name not in keywords:
            continue
        messages = tuple(arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
                         for arg in node.args)
        if any(m is not None for m in messages):
            yield node.lineno, name, messages if len(messages) > 1 else messages[0], []


def extract_html(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Iterable[str],
                 options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel's extraction method for the pages' HTML (``babel.cfg``): each ``_(text)``."""
    for number, line in enumerate(fileobj.read().decode("utf-8").splitlines(), 1):
        for match in HTML_TEXT.finditer(line):
            yield number, "_", match.group(1), []
