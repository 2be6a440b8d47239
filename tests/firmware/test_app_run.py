"""The asyncio shell: inputs, frames, serial and the watchdog, on both interpreters' asyncio."""

import asyncio
import gc
import json
import sys

from app_driver import BACK_PRESS, ENC, HOLD_ENC, HOLD_P2, P1, P2, Driver, turn
from app_fuzz import random_event  # compiled first: later, the unix port's churned heap may lack a block for it

from app.board import Board
from app.run import Shell, log_exception
from portable import raises
from shared import forget

# The shell runs on real asyncio sleeps, and a test machine may pause the test for tens of ms:
# a test waits for what it checks to have happened, not for a time; a hang fails after 10 s or more.
_HANG_STEPS = 5000  # waits of 2 ms at least


def serve(shell, scenario):
    """Run the shell's tasks while the coroutine function ``scenario`` runs (``until``), then stop them."""

    async def main():
        task = asyncio.create_task(shell.serve())
        try:
            await scenario()
        finally:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    asyncio.run(main())


async def until(done, what):
    """Let the shell's tasks run until ``done()`` holds; AssertionError naming ``what`` if it does not
    within 10 s, far longer than any of these takes (a hang)."""
    for _ in range(_HANG_STEPS):
        if done():
            return
        await asyncio.sleep(0.002)
    raise AssertionError("after 10 s or more, still waiting for " + what)


def counted(shell, step):
    """Count the calls of the shell's step ``step`` (its task calls it through the instance): [count]."""
    calls = [0]
    run = getattr(shell, step)

    def count(*args):
        calls[0] += 1
        return run(*args)

    setattr(shell, step, count)
    return calls


async def turns(calls, n, what):
    """Wait until ``n`` more calls are counted in ``calls`` (``counted``): a sign the task went on."""
    goal = calls[0] + n
    await until(lambda: calls[0] >= goal, "%d more %s" % (n, what))


class Replies:
    """The app's replies on ``serial``, decoded, in ``got`` (``serial.replies()`` hands each out once)."""

    def __init__(self, serial):
        self.serial = serial
        self.got = []

    def count(self):
        """How many have come so far."""
        self.got.extend(json.loads(line) for line in self.serial.replies())
        return len(self.got)


def test_the_shell_handles_inputs_serial_and_frames_and_feeds_the_watchdog():
    d = Driver()
    d.hw.push_many([P1, P1, turn(2), ENC, HOLD_P2])
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))
    d.hw.serial.send("nonsense")
    shell = Shell(d.hw, d.board, feed_ms=10)
    replies = Replies(d.hw.serial)

    async def scenario():
        await until(lambda: (replies.count() >= 2 and d.match.front == [3, 2] and d.hw.watchdog_feeds >= 2
                             and d.hw.display.lines[1:2] == ["P1   3 (0)"]),
                    "the inputs handled and drawn, both lines answered, two feeds")

    serve(shell, scenario)
    assert d.match.front == [3, 2]
    replies = replies.got
    assert replies[0]["id"] == 1 and replies[0]["ok"] and replies[1]["ok"] is False
    assert d.hw.frames >= 1 and d.hw.watchdog_feeds >= 2
    assert d.hw.display.lines[0] == "G1 P1 deals" and d.hw.display.lines[1] == "P1   3 (0)"


def test_a_failing_frame_step_stops_the_feeding_but_not_the_game():
    d = Driver()
    shell = Shell(d.hw, d.board, feed_ms=10)
    watchdog_steps = counted(shell, "watchdog_step")

    def broken():
        raise RuntimeError("a bug in the renderer")

    async def break_it():
        await until(lambda: d.match.dealer == 0 and d.hw.watchdog_feeds > 0, "P1's deal and a feed")
        d.board.render = broken
        d.hw.advance(2500)  # the frame task has not proved itself alive for 2.5 s
        shell.fed_when_broken = d.hw.watchdog_feeds
        await until(lambda: shell.errors >= 1, "the broken frame step")
        d.hw.push(HOLD_P2)  # the controls still work meanwhile; the game still saves
        await until(lambda: d.match.front == [0, 2], "HOLD_P2 handled")
        await turns(watchdog_steps, 3, "turns of the watchdog's task")  # none feeds, and the peg is saved

    d.hw.push(P1)
    serve(shell, break_it)
    assert d.hw.watchdog_feeds == shell.fed_when_broken and d.hw.watchdog_feeds > 0
    assert d.match.front == [0, 2]
    root, d, shell = d.root, None, None  # the power goes: the board that starts has the heap to itself
    gc.collect()
    assert Driver(root).match.front == [0, 2]


