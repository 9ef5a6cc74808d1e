"""Thunee positions written by hand: ``game.new(seed, deal={"dealer": ..., "hands": [...]})`` (docs/games/thunee.md,
"Setting up a position")."""
import random

import pytest
from thunee_helpers import legal, play, rigged, seen

import gamenight
from gamenight.thunee.state import ThuneeGame

HANDS4 = [["Qh", "Js", "9s", "As", "Ts", "Ks"], ["9c", "Jh", "9h", "Ah", "Th", "Kh"],
          ["Ac", "Jd", "9d", "Ad", "Td", "Kd"], ["Kc", "Jc", "Tc", "Qc", "Qs", "Qd"]]


def in_view_order(cards):
    """Cards as a view lists them: by suit (s h d c), then J 9 A 10 K Q."""
    return sorted(cards, key=lambda c: ("shdc".index(c[1]), "J9ATKQ".index(c[0])))


def test_a_written_deal_gives_exactly_those_cards():
    s = ThuneeGame(players=4).new(seed=3, deal={"dealer": 2, "hands": HANDS4})
    assert seen(s)["dealer"] == 2 and s.current_player == 3  # the dealer's right is asked first
    for p in range(4):
        assert seen(s, p)["hand"] == in_view_order(HANDS4[p][:4])  # the first deal: the first four
    play(s, *("pass",) * 4, "pass", "pass", "trump Kc")  # seat 3, the dealer's right, is the trumper
    for p in range(4):
        assert seen(s, p)["hand"] == in_view_order(HANDS4[p])  # the second deal: the last two
    assert s.deal == {"dealer": 2, "hands": HANDS4} and s.record()["deal"] == s.deal


def test_the_last_card_listed_is_the_last_dealt():
    s = play(rigged([" ".join(h[:4]) for h in HANDS4], [" ".join(h[4:]) for h in HANDS4], last_card_trump=True),
             *("pass",) * 6, "trump last")
    assert seen(s, 1)["trump_card"] == "Kh"  # seat 1's sixth card


def test_six_and_two_player_deals():
    hands6 = [["Js", "9s", "As", "Ts"], ["Jh", "9h", "Ah", "Th"], ["Jd", "9d", "Ad", "Td"], ["Jc", "9c", "Ac", "Tc"],
              ["Ks", "Qs", "Kh", "Qh"], ["Kd", "Qd", "Kc", "Qc"]]
    s = ThuneeGame(players=6).new(seed=1, deal={"dealer": 5, "hands": hands6})
    assert [seen(s, p)["hand"] for p in range(6)] == [in_view_order(h[:3]) for h in hands6]
    play(s, *("pass",) * 6, "trip")  # the dealer declares Trip: the last card is dealt at once
    assert [seen(s, p)["hand"] for p in range(6)] == [in_view_order(h) for h in hands6]
    # 2 players: both halves; the second half is dealt after trick 6
    first = ["Jd 9d Ad Td", "Qd 9s As Ts"]
    s = rigged(first, ["Kd Js", "Ks Qs"], ["Jh 9h Ah Th Kh Qh", "Jc 9c Ac Tc Kc Qc"])
    play(s, "pass", "pass", "pass", "trump 9s", "pass", "pass")
    while seen(s)["tricks_done"] < 6:
        play(s, legal(s)[0])
    assert seen(s, 0)["hand"] == in_view_order("Jh 9h Ah Th Kh Qh".split())
    assert seen(s, 1)["hand"] == in_view_order("Jc 9c Ac Tc Kc Qc".split())


def test_what_the_deal_leaves_out_is_dealt_by_the_seed():
    deal = {"hands": [HANDS4[0], None, HANDS4[2][:4], []]}
    s = ThuneeGame(players=4).new(seed=7, deal=deal)
    again = ThuneeGame(players=4).new(seed=7, deal=deal)
    assert s.to_json() == again.to_json()  # the same seed fills the same places
    assert seen(s, 0)["hand"] == in_view_order(HANDS4[0][:4]) and seen(s, 2)["hand"] == in_view_order(HANDS4[2][:4])
    named = set(HANDS4[0]) | set(HANDS4[2][:4])
    assert not named & (set(seen(s, 1)["hand"]) | set(seen(s, 3)["hand"]))
    dealers = {ThuneeGame(players=4).new(seed=seed, deal=deal).view(None)["dealer"] for seed in range(20)}
    assert len(dealers) > 1  # no dealer given: the seed draws one


@pytest.mark.parametrize("players", [4, 6, 2])
def test_first_hands_round_trip_through_a_deal(players):
    """For many seeds: the deal written from a fresh match's first-hand views sets up, from another seed, a match
    every seat sees the same."""
    game = ThuneeGame(players=players)
    for seed in range(40):
        s = game.new(seed=seed)
        deal = {"dealer": seen(s)["dealer"], "hands": [seen(s, p)["hand"] for p in range(players)]}
        t = game.new(seed=seed + 1000, deal=deal)
        for p in [*range(players), None]:
            assert t.view(p) == s.view(p)


