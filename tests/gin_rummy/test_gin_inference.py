"""The Gin expert's inference (gin_rummy.inference): a refined world still shows the seat its view, moves only the
cards the view does not place, is the same for the same rng, and gives the opponent a built hand."""
import random

import pytest

import gamenight
from gamenight.gin_rummy import bots as gin_bots
from gamenight.gin_rummy import inference
from gamenight.gin_rummy.melds import VALUES, deadwood

GAME = gamenight.make("gin_rummy")


def positions(seed, phases=inference.PHASES):
    """(state, seat) at every decision of a heuristic match in ``phases``."""
    bot = gamenight.make_bot("heuristic", GAME)
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        if view["phase"] in phases:
            yield state.clone(), seat
        state.apply(bot.choose(view, state.legal_actions(), rng))


def hidden_cards(world, seat):
    """The cards the seat does not see: the opponent's and the stock's."""
    return world.hands[1 - seat] | sum(1 << c for c in world.stock)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_refined_world_shows_the_seat_its_view_and_moves_only_hidden_cards(seed):
    rng = random.Random(seed)
    for state, seat in positions(seed, phases=("upcard", "draw", "discard", "wall", "layout", "defend")):
        view = state.view(seat)
        world = GAME.sample_state(view, rng)
        before = (hidden_cards(world, seat), world.hands[seat], len(world.stock), world.known)
        refined = inference.refine(view, world, rng)
        assert refined.view(seat) == view
        assert (hidden_cards(refined, seat), refined.hands[seat], len(refined.stock), refined.known) == before
        assert refined.hands[1 - seat] & refined.known[1 - seat] == refined.known[1 - seat]


def test_refining_is_the_same_for_the_same_rng():
    state, seat = next(p for i, p in enumerate(positions(3)) if i == 20)
    view = state.view(seat)
    worlds = [inference.refine(view, GAME.sample_state(view, random.Random(7)), random.Random(8)) for _ in range(2)]
    assert worlds[0].hands == worlds[1].hands and worlds[0].stock == worlds[1].stock


def test_the_opponent_gets_a_built_hand_mid_hand():
    rng = random.Random(4)
    found = [(s, seat) for s, seat in positions(4) if 8 <= len(s.stock) < 24]
    assert found
    uniform = refined = 0
    for state, seat in found:
        view = state.view(seat)
        world = GAME.sample_state(view, rng)
        uniform += deadwood(world.hands[1 - seat])
        refined += deadwood(inference.refine(view, world, rng).hands[1 - seat])
    assert refined < 0.6 * uniform


def test_nothing_moves_once_a_knock_shows_the_hands_or_for_a_spectator():
    rng = random.Random(5)
    state, seat = next(positions(5, phases=("layout", "defend")))
    view = state.view(seat)
    world = GAME.sample_state(view, rng)
    hands, stock = list(world.hands), list(world.stock)
    assert inference.refine(view, world, rng).hands == hands and world.stock == stock
    spectator = state.view(None)
    world = GAME.sample_state(spectator, rng)
    hands = list(world.hands)
    assert inference.refine(spectator, world, rng).hands == hands


def test_the_search_bots_refine_their_worlds():
    for name in ("expert", "strong"):
        assert gamenight.make_bot(name, GAME).settings.refine is gin_bots.refine


# ---- the opponent threw instead of knocking ---------------------------------------------------------------------
ONE_HAND = gamenight.make("gin_rummy", rules="openspiel")   # one hand a match: the heuristic knocks when it may


def knock_timing(game):
    return gamenight.make_bot("heuristic", game).knocks


@pytest.mark.parametrize("game", [GAME, ONE_HAND], ids=["match", "one hand"])
def test_the_opponent_s_real_hand_is_never_one_it_would_have_knocked_with(game):
    """The heuristic playing itself: at every decision its opponent's real hand passes ``Unknocked`` with the
    heuristic's own knock timing (the model refuses no hand a player of that timing holds)."""
    bot, knocks = gamenight.make_bot("heuristic", game), knock_timing(game)
    read = 0
    for seed in range(12):
        state, rng = game.new(seed=seed), random.Random(seed)
        while state.view(state.current_player)["phase"] in inference.PHASES + ("wall",):
            seat = state.current_player
            view = state.view(seat)
            if view["phase"] != "wall":
                unknocked = inference.Unknocked(view, knocks, game.rules.may_discard_taken_discard)
                read += unknocked.thrown >= 0
                assert unknocked(state.hands[1 - seat]) == 1.0, (seed, view["log"])
            state.apply(bot.choose(view, state.legal_actions(), rng))
    assert read > 40


