"""Shared by the simulator and host-tool tests (no tests here): a `crib sim` process on a free
port, a protocol connection to it, waiting for a condition instead of sleeping, the
colour a lit LED is sent in, and the simulator's protocol server in this process (``Served``)."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from app import power
from app.prefs import defaults
from micropython_env import tool
from simulator.geometry import Geometry
from simulator.server import ProtocolServer

CRIB = tool("crib")
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


def lit_colour(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """The bytes the app sends a full-brightness LED of colour ``rgb`` (its own brightness/gamma)."""
    frame = bytearray(rgb)
    prefs = defaults(Geometry.built().supply_ma)  # the simulator's, a fresh board's: its build's supply
    power.limit(frame, prefs["brightness"], prefs["milliamps"])
    return frame[0], frame[1], frame[2]


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


def ctrl_c_as_at_a_terminal() -> None:
    """In the simulator's process before it starts: SIGINT ends it with KeyboardInterrupt, as Ctrl-C
    does at a terminal, even when the tests run in the background (a shell's background job ignores
    SIGINT, its children inherit that, and Python then takes no Ctrl-C at all)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Simulator(Connection):
    """A `crib sim` process listening on a free port, connected to it."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen([CRIB, "sim", "--port", "0", *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True,
                                        preexec_fn=ctrl_c_as_at_a_terminal)
        self.output: queue.Queue[str] = queue.Queue()
        self.printed: list[str] = []  # what it printed (stdout and stderr), as far as read
        threading.Thread(target=self._drain, daemon=True).start()
        try:
            self.port = wait_for(self._listening, "the simulator to listen")
            super().__init__(self.port)
        except BaseException:  # no simulator left running behind a failed start
            self._end()
            raise

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.put(line)

    def _listening(self) -> int:
        if self.process.poll() is not None and self.output.empty():
            raise AssertionError("the simulator exited with %s: %s" % (self.process.returncode, "".join(self.printed)))
        line = self._next_line()
        return int(line.rsplit(":", 1)[1]) if line.startswith("listening on 127.0.0.1:") else 0

    def _next_line(self) -> str:
        try:
            line = self.output.get_nowait()
        except queue.Empty:
            return ""
        self.printed.append(line)
        return line

    def said(self, fragment: str) -> str:
        """The line the simulator printed with ``fragment`` in it (waiting for it if need be)."""
        def found() -> str:
            while self._next_line():
                pass
            return next((line for line in self.printed if fragment in line), "")

        return wait_for(found, "the simulator to say %r" % fragment)

    def stop(self) -> None:
        """Hang up and end the process (and any it started)."""
        self.close()
        self._end()

    def _end(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=TIMEOUT_S)


class Served:
    """A ProtocolServer on a free port, served by a thread; the board answers ``{"echo": line}``."""

    def __init__(self) -> None:
        self.server = ProtocolServer(0)
        self.applied: list[str] = []
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _handle(self, line: str) -> str:
        self.applied.append(line)
        return json.dumps({"ok": True, "echo": line})

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.server.serve(self._handle, wait_s=0.02)

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.server.port), timeout=TIMEOUT_S)

    def stop(self) -> None:
        self._stop.set()
        self.thread.join(TIMEOUT_S)
        self.server.close()
