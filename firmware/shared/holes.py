"""The holes of the board: 2 tracks of 121 (the 121st is the game hole), where each sits in a
frame, and the one fact of their layout the app draws by (its pickers and bars).

The board's holes lie in rows of ``ROW``: each track runs out along a row and back along
another, so hole h of the way out and hole ``under(h)`` of the way back share a column (hole 1
and hole 60, hole 30 and hole 31; ``hardware/scripts/make_board.py`` has the whole layout).

A frame lists the LEDs in LOGICAL order, 3 bytes (R, G, B) each: index = track * 121 +
hole - 1. How the LEDs are really wired (``hardware/board.json``) is ``hal.chain``'s
business; everything above it (the app, the simulator) speaks of tracks and holes.
"""

from micropython import const

HOLES = const(121)  # per track; hole 121 is the game hole
TRACKS = const(2)
LEDS = const(242)  # TRACKS * HOLES: one LED a hole
ROW = const(30)  # holes in a row of the board: a track's way out, then its way back (twice)


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


def under(hole):
    """The hole of the way back in the column of ``hole`` of the way out (1..30): 61 - ``hole``, so
    1 gives 60 and 30 gives 31 (past 30 it goes on backwards: 31 gives hole 30)."""
    return 2 * ROW + 1 - hole
