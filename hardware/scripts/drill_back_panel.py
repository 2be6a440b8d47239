"""The back panel (X2): where its holes go (the screws only over solid wood or a screw block, ``panel_screws``; the
Pico's M2 holes, ``pico_holes``; the hole to reach its BOOTSEL button, ``bootsel_hole``), and its view as seen from
below, 1:1 (``back_panel_view``).
"""

from __future__ import annotations

import math

from bom import COUNTERSINK_MM, PANEL_SCREWS, PICO_SPACER_MM
from drill_outline import mirrored_outline
from drill_shapes import Circle, Line, Rect, Text, View
from drill_sheet import framed
from drill_top_view import JACK_MARKING
from pocket_layout import SCREW_CLEARANCE_MM, screw_blocks

# The back panel (X2). The Pico (U1) hangs on it on M2 spacers (X3, bom.PICO_SPACER_MM), button side
# towards the panel, so that a hole in the panel reaches its BOOTSEL button. The panel opens like a book's
# cover about the blank's left edge, the Pico's wires into the blank long enough for that
# (wire_lengths.SERVICE_LOOP_MM).
PICO_HOLES_MM = (11.4, 47.0)  # the Pico's mounting holes (datasheet): across x along, centred on the Pico
PICO_PANEL_HOLE_MM = 2.2  # M2 clearance (the Pico's own holes are 2.1 mm)
# Approximate (no drawing gives it): check it against the Pico in hand. Off the long axis towards the
# edge of pin 1 (GP0).
BOOTSEL_FROM_USB_END_MM = 12
BOOTSEL_OFF_AXIS_MM = 2.5
BOOTSEL_HOLE_MM = 6  # room for a blunt pin, and for the button's place being approximate
PANEL_SCREW_HOLE_MM = 3.5  # clearance for a 3 mm wood screw


def pocket_clearance(x: float, y: float, build: dict) -> float:
    """Distance from (x, y) to the nearest pocket's edge, negative inside a pocket (board mm)."""
    nearest = math.inf
    for x0, y0, x1, y1 in build["pockets"].values():
        dx, dy = max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)
        inside = -min(x - x0, x1 - x, y - y0, y1 - y)
        nearest = min(nearest, math.hypot(dx, dy) if dx or dy else inside)
    return nearest


def edge_clearance(x: float, y: float, build: dict) -> float:
    """Distance from (x, y) to the nearest edge of the board (board mm)."""
    width, height, _ = build["blank_mm"]
    return min(x, y, width - x, height - y)


def solid_clearance(x: float, y: float, board: dict) -> float:
    """Wood round (x, y) for a screw (board mm): its distance to the nearest pocket's edge, or inside a screw block
    (X14), to the block's nearest edge."""
    inside = [min(x - x0, x1 - x, y - y0, y1 - y) for x0, y0, x1, y1 in screw_blocks(board)
              if x0 <= x <= x1 and y0 <= y <= y1]
    return max([pocket_clearance(x, y, board["build"]), *inside])


def panel_screws(board: dict) -> list[tuple[float, float]]:
    """Where the back panel's screws go, in board mm as seen from above. Only solid wood takes a
    screw: the pockets leave a 4 mm rim along the top and left edges and 6 mm along the bottom, too
    thin. Solid wood is the margin right of every pocket and the band between the LED and the
    controls pockets, right of the power pocket: a column of screws down the first, a row along the
    second, each at the middle so it keeps the most wood round it. On the left, where the pockets
    leave none, a screw at the centre of each screw block (X14)."""
    build = board["build"]
    width, height, _ = build["blank_mm"]
    pockets = build["pockets"]
    column_x = (max(p[2] for p in pockets.values()) + width) / 2
    inset = width - column_x  # as far from the top and bottom edges as from the right one
    band_top, band_bottom = pockets["leds"][3], pockets["controls"][1]
    band_y = (band_top + band_bottom) / 2
    band_x0 = pockets["power"][2] + (band_bottom - band_top) / 2  # as far from the power pocket
    column = [inset, (inset + band_y) / 2, band_y, height - inset]
    left = PANEL_SCREWS - len(column)
    band = [band_x0 + i * (column_x - band_x0) / left for i in range(left)]
    # Whole millimetres: easier to mark out with a rule.
    screws = [(column_x, float(round(y))) for y in column] + [(float(round(x)), band_y) for x in band]
    screws += [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in screw_blocks(board)]
    worst = min(solid_clearance(x, y, board) for x, y in screws)
    if worst < SCREW_CLEARANCE_MM:  # the pockets changed: place the screws again
        raise ValueError(f"a back panel screw is only {worst:g} mm from a pocket's or a block's edge")
    return screws


