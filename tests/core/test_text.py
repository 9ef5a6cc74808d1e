"""A Text's English (``str``) is its ``render()`` without a catalog, on the short path engines use at every hand."""
import random

import pytest

import gamenight
from gamenight.core.text import Text, nText


def _texts_in(value):
    if isinstance(value, dict):
        if "text" in value and "values" in value:
            yield Text.from_json(value)
        for inner in value.values():
            yield from _texts_in(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _texts_in(inner)


@pytest.mark.parametrize("text", [
    Text("plain"), Text("{a} and {b:>4} and {c!r}", a=1, b=2, c="x"),
    Text("{who} won {what}", who=Text("seat {number}", number=2), what=nText("{n} ball", "{n} balls", 3)),
    nText("{n} card", "{n} cards", 1), nText("{n} card of {who}", "{n} cards of {who}", 2, who=Text("you")),
])
def test_str_is_render_without_a_catalog(text):
    assert str(text) == text.render() == text.render(None, None)


def test_every_text_the_engines_say_reads_the_same_both_ways():
    rng = random.Random(3)
    seen = 0
    for name in gamenight.games():
        game = gamenight.make(name)
        for seed in range(3):
            state = game.new(seed=seed)
            while not state.is_over:
                for text in _texts_in(state.view(None)):
                    assert str(text) == text.render()
                    seen += 1
                state.apply(rng.choice(state.legal_actions()))
    assert seen > 100
