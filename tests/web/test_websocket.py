"""The WebSocket: live views, actions, and refusals, checked on the wire."""
import random

import pytest
from web_helpers import (
    GAMES,
    SHORT,
    check_message_leaks_nothing,
    create,
    heuristic_or_random,
    join,
    play_ws,
    snapshots,
    ws_connect,
)

import gamenight


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_over_websockets_and_no_message_leaks(client, game):
    """Two people, bots and a spectator: every message each one receives is exactly its own view, and holds
    none of the other seats' hidden cards (or, in YESSIR!, dice)."""
    spec = SHORT[game]
    n = spec["players"]
    table_id = create(client, game, [None, None] + [heuristic_or_random(game)] * (n - 2), players=n,
                      options=spec["options"])
    tokens = {0: join(client, table_id, 0), 1: join(client, table_id, 1)}
    with ws_connect(client, table_id, tokens[0]) as ws0, \
            ws_connect(client, table_id, tokens[1]) as ws1, \
            ws_connect(client, table_id) as watcher:
        received = play_ws(client, table_id, {0: ws0, 1: ws1, None: watcher}, random.Random(3))
    table = client.app.state.manager.get(table_id)
    states = snapshots(table)
    rng = random.Random(4)
    total = 0
    for seat, messages in received.items():
        versions = [m["version"] for m in messages]
        assert versions == sorted(versions) and versions[-1] == len(table.state.history)
        for message in messages:
            check_message_leaks_nothing(states[message["version"]], seat, message, rng,
                                        ended=states.get(message["version"] - 1))
            total += 1
    assert total > 3


@pytest.mark.parametrize("game", GAMES)
def test_the_leak_check_catches_another_seats_view(game):
    """The check itself: a message to seat 0 carrying seat 1's view is caught by the hidden-information test."""
    from web_helpers import strings_in  # noqa: F401
    state = gamenight.make(game, players=SHORT[game]["players"]).new(seed=5)
    rng = random.Random(6)
    for _ in range(40):
        if state.is_over:
            break
        forged = {"type": "state", "seat": 0, "view": state.view(1), "legal_actions": [], "table": {},
                  "version": len(state.history)}
        with pytest.raises(AssertionError, match="hidden"):
            check_message_leaks_nothing(state, 0, forged, rng)
        state.apply(rng.choice(state.legal_actions()))


@pytest.fixture
def table_of_two(client):
    table_id = create(client, "yaniv", [None, None, "random"], players=3)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    return table_id, tokens, client.app.state.manager.get(table_id)


def assert_quiet(ws):
    """Nothing is waiting for this client: a ping's answer is the next message."""
    ws.send_json({"type": "ping"})
    assert ws.receive_json() == {"type": "pong"}


def test_illegal_action_errors_to_that_client_only_and_the_table_is_unchanged(client, table_of_two):
    table_id, tokens, table = table_of_two
    before = table.state.to_json()
    # each page is told its first message before the next connects: the server reads each connection's hello on
    # its own, so two opened together could arrive in either order (and the second's arrival is news to the first)
    with ws_connect(client, table_id, tokens[0]) as ws0:
        ws0.receive_json()
        with ws_connect(client, table_id, tokens[1]) as ws1:
            ws1.receive_json()
            assert ws0.receive_json()["table"]["seats"][1]["connected"]   # seat 0's page hears seat 1's come
            for bad in ("take Zz", "", "draw", 17, None):
                ws0.send_json({"type": "action", "action": bad, "version": 0})
                reply = ws0.receive_json()
                assert reply["type"] == "error" and reply["status"] in (400, 422) and reply["error"]
            assert "legal" in reply["error"] or "action" in reply["error"]
            assert_quiet(ws0)
            assert_quiet(ws1)
    assert table.state.to_json() == before


