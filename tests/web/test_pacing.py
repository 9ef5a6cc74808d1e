"""Bot pacing (``bot_delay``): each bot move comes on its own after a delay, from one scheduler.

Time here is a ManualClock and the scheduler has no thread (``manual_manager``): the test moves the clock and runs
what is due, so no assertion depends on how fast or loaded the machine is. One test runs the real thread."""
import threading

import pytest
from starlette.testclient import TestClient
from web_helpers import act, create, join, later, manual_manager, ws_connect

from gamenight import replay
from gamenight.web import TableManager, bot_driver, create_app, open_storage
from gamenight.web.scheduler import BotScheduler

QUICK_BOTS = {"game": "yessir", "players": 3, "options": {"rounds_to_win": 1}}
DELAY = 0.5


def bot_threads():
    return [t for t in threading.enumerate() if t.name == "gamenight-bots" and t.is_alive()]


def play_person_turn(table, token):
    """The person to move plays (a Yaniv turn may be two actions) until a bot is to move."""
    seat = table.seat_of(token)
    while table.state.current_player == seat:
        table.act(token, str(table.state.legal_actions()[0]), version=len(table.state.history))


def test_a_paced_table_of_bots_plays_one_move_per_delay_to_the_end(db_url):
    manager, clock = manual_manager(db_url, bot_delay=DELAY)
    table = manager.create(**QUICK_BOTS, seats=["random"] * 3)
    heard = []
    table.listen(None, heard.append)
    assert len(table.state.history) == 0                    # the first bot is thinking
    assert later(manager, clock, DELAY * 0.9) == 0 and len(table.state.history) == 0
    while not table.state.is_over:
        before = len(table.state.history)
        later(manager, clock, DELAY)
        assert len(table.state.history) == before + 1         # exactly one move per delay
    versions = [m["version"] for m in heard]
    # every move was broadcast on its own: the watcher saw each version once, in order
    assert versions == list(range(0, len(table.state.history) + 1)) and heard[-1]["table"]["is_over"]
    assert replay(table.record()).to_json() == table.state.to_json()


def test_the_action_returns_after_the_persons_own_move_and_bots_follow_one_by_one(db_url):
    manager, clock = manual_manager(db_url, bot_delay=DELAY)
    with TestClient(create_app(manager=manager)) as client:
        table_id = create(client, "yaniv", [None, "random", "random"], players=3)
        token = join(client, table_id, 0)
        with ws_connect(client, table_id, token) as ws:
            message = ws.receive_json()
            while message["table"]["current_player"] == 0:   # a Yaniv turn may be two actions
                r = act(client, table_id, token, message["legal_actions"][0], message["version"])
                assert r.status_code == 200
                message = r.json()
                assert ws.receive_json()["version"] == message["version"]
            # the answer is the person's own move only: the first bot is still thinking
            assert message["table"]["current_player"] == 1 and message["legal_actions"] == []
            mine = message["version"]
            arrivals = []
            while not (message["legal_actions"] or message["table"]["is_over"]):
                assert later(manager, clock, DELAY * 0.5) == 0    # half a delay: the bot is still thinking
                later(manager, clock, DELAY * 0.5)                # a full delay: it moves, once
                message = ws.receive_json()
                arrivals.append(message["version"])
    assert arrivals == list(range(mine + 1, mine + 1 + len(arrivals))) and len(arrivals) >= 2


def test_a_person_taking_a_bots_seat_while_it_thinks_is_not_played_for(db_url):
    manager, clock = manual_manager(db_url, bot_delay=DELAY)
    table = manager.create("yaniv", players=3, seats=[None, "random", "random"], host_token="h",
                           settings={"bots_may_be_replaced": True})
    ann = table.join(0)
    play_person_turn(table, ann)
    played = len(table.state.history)
    assert table.state.current_player == 1                                    # seat 1's bot is thinking
    bob = table.join(1)                                                       # Bob sits down meanwhile
    later(manager, clock, DELAY * 3)
    assert len(table.state.history) == played and table.state.current_player == 1  # nobody moved for Bob
    play_person_turn(table, bob)
    played = len(table.state.history)
    assert later(manager, clock, DELAY * 0.9) == 0                            # seat 2's bot thinks a full delay
    later(manager, clock, DELAY * 0.1)
    assert len(table.state.history) == played + 1                             # then answers Bob
    # Bob leaves: the bot takes the seat back (keeping it open for the next person) and plays it
    table.leave(bob)
    assert table.seats[1] == {"kind": "bot", "bot": "random", "keeps_open": True}


