"""Endings that read right: who won and what, the game hole of a 61 game, a match to N game points
ended and the next one started on purpose, refusals wrapped at spaces."""

import json

from app_driver import BACK_PRESS, ENC, HOLD_ENC, HOLD_P2, P1, P2, Driver, brightness, is_hue, turn
from led_colour import BLUE

from app import palette


def game(d, loser_points, settings=None):
    """A fresh board (``settings`` over the serial line), player 1 deals; player 2 pegs
    ``loser_points``, player 1 goes out."""
    if settings:
        d.board.handle_command(json.dumps({"cmd": "settings", "set": settings}))
    d.press(P1)
    d.peg_in_steps(P2, loser_points)
    d.peg_in_steps(P1, d.match.settings.target - d.match.front[0])
    return d.display()


def test_a_game_won_by_his_heels_says_so():
    # A review: the end screen said nothing of why, where a game won by a card of the play says what it made.
    d = Driver()
    d.press(P1)  # P1 deals
    d.peg_in_steps(P2, 100)
    d.peg_in_steps(P1, 119)
    d.press(ENC)
    d.pick("JS")  # his heels: 121
    assert d.match.winner == 0 and d.display()[3:7] == ["P1 WINS", "P1: his heels 2", "next: P2 deals",
                                                          "enc=next game"]
    d = Driver()  # three players, both others double skunked: the scores give way (the pegs show them), the hint stays
    d.board.change_settings({"players": 3})
    d.press(P1)
    d.peg_in_steps(P1, 119)
    d.press(ENC)
    d.pick("JS")
    assert d.display() == ["G1  won 3-0-0", "P1 WINS 3 GAMES", "P2 P3 DOUBLE-", "SKUNKED", "P1: his heels 2",
                           "next: P2 deals", "enc=next game"]


def test_the_end_says_who_won_and_what():
    lines = game(Driver(), 100)
    assert lines[0] == "G1  won 1-0" and lines[3:6] == ["P1 WINS", "next: P2 deals", "enc=next game"]
    assert game(Driver(), 80)[3:5] == ["P1 WINS 2 GAMES", "P2 SKUNKED"]
    assert game(Driver(), 40)[3:6] == ["P1 WINS 3 GAMES", "P2 DOUBLE-", "SKUNKED"]
    assert game(Driver(), 40, {"skunk": "lurch"})[3:5] == ["P1 WINS 2 GAMES", "P2 LURCHED"]
    assert game(Driver(), 80, {"players": 3})[4:6] == ["P1 WINS 2 GAMES", "P2 P3 SKUNKED"]
    assert game(Driver(), 80, {"players": 4})[3:5] == ["T1 WINS 2 GAMES", "T2 SKUNKED"]
    assert all(len(line) <= 16 for line in game(Driver(), 40, {"players": 3}))


def test_a_refusal_at_a_double_skunk_takes_its_two_lines_together():
    # A play-test: three players, a refusal at the end left "P1 P3" alone on a line, its "DOUBLE SKUNKED" gone
    d = Driver()
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"players": 3}}))
    d.press(P1)
    d.peg_in_steps(P1, 40)
    d.peg_in_steps(P2, 121)
    assert d.match.result == "double skunk" and d.display()[5:7] == ["P1 P3 DOUBLE-", "SKUNKED"]
    d.press(P1)  # refused: the game is over
    shown = d.display()
    assert shown[-2:] == ["NO: game over:", "enc=next game"] and "P2 WINS 3 GAMES" in shown
    assert "P1 P3 DOUBLE-" not in shown and "SKUNKED" not in shown, shown  # the sentence given way whole


def test_a_long_match_s_end_says_its_numbers_whole():
    # A review of years of evenings: game 1001's end read "G1001 won 629-63" (the display cut the line)
    for players, number, won, head in ((2, 9, [5, 3], "G9  won 6-3"), (2, 1001, [100, 99], "G1001 won 101-99"),
                                       (2, 1001, [628, 634], "G1001 629-634"), (3, 100, [39, 48, 31], "G100 40-48-31"),
                                       (3, 1001, [399, 300, 300], "won 400-300-300")):
        d = Driver()
        d.board.handle_command(json.dumps({"cmd": "settings", "set": {"players": players}}))
        d.match.game_number = number  # as a match that long has them
        d.match.games_won = won
        assert game(d, 100)[0] == head


def test_the_end_says_who_deals_the_next_game_and_that_seat_deals():
    for players, loser_points in ((2, 100), (3, 80), (4, 80)):
        d = Driver()
        said = [line for line in game(d, loser_points, {"players": players}) if line.startswith("next: ")]
        d.press(ENC)  # the next game
        assert said == ["next: %s deals" % d.match.settings.seat_name(d.match.dealer)], (players, said)
    d = Driver()
    assert not any(line.startswith("next: ") for line in game(d, 40, {"players": 3}))  # no room beside a
    # double skunk of two losers: the hint and the tally come first


