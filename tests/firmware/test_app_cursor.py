"""A detent that moves a blinking cursor shows in the next frame, whatever the clock: the menu's item,
a setting's item and value, the cut for deal's rank, the starter's rank column (``app.cursor``)."""

from app_driver import ENC, HOLD_ENC, P1, Driver, dealt, turn

WAITS = range(0, 600, 53)  # a cursor blinks every 600 ms: each move at another point of the clock
MOVES = 12


def shows_at_once(d, moves=MOVES):
    """Turn ``d``'s cursor a detent at a time, each after a wait: the frame after each differs from before."""
    for n in range(moves):
        d.hw.advance(WAITS[n % len(WAITS)])
        before = bytes(d.frame_after(1).frame)
        d.press(turn(1))
        assert bytes(d.frame_after(1).frame) != before, (d.mode.name, n)


def test_the_menu_s_item():
    d = Driver()
    d.press(HOLD_ENC)
    assert d.mode.name == "menu"
    shows_at_once(d)


def test_a_setting_s_item_and_value():
    d = Driver()
    d.press(HOLD_ENC, turn(2), ENC)  # the settings
    assert d.mode.name == "settings"
    shows_at_once(d, 6)  # the items
    d.edit_setting("brightness")
    shows_at_once(d, 6)  # its values


def test_the_cut_for_deal_s_rank():
    d = Driver()
    d.press(ENC)
    assert d.mode.name == "cut"
    shows_at_once(d)


def test_the_starter_s_rank_column():
    d = dealt()
    d.press(ENC, P1)  # the starter: from the first suit, "any suit" (the rank's whole column)
    assert d.mode.name == "starter" and d.mode.any_suit
    shows_at_once(d)
