"""When the picture changes by itself (``app.render``: ``render`` returns how long it stays as drawn):
the frames the shell skips meanwhile (``app.run``) would have been the same, in every mode."""

from app_driver import ENC, HOLD_ENC, P1, P2, Driver, turn
from app_fuzz import random_event

from app.render import Canvas, render
from cribbage_lab.deck import Xorshift32, randbelow
from portable import seeds
from shared.ticks import ticks_add

_STRIDE = 13  # ms between the frames checked: every blink phase lasts 40 ms or more


def still_at(board, t):
    """The ms the picture drawn at tick ``t`` stays; checked: the frames drawn at ``t + 1``, then every
    ``_STRIDE`` ms, and the ms before that are all the same."""
    canvas = Canvas(board.hw.led_count)
    still = render(board, canvas, t)
    frame = bytes(canvas.frame)
    later = Canvas(board.hw.led_count)
    for k in list(range(1, still, _STRIDE)) + [still - 1]:
        if k > 0:
            render(board, later, ticks_add(t, k))
            if later.frame != frame:
                raise AssertionError("%s: drawn at %d, said still for %d ms, changed at +%d" %
                                     (board.mode.describe(), t, still, k))
    return still


def test_the_frames_skipped_in_random_play_would_be_the_same():
    drawn = 0
    for seed in seeds(12):
        d = Driver()
        rng = Xorshift32(seed + 1)  # xorshift needs a seed that is not 0
        for _ in range(60):
            d.press(random_event(rng, d.board.mode.name))
            d.hw.advance(randbelow(rng, 80))  # a refusal's flicker ends, the LED test walks on
            d.board.tick()
            t = ticks_add(d.hw.ticks_ms(), randbelow(rng, 2500))  # across the clock's wrap at times
            assert 0 <= still_at(d.board, t) <= 1000
            drawn += 1
    assert drawn >= 60


def test_a_still_picture_is_drawn_again_only_once_a_second():
    d = Driver()
    d.press(P1)  # P1 deals: the play, nothing blinks
    t = ticks_add(d.hw.ticks_ms(), 5000)  # away from the wrap
    assert still_at(d.board, t) == 1000
    assert still_at(d.board, ticks_add(0, -300)) == 300  # up to the wrap, where the blinks' phases jump


def test_a_blink_is_drawn_again_when_it_changes():
    d = Driver()  # who deals? the game holes blink, 300 ms lit in every 500
    t = ticks_add(d.hw.ticks_ms(), 5000)
    t -= t % 2000  # a tick whose phase is 0 in every blink (away from the wrap: no ticks_add needed)
    assert still_at(d.board, t) == 300 and still_at(d.board, t + 299) == 1
    assert still_at(d.board, t + 300) == 200
    d.press(P1, P2)  # P1 deals, P2 dials a peg of 1: its preview blinks, 400 ms a cycle
    assert still_at(d.board, t) == 266 and still_at(d.board, t + 266) == 134


def test_a_breathing_hole_is_drawn_every_frame_and_a_refusal_until_it_ends():
    d = Driver()
    d.press(P1, ENC)  # P1 deals, the starter is dialled: its game hole breathes
    assert d.board.mode.name == "starter" and still_at(d.board, d.hw.ticks_ms()) == 0
    d = Driver()
    d.press(HOLD_ENC, turn(1), ENC, ENC)  # the menu's "new match" before the match began: refused
    now = d.hw.ticks_ms()
    assert d.board.messages.refused(now)
    left = 700
    for _ in range(40):
        still = still_at(d.board, now)
        assert 0 < still <= left
        d.hw.advance(still)
        left -= still
        now = d.hw.ticks_ms()
        if not left:
            break
    assert left == 0 and not d.board.messages.refused(now)  # each flicker drawn, then its end


def peg(d, side, points):
    """Peg ``points`` for ``side`` over the serial line, 29 at a time."""
    while points > 0:
        assert d.ask({"cmd": "event", "event": ["peg", side, min(points, 29)]})["ok"]
        points -= 29


def scripted_boards():
    """Boards in the states the random play seldom reaches: (what, board)."""
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"players": 3, "match_to": 3}})["ok"]
    for request in ({"cmd": "event", "event": ["dealer", 0]}, {"cmd": "event", "event": ["peg", 0, 7]},
                    {"cmd": "event", "event": ["peg", 2, 7]}, {"cmd": "event", "event": ["peg", 1, 3]}):
        assert d.ask(request)["ok"], request
    yield "three players, two pegs in one hole", d.board
    peg(d, 1, 118)
    assert d.match.winner == 1
    yield "a game won, the losers lurched", d.board
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"match_to": 3}})["ok"]
    d.press(P1)
    peg(d, 0, 121)
    assert d.match.match_winner == 0
    yield "the match won", d.board
    d.press(ENC)
    yield "a new match asked for", d.board
    d = Driver()
    d.press(P1)
    d.board.messages.announce("OLDER SAVE USED", "a notice")
    yield "the power-on notice", d.board
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"play": 1}})["ok"]
    for event in (["dealer", 0], ["starter", 48], ["lay", 1, 5]):
        assert d.ask({"cmd": "event", "event": event})["ok"], event
    d.press(turn(2))
    assert d.board.mode.name == "lay"
    yield "the play laid card by card", d.board
    d = Driver()
    assert d.ask({"cmd": "test_leds"})["ok"] and d.board.mode.name == "led_test"
    yield "the LED test walking", d.board
    d.press(P2)
    yield "the LED test echoing a press", d.board
    d.press(ENC)
    yield "the LED test paused", d.board
    d = Driver()
    d.press(HOLD_ENC, turn(2), ENC)
    yield "the settings", d.board
    d.press(ENC)
    yield "a setting being changed", d.board


def test_the_frames_skipped_in_rarer_states_would_be_the_same():
    for what, board in scripted_boards():
        now = board.hw.ticks_ms()
        for k in range(24):  # 2.3 s, whatever the blinks' periods
            assert 0 <= still_at(board, ticks_add(now, 97 * k)) <= 1000, what
