"""The terminal mode inside tmux: keys with send-keys, the coloured holes read back with capture-pane -e."""

from __future__ import annotations

import fcntl
import itertools
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
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from led_colour import BLUE, ORANGE
from sim_process import CRIB, TIMEOUT_S, Connection, Simulator, lit_colour, wait_for

from app import palette
from host_shared import INTERRUPTED
from shared.events import ENCODER, LONG, PLAYER_1, PRESS, TURN
from shared.holes import index
from simulator.cli import clash_note
from simulator.device import Device
from simulator.geometry import Geometry
from simulator.picture import led_colour
from simulator.tui import (
    BACK_PEGS,
    BRIGHT_PEAK,
    DARK_HOLE,
    DISPLAY_LINES,
    FRONT_PEGS,
    HOLE,
    LIGHTS,
    REPEAT_S,
    TOP,
    Terminal,
    TerminalLayout,
    margin,
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
        # COLUMNS/LINES inherited from the test run (set under pytest-xdist workers); in colour, whatever
        # the caller's NO_COLOR says (the holes are read back by their colours)
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "COLUMNS", "LINES", "NO_COLOR"):
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
    left = margin(100, layout.width)  # the screen centred across the terminal
    blue, orange = led_colour(lit_colour(BLUE)), led_colour(lit_colour(ORANGE))

    def holes_show(expected: dict[tuple[int, int], tuple[int, int, int] | None]) -> bool:
        rows = parse_screen(tmux.screen())
        for (track, hole), colour in expected.items():
            row, col = layout.cell(track, hole)
            col += left
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


def test_a_standard_80x24_terminal_shows_the_whole_board_and_every_display_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)  # in colour: every hole the same dot, ``HOLE``
    device = Device(tmp_path / "flash", manual_clock=True)
    note = clash_note(41222, "port 4121 is taken by the simulator pid 1 (flash %s), which crib commands reach "
                             "without -d" % tmp_path)
    terminal = Terminal(device, note=note)
    layout = terminal.layout
    assert "C R I B B A G E" in terminal.fitted((100, 40))[0]  # room enough: the whole screen, title first
    device.hw.display.show_lines(["LINE %d" % n for n in range(DISPLAY_LINES)])  # the longest screen
    shown = [strip_ansi(line) for line in terminal.fitted((80, 24))]
    assert len(shown) <= 24 and all(len(line) <= 80 for line in shown)
    left = margin(80, layout.width)  # centred: the layout is 78 columns wide
    for track in range(layout.geometry.tracks):  # every hole where the layout puts it, the title's rows left out
        for hole in range(1, 122):
            row, col = layout.cell(track, hole)
            assert shown[row - TOP][left + col] == HOLE
    text = "\n".join(shown)
    assert "LINE %d" % (DISPLAY_LINES - 1) in text and "long press" in text and "PLAYER 1" in text
    assert "`crib status -d socket://127.0.0.1:41222`" in text  # (a review: the note's end, cut, held this one's port)
    assert "make the terminal bigger" in " ".join(terminal.fitted((80, 22)))


def pegged(flash: Path, players: int, pegs: list[tuple[int, int]], **settings: int) -> Device:
    """A board of ``players`` on which, once player 1 deals, each (side, points) of ``pegs`` is pegged in
    turn, with the ``settings`` (preferences) given, its frame drawn."""
    device = Device(flash, manual_clock=True)
    assert json.loads(device.command(json.dumps({"cmd": "settings", "set": {"players": players}})))["ok"]
    device.command('{"cmd": "input", "event": ["press", "p1"]}')  # player 1 deals
    for side, points in pegs:
        assert json.loads(device.command(json.dumps({"cmd": "event", "event": ["peg", side, points]})))["ok"]
    if settings:
        assert json.loads(device.command(json.dumps({"cmd": "settings", "set": settings})))["ok"]
    device.hw.advance(100)
    device.step()
    return device


