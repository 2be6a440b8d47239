"""The drilling template (hardware/scripts/drill_template.py, which writes the views of drill_top_view.py,
drill_underside_view.py and drill_back_panel.py with drill_svg.py, drill_pdf.py and drill_dxf.py) is what the
script draws from board.json, and each of its files puts the holes where board.json says, at 1:1: the SVGs (mm user
units), the tiled PDFs (read back with pypdf) and the DXF (read back with ezdxf)."""

from __future__ import annotations

import importlib
import io
import itertools
import math
import os
import re
import xml.etree.ElementTree as ET
from types import ModuleType
from typing import Any

import pytest
from hardware_scripts import HARDWARE, SCRIPT_FOLDER, load_script

SVG = "{http://www.w3.org/2000/svg}"
MM_TO_PT = 72 / 25.4


@pytest.fixture(scope="module")
def template() -> ModuleType:
    """hardware/scripts/drill_template.py: the script that writes the files."""
    return load_script("drill_template")


def drawn_with(name: str) -> ModuleType:
    """``hardware/drill_NAME.py`` as the script loaded it (its views' shapes are that drill_shapes' classes)."""
    return importlib.import_module(f"drill_{name}")


@pytest.fixture(scope="module")
def shapes(template: ModuleType) -> ModuleType:
    """hardware/scripts/drill_shapes.py: the shapes the views are drawn with."""
    return drawn_with("shapes")


@pytest.fixture(scope="module")
def sheet(template: ModuleType) -> ModuleType:
    """hardware/scripts/drill_sheet.py: the frame each view is drawn in (its margin)."""
    return drawn_with("sheet")


@pytest.fixture(scope="module")
def top(template: ModuleType) -> ModuleType:
    """hardware/scripts/drill_top_view.py."""
    return drawn_with("top_view")


@pytest.fixture(scope="module")
def underside(template: ModuleType) -> ModuleType:
    """hardware/scripts/drill_underside_view.py."""
    return drawn_with("underside_view")


@pytest.fixture(scope="module")
def panel(template: ModuleType) -> ModuleType:
    """hardware/scripts/drill_back_panel.py."""
    return drawn_with("back_panel")


@pytest.fixture(scope="module")
def pdf_writer(template: ModuleType) -> ModuleType:
    """hardware/scripts/drill_pdf.py."""
    return drawn_with("pdf")


@pytest.fixture(scope="module")
def dxf_writer(template: ModuleType) -> ModuleType:
    """hardware/scripts/drill_dxf.py."""
    return drawn_with("dxf")


@pytest.fixture(scope="module")
def outputs(template: ModuleType, board: dict) -> dict:
    """What the script writes now, by path."""
    return template.outputs(board)


def test_the_svgs_are_regenerated_identically(template: ModuleType, outputs: dict) -> None:
    for path in (template.TOP_SVG, template.UNDERSIDE_SVG, template.BACK_SVG):
        assert outputs[path] == path.read_text(), f"{path.name} is stale: run python hardware/scripts/drill_template.py"


def test_the_top_svg_is_one_to_one_with_every_hole_at_its_place_and_size(template: ModuleType, sheet: ModuleType,
                                                                         board: dict) -> None:
    root = ET.fromstring(template.TOP_SVG.read_text())
    width, height = root.get("width"), root.get("height")
    assert width.endswith("mm") and root.get("viewBox") == f"0 0 {width[:-2]} {height[:-2]}"  # 1 unit = 1 mm
    margin = sheet.MARGIN_MM
    drawn = sorted((float(c.get("cx")) - margin, float(c.get("cy")) - margin, 2 * float(c.get("r")))
                   for c in root.iter(SVG + "circle") if c.get("class") == "led")
    led = board["build"]["hole_mm"]["led"]
    assert drawn == sorted((x, y, led) for _, _, x, y in board["holes"])
    controls = {(float(c.get("cx")) - margin, float(c.get("cy")) - margin)
                for c in root.iter(SVG + "circle") if c.get("class") == "control"}
    assert controls == {tuple(map(float, xy)) for xy in board["controls"].values()}
    texts = {t.text for t in root.iter(SVG + "text")}
    assert any("100 mm" in t for t in texts)


