"""The search for each game's coached hand (gamenight.core.coach, issue 44): deals from successive seeds, played
as the coach suggests for the learner's seat against the heuristic bots, until one shows every rule the game's
coached hand must show (tests/coach/rule_events.py lists them). The seeds found are pinned in each game's
``coach`` module (``HANDS``) and checked by tests/coach. Thunee at 6 players found none in 600 seeds (the bots never
called there).

Run: ``python experiments/coached_deals.py yaniv --players 3 [--rules french] [--seeds 400] [--start 1]``; prints,
as JSON lines, each seed tried with the rules it did not show, and stops at the first that showed them all (under a
minute for every hand pinned: Thunee's 164 seeds at 4 players took less than 30 seconds on one core).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import gamenight
from gamenight.core.coach import CoachedHand, play_first_hand

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "coach"))
from rule_events import WANTED, Events  # noqa: E402


def shows(hand: CoachedHand) -> set[str]:
    """The rules ``hand`` shows, played as the coach suggests."""
    events = Events(hand.game)
    play_first_hand(hand, hand.make_game().coach(iterations=0).suggest, events)
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
