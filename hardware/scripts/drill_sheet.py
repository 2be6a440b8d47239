"""The frame each view of the drilling template is drawn in: the board's shapes in a margin, with the view's
title, its notes, a 100 mm scale bar and the + marks that tiled sheets line up on (``framed``).
"""

from __future__ import annotations

from drill_shapes import Line, Shape, Text, View, shift

MARGIN_MM = 16  # around the board, for labels
FOOTER_MM = 34  # below the board: notes and the scale bar
SCALE_BAR_MM = 100
MARK_GRID_MM = 50  # + marks to line up tiled sheets, on this grid of the drawing


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
