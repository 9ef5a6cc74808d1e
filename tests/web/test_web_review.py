"""Game review at the web table: once the match is over, a seated person asks for the expert's review of their own
decisions; each decision is judged in the thinking workers from the seat's view at that decision alone, one at a
time; the progress and the review reach that person's connections only; one review at a time per table and a cap
on the server; a rematch starts with none; the tables play on meanwhile."""
import threading

import pytest
from starlette.testclient import TestClient
from web_helpers import create_hosted, join, manual_manager, ws_connect

import gamenight
from gamenight.web import create_app
from gamenight.web.errors import TableError
from gamenight.web.thinking import Job, Thinkers, run_job

ITERATIONS = 3      # a tiny budget: these tests check the bookkeeping, not the expert's strength
YESSIR = {"rounds_to_win": 1}
VERDICTS = {"best", "fine", "inaccuracy", "mistake", "blunder"}


class HeldThinkers(Thinkers):
    """A pool of ``workers`` that keeps each job and its callback until the test answers it (no process, no
    thread): a review's jobs go to it as to a real pool."""

    def __init__(self, workers=2):
        super().__init__(workers=workers)
        self.jobs: list[tuple[Job, object]] = []

    def submit(self, job, done):
        self.jobs.append((job, done))

    def answer(self, index=0, answer=...):
        job, done = self.jobs.pop(index)
        done(run_job(job) if answer is ... else answer)
        return job


@pytest.fixture
def held(db_url):
    thinkers = HeldThinkers()
    manager, _ = manual_manager(db_url, thinkers=thinkers, think_iterations=ITERATIONS)
    return manager, thinkers


def finished_table(manager, seats=(None, "heuristic"), names=("Ann", "Bob")):
    """A short YESSIR! match played to its end, the people in ``seats`` (None) always playing their first legal move:
    (table, the people's tokens by seat)."""
    table = manager.create("yessir", players=2, seats=list(seats), options=YESSIR, host_token="h" * 32)
    tokens = {seat: table.join(seat, names[seat]) for seat, bot in enumerate(seats) if bot is None}
    for _ in range(500):
        if table.state.is_over:
            return table, tokens
        seat = table.state.current_player
        table.act(tokens[seat], str(table.state.legal_actions()[0]), version=len(table.state.history))
    raise AssertionError("the match did not end")


def choices(table, seat):
    """(index, view, legal, played) of each move of ``seat`` with a choice, replayed from the record with the
    engine alone."""
    record = table.record()
    found = []
    for index, played in enumerate(record["actions"]):
        state = gamenight.replay({**record, "actions": record["actions"][:index]})
        legal = [str(a) for a in state.legal_actions()]
        if state.current_player == seat and len(legal) > 1:
            found.append((index, state.view(seat), legal, played))
    return found


def judge_all(manager, thinkers):
    """Answer the review's jobs one by one (each answer comes on the scheduler) until none is left."""
    judged = 0
    while thinkers.jobs:
        thinkers.answer()
        manager.scheduler.run_due()
        judged += 1
    return judged


# ---- what crosses to the workers ----------------------------------------------------------------------------
def test_each_job_carries_the_seats_view_at_that_decision_and_nothing_else(held):
    manager, thinkers = held
    table, tokens = finished_table(manager)
    expected = choices(table, 0)
    assert len(expected) >= 2, "pick a match where the person chose more than once"
    table.review(tokens[0])
    seeds = set()
    for _, view, legal, played in expected:
        assert len(thinkers.jobs) == 1, "the decisions go one at a time"
        job, _ = thinkers.jobs[0]
        assert job.view == view and job.view["seat"] == 0 and isinstance(job.view, dict)
        assert list(job.legal) == legal and job.played == played
        assert (job.game, job.players, job.bot, job.iterations) == ("yessir", 2, "expert", ITERATIONS)
        assert str(table.stored.seed) not in job.seed   # its own chance, never the table's seed
        seeds.add(job.seed)
        thinkers.answer()
        manager.scheduler.run_due()
    assert not thinkers.jobs and len(seeds) == len(expected)


def test_without_a_think_budget_the_review_uses_the_experts_own(db_url):
    thinkers = HeldThinkers()
    manager, _ = manual_manager(db_url, thinkers=thinkers)
    table, tokens = finished_table(manager)
    table.review(tokens[0])
    assert thinkers.jobs[0][0].iterations is None and thinkers.jobs[0][0].played


# ---- the review, its progress, and who hears of it ------------------------------------------------------------
def test_the_progress_and_the_review_reach_that_persons_connections_only(held):
    manager, thinkers = held
    table, tokens = finished_table(manager, seats=(None, None))
    heard = {"ann": [], "ann2": [], "bob": [], "watcher": []}
    table.listen(tokens[0], heard["ann"].append)
    table.listen(tokens[0], heard["ann2"].append)       # Ann's second tab
    table.listen(tokens[1], heard["bob"].append)
    table.listen(None, heard["watcher"].append)
    started = table.review(tokens[0])
    total = len(choices(table, 0))
    assert started == {"type": "review", "seat": 0, "status": "running", "done": 0, "total": total}
    assert judge_all(manager, thinkers) == total
    reviews = {who: [m for m in messages if m["type"] == "review"] for who, messages in heard.items()}
    assert reviews["bob"] == reviews["watcher"] == []
    assert reviews["ann"] == reviews["ann2"]
    assert [(m["status"], m["done"], m["total"]) for m in reviews["ann"]] == \
        [("running", k, total) for k in range(total)] + [("done", total, total)]
    assert reviews["ann"][-1] == table.review_of(tokens[0]) == table.review(tokens[0])


