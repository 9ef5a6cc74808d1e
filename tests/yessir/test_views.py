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


def test_before_is_the_public_table_each_move_of_the_round_found():
    """Everyone saw the table before each move (the shared dice, every luck die, lock and Yessir): the view keeps it
    beside the log, a sampled state and a state read back from JSON (an older one without it too: replayed) show
    the same."""
    import json
    g = gamenight.make("yessir", players=3, rules="short_pip_change")
    rng = random.Random(5)
    for seed in range(6):
        s = g.new(seed=seed)
        round_no, seen = 1, []
        while not s.is_over:
            if s.round_no != round_no:
                round_no, seen = s.round_no, []
            view = s.view(s.current_player)
            assert view["before"] == seen and len(view["log"]) == len(seen)
            copy = g.sample_state(view, rng)
            assert copy.view(s.current_player)["before"] == seen
            old = json.loads(s.to_json())
            del old["before"]
            assert g.state_from_json(json.dumps(old)).view(None)["before"] == seen
            assert g.state_from_json(s.to_json()).view(1)["before"] == seen
            seen = [*seen, {field: view[field] for field in ("shared", "luck", "locked", "passed")}]
            s.apply(rng.choice(s.legal_actions()))
