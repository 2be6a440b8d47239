"""The simulator's server answers the lines a client sends as the board answers them on its serial
line: the same text reaches the board, the same lines are refused, with the same replies. Both split
bytes into lines with the board's reader (hal.line_reader); this checks the server's side of it, that
every byte reaches its client's reader in order and each refusal gets the board's reply (hal.rp2_hw's
UsbSerial.read_line, which MicroPython alone imports, answers as ``board_replies`` does)."""

from __future__ import annotations

import json
import socket

from sim_process import Served

from hal.line_reader import DROPPED, NOT_TEXT, LineReader
from shared import serial_lines
from shared.serial_lines import MAX_LINE, MAX_LINE_BYTES

END = '{"cmd": "end"}'
TOO_LONG, REFUSED_NOT_TEXT = json.loads(serial_lines.TOO_LONG), json.loads(serial_lines.NOT_TEXT)
# every kind of line, each near its limit: text, a blank line, CRLF, too long by characters and by
# bytes, not text, both too long and not text (too long, on the board), continuation bytes alone
LINES = [
    (b'{"cmd": "state"}', '{"cmd": "state"}'),
    (b" \t\r", None),
    (b'{"cmd": "\xe2\x82\xac"}\r', '{"cmd": "\u20ac"}'),
    (b"a" * MAX_LINE, "a" * MAX_LINE),
    (b"a" * (MAX_LINE + 1), TOO_LONG),
    (b"a" * MAX_LINE + b"\r", TOO_LONG),  # the "\r" counts
    (b"\xe2\x82\xac" * MAX_LINE, "\u20ac" * MAX_LINE),
    (b"\xf0\x9f\x82\xa1" * MAX_LINE + b"\x80", TOO_LONG),  # one byte past MAX_LINE_BYTES
    (b'{"cmd": "\xe9t\xe9"}', REFUSED_NOT_TEXT),
    (b"\xc0\x80", REFUSED_NOT_TEXT),  # an overlong form, which CPython and the board's reader refuse
    (b"\xff" * 3000, TOO_LONG),
    (b"\x80" * (MAX_LINE_BYTES + 1), TOO_LONG),
    (b"\x80" * MAX_LINE_BYTES, REFUSED_NOT_TEXT),
]
STREAM = b"".join(line + b"\n" for line, _ in LINES)
EXPECTED = [reply for _, reply in LINES if reply is not None]


def board_replies(stream: bytes) -> list[object]:
    """What the board makes of ``stream``: each line's text, or the refusal it sends."""
    reader = LineReader()
    out: list[object] = []
    for byte in stream:
        got = reader.feed(byte)
        if got is DROPPED:
            out.append(TOO_LONG)
        elif got is NOT_TEXT:
            out.append(REFUSED_NOT_TEXT)
        elif got is not None:
            out.append(got)
    return out


def simulator_replies(served: Served, stream: bytes) -> list[object]:
    """What the simulator's server makes of ``stream``, up to the END line sent after it: each line's
    text as the stand-in board echoes it, or the refusal."""
    out: list[object] = []
    with served.connect() as sock:
        sock.sendall(stream + END.encode() + b"\n")
        sock.shutdown(socket.SHUT_WR)
        for raw in sock.makefile("rb"):
            reply = json.loads(raw)
            if reply.get("echo") == END:
                return out
            out.append(reply["echo"] if reply.get("ok") else reply)
    raise AssertionError("the server hung up before the END line: %r" % out)


def test_the_board_takes_every_kind_of_line_as_expected() -> None:
    assert board_replies(STREAM) == EXPECTED


def test_the_simulator_answers_every_kind_of_line_as_the_board() -> None:
    served = Served()
    try:
        assert simulator_replies(served, STREAM) == EXPECTED
    finally:
        served.stop()