def test_the_finished_review_judges_every_decision_of_the_seat(held):
    manager, thinkers = held
    table, tokens = finished_table(manager)
    table.review(tokens[0])
    judge_all(manager, thinkers)
    review = table.review_of(tokens[0])
    expected = choices(table, 0)
    assert review["status"] == "done" and review["done"] == review["total"] == len(expected)
    assert [(d["index"], d["view"], d["legal"], d["played"]) for d in review["decisions"]] == expected
    for d in review["decisions"]:
        assert d["seat"] == 0 and d["verdict"] in VERDICTS and d["best"] in d["legal"]
        assert 0 <= d["win"] <= 1 and d["loss"] >= 0
    summary = review["summary"]
    assert summary["seat"] == 0 and summary["decisions"] == len(expected) == sum(summary["verdicts"].values())
    assert summary["accuracy"] == pytest.approx(100 * (1 - summary["mean_loss"]), abs=0.05)


def test_asking_again_gives_the_same_review_and_starts_nothing(held):
    manager, thinkers = held
    table, tokens = finished_table(manager)
    first = table.review(tokens[0])
    assert table.review(tokens[0]) == first and len(thinkers.jobs) == 1
    thinkers.answer()
    manager.scheduler.run_due()
    assert table.review(tokens[0])["done"] == 1 and len(thinkers.jobs) == 1


def test_a_judgement_that_fails_fails_the_review_and_asking_again_starts_afresh(held):
    manager, thinkers = held
    table, tokens = finished_table(manager)
    table.review(tokens[0])
    thinkers.answer(answer=None)   # the worker could not work it out
    manager.scheduler.run_due()
    assert table.review_of(tokens[0])["status"] == "failed" and not thinkers.jobs
    assert manager.review_slots.taken == 0 and not table.reviewing()
    assert table.review(tokens[0])["status"] == "running" and len(thinkers.jobs) == 1


def test_a_seat_with_no_choice_to_make_has_an_empty_review_at_once(held, monkeypatch):
    manager, thinkers = held
    table, tokens = finished_table(manager)
    monkeypatch.setattr("gamenight.web.coaching.decisions_of", lambda *args: [])
    review = table.review(tokens[0])
    assert review["status"] == "done" and review["decisions"] == [] and review["summary"]["accuracy"] is None
    assert not thinkers.jobs and manager.review_slots.taken == 0


# ---- who may ask, and when -----------------------------------------------------------------------------------
@pytest.fixture
def held_client(db_url):
    thinkers = HeldThinkers()
    manager, _ = manual_manager(db_url, thinkers=thinkers, think_iterations=ITERATIONS)
    with TestClient(create_app(manager=manager)) as client:
        yield client, manager, thinkers


def test_only_the_seated_person_may_ask_for_their_own_review_once_the_match_is_over(held_client):
    client, manager, thinkers = held_client
    table_id, _ = create_hosted(client, "yessir", [None, "heuristic"], players=2, options=YESSIR)
    token = join(client, table_id, 0, "Ann")
    url = f"/api/tables/{table_id}/review"
    r = client.post(url, json={"token": token})
    assert r.status_code == 409 and "when the match is over" in r.json()["error"]
    assert client.get(url, headers={"X-Seat-Token": token}).status_code == 409
    table = manager.get(table_id)
    while not table.state.is_over:
        table.act(token, str(table.state.legal_actions()[0]), version=len(table.state.history))
    assert client.post(url, json={}).status_code == 401
    assert client.post(url, json={"token": "not a seat"}).status_code == 403
    r = client.post(url, json={"token": token, "seat": 1})
    assert r.status_code == 403 and "only your own" in r.json()["error"]
    assert client.post("/api/tables/nosuchtable/review", json={"token": token}).status_code == 404
    r = client.get(f"{url}?token={token}")
    assert r.status_code == 400 and "never goes in the address" in r.json()["error"]
    assert client.post(url, content=b"[1, 2", headers={"Content-Type": "application/json"}).status_code == 400
    # nothing of that started anything
    assert client.get(url, headers={"X-Seat-Token": token}).json() == {"type": "review", "seat": 0, "status": "none"}
    assert not thinkers.jobs and manager.review_slots.taken == 0
    r = client.post(url, json={"token": token})
    assert r.status_code == 202 and r.json()["status"] == "running"
    judge_all(manager, thinkers)
    r = client.post(url, headers={"X-Seat-Token": token})
    assert r.status_code == 200 and r.json()["status"] == "done"
    assert client.get(url, headers={"X-Seat-Token": token}).json() == r.json()


