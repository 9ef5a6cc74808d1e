"""Gin Rummy in the terminal: the seat's hand sorted with its best melds grouped and its deadwood, the upcard,
the stock, the scores, the melds and layoffs on the table once a hand is knocked, and a scoring line at the
end of each hand.

Every fact that takes a rule (the best arrangement, each discard's deadwood, whether the seat may knock, the
defender's best, how a hand was scored) is the engine's, read from the view (gamenight.gin_rummy.views).

Every word a person reads is a t()/nt() template, translated as it is shown (the language is set after import);
card notation, numbers and the engine's score line stay as they are. Markup stays out of the templates: it goes
around a translated text (:func:`_styled`), or comes in as a value."""
from __future__ import annotations

from ..console import escape, nt, said, t
from .cards import card_markup, cards_markup
from .generic import GenericRenderer, Record, ViewData, described_for, recent_moves, seat_name


def _styled(style: str, text: str) -> str:
    """``text`` (a translated text) in a Rich style: ``_styled("bold", t("Gin!"))``."""
    return f"[{style}]{text}[/{style}]"


def _result(result: str) -> str:
    """How a hand ended, in the reader's language (the engine's result names)."""
    results = {"gin": _styled("bold green", t("Gin!")), "big_gin": _styled("bold green", t("Big gin!")),
               "knock": t("knock"), "undercut": _styled("bold yellow", t("undercut!")),
               "draw": t("a draw"), "dead": t("dead hand")}
    return results.get(result, result)


def _dead_reason(reason: str | None) -> str:
    """Why a hand died (the engine's reason names)."""
    reasons = {"stock": t("the stock ran down to two cards"), "wall": t("nobody knocked at the 50th card"),
               "takes": t("the discard pile was taken too often"), "repeat": t("the upcard went back and forth")}
    return reasons.get(reason or "", "")


def _grouped(view: ViewData) -> str:
    """The hand with its best melds in brackets, then the deadwood cards (the view's arrangement)."""
    parts = [_bracket(cards_markup(m)) for m in view["hand_melds"]]
    if view["hand_deadwood_cards"]:
        parts.append(cards_markup(view["hand_deadwood_cards"]))
    return "  ".join(parts) if parts else _styled("dim", "(" + t("no cards") + ")")


def _bracket(markup: str) -> str:
    return "\\[" + markup + "]"


def _who(p: int, seat: int | None) -> str:
    return seat_name(p, seat)


def _laid_off(card: str, target: str) -> str:
    """A card laid off on the knocker's ``target`` (the engine's "set" or "run")."""
    if target == "run":
        return t("{card} on the run", card=card_markup(card))
    if target == "set":
        return t("{card} on the set", card=card_markup(card))
    return f"{card_markup(card)} {escape(target)}"


def _totals(numbers: list[int]) -> dict[str, object]:
    """The two seats and their numbers, as the totals' templates name them."""
    return {"name0": t("seat {number}", number=0), "score0": numbers[0],
            "name1": t("seat {number}", number=1), "score1": numbers[1]}


