"""Generate ``hardware/board.json``, the single source of hardware truth.

Run ``python hardware/scripts/make_board.py`` after changing a dimension or a pin below; the
committed JSON is what the firmware and the simulator read, and a test checks that this
script still reproduces it exactly.

Layout (seen from above, data line entering at the top left):

- Eight rows of 30 holes. Each track goes out and back twice: holes 1-30 left to right,
  31-60 right to left, 61-90 left to right, 91-120 right to left, then its game hole 121
  in a column left of the rows. The two tracks run side by side, track 2 (player 2's)
  inside track 1 (player 1's): rows top to bottom are T1 1-30, T2 1-30, T2 31-60,
  T1 31-60, T1 61-90, T2 61-90, T2 91-120, T1 91-120. (board.json and the code below
  number the tracks from 0: track 1 is 0 there.)
- Holes come in streets of 5 with a wider gap between streets.
- The LED chain is wired serpentine over the physical rows (row 0 left to right, row 1
  right to left, ...), so it ends at the bottom left, next to the two game holes, which
  close the chain (T1's game hole, then T2's just above it).
- The encoder, the three buttons and the display window sit in a strip below the rows.
- The electronics sit under the left edge, between LED 1 (top left, where the data enters)
  and the game holes (bottom left, where the chain ends): the data wire and both power feeds
  stay short.

The build's supply is part of the description (``SUPPLY``): the firmware never lets its
current setting go above the supply's ``supply_ma`` (see power.md for the two variants).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from supply_model import SWITCH_LIMIT_MA, USB_BOARD_MA

from shared.holes import HOLES, ROW, TRACKS
from shared.supply import LEAST_MA, rated_ma

BOARD_JSON = Path(__file__).resolve().parent.parent / "board.json"

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
    # A and B on consecutive GPIOs so a PIO program can read both with one `in pins, 2`; the encoder,
    # its switch and the buttons within 8 consecutive GPIOs: another samples them all in one byte
    "encoder_a": 10,
    "encoder_b": 11,
    "encoder_switch": 12,
    "buttons": {"p1": 13, "p2": 14, "back": 15},
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
}

CONTROLS = {"p1": [60, CONTROLS_Y_MM], "back": [130, CONTROLS_Y_MM], "enc": [170, CONTROLS_Y_MM],
            "p2": [280, CONTROLS_Y_MM]}

# The build's supply: "usb" (everything from the Pico's USB socket, LEDs behind a current-limited
# switch) or "adapter" (a 5 V 2.5 A adapter on a 5.5 x 2.1 mm jack). Change it, regenerate, deploy.
SUPPLY = "usb"
SUPPLIES = {
    # The LEDs' 5 V goes through a PTC fuse (F2) and a TPS2553 switch, U3 (its limit set by R8: SWITCH_LIMIT_MA, from
    # supply_model.py; power.md, "Which supply") that the firmware turns on after boot with `led_power.enable`: 400 mA
    # is the switch's least limit and the Pico's share beside it (``check_supply`` holds it so).
    "usb": {"supply_ma": 400},
    # The 5 V 2.5 A adapter of bom.csv, fused at 3.15 A (time-lag) right after the jack. A smaller
    # adapter: set its current here (the firmware then caps the LEDs at it). Never more than RATED_MA.
    "adapter": {"supply_ma": 2500},
}
# The most each build's parts are rated for (mA): a supply_ma above it is refused. The figures and the
# parts behind them are the firmware's (shared.supply, which refuses a board.json above them too); what
# raising one takes is in power.md, "Which supply".
RATED_MA = {variant: rated_ma(variant) for variant in SUPPLIES}
# The USB build's LED supply switch: EN (high = on, 100 k pull-down keeps it off until the firmware
# says so) and /FAULT (open drain, low while the switch limits current or is too hot).
LED_POWER_PINS = {"enable": 3, "fault": 6}

# What the builder drills and routes (docs, drilling template, BOM; the firmware ignores it).
BLANK_MM = [WIDTH_MM, HEIGHT_MM, 18]  # hardwood blank: width, height, thickness
HOLE_MM = {"led": 5.0, "enc": 7.5, "button": 12.0}  # through the top skin
# Wood left above each underside pocket. A 5 mm LED stands about 7.6 mm above its flange (8.6 mm
# overall, the flange 1 mm): pushed up to its flange it sits about 0.4 mm below the top of an 8 mm
# skin (measure yours first: BUILD.md, section 1); a PEC11R's 7 mm bushing takes a 3 mm skin plus
# washer and nut, and so do 12 mm panel buttons; the power pocket is deep enough for a panel jack.
SKIN_MM = {"leds": 8, "controls": 3, "power": 4}
# Underside pockets [x0, y0, x1, y1] (as seen from above); they overlap where wires pass between them. The power
# pocket runs from the left edge under the band between the LED and controls pockets, past the player 1 button: the
# adapter build's power entry takes all of it (pocket_layout.places lays each part out, and a test checks that they
# fit).
POCKETS = {"leds": [4, 4, 310, 122], "power": [4, 120, 120, 184], "controls": [44, 142, 300, 178]}
# Where the parts sit [x0, y0, x1, y1]: the shifter above LED 1, the Pico below it (USB end down), and the
# controls' RC filters (control_filters.py) on their perfboard right above the Pico's end that has the
# controls' pins (pins 14-20, GP10-GP15, on the edge nearest the board's left edge). The power entry's parts,
# between the game holes and the bottom edge: pocket_layout.places, from these and the parts' sizes.
PARTS = {"shifter": [40, 4, 62, 21], "controls_filter": [8, 12, 32, 32], "pico": [8, 36, 29, 87]}
# y of the panel USB socket and the DC jack in the left edge: the socket's ears (pocket_layout.J2_MM) clear of the LED
# pocket's edge, where the feeds pass over it to the star point.
EDGE_LEFT_Y = {"usb": 138, "jack": 166}
DISPLAY_WINDOW = {"centre": [225, CONTROLS_Y_MM], "size": [24, 13]}  # SSD1306 0.96": 21.7 x 10.9 active


def column_x(column: int) -> int:
    """x of the hole in physical column 0..29 (left to right), streets spaced out."""
    return LEFT_X_MM + column * PITCH_MM + (column // STREET) * STREET_GAP_MM


def holes() -> dict[tuple[int, int], tuple[int, int]]:
    """(track, hole) -> (x_mm, y_mm) for every hole."""
    where = {}
    for row, (track, first) in enumerate(ROWS):
        y = TOP_Y_MM + row * ROW_PITCH_MM
        right_to_left = (first - 1) // ROW % 2 == 1
        for i in range(ROW):
            column = ROW - 1 - i if right_to_left else i
            where[(track, first + i)] = (column_x(column), y)
    for track in range(TRACKS):
        # The game hole sits left of the row that ends the track (holes 91-120 run right to left).
        row = ROWS.index((track, 91))
        where[(track, HOLES)] = (LEFT_X_MM - GAME_HOLE_OFFSET_MM, TOP_Y_MM + row * ROW_PITCH_MM)
    return where


def chain(where: dict[tuple[int, int], tuple[int, int]]) -> list[tuple[int, int]]:
    """The (track, hole) of each LED in wire order: serpentine over rows, then the game holes."""
    order = []
    for row, (track, first) in enumerate(ROWS):
        row_holes = sorted(range(first, first + ROW), key=lambda h: where[(track, h)][0])
        order += [(track, h) for h in (row_holes if row % 2 == 0 else reversed(row_holes))]
    # The serpentine ends at the bottom-left: T0's game hole is beside it, T1's just above.
    order += [(0, HOLES), (1, HOLES)]
    return order


def check_supply(variant: str, supply: dict) -> None:
    """Refuse a supply the build's parts are not rated for (ValueError saying what to do instead)."""
    if variant not in RATED_MA:
        raise ValueError(f"SUPPLY is 'usb' or 'adapter', not {variant!r}")
    milliamps, rated = supply.get("supply_ma"), RATED_MA[variant]
    if type(milliamps) is not int or milliamps < LEAST_MA:
        raise ValueError(f"SUPPLIES[{variant!r}]['supply_ma'] is {milliamps!r}: a whole number of mA from "
                         f"{LEAST_MA} (the board with every LED dark draws about 290 mA) to {rated}")
    if variant == "usb" and rated > SWITCH_LIMIT_MA[0] + USB_BOARD_MA:
        raise ValueError(f"USB_MA in firmware/shared/supply.py is {rated} mA, above U3's least current limit "
                         f"({SWITCH_LIMIT_MA[0]} mA, R8) and the Pico's {USB_BOARD_MA} mA beside it: a capped frame "
                         "would make U3 limit")
    if milliamps > rated:
        raise ValueError(
            f"SUPPLIES[{variant!r}]['supply_ma'] is {milliamps} mA, above the {rated} mA the {variant} build's "
            "parts are rated for" + (
                f" (the LED switch U3's current limit, {SWITCH_LIMIT_MA[0]} to {SWITCH_LIMIT_MA[1]} mA by R8, and "
                "USB 2.0)"
                if variant == "usb" else
                ": the fuse F1 (T3.15A), the jack J1, the fuse holder XF1, the bus wires W1 and W2 and the adapter "
                "PS1") + ". Set it at most to that; to go higher, re-rate those parts first (power.md, "
            f"'Which supply'), then {variant.upper()}_MA in firmware/shared/supply.py.")


