"""Write the figures of ``hardware/power.md`` from the firmware's own current model.

Run ``python hardware/scripts/power_table.py`` (in the project's environment, where the firmware's
``app`` package is importable) after changing ``app.power`` (the current model, the
brightness curve) or the board's default preferences; a test checks that power.md holds
exactly what this script writes, so its numbers can never drift from the code.

Only the part of power.md between the two marker comments is written; the prose around it
(the choice of supply, the wiring) is edited by hand. Every figure comes from the code: the
constants of ``app.power``, the defaults of ``app.prefs.defaults``, the preference limits
enforced by ``app.prefs.check_prefs`` on each build, the two supplies of ``make_board.SUPPLIES``, and counts
of lit LEDs found by running frames through ``app.power.limit`` itself.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from make_board import SUPPLIES
from supply_model import SWITCH_LIMIT_MA  # U3's current limit, 351 to 449 mA

from app import power, prefs

HARDWARE = Path(__file__).resolve().parent.parent  # hardware/, above scripts/: the files read and written
POWER_MD = HARDWARE / "power.md"
BOARD_JSON = HARDWARE / "board.json"
BEGIN = "<!-- begin: written by hardware/scripts/power_table.py from the firmware; edit that script, not this -->"
END = "<!-- end: written by hardware/scripts/power_table.py -->"

WHITE = (255, 255, 255)
RED = (255, 0, 0)  # one full colour channel
UNCAPPED_MA = 10**9
# What USB promises (USB 2.0 specification, 7.2.1 and 7.2.4.1): 100 mA before the host configures
# the device, then what the device's descriptor asked for; at most 10 uF across VBUS at attach.
USB_UNCONFIGURED_MA = 100
USB_ATTACH_UF = 10
# What a computer's port must be able to give a configured device: 5 unit loads of 100 mA (USB 2.0,
# 7.2.1), 6 of 150 mA (USB 3); its overcurrent protection may trip anywhere above that, up to 5 A.
USB2_PORT_MA = 500
USB3_PORT_MA = 900
USB_OVERCURRENT_MA = 5000
# What MicroPython's USB descriptor asks for (its bMaxPower: USBD_MAX_POWER_MA in MicroPython's
# shared/tinyusb/tusb_config.h, used by shared/tinyusb/mp_usbd_descriptor.c, which the rp2 port
# builds: a fixed 250 mA that a board definition cannot change).
MICROPYTHON_USB_MA = 250
BULK_UF = 1000  # C243 of bom.csv, where the supply enters the LED bus
LED_CAP_NF = 100  # beside every LED


def lit_within_cap(rgb: tuple[int, int, int], brightness: int, supply_ma: int, leds: int) -> int:
    """How many LEDs showing ``rgb`` (the others dark) ``app.power.limit`` lets through at
    ``supply_ma`` exactly as bright as with no cap at all (more and it scales them down)."""

    def uncut(lit: int) -> bool:
        frame = bytearray(bytes(rgb) * lit + bytes(3 * (leds - lit)))
        capped, free = bytearray(frame), bytearray(frame)
        power.limit(capped, brightness, supply_ma)
        power.limit(free, brightness, UNCAPPED_MA)
        return capped == free

    low, high = 0, leds  # uncut(low) holds (no LED lit); find the last lit count that stays uncut
    if uncut(high):
        return high
    while high - low > 1:  # more lit LEDs never draw less, so the uncut counts are 0..answer
        middle = (low + high) // 2
        if uncut(middle):
            low = middle
        else:
            high = middle
    return low


def accepted_range(key: str, supply_ma: int, search: int = 100_000) -> tuple[int, int]:
    """The lowest and highest value of the board preference ``key`` that ``check_prefs`` accepts
    on a build whose supply gives ``supply_ma``."""
    accepted = []
    start = prefs.defaults(supply_ma)
    for value in range(search + 1):
        try:
            prefs.check_prefs({key: value}, start, supply_ma)
        except ValueError:
            continue
        accepted.append(value)
    return accepted[0], accepted[-1]


def amps(milliamps: float, digits: int = 2) -> str:
    """``1234`` mA as ``1.23 A``."""
    return "%.*f A" % (digits, milliamps / 1000)


def lit_count(n: int, leds: int) -> str:
    """A count of LEDs, "all 242" when every one fits."""
    return "all %d" % n if n == leds else str(n)


def section(leds: int) -> str:
    """The generated part of power.md (without the markers)."""
    channel, idle, rest = power.CHANNEL_MA, power.IDLE_UA / 1000, power.BOARD_MA
    usb, adapter = SUPPLIES["usb"]["supply_ma"], SUPPLIES["adapter"]["supply_ma"]
    default = prefs.defaults(usb)["brightness"]
    ranges = [accepted_range("milliamps", supply) for supply in (usb, adapter)]
    idle_all = leds * idle
    white_ma = leds * (3 * channel + idle)
    full = power.peak_steps(255, 255)
    white = bytearray(WHITE)
    power.limit(white, 255, UNCAPPED_MA)
    white_steps = white[0]
    steps = power.peak_steps(255, default)
    bus_uf = BULK_UF + leds * LED_CAP_NF / 1000
    # Charging the LED bus through the switch: its limit less what the idle LEDs already take.
    charge_ms = [bus_uf * 5 / (limit - idle_all) for limit in SWITCH_LIMIT_MA]
    rows = [
        ("full white, full brightness (255)", WHITE, 255),
        ("one full colour channel (say red), full brightness", RED, 255),
        ("full white, default brightness (%d)" % default, WHITE, default),
        ("one full colour channel, default brightness", RED, default),
    ]
    lines = [
        "All numbers use the LED current model in `firmware/app/power.py`, which the firmware's",
        "current cap also uses: %d mA per colour channel at full PWM (about %d mA per LED at full"
        % (channel, 3 * channel),
        "white, the usual WS2812B figure), %g mA per LED quiescent even when dark, and %d mA for the" % (idle, rest),
        "Pico, encoder and OLED. Measure your own board (BUILD.md, stage 6) and set these from it.",
        "",
        "| case | USB build (`supply_ma` %d) | adapter build (`supply_ma` %d) |" % (usb, adapter),
        "| --- | --- | --- |",
        "| before the firmware turns the LEDs on | %s (the switch is off: Pico only) | %s (%d LEDs idle + board) |"
        % (amps(rest), amps(idle_all + rest), leds),
        "| all dark, LEDs on | %s (%d x %g mA idle + %s) | %s |"
        % (amps(idle_all + rest), leds, idle, amps(rest), amps(idle_all + rest)),
        "| most the firmware lets the board draw | %s idle + %s lit + %s board = **%s** "
        "| %s idle + %s lit + %s board = **%s** |"
        % (amps(idle_all), amps(usb - rest - idle_all), amps(rest), amps(usb),
           amps(idle_all), amps(adapter - rest - idle_all), amps(rest), amps(adapter)),
        "| most the hardware lets through | the switch's limit, %s to %s, + %s "
        "| the adapter's own limit; with a stronger supply, the 3.15 A fuse (time-lag) |"
        % (amps(SWITCH_LIMIT_MA[0]), amps(SWITCH_LIMIT_MA[1]), amps(rest)),
        "| full white, no cap (never: for scale) | %s + %s = about %s | the same |"
        % (amps(white_ma), amps(rest), amps(white_ma + rest, 1)),
        "",
        "What the cap means in light: how many LEDs can show a colour (the others dark) before",
        "`app.power.limit` starts dimming them all to stay within the budget. At full brightness",
        "a full channel gets %d of 255 PWM steps; at the default brightness (%d of 255) the" % (full, default),
        "brightness curve of `app.power` gives it %d steps, %.1f mA." % (steps, steps * channel / 255),
        "",
        "| lit at once, undimmed | USB, %d mA | adapter, %d mA |" % (usb, adapter),
        "| --- | --- | --- |",
    ]
    for label, rgb, brightness in rows:
        lines.append("| %s | %s | %s |" % (label, lit_count(lit_within_cap(rgb, brightness, usb, leds), leds),
                                           lit_count(lit_within_cap(rgb, brightness, adapter, leds), leds)))
    lines += [
        "| every LED the same white, PWM at most | %.1f %% of full | %.0f %% of full |"
        % tuple(100 * (supply - rest - idle_all) / (leds * 3 * channel) for supply in (usb, adapter)),
        "",
        "The cap is enforced in software on every frame (`app.power.limit`): the frame is scaled",
        "down uniformly when its estimate exceeds the budget, so no animation, menu or celebration",
        "can draw more than the setting allows. (While one frame follows another faster than the",
        "wire takes, 7.6 ms, as when the encoder is spun, the frame going out is cut short and the",
        "LEDs it had not reached keep what they showed before for those milliseconds. Frames cut",
        "short one after another, each at an earlier LED, leave a mix of several capped frames on",
        "the chain, each LED showing the last that reached it: the firmware bounds no such mix, which",
        "can draw several times the budget while it lasts. The hardware bounds it: the USB build's",
        "switch holds it to its limit; on the adapter build the adapter's own limit, and F1, do. An",
        "adapter may then cut out for a moment (many hiccup: off, then on again), and the Pico, fed",
        "from the same 5 V, resets as after a power cut, the game restored. A nuisance, not a danger:",
        "the adapter's limit and F1 still bound the current.)",
        "The setting is the board preference `milliamps`",
        "(default: the build's `supply_ma`, which is also the most it takes: the firmware accepts",
        "%d to %d mA on the USB build, %d to %d mA on the adapter build)." % (*ranges[0], *ranges[1]),
        "",
        "No single LED gets more than `app.power.LED_MA`, %d mA, whatever the frame (the per-LED" % power.LED_MA,
        "limit, for its heat: below): full white at full brightness comes out at %d of 255 PWM steps"
        % white_steps,
        "a channel (%.1f mA in all), while one full colour channel (%d mA) is under the limit and"
        % (3 * white_steps * channel / 255, channel),
        "untouched.",
    ]
    lines += [
        "",
        "### What USB allows, and what the USB build asks of it",
        "",
        "| | USB allows | the USB build |",
        "| --- | --- | --- |",
        "| current before the host configures the board | %d mA | %s while the LED switch is off; the firmware "
        "turns it on after the safe-mode window, without waiting for a host |" % (USB_UNCONFIGURED_MA, amps(rest)),
        "| current after | what the board asked for: MicroPython asks %d mA | %s dark, up to %s lit (the "
        "firmware's cap) |" % (MICROPYTHON_USB_MA, amps(idle_all + rest), amps(usb)),
        "| what a computer's port must be able to give | %d mA (USB 2.0) or %d mA (USB 3), owed only to a device "
        "that asked for it; its overcurrent protection trips somewhere above that, at most %s | more than it "
        "asked for: at most %s to %s, the switch's limit + %s (two frames mixing, for milliseconds, or LEDs "
        "drawing more than the model); it works where the port gives more than it owes (most computers' ports, "
        "chargers, powered hubs), a hub powered from the bus or a strict port may cut it off |"
        % (USB2_PORT_MA, USB3_PORT_MA, amps(USB_OVERCURRENT_MA, 0), amps(SWITCH_LIMIT_MA[0] + rest),
           amps(SWITCH_LIMIT_MA[1] + rest), amps(rest)),
        "| capacitance across VBUS at plug-in | %d uF | the Pico's own only; the LED bus's %.0f uF "
        "(%d uF + %d x %d nF) sits behind the switch |" % (USB_ATTACH_UF, bus_uf, BULK_UF, leds, LED_CAP_NF),
        "| inrush when the LEDs are switched on | (no more than the port's limit) | at most the switch's "
        "limit, %.0f to %.0f ms to charge the bus |" % (min(charge_ms), max(charge_ms)),
    ]
    return "\n".join(lines) + "\n"


def render(text: str, leds: int) -> str:
    """``text`` (power.md) with its generated part rewritten."""
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    return text[:start] + "\n" + section(leds) + text[end:]


def led_count() -> int:
    """The number of LEDs, from board.json."""
    return json.loads(BOARD_JSON.read_text())["leds"]["count"]


if __name__ == "__main__":
    argparse.ArgumentParser(
        description="Write the current tables of hardware/power.md from the firmware's own current model.").parse_args()
    POWER_MD.write_text(render(POWER_MD.read_text(), led_count()))
    print("wrote", POWER_MD)
