"""Friends at one table: a table may wait for them before it starts; a rematch keeps the company together, in the
same seats; after each hand the bots wait until everyone has seen how it ended ("Next hand") or a few seconds pass.

Time is a ManualClock and the scheduler has no thread (``manual_manager``)."""
import contextlib
import random

import pytest
from starlette.testclient import TestClient
from web_helpers import (
    PACED_BOTS,
    act,
    create_hosted,
    finished_table_of_two,
    join,
    later,
    manual_manager,
    summary,
    ws_connect,
)

from gamenight.web import create_app

DELAY = PACED_BOTS   # the bots of the `hosted` tables think this long
YESSIR_SHORT = {"game": "yessir", "players": 3, "options": {"rounds_to_win": 2}}


@pytest.fixture
def friends(db_url):
    manager, clock = manual_manager(db_url, bot_delay=DELAY)
    with TestClient(create_app(manager=manager)) as client:
        yield client, manager, clock





def post(client, table_id, what, body=None, token=None, host=None):
    headers = {**({"X-Seat-Token": token} if token else {}), **({"X-Host-Token": host} if host else {})}
    return client.post(f"/api/tables/{table_id}/{what}", json=body or {}, headers=headers)


# ---- a table that waits for friends ---------------------------------------------------------------------
def test_a_table_waits_for_friends_until_the_host_starts_it_then_bots_keep_the_empty_seats(friends):
    client, manager, clock = friends
    table_id, host = create_hosted(client, "yaniv", [None, None, "random"], players=3, settings={"hold_start": True})
    assert summary(client, table_id)["settings"]["waiting"] is True
    ann = join(client, table_id, 0, "Ann")
    state = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": ann}).json()
    r = act(client, table_id, ann, state["legal_actions"][0] if state["legal_actions"] else "draw", 0)
    assert r.status_code == 409 and "has not started" in r.json()["error"]
    later(manager, clock, 3600)                                   # nobody is replaced, no bot moves, while waiting
    assert summary(client, table_id)["actions"] == 0 and summary(client, table_id)["seats"][0]["kind"] == "person"
    assert post(client, table_id, "start", host=host).status_code == 200
    seats = summary(client, table_id)["seats"]
    assert summary(client, table_id)["settings"]["waiting"] is False
    assert seats[1] == {"seat": 1, "kind": "bot", "bot": "heuristic", "takeable": True}   # kept open for a friend
    assert post(client, table_id, "start", host=host).status_code == 409                   # started already


def test_a_waiting_table_starts_by_itself_once_every_seat_is_taken(friends):
    client, _, _ = friends
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2, settings={"hold_start": True})
    join(client, table_id, 0, "Ann")
    assert summary(client, table_id)["settings"]["waiting"] is True
    join(client, table_id, 1, "Bob")
    assert summary(client, table_id)["settings"]["waiting"] is False


def test_without_its_host_a_waiting_table_may_be_started_by_anybody_seated_after_the_away_time(friends):
    client, manager, clock = friends
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2, settings={"hold_start": True})
    ann = join(client, table_id, 0, "Ann")
    r = post(client, table_id, "start", token=ann)
    assert r.status_code == 403 and "the host starts the table" in r.json()["error"]
    assert post(client, table_id, "start").status_code == 401              # a spectator: nothing
    clock.advance(60)
    assert post(client, table_id, "start", token=ann).status_code == 200
    assert summary(client, table_id)["seats"][1]["kind"] == "bot"


def test_only_a_new_table_holds_its_start(friends):
    client, _, _ = friends
    table_id, host = create_hosted(client, "yaniv", [None, "random"], players=2)
    r = post(client, table_id, "settings", {"hold_start": True}, host=host)
    assert r.status_code == 409 and "only a new table" in r.json()["error"]


