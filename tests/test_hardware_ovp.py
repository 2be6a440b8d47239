"""The adapter build's power entry, simulated (hardware/scripts/ovp_check.py, ngspice): a 9 to 24 V plug never
reaches the LED bus, a good 5 V adapter always does, a reversed plug feeds nothing, and the figures
power.md quotes are what the simulation gives. ngspice must be installed (scripts/setup installs it): without
it the simulations fail, never skip; the deck itself (the netlist's parts, pins and values) is checked apart."""

from __future__ import annotations

import re
import shutil
from types import ModuleType

import pytest
from hardware_scripts import HARDWARE, quiet_script

# On the worker that builds the SKiDL circuits (their global state is one per process).
pytestmark = [pytest.mark.xdist_group("skidl"), pytest.mark.usefixtures("skidl_in_a_temporary_folder")]


@pytest.fixture(scope="module")
def check() -> ModuleType:
    """hardware/scripts/ovp_check.py, SKiDL quiet."""
    return quiet_script("ovp_check")


def test_the_deck_is_the_netlists_power_entry(check: ModuleType, board: dict) -> None:
    """Every simulated part sits on the nets netlist-adapter.txt gives it."""
    deck = check.deck_body(board)
    netlist = (HARDWARE / "netlist-adapter.txt").read_text()
    for ref in check.PARTS:
        nets = {name for name, pins in re.findall(r"^(\S+): (.*)$", netlist, re.M) if f" {ref}." in f" {pins}"}
        lines = [line for line in deck.splitlines() if re.match(rf"[A-Z]{ref}( |_ESR )", line)]  # C253: its ESR too
        assert {check.node(net) for net in nets} <= {n for line in lines for n in line.split()[1:]}, (ref, lines)
    assert "RR13 p5v_fused ovp_sense 15k" in deck and "CC248 ovp_sense 0 2.2n" in deck


@pytest.fixture(scope="module")
def simulated(check: ModuleType, board: dict) -> dict:
    """Every case, simulated once."""
    # scripts/setup installs it: missing, the cut-off would go unchecked, so this fails, never skips
    assert shutil.which("ngspice"), "ngspice is not installed (Debian: apt-get install ngspice; scripts/setup does)"
    return check.simulate(board)


def test_the_cut_off_and_the_way_back(simulated: dict) -> None:
    ramp = simulated["ramp"]
    assert 5.55 < ramp["cuts_off_at"] < 5.85 and 5.35 < ramp["lets_through_at"] < ramp["cuts_off_at"] - 0.1
    assert ramp["out_max"] < 5.8


def test_a_good_adapter_plugged_in_live_gets_through(simulated: dict) -> None:
    case = simulated["hot_plug_5.3v"]
    assert case["out_end"] > 5.2  # no false cut-off from the ringing of a hot plug
    assert -16 < case["vgs_min"] and case["vgs_max"] < 5  # the FETs' gate ratings (+5 / -16 V)


@pytest.mark.parametrize("volts", [9, 12, 24])
def test_a_high_adapter_plugged_in_live_never_reaches_the_leds(simulated: dict, volts: int) -> None:
    case = simulated[f"hot_plug_{volts}v"]
    assert case["out_max"] < 0.001 and case["out_end"] < 0.001
    assert -16 < case["vgs_min"] and case["vgs_max"] < 5


@pytest.mark.parametrize("volts", [5.3, 9, 12, 24])
def test_c253_damps_the_ringing_of_a_hot_plug(simulated: dict, volts: float) -> None:
    """Without C253 the cable's inductance rings Q1's drain to 2.2 to 2.4 times the adapter's voltage (28 V from
    12 V, against the FETs' 30 V); with it, Q1's drain never goes more than 2 % past the adapter's voltage, nor
    below GND. power.md quotes the figures."""
    case = simulated[f"hot_plug_{volts:g}v"]
    assert case["drain_max"] < 1.02 * volts and case["drain_min"] > -0.1
    power = " ".join((HARDWARE / "power.md").read_text().split())
    assert "(5.26 V, 9.0 V, 12.0 V and 24.0 V at most on Q1's drain)" in power
    gates = tuple(simulated[f"hot_plug_{v}v"]["vgs_min"] for v in (9, 12, 24))
    assert "reach %.2f V (9 V), %.2f V (12 V) and %.2f V (24 V)" % gates in power


def test_a_high_adapter_switched_on_stops_at_the_cut_off(simulated: dict) -> None:
    case = simulated["switched_on_12v"]
    assert case["out_max"] < 5.8 and case["out_end"] < 2  # C243 then drains into the board
    assert abs(case["input_amps"]) < 0.01  # what a tripped board takes from a 12 V adapter


def test_a_reversed_plug_feeds_nothing(simulated: dict) -> None:
    case = simulated["reversed_24v"]
    assert -0.1 < case["out_min"] and case["out_max"] < 0.1 and abs(case["input_amps"]) < 0.005
    # D2, a Schottky, holds U4's REF above -0.33 V (a 1N4148 would let it reach about -0.6 V: power.md)
    assert -0.33 < case["ref_min"] < -0.15


def test_without_r11_the_fets_still_conduct_through_their_channels(simulated: dict) -> None:
    """R11 open leaves the gates to R15, which holds them at U4's REF, R13 and R14's divider of the supply
    (about 2.2 V from 5 V, some 2.8 V below the sources): on, a little less well, never on body diodes alone
    (which would be 0.7 V and 1.9 W at 2.5 A). power.md gives the divider's figure and the simulation's."""
    case = simulated["r11_missing"]
    assert case["drop"] < 0.25 and case["gates"] < 3
    ref = 5 * 12 / (15 + 12)  # R14 / (R13 + R14): test_the_deck_is_the_netlists_power_entry holds the values
    assert abs(case["gates"] - ref) < 0.2
    power = " ".join((HARDWARE / "power.md").read_text().split())
    assert "about %.1f V from a 5 V supply (5 V x 12 / 27; %.1f V in the simulation at 2.5 A), about %.1f V below " \
           "the 5 V sources" % (ref, case["gates"], 5 - ref) in power
    build = " ".join((HARDWARE / "BUILD.md").read_text().split())
    assert "about 2 V" not in build + power and build.count("%.1f V" % ref) >= 3
