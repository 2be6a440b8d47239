"""The LEDs while the play is laid card by card (read without the display): whose turn, the count's bar and the rank
dialled, a team's second partner dotted, pegs kept in sight under the bar."""

from app_driver import brightness, is_hue, turn
from lay_helpers import lay, laying
from led_colour import BLUE, ORANGE


def test_the_leds_show_whose_turn_the_rank_and_the_count():
    d = laying()
    lay(d, 9)  # P2 lays a 9: P1's turn at 9
    d.press(turn(-4))  # a 5 dialled: the count would be 14
    on = d.frame_phase(400, 10)
    for hole in range(52, 61):  # the count, 9: a bar on P1's track from hole 60 along the way back
        assert is_hue(on.pixel(0, hole), BLUE) and brightness(on.pixel(0, hole)) < 200, hole
    for hole in range(47, 52):  # the five's value after it, brighter, blinking
        assert brightness(on.pixel(0, hole)) > brightness(on.pixel(0, 55)), hole
    off = d.frame_phase(400, 300)
    assert off.pixel(0, 48) == (0, 0, 0) and off.pixel(0, 52) == on.pixel(0, 52)
    assert on.pixel(0, 46) == (0, 0, 0) and on.pixel(1, 54) == (0, 0, 0)  # past it, P2's track: dark
    # the rank dialled: hole 5, blinking (steady, it would look like a peg), lit as soon as it is turned
    d.press(turn(1), turn(-1))
    lit = [is_hue(d.frame_after(ms).pixel(0, 5), BLUE) for ms in (5, 200, 250, 200)]  # 5, 205, 455, 655
    assert lit == [True, True, False, True] and d.hw.pixel(0, 4) == d.hw.pixel(0, 6) == (0, 0, 0)
    d.press(turn(8))  # a King: hole 13; worth 10, to 19
    on = d.frame_phase(400, 10)  # (within 420 ms of the detent: the rank is lit)
    assert is_hue(on.pixel(0, 13), BLUE) and brightness(on.pixel(0, 5)) < 10 and brightness(on.pixel(0, 42)) > 0
    breathing = [brightness(d.frame_phase(2000, at).pixel(0, 121)) for at in (0, 1000)]
    assert breathing[0] != breathing[1]  # P1's game hole breathes: P1's turn


def test_a_team_s_second_partner_s_turn_is_dotted_even_at_a_count_of_0():
    d = laying(players=4)  # seats: T1a, T2a, T1b, T2b; T1a deals, T2a leads

    def lit_holes(track):
        on = d.frame_phase(400, 10)  # the card dialled lit; the street marks (white) aside
        colour = (BLUE, ORANGE)[track]
        return [hole for hole in range(45, 61) if is_hue(on.pixel(track, hole), colour)]

    assert lit_holes(1) == [56, 57, 58, 59, 60]  # T2a, a 5 dialled: one run of holes from hole 60 on
    lay(d, 5)
    assert d.match.game.laying.turn == 2  # T1b, at 5: the count and the card dialled (5 more), dotted
    assert lit_holes(0) == [52, 54, 56, 58, 60]
    for rank in (13, 5, 5, 6):  # T1b a King (15), T2b a 5 (20), T1a a 5 (25, a pair), T2a a 6: 31
        lay(d, rank)
    assert d.match.game.laying.play.count == 0 and d.match.game.laying.turn == 2  # T2a made 31: T1b leads
    d.press(turn(5 - d.mode.rank))  # a 5 dialled at a count of 0: dotted still, where a first partner's is a run
    assert lit_holes(0) == [56, 58, 60]


def test_pegs_under_the_count_stay_in_sight_over_it():
    d = laying()
    for points in (31, 19):  # P1's front peg at 50, its back peg at 31: under the count's bar
        d.board.handle_command('{"cmd": "event", "event": ["peg", 0, %d]}' % points)
    lay(d, 10)
    lay(d, 13)  # P1 lays a King: the count 20, P2's turn (its own track)
    lay(d, 11)  # P2 a Jack: 30, P1's turn, the bar from hole 60 down to 31 on P1's track
    on = d.frame_phase(400, 10)
    assert d.match.game.laying.play.count == 30 and d.match.front[0] == 50
    front, back = on.pixel(0, 50), on.pixel(0, 31)
    # each stands out: at least twice the light of the bar beside it (a back peg a little brighter
    # than the bar read as part of it)
    assert brightness(front) >= 2 * brightness(on.pixel(0, 49)) and brightness(back) >= 2 * brightness(on.pixel(0, 32))


def test_the_rank_dialled_blinks_over_a_peg_of_its_own_colour():
    # A review without the display: P1's peg at hole 2 and a 2 dialled for P1 made one steady hole, no blink.
    d = laying()
    lay(d, 5)  # P2
    lay(d, 10)  # P1: fifteen two, P1's peg at hole 2
    lay(d, 2)  # P2: 17, and P1's turn with the 2 still dialled
    assert d.match.front == [2, 0] and d.mode.rank == 2 and d.mode._turn(d.board) == 0
    d.press(turn(1), turn(-1))  # (the blink starts lit at the last detent)
    lit, dark = d.frame_after(100).pixel(0, 2), d.frame_after(400).pixel(0, 2)  # 100 and 500 ms on
    assert is_hue(lit, BLUE) and dark == (0, 0, 0), (lit, dark)
