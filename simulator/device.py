"""The simulated device: the firmware app on a simulated hardware layer, with a power switch.

``SimHardware`` is the test fake ``VirtualHardware`` with a flash folder on disk, the real
clock (or the manual one, for scripts) and the text display. ``Device`` powers it on (a new
``app.board.Board`` over that flash), feeds it input and serial lines, runs its loop step by
step, and can pull the plug: the app is dropped mid-way, with whatever sat in memory, and a
new one boots from what reached the flash folder, as after a power cut.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from app.board import Board
from app.run import Shell
from simulator.virtual_hardware import VirtualHardware


def default_flash_dir() -> Path:
    """The per-user flash folder (``$XDG_DATA_HOME/cribbage-board/flash``), outside the repository."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "cribbage-board" / "flash"


class SimHardware(VirtualHardware):
    """VirtualHardware on a flash folder; real milliseconds since power-on unless ``manual_clock``."""

    def __init__(self, flash_dir: Path, manual_clock: bool = False, display: bool = True) -> None:
        super().__init__(str(flash_dir), display=display)
        self._manual = manual_clock
        self._started = time.monotonic()

    def start_real_clock(self) -> None:
        """From now on follow the real clock, carrying on from the manual clock's time."""
        if self._manual:
            self._manual = False
            self._started = time.monotonic() - super().ticks_ms() / 1000

    def ticks_ms(self) -> int:
        """Milliseconds since power-on: the real clock, or the manual one moved by ``advance``."""
        if self._manual:
            return super().ticks_ms()
        return int((time.monotonic() - self._started) * 1000)


class Device:
    """One simulated board: hardware + app, stepped by whichever front end runs it."""

    def __init__(self, flash_dir: Path, manual_clock: bool = False, display: bool = True) -> None:
        self.flash_dir = Path(flash_dir)
        self.flash_dir.mkdir(parents=True, exist_ok=True)
        self.manual_clock = manual_clock
        self.with_display = display
        self.boots = 0
        self._past_errors = 0  # those of the boots before this one
        self.power_on()

    def power_on(self) -> None:
        """Boot a fresh app on fresh hardware over the same flash folder."""
        self.hw = SimHardware(self.flash_dir, manual_clock=self.manual_clock, display=self.with_display)
        self.board = Board(self.hw)
        self._shell = Shell(self.hw, self.board)  # its handling of failed steps and saves, not its tasks
        self.boots += 1
        self.board.render()

    def pull_plug(self) -> None:
        """Cut the power now (queued input and anything not yet saved is lost) and boot again."""
        self._past_errors = self.errors
        del self.board
        self.power_on()

    def use_real_clock(self) -> None:
        """Switch from the manual clock to the real one (after a script, to serve in real time)."""
        self.manual_clock = False
        self.hw.start_real_clock()

    def push(self, events: list[tuple]) -> None:
        """Input events, as if from the controls."""
        self.hw.push_many(events)

    def step(self) -> None:
        """One pass of the device loop: handle the queued input, tick, render, feed the watchdog.

        As on the board (``app.run.Shell``), the frame goes out before the changes are saved,
        and an exception in the app is logged and the ui goes back to its home mode;
        ``errors`` counts them.
        """
        try:
            self._inputs_and_frame()
        except Exception as error:
            self._shell.step_failed("simulator step", error)
        self._shell.save_changes()
        self.hw.feed_watchdog()

    @property
    def errors(self) -> int:
        """Exceptions the app raised and the loop recovered from, since the simulator started."""
        return self._past_errors + self._shell.errors

    def _inputs_and_frame(self) -> None:
        for event in self.hw.poll_events():
            self.board.handle(event, save=False)
        self.board.tick()
        self.board.render()

    def command(self, line: str) -> str:
        """One line of the serial protocol in, its reply line out."""
        return self.board.handle_command(line)

    def state(self) -> dict:
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
