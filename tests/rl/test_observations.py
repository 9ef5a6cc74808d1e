"""The observation encodings (gamenight.rl.observations; each game's encoding module): a fixed length for the table,
every value in [0, 1], read from the seat's view alone (the same view gives the same numbers; hidden cards change
nothing), seats relative to the observer, the mask the legal actions, and the docs' tables the code's. The fast path
(each game's ``encode_state``, which the environments use) gives exactly the numbers of encoding the view, at every
seat and for the spectator, over random matches of every table size and rules preset, and hidden cards change
nothing in it either."""
import importlib
import pathlib
import random
import subprocess
import sys

import pytest
from rl_helpers import TABLES, tables

import gamenight
from gamenight.core.encoding import sparse_to_list
from gamenight.rl import action_mask, encode, observation_size, observations
from gamenight.rl.observations import encode_state

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ["gin_rummy", "yaniv", "thunee", "yessir"]
SIZES = {"gin_rummy": 656, "yaniv": 801, "thunee": 624, "yessir": 89}


def positions(game, seeds, rng, every=1, limit=400):
    """States along random matches of ``game``: one every ``every`` actions, at most ``limit`` actions a match."""
    for seed in seeds:
        state = game.new(seed=seed)
        for step in range(limit):
            if step % every == 0:
                yield state
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))


def leaning_positions(game, seeds, rng, limit=400):
    """States along random matches of ``game`` whose actions lean to the first and the last legal ones (a knock, a
    call, a special call, a pip change come first or last), so that the rare phases are reached too."""
    for seed in seeds:
        state = game.new(seed=seed)
        for _ in range(limit):
            yield state
            if state.is_over:
                break
            legal = state.legal_actions()
            r = rng.random()
            state.apply(legal[-1] if r < 0.25 else legal[0] if r < 0.4 else rng.choice(legal))


# every table size at the default rules, then every preset (and Yaniv's slapdown) at the default table size
FAST_TABLES = ([(name, players, None, {}) for name, players in TABLES]
               + [(name, None, preset, {}) for name in GAMES
                  for preset in gamenight.core.registry.game_class(name).RULES.PRESETS]
               + [("yaniv", 3, None, {"slapdown": True})])
# phases only some rules reach, which the fast path must meet too
RARE_PHASES = {("gin_rummy", 2, None, ()): {"layout", "defend"}, ("yaniv", 3, None, ("slapdown",)): {"slap"},
               ("yessir", None, "pip_change", ()): {"pip"}, ("thunee", 6, None, ()): {"trip"}}


@pytest.mark.parametrize("name,players,rules,options", FAST_TABLES,
                         ids=[f"{n}-{p or ''}{r or ''}{'-'.join(o)}" for n, p, r, o in FAST_TABLES])
def test_the_fast_path_is_the_views_encoding(name, players, rules, options):
    """``encode_state(game, state, seat)`` (each game's ``encode_state``, which builds no view) is exactly
    ``encode(game, state.view(seat))`` for every seat and the spectator, at every position of random matches."""
    game = gamenight.make(name, players=players, rules=rules, **options)
    module = observations.encoding_module(game)
    size = observation_size(game)
    rng = random.Random(5)
    phases = set()
    compared = 0
    for state in leaning_positions(game, range(3), rng):
        phases.add(state.view(None)["phase"])
        for seat in [*range(game.num_players), None]:
            expected = encode(game, state.view(seat))
            ones, at, values = module.encode_state(state, seat)
            assert type(ones) is int and len(at) == len(values) and all(0 <= i < size for i in at)
            assert ones < 1 << size
            assert sparse_to_list((ones, at, values), size) == expected
            assert encode_state(game, state, seat) == expected
            compared += 1
    assert compared >= 100
    key = (name, players, rules, tuple(options))
    assert RARE_PHASES.get(key, set()) <= phases, f"not reached: {RARE_PHASES[key] - phases}"


@tables()
def test_the_size_is_fixed_and_every_value_lies_in_0_1_through_random_play(name, players):
    game = gamenight.make(name, players=players)
    size = observation_size(game)
    assert size == SIZES[name]
    rng = random.Random(1)
    seen = 0
    for state in positions(game, range(2), rng, every=3):
        for seat in [*range(players), None]:
            obs = encode(game, state.view(seat))
            assert len(obs) == size
            assert all(type(x) is float and 0.0 <= x <= 1.0 for x in obs)
            seen += 1
        if state.current_player is not None:
            mask = action_mask(game, state.legal_actions())
            assert len(mask) == game.num_distinct_actions
            assert [i for i, m in enumerate(mask) if m] == [a.id for a in state.legal_actions()]
            assert mask == [int(m) for m in state.legal_action_mask()]
    assert seen >= 20


@pytest.mark.parametrize("name", GAMES)
def test_the_size_depends_on_nothing_but_the_game(name):
    cls = gamenight.core.registry.game_class(name)
    sizes = {observation_size(gamenight.make(name, players=n)) for name_, n in TABLES if name_ == name}
    presets = {observation_size(gamenight.make(name, rules=preset)) for preset in cls.RULES.PRESETS}
    assert len(cls.RULES.PRESETS) >= 4
    assert sizes | presets == {SIZES[name]}


