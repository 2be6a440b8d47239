"""Whole games through the controls: win, skunk, double skunk, lurch, the match, power cuts; the end display."""

import json

from app_driver import BACK_PRESS, ENC, HOLD_ENC, HOLD_P1, HOLD_P2, P1, P2, Driver, brightness, is_hue, turn
from led_colour import BLUE, ORANGE

from app import palette
from shared.ticks import ticks_add


def rules(d, *presses):
    """Change settings through the menu, then leave it."""
    d.press(HOLD_ENC, turn(2), ENC, *presses)
    d.press(BACK_PRESS)


def flashes_in_a_cycle(d, track, hole):
    """How many separate flashes a hole shows over one 1.6 s end-display cycle (sampled every 50 ms): rises above
    the hole's level between them (dark, or a line's own mark)."""
    levels = [brightness(d.frame_phase(1600, t).pixel(track, hole)) for t in range(0, 1600, 50)]
    low = min(levels)
    return sum(1 for i in range(len(levels)) if levels[i] > low and (i == 0 or levels[i - 1] == low))


def won_by_p1(setup, loser):
    """A fresh board, its rules changed through the menu by ``setup`` (presses), player 1 dealing; player 2 pegs
    ``loser`` points, then player 1 goes out."""
    d = Driver()
    if setup:
        rules(d, *setup)
    d.press(P1)
    d.peg_in_steps(P2, loser)
    d.peg_in_steps(P1, 121)
    return d


def test_a_plain_win_and_the_next_game():
    d = Driver()
    d.press(P2)  # player 2 deals
    d.peg_in_steps(P2, 100)
    d.peg_in_steps(P1, 121)
    m = d.match
    assert m.winner == 0 and m.result == "win" and m.games_won == [1, 0] and m.phase == "over"
    hw = d.frame_phase(1000, 100)
    assert brightness(hw.pixel(0, 121)) > 0 and hw.pixel(0, 121)[0] == hw.pixel(0, 121)[2]  # white flash
    assert flashes_in_a_cycle(d, 1, 103) == 0  # no skunk: the loser's track shows no flashing gap
    d.press(P1)  # pegging after the end is refused at once (no dial that could never peg)
    assert m.front == [121, 100] and d.board.messages.refusal is not None and d.mode.side is None
    d.press(ENC)  # the next game; the loser (player 2) deals
    assert m.game_number == 2 and m.dealer == 1 and m.front == [0, 0] and m.games_won == [1, 0]
    hw = d.frame_after(10)
    assert is_hue(hw.pixel(0, 1), BLUE) and hw.pixel(0, 2) == (0, 0, 0)  # the tally: one game
    assert hw.pixel(1, 1) == (0, 0, 0)


def test_the_end_flashes_count_the_games_won():
    seen = {}
    for name, setup, loser in (("skunk", (), 80), ("double skunk", (), 40),
                               ("lurch", (turn(1), ENC, turn(1), ENC), 40),
                               ("double skunk 4", (turn(2), ENC, turn(1), ENC), 40)):
        d = won_by_p1(setup, loser)
        assert d.match.result == name.replace(" 4", ""), (name, d.match.result)
        gap_hole = loser + 3
        seen[name] = flashes_in_a_cycle(d, 1, gap_hole)
        hw = d.frame_phase(1600, 50)
        assert is_hue(hw.pixel(1, gap_hole), palette.VERMILLION)
        assert is_hue(hw.pixel(1, loser), ORANGE)  # the loser's front peg stays visible
    # a skunk and a lurch win 2 games, a double skunk 3 (or 4, a setting): as many flashes
    assert seen == {"skunk": 2, "double skunk": 3, "lurch": 2, "double skunk 4": 4}


def test_a_loser_one_hole_short_of_the_line_sees_that_hole_flash():
    # A play-test: at 90 of 121, skunked, no hole flashed (the gap stopped before the line's own hole)
    for name, setup, loser, line in (("skunk", (), 90, 91), ("double skunk", (), 60, 61),
                                     ("lurch", (turn(1), ENC, turn(1), ENC), 60, 61)):
        d = won_by_p1(setup, loser)
        assert d.match.result == name, (name, d.match.result)
        games = 3 if name == "double skunk" else 2
        assert flashes_in_a_cycle(d, 1, line) == games, name  # the hole missed: the line's own
        assert flashes_in_a_cycle(d, 1, line + 1) == 0, name  # none past it
        assert is_hue(d.frame_phase(1600, 50).pixel(1, loser), ORANGE)  # the loser's front peg stays as it was


