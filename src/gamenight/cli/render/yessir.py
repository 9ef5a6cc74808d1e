"""YESSIR! in the terminal: the shared dice, your dice (or "blind") and your hand, every player's luck die, mat and
state, the actions with what they leave on your luck die, and a reveal screen ranking every hand.

It only draws the view: each hand's description, the luck after each action and a pip change's faces are the
engine's (docs/games/yessir.md, "Views")."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from .generic import GenericRenderer, recent_moves

if TYPE_CHECKING:
    from ...yessir.views import YessirView

_FACES = "⚀⚁⚂⚃⚄⚅"
_MATS = ("mat face up", "mat turned over", "mat removed")


def die(value: int) -> str:
    return f"[bold]{_FACES[value - 1]} {value}[/bold]"


def dice(values: Iterable[int]) -> str:
    return "  ".join(die(v) for v in values)


def _mat(wins: int, rounds_to_win: int) -> str:
    # the physical mat shows the standard game (3 wins); other lengths show the count
    if rounds_to_win == 3 and wins < 3:
        return f"{_MATS[wins]} ({wins} win{'s' if wins != 1 else ''})"
    return f"{wins}/{rounds_to_win} wins"


def _who(p: int, seat: int | None) -> str:
    return f"seat {p}" + (" (you)" if p == seat else "")


def _move(text: str) -> str:
    if text in ("a1", "a2", "a3"):
        return f"rerolled shared die {text[1]} [dim](luck -1)[/dim]"
    return {"b": "rerolled all three shared dice [dim](luck -2)[/dim]",
            "c": "rerolled their own dice [dim](luck -2)[/dim]",
            "d": "[bold yellow]Yessir![/bold yellow]",
            "e": "rerolled their own dice blind and is out of this round [dim](luck +1)[/dim]",
            "keep": "kept the die as it fell", "up": "moved the die one pip up",
            "down": "moved the die one pip down"}.get(text, text)


def _header(v: YessirView) -> str:
    rules = v["rules"]
    ties = "combination" if rules["tiebreak_sum"] == "combo" else "all-dice"
    return (f"[bold]YESSIR![/bold] · round {v['hand_number']} · seat {v['roller']} rolled · first to "
            f"{v['rounds_to_win']} round wins · ties on the {ties} sum"
            + (" · pip change on" if rules.get("pip_change") else ""))


def _seat_line(v: YessirView, p: int) -> str:
    marker = "[bold green]▶[/bold green] " if p == v["current_player"] else "  "
    state = ("[magenta]blind, out of this round[/magenta]" if v["locked"][p]
             else "[yellow]said Yessir![/yellow]" if v["passed"][p] else "")
    return (f"{marker}{_who(p, v['seat']):<14} luck {die(v['luck'][p])}  "
            f"{_mat(v['wins'][p], v['rounds_to_win'])}  {state}").rstrip()


def _own_dice(v: YessirView) -> str:
    hand = v["hand"]
    if v["dice"] is None or hand is None:
        return "Your dice: [magenta]blind[/magenta] (rerolled without looking; revealed at the end of the round)"
    return f"Your dice: {dice(v['dice'])}   your hand: [bold]{hand['description']}[/bold]"


def _prompt(v: YessirView) -> str | None:
    turn = v["current_player"]
    if v["is_over"]:
        return "[bold]The match is over.[/bold]"
    if v["phase"] == "pip" and v["pip_die"] is not None:
        d = v["pip_die"]
        return (f"[bold]Shared die {d + 1} came up {v['shared'][d]} again:[/bold] keep it, or move it "
                f"one pip up or down (6 and 1 wrap round).")
    if turn is not None:
        return (f"[bold]{'Your turn' if turn == v['seat'] else f'Seat {turn} to play'}[/bold]: reroll (a, b, c), "
                f"say Yessir! (d) or reroll blind and sit out (e)")
    return None


_TURN_WORDS = {"b": "reroll all three shared dice", "c": "reroll your two dice and look",
               "e": "reroll your dice blind and sit out this round"}


class Renderer(GenericRenderer):
    def table(self, view: dict[str, Any]) -> str:
        v = cast("YessirView", view)
        seat = v["seat"]
        shared = "   ".join(f"[dim]{i}:[/dim]{die(x)}" for i, x in enumerate(v["shared"], 1))
        lines = [_header(v), "", f"Shared dice:  {shared}", ""]
        lines += [_seat_line(v, p) for p in range(v["players"])]
        lines += recent_moves(v["log"], "This round", lambda p, move: f"{_who(p, seat)}: {_move(move)}")
        if seat is not None and not v["is_over"]:
            lines += ["", _own_dice(v)]
        prompt = _prompt(v)
        if prompt is not None:
            lines.append(prompt)
        return "\n".join(lines)

    def action_label(self, action_text: str, view: dict[str, Any]) -> str:
        v = cast("YessirView", view)
        faces = v["pip_faces"]
        if faces is not None:
            return {"keep": f"keep the {faces['keep']}", "up": f"move it up to {faces['up']}",
                    "down": f"move it down to {faces['down']}"}.get(action_text, action_text)
        if action_text == "d":
            return "[bold yellow]Yessir![/bold yellow] (pass)"
        after = v["luck_after"].get(action_text)
        turn = v["current_player"]
        if after is None or turn is None:
            return action_text
        change = f"luck {v['luck'][turn]} → {after}"
        if action_text in ("a1", "a2", "a3"):
            return f"reroll shared die {action_text[1]} (now {v['shared'][int(action_text[1]) - 1]}) · {change}"
        return f"{_TURN_WORDS.get(action_text, action_text)} · {change}"

    def hand_summary(self, view: dict[str, Any]) -> str | None:
        result = cast("YessirView", view)["last_round"]
        if not result:
            return None
        seat = view["seat"]
        winner = result["winner"]
        lines = [f"[bold]Round {result['hand_number']} revealed.[/bold] Shared dice: {dice(result['shared'])}"]
        for p in result["ranking"]:
            note = " [bold green]wins the round[/bold green]" if p == winner else (
                " [yellow]tied for best: no winner[/yellow]" if p in result["tied"] else "")
            lines.append(f"  {result['places'][p]}. {_who(p, seat):<14} {dice(result['dice'][p])}   "
                         f"{result['descriptions'][p]}{note}")
        if winner is None:
            lines.append("Nobody wins this round: the best hands tie.")
        lines.append("Round wins: " + ", ".join(f"seat {p}: {w}" for p, w in enumerate(result["wins"]))
                     + " · luck: " + ", ".join(f"seat {p}: {x}" for p, x in enumerate(result["luck"])))
        return "\n".join(lines)

    def match_summary(self, view: dict[str, Any]) -> str:
        v = cast("YessirView", view)
        seat = v["seat"]
        rounds = v["hand_number"]
        names = ", ".join(_who(w, seat) for w in v["winners"]) or "nobody"
        lines = [f"[bold]Match over after {rounds} round{'s' if rounds != 1 else ''}.[/bold] "
                 f"Winner: [bold green]{names}[/bold green]"]
        for p in sorted(range(v["players"]), key=lambda q: -v["wins"][q]):
            lines.append(f"  {_who(p, seat):<14} {v['wins'][p]} round win{'s' if v['wins'][p] != 1 else ''}")
        return "\n".join(lines)
