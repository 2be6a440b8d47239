"""The board's circuit as a SKiDL netlist, for both supply variants, with an electrical rules check.

Run ``python hardware/scripts/circuit.py`` after changing a pin in board.json or a part here: it builds
the circuit of each variant ("usb" and "adapter", see power.md), runs SKiDL's ERC (an error or
a warning fails), and writes ``netlist-usb.txt`` and ``netlist-adapter.txt``: one line per net,
the pins on it. ``draw_schematic.py`` draws the schematics from these circuits, and tests
regenerate both and check the circuit's safety rules (the fuse right after the jack, pull-ups
to 3.3 V only, the LED switch off by default, every control's pin behind its RC filter, ...).

Every part is defined here (SKiDL's own tool, no KiCad libraries), so nothing is fetched.
Reference designators match bom.csv.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path

import i2c_bus
from control_filters import FILTERS, ohms
from make_board import LED_POWER_PINS
from skidl import POWER, SKIDL, TEMPLATE, Circuit, Net, Part, Pin, erc_logger
from skidl.logger import stop_log_file_output

HARDWARE = Path(__file__).resolve().parent.parent  # hardware/, above scripts/: the files read and written
BOARD_JSON = HARDWARE / "board.json"
VARIANTS = ("usb", "adapter")
NETLISTS = {variant: HARDWARE / f"netlist-{variant}.txt" for variant in VARIANTS}

T = Pin.types
# Raspberry Pi Pico pinout (Pico datasheet, "Pinout"): physical pin -> name.
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND", 9: "GP6", 10: "GP7",
    11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13", 18: "GND", 19: "GP14",
    20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND",
    29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND", 34: "GP28", 35: "ADC_VREF", 36: "3V3",
    37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
# 74AHCT125 (SN74AHCT125N, DIP-14): four buffers, each with an active-low output enable.
AHCT125_PINS = {1: "1OE", 2: "1A", 3: "1Y", 4: "2OE", 5: "2A", 6: "2Y", 7: "GND", 8: "3Y", 9: "3A", 10: "3OE",
                11: "4Y", 12: "4A", 13: "4OE", 14: "VCC"}
# TPS2553DBV (SOT-23-6, TI SLVS841F, its DBV pin table): current-limited switch, enable active high (TI SLVSDL7:
# "TPS2553D (Enable High)"). The numbers as designs citing that table quote them (power.md, "Datasheets read").
TPS2553_PINS = {1: "IN", 2: "GND", 3: "EN", 4: "FAULT", 5: "ILIM", 6: "OUT"}
# P-channel MOSFET, TO-220 (IPP80P03P4L-04 and most others): gate, drain, source.
PMOS_PINS = {1: "G", 2: "D", 3: "S"}
# TL431 shunt reference, TO-92 (TI's LP package), seen from the flat face, leads down: REF, anode, cathode.
TL431_PINS = {1: "REF", 2: "A", 3: "K"}
# 2N3906 PNP transistor, TO-92, seen from the flat face, leads down: emitter, base, collector (a BC557
# has them the other way round).
PNP_PINS = {1: "E", 2: "B", 3: "C"}
# The adapter build's overvoltage cut-off: U4 compares the fused supply, divided by R13 / R14, with its
# 2.495 V reference; R15 from the FETs' gates gives it hysteresis. See power.md, "Overvoltage".
TL431_VREF = 2.495
OVP_DIVIDER = {"R13": 15_000, "R14": 12_000, "R15": 470_000}
# D2, the clamp on U4's REF, a BAT43 Schottky (DO-35, 30 V). A reversed plug pulls REF below U4's anode through R13
# (24 V reversed: about 1.6 mA), and the TL431 allows 50 uA out of REF (SLVS005J, absolute maximum): a silicon clamp
# (a 1N4148, about 0.6 V there) shares that current with whatever junction inside U4 conducts below its anode, and
# leaves the share to chance; a Schottky holds REF at 0.33 V at most (BAT43 at 2 mA), where no silicon junction does.
# Its price is its reverse current, drawn from the divider like U4's REF current: at most 0.5 uA at 25 degC and
# 100 uA at 100 degC (at 25 V), so about 12 uA at 70 degC (in a straight line on a log scale between the two; less
# at REF's 2.5 V), which raises the worst-case cut-off by 0.18 V. A 1N4148 leaks nanoamps, and would not.
D2_LEAK_A = 0.5e-6 * (100e-6 / 0.5e-6) ** ((70 - 25) / (100 - 25))


def ovp_cut_off(vref: float = TL431_VREF, ratio: float = 1.0, iref: float = 2e-6) -> float:
    """The fused supply (V) at which the cut-off turns Q1 and Q2 off, rising: U4's reference ``vref``,
    R13 / R14 off by the factor ``ratio`` (their tolerance), U4's REF current ``iref`` through R13;
    R15 runs from the gates, at GND then."""
    top, bottom, hysteresis = (OVP_DIVIDER[ref] for ref in ("R13", "R14", "R15"))
    return vref * (1 + ratio * top / bottom + top / hysteresis) + iref * top


def ovp_back_on(vref: float = TL431_VREF, ratio: float = 1.0, iref: float = 2e-6, body_diode: float = 0.45) -> float:
    """The fused supply (V) below which a cut-off board lets through again, falling: R15 then runs from
    the gates, pulled up to the sources, a body diode (``body_diode``) below the supply."""
    top, bottom, hysteresis = (OVP_DIVIDER[ref] for ref in ("R13", "R14", "R15"))
    sinks = vref / (bottom / ratio) + vref / top + (vref + body_diode) / hysteresis + iref
    return sinks / (1 / top + 1 / hysteresis)


# WS2812D-F5 5 mm LED: data in, supply, ground, data out.
LED_PINS = {1: "DIN", 2: "VDD", 3: "GND", 4: "DOUT"}


def pico_pin_type(name: str, variant: str, inputs: set[str], outputs: set[str]) -> int:
    """The electrical type of a Pico pin in this build: VBUS gives power only on the USB build; a
    GPIO is an input or an output as the firmware uses it (bidirectional otherwise)."""
    if name in ("GND", "AGND", "VSYS"):
        return T.PWRIN
    if name == "3V3" or (name == "VBUS" and variant == "usb"):
        return T.PWROUT
    if name in inputs:
        return T.INPUT
    if name in outputs:
        return T.OUTPUT
    return T.BIDIR if name.startswith("GP") else T.PASSIVE


def template(name: str, prefix: str, pins: dict[int, str] | list[tuple[int, str, int]],
             types: dict[str, int] | None = None) -> Part:
    """A SKiDL part template from pin numbers and names (``types`` by name; passive otherwise)."""
    if isinstance(pins, dict):
        pins = [(num, pin, (types or {}).get(pin, T.PASSIVE)) for num, pin in pins.items()]
    return Part(tool=SKIDL, name=name, ref_prefix=prefix, dest=TEMPLATE,
                pins=[Pin(num=num, name=pin, func=func) for num, pin, func in pins])


def gpio_name(number: int) -> str:
    """``GP<number>``."""
    return f"GP{number}"


@dataclass
class Shared:
    """What the sections of one build share: the circuit (for its no-connect net), board.json's pins,
    the variant, the three supply nets, the part templates more than one section uses, and the Pico
    (U1) with its pins by name."""

    circuit: Circuit
    pins: dict
    variant: str
    gnd: Net
    v3: Net
    led5: Net
    resistor: Part
    capacitor: Part
    diode: Part
    pico: Part
    by_name: dict[str, list]

    def gp(self, number: int, net_name: str) -> Net:
        """A new net, ``net_name``, on the Pico's pin GP``number``."""
        net = Net(net_name)
        net += self.pico[[n for n, name in PICO_PINS.items() if name == gpio_name(number)][0]]
        return net


