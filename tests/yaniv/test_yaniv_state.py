"""The Yaniv state object: seeds, copies, JSON, records and views at awkward moments (slap decision, just after
a reshuffle, after an elimination, at the end)."""
from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight.yaniv.state import SLAP_PHASE

from yaniv_helpers import call, check_invariants, make, position


def awkward_states():
    game = make(3, slapdown=True)
    slap = position(game, ["7s 2c 3c", "4s", "4h"], top="7h")
    slap.apply("7s")
    slap.apply("draw")
    assert slap.phase == SLAP_PHASE
    yield slap
    reshuffled = position(make(3), ["2c 3c", "4s", "4h"])
    reshuffled.pile = [reshuffled.stock[:-1]] + reshuffled.pile
    reshuffled.stock = reshuffled.stock[-1:]
    reshuffled.apply("2c")
    reshuffled.apply("draw")
    assert len(reshuffled.pile) == 1
    yield reshuffled
    yield call(make(4, halving_at="none"), ["As", "Kd", "Kh", "5c"], totals=[0, 0, 195, 0])
    yield call(make(3, single_round=True), ["As", "Kd", "Kh"])


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
    assert game.new(seed=3).hands != game.new(seed=4).hands
    assert make(4).new(seed=3).to_json() == game.new(seed=3).to_json()  # another game object, same rules


def test_a_whole_match_replays_exactly_from_its_record():
    game = make(3, elimination_limit=60)
    rng = random.Random(5)
    state = game.new(seed=12)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.hands_played > 1 and state.scores == state.totals
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


def test_a_built_position_has_no_record():
    state = position(make(3), ["2c", "3c", "4c"])
    with pytest.raises(ValueError, match="no replayable record"):
        state.record()


def test_new_refuses_a_bad_seed():
    for seed in ("1", 1.5, True):
        with pytest.raises(ValueError):
            make(3).new(seed=seed)
    assert make(3).new().seed >= 0  # a fresh random seed, recorded


def test_round_log_starts_after_the_call_that_ended_the_last_round():
    import random as _random

    import gamenight as _g

    game = _g.make("yaniv", players=2, yaniv_limit=None)
    state = game.new(seed=3)
    rng = _random.Random(0)
    while state.round_no == 1 and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    if not state.is_over:
        assert state.view(0)["log"] == []


def test_views_share_no_mutable_object_with_the_state():
    import gamenight as _g

    game = _g.make("yaniv", players=3, yaniv_limit=None)
    state = game.new(seed=5)
    state.apply("yaniv")
    before = state.to_json()
    view = state.view(0)
    view["last_round"]["points"]["0"] = 999
    view["last_round"]["hands"]["1"].append("Kh")
    view["rules"]["halving_at"]["100"] = 1
    assert state.to_json() == before and state.view(0) != view


def test_heuristic_calls_when_calling_is_the_only_legal_action():
    import random as _random

    import gamenight as _g

    game = _g.make("yaniv", players=2)
    bot = _g.make_bot("heuristic", game)
    state = game.new(seed=1)
    state.hands[0] = []  # a hand emptied by a slapdown can only call
    legal = state.legal_actions()
    assert [str(a) for a in legal] == ["yaniv"]
    assert bot.choose(state.view(0), legal, _random.Random(0)) is legal[0]
