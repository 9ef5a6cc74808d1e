"""The search bots (``expert``, ``strong``): legal, deterministic for a budget and rng, their budget checked, and
honest: they are handed views only, and a bot handed a state fails instead of peeking."""
import math
import random
from dataclasses import replace

import pytest

import gamenight
from gamenight.bots import review
from gamenight.bots.search import SearchBot
from gamenight.core.game import State

GAMES = {"yaniv": 2, "gin_rummy": 2, "thunee": 4, "yessir": 2}


def some_positions(game, seed, count=6):
    """Positions from a heuristic match, each with more than one legal move: (state, seat)."""
    bot = gamenight.make_bot("heuristic", game)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.is_over and len(found) < count:
        seat = state.current_player
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append((state.clone(), seat))
        state.apply(bot.choose(state.view(seat), legal, rng))
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_expert_and_strong_search_bots(name):
    game = gamenight.make(name, players=GAMES[name])
    assert {"expert", "strong"} <= set(gamenight.bots_for(game))
    expert, strong = gamenight.make_bot("expert", game), gamenight.make_bot("strong", game)
    assert isinstance(expert, SearchBot) and isinstance(strong, SearchBot)
    assert strong.iterations * 4 <= expert.iterations


@pytest.mark.parametrize("name, budgets", [
    ("yessir", {2: (4000, 1000, 1000), 3: (250, 62, 250), 4: (250, 62, 250), 6: (250, 62, 250)}),
    ("yaniv", {2: (320, 80, 80), 3: (80, 20, 80), 4: (80, 20, 80)}),
    ("thunee", {4: (1200, 300, 150), 2: (1200, 300, 150), 6: (1200, 300, 150)}),
])
def test_a_budget_can_depend_on_the_table_size(name, budgets):
    """A rollout's cost depends on the table: YESSIR!'s expert searches 4,000 at 2 players (0.6 s a decision),
    where its rollouts are short, and 250 at bigger tables; Yaniv's 320 at 2 players (0.7 s a decision) and 80 at
    bigger tables. Each is about a second at most; ``strong`` gets a quarter of either; a hint or a review answers
    at the game's advice budget for the table (YESSIR!: 1,000 at two, as fast as before its budget there grew;
    Yaniv: 80 whatever the table; Thunee: 150, and its expert 1,200 at every table, 0.8 s a decision at four), else
    the expert's;
    a budget asked for is kept. Each triple: the expert's, the strong's, the advice's."""
    found = {}
    for players in budgets:
        game = gamenight.make(name, players=players)
        expert, strong = gamenight.make_bot("expert", game), gamenight.make_bot("strong", game)
        found[players] = (expert.iterations, strong.iterations, review.expert(game).iterations)
        assert gamenight.make_bot("expert", game, iterations=7).iterations == 7
    assert found == budgets


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_expert_chooses_a_legal_move_the_same_for_the_same_rng_and_budget(name):
    game = gamenight.make(name, players=GAMES[name])
    bot = gamenight.make_bot("expert", game, iterations=12)
    for state, seat in some_positions(game, seed=5, count=3):
        legal = state.legal_actions()
        first = bot.choose(state.view(seat), legal, random.Random(9))
        assert first in legal
        assert bot.choose(state.view(seat), legal, random.Random(9)) is first
        estimates = bot.evaluate(state.view(seat), legal, random.Random(9))
        assert estimates[0].action is first
        assert all(0 <= e.value <= 1 and 0 <= e.win <= 1 and e.rollouts >= 1 for e in estimates)
        assert len({e.action for e in estimates}) == len(estimates)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_search_replaces_its_prior_only_by_a_move_that_leads_it_by_its_confidence(name):
    """One estimate is the policy's own move (``prior``, no ``lead``); a move searched to the last round has its lead
    over it in standard errors; the bot plays another move than the prior only when that lead reaches
    ``confidence``, and with no confidence at all it plays the move of the best value."""
    game = gamenight.make(name, players=GAMES[name])
    bot = gamenight.make_bot("expert", game, iterations=24)
    eager = SearchBot(game, replace(bot.settings, confidence=-math.inf), iterations=24)
    for state, seat in some_positions(game, seed=6, count=3):
        legal = state.legal_actions()
        estimates = bot.evaluate(state.view(seat), legal, random.Random(4))
        priors = [e for e in estimates if e.prior]
        assert len(priors) == 1 and priors[0].lead is None
        assert all(e.lead is None or isinstance(e.lead, float) for e in estimates)
        chosen = estimates[0]
        assert chosen.prior or chosen.lead >= bot.settings.confidence
        best = eager.evaluate(state.view(seat), legal, random.Random(4))
        assert best[0].value == max(e.value for e in best if e.prior or e.lead is not None)


