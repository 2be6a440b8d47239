"""The SSD1306 driver, run inside the `micropython` interpreter (CPython has no framebuf)
against a recording I2C bus: the datasheet's power-up commands, then each text line on its own
8-pixel page, sent alone, half a line a call (the app polls the controls between two), and only
if it changed; a line changed again before it went out goes as it is now (changed between its
halves: drawn and sent again whole), and a line the bus refused is sent again."""

from __future__ import annotations

import json

from micropython_env import SSD1306_ON_A_BUS, run_micropython

SCRIPT = SSD1306_ON_A_BUS + """
class FailingBus(Bus):
    def writevto(self, address, parts):
        raise OSError(5)

def take(bus):
    writes = bus.writes[:]
    bus.writes.clear()
    return writes

def show(display, lines):
    display.show_lines(lines)
    while display.send_next():
        pass

bus = Bus()
display = SSD1306(bus, 0x3C, 64)
init = take(bus)
screen = ["X", "", "", "", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "", "", "Y", "cut off"]
display.show_lines(screen)
noted = take(bus)
calls = []
while display.send_next():
    calls.append(take(bus))
lines = [w for call in calls for w in call]
show(display, screen)
again = take(bus)
show(display, ["X", "", "Z", "", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "", "", "W"])
changed = take(bus)
display.show_lines(["X", "V", "Z", "", "", "", "", "W"])
display.i2c = FailingBus()
try:
    display.send_next()
    failed = False
except OSError:
    failed = True
display.i2c = bus
retried = [take(bus) for _ in range(5) if display.send_next()]
display.show_lines(["A", "B", "C", "", "", "", "", "W"])
display.send_next()
first = take(bus)
display.show_lines(["A", "b", "C", "", "", "", "", "W"])
rest = [take(bus) for _ in range(5) if display.send_next()]
display.show_lines(["Q", "b", "C", "", "", "", "", "W"])
display.send_next()
half = take(bus)
display.show_lines(["R", "b", "C", "", "", "", "", "W"])
redrawn = [take(bus) for _ in range(3) if display.send_next()]
letters = {}
for letter in "Bb":
    other = Bus()
    show(SSD1306(other, 0x3C, 64), ["", letter])
    letters[letter] = take(other)[-4:]  # its page's windows and data, half by half
print(json.dumps({"letters": letters, "init": init, "noted": noted, "calls": calls, "lines": lines, "again": again,
                  "changed": changed, "failed": failed, "retried": retried, "first": first, "rest": rest,
                  "half": half, "redrawn": redrawn}))
"""
PAGE = 128  # bytes: 128 columns of 8 pixels
HALF = 64  # the columns sent a call


