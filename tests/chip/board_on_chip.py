"""The cribbage board on an emulated RP2040: deployed like ``crib deploy``, driven through its pins.

``ChipBoard(image)`` lays out the flash (``flash_layout.deployed_flash``), powers the chip
on and decodes the LED pin of ``hardware/board.json`` into frames. Controls are worked
through their pins as a person would: ``turn(detents)`` walks the encoder's contacts through
the Gray cycle, ``press(control, hold_ms)`` closes a contact and opens it again; each edge is
a clean level change at an exact emulated instant. ``request(cmd)`` talks the JSON-lines
protocol over the emulated USB. All times are emulated nanoseconds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from flash_layout import Image, deployed_flash
from led_frames import Frame, LedFrames, logical_rgb
from pico import MS, EmulatedPico
from ssd1306_device import Ssd1306Device

ROOT = Path(__file__).resolve().parents[2]
BOARD = json.loads((ROOT / "hardware" / "board.json").read_text())
PINS = BOARD["pins"]
CHAIN = BOARD["leds"]["chain"]
COLOUR_ORDER = BOARD["leds"]["colour_order"]
# encoder contacts (A, B) after each quarter of a clockwise detent: 11 -> 01 -> 00 -> 10 -> 11
CLOCKWISE = ((0, 1), (0, 0), (1, 0), (1, 1))
QUARTER_MS = 3  # between the edges of a detent: a brisk, steady turn
DETENT_GAP_MS = 60  # between detents: slower than the acceleration's 40 ms, so each counts once
# A hand from a fresh board, as input events: player 1 deals; player 2 pegs 3 (a button, two
# detents, the encoder); the starter (the ace of diamonds) is turned, which takes the board back
# to the play; then the count: player 2's hand (ace and two of clubs, two of diamonds, three of
# clubs: 16) picked card by card with turns, a suit step and presses, and pegged.
PEG_AND_COUNT = (("press", "p1"), ("press", "p2"), ("turn", 2), ("press", "enc"), ("press", "enc"), ("press", "p2"),
                 ("press", "enc"), ("press", "enc"), ("press", "enc"), ("turn", 1), ("press", "enc"), ("press", "enc"),
                 ("turn", 1), ("press", "p1"), ("press", "enc"), ("press", "enc"))


def control_pin(control: str) -> int:
    """The pin of a control named as in the app's events ("enc", "p1", "p2", "back")."""
    return PINS["encoder_switch"] if control == "enc" else PINS["buttons"][control]


# For code run at the raw REPL of a bare board beside its ``inputs`` (``hal.rp2_inputs.Inputs``):
# ``polls(ms)`` polls them every 4 ms for ``ms``, as the app does while a control is in use,
# collecting their events in ``events``.
POLLS = """
events = []
def polls(ms):
    start = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), start) < ms:
        events.extend(inputs.poll())
        time.sleep_ms(4)
"""


def bare_board(image: Image, files: dict[str, bytes] | None = None) -> ChipBoard:
    """A board of ``image`` whose ``main.py`` is empty (no app holding the state machines, DMA
    channels and pins), its REPL up: for code of a test's own (``exec_raw``); ``files`` are on its
    littlefs too (a saved game, say)."""
    board = ChipBoard(image, extra_files={**(files or {}), "main.py": b""})
    board.pico.run_until(lambda: board.pico.connected, 3000 * MS)
    board.pico.run_for(300 * MS)  # the REPL is up
    return board


