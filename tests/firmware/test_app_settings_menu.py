"""The settings menu starts its choice at the value in force, also one set over the serial line; its
choices stop at either end; a rule mid-match and one colour for two players on a track are refused.
The menu's code leaves the heap when the board goes home, the count's when the menu opens, and the
count's comes back ahead of the count, once a deal is under way and the menu is shut; a request at
home drops it for the serial protocol's code, which the next load ahead drops."""

import gc
import sys

from app_driver import BACK_PRESS, ENC, HOLD_ENC, HOLD_P2, P1, P2, Driver, dealt, turn

from app import board, power
from app.modes.settings import COLOUR_NAMES, ITEMS
from app.prefs import defaults
from app.protocol import settings_dict
from shared import forget


def test_a_supply_limit_set_over_the_serial_line_is_offered_in_the_menu():
    d = Driver(supply_ma=4000)  # an adapter build
    assert d.ask({"cmd": "settings", "set": {"milliamps": 4000}})["ok"]  # power.md: the 5 V 4 A supply
    ui = d.edit_setting("milliamps")
    assert ui["mode"] == "settings" and ui["editing"] and ui["choice"] == 4000
    d.board.render()
    assert "> 4000" in [line.strip() for line in d.hw.display.lines]
    d.press(ENC)  # keep it
    assert settings_dict(d.board)["milliamps"] == 4000


def test_p1_and_p2_in_the_menu_and_the_settings_are_refused_with_what_the_encoder_does():
    # A play-tester: there they did nothing and said nothing, where a button with no use is refused elsewhere
    d = dealt()
    d.press(HOLD_ENC, P1)
    assert d.where() == "menu" and d.display()[-2:] == ["NO: the encoder", "opens it"]
    d.press(BACK_PRESS, HOLD_ENC, HOLD_P2)  # held: its press, here
    assert d.where() == "menu" and d.board.messages.refusal == "the encoder opens it"
    d.press(turn(2), ENC, P2)
    assert d.where() == "settings" and d.display()[-2:] == ["NO: the encoder", "changes it"]
    d.edit_setting("brightness")
    d.press(P1)
    assert d.mode.editing and d.display()[-2:] == ["NO: the encoder", "keeps it"]
    assert d.match.front == [0, 0] and d.match.events == 1  # nothing pegged: only the dealer named


def test_a_value_the_menu_does_not_offer_starts_at_the_nearest():
    d = Driver(supply_ma=4000)
    assert d.ask({"cmd": "settings", "set": {"milliamps": 1000, "brightness": 100}})["ok"]
    assert d.edit_setting("milliamps")["choice"] == 900  # not the first value, 300
    d.press(ENC)
    assert settings_dict(d.board)["milliamps"] == 900
    d = Driver()
    assert d.ask({"cmd": "settings", "set": {"brightness": 100}})["ok"]
    assert d.edit_setting("brightness")["choice"] == 120


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


def test_turning_past_the_last_value_stays_there():
    d = Driver()
    d.edit_setting("brightness")
    d.press(turn(3), turn(20))  # 160 up to 255, and on: not round to 16, the dimmest
    assert d.ask({"cmd": "state"})["state"]["ui"]["choice"] == 255
    d.press(turn(-30))
    assert d.ask({"cmd": "state"})["state"]["ui"]["choice"] == 16


def test_the_double_skunk_says_its_games_and_whether_the_skunk_rule_uses_it():
    # a play-test: "double skunk / 3" had no unit, and read the same under the lurch rule, which has no double skunk
    d = Driver()
    d.edit_setting("double_skunk_games")
    assert d.display() == ["SETTINGS 3/14", "double skunk", "> worth 3 games", "enc=keep back=no"]
    d.press(turn(1), ENC)
    assert d.match.settings.double_skunk_games == 4 and d.display()[2] == "  worth 4 games"
    d.press(turn(-1), ENC, turn(2), ENC, turn(1))  # the skunk rule: lurch
    assert d.match.settings.skunk == "lurch"
    assert d.display() == ["SETTINGS 3/14", "double skunk", "  worth 4 games", "with skunk only", "enc=change"]


def test_a_rule_is_refused_at_once_once_the_match_has_begun():
    d = Driver()
    d.press(P1)
    ui = d.edit_setting("target")  # the press that would start dialling a new game length
    assert not ui["editing"] and "start a new match" in d.board.messages.refusal
    assert d.match.events == 1
    assert d.edit_setting("brightness")["editing"]  # the board's own preferences still change


def test_players_sharing_a_track_keep_two_colours():
    d = Driver()
    before = settings_dict(d.board)
    same = {"colour0": before["colour2"], "colour2": before["colour2"]}
    reply = d.ask({"cmd": "settings", "set": same})
    assert not reply["ok"] and "P1 and P3 share a track" in reply["error"] and settings_dict(d.board) == before
    swap = {"colour0": before["colour2"], "colour2": before["colour0"]}
    assert d.ask({"cmd": "settings", "set": swap})["ok"]  # judged after the whole change
    d.edit_setting("colour2")
    assert d.display()[3] == "P1: " + COLOUR_NAMES[before["colour2"]]  # the other's colour, beside (a play-test)
    d.press(turn(before["colour2"] - before["colour0"]), ENC)  # the menu: P3 to P1's colour: they swap
    after = settings_dict(d.board)
    assert (after["colour0"], after["colour2"]) == (before["colour0"], before["colour2"])
    assert d.display()[2:4] == ["  " + COLOUR_NAMES[after["colour2"]], "P1: " + COLOUR_NAMES[after["colour0"]]]
    assert not d.board.messages.refusal and not d.ask({"cmd": "state"})["state"]["ui"]["editing"]
    d.press(turn(-2), ENC, turn(1), ENC)  # (still in the settings) P1 to a colour P3 does not have
    after = settings_dict(d.board)
    assert (after["colour0"], after["colour2"]) == (before["colour0"] + 1, before["colour2"])
    assert d.ask({"cmd": "settings", "set": {"colour2": after["colour0"]}})["ok"]  # one alone: the two swap, as
    swapped = settings_dict(d.board)  # in the menu (a review: the serial line refused it, in any game)
    assert (swapped["colour0"], swapped["colour2"]) == (after["colour2"], after["colour0"])


