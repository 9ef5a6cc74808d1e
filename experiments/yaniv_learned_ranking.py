"""Learned rankings of Yaniv's moves, fit to rollout values in shared worlds.

Issue 45 asks for a learned prior for each game's search. At Gin a ranking of the discards fit to their values in
shared worlds, used as the move the expert's search must beat, lifted the expert over its heuristic against
OpenSpiel's bot (docs/bots.md, "The ranking as the expert's prior"). This is the same for Yaniv, for two decisions
(``--decision``): the group to lay (``groups``) and, after laying, the draw or the card to take (``takes``).

1. **Positions.** Hands of two players (or of the table sizes ``--players`` names, one by each position's seed),
   half of the default rules and half of ``single_round``, the heuristic against a member of ``POPULATION`` in a
   random seat (at a larger table, each other seat a member); one of the heuristic's decisions of that hand where it
   has a choice is picked at random: a discard where it lays a group rather than calling and has another group to
   lay, or a choice between the draw and the takes.
2. **Values.** Every move of the decision is played in the same ``--worlds`` worlds, dealt from the seat's view
   and refined as the expert's are (``yaniv.inference.refine``), each world with one seed for all the moves, the
   heuristic playing every seat to the hand's end: a move's value is its share of the hands won (a shared hand
   counts a half). Shared worlds make the differences between a position's moves far less noisy than their values.
3. **Features** (``gamenight.yaniv.ranking.FEATURE_NAMES`` and ``TAKE_FEATURE_NAMES``), read from the view with the
   heuristic's own measures; at tables of three or more, ``TABLE_FEATURE_NAMES`` too.
4. **Model** (NumPy): one layer of ``--hidden`` tanh units and a linear output, fit by Adam to the values centred by
   position (only the differences between a position's moves count). Judged on the last fifth of the positions,
   held out, by its regret: the best move's value less the value of the move it would play (the heuristic's and a
   simple rule's regrets beside it: the fewest points kept, or after the take), with a learning curve on a quarter
   and a half of the training positions.

5. **Played.** ``--versus N``: the heuristic with its groups, draws and takes chosen by the shipped rankings
   (``RankedHeuristic``) against the heuristic, single rounds of ``N`` deals (from ``--versus-seed``) in
   every seat (a table of ``--players``, the heuristic in every other seat), each also played by the heuristic in
   its place with the same generator: the hands each won, the hands only one of them won, and the measured bot's
   result in each hand. ``--table`` plays the rankings of another table; ``--versus-bot expert`` measures the
   expert, with those rankings as its prior (``--table none``: the heuristic's move to beat).

Run (about 22 minutes of generation for the groups and 13 for the takes on the 2-core machine, a minute of fitting
each, 10 seconds of play)::

    python experiments/yaniv_learned_ranking.py --positions 10000 --worlds 24 --data yaniv_rank.npz \\
        --out src/gamenight/yaniv/ranking_weights.json
    python experiments/yaniv_learned_ranking.py --decision takes --positions 16000 --worlds 24 \\
        --data yaniv_take.npz --out src/gamenight/yaniv/take_weights.json
    python experiments/yaniv_learned_ranking.py --versus 1000                  # --versus-rankings groups or takes: one

At tables of three to six (docs/bots.md, "at tables of three to six")::

    python experiments/yaniv_learned_ranking.py --positions 6000 --worlds 24 --players 3,4,5,6 \\
        --data yaniv_rank_many.npz --out src/gamenight/yaniv/ranking_weights_many.json
    python experiments/yaniv_learned_ranking.py --decision takes --positions 4000 --worlds 24 --players 3,4,5,6 \\
        --data yaniv_take_many.npz --out src/gamenight/yaniv/take_weights_many.json
    python experiments/yaniv_learned_ranking.py --versus 1000 --players 4 --table many

The figures are in docs/bots.md ("A learned ranking of Yaniv's groups, the expert's prior", the take ranking after
it, and the rankings at tables of three to six).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import replace
from functools import partial
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "experiments"))

import gamenight  # noqa: E402
from gamenight.bots.search import MAX_ROLLOUT_ACTIONS, SearchBot  # noqa: E402
from gamenight.tournament import hand_winner  # noqa: E402
from gamenight.yaniv.actions import DRAW, TAKE  # noqa: E402
from gamenight.yaniv.bots import EXPERT, YanivHeuristic, ranked_order  # noqa: E402
from gamenight.yaniv.inference import refine  # noqa: E402
from gamenight.yaniv.ranking import (  # noqa: E402
    FEATURE_NAMES,
    TABLES,
    TAKE_FEATURE_NAMES,
    features,
    measured,
    read_names,
    take_features,
    trained_table,
)
from gin_rummy_learned_ranking import fit, generate, make, shared_values  # noqa: E402
from gin_rummy_value import play_all  # noqa: E402

#: the heuristic's opponents in the positions' hands (the default heuristic twice as often as each other)
POPULATION = ("heuristic", "heuristic", "casual", "heuristic:cautious", "heuristic:reckless", "heuristic:early",
              "heuristic:late")


def groups(legal: list[Any]) -> list[Any]:
    """The groups the seat may lay (every legal move but a call)."""
    return [a for a in legal if a.is_discard]


def takes(legal: list[Any]) -> list[Any]:
    """The draw and the takes, where they are every legal move (no joker swap, no slapdown)."""
    return legal if all(a.kind in (DRAW, TAKE) for a in legal) else []


#: the decisions ranked (``--decision``): the moves of a position to weigh, given the legal ones; the features
DECISIONS = {"groups": (groups, features, FEATURE_NAMES, "least_kept"),
             "takes": (takes, take_features, TAKE_FEATURE_NAMES, "least_points")}


def table_of(tables: tuple[int, ...]) -> str:
    """The rankings (``ranking.TABLES``) trained on positions at ``tables``: ``two`` at two players alone, else
    ``many``."""
    return "two" if tables == (2,) else "many"


def pick_position(seed: int, rng: random.Random, decision: str = "groups",
                  players: int = 2) -> tuple[Any, Any, list[Any], Any] | None:
    """A hand of ``players`` played to its end; one of the heuristic's ``decision`` in it where it has a choice, a
    discard where it lays a group (its game, view, legal moves, choice). At a table of more than two, the heuristic
    sits in a random seat and every other seat is a member of ``POPULATION``."""
    weighed = DECISIONS[decision][0]
    game = gamenight.make("yaniv", players=players, rules="single_round" if seed % 2 else None)
    state = game.new(seed=seed)
    heuristic = YanivHeuristic(game)
    if players == 2:
        bots = [heuristic, make(rng.choice(POPULATION), game)]
        if rng.random() < 0.5:
            bots.reverse()
    else:
        bots = [make(rng.choice(POPULATION), game) for _ in range(players - 1)]
        bots.insert(rng.randrange(players), heuristic)
    me = bots.index(heuristic)
    seen = []
    rows = len(state.sheet)
    while not state.is_over and len(state.sheet) == rows:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if seat == me and len(weighed(legal)) > 1:
            choice = heuristic.choose(view, legal, rng)
            if choice in weighed(legal):
                seen.append((game, view, legal, choice))
        state.apply(bots[seat].choose(view, legal, rng))
    return rng.choice(seen) if seen else None


def rollout(world: Any, move: Any, seat: int, seed: int, policy: YanivHeuristic) -> float:
    """``move`` played in ``world``, then the heuristic for both seats to the hand's end: 1 won, 0.5 shared, 0 lost."""
    rows = len(world.sheet)
    world.apply(move)
    rng = random.Random(seed)
    steps = 0
    while not world.is_over and len(world.sheet) == rows and steps < MAX_ROLLOUT_ACTIONS:
        world.apply(policy.choose(world.view(world.current_player), world.legal_actions(), rng))
        steps += 1
    if len(world.sheet) == rows:
        return 0.5
    row = world.sheet[rows]
    winner = hand_winner(row["points"], world.SHEET_LOW_WINS)
    mine = next(c for c, seats in enumerate(world.sheet_columns()) if seat in seats)
    return 0.5 if winner is None else float(winner == mine)


