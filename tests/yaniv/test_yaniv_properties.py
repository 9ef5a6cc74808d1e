"""Hypothesis property tests for Yaniv: any sequence of legal actions under any rules keeps the invariants; any
text fed to apply either plays a legal action or raises IllegalAction leaving the state unchanged; option values
round-trip through Rules.to_dict / from_dict (and JSON)."""
from __future__ import annotations

import json
import os
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from yaniv_helpers import check_invariants

import gamenight
from gamenight import IllegalAction, RulesError
from gamenight.core.cards import RANKS, SUITS
from gamenight.yaniv import YanivRules

# GAMENIGHT_HYPOTHESIS_SCALE=10 runs ten times as many examples (a longer bug hunt than CI's)
SCALE = float(os.environ.get("GAMENIGHT_HYPOTHESIS_SCALE", "1"))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

OPTION_VALUES = {
    "yaniv_limit": st.one_of(st.none(), st.integers(0, 15)),
    "elimination_limit": st.integers(25, 500),
    # up to 4 halvings, each lowering its total (YanivRules.check refuses anything else)
    "halving_at": st.lists(st.integers(1, 500).flatmap(lambda k: st.tuples(st.just(k), st.integers(0, k - 1))),
                           max_size=4).map(dict),
    "halve_only_on_change": st.booleans(),
    "asaf_penalty": st.integers(0, 100),
    "asaf_per_player": st.booleans(),
    "asaf_winner_scores_zero": st.booleans(),
    "double_deck_from_players": st.integers(2, 9),
    "jokers_in_sets": st.booleans(),
    "set_pick_any": st.booleans(),
    "slapdown": st.booleans(),
    "joker_swap": st.booleans(),
    "hand_size": st.integers(2, 7),
    "king_of_hearts_zero": st.booleans(),
    "first_round_starter": st.sampled_from(["dealer", "left_of_dealer"]),
    "next_round_starter": st.sampled_from(["lowest_hand", "lowest_total", "rotate"]),
    "end_on_first_elimination": st.booleans(),
    "single_round": st.booleans(),
}
OPTIONS = st.fixed_dictionaries({}, optional=OPTION_VALUES)
PRESETS = st.sampled_from(sorted(YanivRules.PRESETS))


def make_or_reject(players, preset, options):
    try:
        return gamenight.make("yaniv", players=players, rules=preset, **options)
    except RulesError as e:
        assert "cards" in str(e)  # only the deck-size check can refuse valid option values
        assume(False)


@settings(max_examples=int(120 * SCALE), **SETTINGS)
@given(players=st.integers(2, 8), preset=PRESETS, options=OPTIONS, seed=st.integers(0, 2**40),
       choices=st.lists(st.integers(0, 10**6), max_size=160))
def test_any_sequence_of_legal_actions_keeps_the_invariants(players, preset, options, seed, choices):
    options.setdefault("elimination_limit", 40)  # short matches, so sequences reach round ends
    game = make_or_reject(players, preset, options)
    state = game.new(seed=seed)
    check_invariants(state, heavy=True)
    for i, choice in enumerate(choices):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
        check_invariants(state, heavy=i % 20 == 0)
    check_invariants(state, heavy=True)
    if state.seed is not None:
        assert gamenight.replay(state.record()).to_json() == state.to_json()


CARD_WORDS = ([r + s for r in RANKS for s in SUITS] + ["10h", "10♠", "5♠", "K♥", "Jk", "jk", "joker", "JK"] +
              [f"Jk={r}{s}" for r in "A5TK" for s in SUITS] + ["Jk=Jk", "5s=6s"])
WORDS = CARD_WORDS + ["take", "draw", "yaniv", "swap", "slap", "keep", "call", "stock", "t", "y", "d", "=", "+",
                      "", " ", "10", "1", "♠", "X"]
TEXTS = st.one_of(
    st.text(max_size=25),
    st.lists(st.sampled_from(CARD_WORDS), min_size=1, max_size=7).map("+".join),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join),
    st.tuples(st.sampled_from(["take ", "swap ", "t ", ""]), st.sampled_from(CARD_WORDS)).map("".join),
)


@settings(max_examples=int(400 * SCALE), **SETTINGS)
@given(players=st.integers(2, 8), options=OPTIONS, seed=st.integers(0, 2**40), steps=st.integers(0, 60),
       text=TEXTS)
def test_any_text_either_plays_a_legal_action_or_changes_nothing(players, options, seed, steps, text):
    game = make_or_reject(players, None, options)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    before = state.to_json()
    legal = [str(a) for a in state.legal_actions()]
    try:
        state.apply(text)
    except IllegalAction as e:
        assert str(e)
        assert state.to_json() == before
        return
    played = state.history[-1]
    assert str(played) in legal
    assert game.parse_action(text) is played
    check_invariants(state)


@settings(max_examples=int(100 * SCALE), **SETTINGS)
@given(preset=PRESETS, options=OPTIONS)
def test_option_values_round_trip_through_to_dict_and_from_dict(preset, options):
    rules = YanivRules.build(preset, **options)
    data = rules.to_dict()
    again = YanivRules.from_dict(data)
    assert again == rules and again.preset == rules.preset == preset
    through_json = YanivRules.from_dict(json.loads(json.dumps(data)))
    assert through_json == rules and through_json.to_dict() == data
    for name, value in options.items():
        expected = tuple(sorted(value.items())) if isinstance(value, dict) else value
        assert getattr(rules, name) == expected


@settings(max_examples=int(100 * SCALE), **SETTINGS)
@given(name=st.sampled_from(sorted(OPTION_VALUES)),
       value=st.one_of(st.text(max_size=8), st.floats(allow_nan=False), st.integers(-10**6, 10**6), st.none(),
                       st.lists(st.integers(), max_size=2)))
def test_any_option_value_is_accepted_or_refused_with_rules_error(name, value):
    try:
        rules = YanivRules.build(None, **{name: value})
    except RulesError as e:
        assert repr(name) in str(e)
        return
    assert YanivRules.from_dict(rules.to_dict()) == rules
