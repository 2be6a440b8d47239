"""The supply model: what the power wires lose, and what each build's supply must give.

``bus_drop_volts`` is the most the LED bus's +5 V and GND wires lose between the power entry and any LED (power.md,
"Wiring for current", is held to it by a test); ``u2_supply_volts`` is what each build's supply must give at its plug
for U2 to get its least supply voltage, from the resistances along the path (cables, fuses, switches, the drawn power
wires). Also the supply figures bom.py's notes quote: a dark LED's and the Pico's current (the bring-up fuse), PS1's
overcurrent protection and what LPS allows. Imported by bom.py (and the tests), not run on its own.
"""

from __future__ import annotations

import math

from pocket_layout import centre, manhattan, places, supply_lengths
from wire_lengths import wire_lengths

# What a dark WS2812-type LED draws (mA, least and most, by its maker; BUILD.md, stage 2's bench test)
# and the Pico alone (BUILD.md, stage 1): the bring-up fuse must carry the dark board. Estimates, from no
# datasheet: BUILD.md says so, and has the maker measure both.
IDLE_MA = (0.3, 1.5)
PICO_MA = (20, 50)
# PS1: the most its overcurrent protection may allow, by its datasheet, as a share of its rating (BUILD.md and power.md
# count a fault F1 does not cut at 105 to 150 %: 13 to 19 W); what LPS allows a 5 V output into any load (IEC 62368-1
# Table Q.1, IEC 60950-1 Table 2B: 8 A and 5 x its open-circuit voltage in VA), which is more.
OCP_MOST = 1.5
LPS_AMPS = 8
LPS_VA_PER_VOLT = 5
# PS2, the USB build's charger: rated 1 A, no more: the board draws 0.5 A at most, and ahead of F2 (J2's
# lead and sockets, the Pico's socket and VBUS trace, pin 40's joint) only the charger limits a short: a stronger one
# feeds it more. Its overload protection is taken at OCP_MOST of its rating, as PS1's (chargers seldom publish it: an
# estimate), so J2's VBUS and GND must carry that, 1.5 x PS2's most, for good, and so must the micro-USB connectors on
# that path (J2's and the Pico's own), commonly rated MICRO_USB_MA: a 2 A charger's 3 A would be past them (BUILD.md,
# power.md, bom.csv: PS2, J2, F2).
CHARGER_MA = (1000, 1000)
MICRO_USB_MA = 1800
CHARGER_FAULT_MA = round(CHARGER_MA[1] * OCP_MOST)  # what the strongest gives into a short ahead of F2
J2_RATED_MA = CHARGER_FAULT_MA
# U3, the USB build's LED supply switch, a TPS2553 with R8, a 66.5 kohm 1 % limit resistor: its current limit at worst
# (TI SLVS841, "Common RILIM resistor selections", the 400 mA row: 351.2 to 448.7 mA; its equations
# IOSmin = 25230 / R^1.016, IOSmax = 22980 / R^0.94, R in kohm 1 % high and low, agree). The one place these figures
# live: make_board.py, power_table.py and bom.py import them.
SWITCH_LIMIT_MA = (351, 449)
# F2, Bourns MF-R050: 0.5 A hold at 23 degC. Its hold falls as it warms; Bourns' MF-R derating table was not read, so
# a typical PTC's is taken, an estimate: 80 % of the hold at 50 degC, in a straight line from 100 % at 23 degC
# (power.md, "F2, before U3").
F2_HOLD_MA, F2_HOLD_AT_C = 500, 23
F2_DERATED = (50, 0.8)


def f2_hold_ma(celsius: float) -> float:
    """F2's hold current (mA) at ``celsius``, by the typical derating above (an estimate)."""
    at, share = F2_DERATED
    return F2_HOLD_MA * (1 - (1 - share) * (celsius - F2_HOLD_AT_C) / (at - F2_HOLD_AT_C))


def f2_hold_reached_c(milliamps: float) -> float:
    """The temperature (degC) at which F2's derated hold falls to ``milliamps``."""
    at, share = F2_DERATED
    return F2_HOLD_AT_C + (1 - milliamps / F2_HOLD_MA) / (1 - share) * (at - F2_HOLD_AT_C)


