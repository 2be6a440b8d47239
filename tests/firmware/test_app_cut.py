"""The cut for deal on the board: each player dials the rank cut, a tie cuts again, the lowest deals;
"who deals?" stays the quick way."""

import json

from app_driver import BACK_PRESS, ENC, HOLD_BACK, HOLD_ENC, HOLD_P1, HOLD_P2, P1, P2, Driver, brightness, is_hue, turn
from led_colour import BLUE, ORANGE

from app import palette
from app.modes.cut import rank_hole


def cut(d, rank):
    """Dial ``rank`` (0 = Ace .. 12 = King) from the Ace and take it."""
    d.press(turn(rank - d.mode.rank) if rank != d.mode.rank else turn(13), ENC)


def three_tied(**driver):
    """Three players at the cut: player 1 cuts a nine, players 2 and 3 tie on a two and cut again."""
    d = Driver(**driver)
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"players": 3}}))
    d.press(ENC)
    cut(d, 8)
    cut(d, 1)
    cut(d, 1)
    return d


def test_the_cut_is_the_first_choice_and_the_lowest_rank_deals():
    d = Driver()
    assert d.display()[:5] == ["WHO DEALS?", "p1/p2: deals", "or turn, enc:", "> cut for deal", "hold enc=menu"]
    d.press(HOLD_ENC)  # as it says (a play-test: a new board's first screen said nothing of the menu, its settings)
    assert d.where() == "menu"
    d.press(HOLD_ENC)
    assert d.display()[0] == "WHO DEALS?"
    d.press(ENC)
    assert d.mode.name == "cut" and d.display()[:2] == ["CUT FOR DEAL", "P1 cuts >A"]
    cut(d, 12)  # player 1 cuts a King
    assert d.display()[1:3] == ["P1 cut K", "P2 cuts >A"]
    cut(d, 9)  # player 2 a ten
    assert d.mode.name == "peg" and d.match.dealer == 1 and d.match.log == [["cut_ranks", [12, 9]]]
    assert d.display()[0] == "G1 P2 deals"
    assert d.reboot().match.dealer == 1


def test_with_three_players_who_deals_names_player_3_s_button():
    d = Driver()
    assert "P3: hold back" not in d.display()
    d.board.handle_command(json.dumps({"cmd": "settings", "set": {"players": 3}}))
    assert d.display()[:6] == ["WHO DEALS?", "p1/p2: deals", "P3: hold back", "or turn, enc:", "> cut for deal",
                               "hold enc=menu"]
    d.press(HOLD_BACK)
    assert d.match.log == [["dealer", 2]]


def test_a_tie_cuts_again_and_the_log_keeps_the_deciding_cut():
    d = Driver()
    d.press(ENC)
    cut(d, 4)
    cut(d, 4)  # both fives: cut again
    assert d.mode.name == "cut" and d.match.events == 0
    assert d.display()[:3] == ["CUT FOR DEAL", "tie at 5: again", "P1 cuts >A"]  # (a play-test: it said not at what)
    cut(d, 2)
    cut(d, 7)
    assert d.match.dealer == 0 and d.match.log == [["cut_ranks", [2, 7]]]


def test_three_players_tied_low_cut_again_without_the_third():
    d = three_tied()  # player 1 is out
    assert d.mode.cutting == [1, 2] and d.display()[1:3] == ["tie at 2: again", "P2 cuts >A"]
    cut(d, 6)
    cut(d, 3)
    assert d.match.dealer == 2 and d.match.log == [["cut_ranks", [None, 6, 3]]]


def test_a_tie_shows_on_the_leds_until_each_tied_seat_cuts_again():
    d = three_tied(display=False)  # player 1, out, shows nothing more
    d.frame_after(1)  # the rank being dialled lands, lit; 500 ms on it blinks off
    frame = d.frame_after(499)
    tied = [frame.pixel(1, rank_hole(1, 1)), frame.pixel(0, rank_hole(2, 1))]
    assert all(0 < brightness(p) < brightness(ORANGE) for p in tied), tied  # dimmer than a rank taken
    assert is_hue(tied[0], ORANGE) and is_hue(tied[1], palette.GREEN)
    assert brightness(frame.pixel(0, rank_hole(0, 8))) < 30  # P1's nine: out of the tie, no more lit
    cut(d, 6)  # P2 cuts again: its old rank goes, its new one shines; P3's tie stays until it cuts
    d.frame_after(1)
    frame = d.frame_after(499)
    assert is_hue(frame.pixel(1, rank_hole(1, 6)), ORANGE) and brightness(frame.pixel(1, rank_hole(1, 1))) < 30
    assert is_hue(frame.pixel(0, rank_hole(2, 1)), palette.GREEN)


def test_a_player_s_button_at_the_cut_says_what_takes_the_rank():
    # (a review: p1 and p2 did nothing at the cut, and said nothing)
    d = Driver()
    d.press(ENC, turn(3), P1)
    assert d.mode.name == "cut" and d.mode.rank == 3 and d.board.messages.refusal == "the encoder takes it"
    assert d.display()[-2:] == ["NO: the encoder", "takes it"]
    d.press(HOLD_P2)  # held too
    assert d.mode.name == "cut" and d.board.messages.refusal == "the encoder takes it"
    d.press(ENC)
    assert d.display()[1] == "P1 cut 4" and d.board.messages.refusal is None


