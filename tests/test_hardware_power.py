"""hardware/power.md holds the figures hardware/scripts/power_table.py computes from the firmware's current
model, and those figures are right: the lit-LED counts agree with a plain scan of the current estimate."""

from __future__ import annotations

import pytest
from hardware_scripts import HARDWARE, load_script
from led_current import estimate_milliamps

from app import power


def test_power_md_is_what_power_table_writes() -> None:
    table = load_script("power_table")
    text = (HARDWARE / "power.md").read_text()
    assert table.render(text, table.led_count()) == text, \
        "power.md is stale: run `python hardware/scripts/power_table.py` after changing app.power or the board defaults"


def scan(rgb: tuple[int, int, int], brightness: int, supply_ma: int, leds: int) -> int:
    """The most LEDs of ``rgb`` whose current (app.power's estimate, before any cap) fits the budget."""
    most = 0
    for lit in range(leds + 1):
        frame = bytearray(bytes(rgb) * lit + bytes(3 * (leds - lit)))
        power.limit(frame, brightness, 10**9)
        if estimate_milliamps(frame) > supply_ma - power.BOARD_MA:
            break
        most = lit
    return most


@pytest.mark.parametrize("supply_ma", [500, 4000])
@pytest.mark.parametrize("brightness", [255, 160, 40])
@pytest.mark.parametrize("rgb", [(255, 255, 255), (255, 0, 0), (0, 90, 200)])
def test_lit_counts_agree_with_a_scan_of_the_estimate(rgb: tuple[int, int, int], brightness: int,
                                                      supply_ma: int) -> None:
    table = load_script("power_table")
    leds = table.led_count()
    assert table.lit_within_cap(rgb, brightness, supply_ma, leds) == scan(rgb, brightness, supply_ma, leds)


def test_what_the_usb_build_draws_against_what_usb_gives() -> None:
    """power.md and BUILD.md say what the code says: the board draws more, even dark, than MicroPython
    asks a computer for; its cap (supply_ma) is the switch's least limit and the Pico's share, so a capped
    frame never makes it limit; the switch's most and the board stay within a USB 2.0 port's 500 mA. Their
    prose quotes these figures."""
    table = load_script("power_table")
    usb = table.SUPPLIES["usb"]["supply_ma"]
    dark = table.led_count() * power.IDLE_UA / 1000 + power.BOARD_MA
    most = table.SWITCH_LIMIT_MA[1] + power.BOARD_MA
    assert table.MICROPYTHON_USB_MA < dark < usb <= table.SWITCH_LIMIT_MA[0] + power.BOARD_MA < most
    assert most <= table.USB2_PORT_MA
    text = (HARDWARE / "power.md").read_text()
    prose = " ".join(text[text.index(table.END):].split())  # the hand-written part (the table holds the same)
    assert "asks the host for %d mA" % table.MICROPYTHON_USB_MA in prose
    assert "%s with every LED dark and up to %s lit" % (table.amps(dark), table.amps(usb)) in prose
    assert "%d mA (USB 2.0) or %d mA (USB 3)" % (table.USB2_PORT_MA, table.USB3_PORT_MA) in prose
    # a port owes the board only what it asked for (and 100 mA before it is configured): the docs say where the board
    # draws more than that, that it works where a port gives more than it owes, and what to use where it does not
    assert "is owed only to a device that asks for it" in prose and "within the 500 mA" not in prose
    assert "A hub powered from the bus" in prose and "use a powered hub (1 A a port), a charger" in prose
    table_text = " ".join(text[:text.index(table.END)].split())
    assert "owed only to a device that asked for it" in table_text and "may cut it off" in table_text
    assert "switch lets through %s at most" % table.amps(most) in prose
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert "asks a computer for %d mA, and the board draws up to %s, %s at most" \
        % (table.MICROPYTHON_USB_MA, table.amps(usb, 1), table.amps(most)) in build


