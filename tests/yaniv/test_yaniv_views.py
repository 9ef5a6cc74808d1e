"""The Yaniv view (docs/games/yaniv.md, "Views"): the envelope every game's view has, the YanivView type naming
every field, and the facts the tables draw without knowing the rules: the hand's value, what each legal discard
leaves, whether the seat may call, which cards may be taken, and cards in display order."""
from __future__ import annotations

import random
import typing

import pytest
from yaniv_helpers import call, deal, last_round, make, public

from gamenight.core.views import View
from gamenight.yaniv.views import RoundSummary, YanivView


def test_every_view_has_exactly_the_fields_of_yaniv_view():
    fields = set(typing.get_type_hints(YanivView))
    assert set(typing.get_type_hints(View)) <= fields
    game = make(4, slapdown=True, elimination_limit=40)
    rng = random.Random(3)
    state = game.new(seed=3)
    while not state.is_over:
        for seat in [None, *range(4)]:
            view = state.view(seat)
            assert set(view) == fields
            if view["last_round"] is not None:
                assert set(view["last_round"]) == set(typing.get_type_hints(RoundSummary))
        state.apply(rng.choice(state.legal_actions()))


def test_hand_number_counts_the_rounds():
    state = make(3, rules="common").new(seed=1)
    assert state.view(0)["hand_number"] == 1
    rng = random.Random(1)
    while state.hands_played == 1:
        actions = state.legal_actions()
        state.apply("yaniv" if "yaniv" in [str(a) for a in actions] else rng.choice(actions))
    assert public(state)["hand_number"] == 2 == last_round(state)["round"] + 1


def test_what_each_legal_discard_leaves():
    state = deal(make(3), ["5s 6s 7s Kh Jk", None, None])
    after = state.view(0)["hand_value_after"]
    assert state.view(0)["hand_value"] == 28
    assert set(after) == {str(a) for a in state.legal_actions() if a.is_discard}
    assert after["5s+6s+7s"] == 10 and after["Kh"] == 18 and after["Jk"] == 28 and after["5s+6s+7s+Jk=8s"] == 10
    assert after["Jk=4s+5s+6s+7s"] == 10 and after["Kh+Jk"] == 18
    # only the seat to move sees it, and only before it discards
    assert state.view(1)["hand_value_after"] is None and public(state)["hand_value_after"] is None
    state.apply("Kh")
    assert state.view(0)["hand_value_after"] is None


def test_what_a_discard_leaves_counts_the_king_of_hearts_as_the_rules_say():
    state = deal(make(3, king_of_hearts_zero=True), ["5s 6s 7s Kh Kd", None, None])
    assert state.view(0)["hand_value"] == 28
    assert state.view(0)["hand_value_after"]["Kh"] == 28 and state.view(0)["hand_value_after"]["Kd"] == 18


def test_can_call_is_the_seat_to_move_at_or_below_the_limit_before_it_discards():
    state = deal(make(3, hand_size=2), ["2s 3h", "As Ah", None])
    assert state.view(0)["can_call"] and "yaniv" in [str(a) for a in state.legal_actions()]
    assert not state.view(1)["can_call"] and not public(state)["can_call"]  # not their turn
    state.apply("2s")
    assert not state.view(0)["can_call"]
    assert not deal(make(3, hand_size=2, yaniv_limit=4), ["2s 3h", None, None]).view(0)["can_call"]
    assert deal(make(3, hand_size=2, yaniv_limit=None), ["Ks Kh", None, None]).view(0)["can_call"]


@pytest.mark.parametrize("options,group,hand,takeable", [
    ({}, "9s+9h+9d", "9s 9h 9d 2c 3c", ["9s", "9d"]),
    ({}, "9d+9s+9h", "9s 9h 9d 2c 3c", ["9h", "9d"]),  # a set's ends are what it is (9h+9s+9d)
    ({"set_pick_any": True}, "9s+9h+9d", "9s 9h 9d 2c 3c", ["9s", "9h", "9d"]),
    ({"set_pick_any": True}, "4d+5d+6d", "4d 5d 6d 2c 3c", ["4d", "6d"]),
    ({}, "Jk=3d+4d+5d", "Jk 4d 5d 2c 3c", ["5d", "Jk"]),
    ({}, "2c", "9s 9h 9d 2c 3c", ["2c"]),
])
def test_takeable_are_the_cards_the_rules_let_the_next_player_take(options, group, hand, takeable):
    state = deal(make(3, **options), [hand, None, None])
    state.apply(group)
    assert public(state)["takeable"] == [public(state)["discard_pile"][0][0]]  # still the upcard's
    state.apply("draw")
    assert public(state)["takeable"] == takeable  # the group the next player may take from, in display order
    state.apply(next(str(a) for a in state.legal_actions() if a.is_discard))
    assert public(state)["takeable"] == takeable
    assert {str(a)[5:] for a in state.legal_actions() if str(a).startswith("take ")} == set(takeable)


def test_cards_are_shown_by_rank_then_suit_with_jokers_last():
    state = deal(make(4), ["Kc Jk 2h As 2c", "Td Ts 9c Jk 3s", None, None])
    assert state.view(0)["hand"] == ["As", "2h", "2c", "Kc", "Jk"]
    assert state.view(1)["hand"] == ["3s", "9c", "Ts", "Td", "Jk"]
    state = call(make(3, hand_size=3), ["As 2h Jk", "Kd 4c 3s", "Qh 5d 5s"])
    assert last_round(state)["hands"] == {"0": ["As", "2h", "Jk"], "1": ["3s", "4c", "Kd"], "2": ["5s", "5d", "Qh"]}


def test_known_cards_are_shown_in_display_order():
    state = deal(make(3, hand_size=3), ["Kd Qd 3c", "9s 8c 7c", "5s 6h 4h"], pile="Ah")
    for action in ("Kd", "take Ah", "9s", "draw", "5s", "draw", "Qd", "take 5s"):
        state.apply(action)
    assert public(state)["known"][0] == ["Ah", "5s"]
    assert state.view(0)["hand"] == ["Ah", "3c", "5s"]


def test_views_are_built_from_cached_facts_without_changing_the_state():
    state = deal(make(3), ["5s 6s 7s Kh Jk", None, None])
    before = state.to_json()
    first = state.view(0)
    assert state.view(0) == first and state.to_json() == before
    first["hand_value_after"]["Kh"] = 99
    first["takeable"].append("As")
    assert state.view(0)["hand_value_after"]["Kh"] == 18 and state.view(0)["takeable"] == public(state)["takeable"]
