"""``gamenight play yaniv`` in a pseudo-terminal, in English and French (issue 43): the bots are named by their
level ("seat 1: Strong", "place 1 (Fort)"), and a hint names its moves by their cards' symbols (10♦, the joker in
words), never their notation (Td, Jk). The deal holds 2♥ 10♦ J♠ Q♦ and a joker."""
from __future__ import annotations

import pytest
from pty_terminal import Terminal
from test_cli_player_words import NOTATION, PROGRAM_NAMES

NBSP = "\u00a0"
WORDS = {"en": {"bots": "seat 1: Strong", "move": "Your move> ", "hint": r"Hint: (.*)\n",
                "moved": r"seat 1 \(Strong\): ", "hand": "Your hand: 2♥ 10♦ J♠ Q♦ Joker"},
         "fr": {"bots": f"place 1{NBSP}: Fort", "move": "Votre coup> ", "hint": rf"Conseil{NBSP}: (.*)\n",
                "moved": rf"place 1 \(Fort\){NBSP}: ", "hand": f"Votre main{NBSP}: 2♥ 10♦ J♠ Q♦ Joker"}}


@pytest.fixture
def terminal():
    started: list[Terminal] = []

    def start(lang: str) -> Terminal:
        started.append(Terminal(["play", "yaniv", "--lang", lang, "--no-prompt", "--players", "2", "--seed", "25",
                                 "--bots", "heuristic", "--hint-iterations", "4"], lang=lang))
        return started[-1]
    yield start
    for each in started:
        each.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_terminal_names_bots_by_level_and_hints_by_card_symbols(terminal, lang):
    words = WORDS[lang]
    screen = terminal(lang)
    screen.expect(words["move"])
    assert words["bots"] in screen.text and words["hand"] in screen.text
    start = len(screen.text)
    screen.line("hint")
    hint = screen.expect(words["hint"], since=start).group(1)
    assert "%" in hint and NOTATION.findall(hint) == [], hint
    screen.expect(words["move"], since=start + len(hint))
    screen.line("1")                       # a discard and a draw of one's own: then the bot's turn
    screen.expect(words["move"], since=start + len(hint))
    screen.line("1")
    moved = screen.expect(words["moved"] + r"(.*)\n", since=start)   # named by its level, its move in words
    assert NOTATION.findall(moved.group(1)) == [], moved.group(1)
    screen.expect(words["move"], since=start + moved.end())        # (keys typed while the bot plays are dropped)
    screen.line("quit")
    assert screen.wait() == 0
    assert PROGRAM_NAMES.findall(screen.text) == []
