"""The play card by card through the controls: set it, lay ranks, go, refusals, undo, the LEDs, the show after."""

from app_driver import (
    BACK_PRESS,
    ENC,
    HOLD_BACK,
    HOLD_ENC,
    HOLD_P1,
    HOLD_P2,
    P1,
    P2,
    Driver,
    brightness,
    dealt,
    is_hue,
    turn,
)
from led_colour import BLUE, ORANGE

from app import palette
from host_tools.card_text import parse


def laying(**rules):
    """A board set to lay the play card by card (as the settings menu sets it: the test
    test_peg_by_points_stays_the_default_and_the_menu_sets_card_by_card), player 1 dealing, the starter KH taken."""
    d = Driver()
    rules["play"] = 1
    d.board.change_settings(rules)
    d.press(P1)
    d.press(ENC)  # no starter yet: the picker
    d.pick("KH")
    assert d.where() == "lay" and d.match.starter is not None
    return d


def lay(d, rank):
    """Dial ``rank`` (1-13) from where the dial is, and lay it."""
    if rank != d.mode.rank:
        d.press(turn(rank - d.mode.rank))
    d.press(ENC)


def test_peg_by_points_stays_the_default_and_the_menu_sets_card_by_card():
    d = dealt()
    d.press(ENC)
    d.pick("KH")
    assert d.where() == "peg"  # by points: home is pegging, as before
    d.press(HOLD_ENC, turn(2), ENC)  # the menu's settings
    while d.display()[1] != "the play":
        d.press(turn(1))
    assert d.display()[2] == "  by points"
    d.press(ENC, turn(1), ENC, BACK_PRESS)
    assert d.board.prefs["play"] == 1 and d.where() == "lay"
    assert d.display()[2] == "P2 >5 count 0"  # the pone leads; the dial starts at 5


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


def test_a_go_said_while_a_card_fitted_is_told_when_that_card_is_laid():
    d = laying()
    lay(d, 10)  # P2: ten
    lay(d, 10)  # P1: twenty for a pair
    lay(d, 5)  # P2: twenty-five
    d.press(P1)  # P1 says go at 25, holding a 3
    lay(d, 6)  # P2: thirty-one for two
    lay(d, 3)  # P1 leads the 3 it held at 25
    assert d.display()[2:7] == ["P2 >3 count 3", "P1: three", "false go at 25", "turn=rank", "enc=lay btn=go"]
    assert d.ask({"cmd": "state"})["state"]["play"]["false_go"] == [0, 25]
    assert d.match.front == [2, 2]  # told, not pegged: the table may take the play back to the go
    lay(d, 4)  # told once, under the card that showed it
    assert "false go at 25" not in d.display() and d.ask({"cmd": "state"})["state"]["play"]["false_go"] is None
    d.press(BACK_PRESS)
    assert "false go at 25" in d.display()  # the undo shows the play as it was
    d = d.reboot()
    assert d.where() == "lay" and "false go at 25" in d.display()


def test_a_starter_taken_by_its_rank_alone_lays_the_play_too():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1)  # player 1 deals
    # (a review: home said "btn=peg the play" here, and a player who did so had the play pegged by points)
    assert d.display()[-4:-2] == ["enc=starter", "then lay cards"] and "btn=peg the play" not in d.display()
    d.press(ENC)  # the starter's picker: its rank dialled (a 5), its suit left as "any suit"
    d.press(turn(4), P1)
    assert d.mode.any_suit
    d.press(ENC)
    assert d.match.starter is None and d.match.starter_rank == 4
    assert d.where() == "lay" and "enc=starter" not in d.display()  # the play, not the count
    lay(d, 10)  # P2: ten
    lay(d, 5)  # P1: fifteen two
    assert d.match.front == [2, 0] and "P1: fifteen two" in d.display()


def test_his_heels_held_at_the_starter_lays_the_play_and_the_count_asks_the_jacks_suit():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1)  # player 1 deals
    d.press(ENC)  # the starter's picker
    d.press(HOLD_P1)  # the dealer's button held: his heels, the starter a Jack of some suit
    assert d.match.front == [2, 0] and d.match.starter_rank is None
    assert d.where() == "lay"  # the play laid card by card, as after a starter taken
    assert d.display()[3] == "P1: his heels 2"  # said until the play's first card is
    lay(d, 1)
    assert "P1: his heels 2" not in d.display()
    for rank in (2, 3, 4, 5, 6, 7, 1):  # P2 then P1 lay all eight cards, the count 29
        lay(d, rank)
    d.press(ENC)  # every card laid: the count, which asks the starter first (a Jack: his heels)
    assert d.where() == "starter"
    d.pick("JS")
    assert d.match.starter is not None and d.match.starter >> 2 == 10
    assert d.where() != "lay" and d.match.next_show == (1, "hand")  # the count goes on: the pone's hand
    assert d.mode.ranks.ranks == [0, 2, 4, 6]  # A 3 5 7, as laid


