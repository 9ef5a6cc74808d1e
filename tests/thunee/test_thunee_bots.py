"""The Thunee bots: they play legal moves from views only, and the heuristic team beats random (issue 4)."""
import random

from thunee_helpers import cards, play, rigged

import gamenight
from gamenight.thunee.actions import JODI, THUNEE
from gamenight.thunee.bots import ThuneeHeuristic, sure_slam
from gamenight.thunee.state import ThuneeGame


def win_rate(players: int, games: int) -> float:
    game = gamenight.make("thunee", players=players)
    heuristic, rand = gamenight.make_bot("heuristic", game), gamenight.make_bot("random", game)
    wins = 0
    for seed in range(games):
        team = seed % 2
        state = gamenight.play_match(game, [heuristic if s % 2 == team else rand for s in range(players)], seed=seed)
        wins += state.winners[0] % 2 == team
    return wins / games


def test_heuristic_team_beats_random_at_least_90_percent():
    assert win_rate(4, 80) >= 0.9
    assert win_rate(6, 30) >= 0.9
    assert win_rate(2, 30) >= 0.9


def test_heuristic_is_registered_for_thunee():
    assert "heuristic" in gamenight.bots_for("thunee")
    assert gamenight.core.registry.bot_doc("heuristic", "thunee")


def test_heuristic_declares_the_best_jodi_and_thunee_only_when_certain():
    first = ["Qh Js 9s As", "9c Jh 9h Ah", "Ac Jd Qd Ad", "Kc Jc Tc Qc"]
    second = ["Ts Ks", "Th Kh", "Td Kd", "Qs 9d"]
    s = play(rigged(first, second), *("pass",) * 6, "trump Jh", *("pass",) * 4, "Ac", "Kc", "Qh", "9c", "pass")
    bot = ThuneeHeuristic(s.game)
    choice = bot.choose(s.view(2), s.legal_actions(), random.Random(1))
    assert choice.kind == JODI and str(choice) == "jodi JKQd"
    assert sure_slam(cards("Jd 9d Ad Td Kd Qd"))
    assert sure_slam(cards("Jd 9d Ad Td Jh Js"))   # 4 top trumps draw the other 2
    assert not sure_slam(cards("Jd 9d Ad Jh Js Qc"))
    assert not sure_slam(cards("Jd 9d Td Jh Js Jc"))


def test_heuristic_never_calls_thunee_without_a_sure_hand():
    game = ThuneeGame(players=4)
    bot = ThuneeHeuristic(game)
    rng = random.Random(4)
    for seed in range(60):
        s = game.new(seed=seed)
        while not s.is_over and s.hands_played < 3:
            a = bot.choose(s.view(s.current_player), s.legal_actions(), rng)
            if a.kind == THUNEE:
                assert sure_slam(cards(" ".join(s.view(s.current_player)["hand"])))
            s.apply(a)
