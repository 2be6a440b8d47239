"""hardware/wiring.svg is what hardware/draw_wiring.py draws from board.json, and shows every pin."""

from __future__ import annotations

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HARDWARE = ROOT / "hardware"


def load_drawer():
    spec = importlib.util.spec_from_file_location("draw_wiring", HARDWARE / "draw_wiring.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_svg_is_regenerated_identically() -> None:
    board = json.loads((HARDWARE / "board.json").read_text())
    assert load_drawer().render(board) == (HARDWARE / "wiring.svg").read_text()


def test_svg_is_well_formed_and_names_every_pin() -> None:
    board = json.loads((HARDWARE / "board.json").read_text())
    root = ET.fromstring((HARDWARE / "wiring.svg").read_text())
    labels = {element.text for element in root.iter("{http://www.w3.org/2000/svg}text")}
    pins = board["pins"]
    numbers = [pins["led_data"], pins["encoder_a"], pins["encoder_b"], pins["encoder_switch"],
               *pins["buttons"].values(), pins["i2c"]["sda"], pins["i2c"]["scl"]]
    for number in numbers:
        assert f"GP{number}" in labels
    holes = [e for e in root.iter("{http://www.w3.org/2000/svg}circle")]
    assert len(holes) == len(board["holes"]) + len(board["controls"])