def glyph_at(terminal: Terminal, lines: list[str], track: int, hole: int) -> str:
    """The glyph of hole ``hole`` of ``track`` on ``lines``, the terminal's ``screen()``."""
    row, col = terminal.layout.cell(track, hole)
    return strip_ansi(lines[row])[col]


@pytest.mark.parametrize("players", [2, 3])
def test_without_colour_every_peg_and_the_plain_and_marked_holes_have_glyphs_of_their_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    # A review without colour: three players' P1 and P3 (one track) showed the same glyphs, ● and ○, as did
    # two players' P1 and P2; and a back peg's ○ was a dim mark's (a street mark every fifth hole) too.
    monkeypatch.setenv("NO_COLOR", "1")
    pegs = [(0, 12), (1, 6), (2, 9), (0, 3), (1, 4), (2, 7)]  # fronts 15, 10, 16; backs 12, 6, 9
    device = pegged(tmp_path / "flash", players, [(side, points) for side, points in pegs if side < players])
    state = device.state()
    terminal = Terminal(device)
    lines = terminal.screen()
    kinds: dict[str, set[str]] = {}
    taken = set()
    for side in range(players):
        track = side % 2  # P3 pegs on P1's track
        for peg in ("front", "back"):
            hole = state[peg][side]
            kinds["P%d %s" % (side + 1, peg)] = {glyph_at(terminal, lines, track, hole)}
            taken.add((track, hole))
    holes = [(track, hole) for track in range(2) for hole in range(1, 122) if (track, hole) not in taken]
    kinds["mark"] = {glyph_at(terminal, lines, track, hole) for track, hole in holes if hole % 5 == 0 and hole < 121}
    dark = [(track, hole) for track, hole in holes if not any(device.frame[3 * index(track, hole):][:3])]
    assert len(dark) > 150  # most holes
    kinds["plain"] = {glyph_at(terminal, lines, track, hole) for track, hole in dark}
    for (one, these), (other, those) in itertools.combinations(kinds.items(), 2):
        assert not these & those, (one, other, kinds)
    # one column each, in every terminal: no glyph East Asian wide (two columns)
    assert not any(unicodedata.east_asian_width(glyph) in "WF" for glyphs in kinds.values() for glyph in glyphs)


