"""``gamenight rules`` and ``gamenight replay``."""
from __future__ import annotations

import json
import random

import pytest

import gamenight


@pytest.mark.parametrize("width", [200, 80])
@pytest.mark.parametrize("name", gamenight.games())
def test_rules_lists_every_option_and_preset(cli, name, width):
    run = cli(["rules", name], width=width)
    assert run.rc == 0, run.err
    game = gamenight.make(name)
    for entry in game.RULES.describe():
        assert entry["name"] in run.out
        assert entry["type"] in run.out
    for preset, _doc in game.RULES.PRESET_DOCS.items():
        assert preset in run.out
    assert "(default)" in run.out


def test_rules_yaniv_shows_meanings_and_preset_overrides(cli):
    out = cli(["rules", "yaniv"], width=200).out
    assert "the highest hand that may call Yaniv" in out
    assert "yaniv_limit=7" in out  # the 'common' preset's override
    assert "elimination_limit=100" in out


def test_rules_without_a_game_lists_the_games(cli):
    run = cli(["rules"])
    assert run.rc == 0
    for name in gamenight.games():
        assert name in run.out


def test_rules_unknown_game(cli):
    run = cli(["rules", "chess"])
    assert run.rc == 2 and run.err.startswith("gamenight: error: unknown game 'chess'")


def _played_record(cli, tmp_path, *extra) -> str:
    path = tmp_path / "game.json"
    run = cli(["play", "yaniv", "--no-prompt", "--players", "3", "--bots", "random", "--seed", "21",
               "--set", "elimination_limit=40", "--record", str(path), *extra], ["1"] * 5000)
    assert run.rc == 0, run.err
    return str(path)


def test_replay_of_a_played_record(cli, tmp_path):
    path = _played_record(cli, tmp_path)
    record = json.loads(open(path).read())
    run = cli(["replay", path])
    assert run.rc == 0, run.err
    assert "    1. seat 0: " in run.out
    assert f"{len(record['actions']):>6}. seat" in run.out
    assert "Round 1 over." in run.out
    assert "Replay consistent with the recorded result." in run.out
    final = gamenight.replay(record)
    assert "winners " + ", ".join(f"seat {w}" for w in final.winners) in run.out


def test_replay_of_a_state_record_mid_match(cli, tmp_path):
    state = gamenight.make("yaniv", players=2).new(seed=4)
    for _ in range(7):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(state.record()))
    run = cli(["replay", str(path)])
    assert run.rc == 0, run.err
    assert "     7. seat 1: " in run.out
    assert f"seat {state.current_player} to play" in run.out


def test_replay_of_a_match_set_up_by_hand(cli, tmp_path):
    """A record whose first hand was dealt by hand (``deal``) replays from that deal, hand by hand."""
    game = gamenight.make("yaniv", players=2, rules={"elimination_limit": 40})
    dealt = game.new(seed=3).view(0)
    deal = {"hands": [["As", "2s", "3s", "4s", "5s"], ["Kh", "Kd", "Kc", "Ks", "Qh"]]}
    state = game.new(seed=3, deal=deal)
    assert state.view(0)["hand"] != dealt["hand"]
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "dealt.json"
    path.write_text(json.dumps(state.record()))
    run = cli(["replay", str(path)])
    assert run.rc == 0, run.err
    assert "first hand set up by hand" in run.out
    assert "Round 1 over." in run.out and "Replay consistent" in run.out


def _corrupt(tmp_path, cli, change) -> str:
    path = _played_record(cli, tmp_path)
    record = json.loads(open(path).read())
    change(record)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record) if not isinstance(record, str) else record)
    return str(bad)


@pytest.mark.parametrize("change, message", [
    (lambda r: r["actions"].__setitem__(3, "Kz"), "record step 4 (Kz)"),
    (lambda r: r["actions"].__setitem__(0, "take As"), "record step 1 (take As)"),
    (lambda r: r["result"].__setitem__("winners", [9]), "differs from the replay"),
    (lambda r: r.pop("seed"), "missing seed"),
    (lambda r: r.__setitem__("seed", "x"), "seed must be a whole number"),
    (lambda r: r.__setitem__("rules", {"hand_size": 99}), "bad value 99 for option 'hand_size'"),
    (lambda r: r.__setitem__("game", "chess"), "unknown game 'chess'"),
    (lambda r: r.__setitem__("actions", "draw"), "'actions' must be a list"),
    (lambda r: r.__setitem__("actions", r["actions"][:-1]), "states a result but the match is not over"),
    (lambda r: r.__setitem__("format", 2), "this record is of format 2"),
    (lambda r: r.__setitem__("deal", {"hands": [["Az"]]}), "deal"),
])
def test_corrupt_records_are_one_line_errors(cli, tmp_path, change, message):
    bad = _corrupt(tmp_path, cli, change)
    run = cli(["replay", bad])
    assert run.rc == 2
    assert run.err.startswith("gamenight: error: ") and message in run.err, run.err
    assert run.err.count("\n") == 1


def test_replay_not_json_and_missing_file(cli, tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("{not json")
    run = cli(["replay", str(bad)])
    assert run.rc == 2 and "not valid JSON" in run.err
    run = cli(["replay", str(tmp_path / "missing.json")])
    assert run.rc == 2 and "No such file" in run.err
    bad.write_text("[1, 2]")
    run = cli(["replay", str(bad)])
    assert run.rc == 2 and "not a game record" in run.err
