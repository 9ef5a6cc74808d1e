"""Each game's bots against a population of opponents their search does not assume, and the levels' ladder.

The search bots' rollouts play every other seat as the game's ``heuristic`` would, so measuring them against that
heuristic alone flatters them. Here each game's ``heuristic``, ``strong`` and ``expert`` play each member of a
population: the project's other bots (``random``, ``casual``, Gin's ``simple``) and the heuristic in other styles
(``heuristic:cautious``, ``:reckless``, ``:early``, ``:late``; ``gamenight.bots.styles``, each game's heuristic says
what they mean there), besides the default heuristic. Then the ladder: each level of
``gamenight.bots.levels.ladder_bots`` against the next (Beginner < Casual < Strong < Expert: ``random``,
``casual`` or Gin's ``simple``, ``heuristic``, ``expert``), and whether each step holds.

As ``gamenight tournament`` does: every deal (seeds ``seed .. seed + deals - 1``) is played in both seatings, the
measured bot in the even seats, then in the odd ones (at Thunee a team each), so the luck of the cards and of the
seat cancels; the bots' generator comes from the deal and the seating alone. Reported for the measured bot: the
decided hands it won (a hand is won by the one score sheet column with the best points; ties and hands nobody
scored are undecided) with a 95% Wilson interval, its match wins with theirs, and where each score sheet column is
one bot its points a hand against the opponent's (at Yaniv fewer is better: the sign is turned, so more is better
everywhere). A result ``holds`` when the interval of the measured bot's decided hands lies above one half, and is
``significant`` when it lies above or below. Decided hands of one match are not independent draws, so the hands'
interval is a little narrow. A step of the ladder is judged by matches, what decides who is the better player at a
table (at Gin a bot that waits for gin wins fewer hands and more points): it holds (``matches_hold``) when the
interval of the stronger level's share of the matches lies above one half. With several measured bots, each after
the first is compared with it on the same deals in the same seatings against each opponent (``paired_with_the_first``:
the matches it did better and worse in, the difference of the shares with a 95% interval, the sign test, and the
difference of the two bots' shares of decided hands, which issue 45's targets read), far more sensitive than two
rows' intervals.

``--iterations N`` sets the ``expert``'s budget (rollouts per decision) and the ``strong``'s to a quarter of it, as
their defaults are (100 and 25 at Gin); left out they search at their own budgets (about a second a move: slow).

    python benchmarks/population.py --games gin_rummy --deals 20 --iterations 30 --workers 2 --json out.json

`make bench` runs it with a small budget (``--deals 2 --iterations 4 --bots heuristic,expert``) to show it works;
docs/bots.md, "Against opponents it was not built for", gives measured runs and their command lines. Standard
library only; prints a table per game to stderr and one JSON object to stdout.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gamenight  # noqa: E402
from gamenight.bots.levels import ladder_bots  # noqa: E402
from gamenight.bots.styles import STYLES  # noqa: E402
from gamenight.core.match import play_match  # noqa: E402
from gamenight.tournament import (  # noqa: E402
    column_bot,
    hand_winner,
    mean_interval,
    pair_score,
    seatings,
    sign_test,
    wilson_interval,
)

#: the table each game is measured at by default (Thunee's smallest team table)
PLAYERS = {"gin_rummy": 2, "yaniv": 2, "yessir": 2, "thunee": 4}
MEASURED = ("heuristic", "strong", "expert")
SEARCH = ("strong", "expert")


def population(game: str) -> list[str]:
    """The opponents of ``game``'s bots: its other simple bots, the heuristic, and the heuristic in every style."""
    others = [b for b in gamenight.bots_by_level(game) if b not in ("heuristic", *SEARCH)]
    return others + ["heuristic"] + [f"heuristic:{style}" for style in STYLES if style != "default"]