def test_a_peg_is_shown_before_it_is_saved_and_saved_within_a_frame():
    d = Driver()
    order = []
    show, save = d.hw.show, d.board.save

    def shown(frame):
        order.append("frame %d" % d.board.match.events)
        show(frame)

    def saved():
        order.append("save %d" % d.board.match.events)
        save()

    d.hw.show, d.board.save = shown, saved
    d.hw.push_many([P1, HOLD_P2])  # P1 names the dealer, then p2 pegs 2: two saved changes
    shell = Shell(d.hw, d.board, feed_ms=10)
    inputs = counted(shell, "input_step")

    async def scenario():
        await until(lambda: "save %d" % d.board.match.events in order and d.match.front == [0, 2], "the peg saved")
        await turns(inputs, 3, "turns of the controls' task")  # a second save would come by then

    serve(shell, scenario)
    assert d.match.front == [0, 2] and d.reboot().match.front == [0, 2]
    events = d.match.events
    assert order.index("frame %d" % events) < order.index("save %d" % events)  # lit up, then written
    assert order.count("save %d" % events) == 1  # and saved once


def test_a_flash_that_fails_for_a_while_loses_nothing_and_leaves_the_ui_alone():
    d = Driver()
    save = d.board.store.save
    failing = [True]
    saved = [False]

    def flaky(data):
        if failing[0]:
            raise OSError(5, "the flash is failing")
        save(data)
        saved[0] = True

    d.board.store.save = flaky

    async def recover():
        for k in range(1, 4):  # several saves fail, each 2 s after the last
            await until(lambda k=k: shell.errors >= k, "failed save %d" % k)
            for _ in range(10):  # the frames between (if any are due) try no save: a full flash would
                d.hw.advance(40)  # erase the same blocks at every try (a review: 30 tries a second)
                await turns(steps, 2, "frame steps")  # (the controls' loop saw that time)
            assert shell.errors == k
            d.hw.advance(2000 - 400)  # the time to try again (this clock moves only when told)
        shell.mode_while_failing = d.board.mode.name
        failing[0] = False
        await until(lambda: saved[0], "the save once the flash takes writes")

    d.hw.push_many([P1, HOLD_ENC])  # P1 deals (a change to save), then the menu opens
    shell = Shell(d.hw, d.board, feed_ms=10)
    steps = counted(shell, "frame_step")
    serve(shell, recover)
    assert shell.mode_while_failing == "menu" and d.board.mode.name == "menu"  # not sent home
    assert d.reboot().match.dealer == 0  # saved once the flash took writes again


def test_a_request_the_app_fails_on_gets_an_error_reply_and_the_game_goes_on():
    d = Driver()
    d.hw.push(P1)  # P1 deals
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 2}))
    handle = d.board.handle_command

    def broken(line, write=None):
        raise KeyError("a bug in the state reply")

    d.board.handle_command = broken
    shell = Shell(d.hw, d.board, feed_ms=10)
    replies = Replies(d.hw.serial)

    async def mend():
        await until(lambda: replies.count() >= 2, "the replies to the two failed requests")
        d.board.handle_command = handle
        d.hw.serial.send(json.dumps({"cmd": "state", "id": 3}))
        await until(lambda: replies.count() >= 3 and d.match.dealer == 0, "the reply to the third, and P1's deal")

    serve(shell, mend)
    replies = replies.got
    assert [r["ok"] for r in replies] == [False, False, True] and replies[2]["id"] == 3
    assert replies[0]["error"] == "the board failed while answering (KeyError): see its log"
    assert "state" in replies[2] and shell.errors == 2
    assert d.match.dealer == 0 and d.reboot().match.dealer == 0


