"""Draw ``hardware/wiring.svg`` from ``hardware/board.json``: the LED chain as wired, the
controls, and the Pico with every connection the firmware expects. An overview, not to scale:
the 1:1 drilling template is ``drill_template.py``'s, the full circuit ``schematic-*.svg``.

Run ``python hardware/scripts/draw_wiring.py`` after changing board.json; a test regenerates the
drawing and compares it with the committed file, so the two never disagree.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Mapping
from pathlib import Path
from xml.sax.saxutils import escape

import i2c_bus
from control_filters import FILTERS, ohms
from make_board import LED_POWER_PINS
from supply_model import CHARGER_MA, J2_RATED_MA

HARDWARE = Path(__file__).resolve().parent.parent  # hardware/, above scripts/: the files read and written
BOARD_JSON = HARDWARE / "board.json"
WIRING_SVG = HARDWARE / "wiring.svg"

SCALE = 2.5  # px per mm on the board drawing
MARGIN = 20  # px around the board
TRACK_COLOURS = ("#d62728", "#1f77b4")
WIRE = {"data": "#2ca02c", "power": "#d62728", "ground": "#222222", "signal": "#9467bd", "i2c": "#ff7f0e"}
# The Pico's power pins in use: (name, physical pin, label, wire colour). Which of VBUS and VSYS
# is wired depends on the supply (power.md): the USB build takes the LEDs' 5 V from VBUS through
# the switch U3; the adapter build feeds VSYS through F4 and D1 and leaves VBUS open.
POWER_PINS = (
    ("VBUS", 40, "USB 5 V", WIRE["power"]),
    ("VSYS", 39, "5 V in", WIRE["power"]),
    ("3V3", 36, "3.3 V out", WIRE["power"]),
    ("GND", 38, "ground", WIRE["ground"]),
    ("GND", 3, "ground, 2nd", WIRE["ground"]),  # each its own way: one broken, the other still returns the supply
)
# The Pico's rows wired to a supply box: label -> (the build that has the wire, its line in the
# box), or ("", 0) for ground, which goes to the star point of both.
SUPPLY_ROWS = {"LED switch EN": ("usb", 2), "LED switch /FAULT": ("usb", 3), "USB 5 V": ("usb", 0),
               "5 V in": ("adapter", 6), "ground": ("", 0), "ground, 2nd": ("", 0)}
SUPPLY_GROUND_ROW = {"usb": 5, "adapter": 5}  # the line naming the star ground in each box
CONTROL_LABELS = {"enc": "encoder ENC1", "p1": "p1 SW1", "p2": "p2 SW2", "back": "back SW3"}  # as circuit.py
SUPPLY_W = 320  # px: each supply box
PANEL_W = 150 + 140 + 50 + SUPPLY_W + 20  # px right of the board: shifter, Pico, gap, supplies, margin
ONE_OR_OTHER = "5,3"  # dash pattern of the wires only one build has


def px(mm: float) -> float:
    """Board millimetres to drawing pixels (board origin at the margin)."""
    return round(MARGIN + mm * SCALE, 1)


def text(x: float, y: float, label: str, size: int = 11, anchor: str = "start", weight: str = "normal") -> str:
    """An SVG text element."""
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}">'
            f"{escape(label)}</text>")


def line(x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1.5, dash: str = "") -> str:
    """An SVG line (a wire)."""
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="{width}"'
            f'{dashes} fill="none"/>')


def box(x: float, y: float, w: float, h: float, title: str, fill: str = "#f4f4f4") -> list[str]:
    """A titled rectangle (a part)."""
    return [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{fill}" stroke="#444"/>',
            text(x + w / 2, y + 15, title, 12, "middle", "bold")]


def draw_board(board: dict) -> list[str]:
    """The board outline, the holes coloured by track, and the chain drawn in wire order."""
    width, height = board["board"]["width_mm"], board["board"]["height_mm"]
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    out = [f'<rect x="{MARGIN}" y="{MARGIN}" width="{width * SCALE}" height="{height * SCALE}" rx="10" '
           f'fill="#e8d2a6" stroke="#8b5a2b" stroke-width="2"/>']
    chain = [tuple(pair) for pair in board["leds"]["chain"]]
    points = " ".join(f"{px(where[p][0])},{px(where[p][1])}" for p in chain)
    chain_line = (f'<polyline points="{points}" fill="none" stroke="{WIRE["data"]}" stroke-width="1.2" '
                  f'stroke-opacity="0.9"/>')
    radius = board["build"]["hole_mm"]["led"] / 2 * SCALE  # holes at their real size, the chain drawn over them
    for (track, hole), (x, y) in sorted(where.items()):
        out.append(f'<circle cx="{px(x)}" cy="{px(y)}" r="{radius}" fill="{TRACK_COLOURS[track]}" '
                   f'fill-opacity="0.6"/>')
        if hole % 5 == 0 or hole in (1, 121):
            out.append(text(px(x), px(y) - 6, str(hole), 7, "middle"))
    out.append(chain_line)
    first, last = where[chain[0]], where[chain[-1]]
    # LEDs counted from 1 as in BUILD.md and the schematics (the firmware counts from 0).
    out.append(text(px(first[0]) - 8, px(first[1]) - 10, "DIN (LED 1)", 10, "end", "bold"))
    out.append(text(px(last[0]) - 8, px(last[1]) + 4, f"LED {len(chain)}", 10, "end", "bold"))
    for x, y in (first, last):  # power is fed at both ends of the chain
        out.append(text(px(x) - 8, px(y) + (16 if (x, y) == first else 18), "+5 V, GND in", 9, "end"))
    for name, (x, y) in sorted(board["controls"].items()):
        radius = 9 * SCALE / 2 if name == "enc" else 6 * SCALE / 2
        out.append(f'<circle cx="{px(x)}" cy="{px(y)}" r="{radius}" fill="#bbb" stroke="#333"/>')
        out.append(text(px(x), px(y) + radius + 12, CONTROL_LABELS[name], 10, "middle", "bold"))
    legend_y = px(height) + 16
    out.append(text(MARGIN, legend_y, "holes: track 1 (red), track 2 (blue); green line: the LED data chain "
                                      "in wire order. Not to scale: drill from drill-template-*.pdf", 10))
    return out


def draw_parts(board: dict) -> list[str]:
    """The Pico, level shifter, both supplies and the connections to the board's controls."""
    pins = board["pins"]
    led_power = pins.get("led_power", LED_POWER_PINS)  # board.json holds them for a USB build only
    left = px(board["board"]["width_mm"]) + 40
    out: list[str] = []
    # Raspberry Pi Pico with the pins in use.
    pico_x, pico_y, pico_h = left + 150, MARGIN, 290
    out += box(pico_x, pico_y, 140, pico_h, "Raspberry Pi Pico (U1)")
    rows = [
        (f"GP{pins['led_data']}", "LED data", WIRE["data"]),
        (f"GP{pins['encoder_a']}", "encoder A", WIRE["signal"]),
        (f"GP{pins['encoder_b']}", "encoder B", WIRE["signal"]),
        (f"GP{pins['encoder_switch']}", "encoder switch", WIRE["signal"]),
    ]
    rows += [(f"GP{number}", f"button {name}", WIRE["signal"]) for name, number in sorted(pins["buttons"].items())]
    i2c = pins["i2c"]
    rows += [(f"GP{i2c['sda']}", f"I2C{i2c['id']} SDA", WIRE["i2c"]), (f"GP{i2c['scl']}", f"I2C{i2c['id']} SCL",
                                                                         WIRE["i2c"])]
    rows += [(f"GP{led_power['enable']}", "LED switch EN", WIRE["signal"]),
             (f"GP{led_power['fault']}", "LED switch /FAULT", WIRE["signal"])]
    rows += [(f"{name} ({number})", label, colour) for name, number, label, colour in POWER_PINS]
    pin_y = {}
    for i, (pin, label, colour) in enumerate(rows):
        y = pico_y + 36 + i * 16
        pin_y[label] = y
        out.append(text(pico_x + 8, y + 4, pin, 10, "start", "bold"))
        out.append(text(pico_x + 132, y + 4, label, 9, "end"))
        if label not in SUPPLY_ROWS:  # the supply's wires leave on the right, towards the supply boxes
            out.append(line(pico_x - 12, y, pico_x, y, colour, 2))
    # Controls: every switch closes to ground, each through its RC filter at the pin (control_filters.py); the
    # pins' own pull-ups on all, the encoder's A and B also an external one (Bourns' filter).
    controls = board["controls"]
    wires = (("encoder A", "enc", -6), ("encoder B", "enc", 0), ("encoder switch", "enc", 6),
             *((f"button {b}", b, 0) for b in sorted(pins["buttons"])))
    for i, (label, name, dx) in enumerate(wires):
        # Route round the LED rows: left of the Pico, down to below the rows, across, up.
        x, y = controls[name]
        bus_x = pico_x - 20 - 6 * i
        bus_y = px(y) - 30 - 5 * i
        path = [(pico_x - 12, pin_y[label]), (bus_x, pin_y[label]), (bus_x, bus_y), (px(x) + dx, bus_y),
                (px(x) + dx, px(y))]
        points = " ".join(f"{a},{b}" for a, b in path)
        out.append(f'<polyline points="{points}" fill="none" stroke="{WIRE["signal"]}" stroke-width="1"/>')
    # The filters sit on every control's wire right at its pin (the runs' first few pixels).
    top, bottom = pin_y[wires[0][0]] - 5, pin_y[wires[-1][0]] + 5
    out.append(f'<rect x="{pico_x - 19}" y="{top}" width="6" height="{bottom - top}" fill="#fff" stroke="#444"/>')
    out.append(text(pico_x - 16, top - 2, "RC", 7, "middle"))
    for i, note in enumerate(filter_notes()):
        out.append(text(pico_x - 150, pico_y + pico_h + 112 + 12 * i, note, 9))
    # Data path: GP -> 74AHCT125 (3.3 V -> 5 V) -> 330 ohm -> DIN of the first LED.
    shifter_x, shifter_y = left, MARGIN + 10
    out += box(shifter_x, shifter_y, 120, 86, "74AHCT125 (U2)")
    out.append(text(shifter_x + 60, shifter_y + 32, "3.3 V -> 5 V, VCC 5 V", 9, "middle"))
    out.append(text(shifter_x + 60, shifter_y + 46, "1OE: GND; unused: VCC", 9, "middle"))
    out.append(text(shifter_x + 60, shifter_y + 60, "C244 100 nF at VCC", 9, "middle"))
    out.append(text(shifter_x + 60, shifter_y + 74, "R12 22 k from 1A to GND", 9, "middle"))
    out.append(line(pico_x - 12, pin_y["LED data"], shifter_x + 120, shifter_y + 30, WIRE["data"], 2))
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    first = where[tuple(board["leds"]["chain"][0])]
    out.append(line(shifter_x, shifter_y + 30, px(first[0]), px(first[1]), WIRE["data"], 2))
    out.append(text(shifter_x - 6, shifter_y + 24, "R1 330 ohm in series", 9, "end"))
    out += draw_supplies(board, pico_x + 140, pin_y)
    # Optional display.
    oled_x, oled_y = pico_x, pico_y + pico_h + 30
    out += box(oled_x, oled_y, 140, 62, "SSD1306 OLED (DISP1)")
    out.append(text(oled_x + 70, oled_y + 32, "optional; I2C 0x3C/0x3D, 3V3", 9, "middle"))
    out.append(text(oled_x + 70, oled_y + 46, f"R6, R7 {ohms(i2c_bus.PULL_UP_OHMS, ' k')} to 3V3, always", 9,
                    "middle"))
    out.append(text(oled_x + 70, oled_y + 58, "(400 kHz over 0.4 m of wire)", 9, "middle"))
    out.append(line(oled_x + 40, oled_y, oled_x + 40, pin_y[f"I2C{i2c['id']} SCL"] + 8, WIRE["i2c"], 1.5))
    return out