def make_bot(spec: str, game: Any, iterations: int | None) -> Any:
    """``name`` or ``heuristic:STYLE``; a search bot at ``iterations`` (the expert's; the strong's a quarter)."""
    name, _, style = spec.partition(":")
    options: dict[str, Any] = {"style": style} if style else {}
    if name in SEARCH and iterations is not None:
        options["iterations"] = iterations if name == "expert" else max(1, iterations // 4)
    return gamenight.make_bot(name, game, **options)


class Match(NamedTuple):
    """One match of a pair: ``pair[0]`` is the measured bot; ``seats`` who plays each seat."""
    game: str
    players: int
    rules: str | None
    pair: tuple[str, str]
    seed: int
    rotation: int
    iterations: int | None

    def seats(self) -> tuple[str, ...]:
        return seatings(*self.pair, self.players)[self.rotation]


def play(match: Match) -> dict[str, Any]:
    """Play ``match``: the pair's shares of the win, decided hands won, and points margins where columns are bots."""
    rules = json.loads(match.rules) if match.rules and match.rules.startswith("{") else match.rules
    game = gamenight.make(match.game, players=match.players, rules=rules)
    seats = match.seats()
    bots = [make_bot(spec, game, match.iterations) for spec in seats]
    rng = random.Random(f"gamenight-population/{match.seed}/{match.rotation}")
    state = play_match(game, bots, match.seed, bot_rng=rng)
    columns = state.sheet_columns()
    owners = [column_bot(seats, column) for column in columns]
    winners = [hand_winner(row["points"], state.SHEET_LOW_WINS) for row in state.sheet]
    won = [None if w is None else owners[w] for w in winners]
    return {"pair": list(match.pair), "seed": match.seed, "rotation": match.rotation,
            "score": pair_score(state.returns(), seats, match.pair),
            "hands_won": [won.count(bot) for bot in match.pair], "decided": len(won) - won.count(None),
            "hands": len(winners), "margins": margins(state, owners, match.pair)}


def margins(state: Any, owners: Sequence[str | None], pair: Sequence[str]) -> list[float]:
    """Each hand's points of the measured bot's columns less the opponent's (mean per column; turned at Yaniv,
    where fewer is better); none when a column mixes both bots or a bot has no column of its own."""
    if None in owners or set(owners) != set(pair):
        return []
    sign = -1 if state.SHEET_LOW_WINS else 1
    out = []
    for row in state.sheet:
        sides = [[p for p, owner in zip(row["points"], owners) if owner == bot and p is not None] for bot in pair]
        if all(sides):
            out.append(sign * (sum(sides[0]) / len(sides[0]) - sum(sides[1]) / len(sides[1])))
    return out


def schedule(game: str, players: int, rules: str | None, pairs: Sequence[tuple[str, str]], deals: int, seed: int,
             iterations: int | None) -> list[Match]:
    return [Match(game, players, rules, pair, seed + n, rotation, iterations)
            for pair in pairs for n in range(deals) for rotation in (0, 1)]


def summary(pair: tuple[str, str], results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The measured bot's (``pair[0]``) figures over the pair's matches."""
    mine = [r for r in results if tuple(r["pair"]) == pair]
    wins = sum(r["score"][0] for r in mine)
    won = sum(r["hands_won"][0] for r in mine)
    decided = sum(r["decided"] for r in mine)
    points = [m for r in mine for m in r["margins"]]
    hands = interval(won, decided)
    return {"bot": pair[0], "opponent": pair[1], "matches": len(mine), "wins": wins,
            "match_ci95": interval(wins, len(mine)), "hands_won": won, "decided_hands": decided,
            "hand_rate": round(won / decided, 4) if decided else None, "hands_ci95": hands,
            "significant": hands[0] > 0.5 or hands[1] < 0.5, "holds": hands[0] > 0.5,
            "matches_hold": interval(wins, len(mine))[0] > 0.5,
            "points_a_hand": round(sum(points) / len(points), 2) if points else None}


def compared(bot: str, first: str, opponent: str, results: Sequence[dict[str, Any]],
             rates: dict[tuple[str, str], float | None]) -> dict[str, Any]:
    """``bot``'s matches against ``opponent`` compared with ``first``'s on the same deals in the same seatings (the
    same cards, the same opponent): the matches it did better in and worse in (its share of the win against
    ``first``'s; in single hands, the hand), the mean difference of the shares with a 95% interval, the exact sign
    test's p-value, and the difference of the two bots' shares of decided hands against ``opponent`` (``rates``).
    Far more sensitive than two rows' intervals: a deal both play alike counts for nothing."""
    def scores(of: str) -> dict[tuple[int, int], float]:
        return {(r["seed"], r["rotation"]): r["score"][0] for r in results if tuple(r["pair"]) == (of, opponent)}
    mine, theirs = scores(bot), scores(first)
    diffs = [mine[k] - theirs[k] for k in mine if k in theirs]
    mean, low, high = mean_interval(diffs)
    better, worse = sum(1 for d in diffs if d > 0), sum(1 for d in diffs if d < 0)
    rate, first_rate = rates[(bot, opponent)], rates[(first, opponent)]
    return {"bot": bot, "against": first, "opponent": opponent, "matches": len(diffs), "better": better,
            "worse": worse, "difference": round(mean, 4), "ci95": [round(low, 4), round(high, 4)],
            "sign_test_p": round(sign_test(better, worse), 4),
            "hand_rate_difference": None if rate is None or first_rate is None else round(rate - first_rate, 4)}


def interval(wins: float, n: int) -> list[float]:
    low, high = wilson_interval(wins, n) if n else (0.0, 1.0)
    return [round(low, 4), round(high, 4)]


def ladder(game: str) -> list[tuple[str, str]]:
    """Each level of the ladder against the one below it, the stronger first (``gamenight.bots.levels.ladder_bots``:
    Gin's Random is below its Beginner, and the quick expert no step of it: both left out)."""
    levels = ladder_bots(game)
    return [(stronger, weaker) for weaker, stronger in zip(levels, levels[1:])]


def run(matches: Sequence[Match], workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [play(m) for m in matches]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(play, matches, chunksize=1)


def line(s: dict[str, Any]) -> str:
    rate = "-" if s["hand_rate"] is None else f"{s['hand_rate']:.1%}"
    low, high = s["hands_ci95"]
    points = "" if s["points_a_hand"] is None else f", {s['points_a_hand']:+.2f} points a hand"
    mark = "" if s["holds"] else "  (not significant)" if not s["significant"] else "  (significantly below one half)"
    return (f"  {s['bot']:>9} vs {s['opponent']:<19} hands {s['hands_won']}/{s['decided_hands']} {rate} "
            f"({low:.1%}-{high:.1%}), matches {s['wins']:g}/{s['matches']}{points}{mark}")


def measure_game(game: str, args: argparse.Namespace) -> dict[str, Any]:
    players = args.players or PLAYERS[game]
    bots = [b for b in args.bots.split(",") if b]
    opponents = args.opponents.split(",") if args.opponents else population(game)
    pairs = [(b, o) for b in bots for o in opponents if b != o]
    steps = ladder(game) if args.ladder else []
    start = time.perf_counter()
    played = list(dict.fromkeys(pairs + steps))   # a ladder step may be a population pair too: played once
    results = run(schedule(game, players, args.rules, played, args.deals, args.seed, args.iterations), args.workers)
    out = {"game": game, "players": players, "rules": args.rules, "deals": args.deals, "seeds": [args.seed,
           args.seed + args.deals - 1], "iterations": args.iterations,
           "population": [summary(p, results) for p in pairs], "ladder": [summary(p, results) for p in steps],
           "seconds": round(time.perf_counter() - start, 1)}
    rates = {(s["bot"], s["opponent"]): s["hand_rate"] for s in out["population"]}
    out["paired_with_the_first"] = [compared(b, bots[0], o, results, rates) for b in bots[1:] for o in opponents
                                    if o not in (b, bots[0])]
    print(f"{game}, {players} players, {args.deals} deals x 2 seatings, expert budget "
          f"{args.iterations or 'its own'}:", file=sys.stderr)
    for s in out["population"]:
        print(line(s), file=sys.stderr)
    for c in out["paired_with_the_first"]:
        print(f"  {c['bot']:>9} vs {c['opponent']:<19} on the same deals as {c['against']}: better in "
              f"{c['better']}, worse in {c['worse']} of {c['matches']} matches ({c['difference']:+.1%}, "
              f"{c['ci95'][0]:+.1%} to {c['ci95'][1]:+.1%}; sign test p = {c['sign_test_p']})", file=sys.stderr)
    if out["ladder"]:
        print(" the ladder, by matches:", file=sys.stderr)
    for s in out["ladder"]:
        print(line(s) + ("  step holds" if s["matches_hold"] else "  step not shown"), file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="gin_rummy,yaniv,thunee,yessir")
    parser.add_argument("--bots", default=",".join(MEASURED), help="the measured bots (default: %(default)s)")
    parser.add_argument("--opponents", default="", help="comma-separated (default: the game's population)")
    parser.add_argument("--deals", type=int, default=10, help="deals per pair, each in both seatings")
    parser.add_argument("--seed", type=int, default=50000, help="the first deal's seed")
    parser.add_argument("--iterations", type=int, default=None, help="the expert's budget (strong: a quarter)")
    parser.add_argument("--players", type=int, default=None, help="default: 2, Thunee 4")
    parser.add_argument("--rules", default=None,
                        help="a rules preset, or a JSON object of options (default: the game's rules)")
    parser.add_argument("--no-ladder", dest="ladder", action="store_false", help="leave the ladder out")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default=None, help="also write the JSON to this file")
    args = parser.parse_args(argv if argv is not None else [])
    report = {"games": [measure_game(game, args) for game in args.games.split(",")]}
    text = json.dumps(report, indent=1)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