class Renderer(GenericRenderer):
    def table(self, view: ViewData) -> str:
        seat = view["seat"]
        turn = view["current_player"]
        lines = [_header(view), "", *_seat_lines(view), "", *_pile_lines(view)]
        if view["knocker"] is not None:
            lines += _knock_lines(view)
        lines += recent_moves(view, t("This hand"),
                              lambda p, move: t("{name}: {move}", name=_who(p, seat), move=_move_text(move)))
        if seat is not None and view.get("hand") is not None:
            lines += _hand_lines(view)
        if view["is_over"]:
            lines.append(_styled("bold", t("The match is over.")))
        elif turn is not None and turn == seat:
            your = _styled("bold", t("Your"))
            lines.append(t("{your} turn: {hint}", your=your, hint=_phase_hint(view)))
        elif turn is not None:
            player = _styled("bold", t("Seat {number}", number=turn))
            lines.append(t("{seat} to play: {hint}", seat=player, hint=_phase_hint(view)))
        return "\n".join(lines)

    def move_text(self, move: Record) -> str | None:
        return _move_text(move)

    def action_label(self, action_text: str, view: ViewData, described: Record | None = None) -> str:
        left = view.get("discard_deadwood") or {}  # the deadwood each discard (or knock) would leave
        move = described or described_for(view, action_text)
        kind = move["kind"] if move else None
        if move is None:
            return escape(action_text)
        if kind == "draw":
            return t("draw from the stock ({count})", count=view["stock_size"])
        if kind == "take":
            up = view["discard_pile"][-1] if view["discard_pile"] else None
            return t("take the upcard {card}", card=card_markup(up)) if up else t("take the upcard")
        if kind == "pass":
            return t("let the hand die (pass)") if view["phase"] == "wall" else t("pass the upcard")
        if kind == "done":
            if view["phase"] == "layout":
                return t("done: show the rest as deadwood ({points})", points=view["hand_value"])
            return (t("done: count my deadwood as it stands, {points}", points=view["hand_value"]) + " "
                    + _styled("dim", t("(best play leaves {points})", points=view["defender_best_deadwood"])))
        if kind == "biggin":
            return _styled("bold green", t("declare big gin"))
        if kind == "knock":
            card = move["card"]
            gin = " " + _styled("bold green", t("gin!")) if left.get(card) == 0 else ""
            return t("{knock}, {card} face down (deadwood {points})", knock=_styled("bold yellow", t("knock")),
                     card=card_markup(card), points=left.get(card)) + gin
        if kind == "meld":
            return t("meld {cards}", cards=cards_markup(move["cards"]))
        if kind == "layoff":
            if move["target"] == "run":
                return t("lay off {card} on the run", card=card_markup(move["card"]))
            return t("lay off {card} on the set", card=card_markup(move["card"]))
        if kind == "discard" and move["card"] in left:
            return (t("discard {card}", card=card_markup(move["card"])) + " "
                    + _styled("dim", "(" + t("deadwood {points}", points=left[move["card"]]) + ")"))
        return escape(action_text)

    def hand_order(self, view: ViewData) -> list[str]:
        """The hand as the table shows it: the melds' cards, then the deadwood cards."""
        if view.get("hand") is None:
            return []
        return [card for meld in view["hand_melds"] for card in meld] + list(view["hand_deadwood_cards"])

    def hand_summary(self, view: ViewData) -> str | None:
        last = view.get("last_hand")
        if not last:
            return None
        seat = view.get("seat")
        result = last["result"]
        if result == "dead":
            title = _styled("bold", t("Hand {number} is dead", number=last["hand"]))
            lines = [t("{title}: {reason}. Nobody scores; the same dealer deals again.", title=title,
                       reason=_dead_reason(last.get("reason")))]
        else:
            k = last["knocker"]
            d = 1 - k
            who = _who(k, seat)
            if result == "big_gin":
                ended = t("{name} declared big gin", name=who)
            elif last.get("knock_discard"):
                ended = t("{name} knocked (discarding {card} face down)", name=who,
                          card=card_markup(last["knock_discard"]))
            else:
                ended = t("{name} knocked", name=who)
            lines = [_styled("bold", t("Hand {hand}:", hand=last["hand"])) + f" {ended} — {_result(result)}"]
            for p in (k, d):
                melds = [cards for q, cards in last["melds"] if q == p]
                shown = "  ".join(_bracket(cards_markup(m)) for m in melds) or _styled("dim", t("no melds"))
                dead = last["deadwood_cards"][str(p)]
                points = last["knocker_deadwood"] if p == k else last["defender_deadwood"]
                lines.append(f"  {_who(p, seat):<12} {shown}   "
                             + t("deadwood {cards} = {points}", cards=cards_markup(dead) or "-",
                                 points=_styled("bold", str(points))))
            if last["layoffs"]:
                lines.append("  " + t("laid off: {layoffs}",
                                      layoffs=", ".join(_laid_off(c, target) for c, target in last["layoffs"])))
            scorer = last["scorer"]
            line = said(view.get("last_hand_says"), view["last_hand_score"])
            if scorer is not None:
                lines.append("  " + t("score: {line} = {points} to {name}", line=line,
                                      points=_styled("bold", str(last["points"])), name=_who(scorer, seat)))
            else:
                lines.append("  " + t("score: {line}", line=line))
        lines.append("  " + t("totals: {name0} {score0}, {name1} {score1}", **_totals(last["totals"])))
        return "\n".join(lines)

    def match_summary(self, view: ViewData) -> str:
        winners = view["winners"]
        seat = view.get("seat")
        names = ", ".join(_who(w, seat) for w in winners) or t("nobody")
        over = nt("Match over after {n} hand.", "Match over after {n} hands.", view["hand_number"])
        lines = [_styled("bold", over) + " "
                 + nt("Winner: {names}", "Winners: {names}", len(winners), names=_styled("bold green", names))]
        match = (view.get("last_hand") or {}).get("match")
        if match:
            boxes = match["boxes"]
            shutout = " · " + _styled("bold", t("shutout!")) if match["shutout"] else ""
            lines.append("  " + t("before bonuses: {name0} {score0}, {name1} {score1} · hands won {won0}–{won1}",
                                  won0=boxes[0], won1=boxes[1], **_totals(match["totals_before_bonuses"]))
                         + shutout)
        for p in (0, 1):
            won = "  " + t("winner") if p in winners else ""
            lines.append(f"  {_who(p, seat):<12} " + t("final") + f" {view['scores'][p]:>4}" + won)
        return "\n".join(lines)


def _header(view: ViewData) -> str:
    rules = view["rules"]
    limit = view["knock_limit"]
    knock_text = t("gin only") if limit == 0 else t("knock at {limit} or less", limit=limit)
    parts = [_styled("bold", t("Gin Rummy")), t("hand {number}", number=view["hand_number"]),
             t("dealer seat {number}", number=view["dealer"]), knock_text]
    if not rules.get("single_hand"):
        parts.append(t("to {target}", target=rules.get("game_target")))
    return " · ".join(parts)


