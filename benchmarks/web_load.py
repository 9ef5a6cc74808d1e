"""Web load: many concurrent tables played by scripted clients over real WebSockets against `gamenight serve`.

The server runs as its own process (uvicorn, a temporary SQLite file unless --db says otherwise, 127.0.0.1 and a
free port); every load client runs in this one process (asyncio), so server and clients share the machine's cores
as they would on a real box. Each table has every seat taken by a person (a client holding a token); a client
whose message carries legal actions plays a random one of them after a think time (uniform 0..2x --think; 0: at
once, which measures saturation: every table then always has an action queued, so latency is about tables / throughput).
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

Several servers on one database (issue 17): ``--db postgresql`` runs the server(s) on PostgreSQL, a throwaway
cluster this script starts and stops itself (tests/web/pg_cluster.py's ``Cluster``: Debian's postgresql binaries,
``fsync=off``); ``--servers N`` starts N ``gamenight serve`` processes on distinct ports sharing that database, each
dealing from a test seed of its own. The tables are created round-robin over the servers (the creator plays a table:
it holds its lease), and every client (person or spectator) connects to a server drawn at random (seeded), as a load
balancer without sticky sessions would send it: a table's person and spectator are often at another server than the
one that plays it, and hear of its bots' moves through the database's notifications. The report gives each server's
CPU, memory, clients and tables played, and the PostgreSQL server's CPU.

``--compare`` runs the issue's three configurations one after the other at its load (1,000 busy bot tables, each
watched: bots mode), (a) one process on SQLite, (b) one process on PostgreSQL, (c) two processes on one PostgreSQL,
prints each one's JSON and then a side-by-side table; the target is (c)'s: p99 under 150 ms, no errors. ``make bench``
runs it after both modes.

``--against COMMIT`` (issue 42: a move's cost against 906b419) measures the server of that commit too, from a
temporary git worktree of this repository (its catalogs compiled), with the same arguments, one right after the
other (that commit first, then this tree; ``--rounds N``: N times in turn), and prints them side by side: moves a
second, the server's cores, its CPU a move (``server_cpu_ms_per_move``: the server's CPU time over the person
actions and bot moves played while measuring) and the latencies.

``--reactions RATE`` (issue 44): every seated client (a person's: each seat's in people mode, the one person's in
bots mode; spectators may not react) also sends a reaction every 1 / RATE seconds while it plays (at most 0.5, the
server's limit of one every 2 s), from a random moment of the first period; the report adds what was sent, accepted
(the sender heard its own back) and refused, how many reached the clients (persons and spectators: delivered), and
in bots mode the time from the person's client sending one to the spectator's hearing it; the server's CPU a move
then includes the reactions' cost. Several rates, comma separated (``--reactions 0,0.5``), measure this tree (each
tree with --against) at each rate in turn, ``--rounds`` times, side by side. Reactions are this tree's: a server
without them refuses each (counted as refused).

``python benchmarks/web_load.py [--mode both|people|bots] [--tables 200] [--seconds 20]
[--game mixed|yessir|thunee] [--think 0.25] [--bot-delay 0.7] [--no-deflate] [--background-tables 0]
[--db sqlite|postgresql] [--servers 1] [--compare] [--against COMMIT] [--reactions RATE[,RATE...]] [--rounds N]
[--log-dir DIR]`` prints one JSON object per mode (per configuration with --compare, per tree and rate with
--against or several rates).
Needs the web/test extras (starlette, uvicorn, websockets) only; PostgreSQL also psycopg and the server binaries.
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import concurrent.futures
import contextlib
import functools
import gc
import importlib.util
import json
import os
import pathlib
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

from gamenight.web.messages import apply_change
from gamenight.web.reactions import RATE as REACTION_RATE_LIMIT
from gamenight.web.reactions import REACTIONS

TARGET_TABLES = 200
TARGET_P99_MS = 100.0
# issue 17: 1,000 busy bot tables, each watched, on two server processes sharing one PostgreSQL database
SHARED_TARGET_TABLES = 1000
SHARED_TARGET_P99_MS = 150.0
COMPARED = [("sqlite", 1), ("postgresql", 1), ("postgresql", 2)]   # --compare: (a), (b), (c)
HOST = "127.0.0.1"      # the only address this benchmark ever sends to
CONNECT_WAIT = 120.0    # seconds the first tables' clients may take to connect, all of them
OPEN_WAIT = 60.0        # seconds one client's WebSocket handshake may take (a browser waits longer still)
# the tests' throwaway PostgreSQL server, reused rather than written again
PG_CLUSTER = pathlib.Path(__file__).resolve().parents[1] / "tests" / "web" / "pg_cluster.py"
ROOT = pathlib.Path(__file__).resolve().parents[1]   # the source tree whose server is measured (--against: another)


def progress(text: str) -> None:
    """Where a long run is (on stderr: stdout holds the JSON)."""
    print(f"web_load {time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def code_version(root: pathlib.Path = ROOT) -> str | None:
    """The commit the servers run (with "+changes" if src/ differs from it): figures compare only at one version."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                                timeout=10).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=root, capture_output=True,
                                 text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return (commit + ("+changes" if changed else "")) or None


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


class Server:
    """One `gamenight serve` process of the run, and its log."""

    def __init__(self, port: int, seed: int, process: subprocess.Popen, log_path: str):
        self.port, self.seed, self.process, self.log_path = port, seed, process, log_path