def test_a_starter_skipped_before_the_play_leaves_it_to_be_pegged_by_points():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1)  # player 1 deals
    d.press(ENC)  # the starter's picker
    d.press(HOLD_ENC)  # skipped: home, where the play is pegged by points
    assert d.where() == "peg" and d.display()[-2] == "enc=count" and d.match.events == 1
    d.press(HOLD_P2)  # P2 pegs 2 in the play
    assert d.where() == "peg" and d.match.front == [0, 2]
    d.press(ENC)  # the count: at the pone's total, the starter not asked again
    assert d.where() == "total" and d.mode.seat == 1 and "starter skipped" in d.display()
    d.press(turn(8), ENC)
    assert d.match.front == [0, 10] and d.match.next_show == (0, "hand")


def test_the_dealer_s_button_held_before_the_starter_of_a_laid_play_is_his_heels():
    # A review: held there it pegged 2 points of the play, the deal went over to pegging by points, and the
    # Jack picked after pegged his heels again: 4.
    d = dealt(play=1)
    assert d.where() == "peg" and d.display()[-4:-2] == ["enc=starter", "then lay cards"]
    d.press(HOLD_P1)  # the dealer's
    assert d.match.front == [2, 0] and d.match.heels and d.match.log[-1] == ["heels"] and d.where() == "lay"
    for rank in (10, 5, 13, 6, 4, 3, 5, 13):
        lay(d, rank)
    d.press(ENC)  # the count: the Jack's suit asked first
    assert d.where() == "starter"
    d.pick("JS")
    # P1: his heels 2, fifteen two, thirty-one for two, one for last (no heels again: 9); P2: a run of three
    assert d.match.front == [7, 3] and d.match.starter is not None
    d = dealt(play=1)
    d.press(P1, HOLD_P1)  # held while a peg is dialled: the same
    assert d.match.log[-1] == ["heels"] and d.where() == "lay"
    for rank in (11, 11):  # the Jacks: with the starter a Jack, this one is their fourth
        lay(d, rank)
    d.press(ENC)
    # the dial past them (a review: it rested there), at a count of 30 to the Ace, the one rank that fits
    assert d.match.laid == [[11], [11, 11]] and d.mode.rank == 1


def test_player_3_dealing_holds_back_for_his_heels_before_a_laid_play_s_starter():
    # A review: back held started a dial there, pegged as points of the play, and the Jack after pegged his
    # heels again.
    d = Driver()
    d.board.change_settings({"players": 3, "play": 1})
    d.press(HOLD_BACK)  # player 3 deals
    d.press(HOLD_BACK)
    assert d.match.front == [0, 0, 2] and d.match.log[-1] == ["heels"] and d.where() == "lay"


def test_a_play_pegged_by_points_before_the_starter_is_left_so_by_skipping_it():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1)
    d.press(HOLD_P2, HOLD_P1, P1, ENC)  # the play pegged by points before the starter: P2 2, P1 2, P1 1
    assert d.match.front == [3, 2] and d.where() == "peg" and d.display()[-2] == "enc=starter"
    d.press(ENC)  # the starter's picker, where holding the encoder skips it: the play is not laid again
    d.press(HOLD_ENC)
    assert d.where() == "peg" and d.display()[-2] == "enc=count" and d.match.front == [3, 2]
    d.press(ENC)  # the pone's total
    assert d.where() == "total" and d.mode.seat == 1 and d.match.laid is None
    d.press(HOLD_P1)  # his heels for the dealer at the total (the starter a Jack): still no play laid
    d.press(turn(6), ENC)
    assert d.match.front == [5, 8] and d.match.heels and d.where() == "total" and d.mode.seat == 0


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


def test_a_skip_is_said_at_home_and_kept_through_a_power_cut():
    d = Driver()
    d.board.change_settings({"play": 1, "players": 3})
    d.press(P1, ENC, HOLD_ENC)
    assert d.display()[4:7] == ["starter skipped", "back=starter", "enc=count"]  # (three players' scores above)
    d.press(HOLD_P2, P1, ENC)  # the play pegged by points: back now undoes, as ever
    assert d.display()[4:6] == ["starter skipped", "enc=count"]
    d = d.reboot()
    assert d.where() == "peg" and d.display()[4:6] == ["starter skipped", "enc=count"]
    d.press(ENC, HOLD_P1)  # the pone's total; his heels there, for the dealer
    assert d.where() == "total" and d.match.heels
    d = d.reboot()  # not laid after all: the play was pegged
    assert d.where() == "peg"
    d.press(ENC)
    assert d.where() == "total" and d.mode.seat == 1


def test_the_play_set_card_by_card_once_points_are_pegged_in_the_deal_is_laid_from_the_next():
    d = dealt()
    d.press(ENC)
    d.pick("5D")  # by points: the starter, then the play pegged by hand
    d.press(HOLD_P2, HOLD_P1)
    assert d.ask({"cmd": "settings", "set": {"play": 1}})["ok"]  # (as the menu sets it: the board goes home)
    assert d.where() == "peg" and d.display()[-4:-1] == ["play by points", "btn=peg the play", "enc=count"]  # from 0
    d.press(ENC)
    assert d.where() == "cards" and d.mode.seat == 1
    for _ in range(3):  # the shows as totals: the next deal is laid card by card, and nothing says otherwise
        d.press(HOLD_ENC, ENC)
    d.press(ENC)
    d.pick("5D")
    assert d.where() == "lay" and "play by points" not in d.display()


