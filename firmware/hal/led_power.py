"""The USB build's LED supply switch (a TPS2553): turned on after boot, its /FAULT watched.

A USB build (board.json ``pins`` -> ``led_power``) feeds the LEDs' 5 V through a current-limited
switch: EN high turns it on (a pull-down keeps it off while the Pico boots or sits in BOOTSEL),
/FAULT (open drain, pulled up) is low while the switch limits the current or is too hot.
Charging the LED bus's capacitors after EN rises takes the switch's limit less the dark LEDs' idle current: 25-47
ms at 1 mA a LED (hardware/power.md), about 85 ms at 1.2 mA (BUILD.md, stage 3: LEDs idling more leave the switch
too little), which /FAULT may report too: a fault counts only SETTLE_MS after the switch was turned on.

A fault that lasts CUT_MS is no inrush or passing overload but a short, or LEDs drawing more than
the model says (hardware/BUILD.md, stage 6): the switch would go on cycling through its thermal
shutdown, watts in a closed pocket, for as long as the board runs. So the switch is then turned off
and stays off until the board is powered off or reset; ``hw.fault()`` says ``CUT`` from then on.
A fault that comes and goes (a loose wire, a blinking picture the LEDs draw too much for) counts
the same: the time it lasted drains _DRAIN times slower than it builds up, so a fault present more
than a fifth of the time adds up to CUT_MS; passing ones never do.

The LED driver sends only frames that changed (hal.rp2_leds); LEDs whose supply dipped may have
lost their colours, so the driver's frame is marked to go out again (hal.rp2_leds) once the switch
has settled, at every read while a fault lasts, and as it ends.

Only the pins touch ``machine``: ``hal.rp2_board`` makes them (``Pin`` objects: ``value()``)
and passes them in with the clock and the LED driver; the tests pass fakes.
"""

from micropython import const

from shared.ticks import ticks_add, ticks_diff

SETTLE_MS = const(200)  # after EN rises: the bus charges (25-47 ms at 1 mA a dark LED; 85 ms at 1.2 mA)
CUT_MS = const(1000)  # a fault this long turns the switch off for good
_DRAIN = const(4)  # a fault's time drains this many times slower than it builds up
FAULT = "LED supply"  # what hw.fault() names while the switch reports a fault
CUT = "LEDs off"  # ... and once it has turned the switch off ("FAULT " and this fit the display)


class LedPower:
    """The switch on ``enable`` (an output, low) with its ``fault`` input; ``ticks_ms()`` the clock,
    ``leds`` the LED driver (``leds.bytes[0] = 1``: its next frame goes out even if unchanged)."""

    def __init__(self, enable, fault, ticks_ms, leds):
        self._enable = enable
        self._fault = fault
        self._ticks_ms = ticks_ms
        self.leds = leds
        self.on_at = None  # when the switch was turned on; None while it is off
        # None until SETTLE_MS have passed since it was turned on, then whether /FAULT was low at the
        # last read, and CUT once the switch is off for a lasting fault (one attribute, not three,
        # named as elsewhere in the app: each costs heap)
        self.failed = None
        # while a fault lasts: when it began, less what earlier faults left (CUT_MS after it, the cut);
        # between faults: when what they left will have drained away
        self.since = 0

    def on(self):
        """Turn the LEDs' supply on (once; the dark frame has gone out before)."""
        if self.on_at is None:
            self._enable.value(1)
            self.on_at = self._ticks_ms()

    def off(self):
        """Turn the LEDs' supply off: the REPL is next, where nothing reads /FAULT (``hal.rp2_hw``)."""
        self._enable.value(0)

    def fault(self):
        """``FAULT`` while the switch reports a fault (limiting the current, or too hot), once it
        has settled after turning on; ``CUT`` once a fault lasted CUT_MS and the switch was turned
        off for it; None while it is off or all is well (``hw.fault`` itself)."""
        was = self.failed
        if was is CUT:
            return CUT
        if was is None:
            if self.on_at is None or ticks_diff(self._ticks_ms(), self.on_at) < SETTLE_MS:
                return None
            # settled for good: read at every poll, and the clock wraps (after 6 days it would read unsettled)
            self.leds.bytes[0] = 1  # a frame sent while the bus charged may not have reached the LEDs
            self.since = self._ticks_ms()  # nothing to drain
        faulted = self._fault.value() == 0
        if faulted or was:
            self.leds.bytes[0] = 1
            now = self._ticks_ms()
            if faulted and not was:  # it begins: what earlier ones left, not yet drained, counts
                left = ticks_diff(self.since, now)
                self.since = ticks_add(now, -(left // _DRAIN if 0 < left <= CUT_MS * _DRAIN else 0))
            elif not faulted:  # it ended, having lasted (with what it found) now - since
                self.since = ticks_add(now, ticks_diff(now, self.since) * _DRAIN)
            if faulted and ticks_diff(now, self.since) >= CUT_MS:
                self._enable.value(0)
                self.failed = CUT
                return CUT
        self.failed = faulted
        return FAULT if faulted else None
