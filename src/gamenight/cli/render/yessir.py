"""YESSIR! in the terminal: the shared dice, your dice (or "blind"), every player's luck die, mat and state,
the actions with their luck costs, and a reveal screen ranking every hand."""
from __future__ import annotations

from ...yessir.hands import describe
from .generic import GenericRenderer, recent_moves

_FACES = "⚀⚁⚂⚃⚄⚅"
_MATS = ("mat face up", "mat turned over", "mat removed")


def die(value: int) -> str:
    return f"[bold]{_FACES[value - 1]} {value}[/bold]"


def dice(values) -> str:
    return "  ".join(die(v) for v in values)


def _mat(wins: int, rounds_to_win: int) -> str:
    # the physical mat shows the standard game (3 wins); other lengths show the count
    if rounds_to_win == 3 and wins < 3:
        return f"{_MATS[wins]} ({wins} win{'s' if wins != 1 else ''})"
    return f"{wins}/{rounds_to_win} wins"


def _who(p: int, seat) -> str:
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


class Renderer(GenericRenderer):
    def table(self, view: dict) -> str:
        rules = view["rules"]
        seat = view["seat"]
        n = view["players"]
        turn = view["current_player"]
        lines = [f"[bold]YESSIR![/bold] · round {view['round']} · seat {view['roller']} rolled · first to "
                 f"{view['rounds_to_win']} round wins · ties on the {'combination' if rules['tiebreak_sum'] == 'combo' else 'all-dice'} sum"
                 + (" · pip change on" if rules.get("pip_change") else ""), ""]
        lines.append(f"Shared dice:  {'   '.join(f'[dim]{i}:[/dim]{die(v)}' for i, v in enumerate(view['shared'], 1))}")
        lines.append("")
        for p in range(n):
            marker = "[bold green]▶[/bold green] " if p == turn else "  "
            state = ("[magenta]blind, out of this round[/magenta]" if view["locked"][p]
                     else "[yellow]said Yessir![/yellow]" if view["passed"][p] else "")
            lines.append(f"{marker}{_who(p, seat):<14} luck {die(view['luck'][p])}  "
                         f"{_mat(view['wins'][p], view['rounds_to_win'])}  {state}".rstrip())
        lines += recent_moves(view.get("log"), "This round",
                              lambda p, move: f"{_who(p, seat)}: {_move(move)}")
        if seat is not None and not view["is_over"]:
            lines.append("")
            if view["dice"] is None:
                lines.append("Your dice: [magenta]blind[/magenta] (rerolled without looking; revealed at the end "
                             "of the round)")
            else:
                hand = view["shared"] + view["dice"]
                lines.append(f"Your dice: {dice(view['dice'])}   your hand: [bold]"
                             f"{describe(hand, rules['tiebreak_sum'])}[/bold]")
        if view["is_over"]:
            lines.append("[bold]The match is over.[/bold]")
        elif view["phase"] == "pip":
            d = view["pip_die"]
            lines.append(f"[bold]Shared die {d + 1} came up {view['shared'][d]} again:[/bold] keep it, or move it "
                         f"one pip up or down (6 and 1 wrap round).")
        elif turn is not None:
            lines.append(f"[bold]{'Your turn' if turn == seat else f'Seat {turn} to play'}[/bold]: reroll (a, b, c), "
                         f"say Yessir! (d) or reroll blind and sit out (e)")
        return "\n".join(lines)

    def action_label(self, action_text: str, view: dict) -> str:
        seat = view["seat"]
        luck = view["luck"][seat] if seat is not None else view["luck"][view["current_player"]]
        top = view["rules"]["luck_max"]
        shared = view["shared"]
        if action_text in ("a1", "a2", "a3"):
            i = int(action_text[1]) - 1
            return f"reroll shared die {i + 1} (now {shared[i]}) · luck {luck} → {luck - 1}"
        if action_text == "b":
            return f"reroll all three shared dice · luck {luck} → {luck - 2}"
        if action_text == "c":
            return f"reroll your two dice and look · luck {luck} → {luck - 2}"
        if action_text == "d":
            return "[bold yellow]Yessir![/bold yellow] (pass)"
        if action_text == "e":
            return f"reroll your dice blind and sit out this round · luck {luck} → {min(luck + 1, top)}"
        d = view.get("pip_die")
        if d is not None:
            face = shared[d]
            if action_text == "keep":
                return f"keep the {face}"
            if action_text == "up":
                return f"move it up to {face % 6 + 1}"
            if action_text == "down":
                return f"move it down to {(face - 2) % 6 + 1}"
        return action_text

    def hand_summary(self, view: dict) -> str | None:
        result = view.get("last_round")
        if not result:
            return None
        seat = view["seat"]
        winner = result["winner"]
        lines = [f"[bold]Round {result['round']} revealed.[/bold] Shared dice: {dice(result['shared'])}"]
        for p in result["ranking"]:
            place = result["places"][p]
            note = " [bold green]wins the round[/bold green]" if p == winner else (
                " [yellow]tied for best: no winner[/yellow]" if p in result["tied"] else "")
            lines.append(f"  {place}. {_who(p, seat):<14} {dice(result['dice'][p])}   "
                         f"{result['descriptions'][p]}{note}")
        if winner is None:
            lines.append("Nobody wins this round: the best hands tie.")
        lines.append("Round wins: " + ", ".join(f"seat {p}: {w}" for p, w in enumerate(result["wins"]))
                     + " · luck: " + ", ".join(f"seat {p}: {v}" for p, v in enumerate(result["luck"])))
        return "\n".join(lines)

    def match_summary(self, view: dict) -> str:
        winners = view["winners"]
        seat = view["seat"]
        names = ", ".join(_who(w, seat) for w in winners) or "nobody"
        lines = [f"[bold]Match over after {view['round']} round{'s' if view['round'] != 1 else ''}.[/bold] "
                 f"Winner: [bold green]{names}[/bold green]"]
        for p in sorted(range(view["players"]), key=lambda q: -view["wins"][q]):
            lines.append(f"  {_who(p, seat):<14} {view['wins'][p]} round win{'s' if view['wins'][p] != 1 else ''}")
        return "\n".join(lines)
