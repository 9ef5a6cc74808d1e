"""``gamenight rules GAME``: how to play first (the game's guide, in the reader's language), then the options."""
from __future__ import annotations

import pytest

import gamenight
from gamenight import i18n
from gamenight.core.text import Text


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
def test_rules_explains_how_to_play_in_the_chosen_language_then_lists_the_options(cli, lang):
    run = cli(["rules", "gin_rummy", "--lang", lang], width=200)
    assert run.rc == 0, run.err
    guide = gamenight.make("gin_rummy").guide()
    title = i18n.render(guide.title, lang)
    assert run.out.startswith(title)
    for section in guide.sections:
        assert i18n.render(section.title, lang) in run.out
    assert run.out.index(i18n.render(guide.sections[-1].title, lang)) < run.out.index("knock_limit")
    assert "7♥ 7♦ 7♣" in run.out   # a picture, drawn with the terminal's cards


def test_the_guide_follows_the_players_asked_for(cli):
    four = cli(["rules", "thunee", "--players", "4", "--lang", "fr"], width=200).out
    six = cli(["rules", "thunee", "--players", "6", "--lang", "fr"], width=200).out
    assert four != six


def test_a_game_without_a_guide_says_so_and_still_lists_its_options(cli, monkeypatch):
    game_class = type(gamenight.make("gin_rummy"))

    def no_guide(self):
        raise NotImplementedError
    monkeypatch.setattr(game_class, "guide", no_guide)
    run = cli(["rules", "gin_rummy", "--lang", "fr"], width=200)
    assert run.rc == 0
    assert run.out.startswith(i18n.render(Text("There is no how-to-play guide for {game} yet.",
                                               game=Text("Gin Rummy")), "fr"))
    assert "knock_limit" in run.out


def test_an_unknown_language_is_refused_with_the_languages(cli):
    run = cli(["rules", "gin_rummy", "--lang", "de"])
    assert run.rc == 2 and "en" in run.err and "ja" in run.err and "fr" in run.err


@pytest.mark.parametrize(("environ", "lang"), [
    ({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LC_ALL": "fr_FR.UTF-8", "LANG": "ja_JP.UTF-8"}, "fr"),
    ({"LANGUAGE": "de:fr", "LANG": "en_US.UTF-8"}, "fr"), ({"LANG": "C.UTF-8"}, "en"), ({}, "en"),
    ({"LC_MESSAGES": "de_DE", "LANG": "fr_FR"}, "en")])
def test_the_terminals_language_comes_from_the_environment_as_gettext_reads_it(environ, lang):
    assert i18n.from_environment(environ) == lang


def test_rules_speaks_the_environments_language(cli, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    run = cli(["rules", "gin_rummy"], width=200)
    assert run.out.startswith(i18n.render(gamenight.make("gin_rummy").guide().title, "fr"))
