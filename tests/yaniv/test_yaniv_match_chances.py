"""The Yaniv expert's match chances (yaniv.match_chances): a chance to win the match from the totals, which falls as
the seat's own total rises, shares out fairly between equal totals, knows halving (Y18) and elimination (Y19), and
is what the search blends into a rollout's value at the hand's end."""
import random

import pytest

import gamenight
from gamenight.bots.search import SearchBot
from gamenight.yaniv import bots
from gamenight.yaniv.match_chances import HandPoints, MatchChances

FRENCH = {100: 50, 200: 100}


@pytest.fixture(scope="module")
def chances():
    return bots.match_chances(gamenight.make("yaniv", players=2))


def test_hand_points_are_the_shares_of_what_players_scored():
    points = HandPoints.observed([0, 0, 10, 30])
    assert points.share == {0: 0.5, 10: 0.25, 30: 0.25}


def test_the_heuristics_hand_points_are_the_same_every_time_and_about_half_are_nothing():
    game = gamenight.make("yaniv", players=2)
    points = bots.observed_hand_points(game)
    assert points == bots.observed_hand_points(game)
    assert sum(points.share.values()) == pytest.approx(1.0)
    assert 0.35 < points.share[0] < 0.6      # in a 2-player hand one player (the caller, or Asaf) mostly scores 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_equal_totals_share_the_match_equally(players, chances):
    table = bots.match_chances(gamenight.make("yaniv", players=players))
    for total in (0, 37, 150):
        assert table.chance([total] * players, 0) == pytest.approx(1 / players, abs=0.01)


def test_two_players_chances_add_up_to_one(chances):
    for totals in ([0, 50], [120, 30], [199, 0], [75, 180]):
        assert chances.chance(totals, 0) + chances.chance(totals, 1) == pytest.approx(1.0, abs=1e-4)


def test_without_halvings_a_higher_total_never_raises_the_chance(chances):
    """More points only bring the limit (Y19) closer; with the halvings (Y18), a total a hand away from one may be
    worth more than a lower total, so the rule is checked on a table without them."""
    points = bots.observed_hand_points(gamenight.make("yaniv", players=2))
    table = MatchChances(points, limit=200, halving={}, halve_only_on_change=False)
    previous = 1.0
    for total in range(0, 201):
        now = table.chance([total, 120], 0)
        assert now <= previous + 1e-12
        previous = now
    assert chances.chance([110, 120], 0) > 0.5 > chances.chance([180, 120], 0)


def test_a_total_just_under_a_halving_total_is_worth_more_than_one_below_it():
    """Y18: from 95, a hand of 5 lands on 100 and halves to 50; from 94, no hand of 6 can be laid short of it.
    With hands of 0 or 5 points, 95 reaches the halving total and 94 never does."""
    table = MatchChances(HandPoints({0: 0.5, 5: 0.5}), limit=200, halving=FRENCH, halve_only_on_change=False)
    assert table.chance([95, 95], 0) == pytest.approx(0.5)
    assert table.chance([95, 94], 0) > 0.5


def test_the_seat_out_of_the_match_or_alone_in_it(chances):
    assert chances.chance([201, 50], 0) == 0.0
    assert chances.chance([150], 0) == 1.0


def test_the_expert_values_a_rollout_with_the_match_chance_of_the_totals_it_leaves():
    """The search blends ``match_chance`` into the value of a hand's end: with a chance that says the seat has lost
    the match whatever the hand, every move is worth at most half; the hand's results are unchanged."""
    game = gamenight.make("yaniv", players=2)
    state = game.new(seed=4)
    seat = state.current_player
    settings = bots.SETTINGS
    plain = SearchBot(game, settings, iterations=8)
    lost = SearchBot(game, type(settings)(**{**settings.__dict__, "match_chance": lambda world, s: 0.0}),
                     iterations=8)
    view, legal = state.view(seat), state.legal_actions()
    before = plain.evaluate(view, legal, random.Random(1))
    after = lost.evaluate(view, legal, random.Random(1))
    assert all(e.value <= 0.5 for e in after)
    assert sorted(e.win for e in before) == sorted(e.win for e in after)


def test_the_match_chance_of_a_world_reads_the_totals_of_the_players_still_in():
    game = gamenight.make("yaniv", players=3)
    state = game.new(seed=2)
    state.totals[:] = [40, 190, 60]
    state.active[1] = False
    table = bots.match_chances(game)
    assert bots.match_chance(state, 0) == table.chance([40, 60], 0)
    assert bots.match_chance(state, 2) == table.chance([40, 60], 1)
    assert bots.match_chance(state, 1) == 0.0
    assert bots.match_chances(gamenight.make("yaniv", players=2, single_round=True)) is None
