"""The circuit of both builds (hardware/scripts/circuit.py, SKiDL) passes its electrical rules check, keeps
the safety rules a builder relies on, and is what netlist-*.txt and the schematics show."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest
from hardware_scripts import HARDWARE, committed_board, load_script, quiet_script
from pypdf import PdfReader

# On one worker: the circuits are built once.
pytestmark = [pytest.mark.xdist_group("skidl"), pytest.mark.usefixtures("skidl_in_a_temporary_folder")]


def skidl_trace() -> list[tuple[str, str]]:
    """What SKiDL's ``get_skidl_trace`` returns (file and line of each caller outside SKiDL,
    outermost first), read off the frames: SKiDL's own calls ``inspect.stack()``, which reads
    the source of every frame and searches every loaded module for each, for each part, pin
    and net made (three quarters of these tests' time, more the more modules are loaded)."""
    import skidl.scriptinfo

    skidl_dir = os.path.dirname(skidl.scriptinfo.__file__)
    trace = []
    frame = sys._getframe(1)
    while frame is not None:
        if not frame.f_code.co_filename.startswith(skidl_dir):
            trace.append((os.path.abspath(frame.f_code.co_filename), str(frame.f_lineno)))
        frame = frame.f_back
    return trace[::-1]


@pytest.fixture(scope="module", autouse=True)
def quick_skidl_traces(skidl_in_a_temporary_folder: None) -> Iterator[None]:
    """SKiDL records where each object was made with ``skidl_trace`` (only its messages show it). (Imported
    in the temporary folder: its log files are made at import, in the working folder.)"""
    import skidl.circuit
    import skidl.logger
    import skidl.node

    with pytest.MonkeyPatch.context() as patch:
        for module in (skidl.circuit, skidl.logger, skidl.node):
            patch.setattr(module, "get_skidl_trace", skidl_trace)
        yield


# Raspberry Pi Pico datasheet, pinout: a few physical pins and their GPIOs, checked independently.
PICO_DATASHEET = {1: "GP0", 4: "GP2", 5: "GP3", 9: "GP6", 14: "GP10", 20: "GP15", 21: "GP16", 29: "GP22",
                  31: "GP26", 34: "GP28", 36: "3V3", 38: "GND", 39: "VSYS", 40: "VBUS"}


@pytest.fixture(scope="module")
def circuit() -> ModuleType:
    """hardware/scripts/circuit.py, quiet."""
    return quiet_script("circuit")


@pytest.fixture(scope="module")
def built(circuit: ModuleType, board: dict) -> dict:
    """Each variant's circuit."""
    return {variant: circuit.build(board, variant) for variant in circuit.VARIANTS}


@pytest.fixture(scope="module")
def nets(circuit: ModuleType, built: dict) -> dict:
    """Each variant's nets: name -> pins."""
    return {variant: circuit.nets(c) for variant, c in built.items()}


def test_the_pico_pinout_is_the_datasheets(circuit: ModuleType) -> None:
    for number, name in PICO_DATASHEET.items():
        assert circuit.PICO_PINS[number] == name
    assert sorted(circuit.PICO_PINS) == list(range(1, 41))


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_the_erc_finds_nothing(circuit: ModuleType, built: dict, variant: str) -> None:
    assert circuit.erc(built[variant]) == (0, 0)


def test_the_erc_catches_a_mistake(circuit: ModuleType, board: dict) -> None:
    """An output driving an output is found (so a clean ERC above means something)."""
    from skidl import Net

    broken = circuit.build(board, "usb")
    with broken:
        clash = Net("CLASH")
        leds = [p for p in broken.parts if p.ref in ("LED1", "LED2")]
        clash += leds[0]["DOUT"], leds[1]["DOUT"]
    errors, warnings = circuit.erc(broken)
    assert errors + warnings > 0


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_the_committed_netlist_is_regenerated_identically(circuit: ModuleType, built: dict, variant: str) -> None:
    assert circuit.netlist_text(built[variant], variant) == circuit.NETLISTS[variant].read_text(), \
        "run python hardware/scripts/circuit.py"


def on(nets: dict, net: str) -> set[str]:
    """The parts (refs) with a pin on ``net``."""
    return {pin.split(".")[0] for pin in nets[net]}


def pin_net(nets: dict, pin: str) -> str:
    """The net a pin ``REF.NUMBER`` is on."""
    return next(name for name, pins in nets.items() if any(p.startswith(pin + "(") for p in pins))


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_board_json_pins_reach_what_they_name(nets: dict, board: dict, circuit: ModuleType, variant: str) -> None:
    n = nets[variant]
    physical = {f"GP{gp}": num for num, gp in ((k, v[2:]) for k, v in circuit.PICO_PINS.items() if v.startswith("GP"))}
    pins = board["pins"]
    assert "U2" in on(n, pin_net(n, f"U1.{physical['GP' + str(pins['led_data'])]}"))
    assert "DISP1" in on(n, pin_net(n, f"U1.{physical['GP' + str(pins['i2c']['sda'])]}"))
    # a control through its filter's series resistor (test_every_control_pin_sits_behind_its_rc_filter)
    buttons = (("p1", "SW1"), ("p2", "SW2"), ("back", "SW3"))
    for number, ref in ((pins["encoder_a"], "ENC1"), (pins["encoder_b"], "ENC1"), (pins["encoder_switch"], "ENC1"),
                        *((pins["buttons"][name], ref) for name, ref in buttons)):
        net = pin_net(n, f"U1.{physical['GP' + str(number)]}")
        series = next(r for r in on(n, net) if r.startswith("R"))
        assert ref in on(n, pin_net(n, f"{series}.1")), (number, ref)


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_the_led_chain_runs_in_order_behind_the_shifter_and_series_resistor(nets: dict, board: dict,
                                                                          variant: str) -> None:
    n = nets[variant]
    count = board["leds"]["count"]
    assert on(n, "DIN0") == {"R1", "LED1"} and on(n, "LED_DATA_5V") == {"U2", "R1"}
    for i in range(1, count):
        assert n[f"DIN{i}"] == [f"LED{i}.4(DOUT)", f"LED{i + 1}.1(DIN)"]
    assert {f"LED{i}" for i in range(1, count + 1)} | {f"C{i}" for i in range(1, count + 1)} <= on(n, "+5V_LED")
    assert "U2" in on(n, "+5V_LED")  # the shifter's supply is the LEDs' 5 V


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_no_gnd_pin_of_u2_sits_beside_a_vcc_pin(nets: dict, variant: str) -> None:
    """U2's unused gates' inputs and enables go to VCC (disabled), 1OE to GND: tied to GND, 4OE (pin 13) sat beside
    VCC (pin 14), where a solder bridge was a dead short across the LED bus. No two neighbouring pins of the DIP-14
    (1-7 down one side, 8-14 up the other) are GND and +5V_LED."""
    n = nets[variant]
    assert pin_net(n, "U2.1") == "GND" and pin_net(n, "U2.7") == "GND" and pin_net(n, "U2.14") == "+5V_LED"
    for pin in (4, 5, 9, 10, 12, 13):
        assert pin_net(n, f"U2.{pin}") == "+5V_LED", pin
    for side in (range(1, 7), range(8, 14)):
        for pin in side:
            assert {pin_net(n, f"U2.{pin}"), pin_net(n, f"U2.{pin + 1}")} != {"GND", "+5V_LED"}, pin


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_pull_ups_go_to_3v3_and_nothing_5v_touches_a_pico_pin(nets: dict, variant: str) -> None:
    n = nets[variant]
    assert {"R2", "R4", "R6", "R7"} <= on(n, "+3V3")
    for name, pins in n.items():
        if name.startswith("+5V") or name in ("VBUS", "VBUS_PTC", "VSYS"):
            continue
        if any(p.startswith("U1.") for p in pins) and name not in ("GND", "NC"):
            assert not on(n, name) & {"U2", "U3"} or name in ("LED_DATA_3V3", "LED_EN", "LED_FAULT"), name
    assert on(n, "LED_DATA_5V") == {"U2", "R1"}


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_every_control_pin_sits_behind_its_rc_filter(nets: dict, built: dict, board: dict, circuit: ModuleType,
                                                     variant: str) -> None:
    """Each control's pin (board.json) has on its net only the Pico, its series resistor and its capacitor to GND
    (control_filters.py, at the pin); the resistor's other end is the control's wire, with the control's contact
    (and for the encoder's A and B the pull-up, to +3V3) on it; every value is control_filters.py's."""
    from control_filters import FILTERS, ohms

    n, pins = nets[variant], board["pins"]
    values = {p.ref: p.value for p in built[variant].parts}
    contacts = {"encoder_a": "ENC1.1", "encoder_b": "ENC1.3", "encoder_switch": "ENC1.4", "p1": "SW1.1",
                "p2": "SW2.1", "back": "SW3.1"}
    assert set(FILTERS) == set(contacts)
    for name, rc in FILTERS.items():
        number = pins["buttons"][name] if name in pins["buttons"] else pins[name]
        pin = pin_net(n, f"U1.{next(k for k, v in circuit.PICO_PINS.items() if v == f'GP{number}')}")
        assert pin == f"{rc.net}_RC" and on(n, pin) == {"U1", rc.series, rc.capacitor}, name
        assert pin_net(n, f"{rc.series}.2") == pin and pin_net(n, f"{rc.series}.1") == rc.net
        assert pin_net(n, f"{rc.capacitor}.1") == pin and pin_net(n, f"{rc.capacitor}.2") == "GND"
        wire = {contacts[name].split(".")[0], rc.series} | ({rc.pull_up} if rc.pull_up else set())
        assert on(n, rc.net) == wire and pin_net(n, contacts[name]) == rc.net, name
        assert values[rc.series] == ohms(rc.series_ohms, "k") and values[rc.capacitor] == f"{rc.nanofarads}nF"
        if rc.pull_up is not None:
            assert pin_net(n, f"{rc.pull_up}.1") == "+3V3" and values[rc.pull_up] == ohms(rc.pull_up_ohms, "k")


def test_usb_build_switches_the_leds_off_by_default(nets: dict) -> None:
    n = nets["usb"]
    assert on(n, "VBUS") == {"U1", "F2"}  # F2, the PTC, right at the Pico's pin 40: nothing before it
    assert on(n, "VBUS_PTC") == {"F2", "U3", "C247"}  # the LED bus is not on VBUS
    assert "R9" in on(n, "LED_EN") and pin_net(n, "R9.2") == "GND"  # pulled down: off until the firmware
    assert "C243" in on(n, "+5V_LED") and "C243" not in on(n, "VBUS")
    assert pin_net(n, "U3.6") == "+5V_LED" and pin_net(n, "U3.5") == "ILIM"


# TI SLVS841F, the TPS2553's DBV (SOT-23-6) pin table, as designs citing it quote it (power.md, "Datasheets read"):
# written out here apart from circuit.py, as the Pico's pins above.
TPS2553_DBV = {1: "IN", 2: "GND", 3: "EN", 4: "FAULT", 5: "ILIM", 6: "OUT"}


def test_u3s_pins_are_the_datasheets_in_the_netlist_and_build_md(circuit: ModuleType, nets: dict) -> None:
    """U3's pin numbers follow the datasheet's DBV table in circuit.py, the USB build's netlist and BUILD.md's
    stage 1, where the maker solders U3 on its adapter and reads each pin with the meter."""
    assert circuit.TPS2553_PINS == TPS2553_DBV
    n = nets["usb"]
    wired = {"IN": "VBUS_PTC", "GND": "GND", "EN": "LED_EN", "FAULT": "LED_FAULT", "ILIM": "ILIM", "OUT": "+5V_LED"}
    for number, name in TPS2553_DBV.items():
        assert pin_net(n, f"U3.{number}") == wired[name], name
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    label = {"FAULT": "/FAULT"}
    listing = ", ".join(f"{number} {label.get(name, name)}" for number, name in TPS2553_DBV.items())
    assert f"counted anticlockwise: {listing}. This pinout follows TI's TPS2552/TPS2553 datasheet, SLVS841F" in build
    pin_of = {name: number for number, name in TPS2553_DBV.items()}
    for said in ("ILIM (pin {ILIM})", "EN (pin {EN})", "/FAULT (pin {FAULT})", "U3's IN (pin {IN})",
                 "U3's GND (pin {GND})", "U3's pins {ILIM} and {GND}"):
        assert said.format(**pin_of) in build, said


def test_adapter_build_fuses_right_after_the_jack_and_survives_reversal(nets: dict) -> None:
    n = nets["adapter"]
    assert on(n, "+5V_JACK") == {"J1", "F1"}  # nothing before the fuse
    # reversal: Q1 (P-MOSFET) in series, drain to the fuse, source towards the LEDs, gate held at GND
    assert on(n, "+5V_FUSED") == {"F1", "C253", "Q1", "R13"}  # R13: the cut-off's divider only watches; C253 damps
    assert pin_net(n, "Q1.2") == "+5V_FUSED" and pin_net(n, "Q1.3") == "+5V_GUARD"
    assert pin_net(n, "Q1.1") == "Q_GATES" and pin_net(n, "R11.1") == "Q_GATES" and pin_net(n, "R11.2") == "GND"
    assert not on(n, "+5V_LED") & {"J1", "F1", "Q1"}  # nothing bypasses Q1 and Q2
    # adapter -> VSYS, one way, through F4, the Pico's branch's own PTC, at the star point ahead of D1 (a 1 A diode,
    # which a short on the branch would otherwise load with the adapter's fault current, up to 3.75 A)
    assert on(n, "+5V_PICO") == {"F4", "D1"} and "F4" in on(n, "+5V_LED")
    assert pin_net(n, "D1.2") == "+5V_PICO" and pin_net(n, "D1.1") == "VSYS" and on(n, "VSYS") == {"D1", "U1"}
    assert pin_net(n, "U1.40") == "NC"  # VBUS left open: USB only talks


def supply_path(n: dict, start: str, through: set[str]) -> set[str]:
    """The nets reached from ``start`` through the parts ``through`` (each part joins its pins' nets)."""
    reached, todo = {start}, [start]
    while todo:
        for part in on(n, todo.pop()) & through:
            for name, pins in n.items():
                if name not in reached and name not in ("GND", "NC") and any(p.startswith(part + ".") for p in pins):
                    reached.add(name)
                    todo.append(name)
    return reached


def test_adapter_build_cuts_an_overvoltage_off_between_the_fuse_and_the_led_bus(nets: dict) -> None:
    """Q2, back to back with Q1 (sources joined), is the only way from the fuse to the LED bus, and is
    turned the way its body diode blocks a high supply: drain to the LEDs, source to the fuse's side.
    Q3 pulls both gates to the sources when U4 sees the fused supply too high."""
    n = nets["adapter"]
    assert on(n, "+5V_GUARD") == {"Q1", "Q2", "Q3", "R17"}
    assert pin_net(n, "Q2.3") == "+5V_GUARD" and pin_net(n, "Q2.2") == "+5V_LED" and pin_net(n, "Q2.1") == "Q_GATES"
    # Without Q2, the fuse's side reaches no net the LEDs are on (a body diode counts as a way: Q1 is in).
    passive = {"F1", "C253", "Q1", "R13", "R14", "R15", "R16", "R17", "C248", "D2", "U4", "Q3", "R11"}
    assert "+5V_LED" not in supply_path(n, "+5V_JACK", passive)
    assert "+5V_LED" in supply_path(n, "+5V_JACK", passive | {"Q2"})
    # Q3 (PNP): emitter on the sources, collector on the gates, base from U4's cathode through R16.
    assert [pin_net(n, f"Q3.{i}") for i in (1, 2, 3)] == ["+5V_GUARD", "Q3_BASE", "Q_GATES"]
    assert on(n, "Q3_BASE") == {"Q3", "R16", "R17"} and on(n, "OVP_TRIP") == {"U4", "R16"}
    # U4 (TL431) watches the fused supply through R13 / R14, anode at GND; D2 clamps REF, cathode on it.
    assert [pin_net(n, f"U4.{i}") for i in (1, 2, 3)] == ["OVP_SENSE", "GND", "OVP_TRIP"]
    assert on(n, "OVP_SENSE") == {"U4", "R13", "R14", "R15", "C248", "D2"}
    assert pin_net(n, "D2.1") == "OVP_SENSE" and pin_net(n, "D2.2") == "GND"  # K on REF, A on GND
    assert pin_net(n, "R15.1") == "Q_GATES"  # hysteresis from the gates


def test_the_cut_off_sits_above_any_good_5v_adapter_and_below_the_9v_plugs(circuit: ModuleType,
                                                                          built: dict) -> None:
    """The divider's values as built: cut off between 5.5 and 6 V (U4's 1 %, the resistors' 1 %, its
    REF current), let through again above 5.3 V (the highest a good adapter gives, BUILD.md stage 1)."""
    values = {p.ref: p.value for p in built["adapter"].parts if p.ref in ("R13", "R14", "R15")}
    assert {ref: float(value.split()[0].rstrip("k")) * 1000 for ref, value in values.items()} == circuit.OVP_DIVIDER
    nominal = circuit.ovp_cut_off()
    # TL431A, 0..70 C, and D2's reverse current at 70 C (a Schottky: U4's REF held above -0.33 V on a reversed plug)
    lowest, highest = circuit.ovp_cut_off(2.453, 0.98, 0), circuit.ovp_cut_off(2.537, 1.02, 4e-6 + circuit.D2_LEAK_A)
    assert 5.6 < nominal < 5.8 and 5.5 < lowest and highest < 6.1
    assert 10e-6 < circuit.D2_LEAK_A < 15e-6 and [p.value for p in built["adapter"].parts if p.ref == "D2"] == ["BAT43"]
    assert circuit.ovp_back_on(2.453, 0.98, 0) > 5.3 and circuit.ovp_back_on() < nominal - 0.1
    # Checked by hand once: 2.495 V x (1 + 15/12 + 15/470) + 2 uA x 15 k.
    assert abs(nominal - (2.495 * (1 + 15 / 12 + 15 / 470) + 2e-6 * 15e3)) < 1e-9


def test_the_cut_off_figures_in_power_md_are_the_circuits(circuit: ModuleType) -> None:
    power = (HARDWARE / "power.md").read_text()
    nominal, back = circuit.ovp_cut_off(), circuit.ovp_back_on()
    lowest, highest = circuit.ovp_cut_off(2.453, 0.98, 0), circuit.ovp_cut_off(2.537, 1.02, 4e-6 + circuit.D2_LEAK_A)
    assert f"| cuts off, the supply rising | {nominal:.2f} V | {lowest:.2f} to {highest:.2f} V |" in power
    assert f"| lets through again, the supply falling | {back:.2f} V | " \
           f"{circuit.ovp_back_on(2.453, 0.98, 0):.2f} V or more" in power
    assert f"({lowest:.2f} V at the least)" in power
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert f"drops to 0 between {lowest:.2f} and {highest:.2f} V" in build
    assert f"\"Overvoltage\": {lowest:.2f} to {highest:.2f} V)" in build
    assert f"about {highest - 0.15:.2f} V (the highest cut-off, {highest:.2f} V, less those" in build
    assert build.count(f"lets up to about {highest:.1f} V through") + build.count(f"lets up to {highest:.1f} V") == 2
    assert "5 V ONLY, centre +" in power


def test_the_shifter_input_is_held_low_on_both_builds(nets: dict) -> None:
    for variant in ("usb", "adapter"):
        n = nets[variant]
        assert on(n, "LED_DATA_3V3") == {"U1", "U2", "R12"} and pin_net(n, "R12.2") == "GND"


@pytest.fixture(scope="module")
def schematic() -> ModuleType:
    """hardware/scripts/draw_schematic.py."""
    return load_script("draw_schematic")


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_the_schematic_labels_every_pin_with_its_net(schematic: ModuleType, circuit: ModuleType, board: dict,
                                                      built: dict, variant: str) -> None:
    sheet = schematic.draw(board, variant)
    assert schematic.svg(sheet) == schematic.SVGS[variant].read_text(), "run python hardware/scripts/draw_schematic.py"
    expected = schematic.pin_nets(built[variant])
    left_out = schematic.left_out_refs(board)
    assert set(sheet.labels) == set(expected) - left_out
    for ref, pins in sheet.labels.items():
        assert pins == expected[ref], ref


def test_the_pdf_holds_both_schematics(schematic: ModuleType) -> None:
    reader = PdfReader(schematic.PDF)
    assert len(reader.pages) == 2
    text = [page.extract_text() for page in reader.pages]
    assert "USB build" in text[0] and "Adapter build" in text[1]
    for page in text:
        assert "GP15" in page and "LED242" in page


def text_boxes(svg_text: str) -> list[tuple[str, float, float, float, float]]:
    """Each line of text in a schemdraw SVG with its box (left, top, right, bottom, in the SVG's points),
    measured in DejaVu Sans (matplotlib's copy), the font schemdraw's "sans" renders in here."""
    import xml.etree.ElementTree as ET

    import matplotlib
    from PIL import ImageFont

    font_file = os.path.join(os.path.dirname(matplotlib.__file__), "mpl-data", "fonts", "ttf", "DejaVuSans.ttf")
    fonts: dict[float, ImageFont.FreeTypeFont] = {}
    ns = "{http://www.w3.org/2000/svg}"
    boxes = []
    for element in ET.fromstring(svg_text).iter(f"{ns}text"):
        x, y, size = float(element.get("x", 0)), float(element.get("y", 0)), float(element.get("font-size", 0))
        font = fonts.setdefault(size, ImageFont.truetype(font_file, round(size * 10)))
        for line in element.iter(f"{ns}tspan"):
            y += float(line.get("dy", 0))
            if not (line.text or "").strip():
                continue
            width = font.getlength(line.text) / 10
            anchor = element.get("text-anchor")
            left = x if anchor == "start" else x - width if anchor == "end" else x - width / 2
            # the capitals' height, 0.73 em, from where each baseline puts it
            top = {"central": y - 0.36 * size, "ideographic": y - 0.95 * size,
                   "hanging": y}.get(element.get("dominant-baseline", ""), y - 0.75 * size)
            boxes.append((line.text, left, top, left + width, top + 0.73 * size))
    return boxes


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_no_two_labels_of_the_schematic_overlap(schematic: ModuleType, variant: str) -> None:
    """No label touches another (the Pico's GP4 and ADC_VREF, on one row of its box, once did)."""
    boxes = text_boxes(schematic.SVGS[variant].read_text())
    assert any(box[0] == "ADC_VREF" for box in boxes) and any(box[0] == "GP4" for box in boxes)
    touching = [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]]
    assert not touching