def test_the_underside_is_mirrored_with_each_led_facing_along_its_wire(template: ModuleType, sheet: ModuleType,
                                                                       board: dict) -> None:
    """Each LED's DIN lead lies towards the LED before it on the wire, its DOUT towards the next."""
    root = ET.fromstring(template.UNDERSIDE_SVG.read_text())
    margin, width = sheet.MARGIN_MM, board["board"]["width_mm"]
    leads: dict[str, list[tuple[float, float]]] = {}
    for c in root.iter(SVG + "circle"):
        if (c.get("class") or "").startswith("lead") and float(c.get("r")) < 0.5:
            leads.setdefault(c.get("class"), []).append((float(c.get("cx")) - margin, float(c.get("cy")) - margin))
    assert all(len(v) == board["leds"]["count"] for v in leads.values()) and len(leads) == 4
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    chain = [tuple(p) for p in board["leds"]["chain"]]
    for n in (1, 15, 45, 95, 200):  # inside rows running both ways
        x, y = where[chain[n]]
        mirrored = width - x
        din = min(leads["lead0"], key=lambda p: (p[0] - mirrored) ** 2 + (p[1] - y) ** 2)
        dout = min(leads["lead3"], key=lambda p: (p[0] - mirrored) ** 2 + (p[1] - y) ** 2)
        before, after = width - where[chain[n - 1]][0], width - where[chain[n + 1]][0]
        assert (dout[0] - din[0]) * (after - mirrored) > 0 and (din[0] - dout[0]) * (before - mirrored) > 0, n


def test_every_perfboard_build_md_places_is_drawn_inside_its_pocket(template: ModuleType, sheet: ModuleType,
                                                                    board: dict) -> None:
    """Each piece of perfboard BUILD.md's checklist before closing the panel names (and J1's, glued straight to the
    floor) is drawn on the underside view where pocket_layout.places lays it out, mirrored, inside its pocket's outline:
    the star point, R6/R7's and the power pocket's pieces of both builds among them."""
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    listed = re.search(r"Every perfboard \(([^)]*)\) on double-sided foam tape", build)
    assert listed and "J1's piece (adapter build) is glued straight to the floor" in build
    names = {"J1's"}
    for item in listed[1].split(", "):  # "U3's on the USB build", "XF1's and the cut-off's on the adapter build"
        item = re.sub(r" on the (USB|adapter) build$", "", item)
        names |= set(item.split(" and ")) if item.endswith("'s") and " and the " in item else {item}
    pieces = {place.piece: place for place in load_script("pocket_layout").places(board).values() if place.piece}
    assert set(pieces) == names
    root = ET.fromstring(template.UNDERSIDE_SVG.read_text())
    margin, width = sheet.MARGIN_MM, board["board"]["width_mm"]

    def drawn(layer: str) -> list[tuple[float, ...]]:
        """The view's rectangles on ``layer``, as (x0, y0, x1, y1) in drawing mm."""
        boxes = [[float(r.get(k)) for k in ("x", "y", "width", "height")] for r in root.iter(SVG + "rect")
                 if r.get("class") == layer]
        return [(x, y, x + w, y + h) for x, y, w, h in boxes]

    def seen(box: tuple[float, ...] | list[float]) -> tuple[float, ...]:
        """The one rectangle of ``drawn`` that is ``box`` (board mm) as the view draws it: mirrored, in the margin."""
        mirrored = (width - box[2] + margin, box[1] + margin, width - box[0] + margin, box[3] + margin)
        found = [r for r in drawn("piece") + drawn("pocket") if r == pytest.approx(mirrored, abs=0.02)]
        assert len(found) == 1, box
        return found[0]

    assert len(drawn("piece")) == len(pieces)
    for name, place in pieces.items():
        box, pocket = seen(place.box), seen(board["build"]["pockets"][place.pocket])
        assert pocket[0] <= box[0] < box[2] <= pocket[2] and pocket[1] <= box[1] < box[3] <= pocket[3], name


