"""Gin Rummy's bots against an opponent nobody here wrote: OpenSpiel's simple gin bot, each deciding in its own engine.

The two engines are kept in lockstep over one hand (gamenight's ``openspiel`` preset, OpenSpiel's ``gin_rummy``
with its default parameters: knock 10, gin 25, undercut 25): gamenight deals from the deal's seed and OpenSpiel's
chance nodes are given the same cards (seat 0's ten, seat 1's ten, the upcard, then each card drawn from the stock
as gamenight drew it). Each move is made in the mover's own engine by its own bot, from that engine's state for
OpenSpiel's bot and from the seat's view for gamenight's, and translated into the other engine: a draw, a take, a
pass, a discard; a knock (OpenSpiel: knock, then the card) ; the knocker's melds (OpenSpiel lays runs of 3 to 5
cards: a longer run is laid as two); the defender's layoffs (OpenSpiel takes them before the defender's melds, as
gamenight's bots lay them) and melds; the last ``done``/pass. After every move both engines must show the same
hands, else the hand is counted as *diverged* and left out (the rules differ in rare hands: docs/games/gin_rummy.md,
the ``openspiel`` preset, G8 and G9). The hand's result is gamenight's score sheet; OpenSpiel's returns are checked
against it (``agree``).

Every deal (seeds ``seed .. seed + deals - 1``) is played from both seats. Reported: the decided hands the
gamenight bot won with a 95% Wilson interval, and its points a hand (the hand's score for the winner, against the
loser). It needs OpenSpiel (``pip install open-spiel``; `make bench` runs it in its own environment)::

    python benchmarks/gin_rummy_outside_peers.py --bots heuristic,expert --deals 100 --iterations 40

``expert:valueD`` is the expert with Gin's learned value ending its rollouts D actions after the move
(``gin_rummy.value``; docs/bots.md, "Gin's learned value"). The time a decision takes, where the bot had more
than one legal move, is reported too. Every bot after the first is also compared with the first on the same hands
(``paired``): the hands only one of them won, the difference with a 95% interval and a sign test, since two bots
that mostly play alike cannot be told apart by their rows' intervals alone.

RLCard's gin-rummy novice rule model is not played here: its rules differ from every gamenight preset (no first
upcard to pass: the dealer's opponent starts with 11 cards; its own scoring), so it cannot be kept in lockstep on
the same hand. ``gin_rummy_rlcard_novice.py`` plays it in gamenight's engine instead, its decisions made by RLCard's
code from the seat's view.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any, Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.bots.search import SearchBot  # noqa: E402
from gamenight.core.cards import CARD_NAMES  # noqa: E402
from gamenight.gin_rummy.bots import EXPERT, expert_with_ranked_rollouts, expert_with_value  # noqa: E402
from gamenight.tournament import mean_interval, sign_test, wilson_interval  # noqa: E402

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56


class Diverged(Exception):
    """The two engines no longer agree (a move one refuses, or other hands)."""


class Lockstep:
    """One hand in both engines."""

    def __init__(self, pyspiel: Any, seed: int):
        self.game = gamenight.make("gin_rummy", rules="openspiel")
        self.ours = self.game.new(seed=seed)
        self.os_game = pyspiel.load_game("gin_rummy")
        self.theirs = self.os_game.new_initial_state()
        self.utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        self.os_card = {self.utils.card_string(c): c for c in range(52)}
        self.our_card = {c: CARD_NAMES.index(self.utils.card_string(c)) for c in range(52)}
        self._deal()

    # ---- cards ----------------------------------------------------------------------------------------------
    def hand(self, seat: int) -> set[str]:
        """A seat's hand as gamenight's view shows it (the referee reads both seats)."""
        return set(self.ours.view(seat)["hand"] or ())

    def os_hand(self, seat: int) -> set[str]:
        return {self.utils.card_string(c) for c in self.theirs.hands()[seat]}

    def _deal(self) -> None:
        view = self.ours.view(0)
        for seat in (0, 1):
            for name in sorted(self.hand(seat)):
                self.theirs.apply_action(self.os_card[name])
        self.theirs.apply_action(self.os_card[view["discard_pile"][-1]])
        self.check()

    def check(self) -> None:
        if any(self.hand(s) != self.os_hand(s) for s in (0, 1)):
            raise Diverged("hands differ")

    # ---- moves ----------------------------------------------------------------------------------------------
    def apply_ours(self, text: str) -> None:
        try:
            self.ours.apply(text)
        except Exception as e:   # a move gamenight refuses: the rules differ here
            raise Diverged(f"gamenight refuses {text}: {e}") from e

    def apply_theirs(self, action: int) -> None:
        if action not in self.theirs.legal_actions():
            raise Diverged(f"OpenSpiel refuses {self.theirs.action_to_string(action)}")
        self.theirs.apply_action(action)

    def draw_from_stock(self, seat: int) -> None:
        """gamenight draws; OpenSpiel's chance node gets the same card."""
        before = self.hand(seat)
        self.apply_ours("draw")
        self.apply_theirs(DRAW_STOCK)
        (card,) = self.hand(seat) - before
        self.theirs.apply_action(self.os_card[card])

    def meld_text(self, cards: list[int]) -> str:
        return "meld " + "+".join(CARD_NAMES[self.our_card[c]] for c in cards)

    def os_melds(self, names: list[str]) -> list[int]:
        """OpenSpiel's meld actions for a gamenight meld: a run of more than 5 cards as two runs."""
        cards = sorted(self.os_card[n] for n in names)
        pieces = [cards] if len(cards) <= 5 else [cards[:3], cards[3:]] if len(cards) <= 8 else [cards[:5], cards[5:]]
        return [MELD_BASE + self.utils.meld_to_int(piece) for piece in pieces]


