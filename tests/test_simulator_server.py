"""`crib sim --headless --serve`: the serial line protocol over TCP, as host tools reach it."""

from __future__ import annotations

import json
import socket
from pathlib import Path

from sim_process import TIMEOUT_S, Simulator


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