def test_bots_to_move_play_on_after_a_restart(db_url):
    first, clock = manual_manager(db_url, bot_delay=30.0)   # the server "stops" before the bots move
    table = first.create("yaniv", players=3, seats=[None, "random", "random"])
    token = table.join(0)
    play_person_turn(table, token)
    played = len(table.state.history)
    assert first.scheduler.pending() >= 1
    first.close()
    second, clock = manual_manager(db_url, bot_delay=DELAY)
    resumed = second.get(table.table_id)
    while resumed.state.current_player != 0 and not resumed.state.is_over:
        later(second, clock, DELAY)
    assert len(resumed.state.history) >= played + 2
    third, _ = manual_manager(db_url, bot_delay=DELAY)      # what was played after the restart was stored
    assert third.get(table.table_id).state.to_json() == resumed.state.to_json()


def test_shutdown_leaves_no_bot_thread(db_url):
    # the real scheduler thread (it waits on a condition; nothing here waits on time)
    for _ in range(3):
        with TestClient(create_app(db_url, test_seed=0, bot_delay=5.0)) as client:
            table_id = create(client, "yaniv", [None, "random", "random"], players=3)
            token = join(client, table_id, 0)
            message = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
            while message["legal_actions"]:
                message = act(client, table_id, token, message["legal_actions"][0], message["version"]).json()
            assert bot_threads()
        assert not bot_threads()


def test_a_table_nobody_watches_and_no_person_sits_at_plays_at_full_speed(db_url):
    manager, clock = manual_manager(db_url, bot_delay=10.0)
    table = manager.create(**QUICK_BOTS, seats=["random"] * 3)
    later(manager, clock, bot_driver.UNWATCHED_FULL_SPEED_AFTER + 10.0)   # one delay, and nobody came
    assert table.state.is_over                                                # the rest at once


def test_a_watched_table_of_bots_keeps_the_pace(db_url):
    manager, clock = manual_manager(db_url, bot_delay=DELAY)
    table = manager.create(**QUICK_BOTS, seats=["random"] * 3)
    table.listen(None, lambda message: None)
    later(manager, clock, bot_driver.UNWATCHED_FULL_SPEED_AFTER + DELAY)
    assert len(table.state.history) == 1


def test_unwatched_tables_play_in_the_background_and_never_delay_a_watched_one(db_url):
    """Bot-only tables nobody watches (absurdly long matches, say) run only when no watched table's move is due:
    the watched table's bot moves on time whatever they do."""
    manager, clock = manual_manager(db_url, bot_delay=DELAY)
    background = [manager.create(**QUICK_BOTS, seats=["random"] * 3) for _ in range(5)]
    clock.advance(bot_driver.UNWATCHED_FULL_SPEED_AFTER + DELAY)
    for _ in background:                 # each plays one move and, nobody watching, queues the rest at once
        assert manager.scheduler.run_next()
    watched = manager.create(**QUICK_BOTS, seats=["random"] * 3)
    moves = []
    watched.listen(None, lambda message: moves.append(message["version"]))
    clock.advance(DELAY)                 # the watched table's bot move is due, behind five older background ones
    assert manager.scheduler.run_next()
    assert moves[-1] == 1                # it ran first
    assert not any(table.state.is_over for table in background)


def test_a_scheduler_runs_due_foreground_jobs_before_background_ones():
    clock = lambda: 0.0  # noqa: E731
    scheduler = BotScheduler(clock, threaded=False)
    ran = []
    scheduler.schedule(0, lambda: ran.append("background 1"), background=True)
    scheduler.schedule(0, lambda: ran.append("foreground 1"))
    scheduler.schedule(0, lambda: ran.append("background 2"), background=True)
    scheduler.schedule(0, lambda: ran.append("foreground 2"))
    assert scheduler.run_due() == 4
    assert ran == ["foreground 1", "foreground 2", "background 1", "background 2"]


def test_background_jobs_get_a_share_of_the_time_not_the_thread():
    """Jobs of tables nobody watches may use a quarter of each window of time; then they wait for the next window
    (a foreground job due meanwhile runs at once)."""
    from gamenight.web import scheduler as scheduler_module

    class Clock:
        now = 0.0

        def __call__(self):
            return self.now

    clock = Clock()
    scheduler = BotScheduler(clock, threaded=False)
    ran = []

    def background_move(n):
        def move():
            clock.now += 0.01          # each move takes 10 ms
            ran.append(n)
        return move
    for n in range(20):
        scheduler.schedule(0, background_move(n), background=True)
    window, share = scheduler_module.BACKGROUND_WINDOW, scheduler_module.BACKGROUND_SHARE
    first = scheduler.run_due()
    assert first == round(window * share / 0.01 + 0.5)      # 3 moves: 30 ms passes the 25 ms share
    scheduler.schedule(0, lambda: ran.append("watched"))
    assert scheduler.run_due() == 1 and ran[-1] == "watched"   # a watched table's move is not held back
    clock.now += window                                        # the next window: the background goes on
    assert scheduler.run_due() == first and len(ran) == 2 * first + 1


def test_bot_delay_is_validated(db_url):
    for bad in (-1, 61, float("nan"), "1", True):
        with pytest.raises(ValueError, match="bot_delay"):
            TableManager(open_storage(db_url), test_seed=0, bot_delay=bad)
