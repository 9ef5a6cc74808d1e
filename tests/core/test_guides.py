"""Every game's guide names cards in its prose as players read them (J♠ Q♠ K♠, 10♥, the joker in words), never in
the engine's notation (Js Qs Ks, Th, Jk): in every preset and every language the pages speak. Pictures keep the
notation: the pages and the terminal draw their cards."""
from __future__ import annotations

import re

import pytest

import gamenight
from gamenight.core.guide import card_words, cards_words
from gamenight.core.text import Text
from gamenight.i18n import render

# a card in the notation, alone or joined as an action writes it; left out, as words of their own: an ace alone ("As",
# "Ah") and a number of spades ("a pair of 4s": fours)
NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9])[hdc]|[TJQK][shdc]|Jk|(?:10|[2-9TJQKA])[shdc][+=])"
                      r"(?![A-Za-z0-9])")


def test_cards_in_prose_are_symbols_and_the_joker_is_words():
    assert cards_words(["Js", "Qs", "Ks"]) == "J♠ Q♠ K♠"
    assert card_words("Th") == "10♥"
    assert card_words("Jk") == Text("the joker") and render(Text("the joker"), "fr") == "le joker"
    with pytest.raises(ValueError):
        cards_words(["5s", "Jk"])


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize("name", gamenight.games())
def test_no_guide_writes_card_notation_in_its_prose(name, lang):
    found = set()
    for preset in gamenight.make(name).RULES.PRESETS:
        for text in gamenight.make(name, rules=preset).guide().texts():
            said = render(text, lang)
            found.update(f"{preset}: {said}" for _ in NOTATION.finditer(said))
    assert sorted(found) == []
