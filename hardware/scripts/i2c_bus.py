"""The display's I2C bus: its pull-ups (R6, R7) against the rise time fast mode allows.

Imported by ``circuit.py``, ``bom.py`` and ``draw_wiring.py`` (and the tests); not run on its own.

The bus runs at board.json's ``freq``, 400 kHz (fast mode: ``hal.ssd1306`` counts on it, a screen in
23 ms), over about 0.4 m of loose signal wire, four in a bundle, from the Pico to the display window
(wire_lengths.py's run, 305 mm, and its 10 cm service loop). Its capacitance is estimated, not measured:
50 to 100 pF a metre for such a bundle, 20 to 40 pF, and up to 10 pF at each of the two chips' pins
(the most the I2C specification allows a pin, NXP UM10204, "Characteristics of the SDA and SCL bus
lines for ... Fast-mode"), about 60 pF in all; ``BUS_PF`` allows for 100.

Fast mode wants each line to rise from 30 % to 70 % of the supply within 300 ns; through a pull-up R
that takes 0.8473 R C (UM10204, the pull-up's maximum, tr / (0.8473 Cb)). A display module's own
pull-ups are 4.7 kohm on some, 10 kohm on others and missing on a few: 10 kohm at 60 pF takes about
510 ns, out of fast mode (a bus that may work on the bench and fail in the box). So R6 and R7 are
always fitted, 2.2 kohm: alone 190 ns at 100 pF. Beside a module's own they pull harder still, and
the pair must not pull harder than a fast-mode device can pull down, 3 mA at 0.4 V: (3.3 - 0.4) V /
3 mA = 967 ohm at least, which 2.2 kohm keeps beside a module pull-up of 1.8 kohm or more.
"""

from __future__ import annotations

PULL_UP_OHMS = 2_200  # R6 (SDA) and R7 (SCL), to 3V3
BUS_PF = 100  # each line's capacitance, allowed for (about 60 pF estimated: above)
FAST_RISE_NS = 300  # fast mode's longest rise, 30 % to 70 % (UM10204)
SUPPLY_V = 3.3
LOW_V = 0.4  # the most a fast-mode device's output may stand at while it sinks ...
SINK_MA = 3  # ... this much (UM10204)
LEAST_MODULE_OHMS = 1_800  # the weakest a module's own pull-up may be beside R6 / R7 (above)


def rise_ns(ohms: float, picofarads: float = BUS_PF) -> float:
    """A line's rise time (ns), 30 % to 70 %, through ``ohms`` into ``picofarads``."""
    return 0.8473 * ohms * picofarads / 1000


def parallel(*ohms: float) -> float:
    """Resistors side by side (ohm)."""
    return 1 / sum(1 / r for r in ohms)


def least_pull_up_ohms() -> float:
    """The least pull-up a fast-mode device can still pull down to LOW_V (ohm)."""
    return (SUPPLY_V - LOW_V) / (SINK_MA / 1000)
