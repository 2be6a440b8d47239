"""The simulator's pieces on their own: geometry, controls, the LED picture, the terminal layout."""

from __future__ import annotations

from app.events import CONTROLS
from hal.debounce import LONG_MS
from simulator.controls import Controls
from simulator.geometry import Geometry, Layout
from simulator.picture import BoardPicture, led_colour
from simulator.tui import TerminalLayout

GEOMETRY = Geometry.load()


def test_every_hole_and_control_lands_inside_the_picture_once() -> None:
    layout = Layout(GEOMETRY, 2.5)
    w, h = layout.size
    where = [layout.hole_px(t, hole) for t in range(2) for hole in range(1, 122)]
    assert len(set(where)) == 242
    assert all(0 < x < w and 0 < y < h for x, y in where)
    for name in CONTROLS:
        assert layout.control_at(*layout.control_px(name)) == name
    assert layout.control_at(*layout.hole_px(0, 1)) is None


def test_a_short_press_a_long_press_and_a_turn() -> None:
    controls = Controls()
    assert controls.down("p1", 1000) == []
    assert controls.held() == {"p1"}
    assert controls.up("p1", 1100) == [("press", "p1")]
    assert controls.down("enc", 2000) == []
    assert controls.poll(2000 + LONG_MS - 1) == []
    assert controls.poll(2000 + LONG_MS) == [("long", "enc")]
    assert controls.poll(2000 + LONG_MS + 500) == []  # fired once while held
    assert controls.up("enc", 4000) == []  # and the release after it says nothing
    assert controls.turn(-1, 5000) == [("turn", -1)]  # a slow turn counts exactly
    assert controls.knob == -1


def test_led_colours_on_screen_keep_order_and_hue() -> None:
    assert led_colour((0, 0, 0)) == (0, 0, 0)
    dim, bright = led_colour((0, 1, 2)), led_colour((0, 10, 20))
    assert max(dim) < max(bright)
    r, g, b = led_colour((200, 100, 0))  # saturated: scaled to full, hue kept
    assert r == 255 and 0 < g < r and b == 0


def test_a_lit_led_is_drawn_in_its_colour_in_its_hole() -> None:
    layout = Layout(GEOMETRY, 3)
    picture = BoardPicture(layout)
    frame = bytearray(3 * GEOMETRY.led_count)
    i = 3 * (1 * 121 + 40 - 1)  # track 1, hole 40
    frame[i:i + 3] = bytes((0, 40, 120))
    image = picture.render(frame, ["HELLO"])
    r, g, b = image.getpixel(layout.hole_px(1, 40))
    assert b > 200 and b > g > r
    unlit = picture.render(bytearray(len(frame)), None).getpixel(layout.hole_px(1, 40))
    assert max(unlit) < 90


def test_terminal_cells_follow_the_board_rows() -> None:
    layout = TerminalLayout(GEOMETRY)
    cells = {layout.cell(t, hole) for t in range(2) for hole in range(1, 122)}
    assert len(cells) == 242
    # Hole 1 to 30 of track 0 run left to right on one row; 31 continues on the same side.
    row, col = layout.cell(0, 1)
    assert layout.cell(0, 30)[0] == row and layout.cell(0, 30)[1] > col
    assert layout.cell(0, 31)[1] == layout.cell(0, 30)[1]
