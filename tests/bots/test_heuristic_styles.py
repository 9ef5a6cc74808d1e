"""The heuristic's styles (``gamenight.bots.styles``): validated, the default unchanged decision for decision, every
other style deciding otherwise somewhere, and from the views alone."""
import hashlib
import random

import pytest
from style_positions import TABLES, first_difference

import gamenight
from gamenight.bots.styles import STYLES, style_settings
from gamenight.core.errors import RulesError
from gamenight.core.match import play_match

#: whole heuristic matches (seeds 0 and 1, each seat's generator seeded by the seed) as the heuristics played them
#: before they took a style: sha-256 of their moves, the first 16 digits
DEFAULT_MATCHES = {("gin_rummy", 2): "f474959ce7a1eb82", ("yaniv", 2): "94c7af1a99a41709",
                   ("yaniv", 4): "9c1e52ffc9122fa6", ("thunee", 4): "72eac0062e9e43c2",
                   ("thunee", 6): "6add6d24b7a8b7d5", ("yessir", 2): "7f505e56aed22a89",
                   ("yessir", 4): "8c6dee0b0284cc25"}

#: the first decision (seed, move) where each style leaves the default heuristic's play (style_positions)
FIRST_DIFFERENCES = {
    ("gin_rummy", "cautious"): (0, 122), ("gin_rummy", "reckless"): (0, 7), ("gin_rummy", "early"): (0, 20),
    ("gin_rummy", "late"): (0, 138), ("yaniv", "cautious"): (0, 42), ("yaniv", "reckless"): (0, 2),
    ("yaniv", "early"): (0, 38), ("yaniv", "late"): (0, 42), ("thunee", "cautious"): (0, 16),
    ("thunee", "reckless"): (0, 5), ("thunee", "early"): (1, 44), ("thunee", "late"): (0, 201),
    ("yessir", "cautious"): (0, 0), ("yessir", "reckless"): (0, 5), ("yessir", "early"): (0, 0),
    ("yessir", "late"): (0, 5)}

STYLED = [style for style in STYLES if style != "default"]


def _digest(name: str, players: int, **options: str) -> str:
    game = gamenight.make(name, players=players)
    digest = hashlib.sha256()
    for seed in range(2):
        bots = [gamenight.make_bot("heuristic", game, **options) for _ in range(players)]
        state = play_match(game, bots, seed, bot_rng=random.Random(seed))
        digest.update(" ".join(str(a) for a in state.history).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("name", "players"), list(DEFAULT_MATCHES))
def test_the_default_style_plays_as_the_heuristic_always_did(name, players):
    assert _digest(name, players) == DEFAULT_MATCHES[name, players]
    assert _digest(name, players, style="default") == DEFAULT_MATCHES[name, players]


@pytest.mark.parametrize("name", list(TABLES))
def test_a_style_is_validated(name):
    game = gamenight.make(name)
    assert "style" in gamenight.bot_options("heuristic")
    for wrong in ("bold", "", "Cautious", 3, None):
        with pytest.raises(ValueError, match="unknown style"):
            gamenight.make_bot("heuristic", game, style=wrong)
    with pytest.raises(RulesError):
        gamenight.make_bot("heuristic", game, mood="cautious")
    for style in STYLES:
        assert hasattr(gamenight.make_bot("heuristic", game, style=style), "choose")


def test_a_style_a_game_has_no_settings_for_is_refused():
    assert style_settings("default", {}) == {}
    with pytest.raises(ValueError, match="no settings"):
        style_settings("late", {"early": {"x": 1}})


@pytest.mark.parametrize(("name", "style"), list(FIRST_DIFFERENCES))
def test_each_style_decides_otherwise_at_a_pinned_position(name, style):
    seed, move = FIRST_DIFFERENCES[name, style]
    assert first_difference(name, style, range(seed + 1)) == (seed, move)


@pytest.mark.parametrize("name", list(TABLES))
def test_a_styled_heuristic_reads_only_its_view(name):
    """At every decision of a match, each style chooses the same from the real deal's view as from the view of a
    world dealt at random consistent with it (the hidden cards elsewhere): it reads nothing but the view."""
    game = gamenight.make(name, players=TABLES[name])
    bots = {style: gamenight.make_bot("heuristic", game, style=style) for style in STYLED}
    state = game.new(seed=3)
    dealer = random.Random(3)
    for move in range(60):
        if state.is_over:
            break
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        world = game.sample_state(view, dealer)
        assert world.view(seat) == view
        for bot in bots.values():
            assert bot.choose(view, legal, random.Random(move)) == bot.choose(world.view(seat), world.legal_actions(),
                                                                               random.Random(move))
        state.apply(gamenight.make_bot("heuristic", game).choose(view, legal, random.Random(move)))
