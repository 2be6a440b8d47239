"""Draw the 1:1 drilling template from ``hardware/board.json``, in millimetres.

Run ``python hardware/drill_template.py`` after changing board.json. It writes

- ``drill-template.svg``: the top of the board, 1:1 (open it in a browser or Inkscape and
  print at 100 %, or use the PDFs): every hole at its size, the display window, the
  underside pockets dashed with their depths, a 100 mm scale bar;
- ``drill-underside.svg``: the underside, mirrored (as you see it with the board face
  down): the pockets, the Pico and every part and piece of perfboard where it lies, the bus wires,
  their feeds and the power entry's wires, and every LED with its leads in the order they must
  face (the rows run both ways);
- ``back-panel.svg``: the back panel (X2) as seen from below, 1:1, the face the maker drills:
  its screw holes (only where the blank is solid wood, or over the screw block X14), the Pico's four M2 holes, the
  hole to reach its BOOTSEL button, and the pockets dashed for reference;
- ``drill-template-a4.pdf`` and ``drill-template-a3.pdf``: the three views tiled on A4 or A3
  sheets, with + marks to line the sheets up and a scale bar on each sheet;
- ``drill-template.dxf``: the top view for a CNC router or laser, one layer per kind of
  feature (holes by size, display window, pockets by depth, the outline); each pocket twice, as
  seen from the top and mirrored for cutting from below; and the back panel's holes and outline,
  mirrored the same way (layers ``BACK_PANEL_..._SEEN_FROM_BELOW``).

Tests regenerate every file and compare it with the committed one, and find a hole on each
(SVG, PDF and DXF) at the position board.json gives.
"""

from __future__ import annotations

import argparse
import datetime
import io
import itertools
import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from xml.sax.saxutils import escape

import ezdxf
from bom import COUNTERSINK_MM, PANEL_SCREWS, PICO_SPACER_MM
from fpdf import FPDF
from pocket_layout import SCREW_CLEARANCE_MM, bodies, places, power_runs, screw_blocks

HERE = Path(__file__).resolve().parent
BOARD_JSON = HERE / "board.json"
TOP_SVG = HERE / "drill-template.svg"
UNDERSIDE_SVG = HERE / "drill-underside.svg"
BACK_SVG = HERE / "back-panel.svg"
DXF = HERE / "drill-template.dxf"
PAPERS = {"a4": (210, 297), "a3": (297, 420)}  # portrait width, height in mm
PDFS = {paper: HERE / f"drill-template-{paper}.pdf" for paper in PAPERS}

MARGIN_MM = 16  # around the board, for labels
FOOTER_MM = 34  # below the board: notes and the scale bar
SCALE_BAR_MM = 100
MARK_GRID_MM = 50  # + marks to line up tiled sheets, on this grid of the drawing
PAGE_MARGIN_MM = 8  # printers leave a few mm unprinted
PAGE_FOOTER_MM = 14  # each sheet's label and scale bar
OVERLAP_MM = 12  # tiled sheets overlap by this much, + marks included
JACK_HOLE_MM = 12  # a typical 5.5 x 2.1 mm panel DC jack's thread; jacks differ: their datasheet rules
FIXED_DATE = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)  # no timestamps: stable files
LEAD_PITCH_MM = 1.6  # drawn spacing of an LED's four leads (not to scale: the real ones are ~1.3 mm)
# Lead order of the 5 mm WS2812D-F5 (and the PL9823): data in, +5 V, ground, data out.
LEADS = (("DIN", "#2ca02c"), ("+5V", "#d62728"), ("GND", "#222222"), ("DOUT", "#1f77b4"))
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
COLOURS = {"outline": "#8b5a2b", "led": "#d62728", "control": "#1f4fb4", "display": "#1f4fb4",
           "pocket": "#777777", "part": "#2ca02c", "piece": "#8c564b", "room": "#e377c2", "mark": "#000000",
           "text": "#000000", "bus": "#d62728",
           "ground": "#222222", "bus_dot": "#d62728", "ground_dot": "#222222", "data": "#2ca02c", "screw": "#1f4fb4",
           "countersink": "#9db3e0",
           "pico_hole": "#d62728", "bootsel": "#2ca02c", "marking": "#d62728"}
# What J1, the adapter build's DC jack, must carry beside it: a 9 or 12 V plug fits the same jack.
JACK_MARKING = "5 V ONLY, centre +"


@dataclass(frozen=True)
class Circle:
    """A hole (or a lead): centre and diameter in mm."""
    x: float
    y: float
    d: float
    layer: str
    cross: bool = False  # a centre cross, to put the drill's point on


@dataclass(frozen=True)
class Rect:
    """A rectangle (pocket, part, window) from corner to corner, in mm."""
    x0: float
    y0: float
    x1: float
    y1: float
    layer: str
    dashed: bool = False


@dataclass(frozen=True)
class Line:
    """A straight line (a wire, a scale bar tick, an arrow stroke)."""
    x0: float
    y0: float
    x1: float
    y1: float
    layer: str
    width: float = 0.3
    of: str = ""  # a leader's label (its text): the one label this line may touch


@dataclass(frozen=True)
class Text:
    """A label; ``anchor`` is "start", "middle" or "end"; size in mm (cap height about 0.7 x)."""
    x: float
    y: float
    text: str
    size: float = 3.0
    anchor: str = "start"
    layer: str = "text"


Shape = Circle | Rect | Line | Text


@dataclass(frozen=True)
class View:
    """One drawing: its shapes in drawing mm (board origin at ``MARGIN_MM``), its size and title."""
    title: str
    width: float
    height: float
    shapes: list[Shape]


def track_label(track: int) -> str:
    """Tracks as people count them: from 1."""
    return f"track {track + 1}"


