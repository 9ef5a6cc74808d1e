"""Every game as a PettingZoo AEC environment (gamenight.rl.pettingzoo_env): PettingZoo's own api_test, seed_test and
render_test at every number of players, whole episodes, rewards by hand and by match, max_cycles, illegal actions.

PettingZoo's ``max_cycles_test`` does not apply to these environments: it needs a module with a ``parallel_env``,
and a turn-based game with a player who may act several times in a row (Gin's draw, then discard) has no parallel
form (PettingZoo's AEC-to-parallel conversion requires every agent to act once per cycle), and it plays unmasked
random actions, which are illegal here. ``test_max_cycles_truncates_after_that_many_cycles`` checks the same
promise in AEC form."""
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from rl_helpers import SHORT, TABLES, tables

import gamenight
from gamenight.rl import pettingzoo_env
from gamenight.rl.aec import GamenightAEC
from gamenight.rl.text import spectator_text


def short(name):
    options = dict(SHORT[name])
    return options.pop("rules", None), options


@pytest.fixture(autouse=True)
def quiet():
    """PettingZoo's tests warn about what its classic card games also do (a dict observation; an all-zero mask for
    an agent whose turn it is not)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@tables()
def test_api_test(name, players):
    api_test(pettingzoo_env(name, players=players), num_cycles=15)


@tables()
def test_seed_test(name, players):
    seed_test(lambda: pettingzoo_env(name, players=players), num_cycles=15)


@pytest.mark.parametrize("name", ["gin_rummy", "yaniv", "thunee", "yessir"])
@pytest.mark.parametrize("reward", ["hand", "match"])
def test_api_test_over_whole_episodes(name, reward):
    """Short matches (one hand, one ball, one round win) played to the end by api_test's random masked agents: the
    end of an episode and the agents' removal pass too."""
    rules, options = short(name)
    players = max(n for game, n in TABLES if game == name)
    env = pettingzoo_env(name, players=players, rules=rules, reward=reward, **options)
    raw = env.unwrapped
    removed = []
    dead_step = raw._was_dead_step

    def counted(action):
        removed.append(raw.agent_selection)
        dead_step(action)

    raw._was_dead_step = counted
    api_test(env, num_cycles=10_000)
    assert sorted(removed[:players]) == sorted(env.possible_agents)   # an episode ran to its end: every agent left


@pytest.mark.parametrize("name,players", [("gin_rummy", 2), ("yaniv", 3), ("thunee", 4), ("yessir", 5)])
def test_render_test(name, players):
    render_test(lambda render_mode=None: pettingzoo_env(name, players=players, render_mode=render_mode))


