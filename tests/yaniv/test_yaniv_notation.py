"""Yaniv notation: every action round-trips by text and by id, lenient spellings read to the canonical
action, malformed text and illegal actions raise IllegalAction naming the problem, and a refused action
leaves the state exactly as it was."""
from __future__ import annotations

import re

import pytest
from yaniv_helpers import call, deal, make

import gamenight
from gamenight import IllegalAction
from gamenight.core.cards import JOKER, pretty_card
from gamenight.yaniv.actions import RUN, SET

TABLES = [(3, {}), (4, {}), (4, {"jokers_in_sets": False}), (3, {"hand_size": 7}), (8, {"hand_size": 7}),
          (2, {"hand_size": 2}), (3, {"joker_swap": True, "slapdown": True})]


@pytest.mark.parametrize("players,options", TABLES)
def test_every_action_round_trips_by_text_and_id(players, options):
    game = make(players, **options)
    table = game.actions
    assert len(table) == game.num_distinct_actions
    assert len({str(a).lower() for a in table}) == len(table), "two actions share a spelling"
    for i, a in enumerate(table):
        assert a.id == i
        assert game.parse_action(str(a)) is a
        assert game.action_from_id(i) is a
        assert game.action_id(a) == i and game.action_id(str(a)) == i
        assert game.parse_action(str(a).upper()) is a and game.parse_action(f"  {str(a).lower()} ") is a


def _pretty(text: str) -> str:
    return re.sub(r"(?<![A-Za-z])([A2-9TJQK][shdc])", lambda m: pretty_card(gamenight.core.cards.parse_card(m[1])),
                  text)


@pytest.mark.parametrize("players,options", TABLES[:4])
def test_every_group_reads_with_suit_symbols_and_10(players, options):
    game = make(players, **options)
    for a in game.actions:
        if a.is_discard or a.kind == 4:
            assert game.parse_action(_pretty(str(a))) is a, _pretty(str(a))


def test_every_set_reads_in_either_direction():
    game = make(4)
    for a in game.actions:
        if a.kind == SET:
            assert game.parse_action("+".join(str(a).split("+")[::-1])) is a


def test_every_run_with_two_natural_cards_reads_without_the_joker_targets():
    game = make(4)
    checked = 0
    for a in game.actions:
        if a.kind == RUN and sum(c != JOKER for c in a.cards) >= 2:
            assert game.parse_action(re.sub(r"Jk=\w\w", "Jk", str(a))) is a
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("text,canonical", [
    ("10h", "Th"), ("10♥", "Th"), ("5♠", "5s"), ("q♣", "Qc"), ("joker", "Jk"), ("JK", "Jk"),
    ("5s+Jk+7s", "5s+Jk=6s+7s"), ("5♠+Jk+7♠", "5s+Jk=6s+7s"), ("5s + jk=6s + 7s", "5s+Jk=6s+7s"),
    ("5s,6s,7s", "5s+6s+7s"), ("5s 6s 7s", "5s+6s+7s"), ("Jk+Qs+Ks", "Jk=Js+Qs+Ks"), ("As+2s+Jk", "As+2s+Jk=3s"),
    ("7h+7s", "7s+7h"), ("7d+7h+7s", "7s+7h+7d"), ("Jk+7s", "7s+Jk"), ("7h+7s+Jk", "7h+7s+Jk"),
    ("10h+10s", "Ts+Th"),
    ("Yaniv", "yaniv"), ("call", "yaniv"), ("y", "yaniv"), ("DRAW", "draw"), ("stock", "draw"), ("d", "draw"),
    ("take 10♦", "take Td"), ("t 7s", "take 7s"), ("TAKE   jk", "take Jk"), ("swap 6♠", "swap 6s"),
    ("Slap", "slap"), ("keep", "keep"),
])
def test_lenient_forms_read_to_the_canonical_action(text, canonical):
    game = make(3)
    assert str(game.parse_action(text)) == canonical
    assert game.parse_action(text) is game.parse_action(canonical)


