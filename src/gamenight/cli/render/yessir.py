"""YESSIR! in the terminal: the shared dice, your dice (or "blind") and your hand, every player's luck die, mat and
state, the actions with what they leave on your luck die, and a reveal screen ranking every hand.

It only draws the view: each hand's description, the luck after each action and a pip change's faces are the
engine's (docs/games/yessir.md, "Views")."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from ..console import nt, said, t
from .generic import GenericRenderer, Record, ViewData, described_for, recent_moves, seat_name

if TYPE_CHECKING:
    from ...yessir.views import YessirView

_FACES = "⚀⚁⚂⚃⚄⚅"


def die(value: int) -> str:
    return f"[bold]{_FACES[value - 1]} {value}[/bold]"


def dice(values: Iterable[int]) -> str:
    return "  ".join(die(v) for v in values)


def _mat(wins: int, rounds_to_win: int) -> str:
    # the physical mat shows the standard game (3 wins); other lengths show the count
    if rounds_to_win == 3 and wins < 3:
        mat = (t("mat face up"), t("mat turned over"), t("mat removed"))[wins]
        return t("{mat} ({wins})", mat=mat, wins=nt("{n} win", "{n} wins", wins))
    return t("{wins}/{rounds} wins", wins=wins, rounds=rounds_to_win)


def _who(p: int, seat: int | None) -> str:
    return seat_name(p, seat)


def _move(move: Record) -> str:
    """A move (the engine's record of it), after the seat that made it, with what it did to its luck die."""
    kind = move["kind"]
    words = {"reroll_shared": t("rerolled all three shared dice"), "reroll_own": t("rerolled their own dice"),
             "yessir": "[bold yellow]" + t("Yessir!") + "[/bold yellow]",
             "blind": t("rerolled their own dice blind and is out of this round"),
             "keep": t("kept the die as it fell"), "up": t("moved the die one pip up"),
             "down": t("moved the die one pip down")}
    text = t("rerolled shared die {number}", number=move["die"]) if kind == "reroll_die" else words.get(kind, str(kind))
    luck = move.get("luck", 0)
    return text + (f" [dim]({t('luck {change}', change=f'{luck:+d}')})[/dim]" if luck else "")


def _header(v: YessirView) -> str:
    rules = v["rules"]
    ties = t("ties on the combination's sum") if rules["tiebreak_sum"] == "combo" else t("ties on the sum of all dice")
    parts = [t("round {number}", number=v["hand_number"]), t("seat {seat} rolled", seat=v["roller"]),
             t("first to {n} round wins", n=v["rounds_to_win"]), ties]
    if rules.get("pip_change"):
        parts.append(t("pip change on"))
    return "[bold]YESSIR![/bold] · " + " · ".join(parts)


def _seat_line(v: YessirView, p: int) -> str:
    marker = "[bold green]▶[/bold green] " if p == v["current_player"] else "  "
    state = (f"[magenta]{t('blind, out of this round')}[/magenta]" if v["locked"][p]
             else f"[yellow]{t('said Yessir!')}[/yellow]" if v["passed"][p] else "")
    return (f"{marker}{_who(p, v['seat']):<14} {t('luck {value}', value=die(v['luck'][p]))}  "
            f"{_mat(v['wins'][p], v['rounds_to_win'])}  {state}").rstrip()


def _own_dice(v: YessirView) -> str:
    hand = v["hand"]
    if v["dice"] is None or hand is None:
        return t("Your dice: {dice} (rerolled without looking; revealed at the end of the round)",
                 dice=f"[magenta]{t('blind')}[/magenta]")
    return t("Your dice: {dice}   your hand: {hand}", dice=dice(v["dice"]), hand=f"[bold]{_said(hand)}[/bold]")


def _said(hand: Any) -> str:
    """A hand's description (the view's ``says``) in the terminal's language."""
    return said(hand.get("says"), hand.get("description", ""))


def _prompt(v: YessirView) -> str | None:
    turn = v["current_player"]
    if v["is_over"]:
        return f"[bold]{t('The match is over.')}[/bold]"
    if v["phase"] == "pip" and v["pip_die"] is not None:
        d = v["pip_die"]
        return (f"[bold]{t('Shared die {number} came up {face} again:', number=d + 1, face=v['shared'][d])}[/bold] "
                + t("keep it, or move it one pip up or down (6 and 1 wrap round)."))
    if turn is not None:
        who = t("Your turn") if turn == v["seat"] else t("Seat {seat} to play", seat=turn)
        return f"[bold]{who}[/bold]: " + t("reroll (a, b, c), say Yessir! (d) or reroll blind and sit out (e)")
    return None


def _turn_words(kind: str | None, action_text: str) -> str:
    return {"reroll_shared": t("reroll all three shared dice"), "reroll_own": t("reroll your two dice and look"),
            "blind": t("reroll your dice blind and sit out this round")}.get(kind or "", action_text)


class Renderer(GenericRenderer):
    def table(self, view: ViewData) -> str:
        v = cast("YessirView", view)
        seat = v["seat"]
        shared = "   ".join(f"[dim]{i}:[/dim]{die(x)}" for i, x in enumerate(v["shared"], 1))
        lines = [_header(v), "", t("Shared dice:  {dice}", dice=shared), ""]
        lines += [_seat_line(v, p) for p in range(v["players"])]
        lines += recent_moves(view, t("This round"), lambda p, move: f"{_who(p, seat)}: {_move(move)}")
        if seat is not None and not v["is_over"]:
            lines += ["", _own_dice(v)]
        prompt = _prompt(v)
        if prompt is not None:
            lines.append(prompt)
        return "\n".join(lines)

    def move_text(self, move: Record) -> str | None:
        return _move(move)

    def action_label(self, action_text: str, view: ViewData, described: Record | None = None) -> str:
        v = cast("YessirView", view)
        move = described or described_for(view, action_text)
        kind = move["kind"] if move else None
        faces = v["pip_faces"]
        if faces is not None:
            return {"keep": t("keep the {face}", face=faces["keep"]), "up": t("move it up to {face}", face=faces["up"]),
                    "down": t("move it down to {face}", face=faces["down"])}.get(kind or "", action_text)
        if kind == "yessir":
            return f"[bold yellow]{t('Yessir!')}[/bold yellow] " + t("(pass)")
        after = v["luck_after"].get(action_text)
        turn = v["current_player"]
        if after is None or turn is None:
            return action_text
        change = t("luck {value}", value=f"{v['luck'][turn]} → {after}")
        if move is not None and kind == "reroll_die":
            return t("reroll shared die {number} (now {face})", number=move["die"],
                     face=v["shared"][move["die"] - 1]) + f" · {change}"
        return f"{_turn_words(kind, action_text)} · {change}"

    def hand_summary(self, view: ViewData) -> str | None:
        result = cast("YessirView", view)["last_round"]
        if not result:
            return None
        seat = view["seat"]
        winner = result["winner"]
        lines = [f"[bold]{t('Round {number} revealed.', number=result['hand_number'])}[/bold] "
                 + t("Shared dice: {dice}", dice=dice(result["shared"]))]
        for p in result["ranking"]:
            note = f" [bold green]{t('wins the round')}[/bold green]" if p == winner else (
                f" [yellow]{t('tied for best: no winner')}[/yellow]" if p in result["tied"] else "")
            lines.append(f"  {result['places'][p]}. {_who(p, seat):<14} {dice(result['dice'][p])}   "
                         f"{said(result['says'][p], result['descriptions'][p])}{note}")
        if winner is None:
            lines.append(t("Nobody wins this round: the best hands tie."))
        lines.append(t("Round wins: {wins} · luck: {luck}",
                       wins=", ".join(f"{seat_name(p)}: {w}" for p, w in enumerate(result["wins"])),
                       luck=", ".join(f"{seat_name(p)}: {x}" for p, x in enumerate(result["luck"]))))
        return "\n".join(lines)

    def match_summary(self, view: ViewData) -> str:
        v = cast("YessirView", view)
        seat = v["seat"]
        rounds = v["hand_number"]
        names = ", ".join(_who(w, seat) for w in v["winners"]) or t("nobody")
        lines = [f"[bold]{nt('Match over after {n} round.', 'Match over after {n} rounds.', rounds)}[/bold] "
                 + t("Winner: {names}", names=f"[bold green]{names}[/bold green]")]
        for p in sorted(range(v["players"]), key=lambda q: -v["wins"][q]):
            lines.append(f"  {_who(p, seat):<14} {nt('{n} round win', '{n} round wins', v['wins'][p])}")
        return "\n".join(lines)