def _seat_lines(view: ViewData) -> list[str]:
    seat, turn = view["seat"], view["current_player"]
    lines = []
    for p in (0, 1):
        marker = "[bold green]▶[/bold green] " if p == turn else "  "
        known = view["known"][p]
        known_text = " · " + t("known: {cards}", cards=cards_markup(known)) if known and p != seat else ""
        size = nt("{n} cards", "{n} cards", view["hand_sizes"][p])  # English keeps its "1 cards" of old
        score = t("score {score}", score=_styled("bold", str(view["scores"][p])))
        won = t("hands won {count}", count=view["hands_won"][p])
        lines.append(f"{marker}{_who(p, seat):<12} {size} · {score} · {won}{known_text}")
    return lines


def _pile_lines(view: ViewData) -> list[str]:
    pile = view["discard_pile"]
    if pile:
        earlier = pile[-6:-1]
        upcard = t("Upcard: {card}", card=card_markup(pile[-1]))
        if earlier:
            more = " …" if len(pile) > 6 else ""
            upcard += "   " + _styled("dim", t("below it: {cards}", cards=cards_markup(reversed(earlier))) + more)
    else:
        empty = _styled("dim", "(" + t("discard pile empty") + ")")
        upcard = t("Upcard: {card}", card=empty)
    return [upcard, nt("Stock: {n} cards", "Stock: {n} cards", view["stock_size"])]


def _knock_lines(view: ViewData) -> list[str]:
    """The knock: who, the melds laid by each side, the layoffs and the knocker's deadwood once shown."""
    seat, k = view["seat"], view["knocker"]
    who = _who(k, seat)
    knocked = _styled("bold", t("{name} declared big gin", name=who) if view["big_gin"]
                      else t("{name} knocked", name=who))
    if view.get("knock_discard"):
        knocked = t("{knocked} (face down: {card})", knocked=knocked, card=card_markup(view["knock_discard"]))
    lines = ["", knocked]
    for p in (k, 1 - k):
        melds = [cards for q, cards in view["melds"] if q == p]
        if melds:
            lines.append("  " + t("{name} laid: {melds}", name=_who(p, seat),
                                  melds="  ".join(_bracket(cards_markup(m)) for m in melds)))
    if view["layoffs"]:
        lines.append("  " + t("laid off: {layoffs}",
                              layoffs=", ".join(_laid_off(c, target) for c, target in view["layoffs"])))
    if view["knocker_deadwood"] is not None:
        lines.append("  " + t("knocker's deadwood: {cards} = {points}", cards=cards_markup(view["known"][k]),
                              points=_styled("bold", str(view["knocker_deadwood"]))))
    return lines


def _hand_lines(view: ViewData) -> list[str]:
    """The seat's hand as the engine arranges it, and (11 cards to discard) the best a discard leaves."""
    lines = ["", t("Your hand: {cards}", cards=_grouped(view)) + "   "
             + t("deadwood {points}", points=_styled("bold", str(view["hand_deadwood"])))]
    if view["discard_deadwood"]:
        best = min(view["discard_deadwood"].values())
        note = " · " + _styled("bold yellow", t("you may knock")) if view["can_knock"] else ""
        lines.append("  " + t("best deadwood after a discard: {points}", points=best) + note)
    return lines


def _move_text(move: Record) -> str:
    """A move of the log (the engine's record of it), after the seat that made it."""
    kind = move["kind"]
    if kind == "draw":
        return t("drew from the stock")
    if kind == "take":
        return t("took the upcard")
    if kind == "pass":
        return t("passed")
    if kind == "done":
        return t("done")
    if kind == "biggin":
        return _styled("bold green", t("declared big gin"))
    knocked = _styled("bold yellow", t("knocked"))
    if kind == "knock" and move["card"] is None:
        return t("{knocked} (a card face down)", knocked=knocked)
    if kind == "knock":
        return t("{knocked}, {card} face down", knocked=knocked, card=card_markup(move["card"]))
    if kind == "meld":
        return t("laid {cards}", cards=cards_markup(move["cards"]))
    if kind == "layoff":
        if move["target"] == "run":
            return t("laid off {card} on the run", card=card_markup(move["card"]))
        return t("laid off {card} on the set", card=card_markup(move["card"]))
    return t("discarded {card}", card=card_markup(move["card"]))


def _phase_hint(view: ViewData) -> str:
    phase = view["phase"]
    if phase == "upcard":
        return t("take the first upcard") if view.get("must_take") else t("take the first upcard or pass it")
    if phase == "stock_only":
        return t("both passed the upcard: draw from the stock")
    if phase == "draw":
        return t("draw from the stock or take the upcard")
    if phase == "discard":
        return t("knock (you must)") if view.get("must_knock") else t("discard a card, or knock if you can")
    if phase == "wall":
        return t("two cards left in the stock: take the discard only to knock, or pass")
    if phase == "layout":
        return t("lay out your melds, then done")
    if phase == "defend":
        return t("lay out your melds and lay off onto the knocker's, then done")
    return ""