def test_back_after_the_play_is_set_card_by_card_mid_deal_undoes_and_lays_the_play_once_no_point_is_pegged():
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(HOLD_P2, HOLD_P1)  # the play pegged by points
    assert d.ask({"cmd": "settings", "set": {"play": 1}})["ok"]
    d.press(BACK_PRESS)  # the last peg taken back (no starter's picker: the starter is known)
    assert d.match.front == [0, 2] and d.where() == "peg" and d.display()[-3:] == ["enc=count", "won 0-0",
                                                                                     "UNDO: P1 +2"]
    d = d.reboot()  # through a power cut, the glance's first frame too
    assert d.where() == "peg" and d.display()[-2] == "enc=count"
    d.press(BACK_PRESS)  # the deal's pegs all taken back: nothing can count twice, the play is laid from 0
    assert d.match.front == [0, 0] and d.where() == "lay" and d.display()[2] == "P2 >5 count 0"


def pegged_before_the_starter():
    """A board laying the play card by card, P1 dealing, P2 2 and P1 1 pegged by hand before the starter."""
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1)
    d.press(HOLD_P2, P1, ENC)
    assert d.match.front == [1, 2] and d.where() == "peg" and d.display()[-2] == "enc=starter"
    return d


def test_a_play_pegged_by_hand_before_its_starter_is_not_laid_again_once_the_starter_is_picked():
    # A review: the starter picked after a fifteen pegged by hand laid the play from 0, the fifteen pegged twice.
    d = pegged_before_the_starter()
    d.press(ENC)
    d.pick("KH")
    assert d.where() == "peg" and d.display()[-2] == "enc=count" and "starter skipped" not in d.display()
    assert d.display()[-4] == "play by points"  # said: a review found nothing telling why it was not laid
    d = d.reboot()  # through a power cut, the glance's first frame too
    assert d.where() == "peg" and d.display()[-4:-1] == ["play by points", "btn=peg the play", "enc=count"]
    d.press(HOLD_P1)  # the play goes on by points
    assert d.match.front == [3, 2] and d.where() == "peg"
    d.press(ENC)  # the count: the pone's hand, its cards (the starter is known)
    assert d.where() == "cards" and d.mode.seat == 1


def test_an_undo_of_the_starter_picked_after_points_pegged_opens_its_picker_and_a_skip_there_holds():
    d = pegged_before_the_starter()
    d.press(ENC)
    d.pick("KH")
    d.press(BACK_PRESS)  # the starter taken back: home before it, as it was
    assert d.match.starter is None and d.where() == "peg" and "enc=starter" in d.display()
    assert "starter skipped" not in d.display()
    d.press(ENC)
    assert d.where() == "starter"
    d.pick("9C")  # picked again: still pegged by points
    assert d.where() == "peg" and d.match.front == [1, 2]
    d.press(BACK_PRESS, ENC, HOLD_ENC)  # taken back, and skipped this time: by points, by totals
    assert d.where() == "peg" and "starter skipped" in d.display()


def test_his_heels_or_a_starter_from_a_host_after_points_pegged_leave_the_play_pegged_by_points():
    d = pegged_before_the_starter()
    d.press(ENC, HOLD_P1)  # his heels at the picker, for the dealer: the starter a Jack
    assert d.match.heels and d.match.front == [3, 2] and d.where() == "peg"
    d = d.reboot()
    assert d.where() == "peg"
    d = pegged_before_the_starter()
    assert d.ask({"cmd": "event", "event": ["starter", parse("4S")]})["ok"]
    assert d.where() == "peg" and d.reboot().where() == "peg"
    d = pegged_before_the_starter()
    assert d.ask({"cmd": "event", "event": ["starter_rank", 4]})["ok"]
    assert d.where() == "peg"


def test_points_pegged_by_a_host_while_the_play_is_laid_are_a_correction_and_the_play_goes_on_laid():
    d = laying()
    assert d.ask({"cmd": "event", "event": ["peg", 1, 2]})["ok"]  # before any card is laid: a correction
    assert d.where() == "lay" and d.reboot().where() == "lay"
    d = pegged_before_the_starter()  # but points pegged by hand before the starter are the play's
    assert d.ask({"cmd": "event", "event": ["peg", 1, 2]})["ok"]
    d.press(ENC)
    d.pick("KH")
    assert d.where() == "peg" and d.match.front == [1, 4]
    d.press(BACK_PRESS, BACK_PRESS)  # the starter and the second peg taken back: the first is still pegged
    d.press(ENC)
    d.pick("KH")
    assert d.where() == "peg" and d.match.front == [1, 2]


def test_the_play_set_card_by_card_after_points_pegged_before_its_starter_stays_pegged_by_points():
    d = Driver()
    d.press(P1)
    d.press(HOLD_P2, ENC)  # by points: P2 2 before the starter
    d.pick("KH")
    assert d.ask({"cmd": "settings", "set": {"play": 1}})["ok"]
    assert d.where() == "peg"
    d.press(BACK_PRESS)  # the starter taken back: its picker comes again, nothing said skipped
    assert d.match.starter is None and "enc=starter" in d.display() and "starter skipped" not in d.display()
    d.press(ENC)
    d.pick("KH")
    assert d.where() == "peg" and d.match.front == [0, 2]


