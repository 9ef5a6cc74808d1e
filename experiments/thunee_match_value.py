"""Train Thunee's match value (``gamenight.thunee.value``): a team's chance to win the match from a hand's start.

The expert's rollouts end with the hand; what the hand's end is worth depends on the match: the balls each team
still needs, and who deals (the team behind keeps the deal, and the trumper sits at the dealer's right). This learns
it from play, at a table of ``--players`` (2, 4 or 6; two teams, seats of one parity each) on the standard rules
(a match to 12 balls); each table has its own weights (``value.WEIGHTS``).

1. **Starts.** Every score a hand can start from (each team's balls, 0..11) and each dealer: 576 starts at four,
   288 at two, 864 at six (``starts``).
2. **Matches.** From each start ``--matches`` matches are played to their end (``game.new(seed, deal=...)`` sets
   the balls and the dealer; the seed deals the cards), by the heuristic in every seat, and one match in
   ``--mixed`` with one team the heuristic in a style of the population: the bots the expert's rollouts play.
   Every hand a match starts (the first, and each after a hand that changed the score) gives a row for each team:
   the balls it and the other need, whether it deals, and whether it won the match.
3. **Split by match**: the last fifth of each start's matches are held out.
4. **Models** (NumPy, ``gin_rummy_value.Net`` with one output, on ``value.FEATURE_NAMES``): a logistic regression
   and one hidden layer of ``--hidden`` tanh units, each on a quarter, a half and all of the training matches,
   against the table of each start's share of wins in the training matches (what a lookup would ship) and a
   constant. Rows of one hand start share their features, so the cross-entropy over the rows is that over the
   starts, each weighed by its rows: each fit is ``--steps`` steps of Adam over all the starts at once. The learning
   curve (train and held-out log-loss) goes to ``--curve`` (CSV); the network on all of them to ``--out``.

5. **Compared** (``--compare N``): in N heuristic matches (seeds from 900, up to 12 decisions with a choice each,
   from a score drawn for each match), the expert with the value and without it (the blend and a fixed floor:
   ``Settings.relative_floor`` off; ``--iterations`` rollouts, the same generator) each choose; where they differ,
   both moves are played in the same ``--worlds`` worlds to the end of the match (the expert's worlds and rollout
   players, each world's result the match's: won 1, lost 0): the value's move less the other's. With ``--against M``
   the expert as it is, at ``--iterations`` and at M rollouts; ``--first`` the first match (for runs side by side).

Run (about 11 minutes of play on the 2-core development machine, a minute of fitting)::

    python experiments/thunee_match_value.py --matches 200 --data thunee_value.npz \
        --out src/gamenight/thunee/value_weights.json --curve docs/thunee_match_value_curve.csv

NumPy is needed here only: the package evaluates the shipped weights in pure Python.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from functools import cache
from itertools import product
from typing import Any

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, HERE)

import gamenight  # noqa: E402
from gamenight.thunee import value  # noqa: E402
from gin_rummy_value import Net, make, play_all, write_fit  # noqa: E402
from yessir_match_value import compare, curve_point, stored  # noqa: E402

POPULATION = ("heuristic:cautious", "heuristic:reckless", "heuristic:early", "heuristic:late")
TARGET = 12   # the standard match: 12 balls

Start = tuple[tuple[int, int], int]   # (balls, dealer)
Row = tuple[tuple[int, int], int]     # a hand's start: the balls still needed by team 0 and team 1, the dealer's team


@cache
def starts(players: int) -> tuple[Start, ...]:
    """Every score a hand can start from at a table of ``players`` on the standard rules, and each dealer (worked
    out once a table: every match reads its start from it)."""
    return tuple(((b0, b1), dealer) for b0, b1, dealer in product(range(TARGET), range(TARGET), range(players)))


def play(job: tuple[int, int, int, int, int]) -> tuple[int, list[Row], float]:
    """Match ``number`` from start ``index`` at a table of ``players``, seed ``seed``, one in ``mixed`` with a team
    in a style: (number, every hand start it went through, team 0's result: 1 won or 0 lost)."""
    players, index, number, seed, mixed = job
    balls, dealer = starts(players)[index]
    rng = random.Random(f"thunee-value/{seed}")
    game = gamenight.make("thunee", players=players)
    bots = [make("heuristic", game) for _ in range(players)]
    if mixed and rng.randrange(mixed) == 0:
        team, style = rng.randrange(2), rng.choice(POPULATION)
        for seat in range(team, players, 2):
            bots[seat] = make(style, game)
    state = game.new(seed=seed, deal={"balls": list(balls), "dealer": dealer})
    seen: list[Row] = []
    while not state.is_over:
        here = ((TARGET - state.balls[0], TARGET - state.balls[1]), state.dealer % 2)
        if not seen or seen[-1] != here:
            seen.append(here)
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions(), rng))
    return number, seen, state.returns()[0]


def rows(start: Row, won: float) -> list[tuple[tuple[int, int, int], float]]:
    """A hand start's two rows, team 0's and team 1's: the balls the team and the other need, whether it deals
    (``value.features`` reads them), and its result."""
    (n0, n1), dealer_team = start
    return [((n0, n1, int(dealer_team == 0)), won), ((n1, n0, int(dealer_team == 1)), 1.0 - won)]


