"""The heuristic's fast tables give exactly what it gave before them (``reference_heuristic.py``, the old code kept
verbatim): the same values, bit for bit, and so the same decisions, at every table tried."""
import random

import pytest
from reference_heuristic import ReferenceHeuristic

import gamenight
from gamenight.yessir import bots as yessir_bots
from gamenight.yessir.bots import YessirHeuristic

TABLES = [(2, {}), (4, {}), (3, {"rules": "pip_change"}), (4, {"rules": "all_dice_sum"}), (6, {}),
          (3, {"luck_min": 0, "luck_start": 5, "luck_max": 5, "turn_direction": "decreasing_seat"})]
SETTINGS = [{}, {"luck_value": 0.05, "depth": 2, "volatility": 0.5, "pass_floor": 0.2, "informed_depth": 2},
            {"infer": False}]


def _positions(game, matches, seed):
    """Every position of ``matches`` random matches where a seat chooses, as (view, legal)."""
    rng = random.Random(seed)
    for k in range(matches):
        state = game.new(seed=seed + k)
        while not state.is_over:
            seat = state.current_player
            legal = state.legal_actions()
            yield state.view(seat), legal
            state.apply(rng.choice(legal))


def _agree(fast, old, view, legal):
    rng = random.Random(0)
    assert fast.choose(view, legal, rng) == old.choose(view, legal, rng)
    assert (fast.stay, fast.informed, fast.context) == (old.stay, old.informed, old.context)
    if view["pip_faces"] is not None:
        return
    shared, mine = tuple(sorted(view["shared"])), tuple(sorted(view["dice"]))
    luck = view["luck"][view["seat"]]
    assert fast.turn_values(view["shared"], legal, shared, mine, luck) == \
        old.turn_values(view["shared"], legal, shared, mine, luck)
    for slack in (-1, 0, 1, 2, 5, 9):
        assert fast.settle(shared, mine, slack) == old.settle(shared, mine, slack)
        assert fast.reroll_values(shared, mine, slack) == old.reroll_values(shared, mine, slack)
    assert fast.robust(mine) == old.robust(mine) and fast.outlook(shared, mine) == old.outlook(shared, mine)


@pytest.mark.slow
def test_the_fast_heuristic_gives_the_old_values_and_decisions_at_every_table():
    for players, rules in TABLES:
        game = gamenight.make("yessir", players=players, **rules)
        for settings in SETTINGS:
            fast, old = YessirHeuristic(game, **settings), ReferenceHeuristic(game, **settings)
            for view, legal in _positions(game, matches=3, seed=players * 100):
                _agree(fast, old, view, legal)


def test_the_values_do_not_depend_on_what_was_worked_out_before():
    """Values worked out from forgotten tables (as after the size limit) are the same as from warm ones."""
    game = gamenight.make("yessir", players=4)
    old = ReferenceHeuristic(game)
    for k, (view, legal) in enumerate(_positions(game, matches=4, seed=7)):
        if k % 5 == 0:
            yessir_bots._TABLES.clear()
        _agree(YessirHeuristic(game), old, view, legal)


def test_whole_matches_between_heuristics_replay_the_old_ones():
    for players, rules in TABLES[:4]:
        game = gamenight.make("yessir", players=players, **rules)
        fast, old = YessirHeuristic(game), ReferenceHeuristic(game)
        for seed in range(8):
            new_match = gamenight.play_match(game, [fast] * players, seed=seed)
            old_match = gamenight.play_match(game, [old] * players, seed=seed)
            assert new_match.to_json() == old_match.to_json()
