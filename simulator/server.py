"""The board's serial line protocol served on TCP 127.0.0.1, as a board serves it on USB serial.

Client threads only read lines and queue them; the thread that owns the board takes them
from the queue (``serve``), lets the board answer, and writes the replies back, so the
board is only ever touched from one thread. Host tools reach it as ``socket://127.0.0.1:PORT``.
"""

from __future__ import annotations

import queue
import socket
import threading
from collections.abc import Callable

DEFAULT_PORT = 4121


class ProtocolServer:
    """Listens on 127.0.0.1:``port`` (0: any free port, see ``.port``) in a background thread."""

    def __init__(self, port: int = DEFAULT_PORT) -> None:
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.listener.bind(("127.0.0.1", port))
        except OSError:
            self.listener.close()
            raise
        self.listener.listen()
        self.port: int = self.listener.getsockname()[1]
        self.inbox: queue.Queue[tuple[socket.socket, str]] = queue.Queue()
        self._closed = False
        threading.Thread(target=self._accept, name="protocol-accept", daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._read, args=(conn,), name="protocol-client", daemon=True).start()

    def _read(self, conn: socket.socket) -> None:
        with conn, conn.makefile("rb") as lines:
            try:
                for raw in lines:
                    line = raw.decode("utf-8", "replace").strip("\r\n")
                    if line.strip():
                        self.inbox.put((conn, line))
            except OSError:
                pass

    def serve(self, handle: Callable[[str], str], wait_s: float = 0.0) -> int:
        """Answer every queued line with ``handle`` (waiting up to ``wait_s`` for the first); return how many."""
        served = 0
        try:
            item = self.inbox.get(timeout=wait_s) if wait_s > 0 else self.inbox.get_nowait()
        except queue.Empty:
            return 0
        while True:
            conn, line = item
            reply = handle(line)
            try:
                conn.sendall((reply + "\n").encode("utf-8"))
            except OSError:
                pass  # the client left; the command was still applied, as on a serial line
            served += 1
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                return served

    def close(self) -> None:
        """Stop listening."""
        self._closed = True
        self.listener.close()