def content_lines(page: object) -> list[tuple[float, float, float, float]]:
    """Straight segments ``x0 y0 m x1 y1 l`` drawn on a PDF page, in points."""
    data = page.get_contents().get_data().decode("latin-1")  # type: ignore[attr-defined]
    return [tuple(map(float, m)) for m in re.findall(
        r"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l", data)]


@pytest.mark.parametrize("paper, sheets", [("a4", 6), ("a3", 3)])  # top, underside, back panel
def test_each_pdf_is_one_to_one_and_puts_hole_1_where_board_json_says(template: ModuleType, sheet: ModuleType,
                                                                      top: ModuleType, pdf_writer: ModuleType,
                                                                      outputs: dict, board: dict, paper: str,
                                                                      sheets: int) -> None:
    from pypdf import PdfReader  # here, not at the top: every worker's collection would import it

    path = template.PDFS[paper]
    committed, fresh = PdfReader(path), PdfReader(io.BytesIO(outputs[path]))
    assert len(committed.pages) == len(fresh.pages) == sheets
    for old, new in zip(committed.pages, fresh.pages, strict=True):
        assert old.get_contents().get_data() == new.get_contents().get_data(), \
            f"{path.name} is stale: run python hardware/scripts/drill_template.py"
    paper_mm = sorted(pdf_writer.PAPERS[paper])
    for page in committed.pages:
        size = sorted((float(page.mediabox.width) / MM_TO_PT, float(page.mediabox.height) / MM_TO_PT))
        assert size == pytest.approx(paper_mm, abs=0.1)  # the paper itself: drawn in mm, printed 1:1
    # Hole 1 of track 1 on the first sheet of the top view: the centre cross of its drill mark.
    x, y = next((x, y) for t, h, x, y in board["holes"] if (t, h) == (0, 1))
    view = top.top_view(board)
    _, windows = pdf_writer.tiles(view, pdf_writer.PAPERS[paper])
    wx, wy, _, _ = windows[0]
    page = committed.pages[0]
    height_mm = float(page.mediabox.height) / MM_TO_PT
    cx = (x + sheet.MARGIN_MM - wx + pdf_writer.PAGE_MARGIN_MM) * MM_TO_PT
    cy = (height_mm - (y + sheet.MARGIN_MM - wy + pdf_writer.PAGE_MARGIN_MM)) * MM_TO_PT
    half = (board["build"]["hole_mm"]["led"] / 2 + 1) * MM_TO_PT
    assert any(abs(x0 - (cx - half)) < 0.1 and abs(x1 - (cx + half)) < 0.1 and abs(y0 - cy) < 0.1
               and abs(y1 - cy) < 0.1 for x0, y0, x1, y1 in content_lines(page))
    text = "".join(p.extract_text() for p in committed.pages)
    assert "100 mm" in text and "sheet 1 of" in text


def dxf_entities(text: str) -> list[tuple]:
    """Every circle and polyline of a DXF: (type, layer, rounded geometry), sorted."""
    import ezdxf  # here, not at the top: every worker's collection would import it (0.4 s)

    document = ezdxf.read(io.StringIO(text))
    out = []
    for e in document.modelspace():
        if e.dxftype() == "CIRCLE":
            out.append(("CIRCLE", e.dxf.layer, round(e.dxf.center.x, 3), round(e.dxf.center.y, 3),
                        round(e.dxf.radius, 3)))
        else:
            out.append((e.dxftype(), e.dxf.layer, tuple((round(x, 3), round(y, 3)) for x, y in e.get_points("xy"))))
    return sorted(out)