# ---- the pause after a hand --------------------------------------------------------------------------------
def play_to_a_hand_end(client, manager, clock, table_id, token):
    """The person plays (first legal action) and the bots answer, until a hand has ended."""
    table = manager.get(table_id)
    first_hand = table.state.hands_played
    for _ in range(500):
        if table.state.hands_played != first_hand:
            return table
        if table.state.current_player == 0:
            assert act(client, table_id, token, str(table.state.legal_actions()[0]),
                       len(table.state.history)).status_code == 200
        else:
            later(manager, clock, DELAY)
    raise AssertionError("no hand ended")


def people_play_to_a_hand_end(client, table, tokens: dict) -> None:
    """The people (``tokens``: seat to token) play random legal actions (from seed 4) until a hand has ended."""
    rng = random.Random(4)
    first_hand = table.state.hands_played
    while table.state.hands_played == first_hand:
        seat = table.state.current_player
        assert act(client, table.table_id, tokens[seat], rng.choice([str(a) for a in table.state.legal_actions()]),
                   len(table.state.history)).status_code == 200


def seat_state(client, table_id, token):
    return client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()


def drain_to_pong(ws):
    """Everything the socket received until the answer to a ping (the messages sent before it)."""
    ws.send_json({"type": "ping"})
    messages = []
    while (message := ws.receive_json()) != {"type": "pong"}:
        messages.append(message)
    return messages


def test_after_a_hand_the_table_holds_everyone_until_each_connected_person_says_next_hand(friends):
    client, manager, clock = friends
    table_id, _ = create_hosted(client, **YESSIR_SHORT, seats=[None, "random", "random"])
    ann = join(client, table_id, 0, "Ann")
    with ws_connect(client, table_id, ann) as ws:
        ws.receive_json()
        table = play_to_a_hand_end(client, manager, clock, table_id, ann)
        pause = summary(client, table_id)["hand_pause"]
        assert pause["waiting_for"] == [0] and 0 < pause["seconds_left"] <= 8
        played = len(table.state.history)
        later(manager, clock, DELAY * 4)
        assert len(table.state.history) == played                        # the bots wait for Ann
        if table.state.current_player == 0:                              # and so does Ann's own turn
            assert seat_state(client, table_id, ann)["legal_actions"] == []
            r = act(client, table_id, ann, str(table.state.legal_actions()[0]), played)
            assert r.status_code == 409 and "pauses after the hand" in r.json()["error"]
            assert len(table.state.history) == played
        ws.send_json({"type": "next"})                                   # "Next hand"
        drain_to_pong(ws)
        assert summary(client, table_id)["hand_pause"] is None
        if table.state.current_player == 0:
            assert seat_state(client, table_id, ann)["legal_actions"]
            assert act(client, table_id, ann, str(table.state.legal_actions()[0]), played).status_code == 200
        else:
            later(manager, clock, DELAY)
        assert len(table.state.history) > played                         # and play goes on


def test_a_table_of_people_only_holds_too_and_each_must_say_next_hand(friends):
    client, manager, clock = friends
    table_id, _ = create_hosted(client, game="yessir", players=2, options={"rounds_to_win": 3}, seats=[None, None])
    tokens = {seat: join(client, table_id, seat, name) for seat, name in enumerate(("Ann", "Bob"))}
    with ws_connect(client, table_id, tokens[0]) as ws0, ws_connect(client, table_id, tokens[1]) as ws1:
        ws0.receive_json(), ws1.receive_json()
        table = manager.get(table_id)
        people_play_to_a_hand_end(client, table, tokens)
        assert summary(client, table_id)["hand_pause"]["waiting_for"] == [0, 1]
        seat = table.state.current_player
        r = act(client, table_id, tokens[seat], str(table.state.legal_actions()[0]), len(table.state.history))
        assert r.status_code == 409 and "Next hand" in r.json()["error"]
        ws0.send_json({"type": "next"})
        drain_to_pong(ws0)
        assert summary(client, table_id)["hand_pause"]["waiting_for"] == [1]   # Bob has not seen it yet
        r = act(client, table_id, tokens[seat], str(table.state.legal_actions()[0]), len(table.state.history))
        assert r.status_code == 409
        ws1.send_json({"type": "next"})
        drain_to_pong(ws1)
        assert summary(client, table_id)["hand_pause"] is None
        assert act(client, table_id, tokens[seat], str(table.state.legal_actions()[0]),
                   len(table.state.history)).status_code == 200