class ChipBoard:
    """The firmware on an emulated chip running ``image``, with the LED frames it sent."""

    def __init__(self, image: Image, extra_files: dict[str, bytes] | None = None,
                 flash: dict[int, bytes] | None = None, display: bool = False) -> None:
        self.image = image
        if flash is None:
            flash = deployed_flash(image, extra_files=extra_files)
        self.pico = EmulatedPico(image.uf2, flash)
        # the optional SSD1306 on the I2C bus of board.json (none: the firmware runs without one)
        bus = PINS["i2c"]
        self.display = Ssd1306Device(self.pico, bus["id"], bus["sda"], bus["scl"]) if display else None
        self.leds = LedFrames()
        self.pico.watch(PINS["led_data"], self.leds.on_level)
        self.enable: list[tuple[bool, float]] = []  # the LED supply switch's enable pin: (level, ns) at each change
        if "led_power" in PINS:
            self.pico.watch(PINS["led_power"]["enable"], lambda level, ns: self.enable.append((level, ns)))
        self.powered_at = self.pico.now_ns
        self.pico.power_on()
        self.next_id = 0

    # --- frames ------------------------------------------------------------------------

    def frames_since(self, t_ns: float) -> list[Frame]:
        """Frames that started at or after ``t_ns`` and are complete by now."""
        self.leds.settle(self.pico.now_ns)
        return [f for f in self.leds.frames if f.start_ns >= t_ns]

    def first_frame(self, limit_ms: float = 3000) -> Frame:
        """Run until the first LED frame has gone out since power-on (main.py's dark frame); that frame."""
        return self.nth_frame(0, limit_ms)

    def first_app_frame(self, limit_ms: float = 3000) -> Frame:
        """Run until the first frame after the dark one of power-on has gone out (the app's, or
        safe mode's); that frame."""
        return self.nth_frame(1, limit_ms)

    def nth_frame(self, n: int, limit_ms: float) -> Frame:
        """Run until ``n + 1`` frames have gone out since power-on; the last of them."""
        self.pico.run_until(lambda: len(self.frames_since(self.powered_at)) > n, limit_ms * MS)
        return self.frames_since(self.powered_at)[n]

    @staticmethod
    def rgb(frame: Frame) -> bytes:
        """The app's frame (logical order, RGB) that ``frame`` shows."""
        return logical_rgb(frame.wire, CHAIN, COLOUR_ORDER)

    def last_rgb(self) -> bytes:
        """The last whole frame sent (the driver cuts a frame short when the next is ready at once:
        the chain then mixes two frames, see ``LedFrames.shown``)."""
        self.leds.settle(self.pico.now_ns)
        whole = [f for f in self.leds.frames if len(f.wire) == 3 * len(CHAIN)]
        return self.rgb(whole[-1])

    # --- controls ----------------------------------------------------------------------

    def turn(self, detents: int, quarter_ms: float = QUARTER_MS, gap_ms: float = DETENT_GAP_MS,
             chatter: tuple[float, ...] = ()) -> float:
        """Turn the encoder ``detents`` (negative: anticlockwise), running the chip meanwhile;
        the emulated ns of the last edge. ``chatter``: each edge bounces so (see ``_set``)."""
        a, b = PINS["encoder_a"], PINS["encoder_b"]
        steps = CLOCKWISE if detents > 0 else tuple(reversed(((1, 1),) + CLOCKWISE[:3]))
        last = 0.0
        levels = (1, 1)  # at a detent both contacts are open
        for _ in range(abs(detents)):
            for step in steps:
                for pin, level, was in zip((a, b), step, levels, strict=True):
                    if level != was:  # one contact moves a quarter step: it alone bounces
                        self._set(pin, level, chatter)
                levels = step
                last = self.pico.now_ns
                self.pico.run_for(quarter_ms * MS)
            self.pico.run_for(gap_ms * MS)
        return last

    def schedule_turn(self, detents: int, quarter_ms: float) -> float:
        """Schedule a clockwise turn of ``detents`` from now, an edge every ``quarter_ms``, at exact
        instants whatever the chip does meanwhile; the emulated ns of the last edge."""
        a, b = PINS["encoder_a"], PINS["encoder_b"]
        t = 0.0
        for _ in range(detents):
            for level_a, level_b in CLOCKWISE:
                t += quarter_ms * MS
                self.pico.at(t, lambda la=level_a, lb=level_b: (self._set(a, la), self._set(b, lb)))
        return self.pico.now_ns + t

    def _set(self, pin: int, level: int, chatter: tuple[float, ...] = ()) -> None:
        """Move ``pin``'s contact to ``level`` (1: open). ``chatter``: it bounces first, as a
        mechanical contact does: ms at the new level, then back at the old, in turn, then settles."""
        settle, other = (self.pico.release, self.pico.drive_low) if level else (self.pico.drive_low, self.pico.release)
        for k, ms in enumerate(chatter):
            (other if k % 2 else settle)(pin)
            self.pico.run_for(ms * MS)
        settle(pin)

    def press(self, control: str, hold_ms: float = 60, after_ms: float = 60, chatter: tuple[float, ...] = ()) -> float:
        """Press ``control`` for ``hold_ms`` and let go, then run ``after_ms``; the ns of the release
        (the contact settled open). ``chatter``: it bounces so as it closes and as it opens (``_set``)."""
        pin = control_pin(control)
        self._set(pin, 0, chatter)
        self.pico.run_for(hold_ms * MS)
        self._set(pin, 1, chatter)
        released = self.pico.now_ns
        self.pico.run_for(after_ms * MS)
        return released

    # --- the REPL -----------------------------------------------------------------------

    def stop_app(self, limit_ms: float = 2000) -> None:
        """Ctrl-C, as ``mpremote`` sends it: the app stops and MicroPython's REPL answers."""
        start = len(self.pico.output)
        self.pico.write(b"\x03\x03")
        self.pico.run_until(lambda: b">>> " in self.pico.output[start:], limit_ms * MS, step_ns=5 * MS)

    def exec_raw(self, code: str, limit_ms: float = 60_000, on_mark: tuple[bytes, Callable[[], None]] | None = None
                 ) -> str:
        """Run ``code`` at the raw REPL (the app stopped first); what it printed. RuntimeError
        with the traceback if it raised. ``on_mark``: (text, action): ``action()`` is called as
        soon as the code has printed ``text`` (to drive pins while it runs)."""
        output = self.pico.output
        start = len(output)
        self.pico.write(b"\x01")
        self.pico.run_until(lambda: b"raw REPL; CTRL-B to exit\r\n>" in output[start:], 2000 * MS, step_ns=2 * MS)
        start = len(output)
        self.pico.write(code.encode() + b"\x04")
        if on_mark is not None:
            mark, action = on_mark
            self.pico.run_until(lambda: mark in output[start:], limit_ms * MS, step_ns=0.2 * MS)
            action()
        self.pico.run_until(lambda: output[start:].count(b"\x04") >= 2, limit_ms * MS, step_ns=5 * MS)
        reply = bytes(output[start:])
        if not reply.startswith(b"OK"):
            raise RuntimeError("the raw REPL refused the code: %r" % reply[:200])
        printed, error = reply[2:].split(b"\x04")[:2]
        self.pico.write(b"\x02")  # back to the friendly REPL
        if error:
            raise RuntimeError(error.decode(errors="replace"))
        return printed.decode(errors="replace")

    # --- the serial protocol -----------------------------------------------------------

    def request(self, cmd: str, limit_ms: float = 3000, **fields: object) -> dict:
        """Send one request line over the emulated USB and run until its reply; the reply."""
        self.next_id += 1
        request_id = "chip-%d" % self.next_id
        start = len(self.pico.output)
        self.pico.write((json.dumps({"cmd": cmd, "id": request_id, **fields}) + "\n").encode())

        def answer() -> dict | None:
            for line in bytes(self.pico.output[start:]).split(b"\n"):
                try:
                    reply = json.loads(line)
                except ValueError:
                    continue
                if isinstance(reply, dict) and reply.get("id") == request_id:
                    return reply
            return None

        return self.pico.run_until_value(answer, limit_ms * MS, step_ns=2 * MS)