def test_a_refined_opponent_never_holds_a_hand_it_would_have_knocked_with():
    """One hand a match, where the heuristic knocks as soon as it may: the walk without the knock timing gives the
    opponent a hand it would have knocked with in some worlds, the expert's walk (``bots.refine``) in none."""
    rng = random.Random(14)
    knocks = knock_timing(ONE_HAND)
    knockable = {"without": 0, "with": 0}
    for seed in range(14, 24):
        state, bot = ONE_HAND.new(seed=seed), gamenight.make_bot("heuristic", ONE_HAND)
        while state.view(state.current_player)["phase"] in inference.PHASES + ("wall",):
            seat = state.current_player
            view = state.view(seat)
            if view["phase"] != "wall":
                unknocked = inference.Unknocked(view, knocks)
                world = ONE_HAND.sample_state(view, rng)
                for walk, name in ((inference.refine, "without"), (gin_bots.refine, "with")):
                    knockable[name] += unknocked(walk(view, world.clone(), rng).hands[1 - seat]) == 0.0
            state.apply(bot.choose(view, state.legal_actions(), rng))
    assert knockable["without"] >= 5 and knockable["with"] == 0, knockable


def opponent_threw(log, stock_size=20, knock_limit=9):
    return {"seat": 0, "stock_size": stock_size, "knock_limit": knock_limit, "first_upcard": "5d", "log": log}


def test_unknocked_reads_the_stock_when_the_opponent_threw_and_the_upcard_it_may_not_throw_back():
    """Seat 0's view, a knock limit of 9. The opponent (1) took our Kc and threw the Qh: from its hand and the Qh,
    its only knock would throw the Kc back (9 left), which the rules forbid. Our draw since then took a card from
    the stock, so it threw with one card more in the stock than we see."""
    held = hand_of("Ah", "2h", "3h", "5c", "6c", "7c", "Qd", "Qs", "9d", "Kc")
    timing = []
    log = [[0, "draw"], [0, "Kc"], [1, "take"], [1, "Qh"], [0, "draw"]]
    unknocked = inference.Unknocked(opponent_threw(log), lambda left, stock, limit: not timing.append(stock))
    assert unknocked.thrown == card("Qh") and unknocked.taken == card("Kc")
    assert unknocked(held) == 1.0 and timing == []            # no knock to make: the timing is not asked
    allowed = inference.Unknocked(opponent_threw(log), lambda left, stock, limit: not timing.append(stock), True)
    assert allowed(held) == 0.0 and timing == [21]            # where the rules allow it: a knock, at 21 cards
    assert allowed(held ^ hand_of("2h") | hand_of("Js")) == 1.0
    before_any_throw = inference.Unknocked(opponent_threw([[0, "pass"], [1, "pass"]]), lambda *a: True)
    assert before_any_throw(hand_of("Ah", "2h", "3h", "5c", "6c", "7c", "Qd", "Qs", "Qh", "Ac")) == 1.0
    assert inference.Unknocked(opponent_threw(log), None)(held) == 1.0


