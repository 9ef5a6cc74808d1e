"""Every game as a single-agent Gymnasium environment (gamenight.rl.gym_env): Gymnasium's own check_env at every
number of players, the registered ids, the action masks maskable policies read, whole episodes against bots,
rewards, seeds and illegal actions."""
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_helpers import SHORT, tables

import gamenight
from gamenight.rl import action_mask, encode, gym_env
from gamenight.rl.gym import ENV_IDS, GamenightEnv


def short(name):
    options = dict(SHORT[name])
    return options.pop("rules", None), options


@tables()
@pytest.mark.filterwarnings("ignore:.*not having a spec")   # made by id below, where the render modes are checked
def test_check_env(name, players):
    check_env(gym_env(name, players=players, render_mode="ansi"))


@pytest.mark.parametrize("name", sorted(ENV_IDS))
def test_the_registered_envs_pass_check_env_without_a_warning(name):
    """Made by id, the environment has a spec, so check_env also renders in each render mode; nothing warns."""
    env = gymnasium.make(f"gamenight.rl.gym:{ENV_IDS[name]}", opponents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    env.close()


def masked_random_episode(env, seed, rng):
    """A whole episode with uniformly random legal actions (what a maskable policy does untrained)."""
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, info["action_mask"])
        assert env.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, terminated


@pytest.mark.parametrize("name,players", [("gin_rummy", 2), ("yaniv", 4), ("thunee", 4), ("thunee", 6),
                                          ("yessir", 6)])
def test_whole_episodes_against_the_heuristic_bots(name, players):
    rules, options = short(name)
    env = gym_env(name, seat=1, players=players, rules=rules, reward="match", **options)
    rng = np.random.default_rng(0)
    for seed in range(2):
        total, steps, terminated = masked_random_episode(env, seed, rng)
        state = env.episode.state
        assert terminated and state.is_over and steps > 0
        winners = state.winners
        assert total == (0.0 if len(winners) == players else 1.0 if 1 in winners else -1.0)


def test_the_agent_acts_only_on_its_turn_and_sees_its_own_view():
    env = gym_env("yaniv", seat=2, players=4, opponents=("random", "heuristic"))
    obs, info = env.reset(seed=5)
    state = env.episode.state
    assert state.current_player == 2
    assert np.array_equal(obs, np.asarray(encode(state.game, state.view(2)), dtype=np.float32))
    assert list(env.action_masks().astype(int)) == action_mask(state.game, state.legal_actions())
    assert [type(env.bots[s]).__name__ for s in (3, 0, 1)] == [
        type(gamenight.make_bot(b, state.game)).__name__ for b in ("random", "heuristic", "random")]
    for _ in range(30):
        obs, _, terminated, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if terminated:
            break
        state = env.episode.state
        assert state.current_player == 2
        assert np.array_equal(obs, np.asarray(encode(state.game, state.view(2)), dtype=np.float32))
        assert list(info["action_mask"].astype(int)) == action_mask(state.game, state.legal_actions())


def test_hand_rewards_reach_the_agent_at_the_end_of_each_hand():
    """reward="hand" (the default): YESSIR! rounds, the agent's share of each (see gamenight.rl.episode)."""
    env = gym_env("yessir", players=2, opponents="random")
    rng = np.random.default_rng(1)
    total, _, _ = masked_random_episode(env, 3, rng)
    state = env.episode.state
    wins = state.view(None)["wins"]
    assert total == pytest.approx((wins[0] - wins[1]) / 2 / 3)


def test_the_same_seed_plays_the_same_episode():
    def trajectory(seed):
        env = gym_env("thunee", players=4)
        rng = np.random.default_rng(7)
        obs, _ = env.reset(seed=seed)
        seen = [obs]
        for _ in range(25):
            obs, reward, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            seen.append(obs)
            if terminated:
                break
        return np.stack(seen), env.episode.state.to_json()

    a, b, c = trajectory(3), trajectory(3), trajectory(4)
    assert np.array_equal(a[0], b[0]) and a[1] == b[1]
    assert a[1] != c[1]


def test_an_illegal_action_ends_the_episode_with_a_penalty():
    env = gym_env("gin_rummy", opponents="random")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError):
        env.step(0)
    strict = gym_env("gin_rummy", opponents="random", illegal_reward=None)
    strict.reset(seed=0)
    with pytest.raises(gamenight.IllegalAction):
        strict.step(illegal)


def test_ansi_render_and_bad_arguments():
    env = gym_env("yessir", players=3, render_mode="ansi", opponents="random")
    env.reset(seed=0)
    assert "spectator" in env.render()
    with pytest.raises(ValueError):
        gym_env("yessir", seat=3, players=3)
    with pytest.raises(ValueError):
        gym_env("yessir", render_mode="rgb_array")
    with pytest.raises(gamenight.RulesError):
        gym_env("yessir", opponents="nobody")


def test_gymnasium_make_passes_the_table():
    env = gymnasium.make("gamenight.rl.gym:gamenight/Thunee-v0", players=6, rules="tuscans", seat=3,
                         opponents="random")
    assert isinstance(env.unwrapped, GamenightEnv)
    game = env.unwrapped.game
    assert (game.num_players, game.rules.preset, env.unwrapped.seat) == (6, "tuscans", 3)
    obs, _ = env.reset(seed=1)
    assert obs.shape == (gamenight.rl.observation_size(game),)
    env.close()
