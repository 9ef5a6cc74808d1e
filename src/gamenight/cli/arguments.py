"""What the terminal's commands share: the one-line user error, what each command was given (its options, typed:
argparse's Namespace is read in :meth:`Options.of` only), ``--set KEY=VALUE`` options and JSON files. Below every
command module (``main`` and the subcommands import it)."""
from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass, fields
from typing import Self

from .. import i18n


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


@dataclass(frozen=True, kw_only=True)
class Options:
    """What a command was given, typed; each command's options extend it, field by field as ``main`` declares
    them (a field's name is the argparse ``dest``)."""

    lang: str | None = None   # --lang, for the commands that have it

    @classmethod
    def of(cls, args: argparse.Namespace) -> Self:
        """The options ``args`` holds; a field argparse did not fill keeps its default (``lang`` only)."""
        given = vars(args)
        return cls(**{field.name: given[field.name] for field in fields(cls) if field.name in given})

    def language(self) -> str:
        """The language the command speaks: ``--lang``, else the environment's (as gettext reads it), else
        English."""
        return self.lang or i18n.from_environment(os.environ)


@dataclass(frozen=True, kw_only=True)
class PlayOptions(Options):
    game: str
    players: int | None
    rules: str | None
    overrides: list[str] | None
    seat: int | None
    bots: str | None
    seed: int | None
    record: str | None
    no_prompt: bool
    no_hints: bool
    hint_iterations: int | None


@dataclass(frozen=True, kw_only=True)
class SimulateOptions(Options):
    game: str
    games: int
    players: int | None
    rules: str | None
    overrides: list[str] | None
    bots: str | None
    seed: int
    json: bool


@dataclass(frozen=True, kw_only=True)
class TournamentOptions(Options):
    game: str
    bots: str
    players: int | None
    matches: int
    seed: int
    rules: str | None
    overrides: list[str] | None
    solo: bool
    count: str | None
    iterations: int | None
    workers: int | None
    ray: str | None           # None: no Ray; "": a local Ray; else the cluster's address
    json: str | None          # "-": standard output
    csv: str | None
    plot: str | None
    quiet: bool


@dataclass(frozen=True, kw_only=True)
class RulesOptions(Options):
    game: str | None
    players: int | None


@dataclass(frozen=True, kw_only=True)
class ReplayOptions(Options):
    file: str


@dataclass(frozen=True, kw_only=True)
class LearnOptions(Options):
    game: str
    players: int | None
    iterations: int | None


@dataclass(frozen=True, kw_only=True)
class ReviewOptions(Options):
    file: str
    seats: list[int] | None
    iterations: int | None
    json: bool


@dataclass(frozen=True, kw_only=True)
class ServeOptions(Options):
    host: str
    port: int
    db: str | None
    workers: int
    bot_delay: float
    keep_finished: float           # minutes
    max_tables: int
    max_creates_per_minute: int
    max_sockets_per_ip: int
    ws_deflate: bool
    max_messages_per_second: float
    allow_origin: list[str]
    think_workers: int | None
    think_iterations: int | None
    test_seed: int | None
    pseudo_locale: bool


@dataclass(frozen=True, kw_only=True)
class BenchOptions(Options):
    games: list[str]
    seconds: float


def parse_overrides(items: list[str] | None) -> dict[str, str]:
    """``["yaniv_limit=7", ...]`` -> ``{"yaniv_limit": "7"}``; the Rules machinery checks the values."""
    out: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--set expects KEY=VALUE, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def load_json_file(path: str) -> object:
    """The JSON value in file ``path`` (any value: the caller checks it is what it expects)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file") from None
    try:
        value: object = json.loads(text)
    except json.JSONDecodeError as e:
        raise CliError(f"{path}: not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    return value