def test_in_a_61_game_the_game_hole_is_61():
    d = Driver()
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"target": 61}}))
    d.press(P1)
    hw = d.frame_after(10)
    assert is_hue(hw.pixel(0, 61), BLUE) and hw.pixel(0, 121) == (0, 0, 0)  # the dealer's light
    d.peg_in_steps(P1, 61)
    assert d.match.winner == 0
    hw = d.frame_phase(1000, 100)
    assert hw.pixel(0, 61)[0] == hw.pixel(0, 61)[2] > 0 and hw.pixel(0, 121) == (0, 0, 0)  # the white flash
    d.press(P1, ENC)  # refused: both game holes flicker, on 61
    hw = d.frame_phase(120, 10)
    assert is_hue(hw.pixel(1, 61), palette.VERMILLION) and hw.pixel(1, 121) == (0, 0, 0)


def test_a_match_to_3_ends_and_the_next_starts_only_on_purpose():
    d = Driver()
    d.press(HOLD_ENC, turn(2), ENC, turn(7), ENC, turn(1), ENC)  # settings: match to 3
    assert d.match.settings.match_to == 3
    d.press(BACK_PRESS)
    d.press(P1)
    d.peg_in_steps(P2, 80)
    d.peg_in_steps(P1, 121)  # a skunk: 2 game points
    hw = d.frame_phase(1600, 1500)
    assert is_hue(hw.pixel(0, 1), BLUE) and is_hue(hw.pixel(0, 2), BLUE)
    assert hw.pixel(0, 3)[0] == hw.pixel(0, 3)[2] > 0  # the hole that wins the match, dim white
    d.press(ENC)  # the next game: the loser deals
    assert d.match.dealer == 1 and d.match.match_winner is None
    d.peg_in_steps(P2, 100)
    d.peg_in_steps(P1, 121)  # 3: the match
    assert d.match.match_winner == 0 and d.match.games_won == [3, 0]
    lines = d.display()
    assert lines[0] == "MATCH OVER 3-0" and lines[3:5] == ["P1 WINS MATCH", "enc x2=new match"]
    on = d.frame_phase(1000, 100).pixel(0, 1)
    off = d.frame_phase(1000, 700).pixel(0, 1)
    assert is_hue(on, BLUE) and brightness(off) == 0  # the winner's tally blinks
    d.press(ENC)  # once: asks
    assert d.match.games_won == [3, 0] and d.display()[-2:] == ["enc=new match", "back=keep match"]
    d.press(P2)  # anything else cancels (here: player 2's button, refused: the game is over)
    assert not d.mode.sure and d.board.messages.refusal is not None
    d.press(ENC)  # the encoder asks again
    assert d.match.games_won == [3, 0] and d.mode.sure and d.display()[-2:] == ["enc=new match", "back=keep match"]
    d.press(BACK_PRESS)  # back lets the question go, and only that (a review: it undid the winning points)
    assert not d.mode.sure and d.match.match_winner == 0 and d.display()[-1] == "enc x2=new match"
    d.press(ENC)
    d.press(ENC)  # twice: the new match
    assert d.match.games_won == [0, 0] and d.match.phase == "cut" and d.match.events == 0


def test_back_at_the_end_of_a_match_undoes_the_winning_peg():
    d = Driver()
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"match_to": 3}}))
    d.press(P1)
    d.peg_in_steps(P1, 121)  # a double skunk: 3, the match at once
    assert d.match.match_winner == 0
    r = json.loads(d.board.handle_command('{"cmd": "new_game"}'))
    assert not r["ok"] and r["error"] == "the match is over: P1 won it 3-0 (undo, or a new match)"
    d.press(BACK_PRESS)
    assert d.match.match_winner is None and d.match.winner is None and d.match.front[0] < 121
    r = json.loads(d.board.handle_command('{"cmd": "state"}'))
    assert r["state"]["match_winner"] is None and r["state"]["settings"]["match_to"] == 3


def test_after_a_won_match_a_refusal_points_to_a_new_match_or_undo():
    # A playtest: the words of a won game offered a new game, refused too once the match is won.
    d = Driver()
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"match_to": 3}}))
    d.press(P1)
    d.peg_in_steps(P1, 121)  # a double skunk: 3, the match
    d.press(P2)  # a player's button: refused, saying what goes on (the rules' why, 4 lines, took the key's line)
    assert d.display()[-2:] == ["NO: match over:", "enc x2=new match"]
    d.press(HOLD_ENC, ENC)  # the menu's new game: refused in the same words
    assert d.mode.name == "menu"
    assert d.board.messages.refusal == "the match is over: P1 won it 3-0 (undo, or a new match)"
    d.press(turn(1), ENC, ENC)  # the new match, as they say
    assert d.match.games_won == [0, 0] and d.match.events == 0


def test_a_refusal_wraps_at_spaces_never_inside_a_number():
    d = Driver()
    d.press(P1, ENC, HOLD_ENC, turn(19), ENC)  # the starter skipped; the pone's total: 19
    lines = d.display()
    assert lines[-2:] == ["NO: no hand", "counts 19"]


