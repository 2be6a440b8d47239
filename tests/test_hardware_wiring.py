"""hardware/wiring.svg is what hardware/scripts/draw_wiring.py draws from board.json, and shows every pin."""

from __future__ import annotations

import json
import re
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
    for name, number in (("VBUS", 40), ("VSYS", 39), ("3V3", 36), ("GND", 38), ("GND", 3)):  # the Pico's pinout
        assert f"{name} ({number})" in labels
    holes = [e for e in root.iter("{http://www.w3.org/2000/svg}circle")]
    assert len(holes) == len(board["holes"]) + len(board["controls"])


def test_the_supply_wires_follow_power_md() -> None:
    """The USB build: the LEDs' 5 V from VBUS through U3, enabled by GP3, /FAULT on GP6; the adapter:
    VSYS through D1. Both builds are drawn; a wire only one of them has is dashed, and starts at the
    pin power.md names."""
    power = (HARDWARE / "power.md").read_text()
    assert "VBUS pin (pin 40)" in power and "VSYS (pin 39)" in power
    board = json.loads((HARDWARE / "board.json").read_text())
    led_power = board["pins"].get("led_power", load_script("make_board").LED_POWER_PINS)
    root = ET.fromstring((HARDWARE / "wiring.svg").read_text())
    svg = "{http://www.w3.org/2000/svg}"
    pins = ("VBUS (40)", "VSYS (39)", f"GP{led_power['enable']}", f"GP{led_power['fault']}")
    rows = {e.text: float(e.get("y")) - 4 for e in root.iter(svg + "text") if e.text in pins}
    assert len(rows) == len(pins)
    dashed_starts = {float(e.get("y1")) for e in root.iter(svg + "line") if e.get("stroke-dasharray")}
    assert set(rows.values()) <= dashed_starts


def test_every_part_of_both_netlists_is_named() -> None:
    """Every part of both builds (but the LEDs and their capacitors, drawn as the chain) is named in
    the drawing by its reference, so the overview cannot leave a supply part or the filter out."""
    board = json.loads((HARDWARE / "board.json").read_text())
    root = ET.fromstring((HARDWARE / "wiring.svg").read_text())
    words = set()
    for element in root.iter("{http://www.w3.org/2000/svg}text"):
        words |= set(re.findall(r"[A-Z]+\d+", element.text or ""))
    count = board["leds"]["count"]
    chain = {f"LED{n}" for n in range(1, count + 1)} | {f"C{n}" for n in range(1, count + 1)}
    for variant in ("usb", "adapter"):
        netlist = (HARDWARE / f"netlist-{variant}.txt").read_text()
        parts = set(re.findall(r"\b([A-Z]+\d+)\.\d+\(", netlist)) - chain
        assert parts <= words, (variant, sorted(parts - words))
