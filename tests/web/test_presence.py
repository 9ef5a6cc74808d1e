"""Who is here reaches every page at once: a seated person's first connection, and their last going, are a small
change of the summary's seats (``connected``) to every other page of the table, at this server and at the others on
a shared database; a person connecting and going in a loop makes the server queue no more work than once."""
import json

from test_shared_database import manual_server, server
from web_helpers import check_documented, create_hosted, join, wait_for, ws_connect

from gamenight.web import TableManager
from gamenight.web import shared as shared_module


def presence_change(ws) -> dict:
    """The next message, read as it travels: a change of the summary's seats and of nothing else."""
    text = ws.receive_text()
    change = json.loads(text)
    check_documented(change)
    assert change["type"] == "change" and set(change) == {"type", "version", "table"}, change
    assert set(change["table"]) == {"seats"}, change
    return change


def test_the_host_hears_at_once_when_a_friend_connects_and_when_the_friend_goes(client):
    table_id, host = create_hosted(client, "yaniv", [None, None], players=2)
    ann, guesty = join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Guesty")
    with ws_connect(client, table_id, ann) as ws:
        held = json.loads(ws.receive_text())
        assert held["type"] == "state" and held["table"]["seats"][1]["connected"] is False
        with ws_connect(client, table_id, guesty) as friend:
            friend.receive_json()
            came = presence_change(ws)
            assert came["version"] == held["version"]
            assert came["table"]["seats"][1] == {**held["table"]["seats"][1], "connected": True}
            assert came["table"]["seats"][0] == held["table"]["seats"][0]
            with ws_connect(client, table_id) as watcher:   # a spectator is nobody's presence: nothing is sent
                watcher.receive_json()
        went = presence_change(ws)                          # the friend's page closed
        assert went["table"]["seats"][1]["connected"] is False
        for text in (json.dumps(came), json.dumps(went)):
            assert ann not in text and guesty not in text and host not in text and "token" not in text
        ws.send_json({"type": "ping"})                      # and nothing else was sent
        assert json.loads(ws.receive_text()) == {"type": "pong"}


def test_a_second_page_of_a_person_already_here_changes_nothing(client):
    table_id, _ = create_hosted(client, "yaniv", [None, None], players=2)
    ann, guesty = join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Guesty")
    with ws_connect(client, table_id, ann) as ws:
        assert not ws.receive_json()["table"]["seats"][1]["connected"]   # Ann's page is listening before Guesty's
        with ws_connect(client, table_id, guesty) as friend:          # opens (else which hello is read first is a race)
            friend.receive_json()
            assert ws.receive_json()["table"]["seats"][1]["connected"]
            with ws_connect(client, table_id, guesty) as again:   # Guesty's second tab: still here, nothing to say
                again.receive_json()
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


def test_a_friend_coming_and_going_in_a_loop_queues_one_message_at_most(hosted):
    """Guesty's page connects and goes 50 times while the scheduler is held: one job at most is queued, and the host's
    page is told once that Guesty came and, when the job runs, once that they went."""
    client, manager, clock = hosted
    table_id, _ = create_hosted(client, "yaniv", [None, None, None], players=3, settings={"hold_start": True})
    ann, guesty = join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Guesty")
    heard = []
    table = manager.get(table_id)
    table.listen(ann, heard.append)
    queued = manager.scheduler.pending()
    for _ in range(50):
        with ws_connect(client, table_id, guesty) as friend:
            friend.receive_json()
    assert manager.scheduler.pending() <= queued + 1
    assert [m["table"]["seats"][1]["connected"] for m in heard] == [False, True]
    manager.scheduler.run_due()
    assert [m["table"]["seats"][1]["connected"] for m in heard] == [False, True, False]
    assert heard[-1].change is not None and set(heard[-1].change["table"]) == {"seats"}


def ann_at_a_guesty_at_b(url, a: TableManager):
    """A table of three made at server A (waiting for its friends: nothing is played), Ann's page open there: (the
    table at A, its copy at a second server B, B, Guesty's token, what Ann's page heard)."""
    b = server(url, test_seed=1)
    table = a.create("yaniv", players=3, seats=[None, None, None], settings={"hold_start": True})
    ann = table.join(0, "Ann")
    heard: list = []
    table.listen(ann, heard.append)
    mirror = b.get(table.table_id)
    guesty = mirror.join(1, "Guesty")
    return table, mirror, b, guesty, heard


def test_a_friend_connecting_at_another_server_reaches_the_host_s_page_at_once(postgres_url):
    a = server(postgres_url)
    table, mirror, b, guesty, heard = ann_at_a_guesty_at_b(postgres_url, a)
    wait_for(lambda: heard and heard[-1]["table"]["seats"][1].get("name") == "Guesty", "A to hear of the join")
    assert heard[-1]["table"]["seats"][1]["connected"] is False
    key = mirror.listen(guesty, lambda message: None)            # Guesty's page opens at B
    wait_for(lambda: heard[-1]["table"]["seats"][1]["connected"], "Ann's page at A to hear Guesty came")
    assert set(heard[-1].change) == {"type", "version", "table"} and set(heard[-1].change["table"]) == {"seats"}
    mirror.unlisten(key)                                         # ... and closes
    wait_for(lambda: not heard[-1]["table"]["seats"][1]["connected"], "Ann's page at A to hear Guesty went")
    assert set(heard[-1].change["table"]) == {"seats"}


def test_another_server_s_comings_and_goings_are_read_once_however_many_come_at_once(postgres_url, monkeypatch):
    """Guesty's page at B connects and goes 30 times: A, whose scheduler is held, queues one reading of the
    connections for all of them (and the host's page there hears the outcome once)."""
    monkeypatch.setattr(shared_module, "CHECK_SECONDS", 3600.0)   # A queues no catching up of its own meanwhile
    a, _ = manual_server(postgres_url)
    table, mirror, b, guesty, heard = ann_at_a_guesty_at_b(postgres_url, a)
    wait_for(lambda: heard and heard[-1]["table"]["seats"][1].get("name") == "Guesty", "A to hear of the join",
             pump=[a])
    told = len(heard)
    readings = []
    read = a.storage.connections_elsewhere
    a.storage.connections_elsewhere = lambda table_id: readings.append(table_id) or read(table_id)
    queued = a.scheduler.pending()
    for _ in range(30):
        mirror.unlisten(mirror.listen(guesty, lambda message: None))
    mirror.leave(guesty)   # a seat change after them: once A has queued its catching up, it has heard them all
    wait_for(lambda: a.scheduler.pending() >= queued + 2, "A to hear everything B said")
    a.scheduler.run_due()
    assert readings == [table.table_id]                      # one reading for the 60 notices
    assert table.seats[1].get("name") != "Guesty" and len(heard) - told <= 2