def test_the_dxf_has_every_hole_where_board_json_says(template: ModuleType, outputs: dict, board: dict) -> None:
    committed = template.DXF.read_text()
    assert dxf_entities(outputs[template.DXF]) == dxf_entities(committed), \
        "drill-template.dxf is stale: run python hardware/scripts/drill_template.py"
    assert outputs[template.DXF] == committed, "drill-template.dxf is not what the script writes (the same " \
        "entities, other bytes: another ezdxf?): run python hardware/scripts/drill_template.py"
    height = board["board"]["height_mm"]
    build = board["build"]
    entities = dxf_entities(committed)
    leds = sorted((e[2], round(height - e[3], 3)) for e in entities if e[0] == "CIRCLE" and e[1] == "HOLE_5MM")
    assert leds == sorted((float(x), float(y)) for _, _, x, y in board["holes"])
    assert {(e[1], e[4]) for e in entities if e[0] == "CIRCLE" and e[1].startswith("HOLE_")} == {
        ("HOLE_5MM", build["hole_mm"]["led"] / 2), ("HOLE_7_5MM", build["hole_mm"]["enc"] / 2),
        ("HOLE_12MM", build["hole_mm"]["button"] / 2)}
    layers = {e[1] for e in entities}
    width = build["blank_mm"][0]
    for name, skin in build["skin_mm"].items():
        base = f"POCKET_{name.upper()}_{build['blank_mm'][2] - skin}MM_DEEP_FROM_BELOW"
        x0, y0, x1, y1 = build["pockets"][name]
        for suffix, xs in (("AS_SEEN_FROM_TOP", {x0, x1}), ("MIRRORED_TO_CUT", {width - x0, width - x1})):
            # The copy to cut from below is the top view's mirrored about the vertical centre line.
            (points,) = [e[2] for e in entities if e[1] == f"{base}_{suffix}"]
            assert {x for x, _ in points} == xs and {y for _, y in points} == {height - y0, height - y1}
    assert {"OUTLINE", "DISPLAY_WINDOW"} <= layers


def test_the_dxf_is_the_same_whatever_pythons_hash_seed(template: ModuleType) -> None:
    """ezdxf orders the CLASSES it writes by a set's order: drill_dxf.py fixes it, so every run writes the same
    file (seeds 10 and 11 wrote two orders before)."""
    import subprocess
    import sys

    script = ("import json, drill_dxf, drill_template as d; "
              "print(drill_dxf.dxf(json.loads(d.BOARD_JSON.read_text())), end='')")
    written = {subprocess.run([sys.executable, "-c", script], cwd=SCRIPT_FOLDER, capture_output=True, text=True,
                              check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("10", "11")}
    assert written == {template.DXF.read_text()}


def test_the_edge_holes_are_given_a_size_and_a_height(shapes: ModuleType, top: ModuleType, board: dict) -> None:
    """The left edge's holes open into the power pocket: their centres at its middle height."""
    build = board["build"]
    above = (build["blank_mm"][2] - build["skin_mm"]["power"]) / 2
    texts = [s.text for s in top.top_view(board).shapes if isinstance(s, shapes.Text)]
    assert texts.count(f"centre {above:g} mm above the underside") == len(build["edge_left_y"])
    assert f"{top.JACK_HOLE_MM:g} mm hole (check its datasheet)," in texts


def test_the_dc_jack_is_marked_5v_only_on_the_template_and_the_back_panel(shapes: ModuleType, sheet: ModuleType,
                                                                          top: ModuleType, panel: ModuleType,
                                                                          board: dict) -> None:
    """A 9 or 12 V plug fits J1's jack: the top view and the back panel tell the maker to mark it, and the
    back panel's mark is at the jack's height, by the edge it sits in (the right edge, seen from below)."""
    assert top.JACK_MARKING == "5 V ONLY, centre +"
    texts = [s.text for s in top.top_view(board).shapes if isinstance(s, shapes.Text)]
    assert f"marked beside it: {top.JACK_MARKING};" in texts
    root = ET.fromstring((HARDWARE / "back-panel.svg").read_text())
    marks = [e for e in root.iter(SVG + "text") if top.JACK_MARKING in (e.text or "")]
    assert len(marks) == 1
    width = board["build"]["blank_mm"][0]
    jack_y = board["build"]["edge_left_y"]["jack"] + sheet.MARGIN_MM
    assert abs(float(marks[0].get("y")) - jack_y) < 3
    assert float(marks[0].get("x")) > sheet.MARGIN_MM + width * 0.9 and marks[0].get("text-anchor") == "end"


def test_every_back_panel_screw_is_in_solid_wood_or_a_screw_block(panel: ModuleType, board: dict) -> None:
    """The pockets leave thin rims: each screw keeps its clearance from every pocket and the edges, or lies in a screw
    block (X14) at least that far from the block's edges. The board's left, where the Pico's BOOTSEL is pressed through
    the panel, has one: the band's screws start right of the power pocket."""
    bom = load_script("bom")
    layout = load_script("pocket_layout")
    build = board["build"]
    screws = panel.panel_screws(board)
    blocks = layout.screw_blocks(board)
    assert blocks and len(screws) == bom.PANEL_SCREWS + len(blocks)
    width, height, _ = build["blank_mm"]
    clear = layout.SCREW_CLEARANCE_MM
    for x, y in screws:
        assert clear <= x <= width - clear and clear <= y <= height - clear, (x, y)
        held = [b for b in blocks if min(x - b[0], b[2] - x, y - b[1], b[3] - y) >= clear]
        if held:
            assert panel.pocket_clearance(x, y, build) < 0  # a block stands in a pocket
            continue
        for x0, y0, x1, y1 in build["pockets"].values():
            # Outside the pocket grown by the clearance, or at least that far from its corner.
            dx, dy = max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)
            assert (dx * dx + dy * dy) ** 0.5 >= clear, (x, y)
        assert panel.pocket_clearance(x, y, build) >= clear
    assert len(set(screws)) == len(screws)
    assert min(x for x, _ in screws) < build["pockets"]["power"][2]
    assert all(b[2] - b[0] >= 2 * clear and b[3] - b[1] >= 2 * clear for b in blocks)
    text = (HARDWARE / "back-panel.svg").read_text()
    assert "screw block X14" in text


