"""The thin asyncio shell around ``Board``: input polling, frames when the picture changes, the
serial line, and the watchdog. Works on MicroPython's asyncio (1.23+) and CPython's.

Tasks, each a loop around synchronous steps of ``Shell`` (which the simulator steps too):

- ``controls`` polls the controls every 4 ms and hands events to the board. After an input it
  draws a frame at once; otherwise when the picture changes by itself (a blink: at most 30
  frames a second, at least one a second; ``app.render``). Then it saves what the inputs changed:
  the peg lights up first, as a save of a long match holds the flash tens of milliseconds with
  interrupts off. After a frame it polls again at once, so an input that came during the save is
  handled right after it, in order (the controls keep every edge meanwhile: ``hal.rp2_inputs``).
- Then, if no input waits, it makes the display's text (apart from the frame: a detent that comes
  meanwhile waits for the text, not for the frame and the text) and sends the lines that changed,
  half a line between two polls (the bus holds the core 1.5 ms a half: a screen's worth at once
  held the next detent 20 ms, measured on the chip).
- While the controls are quiet, no frame is due and the display shows its lines, it sleeps
  (``hw.idle``: until a control moves, a command comes or the next frame is due), so a board left
  alone costs its core little. First, once nothing has come for a second during a deal, it loads
  the count's code ahead, a module a turn (``Board.load_ahead``), so the press that opens the
  count finds it loaded.
- ``serial`` waits for bytes and answers request lines, each saved before its reply, and wakes
  ``controls`` to draw.
- ``serve`` starts them, then feeds the watchdog once a second, but only while the input and frame
  steps have proved alive (a step that completed) in the last 2 s.

When something fails:

- An exception inside one step is logged and the ui goes back to its home mode: the game is saved
  after every change, so nothing is lost.
- One that left the game half changed in RAM (``Board.unsound``: a MemoryError in an undo's
  replay, say) ends ``serve`` within a second, unsaved: ``main.py`` starts the app again, from the
  copy saved before it.
- A step that keeps failing stops proving its task alive; an exception that kills a task reaches
  the loop's exception handler, which logs it, and the dead task stops proving itself alive: the
  watchdog resets the board. A hang stops everything, the feeding too.
"""

import asyncio
import gc
import sys

from micropython import const

from app import VERSION
from app.board import Board
from shared.ticks import ticks_add, ticks_diff

_INPUT_MS = const(4)  # at most this late for a detent: 4 + frame CPU + 7.3 on the wire <= 15 ms
_FRAME_MS = const(33)
_FEED_MS = const(1000)
_QUIET_MS = const(1000)  # the controls and the serial line quiet this long: the count's code may load ahead
_ALIVE_MS = const(2000)
# A save the flash refused is tried again this much later, not with every frame: a full flash erases the same
# blocks at every try (measured: a board left on would wear them out in half a day at 30 tries a second)
_SAVE_AGAIN_MS = const(2000)
# The reply when answering raised (a bug, or the flash failing): the host hears at once
# instead of waiting out its timeout; what went wrong is in the board's log.
_FAILED = const('{"ok": false, "error": "the board failed while answering (%s): see its log"}')
_NO_ROOM = const("error: no room in the heap to say more")


def log_exception(where, e, number=0):
    """Print an exception with its traceback (MicroPython and CPython): ``where`` it came from and, if
    ``number``, the how-manieth error it is. Never raises: with the heap full (what failed may be a
    MemoryError) the words need room too, and a failure's own handler must not fail; then a line
    without them is printed."""
    try:
        print("error in %s%s: %r" % (where, " (error %d)" % number if number else "", e))
        if hasattr(sys, "print_exception"):
            sys.print_exception(e)
        else:
            import traceback

            traceback.print_exception(type(e), e, e.__traceback__)
    except Exception:
        print(_NO_ROOM)


try:
    sleep_ms = asyncio.sleep_ms  # type: ignore[attr-defined]  # MicroPython: allocates nothing (a task sleeps ~500 times a second)
except AttributeError:  # CPython's asyncio (the tests): chosen once here, not per call

    def sleep_ms(ms):
        """``asyncio.sleep`` in milliseconds."""
        return asyncio.sleep(ms / 1000)


