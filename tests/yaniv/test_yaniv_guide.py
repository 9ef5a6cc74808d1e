"""The Yaniv guide: its examples' figures are the engine's (replayed here through the public API), it follows
the table's rules, and it reads in every language."""
from __future__ import annotations

import pytest

import gamenight
from gamenight.core.guide import Example, Guide
from gamenight.i18n import unsaid

PRESETS = ["french", "japanese", "common", "single_round"]


def example(guide: Guide, title: str) -> Example:
    return next(e for e in guide.examples() if e.title.template == title)


def titles(guide: Guide) -> list[str]:
    return [e.title.template for e in guide.examples()]


def whole(guide: Guide) -> str:
    return " ".join(str(t) for t in guide.texts())


def english(ex: Example) -> str:
    return " ".join(str(s) if not hasattr(s, "cards") else str(s.caption or "") for s in ex.steps)


def round_played(rules, b_draws: str, scores=None):
    """The guide's round, replayed: A, B, C lay their high cards and draw, then A calls Yaniv (Y9, Y16)."""
    game = gamenight.make("yaniv", players=3, rules=rules)
    deal = {"dealer": 0, "hands": [["Js", "Qs", "Ks", "Ac", "2c"], ["Jd", "Qd", "Kd", "Ah", "2h"],
                                   ["Jc", "Qc", "Kc", "5s", "6s"]],
            "pile": "3d", "stock": ["Jk", b_draws, "9h"]}
    if scores:
        deal["scores"] = scores
    state = game.new(seed=7, deal=deal)
    for group in ("Js+Qs+Ks", "draw", "Jd+Qd+Kd", "draw", "Jc+Qc+Kc", "draw", "yaniv"):
        state.apply(group)
    return state, state.view(None)["last_round"]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_call_and_asaf_examples_are_scored_by_the_engine(preset):
    guide = gamenight.make("yaniv", rules=preset).guide()
    _, held = round_played(preset, "4h")
    _, asaf = round_played(preset, "Jk")
    assert held["success"] and not asaf["success"] and asaf["asaf"] == [1]
    for title, summary in (("Example: a call that holds", held), ("Example: Asaf", asaf)):
        ex = example(guide, title)
        assert ex.numbers == {**{f"hand_{n}": summary["hand_totals"][str(p)] for p, n in enumerate("ABC")},
                              **{f"points_{n}": summary["points"][str(p)] for p, n in enumerate("ABC")}}
        assert f"A {summary['points']['0']}, B {summary['points']['1']}, C {summary['points']['2']}." \
            in english(ex)
    assert example(guide, "Example: Asaf").numbers["points_A"] == 3 + 30   # Y16: the hand plus the penalty
    assert "A scores 3 + 30 = 33" in english(example(guide, "Example: Asaf"))


@pytest.mark.parametrize("preset, before, after", [("french", [12, 198, 80], [45, 201, 50]),
                                                    ("japanese", [12, 98, 30], [45, 101, 25])])
def test_the_halving_example_is_the_engines(preset, before, after):
    """Y17-Y19: C lands exactly on the first halving total and is halved; B goes above the limit and is out."""
    guide = gamenight.make("yaniv", rules=preset).guide()
    state, summary = round_played(preset, "Jk", before)
    assert summary["totals"] == after == state.scores
    assert summary["halved"] == [2] and summary["eliminated"] == [1]
    ex = example(guide, "Example: halving and going out")
    assert [ex.numbers[f"total_{n}"] for n in "ABC"] == after
    text = english(ex)
    assert f"before it, A has {before[0]}, B {before[1]} and C {before[2]}" in text
    assert "B is above" in text and "exactly a halving total" in text


def test_the_value_example_is_the_games():
    assert example(gamenight.make("yaniv").guide(), "Example: a hand's value").numbers == {"hand_value": 23}  # YE1
    zero_king = gamenight.make("yaniv", king_of_hearts_zero=True).guide()
    assert example(zero_king, "Example: a hand's value").numbers == {"hand_value": 23}  # no king of hearts in it
    assert "king of hearts counts 0" in whole(zero_king)


def test_the_guide_says_this_tables_numbers():
    guide = gamenight.make("yaniv", players=3, yaniv_limit=7, elimination_limit=150, asaf_penalty=20,
                           halving_at="none", hand_size=7).guide()
    text = whole(guide)
    assert "worth 7 points or less" in text and "Above 150 points you are out" in text
    assert "caller scores their hand plus 20" in text and "No total is halved." in text
    assert "7 cards to each player" in text and "One pack is used." in text
    assert "Example: halving and going out" in titles(guide)
    assert example(guide, "Example: Asaf").numbers["points_A"] == 3 + 20


def test_an_example_the_table_cannot_play_is_left_out():
    strict = gamenight.make("yaniv", yaniv_limit=2).guide()   # A's 3 may not call
    assert titles(strict) == ["Example: a hand's value"]
    assert "Yaniv at 2 or less." in whole(strict)
    tiny = gamenight.make("yaniv", hand_size=2).guide()        # nothing to lay before the call
    assert titles(tiny) == ["Example: a hand's value"]


def test_small_hands_and_house_rules_still_play_the_examples():
    for options in ({"hand_size": 3, "slapdown": True}, {"hand_size": 4}, {"first_round_starter": "left_of_dealer"},
                    {"asaf_winner_scores_zero": True, "asaf_per_player": True}, {"yaniv_limit": None}):
        guide = gamenight.make("yaniv", **options).guide()
        assert "Example: Asaf" in titles(guide), options
    zero = example(gamenight.make("yaniv", asaf_winner_scores_zero=True).guide(), "Example: Asaf")
    assert zero.numbers["points_B"] == 0 and "The player with the lowest hand scores 0." in \
        whole(gamenight.make("yaniv", asaf_winner_scores_zero=True).guide())


def test_the_options_in_words_follow_the_preset():
    single = whole(gamenight.make("yaniv", rules="single_round").guide())
    assert "One round only; the lowest hand wins." in single and "halving" not in single.lower()
    japanese = whole(gamenight.make("yaniv", players=4, rules="japanese").guide())
    assert "A total of exactly 50 goes down to 25." in japanese and "One pack is used." in japanese
    assert "from 5 players, with two packs" in japanese
    for preset in PRESETS:
        assert "_" not in whole(gamenight.make("yaniv", rules=preset).guide())   # no option keys


HOUSE = {"slapdown": True, "joker_swap": True, "set_pick_any": True, "jokers_in_sets": False,
         "king_of_hearts_zero": True, "halve_only_on_change": True, "asaf_per_player": True,
         "asaf_winner_scores_zero": True, "first_round_starter": "left_of_dealer", "next_round_starter": "rotate",
         "end_on_first_elimination": True, "double_deck_from_players": 2, "yaniv_limit": None, "hand_size": 7}


@pytest.mark.parametrize("table", PRESETS + ["house", "lowest_total", "one_pack"])
@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_every_text_is_translated_and_renders(table, lang):
    game = {"house": lambda: gamenight.make("yaniv", **HOUSE),
            "lowest_total": lambda: gamenight.make("yaniv", next_round_starter="lowest_total"),
            "one_pack": lambda: gamenight.make("yaniv", double_deck_from_players=9)}.get(
        table, lambda: gamenight.make("yaniv", rules=table))()
    assert unsaid(game.guide().texts(), lang) == []


def test_the_guide_survives_json():
    guide = gamenight.make("yaniv", **HOUSE).guide()
    assert Guide.from_json(guide.to_json()) == guide