def test_the_screw_count_is_the_boms(panel: ModuleType, board: dict) -> None:
    import csv

    layout = load_script("pocket_layout")

    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").open())}
    assert int(rows["X4"]["qty"]) == len(panel.panel_screws(board))
    assert int(rows["X14"]["qty"]) == len(layout.screw_blocks(board))
    assert "back-panel.svg" in rows["X2"]["notes"] and "back-panel.svg" in rows["X4"]["notes"]


def test_the_picos_holes_are_at_its_place(panel: ModuleType, board: dict) -> None:
    """Four holes on the datasheet's 11.4 x 47 mm rectangle, inside the Pico's place and its pocket;
    the BOOTSEL hole inside the Pico's place, towards its USB end."""
    build = board["build"]
    x0, y0, x1, y1 = build["parts"]["pico"]
    holes = panel.pico_holes(build)
    assert len(holes) == 4
    for x, y in holes:
        assert x0 < x < x1 and y0 < y < y1
        assert panel.pocket_clearance(x, y, build) < 0  # the spacers stand in a pocket
    xs, ys = sorted({x for x, _ in holes}), sorted({y for _, y in holes})
    assert xs[1] - xs[0] == pytest.approx(11.4) and ys[1] - ys[0] == pytest.approx(47.0)
    bx, by = panel.bootsel_hole(build)
    radius = panel.BOOTSEL_HOLE_MM / 2
    assert x0 < bx - radius and bx + radius < x1 and (y0 + y1) / 2 < by < y1


