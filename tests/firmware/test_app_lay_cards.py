"""Laying the play card by card with the dial: each card laid, said and pegged; where the dial rests (past a rank
whose four are out, the nearest that fits, kept over the menu, the LED test, a preference from the host and a
power cut); cards refused."""

from app_driver import ENC, HOLD_ENC, P1, brightness, is_hue, turn
from lay_helpers import lay, laying

from app import palette


def test_a_play_laid_with_the_encoder_pegs_and_says_each_card():
    d = laying()
    lay(d, 5)  # P2: five
    lay(d, 10)  # P1: fifteen two
    assert d.match.front == [2, 0] and "P1: fifteen two" in d.display()
    lay(d, 13)  # P2: 25
    lay(d, 6)  # P1: 31 for two
    assert d.match.front == [4, 0] and d.display()[3:5] == ["P1: thirty-one", "for two"]
    lay(d, 4)  # P2 leads the next series
    lay(d, 3)
    lay(d, 5)  # P2: a run of three
    assert d.match.front == [4, 3] and d.display()[2:5] == ["P1 >5 count 12", "P2: twelve for a", "run of three"]
    lay(d, 13)  # P2 has laid its four: P1's last card, 22, pegs one for last
    assert d.match.front == [5, 3] and d.display()[2:6] == [
        "PLAY OVER", "P1: twenty-two", "and one for last", "enc=count"]
    assert d.match.laid == [[10, 6, 3, 13], [5, 13, 4, 5]]
    # without the display: the pone's game hole breathes, who counts first (P1's, who laid last,
    # breathed; the dealer's glows steady)
    pone = [brightness(d.frame_phase(2000, at).pixel(1, 121)) for at in (0, 1000)]
    dealer = [brightness(d.frame_phase(2000, at).pixel(0, 121)) for at in (0, 1000)]
    assert pone[0] != pone[1] and dealer[0] == dealer[1] > 0
    d.press(ENC)  # the show: the pone's hand, its ranks known from the play
    assert d.match.next_show == (1, "hand") and d.mode.ranks.ranks == [4, 12, 3, 4]
    # 5 K 4 5 with the starter KH: a pair of fives cannot be a flush, no Jack asks no nobs, so
    # no question is left: the count (four fifteens 8, two pairs 4) is previewed at once
    assert d.where() == "confirm" and d.mode.points == 12
    d.press(ENC)
    assert d.match.front == [5, 15] and d.match.log[-1] == ["show_ranks", 1, [4, 12, 3, 4], 0, False, None]
    assert d.match.next_show == (0, "hand") and d.mode.ranks.ranks == [9, 5, 2, 12]  # the dealer's: T 6 3 K


def test_the_dial_passes_a_rank_whose_last_card_was_laid():
    # A review: after the fourth 5 the next player's dial rested on 5 under "enc=lay", and a press was refused.
    d = laying()  # the starter KH
    lay(d, 13)  # P2
    lay(d, 13)  # P1: a pair
    assert d.mode.rank == 13  # a King left: the dial stays for the next card
    d.press(ENC)  # P2: the third King laid (a pair royal), the starter the fourth
    assert d.match.front == [2, 6] and d.mode.rank == 1 and "P1 >A count 30" in d.display()
    d.press(ENC)  # P1 lays the Ace, as dialled: thirty-one for two
    assert d.match.front == [4, 6]


def test_the_dial_moves_to_the_nearest_rank_that_may_be_laid_without_wrapping():
    # A review: past the Kings' last card the dial went round to the Ace, 12 clicks from the Queen; and it rested
    # on a rank that would pass 31, where a press is refused.
    d = laying()  # the starter KH
    for rank in (5, 13, 6, 13):  # P2, P1 (fifteen two), P2, P1 (thirty-one for two): the count starts again
        lay(d, rank)
    lay(d, 13)  # P2: the Kings' fourth (the starter one), at a count of 10
    assert d.match.game.laying.play.count == 10 and d.mode.rank == 12  # the Queen, not the Ace
    d = laying()
    for rank in (5, 10):  # P2, P1: fifteen two
        lay(d, rank)
    assert d.mode.rank == 10  # a 10 fits the count of 15: the dial stays
    lay(d, 10)  # P2: a pair, the count 25
    assert d.mode.rank == 6  # a 10 would pass 31: the nearest that fits
    lay(d, 6)  # P1: thirty-one for two
    assert d.match.front == [4, 2]


