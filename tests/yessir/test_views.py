"""The YESSIR! view's type and docs: every view has exactly YessirView's fields (its hand, reveal and pip faces
too), and docs/games/yessir.md's "Views" section names every one of them."""
import pathlib
import random
import re

import gamenight
from gamenight.yessir.views import HandView, PipFaces, RevealView, YessirView

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games" / "yessir.md"


def test_every_view_has_exactly_the_typed_fields():
    g = gamenight.make("yessir", players=3, rules="short_pip_change")
    rng = random.Random(3)
    seen = set()
    for seed in range(4):
        s = g.new(seed=seed)
        while True:
            for seat in (None, 0, 1, 2):
                v = s.view(seat)
                assert set(v) == set(YessirView.__annotations__)
                if v["hand"] is not None:
                    assert set(v["hand"]) == set(HandView.__annotations__)
                    seen.add("hand")
                if v["last_round"] is not None:
                    assert set(v["last_round"]) == set(RevealView.__annotations__)
                    seen.add("last_round")
                if v["pip_faces"] is not None:
                    assert set(v["pip_faces"]) == set(PipFaces.__annotations__)
                    seen.add("pip_faces")
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
    assert seen == {"hand", "last_round", "pip_faces"}


def test_the_docs_name_every_view_field():
    text = DOCS.read_text()
    views = text[text.index("## Views"):text.index("## Setting up a position")]
    named = set(re.findall(r"`([a-z_]+)`", views))
    fields = (set(YessirView.__annotations__) | set(HandView.__annotations__) | set(RevealView.__annotations__)
              | set(PipFaces.__annotations__))
    assert fields - named == set()