def test_the_back_panel_is_drawn_from_below_in_the_svg_and_the_dxf(template: ModuleType, sheet: ModuleType,
                                                                   panel: ModuleType, dxf_writer: ModuleType,
                                                                   outputs: dict, board: dict) -> None:
    """The SVG mirrors the holes left to right (seen from below); the DXF mirrors them the same way,
    on their own layers, as the pockets' copies to cut."""
    bom = load_script("bom")
    build = board["build"]
    width, height, _ = build["blank_mm"]
    margin = sheet.MARGIN_MM
    expected = {(kind, round(width - x, 2), round(y, 2), d) for kind, (x, y), d in
                [("screw", xy, panel.PANEL_SCREW_HOLE_MM) for xy in panel.panel_screws(board)]
                + [("countersink", xy, bom.COUNTERSINK_MM) for xy in panel.panel_screws(board)]
                + [("pico_hole", xy, panel.PICO_PANEL_HOLE_MM) for xy in panel.pico_holes(build)]
                + [("bootsel", panel.bootsel_hole(build), panel.BOOTSEL_HOLE_MM)]}
    root = ET.fromstring(template.BACK_SVG.read_text())
    layers = dxf_writer.BACK_PANEL_LAYERS
    drawn = {(c.get("class"), round(float(c.get("cx")) - margin, 2), round(float(c.get("cy")) - margin, 2),
              2 * float(c.get("r"))) for c in root.iter(SVG + "circle") if c.get("class") in layers}
    assert drawn == expected
    assert template.BACK_SVG.read_text() == outputs[template.BACK_SVG]
    entities = dxf_entities(template.DXF.read_text())
    in_dxf = {(kind, e[2], round(height - e[3], 2), round(2 * e[4], 3)) for e in entities if e[0] == "CIRCLE"
              for kind, name in layers.items() if e[1] == name}
    assert in_dxf == expected
    (outline,) = [e[2] for e in entities if e[1] == layers["outline"]]
    assert set(outline) == {(0, 0), (width, 0), (width, height), (0, height)}
    assert all(name.startswith("BACK_PANEL_") and name.endswith("_SEEN_FROM_BELOW")
               for name in layers.values())


def test_the_tools_list_has_a_drill_for_every_hole(top: ModuleType, panel: ModuleType, board: dict) -> None:
    """BUILD.md's tools list names the drills the holes need, no more, no fewer: the top's holes (board.json),
    the back panel's (the Pico's M2, BOOTSEL, the screws), the DC jack's and the screws' pilot holes."""
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    listed = re.search(r"drills of ([\d., ]+) and ([\d.]+) mm", build)
    assert listed, "the tools list's drills"
    drills = {float(d) for d in listed.group(1).split(", ")} | {float(listed.group(2))}
    needed = set(board["build"]["hole_mm"].values()) | {
        panel.PICO_PANEL_HOLE_MM, panel.BOOTSEL_HOLE_MM, panel.PANEL_SCREW_HOLE_MM, top.JACK_HOLE_MM,
        load_script("bom").PILOT_HOLE_MM}
    assert drills == needed, sorted(drills ^ needed)


def test_build_md_tells_cnc_users_the_edge_holes_the_dxf_lacks(top: ModuleType, board: dict) -> None:
    """The DXF draws what is cut from the top and from below; J1's and J2's holes go into the left edge, and it has no
    mark for them: BUILD.md gives their places from board.json."""
    build = board["build"]
    text = " ".join((HARDWARE / "BUILD.md").read_text().split())
    usb, jack = build["edge_left_y"]["usb"], build["edge_left_y"]["jack"]
    assert f"The DXF has no marks for the holes in the left edge: mark them by hand. J2's centre is {usb:g} mm and " \
        f"J1's (adapter build) {jack:g} mm from the top edge, each {top.edge_hole_height(build):g} mm above the " \
        "underside" in text
    assert "power entry's perfboard" not in (HARDWARE / "bom.csv").read_text()


