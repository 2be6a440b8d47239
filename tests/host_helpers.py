"""Shared by the host-tool tests (no tests here): `crib` run in the test's process, the simulator as a
subprocess, fake boards on TCP, a match log."""

from __future__ import annotations

import io
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from match_helpers import play_games, recording
from sim_process import Simulator, wait_for

from cribbage.match import Match
from cribbage_lab import deck
from host_tools.cli import main


def crib(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `crib ARGV` in this process: (status, stdout, stderr); a usage error is status 2."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def crib_ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run `crib ARGV` in this process; it must succeed: what it printed."""
    status, out, err = crib(capsys, *argv)
    assert status == 0, err
    return out


@contextmanager
def simulator(flash: Path) -> Iterator[str]:
    """Run `crib sim --headless --serve --port 0`; yield its socket:// URL."""
    sim = Simulator(["--headless", "--serve", "--flash", str(flash)])
    try:
        yield "socket://127.0.0.1:%d" % sim.port
    finally:
        sim.stop()


class FakeBoard:
    """A TCP server that answers each request line with whatever ``answer(line)`` returns (bytes,
    maybe empty); None hangs up. A context manager: leaving it stops listening."""

    def __init__(self, answer: Callable[[str], bytes | None]) -> None:
        self.answer = answer
        self.received: list[str] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = "socket://127.0.0.1:%d" % self.listener.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        with conn, conn.makefile("rb") as lines:
            for raw in lines:
                line = raw.decode().strip()
                self.received.append(line)
                out = self.answer(line)
                if out is None:
                    return
                conn.sendall(out)

    def wait_received(self, count: int) -> list[str]:
        """The lines received, once there are at least ``count`` (the last may still be on its way
        when the host gives up waiting for its reply)."""
        return wait_for(lambda: len(self.received) >= count and self.received, "%d request lines" % count)

    def __enter__(self) -> FakeBoard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop listening."""
        self.listener.close()


class Reader(io.StringIO):
    """Standard input from a person at a terminal, typing the text given (``Reader("y\\n")``:
    yes to the question crib asks before a new match)."""

    def isatty(self) -> bool:
        """A terminal."""
        return True


def free_port() -> int:
    """A TCP port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def play_match(seed: int, games: int) -> list[list]:
    """The events of a seeded match of ``games`` whole two-player games, as applied.

    Played by the firmware tests' helper (``match_helpers.play_games``: real deals, random
    play points, every show counted from cards); the match opens with a "dealer" event (a
    seeded seat named to deal first) rather than a cut for deal.
    """
    rand = deck.Xorshift32(seed)
    match = Match()
    log: list[list] = []
    apply = recording(match, log)
    apply(["dealer", deck.randbelow(rand, match.settings.seats)])
    play_games(match, rand, games, apply)
    return log
