"""The Yaniv state object: seeds, copies, JSON, records and views at awkward moments (slap decision, just after
a reshuffle, after an elimination, at the end)."""
from __future__ import annotations

import json
import random

import pytest
from yaniv_helpers import call, check_invariants, deal, hand, legal, make, play_singles, public

import gamenight


def awkward_states():
    slap = deal(make(3, slapdown=True, hand_size=3), ["7s 2c 3c", None, None], stock="7h")
    slap.apply("7s")
    slap.apply("draw")
    assert public(slap)["phase"] == "slap"
    yield slap
    # seven players with seven cards each from one pack leave a stock of four: the fourth draw reshuffles
    reshuffled = make(7, hand_size=7, double_deck_from_players=9).new(seed=1)
    play_singles(reshuffled, 4)
    assert len(public(reshuffled)["discard_pile"]) == 1
    yield reshuffled
    yield call(make(4, halving_at="none", hand_size=2), ["As", "Kd", "Kh", "5c"], scores=[0, 0, 195, 0])
    yield call(make(3, single_round=True, hand_size=2), ["As", "Kd", "5c 5h"])


@pytest.mark.parametrize("index", range(4))
def test_json_clone_and_views_at_awkward_moments(index):
    state = list(awkward_states())[index]
    check_invariants(state, heavy=True)
    text = state.to_json()
    again = state.game.state_from_json(text)
    assert again.to_json() == text and again == state
    for seat in [None, 0, 1, 2]:
        assert again.view(seat) == state.view(seat)
    copy = state.clone()
    if not copy.is_over:
        copy.apply(copy.legal_actions()[0])
        assert state.to_json() == text


def test_same_seed_same_match_other_seed_other_deal():
    game = make(4)
    assert game.new(seed=3).to_json() == game.new(seed=3).to_json()
    assert [hand(game.new(seed=3), p) for p in range(4)] != [hand(game.new(seed=4), p) for p in range(4)]
    assert make(4).new(seed=3).to_json() == game.new(seed=3).to_json()  # another game object, same rules


def test_a_whole_match_replays_exactly_from_its_record():
    game = make(3, elimination_limit=60)
    rng = random.Random(5)
    state = game.new(seed=12)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.hands_played > 1 and state.scores == public(state)["scores"]
    record = json.loads(json.dumps(state.record()))
    assert record["game"] == "yaniv" and record["players"] == 3 and record["seed"] == 12
    assert gamenight.replay(record).to_json() == state.to_json()
    assert gamenight.replay(record).winners == state.winners


def test_views_refuse_bad_seats():
    state = make(3).new(seed=1)
    for seat in (3, -1, True, "0", 1.0):
        with pytest.raises(ValueError):
            state.view(seat)


def test_state_json_of_another_game_or_garbage_is_refused():
    yaniv = make(3)
    other = next(name for name in gamenight.games() if name != "yaniv")
    with pytest.raises(ValueError):
        yaniv.state_from_json(gamenight.make(other).new(seed=1).to_json())
    with pytest.raises(ValueError):
        yaniv.state_from_json("not json")


def test_a_state_from_json_of_other_rules_keeps_its_own_rules():
    state = make(4, rules="common", slapdown=True).new(seed=2)
    again = make(3).state_from_json(state.to_json())
    assert again.game.rules == state.game.rules and again.game.num_players == 4
    assert again.to_json() == state.to_json()


def test_new_refuses_a_bad_seed():
    for seed in ("1", 1.5, True):
        with pytest.raises(ValueError):
            make(3).new(seed=seed)
    assert make(3).new().seed >= 0  # a fresh random seed, recorded


def test_round_log_starts_after_the_call_that_ended_the_last_round():
    game = gamenight.make("yaniv", players=2, yaniv_limit=None)
    state = game.new(seed=3)
    rng = random.Random(0)
    while state.hands_played == 1 and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_over
    assert state.view(0)["log"] == [] and state.view(0)["hand_number"] == 2
    assert state.view(0)["previous_log"][-1][1] == "yaniv"  # the call that ended it closes the previous log


def test_views_share_no_mutable_object_with_the_state():
    game = gamenight.make("yaniv", players=3, yaniv_limit=None)
    state = game.new(seed=5)
    state.apply("yaniv")
    before = state.to_json()
    view = state.view(0)
    view["last_round"]["points"]["0"] = 999
    view["last_round"]["hands"]["1"].append("Kh")
    view["rules"]["halving_at"]["100"] = 1
    assert state.to_json() == before and state.view(0) != view


def test_heuristic_calls_when_calling_is_the_only_legal_action():
    game = gamenight.make("yaniv", players=2, slapdown=True, hand_size=2)
    bot = gamenight.make_bot("heuristic", game)
    # seat 0 slaps down twice (7h onto 7s, 7c onto 7d): a hand emptied by a slapdown can only call
    state = deal(game, ["7s 7d", "Kd Kh"], stock="7h Qs 7c Qd")
    for single in ("7s", "Kd", "7d", "Kh"):
        state.apply(single)
        state.apply("draw")
        state.apply("slap" if "slap" in legal(state) else "keep")
    actions = state.legal_actions()
    assert [str(a) for a in actions] == ["yaniv"]
    assert bot.choose(state.view(0), actions, random.Random(0)) is actions[0]
