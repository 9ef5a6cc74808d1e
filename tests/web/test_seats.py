"""Who may do what at a web table: the host changes seats and settings; a newcomer takes only an open seat (or a
bot's, if the host allows); nobody absent or hostile can freeze a table; joins and actions may be sent twice.

Time is a ManualClock and the scheduler has no thread (``manual_manager``): nothing here waits on the machine."""
import json

import pytest
from web_helpers import PACED_BOTS, act, create_hosted, join, later, manual_manager, summary, ws_connect

AWAY = 60
DELAY = PACED_BOTS   # the bots of the `hosted` tables think this long





def state(client, table_id, token=None):
    return client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token} if token else {}).json()


def host_post(client, table_id, what, host, **body):
    return client.post(f"/api/tables/{table_id}/{what}", json=body, headers={"X-Host-Token": host} if host else {})


# ---- a newcomer's seats --------------------------------------------------------------------------------------
def test_a_stranger_cannot_take_a_bots_seat_to_read_its_hand_or_play_for_it(hosted):
    client, manager, _ = hosted
    table_id, _ = create_hosted(client, "gin_rummy", [None, "heuristic"])
    ann = join(client, table_id, 0, "Ann")
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Mallory"})
    assert r.status_code == 403 and "bot plays seat 1" in r.json()["error"] and "host" in r.json()["error"]
    assert summary(client, table_id)["seats"][1]["kind"] == "bot"
    # without a seat the bot's hand is never shown: a spectator's view, at every step of the history too
    table = manager.get(table_id)
    assert state(client, table_id)["view"] == table.state.view(None)
    history = client.get(f"/api/tables/{table_id}/history", params={"step": 0}).json()
    assert history["seat"] is None and history["view"] == manager.get(table_id).game.new(
        seed=table.stored.seed).view(None)
    assert state(client, table_id, ann)["seat"] == 0


def test_the_host_may_let_friends_take_the_bots_seats_mid_match(hosted):
    client, _, _ = hosted
    table_id, host = create_hosted(client, "yaniv", [None, "random", "random"], players=3)
    join(client, table_id, 0, "Ann")
    assert summary(client, table_id)["seats"][1]["takeable"] is False
    assert host_post(client, table_id, "settings", host, bots_may_be_replaced=True).status_code == 200
    assert summary(client, table_id)["settings"]["bots_may_be_replaced"] is True
    assert summary(client, table_id)["seats"][1]["takeable"] is True
    bob = join(client, table_id, 1, "Bob")
    assert state(client, table_id, bob)["seat"] == 1


def test_a_table_may_be_created_letting_friends_replace_bots(hosted):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, "random"], players=2,
                                settings={"bots_may_be_replaced": True, "away_seconds": 120})
    assert summary(client, table_id)["settings"] == {"has_host": True, "bots_may_be_replaced": True,
                                                     "away_seconds": 120, "hand_pause_seconds": 8,
                                                     "waiting": False, "rematch": None, "hints": True,
                                                     "reactions": True, "coached": False}
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).status_code == 200


# ---- only the host changes seats and settings ------------------------------------------------------------------
def test_only_the_host_changes_bots_opens_seats_kicks_or_changes_settings(hosted):
    client, _, _ = hosted
    table_id, host = create_hosted(client, "yaniv", [None, None, "random"], players=3)
    ann, bob = join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")
    before = summary(client, table_id)
    for who in (None, "guess", ann, bob):           # a spectator, a guess, and the people at the table
        for what, body in (("bot", {"seat": 2, "bot": "heuristic"}), ("bot", {"seat": 2, "bot": None}),
                           ("kick", {"seat": 1}), ("settings", {"bots_may_be_replaced": True})):
            r = host_post(client, table_id, what, who, **body)
            assert r.status_code == 403 and "only the table's host" in r.json()["error"], (who, what)
    assert summary(client, table_id) == before
    assert host_post(client, table_id, "bot", host, seat=2, bot="heuristic").status_code == 200
    assert summary(client, table_id)["seats"][2] == {"seat": 2, "kind": "bot", "bot": "heuristic", "takeable": False}


