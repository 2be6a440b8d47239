"""The RC filter at each control's pin: the parts circuit.py wires, bom.py lists and draw_wiring.py names,
and how much each delays its control's edges (BUILD.md, stage 4, gives the figures; tests hold them to these).

Every control closes a contact to GND, and the firmware reads each pin with the RP2040's own pull-up
(``Pin.PULL_UP``; 50 to 80 kohm, RP2040 datasheet, GPIO electrical characteristics): the buttons and the
encoder's switch sampled every millisecond (hal.buttons_pio), A and B every 2.5 us (hal.encoder_pio).
The wires run 20 to 30 cm from the Pico to the controls, past the controls' grounded metal, where a finger's
discharge lands. So each pin gets, on one piece of perfboard beside the Pico's pins (board.json's
``controls_filter``), a resistor in series from the wire and a capacitor from the pin to GND: the
resistor limits what a spike on the wire can drive into the pin's clamp diodes (1 mA for every volt through
1 kohm), and with the capacitor it filters whatever is faster than its time constant. The encoder's A and B
keep the filter Bourns gives for the PEC11R (10 kohm pull-up to 3V3, 10 kohm in series, 10 nF), at the pin
end as well. The firmware reads none of this: it samples the pins as it did before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

IOVDD = 3.3  # V: the Pico's 3V3, the pins' supply
PICO_PULL_UP_OHMS = (50_000, 80_000)  # the RP2040's own pull-up, least and most (RP2040 datasheet)
VIL = 0.8  # V: the most a pin is sure to read low at, IOVDD 3.3 V (RP2040 datasheet)
# V: the least it is sure to read high at, the 3.3 V LVTTL level. The RP2040 datasheet's own VIH row was not in the
# copy read for this (its VIL, hysteresis and pull-up rows were): a test also holds the releases within two samples
# were it 90 % of IOVDD.
VIH = 2.0


@dataclass(frozen=True)
class Filter:
    """One control's filter: the series resistor (wire to pin) and the capacitor (pin to GND), by reference
    and value, an external pull-up to 3V3 on the wire's side if it has one, and its nets' names."""

    series: str
    capacitor: str
    series_ohms: int
    nanofarads: int
    net: str  # the wire from the contact (the pin's net is this with "_RC")
    pull_up: str | None = None
    pull_up_ohms: int | None = None


def _encoder(series: str, capacitor: str, pull_up: str, net: str) -> Filter:
    """A or B: Bourns' filter (PEC11R datasheet)."""
    return Filter(series, capacitor, 10_000, 10, net, pull_up, 10_000)


def _switch(series: str, capacitor: str, net: str) -> Filter:
    """The encoder's switch or a button: 1 kohm in series, 10 nF, the RP2040's own pull-up."""
    return Filter(series, capacitor, 1_000, 10, net)


# By board.json's name of the control's pin (a button's: its name under "buttons").
FILTERS = {
    "encoder_a": _encoder("R3", "C245", "R2", "ENC_A"),
    "encoder_b": _encoder("R5", "C246", "R4", "ENC_B"),
    "encoder_switch": _switch("R18", "C249", "ENC_SW"),
    "p1": _switch("R19", "C250", "BTN_P1"),
    "p2": _switch("R20", "C251", "BTN_P2"),
    "back": _switch("R21", "C252", "BTN_BACK"),
}


def ranges(refs: list[str]) -> list[str]:
    """References as a builder reads them, runs of consecutive numbers joined: R2, R3, R4, R18 -> R2-R4, R18."""
    by_number = sorted((ref.rstrip("0123456789"), int(ref[len(ref.rstrip("0123456789")):])) for ref in refs)
    out: list[list[tuple[str, int]]] = []
    for prefix, number in by_number:
        if out and out[-1][-1] == (prefix, number - 1):
            out[-1].append((prefix, number))
        else:
            out.append([(prefix, number)])
    return [f"{run[0][0]}{run[0][1]}" + (f"-{run[-1][0]}{run[-1][1]}" if len(run) > 1 else "") for run in out]


def parts() -> dict[str, list[str]]:
    """The filters' resistors and capacitors, each as ``ranges``: {"R": [...], "C": [...]}."""
    resistors = [r for f in FILTERS.values() for r in (f.series, f.pull_up) if r is not None]
    return {"R": ranges(resistors), "C": ranges([f.capacitor for f in FILTERS.values()])}


def ohms(value: int, unit: str = " kohm") -> str:
    """10_000 -> "10 kohm" (``unit`` " k": "10 k", "k": "10k", as the schematics write values)."""
    return f"{value / 1000:g}{unit}"


def parallel(a: float, b: float) -> float:
    """Two resistances in parallel."""
    return a * b / (a + b)


def closed_level(f: Filter, pico_pull_up: float) -> float:
    """The pin's voltage while the contact is closed: the RP2040's pull-up against the series resistor."""
    return IOVDD * f.series_ohms / (f.series_ohms + pico_pull_up)


def time_constants(f: Filter, pico_pull_up: float) -> tuple[float, float]:
    """(closing, opening) time constants, in ms, with the RP2040's pull-up at ``pico_pull_up`` ohms: closing,
    the capacitor empties through the series resistor (against the pull-up); opening, it fills through the
    RP2040's pull-up, and the external one and the series resistor where there is one."""
    farads = f.nanofarads * 1e-9
    up = pico_pull_up if f.pull_up_ohms is None else parallel(pico_pull_up, f.pull_up_ohms + f.series_ohms)
    return parallel(f.series_ohms, pico_pull_up) * farads * 1000, up * farads * 1000


def delays(f: Filter, pico_pull_up: float, high: float = VIH) -> tuple[float, float]:
    """(closing, opening), in ms: how long after the contact closes the pin reads low (at VIL), and after it
    opens reads high (at ``high``), with the RP2040's pull-up at ``pico_pull_up`` ohms: from IOVDD down
    towards the closed level, and from there up towards IOVDD, each with its ``time_constants``."""
    low = closed_level(f, pico_pull_up)
    closing, opening = time_constants(f, pico_pull_up)
    return closing * math.log((IOVDD - low) / (VIL - low)), opening * math.log((IOVDD - low) / (IOVDD - high))


def spans(f: Filter, high: float = VIH) -> dict[str, tuple[float, float]]:
    """Over the RP2040's pull-up's range, each as (least, most): the closed level (V), the time constants
    ("tau_closing", "tau_opening") and the delays ("closing", "opening"), in ms."""
    taus = [time_constants(f, r) for r in PICO_PULL_UP_OHMS]
    late = [delays(f, r, high) for r in PICO_PULL_UP_OHMS]
    figures = {"closed": [closed_level(f, r) for r in PICO_PULL_UP_OHMS],
               "tau_closing": [t[0] for t in taus], "tau_opening": [t[1] for t in taus],
               "closing": [d[0] for d in late], "opening": [d[1] for d in late]}
    return {name: (min(values), max(values)) for name, values in figures.items()}
