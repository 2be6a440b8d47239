"""Encoder contact sequences for the quadrature tests, the same on both interpreters.

A rotor position is counted in quarter steps ``q``; the contacts read ``AB[q % 4]``, with
both open (11) at a detent, as on an EC11 with one Gray cycle per detent. Random numbers
come from the rules core's xorshift generator, because MicroPython's ``random`` gives other
numbers than CPython's for the same seed.
"""

from cribbage_lab.deck import Xorshift32, randbelow

AB = (3, 1, 0, 2)  # contacts at quarter positions 0..3 of a detent: 11 -> 01 -> 00 -> 10


class Xorshift(Xorshift32):
    """The rules core's seeded xorshift32 (any small seed, 0 too), with ``below(n)``."""

    def __init__(self, seed):
        super().__init__((seed * 2654435761 + 1) & 0xFFFFFFFF or 1)

    def below(self, n):
        """A number in 0..n-1."""
        return randbelow(self, n)


def bounced_move(q, direction, rng, max_bounces=4):
    """Readings while the rotor moves one quarter from ``q``: the changing contact flaps
    back and forth a random number of times before it settles. Returns (readings, new q)."""
    old = AB[q % 4]
    new = AB[(q + direction) % 4]
    readings = []
    for _ in range(rng.below(max_bounces + 1)):
        readings.append(new)
        readings.append(old)
    readings.append(new)
    return readings, q + direction


def turn(detents):
    """Clean readings for ``detents`` detents from a detent (negative: anticlockwise)."""
    direction = 1 if detents > 0 else -1
    return [AB[(direction * i) % 4] for i in range(1, 4 * abs(detents) + 1)]


class DetentMoves:
    """The moves a rotor made from one detent to the next, each way: ``at(q)`` after each quarter
    (a wiggle that comes back to the same detent is no move)."""

    def __init__(self):
        self.last = 0
        self.cw = 0
        self.ccw = 0

    def at(self, q):
        if q % 4 == 0 and q // 4 != self.last:
            if q // 4 > self.last:
                self.cw += 1
            else:
                self.ccw += 1
            self.last = q // 4
