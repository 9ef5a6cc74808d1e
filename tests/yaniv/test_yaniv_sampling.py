"""Hidden information in Yaniv: views leak nothing, and game.sample_state(view, rng) deals a full state that agrees
with everything the view shows (own hand, cards others are known to hold, the pile, every count, the log)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from yaniv_helpers import check_invariants, deal, hand, make, public

from gamenight.core.cards import card_str


def permute_hidden(state, seat, rng):
    """A copy where the cards ``seat`` cannot see (each other seat's hand but its known cards, and a card drawn
    for a slapdown decision, which stays with its holder; the stock) are dealt anew among the same places.

    It edits the state's JSON text (the saved-state format, which state_from_json reads), since moving hidden
    cards is what this test is about and no public action does that."""
    data = json.loads(state.to_json())
    pools = {}
    for p in range(state.game.num_players):
        if p == seat:
            continue
        rest = Counter(data["hands"][p]) - Counter(data["known"][p])
        if data["phase"] == "slap" and p == data["current"] and data["drawn"] and rest[data["drawn"]]:
            rest[data["drawn"]] -= 1
        pools[p] = list(rest.elements())
    pool = [c for cs in pools.values() for c in cs] + data["stock"]
    rng.shuffle(pool)
    for p, cs in pools.items():
        keep = Counter(data["hands"][p]) - Counter(cs)
        data["hands"][p] = list(keep.elements()) + [pool.pop() for _ in cs]
    data["stock"] = pool
    return state.game.state_from_json(json.dumps(data))


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
            check_invariants(other)
            assert other.view(seat) == state.view(seat)
            assert other.view(None) == state.view(None)
            changed += other.to_json() != state.to_json()
    assert changed > 50  # the permutations did move hidden cards


def test_a_spectator_view_holds_no_hand_and_no_drawn_card():
    for state in playout_states(slapdown=True, seeds=range(3), every=1):
        view = state.view(None)
        assert view["hand"] is None and view["hand_value"] is None and view["drawn"] is None
        assert view["can_call"] is False and view["hand_value_after"] is None


def test_the_drawn_card_awaiting_a_slapdown_is_seen_only_by_its_holder():
    game = make(3, slapdown=True, hand_size=3)
    state = deal(game, ["7s 2c 3c", "4s 5s 6s", "4h 5h 6h"], stock="7h")
    state.apply("7s")
    state.apply("draw")
    assert state.view(0)["drawn"] == "7h"
    assert state.view(1)["drawn"] is None and state.view(2)["drawn"] is None
    assert "7h" not in json.dumps(state.view(1))
    # the others cannot tell a matching draw from another: the phase and the public fields are the same
    other = deal(game, ["7s 2c 3c", "4s 5s 6s", "4h 5h 6h"], stock="8h")
    other.apply("7s")
    other.apply("draw")
    assert other.view(1) == state.view(1)


def pile_card_taken():
    """Seat 2 has laid 8d, seat 0 has taken it (so everyone knows seat 0 holds it), seat 1 has laid and drawn."""
    game = make(3, hand_size=3)
    state = deal(game, ["2c 3c 9s", "4s 5s 9h", "8d 4h Kd"], dealer=2, pile="Qc")
    state.apply("8d")
    state.apply("draw")
    state.apply("2c")
    state.apply("take 8d")
    state.apply("4s")
    state.apply("draw")
    return state


def test_sample_state_keeps_the_own_hand_known_cards_pile_and_counts():
    state = pile_card_taken()
    game = state.game
    view = state.view(2)
    assert public(state)["known"][0] == ["8d"]
    seen_for_1 = Counter()
    for i in range(60):
        sampled = game.sample_state(view, random.Random(i))
        check_invariants(sampled, heavy=True)
        assert sampled.view(2) == view  # the own hand, known cards, the pile and every count
        assert sampled.view(None) == state.view(None)
        assert "8d" in hand(sampled, 0)  # taken from the pile and still held: stays with seat 0
        assert sampled.current_player == state.current_player
        seen_for_1.update(hand(sampled, 1))
    unseen = (Counter(card_str(c) for c in game.deck()) - Counter(view["hand"]) - Counter(["8d"])
              - Counter(c for g in view["discard_pile"] for c in g))
    assert len(seen_for_1) > 0.6 * len(unseen)  # unseen cards are really dealt around


def test_different_random_generators_give_different_deals():
    state = make(4).new(seed=5)
    view = state.view(0)
    deals = {state.game.sample_state(view, random.Random(i)).to_json() for i in range(20)}
    assert len(deals) == 20


def test_sampling_a_known_card_that_left_the_hand_again():
    """A card taken from the pile and later laid again is no longer known: it is public in the pile."""
    state = pile_card_taken()
    state.apply("Kd")  # seat 2
    state.apply("draw")
    state.apply("8d")  # seat 0 lays the card it took
    assert public(state)["known"][0] == []
    sampled = state.game.sample_state(state.view(1), random.Random(3))
    assert sampled.view(1) == state.view(1) and public(sampled)["discard_pile"][-1] == ["8d"]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_sampled_states_agree_with_the_view_and_play_on(options):
    rng = random.Random(4)
    game = make(4, **options)
    for state in playout_states(seeds=range(3), every=7, **options):
        for seat in [state.current_player, rng.randrange(4), None]:
            view = state.view(seat)
            sampled = game.sample_state(view, random.Random(rng.random()))
            assert sampled.view(seat) == view
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
    game = make(3, joker_swap=True, hand_size=3)
    state = deal(game, ["5s Jk 7s", "6s 2c 3c", None], pile="Kh")
    state.apply("5s+Jk=6s+7s")
    state.apply("draw")
    state.apply("2c")
    sampled = game.sample_state(state.view(1), random.Random(1))
    assert [str(a) for a in sampled.legal_actions()] == [str(a) for a in state.legal_actions()]
    assert "swap 6s" in [str(a) for a in sampled.legal_actions()]


def test_a_sampled_state_has_no_record():
    state = make(3).new(seed=1)
    sampled = state.game.sample_state(state.view(0), random.Random(1))
    with pytest.raises(ValueError, match="no replayable record"):
        sampled.record()


def test_not_a_yaniv_view_is_refused():
    game = make(3)
    with pytest.raises(ValueError):
        game.sample_state({"game": "yessir"}, random.Random(1))
