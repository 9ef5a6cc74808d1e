"""Random-simulation and property checks (OpenSpiel-style) for YESSIR!: thousands of cheap matches."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight import IllegalAction
from gamenight.core.text import Text
from gamenight.yessir.hands import CATEGORY_NAMES, describe, describe_text, split_hand

RULE_SETS = [{}, {"rules": "short"}, {"rules": "pip_change"}, {"rules": "all_dice_sum"},
             {"turn_direction": "decreasing_seat", "first_roller": "random"},
             {"blind_resets_passes": True, "no_winner_roller": "next", "no_winner_luck_bonus_all": False},
             {"luck_min": 0, "luck_start": 5, "luck_max": 5, "rounds_to_win": 1}]


def check_invariants(s):
    """What every position shows, read from the views."""
    r = s.game.rules
    n = s.game.num_players
    v = s.view(None)
    assert all(r.luck_min <= luck <= r.luck_max for luck in v["luck"])
    assert len(v["shared"]) == 3 and all(1 <= x <= 6 for x in v["shared"])
    assert all(0 <= w <= r.rounds_to_win for w in v["wins"]) and v["wins"] == s.scores
    for p in range(n):
        own = s.view(p)["dice"]
        if own is None:
            assert v["locked"][p] and not s.is_over, "only a blind seat's own dice are hidden from it"
        else:
            assert len(own) == 2 and all(1 <= x <= 6 for x in own)
    if s.is_over:
        assert s.current_player is None and len(s.winners) == 1 and v["wins"][s.winners[0]] == r.rounds_to_win
        assert s.legal_actions() == []
    else:
        p = s.current_player
        assert not v["locked"][p], "a locked player never moves"
        assert s.legal_actions(), "a legal action always exists for the player to move"
        assert sum(w == r.rounds_to_win for w in v["wins"]) == 0


def check_view_facts(s, action):
    """The view's rule facts are what happens: the hand is hands.describe's, each turn action's luck_after is the
    luck it leaves, each pip answer's face is the face it leaves."""
    mode = s.game.rules.tiebreak_sum
    for p in range(s.game.num_players):
        v = s.view(p)
        if v["hand"] is not None:
            five = v["shared"] + v["dice"]
            cat, combo, _ = split_hand(five)
            assert v["hand"] == {"best_five": sorted(five, reverse=True), "combination": list(combo),
                                 "category": CATEGORY_NAMES[cat], "description": describe(five, mode),
                                 "says": describe_text(five, mode).to_json()}
    v = s.view(None)
    mover = s.current_player
    legal = [str(a) for a in s.legal_actions()]
    if v["phase"] == "turns":
        assert sorted(v["luck_after"]) == sorted(legal)
    else:
        assert v["luck_after"] == {} and sorted(v["pip_faces"]) == sorted(legal)
    s.apply(action)
    after = s.view(None)
    revealed = after["hand_number"] != v["hand_number"] or after["is_over"]
    if v["phase"] == "turns" and not revealed:  # (a reveal moves the luck on)
        assert after["luck"][mover] == v["luck_after"][str(action)]
    if v["phase"] == "pip":
        shared = after["last_round"]["shared"] if revealed else after["shared"]
        assert shared[v["pip_die"]] == v["pip_faces"][str(action)]
    if after["last_round"] is not None:
        last = after["last_round"]
        for p, hand in enumerate(last["hands"]):
            cat, combo, _ = split_hand(hand)
            assert last["combinations"][p] == list(combo) and last["categories"][p] == CATEGORY_NAMES[cat]
            assert last["descriptions"][p] == describe(hand, mode)
            assert Text.from_json(last["says"][p]) == describe_text(hand, mode)


@pytest.mark.slow
def test_random_simulation_thousands_of_matches():
    rng = random.Random(12)
    matches = 0
    for extra in RULE_SETS:
        for n in range(2, 7):
            g = gamenight.make("yessir", players=n, **extra)
            for seed in range(60):
                s = g.new(seed=seed)
                steps = 0
                while not s.is_over:
                    check_invariants(s)
                    s.apply(rng.choice(s.legal_actions()))
                    steps += 1
                    assert steps < 20_000, "a match must end"
                check_invariants(s)
                matches += 1
    assert matches == len(RULE_SETS) * 5 * 60