def rows(board: dict) -> list[tuple[float, list[tuple[int, int]]]]:
    """The chain cut where it changes row: (y, [(track, hole) in wire order]) for each stretch
    (the eight rows of 30, then each game hole on its own)."""
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    out: list[tuple[float, list[tuple[int, int]]]] = []
    for pair in board["leds"]["chain"]:
        y = where[tuple(pair)][1]
        if not out or out[-1][0] != y:
            out.append((y, []))
        out[-1][1].append(tuple(pair))
    return out


def shift(shapes: list[Shape], dx: float, dy: float) -> list[Shape]:
    """``shapes`` moved by (dx, dy)."""
    moved: list[Shape] = []
    for s in shapes:
        if isinstance(s, Circle | Text):
            moved.append(type(s)(**{**s.__dict__, "x": s.x + dx, "y": s.y + dy}))
        else:
            moved.append(type(s)(**{**s.__dict__, "x0": s.x0 + dx, "y0": s.y0 + dy, "x1": s.x1 + dx,
                                    "y1": s.y1 + dy}))
    return moved


# A label's room as the drawings estimate it, in font sizes: a character's width (a sans-serif's widest average,
# generous), the height above the baseline (capitals and ascenders) and below it (descenders).
CHAR_WIDTH = 0.6
ASCENT = 0.75
DESCENT = 0.25
LABEL_GAP_MM = 0.5  # labels placed by ``first_clear`` keep this far from every line and from each other,
MARK_GAP_MM = 1.2  # and this far from the sheets' + marks (a thin stroke beside a letter reads as one)


def text_box(t: Text) -> tuple[float, float, float, float]:
    """The room ``t`` takes (x0, y0, x1, y1), estimated from its size and its number of characters."""
    w = CHAR_WIDTH * t.size * len(t.text)
    x0 = t.x - {"start": 0, "middle": w / 2, "end": w}[t.anchor]
    return x0, t.y - ASCENT * t.size, x0 + w, t.y + DESCENT * t.size


def segment_meets(box: tuple[float, float, float, float], x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the segment from (x0, y0) to (x1, y1) touches the box (clipped as Liang and Barsky do)."""
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return low <= high


def strokes(s: Shape) -> list[tuple[float, float, float, float, float]]:
    """The straight strokes ``s`` is drawn with: (x0, y0, x1, y1, width); a circle gives its centre cross's."""
    if isinstance(s, Line):
        return [(s.x0, s.y0, s.x1, s.y1, s.width)]
    if isinstance(s, Rect):
        corners = [(s.x0, s.y0), (s.x1, s.y0), (s.x1, s.y1), (s.x0, s.y1)]
        return [(*a, *b, 0.35) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)]
    if isinstance(s, Circle) and s.cross:
        a = s.d / 2 + 1
        return [(s.x - a, s.y, s.x + a, s.y, 0.15), (s.x, s.y - a, s.x, s.y + a, 0.15)]
    return []


def crosses(box: tuple[float, float, float, float], s: Shape, gap: float = 0) -> bool:
    """Whether anything drawn of ``s`` (a line, a rectangle's edges, a circle as a disc, another label's room) comes
    within ``gap`` of ``box``. (``first_clear`` knows no leaders: a leader's label is placed first, then its line.)"""
    x0, y0, x1, y1 = box
    if isinstance(s, Text):
        a0, b0, a1, b1 = text_box(s)
        return a0 < x1 + gap and x0 < a1 + gap and b0 < y1 + gap and y0 < b1 + gap
    if isinstance(s, Circle):
        r = s.d / 2 + 0.125 + gap
        nx, ny = min(max(s.x, x0), x1), min(max(s.y, y0), y1)
        if (nx - s.x) ** 2 + (ny - s.y) ** 2 <= r * r:
            return True
    return any(segment_meets((x0 - w / 2 - gap, y0 - w / 2 - gap, x1 + w / 2 + gap, y1 + w / 2 + gap), *ends)
               for *ends, w in strokes(s))


def extent(s: Shape) -> tuple[float, float, float, float]:
    """A box round everything drawn of ``s`` (strokes included)."""
    if isinstance(s, Text):
        return text_box(s)
    if isinstance(s, Circle):
        r = s.d / 2 + (1.1 if s.cross else 0.125)
        return s.x - r, s.y - r, s.x + r, s.y + r
    w = s.width / 2 if isinstance(s, Line) else 0.175
    return min(s.x0, s.x1) - w, min(s.y0, s.y1) - w, max(s.x0, s.x1) + w, max(s.y0, s.y1) + w


def first_clear(options: Iterable[list[Text]], drawn: Sequence[Shape],
                within: tuple[float, float, float, float] | None = None) -> list[Text]:
    """The first of ``options`` (each a label's lines, in order of preference) that no shape in ``drawn`` comes within
    LABEL_GAP_MM of (a + mark within MARK_GAP_MM; all of the options lying ``within`` that box, if given); the first
    option if none is clear."""
    if within is None:
        options = list(options)
        boxes = [text_box(t) for texts in options for t in texts]
        within = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                  max(b[3] for b in boxes))
    near = [(extent(s), s, MARK_GAP_MM if s.layer == "mark" else LABEL_GAP_MM) for s in drawn
            if crosses(within, s, MARK_GAP_MM)]  # the few that can matter, with their gaps
    first = None
    for texts in options:
        first = first or texts
        if all(not (e[0] < b[2] + g and b[0] < e[2] + g and e[1] < b[3] + g and b[1] < e[3] + g and crosses(b, s, g))
               for b in map(text_box, texts) for e, s, g in near):
            return texts
    assert first is not None, "no options"
    return first


