"""Button debouncing with short and long presses, from polls that know when the contact moved.

The main loop polls every few milliseconds, but not always: a frame, a save (a flash write
keeps interrupts off for 45 ms, up to 400) or a long computation delays a poll. The contacts
are sampled every millisecond by PIO all the same (``hal.samples``), so a poll knows
the level now and whether, and from when, the contact moved since the last poll, however late
the poll. Then:

- a press begins when the contact reads closed at two polls in a row without moving between
  them (bounce is over);
- a short press is reported at the first poll that reads the contact open again, for two
  samples (2 ms) at least: its release is certain (the contact was stably closed, so opening it
  is no bounce; a held contact that chatters open for a sample is still held). A tap is not
  missed for a late poll: it is reported on release however long the poll was delayed;
- a tap that began and ended between two polls is reported if those polls were at least
  ``TAP_MS`` apart (a save or a frame delayed the poll: the tap may have lasted that long);
  between polls closer than that it was a glitch, shorter than any press. So is a tap seen
  closed at one poll only, if it had closed ``TAP_MS`` before that poll (a save held the
  polls back: the tap began inside it and was let go right after). A release's bounce never
  passes for such a tap: ``hal.samples`` polls a button in use at most 7 ms apart (a late poll
  stands in for the 4 ms polls it missed), so such a tap closed after its release was reported
  and stayed closed ``TAP_MS`` at least; the simulator's keys do not bounce.
- after a release the contact must stay put for one poll before a press can begin again;
- a long press is reported once, while the button is still held, ``LONG_MS`` after the
  press began, and its release then reports nothing;
- a contact read closed at the very first poll was closed before the board started (leaned on,
  or stuck): nothing is reported until it is let go.
So a 25 ms tap counts whatever the poll timing, and answers one poll after its release.
"""

from micropython import const

from shared.events import LONG, PRESS
from shared.ticks import ticks_add, ticks_diff

TAP_MS = const(15)
LONG_MS = const(600)
_STILL_MS = const(1 << 20)  # longer than any late poll (its samples' ring holds 512 ms)
_UP = const(0)
_DOWN = const(1)
_RELEASED = const(2)  # reported; the contact must settle open before the next press


class Button:
    """Debounced state of one button; ``update(down, first_edge_ms, now_ms)`` returns "press", "long" or None."""

    def __init__(self, tap_ms=TAP_MS, long_ms=LONG_MS):
        if tap_ms < 0 or long_ms <= tap_ms:
            raise ValueError("need 0 <= tap_ms < long_ms")
        self.tap_ms = tap_ms
        self.long_ms = long_ms
        self.state = _UP
        self.down = False  # the contact read closed at the last poll
        self.last_ms = None  # when the last poll was
        self.down_since = 0
        self.closed_at = 0  # when the contact closed (its first edge), since it reads closed
        self.long_fired = False

    def idle(self):
        """True if the button is up and settled: until its contact moves, ``update`` only
        notes the poll's time in ``last_ms`` (a caller may do just that)."""
        return self.state == _UP and not self.down

    def still_for(self, now_ms):
        """For how many ms after ``now_ms`` polls that find its contact where it was only note their
        time: 0 if the next may do more (a press beginning, a release settling), until its long
        press falls due if it is held, or ``_STILL_MS`` if it is up and settled (or its long press
        was reported)."""
        state = self.state
        if state == _RELEASED or self.down != (state == _DOWN):
            return 0
        if state == _DOWN and not self.long_fired:
            return ticks_diff(ticks_add(self.down_since, self.long_ms), now_ms) - 1
        return _STILL_MS

    def update(self, down, first_edge_ms, now_ms, opening=False):
        """Feed a poll: ``down`` the level now (True = pressed), ``first_edge_ms`` when the contact
        first moved since the last poll (None: it did not), at ``now_ms``; ``opening``: it reads
        open at the last sample only (the one before, closed)."""
        down = bool(down)
        last = self.last_ms
        if last is None and down:  # closed at the first look: held since before the board started
            self.state = _DOWN  # (leaned on, or stuck): nothing is reported until it is let go
            self.down = self.long_fired = True
            self.last_ms = now_ms
            return None
        was_down = self.down
        moved = first_edge_ms is not None
        steady = not moved and down == was_down and last is not None
        # let go between two polls after a press that began at least tap_ms before the first
        tapped = not down and moved and last is not None and (
            ticks_diff(now_ms, last) >= self.tap_ms or (was_down and ticks_diff(last, self.closed_at) >= self.tap_ms))
        if down and not was_down:
            self.closed_at = first_edge_ms if moved else now_ms
        self.down = down
        self.last_ms = now_ms
        state = self.state
        if state == _DOWN:
            if not down:
                if opening:  # chatter, or a release the next poll confirms (2 ms on, hal.rp2_inputs)
                    return None
                self.state = _RELEASED
                return None if self.long_fired else PRESS
            if not self.long_fired and ticks_diff(now_ms, self.down_since) >= self.long_ms:
                self.long_fired = True
                return LONG
            return None
        if state == _RELEASED and not steady:
            if tapped:  # a new tap, pressed and let go during a late poll
                return PRESS
            return None  # the release may still bounce
        # up, or released and settled
        self.state = _UP
        if down and steady:
            self.state = _DOWN
            self.down_since = self.closed_at
            self.long_fired = False
        elif tapped:
            self.state = _RELEASED  # pressed and let go between two polls far apart
            return PRESS
        return None