def launch_server(port: int, db_url: str, log_path: str, bot_delay: float, deflate: bool = True,
                  keep_finished: float | None = None, seed: int = 1, tree: pathlib.Path = ROOT) -> Server:
    # every load client comes from 127.0.0.1: the per-address limits (meant for one person's browser) are lifted,
    # and so is the per-connection message rate (a load client "thinks" far faster than a person)
    with open(log_path, "wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "gamenight.cli.main", "serve", "--host", HOST,
                                    "--port", str(port), "--db", db_url, "--bot-delay", str(bot_delay),
                                    "--max-creates-per-minute", "1000000", "--max-sockets-per-ip", "1000000",
                                    *(["--max-messages-per-second", "1000000"]
                                      if "--max-messages-per-second" in serve_help(tree) else []),
                                    "--ws-deflate" if deflate else "--no-ws-deflate",
                                    # the same deals every run (the server's test seeding), so runs compare
                                    "--test-seed", str(seed)]
                                   + ([] if keep_finished is None else ["--keep-finished", str(keep_finished)]),
                                   stdout=log, stderr=subprocess.STDOUT, env=tree_environment(tree))
    return Server(port, seed, process, log_path)


@functools.cache
def serve_help(tree: pathlib.Path) -> str:
    """`gamenight serve --help` of the tree's server (an older commit may lack an option this script passes)."""
    return subprocess.run([sys.executable, "-m", "gamenight.cli.main", "serve", "--help"], capture_output=True,
                          text=True, timeout=60, env=tree_environment(tree)).stdout


def tree_environment(tree: pathlib.Path) -> dict[str, str]:
    """The environment of a server run from the source tree ``tree``: its src/ first on the path."""
    path = [str(tree / "src")] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path)}


def wait_until_serving(server: Server, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server on port {server.port} exited with code {server.process.returncode}: "
                               f"{log_tail(server.log_path)}")
        try:
            http(server.port, "/api/games")
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server on port {server.port} did not answer within {timeout:g} s")


def start_servers(count: int, db_url: str, log_dir: str, args) -> list[Server]:
    """``count`` servers on the database, each on a free port and dealing from a test seed of its own (seeds drawn
    from one test seed would repeat the same deals at every server); all started, then each waited for."""
    servers: list[Server] = []
    try:
        for i in range(count):
            servers.append(launch_server(free_port(), db_url, os.path.join(log_dir, f"server-{i}.log"),
                                         args.bot_delay, deflate=not args.no_deflate,
                                         keep_finished=args.keep_finished, seed=args.seed + i,
                                         tree=getattr(args, "tree", ROOT)))
        for server in servers:
            wait_until_serving(server)
    except BaseException:
        for server in servers:
            stop_server(server.process)
        raise
    return servers


def stop_server(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def log_tail(path: str, lines: int = 20) -> str:
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return ""


def log_problems(path: str, keep: int = 5) -> dict:
    """What a server logged besides uvicorn's INFO lines: its warnings and errors (uvicorn's are prefixed; the
    app's own come unprefixed, table ids here masked so alike lines count together), tracebacks, and the most
    frequent kinds of line."""
    kinds: collections.Counter[str] = collections.Counter()
    tracebacks = 0
    try:
        with open(path, errors="replace") as f:
            for line in f:
                if line.startswith("Traceback"):
                    tracebacks += 1
                if (line.startswith(("INFO:", " ", "\t", "gamenight serve: --test-seed")) or not line.strip()
                        or line.startswith("Traceback")):
                    continue
                kinds[re.sub(r"\b(table|tables) [A-Za-z0-9_-]{8,}", r"\1 <id>", line.rstrip())[:300]] += 1
    except OSError:
        pass
    return {"lines": sum(kinds.values()), "tracebacks": tracebacks, "most_frequent": dict(kinds.most_common(keep))}


def _stat_fields(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int, with_children: bool = False) -> float | None:
    """User + system CPU time of a process so far (Linux /proc; None elsewhere); ``with_children``: also that of
    its children that have ended (and been waited for)."""
    try:
        fields = _stat_fields(pid)
        ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if with_children else 0)
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def tree_cpu_seconds(root: int) -> float | None:
    """CPU time of a process and of all its children, living or ended (PostgreSQL: the postmaster and its
    backends)."""
    total = cpu_seconds(root, with_children=True)
    if total is None:
        return None
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if int(_stat_fields(int(entry))[1]) == root:
                    total += cpu_seconds(int(entry)) or 0.0
            except (OSError, ValueError, IndexError):
                pass
    return total


def machine_cpu_seconds() -> float | None:
    """CPU time all this machine's cores have spent busy so far (Linux /proc/stat: all but idle and iowait)."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(v) for v in f.readline().split()[1:]]
        return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")
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


# ---- the PostgreSQL cluster ---------------------------------------------------------------------------------
def start_cluster() -> Any:
    """A throwaway PostgreSQL server: the tests' (tests/web/pg_cluster.py), imported by its path."""
    module = sys.modules.get("pg_cluster")
    if module is None:
        spec = importlib.util.spec_from_file_location("pg_cluster", PG_CLUSTER)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["pg_cluster"] = module
        spec.loader.exec_module(module)
    return module.Cluster().start()