def test_bands():
    assert [inference.stock_band(n) for n in (31, 24, 23, 16, 15, 8, 7, 0)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [inference.deadwood_band(p) for p in (0, 9, 10, 69, 70, 98)] == [0, 0, 1, 6, 7, 7]


# ---- what the opponent has shown of its hand ------------------------------------------------------------------
def card(text):
    return gamenight.core.cards.parse_card(text)


def hand_of(*texts):
    return sum(1 << card(t) for t in texts)


def test_a_card_fits_a_hand_holding_two_cards_that_make_a_meld_with_it():
    assert inference.fits(card("7h"), hand_of("7s", "7d"))
    assert inference.fits(card("7h"), hand_of("8h", "9h")) and inference.fits(card("7h"), hand_of("6h", "8h"))
    assert inference.fits(card("7h"), hand_of("5h", "6h", "Kc"))
    assert not inference.fits(card("7h"), hand_of("7s", "8h", "9s", "6d"))
    assert not inference.fits(card("Ah"), hand_of("Kh", "Qh"))        # aces are low: no run K-A
    assert all(len(pairs) <= 6 for pairs in inference.PARTNERS)


def test_the_shown_choices_are_read_from_the_public_log():
    view = {"seat": 0, "first_upcard": "7s", "log": [
        [0, "pass"], [1, "take"], [1, "6c"], [0, "draw"], [0, "Qs"], [1, "take"], [1, "Th"], [0, "draw"], [0, "Kh"],
        [1, "draw"], [1, "Td"], [0, "draw"], [0, "9h"], [1, "draw"]]}
    left, thrown = inference.LEFT, inference.THROWN
    # seat 1 took the first upcard and Qs, threw 6c, Th and Td, and left Kh and 9h on the pile for the stock
    assert inference.shown_choices(view) == [(card("6c"), thrown, 3), (card("Th"), thrown, 2), (card("Kh"), left, 2),
                                             (card("Td"), thrown, 1), (card("9h"), left, 1)]
    # seat 0 passed the first upcard, then drew three times over a discard, and threw Qs, Kh and 9h
    assert inference.shown_choices({**view, "seat": 1}) == [
        (card("7s"), left, 3), (card("6c"), left, 3), (card("Qs"), thrown, 2), (card("Th"), left, 2),
        (card("Kh"), thrown, 1), (card("Td"), left, 1), (card("9h"), thrown, 0)]


def test_the_first_upcard_passed_and_then_drawn_over_is_one_choice():
    view = {"seat": 0, "first_upcard": "7s", "log": [[1, "pass"], [0, "pass"], [1, "draw"], [1, "Kd"], [0, "draw"]]}
    assert inference.shown_choices(view) == [(card("7s"), inference.LEFT, 1), (card("Kd"), inference.THROWN, 0)]


def test_the_walks_weight_of_the_shown_choices_is_kept_right_swap_after_swap():
    rng = random.Random(6)
    state, seat = next(p for i, p in enumerate(positions(6)) if i == 24)
    view = state.view(seat)
    shown = inference.shown_choices(view)
    assert len(shown) >= 5
    hand = state.hands[1 - seat]
    weighed = inference._Shown(view, hand)   # noqa: SLF001 (the walk's own bookkeeping, checked against its sum)
    free = [c for c in range(52) if not hand & (1 << c)]
    for _ in range(300):
        out = rng.choice([c for c in range(52) if hand & (1 << c)])
        into = rng.choice(free)
        new = hand ^ (1 << out) ^ (1 << into)
        weight, changed = weighed.swapped(new, out, into)
        direct = 1.0
        for c, kind, draws in shown:
            if inference.fits(c, new):
                direct *= inference.CHOICE_WEIGHTS[kind][inference.draws_band(draws)]
        assert weight == pytest.approx(direct)
        if rng.random() < 0.5:
            weighed.accept(weight, changed)
            free[free.index(into)] = out
            hand = new


def test_a_refined_opponent_rarely_holds_a_meld_for_a_card_it_just_threw_away():
    rng = random.Random(7)
    counts = {True: 0, False: 0}
    for state, seat in (p for seed in (7, 8, 9, 10) for p in positions(seed, phases=("draw",))):
        view = state.view(seat)
        recent = [c for c, kind, draws in inference.shown_choices(view) if draws == 0]
        for _ in range(4):
            world = GAME.sample_state(view, rng)
            for choices in (True, False):
                hand = inference.refine(view, world.clone(), rng, choices=choices).hands[1 - seat]
                counts[choices] += sum(inference.fits(c, hand) for c in recent)
    assert counts[False] > 80 and counts[True] < 0.6 * counts[False]


def test_a_loose_card_has_no_card_of_its_rank_or_of_its_suit_within_two():
    hand = hand_of("Kh", "9h", "9s", "2c", "4c")
    assert inference.loose_card(hand_of("Kh"), hand)
    assert not inference.loose_card(hand_of("9h", "2c", "4c"), hand)
    assert inference.loose_card(hand & inference.ABOVE[9], hand)                 # the king: loose, worth 10
    assert not inference.loose_card(hand & inference.ABOVE[10], hand)            # nothing is worth more than 10
    assert not inference.loose_card(hand_of("Kh"), hand | hand_of("Jh"))


def test_a_refined_opponent_rarely_holds_a_loose_card_above_the_card_it_just_threw_away():
    rng = random.Random(11)
    counts = {True: 0, False: 0}
    for state, seat in (p for seed in (11, 12, 13) for p in positions(seed, phases=("draw",))):
        view = state.view(seat)
        thrown = [c for c, kind, draws in inference.shown_choices(view) if kind == inference.THROWN and draws == 0]
        for _ in range(4):
            world = GAME.sample_state(view, rng)
            for choices in (True, False):
                hand = inference.refine(view, world.clone(), rng, choices=choices).hands[1 - seat]
                counts[choices] += sum(inference.loose_card(hand & inference.ABOVE[VALUES[c]], hand) for c in thrown)
    assert counts[False] > 60 and counts[True] < 0.4 * counts[False]


def test_draws_bands():
    assert [inference.draws_band(d) for d in (0, 1, 2, 3, 4, 9)] == [0, 0, 1, 1, 2, 2]
