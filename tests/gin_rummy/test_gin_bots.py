"""Gin Rummy bots: registered, always legal, optimal as defender, and far stronger than random."""
from __future__ import annotations

import random

import pytest
from gin_helpers import game, late, legal, play, to_discard, view

import gamenight
from gamenight.gin_rummy.bots import GinHeuristic, GinSimple


def test_bots_are_registered():
    g = game()
    assert {"random", "heuristic", "simple"} <= set(gamenight.bots_for(g))
    assert isinstance(gamenight.make_bot("heuristic", g), GinHeuristic)
    assert isinstance(gamenight.make_bot("simple", g), GinSimple)
    assert gamenight.core.registry.bot_doc("heuristic", g)


@pytest.mark.parametrize("preset,options", [("japanese", {"single_hand": True}), ("standard", {"single_hand": True}),
                                            ("modern", {"single_hand": True}), ("openspiel", {}),
                                            ("seed", {"single_hand": True, "oklahoma": True, "knock_limit": 0})])
def test_bots_always_choose_legal_actions(preset, options):
    g = game(preset, **options)
    bots = [GinHeuristic(g), GinSimple(g)]
    for seed in range(12):
        s = gamenight.play_match(g, bots if seed % 2 else bots[::-1], seed=seed)  # play_match refuses illegal moves
        assert s.is_over


def test_defender_reaches_the_best_layoff():
    g = game()
    s = to_discard(g, "4h 5h 6h 9c 9d 9s Qs Qh Qd 3c Kc", "7h 3h 9h 5c 6c 7c 2d 2c Jd Kd", upcard="2s")
    play(s, "knock Kc", "meld 4h+5h+6h", "meld 9s+9d+9c", "meld Qs+Qh+Qd", "done")
    want = view(s, 1)["defender_best_deadwood"]  # the engine's (melds.best_layoff, checked by brute force)
    # 7h 3h onto the hearts run, 9h onto the nines, 5c 6c 7c melded: 2d 2c Jd Kd are left
    assert want == 24 < view(s, 1)["hand_value"] == 61
    rng = random.Random(1)
    for bot in (GinHeuristic(g), GinSimple(g)):
        t = s.clone()
        while t.current_player == 1 and not t.is_over and t.hands_played == 1:
            t.apply(bot.choose(t.view(1), t.legal_actions(), rng))
        assert t.view(None)["last_hand"]["defender_deadwood"] == want


def test_heuristic_knocker_lays_its_least_exposed_best_arrangement():
    g = game()
    # after knocking Kd: aces set + 2s-4s (deadwood 3d = 3) is the only best arrangement
    s = to_discard(g, "As 2s 3s 4s Ah Ad Jc Qc Kc 3d Kd", "2h 3h 4h 5c 6c 8c 9c Tc Th Ts", upcard="2d")
    bot = GinHeuristic(g, hold_max=0)   # one that knocks at once (a knock of 3 this early is held back otherwise)
    rng = random.Random(2)
    assert str(bot.choose(s.view(0), s.legal_actions(), rng)) == "knock Kd"
    s.apply("knock Kd")
    while s.current_player == 0:
        s.apply(bot.choose(s.view(0), s.legal_actions(), rng))
    assert view(s)["knocker_deadwood"] == 3


@pytest.mark.parametrize("options,stock_after_draw,knocks", [
    ({}, 8, False),                      # a match to 100, 8 cards left: it holds 3 for gin or an undercut
    ({}, 4, True),                       # 4 cards left (at most 5): it knocks
    ({"single_hand": True}, 8, True),    # one hand is the match: only winning it counts, so it knocks at once
    ({"undercut_bonus": 5}, 8, True),    # an undercut is worth little: it holds at most 2 (0.36 x 5)
])
def test_heuristic_holds_a_low_knock_while_the_stock_is_long(options, stock_after_draw, knocks):
    g = game(**options)
    s = late(g, ("As 2s 3s 4s Ah Ad Jc Qc Kc 3d", "2h 3h 4h 5c 6c 8c 9c Tc Th Ts"), next_cards="Kd",
             leave=stock_after_draw + 1)
    play(s, "draw")
    assert view(s)["stock_size"] == stock_after_draw and "knock Kd" in legal(s)
    choice = str(GinHeuristic(g).choose(s.view(0), s.legal_actions(), random.Random(5)))
    assert (choice == "knock Kd") is knocks, choice
    assert choice in ("knock Kd", "Kd")   # holding, it throws the card a knock would have


