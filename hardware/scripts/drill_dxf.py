"""Writes the drilling template as a DXF for a CNC router or laser (``dxf``): the top view's cuts, each pocket as seen
from the top and mirrored to cut from below, and the back panel's outline and holes mirrored the same way, one layer
per kind of feature.
"""

from __future__ import annotations

import io

import ezdxf
from bom import COUNTERSINK_MM
from drill_back_panel import BOOTSEL_HOLE_MM, PANEL_SCREW_HOLE_MM, PICO_PANEL_HOLE_MM, back_panel_holes
from drill_shapes import Circle, Rect
from drill_top_view import top_view_board_shapes

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
