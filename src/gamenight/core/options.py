"""Typed, validated rule options shared by every game.

A game's rules are a frozen dataclass that subclasses :class:`Rules`; each field is declared with
:func:`option`, which records its meaning and allowed values. ``Rules.build(preset, **overrides)``
starts from a named preset and applies overrides; every value is checked and an unknown option,
unknown preset or bad value raises :class:`RulesError` that says what is allowed. Values may be
given typed or as text (``"7"``, ``"unlimited"``, ``"100:50,200:100"``), so the command line and
JSON records go through the same checks.
"""
from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Self, TypeVar, cast

from .checks import is_whole_number
from .errors import RulesError
from .text import Text

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def option(default: Any, doc: str, *, choices: Iterable[Any] | None = None, minimum: int | None = None,
           maximum: int | None = None, none_word: str | None = None, why: str | None = None,
           rule: str | None = None, aliases: Mapping[str, str] | None = None,
           labels: Mapping[Any, str] | None = None) -> Any:
    """Declare a rules field: its default, a one-line meaning, and its allowed values.

    ``doc`` is what a player reads (never a rule code); ``rule`` names the rules specification's numbers it comes
    from (``"G10/D2-1"``), for developers. ``none_word`` names the text spelling of ``None`` for optional ints
    (``"unlimited"``). ``why`` says in a few words why a number is bounded where it is (``"real tables play to
    100-250"``); a value out of range is refused with it. ``aliases`` maps a choice's former names to it
    (``{"seed": "dealer_takes"}``), so records and commands that use an old name still read. ``labels`` says each
    choice in a player's words (``{"dealer": N_("the dealer")}``); ``doc`` and the labels are in the message
    catalogs (Babel reads ``option``'s second argument), so the lobby shows them in the reader's language.
    """
    meta = {"doc": doc, "choices": tuple(choices) if choices else None, "minimum": minimum,
            "maximum": maximum, "none_word": none_word, "why": why, "rule": rule, "aliases": dict(aliases or {}),
            "labels": dict(labels or {})}
    return dataclasses.field(default=default, metadata=meta)


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The options' types of a rules class (resolving them is slow, and a class's never change: kept)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _kind_of(annotation: Any) -> str:
    if annotation in (bool, "bool"):
        return "bool"
    if annotation in (int, "int"):
        return "int"
    if annotation in (str, "str"):
        return "str"
    text = annotation if isinstance(annotation, str) else repr(annotation)
    if text.replace(" ", "") in ("int|None", "Optional[int]", "typing.Optional[int]"):
        return "int|None"
    if "tuple[tuple[int,int]" in text.replace(" ", ""):
        return "int->int"
    raise TypeError(f"unsupported option type {annotation!r}")


def _fields(rules: Any) -> tuple[dataclasses.Field[Any], ...]:
    """The options of a rules class or object (a dataclass made by ``rules_dataclass``)."""
    return dataclasses.fields(rules)