def test_hold_max_follows_the_undercut_bonus():
    assert [GinHeuristic(game(**o)).hold_max for o in ({}, {"undercut_bonus": 10}, {"undercut_bonus": 20},
                                                       {"single_hand": True}, {"knock_limit": 5})] == [9, 4, 7, 0, 4]


def test_heuristic_wins_nearly_every_hand_against_random():
    g = game("seed", single_hand=True)
    won = lost = 0
    for seed in range(60):
        bots = [gamenight.make_bot("heuristic", g), gamenight.make_bot("random", g)]
        swap = seed % 2
        s = gamenight.play_match(g, bots[::-1] if swap else bots, seed=seed)
        scorer = view(s)["last_hand"]["scorer"]
        if scorer is not None:
            if scorer ^ swap == 0:
                won += 1
            else:
                lost += 1
    assert won >= 0.95 * (won + lost) and won >= 50


def test_heuristics_do_not_trade_one_card_forever():
    """Where a card taken may go straight back, a heuristic that took the upcard only to knock but then held the knock
    back (late in the stock, deadwood 7 or more) threw it back, and the other did the same: the hand never ended.
    Both now leave such an upcard, and the hand ends."""
    g = game()
    assert g.rules.may_discard_taken_discard
    # seat 1 could knock 8 with 5d, seat 0 knock 7: neither knocks 7 or more with 8 cards left in the stock
    s = late(g, ("5d 6s Ah 2h 3d 6d 3c 4c 5c 6c", "2s 3s 4s 4h 6h 7h 8h Ad 2d 4d"), next_cards="As", leave=9)
    play(s, "draw", "5d")
    assert view(s)["stock_size"] == 8 and view(s)["discard_pile"][-1] == "5d" and s.current_player == 1
    bots, rng = [GinHeuristic(g), GinHeuristic(g)], random.Random(3)
    assert str(bots[1].choose(s.view(1), s.legal_actions(), rng)) == "draw"
    actions = 0
    while s.hands_played == 1 and not s.is_over and actions < 200:
        player = s.current_player
        s.apply(bots[player].choose(s.view(player), s.legal_actions(), rng))
        actions += 1
    assert s.hands_played == 2 or s.is_over, "the hand is still going after 200 actions"


def test_heuristic_never_throws_back_the_card_it_took():
    """It takes the upcard only to keep it (a knock discarding it aside): over many hands against `simple`, under
    rules where a taken card may go straight back, no take is followed by the same card's discard."""
    g = game()
    rng = random.Random(4)
    takes = 0
    for seed in range(40):
        s = g.new(seed=seed)
        bots = [GinHeuristic(g), GinSimple(g)]
        while not s.is_over and s.hands_played <= 2:
            player = s.current_player
            v = s.view(player)
            action = bots[player].choose(v, s.legal_actions(), rng)
            if player == 0 and v["taken"] is not None and v["phase"] == "discard":
                takes += 1
                assert str(action) != v["taken"], (seed, v["log"][-3:])
            s.apply(action)
    assert takes > 50


def test_the_expert_searches_the_learned_ranking_s_favourite_discard_and_the_next_moves():
    """At a discard the expert's move to beat is the learned ranking's favourite, then come the knocks (none here)
    and the next discards in the ranking's order (``learned_order``), four in all; elsewhere the heuristic's choice,
    then the rest as the heuristic likes them (``preferred_moves``: knocks first, then discards by its weighing)."""
    from gamenight.bots.search import SearchBot
    from gamenight.core.cards import parse_card
    from gamenight.gin_rummy import ranking
    from gamenight.gin_rummy.bots import EXPERT, learned_order, preferred_moves

    g = gamenight.make("gin_rummy", single_hand=True)
    s = g.new(seed=3)
    s.apply("take")
    view, legal = s.view(s.current_player), s.legal_actions()
    assert len(legal) > 4
    heuristic = GinHeuristic(g)
    choice = heuristic.choose(view, legal, random.Random(0))
    ordered = learned_order(view, legal, choice)
    assert sorted(map(str, ordered)) == sorted(map(str, legal))
    hand = sum(1 << parse_card(c) for c in view["hand"])
    taken = parse_card(view["taken"])
    cards = [a.card for a in legal if a.card != taken]
    ranked = ranking.rank(heuristic, view["knock_limit"], hand, cards, heuristic.context(view, hand))
    assert [a.card for a in ordered[:len(cards)]] == ranked and ordered[-1].card == taken   # never straight back
    estimates = SearchBot(g, EXPERT, iterations=8).evaluate(view, legal, random.Random(0))
    assert {e.action for e in estimates} == set(ordered[:4])
    assert [e.action for e in estimates if e.prior] == [ordered[0]]
    s.apply(str(ordered[0]))
    draw_view, draw_legal = s.view(s.current_player), s.legal_actions()
    assert preferred_moves(draw_view, draw_legal) == draw_legal   # one weighing only at a discard
    draw_choice = heuristic.choose(draw_view, draw_legal, random.Random(0))
    assert learned_order(draw_view, draw_legal, draw_choice)[0] == draw_choice