@pytest.mark.parametrize("name", ["gin_rummy", "thunee", "yaniv"])   # YESSIR!'s rollouts end the match
def test_a_decision_the_settings_name_is_valued_by_the_hands_points_alone(name):
    """``points_only(view, legal)`` names the decisions valued by the hand's points margin on ``points_scale``: with a
    scale no hand's points approach, every rollout there is worth an even 0.5 whoever wins the hand (early in a
    match, where no rollout ends it); the others keep the hand's result."""
    game = gamenight.make(name, players=GAMES[name])
    settings = gamenight.make_bot("expert", game).settings
    asked = []

    def everywhere(view, legal):
        asked.append((view, legal))
        return True

    flat = SearchBot(game, replace(settings, points_only=everywhere, points_scale=1e12), iterations=16)
    never = SearchBot(game, replace(settings, points_only=lambda view, legal: False, points_scale=1e12), iterations=16)
    for state, seat in some_positions(game, seed=8, count=2):
        legal = state.legal_actions()
        for estimate in flat.evaluate(state.view(seat), legal, random.Random(5)):
            assert estimate.value == pytest.approx(0.5, abs=1e-6)
        assert asked[-1] == (state.view(seat), legal)
        shipped = gamenight.make_bot("expert", game, iterations=16)
        assert [e.value for e in never.evaluate(state.view(seat), legal, random.Random(5))] \
            == [e.value for e in shipped.evaluate(state.view(seat), legal, random.Random(5))]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bot_is_handed_only_views_and_one_handed_a_state_fails(name, monkeypatch):
    game = gamenight.make(name, players=GAMES[name])
    handed = []
    real = type(game).sample_state

    def sample_state(self, view, rng):
        handed.append(view)
        return real(self, view, rng)
    monkeypatch.setattr(type(game), "sample_state", sample_state)
    state, seat = some_positions(game, seed=2, count=1)[0]
    legal = state.legal_actions()
    for bot_name in gamenight.bots_for(game):
        bot = gamenight.make_bot(bot_name, game, **({"iterations": 4} if bot_name in ("expert", "strong") else {}))
        bot.choose(state.view(seat), legal, random.Random(1))
        if bot_name == "random":
            continue   # it reads nothing at all
        with pytest.raises((TypeError, KeyError, AttributeError)):
            bot.choose(state, legal, random.Random(1))    # a state is not what a bot can read
    assert handed and all(isinstance(v, dict) and not isinstance(v, State) and v["seat"] == seat for v in handed)


def test_a_match_between_experts_gives_each_bot_only_its_own_seats_view():
    game = gamenight.make("yessir", players=3, rounds_to_win=1)
    seen = []

    class Watch:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, view, legal, rng):
            seen.append(view)
            assert isinstance(view, dict) and not isinstance(view, State)
            return self.bot.choose(view, legal, rng)
    bots = [Watch(gamenight.make_bot("expert", game, iterations=6)) for _ in range(3)]
    state = gamenight.play_match(game, bots, seed=4)
    assert state.is_over and seen


def test_a_search_bots_budget_is_checked():
    game = gamenight.make("gin_rummy")
    for bad in (0, -1, 1.5, "many", True):
        with pytest.raises(gamenight.RulesError):
            gamenight.make_bot("expert", game, iterations=bad)
    for bad in (0, -2, 601, "1", True):
        with pytest.raises(gamenight.RulesError):
            gamenight.make_bot("expert", game, time_s=bad)
    with pytest.raises(gamenight.RulesError) as refused:
        gamenight.make_bot("heuristic", game, iterations=10)
    assert "takes no option" in str(refused.value)


def test_a_time_budget_stops_the_search_by_its_clock():
    game = gamenight.make("gin_rummy")
    ticks = iter(range(10_000))
    bot = SearchBot(game, gamenight.make_bot("expert", game).settings, time_s=5, clock=lambda: next(ticks))
    state, seat = some_positions(game, seed=3, count=1)[0]
    estimates = bot.evaluate(state.view(seat), state.legal_actions(), random.Random(1))
    assert sum(e.rollouts for e in estimates) < 200   # the clock ran out after a few worlds, not 1,000,000 rollouts