@pytest.mark.parametrize("players", [4, 6, 2])
def test_whole_first_hands_round_trip_through_a_deal(players):
    """The deal written from every card each seat is seen to be dealt in the first hand replays that hand, move for
    move, with the same views, from another seed."""
    game = ThuneeGame(players=players)
    rng = random.Random(players)
    whole = 0
    for seed in range(25):
        s = game.new(seed=seed)
        dealt = [list(seen(s, p)["hand"]) for p in range(players)]
        actions = []
        while True:
            options = s.legal_actions()
            passes = [a for a in options if a.text == "pass"]
            action = passes[0] if passes and rng.random() < 0.8 else rng.choice(options)
            s_before = s.clone()
            s.apply(action)
            if s.hands_played != 1 or s.is_over:
                s = s_before
                break
            actions.append(action)
            for p in range(players):
                dealt[p] += [c for c in seen(s, p)["hand"] if c not in dealt[p]]
        whole += all(len(hand) == 24 // players for hand in dealt)
        t = game.new(seed=seed + 1000, deal={"dealer": seen(s)["dealer"], "hands": dealt})
        replayed = game.new(seed=seed)
        for action in actions:
            replayed.apply(action)
            t.apply(action)
            for p in [*range(players), None]:
                assert t.view(p) == replayed.view(p)
    assert whole >= 5  # hands whose every card was seen, so the deal names them all


@pytest.mark.parametrize("deal,message", [
    ({"dealer": 4}, "the deal's dealer must be a whole number 0..3, not 4"),
    ({"dealer": True}, "the deal's dealer must be a whole number 0..3, not True"),
    ({"seat": 1}, "a Thunee deal has no field 'seat'; its fields are dealer, hands, balls"),
    ({"balls": [3]}, "the deal's balls are a list of two numbers, team 0's then team 1's, not [3]"),
    ({"balls": [3, -1]}, "team 1's balls must be a whole number 0..24, not -1"),
    ({"balls": [12, 0]}, "team 0 with 12 balls would have won the match (12 balls win it)"),
    ({"hands": HANDS4[:3]}, "the deal's hands are a list of 4 hands, one per seat"),
    ({"hands": "Qh Js"}, "the deal's hands are a list of 4 hands, one per seat"),
    ({"hands": [["Qh", "Js", "9s"], [], [], []]},
     "seat 0's hand has 3 cards; a hand in the deal has 0, 4 or 6 (the first deal is 4, the whole hand 6)"),
    ({"hands": [HANDS4[0] + ["Jc"], [], [], []]}, "seat 0's hand has 7 cards"),
    ({"hands": [["Qh", "Js", "9s", "7s"], [], [], []]}, "seat 0's hand: '7s' is not in the Thunee deck"),
    ({"hands": [[], ["Qh", "Js", "9s", "Xx"], [], []]}, "seat 1's hand: 'Xx' is not a card"),
    ({"hands": [[], [], ["Qh", "Js", "9s", 5], []]}, "seat 2's hand: 5 is not a card"),
    ({"hands": [[], [], [], "Qh Js 9s As"]}, "seat 3's hand is a list of cards like"),
    ({"hands": [["Qh", "Js", "9s", "Qh"], [], [], []]}, "the deal gives Qh twice to seat 0"),
    ({"hands": [["Qh", "Js", "9s", "As"], [], ["Ac", "Jd", "9d", "As"], []]},
     "the deal gives As to seat 0 and to seat 2"),
])
def test_a_deal_that_cannot_be_is_refused_saying_why(deal, message):
    with pytest.raises(ValueError) as caught:
        ThuneeGame(players=4).new(seed=1, deal=deal)
    assert message in str(caught.value)


def test_a_match_may_start_from_a_score():
    """The deal's balls are the score before its first hand: the views, the sheet's totals and the match's end count
    from them, and the record replays them."""
    game = ThuneeGame(players=4)
    s = game.new(seed=2, deal={"dealer": 1, "balls": [3, 11]})
    assert seen(s)["balls"] == [3, 11] and s.scores == [3, 11, 3, 11]
    rng = random.Random(2)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    first = s.sheet[0]
    assert [a + b for a, b in zip([3, 11], first["points"])] == first["totals"]
    assert max(s.sheet[-1]["totals"]) >= 12 and gamenight.replay(s.record()).to_json() == s.to_json()
    assert game.new(seed=2, deal={"balls": [0, 0]}).view(None) == game.new(seed=2).view(None)
    by_two = ThuneeGame(players=4, win_by_two=True)
    assert seen(by_two.new(seed=1, deal={"balls": [13, 12]}))["balls"] == [13, 12]
    with pytest.raises(ValueError, match=r"team 0 with 14 balls would have won the match \(12 balls and a lead of two"):
        by_two.new(seed=1, deal={"balls": [14, 12]})


def test_two_player_hands_may_name_both_halves():
    with pytest.raises(ValueError, match="a hand in the deal has 0, 4, 6 or 12 .*both halves 12"):
        ThuneeGame(players=2).new(seed=1, deal={"hands": [["Jd", "9d", "Ad", "Td", "Kd"], []]})
    with pytest.raises(ValueError, match="a hand in the deal has 0, 3 or 4"):
        ThuneeGame(players=6).new(seed=1, deal={"hands": [["Jd", "9d"], [], [], [], [], []]})


@pytest.mark.parametrize("players", [4, 6, 2])
def test_a_match_set_up_from_a_deal_replays_from_its_record(players):
    game = ThuneeGame(players=players, rules="all_calls")
    rng = random.Random(5)
    for seed in range(6):
        s = game.new(seed=seed)
        deal = {"dealer": seed % players, "hands": [seen(s, p)["hand"] for p in range(players)]}
        s = game.new(seed=seed, deal=deal)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        record = s.record()
        assert record["deal"] == deal
        assert gamenight.replay(record).to_json() == s.to_json()
        assert game.state_from_json(s.to_json()).deal == deal
