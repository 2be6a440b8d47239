"""Write ``hardware/bom.csv``, the bill of materials, from board.json.

Run ``python hardware/scripts/bom.py`` after changing board.json. Counts follow the board (LEDs and their
capacitors from ``leds.count``, with 5 % spares to order), wire lengths are measured on the
board's geometry (the LED chain, the bus along it, the feeds and control wires from where the
parts sit in ``build.parts``, the adapter build's power entry along the runs the underside view
draws), and the reference designators are those of circuit.py's netlist. Where the parts lie comes from
pocket_layout.py, the wires' lengths from wire_lengths.py and the supply's figures from supply_model.py.
A test regenerates the file and checks it against board.json and both netlists.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
from pathlib import Path

import i2c_bus
from control_filters import FILTERS, ohms, parts, ranges
from pocket_layout import (
    BIPOLAR_CAN_MM,
    BULK_CAN_MM,
    BUTTON_BODY_MM,
    CAP_LOOP_MM,
    CAP_ROOM_MM,
    CUT_OFF_MM,
    DIP_MM,
    FUSE_BLOCK_MM,
    FUSE_PULL_MM,
    J2_MM,
    JACK_BODY_MM,
    JACK_MM,
    JACK_STOP_MM,
    LEAD_TURN_MM,
    PERFBOARD_MM,
    PTC_TALL_MM,
    SCREW_BLOCK_MM,
    TAPE_MM,
    XF1_MM,
    block_step_mm,
    piece_size,
    places,
    screw_blocks,
    stacks,
    supply_lengths,
    xf1_length_mm,
)
from supply_model import (
    ADAPTER_MOST_V,
    APP_PEAK_MA,
    CHARGER_FAULT_MA,
    CHARGER_MA,
    D1_RATED_MA,
    F4_HOLD_MA,
    F4_OHMS,
    F4_R1_OHMS,
    F4_TRIP_AT_MA,
    F4_TRIP_MA,
    F4_TRIP_S,
    F4_TRIPPED_W,
    IDLE_MA,
    J2_RATED_MA,
    LPS_AMPS,
    LPS_VA_PER_VOLT,
    MICRO_USB_MA,
    OCP_MOST,
    PICO_BRANCH_MA,
    PICO_MA,
    SWITCH_LIMIT_MA,
    U2_LEAST_V,
    f4_hold_ma,
    f4_short_ma,
    u2_supply_volts,
)
from wire_lengths import J2_LEAD_MM, SERVICE_LOOP_MM, wire_lengths

HARDWARE = Path(__file__).resolve().parent.parent  # hardware/, above scripts/: the files read and written
BOARD_JSON = HARDWARE / "board.json"
BOM_CSV = HARDWARE / "bom.csv"
SPARES = 0.05  # order 5 % more LEDs and capacitors than the board holds
SLACK = 1.2  # wire cut 20 % longer than measured: bends, strip lengths, mistakes
RESISTOR = "0.25 W, 1 %, metal film"  # every resistor: the 1 % matters for R8 (U3's current limit)
WIRING_MM = 3  # left under a control's body in its pocket for the bent wires and the back panel's clearance
PICO_SPACER_MM = 6  # X3: the Pico's M2 spacers off the back panel (drill_back_panel.py draws the panel)
PANEL_SCREWS = 8  # X4: the back panel's wood screws (drill_back_panel.py places them)
PILOT_HOLE_MM = 2  # X4's pilot holes in the blank, for a 3 mm wood screw
COUNTERSINK_MM = 6  # X4's countersunk heads, and the back panel's countersinks for them (drill_back_panel.py)
# X6: a piece of heat-shrink over each bus tap (a 4 mm window and 1 mm either side: it must fit between taps
# one hole pitch, 8 mm, apart) and over each joint of a data link.
SLEEVE_MM = 6
LAP_MM = 3  # W3: stripped at each end of a DOUT -> DIN link, soldered along the LED's lead
# KNOB1 on ENC1: the PEC11R-4220F's shaft is 20 mm long from its mounting surface ("20" in Bourns' ordering code),
# 6 mm across with a flat ("F"); its nut and flat washer stand about 2.5 mm on the top (Bourns' drawing: a 2 mm nut,
# a 0.5 mm washer). A knob whose bore is deeper than the shaft left above them sits on the nut, and the push
# (about 0.5 mm of travel) does nothing: KNOB_CLEARANCE_MM is left between them.
ENCODER_SHAFT_MM = 20
ENCODER_HARDWARE_MM = 2.5
KNOB_CLEARANCE_MM = 1
BRING_UP_CAP_MA = 500  # F3: the app's cap through stages 1 to 3 (BUILD.md, "The first power-on": milliamps=500)
TIE_PITCH_MM = 30  # X13 on the signal wires' bundle in the power pocket's signal channel (``channel_ties``)
# What a part without a maker's part number checked for this list says in its "example part" column.
GENERIC = "Generic (no maker's part confirmed): "
COLUMNS = ["ref", "qty", "order", "build", "part", "specification", "example part", "notes"]


def metres(mm: float) -> float:
    """Millimetres with slack, as metres rounded up to 0.1 m."""
    return math.ceil(mm * SLACK / 100) / 10


def size(box: list[float]) -> str:
    """The width and height of a part's place ``[x0, y0, x1, y1]``, as a maker reads them: ``24 x 20``."""
    return f"{box[2] - box[0]:g} x {box[3] - box[1]:g}"


def channel_ties(board: dict) -> int:
    """X13's ties on the signal wires' bundle in the power pocket's signal channel: one every TIE_PITCH_MM, and one at
    each end."""
    _, y0, _, y1 = places(board)["signal channel"].box
    return math.ceil((y1 - y0) / TIE_PITCH_MM) + 1


def knob_bore_mm(board: dict) -> float:
    """The deepest bore KNOB1 may have: the encoder's shaft above its nut and washer on the controls' skin, less
    KNOB_CLEARANCE_MM, so that the knob stands clear of the nut and the push switch works."""
    return ENCODER_SHAFT_MM - board["build"]["skin_mm"]["controls"] - ENCODER_HARDWARE_MM - KNOB_CLEARANCE_MM


