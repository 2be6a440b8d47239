"""The settings menu starts its choice at the value in force, also one set over the serial line."""

import json
import sys

from app_driver import BACK_PRESS, ENC, HOLD_ENC, Driver, turn

from app.modes.settings import ITEMS
from app.protocol import settings_dict


def ask(d, request):
    return json.loads(d.board.handle_command(json.dumps(request)))


def edit(d, key):
    """Open the settings menu at ``key`` and start changing it; return the ui state then."""
    keys = [item[0] for item in ITEMS]
    d.press(HOLD_ENC, turn(2), ENC)  # menu -> settings
    d.press(turn(keys.index(key)), ENC)
    return ask(d, {"cmd": "state"})["state"]["ui"]


def test_a_supply_limit_set_over_the_serial_line_is_offered_in_the_menu():
    d = Driver(supply_ma=4000)  # an adapter build
    assert ask(d, {"cmd": "settings", "set": {"milliamps": 4000}})["ok"]  # power.md: the 5 V 4 A supply
    ui = edit(d, "milliamps")
    assert ui["mode"] == "settings" and ui["editing"] and ui["choice"] == 4000
    d.board.render()
    assert "> 4000" in [line.strip() for line in d.hw.display.lines]
    d.press(ENC)  # keep it
    assert settings_dict(d.board)["milliamps"] == 4000


def test_a_value_the_menu_does_not_offer_starts_at_the_nearest():
    d = Driver(supply_ma=4000)
    assert ask(d, {"cmd": "settings", "set": {"milliamps": 1000, "brightness": 100}})["ok"]
    assert edit(d, "milliamps")["choice"] == 900  # not the first value, 300
    d.press(ENC)
    assert settings_dict(d.board)["milliamps"] == 900
    d = Driver()
    assert ask(d, {"cmd": "settings", "set": {"brightness": 100}})["ok"]
    assert edit(d, "brightness")["choice"] == 96


def test_the_menus_code_leaves_the_heap_when_the_board_goes_home_and_comes_back_when_opened():
    menu_modules = ("app.modes.menu", "app.modes.settings")
    d = Driver()
    edit(d, "brightness")
    assert all(name in sys.modules for name in menu_modules)
    d.press(BACK_PRESS, BACK_PRESS, BACK_PRESS)  # out of the choice, the settings, the menu
    assert d.board.mode.name == "peg"
    assert not any(name in sys.modules for name in menu_modules)
    assert not hasattr(sys.modules["app.modes"], "settings")  # no reference left to keep its code alive
    ui = edit(d, "brightness")  # loaded again, working as before
    assert ui["mode"] == "settings" and ui["editing"]
