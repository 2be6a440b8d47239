"""The simulator's pieces on their own: geometry, controls, the LED picture, the terminal layout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hal.debounce import LONG_MS
from shared.events import CONTROLS
from simulator import cli
from simulator.controls import BIG_STEP, HELP, HOLD_KEYS, PLUG_KEYS, QUIT_KEYS, TURN_KEYS, Controls, detents
from simulator.device import Device
from simulator.geometry import MIN_SCALE, Geometry, Layout
from simulator.picture import DISPLAY_BOX_MM, MIN_DISPLAY_ROW_PX, BoardPicture, led_colour
from simulator.tui import HELP as TUI_HELP
from simulator.tui import KEY_NAMES, LONG_ARMED, SHIFTED, Terminal, TerminalLayout, key_name, strip_ansi

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


def test_the_displays_text_stays_readable_on_a_small_window_and_to_scale_on_a_big_one() -> None:
    lines = ["M" * 16] * 8  # the widest line, and the most lines (a count said, "turn: more" under it)
    for scale in (MIN_SCALE, 1.6, 2.2, 5):
        layout = Layout(GEOMETRY, scale)
        image = BoardPicture(layout).render(bytearray(3 * GEOMETRY.led_count), lines).convert("RGB")
        pixels = image.load()
        text = [(x, y) for x in range(image.width) for y in range(image.height)
                if pixels[x, y][2] > 150 and pixels[x, y][2] > pixels[x, y][0] + 60]  # the text's light blue
        tall = max(y for _, y in text) - min(y for _, y in text)
        assert tall >= 7 * MIN_DISPLAY_ROW_PX, (scale, tall)  # eight rows of at least that
        assert max(y for _, y in text) < image.height - layout.length(1.5), scale  # inside the picture, its bezel too
        (x0, y0), (x1, y1) = layout.px(*DISPLAY_BOX_MM[:2]), layout.px(*DISPLAY_BOX_MM[2:])
        inside = all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in text)
        assert inside == (scale == 5), scale  # to scale where it is big enough; grown about its centre where not


def test_the_terminals_help_fits_the_boards_width_uncut() -> None:
    # A review: a help line longer than the board was cut mid-word ("Backs").
    width = TerminalLayout(GEOMETRY).width
    assert all(len(line) <= width for line in (*TUI_HELP, *LONG_ARMED)), width


def test_player_3_s_button_is_named_under_the_board_with_three_players(tmp_path: Path) -> None:
    # a newcomer's review: only "who deals?" said that back held is player 3's button
    device = Device(tmp_path, manual_clock=True)
    terminal = Terminal(device)
    for players, named in ((2, False), (3, True)):
        device.board.change_settings({"players": players})
        controls = next(line for line in map(strip_ansi, terminal.screen()) if "[⌫]" in line)
        assert ("[⌫] BACK (held: P3)" in controls) is named and len(controls.rstrip()) <= terminal.layout.width
    assert "held, with three players: player 3's button" in HELP


def test_terminal_cells_follow_the_board_rows() -> None:
    layout = TerminalLayout(GEOMETRY)
    cells = {layout.cell(t, hole) for t in range(2) for hole in range(1, 122)}
    assert len(cells) == 242
    # Hole 1 to 30 of track 0 run left to right on one row; 31 continues on the same side.
    row, col = layout.cell(0, 1)
    assert layout.cell(0, 30)[0] == row and layout.cell(0, 30)[1] > col
    assert layout.cell(0, 31)[1] == layout.cell(0, 30)[1]


NAMES = [[("P1", (0, 114, 178)), ("P3", (0, 158, 115))], [("P2", (230, 159, 0))]]


def test_every_row_of_a_track_is_named_where_it_starts_in_its_players_colour() -> None:
    # the tracks nest where they turn (P1's row outside P2's), so each row says whose it is
    layout = Layout(GEOMETRY, 3.0)
    picture = BoardPicture(layout)
    frame = bytearray(3 * GEOMETRY.led_count)
    for names, painted in ((NAMES, True), (None, False)):
        image = picture.render(frame, None, names=names)
        for track, on_track in enumerate(NAMES):
            starts = GEOMETRY.row_starts(track)
            assert [hole for hole, _ in starts] == [1, 31, 61, 91]
            for hole, direction in starts:
                x, y = layout.hole_px(track, hole)
                box = image.crop((0, y - 8, x, y + 8) if direction > 0 else (x, y - 8, image.width, y + 8))
                colours = {colour for _, colour in box.getcolors(maxcolors=1 << 16)}
                for _, colour in on_track:
                    assert (colour in colours) is painted, (track, hole)


def test_the_terminal_names_every_row_of_the_tracks_and_numbers_every_fifth_hole() -> None:
    layout = TerminalLayout(GEOMETRY)
    lines = [strip_ansi(line) for line in layout.board_lines(bytearray(3 * GEOMETRY.led_count), NAMES)]
    for track, label in enumerate(("P1 P3", "P2")):
        for hole, direction in GEOMETRY.row_starts(track):
            row, col = layout.cell(track, hole)
            assert (lines[row][:col] if direction > 0 else lines[row][col + 1:]).strip() == label, (track, hole)
    for hole in range(5, 121, 5):
        row, col = layout.cell(0, hole)
        other = layout.cell(1, hole)[0]
        between = lines[(row + other) // 2]
        assert abs(row - other) == 2 and between[:col + 1].endswith(str(hole)), hole


def test_arrow_keys_step_exactly_and_the_wheel_speeds_up() -> None:
    controls = Controls()
    assert [controls.step(1) for _ in range(4)] == [[("turn", 1)]] * 4  # however quick the taps
    assert controls.step(-BIG_STEP) == [("turn", -BIG_STEP)]
    quick = [controls.turn(1, now) for now in range(0, 100, 10)]  # a spun wheel: 10 detents in 0.1 s
    assert sum(event[0][1] for event in quick) > 10


# How the help writes a Tk key name (keypad keys are the main keys' twins: not named).
SPOKEN = {"Return": "Enter", "space": "Space", "BackSpace": "Backspace", "Escape": "Esc", "Right": "→", "Left": "←",
          "Control-k": "Ctrl-K"}


def test_the_window_help_names_every_control_its_keys_its_click_and_how_to_hold_it() -> None:
    lines = HELP.splitlines()
    for control, words in (("enc", "encoder:"), ("p1", "p1:"), ("p2", "p2:"), ("back", "back:")):
        keys = [SPOKEN.get(key, key) for key, named in HOLD_KEYS.items() if named == control and
                not key.startswith("KP_")]
        line = next(line for line in lines if words in line)
        assert all(key in line for key in keys), (control, keys, line)
    text = " ".join(lines)
    assert "click the knob" in text and "click the button" in text and "mouse wheel" in text
    assert "hold the key or the mouse button down %.1f s" % (LONG_MS / 1000) in text and "the menu" in text
    assert all(SPOKEN.get(key, key) in text for key in ("Right", "Left", *PLUG_KEYS, *QUIT_KEYS[:1]))


def test_the_terminal_and_the_window_take_the_same_keys() -> None:
    # A review: "=" turned the knob in the terminal alone, and Q and Ctrl-Q quit the window alone: each kept a
    # list of its own. The terminal names the keys it reads as the window does: every name it gives is a key of
    # the one table, and every key of the table it reads (but the keypad's: a terminal's keypad sends its main
    # keys' characters).
    keys = {*HOLD_KEYS, *TURN_KEYS, *PLUG_KEYS, *QUIT_KEYS}
    spelt = {*KEY_NAMES.values(), *SHIFTED.values()}
    assert spelt <= keys
    assert {key for key in keys if not key.startswith("KP_")} <= spelt | {key for key in keys if len(key) == 1}
    assert all(key_name(key) == (key, False) for key in keys if len(key) == 1)  # a character: its own name
    assert {detents(*key_name(chars)) for chars in SHIFTED} == {BIG_STEP, -BIG_STEP}


def test_crib_sim_help_names_the_controls_keys_and_clicks() -> None:
    said = " ".join(cli.__doc__.split())
    for words in ("the same keys in the window and the terminal", "Enter", "Space", "keys 1 and 2",
                  "Backspace or Esc", "+/- (= too", "mouse wheel", "a click on the knob",
                  "held down %.1f s is a long press" % (LONG_MS / 1000), "l then a key", "F12", "Ctrl-K", "q quits",
                  "Ctrl-Q"):
        assert words in said, words


def test_the_window_does_not_import_the_command_line() -> None:
    # A review: window.py took MIN_SCALE from cli.py, which imports the window itself (lazily): a cycle, the
    # command line a dependency of the GUI. The scales are the geometry's.
    check = "import sys, simulator.window; print(sorted(m for m in sys.modules if m.startswith('simulator.')))"
    loaded = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    assert "simulator.window" in loaded and "simulator.cli" not in loaded