def test_a_starter_skipped_by_mistake_is_taken_back_by_back_and_the_play_laid_after_all():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC)  # the starter skipped: home
    assert d.where() == "peg" and d.match.events == 1
    d.press(BACK_PRESS)  # at once: the starter's picker again, no event taken back (the dealer stays)
    assert d.where() == "starter" and d.match.events == 1 and d.match.dealer == 0
    d.pick("KH")  # picked after all: the play is laid card by card
    assert d.where() == "lay"


def test_a_skip_is_kept_by_an_undo_after_it_and_forgotten_by_one_before_it():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC, HOLD_P2)  # skipped, then P2 pegs 2 in the play by points
    d.board.undo()  # (from a host)
    d.board.undo()  # the dealer: before the skip, which goes with it
    d.press(P2, ENC)  # P2 deals this time (the same place in the log): the starter is asked
    assert d.where() == "starter"


def test_back_after_a_skip_takes_the_skip_back_before_any_event():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC, HOLD_P2)  # skipped, then P2 pegs 2 in the play by points
    d.press(BACK_PRESS)  # the peg taken back: the skip stays (the same deal, its play by points)
    assert d.match.front == [0, 0] and d.display()[-3:] == ["enc=count", "won 0-0", "UNDO: P2 +2"]  # (no room to say
    # the buttons peg: the tally is kept)
    d.press(BACK_PRESS)  # nothing done since the skip: the starter's picker again, the skip taken back
    assert d.where() == "starter" and d.match.events == 1
    d.press(BACK_PRESS)  # home, where back undoes as ever: the dealer taken back
    assert d.where() == "peg" and d.display()[-4:-2] == ["enc=starter", "then lay cards"]
    d.press(BACK_PRESS)
    assert d.match.phase == "cut"
    d.press(P2, ENC)  # P2 deals this time (the same place in the log): the starter is asked
    assert d.where() == "starter"
    d.pick("KH")
    assert d.where() == "lay"


def test_a_card_laid_over_the_serial_line_after_a_skip_keeps_the_play_laid():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC)
    for event in (["starter", parse("KH")], ["lay", 1, 5]):  # a host gives the starter and a card
        assert d.ask({"cmd": "event", "event": event})["ok"]
    d.board.idle()
    assert d.where() == "lay"


def test_the_crib_s_picker_skips_a_rank_the_play_used_up():
    d = Driver()
    d.board.change_settings({"play": 1})
    for event in (["dealer", 0], ["starter", parse("5C")], ["lay", 1, 5], ["lay", 0, 5], ["lay", 1, 5],
                  ["lay", 0, 13], ["lay", 1, 1], ["lay", 0, 2], ["lay", 1, 3], ["lay", 0, 1],
                  ["hand", 1, None, 8], ["hand", 0, None, 6]):
        assert d.board.try_apply(event), event
    d.board.idle()
    d.press(ENC)  # the crib: cards picked, no 5 left (three laid, the starter the fourth)
    picker = d.mode.picker
    assert d.where() == "cards" and [c for c in range(52) if c >> 2 == 4 and picker.free(c)] == []
    d.pick("AD")  # two aces laid in the play: two left
    assert picker.free(parse("AH"))
    d.pick("AH")
    assert not picker.free(parse("AS")) and not picker.free(parse("AC"))  # the four aces are out


def test_back_never_takes_back_the_ranks_laid_in_the_play():
    d = laying()
    for rank in (5, 10, 13, 6, 4, 3, 5, 13):  # as in the play above: P2 laid 5 K 4 5, P1 T 6 3 K
        lay(d, rank)
    d.press(ENC)  # the pone's hand, its ranks laid in the play: nothing to ask, the count previewed
    assert d.where() == "confirm" and d.mode.points == 12
    d.press(BACK_PRESS)  # nothing dialled or answered to take back: the count is left, the ranks kept
    assert d.where() == "lay" and d.match.next_show == (1, "hand") and d.match.front == [5, 3]  # PLAY OVER
    d.press(ENC)  # the same count again
    assert d.where() == "confirm" and d.mode.ranks.ranks == [4, 12, 3, 4] and d.mode.points == 12


def test_a_claim_on_a_hand_laid_shows_the_ranks_it_is_judged_by():
    # A review: with muggins on, the claim on a hand laid in the play showed no ranks, where the board
    # counts it from the ranks laid (a ten laid for a Jack counts as a ten)
    d = laying(muggins=True)
    for rank in (5, 10, 13, 6, 4, 3, 5, 13):
        lay(d, rank)
    d.press(ENC)  # the pone's hand: 5 K 4 5 laid, the starter a King
    assert d.display() == ["P2 HAND", "5 K 4 5 st K", "claim 0", "muggins is on", "turn=claim", "enc=peg"]


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