def test_a_line_the_board_fails_to_read_gets_an_error_reply_and_the_next_is_answered():
    # A long line on a fragmented heap (a MemoryError on the chip) killed the serial task and
    # the watchdog reset the board.
    d = Driver()
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 2}))
    read = d.hw.serial.read_line
    failing = [True]

    def read_line():
        if failing[0]:
            failing[0] = False
            read()  # the line is lost
            raise MemoryError("memory allocation failed, allocating 16384 bytes")
        return read()

    d.hw.serial.read_line = read_line
    shell = Shell(d.hw, d.board, feed_ms=10)
    replies = Replies(d.hw.serial)

    async def scenario():
        await until(lambda: replies.count() >= 2, "both lines answered")

    serve(shell, scenario)
    replies = replies.got
    assert replies == [{"ok": False, "error": "the board failed while answering (MemoryError): see its log"},
                       replies[1]] and replies[1]["ok"] and replies[1]["id"] == 2
    assert not shell.task_died and shell.healthy() and shell.errors == 1


def test_a_line_the_board_fails_to_read_leaves_the_mode_alone():
    d = Driver()
    d.press(P1, HOLD_ENC)  # P1 deals; the menu is open
    d.hw.serial.send(json.dumps({"cmd": "state"}))

    def read_line():
        raise MemoryError("memory allocation failed")

    d.hw.serial.read_line = read_line
    shell = Shell(d.hw, d.board)
    assert shell.read_line(d.hw.serial) is None
    assert d.board.mode.name == "menu"  # nothing of the board ran: the player stays where they were
    assert [json.loads(line)["ok"] for line in d.hw.serial.replies()] == [False]


def test_a_quiet_loop_turn_allocates_nothing():
    # The board's loop turns ~400 times a second: one that finds nothing to do (no input, no
    # frame due) must leave the heap alone (measured on MicroPython, whose heap it is).
    d = Driver()
    shell = Shell(d.hw, d.board)
    now = d.hw.ticks_ms()
    shell.frame_step(now)  # the first frame; then the clock stands still: no frame is due

    def quiet_turns(n):
        for _ in range(n):
            shell.input_step()
            shell.frame_step(now)
            shell.watchdog_step()

    quiet_turns(10)
    assert d.hw.poll_events() == ()  # nothing happened: the hw contract's empty tuple
    gc.collect()
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else None
    quiet_turns(300)
    if before is not None:
        assert gc.mem_alloc() == before, gc.mem_alloc() - before
    assert shell.errors == 0 and d.hw.frames == 1 and d.hw.watchdog_feeds == 310


def test_the_loop_steps_draw_a_frame_when_due_and_save_after_it():
    d = Driver()
    shell = Shell(d.hw, d.board)
    shell.frame_step(d.hw.ticks_ms())
    d.hw.advance(20)
    shell.frame_step(d.hw.ticks_ms())
    assert d.hw.frames == 1  # 20 ms after the last frame and no input: none due yet
    d.hw.push(P1)  # P1 deals
    shell.input_step()
    assert d.match.dealer == 0 and d.reboot().match.dealer is None  # handled, not saved yet
    shell.frame_step(d.hw.ticks_ms())  # an input came: drawn at once, then saved
    assert d.hw.frames == 2 and d.reboot().match.dealer == 0
    d.hw.advance(33)
    shell.frame_step(d.hw.ticks_ms())
    assert d.hw.frames == 2  # a frame period passed, but the picture is the same (the play: nothing blinks)