def test_one_review_at_a_time_per_table(held):
    manager, thinkers = held
    table, tokens = finished_table(manager, seats=(None, None))
    table.review(tokens[0])
    with pytest.raises(TableError) as refused:
        table.review(tokens[1])
    assert refused.value.status == 429 and "already being worked out" in str(refused.value)
    judge_all(manager, thinkers)
    assert table.review(tokens[1])["status"] == "running"


def test_the_server_works_out_as_many_reviews_at_once_as_it_has_workers(held):
    manager, thinkers = held
    assert manager.review_slots.most == thinkers.workers == 2
    tables = [finished_table(manager) for _ in range(3)]
    for table, tokens in tables[:2]:
        table.review(tokens[0])
    third, tokens = tables[2]
    with pytest.raises(TableError) as refused:
        third.review(tokens[0])
    assert refused.value.status == 429 and "as many games as it can" in str(refused.value)
    assert third.review_of(tokens[0])["status"] == "none"
    judge_all(manager, thinkers)
    assert manager.review_slots.taken == 0
    assert third.review(tokens[0])["status"] == "running"


# ---- a new match, and the tables meanwhile ---------------------------------------------------------------------
def test_a_rematch_starts_without_a_review(held):
    manager, thinkers = held
    table, tokens = finished_table(manager)
    table.review(tokens[0])
    judge_all(manager, thinkers)
    seated = table.rematch(tokens[0])
    rematch, token = manager.get(seated["table_id"]), seated["token"]
    with pytest.raises(TableError) as refused:
        rematch.review(token)
    assert refused.value.status == 409
    while not rematch.state.is_over:
        rematch.act(token, str(rematch.state.legal_actions()[0]), version=len(rematch.state.history))
    assert rematch.review_of(token) == {"type": "review", "seat": 0, "status": "none"}
    assert table.review_of(tokens[0])["status"] == "done"   # the review stays with its own match


def test_the_tables_play_on_while_a_review_is_worked_out(held):
    manager, thinkers = held
    table, tokens = finished_table(manager)
    table.review(tokens[0])
    assert thinkers.jobs, "the review's first decision is with the workers"
    other = manager.create("yessir", players=2, seats=[None, "heuristic"], options=YESSIR)
    ann = other.join(0, "Ann")
    played = len(other.state.history)
    other.act(ann, str(other.state.legal_actions()[0]), version=played)
    assert len(other.state.history) > played + 1 or other.state.is_over, "the other table's bot answered"
    assert table.message_for_token(tokens[0])["table"]["is_over"]


def test_a_finished_table_is_not_put_away_while_its_review_is_worked_out(db_url):
    thinkers = HeldThinkers()
    manager, clock = manual_manager(db_url, thinkers=thinkers, think_iterations=ITERATIONS, keep_finished=0)
    table, tokens = finished_table(manager)
    table.review(tokens[0])
    clock.advance(1)
    manager.sweep()
    assert manager.loaded(table.table_id) is table
    judge_all(manager, thinkers)
    manager.sweep()
    assert manager.loaded(table.table_id) is None


def test_the_review_route_never_waits_for_the_judging(db_url):
    gate = threading.Event()

    class Slow(Thinkers):
        def submit(self, job, done):
            threading.Thread(target=lambda: (gate.wait(30), done(run_job(job)))).start()

    manager, _ = manual_manager(db_url, thinkers=Slow(workers=1), think_iterations=ITERATIONS)
    with TestClient(create_app(manager=manager)) as client:
        table, tokens = finished_table(manager)
        r = client.post(f"/api/tables/{table.table_id}/review", json={"token": tokens[0]})
        assert r.status_code == 202 and r.json()["done"] == 0
        assert client.get(f"/api/tables/{table.table_id}/state").status_code == 200
        gate.set()


def test_without_worker_processes_a_review_thinks_in_a_thread_of_its_own_and_reaches_the_socket(db_url):
    app = create_app(db_url, test_seed=0, think_workers=0, think_iterations=ITERATIONS)
    with TestClient(app) as client:
        manager = app.state.manager
        table, tokens = finished_table(manager)
        with ws_connect(client, table.table_id, tokens[0]) as ws:
            assert ws.receive_json()["type"] == "state"
            r = client.post(f"/api/tables/{table.table_id}/review", json={"token": tokens[0]})
            assert r.status_code in (200, 202)
            for _ in range(100):
                message = ws.receive_json()
                if message["type"] == "review" and message["status"] != "running":
                    break
        assert message["status"] == "done" and len(message["decisions"]) == len(choices(table, 0))


def test_a_table_without_a_thinking_pool_reviews_in_a_thread(held, monkeypatch):
    manager, _ = held
    table, tokens = finished_table(manager)
    table.thinkers = None
    came = threading.Event()
    monkeypatch.setattr(table.coach, "_judgement_came", lambda review, decision, answer: came.set())
    assert table.review(tokens[0])["status"] == "running"
    assert came.wait(60), "the judgement came from the review's own thread"