def postmaster_pid(cluster: Any) -> int | None:
    try:
        with open(os.path.join(cluster.data, "postmaster.pid")) as f:
            return int(f.readline())
    except (OSError, ValueError):
        return None


def lease_holders(db_url: str, table_ids: list[str]) -> tuple[dict[str, str], dict[str, int]]:
    """Who plays what, as the database has it: the server holding each of ``table_ids``' lease, and how many
    tables in play each server holds."""
    import psycopg
    with psycopg.connect(db_url, autocommit=True) as conn:
        holders = dict(conn.execute("SELECT table_id, server_id FROM leases WHERE table_id = ANY(%s)",
                                    (table_ids,)).fetchall())
        playing = dict(conn.execute("SELECT l.server_id, count(*) FROM leases l JOIN tables t USING (table_id) "
                                    "WHERE t.finished IS NOT TRUE GROUP BY l.server_id").fetchall())
    return holders, playing


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
        # --reactions, at a table with a spectator: the reactions sent and not yet heard by it (when, while measuring?)
        self.reactions_unheard: collections.deque[tuple[float, bool]] = collections.deque()


class Reactor:
    """A seated client's reactions (--reactions): one every 1 / rate seconds from a random moment of the first period
    (a random name each), and the ones sent that have not been answered yet (the client's own reaction coming back
    to it, or a refusal): when each was sent and whether that was while measuring. A client held up for a whole
    period starts its rhythm again rather than catch up in a burst, so a rate within the server's (one every
    2 s, 3 at once) is never refused."""

    def __init__(self, rate: float, rng: random.Random, now: float):
        self.period = 1 / rate
        self.rng = rng
        self.next_at = now + rng.uniform(0, self.period)
        self.unanswered: collections.deque[tuple[float, bool]] = collections.deque()

    def wait(self, now: float) -> float:
        """Seconds until the next reaction is due (0: due now)."""
        return max(0.0, self.next_at - now)

    def due(self, now: float, measuring: bool) -> str | None:
        """The reaction to send now, if one is due (and it counts as unanswered from now)."""
        if now < self.next_at:
            return None
        late = now - self.next_at >= self.period
        self.next_at = (now if late else self.next_at) + self.period
        self.unanswered.append((now, measuring))
        return self.rng.choice(REACTIONS)

    def answered(self) -> tuple[float, bool]:
        """The oldest reaction not answered before: (when it was sent, whether while measuring)."""
        return self.unanswered.popleft() if self.unanswered else (0.0, False)

    def refused(self, message: dict[str, Any]) -> bool:
        """Whether ``message`` refuses this client's oldest unanswered reaction (replies come in order)."""
        return (message.get("type") == "error" and bool(self.unanswered)
                and "react" in str(message.get("error", "")))


class ReactionCounts:
    """--reactions, while measuring: reactions sent, accepted (the sender heard its own) and refused, reactions
    heard by every client (persons and spectators: delivered), and, at a table with a spectator (bots mode), each
    one's time from the person's client sending it to the spectator's hearing it (the spectator never pauses to think,
    so that is the server's time; exact while none is refused: a refused one is taken out when the sender hears why,
    which may be after the spectator heard the next)."""

    def __init__(self) -> None:
        self.sent = self.accepted = self.refused = self.delivered = 0
        self.delivery: list[float] = []


