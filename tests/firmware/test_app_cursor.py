"""A detent that moves a blinking cursor shows in the next frame, whatever the clock: the menu's item,
a setting's item and value, the cut for deal's rank, the starter's rank column (``app.cursor``)."""

from app_driver import ENC, HOLD_ENC, P1, Driver, dealt, turn

WAITS = range(0, 600, 53)  # a cursor blinks every 600 ms: each move at another point of the clock
MOVES = 12


def shows_at_once(d, mode, moves=MOVES):
    """In ``mode``, turn ``d``'s cursor a detent at a time, each after a wait: the frame after each
    differs from the one before."""
    assert d.mode.name == mode
    for n in range(moves):
        d.hw.advance(WAITS[n % len(WAITS)])
        before = bytes(d.frame_after(1).frame)
        d.press(turn(1))
        assert bytes(d.frame_after(1).frame) != before, (mode, n)


def opened(*presses):
    """A fresh board after ``presses``."""
    d = Driver()
    d.press(*presses)
    return d


def test_the_menu_s_item():
    shows_at_once(opened(HOLD_ENC), "menu")


def test_a_setting_s_item_and_value():
    d = opened(HOLD_ENC, turn(2), ENC)  # the settings
    shows_at_once(d, "settings", 6)  # the items
    d.edit_setting("match_to")
    shows_at_once(d, "settings", 5)  # its values: a match of 0 (none), 3, 5 ... 11 games


def test_the_cut_for_deal_s_rank():
    shows_at_once(opened(ENC), "cut")


def test_the_starter_s_rank_column():
    d = dealt()
    d.press(ENC, P1)  # the starter: from the first suit, "any suit" (the rank's whole column)
    assert d.mode.any_suit
    shows_at_once(d, "starter")
