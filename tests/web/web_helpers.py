"""Helpers shared by the web tests."""
import contextlib
import json
import random
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import gamenight

# short matches keep the suite fast; the default-rules matches are played too (test_api)
SHORT = {
    "yaniv": {"players": 3, "options": {"single_round": True}},
    "gin_rummy": {"players": 2, "options": {"single_hand": True}},
    "yessir": {"players": 3, "options": {"rounds_to_win": 1}},
    "thunee": {"players": 4, "options": {"balls_to_win": 1}},
}
GAMES = sorted(SHORT)
JSON = {"Content-Type": "application/json"}   # the one body type the server accepts
# the keys of each message a WebSocket client may receive (docs/web.md, "WebSocket"): (always there, sometimes)
DOCUMENTED = {
    "state": ({"type", "table", "seat", "version", "view", "legal_actions", "legal_described", "score_sheet",
               "hand_end_view"}, set()),
    "error": ({"type", "error", "status"}, set()),
    "pong": ({"type"}, set()),
    "review": ({"type", "seat", "status"}, {"done", "total", "decisions", "summary"}),
    "reaction": ({"type", "seat", "reaction"}, set()),
    "coach": ({"type", "seat", "version", "lines", "advice", "thinking"}, set()),
}
# a change (docs/web.md, "State and change messages"): the version, and any of the state's other keys that changed,
# and the lists that grew and the keys that went
DOCUMENTED["change"] = ({"type", "version"},
                         (DOCUMENTED["state"][0] - {"type", "seat", "version"}) | {"extend", "drop"})
# the state's objects a change gives key by key (``hand_end_view`` too, while it is an object before and after)
PARTS = ("table", "view", "score_sheet", "hand_end_view")


def rebuilt(held: dict | None, message: dict) -> dict:
    """The whole state a client holds once ``message`` reached it holding ``held`` (its last state, or None), as
    the page rebuilds it (docs/web.md): a state message is whole; a change is applied to the state held. Written
    here apart from the server's own code, so a wrong change shows as a wrong state."""
    if message.get("type") != "change":
        return message
    assert held is not None and held.get("type") == "state", ("a change came before any whole state", message)
    state = {key: (dict(value) if key in PARTS and value is not None else value) for key, value in held.items()}
    state["version"] = message["version"]
    for key, value in message.items():
        if key in ("type", "version", "extend", "drop"):
            continue
        if key in PARTS and isinstance(state[key], dict) and isinstance(value, dict):
            state[key].update(value)
        else:
            state[key] = value
    for part, lists in message.get("extend", {}).items():
        for name, items in lists.items():
            state[part][name] = state[part][name] + items
    for part, names in message.get("drop", {}).items():
        for name in names:
            del state[part][name]
    return state


class Rebuilding:
    """A real WebSocket (the websockets library's) read as the page reads it: ``recv`` gives the text of the whole
    state each change leads to (other messages as they came), each message checked against DOCUMENTED."""

    def __init__(self, ws):
        self.ws = ws
        self.held: dict | None = None

    def __enter__(self):
        self.ws.__enter__()
        return self

    def __exit__(self, *exc):
        return self.ws.__exit__(*exc)

    def send(self, text) -> None:
        self.ws.send(text)

    def recv(self, timeout: float | None = None) -> str:
        message = json.loads(self.ws.recv(timeout=timeout))
        check_documented(message)
        if message.get("type") not in ("state", "change"):
            return json.dumps(message)
        self.held = rebuilt(self.held, message)
        return json.dumps(self.held)


def check_documented(message: dict) -> None:
    """The message is of a documented type, with its documented keys and no other."""
    assert message.get("type") in DOCUMENTED, message
    always, sometimes = DOCUMENTED[message["type"]]
    assert always <= message.keys() <= always | sometimes, (message["type"], sorted(message.keys()))


def heuristic_or_random(game: str) -> str:
    return "heuristic" if "heuristic" in gamenight.bots_for(game) else "random"


def create(client, game, seats, **extra):
    return create_hosted(client, game, seats, **extra)[0]