def rows(board: dict) -> list[list[str]]:
    """Every line of the BOM (without the header)."""
    leds = board["leds"]["count"]
    spare = math.ceil(leds * (1 + SPARES))
    width, height, thickness = board["build"]["blank_mm"]
    holes = board["build"]["hole_mm"]
    lengths = wire_lengths(board)
    skin_mm = board["build"]["skin_mm"]["controls"]
    depth = {name: thickness - skin for name, skin in board["build"]["skin_mm"].items()}
    pocket_mm = thickness - skin_mm
    body_mm = pocket_mm - WIRING_MM
    entry = supply_lengths(board)  # the adapter build's power wires at the power entry
    volts = u2_supply_volts(board)  # what each build's supply must give for U2's 4.5 V
    plug, charger = f"{volts['adapter_plug']:.1f} to 5.3 V", f"{volts['usb_charger']:.1f} to 5.3 V"
    red = metres(lengths["bus"] + lengths["feeds"] + lengths["supply"] + lengths["shifter"] + entry["red"])
    black = metres(lengths["bus"] + lengths["feeds"] + 2 * lengths["supply"] + lengths["shifter"] + entry["black"])
    link_ends = 2 * LAP_MM * (leds - 1)  # the stripped ends of the DOUT -> DIN links
    # X6: a tap on each bus wire at every LED, and a joint on each wire where each row begins (a feed, or a
    # new piece of wire at a turn); both joints of every data link, and R1's at LED 1's DIN.
    bus_sleeves = 2 * leds + 2 * int(lengths["rows"])
    data_sleeves = 2 * (leds - 1) + 1
    # X6, 2 mm: each LED's VDD and GND leads and its capacitor's two legs, from the body to their bus joint.
    lead_sleeves = 4 * leds
    led_refs = f"LED1-LED{leds}"
    window = size([0, 0, *board["build"]["display"]["size"]]) + " mm"
    cap_refs = f"C1-C{leds}"
    return [
        ["U1", "1", "1", "both", "Microcontroller board", "Raspberry Pi Pico (RP2040)", "Raspberry Pi SC0915",
         "MicroPython 1.23 or later. Without headers (not the Pico H): on its spacers, headers would "
         "stand taller than the 10 mm LED pocket; solder the wires to its pads. Its mounting holes take M2"],
        [led_refs, str(leds), str(spare), "both", "Addressable RGB LED",
         "WS2812B-compatible, 5 mm through-hole, 5 V, GRB order; leads DIN, VDD, GND, DOUT",
         "Worldsemi WS2812D-F5", "One per hole, 5 % spare. Strips do not fit: 60 LED/m puts them 16.7 mm apart, "
         "the board needs 8 mm. PL9823 uses different timing: not recommended; and LEDs that light up at power-on "
         "before any data comes (PL9823 are commonly reported to): on the adapter build they would draw, uncapped, "
         f"until the firmware's first, dark frame ({leds} lit blue at 20 mA: about {leds * 0.02:.1f} A, computed, "
         "past the adapter's 2.5 A)"],
        [cap_refs, str(leds), str(spare), "both", "Ceramic capacitor", "100 nF, 10 V or more, X7R, 2.54 mm leads",
         "", "Beside every LED, across its VDD and GND leads: between the two bus wires, each leg in the joint of "
         "the LED's VDD or GND lead on its bus wire (BUILD.md, stage 3); 5 % spare"],
        ["C243", "1", "1", "both", "Electrolytic capacitor",
         f"1000 uF, 16 V or more, radial, {BULK_CAN_MM[0]} mm across and {BULK_CAN_MM[1]} mm long at most",
         "Panasonic EEU-FR1C102",
         "At the power entry, across +5V_LED and GND: the star ground point. 16 V, not 10 V: on the adapter build a "
         "faulty cut-off may let 9 V through, and a 12 V plug is the case it guards against (BUILD.md, \"Checks and "
         "fixes\"); a 10 V can would be past its rating there, 16 V holds either. Lying on its side, glued to the "
         f"floor of the {depth['power']} mm deep power pocket: upright a 1000 uF can ({BULK_CAN_MM[0]} mm across, "
         f"16 to {BULK_CAN_MM[1]} mm long at 16 V) stands taller than that. Its place in the pocket is "
         f"{BULK_CAN_MM[0]} x {BULK_CAN_MM[1]} mm (the underside view): a 16 V 1000 uF can is commonly 10 x 16 to "
         "10 x 20 mm; Panasonic's drawing for the EEU-FR1C102 was not checked here: measure yours, and take one no "
         "larger"],
        ["U2", "1", "1", "both", "Level shifter", "74AHCT125 quad buffer, DIP-14", "TI SN74AHCT125N",
         "3.3 V data to 5 V for LED 1 (it needs 0.7 x VDD = 3.5 V); unused inputs and enables to VCC (disabled; "
         "tied to GND, pin 13 would sit beside VCC, pin 14, where a solder bridge shorts the LED bus). Soldered "
         f"straight into PB1, no socket: the LED pocket is {depth['leds']} mm deep, and a DIP-14 stands up to "
         f"{DIP_MM} mm (JEDEC MS-001), {stacks(board)['U2'][0]:.1f} mm with PB1 and the foam tape; a socket "
         "adds 3 to 4.5 mm"],
        ["C244", "1", "1", "both", "Ceramic capacitor", "100 nF, 50 V, X7R, 2.54 mm leads", "",
         "At U2's VCC and GND pins"],
        ["R1", "1", "1", "both", "Resistor", f"330 ohm, {RESISTOR}", "",
         "In series with the data line, on U2's perfboard at U2's output (pin 3): there it damps the wire's "
         "reflections at their source and is held by the board, not hanging in LED 1's lead; the short wire "
         "(W4) runs on from it to LED 1's DIN"],
        ["R12", "1", "1", "both", "Resistor", f"22 kohm, {RESISTOR}", "",
         "U2's input (pin 2) to GND (pin 7), on U2's perfboard: LED 1 never sees a floating data line while "
         "the Pico starts, resets or sits in BOOTSEL"],
        ["ENC1", "1", "1", "both", "Rotary encoder with push switch",
         "EC11 type, 24 detents / 24 pulses, 7 mm M7 bushing, 20 mm D shaft", "Bourns PEC11R-4220F-S0024",
         f"Hole {holes['enc']:g} mm through a {board['build']['skin_mm']['controls']} mm skin (see the drilling "
         "template); A, B and its switch through the RC filters below. Bourns: hand soldering not recommended "
         "(made for a solder wave, 260 C at most for 3 +/- 1 s): push 2.54 mm receptacles onto its pins, or solder "
         "each pin in about 3 s, iron at 300-320 C, wires tinned first, cooling between pins (BUILD.md, stage 4)"],
        ["KNOB1", "1", "1", "both", "Knob", f"for a 6 mm D (flatted) shaft, 20-30 mm across, its bore "
         f"{knob_bore_mm(board):g} mm deep at most",
         GENERIC + "a push-on or set-screw knob for a 6 mm flatted (D) shaft, 20 to 30 mm across, its bore "
         f"{knob_bore_mm(board):g} mm deep at most, its skirt wide enough to clear the encoder's M7 nut",
         f"On ENC1's shaft, its flat to the shaft's flat. The shaft stands about "
         f"{knob_bore_mm(board) + KNOB_CLEARANCE_MM:g} mm above the nut ({ENCODER_SHAFT_MM} mm less the "
         f"{board['build']['skin_mm']['controls']} mm skin and about {ENCODER_HARDWARE_MM:g} mm of nut and washer): a "
         f"deeper bore sits the knob on the nut, and the push does nothing. Press it and feel the switch click "
         "(BUILD.md, stage 4)"],
        *filter_rows(),
        ["SW1-SW3", "3", "3", "both", "Momentary push button",
         f"normally open, panel mount, {holes['button']:g} mm, body depth under the panel, its solder lugs "
         f"included, at most {body_mm} mm, its nut at most {BUTTON_BODY_MM} mm across; gold-plated contacts, or a "
         "sealed switch",
         GENERIC + f"momentary push button, SPST normally open, for a {holes['button']:g} mm hole, its threaded "
         f"bushing long enough for the {skin_mm} mm skin, a solder tag (X7) and its nut, body and lugs {body_mm} mm "
         f"deep at most under the panel, its nut {BUTTON_BODY_MM} mm across at most, gold-plated contacts (or "
         "sealed), made for the 40 to 70 uA at 3.3 V they switch here",
         f"Player 1, player 2, back; the other contact to GND. The controls pocket is {pocket_mm} mm deep under "
         f"its {skin_mm} mm skin: the body, its lugs and the wires must fit in it; player 1's nut and tag lie "
         "beside the power pocket's parts (the underside view). Gold: a contact here switches "
         "only the RP2040's pull-up current, about 40 to 70 uA (3.3 V through 50 to 80 kohm), too little to "
         "break through the film silver contacts can grow in air; gold-plated ones are made for such small "
         "currents (BUILD.md, stage 4)"],
        ["DISP1", "1", "1", "both", "OLED display (optional)", "SSD1306 128x64, I2C, 3.3 V, 0.96 inch",
         GENERIC + "0.96 inch 128 x 64 OLED module, SSD1306, I2C only, four pins at 2.54 mm (GND, VCC, SCL, SDA, "
         "their order by its maker), runs on 3.3 V, I2C address 0x3C or 0x3D, its own pull-ups 1.8 kohm or more (or "
         f"none), its picture about 21.7 x 10.9 mm (the window is {window})",
         "Behind the display window; found at boot at 0x3C or 0x3D. Wire it by the names printed on it, not by "
         "their order (BUILD.md, stage 5)"],
        ["R6-R7", "2", "2", "both", "Resistor (with the display)",
         f"{ohms(i2c_bus.PULL_UP_OHMS, ' k')}ohm, {RESISTOR}", "",
         "I2C pull-ups to 3V3, fitted whatever pull-ups the module has: the bus runs at 400 kHz over about 0.4 m "
         "of wire, and a module's own (10 kohm on many) rise too slowly for that (fast mode: 300 ns at most; "
         f"with these {i2c_bus.rise_ns(i2c_bus.PULL_UP_OHMS):.0f} ns at {i2c_bus.BUS_PF} pF, computed: "
         "scripts/i2c_bus.py). "
         f"On a small piece of PB1 (about {piece_size('R6-R7')} mm) on the controls pocket's floor between the "
         "encoder and the display module (BUILD.md, stage 5)"],
        ["U3", "1", "1", "usb", "Current-limited power switch", "TPS2553, enable high, SOT-23-6", "TI TPS2553DBVR",
         "Between VBUS and the LED bus; on a SOT-23-6 to DIP adapter board (XU3), on its piece of PB1 with R8-R10 "
         "and C247 in the power pocket (the underside view)"],
        ["XU3", "1", "1", "usb", "Adapter board", "SOT-23-6 to 2.54 mm DIP", "", "For U3"],
        ["R8", "1", "1", "usb", "Resistor", f"66.5 kohm, {RESISTOR}", "",
         f"U3's current limit: {SWITCH_LIMIT_MA[0] / 1000:.2f} to {SWITCH_LIMIT_MA[1] / 1000:.2f} A (TI's figures for "
         f"66.5 kohm 1 %: {SWITCH_LIMIT_MA[0]} to {SWITCH_LIMIT_MA[1]} mA, TPS2553 datasheet "
         "SLVS841, \"Accounting for resistor tolerance\", Table 1): its most, with the Pico's 0.05 A, within a USB 2.0 "
         "port's 0.5 A"],
        ["R9", "1", "1", "usb", "Resistor", f"100 kohm, {RESISTOR}", "",
         "Holds U3 off until the firmware turns the LEDs on"],
        ["R10", "1", "1", "usb", "Resistor", f"10 kohm, {RESISTOR}", "", "U3's /FAULT pull-up to 3V3"],
        ["C247", "1", "1", "usb", "Ceramic capacitor", "100 nF, 50 V, X7R, 2.54 mm leads", "", "At U3's IN pin"],
        ["F2", "1", "1", "usb", "PTC resettable fuse", "0.5 A hold, 1 A trip, 6 V or more, radial leads",
         "Bourns MF-R050",
         "At the Pico's VBUS (pin 40), before U3: a fault between them (the wire to U3's IN, C247, a bridge at "
         "U3's pins) draws at most about 1 A, 5 W, for long (1 A trips it; 2.5 A within 4 s), instead of what "
         f"the charger gives into an overload (up to {CHARGER_FAULT_MA / 1000:g} A, "
         f"{5 * CHARGER_FAULT_MA / 1000:g} W, from PS2's {CHARGER_MA[1] / 1000:g} A). "
         "Bourns' MF-R datasheet, at 23 degC: 0.5 A hold, "
         "1 A trip, 60 V, 40 A; 0.41 to 0.77 ohm cold, 1.17 ohm at most an hour after a trip; 0.75 W tripped "
         "(typical). Its hold falls as it warms, about 0.4 A at 50 degC (a typical PTC's derating, estimated: "
         "power.md, \"F2, before U3\"). In series it drops 0.14 to 0.27 V at the LEDs' 0.35 A (0.41 V at most "
         "in the hour after a trip). An SMD one of the same ratings on a 1812 to DIP adapter serves as well: "
         "Bourns MF-MSMF050-2 or "
         "Littelfuse 1812L050PR (each 0.5 A hold, 1 A trip, 15 V, 100 A; 0.15 ohm at least, 1.0 ohm at most an hour "
         "after a trip, their datasheets: no cold maximum given; Bourns' at 23 degC, Littelfuse's hold and trip in "
         "20 degC still air; time to trip given only at 8 A, 0.15 s at most, not at 2.5 A). Their datasheets list "
         "the models MF-MSMF050 and 1812L050; the ordering suffixes, -2 and PR (tape and reel), were not checked "
         "against the makers' ordering tables: check the seller's listing. The radial one lies flat beside the "
         "Pico, glued to the back panel by its leads' heat-shrink and the wire from its free lead, not by its body "
         "(tripped, it stays hot: the glue could soften): about 13 mm tall, standing on pin 40's pad it would not "
         "fit the 10 mm LED pocket (BUILD.md, stage 1). Unplug and let it cool a minute to "
         "reset it"],
        ["J2", "1", "1", "both", "USB panel socket",
         "left- or right-angled micro-USB plug (the cable leaves sideways, in the plane of the Pico's board; not "
         f"an up- or down-angled one) to micro-USB panel-mount socket, {J2_LEAD_MM / 1000:g} m, with screws; a "
         "data cable (D+ and D- wired, not a charge-only lead); power conductors (VBUS, GND) rated "
         f"{J2_RATED_MA / 1000:g} A or more; "
         "the socket's end, screw "
         f"ears included, at most {J2_MM[0]} mm across and {J2_MM[1]} mm deep with its cable's moulding",
         GENERIC + "micro-USB extension cable, a micro-USB B plug angled left or right to a micro-USB B panel "
         f"socket with screw holes, {J2_LEAD_MM / 1000:g} m, data and power wired, VBUS and GND rated "
         f"{J2_RATED_MA / 1000:g} A or more "
         "by its seller, the "
         f"socket's end {J2_MM[0]} mm across its ears and {J2_MM[1]} mm deep with its cable's moulding at most",
         "The USB build's whole supply (up to 0.5 A for the LEDs and the Pico) comes through it: a cable whose "
         "seller gives no current rating, or only for data, is not enough. "
         f"{J2_RATED_MA / 1000:g} A, not the board's 0.5 A: a short ahead of F2 (this lead, its sockets, the Pico's "
         f"socket and pin 40) is limited by the charger alone, which may give {OCP_MOST:g} x its rating into it "
         f"({J2_RATED_MA / 1000:g} A from PS2's {CHARGER_MA[1] / 1000:g} A at most; power.md, \"F2, before U3\"): "
         f"within the {MICRO_USB_MA / 1000:g} A micro-USB connectors are commonly rated for (its sockets and the "
         "Pico's own; PS2 is 1 A for that). "
         "From the Pico's socket to the board's "
         "left edge (see the drilling template); angled: a straight plug would run into the game holes' LEDs 15 mm "
         "beyond the Pico's socket. Angled sideways, the side that sends the cable towards the board's left edge "
         "with the Pico hung button side towards the back panel (BUILD.md, section 1): sellers name the sides "
         "differently, so check the seller's drawing against the Pico's socket before you buy. Angled up "
         "or down, it would point the cable at the back panel or the pocket's floor, with no room for it either way. "
         "The adapter build needs it too: flashing, crib deploy and the serial line, and it feeds the Pico (never "
         "the LEDs) while USB alone is plugged in. A charge-only lead (no D+ and D-) powers the Pico but cannot "
         "flash, deploy or talk to it. "
         "A USB-C socket instead (a USB-C panel socket to micro-USB plug lead, or a USB-C breakout board) must "
         "join CC1 and CC2 each to GND through its own 5.1 kohm: without them a USB-C charger, a computer's USB-C "
         "port or any C-to-C cable gives it no 5 V at all. Many sold for hobby use have none, or one resistor for "
         "both pins, which fails with e-marked C-to-C cables; a 56 kohm pull-up belongs in the C plug of a USB-A "
         "to C cable, never at the socket. Buy one whose seller names the two 5.1 kohm resistors and check it "
         "(BUILD.md, stage 1)"],
        ["PS1", "1", "1", "adapter", "Power supply",
         "5 V DC, 2.5 A (12.5 W) or less, regulated, a limited power source (marked LPS, or Class 2), "
         f"overcurrent protection at {OCP_MOST * 100:g} % of its rating or less by its datasheet ({2.5 * OCP_MOST:g} A "
         "for 2.5 A), 5.5 x 2.1 mm plug, centre +",
         GENERIC + f"switch-mode wall adapter, 5 V DC, 2.5 A (12.5 W) or less, {plug} at the plug, marked LPS "
         f"or Class 2, its overcurrent protection {OCP_MOST * 100:g} % of its rating or less by its datasheet, a "
         "5.5 x 2.1 mm plug, centre +",
         "Its label must say LPS (or Class 2), and its datasheet must put its overcurrent (overload) protection at "
         f"{OCP_MOST * 100:g} % of its rating or less, {2.5 * OCP_MOST:g} A: F1 does not cut a fault below the "
         f"adapter's own limit, 13 to 19 W for 2.5 A at 105 to {OCP_MOST * 100:g} % (power.md). LPS does not hold it "
         f"there: it bounds a 5 V output to {LPS_AMPS} A and {LPS_VA_PER_VOLT} x its open-circuit voltage in VA, about "
         f"{5 * LPS_VA_PER_VOLT} W, into any load (IEC 62368-1 Annex Q, IEC 60950-1 Table 2B), a fault inside it "
         "included; only the datasheet's figure keeps a fault to 19 W. A datasheet that gives none, or a range "
         f"reaching above {OCP_MOST * 100:g} %, does not do. Nothing on the board cuts a fault below the adapter's "
         "limit (power.md, \"What F1 does not cut\", says what would). No maker's part is named: no 5 V 2.5 A "
         "adapter's datasheet could be checked for this BOM, so choose by its label and datasheet, all of these: "
         f"output 5 V DC, regulated (switch-mode), {plug} at the plug (not less: at the app's heaviest picture, "
         f"{APP_PEAK_MA / 1000:.1f} A, its cable and the power entry lose up to "
         f"{APP_PEAK_MA / 1000 * volts['adapter_entry']:.2f} V before U2, which needs {U2_LEAST_V} V; power.md, "
         "\"Wiring for current\"); rated 2.5 A (12.5 W) or less; "
         f"overcurrent protection at {OCP_MOST * 100:g} % of that or less; marked LPS (limited power source, IEC "
         "62368-1 Annex Q or IEC 60950-1 2.5) or Class 2 (UL 1310, "
         "North America), the adapter itself, not only its maker's other models; a safety approval mark for "
         "your country; plug 5.5 mm outside, 2.1 mm inside (a 2.5 mm one sits loose on J1's 2.0 to 2.1 mm "
         "pin), the centre positive (the polarity symbol on the label). One of less than 2.5 A (a 5 V 2.4 A, 12 W "
         "one, say) does too: set its current as "
         f"supply_ma in scripts/make_board.py. Measure it before the first connection: {plug}, centre positive. "
         "Never more than 2.5 A: a stronger one feeds a fault more heat (power.md), and scripts/make_board.py "
         "refuses a supply_ma above 2500"],
        ["J1", "1", "1", "adapter", "DC jack", "5.5 x 2.1 mm (2.0 to 2.1 mm pin), 8 A or more",
         "CUI Devices PJ-063AH (8 A, 24 V)",
         "In the left edge (see the drilling template), marked 5 V ONLY, centre + beside it (X11). Rated above "
         "what F1 may carry for good: a glass time-lag fuse must not blow within an hour at 1.5 x its rating "
         "(IEC 60127-2; T3.15A: 4.7 A), so J1 must carry 4.7 A continuously (power.md). Many panel jacks with a "
         "nut are rated 3 A or less: check the rating. The "
         f"PJ-063AH is a board jack, its body {JACK_BODY_MM[0]} x {JACK_BODY_MM[1]} mm: solder it to a piece of PB1 "
         f"(about {piece_size('J1')} mm) and glue that straight to the pocket's floor (no "
         f"foam tape: about {JACK_MM} mm tall, it then stands {stacks(board)['J1'][0]:.1f} of the pocket's "
         f"{depth['power']} mm) with its face against the edge's 12 mm hole, drilled where its pin is (BUILD.md, "
         "section 1), so that the plug's body enters the hole and a push on the plug goes into the wood, not the "
         "joints: the stop block behind its piece (X16) takes that push, not the glue"],
        ["F1", "1", "2", "adapter", "Fuse", "3.15 A time-lag (T3.15A), 5 x 20 mm glass",
         "Littelfuse 218 series, 3.15 A",
         "Right after the jack's centre pin; one spare. For a short with a supply that gives more than the "
         "adapter's 2.5 A (which it carries for hours: 80 % of its rating). Glass (IEC 60127-2, standard sheet "
         "3): it must blow within 2 minutes at 2.1 x its rating, 6.6 A, where a ceramic one (sheet 5) may take 30 "
         "(Littelfuse's datasheets: 218 series, glass, sheet 3, 60 minutes at least at 150 % and 120 s at most at "
         "210 %; 215 series, ceramic, sheet 5, 30 minutes at most at 210 %). "
         "Not a resettable PTC (polyfuse): its trip current, the least at which it surely trips, is about twice its "
         "hold current (Littelfuse's USBR series: 2.5 A hold, 5 A trip), so one that holds 3 A need not trip below "
         "about 6 A. "
         "Fitted after stage 3 (BUILD.md); "
         "until then F3, the T1A below"],
        ["F3", "1", "2", "adapter", "Fuse, for the first power-on (in XF1, F1's place, until stage 3)",
         "1 A time-lag (T1A), 5 x 20 mm glass", "Littelfuse 218 series, 1 A",
         "In XF1, in F1's place, through stages 1 to 3 (BUILD.md), then swapped for the T3.15A above: the bare board "
         "and every dark LED draw "
         f"{(leds * IDLE_MA[1] + PICO_MA[1]) / 1000:.2f} A at most ({leds} LEDs idle at {IDLE_MA[0]:g} to "
         f"{IDLE_MA[1]:g} mA each), up to about {(BRING_UP_CAP_MA + leds * (IDLE_MA[1] - 1)) / 1000:.2f} A with "
         f"LEDs lit under the bring-up's {BRING_UP_CAP_MA} mA cap (which counts 1 mA a dark LED: BUILD.md, \"The first "
         "power-on\"), and a wiring fault blows 1 A, not 3.15 A; one spare"],
        ["XF1", "1", "1", "adapter", "Fuse holder",
         f"5 x 20 mm, inline (wire leads), 10 A, body at most {XF1_MM} mm across and {xf1_length_mm(board):g} mm "
         "long with its cap on",
         GENERIC + "in-line holder for one 5 x 20 mm glass fuse, screw cap, two wire leads of 0.5 mm2 (20 AWG) or "
         f"more, rated 10 A at 250 V, its body {XF1_MM} mm across and {xf1_length_mm(board):g} mm long at most, cap on",
         "Rated above the 4.7 A F1 may carry for good (1.5 x its rating: IEC 60127-2), as J1. Its body laid flat "
         f"and glued on the floor of the {depth['power']} mm deep power pocket, its output lead on the cut-off's "
         "piece of PB1 (BUILD.md, stage 1): measure it across and along before you buy or fit it. It lies along the "
         "power pocket's bottom wall from J1's piece (the underside view), its body end towards J1, its input lead "
         f"turning about {LEAD_TURN_MM} mm from that end, its cap end below the cut-off's piece; past its cap end "
         f"{CAP_ROOM_MM} mm are left free, where the cap "
         f"pulls off (about {FUSE_PULL_MM} mm) and its lead's {CAP_LOOP_MM} mm slack loop lies. Not a fuse block for a "
         f"board: Schurter's OG (named here before) is {FUSE_BLOCK_MM} mm tall by Schurter's drawing, taller "
         f"than the pocket even on its floor, {TAPE_MM + PERFBOARD_MM + FUSE_BLOCK_MM:.1f} mm on PB1 and the "
         "foam tape. No maker's part is named: check the seller's drawing for its 10 A and its size"],
        ["C253", "1", "1", "adapter", "Electrolytic capacitor, bipolar (non-polarised)",
         f"47 uF, 35 V, bipolar, radial, {BIPOLAR_CAN_MM[0]} mm across and {BIPOLAR_CAN_MM[1]} mm long at most",
         "Nichicon ES series, 35 V 47 uF (UES1V470M + case suffix)",
         "Right after XF1, +5V_FUSED (Q1's drain) to GND: damps the ringing when a live adapter is plugged in, "
         "which would otherwise reach 2.2 to 2.4 times the adapter's voltage on Q1's drain (scripts/ovp_check.py; "
         "power.md, "
         "\"Overvoltage\"). Bipolar, not an ordinary electrolytic: a reversed plug puts the supply across it the "
         "wrong way round. 35 V: a 24 V plug. Nichicon's ES datasheet: bi-polarized, 6.3 to 50 V, 0.47 to 1000 uF, "
         "-40 to +85 degC, part numbers UES, the voltage code (1V: 35 V), the capacitance (470: 47 uF), M (20 %) "
         "and a configuration suffix by the can's diameter (its own example: UES1A470MEM, 10 V 47 uF); the case "
         "size and its suffix for 35 V 47 uF were not checked here (the part number this BOM gave before, "
         "UES1V470MPM, could not be found in a datasheet): take the suffix from Nichicon's table or the seller's "
         "listing. It lies on its side, glued to the power pocket's floor beside the cut-off's piece, its leads in it "
         "(BUILD.md, stage 1; the "
         f"underside view): upright, or on the perfboard and its foam tape, a {BIPOLAR_CAN_MM[0]} mm can stands too "
         f"near the {depth['power']} mm pocket's depth or above it. The datasheet gives no impedance or "
         "ESR, only "
         "tan delta at 120 Hz (0.14 at most for 35 V): an ESR of 4 ohm at most at 120 Hz, none at the ringing's "
         "frequency (scripts/ovp_check.py assumes 0.5 ohm; power.md, \"Datasheets read\"). Any other bipolar "
         "(non-polarised, NP) electrolytic of 47 uF, 35 V or more does as well"],
        ["D1", "1", "1", "adapter", "Schottky diode", "1 A, 40 V", "1N5819",
         "Fused 5 V to the Pico's VSYS (pin 39), behind F4: USB and the adapter never feed each other"],
        ["F4", "1", "1", "adapter", "PTC resettable fuse",
         f"{F4_HOLD_MA / 1000:.1f} A hold, {F4_TRIP_MA / 1000:.1f} A trip, 6 V or more, radial leads", "Bourns MF-R020",
         "The Pico's branch's own fuse, at the star point's +5 V bar ahead of D1: without it a short on that branch "
         "(D1, its wire to VSYS, a bridge from pin 39 to pin 38's GND) would take the adapter's fault current, up to "
         f"{2.5 * OCP_MOST:g} A, through D1, a {D1_RATED_MA / 1000:g} A diode, for as long as the plug is in "
         "(power.md, \"Which supply\"). Bourns' MF-R datasheet, at 23 degC: "
         f"{F4_HOLD_MA / 1000:.2f} A hold, {F4_TRIP_MA / 1000:.2f} A trip, 60 V, 40 A; {F4_OHMS[0]:.2f} to "
         f"{F4_OHMS[1]:.2f} ohm cold, {F4_R1_OHMS:.2f} ohm at most an hour after a trip; {F4_TRIP_S:g} s at most to "
         f"trip at {F4_TRIP_AT_MA / 1000:.1f} A; {F4_TRIPPED_W:.2f} W tripped (typical). So D1 carries more than its "
         f"{D1_RATED_MA / 1000:g} A for {F4_TRIP_S:g} s at most (a dead short, up to about "
         f"{f4_short_ma() / 1000:.1f} A, F4's own resistance at the adapter's {ADAPTER_MOST_V:g} V, trips it "
         "sooner), and "
         f"tripped F4 holds the short to about {F4_TRIPPED_W / 5 * 1000:.0f} mA. Not an MF-R050 (F2's 0.5 A hold, "
         "1 A trip): it would let D1 carry up to its 1 A for good and more than that for seconds, with no time to "
         f"trip given below 2.5 A. The Pico's branch draws {PICO_BRANCH_MA / 1000:.1f} A at most (the board's "
         f"0.05 A, twice over): under F4's hold warm too (about {f4_hold_ma(50) / 1000:.2f} A at 50 degC, a typical "
         f"PTC's derating, estimated as F2's), and {PICO_BRANCH_MA / 1000 * F4_OHMS[1]:.2f} V at most across it "
         f"cold ({PICO_BRANCH_MA / 1000 * F4_R1_OHMS:.2f} V in the hour after a trip), which leaves VSYS above 4 V "
         "from a 5.0 V adapter (the Pico runs from 1.8 V). The MF-R series' small models share one body: sellers "
         "give 7.4 x 12.7 x 3.1 mm at most for the MF-R010 as for the MF-R050 (measure yours). It stands on its edge "
         "on the power pocket's floor below the star point, its "
         f"leads bent level, D1 below it (about {PTC_TALL_MM:g} mm tall; BUILD.md, stage 1; the underside view), "
         "glued by its leads' heat-shrink, not by its body (tripped, it stays hot). Unplug and let it cool a minute "
         "to reset it"],
        ["Q1-Q2", "2", "2", "adapter", "P-channel MOSFET, logic level",
         "TO-220, VDS 30 V or more, RDS(on) 20 mohm or less at VGS -4.5 V, 10 A or more", "Infineon IPP80P03P4L-04",
         "Back to back after F1, sources joined, gates joined: Q1's drain to F1 (a wrong-polarity plug finds it "
         "off), Q2's drain to +5 V, the LED bus (above about 5.7 V both go off and Q2's body diode blocks). "
         "Each tab is its drain, live: insulate both (X8). Both lie flat in the power pocket beyond C243, Q2 against "
         "the LED pocket's edge, Q1 below it and above the cut-off's piece, their leads towards C243 (the underside "
         "view; BUILD.md, stage 1)"],
        ["R11", "1", "1", "adapter", "Resistor", f"10 kohm, {RESISTOR}", "",
         "Q1's and Q2's gates to GND: on whenever the polarity and the voltage are right. On the cut-off's "
         "perfboard, where the gates' wire from Q1 and Q2 ends (with R15 and Q3's collector); its ground end on the "
         "cut-off's one wire to the star point (BUILD.md, stage 1)"],
        ["U4", "1", "1", "adapter", "Shunt reference", "TL431, 1 % (A grade) or better, TO-92", "TI TL431ACLP",
         "The overvoltage cut-off's comparator, on the cut-off's piece of perfboard (BUILD.md, stage 1). TO-92 "
         "leads seen from the flat "
         "face: REF, anode, cathode (TI's LP package; check another maker's). TI's datasheet (SLVS543), TL431AC: "
         "2.470 to 2.520 V reference, 4 uA at most into REF, least cathode current for regulation 0.6 mA at most "
         "(0.4 mA typical; 1 mA at most for a plain TL431C), 0 to 70 degC"],
        ["Q3", "1", "1", "adapter", "PNP transistor", "40 V, TO-92", "2N3906",
         "Pulls Q1's and Q2's gates up to their sources above the limit. Leads seen from the flat face: emitter, "
         "base, collector; a BC557 has them the other way round"],
        ["D2", "1", "1", "adapter", "Small-signal Schottky diode",
         "30 V or more, 0.33 V or less at 2 mA, 0.5 uA or less at 25 V and 25 degC, DO-35", "BAT43",
         "Band (cathode) to U4's REF, the other end to GND: holds REF above -0.33 V when a reversed plug pulls it "
         "down through R13, so that U4 passes none of the 50 uA it allows out of REF. A Schottky, not a 1N4148: "
         "about 0.6 V there, a silicon clamp would leave part of that current to whatever junction inside U4 "
         "conducts first. Its leakage raises the cut-off a little (power.md, \"Overvoltage\")"],
        ["R13", "1", "1", "adapter", "Resistor", f"15 kohm, {RESISTOR}", "",
         "+5V_FUSED to U4's REF: with R14 and R15 sets the cut-off at about 5.7 V"],
        ["R14", "1", "1", "adapter", "Resistor", f"12 kohm, {RESISTOR}", "", "U4's REF to GND"],
        ["R15", "1", "1", "adapter", "Resistor", f"470 kohm, {RESISTOR}", "",
         "Q1's and Q2's gates to U4's REF: the cut-off lets through again only below about 5.5 V"],
        ["R16", "1", "1", "adapter", "Resistor", "2.2 kohm, 0.5 W, 1 %, metal film", "",
         "U4's cathode to Q3's base. 0.5 W, not 0.25 W: with a 24 V plug in (cut off) it takes (24 V less Q3's "
         "0.7 V and U4's 2 V) / 2.2 kohm, 9.7 mA, 0.21 W: 82 % of 0.25 W for as long as the plug is in, 41 % of "
         "0.5 W"],
        ["R17", "1", "1", "adapter", "Resistor", f"1 kohm, {RESISTOR}", "",
         "Q3's base to its emitter: off below the limit, and U4 sinks 0.65 mA, above the TL431AC's least cathode "
         "current for regulation (0.6 mA at most, 0.4 mA typical: TI SLVS543), "
         "before Q3 turns on"],
        ["C248", "1", "1", "adapter", "Ceramic capacitor", "2.2 nF, 50 V, C0G or X7R, 2.54 mm leads", "",
         "U4's REF to GND: the cut-off ignores the microseconds of ringing when a live adapter is plugged in"],
        ["PB1", "1", "1", "both", "Perfboard", "2.54 mm, about 50 x 70 mm, to cut pieces from", "",
         f"U2 with C244, R1 and R12 (about {size(board['build']['parts']['shifter'])} mm, beside LED 1); the controls' "
         "RC filters (" +
         ", ".join(parts()["R"] + parts()["C"]) +
         f", about {size(board['build']['parts']['controls_filter'])} mm) on the back panel, right by the Pico's pins "
         f"14 to 20; R6 and R7 on a small piece (about {piece_size('R6-R7')} mm) beside the display; at the power "
         f"entry, the star point's small piece (about {piece_size('star point')} mm) with its GND and +5 V bars at "
         f"C243's leads (both builds), on the USB build U3's adapter board with R8-R10 and C247 (about "
         f"{piece_size('U3')} mm), on the adapter build the cut-off (U4, Q3, D2, R11, R13-R17, C248, about "
         f"{CUT_OFF_MM[0]} x {CUT_OFF_MM[1]} mm, where XF1's output, C253 and the wire to Q1 join too) and J1's "
         f"piece (about {piece_size('J1')} mm); where each lies: the underside view"],
        ["W1", "1", f"{red:.1f} m", "both", "Power wire, red", "0.5 mm2 (20 AWG) stranded",
         "", f"+5 V bus along the chain ({lengths['bus'] / 1000:.2f} m measured), the feeds to both ends "
         f"({lengths['feeds'] / 1000:.2f} m), the Pico's supply lead ({lengths['supply'] / 1000:.2f} m, its "
         f"{SERVICE_LOOP_MM / 10:g} cm service loop included) and U2's pin 14 from the star point, beside LED 1's "
         f"feed ({lengths['shifter'] / 1000:.2f} m), on the adapter build the cut-off's piece (XF1's output) to Q1, "
         f"Q1 to Q2 and Q2 to the star point ({entry['red'] / 1000:.2f} m, as the underside view draws them), +20 %. "
         "Also every short +5 V lead, each as short as it can be (the Pico's with its service loop, no more): "
         "F4 to D1 and D1 to VSYS (F4 bounds a short there, which the adapter would otherwise feed); on the USB "
         "build the Pico's VBUS (pin 40) to U3's IN and U3's OUT to C243 "
         "and the bus, which carry the whole 0.4-0.5 A; on the adapter build J1's centre pin to XF1, Q1 and Q2 "
         "and on to C243, which carry the whole 2.5 A, wherever the parts' own leads do not reach. 0.5 mm2 carries "
         "the 4.7 A F1 may let through for good (power.md, \"Which supply\")"],
        ["W2", "1", f"{black:.1f} m", "both", "Power wire, black", "0.5 mm2 (20 AWG) stranded", "",
         "GND bus and feeds (as W1); the Pico's GND to the star point on two wires, from pins 38 and 3, each its "
         "own way and each as long as W1's supply lead (on the USB build the whole 0.4-0.5 A returns through them; "
         "with two, one broken does not send it through U2's and the RP2040's pins: BUILD.md, stage 1); U2's pin 7 "
         "beside its pin 14; on the adapter build J1's sleeve lug to the star point (the whole 2.5 A), C253's "
         "ground wire and the cut-off's (U4, R11, R14, C248 and D2's ground ends) "
         f"({entry['black'] / 1000:.2f} m, as the underside view draws them); +20 %. "
         "Every short GND lead as W1's"],
        ["W3", "1", f"{metres(lengths['links'] + link_ends):.1f} m", "both", "Data wire",
         "0.14-0.25 mm2 (26-24 AWG) stranded", "",
         f"DOUT to DIN links along the chain ({lengths['links'] / 1000:.2f} m measured, and {LAP_MM} mm stripped "
         f"at each end of each of the {leds - 1} links: {link_ends / 1000:.2f} m), +20 %"],
        ["W4", "1", f"{metres(lengths['signal']):.1f} m", "both", "Signal wire, several colours",
         "0.14-0.25 mm2 (26-24 AWG) stranded", "",
         f"Controls, display, shifter and Pico ({lengths['signal'] / 1000:.2f} m: the runs measured, and "
         f"{SERVICE_LOOP_MM / 10:g} cm more for each wire from the back panel into the blank, its service loop; "
         f"the display's {lengths['display'] / 1000:.2f} m of it: four wires from the Pico to R6/R7's piece and "
         "four short ones on to the module; the four bonding wires, the encoder's body and each button's tag to the "
         f"star point, {lengths['bonding'] / 1000:.2f} m), +20 %"],
        ["X1", "1", "1", "both", "Board blank", f"hardwood, {width} x {height} x {thickness} mm (oak, maple, walnut)",
         "", "Drill and rout with the drilling template (drill-template-*.pdf or .dxf)"],
        ["X2", "1", "1", "both", "Back panel", f"3 mm plywood or hardboard, {width} x {height} mm", "",
         "Closes the pockets; drill it from the back panel view (back-panel.svg, the PDFs' last sheets): "
         "X4's holes, the Pico's M2 holes and its BOOTSEL hole"],
        ["X3", "4", "4", "both", "Screws, nuts and spacers",
         f"M2 x 12 mm screws, M2 nuts, {PICO_SPACER_MM} mm M2 spacers", "",
         "The Pico on the back panel (its holes take M2, not M2.5)"],
        ["X4", str(PANEL_SCREWS + len(screw_blocks(board))), str(PANEL_SCREWS + len(screw_blocks(board))), "both",
         "Wood screws",
         f"3 x 12 mm, countersunk (flat head, 90 degrees), the head {COUNTERSINK_MM} mm across at most", "",
         "Back panel to the blank, only into solid wood or a screw block (X14): where back-panel.svg puts "
         f"them (the pockets' rims are too thin); {PILOT_HOLE_MM} mm pilot holes in the blank. The heads sit "
         "flush in the panel's "
         f"{COUNTERSINK_MM} mm countersinks (back-panel.svg)"],
        ["X5", "4", "4", "both", "Felt feet", "self-adhesive, 10-20 mm across, 3 mm thick or more", "",
         "Near the panel's corners, clear of the screws: thicker than the heads of the Pico's M2 screws (about "
         "1.6 mm) on the panel's outside, so that the board stands on felt and air reaches the panel"],
        ["X6", "2", f"{metres(bus_sleeves * SLEEVE_MM):.1f} m + "
         f"{metres((data_sleeves + lead_sleeves) * SLEEVE_MM):.1f} m", "both",
         "Heat-shrink tube", "2:1, 3 mm (slides over the 0.5 mm2 wire, up to 2.5 mm across) and 2 mm (over W3, the "
         "LEDs' leads and the capacitors' legs)",
         "", f"Cut in {SLEEVE_MM} mm pieces, +20 %: 3 mm over every tap on the bus and its joints ({bus_sleeves} "
         "pieces: the closest taps, within a street of five holes, are 8 mm apart), 2 mm over both joints of every "
         f"data link ({data_sleeves} pieces) and over each LED's VDD and GND leads and its capacitor's two legs "
         f"({lead_sleeves} pieces; BUILD.md, stage 3). An assorted pack holds far too few of either size"],
        ["X7", "3", "3", "both", "Solder tags", "M12, to fit the buttons' 12 mm bushings", "",
         "Under each metal button bezel's nut, wired to the star point (BUILD.md, stage 4)"],
        ["X8", "1", "0.2 m", "adapter", "Heat-shrink tube", "12-13 mm (1/2 inch), 2:1", "",
         "Over Q1's and Q2's bodies and tabs, leads left free: each tab is live (its drain) and they are on "
         "different nets; shrink it before soldering the leads"],
        ["X9", "1", "1", "both", "Hot-melt glue", "glue gun and sticks", "",
         "A drop where each LED's flange meets the wood (a pressed dome cannot push it into the pocket), and to "
         "hold every perfboard, XF1, Q1-Q2 and the wires in their pockets, and the Pico's wires to the back "
         "panel near its pads (BUILD.md, before closing the panel). It peels off to change a part"],
        ["X10", "1", "1", "both", "Double-sided foam tape", "1-2 mm thick", "",
         "Under each perfboard: it insulates the joints from the pocket's floor and holds the board until the "
         "glue is on"],
        ["X11", "1", "1", "adapter", "Marking", "5 V ONLY, centre +", "",
         "Beside J1 on the board's edge and the back panel's (back-panel.svg): written with a permanent pen, "
         "burnt, or a printed label. A 9 or 12 V plug fits the same jack"],
        ["X12", "1", "1", "adapter", "Test lead", "5.5 x 2.1 mm DC plug to socket extension lead, 0.5 mm2 (20 AWG) "
         "or thicker, 5 A or more", "",
         "Stage 6 (BUILD.md): the multimeter in series outside the box, never clipped onto joints inside it. Find its "
         "+ wire with the meter (continuity to the plug's centre pin), cut it and fit each end with a shrouded 4 mm "
         "plug or a probe lead for the meter's sockets, and a short lead with a 4 mm plug each end joins them when "
         "no meter is in; the other wire stays whole but for a 5 mm window stripped in it about 2 cm from its plug, "
         "taped over between readings (the plug's barrel, for the plug-seating check in BUILD.md, stage 6). "
         "Between the adapter's plug and J1, "
         "the meter's fuse in series with F1. 5 A or more, as every lead that carries the supply ahead of F1: F1 may "
         "let 4.7 A through for good (power.md, \"Which supply\")"],
        ["X13", str(channel_ties(board) + 1), "1 pack", "both", "Cable ties",
         "small, about 2.5 x 100 mm", "",
         f"The signal wires' bundle across the power pocket, in its signal channel (BUILD.md, stage 1): one every "
         f"{TIE_PITCH_MM} mm or so, and one at each end; and one on J2's lead's folded slack (BUILD.md, section 1)"],
        ["X14", str(len(screw_blocks(board))), str(len(screw_blocks(board))), "both", "Screw block",
         f"hardwood, {SCREW_BLOCK_MM} x {SCREW_BLOCK_MM} mm, {depth['controls']} mm tall (planed square)", "",
         "Glued (wood glue, X15) into the power pocket above player 1's button, where the underside view draws it "
         "(BUILD.md, stage 1): it takes the back panel's screw on the board's left (back-panel.svg, its pilot "
         f"hole {PILOT_HOLE_MM} mm at its centre) and holds up the 3 mm skin beside the button. Its end over the power "
         f"pocket's {depth['power']} mm floor rebated {depth['controls'] - depth['power']} mm, "
         f"{block_step_mm(board):g} mm wide"],
        ["X15", "1", "1", "both", "Wood glue", "PVA (white or yellow) wood glue, a small bottle", "",
         "The screw block (X14) into the power pocket, and on the adapter build J1's stop block (X16), each on bare "
         "wood (BUILD.md, stage 1): the one carries the back panel's screw for good, the other a plug's push, where "
         "hot-melt glue (X9) peels off"],
        ["X16", "1", "1", "adapter", "Stop block",
         f"hardwood, {JACK_STOP_MM[0]} x {JACK_STOP_MM[1]} mm, {JACK_STOP_MM[2]} mm tall (planed square)", "",
         "Glued (wood glue, X15) to the power pocket's floor right behind J1's piece of PB1, its face against the "
         "piece's back edge across the plug's axis, where the underside view draws it (\"stop X16\"; BUILD.md, "
         "stage 1): a plug pushed into J1 pushes the piece against the block and the floor, not against the piece's "
         "glue alone. J1's wires pass over it"],
        ["PS2", "1", "1", "usb", "USB charger (or power bank) and cable",
         f"5 V, {CHARGER_MA[1] / 1000:g} A, no more, {charger} at its "
         "plug under load (the USB power meter's reading with the board drawing); micro-USB cable (from a USB-C "
         "charger: a USB-C to micro-USB cable; with a USB-C socket as J2, a USB-C "
         "cable)", "",
         f"Not above {CHARGER_MA[1] / 1000:g} A: the board draws 0.5 A at most, and ahead of F2 (J2's lead and "
         "sockets, the Pico's socket and pin 40) nothing but the charger limits a short, so a stronger one only "
         "feeds a short more "
         f"(J2 is rated {J2_RATED_MA / 1000:g} A for it, and the micro-USB connectors on that path, J2's and the "
         f"Pico's own, are commonly rated {MICRO_USB_MA / 1000:g} A: a 2 A charger's 3 A into a short would be past "
         "them; power.md, \"F2, before U3\"). "
         "Not a computer's port: MicroPython asks it for 250 mA, the board draws up to 0.4 A (power.md, \"Which "
         "supply\"): a computer's port is for flashing, deploying and the LED test, not for play; "
         "measure it first with the USB power meter (stage 1). Not less than "
         f"{volts['usb_charger']:.1f} V: at the cap's 0.4 A the cable, J2's lead, F2 and U3 lose up to "
         f"{volts['usb_charger'] - U2_LEAST_V:.1f} V before U2, which needs {U2_LEAST_V} V (power.md, \"Wiring for "
         "current\"; BUILD.md, stage 2, reads it under load). The cable short and thick (1 m or "
         "less, sold for charging at 2 A or more)"],
    ]


