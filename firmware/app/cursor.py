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

    def lit(self, canvas, now, at, period=600, on=420):
        """True if the cursor at ``at`` is lit at ``now``: the first ``on`` ms of every ``period`` since
        it came there (``canvas.blink``, which also notes when the picture next changes)."""
        if at != self.at:
            self.at = at
            self.since = now
        return canvas.blink(ticks_diff(now, self.since), period, on)
