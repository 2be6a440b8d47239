"""The holes of the board: 2 tracks of 121 (the 121st is the game hole), and where each
sits in a frame.

A frame lists the LEDs in LOGICAL order, 3 bytes (R, G, B) each: index = track * 121 +
hole - 1. How the LEDs are really wired (``hardware/board.json``) is ``hal.chain``'s
business; everything above it (the app, the simulator) speaks of tracks and holes.
"""

from micropython import const

HOLES = const(121)  # per track; hole 121 is the game hole
TRACKS = const(2)
LEDS = const(242)  # TRACKS * HOLES: one LED a hole


def index(track, hole):
    """The logical index of hole 1..121 of ``track``; ValueError for a hole not on the board."""
    if not 0 <= track < TRACKS or not 1 <= hole <= HOLES:
        raise ValueError("no hole %r on track %r" % (hole, track))
    return track * HOLES + hole - 1


def place(i):
    """(track, hole) of logical index ``i``, the inverse of ``index``; ValueError off the board."""
    if not 0 <= i < LEDS:
        raise ValueError("no LED at index %r" % (i,))
    return i // HOLES, i % HOLES + 1