def build(board: dict, variant: str) -> Circuit:
    """The whole circuit of one supply variant, from the pins and LED count of ``board`` (the LED
    switch's pins are ``make_board.LED_POWER_PINS``, which board.json holds for a USB build only)."""
    if variant not in VARIANTS:
        raise ValueError(f"the supply is 'usb' or 'adapter', not {variant!r}")
    pins = board["pins"]
    circuit = Circuit()
    circuit.no_files = True  # no log or ERC files beside the script
    resistor = template("R", "R", {1: "1", 2: "2"})
    capacitor = template("C", "C", {1: "1", 2: "2"})
    diode = template("D", "D", {1: "K", 2: "A"})
    with circuit:
        gnd, v3, led5 = Net("GND"), Net("+3V3"), Net("+5V_LED")
        gnd.drive = POWER  # the supply's return (the jack or USB); 3V3 and +5V_LED are driven by parts
        pico = pico_part(pins, variant)
        shared = Shared(circuit, pins, variant, gnd, v3, led5, resistor, capacitor, diode, pico, pico_pins(pico))
        pico_power(shared)
        supply(shared)
        unused_pico_pins(shared)
        led_chain(shared, level_shifter(shared), board["leds"]["count"])
        controls(shared)
        display(shared)
    return circuit


def pico_part(pins: dict, variant: str) -> Part:
    """U1, the Pico, each pin typed for the ERC as this build uses it (``pico_pin_type``)."""
    inputs = {gpio_name(n) for n in (pins["encoder_a"], pins["encoder_b"], pins["encoder_switch"],
                                     *pins["buttons"].values())}
    outputs = {gpio_name(n) for n in (pins["led_data"], pins["i2c"]["scl"])}
    if variant == "usb":
        inputs.add(gpio_name(LED_POWER_PINS["fault"]))
        outputs.add(gpio_name(LED_POWER_PINS["enable"]))
    return template("RPi_Pico", "U", [(n, name, pico_pin_type(name, variant, inputs, outputs))
                                      for n, name in PICO_PINS.items()])(ref="U1", value="Raspberry Pi Pico")


