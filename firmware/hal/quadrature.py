"""Quadrature decoding for a full-step rotary encoder (EC11: one Gray cycle per detent).

The decoder is fed the level of both contacts (``ab = A << 1 | B``) every time either
changes, typically from a pin IRQ. It follows the Gray cycle 11 -> 01 -> 00 -> 10 -> 11
(one detent clockwise; the reverse is anticlockwise) and counts quarter steps since the
last time it passed the detent position (11). A detent is counted only when the contacts
come back to 11 having moved exactly four quarters in one direction, so:

- contact bounce (a contact flapping between two neighbouring states) adds and removes
  the same quarter and cancels out;
- an invalid transition (both contacts changed at once: an edge was missed) poisons the
  current detent, which is then dropped, never guessed: a step may be lost, never invented.

Everything is small-int arithmetic and no allocation, so ``feed`` may run in a hard IRQ.
"""

from micropython import const

# Position in the Gray cycle for each ab value: 11 is the detent (phase 0).
_PHASE = b"\x02\x01\x03\x00"  # ab=00 -> 2, 01 -> 1, 10 -> 3, 11 -> 0
_POISONED = const(100)  # quarter count that can never reach +-4 again before the detent
_DETENT = const(3)  # ab = 0b11: both contacts open (pulled up) at rest


class Quadrature:
    """Full-step quadrature state machine; ``take()`` returns and clears counted detents."""

    def __init__(self, ab=_DETENT):
        self.phase = _PHASE[ab & 3]
        self.quarters = 0
        self.steps = 0

    def feed(self, ab):
        """Account for the contacts now reading ``ab`` (A << 1 | B)."""
        phase = _PHASE[ab & 3]
        delta = (phase - self.phase) & 3
        if delta == 0:
            return
        self.phase = phase
        if delta == 2:
            self.quarters = _POISONED
        elif self.quarters != _POISONED:
            self.quarters += 1 if delta == 1 else -1
        if phase == 0:
            if self.quarters == 4:
                self.steps += 1
            elif self.quarters == -4:
                self.steps -= 1
            self.quarters = 0

    def take(self):
        """Detents counted since the last call (clockwise positive)."""
        steps = self.steps
        self.steps = 0
        return steps
