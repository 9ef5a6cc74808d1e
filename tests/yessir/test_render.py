"""The YESSIR! terminal renderer: table, action labels with luck costs, blind dice, the reveal screen; every fact it
shows is the view's (positions set up with deals)."""
import random

from rich.text import Text
from yessir_helpers import play, scripted, table

import gamenight
from gamenight.cli.render import get_renderer


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def test_the_renderer_is_found():
    assert type(get_renderer("yessir")).__module__ == "gamenight.cli.render.yessir"


def test_table_shows_shared_dice_own_dice_luck_and_mats():
    s = table(players=3, shared=(5, 4, 1), dice=[(1, 6), (5, 2), (3, 2)], luck=[6, 4, 2], wins=[0, 1, 2])
    text = plain(get_renderer("yessir").table(s.view(0)))
    assert "1:⚄ 5" in text and "2:⚃ 4" in text and "3:⚀ 1" in text
    assert "Your dice: ⚀ 1  ⚅ 6" in text and "one pair of 1s" in text
    assert "mat face up" in text and "mat turned over" in text and "mat removed" in text
    assert "luck ⚃ 4" in text
    assert "⚁ 2" not in text.split("Your dice")[0].split("Shared dice")[1].split("\n")[0]


def test_blind_dice_are_shown_as_blind_and_never_printed():
    s = scripted(players=3, shared=(1, 2, 3), dice=[(1, 6), (5, 2), (3, 2)], rerolls=[5, 5])
    play(s, "e")
    r = get_renderer("yessir")
    text = plain(r.table(s.view(0)))
    assert "Your dice: blind" in text and "blind, out of this round" in text
    assert "⚄ 5" not in text and "your hand" not in text  # the blind dice are two 5s


def test_action_labels_show_costs():
    s = table(players=2, shared=(5, 4, 1), luck=[3, 6])
    r = get_renderer("yessir")
    v = s.view(0)
    labels = {str(a): plain(r.action_label(str(a), v)) for a in s.legal_actions()}
    assert labels["a1"] == "reroll shared die 1 (now 5) · luck 3 → 2"
    assert labels["b"].endswith("luck 3 → 1") and labels["c"].endswith("luck 3 → 1")
    assert labels["d"].startswith("Yessir!")
    assert labels["e"].endswith("luck 3 → 4")
    top = table(players=2, shared=(5, 4, 1), luck=[5, 5], luck_max=5, luck_start=5)
    assert plain(r.action_label("e", top.view(0))).endswith("luck 5 → 5")  # the luck die's top: the gain is lost


def test_pip_change_labels():
    s = scripted(players=2, shared=(6, 4, 1), rerolls=[6], pip_change=True)
    play(s, "a1")
    r = get_renderer("yessir")
    v = s.view(0)
    assert [plain(r.action_label(str(a), v)) for a in s.legal_actions()] == [
        "keep the 6", "move it up to 1", "move it down to 5"]
    assert "came up 6 again" in plain(r.table(v))


def test_reveal_screen_ranks_every_hand():
    s = table(players=3, shared=(5, 4, 1), dice=[(1, 6), (5, 2), (3, 2)])
    play(s, "d", "d", "d")
    text = plain(get_renderer("yessir").hand_summary(s.view(1)))
    lines = text.splitlines()
    assert lines[0].startswith("Round 1 revealed.")
    assert "1. seat 2" in lines[1] and "small straight" in lines[1] and "wins the round" in lines[1]
    assert "2. seat 1 (you)" in lines[2] and "one pair of 5s" in lines[2]
    assert "3. seat 0" in lines[3]


def test_reveal_screen_says_when_nobody_wins():
    s = table(players=2, shared=(1, 3, 4), dice=[(1, 6), (6, 1)])
    play(s, "d", "d")
    assert "Nobody wins this round" in plain(get_renderer("yessir").hand_summary(s.view(None)))


def test_every_view_of_random_matches_renders():
    r = get_renderer("yessir")
    rng = random.Random(1)
    g = gamenight.make("yessir", players=4, rules="pip_change")
    for seed in range(5):
        s = g.new(seed=seed)
        while not s.is_over:
            for seat in (None, 0, 3):
                v = s.view(seat)
                Text.from_markup(r.table(v))
                for a in s.legal_actions():
                    Text.from_markup(r.action_label(str(a), v))
                if v["last_round"]:
                    Text.from_markup(r.hand_summary(v))
            s.apply(rng.choice(s.legal_actions()))
        text = plain(r.match_summary(s.view(0)))
        assert "Match over" in text and f"seat {s.winners[0]}" in text
