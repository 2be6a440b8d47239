"""The board's serial line protocol served on TCP 127.0.0.1, as a board serves it on USB serial.

Everything happens in ``serve``, called by the thread that owns the board (the headless
loop, or the window's or the terminal's frame loop), so the board is only ever touched from
one thread: it accepts connections, reads what has arrived without waiting, answers
complete lines one client at a time in turn, and writes the replies as fast as each client
takes them. Host tools reach it as ``socket://127.0.0.1:PORT``. No client can hold up the
others, nor make the process grow:

- each client's bytes go through a line reader of its own, the board's (``hal.line_reader``), so
  lines are split, measured and refused as on the board: a line longer than MAX_LINE characters
  is dropped as it comes and answered with TOO_LONG, one that is not UTF-8 text with NOT_TEXT
  (``shared.serial_lines``); blank lines are ignored;
- a client stops being read (what it sends waits in the system's buffers, then it blocks)
  while MAX_QUEUED of its lines wait for the board or MAX_UNSENT bytes of replies wait for
  it to read them;
- at most MAX_CLIENTS connections are kept: beyond that, one is closed, those that hung up
  or were refused first, then those that misbehaved (sent lines the board cannot take, or
  stopped reading), then the one quiet the longest;
- a connection whose first line is an HTTP request line (a web page in a browser, curl) is
  answered with HTTP 400 and closed without anything applied: only a program that speaks
  the protocol may drive the board;
- only complete lines are applied: a request without its newline when the client hangs
  up is dropped, as a serial line never delivers it.
"""

from __future__ import annotations

import re
import selectors
import socket
import time
from collections import deque
from collections.abc import Callable

from hal import line_reader
from shared import serial_lines
from shared.serial_lines import MAX_LINE_BYTES
from simulator.instances import DEFAULT_PORT

MAX_QUEUED = 8  # lines of one client waiting for the board
MAX_UNSENT = 64 * 1024  # bytes of replies waiting for one client to read them
MAX_CLIENTS = 16
MAX_ANSWERS = 32  # lines answered per call of ``serve``: the window's frame loop stays smooth
READ_SIZE = 64 * 1024
READS_PER_CLIENT = 4  # per call of ``serve``: a flood is read at a pace, never all at once
CLOSE_GRACE_S = 2.0  # how long a refused connection may take to hang up after our answer

# A request line as every HTTP client sends first ("POST / HTTP/1.1"); a protocol line starts with "{".
HTTP_REQUEST = re.compile(rb"[A-Z]+ \S")
HTTP_REFUSAL = (b"HTTP/1.0 400 Bad Request\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n"
                b"This is the cribbage board's serial line protocol (one JSON object a line), not HTTP.\n")
# What the board answers for each line its reader refuses.
REFUSALS = {line_reader.DROPPED: serial_lines.TOO_LONG, line_reader.NOT_TEXT: serial_lines.NOT_TEXT}


class _Client:
    """One connection: bytes received and not yet fed to its line reader, the lines waiting for
    the board (a line, or the reply already made to a line refused), the replies not yet sent."""

    def __init__(self, sock: socket.socket, now: float) -> None:
        self.sock = sock
        self.received = bytearray()
        self.reader = line_reader.LineReader()  # holds the line begun, as the board's does
        self.lines: deque[tuple[str, bool]] = deque()  # (text, True if it is already the reply)
        self.unsent = bytearray()
        self.first = True  # no line has ended yet: an HTTP request line would be this one
        self.hung_up = False  # it sends no more; its complete lines are still answered
        self.refused_at: float | None = None  # when it was refused and told so, to be closed
        self.shut = False  # our side is shut (after the refusal went out)
        self.active = now
        self.refusals = 0  # lines refused before they reached the board (too long, not text)
        self.events = 0  # what the selector watches it for

    def wants_input(self) -> bool:
        """Whether to read from it: it has not hung up, and neither its bytes not yet split nor
        its replies not yet sent have piled up."""
        return not self.hung_up and len(self.received) < READ_SIZE and len(self.unsent) < MAX_UNSENT

    def can_answer(self) -> bool:
        """Whether a line of its waits, and its replies not yet sent leave room for another."""
        return bool(self.lines) and len(self.unsent) < MAX_UNSENT

    def keep_order(self) -> tuple[bool, bool, float]:
        """Sorts the clients least worth keeping first."""
        misbehaved = self.refusals > 0 or len(self.unsent) >= MAX_UNSENT
        return (not self.hung_up and self.refused_at is None, not misbehaved, self.active)

    def done(self, now: float) -> bool:
        """Whether to close it: refused, once it hung up or CLOSE_GRACE_S after (time for our
        answer to reach it first); else once it hung up and everything it asked is answered and sent."""
        if self.refused_at is not None:
            return self.hung_up or now - self.refused_at > CLOSE_GRACE_S
        return self.hung_up and not (self.received or self.lines or self.unsent)


