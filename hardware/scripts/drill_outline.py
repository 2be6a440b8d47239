"""The blank as seen from below (mirrored left to right), as the underside view and the back panel draw it: its
outline and its pockets dashed, each pocket named (``mirrored_outline``).
"""

from __future__ import annotations

from collections.abc import Callable

from drill_shapes import Rect, Shape, Text

# Where each pocket is named, as seen from below: at the left (the power feeds run up the LED pocket's right), at the
# top for the LED pocket (its last row's GND wire runs along its bottom), at the bottom for the controls', under the
# power pocket, whose parts fill its bottom corners.
LABEL_CORNER = {"leds": "top", "controls": "bottom", "power": "below"}


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
