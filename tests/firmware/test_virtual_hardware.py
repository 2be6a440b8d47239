"""The fake hardware layer behaves like the interface the app is written against."""

from portable import raises
from shared.holes import HOLES
from shared.ticks import ticks_add, ticks_diff
from simulator.virtual_hardware import CLOCK_START, VirtualHardware


def test_shape_of_the_interface():
    hw = VirtualHardware("/x")
    assert hw.led_count == 242 and hw.storage_root == "/x"
    assert hw.display is None and hw.serial is None
    hw = VirtualHardware("/x", led_count=10, display=True, serial=True)
    assert hw.led_count == 10
    assert hw.display is not None and hw.serial is not None


def test_show_keeps_a_copy_of_the_last_frame():
    hw = VirtualHardware("/x")
    frame = bytearray(3 * 242)
    frame[0:3] = b"\x01\x02\x03"  # track 0, hole 1
    frame[3 * 120:3 * 121] = b"\x04\x05\x06"  # track 0, hole 121
    frame[3 * 121:3 * 122] = b"\x07\x08\x09"  # track 1, hole 1
    frame[-3:] = b"\x0a\x0b\x0c"  # track 1, hole 121
    hw.show(frame)
    frame[0] = 99  # the app reuses its buffer: what was shown must not change
    assert hw.frames == 1
    assert hw.pixel(0, 1) == (1, 2, 3)
    assert hw.pixel(0, HOLES) == (4, 5, 6)
    assert hw.pixel(1, 1) == (7, 8, 9)
    assert hw.pixel(1, HOLES) == (10, 11, 12)
    assert hw.pixel(0, 2) == (0, 0, 0)
    hw.show(bytearray(3 * 242))
    assert hw.frames == 2 and hw.pixel(0, 1) == (0, 0, 0)


def test_bad_frames_and_holes_are_refused():
    hw = VirtualHardware("/x")
    with raises(ValueError, "726"):
        hw.show(bytearray(3 * 241))
    for track, hole in ((0, 0), (0, 122), (2, 1), (-1, 5)):
        with raises(ValueError):
            hw.pixel(track, hole)
    with raises(ValueError):
        VirtualHardware("/x", led_count=0)


def test_events_come_out_once_in_order():
    hw = VirtualHardware("/x")
    assert hw.poll_events() == ()  # nothing happened: the empty tuple, no new list (hal's contract)
    hw.push(("turn", 3))
    hw.push_many([("press", "enc"), ("long", "back")])
    assert hw.poll_events() == [("turn", 3), ("press", "enc"), ("long", "back")]
    assert hw.poll_events() == ()


def test_manual_clock_and_watchdog():
    hw = VirtualHardware("/x")
    assert hw.ticks_ms() == CLOCK_START == ticks_add(0, -2000)  # 2 s before the ticks wrap
    hw.advance(20)
    hw.advance(5)
    assert ticks_diff(hw.ticks_ms(), CLOCK_START) == 25
    hw.advance(1975)
    assert hw.ticks_ms() == 0  # wrapped, as MicroPython's ticks_ms does
    with raises(ValueError):
        hw.advance(-1)
    hw.feed_watchdog()
    hw.feed_watchdog()
    assert hw.watchdog_feeds == 2


def test_display_keeps_the_last_lines():
    hw = VirtualHardware("/x", display=True)
    assert hw.display.lines == []
    lines = ["fifteen two", "and a pair is four"]
    hw.display.show_lines(lines)
    lines.append("changed later")
    assert hw.display.lines == ["fifteen two", "and a pair is four"]


def test_serial_both_ways():
    hw = VirtualHardware("/x", serial=True)
    assert hw.serial.read_line() is None
    hw.serial.send('{"cmd": "state"}')
    hw.serial.send('{"cmd": "log"}')
    assert hw.serial.read_line() == '{"cmd": "state"}'
    assert hw.serial.read_line() == '{"cmd": "log"}'
    assert hw.serial.read_line() is None
    hw.serial.write("a\nb")
    hw.serial.write("\n")
    assert hw.serial.replies() == ["a", "b"]
    assert hw.serial.replies() == []