def nearest_first(low_x: float, high_x: float, low_y: float, high_y: float,
                  step: float = 0.25) -> list[tuple[float, float]]:
    """Offsets from ``low_x`` to ``high_x`` across and ``low_y`` to ``high_y`` down (ranges that hold 0, or not), on
    a ``step`` grid through 0, the smallest first."""
    xs = [i * step for i in range(math.ceil(low_x / step - 1e-9), math.floor(high_x / step + 1e-9) + 1)]
    ys = [j * step for j in range(math.ceil(low_y / step - 1e-9), math.floor(high_y / step + 1e-9) + 1)]
    return sorted(((x, y) for x in xs for y in ys), key=lambda o: (math.hypot(*o), o))


def scale_bar(x: float, y: float) -> list[Shape]:
    """A 100 mm bar with 10 mm ticks, to check the print's scale with a ruler."""
    out: list[Shape] = [Line(x, y, x + SCALE_BAR_MM, y, "mark", 0.4)]
    for i in range(0, SCALE_BAR_MM + 1, 10):
        tall = 3 if i % 50 == 0 else 1.5
        out.append(Line(x + i, y, x + i, y - tall, "mark", 0.3))
    out.append(Text(x + SCALE_BAR_MM + 3, y, f"{SCALE_BAR_MM} mm: measure it before you drill", 2.8))
    return out


def alignment_marks(width: float, height: float) -> list[Shape]:
    """+ marks on a grid over the whole drawing: tiled sheets line up on them."""
    out: list[Shape] = []
    for x in range(MARK_GRID_MM, int(width), MARK_GRID_MM):
        for y in range(MARK_GRID_MM, int(height), MARK_GRID_MM):
            out += [Line(x - 3, y, x + 3, y, "mark", 0.2), Line(x, y - 3, x, y + 3, "mark", 0.2)]
    return out


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


def lead_shapes(x: float, y: float, direction: int) -> list[Circle]:
    """An LED's four leads in a line along its row, data in facing the previous LED."""
    return [Circle(x + direction * (i - 1.5) * LEAD_PITCH_MM, y, 0.9, f"lead{i}") for i in range(4)]


def mirrored_outline(build: dict, label: Callable[[str], list[str]]) -> list[Shape]:
    """The blank's outline and its pockets dashed, mirrored left to right (as seen from below),
    each pocket named by ``label(name)``, a line each, in its corner LABEL_CORNER gives
    (or under it)."""
    width, height, _ = build["blank_mm"]
    out: list[Shape] = [Rect(0, 0, width, height, "outline")]
    for name, (x0, y0, x1, y1) in build["pockets"].items():
        out.append(Rect(width - x1, y0, width - x0, y1, "pocket", dashed=True))
        lines = label(name)
        corner = LABEL_CORNER[name]
        if corner == "below":  # on one line under the pocket, in the rim: its corners hold parts
            lines, first = [" ".join(lines)], y1 + 4.7
        else:
            first = y0 + 3.5 if corner == "top" else y1 - 1.5 - 2.8 * (len(lines) - 1)
        out += [Text(width - x1 + 1, first + 2.8 * i, line, 2.2, "start", "pocket") for i, line in enumerate(lines)]
    return out


def pocket_lines(outline: list[Shape]) -> list[list[Text]]:
    """The pockets' names in ``mirrored_outline``'s shapes, each pocket's lines together (they share their x, at
    the pocket's left edge)."""
    named: dict[float, list[Text]] = {}
    for t in outline:
        if isinstance(t, Text):
            named.setdefault(t.x, []).append(t)
    return list(named.values())


# Where each pocket is named, as seen from below: at the left (the power feeds run up the LED pocket's right), at the
# top for the LED pocket (its last row's GND wire runs along its bottom), at the bottom for the controls', under the
# power pocket, whose parts fill its bottom corners.
LABEL_CORNER = {"leds": "top", "controls": "bottom", "power": "below"}
BUS_OFFSET_MM = 3  # the +5 V wire this far above a row's LEDs, the GND wire as far below
BUS_END_MM = 3  # how far a row's bus goes past its end LED's centre
BUS_TURN_MM = 2  # the +5 V wire's turn this much further out than the GND wire's (they cross once there)
# The feeds' wires this much beyond the turns, apart from each other wherever they run side by side, and below the last
# row's bus: a power wire's room (pocket_layout.POWER_WIRE_MM), and lines far enough apart to read.
FEED_GAP_MM = 2.5
JUNCTION_MM = 1.2  # a dot where a feed joins the bus


def bus_shapes(board: dict, stretches: list[tuple[float, list[tuple[int, int]]]]) \
        -> tuple[list[Shape], list[dict[str, tuple[float, float]]]]:
    """The +5 V and GND bus as BUILD.md's stage 3 wires it: one pair of wires along each stretch of
    the chain, turning into the next stretch at the end where the chain turns (alternating ends), the
    +5 V wire's turn outside the GND wire's, so that they cross once, in their insulation. Also where
    the two feeds join it (underside view, mirrored), by layer: LED 1's, at the first stretch's start,
    and the last LED's, at the corners of the last turn that a feed from below and outside reaches
    without crossing the other wire (the +5 V turn's outer corner, the GND turn's lower one)."""
    width = board["build"]["blank_mm"][0]
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    spans = []
    for y, row in stretches:
        xs = [width - where[p][0] for p in row]
        spans.append([min(xs) - BUS_END_MM, max(xs) + BUS_END_MM, y])
    out: list[Shape] = []
    last: dict[str, tuple[float, float]] = {}
    for i in range(len(stretches) - 1):
        row = stretches[i][1]
        here, there = spans[i], spans[i + 1]
        turn = width - where[row[-1]][0]  # the stretch's last LED: the chain turns there
        right = turn > (here[0] + here[1]) / 2 or len(row) == 1
        x = max(here[1], there[1]) if right else min(here[0], there[0])
        out_x = x + BUS_TURN_MM if right else x - BUS_TURN_MM
        if right:
            here[1] = there[1] = x
        else:
            here[0] = there[0] = x
        for offset, layer, lx in ((-BUS_OFFSET_MM, "bus", out_x), (BUS_OFFSET_MM, "ground", x)):
            out.append(Line(lx, here[2] + offset, lx, there[2] + offset, layer, 0.5))
            out.append(Line(x, here[2] + offset, lx, here[2] + offset, layer, 0.5))
            out.append(Line(x, there[2] + offset, lx, there[2] + offset, layer, 0.5))
        last = {"bus": (out_x, min(here[2], there[2]) - BUS_OFFSET_MM),
                "ground": (x, max(here[2], there[2]) + BUS_OFFSET_MM)}
    for x0, x1, y in spans:
        out.append(Line(x0, y - BUS_OFFSET_MM, x1, y - BUS_OFFSET_MM, "bus", 0.5))
        out.append(Line(x0, y + BUS_OFFSET_MM, x1, y + BUS_OFFSET_MM, "ground", 0.5))
    y0, first_row = stretches[0]
    start = width - where[first_row[0]][0]
    x = spans[0][1] if start > (spans[0][0] + spans[0][1]) / 2 else spans[0][0]
    first = {"bus": (x, y0 - BUS_OFFSET_MM), "ground": (x, y0 + BUS_OFFSET_MM)}
    return out, [first, last]


