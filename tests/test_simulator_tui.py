"""The terminal mode inside tmux: keys with send-keys, the coloured holes read back with capture-pane -e."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sim_process import CRIB, TIMEOUT_S, Connection, Simulator, lit_colour, wait_for

from app import palette
from host_shared import INTERRUPTED
from shared.events import ENCODER, LONG
from simulator.cli import clash_note
from simulator.device import Device
from simulator.geometry import Geometry
from simulator.picture import led_colour
from simulator.tui import (
    DARK_HOLE,
    DIM_HOLE,
    DISPLAY_LINES,
    HOLE,
    REPEAT_S,
    TOP,
    Terminal,
    TerminalLayout,
    strip_ansi,
)

# Not skipped when missing: scripts/setup installs it, and a silent skip would hide the terminal tests in CI.
if not shutil.which("tmux"):
    raise RuntimeError("tmux is not installed: run scripts/setup (it installs tmux)")
SGR = re.compile(r"\x1b\[([0-9;]*)m")
Cell = tuple[str, "tuple[int, int, int] | None"]


def parse_screen(text: str) -> list[list[Cell]]:
    """capture-pane -e output -> rows of (character, 24-bit foreground colour or None)."""
    rows = []
    for line in text.split("\n"):
        fg = None
        cells: list[Cell] = []
        pos = 0
        for match in SGR.finditer(line + "\x1b[m"):
            cells += [(ch, fg) for ch in line[pos:match.start()]]
            pos = match.end()
            params = [int(p) if p else 0 for p in match.group(1).split(";")]
            i = 0
            while i < len(params):
                p = params[i]
                if p == 0 or p == 39:
                    fg = None
                elif p in (38, 48) and params[i + 1] == 2:
                    if p == 38:
                        fg = tuple(params[i + 2:i + 5])  # type: ignore[assignment]
                    i += 4
                elif p in (38, 48) and params[i + 1] == 5:
                    i += 2
                i += 1
        rows.append(cells)
    return rows


class Tmux:
    """A private tmux server running one command in a detached session."""

    def __init__(self, command: list[str], tmp_path: Path) -> None:
        self.base = ["tmux", "-L", "crib-test-%d" % os.getpid(), "-f", os.devnull]
        env = dict(os.environ)
        # no display: the simulator must choose the terminal itself; its size is the session's, not
        # COLUMNS/LINES inherited from the test run (set under pytest-xdist workers)
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "COLUMNS", "LINES"):
            env.pop(name, None)
        subprocess.run([*self.base, "new-session", "-d", "-x", "100", "-y", "40", "-s", "sim",
                        " ".join(command)], env=env, check=True, timeout=TIMEOUT_S, cwd=tmp_path)

    def keys(self, *keys: str) -> None:
        """Type keys (tmux key names) into the session."""
        for key in keys:
            subprocess.run([*self.base, "send-keys", "-t", "sim", key], check=True, timeout=TIMEOUT_S)

    def screen(self) -> str:
        """The visible screen with its colours."""
        return subprocess.run([*self.base, "capture-pane", "-p", "-e", "-t", "sim"], capture_output=True,
                              text=True, timeout=TIMEOUT_S).stdout

    def alive(self) -> bool:
        """True while the session (the simulator) runs."""
        return subprocess.run([*self.base, "has-session", "-t", "sim"], capture_output=True).returncode == 0

    def stop(self) -> None:
        """End the private tmux server and what runs in it."""
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=TIMEOUT_S)


@pytest.fixture()
def terminal(tmp_path: Path) -> Iterator[tuple[Tmux, Connection]]:
    """The simulator in tmux (no DISPLAY), with a protocol connection to it."""
    tmux = Tmux([CRIB, "sim", "--flash", str(tmp_path / "flash"), "--port", "0"], tmp_path)
    try:
        port = wait_for(lambda: re.findall(r"serving on 127\.0\.0\.1:(\d+)", tmux.screen()), "the terminal board")
        connection = Connection(int(port[0]))
        yield tmux, connection
        connection.close()
    finally:
        tmux.stop()


def test_the_terminal_board_plays_with_keys(terminal: tuple[Tmux, Connection]) -> None:
    tmux, board = terminal
    layout = TerminalLayout(Geometry.load())
    blue, orange = led_colour(lit_colour(palette.BLUE)), led_colour(lit_colour(palette.ORANGE))

    def holes_show(expected: dict[tuple[int, int], tuple[int, int, int] | None]) -> bool:
        rows = parse_screen(tmux.screen())
        for (track, hole), colour in expected.items():
            row, col = layout.cell(track, hole)
            if row >= len(rows) or col >= len(rows[row]):
                return False  # caught mid-redraw: look again
            char, fg = rows[row][col]
            if char != HOLE or (fg != colour if colour else fg in (blue, orange)):
                return False
        return True

    tmux.keys("1", "1", "Right", "Right", "Right", "Right", "Enter")  # player 1 deals, then pegs 1 + 4
    wait_for(lambda: board.state()["front"] == [5, 0], "player 1 at 5")
    wait_for(lambda: holes_show({(0, 5): blue, (0, 6): None, (1, 5): None}), "player 1's peg in hole 5")

    tmux.keys("l", "2")  # a long press of player 2's button pegs 2
    wait_for(lambda: board.state()["front"] == [5, 2], "player 2 at 2")
    wait_for(lambda: holes_show({(0, 5): blue, (1, 2): orange}), "player 2's peg in hole 2")

    tmux.keys("1", "Right")  # dialling 2 for player 1 when the plug is pulled: the dial is lost
    wait_for(lambda: board.state()["ui"]["points"] == 2, "a peg being dialled")
    tmux.keys("F12")
    wait_for(lambda: "Power cut" in tmux.screen(), "the reboot")
    assert "serving" in tmux.screen()  # where the protocol is still served, under the power cut's note
    state = board.state()
    assert state["front"] == [5, 2] and state["ui"]["side"] is None
    tmux.keys("q")
    wait_for(lambda: not tmux.alive(), "the simulator to quit")


def test_the_terminal_says_a_port_clash_and_when_it_is_too_small(tmp_path: Path) -> None:
    first = Simulator(["--headless", "--serve", "--flash", str(tmp_path / "one")])
    tmux = Tmux([CRIB, "sim", "--flash", str(tmp_path / "two"), "--port", str(first.port)], tmp_path)
    try:
        def text() -> str:
            return " ".join(tmux.screen().split())  # the note is wrapped to the terminal's width

        wait_for(lambda: "port %d is taken by the simulator pid %d" % (first.port, first.process.pid) in text(),
                 "the port clash on the screen")
        port = int(re.findall(r"`crib status -d socket://127\.0\.0\.1:(\d+)`", text())[0])
        second = Connection(port)  # served where the screen says
        assert second.state()["phase"] == "cut"
        second.close()

        subprocess.run([*tmux.base, "resize-window", "-t", "sim", "-x", "40", "-y", "12"], check=True)
        wait_for(lambda: "The terminal is 40x12; the board needs" in text(), "the terminal to say it is too small")
        subprocess.run([*tmux.base, "resize-window", "-t", "sim", "-x", "100", "-y", "40"], check=True)
        wait_for(lambda: "C R I B B A G E" in text() and "bigger" not in text(), "the board drawn again")
        tmux.keys("q")
        wait_for(lambda: not tmux.alive(), "the simulator to quit")
    finally:
        tmux.stop()
        first.stop()


class PtyTerminal:
    """`crib sim --tui` on a pseudo-terminal of 100x40, as a terminal window runs it; ``controller``
    is the window's end (the keys typed, the screen read)."""

    def __init__(self, flash: Path) -> None:
        self.controller, terminal = pty.openpty()
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "COLUMNS", "LINES")}
        self.process = subprocess.Popen([CRIB, "sim", "--tui", "--flash", str(flash)], stdin=terminal,
                                        stdout=terminal, stderr=subprocess.PIPE, env=env, start_new_session=True)
        os.close(terminal)
        self.seen = bytearray()
        self.deadline = time.monotonic() + TIMEOUT_S

    def read_until(self, text: bytes) -> None:
        """Read the screen until ``text`` is on it."""
        while text not in self.seen:
            assert time.monotonic() < self.deadline and self.process.poll() is None, self.seen.decode(errors="replace")
            if select.select([self.controller], [], [], 0.1)[0]:
                self.seen.extend(os.read(self.controller, 65536))

    def close_window(self) -> None:
        """The window shut: its end of the pty closes, with no hang-up signal."""
        os.close(self.controller)
        self.controller = -1

    def ended(self) -> tuple[int, bytes]:
        """The simulator's exit status and what it wrote to its standard error, once it ends (the
        screen read meanwhile: a terminal left unread would stop it mid-write)."""
        while self.controller >= 0 and self.process.poll() is None:
            assert time.monotonic() < self.deadline, self.seen.decode(errors="replace")
            if select.select([self.controller], [], [], 0.1)[0]:
                try:
                    self.seen.extend(os.read(self.controller, 65536))
                except OSError:  # EIO: the simulator closed its end
                    break
        _, err = self.process.communicate(timeout=TIMEOUT_S)
        return self.process.returncode, err

    def stop(self) -> None:
        """Kill it if it still runs; close the window's end."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        if self.controller >= 0:
            os.close(self.controller)


def test_a_terminal_that_goes_away_ends_the_simulator_quietly_and_the_game_is_kept(tmp_path: Path) -> None:
    # A pty whose other end closes (a terminal window shut) with no hang-up signal: reading it fails
    flash = tmp_path / "flash"
    tui = PtyTerminal(flash)
    try:
        tui.read_until(b"C R I B B A G E")
        os.write(tui.controller, b"1")  # player 1 deals: a change, saved as it is made
        tui.read_until(b"G1 P1 deals")
        tui.close_window()
        status, err = tui.ended()
        assert status == 0 and b"Traceback" not in err, err.decode(errors="replace")
    finally:
        tui.stop()
    assert Device(flash).state()["dealer"] == 0  # P1


@pytest.mark.parametrize(("key", "status"), [(b"q", 0), (b"\x03", INTERRUPTED)])
def test_q_quits_the_terminal_board_and_ctrl_c_interrupts_it(tmp_path: Path, key: bytes, status: int) -> None:
    tui = PtyTerminal(tmp_path / "flash")
    try:
        tui.read_until(b"C R I B B A G E")
        os.write(tui.controller, key)  # in raw mode Ctrl-C is a key: the board takes it as the signal
        ended, err = tui.ended()
        assert ended == status  # crib's exit rule: 130 when interrupted (Ctrl-C)
        # said last (a review: the "listening on" printed before the board took the screen was left as the last line)
        assert err.decode().endswith("crib sim: stopped; the game is kept in %s for next time\n" % (tmp_path / "flash"))
    finally:
        tui.stop()


def test_a_too_small_terminal_is_told_one_size_that_fits_every_screen(tmp_path: Path) -> None:
    device = Device(tmp_path / "flash", manual_clock=True)
    terminal = Terminal(device)

    def needed() -> tuple[int, int]:
        said = " ".join(terminal.fitted((40, 12)))
        columns, rows = re.findall(r"the board needs (\d+)x(\d+)", said)[0]
        return int(columns), int(rows)

    start = needed()
    assert "P1" in strip_ansi(terminal.fitted(start)[0])  # the compact screen: the board from its first row
    device.push([(LONG, ENCODER)])  # the menu: more lines than the start screen
    device.hw.advance(100)
    device.step()
    assert device.lines is not None and device.lines[0] == "MENU"
    assert needed() == start
    device.hw.display.show_lines(["LINE %d" % n for n in range(DISPLAY_LINES)])  # the longest screen
    assert needed() == start
    shown = terminal.fitted(start)
    assert "P1" in strip_ansi(shown[0]) and "LINE %d" % (DISPLAY_LINES - 1) in " ".join(shown)


def test_keys_do_nothing_while_the_terminal_is_too_small_to_show_the_board(tmp_path: Path) -> None:
    # A review: with the board hidden behind "make the terminal bigger", keys still pegged, unseen.
    terminal = Terminal(Device(tmp_path / "flash", manual_clock=True))
    typed(terminal, "1")  # player 1 deals
    assert "until then keys do nothing" in " ".join(terminal.fitted((60, 20)))
    typed(terminal, "2\r")
    assert terminal.device.state()["front"] == [0, 0]
    assert terminal.key("q") is False  # q still quits
    terminal.fitted((100, 40))  # shown again: keys act
    typed(terminal, "2\r")
    assert terminal.device.state()["front"] == [0, 1]


def test_a_standard_80x24_terminal_shows_the_whole_board_and_every_display_line(tmp_path: Path) -> None:
    device = Device(tmp_path / "flash", manual_clock=True)
    note = clash_note(41222, "port 4121 is taken by the simulator pid 1 (flash %s), which crib commands reach "
                             "without -d" % tmp_path)
    terminal = Terminal(device, note=note)
    layout = terminal.layout
    assert "C R I B B A G E" in terminal.fitted((100, 40))[0]  # room enough: the whole screen, title first
    device.hw.display.show_lines(["LINE %d" % n for n in range(DISPLAY_LINES)])  # the longest screen
    shown = [strip_ansi(line) for line in terminal.fitted((80, 24))]
    assert len(shown) <= 24 and all(len(line) <= 80 for line in shown)
    for track in range(layout.geometry.tracks):  # every hole where the layout puts it, the title's rows left out
        for hole in range(1, 122):
            row, col = layout.cell(track, hole)
            assert shown[row - TOP][col] == HOLE
    text = "\n".join(shown)
    assert "LINE %d" % (DISPLAY_LINES - 1) in text and "long press" in text and "PLAYER 1" in text
    assert "`crib status -d socket://127.0.0.1:41222`" in text  # (a review: the note's end, cut, held this one's port)
    assert "make the terminal bigger" in " ".join(terminal.fitted((80, 22)))


def test_without_colour_the_terminal_tells_dark_dim_and_bright_leds_by_their_glyphs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    device = Device(tmp_path / "flash", manual_clock=True)
    device.command('{"cmd": "input", "event": ["press", "p1"]}')  # player 1 deals
    for points in (3, 2):  # pegs 3 then 2: front peg 5, back peg 3
        device.command('{"cmd": "event", "event": ["peg", 0, %d]}' % points)
    device.hw.advance(100)
    device.step()
    assert device.state()["front"] == [5, 0]
    monkeypatch.setenv("NO_COLOR", "1")
    terminal = Terminal(device)
    assert not terminal.colour
    lines = terminal.screen()
    assert not any("\x1b" in line for line in lines)  # plain text, nothing to colour

    def glyph(track: int, hole: int) -> str:
        row, col = terminal.layout.cell(track, hole)
        return lines[row][col]

    assert (glyph(0, 5), glyph(0, 3), glyph(0, 4), glyph(1, 3)) == (HOLE, DIM_HOLE, DARK_HOLE, DARK_HOLE)
    monkeypatch.setenv("NO_COLOR", "")  # empty: as if not set (no-color.org)
    assert Terminal(device).colour
    assert HOLE in strip_ansi(Terminal(device).screen()[TOP]) and DARK_HOLE not in Terminal(device).screen()[TOP]


def test_without_colour_every_colour_s_front_peg_is_bright_and_back_peg_dim_at_every_brightness(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A review without colour: P2's orange back peg showed bright, as its front peg, and P1's blue one dim
    # (the screen's colour of an orange LED is brighter than a blue one's at the same level).
    monkeypatch.setenv("NO_COLOR", "1")
    for brightness in (16, 160, 255):
        device = Device(tmp_path / str(brightness), manual_clock=True)
        assert json.loads(device.command(json.dumps({"cmd": "settings", "set": {"brightness": brightness}})))["ok"]
        device.command('{"cmd": "input", "event": ["press", "p1"]}')  # player 1 deals
        for side, points in ((0, 12), (1, 6), (0, 2), (1, 8)):  # fronts 14, 14; backs 12, 6
            device.command('{"cmd": "event", "event": ["peg", %d, %d]}' % (side, points))
        for first, second in ((0, 1), (2, 3), (4, 5), (6, 7)):  # every colour a player may choose (P3: P1's track)
            chosen = {"colour0": first, "colour1": second, "colour2": second}
            assert json.loads(device.command(json.dumps({"cmd": "settings", "set": chosen})))["ok"]
            device.hw.advance(100)
            device.step()
            terminal = Terminal(device)
            lines = terminal.screen()
            cells = [terminal.layout.cell(track, hole) for track, hole in ((0, 14), (1, 14), (0, 12), (1, 6))]
            shown = tuple(lines[row][col] for row, col in cells)
            assert shown == (HOLE, HOLE, DIM_HOLE, DIM_HOLE), (brightness, chosen, shown)


def test_without_a_terminal_it_says_so_before_it_serves_anything(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run([CRIB, "sim", "--tui", "--flash", str(tmp_path / "flash"), "--port", "0"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT_S, env=env)
    assert done.returncode == 2 and "listening" not in done.stdout and "serving" not in done.stderr
    assert done.stderr.startswith("crib sim: error: the terminal mode needs a terminal")


def typed(terminal: Terminal, text: str) -> None:
    """``text`` as one read from the terminal, acted on, and the board stepped (as ``Terminal.run`` does)."""
    for key in terminal._keys(text):
        terminal.key(key)
    terminal.device.step()


def test_a_key_held_in_a_terminal_says_how_to_hold_one(tmp_path: Path) -> None:
    # A review: 1 held (the terminal repeating it) dialled P1 +12, where the board's button held pegs 2,
    # and nothing said why.
    terminal = Terminal(Device(tmp_path / "flash", manual_clock=True))
    typed(terminal, "1")  # player 1 deals
    time.sleep(REPEAT_S)
    typed(terminal, "2")
    assert "l, then the key" not in " ".join(terminal.screen())  # a tap
    typed(terminal, "222")  # held: its repeats, a few ms apart
    assert terminal.device.state()["ui"]["points"] == 4 and "l, then the key" in " ".join(terminal.screen())


def test_function_and_alt_keys_are_no_back_and_a_lone_escape_is(tmp_path: Path) -> None:
    # A review: F1 (ESC O P in xterm and tmux), looked for as help, undid the last action as the Esc key.
    terminal = Terminal(Device(tmp_path / "flash", manual_clock=True))
    typed(terminal, "1")  # player 1 deals
    typed(terminal, "1\r")  # and pegs 1
    front = terminal.device.state()["front"]
    assert front == [1, 0]
    for keys in ("\x1bOP", "\x1bOQ\x1bOR\x1bOS", "\x1b1", "\x1bx", "\x1b[24"):
        typed(terminal, keys)  # F1, F2-F4, Alt+1, Alt+x; a sequence cut short waits for its end
    assert terminal.device.state()["front"] == front and terminal.buffer == "\x1b[24"
    typed(terminal, "~")  # its end: F12, the plug pulled (a key of the simulator's own)
    assert terminal.device.boots == 2 and terminal.device.state()["front"] == front
    typed(terminal, "\x1bOC")  # the right arrow in application cursor mode: a turn
    typed(terminal, "\x1b")  # an Esc alone waits: a sequence may follow in the next read
    assert terminal.device.state()["front"] == front and terminal.buffer == "\x1b"
    for key in terminal.lone_escape():  # nothing came: it was the Esc key, back, an undo
        terminal.key(key)
    terminal.device.step()
    assert terminal.device.state()["front"] == [0, 0] and terminal.buffer == ""


def test_a_long_press_is_armed_for_the_next_key_only_and_l_again_cancels_it(tmp_path: Path) -> None:
    terminal = Terminal(Device(tmp_path / "flash", manual_clock=True))
    typed(terminal, "1")  # player 1 deals
    typed(terminal, "l\x1b[C1")  # armed, then a turn: a turn is no long press, and drops it
    assert not terminal.long_next and terminal.device.state()["ui"]["side"] == 0  # a dial for P1, not 2 pegged
    typed(terminal, "\x7f")  # (the dial dropped)
    typed(terminal, "lx")  # armed, then a key that is none of the board's
    assert not terminal.long_next
    typed(terminal, "l")
    assert terminal.long_next and "l again: cancel" in " ".join(terminal.screen())
    typed(terminal, "l2")  # cancelled: 2 is a press
    assert terminal.device.state()["ui"]["side"] == 1 and terminal.device.state()["front"] == [0, 0]
    typed(terminal, "\x7fl2")  # armed for the next key: P2 pegs 2 at once
    assert terminal.device.state()["front"] == [0, 2]