def frames_over(d, shell, ms, step=4):
    """Step the loop as the controls task does, every ``step`` ms for ``ms``: the frames drawn."""
    before = d.hw.frames
    for _ in range(ms // step):
        d.hw.advance(step)
        shell.input_step()
        shell.frame_step(d.hw.ticks_ms()) or shell.display_step()
    return d.hw.frames - before


def test_a_picture_that_does_not_change_is_drawn_again_once_a_second_and_a_blink_when_it_changes():
    d = Driver()
    d.hw.advance(3000)  # away from the clock's wrap (the blinks' phases jump there: drawn again)
    shell = Shell(d.hw, d.board)
    d.hw.push(P1)  # P1 deals: the play, nothing blinks
    assert frames_over(d, shell, 4) == 1
    assert frames_over(d, shell, 2000) == 2  # a frame a second (the LED driver resends it)
    d.hw.push(P2)  # P2 dials a peg: its preview blinks, lit 266 ms in every 400
    assert frames_over(d, shell, 4) == 1
    assert frames_over(d, shell, 2000) == 10  # at each change of the blink
    d.hw.faulty = "LED supply"  # the LED supply fails: drawn at once, then every frame while it lasts
    assert frames_over(d, shell, 8) == 1 and d.hw.display.lines[-1] == "FAULT LED supply"  # the text: a turn on
    assert frames_over(d, shell, 400) == 11  # a frame period: 36 ms on a loop of 4 ms turns
    d.hw.faulty = None
    assert frames_over(d, shell, 8) == 1 and d.hw.display.lines[-1] != "FAULT LED supply"
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))
    shell.answer(d.hw.serial.read_line())
    assert frames_over(d, shell, 4) == 1  # a command: drawn at once


def test_the_frames_shown_are_those_drawn_every_frame_to_within_a_frame():
    # The shell draws only when the picture may have changed: at every loop turn (4 ms) the frame on
    # the LEDs is the one that drawing every frame period would show (drawn at most 37 ms before).
    from app import power
    from app.render import Canvas, render
    from cribbage_lab.deck import Xorshift32, randbelow
    from shared.ticks import ticks_add

    d = Driver()
    board = d.board
    shell = Shell(d.hw, board)
    canvas = Canvas(d.hw.led_count)
    rng = Xorshift32(11)
    drawn = d.hw.frames
    for turn_ in range(1500):  # 6 s, across the clock's wrap
        if randbelow(rng, 100) == 0:  # an input every 0.4 s or so: the blinks between them drawn by themselves
            d.hw.push(random_event(rng, board.mode.name))
        d.hw.advance(4)
        shell.input_step()
        now = d.hw.ticks_ms()
        shell.frame_step(now)
        for back in range(38):
            render(board, canvas, ticks_add(now, -back))
            power.limit(canvas.frame, board.prefs["brightness"], board.prefs["milliamps"])
            if canvas.frame == d.hw.frame:
                break
        else:
            raise AssertionError("turn %d: the frame shown is none drawn in the last 37 ms" % turn_)
    assert d.hw.frames - drawn < 1500 // 8 * 3  # and most frame periods drew nothing


class Idle:
    """A hardware's ``hw.idle``: records how long the app asked to sleep, and when it was woken."""

    def __init__(self):
        self.asked = []
        self.woken = 0
        self.asked_when_woken = None  # how many waits ``asked`` held when last woken

    def wait(self, ms):
        self.asked.append(ms)
        return asyncio.sleep(0.002)

    def set(self):
        self.woken += 1
        self.asked_when_woken = len(self.asked)


def test_with_nothing_to_do_the_controls_sleep_until_the_next_frame_and_a_command_wakes_them():
    d = Driver()
    d.hw.advance(3000)  # away from the clock's wrap
    d.hw.idle = idle = Idle()
    shell = Shell(d.hw, d.board, feed_ms=10)
    d.hw.push(P1)  # P1 deals: the play, nothing blinks

    async def dealt():
        await until(lambda: d.match.dealer == 0 and len(idle.asked) >= 2, "P1's deal, then two sleeps")

    serve(shell, dealt)
    assert d.match.dealer == 0 and idle.asked and idle.woken == 0
    assert all(990 <= ms <= 1000 for ms in idle.asked)  # the clock stands still: the next frame a second on
    d.hw.push(P2)  # P2 dials a peg: its preview blinks, lit 266 ms in every 400
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))
    idle.asked = []

    async def woken():  # a sleep asked after the wake: the command's frame drawn before it
        await until(lambda: idle.woken and len(idle.asked) > idle.asked_when_woken, "a sleep after the wake")

    serve(shell, woken)
    assert idle.woken == 1 and idle.asked and all(ms <= 266 for ms in idle.asked)
    assert shell.due_in(d.hw.ticks_ms()) == idle.asked[-1]
    shell.dirty = True
    assert shell.due_in(d.hw.ticks_ms()) == 0