def filter_notes() -> list[str]:
    """The controls' RC filters, every part named by its reference (control_filters.py), in short lines."""
    roles: dict[str, list[str]] = {}
    for f in FILTERS.values():
        if f.pull_up is not None and f.pull_up_ohms is not None:
            roles.setdefault(f"{ohms(f.pull_up_ohms, ' k')} pull-ups to 3V3", []).append(f.pull_up)
        roles.setdefault(f"{ohms(f.series_ohms, ' k')} in series", []).append(f.series)
    for f in FILTERS.values():
        roles.setdefault(f"{f.nanofarads} nF to GND", []).append(f.capacitor)
    lines = ["RC filter at each control's pin (RC):"]
    for role, refs in roles.items():
        lines += textwrap.wrap(f"{', '.join(refs)} {role}", 34)
    return [*lines, "and the RP2040's own pull-ups"]


def supply_boxes(led_power: dict) -> dict[str, tuple[str, list[str]]]:
    """Each build's supply as netlist-*.txt has it: its title and lines (SUPPLY_ROWS points wires at them)."""
    enable, fault = f"GP{led_power['enable']}", f"GP{led_power['fault']}"
    return {
        "usb": ('USB build: SUPPLY = "usb"', [
            "VBUS (40) -> F2 PTC 0.5 A -> U3 TPS2553 IN; C247 to GND",
            "U3 OUT -> +5V_LED: C243 1000 uF, U2 VCC, LED bus",
            f"U3 EN <- {enable}; R9 100 k to GND: off until the firmware",
            f"U3 /FAULT -> {fault}; R10 10 k to 3V3",
            "U3 ILIM: R8 66.5 k 1 % to GND (limit 0.35-0.45 A)",
            "U3 GND and C243's minus: the star ground",
            "VSYS (39) open; J2 panel socket to the Pico's USB",
            f"supply_ma 400: power it from a USB charger, {CHARGER_MA[1] / 1000:g} A, no more",
            f"J2's VBUS and GND rated {J2_RATED_MA / 1000:g} A or more (nothing else limits",
            "a short ahead of F2 but the charger)",
        ]),
        "adapter": ('Adapter build: SUPPLY = "adapter"', [
            "J1 (5 V ONLY) tip -> F1 T3.15A -> Q1 drain (+5V_FUSED)",
            "C253 47 uF 35 V bipolar: +5V_FUSED to GND (damping)",
            "Q1, Q2 sources joined; Q2 drain -> +5V_LED: C243, U2, LEDs",
            "Q1, Q2 gates: R11 10 k to GND; a reversed plug: Q1 off",
            "over 5.7 V: U4 (R13, R14, R15, C248, D2) turns Q3",
            "(R16, R17) on, Q3 turns Q1 and Q2 off: Q2 blocks",
            "J1 sleeve (not its switch lug): the star ground",
            "+5V_LED -> F4 PTC -> D1 1N5819 -> VSYS (39)",
            f"VBUS (40) open; {enable}, {fault} unused",
            "J2: data, and the Pico's supply with USB alone (no LEDs)",
            "supply_ma 2500: a 5 V 2.5 A LPS adapter, centre +",
        ]),
    }


