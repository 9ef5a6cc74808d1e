"""Thunee in the terminal: the seat's hand by suit, the trick on the table with who played what, trump once
shown, the call and the trumper, both teams' card points, Jodi and balls, prompts that say what the moment is
for, and an end-of-hand summary with the scoring line.

Every fact comes from the view (docs/games/thunee.md, "Views"): the teams, the counting team, what is known of
trump, the hand in its order. This module only words and draws them, in the terminal's language (``t``/``nt``:
the words are looked up when drawn, since the language is chosen after this module is imported)."""
from __future__ import annotations

from ..console import escape, nt, said, t
from .cards import card_markup, cards_markup
from .generic import GenericRenderer, Record, ViewData, described_for

_SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_RECENT = 10

View = ViewData


def _suit_name(suit: str) -> str:
    name = {"s": t("spades"), "h": t("hearts"), "d": t("diamonds"), "c": t("clubs")}[suit]
    text = f"{_SUIT_SYMBOLS[suit]} {name}"
    return f"[red]{text}[/red]" if suit in "hd" else text


def _call_name(call: str) -> str:
    """A special call's name (``thunee``, ``blind royals``, ``double``...) as the table says it."""
    names = {"thunee": t("Thunee"), "royals": t("Royals"), "blind thunee": _capitalized(t("Blind thunee")),
             "blind royals": _capitalized(t("Blind royals")), "trip": t("Trip"), "mooney": t("Mooney"),
             "double": t("Double"), "kanak": t("Kanak")}
    return names.get(call, call.title())


def _capitalized(name: str) -> str:
    """``Blind Thunee``: the catalog's name of a call (in sentence case, as the browser shows it) with each word
    capitalized, as the terminal names calls."""
    return " ".join(word[:1].upper() + word[1:] for word in name.split(" "))


def _team_name(view: View, team: int) -> str:
    seats = view["teams"][team]
    if len(seats) == 1:
        return t("seat {seat}", seat=seats[0])
    return t("team {seats}", seats="+".join(str(s) for s in seats))


def _team_of(view: View, seat: int) -> int:
    return 0 if seat in view["teams"][0] else 1


def _who(p: int, seat: int | None) -> str:
    name = t("seat {seat}", seat=p)
    return t("{name} (you)", name=name) if p == seat else name


def _move(move: Record) -> str:
    """A move (the engine's record of it), after the seat that made it."""
    kind = move["kind"]
    if kind == "pass":
        return f"[dim]{t('pass')}[/dim]"
    if kind == "redeal":
        return f"[yellow]{t('demanded a redeal (weak hand)')}[/yellow]"
    if kind == "call":
        return f"[bold]{t('called {amount}', amount=move['amount'])}[/bold]"
    if kind == "trump" and move["card"] is None:
        return t("laid the trump card face down")
    if kind == "trump_last":
        return t("took the last card dealt as trump")
    if kind == "trump":
        return t("laid {card} face down as trump", card=card_markup(move["card"]))
    if kind == "jodi":
        return f"[bold magenta]{t('declared Jodi {cards}', cards=escape('+'.join(move['melds'])))}[/bold magenta]"
    if kind == "double":
        return t("{call} and led {card}", call=_cry("double"), card=card_markup(move["card"]))
    if kind == "kanak":
        return t("{call} and played {card}", call=_cry("kanak"), card=card_markup(move["card"]))
    if kind == "special":
        return _cry(move["call"])
    return t("played {card}", card=card_markup(move["card"]))


def _cry(call: str) -> str:
    """``Thunee!``, ``Double!``: a special call as it is cried out."""
    return f"[bold yellow]{t('{call}!', call=_call_name(call))}[/bold yellow]"


def _prompt(view: View) -> str:
    """What the player to move is asked to do now (the rules the moment asks about are the engine's
    ``rule_notes``)."""
    notes = view.get("rule_notes") or {}
    prompts = {
        "weak": said(notes.get("weak")),
        "trip": t("declare Trip (no trump, you lead, win the last trick) or pass"),
        "calling": t("call the next amount to choose trump, or pass (a pass is final)"),
        "trump": t("lay one card of your trump suit face down"),
        "blind": t("call Blind Thunee before seeing your last cards, or pass"),
        "special": t("call Thunee (win every trick alone) or pass"),
        "jodi": said(notes.get("jodi")),
        "play": t("play a card (follow suit if you can)"),
    }
    return prompts.get(view["phase"], "")


