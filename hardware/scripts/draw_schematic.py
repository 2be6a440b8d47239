"""Draw the schematics of both builds from the SKiDL circuit of ``circuit.py``.

Run ``python hardware/scripts/draw_schematic.py`` after changing board.json or circuit.py. It writes
``schematic-usb.svg``, ``schematic-adapter.svg`` (schemdraw's own SVG) and ``schematic.pdf``
(both, one page each). Every pin of every part drawn carries the name of its net, taken from
the netlist itself, so the drawing cannot disagree with the circuit the ERC checked; pins with
the same net name are connected. The 242 LEDs and their capacitors are all in the netlist; the
drawing shows the first two and the last, the rest are the same. A test redraws and compares.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import schemdraw
import schemdraw.elements as elm
from circuit import BOARD_JSON, VARIANTS, build, quiet
from control_filters import FILTERS

HARDWARE = Path(__file__).resolve().parent.parent  # hardware/, above scripts/: the files read and written
SVGS = {variant: HARDWARE / f"schematic-{variant}.svg" for variant in VARIANTS}
PDF = HARDWARE / "schematic.pdf"
PIN_GAP = 0.5  # schemdraw units between pins of a box
STUB = 0.4
FONT = 9

TITLES = {
    "usb": "USB build: everything from the Pico's USB socket; the LEDs' 5 V behind a TPS2553 switch",
    "adapter": "Adapter build: 5 V 2.5 A adapter on a 5.5 x 2.1 mm centre-positive jack, fused at 3.15 A (T)",
}
NOTES = {
    "usb": [
        "U3 stays off (R9 pulls EN low) until the firmware drives GP3 high after boot: at plug-in the host",
        "sees only the Pico (under 100 mA, its own input capacitor), never the LEDs' 1024 uF.",
        "R8 = 66.5 k sets U3's limit to 0.35..0.45 A; /FAULT (GP6) goes low while it limits. F2 (PTC, 0.5 A hold,",
        "1 A trip) at the Pico's pin 40 bounds a fault before U3 (the VBUS wire, C247, U3's pins) to about 5 W.",
        "Use a USB charger (5 V, 1 A, no more): MicroPython's USB descriptor asks a host for 250 mA only.",
    ],
    "adapter": [
        "Measure the adapter first: centre positive, 5.0..5.3 V (the LEDs' absolute maximum is 5.3 V). 5 V ONLY.",
        "F1 sits right after the jack's tip, then Q1 and Q2 back to back (sources joined): Q1 conducts only with",
        "the right polarity; above about 5.7 V U4 turns Q3 on, which turns Q1 and Q2 off (Q2's body diode blocks).",
        "F4 (PTC, 0.2 A hold, 0.4 A trip) and D1 feed VSYS: F4 cuts a short on the Pico's branch, which would",
        "otherwise take the adapter's 3.75 A through D1 (1 A), within 2.2 s. USB (through the Pico's own diode)",
        "and the adapter never feed each other. VBUS open.",
    ],
}
COMMON_NOTES = [
    "Star ground at C243: the bus's two GND feeds, U2's GND and the Pico's (two, pins 38 and 3) each on its own wire.",
    "+5V_LED is fed at both ends of the chain (LED1 and LED242). C1..C242: one 100 nF beside every LED.",
    "Pull-ups go to +3V3 only, never 5 V (the RP2040's pins are not 5 V tolerant). U2's unused gates: inputs",
    "and enables to VCC (disabled; no GND pin beside pin 14), outputs open. R1 (330 ohm) sits on U2's perfboard at",
    "pin 3; keep its wire to LED1 short.",
    "R12 holds U2's input low while the Pico does not drive it (power-up, reset, BOOTSEL). Every control's pin: its",
    "series resistor and capacitor to GND on one perfboard at the Pico's pins 14-20 (the encoder's A and B also a",
    "pull-up).",
]


@dataclass
class Sheet:
    """What one drawing shows: the drawing and, per part drawn, each pin's label."""
    drawing: schemdraw.Drawing
    labels: dict[str, dict[str, str]] = field(default_factory=dict)


def text(at: tuple[float, float], line: str, size: int) -> elm.Label:
    """A line of text starting at ``at``."""
    return elm.Label().theta(0).at(at).label(line, "center", halign="left", fontsize=size)


def pin_nets(circuit: object) -> dict[str, dict[str, str]]:
    """ref -> {pin number: net name ("NC" for a no-connect)} of every part."""
    out: dict[str, dict[str, str]] = {}
    for net in circuit.nets:  # type: ignore[attr-defined]
        name = "NC" if net is circuit.NC or net.name.startswith("__NOCONNECT") else net.name  # type: ignore[attr-defined]
        for p in net.pins:
            out.setdefault(p.part.ref, {})[str(p.num)] = name
    return out


