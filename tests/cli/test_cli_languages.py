"""The terminal in the reader's language: ``gamenight play`` and ``gamenight rules`` in the pseudo-language show no
text that escaped the catalogs (a whole match of each game, with help, the rules and a refusal), and speak Japanese
and French when asked (``--lang``, or the environment's ``LANG``)."""
from __future__ import annotations

import json
import re

import pytest

import gamenight
from gamenight import i18n

SHORT = {"yaniv": (["--players", "2", "--set", "elimination_limit=30"], 3),
         "gin_rummy": (["--set", "game_target=25"], 4),
         "thunee": (["--players", "2", "--set", "balls_to_win=1"], 5),
         "yessir": (["--players", "2", "--set", "rounds_to_win=1"], 6)}


def notation_words(game_name: str, record: dict) -> set[str]:
    """The words that are data in the terminal: the actions played (notation), the rules' option names, types,
    values and presets (what --set and --rules read), the bots' names, the program's name."""
    rules = gamenight.make(game_name).RULES
    texts = [*record["actions"], *rules.PRESETS, game_name, "gamenight", "random", "heuristic", "simple", "strong",
             "expert", "help", "hint", "rules", "table", "quit", "record"]
    for entry in rules.describe():
        texts += [entry["name"], entry["type"], str(entry["default"]), entry["allowed"] or "", entry["none_word"] or ""]
        texts += [c["value"] for c in entry["choices"] or []]
    for state_action in gamenight.make(game_name).actions:
        texts.append(str(state_action))
    return {w.lower() for text in texts for w in re.findall(r"[^\W\d]+", text)}


# a whole Gin Rummy match takes longest: `make check` leaves it to `make test`
@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.slow) if game == "gin_rummy" else game
                                  for game in sorted(SHORT)])
def test_a_whole_match_in_the_pseudo_language_shows_no_text_outside_the_catalogs(cli, tmp_path, game):
    options, seed = SHORT[game]
    record = tmp_path / "record.json"
    answers = ["help", "help rules", "zz9", "999"] + ["1"] * 20000
    run = cli(["play", game, "--lang", "qps", "--no-prompt", "--bots", "random", "--seed", str(seed),
               "--record", str(record), *options], answers, width=200)
    assert run.rc == 0, run.err
    assert "⟦" in run.out
    data = json.loads(record.read_text())
    assert gamenight.replay(data).is_over
    allowed = notation_words(game, data) | {w.lower() for w in re.findall(r"[^\W\d]+", str(record))} | {"zz"}
    escaped = sorted({w for w in re.findall(r"[^\W\d]+", i18n.outside_pseudo(run.out + "".join(run.prompts)))
                      if len(w) > 1 and w.lower() not in allowed})
    assert escaped == [], f"words of {game}'s terminal that escaped the catalogs: {escaped}"


def test_rules_in_the_pseudo_language(cli):
    run = cli(["rules", "yessir", "--lang", "qps"], width=200)
    assert run.rc == 0, run.err
    allowed = notation_words("yessir", {"actions": []})
    escaped = sorted({w for w in re.findall(r"[^\W\d]+", i18n.outside_pseudo(run.out)) if len(w) > 1
                      and w.lower() not in allowed})
    assert escaped == [], escaped


@pytest.mark.parametrize("lang, words", [("ja", ["あなたの手> ", "ラウンド"]), ("fr", ["Votre coup> ", "Manche"])])
def test_play_speaks_japanese_and_french(cli, lang, words):
    run = cli(["play", "yessir", "--lang", lang, "--no-prompt", "--players", "2", "--bots", "random", "--seed", "2",
               "--set", "rounds_to_win=1"], ["zz9"] + ["1"] * 200, width=400)
    assert run.rc == 0, run.err
    assert words[0] in run.prompts
    assert words[1] in run.out
    assert "Your move" not in run.out + "".join(run.prompts) and "Shared dice" not in run.out
    try:   # a refusal is the engine's, in the reader's language
        gamenight.make("yessir", players=2).new(seed=0).apply("zz9")
    except gamenight.IllegalAction as e:
        assert i18n.render(e.text, lang) in run.out


def test_the_environments_language_is_the_terminals(cli, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    run = cli(["play", "yaniv", "--players", "9"])
    assert run.rc == 2 and "Yaniv se joue de 2 à 8 joueurs" in run.err
    monkeypatch.setenv("LANGUAGE", "ja")
    run = cli(["play", "yaniv", "--no-prompt", "--set", "yaniv_limit=99"])
    assert run.rc == 2 and "オプション 'yaniv_limit' の値 '99' は使えません" in run.err
