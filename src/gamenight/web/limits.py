"""What one client address may do (create so many tables in any minute, hold so many WebSockets open), and what one
WebSocket may send (``TokenBucket``: so many messages a second, with a burst)."""
from __future__ import annotations

import collections
import math
import threading
from collections.abc import Callable

from gamenight.i18n import Text

from .errors import TableError

WINDOW = 60.0   # seconds: the creation limit counts the creations of the last minute
MESSAGES_PER_SECOND = 10.0   # what one WebSocket may send, sustained (a person makes a move or two a second)
BURST_SECONDS = 4.0          # ... and in a burst: this many seconds' worth at once (40 messages by default)


class AddressLimits:
    """The per-address limits of one server; ``clock`` (seconds, monotonic) is injectable for tests."""

    def __init__(self, clock: Callable[[], float], max_creates_per_minute: int, max_sockets_per_ip: int):
        self.clock = clock
        self.max_creates_per_minute = max_creates_per_minute
        self.max_sockets_per_ip = max_sockets_per_ip
        self._lock = threading.Lock()
        self._creates: dict[str, collections.deque[float]] = {}   # address -> times of its recent creations
        self._sockets: dict[str, int] = {}                        # address -> its open WebSockets

    # ---- creations ----------------------------------------------------------------------------
    def reserve_create(self, client: str) -> float:
        """Count a creation by ``client`` (refused with 429 and Retry-After over the limit); its time, to give
        back with ``release_create`` if the creation fails."""
        now = self.clock()
        with self._lock:
            stamps = self._creates.setdefault(client, collections.deque())
            _forget_old(stamps, now)
            if len(stamps) >= self.max_creates_per_minute:
                wait = max(1, math.ceil(stamps[0] + WINDOW - now))
                raise TableError(Text("too many tables created from your address; try again in {seconds} s",
                                      seconds=wait), 429, headers={"Retry-After": str(wait)})
            stamps.append(now)
            return now

    def release_create(self, client: str, stamp: float) -> None:
        with self._lock:
            stamps = self._creates.get(client)
            if stamps is not None and stamp in stamps:
                stamps.remove(stamp)

    def forget_old_creations(self) -> None:
        """Drop creation times older than the window, and the addresses left with none."""
        now = self.clock()
        with self._lock:
            for client in list(self._creates):
                stamps = self._creates[client]
                _forget_old(stamps, now)
                if not stamps:
                    del self._creates[client]

    def counted(self) -> dict[str, int]:
        """Each address with creations in the window, and how many."""
        with self._lock:
            return {client: len(stamps) for client, stamps in self._creates.items() if stamps}

    # ---- WebSockets ---------------------------------------------------------------------------
    def open_socket(self, client: str) -> None:
        """Count one more WebSocket of ``client``; refused (429) over ``max_sockets_per_ip``."""
        with self._lock:
            count = self._sockets.get(client, 0)
            if count >= self.max_sockets_per_ip:
                raise TableError(Text("too many connections from your address (at most {most}); close some and try "
                                      "again", most=self.max_sockets_per_ip), 429)
            self._sockets[client] = count + 1

    def sockets(self) -> dict[str, int]:
        """Each address with WebSockets open, and how many."""
        with self._lock:
            return dict(self._sockets)

    def close_socket(self, client: str) -> None:
        with self._lock:
            count = self._sockets.get(client, 0) - 1
            if count > 0:
                self._sockets[client] = count
            else:
                self._sockets.pop(client, None)


def _forget_old(stamps: collections.deque[float], now: float) -> None:
    # times are appended in order, so the old ones are at the left
    while stamps and now - stamps[0] >= WINDOW:
        stamps.popleft()


class TokenBucket:
    """At most ``rate`` messages a second on average and ``burst`` at once: each message takes a token, and
    tokens come back at ``rate`` a second up to ``burst``. ``clock`` (seconds, monotonic) is injectable.

    >>> now = [0.0]
    >>> bucket = TokenBucket(rate=2, burst=3, clock=lambda: now[0])
    >>> [bucket.take() for _ in range(4)]
    [True, True, True, False]
    >>> now[0] = 0.5
    >>> bucket.take(), bucket.take()
    (True, False)
    """

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def take(self) -> bool:
        """One message: True if it is within the limit (a token taken), False if over it."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