def pico_holes(build: dict) -> list[tuple[float, float]]:
    """The Pico's four mounting holes, board mm as seen from above, centred on its place."""
    x0, y0, x1, y1 = build["parts"]["pico"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    across, along = PICO_HOLES_MM
    return [(cx + i * across / 2, cy + j * along / 2) for j in (-1, 1) for i in (-1, 1)]


def bootsel_hole(build: dict) -> tuple[float, float]:
    """The BOOTSEL hole's centre, board mm as seen from above. The Pico's USB end is at the bottom
    of its place (y1); its button side faces the panel, so seen from below the Pico lies the other
    way up from its pinout drawing: pin 1's edge is on the right there, on the left from above."""
    x0, _, x1, y1 = build["parts"]["pico"]
    return (x0 + x1) / 2 - BOOTSEL_OFF_AXIS_MM, y1 - BOOTSEL_FROM_USB_END_MM


def back_panel_holes(board: dict) -> list[Circle]:
    """Every hole through the back panel, board mm as seen from above (mirror them to drill)."""
    build = board["build"]
    out = [Circle(x, y, PANEL_SCREW_HOLE_MM, "screw", cross=True) for x, y in panel_screws(board)]
    out += [Circle(x, y, PICO_PANEL_HOLE_MM, "pico_hole", cross=True) for x, y in pico_holes(build)]
    return [*out, Circle(*bootsel_hole(build), BOOTSEL_HOLE_MM, "bootsel", cross=True)]


def back_panel_view(board: dict) -> View:
    """The back panel's outside face, as the maker drills it (mirrored left to right like the
    underside view): screw holes with their countersinks, the Pico's holes, the BOOTSEL hole, and
    the pockets and the Pico dashed for reference."""
    build = board["build"]
    width, height, _ = build["blank_mm"]

    def mx(x: float) -> float:
        return width - x

    out = mirrored_outline(build, lambda name: [f"{name} pocket", "(in the blank)"])
    px0, py0, px1, py1 = build["parts"]["pico"]
    out.append(Rect(mx(px1), py0, mx(px0), py1, "part", dashed=True))
    out.append(Text(mx(px1) - 2, py0 + 4, "Pico, button side", 2.2, "end", "part"))
    out.append(Text(mx(px1) - 2, py0 + 7, "to the panel", 2.2, "end", "part"))
    out.append(Text(mx((px0 + px1) / 2), py1 + 3.5, "USB end", 2.2, "middle", "part"))
    for x0, y0, x1, y1 in screw_blocks(board):  # what the screw on the left goes into
        out.append(Rect(mx(x1), y0, mx(x0), y1, "part", dashed=True))
        out.append(Text(mx((x0 + x1) / 2), y1 + 3, "screw block X14", 2.2, "middle", "part"))
    holes = back_panel_holes(board)
    for hole in holes:
        out.append(Circle(mx(hole.x), hole.y, hole.d, hole.layer, hole.cross))
        if hole.layer == "screw":
            out.append(Circle(mx(hole.x), hole.y, COUNTERSINK_MM, "countersink"))
    bx, by = bootsel_hole(build)
    out.append(Text(mx(px1) - 2, by - 1, f"BOOTSEL {BOOTSEL_HOLE_MM:g} mm:", 2.2, "end", "bootsel"))
    out.append(Text(mx(px1) - 2, by + 2, f"{BOOTSEL_FROM_USB_END_MM:g} mm from the USB end,", 2.2, "end", "bootsel"))
    out.append(Text(mx(px1) - 2, by + 5, f"{BOOTSEL_OFF_AXIS_MM:g} mm off the centre line", 2.2, "end", "bootsel"))
    out.append(Text(mx(px1) - 2, py1 - 3, f"M2: {PICO_PANEL_HOLE_MM:g} mm", 2.2, "end", "pico_hole"))
    jack_y = build["edge_left_y"]["jack"]  # the DC jack, in the blank's left edge: this view's right edge
    out.append(Line(mx(0) - 6, jack_y, mx(0) + 3, jack_y, "marking", 0.6))
    for i, words in enumerate((f"J1, the DC jack (adapter build), in the edge here: {JACK_MARKING}",
                               "write or burn this on the panel's edge and on the board's edge beside J1")):
        out.append(Text(mx(0) - 7, jack_y + 1 + 3.2 * i, words, 2.6 if i == 0 else 2.2, "end", "marking"))
    screws = [(hole.x, hole.y) for hole in holes if hole.layer == "screw"]
    pocket = min(solid_clearance(x, y, board) for x, y in screws)
    edge = min(edge_clearance(x, y, build) for x, y in screws)
    notes = [
        f"BACK PANEL, 1:1, seen from below (its outside face; mirrored like the underside). "
        f"{width} x {height} mm, 3 mm plywood. Drill at every centre cross.",
        f"{len(screws)} screw holes {PANEL_SCREW_HOLE_MM:g} mm, countersunk to {COUNTERSINK_MM:g} mm, only over "
        f"solid wood or a screw block: at least {pocket:g} mm from every pocket's or block's edge, {edge:g} mm from "
        "the board's edges (the rims are too thin).",
        f"Pico: 4 holes {PICO_PANEL_HOLE_MM:g} mm for M2 on {PICO_SPACER_MM} mm spacers; "
        f"BOOTSEL hole {BOOTSEL_HOLE_MM:g} mm, approximate: check it against your Pico before drilling.",
    ]
    return framed("Back panel, seen from below (board.json)", width, height, out, notes)
