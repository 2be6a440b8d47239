"""Quadrature decoding for a full-step rotary encoder (EC11: one Gray cycle per detent).

The decoder is fed the level of both contacts (``ab = A << 1 | B``) every time either
changes: on the board, in order from the ring the encoder's PIO program and a DMA channel
fill (``hal.encoder_pio``, ``hal.samples``), which misses no change while the CPU is
busy or has interrupts off. It follows the Gray cycle 11 -> 01 -> 00 -> 10 -> 11 (one
detent clockwise; the reverse is anticlockwise) and counts quarter steps since the last time
it passed the detent position (11). A detent is counted only when the contacts come back to
11 having moved exactly four quarters in one direction, so:

- contact bounce (a contact flapping between two neighbouring states) adds and removes
  the same quarter and cancels out;
- an invalid transition (both contacts changed at once: a change was missed) poisons the
  current detent, which is then dropped, never guessed: a step may be lost, never invented.

Readings alone cannot always tell: three quarters forward seen as one reading look exactly
like one quarter back, so a wiggle ``11 -> 01 -> 00 -> 10 -> 00 -> 01 -> 11`` (three quarters
forward, three back) seen as ``01, 00, 10, 11`` would count a step the knob never made. So a
feeder that knows changes went by unseen (the ring ran over) says so, ``feed(ab, burst=True)``:
the detents counted since the last ``take()`` are dropped, and so is the detent in progress if
the contacts are not at the detent position (11) then; at it, the next detent counts. Turning
loses steps then; it never gains one.

Everything is small-int arithmetic and allocates nothing.
"""

from micropython import const

# Position in the Gray cycle for each ab value: 11 is the detent (phase 0).
_PHASE = const(b"\x02\x01\x03\x00")  # ab=00 -> 2, 01 -> 1, 10 -> 3, 11 -> 0
_POISONED = const(100)  # quarter count that can never reach +-4 again before the detent
_DETENT = const(3)  # ab = 0b11: both contacts open (pulled up) at rest


class Quadrature:
    """Full-step quadrature state machine; ``take()`` returns and clears counted detents."""

    def __init__(self, ab=_DETENT):
        self.ab = ab & 3
        self.phase = _PHASE[ab & 3]
        self.quarters = 0
        self.steps = 0

    def feed(self, ab, burst=False):
        """Account for the contacts now reading ``ab`` (A << 1 | B); ``burst``: changes went by
        unseen before this reading."""
        ab &= 3
        phase = _PHASE[ab]
        if burst:
            # edges went by unseen: whatever the readings suggest may be a wiggle's alias; a detent
            # is in progress only if the contacts are away from the detent position now
            self.steps = 0
            self.ab = ab
            self.phase = phase
            self.quarters = 0 if phase == 0 else _POISONED
            return
        self.ab = ab
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
