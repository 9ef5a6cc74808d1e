"""The Yaniv terminal renderer draws what the view says (the engine works out every rule fact): the hand in
display order with its value, whether the seat may call, the cards that may be taken, what each discard leaves.
Positions are set up with ``deal=``, so every view is one the engine gives."""
from __future__ import annotations

import random

from rich.text import Text
from yaniv_helpers import call, deal, make

from gamenight.cli.render import get_renderer


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def hand_line(view) -> str:
    return next(row for row in plain(get_renderer("yaniv").table(view)).splitlines() if row.startswith("Your hand:"))


def test_the_hand_is_shown_by_rank_jokers_last_with_its_value():
    state = deal(make(4), ["Kc Jk 2h As 2c", None, None, None])
    line = hand_line(state.view(0))
    assert line.startswith("Your hand: A♠ 2♥ 2♣ K♣ Joker")   # the joker in words, not its notation
    assert "value 15" in line and "you may call Yaniv" not in line


def test_the_call_note_is_shown_when_the_seat_may_call():
    state = deal(make(3, hand_size=2), ["2s 3h", "As Ah", None])
    assert "you may call Yaniv" in hand_line(state.view(0))
    assert "you may call Yaniv" not in hand_line(state.view(1))  # not its turn


def test_the_takeable_cards_are_the_ends_of_the_previous_group():
    state = deal(make(3), ["5s Jk 7s 9d Kh", None, None])
    state.apply("5s+Jk=6s+7s")
    state.apply("draw")
    text = plain(get_renderer("yaniv").table(state.view(1)))
    assert "5♠ Joker(=6♠) 7♠ (run)" in text and "can be taken: 5♠ or 7♠" in text
    state = deal(make(3, set_pick_any=True), ["7s 7h 7d 9d Kh", None, None])
    state.apply("7s+7h+7d")
    state.apply("draw")
    assert "can be taken: 7♠ or 7♥ or 7♦" in plain(get_renderer("yaniv").table(state.view(1)))


def test_action_labels_say_what_each_discard_leaves():
    r = get_renderer("yaniv")
    state = deal(make(3), ["5s 6s 7s Kh Jk", None, None])
    view = state.view(0)
    assert plain(r.action_label("yaniv", view)) == "call Yaniv!"
    assert plain(r.action_label("draw", view)) == "draw from the stock (38)"
    assert plain(r.action_label("take 7s", view)) == "take 7♠"
    assert plain(r.action_label("5s+6s+7s", view)) == "5♠ 6♠ 7♠ (leaves 10)"
    assert plain(r.action_label("Kh", view)) == "K♥ (leaves 18)"
    assert plain(r.action_label("5s+Jk=6s+7s", view)) == "5♠ Joker(=6♠) 7♠ (leaves 16)"


def test_every_view_of_a_match_draws():
    r = get_renderer("yaniv")
    game = make(3, slapdown=True, joker_swap=True, elimination_limit=40)
    state = game.new(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        text = plain(r.table(view))
        assert f"value {view['hand_value']}" in text and f"Stock: {view['stock_size']} cards" in text
        for action in state.legal_actions():
            label = plain(r.action_label(str(action), view))
            if action.is_discard:
                assert label.endswith(f"(leaves {view['hand_value_after'][str(action)]})")
        state.apply(rng.choice(state.legal_actions()))
    assert "Match over after" in plain(r.match_summary(state.view(0)))
    assert f"Round {state.hands_played} over." in plain(r.hand_summary(state.view(None)))


def test_the_round_summary_shows_the_revealed_hands():
    state = call(make(3, hand_size=2), ["As 2h", "4s 3h", "Kh Qd"])
    summary = plain(get_renderer("yaniv").hand_summary(state.view(None)))
    assert "Round 1 over. Seat 0 called Yaniv with 3: success" in summary
    assert "3♥ 4♠" in summary and "Q♦ K♥" in summary and "total 20" in summary
