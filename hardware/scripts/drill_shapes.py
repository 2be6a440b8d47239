"""The shapes the drilling template's views are drawn with, and their geometry.

A view (``View``) is a list of shapes in drawing mm: holes and leads (``Circle``), outlines (``Rect``), wires and
marks (``Line``) and labels (``Text``), each on a layer that gives its colour (``colour``, ``filled``). Here too is
what the label placing (drill_labels.py) measures them by: the room a label takes (``text_box``), the strokes a
shape is drawn with (``strokes``, ``extent``) and whether any of it comes near a box (``crosses``).
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = {"outline": "#8b5a2b", "led": "#d62728", "control": "#1f4fb4", "display": "#1f4fb4",
           "pocket": "#777777", "part": "#2ca02c", "piece": "#8c564b", "room": "#e377c2", "mark": "#000000",
           "text": "#000000", "bus": "#d62728",
           "ground": "#222222", "bus_dot": "#d62728", "ground_dot": "#222222", "data": "#2ca02c", "screw": "#1f4fb4",
           "countersink": "#9db3e0",
           "pico_hole": "#d62728", "bootsel": "#2ca02c", "marking": "#d62728"}
# Lead order of the 5 mm WS2812D-F5 (and the PL9823): data in, +5 V, ground, data out; layer ``lead<i>`` is drawn in
# the i-th's colour (``colour``).
LEADS = (("DIN", "#2ca02c"), ("+5V", "#d62728"), ("GND", "#222222"), ("DOUT", "#1f77b4"))


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


def colour(layer: str) -> str:
    """The drawing colour of a layer (the LED leads in their wire colours)."""
    if layer.startswith("lead"):
        return LEADS[int(layer[4:])][1]
    return COLOURS[layer]


def filled(s: Circle) -> bool:
    """An LED's lead and a junction dot are drawn filled; holes as outlines."""
    return s.layer.startswith("lead") or s.layer.endswith("_dot")
