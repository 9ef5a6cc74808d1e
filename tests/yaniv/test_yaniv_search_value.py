"""What the Yaniv expert's search values at a hand's end (``yaniv.bots.race_margin``, ``by_points``;
docs/bots.md): the others' mean points against the seat's own, the points as the totals took them at a table of
3 or more (a halving, Y18, counts; a seat put out, Y19, has lost), the hand's points as they are at 2 players."""
from __future__ import annotations

import math
import random

from yaniv_helpers import call, deal, make

import gamenight
from gamenight.yaniv.actions import CALL
from gamenight.yaniv.bots import by_points, race_margin


def test_halvings_count_at_three_players_y18():
    # YE10: a failed call with 4 against 2 and 4: 34, 2 and 4 points; 98 + 2 and 196 + 4 are halved to 50 and 100
    state = call(make(3, hand_size=2), ["4s", "2h", "3d Ad"], scores=[70, 98, 196])
    assert state.score_sheet()["rows"][-1]["totals"] == [104, 50, 100]
    took = [34, 2 - 50, 4 - 100]   # the halvings took 50 and 100 points off
    for seat in range(3):
        others = [p for s, p in enumerate(took) if s != seat]
        assert race_margin(state, seat) == sum(others) / 2 - took[seat]
    assert race_margin(state, 2) == 89.0


def test_a_seat_put_out_has_lost_while_the_others_play_on_y19():
    # YE12: 195 + 9 is out; seats 0 and 1 play on
    state = call(make(3, halving_at="none", yaniv_limit=None, hand_size=2), ["As", "2h", "4d 5d"],
                 scores=[0, 0, 195])
    assert race_margin(state, 2) == -math.inf
    assert race_margin(state, 0) == (2 + 9) / 2 - 0
    assert race_margin(state, 1) == (0 + 9) / 2 - 2


def test_at_two_players_a_hand_is_valued_by_its_points_as_they_are():
    state = call(make(2, hand_size=2), ["4s", "2h"], scores=[70, 98])   # caught: 34 and 2, 98 + 2 halved to 50
    assert state.score_sheet()["rows"][-1]["totals"] == [104, 50]
    assert race_margin(state, 0) == 2 - 34 and race_margin(state, 1) == 34 - 2


def test_every_decision_is_valued_by_points_at_three_or_more_and_at_two_only_where_a_call_is_legal():
    for players in (2, 3, 4):
        game = make(players)
        heuristic = gamenight.make_bot("heuristic", game)
        state, rng = game.new(seed=players), random.Random(players)
        seen = set()
        for _ in range(300):
            seat, legal = state.current_player, state.legal_actions()
            if seat is None:
                break
            view = state.view(seat)
            call_legal = any(a.kind == CALL for a in legal)
            assert by_points(view, legal) == (players >= 3 or call_legal)
            seen.add(call_legal)
            state.apply(heuristic.choose(view, legal, rng))
        assert seen == {True, False}


def test_a_two_player_hand_dealt_for_a_call_is_valued_by_points_there():
    state = deal(make(2, hand_size=2), ["As 2s", "Kd Qd"])
    assert by_points(state.view(0), state.legal_actions())