def test_out_of_turn_for_another_seat_and_as_spectator_are_refused(client, table_of_two):
    table_id, tokens, table = table_of_two
    assert table.state.current_player == 0
    move = str(table.state.legal_actions()[0])
    before = table.state.to_json()
    with ws_connect(client, table_id, tokens[1]) as ws1:
        ws1.receive_json()   # seat 1 is here before the spectator connects (else the spectator hears it come)
        with ws_connect(client, table_id) as watcher:
            watcher.receive_json()
            ws1.send_json({"type": "action", "action": move, "version": 0})
            reply = ws1.receive_json()
            assert reply["status"] == 409 and "not your turn" in reply["error"]
            ws1.send_json({"type": "action", "action": move, "seat": 0, "version": 0})
            reply = ws1.receive_json()
            assert reply["status"] == 403 and "may not act for seat 0" in reply["error"]
            watcher.send_json({"type": "action", "action": move, "version": 0})
            reply = watcher.receive_json()
            assert reply["status"] == 403 and "spectators" in reply["error"]
            watcher.send_json({"type": "action", "action": move, "seat": 0, "version": 0})
            assert watcher.receive_json()["status"] == 403
            assert_quiet(ws1)
    assert table.state.to_json() == before


def test_oversized_and_malformed_messages_are_refused_without_disturbing_the_table(client, table_of_two):
    table_id, tokens, table = table_of_two
    before = table.state.to_json()
    move = str(table.state.legal_actions()[0])
    with ws_connect(client, table_id, tokens[0]) as ws0:
        ws0.receive_json()
        ws0.send_text('{"type": "action", "action": "' + "x" * 5000 + '"}')
        assert ws0.receive_json()["status"] == 413
        ws0.send_bytes(b"\xff" * 10000)
        assert ws0.receive_json()["status"] == 413
        for bad in ("not json", "[1, 2]", '"text"', '{"type": "nope"}', '{"action": "draw"}', "{"):
            ws0.send_text(bad)
            reply = ws0.receive_json()
            assert reply["type"] == "error" and reply["status"] == 400, bad
        ws0.send_bytes(b"\xff\xfe")
        assert ws0.receive_json()["type"] == "error"
        assert table.state.to_json() == before
        # the connection still plays
        ws0.send_json({"type": "action", "action": move, "version": 0})
        message = ws0.receive_json()
        assert message["type"] == "state" and message["version"] == 1


def test_bad_token_or_table_is_refused_on_connect(client, table_of_two):
    table_id, _, _ = table_of_two
    with ws_connect(client, table_id, "guess") as ws:
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["status"] == 403
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["status"] == 404
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:   # a first message that is not hello
        ws.send_json({"type": "ping"})
        reply = ws.receive_json()
        assert reply["status"] == 400 and "hello" in reply["error"]


def test_a_token_in_the_address_is_refused_so_no_log_ever_holds_it(client, table_of_two):
    table_id, tokens, table = table_of_two
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as ws:
        reply = ws.receive_json()
        assert reply["status"] == 400 and "X-Seat-Token" in reply["error"] and "hello" in reply["error"]
    for path in ("state", "history?step=0&"):
        address = f"/api/tables/{table_id}/{path}{'&' if '?' in path else '?'}token={tokens[0]}"
        r = client.get(address.replace("&&", "&"))
        assert r.status_code == 400 and "X-Seat-Token" in r.json()["error"]


def test_reconnecting_with_the_token_gets_the_seat_back(client, table_of_two):
    table_id, tokens, table = table_of_two
    with ws_connect(client, table_id, tokens[0]) as ws0:
        first = ws0.receive_json()
        ws0.send_json({"type": "action", "action": first["legal_actions"][0], "version": first["version"]})
        ws0.receive_json()
    with ws_connect(client, table_id, tokens[0]) as ws0:
        again = ws0.receive_json()
        assert again["seat"] == 0 and again["version"] == 1 and again["view"] == table.state.view(0)


def test_a_connection_whose_person_left_only_watches(client, table_of_two):
    table_id, tokens, table = table_of_two
    with ws_connect(client, table_id, tokens[1]) as ws1:
        ws1.receive_json()
        assert client.post(f"/api/tables/{table_id}/leave", json={"token": tokens[1]}).status_code == 200
        notice = ws1.receive_json()
        assert notice["type"] == "error" and notice["status"] == 403
        message = ws1.receive_json()
        assert message["seat"] is None and message["view"] == table.state.view(None)