def test_the_match_tally_counts_skunks_double():
    d = Driver()
    d.press(P1)
    d.peg_in_steps(P1, 121)  # player 2 never pegged: a double skunk, worth 3
    assert d.match.games_won == [3, 0]
    d.press(ENC)
    d.peg_in_steps(P2, 121)
    assert d.match.games_won == [3, 3] and d.match.game_number == 2
    hw = d.frame_phase(1600, 1500)  # between flashes: the tally holes show steady
    for hole in (1, 2, 3):
        assert is_hue(hw.pixel(0, hole), BLUE)
    d.press(HOLD_ENC, turn(1), ENC)  # menu: new match asks twice
    assert d.match.games_won == [3, 3]
    d.press(ENC)
    assert d.match.games_won == [0, 0] and d.match.game_number == 1 and d.match.log == []


def test_power_cut_in_the_middle_of_a_count_loses_nothing():
    d = Driver()
    d.press(P1, HOLD_P1, P2, turn(4), ENC)
    d.press(ENC)
    d.pick("JS")  # his heels: 2 for the dealer
    d.press(ENC)
    d.pick_all("5C 5H")  # half-way through picking pone's hand: the power goes
    before = d.match.state()
    log = [list(e) for e in d.match.log]
    after = d.reboot()
    assert after.match.state() == before and after.match.log == log
    assert after.match.front == [4, 5] and after.board.messages.notice is None
    # the same frame once the old board is idle too (the new one starts idle)
    d.board.idle()
    t = ticks_add(d.hw.ticks_ms(), 123)
    assert d.frame_at(t).frame == after.frame_at(t).frame
    # and undo history survives: undo all the way back
    after.press(BACK_PRESS, BACK_PRESS)  # the starter (and its heels), then player 2's 5
    assert after.match.front == [2, 0]
    after.press(BACK_PRESS, BACK_PRESS)
    assert after.match.front == [0, 0] and after.match.phase == "cut"


def test_settings_survive_a_power_cycle():
    d = Driver()
    rules(d, ENC, turn(1), ENC)  # game length 61
    d.press(turn(1), turn(-1))  # who deals? P1, then the cut again: both game holes (61)
    hw = d.frame_after(400)  # between their blinks, lit 300 ms in every 500 from the last detent
    # the lines move with the game length: skunk at 46, double skunk at 31 of 61
    assert is_hue(hw.pixel(0, 46), palette.VERMILLION) and is_hue(hw.pixel(0, 31), palette.PURPLE)
    assert hw.pixel(0, 91) == (0, 0, 0) and hw.pixel(0, 61) == (0, 0, 0)
    d.press(HOLD_ENC, turn(2), ENC, turn(12), ENC, turn(-3), ENC)  # brightness 160 -> 16
    d.press(BACK_PRESS)
    again = d.reboot()
    assert again.match.settings.target == 61 and again.board.prefs["brightness"] == 16
    dim = again.frame_after(20)
    assert 0 < brightness(dim.pixel(0, 46)) <= brightness(hw.pixel(0, 46))


def newest_slot(root, match):
    """The save file holding the log of ``match`` in full (the older copy holds one event less)."""
    for name in ("game.a", "game.b"):
        with open(root + "/" + name, "rb") as f:
            if json.load(f)[0]["codes"] == list(match.iter_saved()):  # a slot file is one JSON array [data, trailer]
                return root + "/" + name
    raise AssertionError("no save holds the log")


def test_a_damaged_save_falls_back_to_the_previous_one_and_says_so():
    d = Driver()
    d.press(P1, HOLD_P1)
    previous = d.match.state()
    d.press(HOLD_P1)
    path = newest_slot(d.root, d.match)
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[5] ^= 0x20  # one flipped bit inside the JSON
    with open(path, "wb") as f:
        f.write(data)
    again = d.reboot()
    assert again.match.state() == previous  # the copy before the damaged one
    notice = again.board.messages.notice
    assert notice is not None and "damaged" in notice
    reply = again.board.handle_command('{"cmd": "state"}')
    assert "damaged" in reply
    hw = again.frame_phase(1000, 100)
    assert is_hue(hw.pixel(0, 121), palette.VERMILLION) and is_hue(hw.pixel(1, 121), palette.VERMILLION)
    assert "OLDER SAVE USED" in again.hw.display.lines
    # what it means for the game, before which file and why (a review: "/game.a / is damaged / (checksum")
    lines = again.hw.display.lines
    assert lines[lines.index("OLDER SAVE USED") + 1:] == ["the game may be", "a move behind:", "check the pegs."]
    again.press(HOLD_P2)  # the first control only ends the flashing: no move follows a warning unseen
    assert again.board.messages.notice is None and again.match.front == [2, 0]
    again.press(HOLD_P2)  # the game goes on from there
    assert again.match.front == [2, 2]
    hw = again.frame_phase(1000, 100)
    assert not is_hue(hw.pixel(1, 121), palette.VERMILLION)
