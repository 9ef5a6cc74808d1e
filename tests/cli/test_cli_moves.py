"""Moves typed in the player's words (gamenight.cli.moves), in English, French and Japanese, and the menu's order."""
from __future__ import annotations

import pytest

import gamenight
from gamenight.cli import console
from gamenight.cli.moves import in_hand_order, read_words


@pytest.fixture
def speak():
    def set_to(lang: str) -> None:
        console.set_language(lang)
    yield set_to
    console.set_language("en")


GIN = gamenight.make("gin_rummy")


def described(menu: list[tuple[str, str]]) -> list[tuple[str, str, gamenight.core.Described]]:
    """The menu's entries with the engine's record of each action, as the terminal gives them."""
    return [(notation, label, GIN.describe(notation)) for notation, label in menu]


GIN_UPCARD = {"en": described([("take", "take the upcard [bold red]Q♦[/bold red]"), ("pass", "pass the upcard")]),
              "fr": described([("take", "prendre la carte retournée [bold red]Q♦[/bold red]"),
                               ("pass", "passer la carte retournée")]),
              "ja": described([("take", "アップカード[bold red]Q♦[/bold red]を取る"), ("pass", "アップカードをパス")])}


@pytest.mark.parametrize("lang, typed, chosen", [
    ("en", "take the queen", 0), ("en", "Take", 0), ("en", "pass", 1), ("en", "take the queen of diamonds", 0),
    ("en", "take the king", None),
    ("fr", "prendre la dame", 0), ("fr", "Prendre la Dame de carreau", 0), ("fr", "passer", 1),
    ("fr", "prendre la carte retournee", 0),   # accents may be left out
    ("fr", "prendre le roi", None),
    ("ja", "クイーンを取る", 0), ("ja", "取る", 0), ("ja", "パス", 1), ("ja", "キングを取る", None),
])
def test_a_move_in_the_players_words_is_the_one_legal_move_they_name(speak, lang, typed, chosen):
    speak(lang)
    assert read_words(typed, GIN_UPCARD[lang]).chosen == chosen


def test_words_that_fit_several_moves_name_them_all_and_choose_none(speak):
    speak("fr")
    menu = described([("Js", "défausser J♠"), ("Qs", "défausser Q♠"), ("Qh", "défausser Q♥"),
                      ("Tc", "défausser 10♣"), ("knock Qh", "frapper, Q♥ face cachée")])
    reading = read_words("la dame", menu)
    assert reading.chosen is None and reading.candidates == (1, 2, 4)
    assert read_words("défausser la dame de cœur", menu).chosen == 2
    assert read_words("défausser le 10 de trèfle", menu).chosen == 3
    assert read_words("frapper avec la dame", menu).chosen is None   # "avec" is in no move


def test_the_menu_lists_the_moves_on_cards_in_the_hands_order_and_keeps_the_others_in_place():
    legal = ["biggin", "Js", "7d", "2h", "knock Js", "knock 2h", "meld 7s+7h+7c", "done"]
    hand = ["2h", "7d", "Js"]
    assert (in_hand_order(legal, [GIN.describe(a) for a in legal], hand)
            == ["biggin", "2h", "7d", "Js", "knock 2h", "knock Js", "meld 7s+7h+7c", "done"])
