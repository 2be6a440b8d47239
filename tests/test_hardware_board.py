"""hardware/board.json is consistent: every hole once, a physically continuous LED chain,
usable pins, everything on the board; and make_board.py still writes exactly this file."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from hardware_scripts import HARDWARE, SCRIPT_FOLDER, load_script

from shared import holes

BOARD_JSON = HARDWARE / "board.json"
HOLES = 121
# Raspberry Pi Pico: GP0-GP22 and GP26-GP28 reach the header; GP23-25 and GP29 are used on the board.
PICO_HEADER_GPIOS = set(range(23)) | {26, 27, 28}
# I2C function of each GPIO (RP2040 datasheet, GPIO function table): SDA on 4n, 4n+2 alternate buses.
I2C_SDA = {0: {0, 4, 8, 12, 16, 20, 24, 28}, 1: {2, 6, 10, 14, 18, 22, 26}}
I2C_SCL = {0: {1, 5, 9, 13, 17, 21, 25, 29}, 1: {3, 7, 11, 15, 19, 23, 27}}
MAX_NEIGHBOUR_MM = 20  # LEDs next to each other on the wire are next to each other on the board
MIN_SPACING_MM = 8  # 5 mm LEDs need room


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


def test_the_layout_the_app_draws_by_is_the_board_s(board: dict) -> None:
    # shared.holes: rows of ROW holes, the way back's hole under(h) in hole h's column (the card
    # picker's grid, the cut's rows, the play's count bar), on both laps of both tracks
    where = positions(board)
    for track in (0, 1):
        rows = {where[(track, h)][1] for h in range(1, holes.ROW + 1)}
        assert len(rows) == 1, "holes 1..ROW are one row"
        for h in range(1, holes.ROW + 1):
            for lap in (0, 2 * holes.ROW):
                out, back = where[(track, lap + h)], where[(track, lap + holes.under(h))]
                assert out[0] == back[0] and out[1] != back[1], (track, lap + h)


def test_holes_do_not_overlap_and_fit_on_the_board(board: dict) -> None:
    points = list(positions(board).values())
    width, height = board["board"]["width_mm"], board["board"]["height_mm"]
    for i, p in enumerate(points):
        assert 0 < p[0] < width and 0 < p[1] < height
        for q in points[i + 1:]:
            assert math.dist(p, q) >= MIN_SPACING_MM, (p, q)


def test_controls_are_on_the_board_and_named_as_the_app_names_them(board: dict) -> None:
    from shared.events import CONTROLS

    width, height = board["board"]["width_mm"], board["board"]["height_mm"]
    assert sorted(board["controls"]) == sorted(CONTROLS)
    for x, y in board["controls"].values():
        assert 0 < x < width and 0 < y < height
    assert sorted(board["pins"]["buttons"]) == sorted(c for c in CONTROLS if c != "enc")


def test_pins_are_distinct_usable_gpios(board: dict) -> None:
    pins = board["pins"]
    i2c = pins["i2c"]
    used = [pins["led_data"], pins["encoder_a"], pins["encoder_b"], pins["encoder_switch"],
            *pins["buttons"].values(), i2c["sda"], i2c["scl"], *pins.get("led_power", {}).values()]
    assert len(set(used)) == len(used)
    assert set(used) <= PICO_HEADER_GPIOS
    assert i2c["sda"] in I2C_SDA[i2c["id"]] and i2c["scl"] in I2C_SCL[i2c["id"]]
    assert i2c["freq"] <= 400_000
    # A PIO program can read both encoder contacts with one `in pins, 2` if they are adjacent.
    assert pins["encoder_b"] == pins["encoder_a"] + 1
    # Another samples every control in one byte (8 pins from the lowest): turns and presses in order.
    controls = [pins["encoder_a"], pins["encoder_b"], pins["encoder_switch"], *pins["buttons"].values()]
    assert max(controls) - min(controls) < 8


def test_make_board_reproduces_the_committed_json() -> None:
    module = load_script("make_board")
    assert module.dumps(module.board()) == BOARD_JSON.read_text()


def test_the_supply_is_one_of_the_two_builds_and_only_the_usb_build_switches_the_leds(board: dict) -> None:
    module = load_script("make_board")
    supply = board["supply"]
    assert supply == {"variant": supply["variant"], **module.SUPPLIES[supply["variant"]]}
    assert set(module.SUPPLIES) == {"usb", "adapter"}
    # USB: U3's least limit (R8 66.5 kohm: 351 mA) and the Pico's 50 mA; the adapter of bom.csv is 5 V 2.5 A.
    assert module.SUPPLIES["usb"]["supply_ma"] == 400 and module.SUPPLIES["adapter"]["supply_ma"] == 2500
    assert ("led_power" in board["pins"]) == (supply["variant"] == "usb")


def test_both_builds_are_written_consistently(monkeypatch: pytest.MonkeyPatch) -> None:
    module = load_script("make_board")
    for variant, supply in module.SUPPLIES.items():
        monkeypatch.setattr(module, "SUPPLY", variant)
        data = json.loads(module.dumps(module.board()))
        assert data["supply"] == {"variant": variant, "supply_ma": supply["supply_ma"]}
        assert data["pins"].get("led_power") == (module.LED_POWER_PINS if variant == "usb" else None)


@pytest.mark.parametrize(("variant", "milliamps"), [("adapter", 2501), ("adapter", 4000), ("usb", 401),
                                                   ("usb", 500), ("adapter", 299), ("adapter", 2500.0)])
def test_a_supply_above_what_the_parts_are_rated_for_is_refused(monkeypatch: pytest.MonkeyPatch, variant: str,
                                                               milliamps: float) -> None:
    """Raising supply_ma would let the firmware's cap draw more than F1, J1, XF1 and the wires carry
    (or USB and U3): make_board.py refuses, and says which parts (and so writes no board.json)."""
    module = load_script("make_board")
    monkeypatch.setattr(module, "SUPPLY", variant)
    monkeypatch.setitem(module.SUPPLIES, variant, {"supply_ma": milliamps})
    with pytest.raises(ValueError, match="supply_ma") as refused:
        module.board()
    if milliamps > module.RATED_MA[variant]:
        assert "rated for" in str(refused.value) and ("F1" in str(refused.value)) == (variant == "adapter")


def test_the_usb_build_s_rating_is_u3_s_least_limit_from_its_one_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """make_board.py takes U3's limit from supply_model.py (where power_table.py and bom.py take it too), and refuses
    a USB rating (firmware/shared/supply.py's USB_MA) above U3's least limit and the Pico's share beside it."""
    module, model = load_script("make_board"), load_script("supply_model")
    assert module.SWITCH_LIMIT_MA == model.SWITCH_LIMIT_MA == load_script("power_table").SWITCH_LIMIT_MA
    assigned = [path.name for path in sorted(SCRIPT_FOLDER.glob("*.py")) if "SWITCH_LIMIT_MA = " in path.read_text()]
    assert assigned == ["supply_model.py"]
    assert all(str(ma) not in (SCRIPT_FOLDER / "make_board.py").read_text() for ma in model.SWITCH_LIMIT_MA)
    assert module.RATED_MA["usb"] <= model.SWITCH_LIMIT_MA[0] + model.USB_BOARD_MA
    monkeypatch.setattr(module, "SUPPLY", "usb")
    monkeypatch.setitem(module.RATED_MA, "usb", model.SWITCH_LIMIT_MA[0] + model.USB_BOARD_MA + 1)
    with pytest.raises(ValueError, match="U3's least current limit"):
        module.board()


def test_make_board_run_with_too_much_current_says_why_and_writes_nothing(tmp_path: Path) -> None:
    """The maker's own edit, run as BUILD.md says: an error naming the parts, not a traceback, no board.json."""
    script = (SCRIPT_FOLDER / "make_board.py").read_text()
    edited = script.replace('SUPPLY = "usb"', 'SUPPLY = "adapter"').replace('"adapter": {"supply_ma": 2500}',
                                                                           '"adapter": {"supply_ma": 6000}')
    assert edited.count("6000") == 1 and 'SUPPLY = "adapter"' in edited
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "make_board.py").write_text(edited)
    # Its siblings (supply_model.py, for U3's limit) still found in hardware/scripts/, as when run from there.
    done = subprocess.run([sys.executable, str(tmp_path / "scripts" / "make_board.py")], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(SCRIPT_FOLDER)})
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "6000 mA, above the 2500 mA" in done.stderr and "F1" in done.stderr and "XF1" in done.stderr
    assert not (tmp_path / "board.json").exists()


