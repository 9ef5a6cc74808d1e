"""Random-simulation and property checks of the Gin Rummy engine (OpenSpiel style): cards are conserved, a
legal action always exists, hands end, clone / JSON / replay are exact, views leak nothing hidden, a state
sampled from a view agrees with it, and refused actions leave the state unchanged. States are read through their
views and their JSON text (gin_helpers.state_cards), never their fields."""
from __future__ import annotations

import json
import random

import pytest
from gin_helpers import game, hand, state_cards
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight import IllegalAction
from gamenight.core.game import State
from gamenight.gin_rummy.actions import Kind
from gamenight.gin_rummy.melds import BIT, FULL, deadwood

OPTION_SETS = [
    ("openspiel", {}),
    ("seed", {"single_hand": True}),
    ("standard", {"single_hand": True}),
    ("standard", {"single_hand": True, "stock_end": "hoyle"}),
    ("seed", {"single_hand": True, "stock_end": "tournament_50th_card", "big_gin_bonus": 31}),
    ("modern", {"single_hand": True, "oklahoma": True, "oklahoma_spades_double": True}),
    ("seed", {"single_hand": True, "knock_limit": 0}),
    ("classic", {"single_hand": True, "may_discard_taken_discard": True, "knock_limit": 25}),
]
HAND_BOUND = 3000  # no random hand comes near this many actions


def conserved(s) -> None:
    where = state_cards(s)
    parts = list(where["hands"])
    for cards in (where["stock"], where["pile"]):
        m = 0
        for c in cards:
            m |= BIT[c]
        assert m.bit_count() == len(cards)
        parts.append(m)
    parts += where["melds"]
    parts += [BIT[c] for c in where["layoffs"]]
    if where["knock_discard"]:
        parts.append(hand(where["knock_discard"]))
    union = 0
    for m in parts:
        assert not union & m, "a card is in two places"
        union |= m
    assert union == FULL, "a card went missing"
    for p in (0, 1):
        assert where["known"][p] & where["hands"][p] == where["known"][p], "a known card is not in the hand"


def hand_sizes_fit(s) -> None:
    v = s.view(None)
    if v["phase"] in ("upcard", "stock_only", "draw", "wall"):
        assert v["hand_sizes"] == [10, 10]
    elif v["phase"] == "discard":
        assert v["hand_sizes"][v["current"]] == 11 and v["hand_sizes"][1 - v["current"]] == 10


def random_match(g, seed: int, rng: random.Random, heavy_every: int = 0):
    s = g.new(seed=seed)
    steps_in_hand = 0
    hand_no = s.hands_played
    step = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, "no legal action"
        assert [a.id for a in legal] == sorted({a.id for a in legal})
        if heavy_every and step % heavy_every == 0:
            conserved(s)
            hand_sizes_fit(s)
            text = s.to_json()
            assert text == State.to_json(s)
            assert g.state_from_json(text).to_json() == text
            assert s.clone() == s
        s.apply(legal[rng.randrange(len(legal))])
        step += 1
        if s.hands_played != hand_no:
            hand_no, steps_in_hand = s.hands_played, 0
        steps_in_hand += 1
        assert steps_in_hand < HAND_BOUND
    conserved(s)
    return s


@pytest.mark.parametrize("preset,options", OPTION_SETS)
def test_thousands_of_random_hands(preset, options):
    g = game(preset, **options)
    rng = random.Random(hash(preset) % 1000)
    results = {}
    for seed in range(300):
        s = random_match(g, seed, rng, heavy_every=25 if seed < 12 else 0)
        assert s.hands_played == 1 and s.current_player is None and s.legal_actions() == []
        last = s.view(None)["last_hand"]
        results[last["result"]] = results.get(last["result"], 0) + 1
        if last["result"] != "dead":
            if last["scorer"] is None:
                assert s.scores == [0, 0] and s.winners == [0, 1]
            else:
                assert s.scores[last["scorer"]] == last["points"] > 0 and s.winners == [last["scorer"]]
        if seed < 40:
            assert gamenight.replay(s.record()).to_json() == s.to_json()
    assert sum(results.values()) == 300
    assert "dead" in results


def test_whole_matches_add_up():
    for preset in ("japanese", "modern", "palace"):
        g = game(preset)
        rng = random.Random(4)
        s = random_match(g, 17, rng, heavy_every=200)
        rules = g.rules
        v = s.view(None)
        points = [0, 0]
        won = [0, 0]
        for _kind, scorer, p in v["results"]:
            if scorer >= 0:
                points[scorer] += p + (rules.box_bonus if rules.box_credit == "immediate" else 0)
                won[scorer] += 1
        assert v["last_hand"]["match"]["totals_before_bonuses"] == points
        assert v["hands_won"] == won and len(v["results"]) == s.hands_played
        winner = s.winners[0]
        assert points[winner] >= rules.game_target > points[1 - winner]
        assert gamenight.replay(s.record()).to_json() == s.to_json()


# ---- hidden information ------------------------------------------------------------------------------------------
def states_along_random_play(g, seeds, rng, every=3):
    for seed in seeds:
        s = g.new(seed=seed)
        step = 0
        while not s.is_over:
            if step % every == 0:
                yield s
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            step += 1
        yield s