@tables()
def test_the_same_view_gives_the_same_observation_and_hidden_cards_change_nothing(name, players):
    """Sampled states keep what a seat sees and deal everything it does not see afresh: the seat's view and
    observation stay the same, while the other seats' hidden cards (or dice) change."""
    game = gamenight.make(name, players=players)
    rng = random.Random(2)
    compared = hidden_changed = 0
    for state in positions(game, range(2), rng, every=11, limit=300):
        if state.is_over:
            continue
        for seat in range(players):
            view = state.view(seat)
            obs = encode(game, view)
            assert encode_state(game, state, seat) == obs
            for _ in range(3):
                sample = game.sample_state(view, random.Random(rng.random()))
                assert sample.view(seat) == view
                assert encode(game, sample.view(seat)) == obs
                assert encode_state(game, sample, seat) == obs   # the fast path: hidden cards change nothing
                compared += 1
                others = [p for p in range(players) if p != seat]
                if any(sample.view(p) != state.view(p) for p in others):
                    hidden_changed += 1
    assert compared >= 30
    assert hidden_changed >= compared // 2


def test_equal_views_of_different_states_encode_the_same():
    """Two different deals that look the same to seat 0 (Gin: the same own hand and upcard, the opponent's cards
    and the stock dealt differently) give seat 0 the same observation, and the opponent different ones."""
    game = gamenight.make("gin_rummy")
    hand = ["As", "2s", "3s", "7h", "7d", "7c", "4h", "5h", "6h", "Kd"]
    a = game.new(seed=1, deal={"dealer": 1, "hands": [hand, None], "upcard": "Qs"})
    b = game.new(seed=2, deal={"dealer": 1, "hands": [hand, None], "upcard": "Qs"})
    assert a.view(1)["hand"] != b.view(1)["hand"]
    assert a.view(0) == b.view(0)
    assert encode(game, a.view(0)) == encode(game, b.view(0))
    assert encode(game, a.view(1)) != encode(game, b.view(1))
    assert encode_state(game, a, 0) == encode_state(game, b, 0) == encode(game, a.view(0))
    assert encode_state(game, a, 1) != encode_state(game, b, 1)


def test_seats_are_relative_to_the_observer():
    """YESSIR!: each seat sees its own luck die at place 0 of `luck`, the next seat's at place 1."""
    from gamenight.yessir.encoding import LAYOUT
    game = gamenight.make("yessir", players=3)
    state = game.new(seed=3)
    for action in ("b", "c"):          # seat 0 pays 2, seat 1 pays 2: luck 4, 4, 6
        state.apply(action)
    assert state.view(None)["luck"] == [4, 4, 6]
    at = LAYOUT.offset["luck"]
    for seat, expected in ((0, [4, 4, 6]), (1, [4, 6, 4]), (2, [6, 4, 4])):
        obs = encode(game, state.view(seat))
        assert [round(x * 6) for x in obs[at:at + 3]] == expected
        assert obs[at + 3:at + 6] == [0.0, 0.0, 0.0]   # no seats 3 to 5 at this table


def test_a_gin_hand_is_its_plane():
    from gamenight.core.cards import parse_card
    from gamenight.gin_rummy.encoding import LAYOUT
    game = gamenight.make("gin_rummy")
    state = game.new(seed=4)
    for seat in (0, 1):
        view = state.view(seat)
        obs = encode(game, view)
        plane = obs[LAYOUT.offset["hand"]:LAYOUT.offset["hand"] + 52]
        assert [k for k, x in enumerate(plane) if x] == sorted(parse_card(c) for c in view["hand"])
    spectator = encode(game, state.view(None))
    assert not any(spectator[:52])


@pytest.mark.parametrize("name", GAMES)
def test_the_docs_table_is_the_codes(name):
    """docs/games/<game>.md, "Observation encoding", has the table the layout writes, field by field."""
    layout = observations.layout(gamenight.make(name))
    text = (ROOT / "docs" / "games" / f"{name}.md").read_text()
    section = text[text.index("## Observation encoding"):]
    section = section[:section.index("\n## ")]
    assert layout.markdown() in section
    assert f"into {layout.size} numbers" in section
    assert layout.size == sum(f.length for f in layout.fields) == SIZES[name]


def test_an_unknown_game_has_no_encoding():
    with pytest.raises(ValueError, match="no observation encoding"):
        observations.encoding_module("chess")


def test_the_encodings_need_only_the_standard_library():
    """``import gamenight`` and the encodings work without NumPy, Gymnasium or PettingZoo, and the environments then
    say how to install them."""
    code = """
import sys
for name in ("numpy", "gymnasium", "pettingzoo"):
    sys.modules[name] = None   # as if not installed
import gamenight, gamenight.rl
from gamenight.rl import encode, observation_size
from gamenight.rl.observations import encode_state
for name in gamenight.games():
    game = gamenight.make(name)
    state = game.new(seed=1)
    assert len(encode(game, state.view(0))) == observation_size(game)
    assert encode_state(game, state, 0) == encode(game, state.view(0))
for make in (gamenight.rl.pettingzoo_env, gamenight.rl.gym_env):
    try:
        make("yessir")
    except ImportError as e:
        assert "pip install 'gamenight[rl]'" in str(e), e
    else:
        raise AssertionError("no ImportError")
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_engine_modules_import_no_learning_library():
    for name in GAMES:
        module = importlib.import_module(f"gamenight.{name}.encoding")
        assert module.__name__ == f"gamenight.{name}.encoding"
        source = pathlib.Path(module.__file__).read_text()
        assert "numpy" not in source and "gymnasium" not in source and "pettingzoo" not in source
        assert callable(module.encode_state)