# F4, the adapter build's fuse on the Pico's branch, at the star point ahead of D1 (a 1N5819: 1.0 A average forward
# current, its makers' rating): Bourns MF-R020, by the MF-R datasheet at 23 degC: 0.20 A hold, 0.40 A trip, 1.50 to
# 2.84 ohm cold, 4.40 ohm at most in the hour after a trip, 2.2 s at most to trip at 1.0 A, 0.40 W tripped (typical).
# Its trip current is under D1's rating, and it trips within F4_TRIP_S at D1's rating: D1 never carries more than its
# 1 A for longer than that, and its own cold resistance bounds a dead short behind it (``f4_short_ma``). The Pico's
# branch (the Pico, the display and the controls: app.power's 50 mA) draws PICO_BRANCH_MA at most, twice that, under
# F4's hold derated as F2's (``f4_hold_ma``) well past the pocket's warmest.
D1_RATED_MA = 1000
F4_HOLD_MA, F4_TRIP_MA = 200, 400
F4_OHMS, F4_R1_OHMS = (1.50, 2.84), 4.40
F4_TRIP_AT_MA, F4_TRIP_S = 1000, 2.2
F4_TRIPPED_W = 0.40
PICO_BRANCH_MA = 100
ADAPTER_MOST_V = 5.3  # PS1 at its plug, at most (BUILD.md, stage 1: 5.0 to 5.3 V)


def f4_hold_ma(celsius: float) -> float:
    """F4's hold current (mA) at ``celsius``, by the same typical derating as F2's (an estimate)."""
    return f2_hold_ma(celsius) * F4_HOLD_MA / F2_HOLD_MA


def f4_short_ma() -> float:
    """The most a dead short behind F4 (D1, its wire, VSYS to GND) draws before F4 trips (mA): the adapter's most
    across F4's least cold resistance alone (D1's drop and the wires' taken as nothing)."""
    return ADAPTER_MOST_V / F4_OHMS[0] * 1000


# W1 and W2, 0.5 mm2 flexible (class 5) plain copper: at most 39.0 mohm a metre at 20 degC (IEC 60228, table 3),
# and copper's resistance rises by 0.393 % a kelvin above that.
BUS_OHMS_PER_M = 0.039
COPPER_PER_K = 0.00393


