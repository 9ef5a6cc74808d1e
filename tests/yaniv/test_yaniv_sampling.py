"""Hidden information in Yaniv: views leak nothing, and game.sample_state(view, rng) deals a full state that agrees
with everything the view shows (own hand, cards others are known to hold, the pile, every count, the log)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from gamenight.yaniv.actions import RUN
from gamenight.yaniv.state import SLAP_PHASE

from yaniv_helpers import all_cards, cards, check_invariants, make, position


def hidden_from(state, seat):
    """Per other seat, the cards ``seat`` cannot see (hand minus known, and minus a drawn card waiting on a
    slapdown decision, which stays with its holder), and the stock."""
    pools = {}
    for p in range(state.game.num_players):
        if p == seat:
            continue
        rest = Counter(state.hands[p]) - Counter(state.known[p])
        if state.phase == SLAP_PHASE and p == state.current and state.drawn is not None and rest[state.drawn]:
            rest[state.drawn] -= 1
        pools[p] = list(rest.elements())
    return pools


def permute_hidden(state, seat, rng):
    """A copy where the cards ``seat`` cannot see are redistributed at random among the other seats' unknown
    slots and the stock (same counts)."""
    s = state.clone()
    pools = hidden_from(s, seat)
    pool = [c for cs in pools.values() for c in cs] + list(s.stock)
    rng.shuffle(pool)
    for p, cs in pools.items():
        keep = Counter(s.hands[p]) - Counter(cs)
        s.hands[p] = sorted(list(keep.elements()) + [pool.pop() for _ in cs])
    s.stock = pool
    return s


def playout_states(players=4, seeds=range(6), every=5, max_steps=400, **options):
    game = make(players, **options)
    rng = random.Random(99)
    for seed in seeds:
        state = game.new(seed=seed)
        for step in range(max_steps):
            if state.is_over:
                break
            if step % every == 0:
                yield state
            state.apply(rng.choice(state.legal_actions()))


OPTION_SETS = [{}, {"slapdown": True}, {"joker_swap": True, "set_pick_any": True}, {"jokers_in_sets": False}]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_permuting_what_a_seat_cannot_see_leaves_its_view_unchanged(options):
    rng = random.Random(1)
    changed = 0
    for state in playout_states(seeds=range(3), every=7, **options):
        for seat in range(4):
            other = permute_hidden(state, seat, rng)
            assert all_cards(other) == all_cards(state)
            assert other.view(seat) == state.view(seat)
            assert other.view(None) == state.view(None)
            changed += other.to_json() != state.to_json()
    assert changed > 50  # the permutations did move hidden cards


def test_a_spectator_view_holds_no_hand_and_no_drawn_card():
    for state in playout_states(slapdown=True, seeds=range(3), every=1):
        view = state.view(None)
        assert view["hand"] is None and view["hand_value"] is None and view["drawn"] is None


def test_the_drawn_card_awaiting_a_slapdown_is_seen_only_by_its_holder():
    game = make(3, slapdown=True)
    state = position(game, ["7s 2c 3c", "4s", "4h"], top="7h")
    state.apply("7s")
    state.apply("draw")
    assert state.view(0)["drawn"] == "7h"
    assert state.view(1)["drawn"] is None and state.view(2)["drawn"] is None
    assert "7h" not in json.dumps(state.view(1))
    # the others cannot tell a matching draw from another: the phase and the public fields are the same
    other = position(game, ["7s 2c 3c", "4s", "4h"], top="8h")
    other.apply("7s")
    other.apply("draw")
    assert {k: v for k, v in other.view(1).items() if k != "known"} == \
        {k: v for k, v in state.view(1).items() if k != "known"}


def test_sample_state_keeps_the_own_hand_known_cards_pile_and_counts():
    game = make(3)
    state = position(game, ["2c 3c 9s", "4s 5s 9h", "4h 5h Kd"], pile=["Qc", "8d"])
    state.apply("2c")
    state.apply("take 8d")  # seat 0 now visibly holds 8d
    state.apply("4s")
    state.apply("draw")
    view = state.view(2)
    seen_for_1 = Counter()
    for i in range(60):
        sampled = game.sample_state(view, random.Random(i))
        check_invariants(sampled, heavy=True)
        assert sampled.view(2) == view
        assert sampled.hands[2] == state.hands[2]  # own hand
        assert cards("8d")[0] in sampled.hands[0]  # taken from the pile and still held: stays with seat 0
        assert sampled.known == state.known
        assert [len(h) for h in sampled.hands] == [len(h) for h in state.hands]
        assert len(sampled.stock) == len(state.stock) and sampled.pile == state.pile
        assert sampled.totals == state.totals and sampled.current_player == state.current_player
        seen_for_1.update(sampled.hands[1])
    unseen = all_cards(state) - Counter(state.hands[2]) - Counter(c for g in state.pile for c in g) - Counter(cards("8d"))
    assert len(seen_for_1) > 0.6 * len(unseen)  # unseen cards are really dealt around


def test_different_random_generators_give_different_deals():
    state = make(4).new(seed=5)
    view = state.view(0)
    deals = {state.game.sample_state(view, random.Random(i)).to_json() for i in range(20)}
    assert len(deals) == 20


def test_sampling_a_known_card_that_left_the_hand_again():
    """A card taken from the pile and later laid again is no longer known: it is public in the pile."""
    game = make(3)
    state = position(game, ["2c 3c 9s", "4s 5s 9h", "4h 5h Kd"], pile=["Qc", "8d"])
    state.apply("2c")
    state.apply("take 8d")
    assert state.known[0] == cards("8d")
    state.apply("4s")
    state.apply("draw")
    state.apply("4h")
    state.apply("draw")
    state.apply("8d")
    assert state.known[0] == []
    sampled = game.sample_state(state.view(1), random.Random(3))
    assert sampled.view(1) == state.view(1) and sampled.pile[-1] == cards("8d")


@pytest.mark.parametrize("options", OPTION_SETS)
def test_sampled_states_agree_with_the_view_and_play_on(options):
    rng = random.Random(4)
    game = make(4, **options)
    for state in playout_states(seeds=range(3), every=7, **options):
        for seat in [state.current_player, rng.randrange(4), None]:
            view = state.view(seat)
            sampled = game.sample_state(view, random.Random(rng.random()))
            assert sampled.view(seat) == view
            if seat is not None:
                assert sampled.hands[seat] == state.hands[seat]
            check_invariants(sampled)
            for _ in range(5):
                if sampled.is_over:
                    break
                sampled.apply(rng.choice(sampled.legal_actions()))
                check_invariants(sampled)


def test_the_seat_to_move_gets_the_same_legal_actions_in_a_sampled_state():
    """What is legal depends only on what the mover can see (own hand, the previous group, the stock count)."""
    rng = random.Random(8)
    for options in OPTION_SETS:
        game = make(4, **options)
        for state in playout_states(seeds=range(3), every=3, **options):
            seat = state.current_player
            sampled = game.sample_state(state.view(seat), random.Random(rng.random()))
            assert [str(a) for a in sampled.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_a_run_group_keeps_its_joker_meaning_in_the_sample():
    game = make(3, joker_swap=True)
    state = position(game, ["6s 2c 3c", "4h", "4d"], pile=["Kh", "5s Jk 7s"], prev_kind=RUN,
                     prev_start=cards("5s")[0])
    state.apply("2c")
    sampled = game.sample_state(state.view(0), random.Random(1))
    assert [str(a) for a in sampled.legal_actions()] == [str(a) for a in state.legal_actions()]
    assert "swap 6s" in [str(a) for a in sampled.legal_actions()]


def test_not_a_yaniv_view_is_refused():
    game = make(3)
    with pytest.raises(ValueError):
        game.sample_state({"game": "yessir"}, random.Random(1))
