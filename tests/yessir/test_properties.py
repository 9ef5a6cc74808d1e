"""Random-simulation and property checks (OpenSpiel-style) for YESSIR!: thousands of cheap matches."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight import IllegalAction

RULE_SETS = [{}, {"rules": "short"}, {"rules": "pip_change"}, {"rules": "all_dice_sum"},
             {"turn_direction": "decreasing_seat", "first_roller": "random"},
             {"blind_resets_passes": True, "no_winner_roller": "next", "no_winner_luck_bonus_all": False},
             {"luck_min": 0, "luck_start": 5, "luck_max": 5, "rounds_to_win": 1}]


def check_invariants(s):
    g = s.game
    r = g.rules
    n = g.num_players
    assert all(r.luck_min <= L <= r.luck_max for L in s.luck)
    assert len(s.shared) == 3 and all(1 <= v <= 6 for v in s.shared)
    assert len(s.dice) == n and all(len(d) == 2 and all(1 <= v <= 6 for v in d) for d in s.dice)
    assert all(0 <= w <= r.rounds_to_win for w in s.wins)
    if s.is_over:
        assert s.current_player is None and len(s.winners) == 1 and s.wins[s.winners[0]] == r.rounds_to_win
        assert s.legal_actions() == []
    else:
        p = s.current_player
        assert not s.locked >> p & 1, "a locked player never moves"
        assert s.legal_actions(), "a legal action always exists for the player to move"
        assert sum(w == r.rounds_to_win for w in s.wins) == 0


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


def test_views_never_leak_hidden_dice():
    rng = random.Random(8)
    for extra in RULE_SETS[:3]:
        for n in (2, 4, 6):
            g = gamenight.make("yessir", players=n, **extra)
            for seed in range(10):
                s = g.new(seed=seed)
                while not s.is_over:
                    for seat in [None, *range(n)]:
                        v = s.view(seat)
                        json.dumps(v)
                        other = s.clone()
                        for p in range(n):
                            if p != seat or other.locked >> p & 1:
                                other.dice[p] = [rng.randint(1, 6), rng.randint(1, 6)]
                        assert other.view(seat) == v
                        if seat is not None:
                            assert (v["dice"] is None) == bool(s.locked >> seat & 1)
                            if v["dice"] is not None:
                                assert v["dice"] == s.dice[seat]
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
