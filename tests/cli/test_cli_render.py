"""Renderers: the Yaniv table, menu labels and summaries; the generic fallback; the lookup."""
from __future__ import annotations

import random
import re

import pytest
from rich.console import Console
from rich.text import Text

import gamenight
from gamenight.cli.render import GenericRenderer, get_renderer
from gamenight.cli.render.cards import card_markup, cards_markup


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def _yaniv_state(players=3, seed=1, steps=0, **options):
    state = gamenight.make("yaniv", players=players, **options).new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_lookup_falls_back_to_generic():
    assert type(get_renderer("yaniv")).__module__ == "gamenight.cli.render.yaniv"
    assert type(get_renderer("no_such_game")) is GenericRenderer
    assert type(get_renderer("../etc")) is GenericRenderer


def test_card_markup_symbols_and_red_suits():
    assert plain(card_markup("Th")) == "10♥" and "red" in card_markup("Th")
    assert plain(card_markup("7d")) == "7♦" and "red" in card_markup("7d")
    assert plain(card_markup("As")) == "A♠" and "red" not in card_markup("As")
    assert plain(card_markup("Qc")) == "Q♣"
    assert plain(card_markup("Jk")) == "Joker"
    assert plain(cards_markup(["2s", "3s"])) == "2♠ 3♠"


def test_yaniv_table_shows_what_the_seat_may_see():
    state = _yaniv_state(steps=7)
    seat = state.current_player
    view = state.view(seat)
    text = plain(get_renderer("yaniv").table(view))
    hand = [plain(card_markup(c)) for c in view["hand"]]
    for card in hand:
        assert card in text
    assert f"value {view['hand_value']}" in text
    assert f"Stock: {view['stock_size']} cards" in text
    assert f"seat {seat} (you)" in text
    for p in range(3):
        assert f"{view['hand_sizes'][p]} cards · total {view['scores'][p]}" in text
    for p, _move in view["log"][-3:]:
        assert f"seat {p}" in text
    assert "can be taken:" in text
    # the others' unknown cards are nowhere in the table
    other = (seat + 1) % 3
    hidden = [c for c in state.view(other)["hand"] if c not in view["known"][other]]
    hand_line = next(line for line in text.splitlines() if line.startswith("Your hand:"))
    for card in hidden:
        if card not in view["hand"]:
            assert plain(card_markup(card)) not in hand_line


def test_yaniv_hand_is_sorted_by_rank_jokers_last():
    hands = [["Kc", "Jk", "2h", "As", "2c"], None, None, None]
    view = gamenight.make("yaniv", players=4).new(seed=2, deal={"hands": hands}).view(0)
    line = next(row for row in plain(get_renderer("yaniv").table(view)).splitlines() if row.startswith("Your hand:"))
    assert line.startswith("Your hand: A♠ 2♥ 2♣ K♣ Joker")
    assert "value 15" in line


def test_yaniv_takeable_cards_are_the_ends_of_the_previous_group():
    state = gamenight.make("yaniv", players=3).new(seed=1, deal={"hands": [["5s", "Jk", "7s", "9d", "Kh"], None, None]})
    state.apply("5s+Jk=6s+7s")
    state.apply("draw")
    text = plain(get_renderer("yaniv").table(state.view(1)))
    assert "5♠ Joker(=6♠) 7♠ (run)" in text and "can be taken: 5♠ or 7♠" in text
    state = gamenight.make("yaniv", players=3, set_pick_any=True).new(
        seed=1, deal={"hands": [["7s", "7h", "7d", "9d", "Kh"], None, None]})
    state.apply("7s+7h+7d")
    state.apply("draw")
    assert "can be taken: 7♠ or 7♥ or 7♦" in plain(get_renderer("yaniv").table(state.view(1)))


