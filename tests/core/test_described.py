"""``game.describe(action)`` and the views' ``log_described`` (docs/api.md, "Actions described"): every action of
every game is described by a small JSON-ready record the caller owns, the same from the action or its notation, and
a view's records say no more than the view itself shows: a face-down card stays hidden, a draw names no card."""
from __future__ import annotations

import json
import random
import re

import pytest

import gamenight

GAMES = sorted(gamenight.games())
TABLES = [(name, n) for name in GAMES for n in sorted({gamenight.make(name).num_players,
                                                        gamenight.make(name).MAX_PLAYERS})]


CARD_FIELDS = ("card", "cards", "stands_as", "melds", "meld_cards")   # the fields of records that name cards


def words(value) -> set[str]:
    """Every word of every string in a JSON value (a card code is a word)."""
    if isinstance(value, str):
        return set(re.findall(r"[A-Za-z0-9]+", value))
    if isinstance(value, dict):
        return set().union(*(words(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(words(v) for v in value)) if value else set()
    return set()


def positions(name: str, players: int, seeds=range(3), every: int = 1, most: int = 150):
    """Positions of random matches: every ``every``-th, at most ``most`` of each match, and each match's end."""
    game = gamenight.make(name, players=players)
    for seed in seeds:
        state = game.new(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_over and step < every * most:
            if step % every == 0:
                yield state
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield state


@pytest.mark.parametrize("name,players", TABLES)
def test_every_legal_action_is_described_the_same_from_its_notation(name, players):
    game = gamenight.make(name, players=players)
    seen = 0
    for state in positions(name, players, seeds=range(2), every=3):
        for action in state.legal_actions():
            record = game.describe(action)
            assert isinstance(record["kind"], str) and record["kind"]
            assert record == game.describe(str(action))
            assert json.loads(json.dumps(record)) == record, "records are plain JSON"
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_record_belongs_to_the_caller(name):
    game = gamenight.make(name)
    state = game.new(seed=1)
    action = state.legal_actions()[0]
    before = game.describe(action)
    record = game.describe(action)
    for value in record.values():
        if isinstance(value, list):
            value.clear()
    record.clear()
    assert game.describe(action) == before
    rng = random.Random(2)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    expected = json.dumps(view, sort_keys=True)
    assert view["log_described"]
    for r in view["log_described"]:
        for value in r.values():
            if isinstance(value, list):
                value.clear()
        r.clear()
    assert json.dumps(state.view(None), sort_keys=True) == expected


@pytest.mark.parametrize("name,players", TABLES)
def test_a_views_records_describe_its_log_and_show_nothing_it_does_not(name, players):
    """Each seat's ``log_described`` and ``previous_log_described`` describe its ``log`` and ``previous_log`` one
    for one, and name no card or die the rest of that seat's view does not show (a face-down card is null)."""
    for state in positions(name, players, seeds=range(2), every=2):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert len(view["log_described"]) == len(view["log"])
            assert len(view["previous_log_described"]) == len(view["previous_log"])
            records = view["log_described"] + view["previous_log_described"]
            rest = {k: v for k, v in view.items() if k not in ("log_described", "previous_log_described")}
            shown = [r.get(field) for r in records for field in CARD_FIELDS]
            extra = words(shown) - words(rest)
            assert not extra, f"seat {seat}'s records show {sorted(extra)} that its view does not"


def test_a_draw_from_the_stock_names_no_card():
    for name in ("yaniv", "gin_rummy"):
        assert gamenight.make(name).describe("draw") == {"kind": "draw"}


def test_gin_a_knock_card_is_described_only_to_the_knocker_until_the_hand_is_over():
    game = gamenight.make("gin_rummy")
    checked = 0
    for seed in range(40):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and checked < 3:
            knocks = [a for a in state.legal_actions() if game.describe(a)["kind"] == "knock"]
            if knocks:
                knocker, knock = state.current_player, knocks[0]
                card = game.describe(knock)["card"]
                state.apply(knock)
                assert state.view(knocker)["log_described"][-1] == {"kind": "knock", "card": card}
                for seat in (1 - knocker, None):
                    assert state.view(seat)["log_described"][-1] == {"kind": "knock", "card": None}
                checked += 1
                break
            state.apply(rng.choice(state.legal_actions()))
    assert checked == 3


def test_thunee_a_face_down_trump_card_is_described_only_to_the_trumper():
    game = gamenight.make("thunee")
    checked = 0
    for seed in range(20):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            trumps = [a for a in state.legal_actions() if game.describe(a)["kind"] == "trump"]
            if trumps:
                trumper = state.current_player
                card = game.describe(trumps[0])["card"]
                state.apply(trumps[0])
                spot = len(state.view(None)["log"]) - 1
                assert state.view(trumper)["log_described"][spot] == {"kind": "trump", "card": card}
                for seat in [None, *(p for p in range(4) if p != trumper)]:
                    assert state.view(seat)["log_described"][spot] == {"kind": "trump", "card": None}
                checked += 1
                break
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 5


def test_thunee_rule_notes_carry_the_engines_values():
    game = gamenight.make("thunee")
    state = game.new(seed=3)
    notes = state.view(0)["rule_notes"]
    assert state.view(0)["phase"] == "weak"
    assert notes["weak"] == {"text": "you may demand a redeal if your first cards total {points} points or less",
                             "values": {"points": 10}}
    assert game.describe("redeal") == {"kind": "redeal", "points": 10}


def test_thunee_the_kanak_rule_comes_from_the_engine_on_the_last_trick_only():
    """T27: the page's Kanak prompt says what a Kanak must do in the engine's words, with its limit (KANAK_LIMIT,
    the number kanak_value counts from); the note is there on the last trick and at no other time."""
    from gamenight.thunee.scoring import KANAK_LIMIT
    game = gamenight.make("thunee")
    rng = random.Random(7)
    seen_kanak = 0
    for seed in range(30):
        state = game.new(seed=seed)
        while not state.is_over:
            view = state.view(None)
            notes = view["rule_notes"]
            kanak_legal = any(game.describe(a)["kind"] == "kanak" for a in state.legal_actions())
            if kanak_legal:
                seen_kanak += 1
                assert notes["kanak"] == {"text": "you must win this last trick, and your opponents' earlier points, "
                                                  "with Jodi and the call, must stay under {limit}",
                                          "values": {"limit": KANAK_LIMIT}}
            if "kanak" in notes:
                assert view["phase"] == "play"
            state.apply(rng.choice(state.legal_actions()))
    assert seen_kanak >= 5 and KANAK_LIMIT == 10
