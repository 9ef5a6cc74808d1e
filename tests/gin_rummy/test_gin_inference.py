"""The Gin expert's inference (gin_rummy.inference): a refined world still shows the seat its view, moves only the
cards the view does not place, is the same for the same rng, and gives the opponent a built hand."""
import random

import pytest

import gamenight
from gamenight.gin_rummy import inference
from gamenight.gin_rummy.melds import deadwood

GAME = gamenight.make("gin_rummy")


def positions(seed, phases=inference.PHASES):
    """(state, seat) at every decision of a heuristic match in ``phases``."""
    bot = gamenight.make_bot("heuristic", GAME)
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        if view["phase"] in phases:
            yield state.clone(), seat
        state.apply(bot.choose(view, state.legal_actions(), rng))


def hidden_cards(world, seat):
    """The cards the seat does not see: the opponent's and the stock's."""
    return world.hands[1 - seat] | sum(1 << c for c in world.stock)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_refined_world_shows_the_seat_its_view_and_moves_only_hidden_cards(seed):
    rng = random.Random(seed)
    for state, seat in positions(seed, phases=("upcard", "draw", "discard", "wall", "layout", "defend")):
        view = state.view(seat)
        world = GAME.sample_state(view, rng)
        before = (hidden_cards(world, seat), world.hands[seat], len(world.stock), world.known)
        refined = inference.refine(view, world, rng)
        assert refined.view(seat) == view
        assert (hidden_cards(refined, seat), refined.hands[seat], len(refined.stock), refined.known) == before
        assert refined.hands[1 - seat] & refined.known[1 - seat] == refined.known[1 - seat]


def test_refining_is_the_same_for_the_same_rng():
    state, seat = next(p for i, p in enumerate(positions(3)) if i == 20)
    view = state.view(seat)
    worlds = [inference.refine(view, GAME.sample_state(view, random.Random(7)), random.Random(8)) for _ in range(2)]
    assert worlds[0].hands == worlds[1].hands and worlds[0].stock == worlds[1].stock


def test_the_opponent_gets_a_built_hand_mid_hand():
    rng = random.Random(4)
    found = [(s, seat) for s, seat in positions(4) if 8 <= len(s.stock) < 24]
    assert found
    uniform = refined = 0
    for state, seat in found:
        view = state.view(seat)
        world = GAME.sample_state(view, rng)
        uniform += deadwood(world.hands[1 - seat])
        refined += deadwood(inference.refine(view, world, rng).hands[1 - seat])
    assert refined < 0.6 * uniform


def test_nothing_moves_once_a_knock_shows_the_hands_or_for_a_spectator():
    rng = random.Random(5)
    state, seat = next(positions(5, phases=("layout", "defend")))
    view = state.view(seat)
    world = GAME.sample_state(view, rng)
    hands, stock = list(world.hands), list(world.stock)
    assert inference.refine(view, world, rng).hands == hands and world.stock == stock
    spectator = state.view(None)
    world = GAME.sample_state(spectator, rng)
    hands = list(world.hands)
    assert inference.refine(spectator, world, rng).hands == hands


def test_the_search_bots_refine_their_worlds():
    for name in ("expert", "strong"):
        assert gamenight.make_bot(name, GAME).settings.refine is inference.refine


def test_bands():
    assert [inference.stock_band(n) for n in (31, 24, 23, 16, 15, 8, 7, 0)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [inference.deadwood_band(p) for p in (0, 9, 10, 69, 70, 98)] == [0, 0, 1, 6, 7, 7]