def test_the_feeds_are_drawn_far_enough_apart_to_read(underside: ModuleType, board: dict) -> None:
    """The four feeds from the star point to the chain's ends once ran 1.1 mm apart above the star point: side by side,
    each runs at least a power wire's room (pocket_layout.POWER_WIRE_MM, 2.5 mm) from the others and from the last
    row's bus, and each ends on the star point's edge."""
    layout = load_script("pocket_layout")
    routes = underside.feed_routes(board)
    assert len(routes) == 4 and underside.FEED_GAP_MM >= layout.POWER_WIRE_MM
    width = board["build"]["blank_mm"][0]
    star = layout.places(board)["star"].box
    x0, y0, x1, y1 = width - star[2], star[1], width - star[0], star[3]  # mirrored, as drawn
    runs = []  # every straight run, each with its feed's index; the stub from the bus's joint aside
    for i, (_, points) in enumerate(routes):
        end_x, end_y = points[-1]
        assert (x0 <= end_x <= x1 and end_y == y0) or (end_x == x1 and y0 <= end_y <= y1), points
        runs += [(i, a, b) for a, b in zip(points[1:], points[2:], strict=False)]
    last_bus = max(y for y, _ in underside.rows(board)) + underside.BUS_OFFSET_MM
    for _, (_, ay), (_, by) in runs:
        if ay == by and ay > last_bus:
            assert ay - last_bus >= layout.POWER_WIRE_MM - 1e-9, ay
    for (i, a, b), (j, c, d) in itertools.combinations(runs, 2):
        for axis in (0, 1):  # both along x (axis 0: the same y all along), or both along y
            other = 1 - axis
            if i != j and a[other] == b[other] and c[other] == d[other]:
                overlap = min(max(a[axis], b[axis]), max(c[axis], d[axis])) - max(min(a[axis], b[axis]),
                                                                                   min(c[axis], d[axis]))
                if overlap > 0:
                    assert abs(a[other] - c[other]) >= layout.POWER_WIRE_MM - 1e-9, (a, b, c, d)


def test_the_data_wire_to_led_1_ends_on_its_din_lead(template: ModuleType, sheet: ModuleType, board: dict) -> None:
    """The underside view's data wire from the shifter ends on LED 1's DIN lead, not between its +5V and GND."""
    root = ET.fromstring(template.UNDERSIDE_SVG.read_text())
    margin, width = sheet.MARGIN_MM, board["build"]["blank_mm"][0]
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    x, y = where[tuple(board["leds"]["chain"][0])]
    leads = {c.get("class"): (float(c.get("cx")), float(c.get("cy"))) for c in root.iter(SVG + "circle")
             if (c.get("class") or "").startswith("lead") and float(c.get("r")) < 0.5
             and abs(float(c.get("cx")) - margin - (width - x)) < 3 and abs(float(c.get("cy")) - margin - y) < 0.01}
    assert sorted(leads) == ["lead0", "lead1", "lead2", "lead3"]
    data = [line for line in root.iter(SVG + "line") if line.get("stroke") == "#2ca02c"]
    ends = {(float(line.get(f"x{i}")), float(line.get(f"y{i}"))) for line in data for i in (1, 2)}
    assert leads["lead0"] in ends  # DIN
    assert not {leads["lead1"], leads["lead2"], (float(round((leads["lead1"][0] + leads["lead2"][0]) / 2, 2)),
                                                 leads["lead1"][1])} & ends


def label_box(shapes: ModuleType, t: Any) -> tuple[float, float, float, float]:
    """The room a label takes as the generator estimates it: CHAR_WIDTH of its size a character, ASCENT of it above
    the baseline and DESCENT below."""
    width = shapes.CHAR_WIDTH * t.size * len(t.text)
    x0 = t.x - {"start": 0, "middle": width / 2, "end": width}[t.anchor]
    return x0, t.y - shapes.ASCENT * t.size, x0 + width, t.y + shapes.DESCENT * t.size


def meets(box: tuple[float, float, float, float], x0: float, y0: float, x1: float, y1: float, width: float) -> bool:
    """Whether a stroke ``width`` wide from (x0, y0) to (x1, y1) touches the box: the segment sampled finely enough
    that no sample step is longer than half the stroke's width, each sample checked against the box grown by half
    the width."""
    grown = (box[0] - width / 2, box[1] - width / 2, box[2] + width / 2, box[3] + width / 2)
    if max(x0, x1) < grown[0] or min(x0, x1) > grown[2] or max(y0, y1) < grown[1] or min(y0, y1) > grown[3]:
        return False
    steps = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / (width / 2)))
    return any(grown[0] <= x0 + (x1 - x0) * i / steps <= grown[2] and grown[1] <= y0 + (y1 - y0) * i / steps
               <= grown[3] for i in range(steps + 1))


