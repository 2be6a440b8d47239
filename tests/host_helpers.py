"""Shared by the host-tool tests (no tests here): the simulator as a subprocess, fake boards on TCP, a match log."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sim_process import Simulator, wait_for


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


def free_port() -> int:
    """A TCP port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def play_match(seed: int, games: int, settings: dict | None = None) -> list[list]:
    """A legal log of ``games`` whole two-player games: deals with some pegging and every show
    dialled in card by card, from a seeded random source (the rules core only says whose turn it is)."""
    import random

    from cribbage.match import Match

    rand = random.Random(seed)
    match = Match(settings or {})
    log: list[list] = []

    def apply(event: list) -> None:
        match.apply(event)
        log.append(event)

    apply(["dealer", rand.randrange(2)])
    while True:
        cards = rand.sample(range(52), 13)
        apply(["starter", cards[12]])
        for _ in range(rand.randrange(4)):
            if match.phase != "play":
                break
            apply(["peg", rand.randrange(2), rand.randint(1, 4)])
        hands = {}
        while match.phase not in ("over",) and match.next_show is not None:
            seat, what = match.next_show
            if what == "crib":
                apply(["crib", cards[8:12], None])
                break
            hands.setdefault(seat, cards[4 * len(hands):4 * len(hands) + 4])
            apply(["hand", seat, hands[seat], None])
        if match.phase == "over":
            if len(match.games) == games:
                return log
            apply(["new_game"])
