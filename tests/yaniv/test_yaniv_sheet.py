"""Yaniv's score sheet (docs/games/yaniv.md, "Score sheet"): a row per finished round with the points each seat still
in added, the totals after halving (a seat put out keeps the total that put it out, then None), and marks for the
call, the Asaf, halvings, eliminations and the match's winner. Positions are dealt with ``deal=`` and played with
public actions; the facts are read from ``score_sheet()``, the views, ``scores`` and the JSON."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from yaniv_helpers import call, last_round, make, public

import gamenight

MARKS = {"yaniv", "caught", "asaf", "halved", "out", "tied_over", "won"}


def rows(state) -> list[dict]:
    return state.score_sheet()["rows"]


def row(hand: int, points: list, totals: list, marks: list[list[str]]) -> dict:
    return {"hand": hand, "points": points, "totals": totals, "marks": marks}


# ---- worked examples ---------------------------------------------------------------------------------------
def test_a_new_match_has_an_empty_sheet_where_the_low_total_wins():
    sheet = make(3).new(seed=1).score_sheet()
    assert sheet["columns"] == [[0], [1], [2]] and sheet["unit"] == "points" and sheet["low_wins"] is True
    assert sheet["rows"] == [] and set(sheet["marks"]) == MARKS
    assert "caught the caller" in sheet["marks"]["asaf"]


def test_a_successful_call_is_a_row_marked_yaniv():
    state = call(make(3, hand_size=2), ["As 2s", "3h 4h", "Kd 2d"])  # YE8: 3 against 7 and 12
    assert rows(state) == [row(1, [0, 7, 12], [0, 7, 12], [["yaniv"], [], []])]
    assert public(state)["hand_number"] == 2 and state.scores == [0, 7, 12]


def test_an_asaf_marks_the_caught_caller_and_the_seat_that_caught_him():
    state = call(make(3, hand_size=2), ["2s 3s", "Ah 4h", "Kd Td"])  # YE9: 5 against 5
    assert rows(state) == [row(1, [35, 5, 20], [35, 5, 20], [["caught"], ["asaf"], []])]


def test_halvings_are_marked_and_make_the_totals_differ_from_the_sums():
    state = call(make(3, hand_size=2), ["4s", "2h", "3d Ad"], scores=[70, 98, 196])  # YE10
    assert rows(state) == [row(1, [34, 2, 4], [104, 50, 100], [["caught"], ["asaf", "halved"], ["asaf", "halved"]])]


def test_an_elimination_keeps_the_total_that_put_the_seat_out_then_none():
    game = make(3, halving_at="none", yaniv_limit=None, hand_size=2)
    state = call(game, ["As", "2h", "4d 5d"], scores=[0, 0, 195])  # YE12: 195 + 9 is out
    assert rows(state) == [row(1, [0, 2, 9], [0, 2, 204], [["yaniv"], [], ["out"]])]
    assert public(state)["active"] == [True, True, False]
    state.apply("yaniv")  # round 2: whoever starts calls at once (no limit); seat 2 no longer plays
    second = last_round(state)
    points = [second["points"]["0"], second["points"]["1"], None]
    assert rows(state)[1] == row(2, points, [points[0], 2 + points[1], None], rows(state)[1]["marks"])
    assert rows(state)[1]["marks"][2] == []


def test_when_the_last_two_go_out_together_the_lower_total_wins():
    game = make(3, halving_at="none", yaniv_limit=10, hand_size=2)
    state = call(game, [None, "6s", "2d"], caller=1, scores=[204, 198, 199], out=[0])  # YE12
    assert state.is_over and state.winners == [2]
    assert rows(state) == [row(1, [None, 36, 2], [None, 234, 201], [[], ["caught", "out"], ["asaf", "won"]])]


def test_a_tie_over_the_limit_plays_on_and_is_marked():
    game = make(3, halving_at="none", yaniv_limit=10, hand_size=2)
    state = call(game, [None, "2s 4s", "2d 3d"], caller=1, scores=[204, 169, 200], out=[0])  # YE12: 205 and 205
    assert not state.is_over
    marks = [[], ["caught", "tied_over"], ["asaf", "tied_over"]]
    assert rows(state) == [row(1, [None, 36, 5], [None, 205, 205], marks)]
    state.apply(state.legal_actions()[0])  # the next round: the two play on, and seat 0 is still out
    assert public(state)["active"] == [False, True, True]


def test_the_match_ends_on_the_first_elimination_with_the_lowest_total_winning():
    game = make(3, halving_at="none", end_on_first_elimination=True, hand_size=2)
    state = call(game, ["As", "2h", "4d 5d"], scores=[0, 0, 195])
    assert state.is_over and state.winners == [0]
    assert rows(state) == [row(1, [0, 2, 9], [0, 2, 204], [["yaniv", "won"], [], ["out"]])]


def test_a_single_round_match_is_one_row_of_the_rounds_points():
    state = call(make(3, rules="single_round", hand_size=2), ["2s 3s", "Ah 4h", "Kd Td"])
    assert state.is_over and state.winners == [1]
    assert rows(state) == [row(1, [35, 5, 20], [35, 5, 20], [["caught"], ["asaf", "won"], []])]


def test_rows_follow_the_rounds_and_never_change():
    game = make(4, yaniv_limit=None)
    state = game.new(seed=3)
    written = []
    for hand in range(1, 6):
        state.apply("yaniv")  # every round's starter calls at once
        assert [r["hand"] for r in rows(state)] == list(range(1, hand + 1))
        assert rows(state)[:-1] == written
        written = rows(state)
        assert written[-1]["totals"] == public(state)["scores"] == state.scores


# ---- properties over random matches -------------------------------------------------------------------------
TABLES = [  # (players, preset, options)
    *[(n, None, {}) for n in range(2, 9)],
    (3, "japanese", {}),
    (4, "common", {"halve_only_on_change": True, "next_round_starter": "rotate"}),
    (5, "japanese", {"asaf_per_player": True, "asaf_winner_scores_zero": True, "elimination_limit": 60,
                     "halving_at": {20: 10, 40: 15, 60: 30}}),
    (2, None, {"halving_at": {25: 5, 50: 10}, "elimination_limit": 60, "yaniv_limit": 10}),
    (3, None, {"end_on_first_elimination": True, "elimination_limit": 50}),
    (4, "single_round", {}),
    (6, None, {"slapdown": True, "joker_swap": True, "elimination_limit": 80, "halving_at": {40: 20, 80: 30}}),
]
ACTION_BOUND = 200_000
SEEDS = 6


def _check_new_row(state, new: dict, before: list[dict]) -> None:
    """The row just written is the round just ended, as its public summary and the views show it."""
    v = public(state)
    last = v["last_round"]
    n = state.game.num_players
    assert new["hand"] == last["round"] == len(before) + 1
    played = {int(p): pts for p, pts in last["points"].items()}
    assert new["points"] == [played.get(p) for p in range(n)]
    assert new["totals"] == [v["scores"][p] if p in played else None for p in range(n)]
    marks = new["marks"]
    assert all(m in MARKS for ms in marks for m in ms)
    assert marks[last["caller"]][0] == ("yaniv" if last["success"] else "caught")
    assert [p for p in range(n) if "asaf" in marks[p]] == last["asaf"]
    assert [p for p in range(n) if "halved" in marks[p]] == sorted(last["halved"])
    assert [p for p in range(n) if "out" in marks[p]] == sorted(set(last["eliminated"]) - set(v["winners"]))
    assert [p for p in range(n) if "won" in marks[p]] == v["winners"]
    for p in range(n):
        if before and before[-1]["totals"][p] is None:
            assert new["points"][p] is None and new["totals"][p] is None and marks[p] == []
        if new["totals"][p] is None:
            assert not v["active"][p]


def _adds_up(state) -> None:
    """Each total is the seat's previous total plus its points, but when halved (a total landing exactly on a halving
    total becomes its value); in ``single_round`` the total is the round's points. A seat is out from the row after
    the one marked ``out``."""
    rules = state.game.rules
    halving = dict(rules.halving_at)
    running = [0] * state.game.num_players
    for r in rows(state):
        for p, (pts, total, marks) in enumerate(zip(r["points"], r["totals"], r["marks"])):
            if running[p] is None:
                assert pts is None and total is None
                continue
            summed = pts if rules.single_round else running[p] + pts
            assert total == (halving[summed] if "halved" in marks else summed)
            running[p] = None if "out" in marks else total


def _random_match(game, seed: int, check_copies: bool = False):
    """Random legal actions until the match ends; each round's row is checked as it is written."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    before: list[dict] = []
    for _ in range(ACTION_BOUND):
        if state.is_over:
            break
        hand = state.hands_played
        state.apply(rng.choice(state.legal_actions()))
        if state.hands_played == hand and not state.is_over:
            assert len(state.sheet) == len(before)  # no row while the round runs
            continue
        after = rows(state)
        assert len(after) == len(before) + 1 and after[:-1] == before  # rows are never changed once written
        _check_new_row(state, after[-1], before)
        if check_copies:
            _check_copies(game, state)
        before = after
    assert state.is_over
    return state


