"""The Gin Rummy terminal renderer: valid markup at every step, melds grouped, knock steps and summaries clear,
and nothing hidden shown."""
from __future__ import annotations

import random

import pytest
from gin_helpers import game, late, play, to_discard, to_draw
from rich.console import Console
from rich.text import Text

from gamenight.cli.render import get_renderer


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def test_renderer_is_found():
    assert type(get_renderer("gin_rummy")).__module__.endswith("render.gin_rummy")


@pytest.mark.slow
def test_every_view_and_label_renders_across_random_matches():
    r = get_renderer("gin_rummy")
    console = Console(record=True, width=120, color_system=None)
    for preset, options in (("japanese", {"single_hand": True}), ("modern", {"single_hand": True}),
                            ("openspiel", {}), ("modern", {})):
        g = game(preset, **options)
        rng = random.Random(3)
        whole_match = not options
        for seed in range(1 if whole_match else 3):
            s = g.new(seed=seed)
            hands = s.hands_played
            steps = 0
            while not s.is_over:
                seat = s.current_player
                if not whole_match or steps % 101 == 0 or s.view(None)["phase"] in ("layout", "defend"):
                    for who in (seat, 1 - seat, None):
                        plain(r.table(s.view(who)))
                    view = s.view(seat)
                    for a in s.legal_actions():
                        plain(r.action_label(str(a), view))
                s.apply(rng.choice(s.legal_actions()))
                steps += 1
                if s.hands_played != hands or s.is_over:
                    hands = s.hands_played
                    summary = r.hand_summary(s.view(0))
                    assert summary
                    console.print(summary)
            if s.is_over:
                console.print(r.match_summary(s.view(1)))


def test_hand_grouped_with_deadwood_and_hidden_cards_not_shown():
    g = game()
    s = to_draw(g, ("As 2s 3s 7h 7d 7c Kd Qc 4h 9s", "2h 3h 5h 8h 9h Th 2c 4c 5c 6c"), "Jd", stock="8d")
    text = plain(get_renderer("gin_rummy").table(s.view(0)))
    assert "[A♠ 2♠ 3♠]" in text and "[7♥ 7♦ 7♣]" in text and "deadwood 33" in text
    assert "Upcard: J♦" in text and "Stock:" in text
    assert "2♥" not in text  # the opponent's cards
    spectator = plain(get_renderer("gin_rummy").table(s.view(None)))
    assert "A♠" not in spectator and "Your hand" not in spectator


def test_knock_steps_and_hand_summary():
    g = game()
    r = get_renderer("gin_rummy")
    s = to_discard(g, "4h 5h 6h 9c 9d 9s Qs Qh Qd 3c Kc", "7h 3h 9h 5c 6c 2d 2c Jd Jc Kd", upcard="2s")
    labels = {str(a): plain(r.action_label(str(a), s.view(0))) for a in s.legal_actions()}
    assert labels["knock Kc"] == "knock, 10♣ face down (deadwood 3)".replace("10♣", "K♣")
    assert labels["Kc"].startswith("discard K♣")
    s.apply("knock Kc")
    assert "face down" in plain(r.table(s.view(1))) and "K♣" not in plain(r.table(s.view(1)))
    play(s, "meld 4h+5h+6h", "meld 9s+9d+9c", "meld Qs+Qh+Qd", "done")
    table = plain(r.table(s.view(1)))
    assert "seat 0 laid: [4♥ 5♥ 6♥]" in table and "knocker's deadwood: 3♣ = 3" in table
    labels = [plain(r.action_label(str(a), s.view(1))) for a in s.legal_actions()]
    assert "lay off 7♥ on the run" in labels and "lay off 9♥ on the set" in labels
    play(s, "layoff 7h run", "layoff 3h run", "layoff 9h set", "done")
    summary = plain(r.hand_summary(s.view(1)))
    assert "knocked (discarding K♣ face down)" in summary
    assert "score: 45 − 3 = 42 to seat 0" in summary and "laid off: 7♥ on the run" in summary


def test_dead_hand_and_match_summary():
    g = game("modern", single_hand=True)
    r = get_renderer("gin_rummy")
    s = late(g, ("As 3s 5s 7s 9s Jh Kh 2d 4d 6d", "2s 4s 6s 8s Ts Qh Ah 3d 5d 7d"), "Qc")
    play(s, "draw", "Qc")
    assert "is dead" in plain(r.hand_summary(s.view(0)))
    assert "Match over after 1 hand" in plain(r.match_summary(s.view(0)))


def test_the_knock_note_follows_the_legal_knocks():
    """The hand line's "you may knock" is the engine's (a legal knock exists), not a count compared with the limit:
    after taking Kc only its discard would leave 10, and the standard table does not let a taken card go back."""
    hands = ("As 2s 3s 4s 7h 8h 9h Th 4d 6c", "2h 3h 5h 2c 3c 5d 7d 9d Jd Qs")
    r = get_renderer("gin_rummy")
    for rules, may_knock in (("seed", True), ("standard", False)):
        s = to_draw(game(rules), hands, "Kc")
        s.apply("take")
        assert s.view(0)["can_knock"] is may_knock and min(s.view(0)["discard_deadwood"].values()) == 10
        text = plain(r.table(s.view(0)))
        assert "best deadwood after a discard: 10" in text and ("you may knock" in text) is may_knock


def test_labels_and_summary_read_the_engines_facts():
    g = game()
    r = get_renderer("gin_rummy")
    s = to_discard(g, "4h 5h 6h 9c 9d 9s Qs Qh Qd 3c Kc", "7h 3h 9h 5c 6c 7c 2d 2c Jd Kd", upcard="2s")
    assert plain(r.action_label("9c", s.view(0))) == "discard 9♣ (deadwood 31)"  # 9d 9s 3c Kc
    play(s, "knock Kc", "meld 4h+5h+6h")
    assert plain(r.action_label("done", s.view(0))) == "done: show the rest as deadwood (60)"
    play(s, "meld 9s+9d+9c", "meld Qs+Qh+Qd", "done")
    assert plain(r.action_label("done", s.view(1))) == "done: count my deadwood as it stands, 61 (best play leaves 24)"
    s.apply("done")
    assert "score: 61 − 3 = 58 to seat 0" in plain(r.hand_summary(s.view(0)))