class Load:
    def __init__(self, ports: list[int], think: float, seed: int, deflate: bool = True, bot_delay: float = 0.0,
                 reaction_rate: float = 0.0):
        self.ports = ports
        self.bot_delay = bot_delay
        self.bot_lateness: list[float] = []
        self.deflate = deflate
        self.think = think
        self.rng = random.Random(seed)
        # which server each client connects to: drawn at random, as a load balancer without sticky sessions would
        self.placing = random.Random(f"servers {seed}")
        self.clients_at: collections.Counter[int] = collections.Counter()
        self.tables_at: dict[int, list[str]] = {port: [] for port in ports}
        self._next_table = 0
        self.latencies: list[float] = []
        self.first_message: list[float] = []   # from connecting to the table's first state, while measuring
        self.actions = 0
        self.errors = 0
        self.first_error: str | None = None
        self.messages = 0
        self.measuring = False
        self.tables_finished = 0
        self.tables_started = 0
        # --reactions: each seated client's reactions a second (0: none), drawn from a generator of their own so
        # that the clients' actions are the same with reactions on or off
        self.reaction_rate = reaction_rate
        self.reacting = random.Random(f"reactions {seed}")
        self.reactions = ReactionCounts()

    def port_for_table(self) -> int:
        """Where the next table is made (and so played): the servers in turn."""
        port = self.ports[self._next_table % len(self.ports)]
        self._next_table += 1
        return port

    def made(self, port: int, table_id: str) -> None:
        self.tables_at[port].append(table_id)

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
        port = self.placing.choice(self.ports)
        self.clients_at[port] += 1
        url = f"ws://{HOST}:{port}/ws/tables/{run.table_id}"
        connecting, measured = time.perf_counter(), self.measuring
        async with websockets.connect(url, max_size=2 ** 22, ping_interval=None, open_timeout=OPEN_WAIT,
                                      compression="deflate" if self.deflate else None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))   # the token never goes in the address
            message = held = rebuilt(None, json.loads(await ws.recv()))
            if measured and self.measuring:
                self.first_message.append(time.perf_counter() - connecting)
            acted_at = -1
            reactor = (Reactor(self.reaction_rate, self.reacting, time.perf_counter())
                       if token is not None and self.reaction_rate else None)
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
                elif message.get("type") == "reaction":
                    self._heard_reaction(run, reactor, message, held["seat"])
                elif reactor is not None and reactor.refused(message):
                    self._refused_reaction(run, reactor)
                else:
                    self.errors += 1
                    if self.first_error is None:
                        self.first_error = json.dumps(message)[:500]
                if reactor is not None:
                    await self._react(ws, reactor, run)
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=0.5 if reactor is None
                                                  else min(0.5, reactor.wait(time.perf_counter())))
                except asyncio.TimeoutError:
                    message = None
                    continue
                message = rebuilt(held, json.loads(text))
                if message.get("type") == "state":
                    held = message
                self.messages += 1

    async def _react(self, ws: Any, reactor: Reactor, run: TableRun) -> None:
        """A seated client's reaction, when one is due (--reactions)."""
        name = reactor.due(time.perf_counter(), self.measuring)
        if name is not None:
            await ws.send(json.dumps({"type": "react", "reaction": name}))
            self.reactions.sent += self.measuring
            if None in run.tokens:   # a spectator will hear it
                run.reactions_unheard.append(reactor.unanswered[-1])

    def _heard_reaction(self, run: TableRun, reactor: Reactor | None, message: dict[str, Any],
                        seat: int | None) -> None:
        """A reaction reached a client: one delivered; the client's own, sent while measuring, one accepted; the
        spectator's: the time it took."""
        self.reactions.delivered += self.measuring
        if reactor is not None and message["seat"] == seat:
            _, measured = reactor.answered()
            self.reactions.accepted += measured
        elif seat is None and run.reactions_unheard:
            sent_at, measured = run.reactions_unheard.popleft()
            if measured:
                self.reactions.delivery.append(time.perf_counter() - sent_at)

    def _refused_reaction(self, run: TableRun, reactor: Reactor) -> None:
        sent = reactor.answered()
        self.reactions.refused += sent[1]
        if sent in run.reactions_unheard:
            run.reactions_unheard.remove(sent)

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


def rebuilt(held: dict | None, message: dict) -> dict:
    """The whole state a client holds after ``message`` (docs/web.md): a change applied to the state it held,
    as the page does; any other message as it came."""
    if message.get("type") != "change":
        return message
    assert held is not None, "a change before any state"
    return apply_change(held, message)


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
        port = load.port_for_table()
        table_id, tokens = await asyncio.to_thread(make_table, port, game, bots)
        load.made(port, table_id)
        load.tables_started += 1
        run = TableRun(table_id, tokens)


async def finish(tasks: list[asyncio.Task]) -> list[BaseException]:
    """The tables' tasks ended (told to stop; those that do not within 10 s cancelled): the failures among them."""
    done, still = await asyncio.wait(tasks, timeout=10)
    for task in still:
        task.cancel()
    await asyncio.gather(*still, return_exceptions=True)
    return [e for t in done if not t.cancelled() and (e := t.exception()) is not None]


async def drive(load: Load, runs: list, seconds: float, warmup: float, servers: list[Server],
                database_pid: int | None, bots: bool) -> dict:
    clients = sum(len(r.tokens) for r, _ in runs)
    ready = asyncio.Barrier(clients + 1)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(slot(load, run, ready, stop, game, bots)) for run, game in runs]
    connect_start = time.perf_counter()
    try:
        await asyncio.wait_for(ready.wait(), timeout=CONNECT_WAIT)
    except (asyncio.BrokenBarrierError, asyncio.TimeoutError):
        # the first tables' clients could not all connect: reported as the run's outcome (nothing measured)
        stop.set()
        failures = await finish(tasks)
        return {"cpu": None, "elapsed": 0.0, "connect_seconds": time.perf_counter() - connect_start,
                "clients": clients, "client_failures": len(failures),
                "first_failure": "connecting the first tables' clients: "
                                 + (repr(failures[0]) if failures else f"not all within {CONNECT_WAIT:g} s")}
    connect_seconds = time.perf_counter() - connect_start
    progress(f"{clients} clients connected in {connect_seconds:.1f} s; warming up {warmup:g} s")
    # the clients' own long-lived objects (800 connections) out of the collector's scans, so that the load
    # process's full collections do not show up as server latency
    gc.collect()
    gc.freeze()
    await asyncio.sleep(warmup)
    load.measuring = True
    progress(f"measuring for {seconds:g} s")
    pids = [s.process.pid for s in servers]
    start, client_cpu = time.perf_counter(), time.process_time()
    server_cpu = [cpu_seconds(pid) for pid in pids]
    database_cpu = None if database_pid is None else tree_cpu_seconds(database_pid)
    machine_cpu = machine_cpu_seconds()
    rss_start = [rss_mb(pid) for pid in pids]
    await asyncio.sleep(seconds)
    load.measuring = False
    elapsed = time.perf_counter() - start
    server_end, client_end = [cpu_seconds(pid) for pid in pids], time.process_time()
    database_end = None if database_pid is None else tree_cpu_seconds(database_pid)
    machine_end = machine_cpu_seconds()
    rss_end = [rss_mb(pid) for pid in pids]

    def busy(before: float | None, after: float | None) -> float | None:
        return None if before is None or after is None else round((after - before) / elapsed, 2)

    each = [busy(a, b) for a, b in zip(server_cpu, server_end)]
    servers_busy = None if None in each else round(sum(e or 0.0 for e in each), 2)
    database_busy = busy(database_cpu, database_end)
    clients_busy = round((client_end - client_cpu) / elapsed, 2)
    machine_busy = busy(machine_cpu, machine_end)
    cpu = {"server_cores_busy": servers_busy,
           "each_server_cores_busy": each,
           "database_cores_busy": database_busy,
           "clients_cores_busy": clients_busy,
           "machine_cores_busy": machine_busy,
           # anything else on the machine meanwhile (another test run would make the figures meaningless)
           "other_processes_cores_busy": None if machine_busy is None or servers_busy is None else
                                         round(max(0.0, machine_busy - servers_busy - (database_busy or 0.0)
                                                   - clients_busy), 2),
           "server_memory_mb": {"start": rss_start[0], "end": rss_end[0]} if len(pids) == 1 else
                               [{"start": a, "end": b} for a, b in zip(rss_start, rss_end)]}
    stop.set()
    failures = await finish(tasks)
    gc.unfreeze()  # `make bench` runs other benchmarks in this process after this one
    return {"cpu": cpu, "elapsed": elapsed, "connect_seconds": connect_seconds, "clients": clients,
            "client_failures": len(failures), "first_failure": repr(failures[0]) if failures else None}


