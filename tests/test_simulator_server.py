"""`crib sim --headless --serve`: the serial line protocol over TCP, as host tools reach it.

Also home of ``Simulator``, the helper the window and terminal tests use to start a
simulator process, read the port it listens on, and talk to it.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

CRIB = str(Path(sys.executable).with_name("crib"))
TIMEOUT_S = 20.0
T = TypeVar("T")


def wait_for(condition: Callable[[], T], what: str, timeout: float = TIMEOUT_S) -> T:
    """Poll ``condition`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for %s" % what)
        time.sleep(0.05)


class Connection:
    """A protocol connection to a simulator on 127.0.0.1:``port``."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT_S)
        self.replies = self.sock.makefile("r", encoding="utf-8")

    def ask(self, request: dict | str) -> dict:
        """Send one request line, return the reply."""
        line = request if isinstance(request, str) else json.dumps(request)
        self.sock.sendall((line + "\n").encode())
        return json.loads(self.replies.readline())

    def state(self) -> dict:
        """The board's state."""
        reply = self.ask({"cmd": "state"})
        assert reply["ok"], reply
        return reply["state"]

    def close(self) -> None:
        """Hang up."""
        self.replies.close()
        self.sock.close()


class Simulator(Connection):
    """A `crib sim` process listening on a free port, connected to it."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen([CRIB, "sim", "--port", "0", *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True)
        self.output: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()
        self.port = wait_for(self._listening, "the simulator to listen")
        super().__init__(self.port)

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.put(line)

    def _listening(self) -> int:
        if self.process.poll() is not None and self.output.empty():
            raise AssertionError("the simulator exited with %s" % self.process.returncode)
        try:
            line = self.output.get_nowait()
        except queue.Empty:
            return 0
        return int(line.rsplit(":", 1)[1]) if line.startswith("listening on 127.0.0.1:") else 0

    def stop(self) -> None:
        """Hang up and end the process (and any it started)."""
        self.close()
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=TIMEOUT_S)


def test_the_protocol_over_tcp(tmp_path: Path) -> None:
    sim = Simulator(["--headless", "--serve", "--flash", str(tmp_path)])
    try:
        assert sim.state()["phase"] == "cut"
        for event in (["press", "p1"], ["press", "p2"], ["turn", 3], ["press", "enc"]):
            assert sim.ask({"cmd": "input", "event": event})["ok"]
        assert sim.state()["front"] == [0, 4]  # player 1 deals, player 2 pegs 1 + 3

        peg = {"cmd": "event", "event": ["peg", 0, 6], "id": 17}
        first, again = sim.ask(peg), sim.ask(peg)
        assert first["ok"] and first["id"] == 17 and "duplicate" not in first
        assert again["duplicate"] is True and again["id"] == 17
        assert sim.state()["front"] == [6, 4]

        bad = sim.ask("this is not json")
        assert bad["ok"] is False and bad["error"]
        assert sim.ask({"cmd": "undo"})["ok"]
        # A second client sees the same board.
        other = socket.create_connection(("127.0.0.1", sim.port), timeout=TIMEOUT_S)
        with other, other.makefile("r") as replies:
            other.sendall(b'{"cmd": "state", "id": "b"}\n')
            reply = json.loads(replies.readline())
        assert reply["id"] == "b" and reply["state"]["front"] == [0, 4]
    finally:
        sim.stop()
    # The flash folder keeps the game for the next start.
    sim = Simulator(["--headless", "--serve", "--flash", str(tmp_path)])
    try:
        assert sim.state()["front"] == [0, 4]
    finally:
        sim.stop()