def bus_drop_volts(board: dict, lit_ma: float, led_ma: float, idle_ma: float, both_ends: bool = True,
                   warmer_k: float = 0) -> float:
    """The most the +5 V and GND wires together lose (V) between the power entry and any LED: every LED draws
    ``idle_ma`` and ``lit_ma`` more is drawn ``led_ma`` an LED by the LEDs where it costs the most. The bus
    follows the chain (``wire_lengths``' ``bus``), fed from the power entry at LED 1 and, ``both_ends``, at the
    last LED too; the wire ``warmer_k`` above 20 degC. Each LED's current drops ``r * K(x, y)`` at the LED ``y``
    along the loop from the entry (``x``: the LED drawing it): ``min(x, y) * (L - max(x, y)) / L`` for a loop
    of length ``L`` fed at both ends, ``min(x, y)`` for a bus fed at LED 1 alone."""
    where = {(t, h): (x, y) for t, h, x, y in board["holes"]}
    chain = [where[tuple(p)] for p in board["leds"]["chain"]]
    lengths = wire_lengths(board)
    entry = centre(places(board)["star"].box)
    stretch = lengths["bus"] / lengths["links"]  # the bus runs a little past each row's end LEDs
    along = [manhattan(entry, chain[0])]
    for a, b in zip(chain, chain[1:], strict=False):
        along.append(along[-1] + math.dist(a, b) * stretch)
    loop = along[-1] + manhattan(entry, chain[-1])

    def cost(x: float, y: float) -> float:
        return min(x, y) * (loop - max(x, y)) / loop if both_ends else min(x, y)

    lit, rest = int(lit_ma // led_ma), lit_ma % led_ma
    worst = 0.0
    for y in along:
        costs = sorted((cost(x, y) for x in along), reverse=True) + [0.0]
        milliamp_mm = idle_ma * sum(costs) + led_ma * sum(costs[:lit]) + rest * costs[min(lit, len(along))]
        worst = max(worst, milliamp_mm)
    ohms_per_mm = BUS_OHMS_PER_M / 1000 * (1 + COPPER_PER_K * warmer_k)
    return 2 * worst / 1000 * ohms_per_mm  # +5 V and GND alike


# What U2 (74AHCT125) needs at its pins 14 and 7: TI's least recommended supply, 4.5 V (4.5 to 5.5 V). Everything
# between the supply's plug and the star point loses some of it (U2 itself draws a few mA, on its own pair of wires).
U2_LEAST_V = 4.5
# The USB build at its cap (the USB build's supply_ma, 400 mA: app.power's 50 mA for the board, the Pico's, which does
# not pass F2 or U3, and 350 mA for the LEDs through both). Resistances, most (ohm): F2 cold, Bourns' R1max for the
# MF-R050 (0.77; up to 1.17 in the hour after a trip); U3's switch, about 0.1 (0.04 V at 0.35 A: an estimate, TI's
# figure not checked here); the charger's cable (1 m, sold for charging at 2 A or more) and J2's 0.3 m lead together,
# both wires and their three plugs, about 0.43 (0.1 to 0.17 V at 0.4 A: an estimate, not measured).
USB_MA, USB_BOARD_MA = 400, 50
F2_OHMS, U3_OHMS, USB_CABLE_OHMS = 0.77, 0.12, 0.425
LOAD_OHMS = 18  # stage 1's load for U3's test, across C243: about 0.25 A, under U3's least limit
# The adapter build at the heaviest picture the app shows, the end of a game at brightness 255 (about 1.9 A at its
# peak by the model: power.md, "Heat"), and at its cap, the adapter's 2.5 A. Resistances, most (ohm): the adapter's
# own cable, 1.5 m, both wires (about 0.16: 22 AWG; a regulated adapter holds its voltage where its cable starts,
# which is what its plug reads with no load); F1 cold, a T3.15A, about 0.03; J1's and XF1's contacts, about 0.02;
# Q1 and Q2 on, about 0.01 together; and the supply's power wire (W1, W2) as the underside view draws it.
APP_PEAK_MA, ADAPTER_MA = 1900, 2500
ADAPTER_CABLE_OHMS, F1_OHMS, CONTACTS_OHMS, FETS_OHMS = 0.16, 0.03, 0.02, 0.01


def round_up(volts: float, step: float = 0.05) -> float:
    """``volts`` rounded up to the next ``step`` (a requirement on a supply: never less than the figures need)."""
    return math.ceil(round(volts / step, 6)) * step


def u2_supply_volts(board: dict) -> dict[str, float]:
    """What each build's supply must give for U2 to get ``U2_LEAST_V`` at its most (V), and what U2 gets.

    ``usb_charger``: the least a USB charger may give at its plug (read on the USB power meter) with the board at its
    cap. ``usb_loaded``: the least U2 may read, pins 14 to 7, with ``LOAD_OHMS`` across C243 (stage 2's early check):
    at that reading the cap's full 0.4 A still leaves it ``U2_LEAST_V``. ``adapter_plug``: the least the adapter's
    plug may read with no load for the app's heaviest picture; ``adapter_entry``: the power entry's and the adapter
    cable's resistance together (ohm); ``adapter_cap``: what U2 gets from such an adapter at the cap's 2.5 A."""
    f2_u3 = F2_OHMS + U3_OHMS
    led_ma = USB_MA - USB_BOARD_MA
    usb_charger = U2_LEAST_V + USB_MA / 1000 * USB_CABLE_OHMS + led_ma / 1000 * f2_u3
    load_ma = U2_LEAST_V / LOAD_OHMS * 1000  # the least it draws there: the most the full load adds to the loss
    usb_loaded = U2_LEAST_V + (USB_MA - load_ma - USB_BOARD_MA) / 1000 * USB_CABLE_OHMS \
        + (led_ma - load_ma) / 1000 * f2_u3
    runs = supply_lengths(board)
    wire = (runs["supply"] + runs["J1"]) / 1000 * BUS_OHMS_PER_M
    entry = ADAPTER_CABLE_OHMS + F1_OHMS + CONTACTS_OHMS + FETS_OHMS + wire
    adapter_plug = round_up(U2_LEAST_V + APP_PEAK_MA / 1000 * entry, 0.1)
    return {"usb_charger": round_up(usb_charger, 0.1), "usb_loaded": round_up(usb_loaded),
            "adapter_plug": adapter_plug, "adapter_entry": entry,
            "adapter_cap": adapter_plug - ADAPTER_MA / 1000 * entry}
