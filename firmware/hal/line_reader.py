"""Bytes from the USB serial line put together into protocol lines (``shared.serial_lines``).

Platform-independent, so it is tested on both interpreters; ``hal.rp2_hw.UsbSerial``
feeds it one byte at a time. Bytes, not characters: MicroPython's text read raises on a byte
that is no UTF-8, which killed the serial task and the watchdog reset the board; a line is
decoded once whole, and one that is no text is answered as such (as the simulator does).
"""

from micropython import const

from shared.serial_lines import MAX_LINE, MAX_LINE_BYTES, is_blank

DROPPED = object()  # what ``feed`` returns when a line too long to take has ended
NOT_TEXT = object()  # ... when a line that is not UTF-8 text has ended
_LOST = object()  # the line could not be taken (no room on the heap): its rest is dropped without a word
_NEWLINE = const(10)
# Bytes kept one by one before they are joined into a piece of the line: a list of a whole
# line's characters grew to 4096 slots, a 16 KB block, for a long line, which a stock board's
# heap may not have in one piece (a MemoryError on the chip, its serial task dead).
_PIECE = const(64)
_MOST_PIECES = MAX_LINE_BYTES // _PIECE  # a line that fills them is MAX_LINE_BYTES long (imported: no const)


class LineReader:
    """Whole lines out of bytes in; a line too long (``shared.serial_lines``: more than MAX_LINE
    characters or MAX_LINE_BYTES bytes) is dropped as it comes."""

    def __init__(self):
        self._bytes = []  # the bytes since the last piece
        self._pieces = []  # the line before them, in pieces of _PIECE bytes
        self._length = 0  # characters in the line so far (its bytes but UTF-8's continuation bytes)
        self._dropping = None  # None, or why the rest of the line is dropped: DROPPED (too long) or _LOST

    def feed(self, byte):
        """Take one byte (an int): the line it ends, as text without its ``\\r\\n``; DROPPED if it
        ends a line that was too long, NOT_TEXT if one that is not UTF-8 text; else None (a blank
        line is None too). If taking it raises (the heap had no room), the line is lost: the rest
        of it is dropped without a word (the caller has said so), and the next line starts whole."""
        try:
            return self._take(byte)
        except Exception:
            self._clear()
            self._dropping = None if byte == _NEWLINE else _LOST
            raise

    def _take(self, byte):
        if byte == _NEWLINE:
            dropping = self._dropping
            if dropping is not None:
                self._dropping = None
                return dropping if dropping is DROPPED else None
            pieces = self._pieces
            pieces.append(bytes(self._bytes))
            line = b"".join(pieces).rstrip(b"\r")
            self._clear()
            try:
                text = line.decode()
            except UnicodeError:
                return NOT_TEXT
            if len(text) != len(line) and not _strict(line):  # (a line of ASCII alone needs no more)
                return NOT_TEXT
            return None if is_blank(text) else text
        if self._dropping is None:
            kept = self._bytes
            kept.append(byte)
            if byte & 0xC0 != 0x80:  # a character's first byte: lines are measured in characters everywhere
                self._length += 1
            # (past MAX_LINE_BYTES, too: continuation bytes alone count as no characters at all)
            if self._length > MAX_LINE or len(self._pieces) == _MOST_PIECES:
                self._clear()
                self._dropping = DROPPED
            elif len(kept) == _PIECE:
                self._pieces.append(bytes(kept))
                kept.clear()
        return None

    def _clear(self):
        self._bytes.clear()
        self._pieces.clear()
        self._length = 0


def _strict(line):
    """Whether the characters of ``line``, which decoded, are UTF-8 as CPython (and RFC 3629) takes
    it: MicroPython's decode checks only the bytes' pattern, and let an overlong form (C0 80), a
    surrogate (ED A0 80) or a code past U+10FFFF through, which the board then echoed to the host
    in its reply, bytes no host could read (the chip soak)."""
    n = len(line)
    for i in range(n):
        lead = line[i]
        if lead >= 0xC0:
            if lead < 0xC2 or lead > 0xF4 or i + 1 >= n:
                return False
            second = line[i + 1]
            if lead == 0xE0 and second < 0xA0 or lead == 0xED and second > 0x9F:
                return False
            if lead == 0xF0 and second < 0x90 or lead == 0xF4 and second > 0x8F:
                return False
    return True
