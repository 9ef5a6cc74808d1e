"""Random-simulation checks over thousands of Yaniv matches (2-8 players, one and two packs, several option
sets): invariants after every action (from the public view), every round's scoring recomputed independently from
the revealed hands, heavier checks (every view, JSON, clone, sampling, replay) on a sample of steps."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from yaniv_helpers import check_invariants

import gamenight
from gamenight.yaniv.actions import CALL

MAX_ROUND_ACTIONS = 5_000  # far above any random round; a round that never ends fails here
HEAVY_EVERY = 97


def card_value(card: str, rules) -> int:
    """Y3, written out again for the oracle below: A = 1, 2-10 face value, J Q K = 10, joker 0 (K♥ 0 under
    king_of_hearts_zero)."""
    if card == "Jk" or (card == "Kh" and rules.king_of_hearts_zero):
        return 0
    return min("A23456789TJQK".index(card[0]) + 1, 10)


def expected_round_end(rules, before_totals, before_active, summary, n):
    """Y16-Y20 (and the A2/A4 options) recomputed from the revealed hands: (points, totals, eliminated,
    winners or None, the seats still in and the next starter or None). This recomputes the rules on purpose:
    an independent second implementation is what checks the engine's scoring here."""
    seats = [p for p in range(n) if before_active[p]]
    assert sorted(int(p) for p in summary["hands"]) == seats
    hand = {p: sum(card_value(c, rules) for c in summary["hands"][str(p)]) for p in seats}
    assert {int(p): v for p, v in summary["hand_totals"].items()} == hand
    caller = summary["caller"]
    c = hand[caller]
    assert rules.yaniv_limit is None or c <= rules.yaniv_limit, "a call above the limit was allowed"
    asaf = [p for p in seats if p != caller and hand[p] <= c]
    points = dict(hand)
    if not asaf:
        points[caller] = 0
    else:
        points[caller] = c + rules.asaf_penalty * (len(asaf) if rules.asaf_per_player else 1)
        if rules.asaf_winner_scores_zero:
            low = min(hand[p] for p in asaf)
            for p in asaf:
                if hand[p] == low:
                    points[p] = 0
    after_caller = [(caller + i) % n for i in range(1, n + 1) if before_active[(caller + i) % n]]
    if rules.single_round:
        totals = [points.get(p, 0) for p in range(n)]
        if not asaf:
            winners = [caller]
        else:
            low = min(hand[p] for p in seats if p != caller)
            winners = sorted(p for p in seats if p != caller and hand[p] == low)
        return points, totals, [], winners, None, None
    halving = dict(rules.halving_at)
    totals = list(before_totals)
    for p in seats:
        totals[p] += points[p]
        if totals[p] in halving and (points[p] > 0 or not rules.halve_only_on_change):
            totals[p] = halving[totals[p]]
    out = [p for p in seats if totals[p] > rules.elimination_limit]
    if out and rules.end_on_first_elimination:
        low = min(totals[p] for p in seats)
        return points, totals, out, sorted(p for p in seats if totals[p] == low), None, None
    remaining = [p for p in seats if p not in out]
    if len(remaining) == 1:
        return points, totals, out, remaining, None, None
    if not remaining:
        low = min(totals[p] for p in out)
        remaining = [p for p in out if totals[p] == low]
        if len(remaining) == 1:
            return points, totals, out, remaining, None, None
        out = [p for p in out if p not in remaining]
    order = [p for p in after_caller if p in remaining]
    if rules.next_round_starter == "lowest_hand":
        starter = min(order, key=lambda p: hand[p])
    elif rules.next_round_starter == "lowest_total":
        starter = min(order, key=lambda p: totals[p])
    else:
        starter = None  # rotate: checked against the dealer below
    return points, totals, out, None, remaining, starter


def fast_invariants(seen, deck_size, hand_size, legal) -> None:
    """Cheap checks from the spectators' view: every card is in a hand, the pile or the stock; no hand too big;
    legal actions sorted and unique; the seat to move still in."""
    assert sum(seen["hand_sizes"]) + sum(len(g) for g in seen["discard_pile"]) + seen["stock_size"] == deck_size, \
        "cards not conserved"
    for p, size in enumerate(seen["hand_sizes"]):
        assert size <= hand_size
        assert len(seen["known"][p]) <= size, "more known cards than cards held"
    assert legal, "no legal action for the player to move"
    ids = [a.id for a in legal]
    assert all(a < b for a, b in zip(ids, ids[1:])), "legal actions not sorted by id / not unique"
    assert seen["active"][seen["current_player"]]


def run_matches(players, options, matches, seed, heavy=True, replay_every=10):
    game = gamenight.make("yaniv", players=players, **options)
    rules = game.rules
    deck_size = len(game.deck())
    rng = random.Random(seed)
    stats = Counter()
    for m in range(matches):
        state = game.new(seed=seed * 10_000 + m)
        check_invariants(state, heavy=True)
        round_actions = 0
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            before = state.view(None)
            fast_invariants(before, deck_size, rules.hand_size, legal)
            if heavy and step % HEAVY_EVERY == 0:
                heavy_checks(game, state, rng)
                stats["heavy"] += 1
            action = rng.choice(legal)
            state.apply(action)
            step += 1
            round_actions += 1
            assert round_actions < MAX_ROUND_ACTIONS, "a round did not end"
            if action.kind == CALL:  # the round is scored
                round_actions = 0
                stats["rounds"] += 1
                stats["successful calls"] += state.view(None)["last_round"]["success"]
                check_round_end(state, rules, game, before)
        check_invariants(state)
        stats["actions"] += len(state.history)
        stats["matches"] += 1
        stats[f"winners={len(state.winners)}"] += 1
        if heavy and m % replay_every == 0:
            assert gamenight.replay(state.record()).to_json() == state.to_json()
    return stats


