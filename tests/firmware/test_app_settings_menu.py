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


def menu_currents(d):
    """Every current limit the settings menu offers, turning through them once."""
    ui = edit(d, "milliamps")
    first = ui["choice"]
    seen = [first]
    while True:
        d.press(turn(1))
        choice = ask(d, {"cmd": "state"})["state"]["ui"]["choice"]
        if choice == first:
            return sorted(seen)
        seen.append(choice)


def test_the_menu_offers_current_limits_up_to_the_builds_supply_and_the_supply_itself():
    menu_values = ITEMS[[item[0] for item in ITEMS].index("milliamps")][2]
    for supply in (300, 500, 1000, 4000, 10000):
        offered = menu_currents(Driver(supply_ma=supply))
        assert max(offered) == supply and all(v in menu_values for v in offered[:-1])
        assert [v for v in menu_values if v < supply] == offered[:-1]  # every menu value below the supply


def test_a_current_limit_above_the_supply_is_refused_and_changes_nothing():
    d = Driver()  # a USB build: 500 mA
    before = settings_dict(d.board)
    for value in (501, 4000, 10000, 20000):
        reply = ask(d, {"cmd": "settings", "set": {"milliamps": value, "brightness": 90}})
        assert not reply["ok"] and "supply" in reply["error"] and "500" in reply["error"], reply
        assert settings_dict(d.board) == before
    assert not ask(d, {"cmd": "settings", "set": {"milliamps": 299}})["ok"]
    assert ask(d, {"cmd": "settings", "set": {"milliamps": 500}})["ok"]
    assert ask(d, {"cmd": "settings", "set": {"milliamps": 300}})["ok"] and settings_dict(d.board)["milliamps"] == 300


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
