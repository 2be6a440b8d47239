"""Writes the drilling template's views as a PDF, 1:1, tiled on A4 or A3 sheets that overlap, with + marks, a label
and a scale bar on each sheet (``pdf``; ``tiles`` chooses the sheets).
"""

from __future__ import annotations

import datetime
import math

from drill_shapes import Circle, Line, Rect, Shape, Text, View, colour, filled, shift
from drill_sheet import scale_bar
from fpdf import FPDF

PAPERS = {"a4": (210, 297), "a3": (297, 420)}  # portrait width, height in mm
PAGE_MARGIN_MM = 8  # printers leave a few mm unprinted
PAGE_FOOTER_MM = 14  # each sheet's label and scale bar
OVERLAP_MM = 12  # tiled sheets overlap by this much, + marks included
FIXED_DATE = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)  # no timestamps: stable files


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
