"""Gin Rummy's bots against RLCard's gin-rummy novice rule model, its decisions made by RLCard's own code.

RLCard's engine plays other rules than any gamenight preset (no first upcard to pass, the dealer's opponent starting
with 11 cards, its own scoring), so the two engines cannot be kept in lockstep as OpenSpiel's can
(``gin_rummy_outside_peers.py``). Here the hand is gamenight's (the ``openspiel`` preset: knock 10, gin 25, undercut
25, one hand a deal, as there) and RLCard's ``GinRummyNoviceRuleAgent`` (rlcard 1.2.0) plays one seat through an
adapter: at each of that seat's decisions it is given the observation RLCard's environment would give it, built
from the seat's view alone (its five planes of 52 cards: the hand, the top of the discard pile, the other discards,
the opponent's known cards, the unknown ones) and the legal moves as RLCard's action ids, and the action it returns
is played. The agent itself: it goes gin when it can, else knocks when it can (a knock card drawn at random among the
legal ones), else discards a card leaving the least deadwood (one at random among equals); every other decision is
a uniformly random legal action, which at a draw is the stock or the discard, and at the first upcard (gamenight's
take or pass, which RLCard's rules do not have) take or pass. Its random choices use NumPy's generator, seeded from
the hand's seed before each decision, so every hand replays. What RLCard scores by itself, the knocker's melds and
the defender's layoffs and melds, the seat plays as gamenight's ``heuristic`` does (the best play the view offers).
gin in gamenight is a knock that leaves no deadwood: RLCard's ``gin`` action is offered when one is legal, and
played as the first such knock.

Every deal (seeds ``seed .. seed + deals - 1``) is played from both seats. Reported as the OpenSpiel benchmark
reports: the decided hands the gamenight bot won with a 95% Wilson interval, its points a hand, the time a decision,
and every bot after the first compared with the first on the same hands (``paired``). It needs RLCard
(``pip install rlcard==1.2.0``; `make bench` runs it in its own environment)::

    python benchmarks/gin_rummy_rlcard_novice.py --bots heuristic,expert --deals 100 --iterations 400
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from collections import OrderedDict
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gamenight  # noqa: E402
from gamenight.core.cards import CARD_NAMES  # noqa: E402
from gamenight.core.game import Action  # noqa: E402
from gamenight.core.views import View  # noqa: E402
from gin_rummy_outside_peers import arguments, make_ours, print_report, summary  # noqa: E402

#: RLCard 1.2.0's action ids (``rlcard.games.gin_rummy.utils.action_event``): a card's id is gamenight's card number
#: (both order the cards spades, hearts, diamonds, clubs, each ace to king)
DRAW_CARD, PICK_UP_DISCARD, GIN, DISCARD, KNOCK = 2, 3, 5, 6, 58
CARD_NUMBER = {name: number for number, name in enumerate(CARD_NAMES)}


class Novice:
    """RLCard's novice rule agent in one seat of gamenight's engine: ``choose(view, legal, rng)`` as every bot."""

    def __init__(self, game: Any, np: Any, agent: Any):
        self.np = np
        self.agent = agent
        self.scorer = gamenight.make_bot("heuristic", game)   # lays what RLCard's engine lays by itself

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        moves = self.rlcard_moves(view, legal)
        if not moves:
            return self.scorer.choose(view, legal, rng)
        self.np.random.seed(rng.getrandbits(32))
        chosen = int(self.agent.step({"obs": self.observation(view), "legal_actions": OrderedDict.fromkeys(moves)}))
        return moves[chosen]

    @staticmethod
    def rlcard_moves(view: View, legal: list[Action]) -> dict[int, Action]:
        """The seat's legal moves RLCard's agent chooses among, by RLCard's action id (none after a knock)."""
        texts = {str(a): a for a in legal}
        if view["phase"] in ("upcard", "draw"):
            moves = {PICK_UP_DISCARD: texts["take"]} if "take" in texts else {}
            for declining in ("draw", "pass"):
                if declining in texts:
                    moves[DRAW_CARD] = texts[declining]
            return moves
        if view["phase"] != "discard":
            return {}
        left = view["discard_deadwood"] or {}
        moves = {}
        for text, action in texts.items():
            if text.startswith("knock "):
                card = text.split()[1]
                if left.get(card) == 0:
                    moves.setdefault(GIN, action)   # a knock leaving no deadwood is gin
                else:
                    moves[KNOCK + CARD_NUMBER[card]] = action
            elif text in CARD_NUMBER:
                moves[DISCARD + CARD_NUMBER[text]] = action
            else:                                    # big gin: all eleven cards melded
                moves.setdefault(GIN, action)
        return moves

    def observation(self, view: View) -> Any:
        """RLCard's five planes (``GinRummyEnv._extract_state``) from the seat's view."""
        planes = self.np.zeros((5, 52), dtype=int)
        pile = view["discard_pile"]
        known = view["known"][1 - view["seat"]]
        for name in view["hand"]:
            planes[0][CARD_NUMBER[name]] = 1
        if pile:
            planes[1][CARD_NUMBER[pile[-1]]] = 1
        for name in pile[:-1]:
            planes[2][CARD_NUMBER[name]] = 1
        for name in known:
            planes[3][CARD_NUMBER[name]] = 1
        planes[4] = 1 - planes[0] - planes[1] - planes[2] - planes[3]
        return planes


