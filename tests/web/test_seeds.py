"""Tables in tests are dealt from known seeds (``test_seed``), so a failure can be replayed exactly; a server people
play on never takes a seed, since a seed reveals every card."""
import pytest
from starlette.testclient import TestClient
from web_helpers import create

from gamenight.web import TableManager, create_app, open_storage


def test_a_server_for_players_refuses_a_seed_and_creates_nothing(db_url, monkeypatch):
    monkeypatch.undo()   # this server deals from fresh secret seeds, as a real one does
    with TestClient(create_app(db_url)) as client:
        r = client.post("/api/tables", json={"game": "yaniv", "players": 2, "seats": [None, "random"], "seed": 5})
        assert r.status_code == 400 and "seed" in r.json()["error"]
        assert client.get("/api/tables").json() == []
        # without a seed it deals as always
        table = {"game": "yaniv", "players": 2, "seats": [None, "random"]}
        assert client.post("/api/tables", json=table).status_code == 201


def test_the_same_test_seed_deals_the_same_tables(db_url, tmp_path):
    views = []
    for run in range(2):
        with TestClient(create_app(f"sqlite:///{tmp_path / f'{run}.db'}", test_seed=7)) as client:
            first = create(client, "gin_rummy", [None, "heuristic"])
            second = create(client, "gin_rummy", [None, "heuristic"])
            views.append([client.get(f"/api/tables/{t}/state").json()["view"] for t in (first, second)])
    assert views[0] == views[1]
    assert views[0][0] != views[0][1]          # the tables of one run are dealt differently


def test_a_named_seed_deals_that_deal_and_bots_play_it_the_same_way(db_url):
    records = []
    with TestClient(create_app(db_url, test_seed=0)) as client:
        for _ in range(2):
            table_id = create(client, "yessir", ["heuristic"] * 3, players=3, options={"rounds_to_win": 1}, seed=42)
            records.append(client.get(f"/api/tables/{table_id}/record").json())
    assert records[0]["seed"] == records[1]["seed"] == 42
    assert records[0]["actions"] == records[1]["actions"] and len(records[0]["actions"]) > 3


@pytest.mark.parametrize("bad", [-1, 2 ** 63, True, "5", 1.5])
def test_a_bad_seed_is_a_clear_error(client, bad):
    r = client.post("/api/tables", json={"game": "yaniv", "players": 2, "seats": [None, "random"], "seed": bad})
    assert r.status_code == 400 and "seed must be a whole number" in r.json()["error"]


@pytest.mark.parametrize("bad", [-1, True, "0", 2 ** 63])
def test_test_seed_is_validated(db_url, bad):
    with pytest.raises(ValueError, match="test_seed"):
        TableManager(open_storage(db_url), test_seed=bad)
