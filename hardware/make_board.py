"""Generate ``hardware/board.json``, the single source of hardware truth.

Run ``python hardware/make_board.py`` after changing a dimension or a pin below; the
committed JSON is what the firmware and the simulator read, and a test checks that this
script still reproduces it exactly.

Layout (seen from above, data line entering at the top left):

- Eight rows of 30 holes. Each track goes out and back twice: holes 1-30 left to right,
  31-60 right to left, 61-90 left to right, 91-120 right to left, then its game hole 121
  in a column left of the rows. The two tracks run side by side, track 1 inside track 0:
  rows top to bottom are T0 1-30, T1 1-30, T1 31-60, T0 31-60, T0 61-90, T1 61-90,
  T1 91-120, T0 91-120.
- Holes come in streets of 5 with a wider gap between streets.
- The LED chain is wired serpentine over the physical rows (row 0 left to right, row 1
  right to left, ...), so it ends at the bottom left, next to the two game holes, which
  close the chain (T0's game hole, then T1's just above it).
- The encoder and the three buttons sit in a strip below the rows.
"""

from __future__ import annotations

import json
from pathlib import Path

BOARD_JSON = Path(__file__).resolve().parent / "board.json"

HOLES_PER_TRACK = 121
TRACKS = 2
ROW_HOLES = 30
STREET = 5

PITCH_MM = 8  # hole to hole inside a street (5 mm LEDs)
STREET_GAP_MM = 6  # extra space between streets
ROW_PITCH_MM = 12
LEFT_X_MM = 40  # x of the first hole of a left-to-right row
TOP_Y_MM = 30  # y of the top row
GAME_HOLE_OFFSET_MM = 16  # game holes sit this far left of the rows
WIDTH_MM = 340
HEIGHT_MM = 190
CONTROLS_Y_MM = 160
# Byte order the LEDs take their colours in: "GRB" for WS2812B; if red and green come out
# swapped, your LEDs are "RGB" (any order of the three letters is allowed).
COLOUR_ORDER = "GRB"

# (track, first hole) of each physical row, top to bottom; odd "laps" run right to left.
ROWS = [(0, 1), (1, 1), (1, 31), (0, 31), (0, 61), (1, 61), (1, 91), (0, 91)]

PINS = {
    "led_data": 2,
    "encoder_a": 10,  # A and B on consecutive GPIOs so a PIO program can read both with one `in pins, 2`
    "encoder_b": 11,
    "encoder_switch": 12,
    "buttons": {"p1": 13, "p2": 14, "back": 15},
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
}

CONTROLS = {"p1": [60, CONTROLS_Y_MM], "back": [130, CONTROLS_Y_MM], "enc": [170, CONTROLS_Y_MM],
            "p2": [280, CONTROLS_Y_MM]}


def column_x(column: int) -> int:
    """x of the hole in physical column 0..29 (left to right), streets spaced out."""
    return LEFT_X_MM + column * PITCH_MM + (column // STREET) * STREET_GAP_MM


def holes() -> dict[tuple[int, int], tuple[int, int]]:
    """(track, hole) -> (x_mm, y_mm) for every hole."""
    where = {}
    for row, (track, first) in enumerate(ROWS):
        y = TOP_Y_MM + row * ROW_PITCH_MM
        right_to_left = (first - 1) // ROW_HOLES % 2 == 1
        for i in range(ROW_HOLES):
            column = ROW_HOLES - 1 - i if right_to_left else i
            where[(track, first + i)] = (column_x(column), y)
    for track in range(TRACKS):
        # The game hole sits left of the row that ends the track (holes 91-120 run right to left).
        row = ROWS.index((track, 91))
        where[(track, HOLES_PER_TRACK)] = (LEFT_X_MM - GAME_HOLE_OFFSET_MM, TOP_Y_MM + row * ROW_PITCH_MM)
    return where


def chain(where: dict[tuple[int, int], tuple[int, int]]) -> list[tuple[int, int]]:
    """The (track, hole) of each LED in wire order: serpentine over rows, then the game holes."""
    order = []
    for row, (track, first) in enumerate(ROWS):
        row_holes = sorted(range(first, first + ROW_HOLES), key=lambda h: where[(track, h)][0])
        order += [(track, h) for h in (row_holes if row % 2 == 0 else reversed(row_holes))]
    # The serpentine ends at the bottom-left: T0's game hole is beside it, T1's just above.
    order += [(0, HOLES_PER_TRACK), (1, HOLES_PER_TRACK)]
    return order


def board() -> dict:
    """The whole board description, as written to board.json."""
    where = holes()
    return {
        "version": 1,
        "pins": PINS,
        "leds": {"count": TRACKS * HOLES_PER_TRACK, "colour_order": COLOUR_ORDER,
                 "chain": [list(th) for th in chain(where)]},
        "board": {"width_mm": WIDTH_MM, "height_mm": HEIGHT_MM},
        "holes": [[t, h, *where[(t, h)]] for t in range(TRACKS) for h in range(1, HOLES_PER_TRACK + 1)],
        "controls": CONTROLS,
    }


def dumps(data: dict) -> str:
    """JSON with one chain entry / hole per line, so diffs of the file stay readable."""
    lines = ["{"]
    keys = list(data)
    for n, key in enumerate(keys):
        comma = "," if n < len(keys) - 1 else ""
        value = data[key]
        if key == "holes":
            body = ",\n".join("    " + json.dumps(h) for h in value)
            lines.append('  "holes": [\n%s\n  ]%s' % (body, comma))
        elif key == "leds":
            body = ",\n".join("      " + json.dumps(c) for c in value["chain"])
            lines.append('  "leds": {"count": %d, "colour_order": %s, "chain": [\n%s\n  ]}%s'
                         % (value["count"], json.dumps(value["colour_order"]), body, comma))
        else:
            lines.append("  %s: %s%s" % (json.dumps(key), json.dumps(value), comma))
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    BOARD_JSON.write_text(dumps(board()))
    print("wrote", BOARD_JSON)
