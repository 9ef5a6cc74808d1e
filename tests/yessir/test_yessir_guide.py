"""The YESSIR! guide: its examples' figures are the engine's (replayed here through the public API), its hands
are ranked as the rules rank them, it follows the table's rules, and it reads in every language."""
from __future__ import annotations

import pytest

import gamenight
from gamenight.core.guide import Example, Guide, Picture
from gamenight.i18n import render, unsaid
from gamenight.yessir.hands import compare_hands, describe

PRESETS = ["standard", "short", "pip_change", "short_pip_change", "all_dice_sum"]


def example(guide: Guide, title: str) -> Example:
    return next(e for e in guide.examples() if e.title.template == title)


def whole(guide: Guide) -> str:
    return " ".join(str(t) for t in guide.texts())


def english(ex: Example) -> str:
    return " ".join(str(s) if not isinstance(s, Picture) else str(s.caption or "") for s in ex.steps)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_showdown_is_the_engines(preset):
    """J6, J10-J13: A pays 1 luck to reroll the third shared die, all say Yessir!, B's full house wins."""
    state = gamenight.make("yessir", players=3, rules=preset).new(
        seed=2, deal={"roller": 0, "shared": [5, 4, 1], "dice": [[5, 2], [4, 4], [6, 3]], "luck": [4, 4, 4]})
    for action in ("a3", "d", "d", "d"):
        state.apply(action)
    reveal = state.view(None)["last_round"]
    assert reveal["shared"] == [5, 4, 5] and reveal["winner"] == 1 and reveal["luck"] == [4, 4, 5]
    ex = example(gamenight.make("yessir", rules=preset).guide(), "Example: a showdown")
    assert ex.numbers == {"rerolled": 5, "luck_A": 4, "luck_B": 4, "luck_C": 5}
    text = english(ex)
    assert "paying 1 luck (4 → 3). It shows 5." in text
    assert "B: " + reveal["descriptions"][1] in text and "B wins the round" in text
    assert "Luck after the round: A 4, B 4, C 5." in text


@pytest.mark.parametrize("preset", PRESETS)
def test_the_tie_break_is_the_engines(preset):
    game = gamenight.make("yessir", players=2, rules=preset)
    state = game.new(seed=0, deal={"roller": 0, "shared": [4, 4, 1], "dice": [[6, 2], [5, 3]]})
    state.apply("d")
    state.apply("d")
    reveal = state.view(None)["last_round"]
    assert reveal["winner"] == 0   # J12: same pair, same total, the kickers 6-2-1 beat 5-3-1
    ex = example(game.guide(), "Example: a tie broken")
    total = 17 if game.rules.tiebreak_sum == "all" else 8
    assert ex.numbers == {"total_A": total, "total_B": total}
    assert "A: " + reveal["descriptions"][0] in english(ex) and "A wins the round" in english(ex)


def test_the_hands_are_shown_best_first():
    guide = gamenight.make("yessir").guide()
    section = next(s for s in guide.sections if s.title.template == "The hands")
    hands = [b.dice for b in section.blocks if isinstance(b, Picture)]
    assert len(hands) == 9
    assert all(compare_hands(a, b) == 1 for a, b in zip(hands, hands[1:]))   # J11, the game's own order
    captions = [str(b.caption) for b in section.blocks if isinstance(b, Picture)]
    assert captions == [describe(h) for h in hands]


def test_the_guide_says_this_tables_numbers():
    guide = gamenight.make("yessir", rounds_to_win=5, luck_start=5, luck_min=0, luck_max=5, pip_change=True,
                           turn_direction="decreasing_seat", no_winner_luck_bonus_all=False).guide()
    text = whole(guide)
    assert "win 5 rounds wins the match" in text and "starts on 5" in text
    assert "may not spend it below 0" in text and "never goes above 5" in text
    assert "Pip change" in text and "the other way round the table" in text
    assert "If nobody wins, nobody gains luck." in text
    assert "C, B and then A say Yessir!" in english(example(guide, "Example: a showdown"))


def test_an_example_the_table_cannot_play_is_left_out():
    # luck 6 to 6: a reroll can never be paid for, so there is no showdown with one
    guide = gamenight.make("yessir", luck_start=6, luck_min=6, luck_max=6).guide()
    assert [e.title.template for e in guide.examples()] == ["Example: a tie broken"]


def test_hand_descriptions_are_texts():
    assert describe([5, 5, 4, 2, 1]) == "one pair of 5s (total 10, kickers 4-2-1)"
    assert render(gamenight.yessir.hands.describe_text([4, 4, 4, 5, 5]), "fr") != "full house 4s over 5s (total 22)"


OTHER = {"tiebreak_sum": "all", "turn_direction": "decreasing_seat", "no_winner_luck_bonus_all": False,
         "first_roller": "random", "no_winner_roller": "next", "blind_resets_passes": True, "pip_change": True}


@pytest.mark.parametrize("table", PRESETS + ["other"])
@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_every_text_is_translated_and_renders(table, lang):
    game = gamenight.make("yessir", **OTHER) if table == "other" else gamenight.make("yessir", rules=table)
    assert unsaid(game.guide().texts(), lang) == []


def test_the_guide_survives_json():
    guide = gamenight.make("yessir", **OTHER).guide()
    assert Guide.from_json(guide.to_json()) == guide
