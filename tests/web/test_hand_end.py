"""The hand that ended, shown until "Next hand" (docs/web.md, "State and change messages"): during the pause after a
hand each seat's message carries ``hand_end_view``, exactly the seat's own view as the hand's last action found it
(the engine has dealt the next hand already), nothing hidden from the seat then; it goes (null) for a person once
they say "next hand", and for everyone when the pause ends."""
import json
import random

import pytest
from web_helpers import (
    GAMES,
    check_documented,
    check_message_leaks_nothing,
    later,
    manual_manager,
    rebuilt,
    snapshots,
    ws_connect,
)

import gamenight

PLAYERS = {"yaniv": 3, "gin_rummy": 2, "thunee": 4, "yessir": 3}
PAUSE = 30


def table_of(manager, game, people):
    """A table of ``game`` (its default rules: a match of several hands) with people at seats 0..people-1 and
    random bots at the others, which answer at once; a spectator and each person listening in-process."""
    n = PLAYERS[game]
    table = manager.create(game, players=n, seats=[None] * people + ["random"] * (n - people),
                           settings={"hand_pause_seconds": PAUSE})
    tokens = {seat: table.join(seat, f"P{seat}") for seat in range(people)}
    heard = {seat: [] for seat in [*tokens, None]}
    table.listen(None, heard[None].append)
    for seat, token in tokens.items():
        table.listen(token, heard[seat].append)
    return table, tokens, heard


def play_to_a_hand_s_end(manager, table, tokens, rng):
    """The people play random legal moves (the bots answer at once) until a hand ends; the match goes on."""
    start = table.state.hands_played
    while table.state.hands_played == start:
        seat = table.state.current_player
        assert seat in tokens, "a bot is to move: bots answer at once here"
        table.act(tokens[seat], rng.choice([str(a) for a in table.state.legal_actions()]),
                  version=len(table.state.history))
    assert not table.state.is_over and table.pause.left() == PAUSE


def check_every_message(table, heard, rng):
    """Every message each listener heard is the seat's own, its hand's end included, and the changes rebuild it."""
    states = snapshots(table)
    for seat, messages in heard.items():
        held = None
        for message in messages:
            version = message["version"]
            check_message_leaks_nothing(states[version], seat, message, rng, ended=states.get(version - 1))
            pause = message["table"]["hand_pause"]
            expected = pause is not None and (seat is None or seat in pause["waiting_for"])
            assert (message["hand_end_view"] is not None) == expected, (seat, version, pause)
            wire = json.loads(message.text_after(held.serial if held is not None else 0))
            check_documented(wire)
            assert rebuilt(dict(held) if held is not None else None, wire) == message
            held = message


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_that_ended_is_shown_until_each_person_says_next_hand(db_url, game):
    manager, _ = manual_manager(db_url)
    table, tokens, heard = table_of(manager, game, people=2)
    play_to_a_hand_s_end(manager, table, tokens, random.Random(f"end-{game}"))
    ended_at = len(table.state.history)
    before = snapshots(table)[ended_at - 1]
    for seat in (0, 1, None):
        last = heard[seat][-1]
        assert last["version"] == ended_at and last["view"]["hand_number"] != before.view(seat)["hand_number"]
        assert last["hand_end_view"] == before.view(seat)      # the hand that ended, as the seat saw it
        assert last.change is not None and "hand_end_view" in last.change   # it came with the hand's end
    table.next_hand(tokens[0])
    mine, theirs, watching = heard[0][-1], heard[1][-1], heard[None][-1]
    assert mine["hand_end_view"] is None and mine.change["hand_end_view"] is None   # dropped: the new deal
    assert theirs["hand_end_view"] == before.view(1) and "hand_end_view" not in theirs.change   # still reading
    assert watching["hand_end_view"] == before.view(None)
    table.next_hand(tokens[1])
    assert table.pause.left() == 0
    for seat in (0, 1, None):
        assert heard[seat][-1]["hand_end_view"] is None
    play_to_a_hand_s_end(manager, table, tokens, random.Random(f"again-{game}"))   # the next hand's end likewise
    assert heard[0][-1]["hand_end_view"] == snapshots(table)[len(table.state.history) - 1].view(0)
    check_every_message(table, heard, random.Random(5))