class Renderer(GenericRenderer):
    def table(self, view: View) -> str:
        lines = _head(view) + _call_and_trump(view) + _points(view) + [""] + _players(view) + _tricks(view)
        lines += _recent_moves(view) + _own_hand(view)
        turn, seat = view["current_player"], view["seat"]
        if view["is_over"]:
            lines.append(f"[bold]{t('The match is over.')}[/bold]")
        elif turn is not None:
            who = t("Your turn") if turn == seat else t("Seat {seat}'s turn", seat=turn)
            lines.append(t("{turn}: {task}", turn=f"[bold]{who}[/bold]", task=_prompt(view)))
        return "\n".join(lines)

    def move_text(self, move: Record) -> str | None:
        return _move(move)

    def action_label(self, action_text: str, view: View, described: Record | None = None) -> str:
        move = described or described_for(view, action_text)
        kind = move["kind"] if move else None
        if move is None:
            return escape(action_text)
        if kind == "pass":
            return t("pass")
        if kind == "trump" and move["card"]:
            return t("trump {card}", card=card_markup(move["card"]))
        if kind == "play":
            return card_markup(move["card"])
        if kind == "call":
            return f"[bold]{t('call {amount}', amount=move['amount'])}[/bold]"
        if kind == "jodi":
            return f"[bold magenta]{t('Jodi')} {escape('+'.join(move['melds']))}[/bold magenta]"
        if kind == "kanak":
            return t("{call} and {card}", call=_cry("kanak"), card=card_markup(move["card"]))
        return _move(move)

    def hand_summary(self, view: View) -> str | None:
        last = view.get("last_hand")
        if not last:
            return None
        seat = view["seat"]
        if last["result"] == "void":
            head = f"[bold]{t('Hand {hand} is void', hand=last['hand'])}[/bold]"
            return t("{head}: {why}. Same dealer deals again.", head=head, why=escape(last["why"]))
        if last["result"] == "redeal":
            head = f"[bold]{t('Hand {hand} redealt', hand=last['hand'])}[/bold]"
            if last.get("shown"):
                return t("{head}: {why} ({cards}).", head=head, why=escape(last["why"]),
                         cards=cards_markup(last["shown"]))
            return t("{head}: {why}.", head=head, why=escape(said(last.get("says"), last["why"])))
        won = [team for team in (0, 1) if last["balls"][team]]
        team = won[0] if won else 0
        balls = last["balls"][team]
        scoring = said(last.get("says"), last["line"])
        lines = [f"[bold]{t('Hand {hand} over.', hand=last['hand'])}[/bold] {escape(scoring)}",
                 "  " + nt("{team} +{n} ball", "{team} +{n} balls", balls, team=_team_name(view, team)) + " → "
                 + " · ".join(f"{_team_name(view, side)} {last['totals'][side]}" for side in (0, 1))]
        if seat is not None and won:
            mine = _team_of(view, seat) == team
            lines[-1] += "  " + (f"[green]{t('(your side)')}[/green]" if mine
                                 else f"[red]{t('(the other side)')}[/red]")
        return "\n".join(lines)

    def match_summary(self, view: View) -> str:
        winners = view["winners"]
        seat = view["seat"]
        team = _team_of(view, winners[0]) if winners else 0
        you = ""
        if seat is not None:
            you = (" " + f"[green]{t('(you win)')}[/green]" if seat in winners
                   else " " + f"[red]{t('(you lose)')}[/red]")
        hands = view["hand_number"]
        scores = " · ".join(f"{_team_name(view, side)} {view['balls'][side]}" for side in (0, 1))
        return (f"[bold]{nt('Match over after {n} hand.', 'Match over after {n} hands.', hands)}[/bold] "
                + t("Winner: {team}{you} · balls {scores}", team=f"[bold green]{_team_name(view, team)}[/bold green]",
                    you=you, scores=scores))


def _head(view: View) -> list[str]:
    balls = view["balls"]
    return [f"[bold]{t('Thunee')}[/bold] · "
            + t("{players} players · hand {hand} · dealer {dealer} · first to {balls} balls",
                players=view["players"], hand=view["hand_number"], dealer=t("seat {seat}", seat=view["dealer"]),
                balls=view["ball_target"]),
            t("Balls: {scores}",
              scores=" · ".join(f"{_team_name(view, side)} [bold]{balls[side]}[/bold]" for side in (0, 1)))]


