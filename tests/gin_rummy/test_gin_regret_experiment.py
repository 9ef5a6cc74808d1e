"""experiments/gin_rummy_regret.py: the expert's choices judged by an oracle told the opponent's cards."""
import json
import random

import gamenight
from benchmark_scripts import load_experiment
from gamenight.bots.search import SearchBot
from gamenight.gin_rummy.bots import EXPERT


def test_each_row_values_every_legal_move_and_names_each_variant_s_choice(tmp_path):
    regret = load_experiment("gin_rummy_regret")
    out = tmp_path / "rows.jsonl"
    regret.probe(seed=1, positions=3, share=1.0, worlds=3, wide=12, out=str(out),
                 variants=["expert", "wide", "told", "told 50", "history"], iterations=8)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3
    for row in rows:
        assert row["moves"] == len(row["values"]) >= 2
        assert all(0.0 <= v <= 1.0 for v in row["values"].values())
        assert {"heuristic", "prior", "expert c2", "wide c0", "told c1", "told 50 c2", "history c0"} <= set(
            row["choices"])
        assert set(row["choices"].values()) <= set(row["values"])
    report = regret.summary([str(out)])
    assert report["all"]["positions"] == 3
    assert report["all"]["gains"]["heuristic"].startswith("+0.0000")


def test_the_choice_read_at_the_expert_s_confidence_is_the_move_it_plays():
    regret = load_experiment("gin_rummy_regret")
    game = gamenight.make("gin_rummy", rules="openspiel")
    bot = SearchBot(game, EXPERT, iterations=40)
    state, found = game.new(seed=3), 0
    while not state.is_over and found < 4:
        view, legal = state.view(state.current_player), state.legal_actions()
        if view["phase"] == "discard":
            estimates = bot.evaluate(view, legal, random.Random(found))
            assert regret.choice_at(estimates, EXPERT.confidence) is estimates[0].action
            found += 1
        state.apply(bot.policy.choose(view, legal, random.Random(0)))
    assert found == 4


def test_partly_told_worlds_get_more_of_the_opponent_s_unseen_cards_right_the_larger_the_share():
    regret = load_experiment("gin_rummy_regret")
    game = gamenight.make("gin_rummy", rules="openspiel")
    state = game.new(seed=5)
    view = state.view(state.current_player)
    opponent = 1 - view["seat"]
    unseen = state.hands[opponent] & ~state.known[opponent]
    for share, low, high in ((1.0, 1.0, 1.0), (0.5, 0.45, 0.8), (0.0, 0.1, 0.45)):   # a card may come back
        told = regret.Partly(game, EXPERT)
        told.truth, told.share = state, share
        rng, right = random.Random(1), []
        for _ in range(40):
            world = told._deal(view, rng)
            assert world.hands[view["seat"]] == state.hands[view["seat"]]
            assert bin(world.hands[opponent]).count("1") == bin(state.hands[opponent]).count("1")
            right.append(bin(world.hands[opponent] & unseen).count("1") / bin(unseen).count("1"))
        assert low <= sum(right) / len(right) <= high
