"""Draw ``hardware/wiring.svg`` from ``hardware/board.json``: the LED chain as wired, the
controls, and the Pico with every connection the firmware expects. An overview, not to scale:
the 1:1 drilling template is ``drill_template.py``'s, the full circuit ``schematic-*.svg``.

Run ``python hardware/draw_wiring.py`` after changing board.json; a test regenerates the
drawing and compares it with the committed file, so the two never disagree.
"""

from __future__ import annotations

import json
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
BOARD_JSON = HERE / "board.json"
WIRING_SVG = HERE / "wiring.svg"

SCALE = 2.5  # px per mm on the board drawing
MARGIN = 20  # px around the board
PANEL_W = 430  # px: the parts panel right of the board
TRACK_COLOURS = ("#d62728", "#1f77b4")
WIRE = {"data": "#2ca02c", "power": "#d62728", "ground": "#222222", "signal": "#9467bd", "i2c": "#ff7f0e"}
# The Pico's power pins in use: (name, physical pin, label, wire colour). Which of VBUS and VSYS
# is wired depends on the supply (power.md): USB only takes the LEDs' 5 V from VBUS; the 4 A
# adapter feeds VSYS through a diode instead and leaves VBUS unconnected.
POWER_PINS = (
    ("VBUS", 40, "USB 5 V out", WIRE["power"]),
    ("VSYS", 39, "5 V in (diode)", WIRE["power"]),
    ("3V3", 36, "3.3 V out", WIRE["power"]),
    ("GND", 38, "ground", WIRE["ground"]),
)
ONE_OR_OTHER = "5,3"  # dash pattern of the wires that depend on the supply


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
    out.append(text(px(first[0]) - 8, px(first[1]) - 10, "DIN (LED 0)", 10, "end", "bold"))
    out.append(text(px(last[0]) - 8, px(last[1]) + 4, f"LED {len(chain) - 1}", 10, "end", "bold"))
    for x, y in (first, last):  # power is fed at both ends of the chain
        out.append(text(px(x) - 8, px(y) + (16 if (x, y) == first else 18), "+5 V, GND in", 9, "end"))
    for name, (x, y) in sorted(board["controls"].items()):
        radius = 9 * SCALE / 2 if name == "enc" else 6 * SCALE / 2
        out.append(f'<circle cx="{px(x)}" cy="{px(y)}" r="{radius}" fill="#bbb" stroke="#333"/>')
        out.append(text(px(x), px(y) + radius + 12, "encoder" if name == "enc" else name, 10, "middle", "bold"))
    legend_y = px(height) + 16
    out.append(text(MARGIN, legend_y, "holes: track 1 (red), track 2 (blue); green line: the LED data chain "
                                      "in wire order. Not to scale: drill from drill-template-*.pdf", 10))
    return out


def draw_parts(board: dict) -> list[str]:
    """The Pico, level shifter, supply and the connections to the board's controls."""
    pins = board["pins"]
    left = px(board["board"]["width_mm"]) + 40
    out: list[str] = []
    # Raspberry Pi Pico with the pins in use.
    pico_x, pico_y, pico_h = left + 150, MARGIN, 250
    out += box(pico_x, pico_y, 140, pico_h, "Raspberry Pi Pico")
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
    rows += [(f"{name} ({number})", label, colour) for name, number, label, colour in POWER_PINS]
    pin_y = {}
    for i, (pin, label, colour) in enumerate(rows):
        y = pico_y + 36 + i * 16
        pin_y[label] = y
        out.append(text(pico_x + 8, y + 4, pin, 10, "start", "bold"))
        out.append(text(pico_x + 132, y + 4, label, 9, "end"))
        out.append(line(pico_x - 12, y, pico_x, y, colour, 2))
    # Controls: every switch closes to ground; the firmware enables the internal pull-ups.
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
    # Data path: GP -> 74AHCT125 (3.3 V -> 5 V) -> 330 ohm -> DIN of the first LED.
    shifter_x, shifter_y = left, MARGIN + 10
    out += box(shifter_x, shifter_y, 120, 58, "74AHCT125")
    out.append(text(shifter_x + 60, shifter_y + 32, "3.3 V -> 5 V, VCC 5 V", 9, "middle"))
    out.append(text(shifter_x + 60, shifter_y + 46, "/OE to GND", 9, "middle"))
    out.append(line(pico_x - 12, pin_y["LED data"], shifter_x + 120, shifter_y + 30, WIRE["data"], 2))
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    first = where[tuple(board["leds"]["chain"][0])]
    out.append(line(shifter_x, shifter_y + 30, px(first[0]), px(first[1]), WIRE["data"], 2))
    out.append(text(shifter_x - 6, shifter_y + 24, "330 ohm in series", 9, "end"))
    # Power.
    supply_x, supply_y = left - 50, MARGIN + 110
    notes = ("USB only (default cap 500 mA):", "LED 5 V from VBUS, VSYS open", "or 5 V 4 A adapter (set 4000 mA):",
             "VSYS via diode, VBUS open", "dashed: one or the other", "1000 uF across the LED supply",
             "feed 5 V + GND at both chain ends")
    out += box(supply_x, supply_y, 170, 28 + 16 * len(notes), "5 V supply", "#fde8e8")
    for i, note in enumerate(notes):
        out.append(text(supply_x + 8, supply_y + 34 + 16 * i, note, 9))
    power = [(label, colour, ONE_OR_OTHER if name in ("VBUS", "VSYS") else "")
             for name, _, label, colour in POWER_PINS if name != "3V3"]
    for i, (label, colour, dash) in enumerate(power):
        out.append(line(supply_x + 170, supply_y + 20 + 20 * i, pico_x - 12, pin_y[label], colour, 2, dash))
    # Optional display.
    oled_x, oled_y = pico_x, pico_y + pico_h + 30
    out += box(oled_x, oled_y, 140, 48, "SSD1306 OLED (optional)")
    out.append(text(oled_x + 70, oled_y + 34, "I2C 0x3C/0x3D, VCC 3V3", 9, "middle"))
    out.append(line(oled_x + 40, oled_y, oled_x + 40, pin_y[f"I2C{i2c['id']} SCL"] + 8, WIRE["i2c"], 1.5))
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
    WIRING_SVG.write_text(render(json.loads(BOARD_JSON.read_text())))
    print("wrote", WIRING_SVG)
