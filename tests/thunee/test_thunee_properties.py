"""Random-simulation and property checks over many cheap Thunee matches (every table size and preset), read through
views and public actions."""
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamenight
from gamenight.thunee.actions import CARD_POINTS, parse_thunee_card
from gamenight.thunee.rules import ThuneeRules
from gamenight.thunee.state import ThuneeGame


def conserved(s) -> bool:
    """Every card is in one place, as the views show them: a seat's own hand (its view), the trick on the table, this
    hand's tricks or (unseen) the stock; each seat's view of its hand agrees with the hand sizes everyone sees."""
    n = s.game.num_players
    table = s.view(None)
    hands = [s.view(p)["hand"] for p in range(n)]
    places = [c for hand in hands for c in hand] + [c for _, c in table["trick"]]
    places += [c for _, cards, _ in table["tricks"] for c in cards]
    return (len(set(places)) == len(places) and len(places) + table["stock_size"] == 24
            and [len(h) for h in hands] == table["hand_sizes"])


_CARD = re.compile(r"\b[J9ATKQ][shdc]\b")


def shown_cards(view) -> set:
    """Every card a view names anywhere (its hand, tricks, log, Jodi, trump card, the last hand ...)."""
    return set(_CARD.findall(json.dumps(view)))


def views_agree_until_seen(game, seed, rng) -> int:
    """Two first hands that differ only in two cards other seats hold or will be dealt give a seat the same view,
    move after move, until the table sees one of the two cards (or the hands part: an action legal in one is not
    in the other, or one hand ends). Returns how many views were compared."""
    n = game.num_players
    deck = [c for c in (r + s for s in "shdc" for r in "J9ATKQ")]
    rng.shuffle(deck)
    per = 24 // n
    hands = [deck[p * per:(p + 1) * per] for p in range(n)]
    seat = rng.randrange(n)
    others = [p for p in range(n) if p != seat]
    a, b, i, j = seat, seat, 0, 0
    while a == b and i == j:  # two places: two other seats, or (2 players) a seat's hand and its second half
        a, b, i, j = rng.choice(others), rng.choice(others), rng.randrange(per), rng.randrange(per)
    swapped = [list(h) for h in hands]
    swapped[a][i], swapped[b][j] = hands[b][j], hands[a][i]
    hidden = {hands[a][i], hands[b][j]}
    dealer = rng.randrange(n)
    one = game.new(seed, deal={"dealer": dealer, "hands": hands})
    other = game.new(seed, deal={"dealer": dealer, "hands": swapped})
    compared = 0
    while not one.is_over:
        view = one.view(seat)
        if hidden & (shown_cards(one.view(None)) | shown_cards(other.view(None))):
            break  # the table sees one of them (seat holds neither, so it sees nothing more than the table)
        assert other.view(seat) == view, "a view depends on another seat's hidden cards"
        compared += 1
        legal = one.legal_actions()
        passes = [x for x in legal if x.text == "pass"]
        action = passes[0] if passes and rng.random() < 0.85 else rng.choice(legal)
        if action not in other.legal_actions():
            break
        one.apply(action)
        other.apply(action)
        if one.hands_played != 1 or other.hands_played != 1:
            break
    return compared