def drawn_over(shapes: ModuleType, box: tuple[float, float, float, float], s: object) -> bool:
    """Whether a line, a rectangle's outline, a circle (as a disc, its centre cross too) of the drawing touches
    ``box``; stroke widths as ``svg`` draws them."""
    if isinstance(s, shapes.Line):
        return meets(box, s.x0, s.y0, s.x1, s.y1, s.width)
    if isinstance(s, shapes.Rect):
        corners = [(s.x0, s.y0), (s.x1, s.y0), (s.x1, s.y1), (s.x0, s.y1)]
        return any(meets(box, *a, *b, 0.35) for a, b in zip(corners, corners[1:] + corners[:1], strict=True))
    assert isinstance(s, shapes.Circle)
    r = s.d / 2 + 0.125
    nearest = (min(max(s.x, box[0]), box[2]), min(max(s.y, box[1]), box[3]))
    arm = s.d / 2 + 1
    return math.dist(nearest, (s.x, s.y)) <= r or s.cross and (
        meets(box, s.x - arm, s.y, s.x + arm, s.y, 0.15) or meets(box, s.x, s.y - arm, s.x, s.y + arm, 0.15))


def test_no_line_or_mark_crosses_a_label_of_the_underside_view(shapes: ModuleType, underside: ModuleType,
                                                               board: dict) -> None:
    """A maker reads the underside view while soldering: no wire, outline, lead, dot or + mark (the sheets'
    registration crosses) crosses any label's text, as the generator estimates its room (its size and number of
    characters); only a line of the label's own (a leader, ``Line.of``) may."""
    view = underside.underside_view(board)
    texts = [s for s in view.shapes if isinstance(s, shapes.Text)]
    drawn = [s for s in view.shapes if not isinstance(s, shapes.Text)]
    assert len(texts) > 50 and any(s.layer == "mark" for s in drawn)
    crossed = [(t.text, s) for t in texts for s in drawn
               if drawn_over(shapes, label_box(shapes, t), s) and getattr(s, "of", "") != t.text]
    assert not crossed, "\n".join(f"{text!r} is crossed by {s}" for text, s in crossed)


def test_no_two_labels_of_the_underside_view_overlap(shapes: ModuleType, underside: ModuleType, board: dict) -> None:
    """Nor does any label's text run into another's."""
    view = underside.underside_view(board)
    boxes = [(s.text, label_box(shapes, s)) for s in view.shapes if isinstance(s, shapes.Text)]
    overlapping = [(a, b) for (a, p), (b, q) in itertools.combinations(boxes, 2)
                   if p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]]
    assert not overlapping, overlapping


def test_the_smallest_underside_text_and_the_screw_blocks_gaps_are_what_build_md_says(board: dict) -> None:
    """The underside view's smallest text is readable with the magnifier (1.5 mm or more) and BUILD.md gives its size;
    the screw block's gaps to C243 and to player 1's button are a power wire's width, and BUILD.md places the block by
    measure from the button's hole (the review: a 2.5 mm gap a maker cannot see on paper, labels of 1.5 mm)."""
    layout = load_script("pocket_layout")
    svg = (HARDWARE / "drill-underside.svg").read_text()
    smallest = min(float(size) for size in re.findall(r'font-size="([0-9.]+)"', svg))
    assert smallest >= 1.5
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"The underside view's smallest text, in the crowded power pocket, is {smallest:.1f} mm" in build
    laid = {name: place.box for name, place in layout.places(board).items()}
    block, c243, p1 = laid["screw block"], laid["C243"], layout.bodies(board)["p1"]
    gap = layout.WIRE_GAP_MM
    assert block[1] - c243[3] == gap == p1[1] - block[3] == layout.POWER_WIRE_MM
    face = (p1[1] + p1[3]) / 2 - block[3]  # from the button hole's centre to the block's face
    hole = board["build"]["hole_mm"]["button"] / 2
    assert f"are {gap:g} mm, one power wire's width and no more" in build
    assert f"button goes {face:g} mm from the centre of the button's hole ({face - hole:g} mm from the hole's edge)" \
        in build