def test_the_bus_drop_in_power_md_is_what_the_supply_model_works_out() -> None:
    """power.md's "Wiring for current": the bus's length is wire_lengths.py's, and the drops it gives (fed at one end,
    at both, the wires warmer, the whole supply at one point) are ``supply_model.bus_drop_volts``'s for the adapter
    build's cap, the per-LED limit and the idle current of ``app.power``; both feeds keep it under 0.2 V."""
    import json

    wiring = load_script("wire_lengths")
    model = load_script("supply_model")
    board = json.loads((HARDWARE / "board.json").read_text())
    text = " ".join((HARDWARE / "power.md").read_text().split())
    section = text[text.index("## Wiring for current"):text.index("## Heat")]
    supply = load_script("power_table").SUPPLIES["adapter"]["supply_ma"]
    idle = power.IDLE_UA / 1000
    leds = load_script("power_table").led_count()
    lit = supply - power.BOARD_MA - leds * idle
    assert "%.2f m of each of W1 and W2" % (wiring.wire_lengths(board)["bus"] / 1000) in section
    assert "at most %g mohm a metre at 20 degC" % (model.BUS_OHMS_PER_M * 1000) in section

    def volts(*args: object, **kwargs: object) -> str:
        return "%.2f V" % model.bus_drop_volts(board, *args, **kwargs)

    assert "would lose %s on the two wires" % volts(lit, power.LED_MA, idle, both_ends=False) in section
    assert "farthest from both feeds, loses %s (%s with the wires at 40 degC)" % (
        volts(lit, power.LED_MA, idle), volts(lit, power.LED_MA, idle, warmer_k=20)) in section
    point = model.bus_drop_volts(board, supply, supply, 0)
    assert "at that one point would lose %.2f V: under 0.2 V" % point in section and point < 0.2
    assert model.bus_drop_volts(board, lit, power.LED_MA, idle, warmer_k=20) < point


def test_each_supply_leaves_u2_its_4_5_v_and_the_docs_ask_for_it() -> None:
    """What reaches U2 (it needs 4.5 V) after the cable, the USB build's F2 and U3 or the adapter build's power entry:
    ``supply_model.u2_supply_volts`` works out what each supply must give, and bom.csv (PS1, PS2), power.md and
    BUILD.md ask for that, not the 4.8 V that left U2 about 4.3 V; BUILD.md reads U2's supply under load at stage 2
    (USB build, while the board is open) and at stage 6 on both builds."""
    import csv
    import json

    model = load_script("supply_model")
    board = json.loads((HARDWARE / "board.json").read_text())
    volts = model.u2_supply_volts(board)
    usb_loss = model.USB_MA / 1000 * model.USB_CABLE_OHMS + (model.USB_MA - power.BOARD_MA) / 1000 * (model.F2_OHMS
                                                                                                + model.U3_OHMS)
    assert model.USB_BOARD_MA == power.BOARD_MA and 4.8 - usb_loss < model.U2_LEAST_V <= volts["usb_charger"] - usb_loss
    assert 4.8 - model.APP_PEAK_MA / 1000 * volts["adapter_entry"] < model.U2_LEAST_V
    assert volts["adapter_plug"] - model.APP_PEAK_MA / 1000 * volts["adapter_entry"] >= model.U2_LEAST_V
    assert volts["usb_charger"] <= 5.3 and volts["adapter_plug"] <= 5.3  # the LEDs' absolute maximum
    # at stage 2's 18 ohm load, the reading asked for leaves 4.5 V at the full 0.4 A
    load = volts["usb_loaded"] / model.LOAD_OHMS
    full = volts["usb_loaded"] - (model.USB_MA / 1000 - load - power.BOARD_MA / 1000) * model.USB_CABLE_OHMS \
        - ((model.USB_MA - power.BOARD_MA) / 1000 - load) * (model.F2_OHMS + model.U3_OHMS)
    assert full >= model.U2_LEAST_V
    rows = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    assert f"{volts['usb_charger']:.1f} to 5.3 V at its plug under load" in rows["PS2"]["specification"]
    assert f"{volts['adapter_plug']:.1f} to 5.3 V at the plug" in rows["PS1"]["example part"]
    assert "4.8" not in rows["PS1"]["notes"] + rows["PS2"]["notes"] + rows["PS2"]["specification"]
    text = " ".join((HARDWARE / "power.md").read_text().split())
    assert f"**{volts['usb_charger']:.1f} V or more at its plug under load**" in text
    assert f"the adapter's plug must read **{volts['adapter_plug']:.1f} V or more**" in text
    assert f"{model.APP_PEAK_MA / 1000 * volts['adapter_entry']:.2f} V, so the adapter's plug" in text
    assert f"{volts['usb_loaded']:.2f} V or more there leaves 4.5 V" in text
    assert f"a {volts['adapter_plug']:.1f} V adapter leaves U2 {volts['adapter_cap']:.2f} V" in text
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    stage2 = build[build.index("**Stage 2:"):build.index("**Stage 3 onwards")]
    assert f"read U2's pin 14 against its pin 7: {volts['usb_loaded']:.2f} V or more" in stage2
    assert f"centre positive, {volts['adapter_plug']:.1f} to 5.3 V" in build
    assert "On either build, measure meanwhile +5V_LED across U2's pins 14 and 7" in build
    assert f"a USB charger (5 V, measured as in stage 1: {volts['usb_charger']:.1f} to 5.3 V)" in build  # (a review)