def feed_routes(board: dict) -> list[tuple[str, list[tuple[float, float]]]]:
    """The feeds from the star point to both ends of the chain as the underside view draws them (mirrored): each its
    layer ("bus" or "ground") and its points, from its join on the bus, a stub out past the bus's ends and turns (LED
    1's pair between the rows' ends and the Pico, the last LED's beyond its turn link), then down. A feed over the star
    point comes straight down onto its top edge; one in the lane beside its end (J2 beyond that) straight down beside it
    onto that end. The others, over J2, run along above J2 and the star point, under the last row's bus, the outermost
    lowest and landing on the top edge nearest the straight ones: no two of those cross, and they cross the straight
    ones without a dot (insulated wires over each other). All FEED_GAP_MM apart."""
    width = board["build"]["blank_mm"][0]
    laid = places(board)
    star, j2 = laid["star"].box, laid["J2"].box
    top, end, beside = star[1], width - star[0], width - j2[2]  # the star point's top edge and end, J2's edge
    stretches = rows(board)
    _, joins = bus_shapes(board, stretches)
    under_bus = max(y for y, _ in stretches) + BUS_OFFSET_MM  # the last row's GND wire
    feeds = []
    for join in joins:
        x = max(p[0] for p in join.values())
        outward = 1 if x > width / 2 else -1
        for layer, step in (("ground", 1), ("bus", 2)):
            fx = x + outward * (BUS_TURN_MM * (join is joins[0]) + FEED_GAP_MM * step)
            feeds.append((fx, join[layer], layer))
    out = []
    along = sorted((feed for feed in feeds if feed[0] >= beside), reverse=True)  # over J2, the outermost first
    land = min(fx for fx, _, _ in feeds) - FEED_GAP_MM
    for fx, (jx, jy), layer in feeds:
        if fx <= end:
            down = [(fx, top)]
        elif fx < beside:
            down = [(fx, top + FEED_GAP_MM), (end, top + FEED_GAP_MM)]
        else:
            i = along.index((fx, (jx, jy), layer))
            level = under_bus + FEED_GAP_MM * (len(along) - i)
            down = [(fx, level), (land - FEED_GAP_MM * i, level), (land - FEED_GAP_MM * i, top)]
        out.append((layer, [(jx, jy), (fx, jy), *down]))
    return out


def din_lead(board: dict) -> Circle:
    """LED 1's DIN lead as the underside view draws it (mirrored, in the orientation of its row), where the data wire
    from the shifter ends."""
    width = board["build"]["blank_mm"][0]
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    _, row = rows(board)[0]
    xs = [where[p][0] for p in row]
    direction = -1 if xs[-1] >= xs[0] else 1  # as ``underside_view`` turns each row
    x, y = where[row[0]]
    return lead_shapes(width - x, y, direction)[0]


def moved(texts: list[Text], dx: float, dy: float) -> list[Text]:
    """A label's lines moved by (dx, dy)."""
    return [replace(t, x=t.x + dx, y=t.y + dy) for t in texts]


def wrapped(lines: Sequence[str]) -> list[tuple[str, ...]]:
    """``lines``, then their words wrapped again into every other number of lines, the fewest first."""
    words = " ".join(lines).split()
    out = [tuple(lines)]
    for width in range(sum(map(len, words)) + len(words), max(map(len, words)) - 1, -1):
        wrap: list[str] = []
        for word in words:
            if wrap and len(wrap[-1]) + 1 + len(word) <= width:
                wrap[-1] += " " + word
            else:
                wrap.append(word)
        if tuple(wrap) not in out:
            out.append(tuple(wrap))
    return out


