"""``gamenight learn``: a first hand with the coach in the terminal, on the game's coached deal (the one the web app's
"Learn to play" deals): at each decision the coach says where the hand stands, what each move of the menu does with
the expert's chance to win the hand after it, and which it suggests; after each of the learner's moves, what it did.
The match goes on after the first hand, the coach still speaking."""
from __future__ import annotations

import random
from typing import Any

from rich.console import Console
from rich.markup import escape

from .. import i18n
from ..core.coach import Advice, Coach, CoachedHand
from ..core.game import Action, Game
from ..core.registry import game_class, make
from ..core.views import View
from .arguments import CliError, LearnOptions
from .console import Reader, language, percent, t
from .keys import keys_ignored
from .play import PlaySession, make_reader, title


def run_learn(args: LearnOptions, input_fn: Reader | None, out: Console) -> int:
    game_cls = game_class(args.game)  # unknown game: RulesError, one line
    if args.iterations is not None and args.iterations < 0:
        raise CliError("--iterations must be 0 (no chances) or more")
    usual = make(args.game)
    counts = usual.coached_players()
    players = args.players if args.players is not None else usual.learning_players()
    if players not in counts:
        raise CliError(f"{title(game_cls)} has a coached hand for {', '.join(map(str, counts))} players, "
                       f"not {players}")
    hand = make(args.game, players=players).coached_hand()
    return CoachedSession(hand, make_reader(input_fn, out), out, args.iterations).run()


class CoachedSession(PlaySession):
    """The play loop on a coached hand, with the coach at the learner's decisions and after their moves."""

    def __init__(self, hand: CoachedHand, read: Reader, out: Console, iterations: int | None = None):
        game = hand.make_game()
        bots = {seat: hand.bots for seat in range(hand.players) if seat != hand.seat}
        super().__init__(game, hand.seat, bots, hand.seed, None, read, out, hints=False)
        self.hand = hand
        self.coach: Coach[Game[Any, Any]] = game.coach(iterations=iterations)
        self.advice: Advice | None = None

    def _bot_chance(self) -> random.Random:
        # the bots decide as the coached hand was chosen with, so the hand shows what it was chosen to
        return self.hand.bot_rng(len(self.state.history))

    def _before_menu(self, view: View, legal: list[Action]) -> None:
        with keys_ignored():   # keys typed while the coach thinks are not echoed over the spinner, nor kept
            if self.out.is_terminal:
                with self.out.status(escape(t("The coach is thinking..."))):
                    self.advice = self.coach.advice(view, legal)
            else:
                self.advice = self.coach.advice(view, legal)
        self.out.print(f"[bold]{escape(t('Coach'))}:[/bold] {escape(_said(self.advice.situation))}")

    def _print_menu(self, legal: list[Action], view: View) -> None:
        """The menu, each move with what it does and its chance as the coach says it, the suggestion marked."""
        advice = self.advice
        if advice is None:
            super()._print_menu(legal, view)
            return
        choices = {choice.action: choice for choice in advice.choices}
        lines = []
        for i, (action, label) in enumerate(self._menu(legal, view), 1):
            choice = choices[str(action)]
            suggested = choice.action == advice.suggested
            mark = f"  [bold]« {escape(t('the coach suggests this'))}[/bold]" if suggested else ""
            lines.append(f"  {i:>2}) {label}{mark}")
            chance = ("" if choice.chance is None else
                      " " + escape(t("(about {percent} to win the hand)", percent=percent(choice.chance / 100))))
            lines.append(f"      [dim]{escape(_said(choice.says))}{chance}[/dim]")
        lines.append(escape(_said(advice.why)))
        self.out.print("\n".join(lines))

    def _after_move(self, before: View) -> None:
        """What the learner's own move did (the others' moves are in the table's log already)."""
        if before["current_player"] != self.seat or not self.state.history:
            return
        said = self.coach.explain(before, self.state.history[-1], self.state.view(self.seat))
        self.out.print(f"[bold]{escape(t('Coach'))}:[/bold] {escape(_said(said))}")
        advice, self.advice = self.advice, None
        if advice is not None and advice.suggested != str(self.state.history[-1]):
            chosen = next(c for c in advice.choices if c.action == advice.suggested)
            self.out.print(escape(_said(i18n.Text("The coach had suggested: {move}.", move=chosen.says))))


def _said(text: i18n.Text) -> str:
    return i18n.render(text, language())
