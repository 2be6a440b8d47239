"""Simulate the adapter build's power entry (fuse, reverse-polarity guard, overvoltage cut-off) in ngspice.

Run ``python hardware/scripts/ovp_check.py`` (in the project's environment, with ngspice installed: Debian's
``ngspice`` package). It takes the parts between the jack and the LED bus from circuit.py's adapter
circuit, pins, nets and values as the netlist has them, replaces the LEDs, the shifter and the Pico by
a resistive load across C243, and runs the cases power.md quotes: a slow ramp (where it cuts off and
where it lets through again), a live adapter plugged in at 5.3, 9, 12 and 24 V through 1.5 m of cable
(the peak on Q1's drain, which C253 damps),
a 12 V adapter switched on with the plug already in, a reversed 24 V plug, and R11 missing. The models
are approximate (a generic P-MOSFET near the IPP80P03P4L-04, the usual 2N3906 model and a BAT43-like Schottky, a
behavioural TL431): the figures show the design works and by what margin, not what one board measures.
A test runs it where ngspice is installed.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from circuit import BOARD_JSON, build, quiet
from make_board import SUPPLIES

# The parts simulated: everything from the jack to the LED bus, and C243 on it.
PARTS = ("F1", "C253", "Q1", "Q2", "Q3", "U4", "D2", "R11", "R13", "R14", "R15", "R16", "R17", "C248", "C243")
FUSE_OHMS = 0.03  # a T3.15A 5 x 20 mm fuse's cold resistance, about
# C253's equivalent series resistance, which damps the ringing of a hot plug with the cable's inductance: a
# general-purpose 47 uF 35 V bipolar electrolytic's, roughly (the peaks are the same from 0.2 to 2 ohm). Nichicon's
# ES datasheet gives no ESR, only tan delta at 120 Hz: 4 ohm at most there, where a 24 V plug peaks at 24.7 V on
# Q1's drain (power.md, "Datasheets read").
ESR_OHMS = {"C253": 0.5}
MODELS = """
.model PFET vdmos pchan Vto=-1.6 Kp=60 Rd=1m Rs=1m Rg=2 Cgs=6n Cgdmax=3n Cgdmin=0.3n a=0.5 Cjo=2n
+ Is=5e-9 N=1.3 Rb=5m Bv=30 mtriode=1.5 lambda=0.01
.model PNP PNP(Is=1.41f Xti=3 Eg=1.11 Vaf=18.7 Bf=180.7 Ne=1.5 Ikf=80m Xtb=1.5 Br=4.977 Nc=2 Rc=2.5
+ Cjc=9.728p Mjc=.5776 Vjc=.75 Fc=.5 Cje=8.063p Mje=.3677 Vje=.75 Tr=33.42n Tf=179.3p Itf=.4 Vtf=4 Xtf=6 Rb=10)
* D2, a BAT43 (VF 0.26 to 0.33 V at 2 mA, 0.45 V at most at 15 mA, 7 pF at 1 V, 30 V)
.model DSMALL D(Is=20n Rs=5 N=1.0 Cjo=7p M=.5 Bv=30 Ibv=1u)
.model SWITCH SW(Ron=5m Roff=1e9 Vt=0.5)
.options method=gear
* TL431: sinks up to 100 mA once REF passes 2.495 V (a 1 us lag), not below a cathode voltage of about 2 V.
.subckt TL431 K A REF
Eerr e A value={V(REF,A)-2.495}
Rlag e lag 1k
Clag lag A 1n
Bk K A I={0.1*(0.5+0.5*tanh(V(lag,A)*300))*(0.5+0.5*tanh((V(K,A)-2.0)*5))+1e-7}
Rref REF A 1e9
.ends
"""
# A live adapter plugged in: its own 470 uF, 1.5 m of cable (1 uH, 0.1 ohm), the contact made at 1 us.
HOT_PLUG = """Vad ad 0 {volts}
Cad ad 0 470u IC={volts}
Sw ad plug ctl 0 SWITCH
Vctl ctl 0 PWL(0 0 1u 0 1.001u 1)
Lcable plug cable 1u
Rcable cable jack 0.1
"""
LOAD_OHMS = 17  # 0.3 A at 5 V: the board with every LED dark
ADAPTER_MA = SUPPLIES["adapter"]["supply_ma"]  # the most the adapter build draws (R11's case)


def node(net: str) -> str:
    """A SPICE node name for a net ("0" for GND)."""
    return "0" if net == "GND" else re.sub(r"[^A-Za-z0-9_]", "", net.replace("+", "p")).lower()


def value(text: str) -> str:
    """A part's value as SPICE reads it: ``15k 1%`` -> ``15k``, ``2.2nF`` -> ``2.2n``, ``1000uF 16V`` -> ``1000u``."""
    first = text.split()[0]
    return re.sub(r"F$", "", first)