def test_go_is_the_players_button_and_the_last_to_lay_pegs_it():
    d = laying()
    lay(d, 10)
    lay(d, 10)  # P1: a pair
    lay(d, 2)  # P2: 22
    d.press(P2)  # not P2's turn: refused, nothing changed
    assert d.board.messages.refusal == "P1's turn, not P2's" and d.match.front == [2, 0]
    d.press(P1)  # P1: go
    assert d.match.log[-1] == ["go", 0]
    d.press(P2)  # P2 says go too: P2 laid last, one for the go
    assert d.match.front == [2, 1] and d.display()[3:5] == ["P2: one for the", "go"]
    assert d.display()[2] == "P1 >2 count 0"  # P1 leads the next series


def test_a_go_refused_says_why():
    d = laying()
    lay(d, 5)  # P2: five
    d.press(HOLD_P1)  # P1 says go at 5: refused, said whole below the scores and the turn
    # (a review: "no go at a count of 5: every card fits, the count 31 at most" was awkward)
    assert d.display()[-3:] == ["NO: no go at a", "count of 5: any", "card can be laid"]
    assert d.match.front == [0, 0] and d.match.log[-1][0] == "lay"


def test_a_team_seat_s_saying_keeps_its_name_with_its_first_word():
    d = laying(players=4)  # T2a leads, then T1b, T2b, T1a
    for rank in (10, 10, 7):  # T2b: twenty-seven, 17 characters with the name
        lay(d, rank)
    # a review: "T2b:" alone on a line, "twenty-seven" below it
    assert d.display()[3:] == ["T2b: twenty-", "seven", "turn=rank", "enc=lay btn=go"]
    lay(d, 4)  # 31: the name and its first word fit whole
    assert d.display()[3:5] == ["T1a: thirty-one", "for two"]


def test_a_pair_royal_in_the_play_is_said_with_its_article():
    d = laying()
    for rank in (10, 10, 10):  # P2, P1, P2: a pair royal at thirty, said as "a pair" or "a run" are
        lay(d, rank)
    assert d.match.front == [2, 6] and d.display()[3:5] == ["P2: thirty for a", "pair royal"]


def test_a_go_point_names_the_seat_that_pegs_it():
    d = laying()  # P1 deals: P2 leads
    for rank in (13, 10, 12):  # 30
        lay(d, rank)
    d.press(P1, P2)  # goes: one for P2, the last to lay
    for rank in (5, 10, 13, 5):  # P1 leads; P2 lays its last card at 30
        lay(d, rank)
    assert d.match.front == [0, 3]
    d.press(P1)  # P1 says go; P2, with no card left, too: the point is P2's
    assert d.match.front == [0, 4] and d.display()[3:5] == ["P2: one for the", "go"]


def test_a_long_saying_keeps_its_total():
    d = laying()
    for rank in (13, 10, 12):
        lay(d, rank)
    d.press(P1, P2)
    for rank in (1, 2, 3, 4, 5):  # P1 A, P2 2, P1 3, P2 4, P1 5 (15): fifteen two, a run of five, last
        lay(d, rank)
    assert d.match.front == [11, 5]
    # a saying of five lines, and the hint: the scores give way (the pegs show them), the saying is whole
    assert d.display() == ["PLAY OVER", "P1: fifteen two", "and a run of", "five is seven", "and one for last",
                           "is eight", "enc=count"]
    d = laying(players=3)  # three score lines and a saying of five: the scores give way, the saying is whole
    for rank in (3, 7, 7, 7, 7):  # 3, then four 7s: P3 pegs double pair royal and 31 for two
        lay(d, rank)
    assert d.match.front == [2, 6, 14]
    assert d.display() == ["P1 >8 count 0", "P3: thirty-one", "for two and a", "double pair", "royal is",
                           "fourteen", "enc=lay btn=go"]


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


def test_back_undoes_a_card_and_undoing_the_starter_goes_home():
    d = laying()
    lay(d, 5)
    lay(d, 10)
    assert d.match.front == [2, 0]
    d.press(BACK_PRESS)
    assert d.match.front == [0, 0] and d.match.game.laying.play.count == 5 and d.where() == "lay"
    d.press(BACK_PRESS, BACK_PRESS)  # the five, then the starter
    assert d.match.starter is None and d.where() == "peg"


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


def test_a_card_that_wins_ends_the_game():
    d = laying()
    for points in (31, 31, 31, 25):  # P1 near the end, pegged from the serial line
        d.board.handle_command('{"cmd": "event", "event": ["peg", 0, %d]}' % points)
    assert d.match.front[0] == 118 and d.where() == "lay"
    lay(d, 5)
    lay(d, 10)  # fifteen two: 120
    lay(d, 6)
    lay(d, 10)  # P1: thirty-one for two, 122: the game hole
    assert d.match.winner == 0 and d.where() == "peg"
    d.press(BACK_PRESS)  # a mistake: back takes the winning card back, and the play goes on, the card dialled again
    assert d.match.winner is None and d.where() == "lay" and d.display()[2] == "P1 >10 count 21"
    d.press(ENC)
    assert d.match.winner == 0


