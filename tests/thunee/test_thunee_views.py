"""The Thunee view: exactly ThuneeView's fields, every one documented; its rule facts agree with what play shows;
the docs' deal example runs as written."""
import ast
import json
import pathlib
import random
import re
import typing

import pytest
from thunee_helpers import last_trick_all_won, play, seen

from gamenight.thunee.state import ThuneeGame
from gamenight.thunee.views import ThuneeView

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games" / "thunee.md"
FIELDS = set(typing.get_type_hints(ThuneeView))


def views_of_matches(players, preset, seeds):
    rng = random.Random(players)
    for seed in seeds:
        s = ThuneeGame(players=players, rules=preset).new(seed=seed)
        while True:
            for seat in [*range(players), None]:
                yield s, seat, s.view(seat)
            if s.is_over:
                break
            legal = s.legal_actions()
            passes = [a for a in legal if a.text == "pass"]
            s.apply(passes[0] if passes and rng.random() < 0.8 else rng.choice(legal))


@pytest.mark.parametrize("players,preset", [(4, "standard"), (4, "all_calls"), (6, "all_calls"), (2, "traditional")])
def test_every_view_has_exactly_the_thunee_view_fields(players, preset):
    phases = set()
    for _, _, view in views_of_matches(players, preset, range(3)):
        assert set(view) == FIELDS
        assert json.loads(json.dumps(view)) == view
        assert len(view["log_phases"]) == len(view["log"])
        phases.add(view["phase"])
    assert {"weak", "calling", "trump", "special", "play", "over"} <= phases


def test_the_docs_name_every_view_field():
    text = DOCS.read_text()
    views = text[text.index("## Views"):text.index("## Setting up a position")]
    named = set(re.findall(r"`([a-z_]+)`", views))
    assert FIELDS <= named, FIELDS - named


@pytest.mark.parametrize("players", [4, 6, 2])
def test_the_trick_winner_changes_only_to_the_card_just_played(players):
    """On the table the winning card is one of the trick's; each card played keeps it or takes over; the finished
    trick goes to the last winner on the table or to the last card's player."""
    before = None
    checked = 0
    for _, seat, view in views_of_matches(players, "standard", range(6)):
        if seat is not None:
            continue
        winner = view["trick_winner"]
        assert (winner is None) == (not view["trick"])
        if winner is not None:
            assert winner in view["trick"]
        if before is not None and before["trick_winner"] is not None and view["hand_number"] == before["hand_number"]:
            if len(view["trick"]) == len(before["trick"]) + 1:
                assert winner in (before["trick_winner"], view["trick"][-1])
                checked += 1
            elif not view["trick"] and view["tricks"] and len(view["tricks"]) > len(before["tricks"]):
                last_player = (before["trick"][-1][0] + 1) % players
                assert view["tricks"][-1][2] in (before["trick_winner"][0], last_player)
                checked += 1
        before = view
    assert checked > 100


def test_counting_total_and_the_last_trick_make_the_hands_total():
    s = last_trick_all_won("jodi KQd")
    view = seen(s, 3)
    assert view["counting_total"] == view["card_points"][0] + 20 == 267 + 20
    play(s, "Ks Js Qs Qc")
    assert seen(s)["last_hand"]["counting_total"] == view["counting_total"] + view["last_trick_adjust"][1]


def test_deal_left_empty_is_the_seeds_deal():
    for players in (2, 4, 6):
        game = ThuneeGame(players=players)
        for seed in range(10):
            plain, dealt = json.loads(game.new(seed).to_json()), json.loads(game.new(seed, deal={}).to_json())
            assert dealt.pop("deal") == {} and plain == dealt


def test_the_docs_deal_example_runs_as_written():
    """Each statement of the example runs; an expression with a comment gives the value the comment starts with."""
    text = DOCS.read_text()
    section = text[text.index("## Setting up a position"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    lines = code.splitlines()
    namespace: dict = {}
    checked = 0
    for node in ast.parse(code).body:
        source = ast.get_source_segment(code, node)
        comment = lines[node.end_lineno - 1].partition("# ")[2]
        if isinstance(node, ast.Expr) and comment:
            expected = ast.literal_eval(comment.split(":")[0].strip())
            assert eval(source, namespace) == expected, source
            checked += 1
        else:
            exec(source, namespace)
    assert checked == 2