def pico_pins(pico: Part) -> dict[str, list]:
    """The Pico's pins by name, each name's in pin-number order (GND names seven)."""
    by_name: dict[str, list] = {}
    for number, name in PICO_PINS.items():
        by_name.setdefault(name, []).append(pico[number])
    return by_name


def pico_power(shared: Shared) -> None:
    """The Pico's ground pins on GND, its 3V3 output on +3V3."""
    by_name, gnd = shared.by_name, shared.gnd
    # The Pico joins its GND pins on its own board. Two of them, pins 38 and 3, are wired to the star point, each
    # its own way (BUILD.md, stage 1): one wire alone, broken in the panel's service loop, would send the return
    # through U2's and the RP2040's pins. A netlist has no wires: both are this one net.
    for p in by_name["GND"] + by_name["AGND"]:
        gnd += p
    shared.v3 += by_name["3V3"][0]


def supply(shared: Shared) -> None:
    """C243, the bulk capacitor on the LED bus, then the variant's power entry."""
    polarised = template("CP", "C", {1: "+", 2: "-"})
    bulk = polarised(ref="C243", value="1000uF 16V")
    bulk["+"] += shared.led5
    bulk["-"] += shared.gnd
    if shared.variant == "usb":
        usb_supply(shared)
    else:
        adapter_supply(shared)