def test_a_smaller_adapter_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    module = load_script("make_board")
    monkeypatch.setattr(module, "SUPPLY", "adapter")
    monkeypatch.setitem(module.SUPPLIES, "adapter", {"supply_ma": 2000})
    assert module.board()["supply"] == {"variant": "adapter", "supply_ma": 2000}
    assert module.RATED_MA == {"usb": 400, "adapter": 2500}  # what power.md and bom.csv say the parts carry


def inside(box: list[float], x: float, y: float, margin: float = 0.0) -> bool:
    """Whether (x, y) lies in ``box`` [x0, y0, x1, y1] at least ``margin`` from its edges."""
    return box[0] + margin <= x <= box[2] - margin and box[1] + margin <= y <= box[3] - margin


def test_every_hole_goes_through_the_skin_made_for_it(board: dict) -> None:
    """LEDs over the LED pocket and clear of the deeper ones; controls and the display window over
    the controls pocket (a 7 mm encoder bushing cannot pass more than a few mm of wood)."""
    build = board["build"]
    pockets, holes = build["pockets"], build["hole_mm"]
    assert build["blank_mm"][:2] == [board["board"]["width_mm"], board["board"]["height_mm"]]
    led_radius = holes["led"] / 2
    for _, _, x, y in board["holes"]:
        assert inside(pockets["leds"], x, y, led_radius)
        for name in ("power", "controls"):
            assert not inside(pockets[name], x, y, -led_radius), (x, y, name)
    assert build["skin_mm"]["controls"] <= 3 < build["skin_mm"]["leds"] < build["blank_mm"][2]
    for name, (x, y) in board["controls"].items():
        radius = holes["enc" if name == "enc" else "button"] / 2
        assert inside(pockets["controls"], x, y, radius), name
    (cx, cy), (w, h) = build["display"]["centre"], build["display"]["size"]
    assert inside(pockets["controls"], cx - w / 2, cy - h / 2) and inside(pockets["controls"], cx + w / 2, cy + h / 2)