def position(job: tuple[int, int], decision: str = "groups",
             tables: tuple[int, ...] = (2,)) -> tuple[list[list[float]], list[float], list[float]]:
    """One position's moves of ``decision`` at a table of one of ``tables`` (by the seed): their features, their
    values, and which one the heuristic plays (1.0)."""
    seed, worlds = job
    rng = random.Random(f"yaniv-crn/{seed}" if decision == "groups" else f"yaniv-crn/{decision}/{seed}")
    picked = pick_position(seed, rng, decision, tables[seed % len(tables)])
    if picked is None:
        return [], [], []
    game, view, legal, choice = picked
    weighed, measure = DECISIONS[decision][:2]
    moves = weighed(legal)
    policy = YanivHeuristic(game)
    seat = view["seat"]
    values = shared_values(game, view, moves, worlds, rng, refine,
                           lambda world, move, seed: rollout(world, move, seat, seed, policy))
    ctx = policy.context(view)
    rows = [measured(measure, table_of(tables), policy, move, ctx) for move in moves]
    return rows, values, [1.0 if move == choice else 0.0 for move in moves]


class RankedHeuristic(YanivHeuristic):
    """The heuristic, but where it lays a group and has another to lay, it lays the shipped ranking's favourite, and
    where it may draw or take, it plays the take ranking's favourite (``yaniv.bots.learned_order``, the expert's
    move to beat); only at the ``rankings`` named (``DECISIONS``), elsewhere the heuristic's move. ``table``: the
    rankings of that table (``ranking.TABLES``) whatever the table's size (None: those the expert uses there)."""

    def __init__(self, game: Any, rankings: tuple[str, ...] = tuple(DECISIONS), table: str | None = None):
        super().__init__(game)
        self.rankings = rankings
        self.table = table or trained_table(game.num_players)

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        plain = super().choose(view, legal, rng)
        decision = "groups" if plain.is_discard else "takes"
        return ranked_order(view, legal, plain, self.table)[0] if decision in self.rankings else plain