def test_the_host_kicks_a_person_and_a_bot_plays_their_seat(hosted):
    client, _, _ = hosted
    table_id, host = create_hosted(client, "yaniv", [None, None], players=2)
    join(client, table_id, 0, "Ann")
    squatter = join(client, table_id, 1, "Mallory")
    with ws_connect(client, table_id, squatter) as ws:
        ws.receive_json()
        assert host_post(client, table_id, "kick", host, seat=1).status_code == 200
        notice = ws.receive_json()
        assert notice["type"] == "error" and "no longer holds a seat" in notice["error"]
        assert ws.receive_json()["seat"] is None            # the connection only watches now
    seat = summary(client, table_id)["seats"][1]
    assert seat["kind"] == "bot" and not seat["takeable"]   # kicked: not open for the same person to sit again
    assert client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": squatter}).status_code == 403
    assert host_post(client, table_id, "kick", host, seat=1).status_code == 409   # nobody sits there now


def test_a_person_seat_is_changed_only_by_a_kick(hosted):
    client, _, _ = hosted
    table_id, host = create_hosted(client, "yaniv", [None, "random"], players=2)
    join(client, table_id, 0, "Ann")
    r = host_post(client, table_id, "bot", host, seat=0, bot="random")
    assert r.status_code == 409 and "kick" in r.json()["error"]


def test_nobody_rewrites_the_seats_of_a_finished_match(hosted):
    client, _, _ = hosted
    _, manager, clock = hosted
    table_id, host = create_hosted(client, "yessir", ["random"] * 3, players=3, options={"rounds_to_win": 1})
    later(manager, clock, 100)   # nobody watches: after a while the bots play at full speed
    assert summary(client, table_id)["is_over"]
    before = summary(client, table_id)
    for what, body in (("bot", {"seat": 0, "bot": "heuristic"}), ("bot", {"seat": 0, "bot": None}),
                       ("settings", {"away_seconds": 30})):
        r = host_post(client, table_id, what, host, **body)
        assert r.status_code == 409 and "match is over" in r.json()["error"]
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
    assert r.status_code == 409 and "match is over" in r.json()["error"]
    assert summary(client, table_id) == before


@pytest.mark.parametrize("settings, words", [
    ({"away_seconds": 5}, "away_seconds must be a whole number of seconds 15..1800"),
    ({"away_seconds": 100000}, "15..1800"),
    ({"away_seconds": True}, "15..1800"),
    ({"bots_may_be_replaced": "yes"}, "true or false"),
    ({"turn_limit": 3}, "unknown setting 'turn_limit'"),
])
def test_settings_are_checked(hosted, settings, words):
    client, _, _ = hosted
    r = client.post("/api/tables", json={"game": "yaniv", "players": 2, "seats": [None, None], "settings": settings})
    assert r.status_code == 400 and words in r.json()["error"]
    table_id, host = create_hosted(client, "yaniv", [None, None], players=2)
    r = host_post(client, table_id, "settings", host, **settings)
    assert r.status_code == 400 and words in r.json()["error"]


# ---- nobody absent or hostile freezes a table -----------------------------------------------------------------
def test_a_squatter_who_never_plays_is_replaced_by_a_bot_after_the_away_time(hosted):
    client, manager, clock = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, "random"], players=2)
    squatter = join(client, table_id, 0, "Mallory")      # takes the open seat, never connects, never plays
    assert later(manager, clock, AWAY - 1) == 0
    assert summary(client, table_id)["seats"][0]["kind"] == "person"
    later(manager, clock, 1)
    seat = summary(client, table_id)["seats"][0]
    assert seat == {"seat": 0, "kind": "bot", "bot": "heuristic", "takeable": False, "away": "Mallory"}
    later(manager, clock, DELAY)
    assert summary(client, table_id)["actions"] > 0       # the bot played the squatter's turn; the match goes on
    r = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": squatter})
    assert r.status_code == 403 and "while you are away" in r.json()["error"]


def test_a_connected_person_is_never_replaced_however_long_they_think(hosted):
    client, manager, clock = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, "random"], players=2)
    ann = join(client, table_id, 0, "Ann")
    with ws_connect(client, table_id, ann) as ws:
        ws.receive_json()
        later(manager, clock, 10 * AWAY)
        assert summary(client, table_id)["seats"][0]["kind"] == "person"
        assert summary(client, table_id)["seats"][0]["connected"] is True