@pytest.mark.parametrize("players,preset", [(n, p) for n in (4, 6, 2) for p in ("standard", "all_calls")])
def test_a_view_never_depends_on_a_card_it_does_not_show(players, preset):
    game = ThuneeGame(players=players, rules=preset)
    rng = random.Random(players)
    compared = sum(views_agree_until_seen(game, seed, rng) for seed in range(40))
    assert compared > 40 * 5


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
            table = s.view(None)
            if table["phase"] in ("play", "jodi"):
                played = {p for p, _ in table["trick"]}
                sizes = table["hand_sizes"]
                assert len({sz + (p in played) for p, sz in enumerate(sizes)}) == 1  # equal hands
            if steps % 11 == 0:
                assert conserved(s)
                text = s.to_json()
                assert game.state_from_json(text).to_json() == text and s.clone() == s
                seat = rng.randrange(players)
                view = s.view(seat)
                assert json.loads(json.dumps(view)) == view
                sampled = game.sample_state(view, rng)
                assert sampled.view(seat) == view and conserved(sampled)
                assert game.state_from_json(text).view(seat) == view
                trumper = s.view(view["trumper"])
                if trumper["trump_card"] is not None and not view["trump_shown"] and view["special"] is None:
                    assert view["trump_card"] is None or seat == view["trumper"]  # T12: face down to the others
                    assert view["trump_status"] in ("face_down", "known")
            # favour passes so that normal play (not only Thunee) is well covered
            passes = [a for a in legal if a.text == "pass"]
            s.apply(passes[0] if passes and rng.random() < 0.85 else rng.choice(legal))
            steps += 1
            assert steps < 20_000
        assert s.winners and max(s.view(None)["balls"]) >= game.rules.balls_to_win
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
            before = s.hands_played
            s.apply(passes[0] if passes and rng.random() < 0.9 else rng.choice(legal))
            if s.hands_played != before or s.is_over:
                hands += 1
                last = s.view(None)["last_hand"]
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
        while not s.is_over and s.hands_played < 4:
            legal = s.legal_actions()
            passes = [a for a in legal if a.text == "pass"]
            jodis = [a for a in legal if a.text.startswith("jodi")]
            s.apply(jodis[-1] if jodis else passes[0] if passes and rng.random() < 0.9 else rng.choice(legal))
            table = s.view(None)
            if table["phase"] == "play" and table["tricks_done"] >= 1:
                seat = rng.randrange(4)
                t = game.sample_state(s.view(seat), rng)
                held = [set(s.view(p)["hand"]) for p in range(4)]
                sampled = [set(t.view(p)["hand"]) for p in range(4)]
                for p in range(4):
                    if p != seat:
                        assert not any(c[1] in table["voids"][p] for c in sampled[p])  # no card of a shown void
                for p, texts, _ in table["jodi_declared"]:
                    assert held[p] & set(texts) <= sampled[p]  # declared Jodi cards stay with their declarer
                trumper = table["trumper"]
                trump_card = s.view(trumper)["trump_card"]
                if trump_card in held[trumper]:
                    assert trump_card in sampled[trumper]
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("players,matches", [pytest.param(4, 1200, marks=pytest.mark.slow), (6, 500), (2, 500)])
def test_thousands_of_random_matches_stay_sound(players, matches):
    """Cheap checks on every step of many uniformly random matches: a legal action for the seat to move, cards
    conserved, a bounded length, one team scoring per hand; every 50th match replays exactly."""
    game = ThuneeGame(players=players, rules="all_calls" if players != 4 else "standard")
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
        assert max(s.view(None)["balls"]) >= game.rules.balls_to_win and s.winners
        if seed % 50 == 0:
            assert gamenight.replay(s.record()).to_json() == s.to_json()


@pytest.mark.parametrize("players", [4, 6, 2])
def test_t25_t26_t27_every_scored_hand_agrees_with_its_tricks(players):
    """An independent recount of each hand from its public trick log, Jodi log and call (T18, T25-T27, T32-T34)."""
    game = ThuneeGame(players=players)
    bots = [gamenight.make_bot("heuristic", game) for _ in range(players)]
    rand = gamenight.make_bot("random", game)
    rng = random.Random(players)
    checked = 0
    for seed in range(25 if players == 4 else 20):
        s = game.new(seed=seed)
        while not s.is_over:
            seat = s.current_player
            before = s.view(None)
            bot = bots[seat] if rng.random() < 0.8 else rand
            s.apply(bot.choose(s.view(seat), s.legal_actions(), rng))
            if s.hands_played == before["hand_number"] and not s.is_over:
                continue
            last = s.view(None)["last_hand"]
            if last["result"] != "scored":
                continue
            points = [0, 0]
            for _, cards, winner in before["tricks"]:
                points[winner % 2] += sum(CARD_POINTS[parse_thunee_card(c)] for c in cards)
            final_cards = [c for _, c in before["trick"]] + [str(s.history[-1]).split()[-1]]
            last_team = last["last_trick_winner"] % 2
            points[last_team] += sum(CARD_POINTS[parse_thunee_card(c)] for c in final_cards)
            assert points == last["card_points"]
            bid = last["bid"]
            if last["special"] is None and last["final_call"] is None:
                counting = 1 - last["trumper"] % 2
                assert len(before["tricks"]) + 1 == game.tricks_per_hand and sum(points) == 304
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
            for p, _, value in before["jodi_declared"]:
                jodi[p % 2] += value
            assert jodi == last["jodi"]
    assert checked >= 10