def measured_bot(bot: str, game: Any, rankings: tuple[str, ...], table: str | None) -> Any:
    """The bot ``--versus`` measures: the heuristic ranked at ``rankings`` (``ranked``), or the ``expert`` with the
    rankings of ``table`` as its prior (``none``: the heuristic's move to beat; None: the expert as it is)."""
    if bot == "ranked":
        return RankedHeuristic(game, rankings, table)
    settings = EXPERT if table is None else replace(
        EXPERT, prior=partial(ranked_order, table=None if table == "none" else table))
    return SearchBot(game, settings)


def duel(job: tuple[int, int, str | None, tuple[str, ...], int, str | None, str]) -> tuple[float, float]:
    """One single round (or the first hand of a match of ``rules``) of the deal ``seed`` at a table of ``players``,
    the measured ``bot`` (``measured_bot``) in ``seat`` and the heuristic in every other, then the same with the
    heuristic in its place: each one's result (1 won, 0.5 shared, 0 lost)."""
    seed, seat, rules, rankings, players, table, bot = job
    out = []
    for ranked in (True, False):
        game = gamenight.make("yaniv", players=players, rules=rules)
        bots = [YanivHeuristic(game) for _ in range(players)]
        if ranked:
            bots[seat] = measured_bot(bot, game, rankings, table)
        state = game.new(seed=seed)
        rng = random.Random(f"yaniv-duel/{seed}/{seat}")
        while not state.is_over and not state.sheet:
            player = state.current_player
            state.apply(bots[player].choose(state.view(player), state.legal_actions(), rng))
        winner = hand_winner(state.sheet[0]["points"], state.SHEET_LOW_WINS) if state.sheet else None
        out.append(0.5 if winner is None else float(winner == seat))
    return out[0], out[1]