def play_hand(spec: str, seed: int, our_seat: int, iterations: int | None, novice: Any) -> dict[str, Any]:
    """One hand: the gamenight bot ``spec`` in ``our_seat``, RLCard's novice in the other."""
    game = gamenight.make("gin_rummy", rules="openspiel")
    ours = make_ours(spec, game, iterations)
    theirs = novice(game)
    state = game.new(seed=seed)
    rng = random.Random(f"gamenight-rlcard/{seed}/{our_seat}")
    their_rng = random.Random(f"gamenight-rlcard-novice/{seed}/{our_seat}")
    thinking = [0.0, 0]
    while not state.is_over:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if seat == our_seat:
            start = time.process_time()
            move = ours.choose(view, legal, rng)
            if len(legal) > 1:
                thinking[0] += time.process_time() - start
                thinking[1] += 1
        else:
            move = theirs.choose(view, legal, their_rng)
        state.apply(move)
    points = state.sheet[-1]["points"] if state.sheet else [0, 0]
    mine, other = points[our_seat] or 0, points[1 - our_seat] or 0
    return {"seed": seed, "seat": our_seat, "won": None if mine == other else mine > other, "margin": mine - other,
            "thinking": thinking[0], "decisions": thinking[1]}


def measure(spec: str, deals: int, seed: int, iterations: int | None, novice: Any) -> dict[str, Any]:
    start = time.perf_counter()
    hands = [play_hand(spec, seed + n, s, iterations, novice) for n in range(deals) for s in (0, 1)]
    return summary(spec, "rlcard novice", hands, hands, start)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv, __doc__.splitlines()[0])
    try:
        import numpy as np
        from rlcard.models.gin_rummy_rule_models import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
            GinRummyNoviceRuleAgent,
        )
    except ImportError as e:
        print(json.dumps({"missing": f"{e}; install rlcard (see this script's docstring)"}))
        return 0

    def novice(game: Any) -> Novice:
        return Novice(game, np, GinRummyNoviceRuleAgent())

    report = [measure(spec, args.deals, args.seed, args.iterations, novice) for spec in args.bots.split(",")]
    for r in report:
        print(f"  {r['bot']} vs RLCard's novice: {r['won']}/{r['decided']} decided hands "
              f"({r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}), {r['points_a_hand']} points a hand, "
              f"{r['seconds_a_decision']} s a decision", file=sys.stderr)
    print_report(report, args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
