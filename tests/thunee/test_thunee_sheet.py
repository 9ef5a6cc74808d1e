"""Thunee's score sheet (docs/games/thunee.md, "Score sheet"): a column per team, a row per hand played and scored
(a weak-hand redeal or a void deal is no row: nobody scores), with the balls each team won, the balls after it and
marks for the calls that made them. Positions are dealt with ``deal=`` and played with public actions; the facts
are read from ``score_sheet()``, the views, ``scores`` and the JSON."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from thunee_helpers import last_deal, last_trick_all_won, last_trick_one_lost, play, rigged, seen

import gamenight
from gamenight.thunee.scoring import SHEET_MARKS
from gamenight.thunee.state import ThuneeGame

# the calls that decide a hand: exactly one of these is on each row
DECIDERS = {"counted", "defended", "thunee", "thunee_failed", "royals", "royals_failed", "blind_thunee",
            "blind_thunee_failed", "blind_royals", "blind_royals_failed", "mooney", "mooney_failed", "trip",
            "trip_failed", "double", "double_failed", "kanak", "kanak_failed"}
WEAK_PASSES = "pass pass pass pass"
THUNEE_FIRST = ["Kh Qh Ks Kd", "9c Ac Tc Kc", "Jd 9d Ad Jh", "Js 9s As Ts"]
THUNEE_SECOND = ["Qs Jc", "Td Qd", "9h Ah", "Th Qc"]


def rows(state) -> list[dict]:
    return state.score_sheet()["rows"]


def row(hand: int, points: list, totals: list, marks: list[list[str]]) -> dict:
    return {"hand": hand, "points": points, "totals": totals, "marks": marks}


def thunee_hand():
    """Seat 2 calls Thunee (seat 1, the trumper, passes first) and leads."""
    return play(rigged(THUNEE_FIRST, THUNEE_SECOND), WEAK_PASSES, "pass", "pass", "trump 9c", "pass", "thunee")


# ---- worked examples ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,columns", [(4, [[0, 2], [1, 3]]), (6, [[0, 2, 4], [1, 3, 5]]), (2, [[0], [1]])])
def test_a_column_per_team_counted_in_balls(players, columns):
    sheet = ThuneeGame(players=players).new(seed=1).score_sheet()
    assert sheet["columns"] == columns == seen(ThuneeGame(players=players).new(seed=1))["teams"]
    assert sheet["unit"] == "balls" and sheet["low_wins"] is False and sheet["rows"] == []
    assert sheet["marks"] == SHEET_MARKS


def test_a_normal_hand_counted_out_marks_the_target_and_the_last_trick():
    s = play(last_trick_all_won(), "Ks Js Qs Qc")  # counting team {0, 2}: 257 >= 105; seat 3 takes the last trick
    assert seen(s)["last_hand"]["counting_total"] == 257
    assert rows(s) == [row(1, [1, 0], [1, 0], [["counted"], ["last_trick"]])]
    assert seen(s)["hand_number"] == 2 and s.scores == [1, 0, 1, 0]


def test_a_jodi_is_marked_on_the_team_that_declared_it():
    s = play(last_trick_all_won(jodi="jodi KQd"), "Ks Js Qs Qc")
    assert seen(s)["last_hand"]["jodi"] == [20, 0]
    assert rows(s) == [row(1, [1, 0], [1, 0], [["counted", "jodi"], ["last_trick"]])]


def test_a_call_held_by_the_trumping_team_that_kept_the_count_short():
    # seat 2 calls 10 and trumps hearts; team {1, 3} counts 55 - 10 + 10 < 105
    s = play(last_deal(), WEAK_PASSES, "call 10", "pass", "pass", "trump Th", WEAK_PASSES,
             "Js 9s Qh Ks pass pass 9c Jh Jc As 9h Jd Ts Ac pass pass Ah 9d Qs Tc Th Ad Kd Kc Kh Td Qd Qc")
    last = seen(s)["last_hand"]
    assert last["bid"] == 10 and last["counting_team"] == 1 and last["counting_total"] == 55
    assert rows(s) == [row(1, [1, 0], [1, 0], [["defended", "bid", "last_trick"], []])]


def test_a_thunee_made_is_marked_on_the_callers_team():
    s = play(thunee_hand(), "Jd Qc Kd Td 9d Js Jc Qd Ad 9s Ks 9c Jh Th Kh Ac 9h As Qh Tc Ah Ts Qs Kc")
    assert rows(s) == [row(1, [4, 0], [4, 0], [["thunee"], []])]


def test_a_thunee_caught_by_an_opponent():
    s = play(thunee_hand(), "Jd Qc Kd Td Jh Th Kh Qd")  # seat 1 trumps trick 2: play stops
    assert rows(s) == [row(1, [0, 4], [0, 4], [["thunee_failed"], ["caught"]])]


def test_a_thunee_caught_by_the_partner():
    # seat 2 calls Thunee, leads Jh (hearts trump), then Qs: his partner's Js takes it
    s = rigged(["Js 9s As Ts", "Qh 9c Ac Tc", "Jh 9h Ah Th", "Jc 9d Ad Td"], ["Ks Jd", "Kc Qc", "Kh Qs", "Kd Qd"])
    play(s, WEAK_PASSES, "pass", "pass", "trump 9c", "pass", "thunee", "Jh Jc Ts Qh", "Qs 9d Js 9c")
    assert seen(s)["last_hand"]["line"] == "Thunee by seat 2: caught by the partner, seat 0"
    assert rows(s) == [row(1, [0, 8], [0, 8], [["thunee_failed", "partner_caught"], ["their_thunee_failed"]])]


def test_double_made_and_failed():
    s = play(last_trick_all_won(seat3_keeps="Jd"), "double Ks", "Jd", "Qs", "Qc")
    assert rows(s) == [row(1, [2, 0], [2, 0], [["double"], []])]
    s = play(last_trick_all_won(), "double Ks", "Js", "Qs", "Qc")
    assert rows(s) == [row(1, [0, 4], [0, 4], [["double_failed"], ["their_double_failed"]])]


def test_a_failed_kanak():
    s = play(last_trick_one_lost(), "Kh", "kanak Jc", "Qd Qc")
    assert rows(s) == [row(1, [4, 0], [4, 0], [["their_kanak_failed"], ["kanak_failed"]])]


def test_t27_the_balls_of_a_failed_kanak_are_named_before_the_jodi_of_the_team_that_won_them():
    """T27: a failed Kanak gives the opponents 4 balls. Their row names that failed Kanak first, not their Jodi (T24),
    which only counts in a hand decided by the count (T25)."""
    s = play(last_trick_one_lost(jodi="jodi KQd"), "Kh", "kanak Jc", "Qd Qc")
    assert seen(s)["last_hand"]["jodi"] == [20, 0]
    assert rows(s) == [row(1, [4, 0], [4, 0], [["their_kanak_failed", "jodi"], ["kanak_failed"]])]
    assert seen(s)["last_hand"]["line"] == "Kanak by seat 3: failed; he lost the last trick"


def test_t26_t18_every_row_with_balls_names_what_gave_them():
    """T26 (a failed Double: opponents +4) and T18 (a Thunee caught by the partner: opponents +8) give their balls to
    the team that did not call; T18 caught by an opponent: that team's row says ``caught`` and nothing more."""
    s = play(last_trick_all_won(jodi="jodi KQd"), "double Ks", "Js", "Qs", "Qc")
    assert rows(s)[0]["marks"] == [["double_failed", "jodi"], ["their_double_failed"]]
    s = play(thunee_hand(), "Jd Qc Kd Td Jh Th Kh Qd")
    assert rows(s)[0]["marks"] == [["thunee_failed"], ["caught"]]


