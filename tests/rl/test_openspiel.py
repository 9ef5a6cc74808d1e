"""OpenSpiel (gamenight.rl.openspiel; docs/rl.md, "OpenSpiel"): every game at every table size registered with pyspiel
as a Python game passes OpenSpiel's own random-simulation test, plays with its MCTS and IS-MCTS bots through
``evaluate_bots``, resamples worlds a seat cannot tell apart, and observes the seat's view only."""
import json
import random

import pytest
from rl_helpers import SHORT, tables

try:
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
    from open_spiel.python.observation import make_observation
except ImportError:  # the suite installs the extra: without it this is a failure, not a skip
    pytest.fail("OpenSpiel is not installed: pip install 'gamenight[openspiel]' (make test installs it)", pytrace=False)
import numpy as np

import gamenight
from gamenight.core.errors import RulesError
from gamenight.rl.observations import encode, observation_size
from gamenight.rl.openspiel import register_openspiel, short_name

NAMES = register_openspiel()


def short_rules(name):
    """rl_helpers' short rules (as ``gamenight.make`` options) as the ``rules`` game parameter."""
    options = dict(SHORT[name])
    preset = options.pop("rules", None)
    if not options:
        return preset or ""
    return json.dumps({**options, **({"preset": preset} if preset else {})})


def load(name, players, **params):
    return pyspiel.load_game(short_name(name), {"players": players, "rules": short_rules(name), "seed": 7, **params})


def dealt(game):
    state = game.new_initial_state()
    state.apply_action(0)
    return state


def uniform_sampler():
    return pyspiel.UniformProbabilitySampler(0.0, 1.0)


class RestartableISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's IS-MCTS bot keeps nothing between moves, but has no ``restart_at``, which ``evaluate_bots``
    calls (docs/rl.md shows this subclass)."""

    def restart_at(self, state):
        self.reset()


# ---- registration, types, parameters -------------------------------------------------------------------------
def test_every_game_is_registered_once_under_its_python_gamenight_name():
    assert NAMES == [f"python_gamenight_{name}" for name in gamenight.games()]
    assert register_openspiel() == NAMES   # again: nothing changes
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert register_openspiel(["yessir"]) == ["python_gamenight_yessir"]
    with pytest.raises(RulesError):
        register_openspiel(["chess"])


@pytest.mark.parametrize("name", gamenight.games())
def test_the_game_type_says_what_the_algorithms_rely_on(name):
    game_type = pyspiel.load_game(short_name(name)).get_type()
    cls = type(gamenight.make(name))
    assert game_type.short_name == short_name(name)
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (game_type.min_num_players, game_type.max_num_players) == (cls.MIN_PLAYERS, cls.MAX_PLAYERS)
    assert game_type.provides_information_state_string and not game_type.provides_information_state_tensor
    assert game_type.provides_observation_string and game_type.provides_observation_tensor
    assert set(game_type.parameter_specification) == {"players", "seed", "rules", "max_game_length"}


@tables()
def test_the_game_info_is_the_engines(name, players):
    game = pyspiel.load_game(short_name(name), {"players": players})
    engine = gamenight.make(name, players=players)
    assert game.num_players() == players
    assert game.num_distinct_actions() == engine.num_distinct_actions
    assert game.max_chance_outcomes() == 1
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.utility_sum() == engine.utility_sum == (players // 2 if name == "thunee" else 1)
    assert game.max_game_length() == engine.MAX_GAME_LENGTH
    assert game.observation_tensor_shape() == [observation_size(engine)]


def test_the_players_a_game_refuses_are_refused_and_parameters_are_checked():
    with pytest.raises(RulesError, match="2, 4 or 6"):
        pyspiel.load_game("python_gamenight_thunee", {"players": 3})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_gamenight_yaniv", {"colour": 1})
    with pytest.raises(RulesError, match="balls_to_win"):
        pyspiel.load_game("python_gamenight_thunee", {"rules": json.dumps({"balls_to_win": 0})})


def test_rules_are_a_preset_or_json_options_and_the_game_string_form_loads():
    game = pyspiel.load_game("python_gamenight_yaniv(players=3,rules=single_round,max_game_length=50)")
    assert (game.num_players(), game.max_game_length()) == (3, 50)
    assert dealt(game).seat_view(0)["rules"]["single_round"]
    gin = pyspiel.load_game("python_gamenight_gin_rummy", {"rules": '{"preset": "standard", "single_hand": true}'})
    rules = dealt(gin).seat_view(0)["rules"]
    assert rules["single_hand"] and rules["first_upcard"] == "standard"


def test_the_seed_deals_the_same_matches_again_and_each_new_state_a_new_one():
    def deals(game, n=3):
        return [str(dealt(game)) for _ in range(n)]
    first = deals(pyspiel.load_game("python_gamenight_yessir", {"seed": 5}))
    assert first == deals(pyspiel.load_game("python_gamenight_yessir", {"seed": 5}))
    assert len(set(first)) == 3
    assert first != deals(pyspiel.load_game("python_gamenight_yessir", {"seed": 6}))
    # a clone (MCTS makes thousands) never draws a deal: the sequence stays the same
    game = pyspiel.load_game("python_gamenight_yessir", {"seed": 5})
    state = game.new_initial_state()
    for _ in range(5):
        state.clone()
    state.apply_action(0)
    assert [str(state)] + deals(game, 2) == first


def test_the_first_node_is_the_deal_a_chance_node_with_one_outcome():
    game = load("gin_rummy", 2)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal"
    assert state.information_state_string(0) == state.observation_string(1) == ""
    assert not any(state.observation_tensor(0))
    state.apply_action(0)
    assert state.current_player() in (0, 1) and state.history() == [0]
    assert state.gamenight_state().view(0) == state.seat_view(0)


def test_a_match_longer_than_max_game_length_ends_as_a_draw():
    game = pyspiel.load_game("python_gamenight_thunee", {"players": 6, "max_game_length": 10, "seed": 1})
    state = dealt(game)
    rng = random.Random(1)
    for _ in range(10):
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.5] * 6   # the utility sum, 3, shared by six
    assert not state.gamenight_state().is_over


# ---- OpenSpiel's own test -------------------------------------------------------------------------------------
@tables(slow={("yaniv", 7)})
def test_openspiel_random_simulation_test_passes(name, players):
    pyspiel.random_sim_test(load(name, players), num_sims=1, serialize=False, verbose=False)
    # the default rules (whole matches), stopped early by max_game_length
    game = pyspiel.load_game(short_name(name), {"players": players, "seed": 3, "max_game_length": 40})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


# ---- worlds a seat cannot tell apart, and what it observes ----------------------------------------------------
@tables()
def test_resampled_worlds_keep_the_seats_view_and_observation_while_the_hidden_cards_change(name, players):
    game = load(name, players, max_game_length=60)
    engine = gamenight.make(name, players=players, **SHORT[name])
    state = dealt(game)
    sampler = uniform_sampler()
    rng = random.Random(3)
    hidden_changed = checked = 0
    while not state.is_terminal():
        for seat in range(players):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.seat_view(seat) == state.seat_view(seat)
            tensor = state.observation_tensor(seat)
            assert world.observation_tensor(seat) == tensor
            assert tensor == pytest.approx(encode(engine, state.seat_view(seat)))
            assert world.current_player() == state.current_player()
            assert world.legal_actions(seat) == state.legal_actions(seat)
            assert world.history() == state.history()
            others = [q for q in range(players) if q != seat]
            hidden_changed += any(world.seat_view(q) != state.seat_view(q) for q in others)
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert hidden_changed > checked // 2   # the worlds really differ in what the seats cannot see


@pytest.mark.parametrize("name,players", [("gin_rummy", 2), ("yaniv", 3), ("thunee", 4), ("yessir", 5)])
def test_information_states_recall_the_whole_past_and_do_not_depend_on_when_they_are_asked(name, players):
    game = pyspiel.load_game(short_name(name), {"players": players, "seed": 11})   # whole matches
    asked = dealt(game)
    quiet = asked.clone()
    rng = random.Random(5)
    seen = [set() for _ in range(players)]
    for _ in range(150):
        if asked.is_terminal():
            break
        for seat in range(players):
            text = asked.information_state_string(seat)
            view, _, past = text.rpartition("\n")
            assert json.loads(view) == asked.seat_view(seat)
            assert text not in seen[seat]   # every move adds to every seat's past
            seen[seat].add(text)
        action = rng.choice(asked.legal_actions())
        asked.apply_action(action)
        quiet.apply_action(action)
    assert str(asked) == str(quiet)
    assert [quiet.information_state_string(s) for s in range(players)] == \
           [asked.information_state_string(s) for s in range(players)]


def test_a_resampled_world_shares_the_seats_information_state_exactly_while_its_views_have_been_equal():
    # the same moves in a state and in a world resampled for a seat: the seat's information states are equal as
    # long as every view it was shown was, and differ for ever once one did not (even if later views agree)
    # (YESSIR!: the actions are the same whatever the dice, so both can play the same moves for long)
    game = load("yessir", 3)
    rng = random.Random(2)
    outcomes = set()
    for _ in range(5):
        state = dealt(game)
        for _ in range(rng.randrange(4)):
            state.apply_action(rng.choice(state.legal_actions()))
        seat = state.current_player()
        world = state.resample_from_infostate(seat, uniform_sampler())
        same_so_far = True
        for _ in range(60):
            if state.is_terminal() or world.is_terminal() or state.current_player() != world.current_player():
                break
            legal = sorted(set(state.legal_actions()) & set(world.legal_actions()))
            if not legal:
                break
            action = rng.choice(legal)
            state.apply_action(action)
            world.apply_action(action)
            same_so_far = same_so_far and state.seat_view(seat) == world.seat_view(seat)
            equal = state.information_state_string(seat) == world.information_state_string(seat)
            assert equal == same_so_far
            outcomes.add(equal)
    assert outcomes == {True, False}


def test_observers_give_the_seats_view_the_public_view_or_the_information_state():
    game = load("thunee", 4)
    engine = gamenight.make("thunee", players=4, **SHORT["thunee"])
    state = dealt(game)
    state.apply_action(state.legal_actions()[0])
    private = make_observation(game)
    private.set_from(state, 1)
    assert list(private.tensor) == pytest.approx(encode(engine, state.seat_view(1)))
    assert private.string_from(state, 1) == state.observation_string(1)
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False,
                                                               private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 1)
    assert list(public.tensor) == pytest.approx(encode(engine, state.seat_view(None)))
    assert json.loads(public.string_from(state, 2)) == state.seat_view(None)
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert info.tensor is None
    assert info.string_from(state, 3) == state.information_state_string(3)
    with pytest.raises(ValueError, match="private_info"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False,
                                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


# ---- OpenSpiel's bots -----------------------------------------------------------------------------------------
@tables()
def test_mcts_and_ismcts_bots_play_a_match_with_evaluate_bots(name, players):
    game = load(name, players, max_game_length=30)
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [RestartableISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng),
            mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=evaluator, random_state=rng)]
    bots += [pyspiel.make_uniform_random_bot(seat, 100 + seat) for seat in range(2, players)]
    sampler = pyspiel.UniformProbabilitySampler(9, 0.0, 1.0)   # seeded (IS-MCTS's default sampler is not)
    bots[0].set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == players
    assert sum(returns) == pytest.approx(game.utility_sum())
    assert all(0.0 <= r <= 1.0 for r in returns)


def test_ismcts_searches_from_resampled_worlds_of_a_whole_hand():
    game = load("gin_rummy", 2)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 20, random_state=rng,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT)
    state = dealt(game)
    policy = bot.get_policy(state)
    assert {a for a, _ in policy} == set(state.legal_actions())
    assert sum(p for _, p in policy) == pytest.approx(1.0)