def versus(deals: int, seed: int, workers: int, rankings: tuple[str, ...] = tuple(DECISIONS), players: int = 2,
           table: str | None = None, bot: str = "ranked") -> dict[str, Any]:
    """The measured ``bot`` (``measured_bot``) against the heuristic in single rounds of ``players``, every seat of
    ``deals`` deals, and the heuristic in its place on the same deals (the same rng): hands won, and the hands only
    one of them won."""
    jobs = [(seed + n, seat, "single_round", rankings, players, table, bot)
            for n in range(deals) for seat in range(players)]
    got = play_all(duel, jobs, workers, 20 if bot == "ranked" else 1)
    ranked, base = sum(a for a, _ in got), sum(b for _, b in got)
    better, worse = sum(1 for a, b in got if a > b), sum(1 for a, b in got if a < b)
    return {"hands": len(got), "ranked_won": ranked, "heuristic_won": base, "ranked_rate": round(ranked / len(got), 4),
            "won_only_ranked": better, "won_only_heuristic": worse, "results": [a for a, _ in got]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=0, help="positions to generate (0: none)")
    parser.add_argument("--worlds", type=int, default=24, help="shared worlds a position")
    parser.add_argument("--seed", type=int, help="the first position's seed (4,000,000 for the groups, 5,000,000 for "
                                                 "the takes)")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--decision", choices=sorted(DECISIONS), default="groups",
                        help="rank the groups laid (ranking_weights.json) or the draw and takes (take_weights.json)")
    parser.add_argument("--data", help="the positions' file (.npz): read if it exists, else written")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="write the ranking fit on every position here (ranking_weights.json)")
    parser.add_argument("--versus", type=int, default=0, help="play the shipped ranking against the heuristic on "
                                                              "this many deals, both seats")
    parser.add_argument("--versus-seed", type=int, default=1)
    parser.add_argument("--versus-rankings", default="groups,takes",
                        help="the decisions at which --versus plays the rankings' favourites: groups, takes or both")
    parser.add_argument("--players", default="2",
                        help="the tables' sizes, comma-separated: the positions' (by the seed) or --versus's (one)")
    parser.add_argument("--table", choices=sorted(TABLES) + ["none"],
                        help="--versus plays the rankings trained at this table (default: those the expert uses; "
                             "none: the expert's move to beat is the heuristic's)")
    parser.add_argument("--versus-bot", choices=("ranked", "expert"), default="ranked",
                        help="--versus measures the heuristic ranked (default) or the expert")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tables = tuple(int(n) for n in args.players.split(","))
    if 2 in tables and tables != (2,):
        parser.error("--players: 2 alone, or tables of three or more (their rankings read the table)")
    if args.seed is None:
        args.seed = (4_000_000 if args.decision == "groups" else 5_000_000) + (0 if table_of(tables) == "two"
                                                                                  else 2_000_000)
    report: dict[str, Any] = {}
    if args.positions or (args.data and os.path.exists(args.data)):
        valued = partial(position, decision=args.decision, tables=tables)
        data = None if args.data and os.path.exists(args.data) else generate(
            args.positions, args.seed, args.worlds, args.workers, valued)
        names, rule = DECISIONS[args.decision][2:]
        report = fit(args, data, rule, read_names(names, table_of(tables)))[0]
    if args.versus:
        rankings = tuple(args.versus_rankings.split(","))
        if not set(rankings) <= set(DECISIONS):
            parser.error(f"--versus-rankings: one or more of {', '.join(DECISIONS)}")
        if len(tables) != 1:
            parser.error("--versus plays at one table: --players N")
        report["versus"] = versus(args.versus, args.versus_seed, args.workers, rankings, tables[0], args.table,
                                  args.versus_bot)
    report["seconds"] = round(time.perf_counter() - start)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
