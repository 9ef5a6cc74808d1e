"""Two people in two browsers, each page served by another `gamenight serve` process on one PostgreSQL database (as
behind a load balancer): each sees the other's moves, and the bots', arrive live. A third process made the table and
plays its bot; it is killed (SIGKILL) mid-match, one of the others takes the table over, and both pages play on to the
end without reloading."""
import random
import sys
import time
from pathlib import Path

import pytest
from e2e_helpers import (
    api,
    assert_match_over,
    catch_up,
    choose_for,
    create_table,
    free_port,
    legal_texts,
    play_one,
    press_next_hand,
    start_server,
    stop_server,
    take_seat,
    version,
    wait_live,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from pg_cluster import Cluster, ClusterError  # noqa: E402

GAME, SEED = "yessir", 7
WAIT = 60.0   # seconds the table may take to move on (a takeover included): a bound for a loaded machine


@pytest.fixture
def database():
    try:
        cluster = Cluster().start()
    except ClusterError as e:
        pytest.fail(str(e), pytrace=False)
    yield cluster.empty_database()
    cluster.stop()


def next_table(base: str, table_id: str, before: dict | None) -> dict:
    """The table's summary once it has changed from ``before`` (a move, or the pause after a hand ending) and is
    over, paused, or waits for a person (a bot's move, or a takeover, may come first): polled over the API, bounded
    by ``WAIT``."""
    deadline = time.monotonic() + WAIT
    while True:
        table = api(base, f"/api/tables/{table_id}")
        changed = before is None or (table["actions"], table["hand_pause"]) != (before["actions"], before["hand_pause"])
        if changed and (table["is_over"] or table["hand_pause"] or table["current_player"] in (0, 1)):
            return table
        assert time.monotonic() < deadline, f"the table did not move on from {before and before['actions']} actions"
        time.sleep(0.05)   # polling the server: a bounded wait for an event, not a timing assertion


def test_two_people_at_two_servers_play_on_when_the_server_playing_the_table_dies(pages, tmp_path, database):
    rng = random.Random("two-servers")
    choose = choose_for(GAME)
    started = [start_server(tmp_path / f"s{i}.db", free_port(), url=database) for i in range(3)]
    (maker, _), (_, at_alice), (_, at_bob) = started
    try:
        table_id = create_table(started[0][1], GAME, [None, None, "heuristic"], seed=SEED, players=3,
                                preset="short")
        people = []
        for seat, (name, base) in enumerate((("alice", at_alice), ("bob", at_bob))):
            page = pages.open(name)
            page.goto(f"{base}/table/{table_id}")
            wait_live(page)
            take_seat(page, seat)
            page.evaluate("() => { window.e2eNotReloaded = true; }")
            people.append(page)
        played = 0
        table = next_table(at_alice, table_id, None)
        while not table["is_over"]:
            for page in people:
                catch_up(page, table)
            if table["hand_pause"]:
                for page in people:
                    if page.locator("#next-hand:not([disabled])").count():
                        press_next_hand(page)
            else:
                mover = people[table["current_player"]]
                assert legal_texts(mover) and not legal_texts(people[1 - table["current_player"]])
                play_one(mover, choose, rng)
                pages.check()
                played += 1
                if played == 4:
                    pages.shot(people[0], "mid-match")
                    stop_server(maker, kill=True)          # the server that plays the bot dies
            assert played < 400, "the match did not end"
            table = next_table(at_alice, table_id, table)
        assert played > 4
        for page in people:
            page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=table["actions"])
            assert version(page) == table["actions"]
            assert_match_over(page)
            assert page.evaluate("() => window.e2eNotReloaded === true")
            pages.shot(page, "end")
    finally:
        # the servers stop while the pages are still open (for the screenshots of a failure): their reconnection
        # attempts from then on are expected
        pages.allow(r"^WebSocket connection to .* failed: .*ERR_CONNECTION_REFUSED")
        for process, _ in started:
            if process.poll() is None:
                stop_server(process)
