"""A running simulator's protocol server under attack from several clients at once: nested,
huge, binary and HTTP lines, floods that never read their replies. Meanwhile well-behaved
clients must each get a reply to every request, their own and in order (none lost, none hung),
the game must not change, the process must not grow, and the server must answer afterwards.
How fast it answers is not checked here: a run on a loaded machine may be slow at times."""

from __future__ import annotations

import random
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sim_process import TIMEOUT_S, Connection, Simulator

ATTACK_S = 6.0
# A hang guard, not a speed check: a reply not come in this long is taken as never coming (the
# board answers in ms); far above the slowest reply a loaded machine gives
HANG_S = 60.0
GROWTH_BOUND_KB = 64 * 1024  # the old server grew by the size of the longest line sent (hundreds of MB here)


def rss_kb(pid: int) -> int:
    """The resident memory of process ``pid`` in KB (POSIX ps)."""
    return int(subprocess.run(["ps", "-o", "rss=", "-p", str(pid)], capture_output=True, text=True,
                              check=True).stdout)


def nested(sock: socket.socket, rand: random.Random) -> None:
    depth = rand.choice([990, 1500, 2047, 5000, 100_000])
    sock.sendall(rand.choice([b"[", b"{\"a\":"]) * depth + b"\n")


def huge(sock: socket.socket, rand: random.Random) -> None:
    """Megabytes in a line, ended or not."""
    chunk = bytes(rand.getrandbits(8) for _ in range(64)).replace(b"\n", b" ") * 16384
    for _ in range(rand.choice([4, 16, 64])):
        sock.sendall(chunk)
    if rand.random() < 0.5:
        sock.sendall(b"\n")


def binary(sock: socket.socket, rand: random.Random) -> None:
    sock.sendall(bytes(rand.getrandbits(8) for _ in range(rand.randrange(1, 4096))))


def http(sock: socket.socket, rand: random.Random) -> None:
    """What a web page can make a browser send (the request line comes first on its connection)."""
    body = b'{"cmd": "new_match"}\n'
    sock.sendall(b"POST / HTTP/1.1\r\nHost: 127.0.0.1:4121\r\nContent-Length: %d\r\n\r\n" % len(body) + body)


def flood(sock: socket.socket, rand: random.Random) -> None:
    """Requests that change nothing, never a reply read."""
    sock.sendall(b'{"cmd": "log", "count": 32}\n' * 2000)


ATTACKS: list[Callable[[socket.socket, random.Random], None]] = [nested, huge, binary, flood]


def attacker(port: int, seed: int, stop: threading.Event) -> None:
    """Connect, attack (an HTTP request on a connection of its own, as a browser sends it; the
    others several on one), hang up and come back, until ``stop``."""
    rand = random.Random(seed)
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0) as sock:
                if rand.random() < 0.3:
                    http(sock, rand)
                    continue
                for _ in range(rand.randrange(1, 20)):
                    rand.choice(ATTACKS)(sock, rand)
                    if stop.is_set():
                        return
        except OSError:  # timed out sending (it never reads) or was hung up on: come again
            pass


@pytest.mark.slow
def test_well_behaved_clients_are_answered_while_others_attack(tmp_path: Path) -> None:
    sim = Simulator(["--headless", "--serve", "--flash", str(tmp_path)])
    try:
        assert sim.ask({"cmd": "event", "event": ["dealer", 0]})["ok"]
        assert sim.ask({"cmd": "event", "event": ["peg", 1, 7]})["ok"]
        before = sim.state()
        baseline = rss_kb(sim.process.pid)
        stop = threading.Event()
        attackers = [threading.Thread(target=attacker, args=(sim.port, seed, stop), daemon=True) for seed in range(6)]
        for thread in attackers:
            thread.start()
        answered = [0, 0, 0]  # each well-behaved client's requests answered by their own reply
        failures: list[str] = []
        peak = [baseline]

        def well_behaved(n: int) -> None:
            conn = Connection(sim.port)
            conn.sock.settimeout(HANG_S)
            try:
                while True:  # at least one request, however late the thread starts
                    request_id = "good-%d-%d" % (n, answered[n])
                    reply = conn.ask({"cmd": "state", "id": request_id})
                    if reply.get("id") != request_id or reply["state"]["front"] != before["front"]:
                        failures.append("client %d got %r" % (n, reply))
                        return
                    answered[n] += 1
                    if stop.is_set():
                        return
            except TimeoutError:  # HANG_S without a reply
                failures.append("client %d: request %d never answered: the server hangs" % (n, answered[n]))
            except Exception as error:
                failures.append("client %d: %r" % (n, error))
            finally:
                conn.close()

        def sample() -> None:
            while not stop.is_set():
                peak[0] = max(peak[0], rss_kb(sim.process.pid))
                time.sleep(0.1)

        helpers = [threading.Thread(target=well_behaved, args=(n,), daemon=True) for n in range(3)]
        helpers.append(threading.Thread(target=sample, daemon=True))
        for thread in helpers:
            thread.start()
        time.sleep(ATTACK_S)
        stop.set()
        # each well-behaved client ends by HANG_S after its last request (its socket times out)
        deadline = time.monotonic() + HANG_S + TIMEOUT_S
        for thread in helpers + attackers:
            thread.join(max(0.0, deadline - time.monotonic()))
        assert not failures, failures[:3]
        assert not any(thread.is_alive() for thread in helpers), "a client still waits: the server hangs"
        assert all(answered), answered  # every client asked, and had each request answered
        assert peak[0] - baseline < GROWTH_BOUND_KB, (baseline, peak[0])
        assert sim.process.poll() is None, "the simulator died"
        after = sim.state()
        assert (after["front"], after["back"], after["dealer"]) == (before["front"], before["back"], before["dealer"])
    finally:
        sim.stop()
