"""What the LEDs show: marks, the deal and the count, the current cap; the menus and the advice on the LEDs."""

import json

from app_driver import BACK_PRESS, ENC, HOLD_ENC, P1, P2, Driver, brightness, is_hue, turn
from led_colour import BLUE, ORANGE, YELLOW, dominant
from led_current import estimate_milliamps

from app import palette, power
from app.modes.settings import COLOUR_NAMES, ITEMS

MENU_BRIGHTNESS = [values for key, _, values in ITEMS if key == "brightness"][0]


def test_the_players_colours_are_named_as_the_settings_name_them():
    # the tests' own Okabe-Ito colours are the board's: its choices by the names the settings menu shows, the
    # players' defaults blue, orange and bluish green
    assert len(COLOUR_NAMES) == len(palette.CHOICES)
    named = [palette.CHOICES[COLOUR_NAMES.index(name)] for name in ("blue", "orange", "yellow")]
    assert named == [BLUE, ORANGE, YELLOW]
    assert [COLOUR_NAMES[c] for c in palette.DEFAULT_COLOURS] == ["blue", "orange", "green"]


def test_street_marks_and_lines_of_a_121_game():
    d = Driver()
    hw = d.frame_phase(500, 400)  # (outside the blink of "who deals?", which marks hole 1 and 121)
    for track in (0, 1):
        for hole in range(1, 121):
            rgb = hw.pixel(track, hole)
            if hole == 91:
                assert is_hue(rgb, palette.VERMILLION)
            elif hole == 61:
                assert is_hue(rgb, palette.PURPLE)
            elif hole % 5 == 0:
                assert rgb[0] == rgb[1] == rgb[2] > 0  # dim white
            else:
                assert rgb == (0, 0, 0), (track, hole, rgb)
        assert max(hw.pixel(track, 5)) < max(hw.pixel(track, 91))  # the line: brighter at its brightest


def test_a_61_game_s_street_marks_stop_before_its_game_hole():
    # A review without the display: the marks ran on to hole 120, as if the game went there.
    d = Driver()
    d.board.handle_command('{"cmd": "settings", "set": {"target": 61}}')
    hw = d.frame_phase(500, 400)
    for track in (0, 1):
        assert hw.pixel(track, 60)[0] == hw.pixel(track, 60)[2] > 0  # the last street mark
        assert all(hw.pixel(track, hole) == (0, 0, 0) for hole in range(62, 122)), track


def test_the_lurch_rule_marks_only_the_lurch_line_and_none_marks_nothing():
    d = Driver()
    d.board.handle_command('{"cmd": "settings", "set": {"skunk": "lurch"}}')
    hw = d.frame_phase(500, 400)
    assert is_hue(hw.pixel(0, 61), palette.PURPLE) and hw.pixel(0, 91) == (0, 0, 0)
    d.board.handle_command('{"cmd": "settings", "set": {"skunk": "none"}}')
    hw = d.frame_phase(500, 400)
    assert hw.pixel(0, 61) == (0, 0, 0) and hw.pixel(1, 91) == (0, 0, 0) and hw.pixel(1, 90)[0] > 0


def test_the_dealer_and_who_counts_next():
    d = Driver()
    d.press(P1)  # player 1 deals
    hw = d.frame_after(10)
    assert is_hue(hw.pixel(0, 121), BLUE) and hw.pixel(1, 121) == (0, 0, 0)
    d.press(ENC)
    d.pick("5D")
    d.press(ENC)
    # counting pone's hand: pone's game hole breathes (changes over 2 s), the picker grid is up
    levels = [brightness(d.frame_after(250).pixel(1, 121)) for _ in range(8)]
    assert min(levels) > 0 and max(levels) > 2 * min(levels)
    assert is_hue(d.hw.pixel(1, 121), ORANGE)


def test_the_current_never_exceeds_the_supply():
    for milliamps in (300, 500, 900):
        d = Driver(supply_ma=900)
        reply = d.board.handle_command('{"cmd": "settings", "set": {"brightness": 255, "milliamps": %d}}' % milliamps)
        assert '"ok": true' in reply
        d.press(P1)
        for _ in range(4):  # long pegs: long trails in the previews too
            d.press(P1, turn(30))
            for t in range(0, 400, 100):
                hw = d.frame_after(t + 1)
                assert estimate_milliamps(hw.frame) + power.BOARD_MA <= milliamps
            d.press(ENC)


def test_brightness_follows_the_setting():
    d = Driver()
    d.press(P1, P1, turn(10), ENC)  # player 1 deals, then pegs 11
    bright = brightness(d.frame_after(10).pixel(0, 11))
    d.board.handle_command('{"cmd": "settings", "set": {"brightness": 64}}')
    dim = brightness(d.frame_after(20).pixel(0, 11))
    assert 0 < dim < bright


def test_the_menu_items_are_holes_of_track_0():
    d = Driver()
    d.press(HOLD_ENC, turn(2))
    assert d.mode.name == "menu" and d.mode.item == 2
    hw = d.frame_phase(600, 10)
    assert brightness(hw.pixel(0, 3)) > brightness(hw.pixel(0, 1)) > 0
    assert brightness(hw.pixel(0, 5)) > 0 and hw.pixel(0, 6) == (0, 0, 0)  # five items: the LED test last
    assert hw.pixel(0, 10) == (0, 0, 0)  # no street marks in the menu
    d.press(BACK_PRESS)
    assert d.mode.name == "peg"


