"""hardware/board.json is consistent: every hole once, a physically continuous LED chain,
usable pins, everything on the board; and make_board.py still writes exactly this file."""

from __future__ import annotations

import json
import math
from itertools import pairwise

import pytest
from hardware_scripts import HARDWARE, load_script

BOARD_JSON = HARDWARE / "board.json"
HOLES = 121
# Raspberry Pi Pico: GP0-GP22 and GP26-GP28 reach the header; GP23-25 and GP29 are used on the board.
PICO_HEADER_GPIOS = set(range(23)) | {26, 27, 28}
# I2C function of each GPIO (RP2040 datasheet, GPIO function table): SDA on 4n, 4n+2 alternate buses.
I2C_SDA = {0: {0, 4, 8, 12, 16, 20, 24, 28}, 1: {2, 6, 10, 14, 18, 22, 26}}
I2C_SCL = {0: {1, 5, 9, 13, 17, 21, 25, 29}, 1: {3, 7, 11, 15, 19, 23, 27}}
MAX_NEIGHBOUR_MM = 20  # LEDs next to each other on the wire are next to each other on the board
MIN_SPACING_MM = 8  # 5 mm LEDs need room


@pytest.fixture(scope="module")
def board() -> dict:
    """The committed hardware/board.json."""
    return json.loads(BOARD_JSON.read_text())


def positions(board: dict) -> dict[tuple[int, int], tuple[float, float]]:
    """(track, hole) -> (x, y) in millimetres."""
    return {(t, h): (x, y) for t, h, x, y in board["holes"]}


def test_every_hole_has_one_position(board: dict) -> None:
    pairs = [(t, h) for t, h, _, _ in board["holes"]]
    assert sorted(pairs) == [(t, h) for t in (0, 1) for h in range(1, HOLES + 1)]


def test_chain_wires_every_hole_exactly_once(board: dict) -> None:
    chain = [tuple(pair) for pair in board["leds"]["chain"]]
    assert board["leds"]["count"] == len(chain) == 2 * HOLES
    assert sorted(chain) == [(t, h) for t in (0, 1) for h in range(1, HOLES + 1)]
    assert board["leds"]["colour_order"] in ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")


def test_chain_neighbours_are_physical_neighbours(board: dict) -> None:
    where = positions(board)
    chain = [tuple(pair) for pair in board["leds"]["chain"]]
    for a, b in pairwise(chain):
        assert math.dist(where[a], where[b]) <= MAX_NEIGHBOUR_MM, (a, b)


def test_chain_is_serpentine_not_logical(board: dict) -> None:
    # Some stretch of the wire runs against the hole numbering (a row wired backwards).
    chain = [tuple(pair) for pair in board["leds"]["chain"]]
    assert any(a[0] == b[0] and b[1] == a[1] - 1 for a, b in pairwise(chain))


def test_each_track_is_a_continuous_path_with_streets(board: dict) -> None:
    where = positions(board)
    for track in (0, 1):
        gaps = [math.dist(where[(track, h)], where[(track, h + 1)]) for h in range(1, HOLES)]
        # Along a row of 30 holes the next hole is close; at a row's end the track turns
        # round the other track's rows (at most three row pitches away).
        assert max(gaps[h - 1] for h in range(1, HOLES) if h % 30) <= MAX_NEIGHBOUR_MM
        assert max(gaps) <= 3 * MAX_NEIGHBOUR_MM
        # Holes within a street of five are closer than holes either side of a street gap.
        inside = [gaps[h - 1] for h in range(1, HOLES) if h % 5 and h % 30]
        between = [gaps[h - 1] for h in range(5, HOLES, 5) if h % 30]
        assert max(inside) < min(between)


def test_holes_do_not_overlap_and_fit_on_the_board(board: dict) -> None:
    points = list(positions(board).values())
    width, height = board["board"]["width_mm"], board["board"]["height_mm"]
    for i, p in enumerate(points):
        assert 0 < p[0] < width and 0 < p[1] < height
        for q in points[i + 1:]:
            assert math.dist(p, q) >= MIN_SPACING_MM, (p, q)


def test_controls_are_on_the_board_and_named_as_the_app_names_them(board: dict) -> None:
    from app.events import CONTROLS

    width, height = board["board"]["width_mm"], board["board"]["height_mm"]
    assert sorted(board["controls"]) == sorted(CONTROLS)
    for x, y in board["controls"].values():
        assert 0 < x < width and 0 < y < height
    assert sorted(board["pins"]["buttons"]) == sorted(c for c in CONTROLS if c != "enc")


def test_pins_are_distinct_usable_gpios(board: dict) -> None:
    pins = board["pins"]
    i2c = pins["i2c"]
    used = [pins["led_data"], pins["encoder_a"], pins["encoder_b"], pins["encoder_switch"],
            *pins["buttons"].values(), i2c["sda"], i2c["scl"]]
    assert len(set(used)) == len(used)
    assert set(used) <= PICO_HEADER_GPIOS
    assert i2c["sda"] in I2C_SDA[i2c["id"]] and i2c["scl"] in I2C_SCL[i2c["id"]]
    assert i2c["freq"] <= 400_000
    # A PIO program can read both encoder contacts with one `in pins, 2` if they are adjacent.
    assert pins["encoder_b"] == pins["encoder_a"] + 1


def test_make_board_reproduces_the_committed_json() -> None:
    module = load_script("make_board")
    assert module.dumps(module.board()) == BOARD_JSON.read_text()
