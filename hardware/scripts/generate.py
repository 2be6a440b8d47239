"""Regenerate everything in hardware/ that is written from board.json, in order.

Run ``python hardware/scripts/generate.py`` (in the project's environment) after changing
``make_board.py``: board.json first, then the power tables, wiring overview, drilling template,
netlists (with their ERC), schematics, BUILD.md's table of the power pocket's places and note of
the supply runs, and BOM. The tests check each file against its script.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = ("make_board", "power_table", "draw_wiring", "drill_template", "circuit", "draw_schematic", "pocket_layout",
           "bom")

if __name__ == "__main__":
    argparse.ArgumentParser(
        description="Regenerate everything in hardware/ that is written from board.json, in order.").parse_args()
    for script in SCRIPTS:
        subprocess.run([sys.executable, str(HERE / f"{script}.py")], check=True)
