"""hardware/BUILD.md and power.md say what the scripts and the current model say: how to get the
environment the scripts need, the currents to expect at each stage of the build, the LED bench
test's readings (the cut-off's figures: tests/test_hardware_schematic.py, where the circuit is built)."""

from __future__ import annotations

import csv
import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from hardware_scripts import HARDWARE, load_script
from host_helpers import Reader
from sim_process import Simulator

from app import power
from host_tools.board import devices
from host_tools.cli import main

BUILD = (HARDWARE / "BUILD.md").read_text()
POWER = (HARDWARE / "power.md").read_text()
BOM = {row["ref"]: row for row in csv.DictReader((HARDWARE / "bom.csv").read_text().splitlines())}
ROOT = HARDWARE.parent


def test_build_md_says_how_to_get_the_environment_as_the_readme_does() -> None:
    blocks = re.findall(r"```\n(.*?)```", BUILD, re.S)
    assert "bash scripts/setup\nsource .venv/bin/activate\n" in blocks
    assert (ROOT / "scripts" / "setup").exists()
    readme = (ROOT / "README.md").read_text()
    assert "`source .venv/bin/activate` puts `crib` on the path" in readme  # the README's own words
    assert "`source .venv/bin/activate` puts `crib` on the path" in flat(BUILD)
    assert BUILD.index("bash scripts/setup") < BUILD.index("## 2. A staged build")


def amps_range(text: str) -> tuple[float, float]:
    """``0.25 to 0.35 A`` -> (0.25, 0.35)."""
    low, high = re.search(r"(\d\.\d+) to (\d\.\d+) A", text).groups()  # type: ignore[union-attr]
    return float(low), float(high)


def test_the_expected_currents_follow_the_power_model() -> None:
    """The bring-up table: each row of 30 LEDs about 30 x IDLE_UA; the whole chain brackets power.md's
    figure (every LED idle plus the board); the bare Pico under the board's budget."""
    table = {row.split("|")[1].strip(): row for row in BUILD.splitlines() if row.startswith("| stage ")}
    leds = load_script("power_table").led_count()
    row = amps_range(table["stage 3: each row of 30 LEDs"])
    assert row[0] < 30 * power.IDLE_UA / 1e6 < row[1] and f"about {30 * power.IDLE_UA / 1e6:.2f} A" in \
        table["stage 3: each row of 30 LEDs"]
    done = amps_range(table[f"stage 3 done: {leds} LEDs"])
    assert done[0] < (leds * power.IDLE_UA / 1000 + power.BOARD_MA) / 1000 < done[1]
    assert f"{(leds * power.IDLE_UA / 1000 + power.BOARD_MA) / 1000:.2f} A" in table[f"stage 3 done: {leds} LEDs"]
    pico = amps_range(table["stage 2: Pico, shifter, LED 1"])
    assert pico[1] <= power.BOARD_MA / 1000
    # The whole chain is stage 2's reading and every row's: its range spans the LEDs' idle range (the bench
    # test's), not the model's 1 mA alone, and the same range is said where stage 3 ends.
    idle = [float(v) for v in re.search(r"idle at (\d\.\d) to (\d\.\d) mA each", BUILD).groups()]  # type: ignore[union-attr]
    model = load_script("supply_model")
    assert (*idle, *pico) == (*model.IDLE_MA, *(ma / 1000 for ma in model.PICO_MA))
    assert done == (round(leds * idle[0] / 1000 + pico[0], 2), round(leds * idle[1] / 1000 + pico[1], 2))
    assert row == (round(30 * idle[0] / 1000, 2), round(30 * idle[1] / 1000, 3))
    assert "%.2f to %.2f A by your LEDs' idle current" % done in flat(BUILD)