@pytest.mark.parametrize("variant", ["usb", "adapter"])
def test_the_display_pull_ups_rise_in_time_for_the_bus_speed(nets: dict, built: dict, variant: str) -> None:
    """R6 and R7 (always fitted, i2c_bus.py) pull each I2C line up within the rise time board.json's bus
    speed allows (fast mode: 300 ns above 100 kHz, standard mode 1000 ns), over the bus's wire; beside a
    module's own pull-ups of LEAST_MODULE_OHMS or more they stay within what a fast-mode device sinks; and
    a module's 10 kohm alone would not do (the reason they are always fitted)."""
    bus = load_script("i2c_bus")
    freq = committed_board()["pins"]["i2c"]["freq"]
    allowed = bus.FAST_RISE_NS if freq > 100_000 else 1000
    assert bus.rise_ns(bus.PULL_UP_OHMS) <= allowed
    assert bus.parallel(bus.PULL_UP_OHMS, bus.LEAST_MODULE_OHMS) >= bus.least_pull_up_ohms()
    assert bus.rise_ns(10_000, 60) > bus.FAST_RISE_NS
    n = nets[variant]
    value = f"{bus.PULL_UP_OHMS / 1000:g}k"
    for ref, line in (("R6", "I2C_SDA"), ("R7", "I2C_SCL")):
        assert pin_net(n, f"{ref}.1") == "+3V3" and pin_net(n, f"{ref}.2") == line
        assert {p.ref: p.value for p in built[variant].parts}[ref] == value


def test_the_schematic_labels_the_ratings_the_cut_off_needs(built: dict) -> None:
    """R16 must be a 0.5 W resistor (a 24 V plug puts 0.21 W on it) and R13 to R15 1 % ones (the cut-off's
    threshold and hysteresis: power.md, "Overvoltage"): the schematic's labels say so, as bom.csv does."""
    import csv

    parts = {part.ref: part.value for part in built["adapter"].parts}
    assert parts["R16"] == "2.2k 0.5W" and all(parts[ref].endswith(" 1%") for ref in ("R13", "R14", "R15"))
    drawn = (HARDWARE / "schematic-adapter.svg").read_text()
    assert ">2.2k 0.5W<" in drawn and ">470k 1%<" in drawn
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert "0.5 W" in rows["R16"]["specification"] and "1 %" in rows["R15"]["specification"]
