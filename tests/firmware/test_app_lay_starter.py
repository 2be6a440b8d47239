"""The starter before a play laid card by card: taken by its rank alone, his heels (the dealer's button held, back
held for player 3), and skipped (the play then pegged by points; the skip said, shown on the LEDs, taken back, and
kept through undos and power cuts)."""

from app_driver import BACK_PRESS, ENC, HOLD_BACK, HOLD_ENC, HOLD_P1, HOLD_P2, P1, P2, Driver, dealt, is_hue, turn
from lay_helpers import lay
from led_colour import BLUE

from host_tools.card_text import parse


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


def test_his_heels_pegged_at_a_total_after_a_skip_are_said_at_home():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC)  # the starter skipped before the play: home
    d.press(ENC, HOLD_P1)  # the pone's total; his heels there, for the dealer
    d.press(BACK_PRESS, BACK_PRESS)  # out of the count, home again
    assert d.where() == "peg" and d.match.front == [2, 0]
    assert d.display()[3:6] == ["starter skipped", "P1: his heels 2", "enc=count"]


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


def test_a_starter_skipped_by_mistake_is_taken_back_by_back_and_the_play_laid_after_all():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC)  # the starter skipped: home
    assert d.where() == "peg" and d.match.events == 1
    d.press(BACK_PRESS)  # at once: the starter's picker again, no event taken back (the dealer stays)
    assert d.where() == "starter" and d.match.events == 1 and d.match.dealer == 0
    d.pick("KH")  # picked after all: the play is laid card by card
    assert d.where() == "lay"


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


def test_a_skip_is_kept_by_an_undo_after_it_and_forgotten_by_one_before_it():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC, HOLD_P2)  # skipped, then P2 pegs 2 in the play by points
    d.board.undo()  # (from a host)
    d.board.undo()  # the dealer: before the skip, which goes with it
    d.press(P2, ENC)  # P2 deals this time (the same place in the log): the starter is asked
    assert d.where() == "starter"


def test_a_card_laid_over_the_serial_line_after_a_skip_keeps_the_play_laid():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, ENC, HOLD_ENC)
    for event in (["starter", parse("KH")], ["lay", 1, 5]):  # a host gives the starter and a card
        assert d.ask({"cmd": "event", "event": event})["ok"]
    d.board.idle()
    assert d.where() == "lay"


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
