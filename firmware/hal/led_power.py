"""The USB build's LED supply switch (a TPS2553): turned on after boot, its /FAULT watched.

A USB build (board.json ``pins`` -> ``led_power``) feeds the LEDs' 5 V through a current-limited
switch: EN high turns it on (a pull-down keeps it off while the Pico boots or sits in BOOTSEL),
/FAULT (open drain, pulled up) is low while the switch limits the current or is too hot.
Charging the LED bus's capacitors after EN rises takes the switch 12-17 ms at its limit, which
/FAULT may report too: a fault counts only SETTLE_MS after the switch was turned on.

Only the pins touch ``machine``: ``hal.rp2_board`` makes them (``Pin`` objects: ``value()``)
and passes them in with the clock; the tests pass fakes.
"""

from micropython import const

from shared.ticks import ticks_diff

SETTLE_MS = const(100)  # after EN rises: the bus charges at the switch's limit (power.md: 12-17 ms)
FAULT = "LED supply"  # what hw.fault() names while the switch reports a fault


class LedPower:
    """The switch on ``enable`` (an output, low) with its ``fault`` input; ``ticks_ms()`` the clock."""

    def __init__(self, enable, fault, ticks_ms):
        self._enable = enable
        self._fault = fault
        self._ticks_ms = ticks_ms
        self.on_at = None  # when the switch was turned on; None while it is off
        self.settled = False  # SETTLE_MS have passed since it was turned on

    def on(self):
        """Turn the LEDs' supply on (once; the dark frame has gone out before)."""
        if self.on_at is None:
            self._enable.value(1)
            self.on_at = self._ticks_ms()

    def fault(self):
        """``FAULT`` while the switch reports a fault (limiting the current, or too hot), once it
        has settled after turning on; None while it is off or all is well (``hw.fault`` itself)."""
        if not self.settled:
            if self.on_at is None or ticks_diff(self._ticks_ms(), self.on_at) < SETTLE_MS:
                return None
            self.settled = True  # for good: read every 4 ms, and the clock wraps (after 6 days it would read unsettled)
        return FAULT if self._fault.value() == 0 else None