def ours_move(step: Lockstep, bot: Any, seat: int, rng: random.Random, thinking: list[Any]) -> None:
    """gamenight's bot moves in its engine; the move is made in OpenSpiel's (``thinking``: the seconds and the
    decisions with more than one legal move so far, added to)."""
    state = step.ours
    legal = state.legal_actions()
    start = time.perf_counter()
    action = bot.choose(state.view(seat), legal, rng)
    if len(legal) > 1:
        thinking[0] += time.perf_counter() - start
        thinking[1] += 1
    text = str(action)
    phase = state.view(seat)["phase"]
    if text == "draw":
        step.draw_from_stock(seat)
        return
    step.apply_ours(text)
    if text == "take":
        step.apply_theirs(KNOCK if phase == "wall" else DRAW_UPCARD)
    elif text == "pass":
        step.apply_theirs(PASS)
    elif text.startswith("knock "):
        if len(step.theirs.hands()[seat]) == 11 and step.theirs.legal_actions() and \
                KNOCK in step.theirs.legal_actions():
            step.apply_theirs(KNOCK)
        step.apply_theirs(step.os_card[text.split()[1]])
    elif text.startswith("meld "):
        if phase == "defend" and not step.theirs.finished_layoffs():
            step.apply_theirs(PASS)
        for meld in step.os_melds(text.split()[1].split("+")):
            step.apply_theirs(meld)
    elif text.startswith("layoff "):
        step.apply_theirs(step.os_card[text.split()[1]])
    elif text == "done":
        while not step.theirs.is_terminal() and step.theirs.current_player() == seat:
            step.apply_theirs(PASS)
    else:
        step.apply_theirs(step.os_card[text])


def theirs_move(step: Lockstep, bot: Any, seat: int) -> None:
    """OpenSpiel's bot moves in its engine; the move is made in gamenight's."""
    os_state = step.theirs
    phase = str(os_state.current_phase()).split(".")[-1]
    finished = os_state.finished_layoffs()
    action = bot.step(os_state)
    if action == DRAW_STOCK:
        step.draw_from_stock(seat)
        return
    step.apply_theirs(action)
    if action == DRAW_UPCARD:
        step.apply_ours("take")
    elif action == KNOCK:
        if phase == "WALL":
            step.apply_ours("take")
        card = bot.step(step.theirs)
        step.apply_theirs(card)
        step.apply_ours(f"knock {step.utils.card_string(card)}")
    elif action == PASS:
        pass_move(step, phase, finished)
    elif action >= MELD_BASE:
        cards = step.utils.int_to_meld[action - MELD_BASE]
        step.apply_ours(step.meld_text(list(cards)))
    elif phase == "LAYOFF":
        name = step.utils.card_string(action)
        legal = {str(a) for a in step.ours.legal_actions()}
        step.apply_ours(f"layoff {name} set" if f"layoff {name} set" in legal else f"layoff {name} run")
    else:
        step.apply_ours(step.utils.card_string(action))


