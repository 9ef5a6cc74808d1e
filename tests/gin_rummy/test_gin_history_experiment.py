"""experiments/gin_rummy_history.py: the opponent's hand weighed by how likely its moves this hand were."""
import random

import pytest

import gamenight
from benchmark_scripts import load_experiment
from gamenight.core.cards import parse_card
from gamenight.gin_rummy.melds import BIT

#: seat 1 drew from the stock over the five of diamonds (left on the pile), then threw the king of diamonds
VIEW = {"seat": 0, "stock_size": 20, "knock_limit": 10, "first_upcard": "5d",
        "log": [[0, "pass"], [1, "draw"], [1, "Kd"]]}


def _mask(*names: str) -> int:
    return sum(BIT[parse_card(n)] for n in names)


def test_a_hand_that_would_have_taken_the_card_it_left_or_kept_a_worse_card_is_less_likely():
    history = load_experiment("gin_rummy_history").History(VIEW)
    rng = random.Random(1)
    low = _mask("Ah", "2h", "3h", "4c", "5c", "6c", "7s", "8s", "2d", "3s")   # the king was its worst card
    pair_of_fives = low ^ _mask("2d", "3s") ^ _mask("5h", "5s")               # the five it left made a set
    queen_kept = low ^ _mask("2d") ^ _mask("Qc")                              # it kept a loose queen as bad
    weights = [sum(history.weight(hand, rng) for _ in range(50)) for hand in (low, pair_of_fives, queen_kept)]
    assert weights[1] < weights[0] / 3 and weights[2] < weights[0]
    assert history.weight(low ^ _mask("Kd"), rng) == 0.0                      # nor hold the card it threw


def test_the_simple_style_weighs_a_hand_by_what_the_simple_bot_would_have_done_holding_it():
    experiment = load_experiment("gin_rummy_history")
    low = _mask("Ah", "2h", "3h", "4c", "5c", "6c", "7s", "8s", "2d", "3s")   # the king was its worst card
    pair_of_fives = low ^ _mask("2d", "3s") ^ _mask("5h", "5s")               # the five it left made a set
    could_knock = low ^ _mask("3s", "2d") ^ _mask("9s", "2c")                 # 2 left: it would have knocked

    def weights(style, hands):
        history, rng = experiment.History(VIEW, style=style), random.Random(1)
        return [sum(history.weight(hand, rng) for _ in range(50)) for hand in hands]

    simple, soft, mixed = (weights(style, (low, could_knock, pair_of_fives)) for style in ("simple", "soft", "mixed"))
    assert simple[2] < simple[0] / 3 and simple[1] < simple[0] / 10           # it takes a card making a meld; knocks
    assert soft[1] > soft[0] / 3                                              # the soft style has no knock timing
    assert mixed == pytest.approx([(a + b) / 2 for a, b in zip(soft, simple)])  # the same draws replayed: half each


def test_a_world_from_the_history_shows_the_seat_its_view_and_the_measure_runs():
    experiment = load_experiment("gin_rummy_history")
    game = gamenight.make("gin_rummy", rules="openspiel")
    state, rng = game.new(seed=3), random.Random(2)
    bots = [gamenight.make_bot("heuristic", game), gamenight.make_bot("simple", game)]
    while not (state.view(0)["phase"] == "draw" and len(state.stock) < 27):
        state.apply(bots[state.current_player].choose(state.view(state.current_player), state.legal_actions(), rng))
    seat = state.current_player
    view = state.view(seat)
    world = experiment.from_history(view, game.sample_state(view, rng), rng, size=20)
    hand = world.hands[1 - seat]
    assert world.view(seat) == view and hand.bit_count() == 10 and not hand & set_mask(world.stock)
    assert hand & state.known[1 - seat] == state.known[1 - seat]
    assert hand | set_mask(world.stock) == state.hands[1 - seat] | set_mask(state.stock)
    shares = experiment.right_shares("simple", deals=2, seed=0, worlds=2, sharpness=0.5, size=10)
    assert set(shares["right"]) == {"walk", "history"} and all(0 <= r <= 1 for r in shares["right"].values())


def set_mask(cards: list[int]) -> int:
    return sum(BIT[c] for c in cards)
