"""Setting up a YESSIR! position by hand: ``game.new(seed, deal=...)`` (docs/games/yessir.md, "Setting up a
position"). Hand-written deals show exactly their dice, what a deal leaves out is rolled from the seed, a position
read from the views deals the same views again, bad deals are refused saying what is wrong, and a match set up
from a deal replays from its record."""
import json
import random

import pytest
from yessir_helpers import public, rolls

import gamenight

TABLES = [(2, {}), (3, {"rules": "short"}), (4, {"rules": "pip_change"}), (5, {"rules": "all_dice_sum"}),
          (6, {"first_roller": "random", "turn_direction": "decreasing_seat"}),
          (3, {"luck_min": 0, "luck_start": 5, "luck_max": 5})]


def test_a_hand_written_deal_is_what_every_seat_sees():
    g = gamenight.make("yessir", players=3)
    s = g.new(seed=4, deal={"roller": 2, "shared": [5, 4, 1], "dice": [[1, 6], [5, 2], [3, 2]],
                            "luck": [6, 2, 3], "wins": [0, 2, 1]})
    v = public(s)
    assert v["shared"] == [5, 4, 1] and v["luck"] == [6, 2, 3] and v["wins"] == [0, 2, 1] == s.scores
    assert v["roller"] == 2 and s.current_player == 2 and v["hand_number"] == 1 and v["dice"] is None
    assert [s.view(p)["dice"] for p in range(3)] == [[1, 6], [5, 2], [3, 2]]
    assert [s.view(p)["hand"]["description"] for p in range(3)] == [
        "one pair of 1s (total 2, kickers 6-5-4)", "one pair of 5s (total 10, kickers 4-2-1)",
        "small straight (total 15)"]
    assert s.view(1)["hand"]["combination"] == [5, 5] and s.view(2)["hand"]["best_five"] == [5, 4, 3, 2, 1]
    assert v["luck_after"] == {"a1": 2, "a2": 2, "a3": 2, "b": 1, "c": 1, "d": 3, "e": 4}  # seat 2 has luck 3
    assert [str(a) for a in s.legal_actions()] == ["a1", "a2", "a3", "b", "c", "d", "e"]


def test_what_a_deal_leaves_out_is_rolled_from_the_seed_in_the_usual_order():
    g = gamenight.make("yessir", players=3)
    for seed in range(20):
        s = g.new(seed=seed, deal={"shared": [6, 6, 6], "dice": [[1, 1], None, [2, 2]]})
        assert s.view(1)["dice"] == rolls(seed, 2)  # the only dice left to roll
        s = g.new(seed=seed, deal={"dice": [[1, 1], [3, 3], [2, 2]]})
        assert public(s)["shared"] == rolls(seed, 3)
        s = g.new(seed=seed, deal={})
        data = json.loads(s.to_json())
        assert data.pop("deal") == {} and data == json.loads(g.new(seed=seed).to_json())  # an empty deal deals nothing
        assert [s.view(p) for p in (None, 0, 1, 2)] == [g.new(seed=seed).view(p) for p in (None, 0, 1, 2)]
        assert public(s)["luck"] == [6, 6, 6] and s.scores == [0, 0, 0] and s.current_player == 0


def test_the_roller_is_drawn_first_when_the_rules_draw_one_and_the_deal_does_not_say():
    g = gamenight.make("yessir", players=4, first_roller="random")
    dealt = {"shared": [1, 2, 3], "dice": [[1, 1]] * 4}
    assert {g.new(seed=k, deal=dealt).current_player for k in range(40)} == {0, 1, 2, 3}
    assert {g.new(seed=k, deal={**dealt, "roller": 3}).current_player for k in range(10)} == {3}
    for seed in range(20):  # without a roller in the deal, the draw comes before the dice, as in a dealt match
        assert g.new(seed=seed, deal={"dice": [[1, 1]] * 4}).current_player == g.new(seed=seed).current_player


