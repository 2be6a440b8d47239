"""Safe mode never looks dead: both game holes breathe dim, the display says why, the LED test is
a press away; no game is read or written. A hardware fault is said on the display and the state."""

import json
import os

from app_driver import ENC, HOLD_ENC, HOLD_P2, P1, Driver
from fake_storage import temp_dir

from app import palette, power
from app.modes.led_test import STEP_MS
from app.safe import SafeBoard
from shared.holes import HOLES, LEDS
from simulator.virtual_hardware import VirtualHardware

WHY = "the app failed 3 times in a row (a hang or an error: see the log)"  # the longest (hal.rp2_board.safe_mode)


def safe(**build):
    hw = VirtualHardware(temp_dir(), display=True, serial=True, **build)
    return SafeBoard(hw, WHY), hw


def step(board, hw, ms):
    hw.advance(ms)
    board.step(hw.ticks_ms())
    return {i: tuple(hw.frame[3 * i:3 * i + 3]) for i in range(LEDS) if hw.frame[3 * i:3 * i + 3] != bytes(3)}


def test_safe_mode_breathes_both_game_holes_dim_and_says_why_and_touches_no_saved_game():
    board, hw = safe()
    game_holes = [HOLES - 1, 2 * HOLES - 1]
    levels = set()
    full_white = bytearray(palette.WHITE)
    power.limit(full_white, board.prefs["brightness"], hw.supply_ma)
    for _ in range(40):  # 4 s: one slow breath
        lit = step(board, hw, 100)
        assert sorted(lit) == game_holes
        r, g, b = lit[game_holes[0]]
        assert r == g == b and r > 0 and lit[game_holes[1]] == (r, g, b)  # white, never dark
        levels.add(r)
    assert len(levels) > 3  # it breathes: never still
    assert max(levels) <= full_white[0] * 3 // 8  # dim: at most 96/256 of full white at its brightest
    assert hw.display.lines[0] == "SAFE MODE" and " ".join(hw.display.lines[1:-2]) == WHY  # all of it
    assert hw.display.lines[-2:] == ["enc: LED test", "off+on: play"]
    assert os.listdir(hw.storage_root) == []


def test_safe_mode_says_why_on_the_serial_log_at_once_and_every_ten_seconds():
    import app.safe as safe_module

    printed = []
    safe_module.print = printed.append  # (the module's own name goes before the builtin's)
    try:
        board, hw = safe()
        step(board, hw, 10)
        assert printed == [board.said] and WHY in board.said  # at once: a terminal opened then sees it
        for _ in range(99):  # 9.9 s more
            step(board, hw, 100)
        assert len(printed) == 1
        step(board, hw, 100)
        assert printed == [board.said] * 2  # again: a terminal opened later sees it too
    finally:
        del safe_module.print


def test_safe_mode_opens_the_led_test_with_the_encoder_and_comes_back_from_it():
    order = list(range(LEDS - 1, -1, -1))  # wired backwards
    board, hw = safe(wire_order=order)
    hw.push(ENC)  # the press that asked for safe mode, let go just after: it opens nothing
    step(board, hw, 900)
    assert board.mode.name == "safe"
    hw.push(P1)  # any other control: nothing happens
    step(board, hw, 100)
    assert board.mode.name == "safe"
    hw.push(ENC)
    step(board, hw, 10)
    assert board.mode.name == "led_test"
    lit = step(board, hw, STEP_MS // 2)
    assert list(lit) == [order[0]] and lit[order[0]][1:] == (0, 0)  # the first LED on the wire, red
    assert hw.display.lines[:3] == ["LED TEST", "LED 1 colours,", "then the walk"]  # (running: what it goes through)
    # every control echoes there, as in the app: p1 and p2 light their tracks' game holes in the
    # sides' default colours (safe mode reads no saved preferences): blue has no red, orange no blue
    for control, track, off in ((P1, 0, 0), (HOLD_P2, 1, 2)):
        hw.push(control)
        lit = step(board, hw, 10)
        game_hole = track * HOLES + HOLES - 1  # frames are in logical order
        assert lit[game_hole][off] == 0 and max(lit[game_hole]) > 0, lit
        assert hw.display.lines[4] == "last: %s %s" % control
    hw.push(HOLD_ENC)
    step(board, hw, 10)
    assert board.mode.name == "safe" and hw.display.lines[0] == "SAFE MODE"
    assert os.listdir(hw.storage_root) == []


def test_the_led_test_opened_from_safe_mode_lights_its_first_led_from_its_first_frame():
    order = list(range(LEDS - 1, -1, -1))  # wired backwards
    board, hw = safe(wire_order=order)
    step(board, hw, 1000)  # settled
    now = hw.ticks_ms()  # the loop reads the clock; then the step's poll takes a moment on the chip,
    hw.advance(1)  # so the test opened by the press starts a ms after that ``now``
    hw.push(ENC)
    board.step(now)
    assert board.mode.name == "led_test"
    lit = {i: tuple(hw.frame[3 * i:3 * i + 3]) for i in range(LEDS) if hw.frame[3 * i:3 * i + 3] != bytes(3)}
    # the first LED on the wire, red: not the chain's last (the walk's end, drawn before the test began)
    assert list(lit) == [order[0]] and lit[order[0]][1:] == (0, 0), lit


def test_safe_mode_answers_every_request_saying_why_and_how_to_leave_it():
    board, hw = safe()
    for line in ('{"cmd": "state", "id": "7"}', '{"cmd": "input", "event": ["press", "enc"]}', "no json"):
        hw.serial.send(line)
        step(board, hw, 10)
        replies = hw.serial.replies()
        assert len(replies) == 1, replies
        reply = json.loads(replies[0])
        # no id: it read no request (as the protocol's other answers to a line it did not take)
        assert sorted(reply) == ["error", "ok"] and reply["ok"] is False
        error = reply["error"]
        assert error.startswith("the board is in safe mode: " + WHY) and "power off and on to play" in error
        assert len(error) <= 240  # the protocol's longest error
    assert board.mode.name == "safe" and os.listdir(hw.storage_root) == []  # nothing was done
    step(board, hw, 1000)
    assert hw.serial.replies() == []  # one answer a request


def test_a_hardware_fault_shows_on_the_display_and_in_the_state_while_it_lasts():
    d = Driver()
    d.press(P1)
    d.hw.faulty = "LED supply"
    d.board.tick()
    d.board.render()
    assert d.hw.display.lines[-1] == "FAULT LED supply"
    assert json.loads(d.board.handle_command('{"cmd": "state"}'))["state"]["fault"] == "LED supply"
    d.press(ENC)  # no input dismisses it
    d.board.tick()
    d.board.render()
    assert d.hw.display.lines[-1] == "FAULT LED supply"
    d.hw.faulty = None
    d.board.tick()
    d.board.render()
    assert "FAULT LED supply" not in d.hw.display.lines
    assert json.loads(d.board.handle_command('{"cmd": "state"}'))["state"]["fault"] is None


def test_a_hardware_fault_shows_in_safe_mode_too():
    board, hw = safe()
    hw.faulty = "LED supply"
    step(board, hw, 10)
    assert hw.display.lines[-1] == "FAULT LED supply"
