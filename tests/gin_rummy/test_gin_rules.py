"""Gin Rummy rules G1-G14 and their worked examples GE5-GE13 (docs/games/gin_rummy.md), played through the engine:
every position is dealt with ``deal=`` and reached with public actions, and every fact is read from the views."""
from __future__ import annotations

import json
import random

import pytest
from gin_helpers import dealt, game, knock_hand, late, legal, play, to_discard, to_draw, view, with_totals

import gamenight
from gamenight import IllegalAction, RulesError
from gamenight.core.rng import Rng
from gamenight.gin_rummy import GinRummyRules

# GE6's hands: the knocker holds these ten after discarding Kc face down
KNOCKER_GE6 = "4h 5h 6h 9c 9d 9s Qs Qh Qd 3c Kc"
DEFENDER_GE6 = "7h 3h 9h 5c 6c 2d 2c Jd Jc Kd"
NO_MELDS = ("As 3s 5s 7s 9s Jh Kh 2d 4d 6d", "2s 4s 6s 8s Ts Qh Ah 3d 5d 7d")  # neither hand can knock


def last(s) -> dict:
    return s.view(None)["last_hand"]


# ---- G1, G2, G5: the pack, the deal ------------------------------------------------------------------
def test_g1_two_players_one_pack():
    g = game()
    assert g.num_players == 2
    with pytest.raises(RulesError):
        gamenight.make("gin_rummy", players=3)
    s = g.new(seed=4)
    shown = view(s, 0)["hand"] + view(s, 1)["hand"] + view(s)["discard_pile"]
    assert len(shown) == len(set(shown)) == 21
    assert view(s)["hand_sizes"] == [10, 10] and view(s)["stock_size"] == 31
    stock = json.loads(s.to_json())["stock"]
    assert sorted(shown + stock) == sorted(r + u for r in "A23456789TJQK" for u in "shdc")