def test_yaniv_action_labels():
    r = get_renderer("yaniv")
    hands = [["5s", "6s", "7s", "Kh", "Jk"], None, None]
    view = gamenight.make("yaniv", players=3).new(seed=1, deal={"hands": hands}).view(0)
    assert plain(r.action_label("yaniv", view)) == "call Yaniv!"
    assert plain(r.action_label("draw", view)) == "draw from the stock (38)"
    assert plain(r.action_label("take 7s", view)) == "take 7♠"
    assert plain(r.action_label("5s+6s+7s", view)) == "5♠ 6♠ 7♠ (leaves 10)"
    assert plain(r.action_label("Kh", view)) == "K♥ (leaves 18)"


def test_yaniv_summaries_after_a_round_and_a_match():
    state = _yaniv_state(players=2, seed=3, rules="common")
    rng = random.Random(0)
    while state.hands_played == 1 and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    r = get_renderer("yaniv")
    result = state.view(None)["last_round"]
    summary = plain(r.hand_summary(state.view(None)))
    assert f"Round 1 over. Seat {result['caller']} called Yaniv" in summary
    for _p, total in enumerate(result["totals"]):
        assert f"total {total}" in summary
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    final = plain(r.match_summary(state.view(0)))
    assert "Match over after" in final and f"seat {state.winners[0]}" in final
    assert r.hand_summary(_yaniv_state().view(0)) is None


def test_generic_renderer_shows_any_view():
    r = GenericRenderer()
    view = {"game": "x", "seat": 1, "hand": ["a", "b"], "scores": [3, 4], "current_player": 1, "winners": [0]}
    text = plain(r.table(view))
    assert "hand:" in text and '["a", "b"]' in text and "seat 1 to play" in text
    assert plain(r.action_label("[odd]", view)) == "[odd]"
    assert "seat 0" in plain(r.match_summary(view))
    Console(file=open("/dev/null", "w")).print(r.table(view))  # valid markup


# a rule code (T20, G8, J12, A2-5, CE10, T22-T23): for the developer docs, never in what a player reads
_RULE_CODE = re.compile(r"(?<![0-9A-Za-z])[A-Z]{1,2}[0-9]+(?:-[A-Z]?[0-9]+)?(?![0-9A-Za-z])")


@pytest.mark.parametrize("name", gamenight.games())
def test_no_rule_code_in_what_the_terminal_shows(name):
    """Tables, menu labels and hand and match summaries along random playouts (every seat's view, and the
    spectators') name no rule code."""
    renderer = get_renderer(name)
    rng = random.Random(4)
    summaries = 0
    cls = gamenight.core.registry.game_class(name)
    matches = [(seed, n) for n in sorted({cls.MIN_PLAYERS, cls.MAX_PLAYERS}) for seed in range(40)]
    played = {}
    for seed, players in matches:
        if played.get(players, 0) >= 1_500:  # actions per table: many short matches, or a few long ones
            continue
        game = gamenight.make(name, players=players)
        state = game.new(seed=seed)
        seats = [None, *range(game.num_players)]
        hands = state.hands_played
        while not state.is_over:
            texts = []
            if len(state.history) % 5 == 0:  # the table and the menu on every 5th step
                view = state.view(state.current_player)
                texts = [renderer.table(view)] + [renderer.action_label(str(a), view) for a in state.legal_actions()]
            state.apply(rng.choice(state.legal_actions()))
            if state.hands_played != hands or state.is_over:
                hands = state.hands_played
                for s in seats:
                    summary = renderer.hand_summary(state.view(s))
                    if summary:
                        texts.append(summary)
                        summaries += 1
            for text in texts:
                found = _RULE_CODE.search(plain(text))
                assert found is None, f"the terminal shows the rule code {found.group()!r}: {plain(text)!r}"
        for s in seats:
            text = plain(renderer.match_summary(state.view(s)))
            assert not _RULE_CODE.search(text), text
        played[players] = played.get(players, 0) + len(state.history)
    assert summaries > 0
