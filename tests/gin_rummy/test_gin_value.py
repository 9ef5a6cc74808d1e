"""Gin Rummy's learned value (gin_rummy.value) and the search's leaf hook (Settings.leaf_value)."""
from __future__ import annotations

import random
from dataclasses import replace

from gin_helpers import game, play, to_discard

import gamenight
from gamenight.bots.search import SearchBot
from gamenight.gin_rummy import value
from gamenight.gin_rummy.bots import EXPERT, expert_with_value


def turn_starts(g, seed, hands=1):
    """The worlds at the start of each turn of a heuristic self-play hand."""
    s = g.new(seed=seed)
    bot = gamenight.make_bot("heuristic", g)
    rng = random.Random(seed)
    out = []
    while not s.sheet and not s.is_over:
        if s.phase in value.VALUED_PHASES and s.knocker < 0:
            out.append(s.clone())
        s.apply(bot.choose(s.view(s.current_player), s.legal_actions(), rng))
    return out


def test_the_shipped_weights_load_and_fit_the_features():
    model = value.model()
    assert len(model.mean) == len(value.FEATURE_NAMES)
    assert len(model.outputs) == 2


def test_the_value_is_a_chance_and_the_same_every_time():
    for preset in ("openspiel", "japanese"):
        g = game(preset)
        for world in turn_starts(g, 5)[::3]:
            for seat in (0, 1):
                win, margin = value.leaf_value(world, seat)
                assert 0.0 <= win <= 1.0
                assert value.leaf_value(world, seat) == (win, margin)
                assert (margin is None) == (preset == "openspiel")
                if margin is not None:
                    assert 0.0 <= margin <= 1.0


def test_the_features_read_only_the_world_given():
    g = game("openspiel")
    worlds = turn_starts(g, 7)
    first = [value.features(w, 0) for w in worlds]
    again = [value.features(w.clone(), 0) for w in reversed(worlds)][::-1]
    assert first == again
    for w in worlds:   # the seat's side and the opponent's are the same features, seen from the other seat
        mine, theirs = value.features(w, 0), value.features(w, 1)
        assert mine[:8] == theirs[8:16] and mine[8:16] == theirs[:8]


def test_a_hand_that_is_better_is_valued_higher():
    g = game("openspiel")
    s = to_discard(g, "4h 5h 6h 9c 9d 9s Qs Qh Qd 3c Kc", "7h 3h 9h 5c 6c 7c 2d 2c Jd Kd", upcard="2s")
    play(s, "Kc")
    assert s.phase in value.VALUED_PHASES
    win, _ = value.leaf_value(s, 0)
    assert win > 0.5 > value.leaf_value(s, 1)[0]


def test_no_value_after_a_knock_or_mid_turn():
    g = game("openspiel")
    s = to_discard(g, "4h 5h 6h 9c 9d 9s Qs Qh Qd 3c Kc", "7h 3h 9h 5c 6c 7c 2d 2c Jd Kd", upcard="2s")
    assert value.leaf_value(s, 0) is None          # a discard is due: eleven cards
    play(s, "knock Kc")
    assert value.leaf_value(s, 1) is None


def test_a_leaf_that_values_nothing_changes_nothing():
    g = game("openspiel")
    s = g.new(seed=11)
    view = s.view(s.current_player)
    plain = SearchBot(g, EXPERT, iterations=12).evaluate(view, s.legal_actions(), random.Random(3))
    silent = replace(EXPERT, leaf_value=lambda world, seat: None, rollout_depth=2)
    hooked = SearchBot(g, silent, iterations=12).evaluate(view, s.legal_actions(), random.Random(3))
    assert plain == hooked
    assert EXPERT.leaf_value is None


def test_the_expert_with_the_value_is_deterministic_for_its_rng():
    g = game("japanese")
    s = g.new(seed=4)
    bot = gamenight.make_bot("heuristic", g)
    rng = random.Random(0)
    while s.phase != s.phase.DISCARD:
        s.apply(bot.choose(s.view(s.current_player), s.legal_actions(), rng))
    view = s.view(s.current_player)
    expert = SearchBot(g, expert_with_value(2, iterations=30))
    first = expert.evaluate(view, s.legal_actions(), random.Random(9))
    assert first == expert.evaluate(view, s.legal_actions(), random.Random(9))
    assert all(0.0 <= e.value <= 1.0 and 0.0 <= e.win <= 1.0 for e in first)


def test_a_rollout_is_valued_only_after_its_depth():
    g = game("openspiel")
    asked, valued = [], []

    def leaf(world, seat):
        asked.append(len(world.log))
        if world.phase in value.VALUED_PHASES:
            valued.append(len(world.log))
            return 0.25, None
        return None

    s = g.new(seed=2)   # the hand's first move: the move and 3 actions of the policy are played before a leaf
    bot = SearchBot(g, replace(EXPERT, leaf_value=leaf, rollout_depth=3), iterations=8)
    estimates = bot.evaluate(s.view(s.current_player), s.legal_actions(), random.Random(1))
    assert valued and min(asked) == 4
    assert all(e.value == e.win for e in estimates)    # one hand is the match: only winning counts


def test_what_a_draw_does_is_counted_as_drawing_each_card_would_do():
    """``draws`` skips the full count for a card that melds with none of the hand's: on random hands of ten and
    every other card, the same four numbers as drawing each card and throwing the best one."""
    from gamenight.gin_rummy.melds import BIT, deadwood, deadwood_after_discard

    rng = random.Random(7)
    for _ in range(300):
        cards = rng.sample(range(52), 10)
        hand = sum(BIT[c] for c in cards)
        dw, others, limit = deadwood(hand), [c for c in range(52) if c not in cards], rng.choice((0, 10))
        after = [deadwood_after_discard(hand | BIT[c]) for c in others]
        want = (sum(a < dw for a in after), sum(a < dw and a <= limit for a in after),
                sum(a < dw and a == 0 for a in after), sum(min(a, dw) for a in after))
        assert value.draws(hand, dw, others, limit) == want