def run() -> dict:
    """Run SCRIPT in micropython; what it printed, decoded."""
    result = run_micropython(["-c", SCRIPT])
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def sent_halves(writes: list) -> dict[tuple[int, int], list[int]]:
    """The halves of the display's pages the ``writes`` filled ({(page, 0 left or 1 right): its 64
    bytes}), as the SSD1306 takes them: a command stream setting the column and page window (0x21,
    0x22), then data from its start."""
    halves: dict[tuple[int, int], list[int]] = {}
    window = None
    for address, data in writes:
        assert address == 0x3C
        if data[0] == 0x00:  # commands
            assert data[1] == 0x21 and data[4] == 0x22, data
            columns = (data[2], data[3])
            assert columns in ((0, HALF - 1), (HALF, PAGE - 1)), columns  # half a page's columns
            window = (columns[0] // HALF, data[5], data[6])
        else:
            assert data[0] == 0x40 and window is not None  # display data, into the window
            half, first, last = window
            assert len(data) - 1 == HALF * (last - first + 1)
            for page in range(first, last + 1):
                halves[page, half] = data[1 + (page - first) * HALF:1 + (page - first + 1) * HALF]
    return halves


def sent_pages(writes: list) -> dict[int, list[int]]:
    """The display's pages the ``writes`` filled whole ({page: its 128 bytes}): both halves sent."""
    halves = sent_halves(writes)
    pages = {page for page, _ in halves}
    assert all((page, half) in halves for page in pages for half in (0, 1)), sorted(halves)
    return {page: halves[page, 0] + halves[page, 1] for page in pages}


def test_power_up_follows_the_datasheet_sequence() -> None:
    init = run()["init"]
    assert all(address == 0x3C for address, _ in init)
    flat = [b for _, data in init if data[0] == 0x00 for b in data[1:]]  # control byte 0: commands
    assert flat[0] == 0xAE  # display off first
    assert flat[-1] == 0xAF and flat.count(0xAF) == 1  # display on last, after the screen was cleared
    assert init[-1][1] == [0x00, 0xAF]
    text = bytes(flat)
    for sequence in ([0x8D, 0x14], [0xA8, 63], [0xDA, 0x12], [0x20, 0x00]):
        assert bytes(sequence) in text, sequence
    assert flat.index(0xAF) > flat.index(0x8D)
    cleared = sent_pages([w for w in init if w[1][:2] != [0x00, 0xAF]][-32:])
    assert cleared == {page: [0] * PAGE for page in range(8)}  # the whole screen blank before it is on


def test_each_changed_line_is_drawn_on_its_own_page() -> None:
    pages = sent_pages(run()["lines"])
    assert sorted(pages) == [0, 4, 7]  # "X" on line 0, the long line on 4, "Y" on 7; the ninth is cut off
    for page in (0, 7):
        assert any(pages[page][:8]) and not any(pages[page][8:])  # one character
    assert any(pages[4][120:]), "the long line fills its page to the edge"  # and stops there


def test_a_line_is_sent_only_when_it_changed() -> None:
    shown = run()
    assert shown["again"] == []  # the same lines: nothing on the bus
    first = sent_pages(shown["lines"])
    pages = sent_pages(shown["changed"])
    assert sorted(pages) == [2, 7]  # "Z" on a blank line, "W" for "Y"
    assert pages[2] != [0] * PAGE and pages[7] != first[7]


def test_a_line_the_bus_refused_is_sent_again() -> None:
    shown = run()
    assert shown["failed"]
    # line 1 was being sent when the bus failed: it goes with the next calls, then line 4 (blank now)
    assert [sorted(sent_halves(call)) for call in shown["retried"]] == [[(1, 0)], [(1, 1)], [(4, 0)], [(4, 1)]]
    assert sent_pages(shown["retried"][2] + shown["retried"][3])[4] == [0] * PAGE


def test_show_lines_only_notes_and_each_send_sends_one_line_top_first() -> None:
    shown = run()
    assert shown["noted"] == []  # nothing on the bus until a line is sent
    assert [sorted(sent_halves(call)) for call in shown["calls"]] == [
        [(0, 0)], [(0, 1)], [(4, 0)], [(4, 1)], [(7, 0)], [(7, 1)]]  # the left half of a line, then its right


def test_a_line_changed_again_before_it_went_out_goes_as_it_is_now() -> None:
    shown = run()
    assert sorted(sent_halves(shown["first"])) == [(0, 0)]  # "A", its left half
    rest = [sent_halves(call) for call in shown["rest"]]
    assert [sorted(halves) for halves in rest] == [[(0, 1)], [(1, 0)], [(1, 1)], [(2, 0)], [(2, 1)]]  # "b", never "B"
    letters = {letter: sent_pages(writes)[1] for letter, writes in shown["letters"].items()}
    assert letters["b"] != letters["B"]
    assert rest[1][1, 0] + rest[2][1, 1] == letters["b"]


def test_a_line_changed_between_its_halves_is_drawn_and_sent_again_whole() -> None:
    shown = run()
    assert sorted(sent_halves(shown["half"])) == [(0, 0)]  # "Q", its left half
    redrawn = [sent_halves(call) for call in shown["redrawn"]]
    assert [sorted(halves) for halves in redrawn] == [[(0, 0)], [(0, 1)]]  # "R" from its left half
    assert redrawn[0][0, 0] != sent_halves(shown["half"])[0, 0]