def generate(players: int, matches: int, seed: int, workers: int, mixed: int) -> dict[str, np.ndarray]:
    """Every start's ``matches`` matches at a table of ``players``, a row for each team at each hand start: ``x``
    the balls the team and the other need and whether it deals, ``y`` its result, ``start`` the start's number and
    ``match`` the match's."""
    jobs = [(players, i, n, seed + i * matches + n, mixed) for i in range(len(starts(players)))
            for n in range(matches)]
    played = play_all(play, jobs, workers, 100)
    x, y, group, number = [], [], [], []
    for (_, i, *_), (n, seen, won) in zip(jobs, played):
        for here in seen:
            for key, result in rows(here, won):
                x.append(key)
                y.append(result)
                group.append(i)
                number.append(n)
    return {"x": np.array(x), "y": np.array(y), "start": np.array(group), "match": np.array(number)}


def cells(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct hand starts among the rows ``x`` (needs, other needs, deals), each one's share of wins in ``y``
    and its share of the rows."""
    keys, where = np.unique(x, axis=0, return_inverse=True)
    where = where.ravel()
    counts = np.bincount(where)
    return keys, np.bincount(where, weights=y) / counts, counts / counts.sum()


def encode(keys: np.ndarray) -> np.ndarray:
    """The network's features (``value.FEATURE_NAMES``) of each hand start."""
    return np.array([value.features((int(a), int(b)), bool(d)) for a, b, d in keys])


def fit(data: dict[str, np.ndarray], matches: int, hidden: int, steps: int,
        seed: int) -> tuple[list[dict[str, Any]], Net]:
    """The learning curve and the network fit on every training match. Every row of a hand start has the same
    features, so the cross-entropy over the rows is that over the starts, each weighed by its rows: each fit is
    ``steps`` steps of Adam over the few hundred starts at once."""
    x, y, number = data["x"], data["y"], data["match"]
    train_matches = int(matches * 0.8)
    held = number >= train_matches
    held_x = encode(x[held])
    curve: list[dict[str, Any]] = []
    final = None
    for width in (0, hidden):
        for share in (4, 2, 1):
            train = ~held & (number < train_matches // share)
            keys, shares, weights = cells(x[train], y[train])
            features = encode(keys)
            rng = np.random.default_rng(seed)
            net = Net(features, width, rng, outputs=1)
            net.fit(features, shares[:, None], steps, rng, lr=0.01, batch=len(keys), l2=0.0, weights=weights)
            curve.append(curve_point(data, train, held, width, train_matches // share,
                                     net.predict(encode(x[train]))[:, 0], net.predict(held_x)[:, 0]))
            print(json.dumps(curve[-1]), file=sys.stderr)
            if width and share == 1:
                final = net
    assert final is not None
    return curve, final


def begin(game: Any) -> Callable[[int], Any]:
    """How ``--compare`` begins its matches: match ``seed`` from a start drawn for it, dealt from seed 900 + seed."""
    table = starts(game.num_players)

    def new(seed: int) -> Any:
        balls, dealer = random.Random(f"compare/{seed}").choice(table)
        return game.new(seed=900 + seed, deal={"balls": list(balls), "dealer": dealer})
    return new


def weights_file(players: int) -> str:
    """Where the package keeps the weights of a table of ``players`` (``value.WEIGHTS``)."""
    return os.path.join(HERE, "..", "src", "gamenight", "thunee", value.WEIGHTS[players])


def curve_name(players: int) -> str:
    """The learning curve's file of a table of ``players``, named after its weights (``value_weights_2.json``:
    docs/thunee_match_value_curve_2.csv; the four's, without a number)."""
    suffix = value.WEIGHTS[players].removeprefix("value_weights").removesuffix(".json")
    return os.path.join(HERE, "..", "docs", f"thunee_match_value_curve{suffix}.csv")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=sorted(value.WEIGHTS), help="the table")
    parser.add_argument("--matches", type=int, default=100, help="matches from each start")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mixed", type=int, default=3, help="one match in MIXED with a team in a style (0: none)")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--steps", type=int, default=20000, help="Adam's steps over the starts in each fit")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", help="the matches' file (.npz): read if it exists, else written")
    parser.add_argument("--out", help="the weights (default: the table's, value.WEIGHTS, in the package)")
    parser.add_argument("--curve", help="the learning curve (default: docs/, named after the table's weights)")
    parser.add_argument("--compare", type=int, default=0, metavar="MATCHES",
                        help="only compare the expert's choices with the value and without it (see 5.)")
    parser.add_argument("--iterations", type=int, default=150, help="the experts' rollouts in --compare")
    parser.add_argument("--against", type=int, help="--compare the expert at --iterations with itself at AGAINST")
    parser.add_argument("--first", type=int, default=0, help="the first match --compare plays")
    parser.add_argument("--worlds", type=int, default=1000, help="the worlds a --compare decision is played in")
    args = parser.parse_args(argv)
    if args.compare:
        game = gamenight.make("thunee", players=args.players)
        print(json.dumps(compare(args.compare, args.iterations, args.worlds, game, begin(game), args.first,
                                 args.against)))
        return 0
    out, curve_file = args.out or weights_file(args.players), args.curve or curve_name(args.players)
    start = time.perf_counter()
    data = stored(args.data, lambda: generate(args.players, args.matches, args.seed, args.workers, args.mixed))
    print(f"{len(data['x'])} rows in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    curve, net = fit(data, args.matches, args.hidden, args.steps, args.seed)
    write_fit(curve, net.export(value.FEATURE_NAMES),
              {"command": " ".join(["python experiments/thunee_match_value.py", *argv]),
               "players": args.players, "matches_a_start": args.matches, "starts": len(starts(args.players)),
               "rows": len(data["x"]), "seed": args.seed,
               "held_out_log_loss": curve[-1]["held_out_log_loss"]}, curve_file, out)
    print(f"done in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
