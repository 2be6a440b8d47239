"""The LED test: the colour check on the first LED of the wire, one dim LED walking the chain in
wire order, every control echoed, within the supply; leaving it finds the game as it was."""

import sys

from app_driver import BACK_PRESS, ENC, HOLD_BACK, HOLD_ENC, HOLD_P1, P1, P2, Driver, counting, turn
from led_current import estimate_milliamps

from app import palette, power
from app.modes.led_test import STEP_MS
from shared.holes import HOLES, LEDS, place
from shared.ticks import ticks_add

CHECK_STEPS = 20  # red, green, blue, white: 5 steps (1 s) each


def serpentine():
    """A wire order unlike the logical one: rows of 11 holes, every other one wired backwards."""
    order = []
    for row in range(LEDS // 11):
        holes = list(range(row * 11, row * 11 + 11))
        if row % 2:
            holes.reverse()
        order.extend(holes)
    return order


def lit(hw):
    """{logical index: (r, g, b)} of every LED lit in the last frame."""
    frame = hw.frame
    out = {}
    for i in range(LEDS):
        rgb = (frame[3 * i], frame[3 * i + 1], frame[3 * i + 2])
        if rgb != (0, 0, 0):
            out[i] = rgb
    return out


def at_step(d, step):
    """Render in the middle of test step ``step`` (counted from the test's start) and return what is lit."""
    frame = d.frame_at(ticks_add(d.mode.started, step * STEP_MS + STEP_MS // 2))
    assert estimate_milliamps(frame.frame) + power.BOARD_MA <= d.hw.supply_ma
    return lit(frame)


def game(d):
    """The game and settings as the serial line tells them (the ui mode aside)."""
    state = d.ask({"cmd": "state"})["state"]
    del state["ui"]
    return state


def played(**build):
    """A board with a game going, and its game."""
    d = Driver(**build)
    d.press(P1, P2, turn(4), ENC)  # player 1 deals; player 2 pegs 5
    return d, game(d)


def open_from_menu(d):
    d.press(HOLD_ENC, turn(4), ENC)
    assert d.mode.name == "led_test"


def test_the_first_led_on_the_wire_shows_red_green_blue_then_one_dim_led_walks_the_chain_in_wire_order():
    order = serpentine()
    d, _ = played(wire_order=order)
    open_from_menu(d)
    first = order[0]
    for step in range(CHECK_STEPS):
        shown = at_step(d, step)
        assert list(shown) == [first]
        r, g, b = shown[first]
        colour = step // 5
        assert [r > 0, g > 0, b > 0] == [colour in (0, 3), colour in (1, 3), colour in (2, 3)], (step, shown)
    brightest = None
    for k in range(LEDS):
        shown = at_step(d, CHECK_STEPS + k)
        assert list(shown) == [order[k]], k
        (r, g, b), = shown.values()
        assert r == g == b > 0  # white
        brightest = max(brightest or 0, r)
    full_white = bytearray(palette.WHITE)
    power.limit(full_white, d.board.prefs["brightness"], d.hw.supply_ma)
    assert brightest < full_white[0]  # dim
    assert list(at_step(d, CHECK_STEPS + LEDS)) == [first]  # round again: the colour check


def test_turning_steps_the_walk_and_the_encoder_press_pauses_it():
    d, _ = played()
    open_from_menu(d)
    d.hw.advance(CHECK_STEPS * STEP_MS + STEP_MS // 2)  # the walk's first LED
    d.press(turn(7))
    assert d.ask({"cmd": "state"})["state"]["ui"]["led"] == 7
    d.press(turn(-3))
    ui = d.ask({"cmd": "state"})["state"]["ui"]
    assert ui["led"] == 4 and ui["colour"] == "dim white" and not ui["paused"] and ui["echo"] == "turn -3"
    d.press(ENC)  # pause: the light stays where it is
    for _ in range(5):
        d.hw.advance(4 * STEP_MS)  # past the press's echo on the game holes too
        assert list(lit(d.frame_after(0))) == [4]
    d.board.render()
    assert "LED 5 of 242" in d.hw.display.lines and d.ask({"cmd": "state"})["state"]["ui"]["paused"]
    d.press(turn(1))  # by hand while paused
    assert list(lit(d.frame_after(0))) == [5]
    d.press(ENC)  # walking on from there
    d.hw.advance(4 * STEP_MS)
    assert list(lit(d.frame_after(0))) == [9]
    d.press(turn(-10))  # back past the first LED: the colour check's last step, white
    ui = d.ask({"cmd": "state"})["state"]["ui"]
    assert ui["led"] == 0 and ui["colour"] == "white"
    d.press(turn(-5))
    assert d.ask({"cmd": "state"})["state"]["ui"]["colour"] == "blue"
    d.press(turn(-15))  # and back past the start: the last LED of the chain
    assert d.ask({"cmd": "state"})["state"]["ui"]["led"] == LEDS - 1


def test_every_control_is_echoed_on_the_game_holes_and_the_display():
    d, _ = played()
    open_from_menu(d)
    colours = d.board.colours
    expect = {P1: {HOLES - 1: colours[0]}, P2: {2 * HOLES - 1: colours[1]},
              BACK_PRESS: {HOLES - 1: palette.VERMILLION, 2 * HOLES - 1: palette.VERMILLION},
              HOLD_P1: {HOLES - 1: colours[0]},
              HOLD_BACK: {HOLES - 1: palette.VERMILLION, 2 * HOLES - 1: palette.VERMILLION}}  # held, as held
    for event, holes in expect.items():
        d.press(event)
        d.board.render()
        assert ("last: %s %s" % event) in d.hw.display.lines
        shown = lit(d.frame_after(100))
        for i, colour in holes.items():
            assert i in shown and is_like(shown[i], colour), (event, place(i), shown.get(i))
        others = [i for i in shown if i not in holes]
        assert len(others) == 1  # and the test's own LED
        assert not any(i in lit(d.frame_after(1000)) for i in holes if i not in others)  # a moment, then gone
    d.press(ENC)  # its echo is the walk stopping: nothing else lights
    assert d.board.mode.paused and len(lit(d.frame_after(100))) == 1
    assert d.mode.name == "led_test"  # none of them left the test


def is_like(rgb, colour):
    """The lit ``rgb`` has the channel order of ``colour``."""
    return sorted(range(3), key=lambda c: rgb[c]) == sorted(range(3), key=lambda c: colour[c]) or (
        colour[0] == colour[1] == colour[2] and rgb[0] == rgb[1] == rgb[2])


def test_holding_the_encoder_leaves_for_the_game_exactly_as_it_was_and_the_tests_code_leaves_the_heap():
    d, state = played()
    saved = d.board.saved_data()
    saved["codes"] = list(saved["codes"])
    open_from_menu(d)
    d.press(turn(5), P1, P2, BACK_PRESS, ENC, HOLD_P1, turn(-2))
    d.press(HOLD_ENC)
    assert d.mode.name == "peg" and game(d) == state
    again = d.board.saved_data()
    again["codes"] = list(again["codes"])
    assert again == saved and d.reboot().match.log == d.match.log
    assert "app.modes.led_test" not in sys.modules and not hasattr(sys.modules["app.modes"], "led_test")


def test_the_serial_line_starts_and_stops_the_test_and_refuses_a_bad_stop():
    order = serpentine()
    d, state = played(wire_order=order)
    reply = d.ask({"cmd": "test_leds"})
    assert reply["ok"] and reply["ui"]["mode"] == "led_test" and reply["ui"]["leds"] == LEDS
    assert list(at_step(d, 0)) == [order[0]]
    for bad in (1, "yes", None, [True]):
        refused = d.ask({"cmd": "test_leds", "stop": bad})
        assert not refused["ok"] and "stop" in refused["error"] and d.mode.name == "led_test"
    reply = d.ask({"cmd": "test_leds", "stop": True})
    assert reply["ok"] and reply["ui"]["mode"] == "peg"
    assert game(d) == state
    d.press(P1)  # a peg being dialled is no test: stop leaves it alone
    dialling = d.mode.describe()
    assert d.ask({"cmd": "test_leds", "stop": True})["ui"] == dialling and d.mode.describe() == dialling


def test_the_test_asked_for_over_the_serial_line_keeps_a_count_as_it_stands():
    # A review: the menu's LED test kept a count's preview, the serial line's threw it away ("the board is back
    # at the game, exactly as it was": USING.md).
    d = counting("5H", "5C 5D JH 6S")
    before = d.mode.describe()
    assert before["step"] == "confirm" and before["points"] == 15
    assert d.ask({"cmd": "test_leds"})["ui"]["mode"] == "led_test"
    assert d.ask({"cmd": "test_leds", "stop": True})["ui"] == before  # back at the count, as it stood