def create_hosted(client, game, seats, **extra):
    """A new table: (its id, the host token its creator got)."""
    body = {"game": game, "seats": seats, **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()["table_id"], r.json()["host_token"]


def join(client, table_id, seat, name=None):
    r = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    return r.json()["token"]


class ManualClock:
    """A monotonic clock that moves only when the test says so."""

    def __init__(self, start: float = 1000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def manual_manager(db_url, **options):
    """A TableManager whose time is a ManualClock and whose scheduler has no thread: (manager, clock). The test
    moves the clock and calls ``manager.scheduler.run_due()``: what is due runs in the test's own thread."""
    from gamenight.web import TableManager, open_storage
    from gamenight.web.scheduler import BotScheduler
    clock = ManualClock()
    manager = TableManager(open_storage(db_url), test_seed=0, clock=clock,
                           scheduler=BotScheduler(clock, threaded=False), **options)
    return manager, clock


def later(manager, clock, seconds: float) -> int:
    """Let ``seconds`` pass on the manager's clock and run what became due; how many jobs ran."""
    clock.advance(seconds)
    return manager.scheduler.run_due()


@contextlib.contextmanager
def ws_connect(client, table_id, token=None):
    """The table's WebSocket, introduced with the seat's token in the first message (no token: a spectator)."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        yield ws


PACED_BOTS = 0.5   # seconds a paced bot thinks in the manual-clock tests (a table of bots alone would finish at once)


def summary(client, table_id):
    """The table's public summary."""
    return client.get(f"/api/tables/{table_id}").json()


def finished_table_of_two(client, manager, clock, delay=PACED_BOTS):
    """A finished YESSIR! match (one round) of Ann (seat 0), Bob (seat 1) and a bot whose seat friends may take:
    (table id, host token, {seat: token})."""
    table_id, host = create_hosted(client, "yessir", [None, None, "random"], players=3,
                                   options={"rounds_to_win": 1}, settings={"bots_may_be_replaced": True})
    tokens = {0: join(client, table_id, 0, "Ann"), 1: join(client, table_id, 1, "Bob")}
    table = manager.get(table_id)
    while not table.state.is_over:
        seat = table.state.current_player
        if seat in tokens:
            act(client, table_id, tokens[seat], str(table.state.legal_actions()[0]), len(table.state.history))
        else:
            later(manager, clock, delay)
    return table_id, host, tokens


def act(client, table_id, token, action, version):
    """POST one action chosen at ``version``; the response."""
    return client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": action, "version": version})


def play_http(client, table_id, tokens: dict[int, str], rng: random.Random, limit=20000):
    """People at ``tokens`` play random legal actions over HTTP until the match is over; returns the last message."""
    message = client.get(f"/api/tables/{table_id}/state").json()
    for _ in range(limit):
        if message["table"]["is_over"]:
            return message
        seat = message["table"]["current_player"]
        assert seat in tokens, f"seat {seat} is to move but nobody plays it"
        mine = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": tokens[seat]}).json()
        assert mine["seat"] == seat and mine["legal_actions"]
        r = act(client, table_id, tokens[seat], rng.choice(mine["legal_actions"]), mine["version"])
        assert r.status_code == 200, r.text
        message = r.json()
    raise AssertionError("match did not end")


def strings_in(value):
    """Every word of every string in a JSON value (card notation like ``Qh`` shows up as a word)."""
    if isinstance(value, str):
        yield from re.findall(r"[A-Za-z0-9]+", value)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)


def paths_of(value, words, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths_of(v, words, f"{path}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths_of(v, words, f"{path}[{i}]")
    elif isinstance(value, str) and set(strings_in(value)) & words:
        yield path


def hidden_cards(state, seat):
    """Cards in other seats' hands or the stock that nothing public shows, the seat does not hold, and the seat did
    not play or lay itself in this hand or the last (a Thunee trumper's face-down card is theirs to know, also once
    the next deal put it in the stock)."""
    full = json.loads(state.to_json())
    hands = full.get("hands") or []
    hidden = set(full.get("stock") or []) if isinstance(full.get("stock"), list) else set()
    for other, hand in enumerate(hands):
        if other != seat:
            hidden.update(hand)
    if seat is not None and seat < len(hands):
        hidden -= set(hands[seat])
    own_moves = [text for log in (full.get("log"), full.get("previous_log")) if isinstance(log, list)
                 for who, text in log if who == seat]
    return hidden - set(strings_in(state.view(None))) - set(strings_in(own_moves))


def perturbed_dice_views(state, seat, rng, tries=3):
    """Views of ``seat`` after re-rolling the other seats' hidden dice, where the public view does not change."""
    full = json.loads(state.to_json())
    for _ in range(tries):
        changed = json.loads(json.dumps(full))
        for other, dice in enumerate(changed["dice"]):
            if other != seat:
                changed["dice"][other] = [rng.randint(1, 6) for _ in dice]
        other_state = state.game.state_from_json(json.dumps(changed))
        if other_state.view(None) == state.view(None):
            yield other_state.view(seat)


def check_message_leaks_nothing(state, seat, message, rng, ended=None):
    """``message`` (received by ``seat`` when ``state`` was the table's state) shows only what the seat may know.

    First the hidden information itself (other seats' cards or dice), then that the message is exactly the
    engine's view for the seat, with nothing else beside it. ``ended``: the state one action before ``state``; a
    message that shows the hand that just ended (``hand_end_view``, during the pause after it) must show exactly the
    seat's view of that state, and none of what was hidden from the seat then."""
    assert message["type"] == "state" and message["seat"] == seat
    # legal actions are checked below to be the engine's own for the seat to move; their notation names
    # cards a joker stands for (Yaniv ``Jk=4h+5h+6h``), which are nobody's cards
    # (and the table's id is random text the server chose before any card was dealt: `..._Jc-...` is no card)
    shown = {k: v for k, v in message.items() if k not in ("legal_actions", "legal_described", "hand_end_view")}
    shown["table"] = {k: v for k, v in message["table"].items() if k != "table_id"}
    check_nothing_hidden_shown(state, seat, shown, rng)
    if message.get("hand_end_view") is not None:
        assert ended is not None, f"seat {seat} was shown a hand's end at version {message['version']}"
        check_nothing_hidden_shown(ended, seat, {"view": message["hand_end_view"]}, rng)
        assert message["hand_end_view"] == ended.view(seat)
    assert message["view"] == state.view(seat)
    # (nobody plays in the pause after a hand)
    to_move = seat is not None and state.current_player == seat and not message["table"].get("hand_pause")
    expected_legal = [str(a) for a in state.legal_actions()] if to_move else []
    assert message["legal_actions"] == expected_legal
    assert message["legal_described"] == [state.game.describe(a) for a in expected_legal]   # the same, described
    assert set(message) == {"type", "table", "seat", "version", "view", "legal_actions", "legal_described",
                            "score_sheet", "hand_end_view"}
    assert message["score_sheet"] == state.score_sheet()            # the engine's public sheet, nothing more
    assert set(message["table"]) == {"table_id", "game", "title", "players", "rules", "seats", "settings",
                                     "hand_pause", "turn_clock", "current_player", "is_over", "actions", "created",
                                     "rules_summary"}
    assert set(message["table"]["settings"]) == {"has_host", "bots_may_be_replaced", "away_seconds",
                                                 "hand_pause_seconds", "waiting", "rematch", "hints", "reactions",
                                                 "coached"}
    for entry in message["table"]["seats"]:   # what everyone sees of a seat: never a token or its hash
        assert set(entry) <= {"seat", "kind", "takeable", "bot", "away", "reserved", "name", "connected",
                              "unnamed"}, entry


def check_nothing_hidden_shown(state, seat, shown, rng):
    """``shown`` (a message, or part of one, whose ``view`` is the seat's) holds none of the cards hidden from
    ``seat`` in ``state``; in YESSIR!, its view does not depend on the other seats' hidden dice."""
    if state.game.name == "yessir":
        for view in perturbed_dice_views(state, seat, rng):
            assert view == shown["view"], f"seat {seat}'s message depends on other seats' hidden dice"
    elif seat is not None:
        leaked = hidden_cards(state, seat) & set(strings_in(shown))
        assert not leaked, (f"seat {seat} received hidden cards {sorted(leaked)} at "
                            f"{list(paths_of(shown, leaked))}; full state: {state.to_json()}")


def receive_until(ws, version, log, also=lambda message: True):
    """Read state messages until one reaches ``version`` (and satisfies ``also``); every message goes to ``log``."""
    while True:
        message = ws.receive_json()
        log.append(message)
        if message["type"] == "state" and message["version"] >= version and also(message):
            return message


def play_ws(client, table_id, sockets, rng, limit=20000):
    """People at ``sockets`` (seat -> websocket, None: a spectator) play random legal actions until the end.

    Returns every message each socket received."""
    table = client.app.state.manager.get(table_id)
    received = {seat: [] for seat in sockets}
    version = len(table.state.history)

    def everyone_here(message):   # each page hears the people connecting after it (docs/web.md)
        return all(message["table"]["seats"][seat].get("connected") for seat in sockets if seat is not None)
    latest = {seat: receive_until(ws, version, received[seat], everyone_here) for seat, ws in sockets.items()}
    for _ in range(limit):
        if table.state.is_over:
            break
        seat = table.state.current_player
        message = latest[seat]
        assert message["version"] == version and message["legal_actions"]
        sockets[seat].send_json({"type": "action", "action": rng.choice(message["legal_actions"]),
                                 "version": message["version"]})
        # the acting client sees its action and the bots' answers; the last one hands the turn to a person
        while True:
            message = sockets[seat].receive_json()
            received[seat].append(message)
            assert message["type"] == "state", message
            if message["table"]["current_player"] in sockets or message["table"]["is_over"]:
                break
        version = message["version"]
        assert version == len(table.state.history)
        for other, ws in sockets.items():
            latest[other] = message if other == seat else receive_until(ws, version, received[other])
    assert table.state.is_over
    return received


def not_who_is_connected(message):
    """The message without the seats' "connected" flags and the turn's clock (which say who is connected now and how
    long a gone person has left, not what was played)."""
    table = {**message["table"], "seats": [{k: v for k, v in s.items() if k != "connected"}
                                           for s in message["table"]["seats"]], "turn_clock": None}
    return {**message, "table": table}


def steady(summary: dict) -> dict:
    """The summary (or a state message's) less the time the turn clock ends at, which a restart sets again (it gives
    the person to move a whole away time), and the server's time the clock was said at (each message's own)."""
    if "table" in summary:
        return {**summary, "table": steady(summary["table"])}
    clock = summary["turn_clock"] and {k: v for k, v in summary["turn_clock"].items() if k not in ("ends_at", "now")}
    return {**summary, "turn_clock": clock}


def snapshots(table):
    """The table's state after every number of actions, by replaying its record."""
    record = table.state.record()
    out = {0: gamenight.replay({**record, "actions": []})}
    for number, _, _, state in gamenight.replay_steps(record):
        out[number] = state.clone()
    return out


SHARED_WAIT = 30.0   # seconds any one awaited event between servers may take (a bound for a loaded machine)


def wait_for(condition, what: str, pump=()) -> None:
    """Until ``condition()`` holds: each manager in ``pump`` (with a scheduler without a thread) runs what is due."""
    deadline = time.monotonic() + SHARED_WAIT
    tick = threading.Event()
    while True:
        for manager in pump:
            manager.scheduler.run_due()
        if condition():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {SHARED_WAIT} s for {what}")
        tick.wait(0.005)


def crash(manager) -> None:
    """The server stops answering, as if killed: no heartbeat, no notification heard, no bot move; nothing given
    up (its leases run out)."""
    coordinator = manager.coordinator
    coordinator._stop.set()
    coordinator._wake.set()
    coordinator._thread.join(timeout=SHARED_WAIT)
    manager.storage._listener.stopped.set()
    manager.scheduler.stop()
    for table in manager.tables.values():
        table.driving = False


# ---- real `gamenight serve` processes ------------------------------------------------------------------
PROCESS_WAIT = 30   # seconds any one answer of a server process may take (a bound for a loaded machine)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(port: int, log_path, *arguments: str) -> subprocess.Popen:
    """A real `gamenight serve --port PORT ARGUMENTS...`, its output to ``log_path``, once it answers."""
    log = open(log_path, "w")
    process = subprocess.Popen([sys.executable, "-m", "gamenight.cli.main", "serve", "--port", str(port), *arguments],
                               stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + PROCESS_WAIT
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).close()
            return process
        except OSError:
            time.sleep(0.1)   # polling for the server to come up: a start-up wait, not a timing assertion
    process.kill()
    raise AssertionError("the server did not start: " + open(log_path).read())


def stop_process(process) -> None:
    """Stop a server process (SIGTERM), killing it if it has not ended within PROCESS_WAIT seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=PROCESS_WAIT)
        except subprocess.TimeoutExpired:
            process.kill()


def http_json(port, path, body=None, token=None):
    """The JSON answer of the server on ``port`` (a POST with ``body``, else a GET; ``token``: the seat's, as the
    X-Seat-Token header); a refusal raises urllib's HTTPError."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              **({"X-Seat-Token": token} if token else {})})
    with urllib.request.urlopen(request, timeout=PROCESS_WAIT) as r:
        return json.load(r)


def in_own_thread(call):
    """``call()``'s result (or its exception), called in a thread of its own. A test that runs an event loop
    (``asyncio.run``) does it there: the browser tests' Playwright keeps one running in a pytest worker's main
    thread, and ``asyncio.run`` refuses to start under a running loop."""
    outcome = {}

    def target():
        try:
            outcome["value"] = call()
        except BaseException as error:   # handed back to the test's thread as it was
            outcome["error"] = error

    thread = threading.Thread(target=target, name="test-event-loop")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