def usb_supply(shared: Shared) -> None:
    """The USB build's power entry: the Pico's VBUS, through F2, into U3, the LEDs' current-limited switch,
    which the firmware enables (LED_EN) and which reports a fault (LED_FAULT); VSYS left open."""
    by_name, gnd, resistor = shared.by_name, shared.gnd, shared.resistor
    vbus = Net("VBUS")
    vbus += by_name["VBUS"][0]
    # F2, a PTC resettable fuse soldered at the Pico's pin 40: a fault before U3 (the wire to U3's
    # IN, C247, a bridge at U3's pins) would otherwise get whatever the charger gives (power.md).
    ptc = template("PTC", "F", {1: "1", 2: "2"})(ref="F2", value="MF-R050 0.5A hold")
    ptc[1] += vbus
    vbus = Net("VBUS_PTC")
    vbus.drive = POWER  # the Pico's VBUS, through F2
    ptc[2] += vbus
    limiter = template("TPS2553", "U", TPS2553_PINS, {"IN": T.PWRIN, "GND": T.PWRIN, "EN": T.INPUT,
                                                      "FAULT": T.OPENCOLL, "OUT": T.PWROUT})(
        ref="U3", value="TPS2553DBVR")
    limiter["IN"] += vbus
    limiter["GND"] += gnd
    limiter["OUT"] += shared.led5
    bypass = shared.capacitor(ref="C247", value="100nF")
    bypass[1, 2] += vbus, gnd
    ilim = Net("ILIM")
    ilim += limiter["ILIM"]
    resistor(ref="R8", value="66.5k 1%")[1, 2] += ilim, gnd  # U3's limit: 351 to 449 mA
    enable = shared.gp(LED_POWER_PINS["enable"], "LED_EN")
    enable += limiter["EN"]
    resistor(ref="R9", value="100k")[1, 2] += enable, gnd  # off until the firmware drives it high
    fault = shared.gp(LED_POWER_PINS["fault"], "LED_FAULT")
    fault += limiter["FAULT"]
    resistor(ref="R10", value="10k")[1, 2] += fault, shared.v3
    for name in ("VSYS",):
        shared.circuit.NC += by_name[name][0]


def adapter_supply(shared: Shared) -> None:
    """The adapter build's power entry: J1, F1 and C253, Q1 and Q2 (reverse polarity and, with
    ``overvoltage_cut_off``, overvoltage), then F4 and D1 from the LED bus to the Pico's VSYS; VBUS left open."""
    gnd, led5, resistor, by_name = shared.gnd, shared.led5, shared.resistor, shared.by_name
    jack = template("DC_JACK", "J", {1: "TIP", 2: "SLEEVE"}, {"TIP": T.PWROUT, "SLEEVE": T.PWROUT})(
        ref="J1", value="5.5x2.1mm centre +")
    raw = Net("+5V_JACK")
    raw += jack["TIP"]
    gnd += jack["SLEEVE"]
    fused = Net("+5V_FUSED")
    fuse = template("FUSE", "F", {1: "1", 2: "2"})(ref="F1", value="T3.15A 5x20")
    fuse[1, 2] += raw, fused
    # C253 damps the ringing of a live plug going in (the cable's inductance against the FETs'
    # capacitance): bipolar, since a reversed plug puts the supply across it the wrong way round.
    shared.capacitor(ref="C253", value="47uF 35V bipolar")[1, 2] += fused, gnd
    # Two P-MOSFETs back to back, sources joined (+5V_GUARD), gates joined (Q_GATES), R11
    # holding the gates at GND: both on (VGS about -5 V, a few milliohms each).
    # Reverse polarity: Q1, drain to the fuse. A reversed plug finds it off and its body diode
    # blocking, so nothing flows. (A diode across the supply would have to blow F1, which a
    # current-limited adapter never lets happen.)
    # Overvoltage: Q2, drain to the LED bus, the other way round, so that its body diode blocks
    # what Q1's passes: Q1's own gate cannot cut a high supply off, its body diode would still
    # conduct. Above about 5.7 V (a 9, 12 or 24 V plug) U4 pulls Q3's base down, Q3 pulls both
    # gates up to the sources, and both turn off: nothing reaches the LEDs, the shifter or the
    # Pico's VSYS until the supply falls back below about 5.5 V.
    pmos = template("PMOS", "Q", PMOS_PINS)
    guard = Net("+5V_GUARD")
    gates = Net("Q_GATES")
    reverse = pmos(ref="Q1", value="IPP80P03P4L-04")
    reverse["D", "G", "S"] += fused, gates, guard
    cut = pmos(ref="Q2", value="IPP80P03P4L-04")
    cut["D", "G", "S"] += led5, gates, guard
    led5.drive = POWER  # the jack's supply, through the fuse, Q1 and Q2
    resistor(ref="R11", value="10k")[1, 2] += gates, gnd
    overvoltage_cut_off(shared, fused, gates, guard)
    # F4, a PTC resettable fuse at the star point, ahead of D1: a short on the Pico's branch (D1, its wire to VSYS,
    # a bridge from pin 39 to pin 38) would otherwise take the adapter's fault current, up to 3.75 A, through D1, a
    # 1 A diode (power.md, "Which supply"). It trips from 0.4 A, within 2.2 s at D1's 1 A; the Pico draws 0.1 A at
    # most through it (supply_model.py, F4).
    pico_feed = Net("+5V_PICO")
    template("PTC", "F", {1: "1", 2: "2"})(ref="F4", value="MF-R020 0.2A hold")[1, 2] += led5, pico_feed
    vsys = Net("VSYS")
    vsys.drive = POWER  # the fused supply, through F4 and D1
    vsys += by_name["VSYS"][0]
    feed = shared.diode(ref="D1", value="1N5819")
    feed["A", "K"] += pico_feed, vsys
    shared.circuit.NC += by_name["VBUS"][0]