def test_clone_json_replay_and_masks_on_random_matches():
    rng = random.Random(3)
    for extra in RULE_SETS:
        for n in (2, 3, 5):
            g = gamenight.make("yessir", players=n, **extra)
            for seed in range(8):
                s = g.new(seed=seed)
                while not s.is_over:
                    text = s.to_json()
                    assert g.state_from_json(text).to_json() == text
                    c = s.clone()
                    assert c == s and c is not s
                    mask = s.legal_action_mask()
                    assert [i for i, ok in enumerate(mask) if ok] == [a.id for a in s.legal_actions()]
                    a = rng.choice(s.legal_actions())
                    s.apply(a)
                    assert c.to_json() == text, "a clone is independent"
                    c.apply(str(a))
                    assert c == s, "same state + same action = same state (chance is inside the state)"
                assert gamenight.replay(s.record()).to_json() == s.to_json()
                assert gamenight.replay(json.dumps(s.record())) == s


def test_view_facts_are_what_happens():
    rng = random.Random(6)
    for extra in RULE_SETS:
        for n in (2, 3, 6):
            g = gamenight.make("yessir", players=n, **extra)
            for seed in range(5):
                s = g.new(seed=seed)
                while not s.is_over:
                    check_view_facts(s, rng.choice(s.legal_actions()))


def _with_other_dice(state, keep, rng):
    """The same state (through its JSON text) with every seat's dice rolled afresh except ``keep``'s."""
    data = json.loads(state.to_json())
    data["dice"] = [d if p == keep else [rng.randint(1, 6), rng.randint(1, 6)] for p, d in enumerate(data["dice"])]
    return state.game.state_from_json(json.dumps(data)), data


@pytest.mark.slow
def test_views_never_leak_hidden_dice():
    rng = random.Random(8)
    for extra in RULE_SETS[:3]:
        for n in (2, 4, 6):
            g = gamenight.make("yessir", players=n, **extra)
            for seed in range(6):
                s = g.new(seed=seed)
                while not s.is_over:
                    locked = s.view(None)["locked"]
                    for seat in [None, *range(n)]:
                        v = s.view(seat)
                        json.dumps(v)
                        sees_own = seat is not None and not locked[seat]
                        other, _ = _with_other_dice(s, seat if sees_own else None, rng)
                        assert other.view(seat) == v, "a view depends on dice its seat may not see"
                        if seat is not None:
                            assert (v["dice"] is None) == locked[seat]
                            if v["dice"] is not None:
                                assert v["dice"] == json.loads(s.to_json())["dice"][seat]
                    s.apply(rng.choice(s.legal_actions()))


def test_sample_state_is_consistent_with_the_view():
    rng = random.Random(5)
    for extra in RULE_SETS:
        for n in (2, 4):
            g = gamenight.make("yessir", players=n, **extra)
            for seed in range(6):
                s = g.new(seed=seed)
                while True:
                    for seat in [None, *range(n)]:
                        v = s.view(seat)
                        sampled = g.sample_state(v, rng)
                        assert sampled.view(seat) == v
                        if not s.is_over:
                            assert sampled.legal_actions() == s.legal_actions()
                            sampled.apply(rng.choice(sampled.legal_actions()))  # and it plays on
                    if s.is_over:
                        break
                    s.apply(rng.choice(s.legal_actions()))


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 6), rule_set=st.integers(0, len(RULE_SETS) - 1), seed=st.integers(0, 2**63),
       choices=st.lists(st.integers(0, 50), max_size=120), garbage=st.text(max_size=6))
def test_property_any_action_sequence_keeps_the_contract(players, rule_set, seed, choices, garbage):
    g = gamenight.make("yessir", players=players, **RULE_SETS[rule_set])
    s = g.new(seed=seed)
    for c in choices:
        if s.is_over:
            break
        check_invariants(s)
        before = s.to_json()
        legal = s.legal_actions()
        try:
            s.apply(garbage)
        except IllegalAction:
            assert s.to_json() == before
        else:
            assert g.parse_action(garbage) in legal
            continue
        illegal = [a for a in range(g.num_distinct_actions) if g.action_from_id(a) not in legal]
        if illegal:
            try:
                s.apply(g.action_from_id(illegal[c % len(illegal)]))
                raise AssertionError("an illegal action was accepted")
            except IllegalAction:
                assert s.to_json() == before
        s.apply(legal[c % len(legal)])
    check_invariants(s)
    if not s.is_over:
        assert gamenight.replay(s.record()) == s