def ic(sheet: Sheet, nets: dict[str, dict[str, str]], part: object, at: tuple[float, float],
       left: list[int], right: list[int], width: float = 2.4) -> None:
    """A part as a box: pins ``left`` and ``right`` (numbers, top to bottom), each with its net
    (schemdraw counts slots from the bottom)."""
    ref = part.ref  # type: ignore[attr-defined]
    names = {str(p.num): p.name for p in part.pins}  # type: ignore[attr-defined]
    pins = []
    sides: tuple[tuple[Literal["left", "right"], list[int]], ...] = (("left", left), ("right", right))
    for side, numbers in sides:
        for slot, number in enumerate(numbers):
            pins.append(elm.IcPin(name=names[str(number)], pin=str(number), side=side,
                                  slot=f"{len(numbers) - slot}/{len(numbers)}", anchorname=f"p{number}"))
    rows = max(len(left), len(right))
    box = elm.Ic(pins=pins, size=(width, PIN_GAP * (rows + 1)), pinspacing=PIN_GAP, edgepadH=0, edgepadW=0,
                 plblsize=7, lblsize=FONT).theta(0).at(at).anchor("center").label(f"{ref}\n{part.value}", "top",  # type: ignore[attr-defined]
                                                                                        fontsize=FONT)
    sheet.drawing.add(box)
    for side, numbers in sides:
        for number in numbers:
            net = nets[ref][str(number)]
            point = box.absanchors[f"p{number}"]
            direction = -1 if side == "left" else 1
            end = (point[0] + direction * STUB, point[1])
            sheet.drawing.add(elm.Line().at(point).to(end).linewidth(1))
            sheet.drawing.add(elm.Label().at(end).label(net if net != "NC" else "x (open)",
                                                        "left" if side == "left" else "right", fontsize=7))
            sheet.labels.setdefault(ref, {})[str(number)] = net


def two_pin(sheet: Sheet, nets: dict[str, dict[str, str]], part: object, at: tuple[float, float]) -> None:
    """A two-terminal part drawn vertically, first pin at the top, each end labelled with its net."""
    ref = part.ref  # type: ignore[attr-defined]
    kind = part.name  # type: ignore[attr-defined]
    first, second = (str(p.num) for p in sorted(part.pins, key=lambda p: int(p.num)))  # type: ignore[attr-defined]
    symbol = {"R": elm.Resistor, "C": elm.Capacitor, "CP": elm.Capacitor2, "F": elm.Fuse, "FUSE": elm.Fuse,
              "PTC": elm.Fuse, "SW": elm.Button, "D": elm.Diode}[kind]
    element = symbol().at(at).down().length(1.6).label(f"{ref}\n{part.value}", "right", fontsize=7)  # type: ignore[attr-defined]
    if kind == "D":
        element = elm.Diode().at(at).up().length(1.6).label(f"{ref}\n{part.value}", "left", fontsize=7)  # type: ignore[attr-defined]
        first, second = "1", "2"  # K at the top (drawn upwards: anode at the bottom)
    if kind == "CP":
        element = elm.Capacitor2(polar=True).at(at).down().length(1.6).label(f"{ref}\n{part.value}", "right",  # type: ignore[attr-defined]
                                                                              fontsize=7)
    sheet.drawing.add(element)
    top, bottom = (element.end, element.start) if kind == "D" else (element.start, element.end)
    sheet.drawing.add(elm.Label().at(top).label(nets[ref][first], "top", fontsize=7))
    sheet.drawing.add(elm.Label().at(bottom).label(nets[ref][second], "bottom", fontsize=7))
    sheet.labels.setdefault(ref, {})[first] = nets[ref][first]
    sheet.labels[ref][second] = nets[ref][second]