def test_the_count_s_code_leaves_the_heap_when_the_menu_opens():
    d = dealt()
    d.press(ENC)
    d.pick("KD")  # the starter
    d.press(ENC)
    d.pick_all("AC 2D 3H 7S")  # the pone's hand, said on the display once drawn
    d.frame_after(1)
    assert "app.said" in sys.modules
    d.press(ENC, BACK_PRESS, HOLD_ENC)  # pegged; home (no card of the next hand picked); the menu
    assert d.board.mode.name == "menu"
    assert not any(name in sys.modules for name in ("app.modes.count", "app.said", "cribbage.saying"))
    assert not hasattr(sys.modules["app"], "said")  # (its package held it too)


def test_the_count_s_code_is_loaded_ahead_a_module_a_call_once_a_deal_is_under_way_and_the_menu_is_shut():
    d = Driver()
    ahead = board.Board._ahead.split()
    forget(" ".join(ahead))  # (another test may have loaded them)
    assert not d.board.load_ahead()  # no deal yet: no count to come
    d.press(P1)  # P1 deals
    for n in range(len(ahead)):
        assert d.board.load_ahead()
        assert [name in sys.modules for name in ahead] == [True] * (n + 1) + [False] * (len(ahead) - n - 1)
    assert not d.board.load_ahead()  # all loaded: nothing more to do
    d.press(HOLD_ENC)  # the menu drops them, and loads none while it is open
    assert d.board.mode.name == "menu" and not d.board.load_ahead()
    assert "app.modes.count" not in sys.modules and "app.said" not in sys.modules
    d.press(BACK_PRESS)  # home: loaded ahead again
    while d.board.load_ahead():
        pass
    assert all(name in sys.modules for name in ahead)


def test_a_request_at_home_drops_the_count_s_code_and_loading_it_ahead_again_drops_the_protocol_s():
    # the two never in the heap together: with a match's log read over USB, they made the heap's peak
    ahead = board.Board._ahead.split()
    d = dealt()
    while d.board.load_ahead():
        pass
    assert d.ask({"cmd": "state"})["ok"]
    assert "app.protocol" in sys.modules and not any(name in sys.modules for name in ahead)
    assert d.ask({"cmd": "log"})["ok"]  # (the next request finds the protocol's code loaded)
    assert d.board.load_ahead()  # once the board is quiet: the count's code again, the protocol's leaves
    assert "app.protocol" not in sys.modules and "app.strict_json" not in sys.modules
    while d.board.load_ahead():
        pass
    assert all(name in sys.modules for name in ahead)
    d.press(ENC)  # the count opens (the starter): its mode holds its code, a request leaves it loaded
    assert d.ask({"cmd": "state"})["state"]["ui"]["mode"] == "starter"
    assert all(name in sys.modules for name in ahead)


def test_the_press_that_opens_the_count_drops_the_protocol_s_code_too():
    # a host read the log at home (the count's code dropped), then players count before the board was
    # quiet for a second: the press loads the count's code, and the protocol's leaves as it does ahead
    d = dealt()
    assert d.ask({"cmd": "log"})["ok"]
    assert "app.protocol" in sys.modules and "app.modes.count" not in sys.modules
    d.press(ENC)
    assert d.board.mode.name == "starter" and "app.modes.count" in sys.modules  # the count's first step
    assert "app.protocol" not in sys.modules and "app.strict_json" not in sys.modules
    assert d.ask({"cmd": "state"})["state"]["ui"]["mode"] == "starter"  # a request loads it again


def test_each_module_the_board_forgets_or_loads_ahead_is_one_of_its_own():
    # a module moved or renamed takes its name in these lists with it, or the old name forgets nothing;
    # each is dropped again (MicroPython's unix port compiles them from source: all at once, with the
    # earlier tests' own, they outgrew its heap)
    names = board._COUNT_MODULES + " " + board._MENU_MODULES + " " + board.Board._ahead
    forget(names)  # (those the tests before loaded: room to compile the next)
    gc.collect()
    for name in names.split():
        __import__(name)
        forget(name)


def test_each_brightness_the_menu_offers_looks_a_step_brighter_than_the_last():
    """A review at the table: 16 and 32 looked the same, and 64 and 96 barely differed (``app.power``'s toe
    gives a full white 19, 21, 25 and 29 PWM steps), while 192 to 255 leapt. How bright a full white looks is
    its share of the PWM steps to the power 1/2.8 (the gamma ``app.power`` follows): each choice is now
    between 0.05 and 0.13 of that above the last, the default among them."""
    values = [item[2] for item in ITEMS if item[0] == "brightness"][0]
    looks = [(power.peak_steps(255, value) / 255) ** (1 / 2.8) for value in values]
    assert values[-1] == 255 and defaults(500)["brightness"] in values
    for i in range(1, len(values)):
        assert 0.05 <= looks[i] - looks[i - 1] <= 0.13, (values[i - 1], values[i], looks[i - 1], looks[i])
