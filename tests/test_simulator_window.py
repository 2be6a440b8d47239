"""The real Tk window under Xvfb: keys and mouse through xdotool, LEDs checked on a screenshot."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from led_colour import BLUE, ORANGE, YELLOW
from PIL import Image, ImageGrab
from sim_process import TIMEOUT_S, Simulator, lit_colour, wait_for

from hal.acceleration import DEFAULT_STEPS
from shared.events import ENCODER, PLAYER_1, PLAYER_2, PRESS, TURN
from simulator.controls import HELP
from simulator.device import Device
from simulator.geometry import MIN_SCALE, Geometry, Layout
from simulator.picture import BoardPicture, track_names
from simulator.server import ProtocolServer
from simulator.window import CONTROL, MAX_RESIZE_SCALE, RESIZE_MS, SHIFT, Window, resized_scale

pytestmark = pytest.mark.slow  # seconds a test: started first, so the parallel run ends together

SCALE = 3.0
# Not skipped when missing: scripts/setup installs them, and a silent skip would hide the window tests in CI.
for _tool in ("Xvfb", "xdotool"):
    if not shutil.which(_tool):
        raise RuntimeError(f"{_tool} is not installed: run scripts/setup (it installs Xvfb and xdotool)")


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """A fresh Xvfb server on a free display number."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            number = numbers.readline().strip()  # Xvfb writes it once it accepts clients
        assert number, "Xvfb did not start"
        yield ":" + number
    finally:
        server.terminate()
        server.wait(timeout=TIMEOUT_S)


def xdotool(display: str, *args: str) -> str:
    """Run xdotool on the test display."""
    done = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display), capture_output=True,
                          text=True, timeout=TIMEOUT_S, check=True)
    return done.stdout


class Screen:
    """Screenshots of the window, read at hole positions."""

    def __init__(self, display: str, window: str) -> None:
        self.display = display
        geometry = xdotool(display, "getwindowgeometry", "--shell", window)
        where = dict(line.split("=") for line in geometry.split())
        self.origin = (int(where["X"]), int(where["Y"]))
        self.layout = Layout(Geometry.load(), SCALE)
        self.picture = BoardPicture(self.layout)

    def at(self, x: int, y: int) -> tuple[int, int]:
        """Screen coordinates of a point of the board picture."""
        return self.origin[0] + x, self.origin[1] + y

    def hole(self, shot: Image.Image, track: int, hole: int) -> tuple[int, int, int]:
        """The colour on screen at the centre of a hole."""
        return shot.getpixel(self.at(*self.layout.hole_px(track, hole)))  # type: ignore[return-value]

    def expected(self, track: int, hole: int, rgb: tuple[int, int, int]) -> tuple[int, int, int]:
        """The pixel the picture gives that hole when its LED alone shows ``rgb``."""
        frame = bytearray(3 * self.layout.geometry.led_count)
        i = 3 * (track * 121 + hole - 1)
        frame[i:i + 3] = bytes(rgb)
        return self.picture.render(frame, None).getpixel(self.layout.hole_px(track, hole))  # type: ignore[return-value]

    def wait_for_leds(self, leds: dict[tuple[int, int], tuple[int, int, int] | None]) -> None:
        """Wait until every hole shows its LED colour (None: unlit)."""
        def matches() -> bool:
            shot = ImageGrab.grab(xdisplay=self.display)
            for (track, hole), rgb in leds.items():
                seen = self.hole(shot, track, hole)
                if rgb is None:
                    if max(seen) > 90:
                        return False
                elif any(abs(a - b) > 12 for a, b in zip(seen, self.expected(track, hole, rgb), strict=True)):
                    return False
            return True

        wait_for(matches, "LEDs %r on screen" % (leds,))


def detent(sim: Simulator, turn: Callable[[], object], points: int) -> None:
    """Turn the knob one detent and wait until the dial shows ``points``, then let more time pass
    than the encoder's speed-up counts as quick: detents queued while the simulator is busy would
    be handled back to back and multiplied, so each one is sent only after the last has counted."""
    turn()
    wait_for(lambda: sim.state()["ui"].get("points") == points, "the dial at %d" % points)
    time.sleep((DEFAULT_STEPS[-1][0] + 10) / 1000)