def ms_of(values: list[float]) -> dict:
    """p50, p90, p99 and max in milliseconds (None: nothing measured)."""
    values = sorted(values)
    ms: dict[str, float | None] = {name: round(1000 * percentile(values, q), 1) if values else None
                                   for name, q in (("p50", 0.50), ("p90", 0.90), ("p99", 0.99))}
    ms["max"] = round(1000 * values[-1], 1) if values else None
    return ms


def target_of(args) -> tuple[int, float]:
    """(tables, p99 ms): issue 17's for a comparison or several servers, else the one-server target."""
    if args.compare or args.servers > 1:
        return SHARED_TARGET_TABLES, SHARED_TARGET_P99_MS
    return TARGET_TABLES, TARGET_P99_MS


def measure(args, mode: str, db: str = "sqlite", servers: int = 1, cluster: Any = None) -> dict:
    bots = mode == "bots"
    games = ["yessir", "thunee"] if args.game == "mixed" else [args.game]
    with tempfile.TemporaryDirectory(prefix="gamenight-load-") as tmp:
        log_dir = tmp
        if args.log_dir:
            log_dir = os.path.join(args.log_dir, f"{mode}-{db}-{servers}")
            shutil.rmtree(log_dir, ignore_errors=True)
            os.makedirs(log_dir)
        db_url = cluster.empty_database() if db == "postgresql" else f"sqlite:///{os.path.join(tmp, 'load.db')}"
        progress(f"{mode} mode, {servers} server{'s' if servers > 1 else ''} on {db}: starting")
        code = code_version(getattr(args, "tree", ROOT))
        running = start_servers(servers, db_url, log_dir, args)
        progress("server pids " + " ".join(str(s.process.pid) for s in running))
        ports = [s.port for s in running]
        load = Load(ports, args.think, args.seed, deflate=not args.no_deflate, bot_delay=args.bot_delay,
                    reaction_rate=reaction_rate_of(args))
        holders: dict[str, str] = {}
        playing: dict[str, int] = {}
        try:
            background = [http(ports[0], "/api/tables", LONGEST_MATCH)["table_id"]
                          for _ in range(args.background_tables)]
            if background:
                time.sleep(UNWATCHED_AFTER + 2)   # nobody has watched them for 30 s: they play in the background now
            setup_start = time.perf_counter()
            where = [load.port_for_table() for _ in range(args.tables)]
            with concurrent.futures.ThreadPoolExecutor(8) as pool:
                made = list(pool.map(lambda i: make_table(where[i], games[i % len(games)], bots), range(args.tables)))
            setup_seconds = time.perf_counter() - setup_start
            progress(f"{args.tables} tables made in {setup_seconds:.1f} s")
            for port, (table_id, _) in zip(where, made):
                load.made(port, table_id)
            runs = [(TableRun(table_id, tokens), games[i % len(games)]) for i, (table_id, tokens) in enumerate(made)]
            before = background_actions(ports[0], background)
            outcome = asyncio.run(drive(load, runs, args.seconds, warmup=2.0, servers=running,
                                        database_pid=postmaster_pid(cluster) if db == "postgresql" else None,
                                        bots=bots))
            background_played = background_actions(ports[0], background) - before
            if db == "postgresql":
                holders, playing = lease_holders(db_url, [t for ids in load.tables_at.values() for t in ids])
        finally:
            for server in running:
                stop_server(server.process)
        problems = [log_problems(s.log_path) for s in running]

    # each server's id in the database is the one that holds the leases of most of the tables made at it
    server_ids = [collections.Counter(holders[t] for t in load.tables_at[port] if t in holders).most_common(1)
                  for port in ports]
    ms = ms_of(load.latencies)
    late = ms_of(load.bot_lateness)
    target_tables, target_p99 = target_of(args)
    elapsed = outcome["elapsed"]
    cpu = outcome["cpu"] or {"server_cores_busy": None, "each_server_cores_busy": [None] * servers,
                             "database_cores_busy": None, "clients_cores_busy": None, "machine_cores_busy": None,
                             "other_processes_cores_busy": None, "server_memory_mb": None}

    def per_second(count: float) -> float | None:
        return round(count / elapsed, 1) if elapsed else None

    result = {
        "benchmark": f"web_load ({mode})",
        "setup": (f"{servers} `gamenight serve` process{'es' if servers > 1 else ''} (uvicorn) on "
                  + ("one SQLite WAL file" if db == "sqlite" else "one PostgreSQL database (a local throwaway "
                     "cluster, fsync off)")
                  + (", each client connected to a server drawn at random" if servers > 1 else "")
                  + "; load clients: one separate asyncio process; all on this machine's cores, over real "
                    "WebSockets on 127.0.0.1"),
        "db": db,
        "servers": servers,
        "code": code,
        "tables_are": ("one person, heuristic bots in the other seats (server side, paced) and a spectator"
                       if bots else "every seat a person"),
        "cores": os.cpu_count(),
        "games": games,
        "tables": args.tables,
        "clients": outcome["clients"],
        "think_seconds_mean": args.think,
        "bot_delay_seconds": args.bot_delay if bots else None,
        "permessage_deflate": not args.no_deflate,
        "measured_seconds": round(elapsed, 2),
        "setup_seconds": round(setup_seconds, 2),
        "connect_seconds": round(outcome["connect_seconds"], 2),
        "background_tables": args.background_tables,
        "background_moves_per_second": per_second(background_played) if background else None,
        "actions": load.actions,
        "actions_per_second": per_second(load.actions),
        "latencies_measured": len(load.latencies),
        "latency_ms": ms,
        # a new table's clients (a finished match replaced) while measuring: from connecting to the first state
        "first_message_ms": ms_of(load.first_message),
    }
    if bots:
        result["bot_moves_measured"] = len(load.bot_lateness)
        result["bot_moves_per_second"] = per_second(len(load.bot_lateness))
        result["bot_move_late_ms"] = late
    moves = load.actions + (len(load.bot_lateness) if bots else 0)
    result["server_cpu_ms_per_move"] = (round(1000 * cpu["server_cores_busy"] * elapsed / moves, 3)
                                        if moves and cpu["server_cores_busy"] is not None else None)
    result["cpu_during_measure"] = cpu
    if load.reaction_rate:
        result["reactions"] = reactions_report(load, outcome["clients"] - (args.tables if bots else 0), elapsed)
    result["per_server"] = [
        {"port": s.port, "test_seed": s.seed, "cores_busy": cpu["each_server_cores_busy"][i],
         "clients_connected": load.clients_at[s.port], "tables_made": len(load.tables_at[s.port]),
         "tables_played_at_end": playing.get(server_ids[i][0][0]) if server_ids[i] else None,
         "log": problems[i]}
        for i, s in enumerate(running)]
    if db == "postgresql":
        # a table played by another server than the one that made it: its maker was taken for dead (a heartbeat
        # late by LEASE_SECONDS) or stopped playing it
        mine = {t: ids[0][0] for port, ids in zip(ports, server_ids) if ids for t in load.tables_at[port]}
        result["tables_taken_over"] = sum(1 for t, holder in holders.items() if t in mine and holder != mine[t])
    result.update({
        "matches_finished": load.tables_finished,
        "tables_replaced": load.tables_started,
        "error_messages": load.errors,
        "first_error_message": load.first_error,
        "client_failures": outcome["client_failures"],
        "first_failure": outcome["first_failure"],
        "target": f"{target_tables} concurrent tables, p99 < {target_p99:g} ms, no errors",
        "target_met": bool(args.tables >= target_tables and load.latencies and ms["p99"] < target_p99
                           and not outcome["client_failures"] and not load.errors
                           and (not bots or bool(load.bot_lateness) and late["p99"] < target_p99)),
    })
    print(json.dumps(result, indent=2), flush=True)
    return result


