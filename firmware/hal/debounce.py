"""Button debouncing with short and long presses, for buttons polled every few milliseconds.

A reading must stay the same for ``settle_ms`` before it is believed. A short press is
reported on release; a long press is reported once, while the button is still held, as
soon as it has been down for ``long_ms``, and its release then reports nothing.
"""

from micropython import const

from app.events import LONG, PRESS
from app.ticks import ticks_diff

SETTLE_MS = const(20)
LONG_MS = const(600)


class Button:
    """Debounced state of one button; ``update(down, now_ms)`` returns "press", "long" or None."""

    def __init__(self, settle_ms=SETTLE_MS, long_ms=LONG_MS):
        if settle_ms < 0 or long_ms <= settle_ms:
            raise ValueError("need 0 <= settle_ms < long_ms")
        self.settle_ms = settle_ms
        self.long_ms = long_ms
        self.raw = False
        self.raw_since = None
        self.down = False
        self.down_since = 0
        self.long_fired = False

    def update(self, down, now_ms):
        """Feed the raw reading ``down`` (True = pressed) taken at ``now_ms``."""
        down = bool(down)
        if self.raw_since is None or down != self.raw:
            self.raw = down
            self.raw_since = now_ms
        if down != self.down and ticks_diff(now_ms, self.raw_since) >= self.settle_ms:
            self.down = down
            if down:
                # The press began when the contact first settled closed, not when we noticed.
                self.down_since = self.raw_since
                self.long_fired = False
            elif not self.long_fired:
                return PRESS
        if self.down and not self.long_fired and ticks_diff(now_ms, self.down_since) >= self.long_ms:
            self.long_fired = True
            return LONG
        return None