class Rules:
    """Base of every game's rules dataclass (declare it with ``@rules_dataclass``)."""

    preset: str   # the preset these rules were built from (a field ``rules_dataclass`` adds)
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {}
    DEFAULT_PRESET: ClassVar[str] = ""
    PRESET_DOCS: ClassVar[dict[str, str]] = {}
    #: each preset's name in a player's words (``N_("French rules")``), for the lobby's list
    PRESET_TITLES: ClassVar[dict[str, str]] = {}
    #: former preset names, each to the preset it now is: old records, links and commands still read
    PRESET_ALIASES: ClassVar[dict[str, str]] = {}

    # ---- construction -------------------------------------------------------------------
    @classmethod
    def build(cls, preset: str | None = None, **overrides: Any) -> Self:
        """The rules of ``preset`` (default: the game's default preset) with ``overrides`` applied."""
        name = cls.preset_name(preset or cls.DEFAULT_PRESET)
        if name not in cls.PRESETS:
            raise RulesError(Text("unknown preset {preset}; presets are: {presets}", preset=repr(name),
                                  presets=", ".join(cls.PRESETS)))
        values = dict(cls.PRESETS[name])
        values.update(overrides)
        return cls.from_dict(values, preset=name)

    @classmethod
    def from_dict(cls, values: dict[str, Any], preset: str | None = None) -> Self:
        fields = {f.name: f for f in _fields(cls)}
        unknown = [k for k in values if k not in fields]
        if unknown:
            raise RulesError(Text("unknown option {option} for {game}; options are: {options}", option=repr(unknown[0]),
                                  game=cls.game_title(), options=", ".join(n for n in fields if n != "preset")))
        clean = {name: cls._coerce(fields[name], value) for name, value in values.items() if name != "preset"}
        clean["preset"] = cls.preset_name(values.get("preset", preset) or cls.DEFAULT_PRESET)
        rules = cls(**clean)
        rules.check()
        return rules

    @classmethod
    def preset_name(cls, name: str) -> str:
        """The preset's current name: ``name`` itself, or the preset a former name (an alias) now is."""
        return cls.PRESET_ALIASES.get(name, name) if isinstance(name, str) else name

    def check(self) -> None:
        """Cross-option checks; games override and raise RulesError."""

    # ---- description --------------------------------------------------------------------
    @classmethod
    def game_title(cls) -> str:
        return cls.__name__.removesuffix("Rules")

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """One entry per option: name, type, default, meaning (for players), allowed values, and the rule numbers it
        comes from (for developers)."""
        hints = _hints(cls)
        out = []
        for f in _fields(cls):
            if f.name == "preset":
                continue
            meta = f.metadata
            kind = _kind_of(hints[f.name])
            allowed = None
            if meta.get("choices"):
                allowed = ", ".join(str(c) for c in meta["choices"])
            elif kind in ("int", "int|None"):
                lo, hi = meta.get("minimum"), meta.get("maximum")
                allowed = f"{lo if lo is not None else '…'}..{hi if hi is not None else '…'}"
                if kind == "int|None":
                    allowed += f" or {meta['none_word']}"
            elif kind == "int->int":
                allowed = "pairs like 100:50,200:100 (or 'none')"
            elif kind == "bool":
                allowed = "true, false"
            labels = meta.get("labels") or {}
            out.append({"name": f.name, "type": kind, "default": _text(f.default, meta),
                        "meaning": meta.get("doc", ""), "allowed": allowed, "rule": meta.get("rule"),
                        "choices": [{"value": _text(c, meta), "label": labels.get(c, str(c))}
                                    for c in meta["choices"]] if meta.get("choices") else None,
                        "none_word": meta.get("none_word")})
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly values (mappings become ``{"100": 50}``-style dicts); ``from_dict`` reads it back."""
        out: dict[str, Any] = {}
        for f in _fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = {str(k): v for k, v in value}
            out[f.name] = value
        return out

    # ---- coercion -------------------------------------------------------------------------
    @classmethod
    def _coerce(cls, f: dataclasses.Field[Any], value: Any) -> Any:
        """``value`` read as option ``f``'s type and checked against its bounds; RulesError saying why not."""
        kind = _kind_of(_hints(cls)[f.name])

        def bad(why: Text) -> RulesError:
            return RulesError(Text("bad value {value} for option {option}: {why}", value=repr(value),
                                   option=repr(f.name), why=why))

        return _READERS[kind](value, f.metadata, kind == "int|None", bad)


Bad = Callable[[Text], RulesError]   # makes the option's error from the reason a value is refused


def _read_bool(value: Any, meta: Mapping[str, Any], optional: bool, bad: Bad) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise bad(Text("expected true or false"))


