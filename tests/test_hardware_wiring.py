"""hardware/wiring.svg is what hardware/draw_wiring.py draws from board.json, and shows every pin."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from hardware_scripts import HARDWARE, load_script


def test_committed_svg_is_regenerated_identically() -> None:
    board = json.loads((HARDWARE / "board.json").read_text())
    assert load_script("draw_wiring").render(board) == (HARDWARE / "wiring.svg").read_text()


def test_svg_is_well_formed_and_names_every_pin() -> None:
    board = json.loads((HARDWARE / "board.json").read_text())
    root = ET.fromstring((HARDWARE / "wiring.svg").read_text())
    labels = {element.text for element in root.iter("{http://www.w3.org/2000/svg}text")}
    pins = board["pins"]
    numbers = [pins["led_data"], pins["encoder_a"], pins["encoder_b"], pins["encoder_switch"],
               *pins["buttons"].values(), pins["i2c"]["sda"], pins["i2c"]["scl"]]
    for number in numbers:
        assert f"GP{number}" in labels
    for name, number in (("VBUS", 40), ("VSYS", 39), ("3V3", 36), ("GND", 38)):  # the Pico's pinout
        assert f"{name} ({number})" in labels
    holes = [e for e in root.iter("{http://www.w3.org/2000/svg}circle")]
    assert len(holes) == len(board["holes"]) + len(board["controls"])


def test_the_supply_wires_follow_power_md() -> None:
    """USB only: the LEDs' 5 V from VBUS; the adapter: VSYS through the diode. Both are drawn,
    dashed (one or the other), at the pins power.md names."""
    power = (HARDWARE / "power.md").read_text()
    assert "VBUS pin (pin 40)" in power and "VSYS (pin 39)" in power
    root = ET.fromstring((HARDWARE / "wiring.svg").read_text())
    svg = "{http://www.w3.org/2000/svg}"
    rows = {e.text: float(e.get("y")) - 4 for e in root.iter(svg + "text") if e.text in ("VBUS (40)", "VSYS (39)")}
    dashed_ends = {float(e.get("y2")) for e in root.iter(svg + "line") if e.get("stroke-dasharray")}
    assert set(rows.values()) <= dashed_ends