def test_the_window_plays_with_keys_and_mouse(display: str, tmp_path: Path) -> None:
    env = dict(os.environ, DISPLAY=display)
    sim = Simulator(["--flash", str(tmp_path), "--scale", str(SCALE)], env=env)
    try:
        window = xdotool(display, "search", "--sync", "--onlyvisible", "--name", "^Cribbage board").split()[0]
        xdotool(display, "windowfocus", "--sync", window)
        screen = Screen(display, window)
        layout = screen.layout
        blue, orange = lit_colour(BLUE), lit_colour(ORANGE)

        # Keys: 1 = player 1 deals; then 1, four quick taps right, Enter = peg 5 for player 1: a key
        # is one detent however quick the taps (no speed-up as on a spun knob); Shift+arrow is 5.
        xdotool(display, "key", "--delay", "120", "1", "1")
        wait_for(lambda: sim.state()["ui"].get("points") == 1, "player 1's peg being dialled")
        xdotool(display, "key", "--delay", "15", "Right", "Right", "Right", "Right")
        wait_for(lambda: sim.state()["ui"].get("points") == 5, "the dial at 5")
        xdotool(display, "key", "shift+Right")
        wait_for(lambda: sim.state()["ui"].get("points") == 10, "the dial at 10")
        xdotool(display, "key", "shift+Left")
        wait_for(lambda: sim.state()["ui"].get("points") == 5, "the dial at 5 again")
        xdotool(display, "key", "shift+plus")  # "+" takes Shift to type: one step all the same
        wait_for(lambda: sim.state()["ui"].get("points") == 6, "the dial at 6")
        xdotool(display, "key", "minus")
        wait_for(lambda: sim.state()["ui"].get("points") == 5, "the dial at 5 once more")
        xdotool(display, "key", "equal")  # "=", the "+" key without Shift: as in the terminal
        wait_for(lambda: sim.state()["ui"].get("points") == 6, "the dial at 6 again")
        xdotool(display, "key", "minus")
        wait_for(lambda: sim.state()["ui"].get("points") == 5, "the dial at 5 at last")
        xdotool(display, "key", "Return")
        wait_for(lambda: sim.state()["front"] == [5, 0], "player 1 at 5")
        screen.wait_for_leds({(0, 5): blue, (0, 4): None, (0, 6): None, (1, 4): None})

        # Mouse: click player 2's button, the wheel up twice, click the knob: peg 3 for player 2.
        xdotool(display, "mousemove", "--sync", *map(str, screen.at(*layout.control_px("p2"))), "click", "1")
        wait_for(lambda: sim.state()["ui"].get("side") == 1, "player 2's peg being dialled")
        xdotool(display, "mousemove", "--sync", *map(str, screen.at(*layout.control_px("enc"))))
        for points in (2, 3):
            detent(sim, lambda: xdotool(display, "click", "4"), points)
        xdotool(display, "click", "1")
        wait_for(lambda: sim.state()["front"] == [5, 3], "player 2 at 3")
        screen.wait_for_leds({(1, 3): orange, (0, 5): blue})

        # Long presses: hold the mouse on player 2's button, hold the 1 key: 2 points each.
        xdotool(display, "mousemove", "--sync", *map(str, screen.at(*layout.control_px("p2"))), "mousedown", "1")
        wait_for(lambda: sim.state()["front"] == [5, 5], "player 2's long press")
        xdotool(display, "mouseup", "1", "keydown", "1")
        wait_for(lambda: sim.state()["front"] == [7, 5], "player 1's long press")
        xdotool(display, "keyup", "1")
        screen.wait_for_leds({(0, 7): blue, (1, 5): orange, (0, 8): None, (1, 6): None})

        # Pull the plug while player 2's peg is being dialled: the board boots again from its
        # flash folder with the game, and the dial (only in memory) is gone, so Enter now
        # opens the count (at the starter: none is known yet) instead of pegging.
        xdotool(display, "key", "2")
        wait_for(lambda: sim.state()["ui"]["side"] == 1, "player 2's peg being dialled")
        xdotool(display, "key", "--delay", "200", "ctrl+k", "Return")  # Ctrl-K, as F12
        wait_for(lambda: sim.state()["ui"]["mode"] == "starter", "the count to open")
        assert sim.state()["front"] == [7, 5]
        xdotool(display, "key", "BackSpace")  # out of the count, and on with the game
        wait_for(lambda: sim.state()["ui"]["mode"] == "peg", "the count to close")
        xdotool(display, "key", "--delay", "120", "2", "Return")
        wait_for(lambda: sim.state()["front"] == [7, 6], "player 2 at 6")
        screen.wait_for_leds({(0, 7): blue, (1, 6): orange, (1, 7): None})
        xdotool(display, "key", "q")  # quits, as in the terminal
        assert sim.process.wait(timeout=TIMEOUT_S) == 0
        sim.said("crib sim: stopped")
        assert not [line for line in sim.printed if "serving on" in line]  # said once: "listening on" (a review)
    finally:
        sim.stop()


