"""Web load: many concurrent tables played by scripted clients over real WebSockets against `gamenight serve`.

The server runs as its own process (uvicorn, a temporary SQLite file, 127.0.0.1 and a free port); every load
client runs in this one process (asyncio), so server and clients share the machine's cores as they would on a
real box. Each table has every seat taken by a person (a client holding a token); a client whose message
carries legal actions plays a random one of them after a think time (uniform 0..2x --think; 0: at once, which
measures saturation: every table then always has an action queued, so latency is about tables / throughput).
The latency of an action is measured from the moment its client sends it until every client of that table has
received the update it caused (the message of the next version). A table whose match ends is replaced by a
new one of the same game, so the number of live tables stays --tables; after --seconds (plus a 2 s warm-up)
the clients stop, and the server is always stopped.

Two kinds of table (``--mode``; ``make bench`` runs both, one after the other):
- ``people``: every seat a person (a client holding a token);
- ``bots``: one person and the server's heuristic bots in the other seats, paced as people see them
  (``gamenight serve --bot-delay``, default 0.7 s), plus one spectator client. Besides the person's action
  latency this reports how late the bots' moves arrive: the gap between two messages the spectator received,
  the second caused by a bot's move, minus the bot delay (a bot should answer exactly one delay after the
  previous move).

``--background-tables N`` adds N tables nobody watches where random bots play the longest match the rules allow
(Gin Rummy, straight gin to 250: about two million actions), as a hostile or careless user could make; the run
waits until the server plays them in the background (30 s unwatched), then measures as usual and reports how many
background moves were played meanwhile. The watched tables' figures should not change.

``python benchmarks/web_load.py [--mode both|people|bots] [--tables 200] [--seconds 20]
[--game mixed|yessir|thunee] [--think 0.25] [--bot-delay 0.7] [--no-deflate] [--background-tables 0]`` prints one
JSON object per mode.
Needs the web/test extras (starlette, uvicorn, websockets) only.
"""
from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import functools
import gc
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

