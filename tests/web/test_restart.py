"""Nothing is lost: every table resumes exactly after a restart (two managers on one database: an SQLite file, or
PostgreSQL)."""
import random

import pytest
from starlette.testclient import TestClient
from web_helpers import GAMES, SHORT, act, crash, create, heuristic_or_random, join, play_http, steady, wait_for

import gamenight
from gamenight.web import TableManager, create_app, open_storage
from gamenight.web import shared as shared_module
from gamenight.web.storage import SQLiteStorage


def test_tables_resume_exactly_after_a_restart(any_db_url, monkeypatch):
    """Kill in the middle of games (the first manager is never closed), start again: every table is where it was.
    On a shared database (PostgreSQL) the new server takes the tables over once the killed one's leases run out."""
    monkeypatch.setattr(shared_module, "LEASE_SECONDS", 1.0)
    first = TableManager(open_storage(any_db_url), test_seed=0)
    rng = random.Random(8)
    tokens = {}
    for game in GAMES:
        n = SHORT[game]["players"]
        table = first.create(game, players=n, seats=[None] + [heuristic_or_random(game)] * (n - 1))
        token = table.join(0, "Ann")
        tokens[table.table_id] = token
        for _ in range(rng.randint(1, 6)):
            if table.state.is_over:
                break
            table.act(token, str(rng.choice(table.state.legal_actions())), version=len(table.state.history))
    # one table where everybody is a person, stopped mid-hand, and one with an open seat to move
    people = first.create("gin_rummy", players=2)
    people_tokens = [people.join(0), people.join(1)]
    for _ in range(5):
        seat = people.state.current_player
        people.act(people_tokens[seat], str(people.state.legal_actions()[-1]), version=len(people.state.history))
    waiting = first.create("yaniv", players=3, seats=[None, "random", "random"])

    if first.coordinator is not None:
        crash(first)
    second = TableManager(open_storage(any_db_url), test_seed=0)
    if second.coordinator is not None:
        live = {t.table_id for t in first.tables.values() if not t.state.is_over}
        wait_for(lambda: live <= {t.table_id for t in second.tables.values() if t.driving}, "the tables taken over")
    assert sorted(second.tables) == sorted(first.tables)
    for table_id, before in first.tables.items():
        after = second.get(table_id)
        assert after.state.to_json() == before.state.to_json()
        assert steady(after.summary()) == steady(before.summary())
        clock = after.summary()["turn_clock"]
        if clock is not None:   # a restart gives the person to move a whole away time (moves.py), on the clock too
            assert clock["seconds"] - 1 < clock["seconds_left"] <= clock["seconds"]
        for seat in range(after.game.num_players):
            assert after.state.view(seat) == before.state.view(seat)
    # the people's tokens still hold their seats, and play goes on to the end
    for table_id, token in tokens.items():
        table = second.get(table_id)
        assert table.seat_of(token) == 0
        while not table.state.is_over:
            table.act(token, str(rng.choice(table.state.legal_actions())), version=len(table.state.history))
        assert gamenight.replay(table.record()).to_json() == table.state.to_json()
    resumed = second.get(people.table_id)
    assert [resumed.seat_of(t) for t in people_tokens] == [0, 1]
    assert second.get(waiting.table_id).state.history == [] and second.get(waiting.table_id).seats[0]["kind"] == "open"


def test_restart_over_http(any_db_url):
    with TestClient(create_app(any_db_url, test_seed=0)) as client:
        table_id = create(client, "yaniv", [None, "heuristic", "random"], players=3)
        token = join(client, table_id, 0)
        mine = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
        act(client, table_id, token, mine["legal_actions"][0], mine["version"])
        before = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    with TestClient(create_app(any_db_url, test_seed=0)) as client:
        after = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
        assert steady(after) == steady(before)
        assert play_http(client, table_id, {0: token}, random.Random(9))["table"]["is_over"]


def test_an_action_the_database_refuses_is_not_played(any_db_url):
    """The action is committed before anyone hears of it: if the write fails, the table is as it was."""
    manager = TableManager(open_storage(any_db_url), test_seed=0)
    table = manager.create("yaniv", players=3, seats=[None, "random", "random"])
    token = table.join(0)
    before = table.state.to_json()
    heard = []
    table.listen(token, heard.append)

    def refuse(*args, **kwargs):
        from gamenight.web.storage import StorageError
        raise StorageError("disk full")
    table.storage.append_action = refuse
    from gamenight.web import TableError
    with pytest.raises(TableError, match="could not save the action, so it was not played"):
        table.act(token, str(table.state.legal_actions()[0]), version=len(table.state.history))
    assert table.state.to_json() == before and len(heard) == 1


@pytest.mark.parametrize("url, path", [("sqlite:///x.db", "x.db"), ("sqlite:////tmp/x.db", "/tmp/x.db"),
                                       ("sqlite:///:memory:", ":memory:")])
def test_database_urls(url, path, monkeypatch):
    monkeypatch.setattr(SQLiteStorage, "__init__", lambda self, p: setattr(self, "path", p))
    assert open_storage(url).path == path


@pytest.mark.parametrize("url", ["mysql://x/y", "x.db", "sqlite://", "postgresql+psycopg://x/y"])
def test_unsupported_database_urls_are_refused(url):
    with pytest.raises(ValueError):
        open_storage(url)


def test_a_bot_move_the_database_refuses_is_tried_again_and_the_persons_move_stands(any_db_url):
    """With bots answering at once, a bot move that cannot be saved does not undo or fail the person's move that
    woke the bots: it is logged and the bots try again."""
    from web_helpers import later, manual_manager

    from gamenight.web.storage import StorageError
    manager, clock = manual_manager(any_db_url)
    table = manager.create("yaniv", players=2, seats=[None, "random"])
    token = table.join(0)
    real = table.storage.append_action
    refuse_after = []   # the number of the person's last action: everything after it is refused

    def refuse_the_bots(table_id, number, action, finished=False, revision=None):
        if refuse_after and number > refuse_after[0]:
            raise StorageError("disk full")
        return real(table_id, number, action, finished, revision)
    table.storage.append_action = refuse_the_bots
    while table.state.current_player == 0:
        refuse_after[:] = [len(table.state.history) + 1]
        table.act(token, str(table.state.legal_actions()[0]), version=len(table.state.history))
    played = len(table.state.history)
    assert played == refuse_after[0] and table.state.current_player == 1   # the person's move stands, the bot's not
    later(manager, clock, 1.0)
    assert len(table.state.history) == played                               # still refused: nothing played
    table.storage.append_action = real                                      # the database recovers
    later(manager, clock, 1.0)
    assert len(table.state.history) > played                                # and the bot plays