def draw_supplies(board: dict, pico_right: float, pin_y: Mapping[str, float]) -> list[str]:
    """The two supplies side by side with the Pico's pins they use, as in netlist-usb.txt and
    netlist-adapter.txt. Wires one build only has are dashed."""
    x, width = pico_right + 50, SUPPLY_W
    variant = board["supply"]["variant"]
    boxes = supply_boxes(board["pins"].get("led_power", LED_POWER_PINS))
    out: list[str] = []
    tops: dict[str, float] = {}
    y = MARGIN
    for name, (title, lines) in boxes.items():
        chosen = " (chosen)" if name == variant else ""  # the build board.json describes
        height = 30 + 14 * len(lines)
        out += box(x, y, width, height, title + chosen, "#fde8e8" if chosen else "#f4f4f4")
        for i, note in enumerate(lines):
            out.append(text(x + 8, y + 34 + 14 * i, note, 9))
        tops[name] = y
        y += height + 14
    both = ("Both: +5V_LED and GND fed at both chain ends (LED 1", "and the last LED); every ground on its own wire",
            "to the star point at C243, the Pico's on two (pins 38",
            "and 3, each its own way). Dashed: one build only.")
    for i, note in enumerate(both):
        out.append(text(x, y + 8 + 14 * i, note, 9))
    # Each pin's wire ends at the line of its box that names it.
    for label, (name, row) in SUPPLY_ROWS.items():
        colour = WIRE["ground"] if label.startswith("ground") else WIRE["power"] if "5 V" in label else WIRE["signal"]
        out.append(line(pico_right, pin_y[label], pico_right + 12, pin_y[label], colour, 2))
        targets = [(name, row)] if name else [(n, SUPPLY_GROUND_ROW[n]) for n in boxes]
        for box_name, box_row in targets:
            end_y = tops[box_name] + 30 + 14 * box_row
            out.append(line(pico_right + 12, pin_y[label], x, end_y, colour, 1.5, ONE_OR_OTHER if name else ""))
    return out


def render(board: dict) -> str:
    """The whole SVG document for ``board``."""
    width, height = board["board"]["width_mm"], board["board"]["height_mm"]
    canvas_w = round(px(width) + 40 + PANEL_W)
    canvas_h = round(max(px(height) + 40, 470))
    body = draw_board(board) + draw_parts(board)
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{canvas_w}" height="{canvas_h}" '
        f'viewBox="0 0 {canvas_w} {canvas_h}" font-family="sans-serif">',
        f"<title>Cribbage board wiring (generated from board.json version {board['version']})</title>",
        f'<rect width="{canvas_w}" height="{canvas_h}" fill="white"/>',
        *body,
        "</svg>",
        "",
    ])


if __name__ == "__main__":
    argparse.ArgumentParser(
        description="Draw hardware/wiring.svg, the wiring overview, from hardware/board.json.").parse_args()
    WIRING_SVG.write_text(render(json.loads(BOARD_JSON.read_text())))
    print("wrote", WIRING_SVG)
