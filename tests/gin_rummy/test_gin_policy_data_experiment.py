"""experiments/gin_rummy_policy_data.py: the heuristic's discards, every legal move valued by a wide search."""
import io
import json

import gamenight
from benchmark_scripts import load_experiment


def test_each_position_values_every_legal_move_from_the_seat_s_view():
    data = load_experiment("gin_rummy_policy_data")
    out = io.StringIO()
    assert data.positions(seed=1, wanted=3, iterations=8, share=1.0, out=out) == 3
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 3
    for line in lines:
        view = line["view"]
        assert set(view) == set(data.VIEW_FIELDS) and view["phase"] == "discard"
        assert len(view["hand"]) == 11 and view["seat"] == view["current"]
        moves = [m["move"] for m in line["moves"]]
        assert len(moves) == len(set(moves)) > 1
        assert line["heuristic"] in moves and line["search"] in moves
        assert all(0.0 <= m["value"] <= 1.0 and m["rollouts"] >= 1 for m in line["moves"])
        game = gamenight.make("gin_rummy", rules=None if line["rules"] == "default" else line["rules"])
        assert all(game.parse_action(m) for m in moves)


def test_the_same_seed_writes_the_same_positions():
    data = load_experiment("gin_rummy_policy_data")
    first, second = io.StringIO(), io.StringIO()
    data.positions(seed=4, wanted=2, iterations=8, share=1.0, out=first)
    data.positions(seed=4, wanted=2, iterations=8, share=1.0, out=second)
    assert first.getvalue() == second.getvalue()
