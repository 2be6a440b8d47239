"""Characters from the USB serial line put together into protocol lines (``shared.serial_lines``).

Platform-independent, so it is tested on both interpreters; ``hal.rp2_hw.UsbSerial``
feeds it one character at a time.
"""

from shared.serial_lines import MAX_LINE

DROPPED = object()  # what ``feed`` returns when a line too long to take has ended


class LineReader:
    """Whole lines out of characters in; a line longer than MAX_LINE is dropped as it comes."""

    def __init__(self):
        self._chars = []
        self._dropping = False

    def feed(self, char):
        """Take one character: the line it ends (without its ``\\r\\n``), DROPPED if it ends a
        line that was too long, else None (a blank line is None too)."""
        if char == "\n":
            dropped = self._dropping
            line = None if dropped else "".join(self._chars).rstrip("\r")
            self._chars = []
            self._dropping = False
            if dropped:
                return DROPPED
            return line if line.strip() else None
        if not self._dropping:
            self._chars.append(char)
            if len(self._chars) > MAX_LINE:
                self._chars = []
                self._dropping = True
        return None
