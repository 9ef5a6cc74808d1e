"""``GET /api/tables/{id}/history?step=K``: the view a seat had after K actions, never more than it saw then."""
import random

import pytest
from web_helpers import GAMES, SHORT, create, heuristic_or_random, join, play_ws, snapshots, ws_connect

from gamenight.web import history as history_module


def history(client, table_id, step, token=None):
    headers = {"X-Seat-Token": token} if token else {}
    return client.get(f"/api/tables/{table_id}/history", params={"step": step}, headers=headers)


@pytest.mark.parametrize("game", GAMES)
def test_history_is_what_each_seat_received_live_at_every_step(client, game):
    spec = SHORT[game]
    n = spec["players"]
    table_id = create(client, game, [None, None] + [heuristic_or_random(game)] * (n - 2), players=n,
                      options=spec["options"])
    tokens = {0: join(client, table_id, 0), 1: join(client, table_id, 1), None: None}
    with ws_connect(client, table_id, tokens[0]) as ws0, \
            ws_connect(client, table_id, tokens[1]) as ws1, \
            ws_connect(client, table_id) as watcher:
        received = play_ws(client, table_id, {0: ws0, 1: ws1, None: watcher}, random.Random(5))
    table = client.app.state.manager.get(table_id)
    steps = len(table.state.history)
    for seat, messages in received.items():
        live = {m["version"]: m for m in messages if m["type"] == "state"}
        # the seat heard of every step (each move is broadcast on its own)
        assert set(live) == set(range(min(live), steps + 1))
        for version, message in live.items():
            past = history(client, table_id, version, tokens[seat])
            assert past.status_code == 200, past.text
            past = past.json()
            assert past["type"] == "history" and past["legal_actions"] == []
            assert (past["seat"], past["version"], past["steps"]) == (seat, version, steps)
            assert past["view"] == message["view"], f"seat {seat}, step {version}"
            assert past["table"] == client.get(f"/api/tables/{table_id}").json()
    # steps before the sockets connected: the engine's view of the replayed record at that step
    states = snapshots(table)
    for seat, token in tokens.items():
        for step in range(0, min(m["version"] for m in received[seat])):
            assert history(client, table_id, step, token).json()["view"] == states[step].view(seat)


def test_history_of_a_long_match_from_checkpoints_in_any_order(client, monkeypatch):
    """Steps asked in any order (forward, back, jumps) give the replayed record's view each time, with the
    checkpoints spaced and thinned out."""
    monkeypatch.setattr(history_module, "SPACING", 5)
    monkeypatch.setattr(history_module, "CHECKPOINTS", 4)
    # a match of 150-1,000 actions: long enough that the checkpoints are thinned out several times, short enough
    # to replay from them for every step asked (the server draws the seed, so a few tables may be needed; random
    # bots' Gin Rummy can run to thousands of actions)
    for _ in range(100):
        table_id = create(client, "gin_rummy", ["heuristic", "heuristic"], players=2, options={"game_target": 100})
        table = client.app.state.manager.get(table_id)
        assert table.state.is_over
        if 150 <= len(table.state.history) <= 1000:
            break
    steps = len(table.state.history)
    assert 150 <= steps <= 1000
    states = snapshots(table)
    order = list(range(steps + 1)) + list(range(steps, -1, -1))
    rng = random.Random(7)
    order += [rng.randint(0, steps) for _ in range(100)]
    for step in order:
        seat = rng.choice([0, 1, None])
        assert table.history_message(None, step)["view"] == states[step].view(None)
        assert table.history.state_at(step, table.state.history[:step], steps).view(seat) == states[step].view(seat)
        assert len(table.history.kept()) <= 4
    assert table.history.kept()[0] == 0


def test_history_refuses_bad_steps_tokens_and_tables(client):
    table_id = create(client, "yaniv", [None, "random", "random"], players=3)
    token = join(client, table_id, 0)
    assert history(client, table_id, 0, token).json()["seat"] == 0
    for bad in (-1, 1, "x", "", "1.5", "99999999999999"):
        r = history(client, table_id, bad, token)
        assert r.status_code == 400 and "step must be a whole number 0..0" in r.json()["error"], bad
    assert client.get(f"/api/tables/{table_id}/history").status_code == 400
    assert history(client, table_id, 0, "guess").status_code == 403
    # a token in the address is refused (addresses are logged): the header carries it
    assert client.get(f"/api/tables/{table_id}/history", params={"step": 0, "token": token}).status_code == 400
    assert history(client, "nope", 0).status_code == 404
