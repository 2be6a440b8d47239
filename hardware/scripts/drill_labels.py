"""Placing the template's labels clear of every line: the first of a label's places, best first, that nothing
drawn comes near (``first_clear``), and the places to try, such as a part's name inside its outline (``boxed``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from drill_shapes import ASCENT, CHAR_WIDTH, DESCENT, Shape, Text, crosses, extent, text_box

LABEL_GAP_MM = 0.5  # labels placed by ``first_clear`` keep this far from every line and from each other,
MARK_GAP_MM = 1.2  # and this far from the sheets' + marks (a thin stroke beside a letter reads as one)


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