TARGET_TABLES = 200
TARGET_P99_MS = 100.0
HOST = "127.0.0.1"      # the only address this benchmark ever sends to


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def http(port: int, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(f"http://{HOST}:{port}{path}",
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.load(r)


def start_server(port: int, db_path: str, log, bot_delay: float, deflate: bool = True,
                 keep_finished: float | None = None, seed: int = 1) -> subprocess.Popen:
    # every load client comes from 127.0.0.1: the per-address limits (meant for one person's browser) are lifted
    process = subprocess.Popen([sys.executable, "-m", "gamenight.cli.main", "serve", "--host", HOST,
                                "--port", str(port), "--db", f"sqlite:///{db_path}", "--bot-delay", str(bot_delay),
                                "--max-creates-per-minute", "1000000", "--max-sockets-per-ip", "1000000",
                                "--ws-deflate" if deflate else "--no-ws-deflate",
                                # the same deals every run (the server's test seeding), so runs compare
                                "--test-seed", str(seed)]
                               + ([] if keep_finished is None else ["--keep-finished", str(keep_finished)]),
                               stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode}")
        try:
            http(port, "/api/games")
            return process
        except OSError:
            time.sleep(0.1)
    stop_server(process)
    raise RuntimeError("the server did not answer within 30 s")


def stop_server(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux /proc; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def rss_mb(pid: int) -> float | None:
    """Resident memory of a process in MB (Linux /proc; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError):
        pass
    return None


@functools.cache
def default_players(game: str) -> int:
    """The game's default number of players (asked of the engine once, not of the server for every table)."""
    import gamenight
    return gamenight.make(game).num_players


def make_table(port: int, game: str, bots: bool) -> tuple[str, list[str | None]]:
    """A table and its clients' tokens. people: every seat taken by a person; bots: seat 0 a person, the
    other seats heuristic bots, and a spectator (token None)."""
    players = default_players(game)
    seats = [None] + ["heuristic"] * (players - 1) if bots else [None] * players
    table = http(port, "/api/tables", {"game": game, "players": players, "seats": seats})
    table_id = table["table_id"]
    join = f"/api/tables/{table_id}/join"
    tokens: list[str | None] = [http(port, join, {"seat": seat, "name": f"load{seat}"})["token"]
                                for seat, bot in enumerate(seats) if bot is None]
    return table_id, tokens + [None] if bots else tokens


class TableRun:
    """One table's clients and the actions in flight: version -> [sent at, clients still to hear of it]."""

    def __init__(self, table_id: str, tokens: list[str | None]):
        self.table_id = table_id
        self.tokens = tokens
        self.pending: dict[int, list] = {}
        self.over = False
        # the spectator's last message: version, when, bot to move
        self.last_seen: tuple[int, float, bool] | None = None


class Load:
    def __init__(self, port: int, think: float, seed: int, deflate: bool = True, bot_delay: float = 0.0):
        self.port = port
        self.bot_delay = bot_delay
        self.bot_lateness: list[float] = []
        self.deflate = deflate
        self.think = think
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self.messages = 0
        self.measuring = False
        self.tables_finished = 0
        self.tables_started = 0

    async def client(self, run: TableRun, seat: int, ready: asyncio.Barrier | None, stop: asyncio.Event) -> None:
        try:
            await self._client(run, seat, ready, stop)
        except BaseException:
            if ready is not None and not ready.broken and ready.n_waiting < ready.parties:
                await ready.abort()  # a client of the first tables failed: the run fails now, not at a timeout
            raise

    async def _client(self, run: TableRun, seat: int, ready: asyncio.Barrier | None, stop: asyncio.Event) -> None:
        import websockets

        token = run.tokens[seat]
        url = f"ws://{HOST}:{self.port}/ws/tables/{run.table_id}"
        async with websockets.connect(url, max_size=2 ** 22, ping_interval=None,
                                      compression="deflate" if self.deflate else None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))   # the token never goes in the address
            message = json.loads(await ws.recv())
            acted_at = -1
            if ready is not None:
                await ready.wait()   # every client of the first tables connected before anybody plays
            while not stop.is_set():
                if message is None:
                    pass  # nothing new arrived (the wait below timed out so that a stop is noticed)
                elif message.get("type") == "state":
                    version = message["version"]
                    entry = run.pending.get(version)
                    if entry is not None:
                        entry[1] -= 1
                        if entry[1] == 0:
                            del run.pending[version]
                            if entry[2]:
                                self.latencies.append(time.perf_counter() - entry[0])
                    if token is None:
                        self._watch(run, message)
                    if message["table"]["is_over"]:
                        run.over = True
                        return
                    pause = message["table"].get("hand_pause")
                    if pause and message["seat"] in pause["waiting_for"]:   # a hand ended: "next hand", as a
                        await ws.send(json.dumps({"type": "next"}))          # person presses it
                    legal = message["legal_actions"]
                    if legal and version != acted_at:   # one action per version (a message may come again)
                        acted_at = version
                        if self.think:
                            await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                        if stop.is_set():
                            return
                        run.pending[version + 1] = [time.perf_counter(), len(run.tokens), self.measuring]
                        await ws.send(json.dumps({"type": "action", "action": self.rng.choice(legal),
                                                  "version": version}))
                        if self.measuring:
                            self.actions += 1
                else:
                    self.errors += 1
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except asyncio.TimeoutError:
                    message = None
                    continue
                message = json.loads(text)
                self.messages += 1


    def _watch(self, run: TableRun, message: dict) -> None:
        """The spectator's clock: a message caused by a bot's move should come one bot delay after the last."""
        now = time.perf_counter()
        table = message["table"]
        mover = table["current_player"]
        bot_to_move = mover is not None and table["seats"][mover]["kind"] == "bot"
        last = run.last_seen
        if last is not None and message["version"] == last[0] + 1 and last[2] and self.measuring:
            self.bot_lateness.append(now - last[1] - self.bot_delay)
        run.last_seen = (message["version"], now, bot_to_move)


# the longest match the rules allow, between random bots (see tests/gin_rummy/test_gin_bounds.py)
LONGEST_MATCH = {"game": "gin_rummy", "players": 2, "seats": ["random", "random"],
                 "options": {"knock_limit": 0, "game_target": 250, "gin_bonus": 0, "undercut_bonus": 0, "box_bonus": 0}}
UNWATCHED_AFTER = 30.0   # the server's UNWATCHED_FULL_SPEED_AFTER: then a table nobody watches plays in the background


def background_actions(port: int, table_ids: list[str]) -> int:
    return sum(http(port, f"/api/tables/{table_id}")["actions"] for table_id in table_ids)


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


async def slot(load: Load, run: TableRun, ready: asyncio.Barrier, stop: asyncio.Event, game: str, bots: bool) -> None:
    """One of the concurrent tables: when its match ends a new table (same game) takes its place."""
    while True:
        await asyncio.gather(*(load.client(run, seat, ready, stop) for seat in range(len(run.tokens))))
        ready = None
        if not run.over or stop.is_set():
            return
        load.tables_finished += 1
        table_id, tokens = await asyncio.to_thread(make_table, load.port, game, bots)
        load.tables_started += 1
        run = TableRun(table_id, tokens)


async def drive(load: Load, runs: list, seconds: float, warmup: float, server_pid: int, bots: bool) -> dict:
    clients = sum(len(r.tokens) for r, _ in runs)
    ready = asyncio.Barrier(clients + 1)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(slot(load, run, ready, stop, game, bots)) for run, game in runs]
    connect_start = time.perf_counter()
    await asyncio.wait_for(ready.wait(), timeout=60)
    connect_seconds = time.perf_counter() - connect_start
    # the clients' own long-lived objects (800 connections) out of the collector's scans, so that the load
    # process's full collections do not show up as server latency
    gc.collect()
    gc.freeze()
    await asyncio.sleep(warmup)
    load.measuring = True
    start, server_cpu, client_cpu = time.perf_counter(), cpu_seconds(server_pid), time.process_time()
    rss_start = rss_mb(server_pid)
    await asyncio.sleep(seconds)
    load.measuring = False
    elapsed = time.perf_counter() - start
    server_end, client_end = cpu_seconds(server_pid), time.process_time()
    cpu = {"server_cores_busy": None if server_cpu is None else round((server_end - server_cpu) / elapsed, 2),
           "clients_cores_busy": round((client_end - client_cpu) / elapsed, 2),
           "server_memory_mb": {"start": rss_start, "end": rss_mb(server_pid)}}
    stop.set()
    done, still = await asyncio.wait(tasks, timeout=10)
    for task in still:
        task.cancel()
    gc.unfreeze()  # `make bench` runs other benchmarks in this process after this one
    failures = [t.exception() for t in done if not t.cancelled() and t.exception() is not None]
    return {"cpu": cpu, "elapsed": elapsed, "connect_seconds": connect_seconds, "clients": clients,
            "client_failures": len(failures), "first_failure": repr(failures[0]) if failures else None}


def ms_of(values: list[float]) -> dict:
    values = sorted(values)
    ms = {name: round(1000 * percentile(values, q), 1) for name, q in (("p50", 0.50), ("p90", 0.90), ("p99", 0.99))}
    ms["max"] = round(1000 * values[-1], 1) if values else None
    return ms


def measure(args, mode: str) -> dict:
    bots = mode == "bots"
    games = ["yessir", "thunee"] if args.game == "mixed" else [args.game]
    with tempfile.TemporaryDirectory(prefix="gamenight-load-") as tmp:
        port = free_port()
        log = open(os.path.join(tmp, "server.log"), "wb")
        server = start_server(port, os.path.join(tmp, "load.db"), log, args.bot_delay, deflate=not args.no_deflate,
                              keep_finished=args.keep_finished, seed=args.seed)
        try:
            background = [http(port, "/api/tables", LONGEST_MATCH)["table_id"] for _ in range(args.background_tables)]
            if background:
                time.sleep(UNWATCHED_AFTER + 2)   # nobody has watched them for 30 s: they play in the background now
            setup_start = time.perf_counter()
            with concurrent.futures.ThreadPoolExecutor(8) as pool:
                made = list(pool.map(lambda i: make_table(port, games[i % len(games)], bots), range(args.tables)))
            setup_seconds = time.perf_counter() - setup_start
            runs = [(TableRun(table_id, tokens), games[i % len(games)]) for i, (table_id, tokens) in enumerate(made)]
            load = Load(port, args.think, args.seed, deflate=not args.no_deflate, bot_delay=args.bot_delay)
            before = background_actions(port, background)
            outcome = asyncio.run(drive(load, runs, args.seconds, warmup=2.0, server_pid=server.pid, bots=bots))
            background_played = background_actions(port, background) - before
        finally:
            stop_server(server)
            log.close()

    ms = ms_of(load.latencies)
    result = {
        "benchmark": f"web_load ({mode})",
        "setup": "server: `gamenight serve` (uvicorn, SQLite WAL file) in its own process; load clients: one "
                 "separate asyncio process; both on this machine's cores, over real WebSockets on 127.0.0.1",
        "tables_are": ("one person, heuristic bots in the other seats (server side, paced) and a spectator"
                       if bots else "every seat a person"),
        "cores": os.cpu_count(),
        "games": games,
        "tables": args.tables,
        "clients": outcome["clients"],
        "think_seconds_mean": args.think,
        "bot_delay_seconds": args.bot_delay if bots else None,
        "permessage_deflate": not args.no_deflate,
        "measured_seconds": round(outcome["elapsed"], 2),
        "setup_seconds": round(setup_seconds, 2),
        "connect_seconds": round(outcome["connect_seconds"], 2),
        "background_tables": args.background_tables,
        "background_moves_per_second": round(background_played / outcome["elapsed"], 1) if background else None,
        "actions": load.actions,
        "actions_per_second": round(load.actions / outcome["elapsed"], 1),
        "latencies_measured": len(load.latencies),
        "latency_ms": ms,
    }
    if bots:
        result["bot_moves_measured"] = len(load.bot_lateness)
        result["bot_moves_per_second"] = round(len(load.bot_lateness) / outcome["elapsed"], 1)
        result["bot_move_late_ms"] = ms_of(load.bot_lateness)
    result.update({
        "cpu_during_measure": outcome["cpu"],
        "matches_finished": load.tables_finished,
        "tables_replaced": load.tables_started,
        "error_messages": load.errors,
        "client_failures": outcome["client_failures"],
        "first_failure": outcome["first_failure"],
        "target": f"{TARGET_TABLES} concurrent tables, p99 < {TARGET_P99_MS:g} ms",
        "target_met": bool(args.tables >= TARGET_TABLES and load.latencies and ms["p99"] < TARGET_P99_MS
                           and not outcome["client_failures"] and not load.errors
                           and (not bots or ms_of(load.bot_lateness)["p99"] < TARGET_P99_MS)),
    })
    print(json.dumps(result, indent=2), flush=True)
    return result


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["both", "people", "bots"], default="both")
    parser.add_argument("--tables", type=int, default=TARGET_TABLES)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds (after a 2 s warm-up)")
    parser.add_argument("--game", choices=["mixed", "yessir", "thunee"], default="mixed")
    parser.add_argument("--think", type=float, default=0.25,
                        help="mean think time of a client before it acts, seconds (uniform 0..2x); 0: no pause")
    parser.add_argument("--bot-delay", type=float, default=0.7,
                        help="the server's bot pacing in bots mode, seconds (gamenight serve's default)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="no permessage-deflate: the server runs with --no-ws-deflate and the clients do not "
                             "offer it (browsers do; the default measures compression on)")
    parser.add_argument("--keep-finished", type=float, default=None, metavar="MINUTES",
                        help="the server's --keep-finished (default: the server's own)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--background-tables", type=int, default=0, metavar="N",
                        help="bot-only tables nobody watches, playing the longest match the rules allow")
    args = parser.parse_args(sys.argv[1:] if argv is None and __name__ == "__main__" else (argv or []))
    if (not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600 or not 0 <= args.think <= 10
            or not 0 <= args.bot_delay <= 10 or not 0 <= args.background_tables <= 1000):
        parser.error("--tables 1..1000, --seconds up to 600, --think 0..10, --bot-delay 0..10, "
                     "--background-tables 0..1000")
    modes = ["people", "bots"] if args.mode == "both" else [args.mode]
    return [measure(args, mode) for mode in modes]


if __name__ == "__main__":
    main()