@pytest.mark.parametrize("players,preset,options", TABLES)
def test_random_matches_keep_a_sheet_that_adds_up(players, preset, options):
    game = make(players, rules=preset, **options)
    seen: Counter[str] = Counter()
    for seed in range(SEEDS):
        state = _random_match(game, seed)
        sheet = state.score_sheet()
        assert len(sheet["rows"]) == state.hands_played == public(state)["hand_number"]  # every round finished
        assert [r["hand"] for r in sheet["rows"]] == list(range(1, state.hands_played + 1))
        last = sheet["rows"][-1]
        assert [t for t in last["totals"] if t is not None] == [
            s for s, t in zip(public(state)["scores"], last["totals"]) if t is not None]
        _adds_up(state)
        seen.update(m for r in sheet["rows"] for ms in r["marks"] for m in ms)
    assert seen["won"] >= SEEDS and set(seen) <= set(game.new(seed=0).SHEET_MARKS)


def test_random_play_writes_every_mark():
    seen: Counter[str] = Counter()
    for players, preset, options in TABLES:
        for seed in range(SEEDS):
            seen.update(m for r in rows(_random_match(make(players, rules=preset, **options), seed))
                        for ms in r["marks"] for m in ms)
    assert {"yaniv", "caught", "asaf", "halved", "out", "won"} <= set(seen)


