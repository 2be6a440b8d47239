"""Keyboard and mouse -> the board's input events, with the hardware layer's own logic.

A key or mouse button held on a control is a button held on the board: ``hal.debounce``
decides press or long press exactly as on the device (long fires once while held, the
release after it says nothing). The mouse wheel spins like the knob and speeds up like it
(``hal.acceleration``); an arrow key is no spinning knob: each press is exactly one detent
(with Shift ``BIG_STEP``), and a held key repeats at the keyboard's rate.
Keys are clean switches: no bounce to wait out, and a tap counts however short.
"""

from __future__ import annotations

from hal.acceleration import Acceleration
from hal.debounce import LONG_MS, Button
from shared.events import BACK, CONTROLS, ENCODER, PLAYER_1, PLAYER_2, TURN

Event = tuple[str, str | int]  # an input event (shared.events): ("press", "p1"), ("turn", -1)...
# The keys of both front ends, by Tk's names of them (the window's keysyms; the terminal names the keys it reads
# so: ``tui.KEY_NAMES``), a key typed with Ctrl held as "Control-" and the key: what they do, a control held or
# the encoder turned (+ is clockwise).
HOLD_KEYS = {
    "Return": ENCODER, "KP_Enter": ENCODER, "space": ENCODER,
    "1": PLAYER_1, "KP_1": PLAYER_1, "2": PLAYER_2, "KP_2": PLAYER_2,
    "BackSpace": BACK, "Escape": BACK,
}
TURN_KEYS = {"Right": 1, "Up": 1, "plus": 1, "equal": 1, "KP_Add": 1,  # "=": the "+" key without its Shift
             "Left": -1, "Down": -1, "minus": -1, "KP_Subtract": -1}
BIG_STEP = 5  # detents of a turn key typed with Shift
CONTROL_KEY = "Control-"  # before a key's name: typed with Ctrl held
PLUG_KEYS = ("F12", CONTROL_KEY + "k")
QUIT_KEYS = ("q", "Q", CONTROL_KEY + "q")

# The window's lines of help, under the board: every control, by key and by mouse, and how to hold one.
HELP = "\n".join((
    "encoder: turn with ←/→, ↑/↓, +/- (Shift: %d) or the mouse wheel · push with Enter or Space, or click the knob"
    % BIG_STEP,
    "p1: key 1 · p2: key 2 · back: Backspace or Esc (held, with three players: player 3's button) · or click the"
    " button",
    "long press: hold the key or the mouse button down %.1f s (the encoder held: the menu)" % (LONG_MS / 1000),
    "pull the plug: F12 or Ctrl-K (the game is kept, as on the board) · quit: q",
))


def detents(key: str, shift: bool) -> int:
    """The encoder's turn for ``key`` (one of ``TURN_KEYS``) typed with Shift held or not: ``BIG_STEP`` detents
    with Shift, but for "+", which takes Shift to type on most keyboards."""
    return TURN_KEYS[key] * (BIG_STEP if shift and key != "plus" else 1)


class Controls:
    """Edges of held controls and encoder detents in; input event tuples out."""

    def __init__(self) -> None:
        self.buttons = {name: Button(tap_ms=0) for name in CONTROLS}
        for button in self.buttons.values():  # every key up at the start: hal.debounce holds a contact
            button.update(False, None, 0)  # closed at its first look, as one held since before power-on
        self.acceleration = Acceleration()
        self.knob = 0  # detents turned so far, for drawing the knob's pointer

    def held(self) -> frozenset[str]:
        """The controls held down now."""
        return frozenset(name for name, button in self.buttons.items() if button.down)

    def down(self, name: str, now_ms: int) -> list[Event]:
        """A control was pushed down (a repeat while already down changes nothing)."""
        if self.buttons[name].down:
            return self._update(name, True, now_ms, None)
        return self._update(name, True, now_ms, now_ms)

    def up(self, name: str, now_ms: int) -> list[Event]:
        """A control was let go: a short press, unless it already fired a long press."""
        return self._update(name, False, now_ms, now_ms)

    def poll(self, now_ms: int) -> list[Event]:
        """Long presses of controls still held; call every loop."""
        events = []
        for name, button in self.buttons.items():
            if button.down:
                events += self._update(name, True, now_ms, None)
        return events

    def turn(self, detents: int, now_ms: int) -> list[Event]:
        """The encoder turned ``detents`` (negative: anticlockwise), speeded up like the device."""
        if not detents:
            return []
        self.knob += detents
        return [(TURN, self.acceleration.scale(detents, now_ms))]

    def step(self, detents: int) -> list[Event]:
        """Exactly ``detents`` (an arrow key: no speed-up, however quick the taps)."""
        if not detents:
            return []
        self.knob += detents
        return [(TURN, detents)]

    def _update(self, name: str, down: bool, now_ms: int, edge_ms: int | None) -> list[Event]:
        kind = self.buttons[name].update(down, edge_ms, now_ms)
        return [(kind, name)] if kind else []