def test_the_pause_after_a_hand_ends_by_itself_after_its_seconds_and_everyone_hears_it(friends):
    client, manager, clock = friends
    table_id, host = create_hosted(client, game="yessir", players=2, options={"rounds_to_win": 3}, seats=[None, None],
                                   settings={"hand_pause_seconds": 20})
    tokens = {seat: join(client, table_id, seat, name) for seat, name in enumerate(("Ann", "Bob"))}
    with ws_connect(client, table_id, tokens[0]) as ws0, ws_connect(client, table_id, tokens[1]):
        ws0.receive_json()
        table = manager.get(table_id)
        people_play_to_a_hand_end(client, table, tokens)
        drain_to_pong(ws0)
        seat = table.state.current_player
        later(manager, clock, 19)
        assert summary(client, table_id)["hand_pause"] is not None
        assert not any(m["legal_actions"] for m in drain_to_pong(ws0))
        later(manager, clock, 1.5)
        heard = drain_to_pong(ws0)                                       # the pause's end is broadcast
        assert heard and heard[-1]["table"]["hand_pause"] is None
        assert bool(heard[-1]["legal_actions"]) == (seat == 0)
        assert act(client, table_id, tokens[seat], str(table.state.legal_actions()[0]),
                   len(table.state.history)).status_code == 200


def test_the_last_hand_of_a_match_has_no_pause(friends):
    """The hand that ends the match ends the table: no "Next hand" under its final score."""
    client, manager, clock = friends
    table_id, _ = create_hosted(client, game="yessir", players=2, options={"rounds_to_win": 2}, seats=[None, None])
    tokens = {seat: join(client, table_id, seat, name) for seat, name in enumerate(("Ann", "Bob"))}
    with ws_connect(client, table_id, tokens[0]) as ws0, ws_connect(client, table_id, tokens[1]) as ws1:
        ws0.receive_json(), ws1.receive_json()
        table = manager.get(table_id)
        rng = random.Random(4)
        pauses = 0
        while not table.state.is_over:
            if summary(client, table_id)["hand_pause"]:
                pauses += 1
                for ws in (ws0, ws1):
                    ws.send_json({"type": "next"})
                    drain_to_pong(ws)
            seat = table.state.current_player
            assert act(client, table_id, tokens[seat], rng.choice([str(a) for a in table.state.legal_actions()]),
                       len(table.state.history)).status_code == 200
        assert pauses >= 1 and table.state.hands_played >= 2
        assert summary(client, table_id)["hand_pause"] is None


def test_an_absent_persons_turn_after_a_hand_is_timed_from_the_end_of_the_pause(friends):
    client, manager, clock = friends
    table_id, _ = create_hosted(client, game="yessir", players=2, options={"rounds_to_win": 3}, seats=[None, None],
                                settings={"hand_pause_seconds": 60, "away_seconds": 15})
    tokens = {seat: join(client, table_id, seat, name) for seat, name in enumerate(("Ann", "Bob"))}
    table = manager.get(table_id)
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(ws_connect(client, table_id, tokens[seat])) for seat in (0, 1)]
        for ws in sockets:
            ws.receive_json()
        people_play_to_a_hand_end(client, table, tokens)
        gone = table.state.current_player             # leaves during the pause; the other is still reading
        sockets[gone].close()
        drain_to_pong(sockets[1 - gone])
        later(manager, clock, 30)
        assert table.seats[gone]["kind"] == "person"   # could not play yet: no bot takes the seat
        later(manager, clock, 31)                      # the pause is over; the away time starts now
        assert table.seats[gone]["kind"] == "person"
        later(manager, clock, 16)
        assert table.seats[gone]["kind"] == "bot"