def position(state):
    """A deal for the first round a fresh state shows, read from its views alone."""
    v = public(state)
    return {"roller": v["roller"], "shared": v["shared"], "luck": v["luck"], "wins": v["wins"],
            "dice": [state.view(p)["dice"] for p in range(state.game.num_players)]}


@pytest.mark.parametrize("players,rules", TABLES)
def test_a_position_read_from_the_views_deals_the_same_views(players, rules):
    g = gamenight.make("yessir", players=players, **rules)
    for seed in range(40):
        s = g.new(seed=seed)
        again = g.new(seed=seed + 1000, deal=json.loads(json.dumps(position(s))))
        for seat in [None, *range(players)]:
            assert again.view(seat) == s.view(seat)
        assert again.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("players,rules", TABLES)
def test_a_match_set_up_from_a_deal_replays_from_its_record(players, rules):
    g = gamenight.make("yessir", players=players, **rules)
    rng = random.Random(players)
    for seed in range(6):
        deal = {"shared": [rng.randint(1, 6) for _ in range(3)], "luck": [g.rules.luck_max] * players,
                "dice": [[rng.randint(1, 6), rng.randint(1, 6)] if p % 2 else None for p in range(players)]}
        s = g.new(seed=seed, deal=deal)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        record = s.record()
        assert record["deal"] == deal
        assert gamenight.replay(record).to_json() == s.to_json()
        assert gamenight.replay(json.dumps(record)) == s
        assert g.state_from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("deal,message", [
    ({"shared": [1, 2, 7]}, "the shared dice: die 3 is 7; a die shows 1..6"),
    ({"shared": [0, 2, 3]}, "the shared dice: die 1 is 0; a die shows 1..6"),
    ({"shared": [1, 2]}, "the shared dice must be 3 dice in a list, not [1, 2]"),
    ({"shared": "123"}, "the shared dice must be 3 dice in a list"),
    ({"dice": [[1, 2], [3, 4]]}, "the deal's dice are one entry per seat (3), each two dice or null"),
    ({"dice": [[1, 2], [3], [4, 5]]}, "seat 1's dice must be 2 dice in a list, not [3]"),
    ({"dice": [[1, 2], [3, 4, 5], [4, 5]]}, "seat 1's dice must be 2 dice in a list, not [3, 4, 5]"),
    ({"dice": [[1, 2], [3, True], [4, 5]]}, "seat 1's dice: die 2 is True; a die shows 1..6"),
    ({"dice": [[1, 2], [3, 4], [4, 2.0]]}, "seat 2's dice: die 2 is 2.0; a die shows 1..6"),
    ({"roller": 3}, "the deal's roller must be a seat, 0..2, not 3"),
    ({"roller": "0"}, "the deal's roller must be a seat, 0..2, not '0'"),
    ({"luck": [7, 6, 6]}, "seat 0's luck must be 1..6"),
    ({"luck": [6, 0, 6]}, "seat 1's luck must be 1..6"),
    ({"luck": [6, 6]}, "the deal's luck are one number per seat (3)"),
    ({"wins": [3, 0, 0]}, "seat 0's round wins must be 0..2 (3 round wins would have ended the match), not 3"),
    ({"winners": [0]}, "a YESSIR! deal has the fields roller, shared, dice, luck, wins; not 'winners'"),
    ([[1, 2, 3]], "a deal is a dict"),
])
def test_a_deal_that_cannot_be_is_refused_saying_what_is_wrong(deal, message):
    with pytest.raises(ValueError) as info:
        gamenight.make("yessir", players=3).new(seed=1, deal=deal)
    assert message in str(info.value)


def test_the_deal_is_checked_against_the_tables_options():
    g = gamenight.make("yessir", players=2, luck_min=0, luck_start=5, luck_max=5, rounds_to_win=1)
    assert public(g.new(seed=1, deal={"luck": [0, 5]}))["luck"] == [0, 5]
    with pytest.raises(ValueError, match="seat 1's luck must be 0..5"):
        g.new(seed=1, deal={"luck": [0, 6]})
    with pytest.raises(ValueError, match="seat 0's round wins must be 0..0"):
        g.new(seed=1, deal={"wins": [1, 0]})
