"""Gin Rummy's score sheet (docs/games/gin_rummy.md, "Score sheet"): a row per finished hand, dead hands included,
with what each seat gained in the hand, the match totals after it as the views show them (on the match's last hand
with the bonuses added at the end) and marks for what happened. Positions are dealt with ``deal=`` and played with
public actions; the facts are read from ``score_sheet()``, the views, ``scores`` and the JSON."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from gin_helpers import game, knock_hand, late, play, with_totals

import gamenight

KNOCKER_GE6 = "4h 5h 6h 9c 9d 9s Qs Qh Qd 3c Kc"
DEFENDER_GE6 = "7h 3h 9h 5c 6c 2d 2c Jd Jc Kd"
GE6_MELDS = ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"]
UNDERCUT_KNOCKER = "4h 5h 6h 9c 9d 9s Qs Qh Qd 8c Kc"
NO_MELDS = ("As 3s 5s 7s 9s Jh Kh 2d 4d 6d", "2s 4s 6s 8s Ts Qh Ah 3d 5d 7d")
GE11_KNOCKER, GE11_DEFENDER = "As 2s 3s 4h 5h 6h 7c 8c 9c Ad Kd", "Th Jh Qh 2d 3d 3c Tc Jc Qc Kc"
GE11_MELDS = ["As+2s+3s", "4h+5h+6h", "7c+8c+9c"]


def rows(state) -> list[dict]:
    return state.score_sheet()["rows"]


def row(hand: int, points: list[int], totals: list[int], marks: list[list[str]]) -> dict:
    return {"hand": hand, "points": points, "totals": totals, "marks": marks}


# ---- worked examples ---------------------------------------------------------------------------------------
def test_a_new_match_has_an_empty_sheet_of_points():
    sheet = game().new(seed=1).score_sheet()
    assert sheet["columns"] == [[0], [1]] and sheet["unit"] == "points" and sheet["low_wins"] is False
    assert sheet["rows"] == []
    assert {"knock", "gin", "big_gin", "undercut", "draw", "dead"} <= set(sheet["marks"])


def test_gin_is_one_row_with_the_mark_gin():
    s = knock_hand(game(), "As Ah Ad 2s 3s 4s 5s Jc Qc Kc 9d", "7h 3h 9h 5c 6c 2d 2c Jd Jh Kd", "9d",
                   ["As+Ah+Ad", "2s+3s+4s+5s", "Jc+Qc+Kc"])
    assert rows(s) == []  # the hand is not over until the defender says done
    s.apply("done")
    assert rows(s) == [row(1, [89, 0], [89, 0], [["gin"], []])]
    assert s.view(None)["hand_number"] == 2 and s.scores == [89, 0]


def test_a_knock_scores_the_knocker():
    s = knock_hand(game(), KNOCKER_GE6, DEFENDER_GE6, "Kc", GE6_MELDS)
    s.apply("done")  # the defender stops early: 64 - 3
    assert rows(s) == [row(1, [61, 0], [61, 0], [["knock"], []])]


def test_an_undercut_marks_the_knocker_and_the_defender_who_undercut():
    s = knock_hand(game(), UNDERCUT_KNOCKER, "2c 3c 4c 5s 5d 5c Tc Jc Qc 6d", "Kc", GE6_MELDS)
    play(s, "meld 2c+3c+4c", "meld 5s+5d+5c", "meld Tc+Jc+Qc", "done")
    assert rows(s) == [row(1, [0, 27], [0, 27], [["knock"], ["undercut"]])]


@pytest.mark.parametrize("tie_is_undercut,expected", [
    (False, row(1, [0, 0], [0, 0], [["knock", "draw"], ["draw"]])),
    (True, row(1, [0, 25], [0, 25], [["knock"], ["undercut"]])),
])
def test_equal_deadwood_is_a_draw_or_an_undercut(tie_is_undercut, expected):
    s = knock_hand(game(tie_is_undercut=tie_is_undercut), UNDERCUT_KNOCKER, "2c 3c 4c 5s 5d 5c Tc Jc Qc 8s", "Kc",
                   GE6_MELDS)
    play(s, "meld 2c+3c+4c", "meld 5s+5d+5c", "meld Tc+Jc+Qc", "done")
    assert rows(s) == [expected]


def test_a_dead_hand_is_a_row_of_nothing_marked_dead():
    s = late(game(), NO_MELDS, "Qc")
    play(s, "draw", "Qc")
    assert s.view(None)["last_hand"]["result"] == "dead" and s.view(None)["hand_number"] == 2
    assert rows(s) == [row(1, [0, 0], [0, 0], [["dead"], ["dead"]])]


def test_big_gin():
    s = play(game(big_gin_bonus=31).new(seed=1, deal={
        "dealer": 1, "hands": ["As 2s 3s 4s 5h 6h 7h 8h Jc Qc".split(), "2h 3h 4h 9h Th 2c 3c 4c 9c Tc".split()],
        "upcard": "Ad", "stock": ["Kc"]}), "pass", "take", "Ad", "draw", "biggin",
        "meld As+2s+3s+4s", "meld 5h+6h+7h+8h", "meld Jc+Qc+Kc", "done", "meld 2h+3h+4h", "meld 2c+3c+4c", "done")
    assert rows(s) == [row(1, [69, 0], [69, 0], [["big_gin"], []])]


def test_a_spade_upcard_doubles_and_says_so():
    g = game(oklahoma=True, oklahoma_spades_double=True)
    s = knock_hand(g, KNOCKER_GE6, DEFENDER_GE6, "Kc", GE6_MELDS, upcard="Ts")
    play(s, "layoff 7h run", "layoff 3h run", "layoff 9h set", "done")
    assert rows(s) == [row(1, [84, 0], [84, 0], [["knock", "doubled"], []])]


def test_the_match_end_bonuses_are_in_the_last_rows_totals_and_marks():
    # GE11 under modern scoring: 95 + 7 reaches 100; boxes (25 a hand won), the game bonus 100
    s = with_totals(knock_hand(game("modern"), GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS), [95, 40], [4, 2])
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert s.is_over and s.scores == [327, 90]
    assert rows(s) == [row(1, [7, 0], [327, 90], [["knock", "boxes", "game"], ["boxes"]])]
    match = s.view(None)["last_hand"]["match"]
    assert [b - p for b, p in zip(match["totals_before_bonuses"], rows(s)[0]["points"])] == [95, 40]


def test_a_shutout_is_marked_on_the_winner():
    g = game(box_bonus=25, game_bonus=100, shutout="double")
    s = with_totals(knock_hand(g, GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS), [95, 0], [3, 0])
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert rows(s) == [row(1, [7, 0], [(102 + 4 * 25 + 100) * 2, 0], [["knock", "boxes", "game", "shutout"], []])]


def test_an_immediate_box_is_part_of_the_hands_points():
    s = knock_hand(game("palace"), GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS)
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert rows(s) == [row(1, [7 + 10, 0], [17, 0], [["knock", "box"], []])]


def test_a_single_hand_match_has_one_row():
    s = knock_hand(game(single_hand=True), KNOCKER_GE6, DEFENDER_GE6, "Kc", GE6_MELDS)
    s.apply("done")
    assert s.is_over and rows(s) == [row(1, [61, 0], [61, 0], [["knock"], []])]


# ---- properties over random matches -------------------------------------------------------------------------
TABLES = [  # random play seldom knocks a single hand: that table plays more matches
    ("japanese", {}),
    ("modern", {}),
    ("palace", {}),
    ("classic", {"knock_limit": 30, "game_target": 50}),
    ("modern", {"knock_limit": 30, "game_target": 60, "box_credit": "immediate", "tie_is_undercut": False}),
    ("standard", {"stock_end": "tournament_50th_card", "next_dealer": "alternate", "knock_limit": 25,
                  "shutout": "bonus", "game_bonus": 50}),
    ("japanese", {"stock_end": "hoyle", "big_gin_bonus": 31, "knock_limit": 30, "game_target": 40}),
    ("japanese", {"single_hand": True, "oklahoma": True, "oklahoma_spades_double": True}),
    ("openspiel", {}),
]
ACTION_BOUND = 200_000
SEEDS = 12


def _check_new_row(s, new: dict, before: int) -> None:
    """A row just written: the hand just finished, as its public summary and the views show it."""
    v = s.view(None)
    last, rules = v["last_hand"], s.game.rules
    assert new["hand"] == before == last["hand"]
    assert new["totals"] == v["scores"] == s.scores
    assert len(rows(s)) == len(v["results"])
    box = rules.box_bonus if rules.box_credit == "immediate" and not rules.single_hand else 0
    scorer = last["scorer"]
    assert new["points"] == [last["points"] + box if p == scorer else 0 for p in (0, 1)]
    marks = [m for ms in new["marks"] for m in ms]
    assert all(m in s.score_sheet()["marks"] for m in marks)
    if last["result"] == "dead":
        assert new["marks"] == [["dead"], ["dead"]]
    else:
        assert new["marks"][last["knocker"]][0] == {"gin": "gin", "big_gin": "big_gin"}.get(last["result"], "knock")
        assert ("undercut" in marks) == (last["result"] == "undercut")
        assert ("doubled" in marks) == (scorer is not None and last["doubled"])


def _adds_up(s) -> None:
    """Each row's totals are the last row's plus its points, but on the match's last hand, whose totals also hold
    the bonuses added at the end (boxes, game, shutout): there the points add up to the totals before them."""
    sheet = rows(s)
    running = [0, 0]
    for i, r in enumerate(sheet):
        running = [t + p for t, p in zip(running, r["points"])]
        match = s.view(None)["last_hand"].get("match") if i == len(sheet) - 1 else None
        if match is None:
            assert r["totals"] == running
        else:
            assert match["totals_before_bonuses"] == running and match["totals"] == r["totals"]
            assert bool({"boxes", "game", "shutout"} & {m for ms in r["marks"] for m in ms}) == (running != r["totals"])


def pick(rng: random.Random, legal: list):
    """A random legal action, but one that lays a card rather than ``done`` while there is one (so hands are laid
    out, and undercuts happen)."""
    laying = [a for a in legal if str(a) != "done"] if len(legal) > 1 else legal
    return rng.choice(laying if laying else legal)


def _random_match(g, seed: int, check_copies: bool = False):
    """A match of random legal actions; each time a hand ends (the next is dealt, or the match is over) its row is
    checked, and the sheet then holds exactly one row per finished hand."""
    rng = random.Random(seed)
    s = g.new(seed=seed)
    for _ in range(ACTION_BOUND):
        if s.is_over:
            break
        before = s.hands_played
        s.apply(pick(rng, s.legal_actions()))
        if s.hands_played != before or s.is_over:
            sheet = rows(s)
            assert len(sheet) == (s.hands_played if s.is_over else s.hands_played - 1)
            _check_new_row(s, sheet[-1], before)
            if check_copies:
                _check_copies(g, s, replay=len(sheet) == 1)
    assert s.is_over
    return s


# the first two tables (the japanese and modern presets as they are) play the longest matches: `make check` leaves
# them to `make test`
@pytest.mark.parametrize("preset,options", [pytest.param(*table, marks=pytest.mark.slow) for table in TABLES[:2]]
                         + TABLES[2:])
def test_random_matches_keep_a_sheet_that_adds_up(preset, options):
    g = game(preset, **options)
    seen: Counter[str] = Counter()
    for seed in range(SEEDS * (40 if g.rules.single_hand else 1)):
        s = _random_match(g, seed)
        sheet = s.score_sheet()
        assert len(sheet["rows"]) == s.hands_played == len(s.view(None)["results"])  # every hand finished
        assert [r["hand"] for r in sheet["rows"]] == list(range(1, s.hands_played + 1))
        assert sheet["rows"][-1]["totals"] == s.scores
        _adds_up(s)
        seen.update(m for r in sheet["rows"] for ms in r["marks"] for m in ms)
    assert seen["knock"] + seen["gin"] + seen["big_gin"] > 0 and set(seen) <= set(g.new(seed=0).score_sheet()["marks"])


def test_random_play_reaches_every_kind_of_row():
    """The quick random tables (a knock limit up to 30, low targets) between them write every mark but gin, big gin,
    draw and doubled (random hands almost never go gin or tie; the worked examples show those)."""
    seen: Counter[str] = Counter()
    for preset, options in TABLES[3:]:
        g = game(preset, **options)
        for seed in range(SEEDS):
            seen.update(m for r in _random_match(g, seed).score_sheet()["rows"] for ms in r["marks"] for m in ms)
    assert {"knock", "undercut", "dead", "box", "boxes", "game", "shutout"} <= set(seen)


@pytest.mark.parametrize("preset,options", TABLES[2:])
def test_the_sheet_survives_json_clone_and_replay(preset, options):
    g = game(preset, **options)
    for seed in range(3):
        _check_copies(g, _random_match(g, seed, check_copies=True), replay=True)


def _check_copies(g, s, replay: bool) -> None:
    """The sheet is in the JSON text, read back with it, copied by clone; and (``replay``) rebuilt by replaying the
    record of a state saved without one, as a state saved before states kept a sheet."""
    text = s.to_json()
    assert json.loads(text)["sheet"] == rows(s)
    assert text == gamenight.core.game.State.to_json(s)  # the fast to_json writes the same text, sheet included
    back = g.state_from_json(text)
    assert back == s and back.score_sheet() == s.score_sheet()
    assert s.clone().score_sheet() == s.score_sheet()
    if replay:
        old = json.loads(text)
        del old["sheet"]
        assert g.state_from_json(json.dumps(old)) == s
        assert gamenight.replay(s.record()) == s


def test_an_old_json_of_a_dealt_match_rebuilds_its_sheet():
    s = late(game(), NO_MELDS, "Qc")
    play(s, "draw", "Qc")
    old = json.loads(s.to_json())
    del old["sheet"]
    back = s.game.state_from_json(json.dumps(old))
    assert back == s and rows(back) == [row(1, [0, 0], [0, 0], [["dead"], ["dead"]])]


def test_a_clones_sheet_goes_its_own_way():
    s = knock_hand(game(), KNOCKER_GE6, DEFENDER_GE6, "Kc", GE6_MELDS)
    twin = s.clone()
    twin.apply("done")
    assert rows(s) == [] and len(rows(twin)) == 1
