"""The asyncio shell: inputs, frames, serial and the watchdog, on both interpreters' asyncio."""

import asyncio
import gc
import json
import sys

from app_driver import ENC, HOLD_ENC, HOLD_P2, P1, P2, Driver, turn

from app.board import Board
from app.run import Shell
from shared import forget


def run_for(shell, seconds, during=None):
    """Serve for ``seconds`` of real time; ``during`` (a coroutine function) runs alongside."""

    async def main():
        task = asyncio.create_task(shell.serve())
        if during is not None:
            await during()
        await asyncio.sleep(seconds)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass

    asyncio.run(main())


def test_the_shell_handles_inputs_serial_and_frames_and_feeds_the_watchdog():
    d = Driver()
    d.hw.push_many([P1, P1, turn(2), ENC, HOLD_P2])
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))
    d.hw.serial.send("nonsense")
    shell = Shell(d.hw, d.board, feed_ms=10)
    run_for(shell, 0.15)
    assert d.match.front == [3, 2]
    replies = [json.loads(line) for line in d.hw.serial.replies()]
    assert replies[0]["id"] == 1 and replies[0]["ok"] and replies[1]["ok"] is False
    assert d.hw.frames >= 1 and d.hw.watchdog_feeds >= 2
    assert d.hw.display.lines[0] == "G1 P1 deals" and d.hw.display.lines[1] == "P1   3 (0)"


def test_a_failing_frame_step_stops_the_feeding_but_not_the_game():
    d = Driver()
    shell = Shell(d.hw, d.board, feed_ms=10)

    def broken():
        raise RuntimeError("a bug in the renderer")

    async def break_it():
        await asyncio.sleep(0.05)
        d.board.render = broken
        d.hw.advance(2500)  # the frame task has not proved itself alive for 2.5 s
        await asyncio.sleep(0.03)
        shell.fed_when_broken = d.hw.watchdog_feeds
        d.hw.push(HOLD_P2)  # the controls still work meanwhile; the game still saves

    d.hw.push(P1)
    run_for(shell, 0.1, break_it)
    assert d.hw.watchdog_feeds == shell.fed_when_broken and d.hw.watchdog_feeds > 0
    assert d.match.front == [0, 2] and d.reboot().match.front == [0, 2]


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
    run_for(Shell(d.hw, d.board, feed_ms=10), 0.1)
    assert d.match.front == [0, 2] and d.reboot().match.front == [0, 2]
    events = d.match.events
    assert order.index("frame %d" % events) < order.index("save %d" % events)  # lit up, then written
    assert order.count("save %d" % events) == 1  # and saved once


def test_a_flash_that_fails_for_a_while_loses_nothing_and_leaves_the_ui_alone():
    d = Driver()
    save = d.board.store.save
    failing = [True]

    def flaky(data):
        if failing[0]:
            raise OSError(5, "the flash is failing")
        save(data)

    d.board.store.save = flaky

    async def recover():
        await asyncio.sleep(0.06)  # several frames' saves have failed meanwhile
        shell.mode_while_failing = d.board.mode.name
        failing[0] = False
        d.hw.advance(40)  # the next frame's time (this clock moves only when told)

    d.hw.push_many([P1, HOLD_ENC])  # P1 deals (a change to save), then the menu opens
    shell = Shell(d.hw, d.board, feed_ms=10)
    run_for(shell, 0.12, recover)
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

    async def mend():
        await asyncio.sleep(0.03)
        d.board.handle_command = handle
        d.hw.serial.send(json.dumps({"cmd": "state", "id": 3}))

    run_for(shell, 0.1, mend)
    replies = [json.loads(line) for line in d.hw.serial.replies()]
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
    run_for(shell, 0.05)
    replies = [json.loads(line) for line in d.hw.serial.replies()]
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
        shell.frame_step(d.hw.ticks_ms())
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
    assert frames_over(d, shell, 4) == 1 and d.hw.display.lines[-1] == "FAULT LED supply"
    assert frames_over(d, shell, 400) == 11  # a frame period: 36 ms on a loop of 4 ms turns
    d.hw.faulty = None
    assert frames_over(d, shell, 4) == 1 and d.hw.display.lines[-1] != "FAULT LED supply"
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))
    shell.answer(d.hw.serial.read_line())
    assert frames_over(d, shell, 4) == 1  # a command: drawn at once


def test_the_frames_shown_are_those_drawn_every_frame_to_within_a_frame():
    # The shell draws only when the picture may have changed: at every loop turn (4 ms) the frame on
    # the LEDs is the one that drawing every frame period would show (drawn at most 37 ms before).
    from app_fuzz import random_event

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

    def wait(self, ms):
        self.asked.append(ms)
        return asyncio.sleep(0.002)

    def set(self):
        self.woken += 1


def test_with_nothing_to_do_the_controls_sleep_until_the_next_frame_and_a_command_wakes_them():
    d = Driver()
    d.hw.advance(3000)  # away from the clock's wrap
    d.hw.idle = idle = Idle()
    shell = Shell(d.hw, d.board, feed_ms=10)
    d.hw.push(P1)  # P1 deals: the play, nothing blinks
    run_for(shell, 0.05)
    assert d.match.dealer == 0 and idle.asked and idle.woken == 0
    assert all(990 <= ms <= 1000 for ms in idle.asked)  # the clock stands still: the next frame a second on
    d.hw.push(P2)  # P2 dials a peg: its preview blinks, lit 266 ms in every 400
    d.hw.serial.send(json.dumps({"cmd": "state", "id": 1}))
    idle.asked = []
    run_for(shell, 0.05)
    assert idle.woken == 1 and idle.asked and all(ms <= 266 for ms in idle.asked)
    assert shell.due_in(d.hw.ticks_ms()) == idle.asked[-1]
    shell.dirty = True
    assert shell.due_in(d.hw.ticks_ms()) == 0


def test_once_no_one_has_touched_the_board_for_a_second_the_shell_loads_the_count_s_code_ahead():
    d = Driver()
    ahead = Board._ahead.split()
    forget(" ".join(ahead))  # (another test may have loaded them)
    early = []

    async def deal_and_wait():
        d.hw.push(P1)  # P1 deals: a count is to come
        await asyncio.sleep(0.03)
        d.hw.advance(999)
        await asyncio.sleep(0.03)
        early.extend(name for name in ahead if name in sys.modules)  # none yet: the board may be in use
        d.hw.advance(1)

    run_for(Shell(d.hw, d.board, feed_ms=10), 0.05, during=deal_and_wait)
    assert d.match.dealer == 0 and early == []
    assert all(name in sys.modules for name in ahead)