def test_the_hand_that_wins_the_match_is_marked_won():
    s = play(last_trick_all_won(balls_to_win=1), "Ks Js Qs Qc")
    assert s.is_over and rows(s) == [row(1, [1, 0], [1, 0], [["counted", "won"], ["last_trick"]])]


def test_a_redeal_and_a_void_deal_are_no_rows_and_keep_the_hand_numbers():
    s = rigged(["Ks Qs Qd Kc", "9c Jh 9h Ah", "Ac Jd 9d Ad", "Js Jc Tc Ts"])
    play(s, "pass pass pass", "redeal")  # a weak hand: hand 2 is dealt
    assert seen(s)["last_hand"]["result"] == "redeal" and rows(s) == []
    s = rigged(["Jh 9h Ah Th", "Js 9s 9c Ac", "Jd 9d Ad Td", "As Ts Jc Tc"], ["Kh Qh", "Ks Qs", "Kd Qd", "Kc Qc"])
    play(s, WEAK_PASSES, "pass", "pass", "trump Js", WEAK_PASSES)  # the counting team holds no spade
    assert seen(s)["last_hand"]["result"] == "void" and rows(s) == []
    while rows(s) == []:
        s.apply(s.legal_actions()[0])
    assert rows(s)[0]["hand"] == seen(s)["last_hand"]["hand"] > 1