def test_the_led_bench_test_uses_1_kohm_and_its_readings_add_up() -> None:
    assert "through a 1 kohm resistor in its VDD lead" in flat(BUILD) and "100 ohm" not in BUILD
    ohms, supply, diode = 1000, 5.0, 0.7
    idle = re.search(r"measure across the resistor: (\d\.\d) to (\d\.\d) V \(its idle current, (\d\.\d) to "
                     r"(\d\.\d) mA", BUILD)
    assert idle, "the bench test's reading"
    volts, milliamps = [float(v) for v in idle.groups()[:2]], [float(v) for v in idle.groups()[2:]]
    assert volts == [ma / 1000 * ohms for ma in milliamps]
    assert supply - volts[1] >= 3.5  # the LED still gets its least supply
    reversed_ma = (supply - diode) / ohms * 1000
    assert f"{reversed_ma:.1f} mA through its internal diode" in flat(BUILD) and "About 4 V or more" in flat(BUILD)
    assert 4 <= supply - diode


def test_the_safety_summary_follows_the_power_model() -> None:
    """BUILD.md's "Safety, in short": the uncapped full white, what the board draws dark while plugged in, and
    what a fault below the USB build's switch limit can heat, from app.power and power_table's switch limit,
    and before the switch, F2's trip current."""
    table = load_script("power_table")
    leds = table.led_count()
    text = " ".join(BUILD[BUILD.index("**Safety, in short**"):BUILD.index("## 1. The board")].split())
    full_white = (leds * (3 * power.CHANNEL_MA + power.IDLE_UA / 1000) + power.BOARD_MA) / 1000
    assert "about %.1f A (power.md)" % full_white in text
    dark = (leds * power.IDLE_UA / 1000 + power.BOARD_MA) / 1000
    assert "it draws about %.2f A (%.1f W) with every LED dark" % (dark, 5 * dark) in text
    limit = table.SWITCH_LIMIT_MA[1] / 1000
    assert "%.1f W after it (U3's limit, %.2f A at 5 V)" % (5 * limit, limit) in text
    assert "Between F2 and U3 up to about 5 W (F2's 1 A trip current at 5 V" in text  # the PTC before U3
    assert "do not leave it plugged in unattended" in text and "LPS (or Class 2)" in text


