"""The USB serial line put together into protocol lines (hal.line_reader): whole lines only, at
most MAX_LINE characters, a longer one dropped as it comes and reported once it ends, one that is
not UTF-8 text reported as such."""

from hal.line_reader import DROPPED, NOT_TEXT, LineReader
from shared.serial_lines import MAX_LINE, MAX_LINE_BYTES, TOO_LONG


def fed(reader, text):
    """What ``reader`` gives for each byte of ``text`` (str: its UTF-8), the Nones left out."""
    out = []
    for byte in text.encode() if isinstance(text, str) else text:
        got = reader.feed(byte)
        if got is not None:
            out.append(got)
    return out


def test_whole_lines_come_out_without_their_end():
    reader = LineReader()
    assert fed(reader, '{"cmd": "state"}\r\n{"cmd": "log"}\n{"cmd": "un') == ['{"cmd": "state"}', '{"cmd": "log"}']
    assert fed(reader, 'do"}\n') == ['{"cmd": "undo"}']


def test_blank_lines_are_ignored():
    assert fed(LineReader(), "\n\r\n  \n\t\r\nx\n") == ["x"]


def test_a_line_of_other_spaces_is_no_blank_line_on_any_interpreter():
    # JSON's whitespace only: CPython's str.strip() takes these too, MicroPython's not (so the board answered
    # them as malformed JSON, and the simulator left the host waiting for a reply)
    others = ["\x1f", "\x0b", "\xa0", "\u2028", "\x85", " \u3000 "]
    assert fed(LineReader(), "".join(line + "\n" for line in others)) == others


def test_the_longest_line_is_taken_and_one_more_character_drops_it():
    reader = LineReader()
    longest = "é" * MAX_LINE  # characters, not bytes
    assert fed(reader, longest + "\n") == [longest]
    assert fed(reader, "a" * (MAX_LINE - 1) + "\r\n") == ["a" * (MAX_LINE - 1)]
    assert fed(reader, "b" * MAX_LINE + "\r\n") == [DROPPED]  # the "\r" counts, as on every transport
    assert fed(reader, "c" * (MAX_LINE + 1) + "\nnext\n") == [DROPPED, "next"]


def test_a_huge_line_is_dropped_as_it_comes_and_reported_once():
    reader = LineReader()
    for _ in range(20):
        assert fed(reader, "[" * 1000) == []
        assert reader._length <= MAX_LINE  # never buffered to its end
    assert fed(reader, "\n" + '{"cmd": "state"}\n') == [DROPPED, '{"cmd": "state"}']


def test_bytes_that_make_no_characters_are_dropped_past_the_most_bytes():
    reader = LineReader()
    assert fed(reader, b"\x80" * MAX_LINE_BYTES + b"\n") == [NOT_TEXT]  # as long as may be: read, no text
    for _ in range(20):
        assert fed(reader, b"\x80" * 1000) == []
        assert len(reader._pieces) <= MAX_LINE_BYTES // 64  # never buffered to its end
    assert fed(reader, b"\nnext\n") == [DROPPED, "next"]
    assert fed(reader, b"\xff" * (MAX_LINE + 1) + b"\n") == [DROPPED]  # too long before it is no text


def test_utf8_that_cpython_refuses_is_not_text_on_every_interpreter():
    reader = LineReader()
    # an overlong NUL, an overlong slash, a surrogate, past U+10FFFF, a lead byte past F4: not text
    for bad in (b"\xc0\x80", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80"):
        assert fed(reader, b'{"cmd": "state", "id": "' + bad + b'"}\n') == [NOT_TEXT], bad
    # the edges that are text: U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+10000, U+10FFFF
    for good in ("\u0080", "\u07ff", "\u0800", "\ud7ff", "\ue000", "\U00010000", "\U0010ffff"):
        assert fed(reader, '{"id": "%s"}\n' % good) == ['{"id": "%s"}' % good], good


def test_the_reply_to_a_dropped_line_is_a_protocol_error_without_an_id():
    import json

    reply = json.loads(TOO_LONG)
    assert reply == {"ok": False, "error": "line longer than %d characters: dropped whole" % MAX_LINE}


def test_a_line_is_kept_in_pieces_and_whole_when_it_ends():
    reader = LineReader()
    line = "".join(chr(0x41 + i % 26) for i in range(MAX_LINE - 1)) + "\u00e9"
    for byte in line.encode():
        assert reader.feed(byte) is None
        assert len(reader._bytes) <= 64 and len(reader._pieces) <= MAX_LINE // 64 + 1  # no list of the whole line
    assert reader.feed(10) == line
    assert fed(reader, "x" * 64 + "\n" + "y" * 63 + "\r\n") == ["x" * 64, "y" * 63]


class NoRoomAtTheEnd(list):
    """A line's pieces where the heap has no room for its last piece, once."""

    refused = False

    def append(self, piece):
        if len(piece) < 64 and not self.refused:
            self.refused = True
            raise MemoryError("no room for the line")
        super().append(piece)


def test_a_line_the_heap_has_no_room_for_leaves_the_next_line_whole():
    reader = LineReader()
    reader._pieces = NoRoomAtTheEnd()
    fed(reader, "a" * 100)
    try:
        reader.feed(10)
    except MemoryError:
        pass
    else:
        raise AssertionError("the heap refused")
    assert fed(reader, '{"cmd": "state"}\n') == ['{"cmd": "state"}']


class NoRoomOnce(list):
    """A line's characters where the heap has no room for the ``at``-th, once."""

    def __init__(self, at):
        super().__init__()
        self.at = at
        self.taken = 0

    def append(self, byte):
        self.taken += 1
        if self.taken == self.at:
            raise MemoryError("no room for the byte")
        super().append(byte)


def test_a_line_that_fails_in_its_middle_is_lost_whole_and_the_next_comes_whole():
    for at in (1, 5, 64, 65, 200):  # the first character, within a piece, at a piece's end, after
        reader = LineReader()
        reader._bytes = NoRoomOnce(at)
        line = '{"cmd": "event", "event": ["peg", 1, 12], "id": "%s"}' % ("x" * 150)
        got = []
        for byte in (line + "\n" + '{"cmd": "state"}\n').encode():
            try:
                got.append(reader.feed(byte))
            except MemoryError:
                got.append("failed")
        assert got.count("failed") == 1 and [g for g in got if g not in (None, "failed")] == ['{"cmd": "state"}'], at
        assert len(reader._bytes) == 0 and reader._length == 0


def test_a_line_that_is_not_utf8_text_is_refused_whole_and_the_next_comes_whole():
    reader = LineReader()
    for bad in (b'{"cmd": "state", "id": "\xff\xfe"}', b"\xe6\n"[:1], b"\x93\xdd", b'{"a": "\xc3"}'):
        assert fed(reader, bad + b"\n" + b'{"cmd": "state"}\r\n') == [NOT_TEXT, '{"cmd": "state"}'], bad
    text = "caf\u00e9 \u2603 \U0001f0a1"  # 2, 3 and 4 bytes a character
    assert fed(reader, text + "\n") == [text]
