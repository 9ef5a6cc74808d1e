"""The terminal speaks players' words (issue 43): a bot is named by its level, as the pages name it ("seat 1
(Strong)"), never by its program name ("heuristic", which stays what --bots reads); the menu and the hints name cards
by their symbols (10♥, the joker in words), never in notation (Th, Jk); in English and in French."""
from __future__ import annotations

import random
import re

import pytest

import gamenight
from gamenight.bots.levels import bot_labels
from gamenight.cli.console import set_language
from gamenight.cli.play import PlaySession
from gamenight.cli.render import get_renderer
from gamenight.cli.review import hint_line
from gamenight.core.text import Text
from gamenight.i18n import render

# a program name where a bot's name is printed: "seat 1 (heuristic)", "seat 1: heuristic"
PROGRAM_NAMES = re.compile(r"(?:\(|:\s)(?:heuristic|casual|random|simple|strong|expert)\b")
# a card in the notation (a number of spades, "4s", and an ace alone are words too: see tests/core/test_guides.py)
NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9])[hdc]|[TJQK][shdc]|Jk|(?:10|[2-9TJQKA])[shdc][+=])"
                      r"(?![A-Za-z0-9])")
PLAIN_MARKUP = re.compile(r"\[/?[a-z ]+\]")


@pytest.fixture
def english():
    yield
    set_language("en")


@pytest.mark.parametrize("lang,bot,level", [("en", "heuristic", "Strong"), ("fr", "heuristic", "Fort"),
                                            ("en", "casual", "Casual"), ("fr", "casual", "Amateur"),
                                            ("en", "random", "Beginner"), ("fr", "random", "Débutant")])
def test_the_bots_are_named_by_their_level_in_the_players_language(cli, lang, bot, level):
    run = cli(["play", "yaniv", "--lang", lang, "--no-prompt", "--players", "3", "--bots", bot, "--seed", "5",
               "--set", "elimination_limit=30"], ["1"] * 3000, width=160)
    assert run.rc == 0, run.err
    assert render(Text("seat {number} ({name})", number=1, name=level), lang) in run.out   # each move of seat 1
    assert PROGRAM_NAMES.findall(run.out) == []


def test_gin_rummys_random_and_simple_bots_have_names_of_their_own():
    labels = bot_labels(gamenight.make("gin_rummy"))
    assert labels["random"] == "Beginner" and labels["simple"] == "Casual"
    assert len(set(labels.values())) == len(labels)
    for game in gamenight.games():
        levels = bot_labels(gamenight.make(game))
        assert len(set(levels.values())) == len(levels), game   # one name for one bot, in every game


def _menus(game_name: str, players: int, seeds: range):
    """The menu the terminal prints at every turn of a few random matches, as plain text."""
    game = gamenight.make(game_name, players=players)
    session = PlaySession.__new__(PlaySession)   # only its menu: no console, no bots
    session.game, session.renderer = game, get_renderer(game_name)
    for seed in seeds:
        state, rng = game.new(seed=seed), random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            legal, view = state.legal_actions(), state.view(state.current_player)
            yield view, legal, [PLAIN_MARKUP.sub("", label) for _, label in session._menu(legal, view)]
            state.apply(rng.choice(legal))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_name,players", [("yaniv", 3), ("gin_rummy", 2), ("thunee", 4)])
def test_the_menu_names_cards_by_their_symbols(english, lang, game_name, players):
    set_language(lang)
    shown = [label for _, _, labels in _menus(game_name, players, range(3)) for label in labels]
    assert shown and [label for label in shown if NOTATION.search(label)] == []
    if game_name == "yaniv":   # the joker in words (the same word in French)
        assert any("Joker" in label for label in shown)


def test_a_hint_names_its_moves_as_the_menu_does(english):
    """The hint takes the menu's labels: with a joker and a ten in hand, it says 10♥ and Joker, not Th and Jk."""
    set_language("fr")
    game = gamenight.make("yaniv", players=2)
    state = game.new(seed=1, deal={"hands": [["Th", "Jk", "6h", "9d", "Kh"], None]})
    session = PlaySession.__new__(PlaySession)
    session.game, session.renderer = game, get_renderer("yaniv")
    view, legal = state.view(0), state.legal_actions()
    labels = {str(action): label for action, label in session._menu(legal, view)}
    line = PLAIN_MARKUP.sub("", hint_line(game, view, legal, random.Random(0), 4, labels.get))
    assert line.startswith("Conseil") and "%" in line
    assert NOTATION.findall(line) == [], line


@pytest.mark.parametrize("lang,typed,level", [("en", "Casual", "Casual"), ("fr", "amateur", "Amateur"),
                                              ("en", "heuristic", "Strong"), ("en", "expert", "Expert"),
                                              ("en", "Quick Expert", "Quick Expert")])
def test_a_bot_is_chosen_by_its_level_or_its_program_name(cli, lang, typed, level):
    run = cli(["play", "yaniv", "--lang", lang, "--no-prompt", "--players", "2", "--bots", typed, "--seed", "5"],
              ["quit"])
    assert run.rc == 0, run.err
    assert render(Text("seat {number}", number=1), lang) in run.out and f": {level}." in run.out.replace("\u00a0", " ")


def test_the_terminal_lists_the_bots_by_their_levels(cli):
    run = cli(["rules", "gin_rummy"], width=200)
    assert run.rc == 0, run.err
    bots = next(line for line in run.out.splitlines() if line.startswith("Bots: "))
    assert bots.startswith("Bots: Beginner plays any allowed move") and "Casual plays by the book" in bots
    assert PROGRAM_NAMES.findall(bots) == [] and "heuristic" not in bots   # (an option's values may say "random")
    run = cli(["play", "yaniv", "--no-prompt", "--bots", "minimax"])
    said = run.out + run.err
    assert "unknown bot 'minimax' for yaniv; bots are: Beginner, Casual, Strong, Quick Expert, Expert" in said