def reaction_rate_of(args: argparse.Namespace) -> float:
    """The seated clients' reactions a second in the run being measured (--reactions; one of them with several)."""
    rate: float = getattr(args, "reaction_rate", args.reactions[0])
    return rate


def reactions_report(load: Load, reacting: int, elapsed: float) -> dict[str, Any]:
    """--reactions: what the seated clients sent while measuring, and what came of it."""
    counts = load.reactions

    def per_second(count: int) -> float | None:
        return round(count / elapsed, 1) if elapsed else None

    return {"rate_per_person": load.reaction_rate, "people_reacting": reacting,
            "sent": counts.sent, "accepted": counts.accepted, "refused": counts.refused,
            "delivered": counts.delivered, "sent_per_second": per_second(counts.sent),
            "delivered_per_second": per_second(counts.delivered),
            # from a person's client sending a reaction to the table's spectator hearing it (bots mode)
            "delivery_ms": ms_of(counts.delivery)}


def _figures(ms: dict) -> str:
    return " / ".join("-" if ms.get(k) is None else f"{ms[k]:g}" for k in ("p50", "p90", "p99", "max"))


def summary(results: list[dict]) -> str:
    """The compared configurations side by side (a Markdown table)."""
    rows = ["| configuration | tables | clients | person actions/s | bot moves/s | latency p50 / p90 / p99 / max ms "
            "| bot moves late p50 / p90 / p99 / max ms | server cores (each) | PostgreSQL cores | clients cores "
            "| other processes' cores | server RSS end MB | errors | client failures | target met |",
            "|" + "---|" * 15]
    for label, r in zip("abcdefgh", results):
        if "run_failed" in r:
            rows.append(f"| ({label}) {r['servers']} process{'es' if r['servers'] > 1 else ''}, {r['db']} "
                        f"| {r['tables']} | failed: {r['run_failed']} |")
            continue
        cpu = r["cpu_during_measure"]
        memory = cpu["server_memory_mb"]
        rss = [m["end"] for m in memory] if isinstance(memory, list) else [memory["end"] if memory else None]
        each = cpu["each_server_cores_busy"]
        rows.append(
            f"| ({label}) {r['servers']} process{'es' if r['servers'] > 1 else ''}, {r['db']} | {r['tables']} "
            f"| {r['clients']} | {r['actions_per_second']} | {r.get('bot_moves_per_second', '-')} "
            f"| {_figures(r['latency_ms'])} | {_figures(r.get('bot_move_late_ms', {}))} "
            f"| {cpu['server_cores_busy']}" + (f" ({' + '.join(str(e) for e in each)})" if len(each) > 1 else "")
            + f" | {'-' if cpu['database_cores_busy'] is None else cpu['database_cores_busy']} "
            f"| {cpu['clients_cores_busy']} | {cpu['other_processes_cores_busy']} "
            f"| {' + '.join(str(m) for m in rss)} | {r['error_messages']} "
            f"| {r['client_failures']} | {'yes' if r['target_met'] else 'no'} |")
    return "\n".join(rows)


