"""Setting up a position (docs/games/gin_rummy.md): ``game.new(seed, deal={...})`` deals the first hand as written,
the seed deals what the deal leaves out, a deal that cannot be is refused saying why, and such a match replays from
its record."""
from __future__ import annotations

import json
import random

import pytest
from gin_helpers import game, legal, play, view

import gamenight

H0 = ["As", "2s", "3s", "7h", "7d", "7c", "Kd", "Qc", "4h", "9s"]
H1 = ["2h", "3h", "5h", "8h", "9h", "Th", "2c", "4c", "5c", "6c"]
PACK = sorted(r + u for r in "A23456789TJQK" for u in "shdc")


def every_card(s) -> list[str]:
    """Every card of the state, from its JSON text: both hands, the discard pile and the stock."""
    data = json.loads(s.to_json())
    return sorted(data["hands"][0] + data["hands"][1] + data["discard_pile"] + data["stock"])


def test_a_written_deal_is_what_the_seats_see():
    s = game("standard").new(seed=5, deal={"dealer": 0, "hands": [H0, H1], "upcard": "Qs", "stock": ["Jd", "8c"]})
    assert sorted(view(s, 0)["hand"]) == sorted(H0) and sorted(view(s, 1)["hand"]) == sorted(H1)
    v = view(s)
    assert (v["dealer"], v["current"], v["upcard"], v["discard_pile"], v["stock_size"]) == (0, 1, "Qs", ["Qs"], 31)
    assert every_card(s) == PACK
    # the stock's top cards come in the order written: both pass, the non-dealer draws Jd, the dealer 8c
    play(s, "pass", "pass", "draw")
    assert "Jd" in view(s, 1)["hand"] and view(s, 1)["discard_deadwood"]["Jd"] == view(s, 1)["hand_deadwood"] - 10
    play(s, "Jd", "draw")
    assert "8c" in view(s, 0)["hand"]


def test_the_seed_deals_what_the_deal_leaves_out():
    g = game()
    for deal in ({"hands": [H0, None]}, {"hands": [None, H1]}, {"upcard": "Qs"}, {"stock": ["Jd"]}, {"dealer": 1},
                 {"hands": [H0, H1]}):
        for seed in range(5):
            s = g.new(seed=seed, deal=deal)
            assert every_card(s) == PACK and view(s)["hand_sizes"] == [10, 10] and view(s)["stock_size"] == 31
            for p, written in enumerate(deal.get("hands", [None, None])):
                if written is not None:
                    assert sorted(view(s, p)["hand"]) == sorted(written)
            if "upcard" in deal:
                assert view(s)["upcard"] == deal["upcard"]
            if "dealer" in deal:
                assert view(s)["dealer"] == deal["dealer"]
            if "stock" in deal:
                assert json.loads(s.to_json())["stock"][-1] == "Jd"  # the top card is the last
    # the seed's part differs from seed to seed
    assert len({tuple(view(g.new(seed=seed, deal={"hands": [H0, None]}), 1)["hand"]) for seed in range(5)}) > 1


def test_an_empty_deal_is_the_seeds_deal():
    for rules in ("seed", "openspiel"):
        g = game(rules)
        for seed in range(10):
            plain, dealt = g.new(seed=seed), g.new(seed=seed, deal={})
            assert all(plain.view(p) == dealt.view(p) for p in (0, 1, None))
            assert json.loads(plain.to_json())["stock"] == json.loads(dealt.to_json())["stock"]


@pytest.mark.parametrize("rules,options", [("seed", {}), ("standard", {"first_dealer": "seat0"}),
                                           ("openspiel", {}), ("modern", {"oklahoma": True})])
