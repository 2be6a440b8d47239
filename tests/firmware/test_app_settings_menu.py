"""The settings menu starts its choice at the value in force, also one set over the serial line."""

import sys

from app_driver import BACK_PRESS, ENC, Driver

from app.protocol import settings_dict


def test_a_supply_limit_set_over_the_serial_line_is_offered_in_the_menu():
    d = Driver(supply_ma=4000)  # an adapter build
    assert d.ask({"cmd": "settings", "set": {"milliamps": 4000}})["ok"]  # power.md: the 5 V 4 A supply
    ui = d.edit_setting("milliamps")
    assert ui["mode"] == "settings" and ui["editing"] and ui["choice"] == 4000
    d.board.render()
    assert "> 4000" in [line.strip() for line in d.hw.display.lines]
    d.press(ENC)  # keep it
    assert settings_dict(d.board)["milliamps"] == 4000


def test_a_value_the_menu_does_not_offer_starts_at_the_nearest():
    d = Driver(supply_ma=4000)
    assert d.ask({"cmd": "settings", "set": {"milliamps": 1000, "brightness": 100}})["ok"]
    assert d.edit_setting("milliamps")["choice"] == 900  # not the first value, 300
    d.press(ENC)
    assert settings_dict(d.board)["milliamps"] == 900
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"brightness": 100}})["ok"]
    assert d.edit_setting("brightness")["choice"] == 96


def test_the_menus_code_leaves_the_heap_when_the_board_goes_home_and_comes_back_when_opened():
    menu_modules = ("app.modes.menu", "app.modes.settings")
    d = Driver()
    d.edit_setting("brightness")
    assert all(name in sys.modules for name in menu_modules)
    d.press(BACK_PRESS, BACK_PRESS, BACK_PRESS)  # out of the choice, the settings, the menu
    assert d.board.mode.name == "peg"
    assert not any(name in sys.modules for name in menu_modules)
    assert not hasattr(sys.modules["app.modes"], "settings")  # no reference left to keep its code alive
    ui = d.edit_setting("brightness")  # loaded again, working as before
    assert ui["mode"] == "settings" and ui["editing"]