def filter_rows() -> list[list[str]]:
    """The controls' RC filters (control_filters.py): a line for each run of references of one value, each
    part's role and control in its notes."""
    labels = {"encoder_a": "encoder A", "encoder_b": "encoder B", "encoder_switch": "encoder switch"}
    roles: dict[str, tuple[str, str, str]] = {}  # ref -> (part, specification, what it does)
    for name, f in FILTERS.items():
        control = labels.get(name, f"button {name}")
        roles[f.series] = ("Resistor", f"{ohms(f.series_ohms)}, {RESISTOR}", f"in series, {control}'s wire to its pin")
        roles[f.capacitor] = ("Ceramic capacitor", f"{f.nanofarads} nF, 50 V, X7R, 2.54 mm leads",
                              f"{control}'s pin to GND, at the pin")
        if f.pull_up is not None and f.pull_up_ohms is not None:
            roles[f.pull_up] = ("Resistor", f"{ohms(f.pull_up_ohms)}, {RESISTOR}",
                                f"{control}'s wire pulled up to 3V3, never 5 V (Bourns' filter)")
    by_value: dict[tuple[str, str], list[str]] = {}
    for ref, (part, spec, _) in roles.items():
        by_value.setdefault((part, spec), []).append(ref)
    rows = []
    for (part, spec), refs in by_value.items():
        for run in ranges(refs):
            first, _, last = run.partition("-")
            numbers = range(int(first[1:]), int((last or first)[1:]) + 1)
            members = [ref for ref in refs if int(ref[1:]) in numbers]
            notes = "The controls' RC filters, on their perfboard by the Pico's pins 14 to 20 (BUILD.md, stage 4): " + \
                "; ".join(f"{ref} {roles[ref][2]}" for ref in sorted(members, key=lambda r: int(r[1:])))
            rows.append([run, str(len(members)), str(len(members)), "both", part, spec, "", notes])
    return sorted(rows, key=lambda row: (row[0][0] != "R", int(row[0].partition("-")[0][1:])))


def render(board: dict) -> str:
    """The BOM as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows(board))
    return out.getvalue()


if __name__ == "__main__":
    argparse.ArgumentParser(description="Write hardware/bom.csv, the bill of materials, from hardware/board.json."
                            ).parse_args()
    board_json = json.loads(BOARD_JSON.read_text())
    BOM_CSV.write_text(render(board_json))
    print("wrote", BOM_CSV)
