"""Search bots at web tables: they think in worker processes from the seat's view alone, never block the table's
thread, a stale thought is forgotten; hints at tables whose host allows them; the lobby's levels."""
import threading

import pytest
from starlette.testclient import TestClient
from web_helpers import create_hosted, join, manual_manager, ws_connect

import gamenight
from gamenight.web import create_app
from gamenight.web.routes import games_catalogue
from gamenight.web.thinking import Job, Thinkers, run_job, thinks


class HeldThinkers(Thinkers):
    """Thinkers that keep each job and its callback until the test answers it (no process, no thread)."""

    def __init__(self):
        super().__init__(workers=0)
        self.jobs: list[tuple[Job, object]] = []

    def submit(self, job, done):
        self.jobs.append((job, done))

    def answer(self, index=-1):
        job, done = self.jobs.pop(index)
        done(run_job(job))
        return job


def test_search_bots_think_in_the_pool_and_the_others_play_at_once():
    assert thinks("expert") and thinks("strong")
    assert not thinks("heuristic") and not thinks("random")


def test_a_search_bots_move_is_thought_from_the_seats_view_and_played_when_it_comes(db_url):
    thinkers = HeldThinkers()
    manager, clock = manual_manager(db_url, thinkers=thinkers, think_iterations=4)
    table = manager.create("yessir", players=2, seats=["expert", "heuristic"], options={"rounds_to_win": 1})
    seat = table.state.current_player
    assert table.seats[seat]["bot"] == "expert" and len(thinkers.jobs) == 1
    job, _ = thinkers.jobs[0]
    # what crosses to the worker is the seat's view and the legal moves, never the state
    assert job.view == table.state.view(seat) and job.view["seat"] == seat
    assert set(job.legal) == {str(a) for a in table.state.legal_actions()}
    before = len(table.state.history)
    thinkers.answer()
    assert len(table.state.history) == before   # the answer is played on the table's scheduler, not in the pool
    manager.scheduler.run_due()
    assert len(table.state.history) > before
    for _ in range(200):
        if table.state.is_over:
            break
        if thinkers.jobs:
            thinkers.answer()
        manager.scheduler.run_due()
    assert table.state.is_over


def test_a_thought_that_comes_after_a_person_took_the_seat_is_forgotten(db_url):
    thinkers = HeldThinkers()
    manager, clock = manual_manager(db_url, thinkers=thinkers, think_iterations=4)
    table = manager.create("yessir", players=2, seats=["heuristic", "expert"], host_token="h" * 32,
                           settings={"bots_may_be_replaced": True})
    for _ in range(100):   # the heuristic plays at once; stop when the expert is thinking
        if thinkers.jobs:
            break
        manager.scheduler.run_due()
    assert thinkers.jobs and table.state.current_player == 1, "the expert is thinking"
    history = len(table.state.history)
    bob = table.join(1, "Bob")          # a friend takes the bot's seat meanwhile
    thinkers.answer()
    manager.scheduler.run_due()
    assert len(table.state.history) == history, "the bot's late move was not played in the person's seat"
    bobs = str(table.state.legal_actions()[0])
    table.act(bob, bobs, version=history)
    assert str(table.state.history[history]) == bobs


def test_a_real_worker_process_plays_an_expert_through_a_match(db_url):
    app = create_app(db_url, test_seed=3, think_workers=1, think_iterations=4)
    with TestClient(app) as client:
        table_id, _ = create_hosted(client, "yessir", ["expert", "heuristic"], players=2,
                                    options={"rounds_to_win": 1})
        with ws_connect(client, table_id) as ws:
            for _ in range(500):
                message = ws.receive_json()
                if message.get("table", {}).get("is_over"):
                    break
            else:
                raise AssertionError("the match with an expert did not end")
        assert client.get(f"/api/tables/{table_id}/record").status_code == 200


# ---- hints -----------------------------------------------------------------------------------------------------
@pytest.fixture
def hint_client(db_url):
    manager, clock = manual_manager(db_url, thinkers=Thinkers(workers=0), think_iterations=6)
    with TestClient(create_app(manager=manager)) as client:
        yield client, manager


def my_turn_table(client, game="gin_rummy", hints=True, **options):
    table_id, host = create_hosted(client, game, [None, "heuristic"], players=2,
                                   settings={"hints": hints}, options=options)
    token = join(client, table_id, 0, "Ann")
    return table_id, host, token


