"""experiments/told_style.py: the expert told the opponent's style, in the population benchmark, run small."""
import json
import random

import pytest

import gamenight
from benchmark_scripts import load_experiment


def test_the_told_expert_plays_the_other_seat_in_the_style_and_its_own_by_default():
    experiment = load_experiment("told_style")
    game = gamenight.make("gin_rummy", rules="openspiel")
    bot = experiment.make_bot("told:reckless", game, 8)
    state = game.new(seed=5)
    seat = state.current_player
    view = state.view(seat)
    world = game.sample_state(view, random.Random(1))
    styled = bot._players(view, world, seat, random.Random(2))
    assert list(styled) == [1 - seat]
    assert styled[1 - seat] is bot._styled_policy("reckless")
    assert bot.choose(view, state.legal_actions(), random.Random(3)) in state.legal_actions()
    # every other spec is the benchmark's own
    assert type(experiment.make_bot("heuristic:cautious", game, 8)).__name__ == "GinHeuristic"


def test_only_at_tables_of_two():
    experiment = load_experiment("told_style")
    with pytest.raises(ValueError, match="tables of two"):
        experiment.make_bot("told:late", gamenight.make("yaniv", players=3), 8)


def test_a_small_run_compares_it_with_the_expert_on_the_same_deals(tmp_path, capsys):
    experiment = load_experiment("told_style")
    out = tmp_path / "told.json"
    assert experiment.population.main(["--games", "yessir", "--deals", "1", "--iterations", "4", "--bots",
                                       "expert,told:early", "--opponents", "heuristic:early", "--no-ladder",
                                       "--json", str(out)]) == 0
    capsys.readouterr()
    (game,) = json.loads(out.read_text())["games"]
    assert [(c["bot"], c["against"]) for c in game["paired_with_the_first"]] == [("told:early", "expert")]