class ProtocolServer:
    """Listens on 127.0.0.1:``port`` (0: any free port, see ``.port``); ``serve`` does the rest."""

    def __init__(self, port: int = DEFAULT_PORT) -> None:
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.listener.bind(("127.0.0.1", port))
        except OSError:
            self.listener.close()
            raise
        self.listener.listen()
        self.listener.setblocking(False)
        self.port: int = self.listener.getsockname()[1]
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ)
        self.clients: list[_Client] = []

    def serve(self, handle: Callable[[str], str], wait_s: float = 0.0) -> int:
        """Take in what clients sent (waiting up to ``wait_s`` for something to happen), answer
        their complete lines with ``handle`` (one line in, its reply line out, no newlines),
        send the replies; return how many lines were answered."""
        if not any(client.can_answer() for client in self.clients):
            self.selector.select(wait_s)
        now = time.monotonic()
        self._accept(now)
        for client in self.clients:
            self._read(client, now)
            self._split(client, now)
        self._close_done(now)
        while len(self.clients) > MAX_CLIENTS:
            self._drop(min(self.clients, key=_Client.keep_order))
        served = self._answer(handle, now)
        for client in self.clients:
            self._send(client)
        self._close_done(now)
        for client in self.clients:
            self._watch(client)
        return served

    def _accept(self, now: float) -> None:
        """Take up to MAX_CLIENTS new connections (more wait in the system's backlog)."""
        for _ in range(MAX_CLIENTS):
            try:
                sock, _ = self.listener.accept()
            except OSError:  # none waiting (or the listener closed)
                return
            sock.setblocking(False)
            self.clients.append(_Client(sock, now))

    def _read(self, client: _Client, now: float) -> None:
        for _ in range(READS_PER_CLIENT):
            if not client.wants_input():
                return
            try:
                data = client.sock.recv(READ_SIZE)
            except BlockingIOError:
                return
            except OSError:  # reset by the client: nothing more comes, nothing can be sent
                self._gone(client)
                return
            if not data:
                client.hung_up = True
                return
            client.active = now
            if client.refused_at is None:
                client.received += data

    def _split(self, client: _Client, now: float) -> None:
        """Feed the bytes received to the client's line reader, its lines to the lines waiting,
        up to MAX_QUEUED (the rest of the bytes wait their turn)."""
        if client.first and not self._past_first_line(client, now):
            return
        fed = 0
        for byte in client.received:
            if len(client.lines) >= MAX_QUEUED:
                break
            fed += 1
            line = client.reader.feed(byte)
            if line in REFUSALS:
                client.refusals += 1
                client.lines.append((REFUSALS[line], True))
            elif line is not None:
                client.lines.append((line, False))
        del client.received[:fed]  # a line without its newline stays in the reader, never applied at a hang-up

    def _past_first_line(self, client: _Client, now: float) -> bool:
        """Whether the first line is known to be no HTTP request line (False: it has yet to end or
        grow past MAX_LINE_BYTES, or it was one, and the client is refused)."""
        received = client.received
        end = received.find(b"\n", 0, MAX_LINE_BYTES + 1)
        if end < 0 and len(received) <= MAX_LINE_BYTES:
            return client.hung_up  # (its bytes go to the reader, which never applies a line without its end)
        if HTTP_REQUEST.match(received, 0, end if end >= 0 else len(received)):
            client.lines.clear()
            received.clear()
            client.unsent[:] = HTTP_REFUSAL
            client.refused_at = now
            return False
        client.first = False
        return True

    def _answer(self, handle: Callable[[str], str], now: float) -> int:
        """Answer waiting lines, one client after the other, at most MAX_ANSWERS."""
        served = 0
        while served < MAX_ANSWERS:
            ready = [client for client in self.clients if client.can_answer()]
            if not ready:
                return served
            for client in ready[:MAX_ANSWERS - served]:
                text, is_reply = client.lines.popleft()
                client.unsent += ((text if is_reply else handle(text)) + "\n").encode("utf-8")
                served += 1
                self._split(client, now)
        return served

    def _send(self, client: _Client) -> None:
        if client.unsent:
            try:
                sent = client.sock.send(client.unsent)
            except BlockingIOError:
                return
            except OSError:  # the client left; what it asked was still applied, as on a serial line
                self._gone(client)
                return
            del client.unsent[:sent]
        if client.refused_at is not None and not client.unsent and not client.shut:
            client.shut = True
            try:
                client.sock.shutdown(socket.SHUT_WR)  # our answer is out: the client may hang up now
            except OSError:
                pass

    def _gone(self, client: _Client) -> None:
        """The connection broke: nothing more comes from the client, nothing reaches it."""
        client.hung_up = True
        client.received.clear()
        client.lines.clear()
        client.unsent.clear()

    def _watch(self, client: _Client) -> None:
        """Have ``select`` wake ``serve`` when this client can be read or written to, and not
        while it is not to be read (it would wake ``serve`` again and again for nothing)."""
        events = (selectors.EVENT_READ if client.wants_input() else 0) \
            | (selectors.EVENT_WRITE if client.unsent else 0)
        if events == client.events:
            return
        if not client.events:
            self.selector.register(client.sock, events)
        elif not events:
            self.selector.unregister(client.sock)
        else:
            self.selector.modify(client.sock, events)
        client.events = events

    def _close_done(self, now: float) -> None:
        for client in [c for c in self.clients if c.done(now)]:
            self._drop(client)

    def _drop(self, client: _Client) -> None:
        if client.events:
            self.selector.unregister(client.sock)
        client.sock.close()
        self.clients.remove(client)

    def close(self) -> None:
        """Stop listening and hang up on every client."""
        for client in list(self.clients):
            self._drop(client)
        self.selector.close()
        self.listener.close()
