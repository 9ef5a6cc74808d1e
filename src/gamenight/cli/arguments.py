"""What the terminal's commands share: the one-line user error, and reading what a command was given (the language,
``--set KEY=VALUE`` options, JSON files). Below every command module (``main`` and the subcommands import it)."""
from __future__ import annotations

import json
import os

from .. import i18n


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


def language(args) -> str:
    """The language a command speaks: ``--lang``, else the environment's (as gettext reads it), else English."""
    return getattr(args, "lang", None) or i18n.from_environment(os.environ)


def parse_overrides(items: list[str] | None) -> dict[str, str]:
    """``["yaniv_limit=7", ...]`` -> ``{"yaniv_limit": "7"}``; the Rules machinery checks the values."""
    out: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--set expects KEY=VALUE, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def load_json_file(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise CliError(f"{path}: not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