@pytest.mark.parametrize("as_maker", [False, True])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_settings_styles_say_which_style_plays_each_other_seat_in_the_rollouts(name, as_maker, monkeypatch):
    """``Settings.styles(view, world, rng)`` names a style of the policy for each other seat of a world: in that
    world's rollouts the seat is played by the policy in that style, the bot's own seat by the default policy
    whatever the hook says; each style's policy is made once per bot, not per rollout (by the registry for a policy
    named, by the settings' maker for one given as a maker ``policy(game, style)``)."""
    from gamenight.bots.styles import STYLES
    from gamenight.core import registry

    game = gamenight.make(name, players=GAMES[name])
    shipped = gamenight.make_bot("expert", game).settings
    real, made, played = registry.make_bot, [], set()

    class Watched:
        def __init__(self, bot, style):
            self.bot, self.style = bot, style

        def choose(self, view, legal, rng):
            played.add((view["seat"], self.style))
            return self.bot.choose(view, legal, rng)

    def watched(bot, style):
        made.append(style)
        return Watched(bot, style)

    def make_bot(bot_name, game, **options):
        return watched(real(bot_name, game, **options), options.get("style", "default"))
    if not as_maker:
        monkeypatch.setattr(registry, "make_bot", make_bot)
    else:
        named = shipped.policy
        shipped = replace(shipped, policy=lambda game, style: watched(
            real(named, game, **({} if style == "default" else {"style": style})), style))
    state, seat = some_positions(game, seed=2, count=1)[0]
    wanted = {p: STYLES[1 + p % 4] for p in range(game.num_players)}   # the own seat's entry must be ignored
    hooked = []

    def styles(view, world, rng):
        hooked.append(view)
        assert isinstance(world, State) and view["seat"] == seat
        return wanted
    bot = SearchBot(game, replace(shipped, styles=styles), iterations=12)
    for _ in range(2):
        bot.evaluate(state.view(seat), state.legal_actions(), random.Random(3))
    assert hooked and all(v == state.view(seat) for v in hooked)
    assert sorted(made) == sorted({"default", *(wanted[p] for p in wanted if p != seat)})
    assert {(p, style) for p, style in played if p != seat} == {(p, wanted[p]) for p in wanted if p != seat}
    assert {style for p, style in played if p == seat} == {"default"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_styles_that_name_only_the_default_change_nothing(name):
    """A hook that plays every seat by the default policy (and draws nothing) searches move for move, value for
    value, as the settings without one."""
    game = gamenight.make(name, players=GAMES[name])
    settings = gamenight.make_bot("expert", game).settings
    plain = SearchBot(game, replace(settings, styles=None), iterations=16)
    hooked = SearchBot(game, replace(settings, styles=lambda view, world, rng: dict.fromkeys(range(8), "default")),
                       iterations=16)
    for state, seat in some_positions(game, seed=7, count=2):
        legal = state.legal_actions()
        assert plain.evaluate(state.view(seat), legal, random.Random(2)) \
            == hooked.evaluate(state.view(seat), legal, random.Random(2))


def _runs(first: list[float], second: list[float], relative: bool):
    from gamenight.bots.search import _Runs
    runs = _Runs(2, relative)
    for a, b in zip(first, second):
        runs.add(0, a, 0.0)
        runs.add(1, b, 0.0)
        runs.worlds += 1
    return runs


def test_a_relative_floor_is_in_the_values_own_terms():
    """A match's chance moves by a few points a hand: a move better in every world by one point of it is a clear
    lead with the floor in the values' terms, and none with the floor fixed in a hand's (won 1, lost 0); for a
    hand's results the two floors are alike."""
    steady = ([0.51, 0.53] * 10, [0.50, 0.52] * 10)
    assert _runs(*steady, relative=False).paired_z(0, 1) < 1.0
    assert _runs(*steady, relative=True).paired_z(0, 1) > 10.0
    rng = random.Random(1)
    hands = [float(rng.random() < 0.6) for _ in range(40)], [float(rng.random() < 0.4) for _ in range(40)]
    fixed, relative = _runs(*hands, relative=False).paired_z(0, 1), _runs(*hands, relative=True).paired_z(0, 1)
    assert relative == pytest.approx(fixed, rel=0.05)
    assert _runs([0.5] * 12, [0.5] * 12, relative=True).paired_z(0, 1) == 0.0  # equal everywhere: no lead, no error
    for name in ("thunee", "yessir"):   # the two experts whose rollouts end on a learned chance to win the match
        assert gamenight.make_bot("expert", gamenight.make(name)).settings.relative_floor
