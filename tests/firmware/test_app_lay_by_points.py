"""The setting of the play, by points or card by card, and points pegged by hand or by a host: the menu sets it; a
play with points pegged by hand stays pegged by points (set mid-deal, a starter picked after, undos, the next
deal, power cuts, a new match); a board pegging by points marks nothing."""

from app_driver import BACK_PRESS, ENC, HOLD_ENC, HOLD_P1, HOLD_P2, P1, Driver, dealt, turn
from lay_helpers import lay, laying

from host_tools.card_text import parse


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


def test_the_play_set_card_by_card_once_points_are_pegged_in_the_deal_is_laid_from_the_next():
    d = dealt()
    d.press(ENC)
    d.pick("7D")  # by points: the starter, then the play pegged by hand
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