class Shell:
    """The tasks around one board. Each task is a loop around a synchronous step
    (``input_step``, ``frame_step``, ``display_step``, ``answer``, ``watchdog_step``), which the simulator
    (simulator/device.py) calls too, so both run the same loop."""

    def __init__(self, hw, board, feed_ms=_FEED_MS):
        self.hw = hw
        self.board = board
        self.feed_ms = feed_ms
        self.dirty = True  # an input arrived: draw now
        now = hw.ticks_ms()
        self.next_frame = now  # due then without an input: a frame period on, or when the picture changes
        self.inputs_alive = now  # the last tick each task proved itself (a step that completed)
        self.frames_alive = now
        self.task_died = False
        self.errors = 0
        self.save_again = None  # after a save the flash refused: when to try again

    # --- the steps ----------------------------------------------------------------------

    def input_step(self):
        """Hand the input events since the last step to the board (saved after the next frame)
        and run its timers."""
        hw = self.hw
        board = self.board
        try:
            for event in hw.poll_events():  # () when nothing happened: nothing allocated
                self.dirty = True  # (first: drawn even if handling it fails)
                board.handle(event, save=False)  # saved by the frame step, once the frame is out
            if board.tick():  # a fault began or ended
                self.dirty = True
            self.inputs_alive = hw.ticks_ms()
        except Exception as e:
            self.step_failed("inputs", e)

    def frame_step(self, now):
        """Draw a frame if one is due at ``now`` (an input, a command or a fault came; or a frame
        period passed and the picture changes by itself by now: a blink, ``app.render``), then save
        what the inputs changed: the peg lights up first. True if it drew one."""
        if not (self.dirty or ticks_diff(now, self.next_frame) >= 0):
            return False
        self.dirty = False
        self.next_frame = ticks_add(now, _FRAME_MS)  # (again then, if drawing fails)
        try:
            still = self.board.render(text=False)  # from its own now: ``now`` or a little later, so never late
            if still > _FRAME_MS:
                self.next_frame = ticks_add(now, still)
            self.frames_alive = now  # only a frame that went out proves the task healthy
        except Exception as e:
            self.step_failed("frames", e)
        self.save_changes()  # even if the frame failed: the game comes first
        return True

    def display_step(self):
        """Make the display's text if the board changed (``Board.show_text``), or else send the display
        the next piece of a line that changed since it was last drawn (``hal/__init__.py``): True if it
        did either. A bus that fails is logged, and the line sent again at the next wake."""
        display = self.hw.display
        if display is None:
            return False
        try:
            return self.board.show_text() or display.send_next()
        except OSError as e:  # (its cable, say): the game goes on, on the LEDs
            self.failed("display", e)
        except Exception as e:
            self.step_failed("display", e)
        return False

    def answer(self, line, write=None):
        """The reply to one serial line (saved before it is returned, or with ``write``, before it
        is written through it in pieces: None is returned); an error reply if the app failed
        (logged; the ui goes home), returned in either case. The next frame is drawn at once.

        If it fails with a reply partly written through ``write``, that part is ended with a
        newline first: the host reads it as a line of its own (not JSON: skipped), then the
        traceback's lines, and the error reply starts a line of its own."""
        self.dirty = True
        if self.hw.idle is not None:
            self.hw.idle.set()  # the controls' task may be asleep: it draws it
        written = [False]  # a part of the reply went out (a closure for this reply: nothing kept on the Shell)
        if write is not None:
            send = write

            def write(text):
                written[0] = True
                send(text)
        try:
            return self.board.handle_command(line, write)
        except Exception as e:
            if written[0]:
                try:
                    send("\n")  # the part of the reply written ends here, not in the traceback
                except Exception:  # the port itself failing: the reply below tries again
                    pass
            self.step_failed("serial", e)
            return _FAILED % type(e).__name__

    def watchdog_step(self):
        """Feed the watchdog, but only while the app is healthy."""
        if self.healthy():
            self.hw.feed_watchdog()

    def healthy(self):
        """True if no task died and the input and frame steps proved alive recently."""
        if self.task_died:
            return False
        now = self.hw.ticks_ms()
        return ticks_diff(now, self.inputs_alive) <= _ALIVE_MS and ticks_diff(now, self.frames_alive) <= _ALIVE_MS

    # --- when a step fails ----------------------------------------------------------------

    def step_failed(self, where, e):
        """A step of task ``where`` raised ``e``: log it and take the ui back to its home mode
        (the game is saved after every change, so nothing is lost)."""
        self.failed(where, e)
        self.next_frame = ticks_add(self.hw.ticks_ms(), _FRAME_MS)  # the home mode drawn with the next frame
        try:
            self.board.idle()
        except Exception as e2:  # the home mode itself failing: let the watchdog decide
            log_exception("recovery", e2)

    def save_changes(self):
        """Save what the inputs changed. If the flash fails, that is logged, the players are told
        (``Board.save``) and the change stays marked, to be saved with the first frame
        ``_SAVE_AGAIN_MS`` on (one is drawn then); the ui carries on (it is not what went wrong)."""
        now = self.hw.ticks_ms()
        again = self.save_again
        if again is not None and ticks_diff(now, again) < 0:
            return
        self.save_again = None
        try:
            self.board.save_if_changed()
        except OSError as e:
            self.failed("save", e)
            self.save_again = again = ticks_add(now, _SAVE_AGAIN_MS)
            if ticks_diff(again, self.next_frame) < 0:  # (a still picture's next frame may be later)
                self.next_frame = again
        except Exception as e:
            self.step_failed("save", e)

    def failed(self, where, e):
        """Log that ``where`` raised ``e``: the first few times, then only now and again."""
        # The log goes to the USB serial line the host also reads: a bug that fails every
        # step is reported at first and then only now and again, not 200 times a second.
        self.errors += 1
        if self.errors <= 3 or self.errors % 1000 == 0:
            log_exception(where, e, self.errors)

    # --- the tasks ------------------------------------------------------------------------

    def due_in(self, now):
        """The ms from ``now`` until the frame step has something to do without an input (0: now)."""
        return 0 if self.dirty else ticks_diff(self.next_frame, now)

    async def controls(self):
        """The controls task: polls inputs, draws frames, saves, sends the display's lines; sleeps when all is still."""
        hw = self.hw
        idle = hw.idle
        board = self.board
        stirred = hw.ticks_ms()  # the last input, command or fault
        while True:
            self.input_step()
            now = hw.ticks_ms()
            if self.dirty:
                stirred = now
            # the count's code is loaded ahead once no one has touched the board for a while: an input
            # that comes meanwhile waits for one module at most (board.load_ahead)
            if self.frame_step(now) or self.display_step() or (
                    ticks_diff(now, stirred) >= _QUIET_MS and board.load_ahead()):
                await sleep_ms(0)  # the others' turn, then the inputs that came meanwhile, at once
            elif idle is None:
                await sleep_ms(_INPUT_MS)
            else:  # asleep until a control moves or the next frame is due, if the controls are quiet
                await idle.wait(self.due_in(now))

    async def serial(self):
        """The serial task: answers each request line (a failure answered, never fatal), then waits for more bytes."""
        port = self.hw.serial
        while True:
            line = self.read_line(port)
            while line is not None:
                try:
                    failed = self.answer(line, port.write)  # the reply in pieces: never whole in the heap
                    if failed is not None:
                        port.write(failed)
                    port.write("\n")
                except Exception as e:
                    self.step_failed("serial", e)
                line = self.read_line(port)
            await port.wait()

    def read_line(self, port):
        """The next whole line from ``port``, or None. If reading fails (a long line the heap has
        no room for), that line is lost: logged, and the host hears at once, as for a reply that
        failed; the task goes on with the next line, and the ui stays where it is (nothing of the
        board ran)."""
        try:
            return port.read_line()
        except Exception as e:
            self.failed("serial", e)
            try:
                port.write(_FAILED % type(e).__name__ + "\n")
            except Exception:  # the port itself failing: the next line tries again
                pass
            return None

    def on_task_error(self, loop, context):
        """The loop's exception handler: a task died. Log it; the watchdog stops feeding."""
        self.task_died = True
        try:
            e = context.get("exception") or RuntimeError(context.get("message"))
        except Exception as no_room:  # (a MemoryError: this handler must not fail)
            e = no_room
        log_exception("task", e)

    async def serve(self):
        """Run all tasks until cancelled; this one feeds the watchdog (a task less in the heap)."""
        asyncio.get_event_loop().set_exception_handler(self.on_task_error)
        tasks = [asyncio.create_task(self.controls())]
        if self.hw.serial is not None:
            tasks.append(asyncio.create_task(self.serial()))
        try:
            while True:
                if self.board.unsound:  # a change failed midway: the app fails, and starts again from its save
                    raise RuntimeError("the game in RAM is unsound")
                self.watchdog_step()
                await sleep_ms(self.feed_ms)
        finally:
            for task in tasks:
                task.cancel()


def run(hw):
    """Build the board on ``hw`` and run it forever (``firmware/main.py`` calls this)."""
    print("cribbage board firmware %s" % VERSION)
    board = Board(hw, glance_first=True)  # the saved score drawn at once, then the log replayed (app.glance)
    # The replay leaves the heap nearly full of garbage, where every allocation searches long for room:
    # on the stock image the frames after it took twice their CPU (4.3 ms, measured) until a collection.
    gc.collect()
    asyncio.run(Shell(hw, board).serve())
