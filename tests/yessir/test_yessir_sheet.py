"""YESSIR!'s score sheet (docs/games/yessir.md, "Score sheet"): a row per finished round, written at its reveal,
with the round win (1 or 0) as its points, every seat's round wins after it as its totals, and the marks "won" (the
round's winner) and "tied" (the seats tied for the best hand when nobody won). Positions are set up with ``deal=``
and played with public actions; everything is read from ``score_sheet()``, the views, ``scores`` and the JSON."""
from __future__ import annotations

import json
import random

import pytest
from yessir_helpers import play, public, table

import gamenight


def rows(state) -> list[dict]:
    return state.score_sheet()["rows"]


# ---- worked examples ---------------------------------------------------------------------------------------
def test_a_new_match_has_an_empty_sheet_of_round_wins():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)])
    sheet = s.score_sheet()
    assert sheet["columns"] == [[0], [1], [2]] and sheet["unit"] == "rounds" and sheet["low_wins"] is False
    assert sheet["rows"] == [] and set(sheet["marks"]) == {"won", "tied"}
    play(s, "d", "d")
    assert rows(s) == []  # the round is not over until everyone has said Yessir


def test_a_round_win_is_one_row_with_the_mark_won():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)])
    assert public(s)["hand_number"] == 1
    play(s, "d", "d", "d")
    assert rows(s) == [{"hand": 1, "points": [0, 0, 1], "totals": [0, 0, 1], "marks": [[], [], ["won"]]}]
    assert public(s)["hand_number"] == 2 and public(s)["last_round"]["hand_number"] == 1


def test_a_tie_for_the_best_hand_marks_the_tied_seats_and_scores_nobody():
    s = table(players=3, shared=(1, 3, 4), dice=[(1, 6), (6, 1), (5, 6)], luck=[3, 3, 3])
    play(s, "d", "d", "d")
    assert public(s)["last_round"]["tied"] == [0, 1]
    assert rows(s) == [{"hand": 1, "points": [0, 0, 0], "totals": [0, 0, 0], "marks": [["tied"], ["tied"], []]}]


def test_the_round_that_wins_the_match_is_the_last_row():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], wins=[2, 2, 2])
    play(s, "d", "d", "d")
    assert s.is_over and s.scores == [2, 2, 3]
    # the round wins the deal gave are in the totals: the sheet starts from the position set up
    assert rows(s) == [{"hand": 1, "points": [0, 0, 1], "totals": [2, 2, 3], "marks": [[], [], ["won"]]}]


def test_rows_follow_the_rounds_in_order():
    s = table(players=2, shared=(6, 6, 6), dice=[(1, 2), (6, 6)], seed=3)
    play(s, "d", "d")
    while len(rows(s)) < 3 and not s.is_over:  # later rounds: the seed's dice, everyone says Yessir
        s.apply("d")
    assert [r["hand"] for r in rows(s)] == [1, 2, 3][:len(rows(s))] and len(rows(s)) >= 2
    assert rows(s)[-1]["totals"] == s.scores


def test_the_sheet_is_a_copy_the_caller_owns():
    s = table(players=2, shared=(6, 6, 6), dice=[(1, 2), (6, 6)])
    play(s, "d", "d")
    sheet = s.score_sheet()
    sheet["rows"][0]["totals"][0] = 99
    sheet["marks"]["won"] = "changed"
    assert rows(s)[0]["totals"] == [0, 1] and s.score_sheet()["marks"]["won"] == "won the round"


# ---- properties over random matches -------------------------------------------------------------------------
TABLES = [
    (2, {}), (3, {"rules": "short"}), (4, {}), (6, {"rules": "short_pip_change"}),
    (3, {"no_winner_roller": "next", "no_winner_luck_bonus_all": False}), (5, {"rules": "all_dice_sum"}),
    (4, {"first_roller": "random", "blind_resets_passes": True, "turn_direction": "decreasing_seat"}),
]
ACTION_BOUND = 20_000