def overvoltage_cut_off(shared: Shared, fused: Net, gates: Net, guard: Net) -> None:
    """U4 watching the ``fused`` supply through R13 / R14 (R15 its hysteresis) and Q3, which pulls
    the FETs' ``gates`` up to their sources (``guard``) above the limit (power.md, "Overvoltage")."""
    gnd, resistor = shared.gnd, shared.resistor
    sense, trip, base = Net("OVP_SENSE"), Net("OVP_TRIP"), Net("Q3_BASE")
    divider = OVP_DIVIDER
    resistor(ref="R13", value="%gk 1%%" % (divider["R13"] / 1000))[1, 2] += fused, sense
    resistor(ref="R14", value="%gk 1%%" % (divider["R14"] / 1000))[1, 2] += sense, gnd
    resistor(ref="R15", value="%gk 1%%" % (divider["R15"] / 1000))[1, 2] += gates, sense  # hysteresis
    shared.capacitor(ref="C248", value="2.2nF")[1, 2] += sense, gnd  # ignores the ringing of a hot plug
    # A reversed plug would pull U4's REF below its anode: D2, a Schottky, holds it above -0.33 V (D2_LEAK_A).
    clamp = shared.diode(ref="D2", value="BAT43")
    clamp["A", "K"] += gnd, sense
    reference = template("TL431", "U", TL431_PINS)(ref="U4", value="TL431ACLP")
    reference["REF", "A", "K"] += sense, gnd, trip
    resistor(ref="R16", value="2.2k 0.5W")[1, 2] += trip, base  # 0.5 W: what a 24 V plug puts on it (bom.csv)
    # Keeps Q3 off below the limit; low enough that U4 sinks its least cathode current (0.6 mA at most
    # for the TL431AC, TI SLVS543) before Q3 turns on (0.65 V / 1 k): U4 regulates at the trip point.
    resistor(ref="R17", value="1k")[1, 2] += base, guard
    switch_off = template("PNP", "Q", PNP_PINS)(ref="Q3", value="2N3906")
    switch_off["E", "B", "C"] += guard, base, gates


def unused_pico_pins(shared: Shared) -> None:
    """The Pico's pins this build leaves open on the no-connect net: RUN, 3V3_EN, ADC_VREF and every GPIO
    that board.json (and, on a USB build, the LED switch) does not use."""
    pins, by_name, circuit = shared.pins, shared.by_name, shared.circuit
    used = {gpio_name(n) for n in (pins["led_data"], pins["encoder_a"], pins["encoder_b"],
                                    pins["encoder_switch"], *pins["buttons"].values(), pins["i2c"]["sda"],
                                    pins["i2c"]["scl"])}
    if shared.variant == "usb":
        used |= {gpio_name(n) for n in LED_POWER_PINS.values()}
    for name in ("RUN", "3V3_EN", "ADC_VREF"):
        circuit.NC += by_name[name][0]
    for number, name in PICO_PINS.items():
        if name.startswith("GP") and name not in used:
            circuit.NC += shared.pico[number]