def test_nobody_connected_means_no_pause(friends):
    client, manager, clock = friends
    table_id, _ = create_hosted(client, **YESSIR_SHORT, seats=[None, "random", "random"])
    ann = join(client, table_id, 0, "Ann")                # over HTTP only: no page open
    play_to_a_hand_end(client, manager, clock, table_id, ann)
    assert summary(client, table_id)["hand_pause"] is None


# ---- a rematch ------------------------------------------------------------------------------------------------



def test_a_rematch_keeps_the_company_together_in_the_same_seats(friends):
    client, manager, clock = friends
    old, host, tokens = finished_table_of_two(client, manager, clock)
    nonce = "Mf7_Kq2xWp9-Lt4ZbR8nVd"                                   # 16 random bytes, base64url
    r = post(client, old, "rematch", {"client": nonce}, token=tokens[0])
    assert r.status_code == 200
    new, ann_new = r.json()["table_id"], r.json()["token"]
    assert r.json()["seat"] == 0 and new != old
    assert summary(client, old)["settings"]["rematch"] == new          # everyone at the old table hears of it
    fresh = summary(client, new)
    assert fresh["settings"]["waiting"] is True and fresh["rules"] == summary(client, old)["rules"]
    assert fresh["seats"][0]["name"] == "Ann" and fresh["seats"][2] == {"seat": 2, "kind": "bot", "bot": "random",
                                                                        "takeable": True}
    assert fresh["seats"][1] == {"seat": 1, "kind": "open", "takeable": False, "reserved": "Bob"}
    again = post(client, old, "rematch", {"client": nonce}, token=tokens[0])     # the answer was lost: retried
    assert again.json() == r.json()
    stranger = client.post(f"/api/tables/{new}/join", json={"seat": 1, "name": "Mallory"})
    assert stranger.status_code == 403 and "kept for Bob" in stranger.json()["error"]
    r = post(client, old, "rematch", token=tokens[1])                   # Bob follows: the same table, his seat
    assert r.json()["table_id"] == new and r.json()["seat"] == 1
    assert summary(client, new)["settings"]["waiting"] is False         # everyone is back: it starts
    assert client.get(f"/api/tables/{new}/state", headers={"X-Seat-Token": ann_new}).json()["seat"] == 0
    assert post(client, new, "settings", {"away_seconds": 30}, host=host).status_code == 200   # the same host


def test_a_rematch_is_for_a_finished_match_and_for_its_players(friends):
    client, manager, clock = friends
    table_id, _ = create_hosted(client, "yaniv", [None, "random"], players=2)
    ann = join(client, table_id, 0, "Ann")
    r = post(client, table_id, "rematch", token=ann)
    assert r.status_code == 409 and "when the match is over" in r.json()["error"]
    old, _, _ = finished_table_of_two(client, manager, clock)
    assert post(client, old, "rematch").status_code == 401
    assert post(client, old, "rematch", token="guess").status_code == 403


def test_the_host_may_start_a_rematch_without_those_who_did_not_come(friends):
    client, manager, clock = friends
    old, host, tokens = finished_table_of_two(client, manager, clock)
    new = post(client, old, "rematch", token=tokens[0]).json()["table_id"]
    assert post(client, new, "start", host=host).status_code == 200
    seat = summary(client, new)["seats"][1]
    assert seat["kind"] == "bot" and seat["takeable"] is True            # Bob's seat: a bot keeps it open
    r = post(client, old, "rematch", token=tokens[1])
    assert r.status_code == 409 and "take an open seat" in r.json()["error"]


def test_a_waiting_table_offers_no_moves(friends):
    client, _, _ = friends
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2, settings={"hold_start": True})
    ann = join(client, table_id, 0, "Ann")
    message = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": ann}).json()
    assert message["table"]["current_player"] == 0 and message["legal_actions"] == []
