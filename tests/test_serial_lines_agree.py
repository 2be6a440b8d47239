"""The board's serial line (hal.line_reader) and the simulator's server (simulator/server.py) take
the same bytes to the same lines: the same text, the same lines too long, the same lines that are
not text (shared.serial_lines says how a line is measured). Bytes near every limit, valid UTF-8 or
not, continuation bytes alone included: a line both too long and not text was refused as not text
by the simulator and as too long by the board."""

from __future__ import annotations

import json
import socket

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sim_process import Served

from hal.line_reader import DROPPED, NOT_TEXT, LineReader
from shared import serial_lines
from shared.serial_lines import MAX_LINE, MAX_LINE_BYTES

END = '{"cmd": "end"}'
# what a line is made of: text of 1, 2 and 3 bytes a character, a continuation byte alone, a byte
# that is never UTF-8, a carriage return, an overlong form and a surrogate; runs of them reach past
# both limits
PIECES = (b"a", b"\xc3\xa9", b"\xe2\x82\xac", b"\x80", b"\xff", b"\r", b" ", b"\xc0\x80", b"\xed\xa0\x80",
          b"\t", b"\x1f", b"\xc2\xa0")  # (the last two: no blank line, though CPython's strip() takes them)
RUN = st.one_of(st.integers(0, 8), st.integers(MAX_LINE // 3 - 4, MAX_LINE // 3 + 4),
                st.integers(MAX_LINE - 4, MAX_LINE + 4), st.integers(MAX_LINE_BYTES - 4, MAX_LINE_BYTES + 4))
LINE = st.lists(st.tuples(st.sampled_from(PIECES), RUN), min_size=1, max_size=3).map(
    lambda runs: b"".join(piece * count for piece, count in runs))


def board_replies(stream: bytes) -> list[object]:
    """What the board makes of ``stream``: each line's text, or the refusal it sends."""
    reader = LineReader()
    out: list[object] = []
    for byte in stream:
        got = reader.feed(byte)
        if got is DROPPED:
            out.append(json.loads(serial_lines.TOO_LONG))
        elif got is NOT_TEXT:
            out.append(json.loads(serial_lines.NOT_TEXT))
        elif got is not None:
            out.append(got)
    return out


def simulator_replies(served: Served, stream: bytes) -> list[object]:
    """What the simulator's server makes of ``stream``, up to the END line sent after it."""
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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(LINE, min_size=1, max_size=4))
def test_the_board_and_the_simulator_take_the_same_lines(lines: list[bytes]) -> None:
    stream = b"".join(line + b"\n" for line in lines)
    served = Served()
    try:
        assert simulator_replies(served, stream) == board_replies(stream)
    finally:
        served.stop()


def test_a_long_line_that_is_not_text_is_too_long_on_both() -> None:
    stream = b"\xff" * 3000 + b"\n" + b"\x80" * (MAX_LINE_BYTES + 1) + b"\n" + b"\x80" * MAX_LINE_BYTES + b"\n"
    too_long, not_text = json.loads(serial_lines.TOO_LONG), json.loads(serial_lines.NOT_TEXT)
    assert board_replies(stream) == [too_long, too_long, not_text]
    served = Served()
    try:
        assert simulator_replies(served, stream) == [too_long, too_long, not_text]
    finally:
        served.stop()