def play(env, seed, rng, limit=100_000):
    """Play ``env`` from ``seed`` with random legal actions to the end: each agent's total reward and the steps."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter(limit):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(list(legal))))
        steps += 1
    return totals, steps


@pytest.mark.parametrize("name", ["gin_rummy", "yaniv", "thunee", "yessir"])
def test_match_rewards_are_the_result(name):
    """reward="match": +1 to each winner, -1 to the others, once, when the match ends."""
    rules, options = short(name)
    env = pettingzoo_env(name, rules=rules, reward="match", **options)
    raw = env.unwrapped
    rng = random.Random(1)
    for seed in range(3):
        totals, _ = play(env, seed, rng)
        state = raw.episode.state
        assert state.is_over
        winners = set(state.winners)
        for seat, agent in enumerate(env.possible_agents):
            if len(winners) == len(env.possible_agents):
                assert totals[agent] == 0.0
            else:
                assert totals[agent] == (1.0 if seat in winners else -1.0)


@pytest.mark.parametrize("name,players", [("gin_rummy", 2), ("yaniv", 3), ("yessir", 4)])
def test_hand_rewards_add_up_to_the_final_lead_over_the_average(name, players):
    """reward="hand": zero-sum, and over a whole match each seat's rewards add up to its final total's difference
    from the average, over the deciding score (negated where the lower total wins)."""
    env = pettingzoo_env(name, players=players, reward="hand")
    raw = env.unwrapped
    rng = random.Random(2)
    totals, _ = play(env, 5, rng)
    state = raw.episode.state
    assert state.is_over
    final = state.sheet[-1]["totals"]
    sign = -1 if state.score_sheet()["low_wins"] else 1
    if name == "yaniv":   # the seats put out stop scoring: compare the sum only
        assert abs(sum(totals.values())) < 1e-9
        return
    mean = sum(final) / players
    for seat, agent in enumerate(env.possible_agents):
        assert totals[agent] == pytest.approx(sign * (final[seat] - mean) / raw.episode.scale)
    assert abs(sum(totals.values())) < 1e-9


def test_thunee_partners_share_their_teams_hand_rewards():
    env = pettingzoo_env("thunee", players=4, reward="hand")
    totals, _ = play(env, 3, random.Random(3))
    assert totals["player_0"] == totals["player_2"] == -totals["player_1"] == -totals["player_3"]
    assert totals["player_0"] != 0.0


def test_yessir_round_rewards():
    """A round won at 3 players is worth (1 - 1/3) / rounds_to_win to its winner and -1/3 / rounds_to_win to each
    other seat."""
    env = pettingzoo_env("yessir", players=3, reward="hand")
    env.reset(seed=0)
    raw = env.unwrapped
    while not raw.episode.state.sheet:
        obs = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[-2]))   # d: say Yessir
    row = raw.episode.state.sheet[0]
    winner = row["points"].index(1)
    for seat, agent in enumerate(env.possible_agents):
        expected = (2 / 3 if seat == winner else -1 / 3) / 3
        assert raw.rewards[agent] == pytest.approx(expected)


@pytest.mark.parametrize("name,players", [("gin_rummy", 2), ("yaniv", 5), ("thunee", 6), ("yessir", 3)])
def test_max_cycles_truncates_after_that_many_cycles(name, players):
    """max_cycles=k: after k cycles (k x players actions) every agent is truncated, and each is then iterated once
    more, to step None and leave."""
    env = pettingzoo_env(name, players=players, max_cycles=4)
    totals, steps = play(env, 1, random.Random(4))
    assert steps == 4 * players
    assert env.agents == []
    env.reset(seed=1)
    counts = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        counts[agent] += 1
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert sum(counts.values()) == 4 * players + players


def test_an_illegal_action_ends_the_episode_with_a_penalty():
    env = pettingzoo_env("gin_rummy")
    env.reset(seed=0)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    _, reward, terminated, _, _ = env.last()
    other = [a for a in env.possible_agents if a != agent][0]
    assert env.unwrapped._cumulative_rewards[agent] == -1.0
    assert env.unwrapped._cumulative_rewards[other] == 0.0
    assert terminated


def test_without_the_wrapper_an_illegal_action_raises():
    env = pettingzoo_env("yessir", illegal_reward=None)
    env.reset(seed=0)
    with pytest.raises(gamenight.IllegalAction):
        env.step(9)   # "down": only after a pip change
    raw = GamenightAEC(gamenight.make("yessir"))
    raw.reset(seed=0)
    with pytest.raises(gamenight.IllegalAction):
        raw.step(9)


@tables()
def test_every_observation_is_the_agents_view_encoded(name, players):
    """Along a random match, every agent's observation (made by the fast path, gamenight.rl.arrays) is exactly
    ``encode(game, state.view(seat))`` as float32, and its mask the legal actions' for the agent to act, zeros for
    the others; each observation is a new array."""
    from gamenight.rl import action_mask, encode
    rules, options = short(name)
    env = pettingzoo_env(name, players=players, rules=rules, **options)
    env.reset(seed=players)
    rng = random.Random(players)
    state = env.unwrapped.episode.state
    game = state.game
    zeros = [0] * game.num_distinct_actions
    for step, agent in enumerate(env.agent_iter(300)):
        if step % 3 == 0:
            for seat, other in enumerate(env.possible_agents):
                obs = env.observe(other)
                assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
                assert np.array_equal(obs["observation"], np.asarray(encode(game, state.view(seat)), np.float32))
                legal = action_mask(game, state.legal_actions()) if seat == state.current_player else zeros
                assert obs["action_mask"].tolist() == legal
        obs, _, terminated, truncated, _ = env.last()
        again = env.observe(agent)
        assert again["observation"] is not obs["observation"] and again["action_mask"] is not obs["action_mask"]
        obs["observation"][:] = 2.0   # a caller may change what it was given
        assert np.array_equal(env.observe(agent)["observation"], again["observation"])
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(list(np.flatnonzero(again["action_mask"])))))


def test_actions_outside_the_action_space_are_refused():
    """As PettingZoo's AssertOutOfBoundsWrapper refuses them (the environment checks this itself)."""
    env = pettingzoo_env("yessir", players=3)
    env.reset(seed=0)
    for action in (-1, 10, None, 2.5, "a"):
        with pytest.raises(AssertionError, match="not in action space"):
            env.step(action)
    env.step(np.int64(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])))   # NumPy ints too
    assert env.unwrapped.episode.steps == 1


def test_observations_are_the_agents_own_views():
    """Each agent's observation is the encoding of its own seat's view; the mask is zero but for the agent to act."""
    from gamenight.rl import action_mask, encode
    env = pettingzoo_env("thunee", players=4)
    env.reset(seed=7)
    state = env.unwrapped.episode.state
    game = state.game
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert np.array_equal(obs["observation"], np.asarray(encode(game, state.view(seat)), dtype=np.float32))
        if seat == state.current_player:
            assert list(obs["action_mask"]) == action_mask(game, state.legal_actions())
        else:
            assert not obs["action_mask"].any()


def test_the_same_seed_deals_the_same_match_and_reset_without_one_the_next():
    env = pettingzoo_env("yaniv", players=3)
    env.reset(seed=11)
    first = env.unwrapped.episode.state.to_json()
    env.reset()
    second = env.unwrapped.episode.state.to_json()
    env.reset(seed=11)
    assert env.unwrapped.episode.state.to_json() == first
    env.reset()
    assert env.unwrapped.episode.state.to_json() == second
    assert first != second


def test_ansi_render_is_the_spectators_table():
    env = pettingzoo_env("gin_rummy", render_mode="ansi")
    env.reset(seed=3)
    state = env.unwrapped.episode.state
    text = env.render()
    assert text == spectator_text(state.game, state.view(None))
    assert "player_" in text and "spectator" in text
    from gamenight.core.cards import parse_card, pretty_card
    for seat in (0, 1):   # nobody's cards: at the start no card is known
        for card in state.view(seat)["hand"]:
            assert pretty_card(parse_card(card)) not in text


def test_a_game_object_or_a_name():
    game = gamenight.make("yaniv", players=3, rules="common")
    env = pettingzoo_env(game)
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert str(env.unwrapped) == "gamenight_yaniv_v0"
    with pytest.raises(ValueError):
        pettingzoo_env(game, players=3)
    with pytest.raises(ValueError):
        pettingzoo_env("yaniv", reward="points")
