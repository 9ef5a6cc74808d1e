"""Learn to play: a coached table (web/lessons.py). The learner is seated at once on the game's coached deal among
bots; the coach speaks to the learner's connections alone, its advice worked out off the table's thread from the
learner's view, its lines read from the record (so a table loaded again says the same); the hand plays as the
engine's coached hand does, following the coach; bad requests are refused with a clear error and change nothing."""
import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import JSON, check_documented, wait_for, ws_connect

import gamenight
from gamenight.core.coach import play_first_hand
from gamenight.i18n import Text
from gamenight.web import create_app
from gamenight.web.errors import TableError

NONCE = "q7Vb2xKp9ZtL4mWc8RyN3d"


def learn(http, game, **body) -> dict[str, Any]:
    answer = http.post("/api/learn", json={"game": game, **body}, headers=JSON)
    assert answer.status_code == 201, answer.text
    return answer.json()


def coach_of(client, table_id, token) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table_id}/coach", headers={"X-Seat-Token": token})
    assert answer.status_code == 200, answer.text
    said = answer.json()
    check_documented(said)
    return said


def advice_in(client, table_id, token, version) -> dict[str, Any]:
    """The coach's advice at ``version``, once the workers have worked it out."""
    said: dict[str, Any] = {}

    def ready() -> bool:
        said.update(coach_of(client, table_id, token))
        return said["advice"] is not None and said["advice"]["step"] == version
    wait_for(ready, f"the coach's advice at version {version}")
    return said


@pytest.fixture
def coached_client(db_url):
    # the workers' budget is small (the figures are checked in tests/coach); threads, not processes, think here
    with TestClient(create_app(db_url, test_seed=0, think_workers=0, think_iterations=4)) as c:
        yield c


@pytest.mark.parametrize("game", sorted(gamenight.games()))
def test_learn_seats_the_learner_on_the_coached_deal_among_bots(coached_client, game):
    made = learn(coached_client, game, name="Ann", client=NONCE)
    table = coached_client.get(f"/api/tables/{made['table_id']}").json()
    hand = gamenight.make(game, players=table["players"]).coached_hand()
    assert made["seat"] == hand.seat and table["players"] == hand.players
    assert table["settings"]["coached"] is True and table["settings"]["hints"] is False
    assert table["settings"]["has_host"] is False
    assert [s["kind"] for s in table["seats"]] == ["person" if i == hand.seat else "bot" for i in range(hand.players)]
    assert all(s["bot"] == hand.bots and not s["takeable"] for s in table["seats"] if s["kind"] == "bot")
    assert table["seats"][hand.seat]["name"] == "Ann"
    assert table["rules"] == hand.make_game().rules.to_dict()


def test_the_usual_number_of_players_or_the_nearest_with_a_coached_hand(coached_client):
    for game in gamenight.games():
        usual = gamenight.make(game)
        made = learn(coached_client, game)
        players = coached_client.get(f"/api/tables/{made['table_id']}").json()["players"]
        counts = usual.coached_players()
        assert players == usual.learning_players() and players in counts
        assert players == usual.num_players or usual.num_players not in counts


@pytest.mark.parametrize("body, status, words", [
    ({"game": "chess"}, 400, "unknown game"),
    ({}, 400, "unknown game"),
    ({"game": "thunee", "players": 6}, 400, "coached hand"),
    ({"game": "yaniv", "players": "3"}, 400, "coached hand"),
    ({"game": "yaniv", "players": 99}, 400, "coached hand"),
    ({"game": "yaniv", "name": "Bot 2"}, 400, "label"),
    ({"game": "yaniv", "client": "aaaa"}, 400, "client"),
])
def test_a_bad_learn_request_says_what_was_wrong_and_makes_no_table(coached_client, body, status, words):
    answer = coached_client.post("/api/learn", json=body, headers=JSON)
    assert answer.status_code == status and words in answer.json()["error"]
    assert coached_client.get("/api/tables").json() == []


def test_only_the_learner_hears_the_coach(coached_client):
    made = learn(coached_client, "yaniv", players=3)
    table_id = made["table_id"]
    answer = coached_client.get(f"/api/tables/{table_id}/coach")
    assert answer.status_code == 401                      # no token: a spectator
    answer = coached_client.get(f"/api/tables/{table_id}/coach", headers={"X-Seat-Token": "x" * 43})
    assert answer.status_code == 403 and "seat" in answer.json()["error"]
    plain = coached_client.post("/api/tables", json={"game": "yaniv", "seats": [None, "heuristic"], "players": 2},
                                headers=JSON).json()["table_id"]
    token = coached_client.post(f"/api/tables/{plain}/join", json={"seat": 0}, headers=JSON).json()["token"]
    answer = coached_client.get(f"/api/tables/{plain}/coach", headers={"X-Seat-Token": token})
    assert answer.status_code == 409 and "no coach" in answer.json()["error"]
    with ws_connect(coached_client, table_id) as watcher, ws_connect(coached_client, table_id, made["token"]) as mine:
        assert watcher.receive_json()["type"] == "state"
        said = until_advice(mine, mine.receive_json()["version"])
        watcher.send_json({"type": "ping"})
        heard = []
        while not heard or heard[-1] != "pong":
            heard.append(watcher.receive_json()["type"])
        assert "coach" not in heard                          # the spectator heard the table, not the coach
        assert said["seat"] == made["seat"]