def test_after_a_power_cut_a_press_on_the_5_whose_four_are_out_moves_the_dial_past_it():
    # A review: the dial came back on the 5 after a power cut with all four 5s laid, a press was refused, and
    # the dial stayed there. It comes back on the 5 still: the glance's first frame, which knows no card, dials it.
    d = laying()
    for rank in (5, 5, 5, 5):  # P2, P1, P2, P1: a pair, a pair royal, a double pair royal
        lay(d, rank)
    d = d.reboot()
    assert d.where() == "lay" and d.mode.rank == 5
    d.press(ENC)  # refused, saying why; the dial past the 5
    assert d.board.messages.refusal.startswith("all four 5s are out already") and d.mode.rank == 6
    d.press(ENC)  # P2 lays the 6, as dialled
    assert d.match.game.laying.play.count == 26


def test_after_a_power_cut_at_a_count_of_29_the_dial_is_on_a_rank_that_fits():
    # A play-test: it came back on the 5, which would pass 31, under "past 31: btn=go"
    d = laying()
    for rank in (10, 10, 9):  # 29, P1 to lay
        lay(d, rank)
    d = d.reboot()
    assert d.where() == "lay" and d.mode.rank == 2 and "P1 >2 count 29" in d.display()
    d.press(ENC)  # P1 lays the 2, as dialled: thirty-one for two
    assert d.match.front == [4, 0]


def test_the_rank_dialled_stays_over_a_look_into_the_menu_or_the_led_test():
    # A review: menu -> LED test -> back reset the dial to 5, and the next press laid a 5 for the 10 dialled.
    d = laying()
    lay(d, 10)
    assert d.mode.rank == 10 and d.mode.describe()["rank"] == 10
    d.press(HOLD_ENC, HOLD_ENC)  # the menu, and out of it
    assert d.where() == "lay" and d.mode.rank == 10
    d.press(turn(-7))  # P1's 3
    d.press(HOLD_ENC, turn(4), ENC)  # the menu's LED test
    assert d.mode.name == "led_test"
    d.press(HOLD_ENC)
    assert d.where() == "lay" and d.mode.rank == 3
    assert d.ask({"cmd": "test_leds"})["ok"] and d.ask({"cmd": "test_leds", "stop": True})["ui"]["rank"] == 3
    d.press(ENC)
    assert d.match.log[-1] == ["lay", 0, 3]


def test_a_preference_from_the_host_leaves_the_rank_dialled():
    # (a play-test: a preference set from the host sent the board home, dropping what was dialled)
    d = laying()
    lay(d, 5)
    d.press(turn(3))  # P1's dial on 8
    assert d.ask({"cmd": "settings", "set": {"brightness": 100}})["ok"]
    assert d.where() == "lay" and d.mode.rank == 8 and d.board.prefs["brightness"] == 100


def test_the_play_goes_on_after_a_power_cut():
    d = laying()
    lay(d, 5)
    lay(d, 10)
    d = d.reboot()
    assert d.where() == "lay" and d.match.game.laying.play.count == 15 and d.match.front == [2, 0]


def test_refused_cards_flicker_and_change_nothing():
    d = laying()
    lay(d, 10)
    lay(d, 12)
    lay(d, 10)  # 30 (no pair: a queen between)
    events = d.match.events
    lay(d, 2)  # past 31
    assert d.match.events == events and "past 31" in d.board.messages.refusal
    hw = d.frame_phase(120, 10)
    assert is_hue(hw.pixel(0, 121), palette.VERMILLION) and is_hue(hw.pixel(1, 121), palette.VERMILLION)
    d.press(P1)  # P1 says go
    lay(d, 1)  # P2: 31 for two
    assert d.match.front == [0, 2]


def test_a_fifth_card_refused_says_how_to_mend_a_rank_dialled_wrong_before():
    # A review: a Queen laid dialled as a King left its player holding a King the board refused, and no go.
    d = laying()  # the starter KH
    for rank in (13, 13, 1, 10, 13):  # P2, P1 (a pair), P2, P1 (thirty-one for two), P2: the Kings' fourth
        lay(d, rank)
    lay(d, 13)  # P1 holds a King: one of those laid was another rank
    assert d.board.messages.refusal == "all four Ks are out already (one in your hand? a K laid was wrong: back to it)"
