"""The Thunee terminal renderer: what a seat sees, menu labels, hand and match summaries."""
import random

import pytest
from rich.text import Text

import gamenight
from gamenight.cli.render import get_renderer
from gamenight.cli.render.cards import card_markup


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def test_renderer_is_found_and_renders_every_phase_without_leaking():
    renderer = get_renderer("thunee")
    assert type(renderer).__module__ == "gamenight.cli.render.thunee"
    rng = random.Random(2)
    phases = set()
    for players in (4, 6, 2):
        game = gamenight.make("thunee", players=players, rules="all_calls")
        for seed in range(6):
            state = game.new(seed=seed)
            hands = state.hands_played
            while not state.is_over:
                seat = state.current_player
                view = state.view(seat)
                phases.add(view["phase"])
                text = plain(renderer.table(view))
                for card in view["hand"]:
                    assert plain(card_markup(card)) in text
                assert "Your turn" in text
                other = (seat + 1) % players
                hand_line = next(line for line in text.splitlines() if line.startswith("Your hand:"))
                for card in state.view(other)["hand"]:
                    assert plain(card_markup(card)) not in hand_line
                status = view["trump_status"]  # what this seat knows of trump, as the view says
                if status == "face_down":
                    assert "Trump: face down until the first card is played" in text
                elif status == "none":
                    assert "Trump: none" in text
                elif status == "known":
                    assert "Trump: " + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[view["trump"]] in text
                else:
                    assert "Trump:" not in text
                for a in state.legal_actions():
                    assert plain(renderer.action_label(str(a), view))
                legal = state.legal_actions()
                passes = [a for a in legal if a.text == "pass"]
                state.apply(passes[0] if passes and rng.random() < 0.8 else rng.choice(legal))
                if state.hands_played != hands or state.is_over:
                    hands = state.hands_played
                    summary = renderer.hand_summary(state.view(0))
                    assert summary and "Hand" in plain(summary)
            final = plain(renderer.match_summary(state.view(0)))
            assert "Match over" in final and "Winner" in final
    assert phases >= {"weak", "calling", "trump", "special", "play", "jodi", "blind", "trip"}


def test_trick_shows_who_played_what():
    game = gamenight.make("thunee")
    state = game.new(seed=3)
    while not (state.view(None)["phase"] == "play" and state.view(None)["trick"]):
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.text == "pass"), legal[0]))
    view = state.view(None)
    text = plain(get_renderer("thunee").table(view))
    p, card = view["trick"][0]
    assert f"seat {p}: {plain(card_markup(card))}" in text
    assert "Trump: " in text


@pytest.mark.slow
def test_terminal_play_never_prints_a_bots_face_down_trump_card():
    """T12/T19: `gamenight play thunee` shows another seat's trump card only when the table sees it."""
    import io

    from rich.console import Console

    from gamenight.cli.play import PlaySession

    for seed in range(6):
        game = gamenight.make("thunee")
        buffer = io.StringIO()
        out = Console(file=buffer, width=120, force_terminal=False)
        answers = iter(["1"] * 400)
        session = PlaySession(game, 0, {1: "heuristic", 2: "heuristic", 3: "heuristic"}, seed, None,
                              lambda prompt, answers=answers: next(answers), out)
        session.run()
        text = buffer.getvalue()
        for line in text.splitlines():
            if "(Strong): trump " in line:   # a heuristic bot, named by its level
                assert line.rstrip().endswith("trump ?") or line.rstrip().endswith("trump last")
        assert session.state.is_over
    # the moves come from the human seat's view, not from a renderer hook
    assert not hasattr(get_renderer("thunee"), "public_move")


def test_terminal_play_prints_the_moves_as_the_humans_view_logs_them():
    """Each bot move line is the renderer's words for the human view's record of that move just after it
    (``log_described``: a face-down trump names no card, as the view has it); the move that ends a hand is printed
    as the next hand's view has it in ``previous_log_described``."""
    import io

    from rich.console import Console
    from rich.text import Text

    from gamenight.cli.play import PlaySession
    from gamenight.cli.render import get_renderer

    game = gamenight.make("thunee")
    buffer = io.StringIO()
    out = Console(file=buffer, width=120, force_terminal=False)
    answers = iter(["1"] * 400)
    session = PlaySession(game, 0, {1: "heuristic", 2: "heuristic", 3: "heuristic"}, 1, None,
                          lambda prompt: next(answers), out)
    state = session.state
    expected = []  # (seat, the view's text of the move, the renderer's words for seat 0's view's record of it)
    renderer = get_renderer(game)
    cls = type(state)
    original = cls.apply

    def apply(self, action):
        hand, seat = self.hands_played, self.current_player
        result = original(self, action)
        if self is state and seat != 0:
            view = self.view(0)
            key = "log" if self.hands_played == hand else "previous_log"
            words = Text.from_markup(renderer.move_text(view[f"{key}_described"][-1])).plain
            expected.append((seat, view[key][-1][1], words))
        return result

    cls.apply = apply
    try:
        session.run()
    finally:
        cls.apply = original
    assert state.is_over
    printed = [line.split(": ", 1) for line in buffer.getvalue().splitlines()
               if line.startswith("seat ") and "(you)" not in line]
    assert len(printed) == len(expected)
    for (who, text), (seat, _, words) in zip(printed, expected):
        assert who == f"seat {seat} (Strong)"   # the heuristic bot, by its level
        assert text == words
    face_down = [words for _, logged, words in expected if logged == "trump ?"]
    assert face_down, "a bot laid its trump card face down in this match"
    assert set(face_down) == {"laid the trump card face down"}
