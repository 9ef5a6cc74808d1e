"""The Yaniv expert's inference (yaniv.inference): a refined world still shows the seat its view, moves only the
cards the view does not place, is the same for the same rng, plays on by the rules, and gives the others hands that
have shed points."""
import random
from collections import Counter

import pytest

import gamenight
from gamenight.yaniv import inference
from gamenight.yaniv.actions import SINGLE


def positions(game, seed):
    """(state, seat) at every decision of a heuristic match."""
    bot = gamenight.make_bot("heuristic", game)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        yield state.clone(), seat
        state.apply(bot.choose(view, state.legal_actions(), rng))


def hidden_cards(world, seat):
    """The cards the seat does not see, as a multiset (two packs repeat cards): the others' and the stock's."""
    cards = Counter(world.stock)
    for p, hand in enumerate(world.hands):
        if p != seat:
            cards += Counter(hand)
    return cards


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2)])
def test_a_refined_world_shows_the_seat_its_view_and_moves_only_hidden_cards(players, seed):
    game = gamenight.make("yaniv", players=players)
    rng = random.Random(seed)
    moved = 0
    for state, seat in positions(game, seed):
        view = state.view(seat)
        world = game.sample_state(view, rng)
        before = (hidden_cards(world, seat), list(world.hands[seat]), [len(h) for h in world.hands], len(world.stock))
        hands = [list(h) for h in world.hands]
        refined = inference.refine(view, world, rng)
        assert refined.view(seat) == view
        assert (hidden_cards(refined, seat), refined.hands[seat], [len(h) for h in refined.hands],
                len(refined.stock)) == before
        for p, known in enumerate(refined.known):
            assert not Counter(known) - Counter(refined.hands[p])
            assert refined.hands[p] == sorted(refined.hands[p])
        moved += refined.hands != hands
    assert moved > 10


@pytest.mark.parametrize("players", [2, 4])
def test_a_refined_world_plays_on_by_the_rules(players):
    game = gamenight.make("yaniv", players=players)
    bot = gamenight.make_bot("heuristic", game)
    rng = random.Random(players)
    for i, (state, seat) in enumerate(positions(game, 10 + players)):
        if i % 15:
            continue
        view = state.view(seat)
        world = inference.refine(view, game.sample_state(view, rng), rng)
        assert world.legal_actions() == state.legal_actions()
        for _ in range(40):
            if world.is_over:
                break
            world.apply(bot.choose(world.view(world.current_player), world.legal_actions(), rng))


def test_refining_is_the_same_for_the_same_rng():
    game = gamenight.make("yaniv", players=3)
    state, seat = next(p for i, p in enumerate(positions(game, 3)) if i == 30)
    view = state.view(seat)
    worlds = [inference.refine(view, game.sample_state(view, random.Random(7)), random.Random(8)) for _ in range(2)]
    assert worlds[0].hands == worlds[1].hands and worlds[0].stock == worlds[1].stock


def test_the_others_get_hands_that_have_shed_points():
    game = gamenight.make("yaniv", players=2)
    rng = random.Random(4)
    uniform = refined = real = 0
    for seed in (4, 5):
        for state, seat in positions(game, seed):
            opp = 1 - seat
            view = state.view(seat)
            if view["phase"] != "turn" or inference.discards_this_round(view, opp) < 3:
                continue
            world = game.sample_state(view, rng)
            uniform += world.hand_value(opp)
            refined += inference.refine(view, world, rng).hand_value(opp)
            real += state.hand_value(opp)
    assert real < 0.8 * uniform
    assert refined < 0.8 * uniform


def test_nothing_moves_for_a_spectator():
    game = gamenight.make("yaniv", players=2)
    rng = random.Random(5)
    state, _ = next(p for i, p in enumerate(positions(game, 5)) if i == 12)
    spectator = state.view(None)
    world = game.sample_state(spectator, rng)
    hands, stock = [list(h) for h in world.hands], list(world.stock)
    assert inference.refine(spectator, world, rng).hands == hands and world.stock == stock


def test_the_search_bots_refine_their_worlds():
    game = gamenight.make("yaniv")
    for name in ("expert", "strong"):
        assert gamenight.make_bot(name, game).settings.refine is inference.refine


def test_the_groups_a_player_laid_are_read_off_the_log():
    game = gamenight.make("yaniv", players=3)
    for state, seat in positions(game, 3):
        view = state.view(seat)
        start = state.round_start
        for p in range(3):   # the state's own record of this round's moves agrees
            moves = zip(state.actors[start:], state.history[start:])
            laid = sum(1 for who, action in moves if who == p and action.kind >= SINGLE)
            assert inference.discards_this_round(view, p) == laid


def test_tilts():
    assert inference.tilt(0, 3) == 0.0
    assert inference.tilt(3, 9) == inference.tilt(3, 6) == inference.TILTS[2][6]
    assert inference.tilt(7, 2) == inference.tilt(5, 2) == inference.TILTS[4][2]
    assert all(row[0] == 0.0 for row in inference.TILTS)  # nothing laid yet: the hand is as dealt


def test_a_hand_the_seat_knows_whole_stays_as_it_is():
    game = gamenight.make("yaniv", players=2)
    state, seat = next((s, seat) for s, seat in positions(game, 6) if s.view(seat)["phase"] == "turn"
                       and inference.discards_this_round(s.view(seat), 1 - seat) >= 3)
    view = state.view(seat)
    world = game.sample_state(view, random.Random(1))
    world.known[1 - seat] = list(world.hands[1 - seat])   # as if every card he holds had been taken from the pile
    hand, stock = list(world.hands[1 - seat]), list(world.stock)
    refined = inference.refine(view, world, random.Random(2))
    assert refined.hands[1 - seat] == hand and refined.stock == stock


def call_positions(game, seeds):
    """(state, seat) at the heuristic's turns where it may call Yaniv."""
    for seed in seeds:
        for state, seat in positions(game, seed):
            if state.view(seat)["can_call"]:
                yield state, seat


def test_the_heuristic_expects_a_call_to_hold_less_often_against_players_who_shed_points():
    """Its estimate weighs each deal of the others' hands as the refinement does: with the same deals, a lean to low
    hands can only lower the share where every other hand is higher (one opponent: a falling weight on an
    outcome that rises with his points)."""
    game = gamenight.make("yaniv", players=2)
    bot = gamenight.make_bot("heuristic", game)
    lower = 0
    for state, seat in call_positions(game, range(20, 26)):
        view = state.view(seat)
        as_dealt = dict(view, log=[])    # nothing laid yet: no lean, every deal weighs the same
        leaning, dealt = bot.call_chance(view, random.Random(1)), bot.call_chance(as_dealt, random.Random(1))
        assert 0.0 <= leaning <= dealt + 1e-12 <= 1.0 + 1e-12
        lower += leaning < dealt
    assert lower >= 3