def side_by_side(results: list[dict]) -> str:
    """--against (or several --reactions rates): each run, one line each (a Markdown table); with reactions, what
    they were (a person's reactions a second; sent, refused and delivered a second)."""
    reacting = any("reactions" in r for r in results)
    reaction_columns = "reactions a person/s | reactions sent/s, refused, delivered/s | " if reacting else ""
    rows = ["| code | tables | " + reaction_columns + "person actions/s | bot moves/s | server cores "
            "| server CPU a move | latency p50 / p90 / p99 / max ms | bot moves late p50 / p90 / p99 / max ms "
            "| other processes' cores |",
            "|" + "---|" * (11 if reacting else 9)]
    for r in results:
        cpu = r["cpu_during_measure"]
        rows.append(f"| {r['code']} | {r['tables']} | " + (_reaction_figures(r.get("reactions")) if reacting else "")
                    + f"{r['actions_per_second']} | {r.get('bot_moves_per_second', '-')} "
                    f"| {cpu['server_cores_busy']} | {r['server_cpu_ms_per_move']} ms | {_figures(r['latency_ms'])} "
                    f"| {_figures(r.get('bot_move_late_ms', {}))} | {cpu['other_processes_cores_busy']} |")
    return "\n".join(rows)


def _reaction_figures(reactions: dict[str, Any] | None) -> str:
    if reactions is None:
        return "0 | - | "
    return (f"{reactions['rate_per_person']:g} | {reactions['sent_per_second']}, {reactions['refused']}, "
            f"{reactions['delivered_per_second']} | ")