def level_shifter(shared: Shared) -> Net:
    """The LED data: the Pico's pin -> one 74AHCT125 gate, U2 (3.3 V -> 5 V) -> R1, 330 ohm; returns the
    net R1 drives, DIN0, LED1's data in."""
    gnd, led5, resistor = shared.gnd, shared.led5, shared.resistor
    shifter = template("74AHCT125", "U", AHCT125_PINS, {
        "GND": T.PWRIN, "VCC": T.PWRIN, **{f"{g}A": T.INPUT for g in "1234"}, **{f"{g}OE": T.INPUT for g in "1234"},
        **{f"{g}Y": T.TRISTATE for g in "1234"}})(ref="U2", value="SN74AHCT125N")
    shifter["VCC"] += led5
    shifter["GND"] += gnd
    shared.capacitor(ref="C244", value="100nF")[1, 2] += led5, gnd
    data = shared.gp(shared.pins["led_data"], "LED_DATA_3V3")
    data += shifter["1A"]
    # Holds the shifter's input low while the Pico's pin is not driven (power-up, reset, BOOTSEL),
    # so LED 1 never sees a floating data line.
    resistor(ref="R12", value="22k")[1, 2] += data, gnd
    gnd += shifter["1OE"]
    # Unused gates: inputs and enables to VCC (disabled, the enables active low), outputs open. Tied to GND, 4OE
    # (pin 13) would sit beside VCC (pin 14), and 4A (pin 12) beside 4OE: a solder bridge there would short the LED
    # bus. At VCC no pin on the VCC side has a GND pin beside it.
    for gate in "234":
        led5 += shifter[f"{gate}A"], shifter[f"{gate}OE"]
        shared.circuit.NC += shifter[f"{gate}Y"]
    shifted, din = Net("LED_DATA_5V"), Net("DIN0")
    shifted += shifter["1Y"]
    resistor(ref="R1", value="330")[1, 2] += shifted, din
    return din


def led_chain(shared: Shared, din: Net, count: int) -> None:
    """The ``count`` WS2812D LEDs, LED1 on ``din``, each one's data out into the next one's data in, the
    last one's open, and a 100 nF capacitor (C1, C2, ...) beside each."""
    gnd, led5 = shared.gnd, shared.led5
    led = template("WS2812D", "LED", LED_PINS, {"DIN": T.INPUT, "VDD": T.PWRIN, "GND": T.PWRIN,
                                                "DOUT": T.OUTPUT})
    for n in range(count):
        part = led(ref=f"LED{n + 1}", value="WS2812D-F5")
        part["VDD"] += led5
        part["GND"] += gnd
        part["DIN"] += din
        shared.capacitor(ref=f"C{n + 1}", value="100nF")[1, 2] += led5, gnd
        if n + 1 < count:
            din = Net(f"DIN{n + 1}")
            part["DOUT"] += din
        else:
            shared.circuit.NC += part["DOUT"]


def controls(shared: Shared) -> None:
    """The encoder, ENC1, and the three buttons, SW1 to SW3: every contact closes to ground, through its
    RC filter at the pin (control_filters.py): a resistor in series, a capacitor to GND; the encoder's A
    and B also a pull-up to 3V3 (Bourns')."""
    pins, gnd, resistor = shared.pins, shared.gnd, shared.resistor
    encoder = template("ENCODER", "ENC", {1: "A", 2: "C", 3: "B", 4: "S1", 5: "S2"})(
        ref="ENC1", value="PEC11R-4220F-S0024")
    gnd += encoder["C"], encoder["S2"]
    contacts = {"encoder_a": encoder["A"], "encoder_b": encoder["B"], "encoder_switch": encoder["S1"]}
    switch = template("SW", "SW", {1: "1", 2: "2"})
    for ref, name in (("SW1", "p1"), ("SW2", "p2"), ("SW3", "back")):
        button = switch(ref=ref, value=f"button {name}")
        button[2] += gnd
        contacts[name] = button[1]
    for name, contact in contacts.items():
        rc = FILTERS[name]
        wire = Net(rc.net)
        wire += contact
        pin = shared.gp(pins["buttons"][name] if name in pins["buttons"] else pins[name], f"{rc.net}_RC")
        if rc.pull_up is not None and rc.pull_up_ohms is not None:
            resistor(ref=rc.pull_up, value=ohms(rc.pull_up_ohms, "k"))[1, 2] += shared.v3, wire
        resistor(ref=rc.series, value=ohms(rc.series_ohms, "k"))[1, 2] += wire, pin
        shared.capacitor(ref=rc.capacitor, value=f"{rc.nanofarads}nF")[1, 2] += pin, gnd


