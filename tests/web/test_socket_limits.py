"""What one WebSocket client can make the server hold or do: a client that stops reading holds a few messages at
most (states replace the older ones waiting) and is closed once it stays behind (4408); a client sending too fast
is refused (429) and then closed (4429); every message a client receives has the documented keys only."""
import asyncio

import pytest
from starlette.testclient import TestClient
from web_helpers import ManualClock, check_documented, create, create_hosted, in_own_thread, join, ws_connect

from gamenight.web import create_app
from gamenight.web import sockets as sockets_module
from gamenight.web.sockets import Sender


class StuckSocket:
    """A WebSocket whose client never reads: the first send blocks for ever (until cancelled)."""

    def __init__(self):
        self.sent = []
        self.closed = None
        self.never = asyncio.Event()

    async def send_json(self, message):
        self.sent.append(message)
        await self.never.wait()

    async def close(self, code=1000):
        self.closed = code


def state(version, size=1000):
    return {"type": "state", "version": version, "view": "x" * size}


def run(coroutine):
    return in_own_thread(lambda: asyncio.run(coroutine))


def test_a_client_that_stops_reading_holds_a_few_messages_however_many_come():
    async def scenario():
        socket, clock = StuckSocket(), ManualClock()
        sender = Sender(socket, "en", clock)
        for version in range(5000):
            sender.send(state(version))
            await asyncio.sleep(0)   # the pump runs (and blocks in its first send)
            assert len(sender.waiting) <= sockets_module.MOST_WAITING
        assert sender.waiting[-1]["version"] == 4999   # the newest state is the one kept
        assert socket.closed is None                   # states alone never close it: each replaces the others
        sender.stop()
    run(scenario())


def test_replies_to_a_client_that_does_not_read_them_are_bounded_then_it_is_closed_with_4408():
    async def scenario():
        socket, clock = StuckSocket(), ManualClock()
        sender = Sender(socket, "en", clock)
        sender.send(state(0))
        await asyncio.sleep(0)
        for _ in range(sockets_module.MOST_REPLIES + 1):
            sender.send({"type": "pong"})
        await asyncio.wait_for(sender.closing, 5)
        assert socket.closed == 4408 and sender.dropped and not sender.waiting
        sender.send(state(1))                          # nothing more is kept for it
        assert not sender.waiting
    run(scenario())


def test_a_client_that_stays_behind_too_long_is_closed_with_4408():
    async def scenario():
        socket, clock = StuckSocket(), ManualClock()
        sender = Sender(socket, "en", clock)
        sender.send(state(0))
        await asyncio.sleep(0)
        clock.advance(sockets_module.BEHIND_SECONDS - 1)
        sender.send(state(1))
        assert not sender.dropped                     # slow, not yet too slow
        clock.advance(2)
        sender.send(state(2))
        await asyncio.wait_for(sender.closing, 5)
        assert socket.closed == 4408
    run(scenario())


def test_a_reader_that_reads_gets_every_message_in_order():
    class Reader(StuckSocket):
        async def send_json(self, message):
            self.sent.append(message)

    async def scenario():
        socket = Reader()
        sender = Sender(socket, "en", ManualClock())
        for version in range(sockets_module.MOST_WAITING):
            sender.send(state(version))
        sender.send({"type": "pong"})
        for _ in range(20):
            await asyncio.sleep(0)
        assert [m.get("version") for m in socket.sent] == [*range(sockets_module.MOST_WAITING), None]
        sender.stop()
    run(scenario())


# ---- the rate of client messages -----------------------------------------------------------------------------
def test_a_client_sending_too_fast_is_refused_with_429_then_closed_with_4429(db_url):
    clock = ManualClock()
    with TestClient(create_app(db_url, test_seed=0, clock=clock, max_messages_per_second=10)) as client:
        table_id = create(client, "yaniv", [None, "random"], players=2)
        burst = 40   # 10 a second, a burst of 4 seconds' worth
        with ws_connect(client, table_id) as ws:
            assert ws.receive_json()["type"] == "state"
            for _ in range(burst):
                ws.send_json({"type": "ping"})
            assert [ws.receive_json() for _ in range(burst)] == [{"type": "pong"}] * burst
            ws.send_json({"type": "ping"})
            refusal = ws.receive_json()
            assert refusal["status"] == 429 and "slow down" in refusal["error"]
            check_documented(refusal)
            clock.advance(0.1)   # one message's worth comes back
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            for _ in range(sockets_module.MOST_REFUSED):
                ws.send_json({"type": "action", "action": "nonsense", "version": 0})
                assert ws.receive_json()["status"] == 429
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["status"] == 429
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 4429
        # the table plays on for everyone else
        with ws_connect(client, table_id) as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


def test_the_message_rate_is_a_positive_number():
    for bad in (0, -1, "10", True, float("inf")):
        with pytest.raises(ValueError):
            create_app("sqlite:///:memory:", max_messages_per_second=bad)


# ---- the messages as documented ------------------------------------------------------------------------------
def test_a_connection_whose_person_left_gets_the_documented_error_and_watches(client):
    table_id, host = create_hosted(client, "yaniv", [None, "random"], players=2)
    token = join(client, table_id, 0, "Ann")
    with ws_connect(client, table_id, token) as ws:
        check_documented(ws.receive_json())
        assert client.post(f"/api/tables/{table_id}/leave", json={"token": token}).status_code == 200
        error = ws.receive_json()
        assert error["status"] == 403 and "watching" in error["error"]
        check_documented(error)
        after = ws.receive_json()
        check_documented(after)
        assert after["seat"] is None
        ws.send_json({"type": "ping"})
        check_documented(ws.receive_json())
        ws.send_json({"type": "nonsense"})
        check_documented(ws.receive_json())