def board() -> dict:
    """The whole board description, as written to board.json (a supply its parts are not rated for is
    refused: ``check_supply``)."""
    check_supply(SUPPLY, SUPPLIES.get(SUPPLY, {}))
    where = holes()
    pins = dict(PINS, led_power=LED_POWER_PINS) if SUPPLY == "usb" else PINS
    return {
        "version": 1,
        "pins": pins,
        "leds": {"count": TRACKS * HOLES, "colour_order": COLOUR_ORDER,
                 "chain": [list(th) for th in chain(where)]},
        "board": {"width_mm": WIDTH_MM, "height_mm": HEIGHT_MM},
        "holes": [[t, h, *where[(t, h)]] for t in range(TRACKS) for h in range(1, HOLES + 1)],
        "controls": CONTROLS,
        "supply": {"variant": SUPPLY, **SUPPLIES[SUPPLY]},
        "build": {"blank_mm": BLANK_MM, "hole_mm": HOLE_MM, "skin_mm": SKIN_MM, "display": DISPLAY_WINDOW,
                  "pockets": POCKETS, "parts": PARTS, "edge_left_y": EDGE_LEFT_Y},
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
    argparse.ArgumentParser(
        description="Write hardware/board.json, the one description of the hardware.").parse_args()
    try:
        description = board()
    except ValueError as error:
        raise SystemExit(f"make_board.py: {error}") from None
    BOARD_JSON.write_text(dumps(description))
    print("wrote", BOARD_JSON)
