"""The build's supply is the ceiling of the current limit: its default, the most the menu offers
and the serial line takes, and what a limit saved above it comes down to at power-on."""

import json

from app_driver import P1, Driver, turn

from app.modes.settings import ITEMS
from app.protocol import settings_dict


def menu_currents(d):
    """Every current limit the settings menu offers: from the lowest (the choice stops at either
    end) up to the highest."""
    d.edit_setting("milliamps")
    d.press(turn(-20))
    seen = [d.ask({"cmd": "state"})["state"]["ui"]["choice"]]
    while True:
        d.press(turn(1))
        choice = d.ask({"cmd": "state"})["state"]["ui"]["choice"]
        if choice == seen[-1]:
            return seen
        seen.append(choice)


def test_the_menu_offers_current_limits_up_to_the_builds_supply_and_the_supply_itself():
    menu_values = ITEMS[[item[0] for item in ITEMS].index("milliamps")][2]
    for supply in (300, 500, 1000, 4000, 10000):
        offered = menu_currents(Driver(supply_ma=supply))
        assert max(offered) == supply and all(v in menu_values for v in offered[:-1])
        assert [v for v in menu_values if v < supply] == offered[:-1]  # every menu value below the supply


def test_a_current_limit_above_the_supply_is_refused_and_changes_nothing():
    d = Driver()  # a USB build: 400 mA
    before = settings_dict(d.board)
    for value in (401, 500, 2500, 10000, 20000):
        reply = d.ask({"cmd": "settings", "set": {"milliamps": value, "brightness": 90}})
        assert not reply["ok"] and "supply" in reply["error"] and "400" in reply["error"], reply
        assert settings_dict(d.board) == before
    assert not d.ask({"cmd": "settings", "set": {"milliamps": 299}})["ok"]
    assert d.ask({"cmd": "settings", "set": {"milliamps": 400}})["ok"]
    assert d.ask({"cmd": "settings", "set": {"milliamps": 300}})["ok"] and settings_dict(d.board)["milliamps"] == 300


def test_a_current_limit_above_the_builds_supply_comes_down_to_it_and_the_board_says_so():
    d = Driver(supply_ma=4000)  # saved on an adapter build ...
    assert json.loads(d.board.handle_command('{"cmd": "settings", "set": {"milliamps": 3000, "brightness": 90}}'))["ok"]
    d.press(P1)
    again = d.reboot(supply_ma=500)  # ... and restored on a USB build: the game and the rest kept
    assert again.board.prefs["milliamps"] == 500 and again.board.prefs["brightness"] == 90
    assert again.match.log == d.match.log
    notice = again.board.messages.notice
    assert "milliamps 3000 is above this build's supply (supply_ma 500 in board.json)" in notice
    assert notice.endswith(": these back to their defaults")  # (a review: it said every preference was)
    assert d.reboot(supply_ma=500).board.messages.notice is None  # the clamp was written back
    within = d.reboot(supply_ma=4000)  # at or below the supply: kept as saved, nothing said
    assert within.board.prefs["milliamps"] == 500 and within.board.messages.notice is None


def test_a_fresh_board_limits_the_current_to_its_builds_supply():
    for supply in (300, 500, 4000, 10000):
        assert Driver(supply_ma=supply).board.prefs["milliamps"] == supply
