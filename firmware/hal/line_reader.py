"""Characters from the USB serial line put together into protocol lines (``shared.serial_lines``).

Platform-independent, so it is tested on both interpreters; ``hal.rp2_hw.UsbSerial``
feeds it one character at a time.
"""

from micropython import const

from shared.serial_lines import MAX_LINE

DROPPED = object()  # what ``feed`` returns when a line too long to take has ended
_LOST = object()  # the line could not be taken (no room on the heap): its rest is dropped without a word
# Characters kept one by one before they are joined into a piece of the line: a list of a whole
# line's characters grew to 4096 slots, a 16 KB block, for a long line, which a stock board's
# heap may not have in one piece (a MemoryError on the chip, its serial task dead).
_PIECE = const(64)


class LineReader:
    """Whole lines out of characters in; a line longer than MAX_LINE is dropped as it comes."""

    def __init__(self):
        self._chars = []  # the characters since the last piece
        self._pieces = []  # the line before them, in pieces of _PIECE characters
        self._length = 0  # characters in the line so far
        self._dropping = None  # None, or why the rest of the line is dropped: DROPPED (too long) or _LOST

    def feed(self, char):
        """Take one character: the line it ends (without its ``\\r\\n``), DROPPED if it ends a
        line that was too long, else None (a blank line is None too). If taking it raises (the
        heap had no room), the line is lost: the rest of it is dropped without a word (the
        caller has said so), and the next line starts whole."""
        try:
            return self._take(char)
        except Exception:
            self._clear()
            self._dropping = None if char == "\n" else _LOST
            raise

    def _take(self, char):
        if char == "\n":
            dropping = self._dropping
            if dropping is not None:
                self._dropping = None
                return dropping if dropping is DROPPED else None
            pieces = self._pieces
            pieces.append("".join(self._chars))
            line = "".join(pieces).rstrip("\r")
            self._clear()
            return line if line.strip() else None
        if self._dropping is None:
            chars = self._chars
            chars.append(char)
            self._length += 1
            if self._length > MAX_LINE:
                self._clear()
                self._dropping = DROPPED
            elif len(chars) == _PIECE:
                self._pieces.append("".join(chars))
                chars.clear()
        return None

    def _clear(self):
        self._chars.clear()
        self._pieces.clear()
        self._length = 0
