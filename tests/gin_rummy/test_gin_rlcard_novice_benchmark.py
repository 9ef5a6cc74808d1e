"""``benchmarks/gin_rummy_rlcard_novice.py``: RLCard's novice rule agent in a seat of gamenight's engine, deciding by
RLCard's own code from an observation built from the seat's view (docs/bots.md, "Against opponents it was not built
for"). It goes gin or knocks whenever it may, else throws a card leaving the least deadwood; at a draw it picks at
random; its hands replay."""
from __future__ import annotations

import random

import numpy as np
from rlcard.models.gin_rummy_rule_models import GinRummyNoviceRuleAgent

import gamenight
from benchmark_scripts import load_benchmark

novice_bench = load_benchmark("gin_rummy_rlcard_novice")


def novice(game):
    return novice_bench.Novice(game, np, GinRummyNoviceRuleAgent())


def test_the_novice_knocks_when_it_may_else_throws_a_card_leaving_the_least_deadwood():
    game = gamenight.make("gin_rummy", rules="openspiel")
    seen = {"knock": 0, "discard": 0, "draw": set()}
    for seed in range(12):
        state, rng = game.new(seed=seed), random.Random(seed)
        player = novice(game)
        while not state.is_over:
            seat, legal = state.current_player, state.legal_actions()
            view = state.view(seat)
            move = player.choose(view, legal, rng)
            assert move in legal
            texts = [str(a) for a in legal]
            if view["phase"] == "discard":
                knocks = [t for t in texts if t.startswith("knock")]
                if knocks:
                    assert str(move).startswith("knock")
                    seen["knock"] += 1
                elif len(texts) > 1:
                    left = view["discard_deadwood"]
                    assert left[str(move)] == min(left[t] for t in texts)
                    seen["discard"] += 1
            elif view["phase"] == "draw":
                seen["draw"].add(str(move))
            state.apply(move)
    assert seen["knock"] and seen["discard"] > 50 and seen["draw"] == {"draw", "take"}


def test_the_observation_is_the_seats_view_in_rlcards_planes():
    game = gamenight.make("gin_rummy", rules="openspiel")
    state = game.new(seed=3)
    view = state.view(state.current_player)
    planes = novice(game).observation(view)
    hand = {novice_bench.CARD_NUMBER[c] for c in view["hand"]}
    assert set(np.flatnonzero(planes[0])) == hand
    assert set(np.flatnonzero(planes[1])) == {novice_bench.CARD_NUMBER[view["discard_pile"][-1]]}
    assert (planes.sum(axis=0) == 1).all()   # every card in exactly one plane


def test_a_small_run_reports_and_replays():
    first = novice_bench.measure("heuristic", 2, 70000, None, novice)
    again = novice_bench.measure("heuristic", 2, 70000, None, novice)
    assert first["hands"] == 4 and first["won_by_hand"] == again["won_by_hand"]
    assert first["decided"] == sum(w is not None for w in first["won_by_hand"])