def test_the_heat_checks_commands_set_up_the_heaviest_picture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Stage 6's commands, run as written on a simulator with a match begun, end a 3-player game at 121 with
    players 2 and 3 on 0 (the double skunk whose flashing power.md's "Heat" measures); each command,
    brightness=255 too, exits 0. Then the two that put the board back, as the text gives them."""
    block = re.search(r"```\n(crib new-match .*?)```", BUILD, re.S)
    assert block, "stage 6's commands"
    commands = [re.split(r"\s+#", line, maxsplit=1)[0].strip() for line in block.group(1).splitlines()]
    back = re.search(r"Then `(crib new-match)` and put the settings back \(`(crib settings [^`]*)`", " ".join(
        BUILD.split()))
    assert back, "how the board is put back"
    monkeypatch.setattr(devices, "pico_ports", list)
    monkeypatch.setattr(sys, "stdin", Reader("y\n" * 10))  # crib new-match asks first
    sim = Simulator(["--headless", "--serve", "--flash", str(tmp_path / "flash")])
    try:
        def run(command: str) -> None:
            status = main(shlex.split(command)[1:] + ["-d", "socket://127.0.0.1:%d" % sim.port])
            out, err = capsys.readouterr()
            assert status == 0 and "error" not in err, (command, out, err)

        run("crib dealer 2")  # a match begun, which the block's first command ends (its comment: only then)
        run("crib peg 1 5")
        for command in commands:
            run(command)
        state = sim.state()
        assert state["settings"]["players"] == 3 and state["settings"]["target"] == 121, state["settings"]
        assert state["front"] == [121, 0, 0] and state["winner"] == 0, state
        for command in back.groups():
            run(command)
        assert sim.state()["events"] == 0
    finally:
        sim.stop()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_back_panel_opens_and_the_picos_wires_have_the_room() -> None:
    """The panel carries the Pico and the controls' filters, wired into the blank: BUILD.md says how it opens
    and gives every such wire wire_lengths.py's service loop, which covers what the turn needs (computed from the
    parts' places), and the loop is in the wire ordered; the fuse is reachable once the panel is open."""
    wiring = load_script("wire_lengths")
    board = json.loads((HARDWARE / "board.json").read_text())
    turn = wiring.panel_turn_mm(board)
    assert turn < wiring.SERVICE_LOOP_MM
    build = flat(BUILD)
    farthest = max(board["build"]["parts"]["pico"][2], board["build"]["parts"]["controls_filter"][2])
    assert "opens like a book's cover about the board's left edge" in build
    assert f"cut every wire from the panel's parts into the blank {wiring.SERVICE_LOOP_MM // 10} cm longer" in build
    assert f"The turn needs about {round(turn / 10)} cm (computed" in build
    assert f"{farthest} mm from the left edge, lands {farthest} mm beyond it" in build
    assert f"the {board['build']['blank_mm'][2]} mm rim" in build
    assert "castellated pads" in build and "Never let the panel hang on its wires" in build
    assert "the fuse reachable when the panel is off" not in build and "the fuse comes out with the panel open" in build
    before = wiring.SERVICE_LOOP_MM
    try:
        wiring.SERVICE_LOOP_MM = 0
        shorter = wiring.wire_lengths(board)
    finally:
        wiring.SERVICE_LOOP_MM = before
    longer = wiring.wire_lengths(board)
    assert longer["supply"] - shorter["supply"] == before and longer["signal"] - shorter["signal"] >= 20 * before


def test_the_current_is_read_where_the_walk_lights_nothing() -> None:
    """Stages 1 to 3 cannot pause the LED test (the encoder comes in stage 4; ``crib test-leds`` starts and
    stops it): the reading is taken while the walk is past the LEDs fitted, at the times the test's own
    steps give."""
    from app.modes import led_test

    build = flat(BUILD)
    stages = build[build.index("## 2. A staged build"):build.index("**Stage 4: the controls.**")]
    assert "paused" not in stages
    check_s = led_test._CHECK * led_test.STEP_MS / 1000
    row_s = 30 * led_test.STEP_MS / 1000
    walk_s = (load_script("power_table").led_count() - 1) * led_test.STEP_MS / 1000
    assert f"The test starts with {check_s:g} s of colours on LED 1 and then walks five LEDs a second, " \
           f"{row_s:g} s a row" in build and 1000 / led_test.STEP_MS == 5
    assert f"for {int(walk_s)} s; after n rows, from {check_s:g} + {row_s:g} x n s on" in build


def test_the_load_test_of_u3s_limit_brackets_it() -> None:
    """Stage 1's two resistors: the 18 ohm draws less than U3's least limit from the highest supply the
    board takes, the 8.2 ohm more than its most from the lowest, F2's drop (1.17 ohm at most: Bourns'
    MF-R050 an hour after a trip) included; each
    within a 5 W rating."""
    limit = load_script("power_table").SWITCH_LIMIT_MA
    build = flat(BUILD)
    assert "two 5 W resistors, 18 ohm and 8.2 ohm" in build
    assert 5.3 / 18 * 1000 < limit[0] and 4.75 / (8.2 + 1.17) * 1000 > limit[1]
    assert f"{limit[0] / 1000:.2f} to {limit[1] / 1000:.2f} A (TI's figures for 66.5 kohm)" in build
    assert max(5.3 ** 2 / 18, (limit[1] / 1000) ** 2 * 8.2) < 1.7 and "(up to about 1.6 W)" in build
    for ref, what in (("ILIM (pin 5) to GND 66.5 kohm", "R8"), ("EN (pin 3) to GND 100 kohm", "R9"),
                      ("/FAULT (pin 4) to R10's free end 10 kohm", "R10")):
        assert f"{ref} ({what}" in build
    assert "(R9 missing)" not in build  # the RP2040's own pull-down hides it: the meter checks R9


def test_the_finished_board_never_gets_the_cut_offs_ramp() -> None:
    """Checks and fixes sends no one back to stage 1's 9 V or ramp test with the LEDs on the bus."""
    build = flat(BUILD)
    checks = build[build.index("## 6. Checks and fixes"):]
    assert "(stage 1's test of the cut-off)" not in checks
    assert "Do not repeat stage 1's 9 V or bench-supply ramp on the finished board" in checks
    assert "Repeat them only with C243 alone on +5 V, as at stage 1" in checks
    assert "reset button" not in build  # a Pico has none


def test_the_tools_list_has_what_the_text_uses() -> None:
    """Each tool the build's text calls for is in its tools list."""
    build = flat(BUILD)
    tools = build[build.index("Tools: a multimeter"):build.index("**The first power-on")]
    used = {"heat gun": "shrink it", "clip lead": "clip a lead", "wire stripper": "a stripper set",
            "side cutters": "cut off what is left", "tweezers": "with tweezers", "flux": "Flux the pads",
            "magnifier": "under a magnifier", "spanner": "with a spanner", "a file": "J2's cut-out",
            "ruler": "with a ruler", "hot-melt glue gun": "hot-melt glue", "pliers": "with pliers",
            "solder wick": "unsolder the stubs", "desoldering pump": "lift one lead", "crimp tool": "wires crimped",
            "fine saw and a chisel": "(saw and chisel)", "sandpaper and a finish": "put on your finish",
            "5.1 and 5.2 mm": "drill the LED holes 5.1 or 5.2 mm", "a 10 A range": "on its 10 A range",
            "a mA range": "the meter's mA range"}
    for tool, use in used.items():
        assert use in build, use
        assert tool in tools, tool


def test_the_unfused_fault_power_and_the_pull_up_current_are_computed() -> None:
    """The adapter build's fault below its limit: 5 V at 105 to 150 % of its 2.5 A, said alike in BUILD.md,
    power.md and bom.csv; the buttons' contact current from the RP2040's pull-up (control_filters)."""
    amps = load_script("power_table").SUPPLIES["adapter"]["supply_ma"] / 1000
    most = round(5 * amps * 1.5)
    assert most == 19 and f"{5 * amps * 1.05:.0f} to {most} W at 5 V (computed" in flat(POWER)
    assert f"up to about {most} W (the 2.5 A adapter's own limit" in flat(BUILD) and "about 30 W" not in flat(BUILD)
    assert f"own limit, {5 * amps * 1.05:.0f} to {most} W" in (HARDWARE / "bom.csv").read_text()
    assert f"on the adapter build, {5 * amps * 1.05:.0f} to {most} W" in flat(BUILD)
    assert "never leave the adapter build plugged in unattended" in flat(BUILD)
    assert "at most 100 W" not in flat(POWER)
    filters = load_script("control_filters")
    low, high = (filters.IOVDD / r * 1e6 for r in reversed(filters.PICO_PULL_UP_OHMS))
    assert round(low, -1) == 40 and round(high, -1) == 70 and "about 40 to 70 uA" in flat(BUILD)


def test_the_adapters_protection_is_asked_for_and_lps_is_not_overstated() -> None:
    """A fault F1 does not cut is held to 19 W only by the adapter's own protection at 150 % of its 2.5 A or less,
    which BUILD.md, power.md and bom.csv ask of its datasheet; LPS alone allows a 5 V output 8 A and 5 x its
    open-circuit voltage in VA, about 25 W, and no text says it holds the board's figure."""
    model = load_script("supply_model")
    amps = load_script("power_table").SUPPLIES["adapter"]["supply_ma"] / 1000
    most, lps = amps * model.OCP_MOST, 5 * model.LPS_VA_PER_VOLT
    assert round(5 * most) == 19 and lps == 25 > 5 * most and model.LPS_AMPS == 8
    text = {"BUILD.md": flat(BUILD), "power.md": flat(POWER), "bom.csv": (HARDWARE / "bom.csv").read_text()}
    for name, words in text.items():
        assert f"about {lps} W" in words, name
    assert f"overcurrent protection at {most:g} A or less" in text["BUILD.md"]
    assert f"**Overcurrent protection at {most:g} A or less**" in text["power.md"]
    assert f"at {model.OCP_MOST * 100:g} % of its rating or less by its datasheet ({most:g} A for 2.5 A)" \
        in text["bom.csv"]
    assert "cannot feed more" not in text["power.md"] and "which only such a supply is bound to hold" not in flat(BUILD)
    assert "close the gap is a current sense" in text["power.md"]  # what would close it, said once


def test_the_picos_ground_is_two_wires_each_read() -> None:
    """The Pico's GND reaches the star point on two wires, from pins 38 and 3 (both GND in both netlists), each its
    own way, each read as it goes in and again before the panel closes; U3's GND goes to the star point, as
    wiring.svg says, not to the Pico."""
    for variant in ("usb", "adapter"):
        gnd = next(line for line in (HARDWARE / f"netlist-{variant}.txt").read_text().splitlines()
                   if line.startswith("GND: ")).split()
        assert "U1.3(GND)" in gnd and "U1.38(GND)" in gnd, variant
    build = flat(BUILD)
    assert "Pico's GND on two wires, one from pin 38 and one from pin 3, each its own way" in build
    assert "U3's GND (pin 2) to the star point, C243's minus" in build and "GND to pin 38" not in build
    assert "U3 GND and C243's minus: the star ground" in (HARDWARE / "wiring.svg").read_text()
    stage_2 = build[build.index("**Stage 2:"):build.index("**Stage 3 onwards")]
    assert "the Pico's GND (its two wires, from pins 38 and 3" in stage_2
    checklist = build[build.index("### Before closing the panel"):build.index("### The LED test")]
    assert "The Pico's two GND wires, from pins 38 and 3" in checklist and "0.3 ohm or less" in checklist
    assert "the Pico's two (from pins 38 and 3" in flat(POWER)


def test_u2s_supply_is_named_where_it_starts() -> None:
    """U2's pin 14 comes from +5V_LED at the star point (C243's plus: the netlists put both on +5V_LED), laid with its
    GND and LED 1's feed."""
    for variant in ("usb", "adapter"):
        led5 = next(line for line in (HARDWARE / f"netlist-{variant}.txt").read_text().splitlines()
                    if line.startswith("+5V_LED: ")).split()
        assert "U2.14(VCC)" in led5 and "C243.1(+)" in led5, variant
    build = flat(BUILD)
    assert "pin 14 to +5V_LED at the star point (C243's plus), its wire laid beside pin 7's and both along LED 1's " \
           "feed pair" in build
    assert "U2's pin 14 lead if it starts there" not in build


def test_the_bus_taps_and_links_follow_the_streets() -> None:
    """Within a street of five holes the taps are one pitch apart; across the wider gap between streets, every
    fifth, that pitch and the gap (board.json): BUILD.md gives both, and the links and windows as much longer."""
    board = json.loads((HARDWARE / "board.json").read_text())
    rows: dict[float, list[float]] = {}
    for _, hole, x, y in board["holes"]:
        if hole != 121:  # the game holes sit left of two rows
            rows.setdefault(y, []).append(x)
    gaps = [[b - a for a, b in zip(sorted(xs), sorted(xs)[1:], strict=False)] for xs in rows.values()]
    pitch, street = sorted({gap for row in gaps for gap in row})
    for row in gaps:  # the wide gap after every fifth hole
        assert [i for i, gap in enumerate(row) if gap == street] == list(range(4, len(row), 5))
    build = flat(BUILD)
    assert f"{pitch:g} mm from the next within a street of five holes and {street:g} mm across the wider gap " \
           "between streets, every fifth tap (board.json)" in build
    assert f"about 12 mm within a street, every fifth {12 + street - pitch:g} mm across the gap" in build
    assert f"about 4 mm of insulation stays between windows, {4 + street - pitch:g} mm across a gap" in build
    assert "one hole pitch (8 mm) from the next" not in build


def test_every_stage_is_wired_unplugged_and_the_display_is_checked_before_power() -> None:
    """Section 2 says once to unplug every supply before soldering or wiring, and every stage that wires says it
    again; the display gets an unpowered check (no short on 3V3, its VCC and GND pins where they belong) before
    it is powered; stage 1 checks Q1 and Q2 before C253 gives the meter a path."""
    build = flat(BUILD)
    assert "**Unplug every supply, USB and the adapter (or the bench supply), before you solder or wire anything**" \
        in build
    starts = [m.start() for m in re.finditer(r"\*\*Stage \d", build)]
    for start in starts[:-1]:  # stages 1 to 5 wire; stage 6 measures
        assert "unplugged while you wire" in build[start:start + 200], build[start:start + 40]
    stage_5 = build[build.index("**Stage 5:"):build.index("**Stage 6:")]
    unpowered, powered = stage_5.index("Test, unpowered: no short from 3V3 to GND"), stage_5.index("Powered:")
    assert unpowered < powered
    assert "module's VCC pin to the Pico's pin 36" in stage_5 and "its GND pin to GND" in stage_5
    stage_1 = build[build.index("**Stage 1:"):build.index("**Stage 2:")]
    assert stage_1.index("Check Q1 and Q2 now, before C253") < stage_1.index("- C253 (47 uF 35 V, bipolar")
    assert "a GND that nothing else touches" not in build


def test_stage_6_measures_the_adapter_build_outside_the_box() -> None:
    """Stage 6 once had the maker clip a meter onto XF1's joints (one at J1's centre pin, ahead of the fuse) and pull
    F1 with the board live: a slipping clip shorts the adapter unfused. The meter goes in series outside the box, in
    the test lead X12, set up before the adapter goes into the mains."""
    text = flat(BUILD)
    stage_6 = text[text.index("**Stage 6:"):text.index("### Before closing the panel")]
    assert "pull F1" not in stage_6 and "XF1's two solder joints" not in stage_6
    assert "in F1's place" not in text
    assert "outside the box, in the test lead (X12)" in stage_6
    assert "Only then plug the adapter into the mains. F1 stays in its holder" in stage_6
    assert BOM["X12"]["build"] == "adapter" and "5.5 x 2.1 mm DC plug to socket" in BOM["X12"]["specification"]


def test_player_1s_button_goes_in_before_the_power_pockets_parts() -> None:
    """SW1 comes through the skin in the power pocket, its nut's square a power wire's room from the parts: glued round
    it, they leave no room to fit or turn it. Stage 1 fits it, lug towards the LED pocket, before any of them."""
    text = flat(BUILD)
    stage_1 = text[text.index("**Stage 1:"):text.index("**Stage 2:")]
    fit = stage_1.index("player 1's button (SW1)")
    assert fit < stage_1.index("lay your build's parts in the power pocket") < stage_1.index("fit J2")
    assert "Turn the tag's lug towards the LED pocket" in stage_1
    assert "SW1, player 1, went in at stage 1" in text


def test_the_power_pockets_directions_are_the_underside_views() -> None:
    """The maker wires the power pocket face down, from the mirrored underside view: a "right of J2" seen from the top
    is left of it there. Every left or right in stage 1's power pocket is the underside view's; the star point's bars
    and Q1's and Q2's leads are given a side."""
    text = flat(BUILD)
    stage_1 = text[text.index("**Stage 1:"):text.index("**Stage 2:")]
    assert "right of J2" not in text and "in the underside view, left of J2 along the LED pocket's edge" in stage_1
    assert "Directions here are as the underside view shows them" in stage_1
    assert "the +5 V bar along the fifth, next to the long edge away from the LED pocket" in stage_1
    assert "each with its leads pointing right (towards C243 and the star point)" in stage_1


def test_the_usb_chargers_rating_and_what_j2_carries_are_said_alike() -> None:
    """PS2 is a 1 A charger, no more, said in the same words wherever a charger for play is named; ahead of F2 only
    its own protection (up to OCP_MOST of its rating) limits a short, so J2's power wires carry that, and the
    safety summary and power.md give the fault's figures from the model. It was 1 A to 2 A: a 2 A charger's 3 A into
    a short ahead of F2 is past the 1.8 A micro-USB connectors (J2's sockets, the Pico's own) are commonly rated
    for; 1 A keeps the worst, 1.5 A, within it. Pin 38's joint is sleeved as pin 40's."""
    model = load_script("supply_model")
    low, high = (ma / 1000 for ma in model.CHARGER_MA)
    amps, j2 = high * model.OCP_MOST, model.J2_RATED_MA / 1000
    assert (low, high, amps, j2) == (1, 1, 1.5, 1.5) and model.CHARGER_FAULT_MA <= model.MICRO_USB_MA == 1800
    words = f"{high:g} A"
    build, power_md = flat(BUILD), flat(POWER)
    assert BOM["PS2"]["specification"].startswith(f"5 V, {words}, no more, ")
    assert f"Not above {high:g} A" in BOM["PS2"]["notes"]
    assert f"USB charger or power bank of {words}, not on a computer's port (and not a stronger charger" in build
    assert f"**power a USB build from a USB charger or a power bank, 5 V, {words}**" in power_md
    assert f"So the charger is rated **{words}**, no more" in power_md and "commonly rated 1.8 A" in power_md
    # what the 1.8 A rests on, said in words (a review): the specification named, and that its text was not read
    read = power_md[power_md.index("## Datasheets read"):]
    assert "Micro-USB Cables and Connectors Specification, revision 1.01" in read
    assert "the 1.8 A rests on the makers' own ratings" in read
    assert f"Use a USB charger (5 V, {words}, no more)" in (HARDWARE / "schematic-usb.svg").read_text()
    wiring = (HARDWARE / "wiring.svg").read_text()
    assert f"power it from a USB charger, {words}, no more" in wiring
    assert f"J2's VBUS and GND rated {j2:g} A or more" in wiring
    for name, text in (("BUILD.md", build), ("power.md", power_md), ("bom.csv", BOM["PS2"]["specification"])):
        assert "1 A to 3 A" not in text and "charger, 1 A or more" not in text and "5 V, 1 A or more" not in text, name
        assert "1 A to 2 A" not in text, name
    assert f"VBUS and GND rated {j2:g} A or more" in BOM["J2"]["example part"]
    assert f"power conductors (VBUS, GND) rated {j2:g} A or more" in BOM["J2"]["specification"]
    assert f"rated {j2:g} A or more, {model.OCP_MOST:g} times the charger's most" in power_md
    watts = 5 * amps
    safety = build[build.index("**Safety, in short**"):build.index("## 1. The board")]
    assert f"up to about {watts:g} W (a {high:g} A charger's overload protection at up to {model.OCP_MOST:g} " \
        f"times its rating, {amps:g} A at 5 V" in safety
    assert f"J2's power wires are rated {j2:g} A or more" in safety and "pin 38's GND" in safety
    assert f"up to {amps:g} A, {watts:g} W from a {high:g} A charger" in power_md
    assert f"up to {amps:g} A, {watts:g} W, from PS2's {high:g} A" in BOM["F2"]["notes"]
    assert "Sleeve pin 38's GND wire (below) the same way" in build


def test_f2s_derating_is_stated_and_the_cap_stays_under_it() -> None:
    """F2's hold falls as it warms (a typical PTC's derating, an estimate, said so): power.md gives it at 50 degC,
    how warm the pocket may get before the capped LEDs' current reaches it, and where U3's most does."""
    model = load_script("supply_model")
    table = load_script("power_table")
    at, share = model.F2_DERATED
    assert model.f2_hold_ma(model.F2_HOLD_AT_C) == model.F2_HOLD_MA
    assert f"a typical PTC holds about {share * 100:g} % of that at {at} degC, " \
        f"{model.f2_hold_ma(at) / 1000:g} A (an estimate" in flat(POWER)
    capped = table.SUPPLIES["usb"]["supply_ma"] - power.BOARD_MA  # through F2: the Pico's share leaves VBUS before it
    assert model.f2_hold_reached_c(capped) >= 60 and f"{capped / 1000:.2f} A at the cap, under the derated hold up " \
        "to about 60 degC" in flat(POWER)
    most = table.SWITCH_LIMIT_MA[1]
    assert f"U3's limit, up to {most / 1000:.3f} A, is above the derated hold from about " \
        f"{model.f2_hold_reached_c(most):.0f} degC" in flat(POWER)
    assert f"about {model.f2_hold_ma(at) / 1000:g} A at {at} degC (a typical PTC's derating, estimated" \
        in BOM["F2"]["notes"]


def test_stage_2_reads_vsys_to_gnd_before_power() -> None:
    """VSYS (pin 39) sits beside pin 38's GND: stage 2's unpowered test reads it, and says what a good one reads (the
    Pico's capacitors charging) against a short, and what holds a short there (F4 on the adapter build, ahead of D1,
    a 1 A diode; nothing on the USB build's board)."""
    build = flat(BUILD)
    stage2 = build[build.index("**Stage 2:"):build.index("**Stage 3 onwards")]
    test = stage2[stage2.index("Test, unpowered: no short from +5V_LED or 3V3 to GND"):stage2.index("Then flash")]
    assert "nor from VSYS (pin 39) to GND, red probe on VSYS" in test
    assert "reads like a capacitor charging" in test and "tens of kohm or more" in test
    assert "stays under about 10 ohm is a short" in test and "through D1, a 1 A diode" in test
    assert "On the adapter build F4 is its fuse, tripping within 2.2 s on such a short" in test


def test_the_bring_up_figures_agree_and_a_reversed_c243_is_named_on_both_builds() -> None:
    """The dark board's most before stage 3 (supply_model's idle and Pico figures): BUILD.md and F3's note say the
    same figure. A reversed C243 is a cause of a high reading on both builds; a bring-up charger is 1 A at most."""
    model = load_script("supply_model")
    leds = load_script("power_table").led_count()
    most = f"{(leds * model.IDLE_MA[1] + model.PICO_MA[1]) / 1000:.2f} A at most"
    build = flat(BUILD)
    assert f"the board draws {most}" in build and f"every dark LED draw {most}" in BOM["F3"]["notes"]
    # and with LEDs lit under the bring-up's 500 mA cap, which counts 1 mA a dark LED: both places give both figures
    lit = f"{(500 + leds * (model.IDLE_MA[1] - 1)) / 1000:.2f} A"
    assert f"up to about {lit} once the app lights LEDs under the 500 mA cap" in build
    assert f"the board may draw up to about {lit}" in build and "`crib settings milliamps=500`" in build
    assert f"up to about {lit} with LEDs lit under the bring-up's 500 mA cap" in BOM["F3"]["notes"]
    usb = build[build.index("**On the USB build once the firmware has turned U3 on"):]
    assert "C243 is reversed" in usb[:usb.index("- **Far lower**")]
    assert "or C243 is reversed" in build  # the adapter build's stage 1
    assert "of 1 A at most, through the USB power meter" in build and "a charger of 1 A or more" not in build