def test_once_no_one_has_touched_the_board_for_a_second_the_shell_loads_the_count_s_code_ahead():
    d = Driver()
    ahead = Board._ahead.split()
    forget(" ".join(ahead))  # (another test may have loaded them)
    early = []
    shell = Shell(d.hw, d.board, feed_ms=10)
    inputs = counted(shell, "input_step")

    async def deal_and_wait():
        d.hw.push(P1)  # P1 deals: a count is to come
        await until(lambda: d.match.dealer == 0, "P1's deal")
        d.hw.advance(999)
        await turns(inputs, 3, "turns of the controls' task, 999 ms after the deal")
        early.extend(name for name in ahead if name in sys.modules)  # none yet: the board may be in use
        d.hw.advance(1)
        await until(lambda: all(name in sys.modules for name in ahead), "the count's code loaded ahead")

    serve(shell, deal_and_wait)
    assert d.match.dealer == 0 and early == []
    loaded = all(name in sys.modules for name in ahead)
    forget(" ".join(ahead))  # as the menu does: the tests after this one start with the heap they had before
    assert loaded


class LineByLine:
    """A display that sends a line a call, as hal.ssd1306's sends half of one (``rows``: what it shows); each line
    sent is logged in ``order``, after which ``during`` (if set) is called once: an input that comes
    as the line goes out. While ``failing``, its bus refuses."""

    def __init__(self, order):
        self.rows = [""] * 8
        self.wanted = []
        self.order = order
        self.during = None
        self.failing = False

    def show_lines(self, lines):
        self.wanted = lines

    def send_next(self):
        for row in range(8):
            text = self.wanted[row] if row < len(self.wanted) else ""
            if text != self.rows[row]:
                if self.failing:
                    raise OSError(5)
                self.rows[row] = text
                self.order.append("line")
                during, self.during = self.during, None
                if during is not None:
                    during()
                return True
        return False


def wanted_rows(board):
    """The display's 8 rows as the board would have them now."""
    lines = board.messages.lines(board.mode.lines(board), board)
    return [lines[row] if row < len(lines) else "" for row in range(8)]


def test_the_display_s_lines_go_a_line_between_two_polls_an_input_drawn_before_the_rest():
    d = Driver()
    order = []
    display = d.hw.display = LineByLine(order)
    show = d.hw.show

    def shown(frame):
        order.append("frame")
        show(frame)

    d.hw.show = shown
    d.hw.push(P1)  # P1 deals
    shell = Shell(d.hw, d.board, feed_ms=10)
    dial = []

    async def scenario():
        await until(lambda: d.match.dealer == 0 and display.rows == wanted_rows(d.board), "P1's deal shown")
        del order[:]
        display.during = lambda: d.hw.push(turn(1))  # P2's dial turned as its first line goes out
        d.hw.push(P2)  # P2 opens a peg dial: most of the screen changes
        await until(lambda: "frame" in order[1:] and display.rows == wanted_rows(d.board), "the turn drawn and shown")
        dial.append(d.ask({"cmd": "state"})["state"]["ui"])

    serve(shell, scenario)
    assert dial[0]["side"] == 1 and dial[0]["points"] == 2  # the dial opened at 1, turned once
    assert order[:3] == ["frame", "line", "frame"]  # P2's frame, a line, the detent's frame, then the rest
    assert order.count("frame") == 2 and order.count("line") >= 3