@pytest.mark.parametrize("game", ["yessir", "thunee"])
def test_the_hand_s_end_goes_when_the_pause_runs_out(db_url, game):
    manager, clock = manual_manager(db_url)
    table, tokens, heard = table_of(manager, game, people=1)
    play_to_a_hand_s_end(manager, table, tokens, random.Random(game))
    assert heard[0][-1]["hand_end_view"] is not None and heard[None][-1]["hand_end_view"] is not None
    later(manager, clock, PAUSE - 1)
    assert heard[0][-1]["hand_end_view"] is not None        # still reading
    later(manager, clock, 1)
    assert heard[0][-1]["hand_end_view"] is None and heard[None][-1]["hand_end_view"] is None
    assert table.message_for(0)["hand_end_view"] is None
    check_every_message(table, heard, random.Random(6))


def test_no_pause_no_hand_s_end(db_url):
    """Nobody to hold (no person connected), or a table without a pause: the messages carry none."""
    manager, _ = manual_manager(db_url)
    table = manager.create("yessir", players=3, seats=[None, "random", "random"], settings={"hand_pause_seconds": 0})
    token = table.join(0)
    heard = []
    table.listen(token, heard.append)
    play_to_a_hand_s_end_without_pause(table, token)
    assert all(message["hand_end_view"] is None for message in heard)


def play_to_a_hand_s_end_without_pause(table, token):
    rng = random.Random(1)
    start = table.state.hands_played
    while table.state.hands_played == start:
        table.act(token, rng.choice([str(a) for a in table.state.legal_actions()]), version=len(table.state.history))


def test_the_hand_s_end_on_the_websocket_then_dropped_by_next_hand(client):
    """On the wire: the hand's end arrives with the move that ended it, and {"type": "next"} drops it."""
    r = client.post("/api/tables", json={"game": "yessir", "players": 2, "seats": [None, "random"],
                                         "settings": {"hand_pause_seconds": PAUSE}})
    table_id = r.json()["table_id"]
    token = client.post(f"/api/tables/{table_id}/join", json={"seat": 0}).json()["token"]
    table = client.app.state.manager.get(table_id)
    rng = random.Random(2)
    with ws_connect(client, table_id, token) as ws:
        message = ws.receive_json()
        while message["table"]["hand_pause"] is None:
            assert message["hand_end_view"] is None
            if message["legal_actions"]:
                ws.send_json({"type": "action", "action": rng.choice(message["legal_actions"]),
                              "version": message["version"]})
            message = ws.receive_json()
        states = snapshots(table)
        assert message["hand_end_view"] == states[message["version"] - 1].view(0)
        ws.send_json({"type": "next"})
        message = ws.receive_json()
        assert message["hand_end_view"] is None and message["table"]["hand_pause"] is None


@pytest.mark.parametrize("game", GAMES)
def test_the_leak_check_catches_a_hand_s_end_from_another_seat(game):
    """The check itself: a hand's end shown to seat 0 from seat 1's view is caught (a Yaniv round ended as soon as it
    may be, before every card has been seen in the discards)."""
    state = gamenight.make(game, players=PLAYERS[game]).new(seed=8)
    rng = random.Random(9)
    start = state.hands_played
    while True:
        ended = state.clone()
        legal = [str(a) for a in state.legal_actions()]
        state.apply("yaniv" if "yaniv" in legal else rng.choice(legal))
        if state.hands_played != start:
            break
    forged = {"type": "state", "seat": 0, "view": state.view(0), "table": {}, "version": len(state.history),
              "legal_actions": [], "legal_described": [], "hand_end_view": ended.view(1)}
    with pytest.raises(AssertionError, match="hidden"):
        check_message_leaks_nothing(state, 0, forged, rng, ended=ended)
