"""``gamenight play`` in a pseudo-terminal, in English and French: what a new player met at the Gin table (issue
43's terminal points), each checked as the screen shows it."""
from __future__ import annotations

import re

import pytest
from pty_terminal import Terminal

NBSP = "\u00a0"
#: per language: the texts the screen shows (and the move typed in words)
WORDS = {
    "en": {"preset": r"Rules preset \(name or number\) \[japanese\]: ", "players": "Number of players",
           "options": r"\('list' shows them\) \[none\]: ", "seat": r"Your seat \(0-1\) \[0\]: ", "move": "Your move> ",
           "turn_take": "Your turn: take the first upcard",
           "why": "the non-dealer passed the first upcard, so the dealer must take it",
           "allowed": "Allowed now: take the upcard 7♦ (take)", "hand": "Your hand: ", "discard": "discard",
           "thinking": "The expert is thinking", "hint": "Hint: ", "left": "You left the game",
           "take_queen": "take the queen", "took": r"seat 0 \(you\): take\n", "this_hand": "This hand:",
           "percent": r"\(\d+% to win the hand\)", "hint_move": "take the upcard Q♦"},
    "fr": {"preset": rf"Règles \(nom ou numéro\) \[japanese\]{NBSP}: ", "players": "Nombre de joueurs",
           "options": rf"\(«{NBSP}list{NBSP}» les montre\) \[aucun\]{NBSP}: ",
           "seat": rf"Votre place \(0-1\) \[0\]{NBSP}: ",
           "move": "Votre coup> ", "turn_take": f"Votre tour{NBSP}: prenez la première carte retournée",
           "why": "le non-donneur a passé la première carte retournée, donc le donneur doit la prendre",
           "allowed": f"Permis maintenant{NBSP}: prendre la carte retournée 7♦ (take)", "hand": f"Votre main{NBSP}: ",
           "discard": "défausser", "thinking": "L’expert réfléchit", "hint": f"Conseil{NBSP}: ",
           "left": "Vous avez quitté la partie", "take_queen": "prendre la dame",
           "took": f"place 0 \\(vous\\){NBSP}: take\n", "this_hand": f"Cette manche{NBSP}:",
           "percent": rf"\(\d+{NBSP}% de chances de gagner la manche\)", "hint_move": "prendre la carte retournée Q♦"},
}
LANGS = ["en", "fr"]


@pytest.fixture
def terminals():
    started: list[Terminal] = []

    def start(lang: str, seed: int, *extra: str) -> Terminal:
        terminal = Terminal(["play", "gin_rummy", "--lang", lang, "--seed", str(seed), "--bots", "heuristic", *extra],
                            lang=lang)
        started.append(terminal)
        return terminal
    yield start
    for terminal in started:
        terminal.close()


def seated(terminal: Terminal, words: dict[str, str]) -> Terminal:
    """Accept the setup's defaults (the preset, no options, seat 0) up to the first move's prompt."""
    for question in ("preset", "options", "seat"):
        terminal.expect(words[question])
        terminal.line("")
    terminal.expect(words["move"])
    return terminal


def loose(text: str) -> str:
    """A pattern for ``text`` wherever the terminal wraps it (any spaces may be a line break)."""
    return r"\s+".join(re.escape(word) for word in text.split(" "))


def in_the_table(line: str, screen: str) -> bool:
    """``line`` is a whole line of a table's panel (nothing after it but the padding to the panel's edge)."""
    return re.search(re.escape(line) + r" *│", screen) is not None


@pytest.mark.parametrize("lang", LANGS)
def test_gin_does_not_ask_the_number_of_players_it_has_one_answer(terminals, lang):
    words = WORDS[lang]
    terminal = terminals(lang, 5)
    terminal.expect(words["preset"])
    assert words["players"] not in terminal.text
    seated(terminal, words)
    terminal.line("quit")
    terminal.expect(words["left"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_dealer_who_must_take_is_told_so_and_a_pass_is_refused_with_the_engines_reason(terminals, lang):
    """G6 (first_upcard=dealer_takes, the default): the non-dealer (the bot) passed the first upcard, so the
    dealer (seat 0, the person) must take it: the turn line offers no pass, and typing ``pass`` says why not and
    what is allowed, in words."""
    words = WORDS[lang]
    terminal = seated(terminals(lang, 5), WORDS[lang])
    assert in_the_table(words["turn_take"], terminal.text)
    terminal.line("pass")
    terminal.expect(loose(words["why"]))
    terminal.expect(loose(words["allowed"]))
    terminal.line("quit")
    terminal.expect(words["left"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_discard_menu_lists_the_cards_in_the_order_the_hand_shows_them(terminals, lang):
    words = WORDS[lang]
    terminal = seated(terminals(lang, 5), words)
    start = len(terminal.text)
    terminal.line("1")   # take the upcard: 11 cards to discard from
    terminal.expect(words["move"] + "$", since=start)
    shown = terminal.text[start:]
    card = r"(?:10|[2-9AJQK])[♠♥♦♣]"
    hand_line = re.search(re.escape(words["hand"]) + r"(.*)", shown).group(1)
    hand = re.findall(card, hand_line.split("   ")[0])
    menu = re.findall(rf"^\s+\d+\) {words['discard']} ({card})", shown, re.M)
    assert len(hand) == 11 and menu == hand
    terminal.line("quit")
    terminal.expect(words["left"])


@pytest.mark.parametrize("lang", LANGS)
def test_keys_typed_while_the_expert_thinks_are_neither_shown_nor_read(terminals, lang):
    words = WORDS[lang]
    terminal = seated(terminals(lang, 5, "--hint-iterations", "800"), words)
    terminal.line("hint")
    terminal.expect(words["thinking"])
    terminal.type("zzz\r")   # while the spinner turns
    terminal.expect(words["hint"])
    terminal.line("quit")     # read as typed: nothing of "zzz" before it
    terminal.expect(words["left"])
    assert terminal.wait() == 0
    assert "zzz" not in terminal.text
    assert terminal.echo_on()


@pytest.mark.parametrize("lang", LANGS)
def test_ctrl_c_while_the_expert_thinks_gives_the_terminal_back_as_it_was(terminals, lang):
    words = WORDS[lang]
    terminal = seated(terminals(lang, 5, "--hint-iterations", "800"), words)
    assert terminal.echo_on()
    terminal.line("hint")
    terminal.expect(words["thinking"])
    terminal.type("\x03")
    assert terminal.wait() == 130
    assert terminal.echo_on()


@pytest.mark.parametrize("lang", LANGS)
def test_moves_in_the_players_words_hints_in_words_and_the_languages_typography(terminals, lang):
    """Seed 0: the person (seat 0) is the non-dealer, offered the first upcard Q♦."""
    words = WORDS[lang]
    terminal = seated(terminals(lang, 0, "--hint-iterations", "60"), words)
    terminal.line("hint")
    hint = terminal.expect(words["hint"] + r"(.*)\n").group(1)
    assert words["hint_move"] in hint and re.search(words["percent"], hint)
    assert not re.search(r"\b(take|pass)\b \(", hint)   # no notation where a player reads
    start = len(terminal.text)
    terminal.line(words["take_queen"])
    terminal.expect(words["took"], since=start)
    terminal.expect(words["move"] + "$", since=start)
    assert in_the_table(words["this_hand"], terminal.text)
    terminal.line("quit")
    terminal.expect(words["left"])