def test_undoing_into_the_play_from_home_lays_again():
    d = laying()
    lay(d, 5)
    lay(d, 6)
    d.press(HOLD_ENC, ENC)  # the menu's first item: a new game, asked twice while one is under way
    assert d.where() == "menu" and d.mode.sure and d.match.phase == "play"
    d.press(ENC)
    assert d.match.phase == "cut" and d.where() == "peg"
    d.press(BACK_PRESS)  # the new game undone: back into the play
    assert d.match.game.laying.play.count == 11 and d.where() == "lay"
    assert d.display()[2] == "P2 >5 count 11"


def test_the_play_goes_on_after_a_power_cut():
    d = laying()
    lay(d, 5)
    lay(d, 10)
    d = d.reboot()
    assert d.where() == "lay" and d.match.game.laying.play.count == 15 and d.match.front == [2, 0]


def test_three_players_player_three_is_told_to_hold_back_for_go():
    d = laying(players=3)
    assert d.display()[-1] == "enc=lay btn=go"  # P2 leads
    lay(d, 10)
    assert d.display()[-2:] == ["enc=lay", "hold back=go"]  # P3's turn: a quick back would undo


def test_three_players_player_three_says_go_with_back_held():
    d = laying(players=3)
    lay(d, 10)  # P2
    lay(d, 10)  # P3: a pair
    lay(d, 10)  # P1: pair royal
    d.press(P2, HOLD_BACK, P1)  # all go: P1 laid last
    assert d.match.front == [7, 0, 2] and [e[0] for e in d.match.log[-3:]] == ["go", "go", "go"]


def test_a_hand_laid_asks_only_what_its_ranks_cannot_tell():
    d = laying()
    for rank in (11, 12, 1, 13, 9, 8, 2, 3):  # P2 lays J A 9 2, P1 Q K 8 3
        lay(d, rank)
    assert d.match.laid == [[12, 13, 8, 3], [11, 1, 9, 2]]
    before = d.match.front[:]
    d.press(ENC)  # P2's hand: J A 9 2 with the starter KH
    assert d.where() == "ranks" and d.mode.ranks.ranks == [10, 0, 8, 1]
    assert "one suit?" in d.display()  # four ranks: they could be a flush
    d.press(ENC)  # no
    assert "his nobs?" in d.display()  # a Jack, the starter no Jack: is it of the starter's suit?
    d.press(turn(1), ENC)  # yes
    # nothing makes fifteen, no pair, no run of three: his nobs alone, 1
    assert d.where() == "confirm" and d.mode.points == 1
    d.press(ENC)
    assert d.match.log[-1] == ["show_ranks", 1, [10, 0, 8, 1], 0, True, None]
    assert d.match.front == [before[0], before[1] + 1]


def test_points_a_house_rule_does_not_peg_are_said_not_pegged():
    d = laying(peg_out_exactly=True)
    for points in (31, 31, 31, 25):
        d.board.handle_command('{"cmd": "event", "event": ["peg", 0, %d]}' % points)
    for rank in (5, 10, 5, 5):  # P1: fifteen two (120), then a pair that would pass the game hole
        lay(d, rank)
    assert d.match.front[0] == 120 and d.match.winner is None
    said = " ".join(d.display()[2:])
    assert "P1: twenty-five for a pair, not pegged" in said, said


def test_a_card_undone_is_dialled_again():
    d = laying()
    lay(d, 5)  # P2
    lay(d, 9)  # P1: 14
    d.press(turn(3))  # the dial moves on, to a Queen
    d.press(BACK_PRESS)  # P1's nine taken back: its rank dialled again
    assert d.mode.rank == 9 and d.match.game.laying.play.count == 5 and d.display()[2] == "P1 >9 count 5"
    assert d.display()[-1] == "UNDO: P1 laid 9"  # named as a card ("P1's 9" read as points pegged)
    d.press(BACK_PRESS)  # and P2's five
    assert d.mode.rank == 5 and d.match.game.laying is None  # (no card laid this deal)
    d.press(turn(1), ENC)  # a turn: the six meant
    assert d.match.game.laying.play.count == 6


def test_a_crib_by_ranks_is_not_offered_a_rank_the_play_laid_four_of():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1)  # P1 deals
    assert d.ask({"cmd": "event", "event": ["starter_rank", 12]})["ok"]  # a King, its suit not dialled
    for rank in (5, 5, 5, 5, 10):  # the four fives laid, then a ten: 30
        lay(d, rank)
    d.press(P1, P2)  # both go
    for rank in (9, 7, 8):
        lay(d, rank)
    for seat, points in ((1, 10), (0, 6)):  # the hands by their totals (5 5 10 7, 5 5 9 8): laid cards held, unseen
        assert d.ask({"cmd": "event", "event": ["hand", seat, None, points]})["ok"]
    d.press(ENC)  # the crib, by its ranks (the starter has no suit)
    assert d.where() == "ranks" and d.mode.ranks.rank == 0
    d.press(turn(4))  # Ace, 2, 3, 4, then the six: the play laid all four fives
    assert d.mode.ranks.rank == 5 and d.mode.ranks.ranks == []
    d.press(turn(-1), ENC)
    assert d.mode.ranks.ranks == [3] and d.board.messages.refusal is None