# ---- properties over random matches -------------------------------------------------------------------------
TABLES = [  # (players, preset, options)
    (4, None, {}), (6, None, {}), (2, None, {}),
    (4, "all_calls", {}), (6, "all_calls", {}), (2, "all_calls", {}),
    (4, "traditional", {"win_by_two": True}), (4, "tuscans", {"kanak_simple": True, "kanak_raises_target_13": True}),
    (6, "league", {"dealer_rotation": "always", "last_trick": "bonus"}),
    (4, None, {"double_success_requires": "team", "kanak_backward_6": True, "redeal_if_no_trumps": False}),
]
ACTION_BOUND = 50_000
SEEDS = 12
SPECIALS = {"thunee", "royals", "blind thunee", "blind royals", "trip", "mooney"}


def pick(rng: random.Random, legal: list):
    """A random legal action, passing on a special call most of the time (random players would call Thunee at almost
    every chance, and few hands would be counted out)."""
    calm = [a for a in legal if str(a) not in SPECIALS]
    return rng.choice(calm if calm and rng.random() < 0.85 else legal)


def _check_new_row(s, new: dict) -> None:
    """The row just written is the hand just scored, as its public summary and the views show it."""
    v = seen(s)
    last = v["last_hand"]
    assert last["result"] == "scored" and new["hand"] == last["hand"]
    assert new["points"] == last["balls"] and new["totals"] == last["totals"] == v["balls"]
    assert [new["totals"][p % 2] for p in range(s.game.num_players)] == s.scores
    marks = new["marks"]
    flat = [m for ms in marks for m in ms]
    assert set(flat) <= set(SHEET_MARKS) and all(len(ms) == len(set(ms)) for ms in marks)
    assert len([m for m in flat if m in DECIDERS]) == 1
    assert [t for t in (0, 1) if "jodi" in marks[t]] == [t for t in (0, 1) if last["jodi"][t] > 0]
    assert [t for t in (0, 1) if "won" in marks[t]] == ([v["winners"][0] % 2] if s.is_over else [])
    called = last["special"] or last["final_call"]
    if called:
        seat = last["special_seat"] if last["special"] else last["final_seat"]
        name = called.replace(" ", "_") + ("" if last["success"] else "_failed")
        assert name in marks[seat % 2]
        if not last["success"]:  # the team that won the failed call's balls says so first
            gainer = 1 - seat % 2
            assert marks[gainer][0] in ("caught", "their_" + name)
    else:
        counted = last["counting_total"] >= last["target"]
        assert ("counted" if counted else "defended") in marks[last["counting_team"] ^ (not counted)]
        assert "last_trick" in marks[last["last_trick_winner"] % 2]
        assert ("bid" in flat) == (last["bid"] > 0)


