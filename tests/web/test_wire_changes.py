"""State and change messages (docs/web.md): after every change each listener of a seat gets the change from the
seat's message before, and a client that applies it (the tests' ``rebuilt``, the server's ``apply_change``, the
page's ``GN.applyChange``) holds exactly the whole message the server built; a connection that does not hold the
message before (a newcomer, a slow reader whose messages were left out) gets the whole message."""
import asyncio
import json
import pathlib
import random
import subprocess

import pytest
from test_pages import NODE, needs_node, node  # noqa: F401  (node: the fixture needs_node uses)
from web_helpers import GAMES, SHORT, ManualClock, check_documented, in_own_thread, manual_manager, rebuilt

from gamenight.web import sockets as sockets_module
from gamenight.web.messages import Outgoing, SeatMessages, apply_change
from gamenight.web.sockets import Sender

STATIC = pathlib.Path(__file__).resolve().parents[2] / "src" / "gamenight" / "web" / "static"


def heard_through_a_match(db_url, game: str) -> dict:
    """Everything a person (seat 0) and a spectator heard through a whole (short) match against random bots, which
    answer at once: {seat: [Outgoing, ...]}; the person's connection comes and goes once on the way."""
    manager, _ = manual_manager(db_url)
    players = SHORT[game]["players"]
    table = manager.create(game, players=players, options=SHORT[game]["options"],
                           seats=[None] + ["random"] * (players - 1), settings={"hand_pause_seconds": 0})
    token = table.join(0, "Ann")
    heard: dict = {0: [], None: []}
    table.listen(None, heard[None].append)
    key = table.listen(token, heard[0].append)
    rng = random.Random(7)
    moves = 0
    while not table.state.is_over:
        legal = [str(a) for a in table.state.legal_actions()]
        table.act(token, rng.choice(legal), version=len(table.state.history))
        moves += 1
        if moves == 3:   # the page closed and opened again: the seat's "connected" changes, everyone hears
            table.unlisten(key)
            key = table.listen(token, heard[0].append)
    return heard


@pytest.mark.parametrize("game", GAMES)
def test_every_change_rebuilds_the_whole_message_it_stands_for(db_url, game):
    for seat, messages in heard_through_a_match(db_url, game).items():
        assert len(messages) > 10
        held = None
        for message in messages:
            assert isinstance(message, Outgoing) and message["seat"] == seat
            wire = json.loads(message.text_after(held.serial if held is not None else 0))
            check_documented(wire)
            if held is not None and message.base == held.serial:
                assert wire["type"] == "change" and wire == message.change
                assert rebuilt(dict(held), wire) == message            # as a client rebuilds it
                assert apply_change(dict(held), wire) == message       # as the server says a client does
                assert len(json.dumps(wire)) < len(json.dumps(message))
            else:
                assert wire == message                                 # a newcomer: the whole message
            held = message