def test_the_electronics_sit_by_the_ends_of_the_chain(board: dict) -> None:
    """The shifter beside LED 0 (a short data wire), the star point (pocket_layout.places lays the power entry out)
    beside the chain's last LED (short feeds), each part inside a pocket, none under an LED hole."""
    build = board["build"]
    where = positions(board)
    first, last = where[tuple(board["leds"]["chain"][0])], where[tuple(board["leds"]["chain"][-1])]
    parts = {**build["parts"], "star point": list(load_script("pocket_layout").places(board)["star"].box)}

    def distance(box: list[float], point: tuple[float, float]) -> float:
        dx = max(box[0] - point[0], 0, point[0] - box[2])
        dy = max(box[1] - point[1], 0, point[1] - box[3])
        return math.hypot(dx, dy)

    assert distance(parts["shifter"], first) <= 15
    assert distance(parts["star point"], last) <= 25
    assert distance(parts["pico"], first) <= 25
    for name, box in parts.items():
        assert any(inside(p, box[0], box[1]) and inside(p, box[2], box[3]) for p in build["pockets"].values()), name
        for x, y in where.values():
            assert distance(box, (x, y)) > build["hole_mm"]["led"] / 2, (name, x, y)
    assert all(build["pockets"]["power"][1] <= y <= build["pockets"]["power"][3]
               for y in build["edge_left_y"].values())
