"""``gamenight learn``: a first hand with the coach in the terminal, on the coached deal the web app's "Learn to play"
deals: the coach's advice before the menu (each move with what it does and its chance, the suggestion marked), what
the learner's own move did after it, in the terminal's language; followed, it plays the engine's coached hand."""
from __future__ import annotations

import pytest

import gamenight
from gamenight.cli import learn as learn_module
from gamenight.core.coach import play_first_hand


def following(sessions: list, hands: int = 1):
    """An input function that types the menu number of the coach's suggestion, then quits after ``hands`` hands."""
    def answer(prompt):
        session = sessions[0]
        state = session.state
        if state.hands_played >= session.hand.new().hands_played + hands:
            return "quit"
        menu = session._menu(state.legal_actions(), state.view(session.seat))  # noqa: SLF001 (the test reads it)
        return str(1 + [str(action) for action, _ in menu].index(session.advice.suggested))
    return answer


def captured(monkeypatch) -> list:
    sessions: list = []
    original = learn_module.CoachedSession.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        sessions.append(self)
    monkeypatch.setattr(learn_module.CoachedSession, "__init__", init)
    return sessions


@pytest.mark.parametrize("game", sorted(gamenight.games()))
def test_following_the_coach_in_the_terminal_plays_the_coached_hand(cli, monkeypatch, game):
    sessions = captured(monkeypatch)
    run = cli(["learn", game, "--iterations", "4"], following(sessions))
    assert run.rc == 0, run.err
    session = sessions[0]
    hand = session.hand
    coach = hand.make_game().coach(iterations=0)
    expected = play_first_hand(hand, coach.suggest)
    assert [str(a) for a in session.state.history[:len(expected.history)]] == [str(a) for a in expected.history]
    assert "Coach: " in run.out and "« the coach suggests this" in run.out
    assert "The coach suggests: " in run.out and "to win the hand" in run.out
    assert "You left the game." in run.out


def test_the_coach_says_what_it_had_suggested_when_not_followed_and_speaks_french(cli, monkeypatch):
    sessions = captured(monkeypatch)

    def not_following(prompt):
        session = sessions[0]
        if len(session.state.history) > 6:
            return "quit"
        menu = session._menu(session.state.legal_actions(), session.state.view(session.seat))  # noqa: SLF001
        others = [i for i, (action, _) in enumerate(menu, 1) if str(action) != session.advice.suggested]
        return str(others[0] if others else 1)
    run = cli(["learn", "yaniv", "--players", "3", "--iterations", "0", "--lang", "fr"], not_following)
    assert run.rc == 0, run.err
    assert "Le coach avait conseillé\u00a0: " in run.out and "Coach\u00a0:" not in run.out.replace("Coach:", "")
    assert "le coach conseille ce coup" in run.out and "Le coach conseille\u00a0: " in run.out
    assert "to win the hand" not in run.out and "chances de gagner" not in run.out   # --iterations 0: no chances


@pytest.mark.parametrize("argv, words", [
    (["learn", "thunee", "--players", "6"], "coached hand for 2, 4 players, not 6"),
    (["learn", "yaniv", "--iterations", "-1"], "--iterations must be 0"),
    (["learn", "chess"], "chess"),
])
def test_a_bad_learn_command_says_what_is_wrong(cli, argv, words):
    run = cli(argv)
    assert run.rc == 2 and words in run.err