@needs_node
def test_the_page_rebuilds_the_same_messages(db_url, tmp_path):
    """GN.applyChange (gn.js, the page's) turns each change into the whole message the server built."""
    pairs = []
    for game in GAMES:
        for messages in heard_through_a_match(db_url.replace(".db", f"-{game}.db"), game).values():
            pairs += [(dict(before), json.loads(after.text_after(before.serial)), dict(after))
                      for before, after in zip(messages, messages[1:]) if after.base == before.serial]
    assert len(pairs) > 100
    given = tmp_path / "pairs.json"
    given.write_text(json.dumps([[before, change] for before, change, _ in pairs]))
    script = """
const fs = require("fs");
const GN = new Function(fs.readFileSync(process.argv[1], "utf8") + "\\nreturn GN;")();
const pairs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(pairs.map(([held, change]) => {
  const before = JSON.stringify(held);
  const after = GN.applyChange(held, change);
  if (JSON.stringify(held) !== before) throw new Error("the state held was changed");
  return after;
})));
"""
    result = subprocess.run([NODE, "-e", script, str(STATIC / "gn.js"), str(given)], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [after for _, _, after in pairs]


def test_a_seat_s_messages_are_built_once_for_all_its_listeners(db_url):
    manager, _ = manual_manager(db_url)
    table = manager.create("yaniv", players=3, seats=[None, "random", "random"], settings={"hand_pause_seconds": 0})
    token = table.join(0)
    heard: dict = {"a": [], "b": [], "watcher 1": [], "watcher 2": []}
    table.listen(token, heard["a"].append)
    table.listen(token, heard["b"].append)          # a second tab
    table.listen(None, heard["watcher 1"].append)
    table.listen(None, heard["watcher 2"].append)
    table.act(token, str(table.state.legal_actions()[0]), version=len(table.state.history))
    assert all(x is y for x, y in zip(heard["a"][1:], heard["b"][1:]))
    assert all(x is y for x, y in zip(heard["watcher 1"][1:], heard["watcher 2"][1:]))
    assert len(heard["a"]) >= 2 and len(heard["watcher 1"]) >= 2


# ---- the Sender: a change goes only to a connection that holds the message before ----------------------------
class Wire:
    """A WebSocket that records the texts sent; it blocks while ``stuck`` is clear."""

    def __init__(self, stuck: bool = False):
        self.texts: list[dict] = []
        self.open = asyncio.Event()
        if not stuck:
            self.open.set()

    async def send_text(self, text):
        self.texts.append(json.loads(text))
        await self.open.wait()

    async def send_json(self, message):
        self.texts.append(message)
        await self.open.wait()

    async def close(self, code=1000):
        pass


def a_seat_s_messages(count: int) -> list[Outgoing]:
    chain = SeatMessages()
    return [chain.after_change(0, {"type": "state", "seat": 0, "version": v, "view": {"log": list(range(v))},
                                   "legal_actions": [], "table": {"actions": v}, "score_sheet": {}})
            for v in range(count)]


async def settle():
    for _ in range(50):
        await asyncio.sleep(0)


def test_a_connection_gets_the_whole_message_first_then_changes():
    async def scenario():
        wire = Wire()
        sender = Sender(wire, "en", ManualClock())
        for message in a_seat_s_messages(4)[1:]:   # it connected after the first: its first is sent whole
            sender.send(message)
        await settle()
        assert [m["type"] for m in wire.texts] == ["state", "change", "change"]
        assert wire.texts[-1] == {"type": "change", "version": 3, "table": {"actions": 3},
                                  "extend": {"view": {"log": [2]}}}
        sender.stop()
    in_own_thread(lambda: asyncio.run(scenario()))


def test_a_slow_reader_whose_states_were_left_out_gets_the_newest_whole():
    async def scenario():
        wire = Wire(stuck=True)
        sender = Sender(wire, "en", ManualClock())
        messages = a_seat_s_messages(40)
        for message in messages:
            sender.send(message)
            await asyncio.sleep(0)
            assert len(sender.waiting) <= sockets_module.MOST_WAITING
        wire.open.set()
        await settle()
        assert wire.texts[0] == messages[0]                      # whole, then blocked while the rest came
        kept = wire.texts[1]                   # the oldest state kept for it: whole, as it does not follow the first
        assert kept["type"] == "state" and kept == messages[kept["version"]] and kept["version"] > 1
        held = wire.texts[1]
        for text in wire.texts[2:]:
            assert text["type"] == "change"
            held = rebuilt(held, text)
        assert held == messages[-1]
        sender.stop()
    in_own_thread(lambda: asyncio.run(scenario()))


def test_a_state_older_than_the_one_sent_is_not_sent():
    async def scenario():
        wire = Wire()
        sender = Sender(wire, "en", ManualClock())
        first, second, third = a_seat_s_messages(3)
        sender.send(first)
        sender.send(third)     # a broadcast made on the loop ...
        sender.send(second)    # ... overtook one from another thread
        await settle()
        assert wire.texts == [first, third]   # the newest, whole (it does not follow the first), and nothing older
        sender.stop()
    in_own_thread(lambda: asyncio.run(scenario()))


def test_the_fast_encoder_writes_the_same_json_as_the_standard_library(db_url, monkeypatch):
    from gamenight.web import messages
    heard = heard_through_a_match(db_url, "thunee")[0]
    texts = [messages.encode(m) for m in heard] + [messages.encode(m.change) for m in heard if m.change]
    monkeypatch.setattr(messages, "FAST_JSON", False)
    plain = [messages.encode(m) for m in heard] + [messages.encode(m.change) for m in heard if m.change]
    assert plain[0] == json.dumps(heard[0], separators=(",", ":"), ensure_ascii=False)
    assert [json.loads(t) for t in texts] == [json.loads(t) for t in plain]