def test_f4_cuts_what_d1_cannot_carry_and_holds_what_the_pico_draws() -> None:
    """F4 (adapter build, ahead of D1, a 1 A diode): its trip current is under D1's rating and it trips within its
    datasheet time at D1's rating, so D1 carries more than its 1 A for that long at most; an MF-R050 (F2's part, trip
    1 A, no time to trip below 2.5 A) would not. It holds the Pico's branch warm, and the docs, the netlist and the
    schematic name the part and these figures (a review found 'holds such a short to about 1 A': it never did)."""
    import csv

    model = load_script("supply_model")
    assert model.F4_TRIP_MA < model.D1_RATED_MA and model.F4_TRIP_AT_MA <= model.D1_RATED_MA
    assert model.F4_HOLD_MA < model.F4_TRIP_MA
    assert model.PICO_BRANCH_MA >= 2 * power.BOARD_MA and model.f4_hold_ma(60) > model.PICO_BRANCH_MA
    short, tripped = model.f4_short_ma() / 1000, model.F4_TRIPPED_W / 5
    drop, drop_after = (model.PICO_BRANCH_MA / 1000 * r for r in (model.F4_OHMS[1], model.F4_R1_OHMS))
    assert 5.0 - drop_after - 0.3 > 4  # VSYS from a 5.0 V adapter, less D1's 0.3 V at most
    bom = {r["ref"]: r for r in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
    f4 = bom["F4"]
    assert f4["example part"] == "Bourns MF-R020" and f4["specification"].startswith("0.2 A hold, 0.4 A trip")
    assert f"up to about {short:.1f} A" in f4["notes"] and f"about {tripped * 1000:.0f} mA" in f4["notes"]
    assert f"{drop:.2f} V at most across it cold ({drop_after:.2f} V" in f4["notes"]
    assert f"{model.F4_TRIP_S:g} s at most to trip at {model.F4_TRIP_AT_MA / 1000:.1f} A" in f4["notes"]
    text = " ".join((HARDWARE / "power.md").read_text().split())
    assert "Bourns MF-R020: 0.2 A hold, 0.4 A trip; 2.2 s at most to trip at 1.0 A" in text
    assert f"at most about {short:.1f} A, the adapter's {model.ADAPTER_MOST_V:g} V across F4's own" in text
    assert f"holds it to about {tripped:.2f} A" in text
    assert f"about {model.f4_hold_ma(50) / 1000:.2f} A at 50 degC" in text
    assert f"F4 drops {drop:.2f} V at most at it cold ({drop_after:.2f} V in the hour after a trip)" in text
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    low, high = (ma / 1000 * r for ma, r in zip(model.PICO_MA, model.F4_OHMS, strict=True))
    assert f"anode (F4's other lead): {low:.2f} to {high + 0.005:.2f} V (the Pico's" in build
    assert "F4 (the PTC fuse, MF-R020, either way round)" in build and "about 1 A" not in build
    schematic = (HARDWARE / "schematic-adapter.svg").read_text()
    assert "MF-R020" in schematic and "MF-R050" not in schematic