def _call_and_trump(view: View) -> list[str]:
    seat, special = view["seat"], view["special"]
    if special:
        lines = [t("{call} by {name}", call=f"[bold yellow]{_call_name(special)}[/bold yellow]",
                   name=_who(view["special_seat"], seat))]
    else:
        trumper, counting = _who(view["trumper"], seat), _team_name(view, view["counting_team"])
        if view["bid"]:
            lines = [t("Trumper: {name} (call {bid}) · counting: {team}", name=trumper, bid=view["bid"],
                       team=counting)]
        else:
            lines = [t("Trumper: {name} (no call) · counting: {team}", name=trumper, team=counting)]
    status = view["trump_status"]
    if status == "known":
        card = " " + t("(card {card})", card=card_markup(view["trump_card"])) if view["trump_card"] else ""
        shown = "" if view["trump_shown"] else f" [dim]{t('(only you know)')}[/dim]"
        lines.append(t("Trump: {suit}", suit=f"{_suit_name(view['trump'])}{card}{shown}"))
    elif status == "face_down":
        lines.append(t("Trump: {suit}", suit=f"[dim]{t('face down until the first card is played')}[/dim]"))
    elif status == "none":
        lines.append(t("Trump: {suit}", suit=t("none")))
    return lines


def _points(view: View) -> list[str]:
    seat = view["seat"]
    lines = []
    if view["phase"] in ("play", "jodi") or view["tricks_done"]:
        pts, tricks, jodi = view["card_points"], view["team_tricks"], view["jodi"]
        lines.append(t("Card points: {scores}", scores=" · ".join(
            nt("{team} {points} in {n} trick", "{team} {points} in {n} tricks", tricks[side],
               team=_team_name(view, side), points=pts[side])
            + (f" + {t('Jodi')} {jodi[side]}" if jodi[side] else "") for side in (0, 1))))
    for p, cards, value in view["jodi_declared"]:
        lines.append("  " + t("Jodi by {name}: {cards} = {value}", name=_who(p, seat), cards=cards_markup(cards),
                              value=value))
    return lines


def _players(view: View) -> list[str]:
    seat, turn = view["seat"], view["current_player"]
    lines = []
    for p in range(view["players"]):
        marker = "[bold green]▶[/bold green] " if p == turn else "  "
        notes = []
        if p == view["dealer"]:
            notes.append(t("dealer"))
        if p == view["trumper"] and not view["special"]:
            notes.append(t("trumper"))
        if view["voids"][p]:
            notes.append(t("shown void in {suits}", suits="".join(_SUIT_SYMBOLS[s] for s in view["voids"][p])))
        size = view["hand_sizes"][p]
        lines.append(f"{marker}{_who(p, seat):<14} {nt('{n} card', '{n} cards', size)}"
                     + (f" · {', '.join(notes)}" if notes else ""))
    return lines


def _tricks(view: View) -> list[str]:
    seat = view["seat"]
    lines = []
    if view["trick"] or view["phase"] == "play":
        played = ("  ".join(t("{name}: {move}", name=_who(p, seat), move=card_markup(c)) for p, c in view["trick"])
                  or f"[dim]{t('nothing yet')}[/dim]")
        lines += ["", t("Trick {trick}: {cards}", trick=view["tricks_done"] + 1, cards=played)]
    if view["tricks"]:
        leader, cards, winner = view["tricks"][-1]
        lines.append("[dim]" + t("Last trick ({number}, led by {leader}): {cards} — won by {winner}",
                                 number=len(view["tricks"]), leader=_who(leader, seat),
                                 cards=" ".join(card_markup(c) for c in cards), winner=_who(winner, seat))
                     + "[/dim]")
    return lines


def _recent_moves(view: View) -> list[str]:
    """The hand's moves before play (calls, trump, Thunee), as the seat saw them."""
    log = view.get("log") or []
    if not log or view["phase"] == "play":
        return []
    described = view.get("log_described") or []
    moves = ["  " + t("{name}: {move}", name=_who(entry[0], view["seat"]), move=_move(move))
             for entry, move in list(zip(log, described))[-_RECENT:]]
    return ["", f"[dim]{t('This hand:')}[/dim]"] + moves


def _own_hand(view: View) -> list[str]:
    if view["seat"] is None or view.get("hand") is None:
        return []
    return ["", t("Your hand: {cards}", cards=cards_markup(view["hand"]))]