def test_the_display_s_text_is_made_on_a_turn_of_its_own_after_the_frames_once_for_all_changes():
    d = Driver()
    order = []
    display = d.hw.display = LineByLine(order)
    show_lines = display.show_lines
    show = d.hw.show

    def made(lines):
        order.append("text")
        show_lines(lines)

    def shown(frame):
        order.append("frame")
        show(frame)

    display.show_lines = made
    d.hw.show = shown
    shell = Shell(d.hw, d.board)
    d.hw.push(P1)  # P1 deals
    shell.input_step()
    assert shell.frame_step(d.hw.ticks_ms()) and order == ["frame"]  # the LEDs only: no text made with them
    d.hw.push(P2)  # P2 opens a peg dial before the text is made: drawn first
    d.hw.advance(4)
    shell.input_step()
    assert shell.frame_step(d.hw.ticks_ms()) and order == ["frame", "frame"]
    d.hw.advance(4)
    shell.input_step()
    assert not shell.frame_step(d.hw.ticks_ms()) and shell.display_step()  # the text, of both changes at once
    while shell.display_step():
        pass
    assert order[:3] == ["frame", "frame", "text"] and order.count("text") == 1 and order.count("line") >= 3
    assert display.rows == wanted_rows(d.board)


def test_a_display_whose_bus_fails_is_logged_and_sent_again_the_game_going_on():
    d = Driver()
    display = d.hw.display = LineByLine([])
    display.failing = True
    d.hw.push_many([P1, P2])  # P1 deals, P2 opens a peg dial
    shell = Shell(d.hw, d.board, feed_ms=10)
    dial = []

    async def scenario():
        await until(lambda: d.match.dealer == 0 and shell.errors >= 1, "the deal, and the display's failure")
        dial.append(d.ask({"cmd": "state"})["state"]["ui"])
        display.failing = False
        d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))  # a wake: the lines go out
        await until(lambda: display.rows == wanted_rows(d.board), "the lines, once the bus works")

    serve(shell, scenario)
    assert dial[0]["side"] == 1  # the dial stayed open: a display failing is no failure of the ui
    assert d.match.dealer == 0 and d.hw.watchdog_feeds > 0


def test_an_undo_that_fails_midway_is_never_saved_and_the_app_starts_again_from_its_save():
    # A review under memory pressure: an undo whose replay ran out of heap left the match half undone in RAM,
    # and the next peg saved it (the power-on after refused that log). Now the board is unsound: nothing of it
    # is saved, and serve fails, for main.py to start the app again from the save before it.
    d = Driver()
    d.press(P1, P2, ENC, P2, ENC)  # P1 deals; P2 pegs 1, then 1 again
    saved = d.match.log
    assert d.match.front == [0, 2]

    def out_of_heap(event, index):
        raise MemoryError("memory allocation failed")

    d.match._step = out_of_heap  # the undo's replay of the events since the game began fails
    shell = Shell(d.hw, d.board, feed_ms=10)

    async def main():
        task = asyncio.create_task(shell.serve())
        d.hw.push(BACK_PRESS)
        await until(lambda: shell.errors >= 1, "the undo that fails")
        d.hw.push_many([P1, ENC])  # a peg on the half-undone game: taken, never saved
        try:
            await task  # (awaited before it fails: its error comes here, not to the loop's handler, which keeps it)
        finally:
            await asyncio.sleep(0.01)  # the tasks it cancelled as it failed end (a later asyncio.run would run them)

    with raises(RuntimeError) as stopped:
        asyncio.run(main())
    assert "unsound" in str(stopped.value) and d.board.unsound
    with raises(RuntimeError):
        d.board.save()
    root, d, shell = d.root, None, None
    gc.collect()
    again = Driver(root)  # the app started again: the game as saved before the undo, no notice
    assert again.match.log == saved and again.match.front == [0, 2] and again.board.messages.notice is None


def test_a_failure_s_log_never_fails_even_with_no_room_to_say_it():
    class Unsayable(Exception):
        def __repr__(self):
            raise MemoryError("no room for the words")

    log_exception("a step", Unsayable())  # a line without the words is printed; nothing raised

    class Unnamed:  # where it came from, with no room to say that either
        def __str__(self):
            raise MemoryError("no room for the words")

    d = Driver()
    shell = Shell(d.hw, d.board)
    shell.step_failed(Unnamed(), RuntimeError("a step failed"))  # its handler, the number said first
    assert shell.errors == 1