def until_advice(ws, version: int | None = None) -> dict[str, Any]:
    """The learner's page, holding the table at ``version``, reads until the coach's advice for the decision it is at
    comes."""
    while True:
        message = json.loads(ws.receive_text())
        check_documented(message)
        if message["type"] in ("state", "change"):
            version = message["version"]
        if message["type"] == "coach" and message["advice"] is not None and message["advice"]["step"] == version:
            return message


@pytest.mark.parametrize("game", sorted(gamenight.games()))
def test_following_the_coach_plays_the_engines_coached_hand(coached_client, game):
    """The learner follows every suggestion over the WebSocket: the table's first hand is the engine's coached
    hand played by the same suggestions (the bots decide with its chance), and every move has its line."""
    made = learn(coached_client, game)
    table_id, token = made["table_id"], made["token"]
    players = coached_client.get(f"/api/tables/{table_id}").json()["players"]
    hand = gamenight.make(game, players=players).coached_hand()
    coach = hand.make_game().coach(iterations=0)
    expected = play_first_hand(hand, lambda view, legal: coach.suggest(view, legal))
    first_hand = len(expected.history)
    with ws_connect(coached_client, table_id, token) as mine:
        said = until_advice(mine)
        while said["version"] < first_hand:
            advice = said["advice"]
            assert [c["action"] for c in advice["choices"]]           # every choice, each said in words
            assert all(Text.from_json(c["says"]) for c in advice["choices"])
            mine.send_json({"type": "action", "action": advice["suggested"], "version": said["version"]})
            said = until_advice_or_hand_over(mine, first_hand)
    assert table_actions(coached_client, table_id, first_hand) == [str(a) for a in expected.history]
    lines = coach_of(coached_client, table_id, token)["lines"]
    assert [line["step"] for line in lines][-first_hand:] == list(range(1, first_hand + 1))[-len(lines):]


def until_advice_or_hand_over(ws, first_hand: int) -> dict[str, Any]:
    version = None
    while True:
        message = json.loads(ws.receive_text())
        check_documented(message)
        if message["type"] in ("state", "change"):
            version = message["version"]
            if version >= first_hand:
                return {"version": version, "advice": None}
        if message["type"] == "coach" and message["advice"] is not None and message["advice"]["step"] == version:
            return message


def table_actions(http, table_id, count: int) -> list[str]:
    """The table's first ``count`` actions as the server's record has them."""
    return [str(a) for a in http.app.state.manager.tables[table_id].state.history[:count]]


def test_a_move_the_coach_did_not_suggest_is_said_with_what_it_had_suggested(db_url):
    """The learner plays another move than the suggestion: its line, then what the coach had suggested; the lines
    are read from the record, so a restarted server says them again, word for word."""
    app = create_app(db_url, test_seed=0, think_workers=0, think_iterations=4)
    with TestClient(app) as http:
        made = learn(http, "yaniv", players=3)
        table_id, token = made["table_id"], made["token"]
        said = advice_in(http, table_id, token, 0)
        other = next(c for c in said["advice"]["choices"] if c["action"] != said["advice"]["suggested"])
        answer = http.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": other["action"],
                                                                    "version": 0}, headers=JSON)
        assert answer.status_code == 200, answer.text
        lines = coach_of(http, table_id, token)["lines"]
        suggested = next(c for c in said["advice"]["choices"] if c["action"] == said["advice"]["suggested"])
        assert lines[1]["text"] == {"text": "The coach had suggested: {move}.", "values": {"move": suggested["says"]}}
        assert [line["step"] for line in lines[:2]] == [1, 1] and lines[0]["hand"] == 1
    with TestClient(create_app(db_url, test_seed=0, think_workers=0, think_iterations=4)) as again:
        heard = coach_of(again, table_id, token)["lines"]
    # the restarted server no longer holds the advice the learner did not follow: every other line is the same
    assert heard == [lines[0]] + lines[2:]


def test_the_coach_reads_views_only_and_tells_nothing_hidden(coached_client):
    """Every text of the coach's message is made from the learner's views: no card the learner cannot see is in it
    (the bots' hands at the coached deal, known here from the engine)."""
    made = learn(coached_client, "gin_rummy")
    table_id, token = made["table_id"], made["token"]
    said = advice_in(coached_client, table_id, token, coached_client.get(
        f"/api/tables/{table_id}").json()["actions"])
    table = coached_client.app.state.manager.tables[table_id]
    with table.lock:
        state = table.state
        hidden = set()
        for seat in range(state.game.num_players):
            if seat != made["seat"]:
                hidden |= {str(c) for c in state.view(seat)["hand"] or []}
        hidden -= {str(c) for c in state.view(made["seat"])["hand"] or []}
    text = json.dumps(said)
    assert hidden and not any(f'"{card}"' in text for card in hidden)