def boxed(box: tuple[float, float, float, float], lines: Sequence[str], layer: str) -> Iterator[list[Text]]:
    """Where a part's name may go inside its outline ``box`` (x0, y0, x1, y1), best first: its lines centred, as large
    as fits (up to 2.2 mm, down to 1.4), then moved off the centre, then smaller, then its words wrapped otherwise,
    then parted in two over a gap (a line across the outline); every line LABEL_GAP_MM inside the outline's stroke.
    Last, if none fits, its lines centred as they are."""
    inset = LABEL_GAP_MM + 0.35 / 2 + 0.01
    x0, y0, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset

    def sizes(wrap: Sequence[str], first: bool) -> list[float]:
        """The sizes to try ``wrap`` at, largest first: down to 1.8 mm (or only the largest that fits, if smaller)
        if ``first``, else the rest down to 1.4 mm."""
        out = [min(2.2, (y1 - y0) / (1.35 * (len(wrap) - 1) + ASCENT + DESCENT),
                   (x1 - x0) / (CHAR_WIDTH * max(map(len, wrap))))]
        while out[-1] * 0.92 >= 1.4:
            out.append(out[-1] * 0.92)
        out = [size for size in out if size >= 1.4] or ([out[0]] if wrap == tuple(lines) else [])
        large = [size for size in out if size >= 1.8] or out[:1]
        return large if first else out[len(large):]

    def blocks(parted: bool, first: bool) -> Iterator[list[Text]]:
        """The lines centred in the box, each way they may be wrapped, at each of their ``sizes``; ``parted``, with
        a gap after each line but the last in turn."""
        for wrap in wrapped(lines):
            n = len(wrap)
            for size in sizes(wrap, first):
                tall = size * (1.35 * (n - 1) + ASCENT + DESCENT)
                gaps = [(k, i / 4) for k in range(1, n) for i in range(1, int((y1 - y0 - tall) * 4) + 1)] \
                    if parted else [(n, 0.0)]
                for k, gap in gaps:
                    yield [Text((x0 + x1) / 2, (y0 + y1) / 2 + size * (1.35 * (i - (n - 1) / 2) + 0.25)
                                + gap * ((i >= k) - 0.5), line, size, "middle", layer) for i, line in enumerate(wrap)]

    for block in itertools.chain(blocks(False, True), blocks(True, True), blocks(False, False), blocks(True, False)):
        boxes = [text_box(t) for t in block]
        for dx, dy in nearest_first(x0 - min(b[0] for b in boxes), x1 - max(b[2] for b in boxes),
                                    y0 - min(b[1] for b in boxes), y1 - max(b[3] for b in boxes)):
            yield moved(block, dx, dy)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    yield [Text(cx, cy + 1.35 * 1.4 * (i - (len(lines) - 1) / 2), line, 1.4, "middle", layer)
           for i, line in enumerate(lines)]