def test_his_heels_pegged_at_a_total_after_a_skip_are_said_at_home():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC)  # the starter skipped before the play: home
    d.press(ENC, HOLD_P1)  # the pone's total; his heels there, for the dealer
    d.press(BACK_PRESS, BACK_PRESS)  # out of the count, home again
    assert d.where() == "peg" and d.match.front == [2, 0]
    assert d.display()[3:6] == ["starter skipped", "P1: his heels 2", "enc=count"]


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


def test_without_the_display_a_skipped_starter_shows_at_home_through_the_deals_play():
    # A review without the display: home after a press held too long at the starter looked as before it.
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1)  # player 1 deals: track 0's game hole glows blue
    before = d.frame_after(10).pixel(1, 121)
    assert before == (0, 0, 0)
    d.press(ENC, HOLD_ENC)  # the starter skipped
    hw = d.frame_after(10)
    glow = hw.pixel(1, 121)
    assert glow[0] == glow[1] == glow[2] > 0 and is_hue(hw.pixel(0, 121), BLUE)  # white, dim; the dealer's
    d.press(HOLD_P2)  # the play pegged by points: still said
    assert d.frame_after(10).pixel(1, 121) == glow
    d.press(BACK_PRESS, BACK_PRESS)  # the peg undone, then the skip taken back: the starter picker
    assert d.where() == "starter"
    d.press(BACK_PRESS)  # home, the starter still to come: no white
    assert d.mode.name == "peg" and d.frame_after(10).pixel(1, 121) == (0, 0, 0)


def test_points_pegged_by_hand_in_a_play_laid_then_set_by_points_keep_it_by_points_when_set_back():
    # A review: laying went on at its count, the cards pegged by hand meanwhile left out of it.
    d = laying()
    lay(d, 5)  # P2: 5
    assert d.ask({"cmd": "settings", "set": {"play": 0}})["ok"] and d.where() == "peg"
    d.press(HOLD_P1)  # P1's ten pegged by hand: fifteen two
    assert d.ask({"cmd": "settings", "set": {"play": 1}})["ok"]
    assert d.where() == "peg" and d.reboot().where() == "peg"  # this deal's play stays pegged by points
    d.press(BACK_PRESS)  # those points taken back: laid again, at its count
    assert d.where() == "lay" and d.display()[2].endswith("count 5")
    d = laying()
    lay(d, 5)
    assert d.ask({"cmd": "settings", "set": {"play": 0}})["ok"]
    assert d.ask({"cmd": "settings", "set": {"play": 1}})["ok"]  # and back, nothing pegged meanwhile: laid on
    assert d.where() == "lay" and d.display()[2].endswith("count 5")


def deal_pegged_by_hand_then_the_next():
    """A board laying the play card by card whose first deal's play was pegged by hand before its starter
    (KH, picked after), its shows counted by cards; in the next deal, the new pone pegs 2 by hand."""
    d = pegged_before_the_starter()
    d.press(ENC)
    d.pick("KH")
    d.press(ENC)  # the count: by cards, the starter known
    d.count_show("2C 3D 4S 9H")
    d.count_show("5C 6D 8S 9C")
    d.count_show("AC AD 7S 7H")
    assert d.match.phase == "play" and d.match.events == 7
    return d


def test_a_deal_undone_into_keeps_its_play_pegged_by_hand_through_the_next_deal_s_mark_and_a_power_cut():
    # A review: one mark for every deal, overwritten by the next deal's and let go by its undo (or not saved,
    # its deal over): the play undone into was laid from 0, its points pegged by hand counted twice.
    for cut in (False, True):
        d = deal_pegged_by_hand_then_the_next()
        d.press(HOLD_P1)  # the next deal's play pegged by hand too, before its starter
        if cut:
            d = d.reboot()
        d.press(BACK_PRESS, BACK_PRESS, BACK_PRESS, BACK_PRESS)  # that peg, the crib, both hands
        assert d.match.phase == "play" and d.match.front == [1, 2]
        assert d.where() == "peg" and d.reboot().where() == "peg", cut  # not laid from a count of 0
        d.press(BACK_PRESS, BACK_PRESS, BACK_PRESS)  # the starter, P1's 1 and P2's 2: nothing pegged by hand
        d.press(ENC)
        d.pick("KH")
        assert d.where() == "lay" and d.display()[2] == "P2 >5 count 0"


def test_a_deal_whose_starter_was_skipped_keeps_its_skip_when_undone_into_after_a_power_cut():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC, HOLD_P2)  # skipped, the play pegged by points
    d.press(ENC)  # the hands by their totals, from the pone's
    for points in (4, 6, 2):
        d.press(turn(points), ENC)
    assert d.match.phase == "play" and d.match.starter is None
    d = d.reboot()  # in the next deal
    d.press(BACK_PRESS, BACK_PRESS, BACK_PRESS)  # the crib and both hands
    assert d.where() == "peg" and "starter skipped" in d.display()
    d.press(ENC)
    assert d.where() == "total" and d.mode.seat == 1  # its hands by totals again, not the starter's picker


def test_a_new_match_after_a_play_pegged_by_hand_lays_its_first_play():
    d = pegged_before_the_starter()
    d.press(ENC)
    d.pick("KH")
    d.board.new_match()  # (as the menu's, asked twice)
    d.board.idle()
    d.press(P1, ENC)
    d.pick("KH")
    assert d.where() == "lay" and d.reboot().where() == "lay"