def test_a_person_who_drops_off_gets_the_away_time_then_a_bot_then_their_seat_back(hosted):
    client, manager, clock = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, "random"], players=2)
    ann = join(client, table_id, 0, "Ann")
    with ws_connect(client, table_id, ann) as ws:
        ws.receive_json()
        later(manager, clock, 10 * AWAY)          # thinking, connected: nothing happens
    assert later(manager, clock, AWAY - 1) == 0   # the connection dropped: the away time counts from then
    assert summary(client, table_id)["seats"][0]["kind"] == "person"
    later(manager, clock, 1)
    assert summary(client, table_id)["seats"][0]["away"] == "Ann"
    later(manager, clock, DELAY)
    played_by_bot = summary(client, table_id)["actions"]
    assert played_by_bot > 0
    # Ann comes back: connecting with her token gives her the seat again
    with ws_connect(client, table_id, ann) as ws:
        message = ws.receive_json()
        assert message["seat"] == 0
        assert message["table"]["seats"][0] == {"seat": 0, "kind": "person", "name": "Ann", "takeable": False,
                                                "connected": True}
        later(manager, clock, 10 * AWAY)
        assert summary(client, table_id)["actions"] == played_by_bot   # her turn waits for her again


def test_nobody_else_may_take_the_seat_a_bot_keeps_for_an_away_person(hosted):
    client, manager, clock = hosted
    table_id, host = create_hosted(client, "yaniv", [None, "random"], players=2,
                                   settings={"bots_may_be_replaced": True})
    join(client, table_id, 0, "Ann")
    later(manager, clock, AWAY)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Mallory"})
    assert r.status_code == 403 and "for Ann until they come back" in r.json()["error"]


def test_an_open_seat_left_to_move_mid_match_is_kept_going_by_a_bot(hosted):
    client, manager, clock = hosted
    table_id, host = create_hosted(client, "yaniv", [None, "random"], players=2)
    ann = join(client, table_id, 0, "Ann")
    message = state(client, table_id, ann)
    assert act(client, table_id, ann, message["legal_actions"][0], message["version"]).status_code == 200
    host_post(client, table_id, "bot", host, seat=1, bot=None)      # the host opens the bot's seat mid-match
    message = state(client, table_id, ann)
    while message["table"]["current_player"] == 0:                   # Ann ends her turn
        message = act(client, table_id, ann, message["legal_actions"][0], message["version"]).json()
    assert summary(client, table_id)["seats"][1] == {"seat": 1, "kind": "open", "takeable": True}
    later(manager, clock, AWAY)                                      # nobody came: a bot keeps the seat open
    assert summary(client, table_id)["seats"][1] == {"seat": 1, "kind": "bot", "bot": "heuristic", "takeable": True}
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bob"}).status_code == 200


def test_the_host_sets_the_away_time(hosted):
    client, manager, clock = hosted
    table_id, host = create_hosted(client, "yaniv", [None, "random"], players=2, settings={"away_seconds": 300})
    join(client, table_id, 0, "Ann")
    later(manager, clock, 299)
    assert summary(client, table_id)["seats"][0]["kind"] == "person"
    later(manager, clock, 1)
    assert summary(client, table_id)["seats"][0]["kind"] == "bot"


def test_a_restart_gives_the_person_to_move_a_full_away_time(db_url):
    first, clock = manual_manager(db_url)
    table = first.create("yaniv", players=2, seats=[None, "random"], host_token="h")
    table.join(0, "Ann")
    later(first, clock, AWAY - 5)
    first.close()
    second, clock = manual_manager(db_url)
    table = second.get(table.table_id)
    later(second, clock, AWAY - 1)
    assert table.seats[0]["kind"] == "person"
    later(second, clock, 1)
    assert table.seats[0]["kind"] == "bot" and table.seats[0]["away"]["name"] == "Ann"


