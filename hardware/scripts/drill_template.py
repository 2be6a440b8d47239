"""Write the 1:1 drilling template's files from ``hardware/board.json``, in millimetres.

Run ``python hardware/scripts/drill_template.py`` after changing board.json. It writes

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

The views are drawn by drill_top_view.py, drill_underside_view.py and drill_back_panel.py, with
drill_shapes.py's shapes, in drill_sheet.py's frame; drill_svg.py, drill_pdf.py and drill_dxf.py write them.

Tests regenerate every file and compare it with the committed one, and find a hole on each
(SVG, PDF and DXF) at the position board.json gives.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from drill_back_panel import back_panel_view
from drill_dxf import dxf
from drill_pdf import PAPERS, pdf
from drill_svg import svg
from drill_top_view import top_view
from drill_underside_view import underside_view

HARDWARE = Path(__file__).resolve().parent.parent  # hardware/, above scripts/: the files read and written
BOARD_JSON = HARDWARE / "board.json"
TOP_SVG = HARDWARE / "drill-template.svg"
UNDERSIDE_SVG = HARDWARE / "drill-underside.svg"
BACK_SVG = HARDWARE / "back-panel.svg"
DXF = HARDWARE / "drill-template.dxf"
PDFS = {paper: HARDWARE / f"drill-template-{paper}.pdf" for paper in PAPERS}


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