def _random_match(game, seed: int, check_copies: bool = False):
    """A match of random legal actions; each time a hand ends it is checked that a row was written if and only if the
    hand was scored, and the row is checked."""
    rng = random.Random(seed)
    s = game.new(seed=seed)
    before: list[dict] = []
    scored = 0
    for _ in range(ACTION_BOUND):
        if s.is_over:
            break
        hand = s.hands_played
        s.apply(pick(rng, s.legal_actions()))
        if s.hands_played == hand and not s.is_over:
            assert len(s.sheet) == len(before)
            continue
        after = rows(s)
        assert after[:len(before)] == before  # rows are never changed once written
        scored += seen(s)["last_hand"]["result"] == "scored"
        assert len(after) == scored
        if len(after) > len(before):
            _check_new_row(s, after[-1])
            if check_copies:
                _check_copies(game, s)
        before = after
    assert s.is_over
    return s


def _adds_up(s) -> None:
    running = [0, 0]
    for r in rows(s):
        running = [t + p for t, p in zip(running, r["points"])]
        assert r["totals"] == running


@pytest.mark.parametrize("players,preset,options", TABLES)
def test_random_matches_keep_a_sheet_that_adds_up(players, preset, options):
    game = ThuneeGame(players=players, rules=preset, **options)
    seen_marks: Counter[str] = Counter()
    for seed in range(SEEDS):
        s = _random_match(game, seed)
        sheet = s.score_sheet()
        assert sheet["rows"][-1]["totals"] == seen(s)["balls"]
        hands = [r["hand"] for r in sheet["rows"]]
        assert hands == sorted(set(hands)) and hands[-1] == seen(s)["hand_number"] == s.hands_played
        _adds_up(s)
        seen_marks.update(m for r in sheet["rows"] for ms in r["marks"] for m in ms)
    assert seen_marks["won"] == SEEDS


def test_random_play_writes_the_common_marks():
    """Between them the tables write every mark but the rarest successes (Mooney, the Blind calls), which need a
    hand that wins every trick."""
    seen_marks: Counter[str] = Counter()
    for players, preset, options in TABLES:
        game = ThuneeGame(players=players, rules=preset, **options)
        for seed in range(40):
            seen_marks.update(m for r in rows(_random_match(game, seed)) for ms in r["marks"] for m in ms)
    common = {"counted", "defended", "bid", "last_trick", "jodi", "thunee", "thunee_failed", "royals_failed",
              "blind_thunee_failed", "trip", "trip_failed", "caught", "partner_caught", "double", "double_failed",
              "kanak", "kanak_failed", "royals", "won", "their_thunee_failed", "their_trip_failed",
              "their_double_failed", "their_kanak_failed"}
    assert common <= set(seen_marks), common - set(seen_marks)


@pytest.mark.parametrize("players,preset,options", [TABLES[0], TABLES[4], TABLES[5]])
def test_the_sheet_survives_json_clone_and_an_old_json(players, preset, options):
    game = ThuneeGame(players=players, rules=preset, **options)
    for seed in range(3):
        _random_match(game, seed, check_copies=True)


def _check_copies(game, s) -> None:
    """The sheet is in the JSON text, read back with it and copied by clone; a JSON saved before states kept a sheet
    (without "sheet") loads to an equal state, its sheet rebuilt from the record."""
    text = s.to_json()
    assert json.loads(text)["sheet"] == rows(s)
    back = game.state_from_json(text)
    assert back == s and back.score_sheet() == s.score_sheet()
    assert s.clone().score_sheet() == s.score_sheet()
    old = json.loads(text)
    del old["sheet"]
    assert game.state_from_json(json.dumps(old)) == s
    assert gamenight.replay(s.record()) == s


def test_an_old_json_of_a_dealt_match_rebuilds_its_sheet():
    s = play(last_trick_all_won(jodi="jodi KQd"), "Ks Js Qs Qc")
    old = json.loads(s.to_json())
    del old["sheet"]
    back = s.game.state_from_json(json.dumps(old))
    assert back == s and rows(back) == rows(s) != []
