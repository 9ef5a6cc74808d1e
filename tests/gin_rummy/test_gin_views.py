"""The Gin Rummy view (docs/games/gin_rummy.md, "Views"): typed by GinRummyView, every field documented, the facts the
pages draw made by the engine and true to the solver, only for the seat's own hand, and sharing nothing with the
state."""
from __future__ import annotations

import pathlib
import random
import re

import pytest
from gin_helpers import game, hand, states

from gamenight.core.views import View
from gamenight.gin_rummy import GinRummyView
from gamenight.gin_rummy.melds import (
    MELD_INDEX,
    RUN_TARGET,
    SET_TARGET,
    best_layoff,
    deadwood,
    extended_melds,
    value_of,
)

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games" / "gin_rummy.md"
OWN_FACTS = ("hand", "hand_deadwood", "hand_melds", "hand_deadwood_cards", "hand_value", "deadwood_within_limit",
             "discard_deadwood", "defender_best_deadwood")
TABLES = [("seed", {"single_hand": True}), ("standard", {"single_hand": True, "stock_end": "tournament_50th_card"}),
          ("modern", {"game_target": 60}), ("classic", {"single_hand": True, "oklahoma": True})]


def test_the_view_type_has_every_field_and_extends_the_envelope():
    assert set(View.__required_keys__) <= set(GinRummyView.__required_keys__)
    s = game().new(seed=1)
    for seat in (0, 1, None):
        assert set(s.view(seat)) == set(GinRummyView.__required_keys__)


def test_every_view_field_is_documented():
    text = DOCS.read_text()
    section = text[text.index("## Views"):]
    section = section[:section.index("\n## ", 1)]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))
    assert documented == set(GinRummyView.__required_keys__)


@pytest.mark.parametrize("rules,options", TABLES)
def test_the_seats_facts_are_the_solvers(rules, options):
    g = game(rules, **options)
    rng = random.Random(4)
    checked = {"discard": 0, "defend": 0}
    for s in states(g, range(12), rng):
        legal = [str(a) for a in s.legal_actions()]
        for seat in (0, 1):
            v = s.view(seat)
            held = hand(" ".join(v["hand"]))
            melds = [hand(" ".join(m)) for m in v["hand_melds"]]
            loose = hand(" ".join(v["hand_deadwood_cards"]))
            # the best arrangement: disjoint melds and the rest, which count the hand's least deadwood
            laid = 0
            for m in melds:
                assert m in MELD_INDEX and not m & laid
                laid |= m
            assert laid | loose == held and not laid & loose
            assert melds == sorted(melds, key=lambda m: m & -m)  # by their lowest cards
            assert v["hand_deadwood"] == value_of(loose) == deadwood(held)
            assert v["hand_value"] == value_of(held)
            assert v["deadwood_within_limit"] == (v["hand_deadwood"] <= v["knock_limit"])
            assert v["hand_deadwood_cards"] == sorted(v["hand_deadwood_cards"], key=_rank_then_suit)
            moving = seat == s.current_player
            if moving and v["phase"] == "discard":
                assert v["discard_deadwood"] == {c: deadwood(held & ~hand(c)) for c in v["hand"]}
                checked["discard"] += 1
            else:
                assert v["discard_deadwood"] is None
            assert v["can_knock"] == (moving and any(a.startswith("knock") for a in legal))
            if moving and v["phase"] == "defend":
                assert v["defender_best_deadwood"] == _best_defence(v, held)
                checked["defend"] += 1
            else:
                assert v["defender_best_deadwood"] is None
            last = v["last_hand"]
            assert (v["last_hand_score"] is None) == (last is None or last["result"] == "dead")
    assert checked["discard"] > 50 and checked["defend"] > 5


def _rank_then_suit(card: str) -> tuple[int, int]:
    return "A23456789TJQK".index(card[0]), "shdc".index(card[1])


def _best_defence(v, held: int) -> int:
    """The defender's least reachable deadwood: onto the knocker's melds with what was laid off (no layoffs on
    gin), then his own best melds."""
    if not v["knocker_deadwood"] or v["big_gin"]:
        return deadwood(held)
    knocker_melds = [hand(" ".join(cards)) for p, cards in v["melds"] if p == v["knocker"]]
    layoffs = [(hand(c).bit_length() - 1, SET_TARGET if t == "set" else RUN_TARGET) for c, t in v["layoffs"]]
    return best_layoff(held, extended_melds(knocker_melds, layoffs))[0]


def test_a_spectator_sees_no_hand_facts():
    rng = random.Random(2)
    for s in states(game("seed", single_hand=True), range(4), rng):
        v = s.view(None)
        assert all(v[key] is None for key in OWN_FACTS) and v["can_knock"] is False


def test_every_view_carries_the_rules():
    for preset in ("japanese", "standard", "modern", "classic", "palace", "openspiel"):
        g = game(preset)
        s = g.new(seed=1)
        s.view(0)["rules"]["knock_limit"] = 99  # the caller's own copy
        assert s.view(0)["rules"] == s.view(None)["rules"] == g.rules.to_dict()


def test_views_share_nothing_with_the_state():
    """Changing every list and dict of a view (the hand's facts and the last hand's summary too) leaves the state as
    it was."""
    def scramble(x):
        if isinstance(x, dict):
            for k in list(x):
                scramble(x[k])
                x[k] = "changed"
            x["new"] = 1
        elif isinstance(x, list):
            for item in x:
                scramble(item)
            x.append("changed")

    rng = random.Random(6)
    for rules, options in (("modern", {"game_target": 60}), ("classic", {"game_target": 60})):
        for s in states(game(rules, **options), range(3), rng):
            before = s.to_json()
            for seat in (0, 1, None):
                scramble(s.view(seat))
            assert s.to_json() == before
