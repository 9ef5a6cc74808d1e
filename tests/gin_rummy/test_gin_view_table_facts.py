"""Two view facts the table draws (docs/games/gin_rummy.md, "Views"): ``drawn``, the card the seat just drew or
took (to that seat alone), and ``defender_plan``, a play reaching the defender's best deadwood (what the page
lays out for a defender). Both come from the engine; these tests check them against the state's JSON and by
playing them."""
from __future__ import annotations

import json
import random

from gin_helpers import game, hand, play, states

from gamenight.gin_rummy.melds import value_of


def test_the_card_drawn_from_the_stock_is_named_to_the_drawer_alone():
    g = game()
    s = g.new(seed=3)
    first = s.current_player
    play(s, "pass", "take")                       # the dealer must take the passed upcard
    dealer = 1 - first
    s.apply(next(str(a) for a in s.legal_actions() if str(a)[0] != "k" and str(a) != s.view(dealer)["taken"]))
    top = json.loads(s.to_json())["stock"][-1]    # the JSON stock has its top card last
    s.apply("draw")
    mine = s.view(first)
    assert mine["phase"] == "discard" and mine["drawn"] == top and top in mine["hand"]
    assert mine["taken"] is None                  # a stock draw is nobody else's business
    assert s.view(dealer)["drawn"] is None and s.view(None)["drawn"] is None
    assert top not in s.view(dealer)["log"][-1][1]
    # the JSON state and a copy keep it; once discarded it is gone
    assert g.state_from_json(s.to_json()).view(first) == mine
    assert s.clone().view(first)["drawn"] == top
    s.apply(next(str(a) for a in s.legal_actions() if str(a) != top and not str(a).startswith("knock")))
    assert all(s.view(seat)["drawn"] is None for seat in (0, 1, None))


def test_a_card_taken_from_the_pile_is_the_drawn_card_too():
    g = game()
    s = g.new(seed=3)
    taker = s.current_player
    up = s.view(None)["upcard"]
    s.apply("take")
    assert s.view(taker)["drawn"] == s.view(taker)["taken"] == up
    assert s.view(1 - taker)["drawn"] is None and s.view(None)["drawn"] is None


def test_drawn_along_random_play():
    """Only the seat to discard has a drawn card, one it holds; the other seat and a spectator never do; the JSON
    state and a state sampled from the drawer's own view agree with it."""
    g = game("standard", single_hand=True, stock_end="tournament_50th_card")
    rng = random.Random(7)
    named = 0
    for s in states(g, range(10), rng):
        p = s.current_player
        for seat in (0, 1, None):
            v = s.view(seat)
            if seat is not None and seat == p and v["phase"] == "discard":
                assert v["drawn"] in v["hand"]
                if v["taken"] is not None:
                    assert v["drawn"] == v["taken"]
                named += 1
            else:
                assert v["drawn"] is None, (seat, v["phase"])
        if p is not None and s.view(p)["drawn"] is not None:
            assert g.state_from_json(s.to_json()).view(p) == s.view(p)
            sampled = g.sample_state(s.view(p), random.Random(rng.getrandbits(32)))
            assert sampled.view(p)["drawn"] == s.view(p)["drawn"]
    assert named > 100


def test_the_defenders_plan_reaches_its_best_deadwood_when_played():
    """The plan's melds and layoffs are legal in turn, the cards left count ``defender_best_deadwood``, and
    ``done`` after them is charged exactly that; the other seat and a spectator get no plan."""
    rng = random.Random(11)
    checked = 0
    for rules, options in (("seed", {"single_hand": True}), ("modern", {"game_target": 60})):
        g = game(rules, **options)
        for s in states(g, range(25), rng):
            v = s.view(s.current_player) if s.current_player is not None else s.view(None)
            for seat in (0, 1, None):
                if seat != s.current_player or v["phase"] != "defend":
                    assert s.view(seat)["defender_plan"] is None
            if v["phase"] != "defend":
                continue
            plan = v["defender_plan"]
            held = hand(" ".join(v["hand"]))
            laid = [hand(" ".join(m)) for m in plan["melds"]] + [hand(c) for c, _ in plan["layoffs"]]
            left = hand(" ".join(plan["deadwood_cards"]))
            parts = laid + [left]
            assert sum(m.bit_count() for m in parts) == held.bit_count()
            union = 0
            for m in parts:
                union |= m
            assert union == held
            assert value_of(left) == v["defender_best_deadwood"]
            # play it out on a copy: every step legal, and done charges the best deadwood
            t = s.clone()
            defender = s.current_player
            for m in plan["melds"]:
                t.apply("meld " + "+".join(m))
            for c, target in plan["layoffs"]:
                t.apply(f"layoff {c} {target}")
            after = t.view(defender)
            assert after["hand_value"] == v["defender_best_deadwood"]
            assert after["defender_plan"] == {"melds": [], "layoffs": [], "deadwood_cards": plan["deadwood_cards"]}
            t.apply("done")
            assert t.view(None)["last_hand"]["defender_deadwood"] == v["defender_best_deadwood"]
            checked += 1
    assert checked > 10
