"""Speed of the Gin Rummy meld solver (gamenight.gin_rummy.melds), the engine's and the bots' hot path.

Random 10- and 11-card hands, each hand new to the solver (its memo is cleared before every measurement,
so sub-hands shared between hands of one pass are the only reuse; ``memo_cleared_every_hand`` clears it
before each hand: the worst case): minimum deadwood of 10 cards, the knock test of 11 cards
(best deadwood after one discard), every best arrangement of 10 cards, and the defender's optimal layoff
against a random knocker's best melds. "meld_rich" hands come from the 20 cards A-5 only, the solver's
worst case (several overlapping melds in nearly every hand). ``main()`` prints one JSON object; run it with the test
environment: ``.venv/bin/python benchmarks/gin_rummy_solver.py``.
"""
from __future__ import annotations

import json
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from gamenight.gin_rummy import melds as M  # noqa: E402


def _hands(n: int, size: int, seed: int, ranks: int = 13) -> list[int]:
    """Random hands from the cards of the lowest ``ranks`` ranks (fewer ranks: far more melds per hand)."""
    rng = random.Random(seed)
    pack = [s * 13 + r for s in range(4) for r in range(ranks)]
    return [M.mask_of(rng.sample(pack, size)) for _ in range(n)]


def _clear() -> None:
    M._DW.clear()
    M._DROP.clear()


def _cold(fn):
    def call(h):
        M._DW.clear()
        M._DROP.clear()
        return fn(h)
    return call


def _rate(fn, items, seconds: float) -> dict:
    _clear()
    done = 0
    start = time.perf_counter()
    while True:
        for h in items:
            fn(h)
        done += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
        _clear()  # keep every pass cold
    return {"hands": done, "seconds": round(elapsed, 3), "hands_per_second": round(done / elapsed)}


def run(seconds: float = 2.0) -> dict:
    ten = _hands(20000, 10, 1)
    eleven = _hands(20000, 11, 2)
    rich_ten = _hands(20000, 10, 4, ranks=5)
    rich_eleven = _hands(20000, 11, 5, ranks=5)
    rng = random.Random(3)
    pairs = []
    while len(pairs) < 5000:
        deck = list(range(52))
        rng.shuffle(deck)
        knocker = M.mask_of(deck[:10])
        melds = M.best_arrangement(knocker)
        if melds:
            pairs.append((M.mask_of(deck[10:20]), melds))
    report = {
        "python": platform.python_version(),
        "deadwood_10_cards": _rate(M.deadwood, ten, seconds),
        "deadwood_11_cards": _rate(M.deadwood, eleven, seconds),
        "knock_test_11_cards": _rate(M.deadwood_after_discard, eleven, seconds),
        "meld_rich_deadwood_10_cards": _rate(M.deadwood, rich_ten, seconds),
        "meld_rich_knock_test_11_cards": _rate(M.deadwood_after_discard, rich_eleven, seconds),
        "memo_cleared_every_hand": {
            "deadwood_10_cards": _rate(_cold(M.deadwood), ten, seconds),
            "knock_test_11_cards": _rate(_cold(M.deadwood_after_discard), eleven, seconds),
            "meld_rich_deadwood_10_cards": _rate(_cold(M.deadwood), rich_ten, seconds),
            "meld_rich_knock_test_11_cards": _rate(_cold(M.deadwood_after_discard), rich_eleven, seconds),
        },
        "best_arrangements_10_cards": _rate(M.best_arrangements, ten, seconds),
        "best_layoff_10_cards": _rate(lambda p: M.best_layoff(p[0], list(p[1])), pairs, seconds),
    }
    return report


def main(argv: list[str] | None = None) -> int:
    seconds = float(argv[0]) if argv else 2.0
    print(json.dumps(run(seconds), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
