"""hardware/power.md holds the figures hardware/power_table.py computes from the firmware's current
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
        "power.md is stale: run `python hardware/power_table.py` after changing app.power or the board defaults"


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

