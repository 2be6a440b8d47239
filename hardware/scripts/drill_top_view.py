"""The drilling template's top view, 1:1 (``top_view``): every hole at its drill size, the display window, the
left edge's holes and the pockets dashed; and the features cut from the top, for the DXF (``top_view_board_shapes``).
"""

from __future__ import annotations

from drill_shapes import Circle, Line, Rect, Shape, Text, View
from drill_sheet import framed

JACK_HOLE_MM = 12  # a typical 5.5 x 2.1 mm panel DC jack's thread; jacks differ: their datasheet rules
# What J1, the adapter build's DC jack, must carry beside it: a 9 or 12 V plug fits the same jack.
JACK_MARKING = "5 V ONLY, centre +"


def track_label(track: int) -> str:
    """Tracks as people count them: from 1."""
    return f"track {track + 1}"


def top_view(board: dict) -> View:
    """The top face, 1:1: holes at their drill sizes, pockets (from below) dashed."""
    build = board["build"]
    width, height, thickness = build["blank_mm"]
    holes = build["hole_mm"]
    out: list[Shape] = [Rect(0, 0, width, height, "outline")]
    for name, (x0, y0, x1, y1) in build["pockets"].items():
        depth = thickness - build["skin_mm"][name]
        out.append(Rect(x0, y0, x1, y1, "pocket", dashed=True))
        out.append(Text(x1 - 1, y1 - 1.5, f"{name} pocket from below: {depth} mm deep, "
                                          f"{build['skin_mm'][name]} mm skin", 2.2, "end", "pocket"))
    for _, hole, x, y in board["holes"]:
        out.append(Circle(x, y, holes["led"], "led", cross=True))
        if hole % 5 == 0 or hole in (1, 121):
            out.append(Text(x, y - 3.6, str(hole), 2.0, "middle"))
    for name, (x, y) in sorted(board["controls"].items()):
        size = holes["enc" if name == "enc" else "button"]
        label = "encoder" if name == "enc" else {"p1": "player 1", "p2": "player 2", "back": "back"}[name]
        out.append(Circle(x, y, size, "control", cross=True))
        out.append(Text(x, y + size / 2 + 4, f"{label}: {size:g} mm", 2.6, "middle"))
    (cx, cy), (w, h) = build["display"]["centre"], build["display"]["size"]
    out.append(Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, "display"))
    out.append(Text(cx, cy + h / 2 + 4, f"display window {w} x {h} mm", 2.6, "middle"))
    above = edge_hole_height(build)
    for name, y in build["edge_left_y"].items():
        what = (["USB panel socket (both builds) in the edge,"] if name == "usb" else
                ["DC jack (adapter build) in the edge:", f"{JACK_HOLE_MM:g} mm hole (check its datasheet),",
                 f"marked beside it: {JACK_MARKING};"])
        out.append(Line(-4, y, 3, y, "part", 0.6))
        for i, words in enumerate([*what, f"centre {above:g} mm above the underside"]):
            out.append(Text(4, y + 1 + 3 * i, words, 2.2))
    tracks = sorted({t for t, _, _, _ in board["holes"]})
    for track in tracks:  # name each track at its hole 1
        x, y = next((x, y) for t, h, x, y in board["holes"] if (t, h) == (track, 1))
        out.append(Text(x - 5, y + 1, f"{track_label(track)} ->", 2.4, "end"))
    notes = [
        f"TOP, 1:1. Blank {width} x {height} x {thickness} mm. Holes: LEDs {holes['led']:g} mm, encoder "
        f"{holes['enc']:g} mm, buttons {holes['button']:g} mm; drill through from the top (centre cross).",
        "Pockets (dashed) are routed from below, leaving the skin shown: an LED pushed up to its flange "
        "sits just under the top; the encoder's 7 mm bushing and the buttons need the thin skin.",
    ]
    return framed("Drilling template, top (board.json)", width, height, out, notes)


def edge_hole_height(build: dict) -> float:
    """Height of the left edge's holes above the underside: the middle of the power pocket they open
    into, so the socket's and the jack's nuts have room all round."""
    return (build["blank_mm"][2] - build["skin_mm"]["power"]) / 2


def top_view_board_shapes(board: dict) -> list[Shape]:
    """The cut features of the top view in board mm (holes, window, outline), for the DXF."""
    build = board["build"]
    width, height, _ = build["blank_mm"]
    out: list[Shape] = [Rect(0, 0, width, height, "outline")]
    out += [Circle(x, y, build["hole_mm"]["led"], "led") for _, _, x, y in board["holes"]]
    for name, (x, y) in sorted(board["controls"].items()):
        out.append(Circle(x, y, build["hole_mm"]["enc" if name == "enc" else "button"], "control"))
    (cx, cy), (w, h) = build["display"]["centre"], build["display"]["size"]
    out.append(Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, "display"))
    return out