@pytest.mark.parametrize("text,message", [
    ("", "empty action"), ("   ", "empty action"), ("xyz", "not a card"), ("7x", "not a card"), ("take", "not a card"),
    ("take 7x", "not a card"), ("7s+8h", "neither a set"), ("7s+6s+5s", "neither a set"), ("5s+7s+8s", "neither"),
    ("Qs+Ks+As", "no wrap"), ("Jk=Ks+As+2s", "neither"), ("Jk+As+2s", "no wrap"),
    ("Jk+Jk", "natural"), ("Jk+Jk+Jk", "natural"), ("5s=6s+7s", "only a joker"), ("Jk=Jk+5s+6s", "natural card"),
    ("swap Jk", "natural card"), ("5s+Jk=7s+7s", "neither"), ("As+2s+3s+4s+5s+6s", "3 to 5 cards"),
    ("7s+7s", "no such set with these packs"), ("7s+7h+7d+7c+Jk+Jk", "at most 5 cards"), ("5s+6s", "3 to 5 cards"),
    ("take 7s 8s", "not a card"),
])
def test_malformed_text_raises_a_helpful_illegal_action(text, message):
    game = make(3)
    with pytest.raises(IllegalAction, match=message):
        game.parse_action(text)


@pytest.mark.parametrize("thing", [None, 42, 3.5, ["7s"], b"7s"])
def test_non_text_is_refused(thing):
    game = make(3)
    with pytest.raises(IllegalAction):
        game.parse_action(thing)
    state = game.new(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply(thing)
    assert state.to_json() == before


@pytest.mark.parametrize("bad_id", [-1, 3306, 10**9, "3", 1.0, True, None])
def test_bad_ids_are_refused(bad_id):
    with pytest.raises(IllegalAction, match="no action has id"):
        make(3).action_from_id(bad_id)


def refused(state, attempt, message: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message) as info:
        state.apply(attempt)
    assert state.to_json() == before
    assert "Legal now:" in str(info.value)


def test_illegal_actions_name_the_problem_and_leave_the_state_unchanged():
    game = make(3)
    # seat 0 lays a set of queens (ends Qc and Qh, Qd between them); seat 1 is to play
    state = deal(game, ["Qc Qd Qh 2s 3s", "7s 7h 2c 9d Kh", None])
    state.apply("Qc+Qd+Qh")
    state.apply("draw")
    refused(state, "draw", "first discard a group")  # the wrong phase
    refused(state, "take Qc", "first discard a group")
    refused(state, "slap", "not legal")
    refused(state, "9s", "you do not hold those cards")
    refused(state, "7s+7d", "you do not hold those cards")
    refused(state, "yaniv", "over the Yaniv limit of 5")
    refused(state, "7s+7h+2c", "neither a set")
    refused(state, game.parse_action("8s"), "you do not hold those cards")
    state.apply("7s+7h")
    refused(state, "2c", "you have discarded already")
    refused(state, "take Qd", "only the first or last card")
    refused(state, "take Qs", "only the first or last card")
    refused(state, "take 7s", "only the first or last card")  # never from one's own group
    refused(state, "yaniv", "not legal")
    state.apply("take Qc")
    assert state.current_player == 2


def test_nothing_is_legal_once_the_match_is_over():
    state = call(make(3, single_round=True, hand_size=2), ["As", "Kd", "5c 5h"])
    assert state.is_over
    before = state.to_json()
    with pytest.raises(IllegalAction, match="the match is over"):
        state.apply("draw")
    assert state.to_json() == before


def test_actions_of_an_equal_game_are_accepted_and_of_another_table_are_read_by_their_notation():
    a, b = make(4, hand_size=4), make(4, hand_size=4)
    state = deal(a, ["2s 2h 3c 4c", None, None, None])
    state.clone().apply(b.parse_action("2s+2h"))  # the same table
    other = make(3, hand_size=4)  # one pack: a different table, where ids mean other actions
    foreign = other.parse_action("2s+2h")
    assert foreign.id != a.parse_action("2s+2h").id
    impostor = other.action_from_id(a.parse_action("2s+2h").id)  # same id, another set
    assert str(impostor) != "2s+2h"
    refused(state, impostor, "you do not hold those cards")
    state.apply(foreign)
    assert str(state.history[-1]) == "2s+2h" and state.history[-1] is a.parse_action("2s+2h")