def test_a_board_pegging_by_points_marks_nothing_and_saves_no_marks():
    # Every deal pegged by points marked once (saved, a place a deal): a nearly full flash then refused a save
    # (tests/test_board_power_cut.py). The preference set to card by card marks the deal under way then.
    d = dealt()
    d.press(ENC)
    d.pick("5D")
    d.press(HOLD_P2, HOLD_P1)
    data = d.board.saved_data()
    assert d.board.pegged == () and data["pegged"] is None and data["skipped"] is None and data["deal_start"] is None


def test_a_card_that_wins_the_game_is_said_under_the_result():
    # A review at the table: the display went from the card's turn to "P2 WINS", never saying what it made.
    d = laying(target=61)
    for side, points in ((0, 30), (1, 30), (1, 11), (1, 18)):  # P1 on 30, P2 (the pone) on 59
        d.board.apply(["peg", side, points])
    lay(d, 5)  # P2 leads a 5
    lay(d, 10)  # P1: fifteen two
    lay(d, 10)  # P2: a pair, and the game
    assert d.match.winner == 1 and d.where() == "peg"
    said = ["P2 WINS 2 GAMES", "P1 SKUNKED", "P2: twenty-five", "for a pair", "enc=next game"]
    assert d.display()[-5:] == said
    assert d.reboot().display()[-5:] == said  # through a power cut too
    d = laying(target=61)
    for side, points in ((0, 30), (1, 30), (1, 11), (1, 18)):
        d.board.apply(["peg", side, points])
    lay(d, 5)
    lay(d, 5)  # P1: a pair
    lay(d, 5)  # P2: fifteen and a pair royal, 8: three lines; the scores give way (the pegs show them), as in the play
    assert d.display() == ["G1  won 0-2", "P2 WINS 2 GAMES", "P1 SKUNKED", "P2: fifteen two", "and a pair royal",
                           "is eight", "next: P1 deals", "enc=next game"]  # (a play-test: the hint had given way)
    assert d.mode.lines(d.board) == d.display()  # made so by home itself, not cut off by the display


def test_the_hint_stays_under_three_players_and_a_long_saying():
    d = laying(players=3)
    for rank in (5, 5, 5, 10, 6, 9, 9, 9, 4, 13, 12):  # P2 leads; 31 twice, then P2's and P3's last cards
        lay(d, rank)
    lay(d, 11)  # P1's last, the play's: 30 with a run of three, and one for last
    assert d.display() == ["PLAY OVER", "P1: thirty for a", "run of three and", "one for last is", "four",
                           "enc=count"]  # the scores give way (the pegs show them): what to do next is said


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


def test_a_fifth_card_refused_says_how_to_mend_a_rank_dialled_wrong_before():
    # A review: a Queen laid dialled as a King left its player holding a King the board refused, and no go.
    d = laying()  # the starter KH
    for rank in (13, 13, 1, 10, 13):  # P2, P1 (a pair), P2, P1 (thirty-one for two), P2: the Kings' fourth
        lay(d, rank)
    lay(d, 13)  # P1 holds a King: one of those laid was another rank
    assert d.board.messages.refusal == "all four Ks are out already (one in your hand? a K laid was wrong: back to it)"


def test_the_crib_picker_does_not_offer_the_jack_an_answer_put_in_a_hand():
    # A review: his nobs said yes for a hand laid in the play put the Jack of the starter's suit in it; the crib's
    # picker offered that card, showed its points, and refused it at the press.
    for answer in (P2, P1):  # as at the discard advice's question: p2 no, p1 yes
        d = Driver()
        d.board.change_settings({"play": 1})
        d.press(P1, ENC)
        d.pick("5H")
        for rank in (10, 5, 5, 11, 6, 4, 4, 5):  # P2, P1 (fifteen two), P2 (a pair), P1; P2, P1, P2, P1
            if rank == 6:
                d.press(P2, P1)  # both go at 30: P1 one for last
            lay(d, rank)
        d.press(ENC, ENC, ENC)  # P2's hand: no flush, its count said and pegged
        assert d.display()[2] == "his nobs?" and d.display()[4] == "> no"  # P1's hand, 5 J 4 5
        nobs = answer == P1
        if not nobs:
            d.press(turn(1))  # yes, for p2 to say no
        d.press(answer)
        assert d.display()[4] == ("> yes" if nobs else "> no")
        d.press(ENC, ENC)
        assert d.match.front == [18 + nobs, 20] and d.where() == "cards"  # P1: 4 and 14 (a 15 with his nobs)
        assert d.mode.picker.free(parse("JH")) != nobs and d.mode.picker.free(parse("JS"))


def test_a_preference_from_the_host_leaves_the_rank_dialled():
    # (a play-test: a preference set from the host sent the board home, dropping what was dialled)
    d = laying()
    lay(d, 5)
    d.press(turn(3))  # P1's dial on 8
    assert d.ask({"cmd": "settings", "set": {"brightness": 100}})["ok"]
    assert d.where() == "lay" and d.mode.rank == 8 and d.board.prefs["brightness"] == 100