def check_round_end(state, rules, game, before):
    """The round just called, checked against the rules recomputed from the public view before the call and
    the revealed hands."""
    n = game.num_players
    seen = state.view(None)
    summary = seen["last_round"]
    assert summary["round"] == before["hand_number"]
    points, totals, out, winners, remaining, starter = expected_round_end(
        rules, before["scores"], before["active"], summary, n)
    assert {int(p): v for p, v in summary["points"].items()} == points
    assert state.scores == totals, (state.scores, totals)
    if winners is not None:
        assert state.is_over and state.winners == winners
        return
    assert not state.is_over and seen["hand_number"] == before["hand_number"] + 1
    assert sorted(summary["eliminated"]) == sorted(out)
    assert [p for p in range(n) if seen["active"][p]] == sorted(remaining)
    if starter is None:  # rotate: the seat after the one who started the round just ended (its first mover)
        started = before["log"][0][0] if before["log"] else before["current_player"]
        starter = next((started + i) % n for i in range(1, n + 1) if seen["active"][(started + i) % n])
    assert state.current_player == starter and seen["dealer"] == starter  # Y8: the starter deals
    assert seen["phase"] == "turn" and len(seen["discard_pile"]) == 1 and len(seen["discard_pile"][0]) == 1
    for p in range(n):
        assert seen["hand_sizes"][p] == (rules.hand_size if seen["active"][p] else 0)
        assert seen["known"][p] == []


def heavy_checks(game, state, rng):
    check_invariants(state, heavy=True)
    assert game.state_from_json(state.to_json()) == state
    seat = rng.randrange(game.num_players)
    view = state.view(seat)
    sampled = game.sample_state(view, random.Random(rng.random()))
    assert sampled.view(seat) == view
    check_invariants(sampled)


# Bulk counts: single rounds (cheap), every table size, one and two packs, several option sets.
OPTION_SETS = {
    "default": {},
    "runs-only-pick-any": {"jokers_in_sets": False, "set_pick_any": True},
    "slap-swap": {"slapdown": True, "joker_swap": True},
    "seven-cards-unlimited": {"hand_size": 7, "yaniv_limit": None, "king_of_hearts_zero": True},
    "asaf-variants": {"yaniv_limit": 7, "asaf_per_player": True, "asaf_winner_scores_zero": True,
                      "asaf_penalty": 20},
}


@pytest.mark.parametrize("packs", [1, 2])
@pytest.mark.parametrize("option_set", sorted(OPTION_SETS))
def test_single_round_matches(option_set, packs):
    options = dict(OPTION_SETS[option_set], single_round=True, double_deck_from_players=2 if packs == 2 else 9)
    total = Counter()
    for players in range(2, 9):
        if packs == 1 and options.get("hand_size", 5) * players + 1 > 54:
            continue
        stats = run_matches(players, options, matches=20, seed=players * 7 + packs, heavy=players % 2 == 0)
        total.update(stats)
    assert total["matches"] >= 120 and total["rounds"] == total["matches"]
    assert total["successful calls"] > 0 and total["successful calls"] < total["rounds"]


MULTI_ROUND = {
    "french-short": {"elimination_limit": 40, "halving_at": "20:10,40:20"},
    "japanese-short-slap": {"rules": "japanese", "elimination_limit": 30, "slapdown": True, "yaniv_limit": 9},
    "first-elimination-lowest-total": {"elimination_limit": 50, "end_on_first_elimination": True,
                                       "next_round_starter": "lowest_total", "halve_only_on_change": True},
    "rotate-left-of-dealer": {"elimination_limit": 35, "next_round_starter": "rotate", "halving_at": "none",
                              "first_round_starter": "left_of_dealer", "joker_swap": True},
    "unlimited-calls": {"yaniv_limit": None, "elimination_limit": 60, "asaf_per_player": True},
}


@pytest.mark.parametrize("variant", sorted(MULTI_ROUND))
def test_multi_round_matches(variant):
    options = dict(MULTI_ROUND[variant])
    preset = options.pop("rules", None)
    total = Counter()
    for players in range(2, 9):
        game_options = dict(options, rules=preset) if preset else options
        stats = run_matches(players, game_options, matches=8, seed=players + 100, heavy=players in (3, 6))
        total.update(stats)
    assert total["matches"] == 56 and total["rounds"] > total["matches"]


def test_full_default_matches():
    """A few whole matches under the default rules (out above 200, halving at 100 and 200)."""
    total = Counter()
    for players in (2, 5, 8):
        total.update(run_matches(players, {}, matches=1, seed=players + 500, heavy=True, replay_every=1))
    assert total["matches"] == 3 and total["rounds"] > 10