@pytest.mark.slow
def test_views_do_not_depend_on_hidden_cards():
    g = game("standard", single_hand=True, stock_end="tournament_50th_card")
    rng = random.Random(9)
    checked = 0
    for s in states_along_random_play(g, range(60), rng):
        data = json.loads(s.to_json())
        for seat in (0, 1, None):
            view = s.view(seat)
            json.dumps(view)
            # swap a card the seat cannot see (from an opponent's unknown cards, or the knock discard) with a
            # stock card, in the JSON state: nothing in the view may change
            hidden = []
            for p in (0, 1):
                if p != seat:
                    hidden += [("hand", p, c) for c in data["hands"][p] if c not in data["known"][p]]
            if data["knock_discard"] and seat != data["knocker"] and not s.is_over:
                hidden.append(("knock", None, data["knock_discard"]))
            if not hidden or not data["stock"]:
                continue
            changed = json.loads(s.to_json())
            where, p, c = rng.choice(hidden)
            i = rng.randrange(len(changed["stock"]))
            x = changed["stock"][i]
            changed["stock"][i] = c
            if where == "hand":
                changed["hands"][p] = [x if card == c else card for card in changed["hands"][p]]
            else:  # the knock discard: its knock action and log entry name it
                changed["knock_discard"] = x
                changed["history"] = [f"knock {x}" if a == f"knock {c}" else a for a in changed["history"]]
                changed["log"] = [[q, f"knock {x}" if t == f"knock {c}" else t] for q, t in changed["log"]]
            other = g.state_from_json(json.dumps(changed))
            assert other.view(seat) == view, f"seat {seat}'s view changed with a hidden card"
            checked += 1
    assert checked > 500


def test_sampled_states_agree_with_the_view():
    g = game("seed", single_hand=True, big_gin_bonus=31)
    rng = random.Random(21)
    differ = 0
    for s in states_along_random_play(g, range(40), rng, every=4):
        for seat in (0, 1, None):
            view = s.view(seat)
            sampled = g.sample_state(view, random.Random(rng.getrandbits(32)))
            assert sampled.view(seat) == view
            conserved(sampled)
            differ += state_cards(sampled)["hands"] != state_cards(s)["hands"]
            if seat is not None and s.current_player == seat:
                assert [a.id for a in sampled.legal_actions()] == [a.id for a in s.legal_actions()]
            if sampled.current_player is not None:
                sampled.apply(rng.choice(sampled.legal_actions()))
    assert differ > 0


def test_sample_keeps_the_known_cards_of_the_opponent():
    g = game()
    s = g.new(seed=2)
    taker = s.current_player
    s.apply("take")
    s.apply(str([a for a in s.legal_actions() if a.kind == Kind.DISCARD][0]))
    view = s.view(1 - taker)
    known = hand(" ".join(view["known"][taker]))
    assert known
    for i in range(20):
        sampled = g.sample_state(view, random.Random(i))
        assert sampled.view(None)["known"] == view["known"] and state_cards(sampled)["hands"][taker] & known == known


def test_sample_state_rejects_other_views():
    with pytest.raises(ValueError):
        game().sample_state({"game": "yaniv"}, random.Random(1))


# ---- refused actions --------------------------------------------------------------------------------------
def test_refused_actions_leave_the_state_unchanged():
    g = game("seed", single_hand=True)
    rng = random.Random(5)
    for s in states_along_random_play(g, range(15), rng, every=5):
        if s.is_over:
            with pytest.raises(IllegalAction, match="over"):
                s.apply("draw")
            continue
        before = s.to_json()
        legal = {a.id for a in s.legal_actions()}
        for i in rng.sample(range(g.num_distinct_actions), 12):
            if i not in legal:
                with pytest.raises(IllegalAction) as info:
                    s.apply(g.action_from_id(i))
                assert "Legal now" in str(info.value)
                assert s.to_json() == before
        for junk in ("", "knock", "meld 7s", "meld 7s+8h+9d", "layoff 7s", "layoff 7s both", "discard Jk", "Zz",
                     None, 17, "knock Jk", "meld Qs+Ks+As"):
            with pytest.raises(IllegalAction):
                s.apply(junk)
            assert s.to_json() == before


def test_notation_and_ids_round_trip():
    g = game()
    assert g.num_distinct_actions == 542
    for i in range(g.num_distinct_actions):
        a = g.action_from_id(i)
        assert a.id == i and g.parse_action(str(a)) is a and g.action_id(str(a)) == i
        assert g.parse_action(str(a).upper()) is a
    assert str(g.parse_action("discard 10h")) == "Th"
    assert str(g.parse_action("meld 7d 7s 7h")) == "meld 7s+7h+7d"
    assert str(g.parse_action("meld 5♠-6♠-7♠")) == "meld 5s+6s+7s"
    assert str(g.parse_action("big gin")) == "biggin" and str(g.parse_action("stock")) == "draw"
    for bad in (-1, 542, True, "3"):
        with pytest.raises(IllegalAction):
            g.action_from_id(bad)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.lists(st.integers(0, 10 ** 6), min_size=1, max_size=400))
def test_property_any_action_sequence_keeps_the_invariants(seed, picks):
    g = game("standard", single_hand=True, big_gin_bonus=25)
    s = g.new(seed=seed)
    for k in picks:
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[k % len(legal)])
        hand_sizes_fit(s)
    conserved(s)
    text = s.to_json()
    assert g.state_from_json(text).to_json() == text
    assert gamenight.replay(s.record()).to_json() == text
    for seat in (0, 1):
        v = s.view(seat)
        assert v["hand_deadwood"] == deadwood(hand(" ".join(v["hand"])))