def _read_int(value: Any, meta: Mapping[str, Any], optional: bool, bad: Bad) -> int | None:
    """A whole number (or, for an optional one, None or its word), within the option's choices and bounds."""
    if optional and (value is None or (isinstance(value, str)
                                       and value.strip().lower() in (meta["none_word"], "none"))):
        return None
    number: int
    if isinstance(value, str):
        try:
            number = int(value.strip())
        except ValueError:
            raise bad(Text("expected a whole number or {word}", word=repr(meta["none_word"])) if optional
                      else Text("expected a whole number")) from None
    elif is_whole_number(value):
        number = value
    else:
        raise bad(Text("expected a whole number"))
    if meta.get("choices") and number not in meta["choices"]:
        raise bad(Text("allowed values are {values}", values=", ".join(map(str, meta["choices"]))))
    lo, hi = meta.get("minimum"), meta.get("maximum")
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        raise bad(_range_text(lo, hi, meta["none_word"] if optional else None, meta.get("why")))
    return number


def _read_choice(value: Any, meta: Mapping[str, Any], optional: bool, bad: Bad) -> str:
    value = meta["aliases"].get(value, value) if isinstance(value, str) else value
    if not isinstance(value, str) or value not in meta["choices"]:
        raise bad(Text("allowed values are {values}", values=", ".join(meta["choices"])))
    return value


def _read_mapping(value: Any, meta: Mapping[str, Any], optional: bool, bad: Bad) -> tuple[tuple[int, int], ...]:
    """A whole number to whole number mapping (a dict, pairs, or text like ``100:50,200:100``), stored as
    a sorted tuple of pairs."""
    pairs = _pairs_of(value, bad)
    try:
        mapping = {_whole(a): _whole(b) for a, b in pairs}
    except (TypeError, ValueError):
        raise bad(Text("expected whole numbers, like {example}", example="100:50,200:100")) from None
    if any(k <= 0 or v < 0 for k, v in mapping.items()):
        raise bad(Text("values must be positive"))
    return tuple(sorted(mapping.items()))


def _pairs_of(value: Any, bad: Bad) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return list(value.items())
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("", "none", "{}"):
            return []
        parts = text.replace(" ", "").split(",")
        if any(":" not in part for part in parts):
            raise bad(Text("expected pairs like {example}", example="100:50,200:100"))
        return [tuple(part.split(":", 1)) for part in parts]
    if isinstance(value, (list, tuple)):
        try:
            return [tuple(p) for p in value]
        except TypeError:
            raise bad(Text("expected pairs like {example}", example="100:50,200:100")) from None
    raise bad(Text("expected pairs like {example}", example="100:50,200:100"))


_READERS: dict[str, Callable[[Any, Mapping[str, Any], bool, Bad], Any]] = {
    "bool": _read_bool, "int": _read_int, "int|None": _read_int, "str": _read_choice, "int->int": _read_mapping}


def _range_text(lo: int | None, hi: int | None, none_word: str | None, why: str | None) -> Text:
    """``it must be 25..1000 (real tables play to 100-250)``: what a bounded number may be, and why (``why`` is
    in the catalogs: the rules mark it ``N_``)."""
    if lo is not None and hi is not None:
        text = Text("it must be {low}..{high}", low=lo, high=hi)
    else:
        text = Text("it must be at least {low}", low=lo) if lo is not None else Text("it must be at most {high}",
                                                                                        high=hi)
    if none_word:
        text = Text("{range} or {word}", range=text, word=repr(none_word))
    return Text("{range} ({why})", range=text, why=Text(why)) if why else text


def _whole(x: Any) -> int:
    """A whole number given as an int or its text (a bool or a fraction is not one)."""
    if isinstance(x, bool) or isinstance(x, float) and not x.is_integer():
        raise ValueError(x)
    return int(x.strip()) if isinstance(x, str) else int(x)


def _text(value: Any, meta: Mapping[str, Any]) -> str:
    if value is None:
        return meta.get("none_word") or "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(f"{a}:{b}" for a, b in value) or "none"
    return str(value)


RulesT = TypeVar("RulesT", bound=type[Rules])


def rules_dataclass(cls: RulesT) -> RulesT:
    """Decorator: a frozen dataclass with a ``preset`` field recording the preset it was built from."""
    cls.__annotations__ = {**cls.__annotations__, "preset": "str"}
    cls.preset = dataclasses.field(default="", compare=False)
    return cast(RulesT, dataclasses.dataclass(frozen=True)(cls))