def test_back_takes_back_the_last_rank_then_leaves():
    d = Driver()
    d.press(ENC)
    cut(d, 5)
    d.press(BACK_PRESS)  # player 1's six taken back: dialled again
    assert d.mode.at == 0 and d.mode.rank == 5 and d.mode.ranks == [None, None]
    d.press(BACK_PRESS)  # back to "who deals?"
    assert d.mode.name == "peg" and d.match.phase == "cut"
    d.press(P2)  # the quick way: player 2 deals
    assert d.match.log == [["dealer", 1]]


def test_back_at_a_cut_again_takes_back_the_tie_s_last_rank():
    d = three_tied()
    cut(d, 4)
    cut(d, 4)  # and tie again
    assert d.display()[1:3] == ["tie at 5: again", "P2 cuts >A"]
    d.press(BACK_PRESS)  # player 3's five of the second round taken back: dialled again
    assert d.mode.cutting == [1, 2] and d.mode.ranks == [None, 4, None] and d.mode.rank == 4
    d.press(BACK_PRESS, BACK_PRESS)  # player 2's five, then player 3's two of the first round
    assert d.mode.cutting == [0, 1, 2] and d.mode.ranks == [8, 1, None] and d.mode.rank == 1
    assert d.display()[1:4] == ["P1 cut 9", "P2 cut 2", "P3 cuts >2"]
    cut(d, 0)  # player 3 cuts an Ace instead: the lowest, dealing
    assert d.mode.name == "peg" and d.match.log == [["cut_ranks", [8, 1, 0]]]
    d = Driver()
    d.press(ENC)
    cut(d, 4)
    cut(d, 4)  # a tie of two: back at the cut again takes back player 2's five
    d.press(BACK_PRESS)
    assert d.mode.cutting == [0, 1] and d.mode.ranks == [4, None] and d.mode.at == 1
    d.press(BACK_PRESS, BACK_PRESS)  # player 1's too, then "who deals?"
    assert d.mode.name == "peg" and d.match.phase == "cut"


def test_the_cut_on_the_leds_a_row_of_ranks_per_player():
    d = Driver()
    d.press(ENC)
    cut(d, 12)
    d.press(turn(3))  # player 2 dials a four
    hw = d.frame_after(1)  # the dial is lit: its blink starts where it lands (app.cursor)
    assert is_hue(hw.pixel(0, rank_hole(0, 12)), BLUE)  # player 1's King, steady
    assert is_hue(hw.pixel(1, rank_hole(1, 3)), ORANGE)  # player 2's dial
    assert 0 < brightness(hw.pixel(1, rank_hole(1, 5))) < brightness(hw.pixel(1, rank_hole(1, 3)))  # the row, dim
    hw = d.frame_after(499)
    assert not is_hue(hw.pixel(1, rank_hole(1, 3)), ORANGE)  # the dial blinks


def test_the_cut_over_the_serial_line_and_the_seat_choice_past_it():
    d = Driver()
    r = json.loads(d.board.handle_command(json.dumps({"cmd": "event", "event": ["cut_ranks", [3, 3]]})))
    assert not r["ok"] and "cut again" in r["error"]
    r = json.loads(d.board.handle_command(json.dumps({"cmd": "event", "event": ["cut_ranks", [0, 3]]})))
    assert r["ok"] and r["state"]["dealer"] == 0
    d = Driver()
    d.press(turn(2))  # past the cut: player 2
    assert d.display()[3] == "> P2 deals"
    d.press(ENC)
    assert d.match.log == [["dealer", 1]]
    d.press(HOLD_P1)  # and the game goes on
    assert d.match.front == [2, 0]


def test_undoing_the_cut_opens_it_again_as_it_was_decided():
    d = Driver()
    d.press(ENC)
    cut(d, 4)
    cut(d, 2)  # P1 a five, P2 a three: P2 deals
    assert d.match.dealer == 1
    d.press(BACK_PRESS)  # undo: who deals? again
    assert d.match.phase == "cut"
    d.press(ENC)  # the cut as it was decided, P2's rank dialled again
    assert d.display()[1:3] == ["P1 cut 5", "P2 cuts >3"]
    d.press(turn(3), ENC)  # P2 cut a six: P1 deals
    assert d.match.dealer == 0 and d.match.log == [["cut_ranks", [4, 5]]]
    d = three_tied()
    cut(d, 5)
    cut(d, 3)  # the tie cut again: P3's four is lower than P2's six
    assert d.match.dealer == 2
    d.press(BACK_PRESS, ENC)  # the round that decided, as it was: a cut again, P1 out of it
    assert d.display()[1:4] == ["tie: cut again", "P2 cut 6", "P3 cuts >4"]
    d.press(BACK_PRESS)  # P2's rank back on the dial
    assert d.mode.seat() == 1 and d.mode.rank == 5
    d.press(BACK_PRESS)  # the tie before it is not in the log: back to who deals?
    assert d.mode.name == "peg" and d.match.phase == "cut"


def test_three_players_seat_choice_tells_player_3_from_player_1_by_more_than_colour():
    # A review without the display: P1 and P3 (one track) were the same two holes, in their colours alone.
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"players": 3}})["ok"]
    d.press(turn(1))  # P1
    hw = d.frame_after(10)
    assert is_hue(hw.pixel(0, 1), BLUE) and hw.pixel(0, 2) == (0, 0, 0) and hw.pixel(0, 121) != (0, 0, 0)
    d.press(turn(2))  # P3: two holes from hole 1
    hw = d.frame_after(10)
    assert is_hue(hw.pixel(0, 1), palette.GREEN) and is_hue(hw.pixel(0, 2), palette.GREEN)
    assert hw.pixel(0, 3) == (0, 0, 0)
    d.press(ENC)
    assert d.match.log == [["dealer", 2]]
