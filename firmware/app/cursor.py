"""A blinking cursor that starts lit where it lands: the card picker's, a rank dialled, a menu's item.

On the clock (``canvas.blink(now, ...)``) a press or detent that moved a cursor while it was dark
showed only when it lit: up to 180 ms later (46 ms measured on the emulated chip, the card picker's
cursor moved a suit). Counted from where it lands, the move shows in the next frame.
"""

from shared.ticks import ticks_diff


class Cursor:
    """Where a cursor was last drawn (``at``: any int that tells its places apart) and since when."""

    def __init__(self):
        self.at = None
        self.since = 0

    def time(self, now, at):
        """The ms from when the cursor came to ``at`` to ``now`` (0 if it has just come)."""
        if at != self.at:
            self.at = at
            self.since = now
        return ticks_diff(now, self.since)

    def lit(self, canvas, now, at, period=600, on=420):
        """True if the cursor at ``at`` is lit at ``now``: the first ``on`` ms of every ``period`` since
        it came there (``canvas.blink``, which also notes when the picture next changes)."""
        return canvas.blink(self.time(now, at), period, on)