def test_without_colour_the_terminal_tells_pegs_lights_and_dark_holes_and_its_legend_says_how(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    device = pegged(tmp_path / "flash", 2, [(0, 3), (0, 2)])  # front peg 5, back peg 3
    assert device.state()["front"] == [5, 0]
    monkeypatch.setenv("NO_COLOR", "1")
    terminal = Terminal(device)
    assert not terminal.colour
    lines = terminal.screen()
    assert not any("\x1b" in line for line in lines)  # plain text, nothing to colour
    shown = tuple(glyph_at(terminal, lines, *hole) for hole in ((0, 5), (0, 3), (0, 4), (1, 3), (0, 10)))
    assert shown == (FRONT_PEGS[0], BACK_PEGS[0], DARK_HOLE, DARK_HOLE, LIGHTS[0])  # hole 10: a street mark
    assert "front/back pegs ●/○ P1, ■/□ P2; other lights ◆ bright, ◇ dim; dark ·" in "\n".join(lines)
    device.push([(PRESS, PLAYER_1), (TURN, 3)])  # player 1 dials 4: lands in hole 9 (it blinks), over 6 to 8
    device.step()
    lines = terminal.screen()
    shown = tuple(glyph_at(terminal, lines, 0, hole) for hole in range(5, 10))
    assert shown == (FRONT_PEGS[0], LIGHTS[0], LIGHTS[0], LIGHTS[0], LIGHTS[1])
    # so in every colour a player may choose: every trail dim, every peg being dialled bright
    peaks = [max(colour) for colour in palette.CHOICES]
    assert max(peaks) * palette.TRAIL >> 8 < BRIGHT_PEAK <= min(peaks) * palette.PREVIEW >> 8
    monkeypatch.setenv("NO_COLOR", "")  # empty: as if not set (no-color.org)
    assert Terminal(device).colour
    assert HOLE in strip_ansi(Terminal(device).screen()[TOP]) and DARK_HOLE not in Terminal(device).screen()[TOP]
    assert "front/back pegs" not in "\n".join(Terminal(device).screen())  # colour says whose a peg is


def test_without_colour_every_colour_s_pegs_show_their_side_s_glyphs_and_two_in_one_hole_take_turns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Whose peg a lit hole shows is told by its colour where two sides share a track (P1 and P3), at every
    # brightness: their pegs in one hole take turns in it (app.render).
    monkeypatch.setenv("NO_COLOR", "1")
    pegs = [(0, 10), (2, 4), (1, 6), (0, 4), (2, 10), (1, 8)]  # fronts 14, 14, 14; backs 10, 6, 4
    for brightness in (16, 160, 255):
        device = pegged(tmp_path / str(brightness), 3, pegs, brightness=brightness)
        for first, third in itertools.permutations(range(8), 2):  # every two colours P1 and P3 may have
            chosen = {"colour0": first, "colour1": first, "colour2": third}  # (P2 may have P1's colour)
            assert json.loads(device.command(json.dumps({"cmd": "settings", "set": chosen})))["ok"]
            in_turn = set()
            for _ in range(6):  # 1.5 s: each side's turns (of 0.5 s, cut short where the clock wraps)
                device.hw.advance(250)
                device.step()
                terminal = Terminal(device)
                lines = terminal.screen()
                shown = tuple(glyph_at(terminal, lines, *hole) for hole in ((0, 10), (0, 4), (1, 14), (1, 6)))
                assert shown == (BACK_PEGS[0], BACK_PEGS[2], FRONT_PEGS[1], BACK_PEGS[1]), (brightness, chosen)
                in_turn.add(glyph_at(terminal, lines, 0, 14))
            assert in_turn == {FRONT_PEGS[0], FRONT_PEGS[2]}, (brightness, chosen, in_turn)


def test_a_wide_terminal_shows_the_screen_centred_across_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A review: on a wide terminal the board sat at its left edge.
    monkeypatch.delenv("NO_COLOR", raising=False)  # in colour: the margin told from the wood by its colour codes
    device = Device(tmp_path / "flash", manual_clock=True)
    device.hw.display.show_lines(["LINE %d" % n for n in range(DISPLAY_LINES)])  # the longest screen
    terminal = Terminal(device, note="serving on 127.0.0.1:4121")
    width = terminal.layout.width
    for columns, rows, compact in ((200, 60, False), (121, 24, True), (width + 1, 40, False), (width, 24, True)):
        shown = terminal.fitted((columns, rows))
        left = (columns - width) // 2
        # the whole screen, as one block: the board, its legend, the controls, the display, the help, the note
        assert shown == [" " * left + line for line in terminal.screen(compact)][:rows], (columns, rows)
        assert all(len(strip_ansi(line)) <= columns for line in shown)
        assert shown[0].startswith(" " * left + "\x1b[")  # the margin is the terminal's, not wood
        right = columns - len(strip_ansi(shown[0]))
        assert right - left in (0, 1), (columns, left, right)
        assert ("C R I B B A G E" in shown[0]) is not compact


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


def test_the_terminal_takes_the_window_s_keys(tmp_path: Path) -> None:
    # Q and Ctrl-Q quit the window: so they do the terminal (both read one table of keys)
    terminal = Terminal(Device(tmp_path / "flash", manual_clock=True))
    assert [terminal.key(key) for key in ("q", "Q", "\x11")] == [False] * 3
    typed(terminal, "1")  # player 1 deals
    typed(terminal, "1=")  # a dial for P1, at 1, and "=" (the "+" key without Shift) turns it on
    assert terminal.device.state()["ui"]["points"] == 2
    typed(terminal, "\x1b[1;2C-")  # Shift+→: 5; -: back 1
    assert terminal.device.state()["ui"]["points"] == 6
    typed(terminal, "\x0b")  # Ctrl-K, as F12: the plug pulled
    assert terminal.device.boots == 2
