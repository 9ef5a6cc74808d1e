"""Random-simulation and property checks over many cheap Thunee matches (every table size and preset)."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight.core.bits import cards_of
from gamenight.thunee.rules import ThuneeRules
from gamenight.thunee.state import JODI_PHASE, PLAYING, ThuneeGame


def conserved(s) -> bool:
    """Every card is in exactly one place: a hand, the stock, the trick on the table or a trick won."""
    seen = 0
    count = 0
    for h in s.hands:
        seen |= h
        count += bin(h).count("1")
    for c in s.stock:
        seen |= 1 << c
    count += len(s.stock)
    played = [c for _, c in s.trick]
    played += [c for t in s.tricks for c in _parse(t[1])]
    if s.game.num_players == 2 and s.tricks_done >= 6:
        played = played  # the first half's tricks are all in s.tricks
    for c in played:
        seen |= 1 << c
    count += len(played)
    return seen == (1 << 24) - 1 and count == 24


def _parse(texts):
    from gamenight.thunee.actions import parse_thunee_card
    return [parse_thunee_card(t) for t in texts]


def leaky_swap(s, seat, rng):
    """Swap a hidden card of one other seat with one of another; ``seat``'s view must not change."""
    others = [p for p in range(s.game.num_players) if p != seat and s.hands[p]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    shown = set()
    if s.trump_card >= 0:
        shown.add(s.trump_card)
    for _, texts, _ in s.jodi_log:
        shown.update(_parse(texts))
    ca = [c for c in cards_of(s.hands[a]) if c not in shown and not (s.voids[b] >> (c // 6)) & 1]
    cb = [c for c in cards_of(s.hands[b]) if c not in shown and not (s.voids[a] >> (c // 6)) & 1]
    if not ca or not cb:
        return None
    x, y = rng.choice(ca), rng.choice(cb)
    t = s.clone()
    t.hands[a] ^= (1 << x) | (1 << y)
    t.hands[b] ^= (1 << x) | (1 << y)
    return t


@pytest.mark.parametrize("players,preset", [(n, p) for n in (4, 6, 2) for p in ThuneeRules.PRESETS])
def test_random_matches_keep_every_promise(players, preset):
    game = ThuneeGame(players=players, rules=preset)
    rng = random.Random(players * 100 + len(preset))
    matches = 12 if players == 4 else 6
    for seed in range(matches):
        s = game.new(seed=seed)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            assert legal and s.current_player is not None
            assert conserved(s)
            if s.phase in (PLAYING, JODI_PHASE):
                sizes = [bin(h).count("1") for h in s.hands]
                played = {p for p, _ in s.trick}
                assert len({sz + (p in played) for p, sz in enumerate(sizes)}) == 1  # equal hands
            if steps % 11 == 0:
                text = s.to_json()
                assert game.state_from_json(text).to_json() == text and s.clone() == s
                seat = rng.randrange(players)
                view = s.view(seat)
                assert json.loads(json.dumps(view)) == view
                sampled = game.sample_state(view, rng)
                assert sampled.view(seat) == view and conserved(sampled)
                swapped = leaky_swap(s, seat, rng)
                if swapped is not None:
                    assert swapped.view(seat) == view, "a view depends on another seat's hidden cards"
                if s.phase in (PLAYING, JODI_PHASE) and s.trump_card >= 0 and not s.trump_shown:
                    assert view.get("trump_card") is None or seat == s.trumper
            # favour passes so that normal play (not only Thunee) is well covered
            passes = [a for a in legal if a.text == "pass"]
            s.apply(passes[0] if passes and rng.random() < 0.85 else rng.choice(legal))
            steps += 1
            assert steps < 20_000
        assert s.winners and max(s.balls) >= game.rules.balls_to_win
        assert gamenight.replay(s.record()).to_json() == s.to_json()


def test_thousands_of_random_hands_end_and_score():
    game = ThuneeGame(players=4)
    rng = random.Random(5)
    hands = 0
    scored = 0
    for seed in range(300):
        s = game.new(seed=seed)
        while not s.is_over:
            legal = s.legal_actions()
            passes = [a for a in legal if a.text == "pass"]
            before = s.hand_no
            s.apply(passes[0] if passes and rng.random() < 0.9 else rng.choice(legal))
            if s.hand_no != before or s.is_over:
                hands += 1
                last = s.last_hand
                if last["result"] == "scored":
                    scored += 1
                    assert sum(last["balls"]) > 0 and min(last["balls"]) == 0  # one team scores each hand
                    if last["special"] is None and last["final_call"] is None:
                        assert sum(last["card_points"]) == 304
    assert hands > 1000 and scored > 500


def test_illegal_and_malformed_actions_leave_the_state_unchanged():
    game = ThuneeGame(players=4)
    rng = random.Random(2)
    s = game.new(seed=3)
    for _ in range(120):
        if s.is_over:
            break
        before = s.to_json()
        legal = set(s.legal_actions())
        for bad in ("", "call 15", "trump Xx", "jodi KQz", "7s", "kanak", "double", "Jk", 12, None):
            with pytest.raises(gamenight.IllegalAction):
                s.apply(bad)
        for a in game.table.actions[:: 7]:
            if a not in legal:
                with pytest.raises(gamenight.IllegalAction):
                    s.apply(a)
        assert s.to_json() == before
        s.apply(rng.choice(list(legal)))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 4, 6]), picks=st.lists(st.integers(0, 999), max_size=80))
def test_property_any_action_sequence_keeps_the_contract(seed, players, picks):
    game = ThuneeGame(players=players, rules="all_calls")
    s = game.new(seed=seed)
    for p in picks:
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[p % len(legal)])
        assert conserved(s)
    text = s.to_json()
    assert game.state_from_json(text).to_json() == text
    assert gamenight.replay(s.record()).to_json() == text
    seat = seed % players
    view = s.view(seat)
    if not s.is_over:
        sampled = game.sample_state(view, random.Random(seed))
        assert sampled.view(seat) == view
        assert conserved(sampled)


def test_sample_state_respects_voids_jodi_and_the_trump_card():
    game = ThuneeGame(players=4)
    rng = random.Random(9)
    checked = 0
    for seed in range(40):
        s = game.new(seed=seed)
        while not s.is_over and s.hand_no < 4:
            legal = s.legal_actions()
            passes = [a for a in legal if a.text == "pass"]
            jodis = [a for a in legal if a.text.startswith("jodi")]
            s.apply(jodis[-1] if jodis else passes[0] if passes and rng.random() < 0.9 else rng.choice(legal))
            if s.phase == PLAYING and s.tricks_done >= 1:
                seat = rng.randrange(4)
                t = game.sample_state(s.view(seat), rng)
                for p in range(4):
                    if p != seat:
                        for suit in range(4):
                            if (s.voids[p] >> suit) & 1:
                                assert not t.hands[p] & (0b111111 << (6 * suit))
                for p, texts, _ in s.jodi_log:
                    for c in _parse(texts):
                        if (s.hands[p] >> c) & 1:
                            assert (t.hands[p] >> c) & 1
                if s.trump_card >= 0 and (s.hands[s.trumper] >> s.trump_card) & 1:
                    assert (t.hands[s.trumper] >> s.trump_card) & 1
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("players,matches", [(4, 1200), (6, 500), (2, 500)])
def test_thousands_of_random_matches_stay_sound(players, matches):
    """Cheap checks on every step of many uniformly random matches: a legal action for the seat to move, cards
    conserved, a bounded length, one team scoring per hand; every 50th match replays exactly."""
    game = ThuneeGame(players=players, rules="all_calls" if players != 4 else "seed002")
    rng = random.Random(players)
    for seed in range(matches):
        s = game.new(seed=seed)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            assert legal
            s.apply(legal[rng.randrange(len(legal))])
            steps += 1
            assert steps < 5000
            if steps % 5 == 0:
                assert conserved(s)
        assert max(s.balls) >= game.rules.balls_to_win and s.winners
        if seed % 50 == 0:
            assert gamenight.replay(s.record()).to_json() == s.to_json()


@pytest.mark.parametrize("players", [4, 6, 2])
def test_t25_t26_t27_every_scored_hand_agrees_with_its_tricks(players):
    """An independent recount of each hand from its public trick log, Jodi log and call (T18, T25-T27, T32-T34)."""
    from gamenight.thunee.actions import CARD_POINTS
    game = ThuneeGame(players=players)
    bots = [gamenight.make_bot("heuristic", game) for _ in range(players)]
    rand = gamenight.make_bot("random", game)
    rng = random.Random(players)
    checked = 0
    for seed in range(25 if players == 4 else 20):
        s = game.new(seed=seed)
        while not s.is_over:
            seat = s.current_player
            before = s.clone()
            bot = bots[seat] if rng.random() < 0.8 else rand
            s.apply(bot.choose(s.view(seat), s.legal_actions(), rng))
            if s.hand_no == before.hand_no and not s.is_over:
                continue
            last = s.last_hand
            if last["result"] != "scored":
                continue
            points = [0, 0]
            for t in before.tricks:
                points[t[2] % 2] += sum(CARD_POINTS[c] for c in _parse(t[1]))
            final_cards = [c for _, c in before.trick] + [s.history[-1].card]
            last_team = last["last_trick_winner"] % 2
            points[last_team] += sum(CARD_POINTS[c] for c in final_cards)
            assert points == last["card_points"]
            bid = last["bid"]
            if last["special"] is None and last["final_call"] is None:
                counting = 1 - last["trumper"] % 2
                assert len(before.tricks) + 1 == game.tricks_per_hand and sum(points) == 304
                adj = 10 if last_team == counting else -10
                total = points[counting] + adj + bid + last["jodi"][counting] - last["jodi"][1 - counting]
                assert total == last["counting_total"]
                target = 125 if players == 2 else 105
                expect = [0, 0]
                if total >= target:
                    expect[counting] = 2 if bid else 1
                else:
                    expect[1 - counting] = 1
                assert last["balls"] == expect
                checked += 1
            jodi = [0, 0]
            for p, _, value in before.jodi_log:
                jodi[p % 2] += value
            assert jodi == last["jodi"]
    assert checked >= 10