def test_three_tallies_of_two_digits_fit_the_display():
    d = Driver()
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"players": 3, "match_to": 11,
                                                                   "double_skunk_games": 4}}))
    for number in range(3):  # three double skunks for P1, 4 games each: 12
        if number:
            d.press(ENC)  # the next game
        d.board.handle_command(json.dumps({"cmd": "event", "event": ["dealer", 0]}))
        for side, points in ((1, 31), (2, 31), (0, 31), (0, 31), (0, 31), (0, 28)):
            d.board.handle_command(json.dumps({"cmd": "event", "event": ["peg", side, points]}))
    assert d.match.games_won == [12, 0, 0] and d.match.match_winner == 0
    lines = d.display()
    assert lines[0] == "MATCH 12-0-0" and lines[4] == "P1 WINS MATCH"  # "MATCH OVER 12-0-0" is 17 characters
    assert all(len(line) <= 16 for line in lines)


def test_a_long_refusal_is_said_whole_and_a_won_game_says_it_is_over():
    d = Driver()
    d.press(HOLD_ENC, turn(1), ENC, ENC)  # the menu's new match (asked twice) before the match has begun
    lines = d.display()
    assert lines[-4:] == ["NO: this match", "has not begun:", "nothing to start", "again"]
    d = Driver()
    game(d, 80)
    d.press(P1)  # a player's button after the win: refused at once, no dial that could never peg
    assert d.display()[-2:] == ["NO: game over:", "enc=next game"]  # the press that goes on
    d = Driver()
    game(d, 100)  # a plain win: room for the end's key and the refusal's both (a play-test: it showed twice)
    d.press(P2)
    assert d.display()[-3:] == ["next: P2 deals", "NO: game over:", "enc=next game"]
    assert d.mode.side is None and d.match.front[0] == 121
    d.press(ENC)  # the encoder, as the end says: the next game, the loser dealing
    assert d.match.front == [0, 0] and d.match.dealer == 1


def test_a_players_button_after_a_won_game_leaves_the_press_that_goes_on_in_sight():
    # A play-tester: the rules' why ("the game is over: no pegging after it (undo, or a new game or match)") took
    # the line of "enc=next game", the one press the players need there
    d = Driver()
    d.press(P1)
    d.peg_in_steps(P1, 121)  # a double skunk: its result takes two lines
    assert d.display()[-3:] == ["SKUNKED", "next: P2 deals", "enc=next game"]
    d.press(P2)
    assert d.display()[-3:] == ["SKUNKED", "NO: game over:", "enc=next game"]
    assert d.ask({"cmd": "event", "event": ["peg", 1, 2]})["error"][:17] == "the game is over:"  # the rules' words
    d.press(ENC)
    assert d.match.front == [0, 0] and d.match.dealer == 1


def test_a_refusal_of_six_lines_leaves_the_mode_two():
    d = Driver()
    d.press(P1)
    d.board.messages.refuse("his nobs was counted this deal already: only one jack is of the starter's suit")
    lines = d.display()
    assert len(lines) == 8 and lines[2] == "NO: his nobs was" and lines[-1] == "suit", lines


def test_three_players_the_winners_colour_shows_between_the_flashes():
    # A review: flashing white and dark, a win of P1's and of P3's (one track) looked the same.
    d = Driver()
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"players": 3}}))
    d.press(P1)
    assert d.ask({"cmd": "event", "event": ["peg", 2, 31]})["ok"]
    for _ in range(3):
        assert d.ask({"cmd": "event", "event": ["peg", 2, 30]})["ok"]
    assert d.match.winner == 2
    on, off = (d.frame_phase(1000, at).pixel(0, 121) for at in (100, 600))
    assert on[0] == on[1] == on[2] > 0 and is_hue(off, palette.GREEN), (on, off)


def test_the_winners_game_hole_flashes_on_a_white_peg_too():
    # A review without the display: the flash was white over the winner's peg, so a white player's won game
    # showed nothing blinking at all.
    d = Driver()
    game(d, 100, {"colour0": palette.CHOICES.index(palette.WHITE)})
    assert d.match.winner == 0
    on, off = (d.frame_phase(1000, at).pixel(0, 121) for at in (100, 600))
    assert on[0] == on[1] == on[2] > 0 and off == (0, 0, 0)


def test_a_new_game_not_begun_is_refused_at_once_not_asked_first():
    d = Driver()
    d.press(P1)
    d.peg_in_steps(P1, 121)
    d.press(ENC)  # the next game: the loser deals, nothing done in it yet
    d.press(HOLD_ENC, ENC)  # the menu's new game
    assert d.match.game_number == 2 and not d.mode.sure  # not "press again: game is dropped"
    assert d.board.messages.refusal == "this game has not begun: nothing to start again"
    d.press(BACK_PRESS, HOLD_P2)  # out of the menu; P2 pegs 2: the game begun
    d.press(HOLD_ENC, ENC)
    assert d.mode.sure == "game is dropped"