def test_a_search_led_by_the_coach_s_suggestion_beats_it_against_the_learned_favourites():
    """Where the learned ranking prefers another discard than the heuristic, a search given the heuristic's move as
    its ``lead`` (the coach's) searches it to the end as the move to beat, with the next three of the expert's."""
    from gamenight.bots.search import SearchBot
    from gamenight.gin_rummy.bots import EXPERT, learned_order

    g = gamenight.make("gin_rummy", rules="openspiel")
    heuristic = GinHeuristic(g)
    for seed in range(1, 40):
        s, rng = g.new(seed=seed), random.Random(seed)
        while not s.is_over:
            view, legal = s.view(s.current_player), s.legal_actions()
            choice = heuristic.choose(view, legal, rng)
            ordered = learned_order(view, legal, choice)
            if ordered[0] != choice:
                led = SearchBot(g, EXPERT, iterations=8).evaluate(view, legal, random.Random(0), lead=choice)
                assert [e.action for e in led if e.prior] == [choice]
                assert {e.action for e in led} == {choice, *[a for a in ordered if a != choice][:3]}
                return
            s.apply(choice)
    pytest.fail("the ranking and the heuristic agreed on every discard of 39 hands")


def test_the_rollouts_throw_the_ranking_s_surest_discard_among_the_heuristic_s_three():
    """``rollout_heuristic`` (the rollouts of ``expert_with_ranked_rollouts``, an option: the shipped expert's play
    the heuristic) is the heuristic, but at a discard the learned ranking's favourite among the heuristic's three
    best-weighed discards, where the ranking scores it more than ``RANKING_GATE`` above the heuristic's own; its
    draws, knocks and layouts are the heuristic's."""
    from gamenight.bots.search import SearchBot
    from gamenight.core.cards import parse_card
    from gamenight.gin_rummy import actions as A
    from gamenight.gin_rummy import ranking
    from gamenight.gin_rummy.bots import EXPERT, RANKING_GATE, expert_with_ranked_rollouts, rollout_heuristic

    g = gamenight.make("gin_rummy", rules="openspiel")
    heuristic, rollout = GinHeuristic(g), rollout_heuristic(g)
    ranked = expert_with_ranked_rollouts(200)
    assert SearchBot(g, ranked).policy.ranking_gate == RANKING_GATE and ranked.iterations == 200
    assert SearchBot(g, EXPERT).policy.ranking_gate is None is heuristic.ranking_gate
    late = ranked.policy(g, "late")   # a style of it keeps the gate
    assert (late.ranking_gate, late.hold_stock) == (RANKING_GATE, 2)
    changed = kept_close = 0
    for seed in range(1, 30):
        s, rng = g.new(seed=seed), random.Random(seed)
        while not s.is_over:
            view, legal = s.view(s.current_player), s.legal_actions()
            mine, theirs = rollout.choose(view, legal, rng), heuristic.choose(view, legal, rng)
            if view["phase"] != "discard" or theirs.kind != A.DISCARD:
                assert mine == theirs
            else:
                hand = sum(1 << parse_card(c) for c in view["hand"])
                ctx = heuristic.context(view, hand)
                taken = parse_card(view["taken"]) if view["taken"] else -1
                weighed = sorted((a.card for a in legal if a.kind == A.DISCARD and a.card != taken),
                                 key=lambda c: heuristic.weigh_discard(hand, c, ctx))[:3]
                score = {c: ranking.model().score(ranking.features(heuristic, 10, hand, c, ctx))
                         for c in {*weighed, theirs.card}}
                best = max(weighed, key=score.__getitem__)
                if score[best] > score[theirs.card] + RANKING_GATE:
                    assert mine.card == best != theirs.card
                    changed += 1
                else:
                    assert mine == theirs
                    kept_close += score[best] > score[theirs.card]
            s.apply(theirs)
    assert changed >= 3 and kept_close >= 3