def test_hints_are_off_unless_the_host_allows_them(hint_client):
    client, _ = hint_client
    table_id, host, token = my_turn_table(client, hints=False)
    r = client.post(f"/api/tables/{table_id}/hint", json={"token": token})
    assert r.status_code == 403 and "hints are off" in r.json()["error"]
    assert client.post(f"/api/tables/{table_id}/settings", json={"hints": True},
                       headers={"X-Host-Token": host}).status_code == 200
    assert client.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is True


def test_hints_are_on_by_default_at_a_table_with_bots_and_off_at_a_table_of_people(hint_client):
    client, _ = hint_client
    settings = {}
    for seats in ([None, None], [None, "random"], ["random", "heuristic"]):
        table_id, _ = create_hosted(client, "gin_rummy", seats, players=2)
        settings[str(seats)] = client.get(f"/api/tables/{table_id}").json()["settings"]["hints"]
    assert settings == {"[None, None]": False, "[None, 'random']": True, "['random', 'heuristic']": True}
    table_id, host = create_hosted(client, "gin_rummy", [None, "random"], players=2, settings={"hints": False})
    assert client.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is False   # the creator said so
    table_id, host = create_hosted(client, "gin_rummy", [None, None], players=2, settings={"hints": True})
    assert client.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is True
    table_id, host = create_hosted(client, "gin_rummy", [None, "random"], players=2)
    assert client.post(f"/api/tables/{table_id}/settings", json={"hints": False},
                       headers={"X-Host-Token": host}).status_code == 200   # and the host may turn them off
    assert client.get(f"/api/tables/{table_id}").json()["settings"]["hints"] is False


def test_a_hint_gives_the_experts_best_legal_moves_for_the_persons_view(hint_client):
    client, manager = hint_client
    table_id, _, token = my_turn_table(client)
    table = manager.get(table_id)
    assert table.state.current_player == 0
    r = client.post(f"/api/tables/{table_id}/hint", json={"token": token})
    assert r.status_code == 200, r.text
    moves = r.json()["moves"]
    legal = {str(a) for a in table.state.legal_actions()}
    assert 1 <= len(moves) <= 3 and all(m["action"] in legal and 0 <= m["win"] <= 1 for m in moves)


def test_a_hint_is_for_ones_own_turn_and_one_at_a_time(hint_client):
    client, manager = hint_client
    table_id, _ = create_hosted(client, "gin_rummy", [None, None], players=2, settings={"hints": True})
    tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
    waiting = 1 - manager.get(table_id).state.current_player
    r = client.post(f"/api/tables/{table_id}/hint", json={"token": tokens[waiting]})
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    assert client.post(f"/api/tables/{table_id}/hint", json={"token": "nope"}).status_code == 403
    assert client.post(f"/api/tables/{table_id}/hint", json={}).status_code == 401


def test_a_table_works_out_one_hint_at_a_time(hint_client):
    client, manager = hint_client
    table_id, _, token = my_turn_table(client)
    table = manager.get(table_id)
    job = table.hint_job(token)
    assert job.view == table.state.view(0) and job.top == 3
    with pytest.raises(gamenight.web.errors.TableError) as refused:
        table.hint_job(token)
    assert refused.value.status == 429
    table.hint_done()
    table.hint_job(token)


def test_the_hint_route_never_blocks_other_requests_while_it_thinks(db_url):
    gate = threading.Event()

    class Slow(Thinkers):
        def submit(self, job, done):
            threading.Thread(target=lambda: (gate.wait(30), done(run_job(job)))).start()

    manager, _ = manual_manager(db_url, thinkers=Slow(workers=0), think_iterations=4)
    with TestClient(create_app(manager=manager)) as client:
        table_id, _, token = my_turn_table(client)
        result = {}
        asking = threading.Thread(target=lambda: result.update(
            r=client.post(f"/api/tables/{table_id}/hint", json={"token": token})))
        asking.start()
        # while the hint thinks, the table answers
        assert client.get(f"/api/tables/{table_id}").status_code == 200
        gate.set()
        asking.join(30)
        assert result["r"].status_code == 200


# ---- the lobby's levels ----------------------------------------------------------------------------------------
def test_the_lobby_offers_levels_in_words_weakest_first_each_described():
    for game in games_catalogue():
        labels = game["bot_labels"]
        assert {"Beginner", "Casual", "Strong", "Quick Expert", "Expert"} == set(labels.values())
        casual = "simple" if "simple" in game["bots"] else "casual"
        order = [game["bots"].index(b) for b in ("random", casual, "heuristic", "strong", "expert")]
        assert order == sorted(order)
        assert game["friendly_bot"] == casual and labels[casual] == "Casual"   # the lobby's first choice
        assert all(game["bot_docs"][b] for b in game["bots"])