def test_advice_through_the_menu_shows_the_best_keep():
    d = Driver()
    d.press(HOLD_ENC, turn(3), ENC)
    assert d.mode.name == "advise"
    d.pick_all("5H 5D JS QC 2C 9D")
    d.press(P1, ENC)  # I deal
    info = d.mode.describe()
    assert info["step"] == "keeps" and info["rank"] == 1 and len(info["keep"]) == 4
    keeps = d.mode.keeps
    assert keeps[0].expected >= keeps[1].expected
    # 5 5 J Q already holds 10 (four fifteens and a pair), more than any other keep, and the
    # dealer's crib gets 2 and 9: the board shows it first
    assert sorted(info["keep"]) == sorted(d.mode.picker.picked[:4])
    d.press(turn(1))
    assert d.mode.describe()["rank"] == 2
    d.press(BACK_PRESS, BACK_PRESS)  # to the deal question, then the picker without the last card
    assert d.mode.describe()["step"] == "pick" and len(d.mode.picker.picked) == 5


def keeps_hue(rgb, colour):
    """Lit, with the brightest channel(s) of ``colour`` brightest, and dark where ``colour`` is dark."""
    if max(rgb) == 0:
        return False
    for i in range(3):
        if rgb[i] and not colour[i]:
            return False
    return dominant(rgb) == dominant(colour)


def pegged_board():
    """Player 1 deals; pegs: side 0 back 6, front 18; side 1 back 8, front 11 (no street holes)."""
    d = Driver()
    d.press(P1)
    d.peg(P1, 6)
    d.peg(P1, 12)
    d.peg(P2, 8)
    d.peg(P2, 3)
    assert d.match.front == [18, 11] and d.match.back == [6, 8]
    return d


def check_pegs_and_marks(hw, colour, where):
    """Front > back peg > every mark (by the LED's brightest channel), each in its colour."""
    front, back = hw.pixel(0, 18), hw.pixel(0, 6)
    street, dealer = hw.pixel(0, 15), hw.pixel(0, 121)
    skunk, double = hw.pixel(0, 91), hw.pixel(0, 61)
    for rgb in (front, back, dealer):
        assert keeps_hue(rgb, colour), (where, front, back, dealer)
    assert street[0] == street[1] == street[2] > 0, (where, street)
    assert keeps_hue(skunk, palette.VERMILLION) and keeps_hue(double, palette.PURPLE), (where, skunk, double)
    marks = max(max(street), max(dealer), max(skunk), max(double))
    assert max(front) > max(back) > marks, (where, front, back, street, dealer, skunk, double)


def check_preview(hw, colour, where, landing_hole=21):
    """Side 1 dialling from 11: front 11 > where it lands (blinking) > back 8 > the trail in between."""
    front, landing, back, trail = hw.pixel(1, 11), hw.pixel(1, landing_hole), hw.pixel(1, 8), hw.pixel(1, 13)
    for rgb in (front, landing, back, trail):
        assert keeps_hue(rgb, colour), (where, front, landing, back, trail)
    assert max(front) > max(landing) > max(back) > max(trail), (where, front, landing, back, trail)


def test_every_colour_keeps_its_hue_and_order_at_every_brightness():
    d = pegged_board()
    for brightness_level in MENU_BRIGHTNESS:
        for k in range(len(palette.CHOICES)):
            other = (k + 1) % len(palette.CHOICES)
            reply = d.board.handle_command(
                '{"cmd": "settings", "set": {"colour0": %d, "colour1": %d, "colour2": %d, "brightness": %d}}'
                % (k, other, (k + 2) % len(palette.CHOICES), brightness_level))  # P3 shares P1's track: not P1's
            assert '"ok": true' in reply, reply
            where = (brightness_level, COLOUR_NAMES[k])
            check_pegs_and_marks(d.frame_after(1), palette.CHOICES[k], where)
            d.press(P2, turn(9))
            check_preview(d.frame_after(10), palette.CHOICES[other], where)  # (lit: it blinks from the dial's move)
            d.press(BACK_PRESS)


def test_a_busy_frame_keeps_hue_order_and_the_cap():
    d = pegged_board()
    d.board.handle_command('{"cmd": "settings", "set": {"brightness": 255, "milliamps": 500}}')
    d.press(P2, turn(30))  # 31 points: a 30-hole trail ahead of side 1's front peg
    hw = d.frame_after(10)  # the landing hole lit: its blink starts where the dial moved
    assert estimate_milliamps(hw.frame) + power.BOARD_MA <= 500
    check_pegs_and_marks(hw, BLUE, "busy")
    check_preview(hw, ORANGE, "busy", 11 + 31)


def test_fill_colours_a_run_of_holes_as_put_colours_each():
    from hal_edges import Xorshift

    from app.render import Canvas

    rng = Xorshift(5)
    for _ in range(200):
        track = rng.below(4) - 1  # -1 and 2: off the board
        first = rng.below(130) - 4
        stop = first + rng.below(40) - 5
        colour = (rng.below(256), rng.below(256), rng.below(256))
        level = 1 + rng.below(256)
        filled = Canvas(242)
        filled.fill(track, first, stop, colour, level)
        put = Canvas(242)
        for hole in range(first, stop):
            put.put(track, hole, colour, level)
        assert filled.frame == put.frame, (track, first, stop)


def test_three_players_sharing_a_hole_take_equal_turns():
    d = Driver()
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"players": 3}}))
    d.press(P1)
    for side in (1, 2, 0):  # P2 on its own track; P1 and P3 both in hole 40 of track 1
        d.board.handle_command(json.dumps({"cmd": "event", "event": ["peg", side, 20]}))
        d.board.handle_command(json.dumps({"cmd": "event", "event": ["peg", side, 20]}))
    looks = [d.frame_phase(3000, at).pixel(0, 40) for at in range(250, 3000, 500)]  # 500 ms a turn, 6 turns
    p1 = [look for look in looks if is_hue(look, d.board.colours[0])]
    p3 = [look for look in looks if is_hue(look, d.board.colours[2])]
    assert len(p1) == len(p3) == 3, looks
