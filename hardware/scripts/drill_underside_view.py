"""The drilling template's underside view, mirrored (``underside_view``): every part and piece of perfboard where
pocket_layout.py lays it out, the +5 V and GND bus along the LED rows (``bus_shapes``), its feeds from the star point
(``feed_routes``), the data wire, each LED's leads in the order its row needs (``lead_shapes``), and every label placed
where no line crosses it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from drill_labels import boxed, first_clear, moved, nearest_first
from drill_outline import mirrored_outline, pocket_lines
from drill_shapes import LEADS, Circle, Line, Rect, Shape, Text, View, shift
from drill_sheet import FOOTER_MM, MARGIN_MM, alignment_marks, framed
from drill_top_view import track_label
from pocket_layout import bodies, places, power_runs

LEAD_PITCH_MM = 1.6  # drawn spacing of an LED's four leads (not to scale: the real ones are ~1.3 mm)


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


def lead_shapes(x: float, y: float, direction: int) -> list[Circle]:
    """An LED's four leads in a line along its row, data in facing the previous LED."""
    return [Circle(x + direction * (i - 1.5) * LEAD_PITCH_MM, y, 0.9, f"lead{i}") for i in range(4)]


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
