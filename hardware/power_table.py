"""Write the figures of ``hardware/power.md`` from the firmware's own current model.

Run ``python hardware/power_table.py`` (in the project's environment, where the firmware's
``app`` package is importable) after changing ``app.power`` (the current model, the
brightness curve) or the board's default preferences; a test checks that power.md holds
exactly what this script writes, so its numbers can never drift from the code.

Only the part of power.md between the two marker comments is written; the prose around it
(the choice of supply, the wiring) is edited by hand. Every figure comes from the code: the
constants of ``app.power``, the defaults of ``app.board.PREFS``, the preference limits
enforced by ``app.board.check_prefs``, and counts of lit LEDs found by running frames
through ``app.power.limit`` itself.
"""

from __future__ import annotations

import json
from pathlib import Path

from app import board, power

HERE = Path(__file__).resolve().parent
POWER_MD = HERE / "power.md"
BOARD_JSON = HERE / "board.json"
BEGIN = "<!-- begin: written by hardware/power_table.py from the firmware; edit that script, not this -->"
END = "<!-- end: written by hardware/power_table.py -->"

ADAPTER_MA = 4000  # the 5 V 4 A supply of bom.csv (PS1), and the cap the docs tell its builders to set
WHITE = (255, 255, 255)
RED = (255, 0, 0)  # one full colour channel
UNCAPPED_MA = 10**9


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


def accepted_range(key: str, search: int = 100_000) -> tuple[int, int]:
    """The lowest and highest value of the board preference ``key`` that ``check_prefs`` accepts."""
    accepted = []
    for value in range(search + 1):
        try:
            board.check_prefs({key: value}, board.PREFS)
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
    channel, idle, rest = power.CHANNEL_MA, power.IDLE_MA, power.BOARD_MA
    usb = board.PREFS["milliamps"]
    default = board.PREFS["brightness"]
    low, high = accepted_range("milliamps")
    idle_all = leds * idle
    white_ma = leds * (3 * channel + idle)
    lit_usb = usb - rest - idle_all
    lit_adapter = ADAPTER_MA - rest - idle_all
    full = power.peak_steps(255, 255)
    steps = power.peak_steps(255, default)
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
        "white, the usual WS2812B figure), %d mA per LED quiescent even when dark, and %d mA for the" % (idle, rest),
        "Pico, encoder and OLED.",
        "",
        "| case | LEDs | current |",
        "| --- | --- | --- |",
        "| all dark | %d x %d mA idle | %s + %s = **%s** |"
        % (leds, idle, amps(idle_all), amps(rest), amps(idle_all + rest)),
        "| default: USB supply, cap %d mA | %d mA idle + at most %d mA lit | **%s** (never more) |"
        % (usb, idle_all, lit_usb, amps(usb)),
        "| full white, no cap | %d x (3 x %d mA + %d mA) | %s + %s = **about %s** |"
        % (leds, channel, idle, amps(white_ma), amps(rest), amps(white_ma + rest, 1)),
        "| 5 V %d A supply, cap %d mA | %d mA idle + at most %d mA lit | **%s** |"
        % (ADAPTER_MA // 1000, ADAPTER_MA, idle_all, lit_adapter, amps(ADAPTER_MA, 1)),
        "",
        "What the cap means in light: how many LEDs can show a colour (the others dark) before",
        "`app.power.limit` starts dimming them all to stay within the budget. At full brightness",
        "a full channel gets %d of 255 PWM steps; at the default brightness (%d of 255) the" % (full, default),
        "brightness curve of `app.power` gives it %d steps, %.1f mA." % (steps, steps * channel / 255),
        "",
        "| lit at once, undimmed | USB, cap %d mA | 5 V %d A, cap %d mA |" % (usb, ADAPTER_MA // 1000, ADAPTER_MA),
        "| --- | --- | --- |",
    ]
    for label, rgb, brightness in rows:
        lines.append("| %s | %s | %s |" % (label, lit_count(lit_within_cap(rgb, brightness, usb, leds), leds),
                                           lit_count(lit_within_cap(rgb, brightness, ADAPTER_MA, leds), leds)))
    lines += [
        "| every LED the same white, PWM at most | %.1f %% of full | %.0f %% of full |"
        % (100 * lit_usb / (leds * 3 * channel), 100 * lit_adapter / (leds * 3 * channel)),
        "",
        "The cap is enforced in software on every frame (`app.power.limit`): the frame is scaled",
        "down uniformly when its estimate exceeds the budget, so no animation, menu or celebration",
        "can draw more than the setting allows. The setting is the board preference `milliamps`",
        "(%d to %d, default %d)." % (low, high, usb),
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
    POWER_MD.write_text(render(POWER_MD.read_text(), led_count()))
    print("wrote", POWER_MD)
