"""The thin asyncio shell around ``Board``: input polling, frames at a fixed rate, the serial
line, and the watchdog.

Tasks: ``inputs`` polls the controls every 5 ms and hands events to the board; ``frames``
draws a frame 30 times a second, or at once (within 5 ms) after an input so an encoder step
shows without waiting for the next period, and then saves what the inputs changed (the peg
lights up first; a save of a long match takes the flash tens of milliseconds); ``serial``
answers request lines, each saved before its reply; ``watchdog``
feeds the watchdog once a second, but only while the input and frame tasks have proved
alive (a step that completed) in the last 2 s. An exception inside one step is logged and
the ui goes back to its home mode (the game is saved after every change, so nothing is
lost); a step that keeps failing stops proving its task alive; an exception that
kills a task reaches the loop's exception handler, which logs it, and the dead task stops
proving itself alive, so the watchdog resets the board. A hang stops everything, the
feeding too. Works on MicroPython's asyncio (1.23+) and CPython's.
"""

import asyncio
import sys

from micropython import const

from app.board import Board
from app.ticks import ticks_diff

_INPUT_MS = const(5)
_FRAME_MS = const(33)
_SERIAL_MS = const(10)
_FEED_MS = const(1000)
_ALIVE_MS = const(2000)


def log_exception(where, e):
    """Print an exception with its traceback (MicroPython and CPython)."""
    print("error in %s: %r" % (where, e))
    if hasattr(sys, "print_exception"):
        sys.print_exception(e)
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__)


async def sleep_ms(ms):
    """``asyncio.sleep_ms`` on MicroPython, ``asyncio.sleep`` on CPython."""
    if hasattr(asyncio, "sleep_ms"):
        await asyncio.sleep_ms(ms)
    else:
        await asyncio.sleep(ms / 1000)


class Shell:
    """The tasks around one board; ``alive`` holds the last tick each task proved itself."""

    def __init__(self, hw, board, feed_ms=_FEED_MS):
        self.hw = hw
        self.board = board
        self.feed_ms = feed_ms
        self.dirty = True  # an input arrived: draw now
        now = hw.ticks_ms()
        self.alive = {"inputs": now, "frames": now}
        self.task_died = False
        self.errors = 0

    def step_failed(self, where, e):
        """A step of task ``where`` raised ``e``: log it and take the ui back to its home mode
        (the game is saved after every change, so nothing is lost)."""
        self.failed(where, e)
        try:
            self.board.idle()
        except Exception as e2:  # the home mode itself failing: let the watchdog decide
            log_exception("recovery", e2)

    def save_changes(self):
        """Save what the inputs changed. If the flash fails, that is logged and the change
        stays marked, to be saved with the next frame; the ui carries on (it is not what
        went wrong)."""
        try:
            self.board.save_if_changed()
        except OSError as e:
            self.failed("save", e)
        except Exception as e:
            self.step_failed("save", e)

    def failed(self, where, e):
        """Log that ``where`` raised ``e``: the first few times, then only now and again."""
        # The log goes to the USB serial line the host also reads: a bug that fails every
        # step is reported at first and then only now and again, not 200 times a second.
        self.errors += 1
        if self.errors <= 3 or self.errors % 1000 == 0:
            log_exception("%s (error %d)" % (where, self.errors), e)

    async def inputs(self):
        hw = self.hw
        board = self.board
        while True:
            try:
                for event in hw.poll_events():
                    board.handle(event, save=False)  # saved by the frames task, once the frame is out
                    self.dirty = True
                board.tick()
                self.alive["inputs"] = hw.ticks_ms()
            except Exception as e:
                self.step_failed("inputs", e)
            await sleep_ms(_INPUT_MS)

    async def frames(self):
        hw = self.hw
        last = hw.ticks_ms()
        while True:
            now = hw.ticks_ms()
            if self.dirty or ticks_diff(now, last) >= _FRAME_MS:
                self.dirty = False
                last = now
                try:
                    self.board.render()
                    self.alive["frames"] = now  # only a frame that went out proves the task healthy
                except Exception as e:
                    self.step_failed("frames", e)
                self.save_changes()  # even if the frame failed: the game comes first
            await sleep_ms(_INPUT_MS)

    async def serial(self):
        port = self.hw.serial
        while True:
            line = port.read_line()
            while line is not None:
                try:
                    port.write_line(self.board.handle_command(line))
                except Exception as e:
                    self.step_failed("serial", e)
                self.dirty = True
                line = port.read_line()
            await sleep_ms(_SERIAL_MS)

    def healthy(self):
        """True if no task died and the input and frame tasks proved alive recently."""
        if self.task_died:
            return False
        now = self.hw.ticks_ms()
        for name in ("inputs", "frames"):
            if ticks_diff(now, self.alive[name]) > _ALIVE_MS:
                return False
        return True

    async def watchdog(self):
        while True:
            if self.healthy():
                self.hw.feed_watchdog()
            await sleep_ms(self.feed_ms)

    def on_task_error(self, loop, context):
        """The loop's exception handler: a task died. Log it; the watchdog stops feeding."""
        self.task_died = True
        log_exception("task", context.get("exception") or RuntimeError(context.get("message")))

    async def serve(self):
        """Run all tasks until cancelled."""
        asyncio.get_event_loop().set_exception_handler(self.on_task_error)
        tasks = [asyncio.create_task(self.inputs()), asyncio.create_task(self.frames()),
                 asyncio.create_task(self.watchdog())]
        if self.hw.serial is not None:
            tasks.append(asyncio.create_task(self.serial()))
        try:
            while True:
                await sleep_ms(self.feed_ms)
        finally:
            for task in tasks:
                task.cancel()


def run(hw):
    """Build the board on ``hw`` and run it forever (``firmware/main.py`` calls this)."""
    asyncio.run(Shell(hw, Board(hw)).serve())