def _check_new_row(s, row: dict, before: int) -> None:
    """A row just written: the round that was played (numbered as the view numbered it), as its reveal shows it."""
    marks = s.score_sheet()["marks"]
    shown = public(s)["last_round"]
    assert row["hand"] == before == shown["hand_number"]
    assert row["totals"] == shown["wins"] == public(s)["wins"]
    winner = shown["winner"]
    assert row["points"] == [int(p == winner) for p in range(s.game.num_players)]
    expected = [["won"] if p == winner else ["tied"] if p in shown["tied"] else [] for p in range(s.game.num_players)]
    assert row["marks"] == expected
    assert all(m in marks for ms in row["marks"] for m in ms)


def _random_match(game, seed: int) -> object:
    rng = random.Random(seed)
    s = game.new(seed=seed)
    for _ in range(ACTION_BOUND):
        if s.is_over:
            break
        before, count = public(s)["hand_number"], len(rows(s))
        s.apply(rng.choice(s.legal_actions()))
        now = rows(s)
        assert len(now) in (count, count + 1)
        if len(now) == count + 1:
            _check_new_row(s, now[-1], before)
    assert s.is_over
    return s


@pytest.mark.parametrize("players,options", TABLES)
def test_random_matches_keep_a_sheet_that_adds_up(players, options):
    game = gamenight.make("yessir", players=players, **options)
    for seed in range(25):
        s = _random_match(game, seed)
        sheet = s.score_sheet()
        assert len(sheet["rows"]) == s.hands_played == public(s)["hand_number"]  # every round finished
        assert sheet["rows"][-1]["totals"] == s.scores
        running = [0] * players
        for row in sheet["rows"]:
            running = [t + p for t, p in zip(running, row["points"])]
            assert row["totals"] == running
        assert [r["hand"] for r in sheet["rows"]] == list(range(1, s.hands_played + 1))


@pytest.mark.parametrize("players,options", TABLES[:4])
def test_the_sheet_survives_json_clone_and_replay(players, options):
    game = gamenight.make("yessir", players=players, **options)
    for seed in range(8):
        rng = random.Random(100 + seed)
        s = game.new(seed=seed)
        step = 0
        while not s.is_over and step < ACTION_BOUND:
            if step % 7 == 0:
                _check_copies(game, s)
            s.apply(rng.choice(s.legal_actions()))
            step += 1
        _check_copies(game, s)


def _check_copies(game, s) -> None:
    text = s.to_json()
    assert json.loads(text)["sheet"] == rows(s)
    back = game.state_from_json(text)
    assert back == s and back.score_sheet() == s.score_sheet()
    twin = s.clone()
    assert twin.score_sheet() == s.score_sheet()
    if not s.is_over:  # the copy's sheet goes its own way
        twin.apply(twin.legal_actions()[0])
        assert rows(s) == json.loads(text)["sheet"]
    old = json.loads(text)
    del old["sheet"]  # a state saved before states kept a sheet: rebuilt by replaying its record
    assert game.state_from_json(json.dumps(old)) == s
    assert gamenight.replay(s.record()) == s


def test_an_old_json_of_a_dealt_match_rebuilds_its_sheet():
    s = table(players=3, shared=(6, 6, 6), dice=[(1, 2), (1, 3), (6, 6)], wins=[1, 0, 1], seed=5)
    play(s, "d", "d", "d", "d", "d", "d")
    assert rows(s)
    old = json.loads(s.to_json())
    del old["sheet"]
    back = s.game.state_from_json(json.dumps(old))
    assert back == s and back.score_sheet()["rows"] == rows(s)


def test_marks_are_described_in_plain_words():
    marks = gamenight.make("yessir").new(seed=1).score_sheet()["marks"]
    assert marks == {"won": "won the round", "tied": "tied for the best hand: nobody won the round"}