def test_learn_counts_as_a_table_creation(db_url):
    with TestClient(create_app(db_url, test_seed=0, max_creates_per_minute=2, think_workers=0)) as http:
        learn(http, "yessir"), learn(http, "yessir")
        refused = http.post("/api/learn", json={"game": "yessir"}, headers=JSON)
        assert refused.status_code == 429


def test_the_coach_message_is_refused_with_its_reason_in_the_persons_language(coached_client):
    plain = coached_client.post("/api/tables", json={"game": "yaniv", "seats": [None, "heuristic"], "players": 2},
                                headers=JSON).json()["table_id"]
    token = coached_client.post(f"/api/tables/{plain}/join", json={"seat": 0}, headers=JSON).json()["token"]
    answer = coached_client.get(f"/api/tables/{plain}/coach?lang=fr", headers={"X-Seat-Token": token})
    assert answer.status_code == 409 and answer.json()["error"] != "this table has no coach"
    with pytest.raises(TableError):
        coached_client.app.state.manager.learn("yaniv", players=1)


def test_the_learner_at_another_server_hears_the_coach_and_both_servers_say_the_same(postgres_url):
    """A coached table made at server A (which plays its bots) and followed by its learner at server B on the shared
    database: B works the advice out and says the lines; A, asked, says the same lines, read from the same record."""
    from test_shared_database import same, server

    from gamenight.web.thinking import Thinkers
    a = server(postgres_url, thinkers=Thinkers(0), think_iterations=4)
    b = server(postgres_url, test_seed=1, thinkers=Thinkers(0), think_iterations=4)
    table, seat, token = a.learn("yaniv", players=3)
    mirror = b.get(table.table_id)
    heard: list[dict[str, Any]] = []
    mirror.listen(token, heard.append)

    def advice_at_b() -> dict[str, Any] | None:
        coached = [m for m in heard if m.get("type") == "coach"]
        version = len(mirror.state.history)
        return next((m for m in reversed(coached) if m["advice"] and m["advice"]["step"] == version), None)
    for _ in range(3):                                  # three of the learner's decisions, each followed
        wait_for(lambda: advice_at_b() is not None, "the coach's advice at B")
        said = advice_at_b()
        assert said is not None
        mirror.act(token, said["advice"]["suggested"], version=said["version"])
        wait_for(lambda: same(table, mirror) and table.state.current_player == seat, "the bots' moves at A, heard at B",
                 pump=[])
    assert a.get(table.table_id).coach_message(token)["lines"] == mirror.coach_message(token)["lines"]
    assert len(mirror.coach_message(token)["lines"]) == len(mirror.state.history)


class HeldThinkers:
    """Thinking workers that keep each job until the test answers it."""
    workers = 1

    def __init__(self):
        self.jobs: list = []

    def submit_off_thread(self, job, done, name):
        self.jobs.append((job, done))

    def close(self):
        self.jobs.clear()

    def answer(self):
        from gamenight.web.thinking import run_job
        job, done = self.jobs.pop(0)
        done(run_job(job))


def test_a_learner_faster_than_the_coach_queues_one_piece_of_advice_at_a_time(db_url):
    """However fast the learner plays, the table has one piece of advice being worked out: the current decision's
    is asked when it comes (a learner cannot fill the server's workers)."""
    from web_helpers import manual_manager
    thinkers = HeldThinkers()
    manager, clock = manual_manager(db_url, thinkers=thinkers, think_iterations=2)
    table, seat, token = manager.learn("yaniv", players=2)
    heard: list[dict[str, Any]] = []
    table.listen(token, heard.append)
    assert len(thinkers.jobs) == 1 and thinkers.jobs[0][0].view["seat"] == seat
    for _ in range(6):                                    # the learner plays on without waiting for the coach
        if table.state.current_player == seat:
            table.act(token, str(table.state.legal_actions()[0]), version=len(table.state.history))
    assert len(table.state.history) >= 6 and len(thinkers.jobs) == 1
    coach = [m for m in heard if m["type"] == "coach"][-1]
    assert coach["advice"] is None and coach["thinking"] is (table.state.current_player == seat)
    thinkers.answer()
    manager.scheduler.run_due()
    assert len(thinkers.jobs) == (1 if table.state.current_player == seat else 0)
    if thinkers.jobs:                                     # now the decision the learner is at
        assert thinkers.jobs[0][0].legal == tuple(str(a) for a in table.state.legal_actions())
        thinkers.answer()
        manager.scheduler.run_due()
        said = [m for m in heard if m["type"] == "coach"][-1]
        assert said["advice"]["step"] == len(table.state.history) and said["thinking"] is False
