"""The simulator's protocol server (simulator/server.py) in this process, in front of a stand-in
board that records the lines it is given: what reaches the board, what each client gets back,
and that no client can hold up another."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from sim_process import TIMEOUT_S, Served

from shared.serial_lines import MAX_LINE, TOO_LONG
from simulator.server import MAX_UNSENT


@pytest.fixture
def served() -> Iterator[Served]:
    s = Served()
    try:
        yield s
    finally:
        s.stop()


def replies(sock: socket.socket, count: int) -> list[dict]:
    """The next ``count`` reply lines on ``sock``, decoded."""
    reader = sock.makefile("rb")
    return [json.loads(reader.readline()) for _ in range(count)]


def answered_after(served: Served) -> str:
    """A request on a new connection, and its reply: the server has taken in what came before it (a
    positive sign to wait for before checking that something was not applied). The request's line."""
    line = '{"cmd": "after"}'
    with served.connect() as sock:
        sock.sendall(line.encode() + b"\n")
        assert replies(sock, 1)[0]["echo"] == line
    return line


def wait_for(done: Callable[[], bool], what: str) -> None:
    """Until ``done()`` holds (the server's thread at work); AssertionError naming ``what`` after TIMEOUT_S."""
    deadline = time.monotonic() + TIMEOUT_S
    while not done():
        assert time.monotonic() < deadline, "after %d s, still waiting for %s" % (TIMEOUT_S, what)
        time.sleep(0.001)


def read_to_end(sock: socket.socket) -> bytes:
    """Everything until the server hangs up."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def test_lines_over_the_boards_limit_are_dropped_with_an_error(served: Served) -> None:
    longest = '{"cmd": "%s"}' % ("x" * (MAX_LINE - 11))
    widest = '{"cmd": "%s"}' % ("€" * (MAX_LINE - 11))  # as many characters, three times the bytes
    assert len(longest) == len(widest) == MAX_LINE
    with served.connect() as sock:
        sock.sendall(b"[" * (MAX_LINE + 1) + b"\n" + longest.encode() + b"\n" + widest.encode() + b"\n"
                     + b"y" * (5 * MAX_LINE) + b"\r\n" + longest.encode() + b"\r\n" + b"\xe2\x82\xac" * 10_000
                     + b"\n" + b'{"cmd": "after"}\n')
        got = replies(sock, 7)
    assert [reply.get("echo") for reply in got] == [None, longest, widest, None, None, None, '{"cmd": "after"}']
    for refusal in (got[0], got[3], got[4], got[5]):  # the "\r" of the fifth line made it one too long
        assert refusal == json.loads(TOO_LONG)
    assert served.applied == [longest, widest, '{"cmd": "after"}']


def test_a_line_that_is_not_utf8_is_refused(served: Served) -> None:
    with served.connect() as sock:
        sock.sendall(b'{"cmd": "\xe9t\xe9"}\n{"cmd": "state"}\r\n')
        refused, answered = replies(sock, 2)
    assert refused["ok"] is False and "UTF-8" in refused["error"]
    assert answered["echo"] == '{"cmd": "state"}' and served.applied == ['{"cmd": "state"}']


def test_a_request_without_its_newline_is_not_applied_when_the_client_hangs_up(served: Served) -> None:
    with served.connect() as sock:
        sock.sendall(b'{"cmd": "first"}\n{"cmd": "new_match"}')
        sock.shutdown(socket.SHUT_WR)
        answered = read_to_end(sock)
    assert [json.loads(line)["echo"] for line in answered.splitlines()] == ['{"cmd": "first"}']
    after = answered_after(served)  # the server has had every chance to apply the unfinished line
    assert served.applied == ['{"cmd": "first"}', after]


@pytest.mark.parametrize("request_line", [
    b"POST / HTTP/1.1",
    b"GET /?q=" + b"x" * (3 * MAX_LINE) + b" HTTP/1.1",  # too long to be read whole: its start is enough
    b"PRI * HTTP/2.0",
])
def test_an_http_request_is_refused_and_nothing_in_it_is_applied(served: Served, request_line: bytes) -> None:
    body = b'{"cmd": "new_match"}\n'
    with served.connect() as sock:
        sock.sendall(request_line + b"\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n"
                     % len(body) + body)
        answer = read_to_end(sock)
    assert answer.startswith(b"HTTP/1.0 400 Bad Request\r\n") and b"not HTTP" in answer
    after = answered_after(served)  # and every chance to apply the body
    assert served.applied == [after]


def test_a_line_that_is_not_the_first_is_never_taken_for_http(served: Served) -> None:
    with served.connect() as sock:
        sock.sendall(b'{"cmd": "state"}\nGET / HTTP/1.1\n')
        first, second = replies(sock, 2)
    assert first["echo"] == '{"cmd": "state"}' and second["echo"] == "GET / HTTP/1.1"  # the board refuses it


def test_a_client_that_never_reads_holds_up_no_one(served: Served) -> None:
    flooder = served.connect()
    flooding = threading.Thread(target=_flood, args=(flooder,), daemon=True)
    flooding.start()
    try:
        # the flood fills every buffer on its way: the replies it does not read, up to the server's
        wait_for(lambda: any(len(c.unsent) >= MAX_UNSENT for c in list(served.server.clients)),
                 "the flood's unread replies to fill the server's buffer for them")
        for n in range(20):
            with served.connect() as sock:
                sock.sendall(b'{"cmd": "state", "id": %d}\n' % n)
                assert replies(sock, 1)[0]["echo"] == '{"cmd": "state", "id": %d}' % n
    finally:
        flooder.close()
    clients = served.server.clients
    assert sum(len(c.received) + len(c.unsent) for c in clients) < 2 * 1024 * 1024  # memory kept bounded


def _flood(sock: socket.socket) -> None:
    line = b'{"cmd": "state"}\n' * 1000
    try:
        for _ in range(1000):  # 17 MB of requests, never reading a reply
            sock.sendall(line)
    except OSError:  # closed by the test
        pass


def test_a_new_client_beyond_the_limit_closes_the_quietest(served: Served) -> None:
    from simulator.server import MAX_CLIENTS

    idle = [served.connect() for _ in range(MAX_CLIENTS)]
    wait_for(lambda: len(served.server.clients) == MAX_CLIENTS, "the server to take every idle connection in")
    try:
        with served.connect() as sock:
            sock.sendall(b'{"cmd": "state"}\n')
            assert replies(sock, 1)[0]["ok"] is True
        assert idle[0].recv(1) == b""  # the first idle one was closed to make room
    finally:
        for sock in idle:
            sock.close()