def draw(board: dict, variant: str) -> Sheet:
    """The schematic of one build."""
    circuit = build(board, variant)
    parts = {p.ref: p for p in circuit.parts}
    nets = pin_nets(circuit)
    sheet = Sheet(schemdraw.Drawing(show=False, fontsize=FONT))
    d = sheet.drawing
    d.add(text((0, 3), TITLES[variant], 12))
    # The Pico: physical pins 1-20 down the left, 21-40 up the right, as on the board; wide enough that the
    # longest pin names on one row (GP4 and ADC_VREF) stay apart.
    ic(sheet, nets, parts["U1"], (3, -6), list(range(1, 21)), list(range(40, 20, -1)), width=3.6)
    # Power entry.
    x = 10
    if variant == "usb":
        ic(sheet, nets, parts["U3"], (x, -1), [1, 3, 5], [6, 4, 2])
        for i, ref in enumerate(("F2", "C247", "R8", "R9", "R10")):  # (clear of the Pico's pin labels)
            two_pin(sheet, nets, parts[ref], (x - 2 + 1.6 * i, -3.5))
    else:
        ic(sheet, nets, parts["J1"], (x - 1, -1), [], [1, 2], width=1.6)
        ic(sheet, nets, parts["Q1"], (x + 6.5, -1), [1], [2, 3], width=1.6)
        for i, ref in enumerate(("F1", "C253", "R11", "F4", "D1")):
            two_pin(sheet, nets, parts[ref], (x - 1.6 + 1.6 * i, -3.5))
        # The overvoltage cut-off, below the display: Q2 back to back with Q1, U4 and Q3 switching both off.
        ox, oy = x + 19, -12.5
        d.add(text((ox - 1.5, oy + 1.9), "Overvoltage cut-off (with Q1): both FETs off above about 5.7 V", 8))
        ic(sheet, nets, parts["Q2"], (ox, oy), [1], [2, 3], width=1.6)
        ic(sheet, nets, parts["Q3"], (ox + 6, oy), [2], [1, 3], width=1.6)
        ic(sheet, nets, parts["U4"], (ox + 12, oy), [1], [3, 2], width=1.6)
        for i, ref in enumerate(("R13", "R14", "R15", "C248", "R16", "R17", "D2")):
            # every part spans oy - 3 to oy - 4.6 (a diode is drawn upwards from its anode)
            two_pin(sheet, nets, parts[ref], (ox - 1 + 2.1 * i, oy - (4.6 if ref == "D2" else 3)))
    bulk = x + (6.4 if variant == "usb" else 7.6)  # C243, after the power entry's row
    two_pin(sheet, nets, parts["C243"], (bulk, -3.5))
    d.add(elm.Ground().at((bulk + 2.5, -5.3)))
    d.add(elm.Label().at((bulk + 2.5, -5.9)).label("star ground\n(at C243)", "bottom", fontsize=7))
    # Level shifter and the LED chain.
    ic(sheet, nets, parts["U2"], (x + 1, -9.5), [1, 2, 4, 5, 9, 10, 12, 13], [14, 3, 6, 8, 11, 7])
    two_pin(sheet, nets, parts["R1"], (x + 6, -7.5))
    two_pin(sheet, nets, parts["C244"], (x + 7.5, -7.5))
    two_pin(sheet, nets, parts["R12"], (x + 9, -7.5))
    count = board["leds"]["count"]
    for i, n in enumerate((1, 2, count)):
        ic(sheet, nets, parts[f"LED{n}"], (x + 1 + 6 * i, -14.5), [1, 2], [4, 3], width=2.8)
        two_pin(sheet, nets, parts[f"C{n}"], (x + 4.2 + 6 * i, -13.7))
    d.add(text((x, -16.8), f"... LED3 to LED{count - 1} and C3 to C{count - 1} the same: DOUT of each to DIN "
                           "of the next", 8))
    # Controls and display.
    cx = x + 17
    ic(sheet, nets, parts["ENC1"], (cx, -1), [1, 2, 3], [4, 5], width=2.2)
    # Each control's RC filter (control_filters.py), its pull-up if it has one, series resistor and capacitor,
    # then the buttons, in a row.
    filters = [ref for f in FILTERS.values() for ref in (f.pull_up, f.series, f.capacitor) if ref is not None]
    for i, ref in enumerate([*filters, "SW1", "SW2", "SW3"]):
        two_pin(sheet, nets, parts[ref], (cx - 1 + 2.3 * i + (0.6 if ref.startswith("SW") else 0), -3.8))
    ic(sheet, nets, parts["DISP1"], (cx + 22, -9), [1, 2], [3, 4], width=2.2)
    two_pin(sheet, nets, parts["R6"], (cx + 27, -8))
    two_pin(sheet, nets, parts["R7"], (cx + 28.6, -8))
    for i, line in enumerate(NOTES[variant] + COMMON_NOTES):
        d.add(text((0, -19.5 - 0.45 * i), line, 8))
    return sheet


def left_out_refs(board: dict) -> set[str]:
    """Every part the drawings leave out: the LEDs and capacitors between the second and the last."""
    count = board["leds"]["count"]
    return {f"LED{n}" for n in range(3, count)} | {f"C{n}" for n in range(3, count)}


def svg(sheet: Sheet) -> str:
    """The drawing as SVG text (schemdraw's own SVG backend: no timestamps)."""
    data = sheet.drawing.get_imagedata("svg")
    return data.decode() if isinstance(data, bytes) else data


def write_pdf(board: dict) -> None:
    """Both schematics, one page each, through matplotlib (no creation date: stable output)."""
    from matplotlib.backends.backend_pdf import PdfPages

    schemdraw.use("matplotlib")
    try:
        with PdfPages(PDF, metadata={"CreationDate": None, "Title": "Cribbage board schematics"}) as pages:
            for variant in VARIANTS:
                figure = draw(board, variant).drawing.draw(show=False)
                pages.savefig(figure.fig, bbox_inches="tight")
    finally:
        schemdraw.use("svg")


schemdraw.use("svg")

if __name__ == "__main__":
    quiet()
    argparse.ArgumentParser(
        description="Draw both builds' schematics: hardware/schematic-*.svg and schematic.pdf.").parse_args()
    board_data = json.loads(BOARD_JSON.read_text())
    for variant_name in VARIANTS:
        SVGS[variant_name].write_text(svg(draw(board_data, variant_name)))
        print("wrote", SVGS[variant_name])
    write_pdf(board_data)
    print("wrote", PDF)