def display(shared: Shared) -> None:
    """The display (optional), an SSD1306 module on 3V3, and its I2C pull-ups to 3V3, R6 and R7, always
    fitted: a module's own (10 kohm on many) rise too slowly for 400 kHz over the bus's 0.4 m of wire
    (i2c_bus.py)."""
    v3 = shared.v3
    oled = template("SSD1306", "DISP", {1: "GND", 2: "VCC", 3: "SCL", 4: "SDA"},
                    {"GND": T.PWRIN, "VCC": T.PWRIN, "SCL": T.INPUT, "SDA": T.BIDIR})(
        ref="DISP1", value="SSD1306 128x64 I2C")
    shared.gnd += oled["GND"]
    v3 += oled["VCC"]
    for line, ref in (("SCL", "R7"), ("SDA", "R6")):
        net = shared.gp(shared.pins["i2c"][line.lower()], f"I2C_{line}")
        net += oled[line]
        shared.resistor(ref=ref, value=ohms(i2c_bus.PULL_UP_OHMS, "k"))[1, 2] += v3, net


def erc(circuit: Circuit) -> tuple[int, int]:
    """SKiDL's electrical rules check: (errors, warnings) it found in ``circuit`` (it counts afresh
    at each run)."""
    circuit.ERC()
    return erc_logger.error.count, erc_logger.warning.count


def natural(text: str) -> list:
    """Sort key that puts LED2 before LED10."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text)]


def nets(circuit: Circuit) -> dict[str, list[str]]:
    """Net name -> its pins as ``REF.NUMBER(NAME)``, both sorted naturally; no-connects as "NC"."""
    out: dict[str, list[str]] = {}
    for net in circuit.nets:
        name = "NC" if net is circuit.NC or net.name.startswith("__NOCONNECT") else net.name
        out.setdefault(name, []).extend(f"{p.part.ref}.{p.num}({p.name})" for p in net.pins)
    return {name: sorted(pins, key=natural) for name, pins in sorted(out.items(), key=lambda kv: natural(kv[0]))}


def netlist_text(circuit: Circuit, variant: str) -> str:
    """The netlist file: a header, then ``NET: pin pin ...`` per line."""
    lines = [f"# Netlist of the {variant} build, written by hardware/scripts/circuit.py from board.json (do not edit)."]
    lines += [f"{name}: {' '.join(pins)}" for name, pins in nets(circuit).items()]
    return "\n".join(lines) + "\n"


def quiet() -> None:
    """Keep SKiDL from warning about KiCad libraries it is not asked for, and remove the log and ERC files it
    opened in the working folder at import (a script stopped early, by a wrong argument, would leave them)."""
    for name in ("skidl", "ERC_Logger", "Active_Logger"):
        logging.getLogger(name).setLevel(logging.ERROR)
    stop_log_file_output()


if __name__ == "__main__":
    quiet()
    argparse.ArgumentParser(
        description="Build both builds' circuits, run their ERC and write hardware/netlist-*.txt.").parse_args()
    board_data = json.loads(BOARD_JSON.read_text())
    for variant_name in VARIANTS:
        built = build(board_data, variant_name)
        found = erc(built)
        if found != (0, 0):
            raise SystemExit(f"{variant_name}: ERC found {found[0]} errors and {found[1]} warnings")
        NETLISTS[variant_name].write_text(netlist_text(built, variant_name))
        print("wrote", NETLISTS[variant_name], "(ERC clean)")
