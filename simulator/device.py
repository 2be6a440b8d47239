"""The simulated device: the firmware app on a simulated hardware layer, with a power switch.

``SimHardware`` is the test fake ``VirtualHardware`` with a flash folder on disk, the real
clock (or the manual one, for scripts), the text display, and the build's supply and LED
chain of ``hardware/board.json``. ``Device`` powers it on (a new
``app.board.Board`` over that flash), feeds it input and serial lines, runs the board's own
loop (``app.run.Shell``'s steps: the simulator re-implements none of it) step by step, and
can pull the plug: the app is dropped mid-way, with whatever sat in memory, and a new one
boots from what reached the flash folder, as after a power cut.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from app.board import Board
from app.run import Shell
from simulator.controls import Event
from simulator.geometry import Geometry
from simulator.virtual_hardware import VirtualHardware


class SimHardware(VirtualHardware):
    """VirtualHardware on a flash folder; its ticks follow the real clock unless ``manual_clock``."""

    def __init__(self, flash_dir: Path, manual_clock: bool = False, display: bool = True) -> None:
        build = Geometry.built()
        super().__init__(str(flash_dir), display=display, supply_ma=build.supply_ma, wire_order=build.wire_order)
        self._manual = manual_clock
        self._real_ms = _real_ms()  # the real clock when the ticks last followed it

    def start_real_clock(self) -> None:
        """From now on follow the real clock, carrying on from the manual clock's time."""
        if self._manual:
            self._manual = False
            self._real_ms = _real_ms()

    def ticks_ms(self) -> int:
        """The ticks (wrapping as on the board): moved by the real clock, or by ``advance`` alone."""
        if not self._manual:
            now = _real_ms()
            self.advance(now - self._real_ms)
            self._real_ms = now
        return super().ticks_ms()


def _real_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class Device:
    """One simulated board: hardware + app, stepped by whichever front end runs it."""

    def __init__(self, flash_dir: Path, manual_clock: bool = False, display: bool = True) -> None:
        self.flash_dir = Path(flash_dir)
        self.flash_dir.mkdir(parents=True, exist_ok=True)
        self.manual_clock = manual_clock
        self.with_display = display
        self.boots = 0
        self.boot_note = ""  # why the app last started again, if it did: for the front ends to show
        self._past_errors = 0  # those of the boots before this one
        self.power_on()

    def power_on(self) -> None:
        """Boot a fresh app on fresh hardware over the same flash folder."""
        self.hw = SimHardware(self.flash_dir, manual_clock=self.manual_clock, display=self.with_display)
        self.board = Board(self.hw, glance_first=True)  # as app.run builds it: the saved score drawn first
        self._shell = Shell(self.hw, self.board)  # the board's loop: its steps, not its asyncio tasks
        self.boots += 1
        self._draw()  # the first frame and its text

    def pull_plug(self, why: str = "Power cut") -> None:
        """Cut the power now (queued input and anything not yet saved is lost) and boot again;
        ``boot_note`` says ``why``."""
        self._past_errors = self.errors
        del self.board
        self.power_on()
        self.boot_note = "%s: booted again from flash (boot %d)." % (why, self.boots)

    def use_real_clock(self) -> None:
        """Switch from the manual clock to the real one (after a script, to serve in real time)."""
        self.manual_clock = False
        self.hw.start_real_clock()

    def push(self, events: list[Event]) -> None:
        """Input events, as if from the controls."""
        self.hw.push_many(events)

    def step(self) -> None:
        """One pass of the board's loop (``app.run.Shell``): the queued input, the timers, a frame
        if one is due (then the save), the display's lines, the watchdog fed only while the app is
        healthy."""
        self._shell.input_step()
        self._draw()
        self._shell.watchdog_step()
        self._restart_if_unsound()

    def _restart_if_unsound(self) -> None:
        """A change failed midway (``Board.unsound``): the app starts again from its save, as the board's does."""
        if self.board.unsound:
            self.pull_plug("A change failed midway")

    def _draw(self) -> None:
        """A frame if one is due (then the save), then the display's text and lines."""
        shell = self._shell
        shell.frame_step(self.hw.ticks_ms())
        while shell.display_step():
            pass

    @property
    def errors(self) -> int:
        """Exceptions the app raised and the loop recovered from, since the simulator started."""
        return self._past_errors + self._shell.errors

    def command(self, line: str) -> str:
        """One line of the serial protocol in, its reply line out (as the board's serial task
        answers it)."""
        reply = self._shell.answer(line)
        self._restart_if_unsound()
        return reply

    def state(self) -> dict[str, Any]:
        """The board's state, as the protocol's ``state`` command gives it."""
        reply = json.loads(self.command(json.dumps({"cmd": "state"})))
        if not reply.get("ok"):
            raise RuntimeError("the board refused the state command: %s" % reply.get("error"))
        return reply["state"]

    @property
    def frame(self) -> bytearray:
        """The last frame shown (RGB per LED, logical order)."""
        return self.hw.frame

    @property
    def lines(self) -> list[str] | None:
        """The text on the display, or None without one."""
        return None if self.hw.display is None else self.hw.display.lines
