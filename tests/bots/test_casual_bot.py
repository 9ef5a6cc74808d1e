"""The casual bot (``gamenight.bots.casual``), the ladder's Casual level: the game's heuristic, except that with the
chance ``mistakes`` it plays another move of the same sort (the groups each game names), never a move of another
sort; reproducible from its rng; bad settings are clear errors. The levels' names and order (``bots.levels``)."""
import math
import random

import pytest

import gamenight
from gamenight.bots.casual import CasualBot
from gamenight.bots.levels import bot_labels, bots_by_level, ladder_bots
from gamenight.core.errors import RulesError
from gamenight.core.match import play_match

CASUAL_GAMES = ("yaniv", "thunee", "yessir")
#: the sorts of move each game's casual bot may mix up (a kind in no group slips only to its own kind)
SORTS = {"yaniv": ({"draw", "take"}, {"discard", "call"}),
         "thunee": (),
         "yessir": ({"reroll_die", "reroll_shared", "reroll_own", "yessir", "blind"}, {"keep", "up", "down"})}


def positions(game, seeds=range(6), cap=400):
    """Positions of heuristic self-play: (view, legal actions) at every decision, up to ``cap``."""
    heuristic = gamenight.make_bot("heuristic", game)
    found = []
    for seed in seeds:
        state, rng = game.new(seed=seed), random.Random(seed)
        while not state.is_over and len(found) < cap:
            seat, legal = state.current_player, state.legal_actions()
            found.append((state.view(seat), legal))
            state.apply(heuristic.choose(state.view(seat), legal, rng))
    return found


def sort_of(game_name, kind):
    return next((group for group in SORTS[game_name] if kind in group), {kind})


@pytest.mark.parametrize("game_name", CASUAL_GAMES)
def test_without_mistakes_it_plays_the_heuristics_moves(game_name):
    game = gamenight.make(game_name)
    heuristic = gamenight.make_bot("heuristic", game)
    casual = gamenight.make_bot("casual", game, mistakes=0)
    for n, (view, legal) in enumerate(positions(game)):
        assert casual.choose(view, legal, random.Random(n)) == heuristic.choose(view, legal, random.Random(n))


@pytest.mark.parametrize("game_name", CASUAL_GAMES)
def test_a_slip_is_another_move_of_the_same_sort_and_only_that(game_name):
    game = gamenight.make(game_name)
    heuristic = gamenight.make_bot("heuristic", game)
    casual = gamenight.make_bot("casual", game, mistakes=1)
    slipped = 0
    for n, (view, legal) in enumerate(positions(game)):
        meant = heuristic.choose(view, legal, random.Random(n))
        meant = meant if not isinstance(meant, str) else game.parse_action(meant)
        played = casual.choose(view, legal, random.Random(n))
        sort = sort_of(game_name, game.describe(meant)["kind"])
        others = [a for a in legal if a != meant and game.describe(a)["kind"] in sort]
        assert played in legal and game.describe(played)["kind"] in sort
        assert (played != meant) == bool(others)       # always a slip where the sort has another move
        slipped += played != meant
    assert slipped > 50


def test_yaniv_slips_are_the_other_pile_or_the_wrong_throw_or_call():
    game = gamenight.make("yaniv")
    heuristic, casual = gamenight.make_bot("heuristic", game), gamenight.make_bot("casual", game, mistakes=1)
    seen = set()
    for n, (view, legal) in enumerate(positions(game, range(20), cap=3000)):
        meant, played = heuristic.choose(view, legal, random.Random(n)), casual.choose(view, legal, random.Random(n))
        seen.add((game.describe(meant)["kind"], game.describe(played)["kind"]))
    assert {("discard", "discard"), ("discard", "call"), ("draw", "take"), ("take", "draw")} <= seen
    assert not {pair for pair in seen if pair[0] in ("draw", "take") and pair[1] not in ("draw", "take")}


def test_thunee_never_makes_a_call_by_mistake():
    game = gamenight.make("thunee")
    heuristic, casual = gamenight.make_bot("heuristic", game), gamenight.make_bot("casual", game, mistakes=1)
    for n, (view, legal) in enumerate(positions(game, range(10), cap=2000)):
        meant, played = heuristic.choose(view, legal, random.Random(n)), casual.choose(view, legal, random.Random(n))
        if game.describe(meant)["kind"] != "play":
            assert game.describe(played)["kind"] == game.describe(meant)["kind"]


def test_it_slips_about_as_often_as_it_is_told():
    game = gamenight.make("yaniv")
    heuristic, casual = gamenight.make_bot("heuristic", game), gamenight.make_bot("casual", game, mistakes=0.25)
    choices = [(view, legal) for view, legal in positions(game, range(40), cap=4000)
               if sum(game.describe(a)["kind"] == "discard" for a in legal) > 1]
    slips = sum(casual.choose(v, legal, random.Random(n)) != heuristic.choose(v, legal, random.Random(n))
                for n, (v, legal) in enumerate(choices))
    assert len(choices) > 500 and 0.18 < slips / len(choices) < 0.32


@pytest.mark.parametrize("game_name", CASUAL_GAMES)
def test_a_match_replays_from_its_seed(game_name):
    game = gamenight.make(game_name)

    def played():
        bots = [gamenight.make_bot("casual", game), gamenight.make_bot("random", game)] * (game.num_players // 2)
        return play_match(game, bots, 11, bot_rng=random.Random(5)).to_json()
    assert played() == played()


@pytest.mark.parametrize("mistakes", [-0.1, 1.5, "a lot", True, None, math.nan])
def test_bad_mistakes_are_a_clear_error(mistakes):
    game = gamenight.make("yaniv")
    with pytest.raises(RulesError, match="mistakes are a chance from 0 to 1"):
        gamenight.make_bot("casual", game, mistakes=mistakes)
    with pytest.raises(RulesError, match="takes no option"):
        gamenight.make_bot("casual", game, style="early")


def test_the_casual_bot_is_a_bot_of_every_game_but_gin():
    for game_name in gamenight.games():
        assert ("casual" in gamenight.bots_for(game_name)) == (game_name != "gin_rummy")
    assert isinstance(gamenight.make_bot("casual", gamenight.make("yessir")), CasualBot)


def test_the_levels_and_the_ladder():
    for game_name in CASUAL_GAMES:
        assert bot_labels(game_name) == {"random": "Beginner", "casual": "Casual", "heuristic": "Strong",
                                         "strong": "Quick Expert", "expert": "Expert"}
        assert bots_by_level(game_name) == ["random", "casual", "heuristic", "strong", "expert"]
        assert ladder_bots(game_name) == ["random", "casual", "heuristic", "expert"]
    # at Gin Rummy the simple bot, which knocks as soon as it may, is Casual
    assert bot_labels("gin_rummy") == {"random": "Beginner", "simple": "Casual", "heuristic": "Strong",
                                       "strong": "Quick Expert", "expert": "Expert"}
    assert ladder_bots("gin_rummy") == ["random", "simple", "heuristic", "expert"]
