"""The search for each game's coached hand (gamenight.core.coach, issue 44): deals from successive seeds, played
as the coach suggests for the learner's seat against the heuristic bots, until one shows every rule the game's
coached hand must show (tests/coach/rule_events.py lists them). The seeds found are pinned in each game's
``coach`` module (``COACHED_HANDS``) and checked by tests/coach.

Run: ``python experiments/coached_deals.py yaniv --players 3 [--rules french] [--seeds 400]``; prints each seed
that shows everything, and the rules each near miss showed, as JSON lines.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import gamenight
from gamenight.core.coach import SUGGESTION_SEED, CoachedHand, play_first_hand

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "coach"))
from rule_events import WANTED, Events  # noqa: E402


def shows(hand: CoachedHand) -> set[str]:
    game = hand.make_game()
    heuristic = gamenight.make_bot("heuristic", game)

    def learner(view: Any, legal: list[Any]) -> Any:
        return heuristic.choose(view, legal, random.Random(SUGGESTION_SEED))

    events = Events(hand.game)
    play_first_hand(hand, learner, events)
    return events.seen


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--rules", default=None)
    parser.add_argument("--seeds", type=int, default=400)
    parser.add_argument("--start", type=int, default=1)
    args = parser.parse_args()
    rules = args.rules or gamenight.make(args.game, players=args.players).rules.preset
    for seed in range(args.start, args.start + args.seeds):
        hand = CoachedHand(args.game, args.players, rules, seed)
        seen = shows(hand)
        missing = WANTED[args.game] - seen
        print(json.dumps({"seed": seed, "missing": sorted(missing)}), flush=True)
        if not missing:
            return


if __name__ == "__main__":
    main()