def underside_view(board: dict) -> View:
    """The underside as seen with the board face down (mirrored left to right): pockets, parts,
    bus wires, and each LED's leads in the orientation its row needs. Every label is placed last, where no line,
    lead or + mark crosses it (``first_clear``)."""
    build = board["build"]
    width, height, thickness = build["blank_mm"]

    def mx(x: float) -> float:
        return width - x

    outline = mirrored_outline(build, lambda name: [f"{name}:", f"{thickness - build['skin_mm'][name]} mm deep"])
    out: list[Shape] = [s for s in outline if not isinstance(s, Text)]
    # Each label's options, best first (``first_clear`` takes the first clear one), in the order they are placed:
    # the pockets' names may slide along their edge.
    labels: list[tuple[Iterable[list[Text]], tuple[float, float, float, float] | None]] = [
        ([moved(texts, i / 2, 0) for i in range(80)], None) for texts in pocket_lines(outline)]
    laid_out = places(board)
    # The Pico (board.json), and every part and piece of perfboard where pocket_layout.places lays it out, each named
    # inside its outline: both builds' at once, none lying where the other build's parts do.
    laid: list[tuple[Sequence[float], str, tuple[str, ...]]] = [(build["parts"]["pico"], "part",
                                                                  ("Pico", "USB end", "down"))]
    laid += [(place.box, "room" if place.room_for else "piece" if place.piece else "part", place.label)
             for place in laid_out.values()]
    # What stands down from the controls' skin into the pockets, which the parts keep clear of (pocket_layout.bodies).
    names = {"p1": "player 1", "p2": "player 2", "back": "back", "enc": "encoder"}
    laid += [(body, "control", (names[name],)) for name, body in bodies(board).items() if name in names]
    for (x0, y0, x1, y1), layer, label in laid:
        out.append(Rect(mx(x1), y0, mx(x0), y1, layer, dashed=layer in ("control", "room")))
        labels.append((boxed((mx(x1), y0, mx(x0), y1), label, layer), (mx(x1), y0, mx(x0), y1)))
    # The adapter build's supply wires and leads at the power entry, red +5 V and black GND, along the gaps.
    for run in power_runs(board).values():
        out += [Line(mx(a[0]), a[1], mx(b[0]), b[1], "ground" if run.ground else "bus", 0.5)
                for a, b in zip(run.points, run.points[1:], strict=False)]
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    chain = [tuple(pair) for pair in board["leds"]["chain"]]
    start = 1  # LEDs counted from 1, as in the schematics (LED1 is the first on the wire)
    stretches = rows(board)
    bus, _ = bus_shapes(board, stretches)
    out += bus
    row_labels: list[tuple[Iterable[list[Text]], None]] = []
    for y, row in stretches:
        xs = [where[p][0] for p in row]
        # Seen from below, a row the top view runs left to right runs right to left.
        direction = -1 if xs[-1] >= xs[0] else 1
        for pair in row:
            out += lead_shapes(mx(where[pair][0]), y, direction)
        track, hole = row[0]
        end = start + len(row) - 1
        what = f"LEDs {start}-{end}: {track_label(track)} holes {hole}-{row[-1][1]}" if len(row) > 1 else \
            f"LED {start}: {track_label(track)} game hole"
        arrow = "<- data" if direction < 0 else "data ->"
        entry = mx(xs[0])  # where the data enters this stretch
        if len(row) > 1:  # over the row's start, or further along it the way the data goes; smaller, if need be
            words = [Text(entry, y - 4.5, f"{what}, {arrow}" if direction > 0 else f"{arrow}, {what}", size,
                          "start" if direction > 0 else "end") for size in (2.0, 1.9, 1.8, 1.7, 1.6)]
            row_labels.append(([moved([w], direction * i / 2, 0) for w in words for i in range(400)], None))
        else:  # over the LED, or on two lines above it (before the rows' labels: they have room to move)
            one = [Text(entry, y - 4.5, what, 2.0, "middle")]
            two = [Text(entry, y - 7.5, f"LED {start}: {track_label(track)}", 2.0, "middle"),
                   Text(entry, y - 4.5, "game hole", 2.0, "middle")]
            labels.append(([*(moved(one, dx, 0) for dx, _ in nearest_first(-4, 4, 0, 0)),
                            *(moved(two, dx, dy) for dx, dy in nearest_first(-6, 6, -2, 0))], None))
        start = end + 1
    labels += row_labels
    # The short wires by the electronics: data from the shifter to LED 1, power to both chain ends.
    first = where[chain[0]]
    shifter = build["parts"]["shifter"]
    # from the shifter's edge nearest LED 1 to LED 1's DIN lead (the first of its leads as drawn), not its centre,
    # which lies between its +5V and GND leads
    din = din_lead(board)
    din_x = mx(din.x)  # (unmirrored)
    near = (min(max(din_x, shifter[0]), shifter[2]), min(max(first[1], shifter[1]), shifter[3]))
    out.append(Line(mx(near[0]), near[1], din.x, din.y, "data", 0.6))
    # The feeds from the star point: each joins the bus at a dot; where a feed crosses a row's bus (the last row,
    # which lies between the power entry and LED 1) or another feed, no dot: insulated wires over each other.
    for layer, points in feed_routes(board):
        out.append(Circle(*points[0], JUNCTION_MM, f"{layer}_dot"))
        out.append(Line(*points[0], *points[1], layer, 0.6))
        out += [Line(*a, *b, layer, 0.5) for a, b in zip(points[1:], points[2:], strict=False)]
    # (left of the shifter's box, above the first row's label: clear of both, and of the data wire)
    data_in = Text(min(mx(first[0]) - 3, mx(shifter[2]) - 1.5), first[1] - 8.5,
                   "LED 1: data in from the shifter (short wire)", 2.0, "end")
    labels.append(([moved([data_in], -i / 2, 0) for i in range(60)], None))
    # A legend of the lead order, under the board right of the scale bar (the band between the pockets has the
    # sheets' + marks across it): the leads at the left, what they mean beside them.
    x0, y0 = 166, height + 18
    legend: list[Shape] = [Text(x0, y0, "each LED from below,", 2.2), Text(x0, y0 + 3, "leads in a line:", 2.2)]
    for i, (name, _) in enumerate(LEADS):
        legend.append(Circle(x0 + 3 + 6.5 * i, y0 + 6.5, 1.4, f"lead{i}"))
        legend.append(Text(x0 + 3 + 6.5 * i, y0 + 11, name, 2.2, "middle"))
    for i, line in enumerate((
            "DIN faces the previous LED, DOUT the next: LEDs in rows that run the other way are turned round.",
            "Red: +5 V bus above each row, black: GND below. The bus turns into the next row where the chain",
            "does, at alternating ends (the two wires cross there once). Dot: a feed joins the bus; lines that",
            "cross without a dot are not joined (insulated wires over each other).")):
        legend.append(Text(x0 + 30, y0 + 4 * i, line, 2.2))
    # The sheets' + marks (``framed`` adds them) are drawn too: labels keep off them.
    drawn = [*out, *shift(alignment_marks(width + 2 * MARGIN_MM, height + MARGIN_MM + FOOTER_MM),
                          -MARGIN_MM, -MARGIN_MM)]
    for options, within in labels:
        placed = first_clear(options, drawn, within)
        out += placed
        drawn += placed
    out += legend
    notes = [
        "UNDERSIDE, 1:1, mirrored (board face down). Power: +5 V and GND fed at both ends of the chain "
        "(LED 1, top right here, and the last LED, the game hole), star ground at the power entry.",
        "Lead order as the WS2812D-F5 and PL9823 (DIN, +5V, GND, DOUT); if your LEDs' datasheet says "
        "otherwise, keep DIN towards the previous LED.",
    ]
    return framed("Underside (mirrored) with LED orientation (board.json)", width, height, out, notes)


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


def framed(title: str, width: float, height: float, board_shapes: list[Shape], notes: list[str]) -> View:
    """Board shapes placed in a drawing with a margin, the title, notes, scale bar and + marks."""
    shapes = shift(board_shapes, MARGIN_MM, MARGIN_MM)
    total_w, total_h = width + 2 * MARGIN_MM, height + MARGIN_MM + FOOTER_MM
    shapes.append(Text(MARGIN_MM, MARGIN_MM - 8, title, 4.0))
    for i, note in enumerate(notes):
        shapes.append(Text(MARGIN_MM, MARGIN_MM + height + 7 + 5 * i, note, 2.6))
    shapes += scale_bar(MARGIN_MM, total_h - 8)
    shapes += alignment_marks(total_w, total_h)
    return View(title, total_w, total_h, shapes)


def fmt(value: float) -> str:
    """A coordinate for SVG: at most two decimals, no trailing zeros."""
    return f"{round(value, 2):g}"


def colour(layer: str) -> str:
    """The drawing colour of a layer (the LED leads in their wire colours)."""
    if layer.startswith("lead"):
        return LEADS[int(layer[4:])][1]
    return COLOURS[layer]


def filled(s: Circle) -> bool:
    """An LED's lead and a junction dot are drawn filled; holes as outlines."""
    return s.layer.startswith("lead") or s.layer.endswith("_dot")


