"""A soak test of `gamenight serve --workers 2` on one PostgreSQL database, as it is run in the field: all-bot tables
of every game are made through the HTTP API one after another for a while (each request on a fresh connection, so
the kernel hands it to either process: each process plays the tables it made), and every table in play is read over
the API until its match ends. No table may stop: one whose action count has not moved for ``STALL_SECONDS`` while its
match is not over fails the test, with what the database holds of it and the processes' log.

The bound: a table's bots are played by the process holding its lease, a move every ``BOT_DELAY``. The process that
answers a read may be the other one, whose copy follows by notifications and makes up a lost one within
``shared.CHECK_SECONDS`` (and a heartbeat); a lease lost to a late heartbeat is taken over within
``shared.LEASE_SECONDS``. ``STALL_SECONDS`` (11 s) is those together: longer, no way of making a table up is left.
A healthy run's tables never stand still for half a second. The stall this test found stood at 0 actions for good:
a table made while its process's heartbeat was reading the leases was given up as another process's (see
``Coordinator._play_what_is_held``), about one table in 500 before it was fixed.

The run is bounded (``CREATE_SECONDS`` of creations, about 250 tables, then at most ``FINISH_SECONDS`` for the last
to end; about 55 s in all), polling with deadlines, never waiting a fixed time for anything."""
import itertools
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
from pg_cluster import run_sql
from web_helpers import GAMES, PROCESS_WAIT, SHORT, free_port, heuristic_or_random, http_json, stop_process

from gamenight.web import shared

BOT_DELAY = 0.05
CREATE_SECONDS = 50.0   # new tables are made this long ...
LIVE = 8                # ... keeping this many in play at a time
FINISH_SECONDS = 30.0   # then the tables still in play have this long to end (a short match takes a few seconds)
STALL_SECONDS = shared.LEASE_SECONDS + shared.HEARTBEAT_SECONDS + shared.CHECK_SECONDS   # 11 s
POLL_SECONDS = 0.1      # how often every table in play is read


def start_workers(db: str, log_path) -> tuple[subprocess.Popen, int]:
    """`gamenight serve --workers 2` on a free port, its output to ``log_path``; (process, port) once it answers."""
    port = free_port()
    with open(log_path, "w") as log:
        process = subprocess.Popen([sys.executable, "-m", "gamenight.cli.main", "serve", "--port", str(port),
                                    "--db", db, "--workers", "2", "--bot-delay", str(BOT_DELAY), "--test-seed", "11",
                                    "--max-creates-per-minute", "100000"],
                                   stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + PROCESS_WAIT
    while time.monotonic() < deadline and process.poll() is None:
        if both_alive(db):   # both processes have made their app (each heartbeats from then on)
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).close()
                return process, port
            except OSError:
                pass
        threading.Event().wait(0.1)   # polling for both processes to come up, bounded by the deadline
    stop_process(process)
    raise AssertionError("the servers did not start: " + log_path.read_text())


def both_alive(db: str) -> bool:
    if not run_sql(db, "SELECT 1 FROM pg_tables WHERE tablename = 'servers'"):
        return False   # the schema is not made yet
    return len(run_sql(db, "SELECT server_id FROM servers WHERE alive_until > now()")) == 2


def what_the_database_says(db: str, table_id: str) -> str:
    rows = run_sql(db, "SELECT t.revision, t.finished, (SELECT count(*) FROM actions a WHERE a.table_id = t.table_id), "
                       "l.server_id FROM tables t LEFT JOIN leases l USING (table_id) WHERE t.table_id = ?",
                   (table_id,))
    servers = run_sql(db, "SELECT server_id, alive_until - now() FROM servers")
    return f"stored (revision, finished, actions, lease held by): {rows}; servers (id, alive for): {servers}"


def log_but_access(log_path) -> str:
    lines = [line for line in log_path.read_text().splitlines() if ' /api/' not in line]
    return "\n".join(lines[-200:])


class Watched:
    """One table in play, as the polls saw it."""

    def __init__(self, table_id: str, game: str, creator: str | None, now: float):
        self.table_id, self.game, self.creator = table_id, game, creator
        self.created = self.changed = now
        self.actions = 0
        self.longest = 0.0   # the longest its action count stood still (from its making to its first action, ...)


@pytest.mark.slow
def test_no_all_bot_table_stops_at_two_workers_on_one_database(postgres_url, tmp_path):
    log_path = tmp_path / "workers.log"
    process, port = start_workers(postgres_url, log_path)
    games = itertools.cycle(GAMES)
    watched: dict[str, Watched] = {}
    done: list[Watched] = []
    tick = threading.Event()
    try:
        began = time.monotonic()
        create_until, finish_by = began + CREATE_SECONDS, began + CREATE_SECONDS + FINISH_SECONDS
        while True:
            now = time.monotonic()
            if now < create_until and len(watched) < LIVE:
                game = next(games)
                bots = [heuristic_or_random(game) if seat % 2 == 0 else "random"
                        for seat in range(SHORT[game]["players"])]
                body = {"game": game, "players": SHORT[game]["players"], "options": SHORT[game]["options"],
                        "seats": bots}
                table_id = http_json(port, "/api/tables", body)["table_id"]
                # the process that made it holds its lease (None: the match is over already)
                creator = run_sql(postgres_url, "SELECT server_id FROM leases WHERE table_id = ?", (table_id,))
                watched[table_id] = Watched(table_id, game, creator[0][0] if creator else None, time.monotonic())
            for table in list(watched.values()):
                summary = http_json(port, f"/api/tables/{table.table_id}")
                now = time.monotonic()
                if summary["actions"] != table.actions:
                    table.longest = max(table.longest, now - table.changed)
                    table.actions, table.changed = summary["actions"], now
                if summary["is_over"]:
                    done.append(watched.pop(table.table_id))
                elif now - table.changed > STALL_SECONDS:
                    raise AssertionError(
                        f"{table.game} table {table.table_id} (made {now - table.created:.1f} s ago by server "
                        f"{table.creator}) has stood at {table.actions} actions for {now - table.changed:.1f} s; "
                        f"{what_the_database_says(postgres_url, table.table_id)}\nservers' log (but the access "
                        f"lines):\n{log_but_access(log_path)}")
            now = time.monotonic()
            if now >= create_until and not watched:
                break
            assert now < finish_by, (f"tables still in play {FINISH_SECONDS} s after the last was made: "
                                     f"{[(t.game, t.table_id, t.actions) for t in watched.values()]}")
            tick.wait(POLL_SECONDS)   # the next round of polls; the deadlines above bound the loop
        creators = {table.creator for table in done} - {None}
        longest = max(done, key=lambda t: t.longest)
        print(f"soak: {len(done)} tables ({', '.join(f'{g} {sum(t.game == g for t in done)}' for g in GAMES)}) "
              f"made by {len(creators)} processes in {time.monotonic() - began:.1f} s; the longest a table stood "
              f"still: {longest.longest:.2f} s ({longest.game} at {longest.actions} actions)")
        assert len(done) >= 4 * len(GAMES)
        assert len(creators) == 2, "every table was made by one process: the soak did not cover both"
    finally:
        stop_process(process)