def deck_body(board: dict) -> str:
    """The simulated parts of the adapter circuit as SPICE lines, nodes named after their nets."""
    circuit = build(board, "adapter")
    pins: dict[str, dict[str, str]] = {}
    for net in circuit.nets:
        for pin in net.pins:
            pins.setdefault(pin.part.ref, {})[pin.name] = node(net.name)
    parts = {part.ref: part for part in circuit.parts}
    lines = []
    for ref in PARTS:
        p, kind = pins[ref], parts[ref].name
        if kind == "FUSE":
            lines.append(f"R{ref} {p['1']} {p['2']} {FUSE_OHMS}")
        elif kind == "PMOS":
            lines.append(f"M{ref} {p['D']} {p['G']} {p['S']} PFET")
        elif kind == "PNP":
            lines.append(f"Q{ref} {p['C']} {p['B']} {p['E']} PNP")
        elif kind == "TL431":
            lines.append(f"X{ref} {p['K']} {p['A']} {p['REF']} TL431")
        elif kind == "D":
            lines.append(f"D{ref} {p['A']} {p['K']} DSMALL")
        elif kind == "C" and ref in ESR_OHMS:
            lines.append(f"C{ref} {p['1']} {ref.lower()}_esr {value(parts[ref].value)}")
            lines.append(f"R{ref}_ESR {ref.lower()}_esr {p['2']} {ESR_OHMS[ref]}")
        elif kind in ("R", "C"):
            lines.append(f"{kind}{ref} {p['1']} {p['2']} {value(parts[ref].value)}")
        elif kind == "CP":
            lines.append(f"C{ref} {p['+']} {p['-']} {value(parts[ref].value)}")
        else:
            raise ValueError(f"{ref}: no SPICE element for a {kind}")
    lines.append(f"Rload {node('+5V_LED')} 0 {LOAD_OHMS}")
    return "\n".join(lines) + "\n"


def run(title: str, body: str, source: str, analysis: str, measures: list[str]) -> dict[str, float]:
    """One ngspice run: ``source`` drives the jack's tip (node ``jack``); returns each measure by name."""
    jack = node("+5V_JACK")
    deck = "\n".join([f"* {title}", MODELS, source.replace(" jack ", f" {jack} "), body, analysis,
                      ".control", "run", *measures, ".endc", ".end", ""])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ovp.cir"
        path.write_text(deck)
        done = subprocess.run(["ngspice", "-b", str(path)], capture_output=True, text=True, timeout=300, cwd=folder)
    found = dict(re.findall(r"^(\w+)\s+=\s+(\S+)", done.stdout, re.M))
    missing = [m.split()[2] for m in measures if m.startswith("meas") and m.split()[2] not in found]
    if missing:
        raise RuntimeError(f"{title}: ngspice measured no {missing}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return {name: float(number) for name, number in found.items()}


def simulate(board: dict) -> dict[str, dict[str, float]]:
    """Every case power.md quotes, by name: the figures each run measured (volts, amperes, seconds)."""
    body = deck_body(board)
    fused, out, gates, guard = node("+5V_FUSED"), node("+5V_LED"), node("Q_GATES"), node("+5V_GUARD")
    ramp = "Vin src 0 PWL(0 0 100m 7 200m 0)\nRsrc src jack 0.1\n"
    cases = {
        "ramp": run("slow ramp 0 -> 7 -> 0 V", body, ramp, ".tran 10u 200m", [
            f"let vgs = v({gates}) - v({guard})",
            "meas tran t_off WHEN vgs=-1.0 RISE=1", f"meas tran cuts_off_at FIND v({fused}) AT=t_off",
            "meas tran t_on WHEN vgs=-1.0 FALL=1 FROM=110m", f"meas tran lets_through_at FIND v({fused}) AT=t_on",
            f"meas tran out_max MAX v({out})"]),
        "switched_on_12v": run("12 V adapter switched on, 20 ms rise", body,
                               "Vin src 0 PWL(0 0 20m 12)\nRsrc src jack 0.1\n", ".tran 5u 40m", [
            f"meas tran out_max MAX v({out})", f"meas tran out_end FIND v({out}) AT=39m",
            "meas tran input_amps FIND i(Vin) AT=39m"]),
        "reversed_24v": run("24 V plug reversed", body, HOT_PLUG.format(volts=-24), ".tran 20n 3m UIC", [
            f"meas tran out_max MAX v({out})", f"meas tran out_min MIN v({out})",
            "meas tran input_amps FIND i(Vad) AT=2.9m", f"meas tran ref_min MIN v({node('OVP_SENSE')})"]),
    }
    for volts in (5.3, 9, 12, 24):
        cases[f"hot_plug_{volts:g}v"] = run(f"hot plug {volts} V", body, HOT_PLUG.format(volts=volts),
                                            ".tran 20n 3m UIC", [
            f"let vgs = v({gates}) - v({guard})", f"meas tran out_max MAX v({out})",
            f"meas tran out_end FIND v({out}) AT=2.9m", "meas tran vgs_min MIN vgs", "meas tran vgs_max MAX vgs",
            f"meas tran drain_max MAX v({fused})", f"meas tran drain_min MIN v({fused})"])
    no_r11 = body.replace(f"RR11 {gates} 0 10k", f"RR11 {gates} 0 1e12")
    assert no_r11 != body, "R11 not found in the deck"
    at_most = no_r11.replace(f"Rload {out} 0 {LOAD_OHMS}", f"Rload {out} 0 {5 / (ADAPTER_MA / 1000):g}")
    cases["r11_missing"] = run("R11 missing, the adapter's full current", at_most,
                               "Vin src 0 PWL(0 0 10m 5)\nRsrc src jack 0.05\n", ".tran 10u 60m", [
        f"let drop = v({fused}) - v({out})", "meas tran drop FIND drop AT=59m",
        f"meas tran gates FIND v({gates}) AT=59m"])
    return cases


if __name__ == "__main__":
    quiet()
    argparse.ArgumentParser(
        description="Simulate the adapter build's power entry in ngspice and print what it found as JSON.").parse_args()
    if not shutil.which("ngspice"):
        raise SystemExit("ovp_check.py needs ngspice (Debian: apt-get install ngspice)")
    print(json.dumps(simulate(json.loads(BOARD_JSON.read_text())), indent=1))
