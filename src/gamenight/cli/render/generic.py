"""The fallback renderer: shows any game from its view dict, key by key; and what every renderer shares.

Renderers never read an action's notation: what an action or a move does comes from the engine's record of it
(``game.describe``): the view's ``log_described`` for its moves, and for an action of the menu the record the
caller passes (``described``), else :func:`described_for` asks the engine."""
from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core.errors import GameError
from ...core.game import Game
from ...core.registry import make
from ..console import escape, nt, t

#: a view as the renderers read it (each game's own ``View`` TypedDict, read by key)
ViewData = Mapping[str, Any]
#: an action or a move as the engine describes it (``game.describe``: ``{"kind": ..., ...}``)
Record = Mapping[str, Any]

_SKIP = {"game", "rules", "log", "previous_log", "log_described", "previous_log_described"}


def _value(value: object) -> str:
    if isinstance(value, (dict, list)):
        text = json.dumps(value, separators=(", ", ": "))
        return text if len(text) <= 160 else text[:157] + "..."
    return str(value)


RECENT_MOVES = 8


def seat_name(p: int, seat: int | None = None) -> str:
    """A seat as the terminal names it: "seat 2", or "seat 2 (you)" for the reader's own."""
    return t("seat {number} (you)", number=p) if p == seat else t("seat {number}", number=p)


def recent_moves(view: ViewData, heading: str, describe: Callable[[int, Record], str]) -> list[str]:
    """Lines for the last few public moves of the hand: a heading, then ``describe(seat, move)`` each, ``move``
    being the engine's record of it (the view's ``log_described``)."""
    log: Sequence[Sequence[Any]] = view.get("log") or []
    moves: Sequence[Record] = view.get("log_described") or []
    if not log:
        return []
    shown = list(zip(log, moves))[-RECENT_MOVES:]
    lines = ["", f"[dim]{t('{heading}:', heading=heading)}[/dim]"]
    if len(log) > len(shown):
        lines.append(f"  [dim]… {nt('{n} earlier move', '{n} earlier moves', len(log) - len(shown))}[/dim]")
    lines.extend(f"  {describe(entry[0], move)}" for entry, move in shown)
    return lines


def described_for(view: ViewData, action_text: str) -> Record | None:
    """The engine's record of the action named ``action_text`` in the view's game (``game.describe``); None when
    the view's game is not one of gamenight's or does not know the name."""
    try:
        game = _game(str(view["game"]), int(view["players"]), json.dumps(view["rules"], sort_keys=True))
        return game.describe(action_text)
    except (GameError, KeyError, TypeError, ValueError, NotImplementedError):
        return None


@functools.lru_cache(maxsize=16)
def _game(name: str, players: int, rules: str) -> Game[Any, Any]:
    return make(name, players=players, rules=json.loads(rules))


class GenericRenderer:
    """Works for every game: a line per view key. Game renderers subclass it and override what they need."""

    def table(self, view: ViewData) -> str:
        lines = []
        for key, value in view.items():
            if key in _SKIP or value is None:
                continue
            lines.append(f"[dim]{escape(key)}:[/dim] {escape(_value(value))}")
        turn = view.get("current_player")
        if turn is not None:
            lines.append(f"[bold]{t('seat {seat} to play', seat=turn)}[/bold]")
        return "\n".join(lines)

    def action_label(self, action_text: str, view: ViewData, described: Record | None = None) -> str:
        """The menu label of the action named ``action_text``; ``described``: the engine's record of it."""
        return escape(action_text)

    def move_text(self, move: Record) -> str | None:
        """A move of the log in words (``move``: the engine's record of it, from the view's ``log_described``);
        None: this renderer has no words for it (the log's own text is shown)."""
        return None

    def hand_order(self, view: ViewData) -> list[str]:
        """The seat's cards in the order ``table`` shows them (the menu lists moves on them in that order)."""
        hand = view.get("hand")
        return [card for card in hand if isinstance(card, str)] if isinstance(hand, list) else []

    def hand_summary(self, view: ViewData) -> str | None:
        return None

    def match_summary(self, view: ViewData) -> str:
        scores = view.get("scores")
        winners = view.get("winners")
        parts = [f"[bold]{t('Match over.')}[/bold]"]
        if scores is not None:
            parts.append(t("Scores: {scores}", scores=", ".join(f"{seat_name(s)}: {v}" for s, v in enumerate(scores))))
        if winners is not None:
            names = ", ".join(seat_name(w) for w in winners) or t("none")
            parts.append(nt("Winner: {names}", "Winners: {names}", len(winners), names=names))
        return "\n".join(parts)


Renderer = GenericRenderer