@pytest.mark.parametrize("players,preset,options", [TABLES[1], TABLES[8], TABLES[10], TABLES[12]])
def test_the_sheet_survives_json_clone_and_an_old_json(players, preset, options):
    game = make(players, rules=preset, **options)
    for seed in range(2):
        _random_match(game, seed, check_copies=True)


def _check_copies(game, state) -> None:
    """The sheet is in the JSON text, read back with it and copied by clone; a JSON saved before states kept a sheet
    (without "sheet") loads to an equal state, its sheet rebuilt from the record."""
    text = state.to_json()
    assert json.loads(text)["sheet"] == rows(state)
    back = game.state_from_json(text)
    assert back == state and back.score_sheet() == state.score_sheet()
    copy = state.clone()
    assert copy.score_sheet() == state.score_sheet()
    old = json.loads(text)
    del old["sheet"]
    assert game.state_from_json(json.dumps(old)) == state
    assert gamenight.replay(state.record()) == state


def test_an_old_json_of_a_dealt_match_rebuilds_its_sheet():
    state = call(make(3, hand_size=2), ["4s", "2h", "3d Ad"], scores=[70, 98, 196])
    old = json.loads(state.to_json())
    del old["sheet"]
    back = state.game.state_from_json(json.dumps(old))
    assert back == state and rows(back) == rows(state) != []


def test_a_clone_keeps_its_own_sheet():
    state = call(make(3, hand_size=2, yaniv_limit=None), ["As 2s", "3h 4h", "Kd 2d"])
    copy = state.clone()
    copy.apply("yaniv")
    assert len(rows(copy)) == 2 and len(rows(state)) == 1