def pass_move(step: Lockstep, phase: str, finished_layoffs: bool) -> None:
    """OpenSpiel's pass, in gamenight: the first upcard's or the wall's pass; the knocker's last move, and the
    defender's after his melds, ``done``; the defender's pass that ends his layoffs has no move of its own there."""
    if phase in ("FIRST_UPCARD", "WALL"):
        step.apply_ours("pass")
    elif phase == "KNOCK" or finished_layoffs:
        step.apply_ours("done")


def play_hand(pyspiel: Any, spec: str, seed: int, our_seat: int, iterations: int | None,
              maker: Callable[[Lockstep, int], Any] | None = None) -> dict[str, Any]:
    """One hand: the gamenight bot ``spec`` (a name, or ``heuristic:STYLE``) in ``our_seat``, OpenSpiel's simple bot
    in the other. ``maker`` (an experiment's) makes our bot from the hand's ``Lockstep`` and our seat instead."""
    step = Lockstep(pyspiel, seed)
    ours = maker(step, our_seat) if maker else make_ours(spec, step.game, iterations)
    theirs = pyspiel.make_simple_gin_rummy_bot(step.os_game.get_parameters(), 1 - our_seat)
    rng = random.Random(f"gamenight-outside/{seed}/{our_seat}")
    thinking = [0.0, 0]    # seconds, decisions (with a choice to make)
    try:
        while not step.ours.is_over:
            seat = step.ours.current_player
            if seat == our_seat:
                ours_move(step, ours, seat, rng, thinking)
            else:
                theirs_move(step, theirs, seat)
            if not step.ours.is_over:
                step.check()
    except Diverged as e:
        return {"seed": seed, "seat": our_seat, "diverged": str(e)}
    return {**result(step, our_seat, seed), "thinking": thinking[0], "decisions": thinking[1]}


def make_ours(spec: str, game: Any, iterations: int | None) -> Any:
    """The gamenight bot ``spec``: a name, ``heuristic:STYLE``, ``expert:valueD`` (the expert with the learned
    value ending its rollouts D actions after the move, ``gin_rummy.bots.expert_with_value``) or ``expert:ranked``
    (its rollouts playing the learned ranking's surest discards, ``expert_with_ranked_rollouts``)."""
    name, _, style = spec.partition(":")      # a styled heuristic: heuristic:early
    if name == "expert" and style == "ranked":
        return SearchBot(game, expert_with_ranked_rollouts(iterations or EXPERT.iterations))
    if name == "expert" and style.startswith("value"):
        settings = expert_with_value(int(style[len("value"):] or 0), iterations or EXPERT.iterations)
        return SearchBot(game, settings)
    options: dict[str, Any] = {"style": style} if style else {}
    if iterations is not None and name in ("expert", "strong"):
        options["iterations"] = iterations
    return gamenight.make_bot(name, game, **options)


def result(step: Lockstep, our_seat: int, seed: int) -> dict[str, Any]:
    row = step.ours.sheet[-1] if step.ours.sheet else None
    points = list(row["points"]) if row else [0, 0]
    mine, other = points[our_seat] or 0, points[1 - our_seat] or 0
    winner = None if mine == other else our_seat if mine > other else 1 - our_seat
    os_returns = step.theirs.returns() if step.theirs.is_terminal() else None
    os_winner = None if not os_returns or os_returns[0] == os_returns[1] else int(os_returns[1] > os_returns[0])
    return {"seed": seed, "seat": our_seat, "won": winner == our_seat if winner is not None else None,
            "margin": mine - other, "agree": os_winner == winner}


def measure(pyspiel: Any, spec: str, deals: int, seed: int, iterations: int | None) -> dict[str, Any]:
    start = time.perf_counter()
    hands = [play_hand(pyspiel, spec, seed + n, s, iterations) for n in range(deals) for s in (0, 1)]
    played = [h for h in hands if "diverged" not in h]
    return {**summary(spec, "openspiel simple", hands, played, start), "diverged": len(hands) - len(played),
            "results_agree": sum(1 for h in played if h["agree"]),
            "divergences": sorted({h["diverged"].split(":")[0] for h in hands if "diverged" in h})[:5]}


