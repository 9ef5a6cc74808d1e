"""The Gin Rummy guide: its examples' figures are the engine's, it follows the table's rules, and it reads in
every language."""
from __future__ import annotations

import pytest

import gamenight
from gamenight.core.cards import parse_card, pretty_card
from gamenight.core.guide import Example, Guide
from gamenight.core.text import Text
from gamenight.gin_rummy.melds import deadwood, mask_of, value_of
from gamenight.i18n import unsaid

PRESETS = ["japanese", "standard", "modern", "classic", "palace", "openspiel"]


def example(guide: Guide, title: str) -> Example:
    return next(e for e in guide.examples() if e.title.template == title)


def english(ex: Example) -> str:
    return " ".join(str(s) if isinstance(s, Text) else str(s.caption or "") for s in ex.steps)


def played_hand(game, knocker, defender):
    """The hand played through the public API: A takes the upcard 8h and knocks with Kd; both lay out their best."""
    state = game.new(seed=3, deal={"dealer": 1, "hands": [knocker, defender], "upcard": "8h"})
    state.apply("take")
    state.apply("knock Kd")
    for meld in state.view(0)["hand_melds"]:
        state.apply("meld " + "+".join(meld))
    state.apply("done")
    plan = state.view(1)["defender_plan"]
    for meld in plan["melds"]:
        state.apply("meld " + "+".join(meld))
    for card, target in plan["layoffs"]:
        state.apply(f"layoff {card} {target}")
    state.apply("done")
    return state.view(None)["last_hand"]


KNOCKER = ["5h", "6h", "7h", "9s", "9d", "9c", "Ac", "2d", "3s", "Kd"]


def test_the_deadwood_example_is_the_solvers():
    ex = example(gamenight.make("gin_rummy").guide(), "Example: the best arrangement")
    hand = mask_of(parse_card(c) for c in ["4s", "5s", "6s", "7s", "7h", "7d", "Ah", "2c", "3d", "Kc"])
    long_run = mask_of(parse_card(c) for c in ["4s", "5s", "6s", "7s"])
    assert ex.numbers == {"hand_total": value_of(hand), "deadwood": deadwood(hand),
                          "deadwood_with_long_run": deadwood(hand & ~long_run)}
    assert ex.numbers["deadwood"] == 16
    assert f"deadwood is {ex.numbers['deadwood']}." in english(ex)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_knock_undercut_and_gin_examples_are_scored_by_the_engine(preset):
    game = gamenight.make("gin_rummy", rules=preset)
    guide = game.guide()
    cases = {"Example: a knock": (KNOCKER, ["Js", "Jh", "Jd", "4h", "9h", "2s", "3d", "5c", "7s", "Tc"]),
             "Example: an undercut": (KNOCKER, ["Js", "Jh", "Jd", "Qs", "Qh", "Qd", "4h", "2c", "Ad", "2h"]),
             "Example: gin": (["5h", "6h", "7h", "9s", "9d", "9c", "2c", "3c", "4c", "Kd"],
                              ["Js", "Jh", "Jd", "4h", "2s", "3d", "5s", "7s", "8d", "Tc"])}
    for title, (knocker, defender) in cases.items():
        hand = played_hand(game, knocker, defender)
        ex = example(guide, title)
        assert ex.numbers == {"knocker_deadwood": hand["knocker_deadwood"],
                              "defender_deadwood": hand["defender_deadwood"], "points": hand["points"]}
        assert f"= {hand['points']} points." in english(ex)
        assert all(pretty_card(parse_card(card)) in english(ex) for card, _ in hand["layoffs"]), \
            "the cards laid off are named, as players read them (4♥, not 4h)"
    assert example(guide, "Example: a knock").numbers["points"] == 21
    assert example(guide, "Example: gin").numbers["points"] == 39 + game.rules.gin_bonus


def test_the_guide_says_this_tables_numbers():
    guide = gamenight.make("gin_rummy", knock_limit=7, gin_bonus=20, undercut_bonus=10, game_target=150).guide()
    text = " ".join(str(t) for t in guide.texts())
    assert "7 points of deadwood or less" in text
    assert "gin bonus of 20" in text and "undercut bonus of 10" in text
    assert "reach 150 points" in text
    assert example(guide, "Example: gin").numbers["points"] == 39 + 20


def test_a_straight_gin_table_shows_only_gin():
    guide = gamenight.make("gin_rummy", knock_limit=0, game_target=100).guide()
    titles = [e.title.template for e in guide.examples()]
    assert "Example: a knock" not in titles and "Example: an undercut" not in titles
    assert "Example: gin" in titles
    assert "only gin ends a hand" in " ".join(str(t) for t in guide.texts())


def test_the_options_in_words_follow_the_preset():
    modern = " ".join(str(t) for t in gamenight.make("gin_rummy", rules="modern").guide().texts())
    japanese = " ".join(str(t) for t in gamenight.make("gin_rummy", rules="japanese").guide().texts())
    assert "Big gin is allowed (bonus 31)." in modern and "Big gin" not in japanese
    assert "Equal deadwood counts as an undercut." in modern
    assert "the winner's total is doubled" in modern
    standard = " ".join(str(t) for t in gamenight.make("gin_rummy", rules="standard").guide().texts())
    assert "Both players may pass the first upcard." in standard
    assert "_" not in modern.replace("'", "")   # no option keys


@pytest.mark.parametrize("preset", PRESETS + ["oklahoma"])
@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_every_text_is_translated_and_renders(preset, lang):
    game = (gamenight.make("gin_rummy", oklahoma=True, oklahoma_spades_double=True) if preset == "oklahoma"
            else gamenight.make("gin_rummy", rules=preset))
    assert unsaid(game.guide().texts(), lang) == []


def test_the_guide_survives_json():
    guide = gamenight.make("gin_rummy", rules="modern").guide()
    assert Guide.from_json(guide.to_json()) == guide
