"""Bot pacing (``bot_delay``): each bot move comes on its own after a delay, from one scheduler thread."""
import threading
import time

import pytest

from gamenight import replay
from gamenight.web import TableManager, create_app, open_storage
from gamenight.web import tables as tables_module
from starlette.testclient import TestClient
from web_helpers import create, join

QUICK_BOTS = {"game": "yessir", "players": 3, "options": {"rounds_to_win": 1}}


def wait_for(predicate, timeout=20.0, step=0.005):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def bot_threads():
    return [t for t in threading.enumerate() if t.name == "gamenight-bots" and t.is_alive()]


@pytest.fixture
def paced(db_url):
    managers = []

    def make(delay):
        manager = TableManager(open_storage(db_url), test_seed=0, bot_delay=delay)
        managers.append(manager)
        return manager
    yield make
    for manager in managers:
        manager.close()


def test_a_paced_table_of_bots_reaches_the_end_one_move_at_a_time(paced):
    manager = paced(0.002)
    table = manager.create(**QUICK_BOTS, seats=["random"] * 3)
    heard = []
    table.listen(None, heard.append)
    assert wait_for(lambda: table.state.is_over)
    versions = [m["version"] for m in heard]
    # every move was broadcast on its own: the watcher saw each version once, in order
    assert versions == list(range(versions[0], len(table.state.history) + 1))
    assert len(versions) > 3 and heard[-1]["table"]["is_over"]
    assert replay(table.record()).to_json() == table.state.to_json()


def test_the_action_returns_after_the_persons_own_move_and_bots_follow_one_by_one(db_url):
    delay = 0.05
    with TestClient(create_app(db_url, test_seed=0, bot_delay=delay)) as client:
        table_id = create(client, "yaniv", [None, "random", "random"], players=3)
        token = join(client, table_id, 0)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            message = ws.receive_json()
            while message["table"]["current_player"] == 0:   # a Yaniv turn may be two actions
                r = client.post(f"/api/tables/{table_id}/actions",
                                json={"token": token, "action": message["legal_actions"][0]})
                assert r.status_code == 200
                message = r.json()
                assert ws.receive_json()["version"] == message["version"]
            # the answer is the person's own move only: the first bot is still thinking
            assert message["table"]["current_player"] == 1 and message["legal_actions"] == []
            mine = message["version"]
            arrivals = []
            while True:
                message = ws.receive_json()
                arrivals.append((time.monotonic(), message["version"]))
                if message["legal_actions"] or message["table"]["is_over"]:
                    break
    assert [v for _, v in arrivals] == list(range(mine + 1, mine + 1 + len(arrivals))) and len(arrivals) >= 2
    gaps = [b[0] - a[0] for a, b in zip(arrivals, arrivals[1:])]
    assert all(gap >= delay * 0.6 for gap in gaps), gaps


def test_a_person_taking_a_bots_seat_while_it_thinks_is_not_played_for(paced):
    manager = paced(0.3)
    table = manager.create("yaniv", players=3, seats=[None, "random", "random"])
    ann = table.join(0)
    while table.state.current_player == 0:
        table.act(ann, str(table.state.legal_actions()[0]))
    played = len(table.state.history)
    assert table.state.current_player == 1                                    # seat 1's bot is thinking
    bob = table.join(1)                                                       # Bob sits down meanwhile
    time.sleep(0.45)
    assert len(table.state.history) == played and table.state.current_player == 1  # nobody moved for Bob
    while table.state.current_player == 1:
        table.act(bob, str(table.state.legal_actions()[0]))
    moved_at = time.monotonic()
    played = len(table.state.history)
    assert wait_for(lambda: len(table.state.history) > played, timeout=5)     # seat 2's bot answers Bob
    assert time.monotonic() - moved_at >= 0.3 * 0.8                           # after a full delay
    # Bob leaves: the bot takes the seat back and plays it when it is to move
    table.leave(bob)
    assert table.seats[1] == {"kind": "bot", "bot": "random"}


def test_bots_to_move_play_on_after_a_restart(paced, db_url):
    first = paced(30.0)                  # the bots would think for 30 s: the server "stops" before they move
    table = first.create("yaniv", players=3, seats=[None, "random", "random"])
    token = table.join(0)
    while table.state.current_player == 0:
        table.act(token, str(table.state.legal_actions()[0]))
    played = len(table.state.history)
    assert first.scheduler.pending() == 1
    first.close()
    assert not bot_threads()
    second = paced(0.002)
    resumed = second.get(table.table_id)
    assert wait_for(lambda: resumed.state.current_player == 0 or resumed.state.is_over)
    assert len(resumed.state.history) >= played + 2
    third = paced(0.002)                 # what was played after the restart was stored
    assert third.get(table.table_id).state.to_json() == resumed.state.to_json()


def test_shutdown_leaves_no_bot_thread(db_url):
    for _ in range(3):
        with TestClient(create_app(db_url, test_seed=0, bot_delay=5.0)) as client:
            table_id = create(client, "yaniv", [None, "random", "random"], players=3)
            token = join(client, table_id, 0)
            message = client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()
            while message["legal_actions"]:
                message = client.post(f"/api/tables/{table_id}/actions",
                                      json={"token": token, "action": message["legal_actions"][0]}).json()
            assert bot_threads()
        assert not bot_threads()


def test_a_table_nobody_watches_and_no_person_sits_at_plays_at_full_speed(paced, monkeypatch):
    monkeypatch.setattr(tables_module, "UNWATCHED_FULL_SPEED_AFTER", 0.0)
    manager = paced(10.0)
    table = manager.create(**QUICK_BOTS, seats=["random"] * 3)
    assert wait_for(lambda: table.state.is_over, timeout=10)


def test_a_watched_table_of_bots_keeps_the_pace(paced, monkeypatch):
    monkeypatch.setattr(tables_module, "UNWATCHED_FULL_SPEED_AFTER", 0.0)
    manager = paced(0.2)
    table = manager.create(**QUICK_BOTS, seats=[None, "random", "random"])
    table.listen(None, lambda message: None)
    table.set_bot(0, "random")
    time.sleep(0.3)
    assert len(table.state.history) <= 2


def test_bot_delay_is_validated(db_url):
    for bad in (-1, 61, float("nan"), "1", True):
        with pytest.raises(ValueError, match="bot_delay"):
            TableManager(open_storage(db_url), test_seed=0, bot_delay=bad)