def test_a_deal_written_from_a_hand_deals_the_same_hand(rules, options):
    """Round trip: the first-hand facts a fresh state shows, written as a deal, give any seed the same first hand
    (every seat's view); with the stock written too (from the JSON state), the whole hand plays the same."""
    g = game(rules, **options)
    rng = random.Random(7)
    for seed in range(40):
        s = g.new(seed=seed)
        deal = {"dealer": view(s)["dealer"], "hands": [view(s, 0)["hand"], view(s, 1)["hand"]],
                "upcard": view(s)["upcard"]}
        t = g.new(seed=seed + 1000, deal=deal)
        assert all(t.view(p) == s.view(p) for p in (0, 1, None)), seed
        full = dict(deal, stock=json.loads(s.to_json())["stock"][::-1])  # the JSON stock has the top last
        u = g.new(seed=seed + 2000, deal=full)
        while s.hands_played == 1 and not s.is_over:
            assert all(u.view(p) == s.view(p) for p in (0, 1, None)) and legal(u) == legal(s)
            action = rng.choice(s.legal_actions())
            s.apply(action)
            u.apply(str(action))
        assert u.view(None)["last_hand"] == s.view(None)["last_hand"]


@pytest.mark.parametrize("deal,message", [
    ({"hand": [H0, H1]}, "a Gin Rummy deal has no field 'hand'; its fields are dealer, hands, upcard, stock"),
    ({"dealer": 2}, "the deal's dealer must be a whole number 0..1, not 2"),
    ({"dealer": True}, "the deal's dealer must be a whole number 0..1, not True"),
    ({"hands": H0}, "the deal's hands are a list of two hands"),
    ({"hands": [H0, H1, H1]}, "the deal's hands are a list of two hands"),
    ({"hands": [H0[:9], None]}, "seat 0's hand in the deal has 9 cards; each player is dealt 10"),
    ({"hands": [None, H1 + ["Ks"]]}, "seat 1's hand in the deal has 11 cards; each player is dealt 10"),
    ({"hands": ["As 2s", None]}, "seat 0's hand in the deal is a list of 10 cards, not 'As 2s'"),
    ({"hands": [H0[:9] + ["As"], None]}, r"As is in the deal twice \(seat 0's hand and seat 0's hand\)"),
    ({"hands": [H0, H1[:9] + ["7h"]]}, r"7h is in the deal twice \(seat 0's hand and seat 1's hand\)"),
    ({"hands": [H0, None], "upcard": "Kd"}, r"Kd is in the deal twice \(seat 0's hand and the upcard\)"),
    ({"upcard": "Qs", "stock": ["Jd", "Qs"]}, r"Qs is in the deal twice \(the upcard and the stock\)"),
    ({"upcard": "Zz"}, "the upcard in the deal: 'Zz' is not a card"),
    ({"upcard": "Jk"}, "the upcard in the deal: 'Jk' is a joker; Gin Rummy is played without jokers"),
    ({"upcard": 7}, "the upcard in the deal: 7 is not a card"),
    ({"hands": [["7x"] + H0[1:], None]}, "seat 0's hand in the deal: '7x' is not a card"),
    ({"stock": "Jd"}, "the deal's stock is a list of cards, the top first, not 'Jd'"),
    ({"stock": PACK[:32]}, "the deal's stock has 32 cards; after the deal the stock holds 31"),
])
def test_a_deal_that_cannot_be_is_refused_saying_why(deal, message):
    with pytest.raises(ValueError, match=message):
        game().new(seed=1, deal=deal)


def test_a_deal_is_a_dict():
    with pytest.raises(ValueError, match="a deal is a dict"):
        game().new(seed=1, deal=[H0, H1])


def test_a_match_set_up_from_a_deal_replays_from_its_record():
    deal = {"dealer": 1, "hands": [H0, H1], "upcard": "Qs", "stock": ["Jd"]}
    for rules in ("seed", "modern", "openspiel"):
        g = game(rules, **({} if rules == "openspiel" else {"game_target": 60}))
        rng = random.Random(3)
        s = g.new(seed=11, deal=deal)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        record = s.record()
        assert record["deal"] == deal
        assert gamenight.replay(record).to_json() == s.to_json()
        assert gamenight.replay(json.dumps(record)).to_json() == s.to_json()
        assert g.state_from_json(s.to_json()).to_json() == s.to_json()
        del record["deal"]  # the seed alone deals another first hand, in which these moves are not all legal
        with pytest.raises(gamenight.IllegalAction):
            gamenight.replay(record)
