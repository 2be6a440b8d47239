"""The board's wires measured on its geometry: what bom.py orders them from.

``wire_lengths`` measures the LED chain's data links, the bus along it, its feeds from the star point, the Pico's and
U2's supply leads and the signal wires, each wire from the back panel into the blank with its service loop
(``SERVICE_LOOP_MM``, which ``panel_turn_mm`` must stay under); ``j2_slack_mm`` is what is left of J2's cable. Where
the parts lie comes from pocket_layout.py; imported by bom.py and supply_model.py, not run on its own.
"""

from __future__ import annotations

import math

from control_filters import FILTERS
from pocket_layout import DISPLAY_MODULE_MM, J2_MM, WIRES_PER_CONTROL, centre, manhattan, places

# The back panel opens like a book's cover about the blank's left edge, laid flat beside the board, and the
# Pico and the controls' filters' perfboard ride on it: every wire from them into the blank gets this much more
# than its run, a loop that lies folded in the pocket when the panel is closed (``panel_turn_mm``: what the
# turn needs; a test holds this above it). BUILD.md, section 1.
SERVICE_LOOP_MM = 100
J2_LEAD_MM = 300  # J2's cable, socket to plug, as sold (``j2_slack_mm``: what is left over, and where it goes)


def panel_turn_mm(board: dict) -> float:
    """How much longer a wire from the back panel into the blank must be for the panel to open: turned over
    about the blank's left edge and laid flat beside it, a point on the panel x mm from that edge lands x mm
    beyond it, and the wire also climbs over the pocket's rim, at most the blank's thickness. Computed for the
    farthest of what rides on the panel (the Pico, the controls' filters' perfboard), not measured."""
    parts = board["build"]["parts"]
    farthest = max(parts["pico"][2], parts["controls_filter"][2])
    return 2 * farthest + board["build"]["blank_mm"][2]


def j2_slack_mm(board: dict) -> float:
    """J2's cable left over (mm): its length less the socket's end in the pocket, its run from there to the Pico's USB
    end (the Pico's place's end at y1) and the panel's turn, which it needs as every wire from the panel."""
    x0, y0, x1, y1 = board["build"]["parts"]["pico"]
    socket = places(board)["J2"].box
    end = (socket[2], (socket[1] + socket[3]) / 2)
    return J2_LEAD_MM - J2_MM[1] - manhattan(end, ((x0 + x1) / 2, y1)) - panel_turn_mm(board)


def wire_lengths(board: dict) -> dict[str, float]:
    """Measured lengths in mm: the data links, the bus (each of +5 V and GND), the two feeds (each
    conductor), the Pico's supply lead (one wire: its +5 V, or either of its two GND wires), U2's supply
    pair from the star point (each of +5 V and GND), the signal wires (the controls', the bonding wires', the
    display's, the shifter's, the USB build's switch's), the display's and the bonding wires' shares of them alone,
    and the number of rows the chain runs in. Every
    wire from the back panel (the Pico, the controls' filters) into the blank has its service loop (SERVICE_LOOP_MM)
    added. The power entry's wires are measured from where ``places`` lays its parts out."""
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    chain = [where[tuple(p)] for p in board["leds"]["chain"]]
    links = sum(math.dist(a, b) for a, b in zip(chain, chain[1:], strict=False))
    # The bus follows the chain, 4 mm past the end LEDs of each row.
    row_count = len({y for _, y in chain})
    bus = links + 8 * row_count
    parts, laid = board["build"]["parts"], places(board)
    entry = centre(laid["star"].box)  # the star point: both feeds, the Pico's and U2's supply wires end there
    feeds = manhattan(entry, chain[0]) + manhattan(entry, chain[-1])
    pico = centre(parts["pico"])
    filters = centre(parts["controls_filter"])
    controls = board["controls"]
    # The controls' wires end on their filters' perfboard, which is wired to the Pico: a wire to each pin, its
    # GND (pin 18) and 3V3 (pin 36, the encoder's pull-ups).
    # The filters' perfboard rides on the back panel with the Pico: its wires to the pins stay short, and the
    # controls' wires, which run into the blank, take the service loop.
    signal = sum(n * (manhattan(filters, tuple(controls[name])) + SERVICE_LOOP_MM)
                 for name, n in WIRES_PER_CONTROL.items())
    signal += (len(FILTERS) + 2) * manhattan(pico, filters)
    # The display's GND, 3V3, SDA and SCL: four wires from the Pico to R6/R7's piece, and four short ones on from it to
    # the module's pins, which lie along one of its edges, about half the module from the window's centre.
    pull_ups = centre(laid["R6-R7"].box)
    window = tuple(board["build"]["display"]["centre"])
    display = 4 * (manhattan(pico, pull_ups) + SERVICE_LOOP_MM) + 4 * (manhattan(pull_ups, window)
                                                                       + DISPLAY_MODULE_MM / 2)
    signal += display
    # The bonding wires (stage 4): the encoder's body and each button's tag to the star point, within the blank.
    bonding = sum(manhattan(tuple(controls[name]), entry) for name in WIRES_PER_CONTROL)
    signal += bonding
    signal += 3 * (manhattan(pico, centre(parts["shifter"])) + SERVICE_LOOP_MM)
    signal += manhattan(centre(parts["shifter"]), chain[0])
    # the USB build's LED enable, /FAULT and R10's 3V3 to U3's piece
    switch = centre(laid["U3"].box)
    signal += 3 * (manhattan(pico, switch) + SERVICE_LOOP_MM)
    # VBUS to U3's piece (USB build) or VSYS to D1 at the star point (adapter build); GND twice to the star point
    supply = max(manhattan(pico, switch), manhattan(pico, entry)) + SERVICE_LOOP_MM
    shifter = manhattan(entry, centre(parts["shifter"]))  # U2's pins 14 and 7 from the star point, beside LED 1's feed
    return {"links": links, "bus": bus, "feeds": feeds, "supply": supply, "shifter": shifter, "signal": signal,
            "display": display, "bonding": bonding, "rows": row_count}