# ---- a join or an action sent twice ----------------------------------------------------------------------------
def test_a_join_sent_again_with_its_client_nonce_gets_the_same_seat_and_token(hosted):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    body = {"seat": 0, "name": "Ann", "client": "Hq3_vX9-tLr2WbZ8kPy4nA"}   # 16 random bytes, base64url
    first = client.post(f"/api/tables/{table_id}/join", json=body)
    again = client.post(f"/api/tables/{table_id}/join", json=body)      # the first answer was lost: retried
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert state(client, table_id, again.json()["token"])["seat"] == 0
    other = client.post(f"/api/tables/{table_id}/join", json={**body, "client": "c7Kd-Q2mVx_9TfRb4LwN8e"})
    assert other.status_code == 409 and "seat 0 is taken" in other.json()["error"]
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 0}).status_code == 409


@pytest.mark.parametrize("nonce", ["short", "x" * 65, "has space in it here", 12345678901234567, ["a" * 20]])
def test_a_bad_client_nonce_is_a_clear_error(hosted, nonce):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "client": nonce})
    assert r.status_code == 400 and "client must be a random text" in r.json()["error"]


def keeps_the_turn(state):
    """An action after which the same seat is to move and may play it again (YESSIR!'s re-roll of one die)."""
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.current_player == state.current_player and str(action) in map(str, after.legal_actions()):
            return str(action)
    return None


def test_an_action_sent_twice_is_played_once(hosted):
    """YESSIR!: re-rolling a die keeps the turn, and a double-sent re-roll once re-rolled twice (and spent the
    luck twice)."""
    client, manager, _ = hosted
    table_id, _ = create_hosted(client, "yessir", [None, None, None], players=3)
    tokens = [join(client, table_id, seat, name) for seat, name in enumerate(("Ann", "Bob", "Cy"))]
    table = manager.get(table_id)
    for _ in range(100):                       # play on until a seat may repeat its move
        action = keeps_the_turn(table.state)
        if action:
            break
        token = tokens[table.state.current_player]
        first = str(table.state.legal_actions()[0])
        assert act(client, table_id, token, first, len(table.state.history)).status_code == 200
    assert action, "no repeatable move came up"
    token, version = tokens[table.state.current_player], len(table.state.history)
    assert act(client, table_id, token, action, version).status_code == 200
    after_one = table.state.to_json()
    again = act(client, table_id, token, action, version)                # the same message once more
    assert again.status_code == 200 and table.state.to_json() == after_one
    # over the WebSocket too
    with ws_connect(client, table_id, token) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": action, "version": version})
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}                    # nothing was played, nothing broadcast
    assert table.state.to_json() == after_one
    # the same move chosen again at the new version is a new move, and is played
    assert act(client, table_id, token, action, version + 1).status_code == 200
    assert len(table.state.history) == version + 2


def test_an_action_chosen_before_the_table_moved_on_is_refused(hosted):
    client, _, _ = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    ann, bob = join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")
    message = state(client, table_id, ann)
    first = act(client, table_id, ann, message["legal_actions"][0], message["version"]).json()
    if first["table"]["current_player"] == 0:       # Yaniv: a turn of two actions; a second, different one
        stale = act(client, table_id, ann, first["legal_actions"][-1], message["version"])
        assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    r = act(client, table_id, bob, "draw", 0)
    assert r.status_code == 409
    r = client.post(f"/api/tables/{table_id}/actions", json={"token": ann, "action": "draw"})
    assert r.status_code == 400 and "version" in r.json()["error"]


def test_every_seat_rule_is_stored_and_survives_a_restart(db_url):
    first, clock = manual_manager(db_url)
    table = first.create("yaniv", players=3, seats=[None, "random", None], host_token="h",
                         settings={"bots_may_be_replaced": True, "away_seconds": 90})
    ann = table.join(0, "Ann", client="Zr4pN8_qLw2Xk7Tb-Vd9mC")
    table.kick("h", 0)
    table.join(2, "Bob")
    later(first, clock, 1000)
    first.close()
    second, _ = manual_manager(db_url)
    again = second.get(table.table_id)
    assert again.seats == table.seats and again.settings == table.settings
    assert json.dumps(again.summary()) == json.dumps(table.summary())
    with pytest.raises(Exception, match="holds no seat"):
        again.seat_of(ann)