def test_g5_deal_alternates_from_the_non_dealer_then_the_upcard():
    g = game()
    for seed in range(5):
        s = g.new(seed=seed)
        rng = Rng(seed)
        dealer = rng.below(2)  # first_dealer=random draws the dealer first
        deck = list(range(52))
        rng.shuffle(deck)
        want: list[list[int]] = [[], []]
        for p in [1 - dealer, dealer] * 10:
            want[p].append(deck.pop())
        names = "A23456789TJQK"
        assert [sorted(view(s, p)["hand"]) for p in (0, 1)] == [
            sorted(names[c % 13] + "shdc"[c // 13] for c in want[p]) for p in (0, 1)]
        up = deck.pop()
        assert view(s)["discard_pile"] == [names[up % 13] + "shdc"[up // 13]]
        assert json.loads(s.to_json())["stock"] == [names[c % 13] + "shdc"[c // 13] for c in deck]
        assert view(s)["dealer"] == dealer and s.current_player == 1 - dealer and view(s)["phase"] == "upcard"
        assert view(s)["stock_size"] == 31


def test_first_dealer_option():
    assert view(game(first_dealer="seat0").new(seed=1))["dealer"] == 0
    assert view(game(first_dealer="seat1").new(seed=1))["dealer"] == 1
    assert {view(game().new(seed=i))["dealer"] for i in range(20)} == {0, 1}


# ---- G6 / GE13: the first upcard -------------------------------------------------------------------
def test_ge13_standard_both_pass_then_non_dealer_draws():
    g = game("standard")
    s = g.new(seed=3, deal={"stock": ["Qc"]})
    nd = s.current_player
    dealer = view(s)["dealer"]
    assert legal(s) == ["take", "pass"]
    s.apply("pass")
    assert s.current_player == dealer and legal(s) == ["take", "pass"]
    s.apply("pass")
    assert s.current_player == nd and legal(s) == ["draw"]
    with pytest.raises(IllegalAction, match="both players passed"):
        s.apply("take")
    s.apply("draw")
    assert "Qc" in view(s, nd)["hand"] and view(s)["phase"] == "discard"
    s.apply(str(s.legal_actions()[0]))
    assert s.current_player == dealer and legal(s) == ["draw", "take"]


def test_ge13_seed_dealer_must_take_and_may_discard_it():
    s = game("seed").new(seed=3)
    up, dealer = view(s)["upcard"], view(s)["dealer"]
    s.apply("pass")
    assert s.current_player == dealer and legal(s) == ["take"]
    with pytest.raises(IllegalAction):
        s.apply("pass")
    s.apply("take")
    assert up in view(s, dealer)["hand"]
    assert up in legal(s)  # G7 seed: the taken card may go straight back
    s.apply(up)
    assert view(s)["discard_pile"] == [up] and s.current_player == 1 - dealer and legal(s) == ["draw", "take"]


def test_g6_the_dealer_who_must_take_a_passed_upcard_is_told_so_and_why_a_pass_is_refused():
    """G6 dealer_takes: the views say the dealer must take (``must_take``); his pass is refused with the rule's
    reason, from the engine. Under the standard rule the dealer may pass, and nobody is told he must take."""
    s = game().new(seed=3)
    assert not any(view(s, p)["must_take"] for p in (0, 1))   # the non-dealer may pass
    s.apply("pass")
    assert all(view(s, p)["must_take"] for p in (0, 1, None))   # a public fact
    with pytest.raises(IllegalAction, match="the non-dealer passed the first upcard, so the dealer must take it"):
        s.apply("pass")
    s.apply("take")
    assert not view(s)["must_take"]
    standard = game("standard").new(seed=3)
    standard.apply("pass")
    assert not view(standard)["must_take"] and legal(standard) == ["take", "pass"]


def test_g6_non_dealer_takes_the_upcard():
    s = game().new(seed=8)
    nd = s.current_player
    up = view(s)["upcard"]
    s.apply("take")
    assert up in view(s, nd)["hand"] and view(s)["discard_pile"] == [] and view(s)["phase"] == "discard"
    assert view(s, 1 - nd)["known"][nd] == [up]


# ---- G7: normal turns ----------------------------------------------------------------------------------
def test_g7_only_the_top_discard_may_be_taken():
    s = dealt(game(), NO_MELDS, "9d", stock="8d Td")
    play(s, "pass", "take", "9d", "draw", "8d", "draw", "Td")
    assert view(s)["discard_pile"] == ["9d", "8d", "Td"] and s.current_player == 0 and legal(s) == ["draw", "take"]
    s.apply("take")
    assert "Td" in view(s, 0)["hand"] and view(s)["discard_pile"] == ["9d", "8d"]


def test_g7_standard_may_not_discard_the_taken_discard():
    g = game("standard")
    s = to_draw(g, NO_MELDS, "Td")
    s.apply("take")
    assert "Td" not in legal(s)
    with pytest.raises(IllegalAction, match="may not be discarded in the same turn"):
        s.apply("Td")
    # a stock card may be discarded at once
    s2 = to_draw(g, NO_MELDS, "Td", stock="Qc")
    s2.apply("draw")
    assert "Qc" in legal(s2)


def test_g7_seed_may_discard_the_taken_discard():
    s = to_draw(game("seed"), NO_MELDS, "Td")
    s.apply("take")
    assert "Td" in legal(s)
    s.apply("Td")
    assert view(s)["discard_pile"] == ["Td"] and s.current_player == 1


# ---- G8 / GE9: knocking ---------------------------------------------------------------------------------
def test_ge9_knock_legal_at_ten_not_at_eleven():
    g = game()
    other = "2h 3h 7h 8h 9h Th 2c 4c 5c 6c"
    # two melds, then Ac 2d 3c 4d: discarding Kd leaves exactly 10
    s = to_discard(g, "As 2s 3s 4h 5h 6h Ac 2d 3c 4d Kd", other)
    assert min(view(s, 0)["discard_deadwood"].values()) == 10 and view(s, 0)["can_knock"]
    assert [a for a in legal(s) if a.startswith("knock")] == ["knock Kd"]
    # GE9: with 5d instead of 4d the best ten keep 11: no knock at all
    s = to_discard(g, "As 2s 3s 4h 5h 6h Ac 2d 3c 5d Kd", other)
    assert min(view(s, 0)["discard_deadwood"].values()) == 11 and not view(s, 0)["can_knock"]
    assert not [a for a in legal(s) if a.startswith("knock")]
    with pytest.raises(IllegalAction, match="over the knock limit of 10"):
        s.apply("knock Kd")


def test_g8_only_discards_that_keep_the_limit_knock():
    s = to_discard(game(), "As 2s 3s 4h 5h 6h 7c 8c 9c Jd Qd", "2h 3h 7h 8h 9h Th 2c 3c 4c 5c")
    knocks = [a for a in legal(s) if a.startswith("knock")]
    assert knocks == ["knock Jd", "knock Qd"]
    left = view(s, 0)["discard_deadwood"]
    assert (left["Jd"], left["Qd"], left["As"]) == (10, 10, 25)  # As leaves 2s 3s unmelded


ACES = "As 2s 3s 4s Ah Ad Jc Qc Kc 3d Kd"  # after knocking Kd: A-4s run, or the aces and 2-4s


def test_g8_knock_is_face_down_and_the_layout_is_the_knockers_choice():
    s = to_discard(game(), ACES, "2h 3h 4h 5c 6c 8c 9c Tc Th Ts", upcard="2d")
    s.apply("knock Kd")
    assert s.view(1)["log"][-1] == [0, "knock"] and s.view(0)["log"][-1] == [0, "knock Kd"]
    assert s.view(None)["log"][-1] == [0, "knock"]
    assert s.view(1)["knock_discard"] is None and s.view(0)["knock_discard"] == "Kd"
    assert "Kd" not in s.view(1)["discard_pile"] and s.view(1)["hand_sizes"] == [10, 10]
    opts = legal(s)
    assert {"meld As+2s+3s+4s", "meld As+Ah+Ad", "meld 2s+3s+4s", "meld Jc+Qc+Kc", "meld As+2s+3s"} <= set(opts)
    assert "done" not in opts
    # the knocker may keep Ah Ad as deadwood (5) although the aces set would leave only 3
    play(s, "meld As+2s+3s+4s", "meld Jc+Qc+Kc")
    assert legal(s) == ["done"]
    s.apply("done")
    assert view(s)["knocker_deadwood"] == 5 and s.view(1)["known"][0] == ["Ah", "Ad", "3d"]
    assert s.view(1)["melds"] == [[0, ["As", "2s", "3s", "4s"]], [0, ["Jc", "Qc", "Kc"]]]


def test_g8_the_knockers_melds_show_only_once_laid():
    s = to_discard(game(), ACES, "2h 3h 4h 5c 6c 8c 9c Tc Th Ts", upcard="2d")
    s.apply("knock Kd")
    assert s.view(1)["melds"] == [] and s.view(1)["known"][0] == []
    s.apply("meld Jc+Qc+Kc")
    assert s.view(1)["melds"] == [[0, ["Jc", "Qc", "Kc"]]] and s.view(1)["knocker_deadwood"] is None


def test_g8_arrangement_of_choice_changes_layoffs():
    g = game()
    defender = "Ac 5s 2h 3h 4h 8c 9c Tc Th Ts"
    s1 = knock_hand(g, ACES, defender, "Kd", ["As+2s+3s+4s", "Jc+Qc+Kc"], upcard="2d")
    assert "layoff 5s run" in legal(s1) and "layoff Ac set" not in legal(s1)
    s2 = knock_hand(g, ACES, defender, "Kd", ["As+Ah+Ad", "2s+3s+4s", "Jc+Qc+Kc"], upcard="2d")
    assert view(s2)["knocker_deadwood"] == 3
    assert {"layoff 5s run", "layoff Ac set"} <= set(legal(s2))
    # once the A-4s run is laid, the aces set is gone: its meld is refused
    s3 = to_discard(g, ACES, defender, upcard="2d")
    play(s3, "knock Kd", "meld As+2s+3s+4s")
    with pytest.raises(IllegalAction, match="do not hold"):
        s3.apply("meld As+Ah+Ad")


def test_g8_a_meld_that_makes_the_limit_unreachable_is_refused():
    # after knocking Kd: 7d-9d, the aces and 2s 3s as deadwood (5); the sevens would strand 8d 9d
    s = to_discard(game(), "7s 7h 7d 7c 8d 9d As 2s 3s Ah Kd", "2h 3h 4h 5c 6c 8c 9c Tc Th Ts", upcard="2d")
    s.apply("knock Kd")
    opts = legal(s)
    assert "meld 7d+8d+9d" in opts and "meld 7s+7h+7c" in opts
    assert "meld 7s+7h+7d+7c" not in opts and "meld 7s+7h+7d" not in opts
    with pytest.raises(IllegalAction, match="could no longer get within 10"):
        s.apply("meld 7s+7h+7d+7c")


# ---- G9 / GE6 / GE10: layoffs ---------------------------------------------------------------------------
def test_ge6_knock_with_layoffs():
    s = knock_hand(game(), KNOCKER_GE6, DEFENDER_GE6, "Kc", ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    assert view(s)["knocker_deadwood"] == 3 and s.current_player == 1
    assert sorted(a for a in legal(s) if a.startswith("layoff")) == ["layoff 3h run", "layoff 7h run",
                                                                      "layoff 9h set"]
    assert view(s, 1)["defender_best_deadwood"] == 45
    play(s, "layoff 7h run", "layoff 3h run", "layoff 9h set", "done")
    assert last(s)["result"] == "knock" and last(s)["defender_deadwood"] == 45 and last(s)["points"] == 42
    assert s.scores == [42, 0] and s.hands_played == 2


def test_ge10_layoff_chain_and_no_skipping():
    g = game()
    knocker = "4h 5h 6h 9c 9d 9s Qs Qh Qd 3c Kc"
    s = knock_hand(g, knocker, "7h 8h 2d 2c Jd Jc Kd 5s 6s Ts", "Kc", ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    assert "layoff 8h run" not in legal(s)
    with pytest.raises(IllegalAction, match="does not fit"):
        s.apply("layoff 8h run")
    s.apply("layoff 7h run")
    assert "layoff 8h run" in legal(s)
    s.apply("layoff 8h run")
    s2 = knock_hand(g, knocker, "8h 7s 2d 2c Jd Jc Kd 5s 6s Ts", "Kc", ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    assert not [a for a in legal(s2) if a.startswith("layoff")]


def test_g9_knocker_never_lays_off_and_defender_melds():
    s = knock_hand(game(), KNOCKER_GE6.replace("3c", "8c"), "2c 3c 4c 5s 5d 5c Tc Jc Qc 6d", "Kc",
                   ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    opts = legal(s)
    assert "meld 2c+3c+4c" in opts and "meld Tc+Jc+Qc" in opts and "meld 5s+5d+5c" in opts
    assert "layoff 6d run" not in opts and "layoff 6d set" not in opts


def test_g9_set_or_run_target_matters():
    # knocker: 7s 7h 7d set and 4c 5c 6c run; the defender's 7c fits both, 8c only after 7c on the run
    s = knock_hand(game(), "7s 7h 7d 4c 5c 6c As 2s 3s Ah Kd", "7c 8c Qh Qd Jh Jd Th Td 9h 9d", "Kd",
                   ["7s+7h+7d", "4c+5c+6c", "As+2s+3s"])
    assert {"layoff 7c set", "layoff 7c run"} <= set(legal(s))
    s2 = s.clone()
    s.apply("layoff 7c set")
    assert "layoff 8c run" not in legal(s)
    s2.apply("layoff 7c run")
    assert "layoff 8c run" in legal(s2)


# ---- G10 / GE5, GE7, GE8: scoring --------------------------------------------------------------------------
def test_ge5_gin_no_layoffs():
    s = knock_hand(game(), "As Ah Ad 2s 3s 4s 5s Jc Qc Kc 9d", "7h 3h 9h 5c 6c 2d 2c Jd Jh Kd", "9d",
                   ["As+Ah+Ad", "2s+3s+4s+5s", "Jc+Qc+Kc"])
    assert view(s)["knocker_deadwood"] == 0
    assert not [a for a in legal(s) if a.startswith("layoff")]
    s.apply("done")
    assert last(s)["result"] == "gin" and last(s)["points"] == 89 and s.scores == [89, 0]
    assert view(s)["last_hand_score"] == "64 + gin bonus 25"


def test_g10_gin_scores_the_bonus_even_against_zero():
    g = game()
    s = knock_hand(g, "As Ah Ad 2s 3s 4s 5s Jc Qc Kc 9d", "7h 8h 9h 5c 6c 7c 2d 3d 4d Th", "9d",
                   ["As+Ah+Ad", "2s+3s+4s+5s", "Jc+Qc+Kc"])
    play(s, "meld 7h+8h+9h", "meld 5c+6c+7c", "meld 2d+3d+4d", "done")
    assert last(s)["defender_deadwood"] == 10 and last(s)["points"] == 35
    s = knock_hand(g, "As Ah Ad 2s 3s 4s 5s Jc Qc Kc 9d", "7h 8h 9h Th 5c 6c 7c 2d 3d 4d", "9d",
                   ["As+Ah+Ad", "2s+3s+4s+5s", "Jc+Qc+Kc"])
    play(s, "meld 7h+8h+9h+Th", "meld 5c+6c+7c", "meld 2d+3d+4d", "done")
    assert last(s)["defender_deadwood"] == 0 and last(s)["result"] == "gin" and last(s)["points"] == 25


def test_ge7_undercut():
    s = knock_hand(game(), "4h 5h 6h 9c 9d 9s Qs Qh Qd 8c Kc", "2c 3c 4c 5s 5d 5c Tc Jc Qc 6d", "Kc",
                   ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    assert view(s)["knocker_deadwood"] == 8
    play(s, "meld 2c+3c+4c", "meld 5s+5d+5c", "meld Tc+Jc+Qc", "done")
    assert last(s)["result"] == "undercut" and last(s)["scorer"] == 1 and last(s)["points"] == 27
    assert s.scores == [0, 27] and view(s)["last_hand_score"] == "8 − 6 + undercut bonus 25"


@pytest.mark.parametrize("tie_is_undercut,scores,line", [(False, [0, 0], "tie at 8: nobody scores"),
                                                         (True, [0, 25], "tie at 8: undercut bonus 25")])
def test_ge8_tie(tie_is_undercut, scores, line):
    g = game(tie_is_undercut=tie_is_undercut)
    s = knock_hand(g, "4h 5h 6h 9c 9d 9s Qs Qh Qd 8c Kc", "2c 3c 4c 5s 5d 5c Tc Jc Qc 8s", "Kc",
                   ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    play(s, "meld 2c+3c+4c", "meld 5s+5d+5c", "meld Tc+Jc+Qc")
    assert "layoff 8s run" not in legal(s)
    s.apply("done")
    assert last(s)["knocker_deadwood"] == last(s)["defender_deadwood"] == 8
    assert last(s)["result"] == ("undercut" if tie_is_undercut else "draw") and s.scores == scores
    assert view(s)["last_hand_score"] == line


def test_g10_bonuses_are_options():
    s = knock_hand(game(gin_bonus=20, undercut_bonus=10), "4h 5h 6h 9c 9d 9s Qs Qh Qd 8c Kc",
                   "2c 3c 4c 5s 5d 5c Tc Jc Qc 6d", "Kc", ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    play(s, "meld 2c+3c+4c", "meld 5s+5d+5c", "meld Tc+Jc+Qc", "done")
    assert last(s)["points"] == 12


def test_g10_defender_who_stops_early_counts_every_unlaid_card():
    s = knock_hand(game(), KNOCKER_GE6, DEFENDER_GE6, "Kc", ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    assert view(s, 1)["hand_value"] == 64 and view(s, 1)["defender_best_deadwood"] == 45
    s.apply("done")
    assert last(s)["defender_deadwood"] == 64 and last(s)["points"] == 61
    assert view(s)["last_hand_score"] == "64 − 3"


# ---- G11 / GE12: the end of the stock -------------------------------------------------------------------------
def test_ge12_two_card_dead_hand():
    s = late(game(), NO_MELDS, "Qc")
    dealer, hand_no = view(s)["dealer"], s.hands_played
    play(s, "draw", "Qc")
    assert last(s)["result"] == "dead" and last(s)["reason"] == "stock"
    assert s.scores == [0, 0] and view(s)["dealer"] == dealer and s.hands_played == hand_no + 1
    assert view(s)["last_hand_score"] is None


def test_g11_two_card_dead_still_allows_the_knock():
    s = late(game(), ("As 2s 3s 4h 5h 6h 7c 8c 9c Jd", "2h 3h 7h 8h 9h Th 2c 3c 4c 5c"), "Ad")
    s.apply("draw")
    assert "knock Jd" in legal(s)
    play(s, "knock Jd", "meld As+2s+3s", "meld 4h+5h+6h", "meld 7c+8c+9c", "done")
    assert view(s)["phase"] == "defend"


def test_g11_hoyle_the_draw_leaving_two_ends_the_hand():
    s = late(game(stock_end="hoyle"), ("As 2s 3s 4h 5h 6h 7c 8c 9c Jd", "2h 3h 7h 8h 9h Th 2c 3c 4c 5c"), "Ad")
    s.apply("draw")  # leaves 2: dead at once, even though Ad would have allowed a knock
    assert last(s)["result"] == "dead" and s.hands_played == 2


def test_g11_tournament_50th_card():
    g = game(stock_end="tournament_50th_card")
    s = late(g, NO_MELDS, "Qc")
    play(s, "draw", "Qc")
    assert view(s)["phase"] == "wall" and s.current_player == 1 and legal(s) == ["pass"]
    s.apply("pass")
    assert last(s)["result"] == "dead" and last(s)["reason"] == "wall"
    # a discard that lets the opponent knock may be taken, and then he must knock
    s = late(g, ("As 3s 5s 7s 9s Jh Kh 2d 4d 6d", "Ac 2c 3c 4h 5h 6h 7c 8c Jd Qd"), "9c")
    play(s, "draw", "9c")
    assert legal(s) == ["take", "pass"]
    s.apply("take")
    assert all(a.startswith("knock") for a in legal(s)) and "knock Qd" in legal(s)
    assert view(s, 1)["must_knock"] and view(s, 1)["can_knock"]
    with pytest.raises(IllegalAction, match="must knock"):
        s.apply("Qd")


# ---- G12, G13, G14 / GE11: the match --------------------------------------------------------------------------
GE11_KNOCKER, GE11_DEFENDER = "As 2s 3s 4h 5h 6h 7c 8c 9c Ad Kd", "Th Jh Qh 2d 3d 3c Tc Jc Qc Kc"
GE11_MELDS = ["As+2s+3s", "4h+5h+6h", "7c+8c+9c"]


def test_ge11_modern_final_totals():
    # knocker deadwood 1 (Ad); the defender melds down to 8 -> 7 points
    s = knock_hand(game("modern"), GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS)
    s = with_totals(s, [95, 40], [4, 2])
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert last(s)["defender_deadwood"] == 8 and last(s)["points"] == 7
    assert s.is_over and s.winners == [0]
    assert s.scores == [102 + 100 + 5 * 25, 40 + 2 * 25] == [327, 90]
    assert last(s)["match"]["totals_before_bonuses"] == [102, 40]


def test_ge11_seed_target_102_wins():
    s = with_totals(knock_hand(game(), GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS), [95, 40])
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert s.is_over and s.winners == [0] and s.scores == [102, 40] and s.returns() == [1.0, 0.0]
    assert s.current_player is None and s.legal_actions() == []


def test_g12_game_target_option():
    s = with_totals(knock_hand(game(game_target=150), GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS), [95, 40])
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert not s.is_over and s.scores == [102, 40]


@pytest.mark.parametrize("next_dealer,after_win,after_draw", [("winner", 0, 1), ("alternate", 0, 0)])
def test_g13_next_dealer(next_dealer, after_win, after_draw):
    g = game(next_dealer=next_dealer)
    s = knock_hand(g, GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS)  # seat 1 deals
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert view(s)["dealer"] == after_win and s.current_player == 1 - after_win
    # a drawn hand (k = d = 8): the winner rule keeps the dealer, alternate passes the deal
    s = knock_hand(g, "4h 5h 6h 9c 9d 9s Qs Qh Qd 8c Kc", "2c 3c 4c 5s 5d 5c Tc Jc Qc 8s", "Kc",
                   ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    play(s, "meld 2c+3c+4c", "meld 5s+5d+5c", "meld Tc+Jc+Qc", "done")
    assert last(s)["result"] == "draw" and view(s)["dealer"] == after_draw


def test_g13_dead_hand_keeps_the_dealer_even_alternating():
    s = late(game(next_dealer="alternate"), NO_MELDS, "Qc")  # seat 1 deals
    play(s, "draw", "Qc")
    assert last(s)["result"] == "dead" and view(s)["dealer"] == 1


def test_g14_big_gin():
    hand11, other = "As 2s 3s 4s 5h 6h 7h 8h Jc Qc Kc", "2h 3h 4h 9h Th 2c 3c 4c 9c Tc"
    assert "biggin" not in legal(to_discard(game(), hand11, other))
    s = to_discard(game(big_gin_bonus=31), hand11, other)
    assert "biggin" in legal(s)
    s.apply("biggin")
    assert "done" not in legal(s)
    play(s, "meld As+2s+3s+4s", "meld 5h+6h+7h+8h", "meld Jc+Qc+Kc")
    assert legal(s)[0] == "done"
    s.apply("done")
    assert not [a for a in legal(s) if a.startswith("layoff")]
    play(s, "meld 2h+3h+4h", "meld 2c+3c+4c", "done")
    assert last(s)["result"] == "big_gin" and last(s)["points"] == 9 + 10 + 9 + 10 + 31
    assert view(s)["last_hand_score"] == "38 + big gin bonus 31"


def test_g14_box_game_and_shutout_bonuses():
    s = knock_hand(game(box_bonus=25, game_bonus=100, shutout="double"), GE11_KNOCKER, GE11_DEFENDER, "Kd",
                   GE11_MELDS)
    s = with_totals(s, [95, 0], [3, 0])
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert s.scores == [(102 + 4 * 25 + 100) * 2, 0] and last(s)["match"]["shutout"]
    s = with_totals(knock_hand(game("classic"), GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS), [95, 0], [3, 0])
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert s.scores == [102 + 4 * 20 + 100 + 100, 0]


def test_d4_palace_boxes_count_at_once():
    s = with_totals(knock_hand(game("palace"), GE11_KNOCKER, GE11_DEFENDER, "Kd", GE11_MELDS), [85, 0])
    play(s, "meld Th+Jh+Qh", "meld Tc+Jc+Qc+Kc", "done")
    assert s.is_over and s.scores == [85 + 7 + 10, 0]  # no game or shutout bonus


def test_d4_oklahoma_upcard_sets_the_knock_limit():
    g = game(oklahoma=True)
    for up, limit in (("As", 0), ("Ah", 0), ("2h", 2), ("7c", 7), ("9d", 9), ("Td", 10), ("Js", 10), ("Kc", 10)):
        s = g.new(seed=1, deal={"upcard": up})
        assert view(s, 0)["knock_limit"] == view(s)["knock_limit"] == limit
    for seed in range(30):
        v = view(g.new(seed=seed))
        value = min("A23456789TJQK".index(v["upcard"][0]) + 1, 10)
        assert v["knock_limit"] == (0 if value == 1 else value)
    with pytest.raises(RulesError):
        game(oklahoma_spades_double=True)


def test_d4_oklahoma_spade_doubles():
    g = game(oklahoma=True, oklahoma_spades_double=True)
    s = knock_hand(g, KNOCKER_GE6, DEFENDER_GE6, "Kc", ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"], upcard="Ts")
    assert view(s)["knock_limit"] == 10
    play(s, "layoff 7h run", "layoff 3h run", "layoff 9h set", "done")
    assert last(s)["points"] == 84 and last(s)["doubled"]
    assert view(s)["last_hand_score"] == "(45 − 3) × 2 for a spade upcard"


def test_d4_straight_gin():
    g = game(knock_limit=0)
    s = to_discard(g, "As 2s 3s 4h 5h 6h 7c 8c 9c Ad Kd", "2h 3h 7h 8h 9h Th 2c 3c 4c 5c")
    assert not [a for a in legal(s) if a.startswith("knock")]
    s = to_discard(g, "As 2s 3s 4h 5h 6h 7c 8c 9c Tc Kd", "2h 3h 7h 8h 9h Th 2c 3c 4c 5c")
    assert legal(s)[-1] == "knock Kd"


# ---- options and presets -------------------------------------------------------------------------------------
def test_presets():
    assert GinRummyRules.DEFAULT_PRESET == "japanese"
    assert set(GinRummyRules.PRESETS) >= {"japanese", "standard", "modern", "classic", "openspiel"}
    default = game().rules
    assert (default.knock_limit, default.gin_bonus, default.undercut_bonus, default.tie_is_undercut,
            default.first_upcard, default.may_discard_taken_discard, default.stock_end, default.game_target,
            default.next_dealer, default.big_gin_bonus, default.box_bonus, default.game_bonus, default.shutout,
            default.oklahoma) == (
        10, 25, 25, False, "dealer_takes", True, "two_card_dead", 100, "winner", None, 0, 0, "none", False)
    std = game("standard").rules
    assert std.first_upcard == "standard" and not std.may_discard_taken_discard and not std.tie_is_undercut
    modern = game("modern").rules
    assert (modern.tie_is_undercut, modern.big_gin_bonus, modern.box_bonus, modern.game_bonus,
            modern.shutout) == (True, 31, 25, 100, "double")
    classic = game("classic").rules
    assert (classic.gin_bonus, classic.undercut_bonus, classic.box_bonus, classic.shutout,
            classic.shutout_bonus) == (20, 10, 20, "bonus", 100)
    ops = game("openspiel").rules
    assert ops.single_hand and ops.first_upcard == "standard" and ops.stock_end == "tournament_50th_card"
    assert ops.may_discard_taken_discard and not ops.tie_is_undercut and ops.knock_limit == 10


@pytest.mark.parametrize("bad", [{"knock_limit": -1}, {"knock_limit": "ten"}, {"first_upcard": "maybe"},
                                 {"stock_end": "never"}, {"tie_is_undercut": "perhaps"}, {"no_such": 1},
                                 {"big_gin_bonus": "lots"}, {"shutout": "triple"}, {"game_target": 0}])
def test_bad_options_raise_rules_error(bad):
    with pytest.raises(RulesError):
        game(**bad)


def test_options_from_text():
    g = game(knock_limit="7", big_gin_bonus="off", tie_is_undercut="yes", max_pile_takes="unlimited")
    assert g.rules.knock_limit == 7 and g.rules.big_gin_bonus is None and g.rules.tie_is_undercut


def test_openspiel_preset_single_hand():
    g = game("openspiel")
    s = g.new(seed=1)
    assert view(s)["dealer"] == 1 and s.current_player == 0  # OpenSpiel's player 0 acts first
    s = late(g, NO_MELDS, "Qc")
    play(s, "draw", "Qc", "pass")
    assert s.is_over and s.winners == [0, 1] and s.scores == [0, 0] and s.returns() == [0.5, 0.5]
    s = knock_hand(g, KNOCKER_GE6, DEFENDER_GE6, "Kc", ["4h+5h+6h", "9s+9d+9c", "Qs+Qh+Qd"])
    play(s, "done")
    assert s.is_over and s.winners == [0] and s.scores == [61, 0] and s.hands_played == 1


def test_openspiel_guards():
    # both take the upcard in turn and throw it straight back: the hand is dead
    s = dealt(game("openspiel"), NO_MELDS, "Kd")
    play(s, "take", "Kd", "take", "Kd")
    assert s.is_over and last(s)["reason"] == "repeat"
    # the third take from the discard pile (the first upcard's is not one) kills the hand
    s = dealt(game(max_pile_takes=3), NO_MELDS, "Kd")
    play(s, "take", "As", "take", "2s", "take", "3s")
    assert view(s)["pile_takes"] == 2
    s.apply("take")
    assert last(s)["result"] == "dead" and last(s)["reason"] == "takes"


# ---- where OpenSpiel itself differs (docs/games/gin_rummy.md, choice 11): gamenight keeps G8 and G9 ------
def test_openspiel_preset_g8_knock_that_openspiel_refuses():
    # Discarding 7c leaves 5s 5d 5c | 6s 6h 6d 6c | 3s 3d 4c = 10: a legal knock (G8).
    # OpenSpiel's 11-card minimum deadwood melds the most value first, 6s 6h 6d + 4c 5c 6c 7c (40), then
    # drops the highest deadwood card: 3s 5s 3d 5d minus a 5 = 11 > 10, so OpenSpiel offers no knock here.
    s = to_discard(game("openspiel"), "3s 5s 6s 6h 3d 5d 6d 4c 5c 6c 7c", "2h 3h 7h 8h 9h Th 2c Ts Js Qs")
    assert min(view(s, 0)["discard_deadwood"].values()) == 10
    assert [a for a in legal(s) if a.startswith("knock")] == ["knock 7c"]
    play(s, "knock 7c", "meld 5s+5d+5c", "meld 6s+6h+6d+6c", "done")
    assert view(s)["knocker_deadwood"] == 10


def test_openspiel_preset_g9_layoff_chain_of_three_on_one_end():
    # G9 "repeatedly": 4h 5h 6h takes 7h, then 8h, then 9h. OpenSpiel extends a run only by the layoffs
    # next to the meld as laid, so it stops after two cards per end (it would not offer 9h).
    s = knock_hand(game("openspiel"), "4h 5h 6h Jc Jd Js Qs Qh Qd 3c Kc", "7h 8h 9h 2d 2c 5c 6c Td Kd 5s", "Kc",
                   ["4h+5h+6h", "Js+Jd+Jc", "Qs+Qh+Qd"])
    for card in ("7h", "8h", "9h"):
        assert [a for a in legal(s) if a.startswith("layoff")] == [f"layoff {card} run"]
        s.apply(f"layoff {card} run")
    s.apply("done")
    assert last(s)["defender_deadwood"] == 40 and s.scores == [37, 0]


def test_option_combinations_are_checked():
    with pytest.raises(RulesError, match="oklahoma"):
        game(oklahoma_spades_double=True)
    with pytest.raises(RulesError, match="shutout_bonus"):
        game(shutout_bonus=50)
    assert game(shutout="bonus", shutout_bonus=50).rules.shutout_bonus == 50
    with pytest.raises(RulesError):
        gamenight.make("gin_rummy", rules="straight_gin_please")


def test_refusals_say_why():
    s = to_draw(game("standard"), NO_MELDS, "Td")
    with pytest.raises(IllegalAction, match="take a card first"):
        s.apply("As")
    with pytest.raises(IllegalAction, match="Legal now: draw, take"):
        s.apply("knock As")
    s.apply("take")
    with pytest.raises(IllegalAction, match="you do not hold 2s"):
        s.apply("2s")
    with pytest.raises(IllegalAction, match="big gin is not played"):
        s.apply("biggin")
    with pytest.raises(IllegalAction, match="cannot read action"):
        s.apply("throw the 7")
    with pytest.raises(IllegalAction, match="not a meld"):
        s.apply("meld Qs+Ks+As")
    s = knock_hand(game(), "As Ah Ad 2s 3s 4s 5s Jc Qc Kc 9d", "7h 3h 9h 5c 6c 2d 2c Jd Jh Kd", "9d",
                   ["As+Ah+Ad", "2s+3s+4s+5s", "Jc+Qc+Kc"])
    with pytest.raises(IllegalAction, match="no layoffs on gin"):
        s.apply("layoff 6s run")


def test_former_names_still_read():
    """The default preset was called "seed" and its first-upcard rule "seed": records and commands that use the
    old names read as the new ones (and replay the same moves)."""
    old = gamenight.make("gin_rummy", rules={"preset": "seed", "first_upcard": "seed"}).rules
    assert (old.preset, old.first_upcard) == ("japanese", "dealer_takes")
    assert gamenight.make("gin_rummy", rules="seed").rules == gamenight.make("gin_rummy").rules
    state = gamenight.make("gin_rummy").new(seed=3)
    rng = random.Random(3)
    while not state.is_over and len(state.history) < 200:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    record["rules"] = {**record["rules"], "preset": "seed", "first_upcard": "seed"}
    assert gamenight.replay(record) == state