@contextlib.contextmanager
def worktree_of(commit: str):
    """A temporary git worktree of ``commit`` (this repository's), its message catalogs compiled as an install
    would: the tree whose server --against measures. Removed afterwards."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    place = pathlib.Path(tempfile.mkdtemp(prefix="gamenight-against-")) / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", str(place), commit], cwd=ROOT, check=True,
                   capture_output=True, timeout=120)
    try:
        for po in (place / "src").rglob("*.po"):
            with po.open("rb") as f:
                catalog = read_po(f)
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog, use_fuzzy=False)
        yield place
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(place)], cwd=ROOT, capture_output=True,
                       timeout=120)
        shutil.rmtree(place.parent, ignore_errors=True)


def main(argv: list[str] | None = None, cluster: Any = None) -> list[dict]:
    """The run(s) ``argv`` asks for, each one's JSON printed (and returned). ``cluster``: a running
    pg_cluster.Cluster to use for --db postgresql (else this starts one, and stops it at the end)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["both", "people", "bots"], default=None,
                        help="default both (bots with --compare)")
    parser.add_argument("--tables", type=int, default=None,
                        help=f"concurrent tables (default {TARGET_TABLES}; {SHARED_TARGET_TABLES} with --compare)")
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
    parser.add_argument("--seed", type=int, default=1,
                        help="the clients' choices; server i deals from test seed SEED + i")
    parser.add_argument("--background-tables", type=int, default=0, metavar="N",
                        help="bot-only tables nobody watches, playing the longest match the rules allow")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite",
                        help="the servers' database: a temporary SQLite file (default), or a throwaway PostgreSQL "
                             "cluster this script starts")
    parser.add_argument("--servers", type=int, default=1, metavar="N",
                        help="server processes on distinct ports sharing the database (default 1; more need "
                             "--db postgresql); each client connects to one drawn at random")
    parser.add_argument("--compare", action="store_true",
                        help="bots mode in three configurations one after the other: 1 process on SQLite, 1 on "
                             "PostgreSQL, 2 on one PostgreSQL; then a side-by-side table")
    parser.add_argument("--against", metavar="COMMIT", default=None,
                        help="also measure the server of COMMIT (a temporary git worktree), first, with the same "
                             "arguments; then the two side by side")
    parser.add_argument("--reactions", type=reaction_rates, default=[0.0], metavar="RATE[,RATE...]",
                        help="reactions a second each seated client sends while it plays (at most "
                             f"{REACTION_RATE_LIMIT:g}, the server's limit; default 0: none); several rates, comma "
                             "separated: one run at each, in turn, then side by side")
    parser.add_argument("--rounds", type=int, default=1, metavar="N",
                        help="with --against or several --reactions rates: measure them all N times, in turn (on a "
                             "busy machine)")
    parser.add_argument("--log-dir", metavar="DIR", default=None,
                        help="keep the servers' logs in DIR/<mode>-<db>-<servers>/ (default: a temporary "
                             "directory, removed)")
    args = parser.parse_args(sys.argv[1:] if argv is None and __name__ == "__main__" else (argv or []))
    if args.tables is None:
        args.tables = SHARED_TARGET_TABLES if args.compare else TARGET_TABLES
    if args.mode is None:
        args.mode = "bots" if args.compare else "both"
    if (not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600 or not 0 <= args.think <= 10
            or not 0 <= args.bot_delay <= 10 or not 0 <= args.background_tables <= 1000
            or not 1 <= args.servers <= 8):
        parser.error("--tables 1..1000, --seconds up to 600, --think 0..10, --bot-delay 0..10, "
                     "--background-tables 0..1000, --servers 1..8")
    if args.servers > 1 and args.db != "postgresql":
        parser.error("--servers N > 1 needs a database they share: --db postgresql")
    if args.compare and (args.mode != "bots" or args.db != "sqlite" or args.servers != 1):
        parser.error("--compare runs bots mode in its own three configurations: no --mode, --db or --servers")
    if not 1 <= args.rounds <= 10:
        parser.error("--rounds 1..10")
    if args.against and args.compare:
        parser.error("--against compares two trees in one configuration: not with --compare")
    if len(args.reactions) > 1 and args.compare:
        parser.error("several --reactions rates are compared in one configuration: not with --compare")
    if args.against or len(args.reactions) > 1:
        return against(args, cluster)
    configurations = COMPARED if args.compare else [(args.db, args.servers)]
    modes = ["people", "bots"] if args.mode == "both" else [args.mode]
    own_cluster = None
    if cluster is None and any(db == "postgresql" for db, _ in configurations):
        cluster = own_cluster = start_cluster()
    results = []
    try:
        for db, servers in configurations:
            for mode in modes:
                try:
                    results.append(measure(args, mode, db, servers, cluster))
                except Exception as e:
                    if not args.compare:
                        raise
                    # one configuration that cannot run (its servers do not start...) leaves the others to run
                    failed = {"benchmark": f"web_load ({mode})", "db": db, "servers": servers, "tables": args.tables,
                              "run_failed": repr(e), "target_met": False}
                    print(json.dumps(failed, indent=2), flush=True)
                    results.append(failed)
    finally:
        if own_cluster is not None:
            own_cluster.stop()
    if args.compare:
        print(f"\n# web_load --compare: {args.tables} bot tables, each watched, {args.seconds:g} s measured each; "
              f"target for (c): p99 < {SHARED_TARGET_P99_MS:g} ms, no errors; code "
              f"{', '.join(sorted({str(r['code']) for r in results}))}\n" + summary(results), flush=True)
    return results


def against(args, cluster: Any = None) -> list[dict]:
    """--against: the other commit's server, then this tree's, each in every mode asked for; with several --reactions
    rates, each tree at each rate in turn (without --against, this tree alone); side by side."""
    modes = ["people", "bots"] if args.mode == "both" else [args.mode]
    own_cluster = None
    if cluster is None and args.db == "postgresql":
        cluster = own_cluster = start_cluster()
    results = []
    try:
        with (worktree_of(args.against) if args.against else contextlib.nullcontext(None)) as other:
            for _ in range(args.rounds):
                for tree in (ROOT,) if other is None else (other, ROOT):
                    args.tree = tree
                    for rate in args.reactions:
                        args.reaction_rate = rate
                        results += [measure(args, mode, args.db, args.servers, cluster) for mode in modes]
    finally:
        if own_cluster is not None:
            own_cluster.stop()
    compared = (f"--against {args.against}: {args.tables} tables, {args.seconds:g} s measured each, that commit's "
                "server first, then this tree's" if args.against else
                f"this tree: {args.tables} tables, {args.seconds:g} s measured each")
    if len(args.reactions) > 1:
        compared += f", each at {', '.join(f'{rate:g}' for rate in args.reactions)} reactions a person a second"
    print(f"\n# web_load {compared}, {args.rounds} time(s)\n" + side_by_side(results), flush=True)
    return results


def reaction_rates(text: str) -> list[float]:
    """--reactions: one rate or several, comma separated, each 0..the server's limit (reactions a second)."""
    try:
        rates = [float(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a rate or rates: {text!r}") from None
    if not all(0 <= rate <= REACTION_RATE_LIMIT for rate in rates):
        raise argparse.ArgumentTypeError(f"each rate 0..{REACTION_RATE_LIMIT:g} (the server's limit)")
    return rates


if __name__ == "__main__":
    main()