def summary(spec: str, opponent: str, hands: list[dict[str, Any]], played: list[dict[str, Any]],
            start: float) -> dict[str, Any]:
    """The bot ``spec``'s row against ``opponent`` (this benchmark's and the others against outside opponents):
    every hand's result in order (``won_by_hand``, None where undecided or left out), the decided hands of those
    ``played`` to the end and how many it won with a 95% Wilson interval, its points a hand, the seconds since
    ``start`` and its CPU seconds a decision."""
    decided = [h for h in played if h["won"] is not None]
    won = sum(1 for h in decided if h["won"])
    low, high = wilson_interval(won, len(decided)) if decided else (0.0, 1.0)
    return {"bot": spec, "opponent": opponent, "hands": len(hands), "won_by_hand": [h.get("won") for h in hands],
            "decided": len(decided), "won": won, "rate": round(won / len(decided), 4) if decided else None,
            "ci95": [round(low, 4), round(high, 4)],
            "points_a_hand": round(sum(h["margin"] for h in played) / len(played), 2) if played else None,
            "seconds": round(time.perf_counter() - start, 1),
            "seconds_a_decision": round(sum(h["thinking"] for h in played)
                                        / max(1, sum(h["decisions"] for h in played)), 4)}


def paired(bot: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """``bot``'s result against ``base``'s on the same hands (each deal from each seat, the same cards and the same
    opponent): the hands only one of them won (of those both finished and both decided), the difference in the
    share of hands won with a 95% interval (the hands' paired differences), and the exact two-sided sign test's
    p-value on the hands won by one only. Far more sensitive than comparing two rows' intervals: a hand both bots
    play alike counts for nothing."""
    pairs = [(a, b) for a, b in zip(bot["won_by_hand"], base["won_by_hand"]) if a is not None and b is not None]
    only_bot = sum(1 for a, b in pairs if a and not b)
    only_base = sum(1 for a, b in pairs if b and not a)
    mean, low, high = mean_interval([int(a) - int(b) for a, b in pairs])
    return {"bot": bot["bot"], "against": base["bot"], "hands": len(pairs), "won_only_by_bot": only_bot,
            "won_only_by_other": only_base, "difference": round(mean, 4), "ci95": [round(low, 4), round(high, 4)],
            "sign_test_p": round(sign_test(only_bot, only_base), 4)}


def print_report(report: list[dict[str, Any]], args: argparse.Namespace) -> None:
    """Every bot's result after the first compared with the first's on the same hands (``paired``), each said on
    stderr; then the whole report as JSON on stdout."""
    compared = [paired(r, report[0]) for r in report[1:]]
    for c in compared:
        print(f"  {c['bot']} against {c['against']} on the same hands: won {c['won_only_by_bot']} that it did not, "
              f"lost {c['won_only_by_other']} that it won ({c['difference']:+.1%}, {c['ci95'][0]:+.1%} to "
              f"{c['ci95'][1]:+.1%}; sign test p = {c['sign_test_p']})", file=sys.stderr)
    print(json.dumps({"deals": args.deals, "seed": args.seed, "iterations": args.iterations, "results": report,
                      "paired_with_the_first": compared}, indent=1))


def arguments(argv: list[str] | None, description: str) -> argparse.Namespace:
    """The options of this benchmark and of the others against outside opponents: the bots, the deals, the budget."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--bots", default="heuristic,expert")
    parser.add_argument("--deals", type=int, default=2, help="deals, each played from both seats (default 2)")
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--iterations", type=int, default=4, help="the search bots' budget (default 4: a check)")
    return parser.parse_args(argv if argv is not None else [])


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv, __doc__.splitlines()[0])
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError as e:
        print(json.dumps({"missing": f"{e}; install open-spiel (see this script's docstring)"}))
        return 0
    report = [measure(pyspiel, spec, args.deals, args.seed, args.iterations) for spec in args.bots.split(",")]
    for r in report:
        print(f"  {r['bot']} vs OpenSpiel's simple bot: {r['won']}/{r['decided']} decided hands "
              f"({r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}), {r['points_a_hand']} points a hand, "
              f"{r['diverged']} of {r['hands']} hands diverged, {r['seconds_a_decision']} s a decision",
              file=sys.stderr)
    print_report(report, args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