def test_the_window_says_where_it_serves_and_names_the_tracks(display: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", display)
    device = Device(tmp_path)
    server = ProtocolServer(0)
    window = Window(device, server, scale=SCALE, note="serving on 127.0.0.1:%d" % server.port)
    try:
        assert window.status.cget("text").splitlines() == ["serving on 127.0.0.1:%d" % server.port,
                                                           *HELP.splitlines()]
        assert window.root.title() == "Cribbage board · 127.0.0.1:%d" % server.port  # two told apart (a review)
        window.pull_plug()
        assert window.status.cget("text").splitlines()[:2] == ["Power cut: booted again from flash (boot 2).",
                                                               "serving on 127.0.0.1:%d" % server.port]
        assert track_names(device.board) == [[("P1", BLUE)], [("P2", ORANGE)]]
        device.command(json.dumps({"cmd": "settings", "set": {"players": 3, "colour2": 4}}))
        assert track_names(device.board) == [[("P1", BLUE), ("P3", YELLOW)], [("P2", ORANGE)]]
    finally:
        window.root.destroy()
        server.close()


def key_events(window: Window, *events: tuple[str, int] | tuple[str, int, str]) -> list[tuple]:
    """Feed a key (key "1", player 1's button, unless named third) going ("down" or "up") at X times, back to
    back as a busy loop takes them, then let the release grace pass; the input events the window made."""
    for kind, x_time, *key in events:
        event = SimpleNamespace(keysym=key[0] if key else "1", time=x_time, state=0)
        (window._key_down if kind == "down" else window._key_up)(event)
    time.sleep(0.1)
    window.root.update()
    made, window.pending = window.pending, []
    return made


def test_two_taps_taken_late_are_two_presses_and_a_held_key_one(display: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", display)
    window = Window(Device(tmp_path), None, scale=SCALE)
    try:
        # Two taps 120 ms apart whose events all wait for a busy loop: the second press comes before
        # the first release's grace has run, yet at another X time than that release.
        assert key_events(window, ("down", 1000), ("up", 1060), ("down", 1180), ("up", 1240)) == [
            (PRESS, PLAYER_1), (PRESS, PLAYER_1)]
        # A held key as X repeats it: each release and the press after it at one instant.
        assert key_events(window, ("down", 2000), ("up", 2500), ("down", 2500), ("up", 2540), ("down", 2540),
                          ("up", 2600)) == [(PRESS, PLAYER_1)]
        # A review: a turn typed 20 ms after Enter's release came before the press (in the picker: the next
        # card taken), and turns right after "1" came before the button's press (lost at home).
        assert key_events(window, ("down", 3000, "Return"), ("up", 3060, "Return"), ("down", 3080, "Right")) == [
            (PRESS, ENCODER), (TURN, 1)]
        assert key_events(window, ("down", 4000), ("up", 4060), ("down", 4080, "Right"), ("down", 4100, "Right")) == [
            (PRESS, PLAYER_1), (TURN, 1), (TURN, 1)]
    finally:
        window.root.destroy()


def test_a_key_held_as_the_window_loses_the_keyboard_is_let_go(display: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # A review: its release went to the other window; the key went on to a long press and stayed down.
    monkeypatch.setenv("DISPLAY", display)
    window = Window(Device(tmp_path), None, scale=SCALE)
    try:
        assert key_events(window, ("down", 1000, "2")) == []
        window._focus_lost(SimpleNamespace(widget=window.root))
        time.sleep(0.7)  # past a long press
        window.pending += window.controls.poll(window.now())
        assert window.pending == [(PRESS, PLAYER_2)] and not window.controls.held()
        window.pending = []
        assert key_events(window, ("down", 2000, "2"), ("up", 2060, "2")) == [(PRESS, PLAYER_2)]  # the next tap
    finally:
        window.root.destroy()


def test_the_window_takes_the_terminal_s_keys(display: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A review: "=" (the "+" key without Shift) turned the knob in the terminal alone; both now read one table.
    monkeypatch.setenv("DISPLAY", display)
    window = Window(Device(tmp_path), None, scale=SCALE)
    quits: list[str] = []
    monkeypatch.setattr(window.root, "destroy", lambda: quits.append("quit"))
    try:
        assert key_events(window, ("down", 1000, "equal"), ("up", 1060, "equal")) == [(TURN, 1)]
        for keysym, state, boots in (("F12", 0, 2), ("k", CONTROL, 3), ("K", CONTROL | SHIFT, 4)):
            window._key_down(SimpleNamespace(keysym=keysym, time=2000, state=state))
            assert window.device.boots == boots, keysym  # the plug pulled
        for keysym, state in (("q", 0), ("Q", SHIFT), ("q", CONTROL)):
            window._key_down(SimpleNamespace(keysym=keysym, time=3000, state=state))
        assert quits == ["quit"] * 3
        assert key_events(window, ("down", 4000, "1")) == []
        for repeat in (window._key_up, window._key_down):  # then Ctrl pressed too: X repeats "1" with Ctrl
            repeat(SimpleNamespace(keysym="1", time=4500, state=CONTROL))
        assert key_events(window) == [] and window.controls.held() == {PLAYER_1}  # still held
        assert key_events(window, ("up", 4700, "1")) == [(PRESS, PLAYER_1)]
    finally:
        tk.Tk.destroy(window.root)


def settle(window: Window, seconds: float) -> None:
    """Run the window's Tk events for ``seconds`` (its timers too), without its frame loop."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        window.root.update()
        time.sleep(0.01)


def test_a_resized_window_draws_the_board_to_fit_it_and_the_mouse_follows(display: str, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", display)
    window = Window(Device(tmp_path), None, scale=SCALE)
    try:
        settle(window, RESIZE_MS / 1000 * 2)
        assert window.layout.scale == SCALE  # opened at its own size: nothing drawn again
        # (a look at the window: at 700x450 and 600x460 the help's lines wrapped narrower once the board was drawn
        # smaller, and its last one was cut off)
        for size in ((820, 520), (1600, 1000), (700, 450), (600, 460)):
            window.root.geometry("%dx%d" % size)
            settle(window, RESIZE_MS / 1000 * 3)
            board, status = window.layout.size, window.status.winfo_reqheight() + 8  # (its padding)
            assert board[0] <= size[0] + 1 and board[1] + status <= size[1] + 1  # the board and its help fit
            assert board[0] > size[0] * 0.9 or board[1] + status > size[1] * 0.9  # and filling it
            assert (window.photo.width(), window.photo.height()) == board
            label = window.board_label
            assert (label.winfo_width(), label.winfo_height()) == board
            # a click on player 1's button where it is drawn now (the board centred in the window)
            x, y = window.layout.control_px("p1")
            event = SimpleNamespace(x=x, y=y)
            window._mouse_down(event)
            window._mouse_up(event)
            assert window.pending[-1:] == [(PRESS, PLAYER_1)]
            window.pending = []
            if size == (1600, 1000):
                assert window.layout.scale > SCALE
        smallest = window.root.minsize()  # a review: there the help under the board was cut off
        window.root.geometry("%dx%d" % smallest)
        settle(window, RESIZE_MS / 1000 * 3)
        window.pull_plug()  # a power cut's line too
        settle(window, 0.1)
        assert window.layout.size[1] + window.status.winfo_reqheight() <= smallest[1]
    finally:
        window.root.destroy()


def test_the_scale_for_a_resized_window_fits_its_room_within_limits() -> None:
    geometry = Geometry.load()
    width, height = geometry.width_mm, geometry.height_mm
    assert resized_scale(geometry, (round(width * 3), round(height * 4)), 2.0) == 3.0  # the narrower way
    assert resized_scale(geometry, (round(width * 3) + 2, round(height * 3)), 3.0) == 3.0  # a pixel or two: kept
    assert resized_scale(geometry, (round(width * 3) - 1, round(height * 3) - 1), 3.0) == 3.0
    assert resized_scale(geometry, (round(width), round(height)), 1.0) == 1.0  # fitted to a tiny screen: kept
    assert resized_scale(geometry, (round(width * 3), round(height * 3) - 20), 3.0) < 3.0
    assert resized_scale(geometry, (100, 100), 3.0) == MIN_SCALE
    assert resized_scale(geometry, (100_000, 100_000), 3.0) == MAX_RESIZE_SCALE
