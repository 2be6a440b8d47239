"""Writes a view of the drilling template as an SVG document, 1:1 (its user unit is 1 mm): ``svg``."""

from __future__ import annotations

from xml.sax.saxutils import escape

from drill_shapes import Circle, Line, Rect, View, colour, filled


def fmt(value: float) -> str:
    """A coordinate for SVG: at most two decimals, no trailing zeros."""
    return f"{round(value, 2):g}"


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
