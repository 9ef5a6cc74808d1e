"""Every game's options are bounded to what real tables play (docs/games/<game>.md, the options table): a value out of
range is refused with a RulesError naming the option and its range, every preset and every documented house rule
still builds, and random matches at the extreme allowed values end within a stated number of actions.

The checks are the same for every game in ``gamenight.games()``; what differs is each game's data, declared in its
own bounds file, ``tests/<game>/test_*_bounds.py``, next to that game's own cross-checks:

    MAX_ACTIONS     a random match (seeded, uniformly random legal actions) at any allowed options ends within this
                    many actions; say how it was measured
    LONGEST         the options of the longest match the bounds allow (played as the extreme "longest")
    PLAYERS         the table sizes every extreme is played at
    SEEDS           the seeds each extreme is played from, at each table size
    OUT_OF_RANGE    (option, value, the range the refusal must name) triples
    HOUSE_RULES     option dicts: every value the rules and their sources name for a numeric option
    COMPANIONS      optional: what an extreme needs set beside it to mean anything (or to be allowed), by option name
                    (both of its extremes) or by label, "option=value" (that extreme only)
    OTHER_EXTREMES  optional: (label, options) extremes beyond each numeric option's minimum and maximum

A game without such a file, or whose file leaves a required name out, fails test_every_game_declares_its_option_bounds
and test_the_extremes_cover_every_numeric_option, saying what to declare (the presets are checked for it all the same).
"""
from __future__ import annotations

import dataclasses
import functools
import importlib.util
import pathlib
import random
from types import ModuleType

import pytest

import gamenight
from gamenight import RulesError

TESTS = pathlib.Path(__file__).resolve().parents[1]
REQUIRED = ("MAX_ACTIONS", "LONGEST", "PLAYERS", "SEEDS", "OUT_OF_RANGE", "HOUSE_RULES")


@functools.cache
def load(game: str) -> tuple[ModuleType | None, str]:
    """The game's bounds file, loaded, and "" when it declares all that is required; else None and what is missing."""
    files = sorted((TESTS / game).glob("test_*_bounds.py"))
    if len(files) != 1:
        found = f"has {len(files)} bounds files ({', '.join(f.name for f in files)})" if files else "has no bounds file"
        return None, (f"{game!r} is in gamenight.games() but tests/{game}/ {found}: declare {', '.join(REQUIRED)} "
                      f"(and, if it needs them, COMPANIONS and OTHER_EXTREMES) in one "
                      f"tests/{game}/test_{game}_bounds.py, as tests/core/test_option_bounds.py describes")
    spec = importlib.util.spec_from_file_location(f"{game}_option_bounds", files[0])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    missing = [name for name in REQUIRED if not hasattr(module, name)]
    if missing:
        return None, (f"{files[0].relative_to(TESTS.parent)} must declare {', '.join(missing)} for {game!r}, "
                      f"as tests/core/test_option_bounds.py describes")
    return module, ""


def declared(game: str) -> ModuleType:
    module, missing = load(game)
    if module is None:
        pytest.fail(missing, pytrace=False)
    return module


GAMES = gamenight.games()
DECLARED = [game for game in GAMES if load(game)[0] is not None]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_option_bounds(game):
    declared(game)


# ---- refusals, presets and house rules ---------------------------------------------------------------------------
@pytest.mark.parametrize("game,name,value,allowed", [
    pytest.param(game, name, value, allowed, id=f"{game}-{name}={value!r}")
    for game in DECLARED for name, value, allowed in declared(game).OUT_OF_RANGE
])
def test_out_of_range_values_are_refused_naming_the_option_and_its_range(game, name, value, allowed):
    with pytest.raises(RulesError) as info:
        gamenight.make(game, **{name: value})
    message = str(info.value)
    assert f"option {name!r}" in message and f"must be {allowed}" in message, message
    assert f"bad value {value!r}" in message, message
    assert "Traceback" not in message and "metadata" not in message


@pytest.mark.parametrize("game,preset", [(game, preset) for game in GAMES
                                         for preset in sorted(gamenight.core.registry.game_class(game).RULES.PRESETS)])
def test_every_preset_still_builds(game, preset):
    assert gamenight.make(game, rules=preset).rules.preset == preset


@pytest.mark.parametrize("game,options", [
    pytest.param(game, options, id=f"{game}-{i}") for game in DECLARED
    for i, options in enumerate(declared(game).HOUSE_RULES)
])
def test_every_documented_house_rule_still_builds(game, options):
    table = gamenight.make(game, **options)
    written = table.rules.to_dict()   # mappings as {"100": 50}
    for name, value in options.items():
        if isinstance(value, dict) or value == "none":  # a mapping, or no mapping at all
            value = {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}
        assert (table.num_players if name == "players" else written[name]) == value, name
    state = table.new(seed=1)
    assert not state.is_over and state.legal_actions()


# ---- random matches at the extreme allowed values ----------------------------------------------------------------
def numeric_options(game: str) -> dict[str, tuple[int, int]]:
    rules = gamenight.core.registry.game_class(game).RULES
    return {f.name: (f.metadata["minimum"], f.metadata["maximum"]) for f in dataclasses.fields(rules)
            if f.metadata.get("minimum") is not None}


def extremes(game: str) -> list[tuple[str, dict]]:
    """Each numeric option at its minimum and its maximum (with its companions), the game's other extremes, and
    the longest match."""
    bounds = declared(game)
    companions = getattr(bounds, "COMPANIONS", {})
    out = []
    for name, (lo, hi) in numeric_options(game).items():
        for value in (lo, hi):
            label = f"{name}={value}"
            out.append((label, {name: value, **companions.get(name, {}), **companions.get(label, {})}))
    return out + list(getattr(bounds, "OTHER_EXTREMES", [])) + [("longest", bounds.LONGEST)]


@pytest.mark.parametrize("game", GAMES)
def test_the_extremes_cover_every_numeric_option(game):
    covered = {name for _, options in extremes(game) for name in options}
    assert set(numeric_options(game)) <= covered


def play_random(game, seed: int, max_actions: int) -> int:
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for n in range(max_actions + 1):
        if state.is_over:
            return n
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"a random match from seed {seed} ran past {max_actions} actions")


@pytest.mark.parametrize("game", DECLARED)
def test_the_game_states_the_bound_its_tests_check(game):
    """``Game.MAX_GAME_LENGTH`` (OpenSpiel's ``max_game_length``) is the bound the game's bounds file checks."""
    assert gamenight.core.registry.game_class(game).MAX_GAME_LENGTH == declared(game).MAX_ACTIONS


@pytest.mark.parametrize("game,options,players", [
    pytest.param(game, options, players, id=f"{game}-{label}-{players}",
                 marks=pytest.mark.slow if (game, label) == ("gin_rummy", "longest") else ())
    for game in DECLARED for label, options in extremes(game) for players in declared(game).PLAYERS
])
def test_random_matches_at_the_extremes_end(game, options, players):
    bounds = declared(game)
    table = gamenight.make(game, players=players, **options)
    for seed in bounds.SEEDS:
        assert play_random(table, seed, bounds.MAX_ACTIONS) <= bounds.MAX_ACTIONS