def svg(view: View) -> str:
    """The view as an SVG document whose user unit is 1 mm (width and height given in mm)."""
    body = []
    for s in view.shapes:
        c = colour(s.layer)
        if isinstance(s, Circle):
            fill = c if filled(s) else "none"
            body.append(f'<circle cx="{fmt(s.x)}" cy="{fmt(s.y)}" r="{fmt(s.d / 2)}" fill="{fill}" stroke="{c}" '
                        f'stroke-width="0.25" class="{s.layer}"/>')
            if s.cross:
                a = s.d / 2 + 1
                body.append(f'<path d="M{fmt(s.x - a)} {fmt(s.y)}H{fmt(s.x + a)}M{fmt(s.x)} {fmt(s.y - a)}'
                            f'V{fmt(s.y + a)}" stroke="{c}" stroke-width="0.15"/>')
        elif isinstance(s, Rect):
            dash = ' stroke-dasharray="3 2"' if s.dashed else ""
            body.append(f'<rect x="{fmt(s.x0)}" y="{fmt(s.y0)}" width="{fmt(s.x1 - s.x0)}" '
                        f'height="{fmt(s.y1 - s.y0)}" fill="none" stroke="{c}" stroke-width="0.35"{dash} '
                        f'class="{s.layer}"/>')
        elif isinstance(s, Line):
            body.append(f'<line x1="{fmt(s.x0)}" y1="{fmt(s.y0)}" x2="{fmt(s.x1)}" y2="{fmt(s.y1)}" stroke="{c}" '
                        f'stroke-width="{fmt(s.width)}"/>')
        else:
            body.append(f'<text x="{fmt(s.x)}" y="{fmt(s.y)}" font-size="{fmt(s.size)}" text-anchor="{s.anchor}" '
                        f'fill="{c}">{escape(s.text)}</text>')
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(view.width)}mm" height="{fmt(view.height)}mm" '
        f'viewBox="0 0 {fmt(view.width)} {fmt(view.height)}" font-family="sans-serif">',
        f"<title>{escape(view.title)}</title>",
        f'<rect width="{fmt(view.width)}" height="{fmt(view.height)}" fill="white"/>',
        *body,
        "</svg>",
        "",
    ])


def tiles(view: View, paper: tuple[float, float]) -> tuple[str, list[tuple[float, float, float, float]]]:
    """The orientation ("P" or "L") taking fewest sheets, and each sheet's window on the drawing
    (x, y, width, height in drawing mm), overlapping by ``OVERLAP_MM``."""
    best: tuple[int, str, list[tuple[float, float, float, float]]] | None = None
    for orientation, (pw, ph) in (("P", paper), ("L", paper[::-1])):
        w, h = pw - 2 * PAGE_MARGIN_MM, ph - 2 * PAGE_MARGIN_MM - PAGE_FOOTER_MM
        across = max(1, math.ceil((view.width - OVERLAP_MM) / (w - OVERLAP_MM)))
        down = max(1, math.ceil((view.height - OVERLAP_MM) / (h - OVERLAP_MM)))
        windows = [(i * (w - OVERLAP_MM), j * (h - OVERLAP_MM), w, h) for j in range(down) for i in range(across)]
        if best is None or len(windows) < best[0]:
            best = (len(windows), orientation, windows)
    assert best is not None
    return best[1], best[2]


def pdf(views: list[View], paper_name: str) -> bytes:
    """The views tiled on sheets of ``paper_name``, 1:1, with + marks, a label and a scale bar on each."""
    document = FPDF(unit="mm", format=paper_name.upper())
    document.set_creation_date(FIXED_DATE)
    document.set_title("Cribbage board drilling template")
    document.set_auto_page_break(False)
    for view in views:
        orientation, windows = tiles(view, PAPERS[paper_name])
        for n, (wx, wy, ww, wh) in enumerate(windows, 1):
            document.add_page(orientation=orientation)
            ox, oy = PAGE_MARGIN_MM - wx, PAGE_MARGIN_MM - wy
            with document.rect_clip(PAGE_MARGIN_MM, PAGE_MARGIN_MM, ww, wh):
                for s in view.shapes:
                    draw_pdf(document, shift([s], ox, oy)[0])
            document.set_draw_color(150)
            document.set_dash_pattern(1, 1)
            document.rect(PAGE_MARGIN_MM, PAGE_MARGIN_MM, ww, wh)
            document.set_dash_pattern()
            footer_y = PAGE_MARGIN_MM + wh + 5
            label = (f"{view.title}: sheet {n} of {len(windows)}. Print at 100 % (no 'fit to page'); "
                     f"overlap the sheets by {OVERLAP_MM} mm so the + marks meet.")
            draw_pdf(document, Text(PAGE_MARGIN_MM, footer_y, label, 2.6))
            for s in scale_bar(PAGE_MARGIN_MM, footer_y + 6):
                draw_pdf(document, s)
    return bytes(document.output())


def draw_pdf(document: FPDF, s: Shape) -> None:
    """One shape on the current page (page mm)."""
    r, g, b = (int(colour(s.layer)[i:i + 2], 16) for i in (1, 3, 5))
    document.set_draw_color(r, g, b)
    document.set_fill_color(r, g, b)
    if isinstance(s, Circle):
        document.set_line_width(0.25)
        style = "DF" if filled(s) else "D"
        document.ellipse(s.x - s.d / 2, s.y - s.d / 2, s.d, s.d, style)
        if s.cross:
            a = s.d / 2 + 1
            document.set_line_width(0.15)
            document.line(s.x - a, s.y, s.x + a, s.y)
            document.line(s.x, s.y - a, s.x, s.y + a)
    elif isinstance(s, Rect):
        document.set_line_width(0.35)
        if s.dashed:
            document.set_dash_pattern(3, 2)
        document.rect(s.x0, s.y0, s.x1 - s.x0, s.y1 - s.y0)
        document.set_dash_pattern()
    elif isinstance(s, Line):
        document.set_line_width(s.width)
        document.line(s.x0, s.y0, s.x1, s.y1)
    else:
        document.set_text_color(r, g, b)
        document.set_font("helvetica", size=s.size / 0.3528 * 0.9)  # mm -> pt, about the SVG's size
        width = document.get_string_width(s.text)
        x = s.x - {"start": 0, "middle": width / 2, "end": width}[s.anchor]
        document.text(x, s.y, s.text)


