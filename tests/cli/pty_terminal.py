"""``gamenight`` in a pseudo-terminal, as a person runs it (standard library ``pty``): keys in, screen text out.

:class:`Terminal` starts the command with a pseudo-terminal as its controlling terminal (so Rich draws its
spinner and Ctrl-C is the terminal's), and :meth:`Terminal.expect` waits for a text to appear, with a deadline:
no sleeps.
"""
from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
#: Rich's colours and cursor moves, and the terminal's other control sequences
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\r")
DEADLINE = 60.0   # seconds: a hang guard for one wait, far above what any step takes


def _controlling_terminal() -> None:
    """In the child: the pseudo-terminal on its standard input becomes its controlling terminal, and Ctrl-C has its
    default handling, as in a person's terminal (a test run started in the background inherits SIGINT ignored, and
    Python keeps it ignored in the child: Ctrl-C would then do nothing)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    def __init__(self, argv: list[str], lang: str = "en", columns: int = 160):
        self.master, slave = os.openpty()
        os.set_blocking(self.master, False)
        env = {**os.environ, "PYTHONPATH": str(SRC), "LANGUAGE": lang, "LC_ALL": "C.UTF-8", "TERM": "xterm",
               "COLUMNS": str(columns), "LINES": "50", "NO_COLOR": "1"}
        command = [sys.executable, "-c", "from gamenight.cli.main import main; raise SystemExit(main())", *argv]
        self.process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, preexec_fn=_controlling_terminal, close_fds=True)
        self.slave = slave   # kept open: the test reads the terminal's settings through it
        self.raw = b""

    @property
    def text(self) -> str:
        """Everything shown so far, control sequences taken out."""
        return _CONTROL.sub("", self.raw.decode("utf-8", "replace"))

    def expect(self, pattern: str, deadline: float = DEADLINE, since: int = 0) -> re.Match[str]:
        """Wait until ``pattern`` (a regular expression) appears in the text shown (from position ``since`` of
        :attr:`text`); AssertionError at the deadline with what was shown."""
        end = time.monotonic() + deadline
        while True:
            match = re.search(pattern, self.text[since:])
            if match:
                return match
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} not shown within {deadline} s; the screen:\n{self.text[-3000:]}")
            self._read(left)

    def _read(self, timeout: float) -> None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                self.raw += os.read(self.master, 65536)
            except OSError:   # the program ended and closed the terminal
                if self.process.poll() is None:
                    raise

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def line(self, text: str) -> None:
        self.type(text + "\r")

    def echo_on(self) -> bool:
        """The terminal echoes what is typed (as it does for a shell)."""
        return bool(termios.tcgetattr(self.slave)[3] & termios.ECHO)

    def wait(self, deadline: float = DEADLINE) -> int:
        """The program's exit status, once it has ended (its last output read)."""
        end = time.monotonic() + deadline
        while self.process.poll() is None and time.monotonic() < end:
            self._read(0.05)
        self._read(0)
        return self.process.wait(timeout=max(0.0, end - time.monotonic()) or 0.1)

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        os.close(self.master)
        os.close(self.slave)
