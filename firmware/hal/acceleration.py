"""Encoder acceleration: detents turned quickly count several times.

Speed is measured as the time per detent since the previous turn in the same direction;
a change of direction or a pause starts again at x1, so slow, careful turns are exact.
"""

from shared.events import MAX_TURN
from shared.ticks import ticks_diff

# (at most this many ms per detent, multiplier), fastest first.
DEFAULT_STEPS = ((15, 5), (40, 2))


class Acceleration:
    """``scale(detents, now_ms)`` -> detents multiplied according to turning speed."""

    def __init__(self, steps=DEFAULT_STEPS):
        for i in range(1, len(steps)):
            if steps[i][0] <= steps[i - 1][0]:
                raise ValueError("acceleration steps must be ordered fastest first")
        self.steps = steps
        self.last_ms = None
        self.last_sign = 0

    def multiplier(self, detents, now_ms):
        """The multiplier for ``detents`` (non-zero) turned by ``now_ms``; updates the history."""
        sign = 1 if detents > 0 else -1
        factor = 1
        if self.last_ms is not None and sign == self.last_sign:
            per_detent = ticks_diff(now_ms, self.last_ms) // abs(detents)
            for limit, times in self.steps:
                if 0 <= per_detent <= limit:  # negative: more than half the ticks' period ago
                    factor = times
                    break
        self.last_ms = now_ms
        self.last_sign = sign
        return factor

    def scale(self, detents, now_ms):
        """``detents`` times the multiplier for the current speed (0 stays 0), at most
        ``MAX_TURN`` either way: after a long stall the app would refuse a bigger turn."""
        if detents == 0:
            return 0
        scaled = detents * self.multiplier(detents, now_ms)
        return max(-MAX_TURN, min(MAX_TURN, scaled))