DXF_LAYERS = {"led": 1, "control": 5, "display": 5, "pocket": 8, "outline": 30, "screw": 5, "countersink": 4,
              "pico_hole": 1, "bootsel": 3}  # AutoCAD colour numbers
# The back panel's layers: its outline and holes as seen from below, mirrored like the pockets' cut copies.
BACK_PANEL_LAYERS = {"outline": "BACK_PANEL_OUTLINE_SEEN_FROM_BELOW",
                     "screw": f"BACK_PANEL_SCREW_HOLES_{PANEL_SCREW_HOLE_MM:g}MM_SEEN_FROM_BELOW",
                     "countersink": f"BACK_PANEL_SCREW_COUNTERSINKS_{COUNTERSINK_MM:g}MM_SEEN_FROM_BELOW",
                     "pico_hole": f"BACK_PANEL_PICO_M2_HOLES_{PICO_PANEL_HOLE_MM:g}MM_SEEN_FROM_BELOW",
                     "bootsel": f"BACK_PANEL_BOOTSEL_HOLE_{BOOTSEL_HOLE_MM:g}MM_SEEN_FROM_BELOW"}
BACK_PANEL_LAYERS = {kind: name.replace(".", "_") for kind, name in BACK_PANEL_LAYERS.items()}  # 3_5MM, as HOLE_7_5MM


def dxf(board: dict) -> str:
    """The top view for CNC: holes and window to cut through, pockets to route (by depth), the
    outline; and the back panel's outline and holes. DXF's y axis points up, so y is flipped:
    (x, height - y), origin at the bottom left."""
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no timestamps or random ids
    document = ezdxf.new("R2010", units=ezdxf.units.MM)
    build = board["build"]
    width, height, thickness = build["blank_mm"]
    space = document.modelspace()

    def layer(name: str, kind: str) -> str:
        if name not in document.layers:
            document.layers.add(name, color=DXF_LAYERS[kind])
        return name

    for shape in top_view_board_shapes(board):
        if isinstance(shape, Circle):
            name = layer(f"HOLE_{shape.d:g}MM".replace(".", "_"), shape.layer)
            space.add_circle((shape.x, height - shape.y), shape.d / 2, dxfattribs={"layer": name})
        elif isinstance(shape, Rect):
            if shape.layer == "pocket":
                continue
            name = layer("OUTLINE" if shape.layer == "outline" else "DISPLAY_WINDOW", shape.layer)
            corners = [(shape.x0, height - shape.y0), (shape.x1, height - shape.y0), (shape.x1, height - shape.y1),
                       (shape.x0, height - shape.y1)]
            space.add_lwpolyline(corners, close=True, dxfattribs={"layer": name})
    # The pockets are cut from below. Each is drawn twice: as seen from the top (where the holes are,
    # to check them against each other) and mirrored about the vertical centre line (x -> width - x),
    # as the blank lies face down on a CNC bed: cut that copy.
    for name, (x0, y0, x1, y1) in build["pockets"].items():
        depth = thickness - build["skin_mm"][name]
        base = f"POCKET_{name.upper()}_{depth}MM_DEEP_FROM_BELOW"
        for suffix, (a, b) in (("AS_SEEN_FROM_TOP", (x0, x1)), ("MIRRORED_TO_CUT", (width - x1, width - x0))):
            space.add_lwpolyline([(a, height - y0), (b, height - y0), (b, height - y1), (a, height - y1)],
                                 close=True, dxfattribs={"layer": layer(f"{base}_{suffix}", "pocket")})
    # The back panel, drilled from its outside face: mirrored the same way, so it lines up with the
    # pockets' cut copies when the panel lies on the blank face down.
    space.add_lwpolyline([(0, 0), (width, 0), (width, height), (0, height)], close=True,
                         dxfattribs={"layer": layer(BACK_PANEL_LAYERS["outline"], "outline")})
    for hole in back_panel_holes(board):
        at = (width - hole.x, height - hole.y)
        space.add_circle(at, hole.d / 2, dxfattribs={"layer": layer(BACK_PANEL_LAYERS[hole.layer], hole.layer)})
        if hole.layer == "screw":  # its countersink: a cut of its own, on its own layer
            space.add_circle(at, COUNTERSINK_MM / 2,
                             dxfattribs={"layer": layer(BACK_PANEL_LAYERS["countersink"], "countersink")})
    # ezdxf writes a CLASS for each entity type in use in a set's order, which changes with Python's hash seed:
    # register them first, sorted, so that every run writes the same file (the tests compare it whole).
    for name in sorted(document.entitydb.dxf_types_in_use()):
        document.classes.add_class(name)
    stream = io.StringIO()
    document.write(stream)
    return stream.getvalue()


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


def outputs(board: dict) -> dict[Path, str | bytes]:
    """Every file this script writes, by path."""
    views = [top_view(board), underside_view(board), back_panel_view(board)]
    files: dict[Path, str | bytes] = {TOP_SVG: svg(views[0]), UNDERSIDE_SVG: svg(views[1]), BACK_SVG: svg(views[2]),
                                      DXF: dxf(board)}
    for paper, path in PDFS.items():
        files[path] = pdf(views, paper)
    return files


if __name__ == "__main__":
    argparse.ArgumentParser(
        description="Draw the 1:1 drilling template (SVG, PDF and DXF) from hardware/board.json.").parse_args()
    for path, content in outputs(json.loads(BOARD_JSON.read_text())).items():
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        print("wrote", path)
