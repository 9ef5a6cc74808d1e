"""What the opponent's shown choices say about its Gin Rummy hand: how much less often a real hand makes a meld with
a card its holder left on the pile or threw away than a world's hand does, the factors ``inference.CHOICE_WEIGHTS``.

Matches are played between members of a population (``--bots``: the heuristic in each style and ``simple``, each
match a pair of them in turn); at some of each seat's draws and discards (one in ``--every``) every choice the
opponent has shown this hand (``inference.shown_choices``: a card left on the pile or thrown away, and how many cards
it has drawn since) is checked against the opponent's real hand and against ``--worlds`` worlds dealt from the
seat's view and refined by deadwood alone (``inference.refine`` without choices): does the hand hold two cards
that make a meld with it (``inference.fits``)? Printed as JSON:

* ``fits``: for each kind and band of draws since (``0:b`` a card left, ``1:b`` one thrown), the share of real hands
  and of dealt ones that fit, and their ratio (plus one half on each count): the factor a world's hand is weighed by
  for each such choice it fits (``inference.CHOICE_WEIGHTS``); ``loose:d``: the same for a hand holding a loose card
  worth more than a card thrown ``d`` draws ago (``inference.LOOSE_WEIGHTS``);
* ``by_opponent``: the same ratios for each population member as the opponent (so the factors are not one bot's);
* ``right``: the share of the opponent's unknown cards a world gives him: dealt uniformly, refined by deadwood,
  refined by deadwood and choices (``inference.refine``).

Run: ``python experiments/gin_rummy_choices.py [--matches 200]`` (a few minutes on 2 cores).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import defaultdict
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.gin_rummy import inference  # noqa: E402
from gamenight.gin_rummy.melds import VALUES  # noqa: E402

POPULATION = ("heuristic", "heuristic:cautious", "heuristic:reckless", "heuristic:early", "heuristic:late", "simple")
LOOSE_DRAWS = 3   # the loose card above a throw is measured for throws with up to 2 draws since
Count = dict[str, list[int]]   # key -> [real fits, real total, dealt fits, dealt total]


def make(spec: str, game: Any) -> Any:
    name, _, style = spec.partition(":")
    return gamenight.make_bot(name, game, **({"style": style} if style else {}))


def position(game: Any, state: Any, seat: int, worlds: int, rng: random.Random, counts: Count, right: list[int],
             opponent: str) -> None:
    view = state.view(seat)
    opp = 1 - seat
    real = state.hands[opp]
    unknown = real & ~state.known[opp]
    choices = inference.shown_choices(view)
    dealt = []
    right[0] += unknown.bit_count() * worlds
    for _ in range(worlds):
        world = game.sample_state(view, rng)
        right[1] += (world.hands[opp] & unknown).bit_count()
        refined = inference.refine(view, world.clone(), rng, choices=False)
        right[2] += (refined.hands[opp] & unknown).bit_count()
        dealt.append(refined.hands[opp])
        right[3] += (inference.refine(view, world, rng).hands[opp] & unknown).bit_count()
    for card, kind, draws in choices:
        band = inference.draws_band(draws)
        tests = [(f"{kind}:{band}", lambda hand, card=card: inference.fits(card, hand))]
        if kind == inference.THROWN and draws < LOOSE_DRAWS:
            above = inference.ABOVE[VALUES[card]]
            tests.append((f"loose:{draws}", lambda hand, above=above: inference.loose_card(hand & above, hand)))
        for name, test in tests:
            for key in (name, f"{opponent} {name}"):
                c = counts[key]
                c[0] += test(real)
                c[1] += 1
                c[2] += sum(test(hand) for hand in dealt)
                c[3] += len(dealt)


def match(seed: int, pair: tuple[str, str], every: int, worlds: int) -> tuple[Count, list[int]]:
    game = gamenight.make("gin_rummy")
    bots = [make(spec, game) for spec in pair]
    state = game.new(seed=seed)
    rng = random.Random(seed)
    counts: Count = defaultdict(lambda: [0, 0, 0, 0])
    right = [0, 0, 0, 0]
    while not state.is_over:
        seat = state.current_player
        if state.view(seat)["phase"] in ("draw", "discard") and rng.randrange(every) == 0:
            position(game, state, seat, worlds, rng, counts, right, pair[1 - seat])
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return dict(counts), right


def ratio(c: list[int]) -> dict[str, Any]:
    real, dealt = (c[0] + 0.5) / (c[1] + 1), (c[2] + 0.5) / (c[3] + 1)
    return {"real": round(c[0] / c[1], 4) if c[1] else None, "dealt": round(c[2] / c[3], 4) if c[3] else None,
            "n": c[1], "ratio": round(real / dealt, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=61000)
    parser.add_argument("--every", type=int, default=7, help="one position in this many is sampled")
    parser.add_argument("--worlds", type=int, default=4, help="worlds dealt per position")
    parser.add_argument("--bots", default=",".join(POPULATION))
    args = parser.parse_args()
    bots = args.bots.split(",")
    pairs = [(bots[i % len(bots)], bots[(i // len(bots)) % len(bots)]) for i in range(args.matches)]
    jobs = [(args.seed + i, pairs[i], args.every, args.worlds) for i in range(args.matches)]
    with Pool(os.cpu_count() or 1) as pool:
        results = pool.starmap(match, jobs)
    total: Count = defaultdict(lambda: [0, 0, 0, 0])
    right = [0, 0, 0, 0]
    for counts, r in results:
        for key, c in counts.items():
            total[key] = [a + b for a, b in zip(total[key], c)]
        right = [a + b for a, b in zip(right, r)]
    print(json.dumps({
        "matches": args.matches, "seed": args.seed,
        "fits": {k: ratio(c) for k, c in sorted(total.items()) if " " not in k},
        "by_opponent": {k: ratio(c)["ratio"] for k, c in sorted(total.items()) if " " in k},
        "right": {"uniform": round(right[1] / right[0], 4), "deadwood": round(right[2] / right[0], 4),
                  "deadwood and choices": round(right[3] / right[0], 4)},
    }, indent=1))


if __name__ == "__main__":
    main()
