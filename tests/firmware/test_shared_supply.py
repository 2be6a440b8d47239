"""The build's supply from the board description, and the current limits it allows."""

from portable import raises
from shared.supply import ADAPTER_MA, LEAST_MA, USB_MA, check_ma, rated_ma, supply_ma


def test_the_supply_is_read_from_the_board_description():
    assert supply_ma({"supply": {"variant": "adapter", "supply_ma": 2500}}) == 2500
    assert supply_ma({"supply": {"variant": "usb", "supply_ma": 400}}) == 400
    assert supply_ma({"pins": {}}) == USB_MA  # a board.json from before builds named their supply


def test_a_supply_that_is_no_supply_is_refused_naming_the_file():
    for bad in ({"supply": 500}, {"supply": {}}, {"supply": {"variant": "usb", "supply_ma": "500"}},
                {"supply": {"variant": "usb", "supply_ma": True}},
                {"supply": {"variant": "usb", "supply_ma": LEAST_MA - 1}},
                {"supply": {"supply_ma": 500}}, {"supply": {"variant": "mains", "supply_ma": 500}}):
        with raises(ValueError, "board.json"):
            supply_ma(bad)


def test_a_supply_above_what_its_build_is_rated_for_is_refused():
    assert rated_ma("usb") == USB_MA == 400 and rated_ma("adapter") == ADAPTER_MA == 2500
    for variant in ("usb", "adapter"):
        most = rated_ma(variant)
        assert supply_ma({"supply": {"variant": variant, "supply_ma": most}}) == most
        with raises(ValueError, "not %d to %d (what the %s build's parts are rated for)" % (LEAST_MA, most, variant)):
            supply_ma({"supply": {"variant": variant, "supply_ma": most + 1}})


def test_a_current_limit_goes_from_the_least_up_to_the_supply_and_no_further():
    for supply in (LEAST_MA, USB_MA, 1234, ADAPTER_MA):
        for value in (LEAST_MA, (LEAST_MA + supply) // 2, supply):
            assert check_ma(value, supply) == value
        with raises(ValueError, "supply_ma %d" % supply):
            check_ma(supply + 1, supply)
        with raises(ValueError, "from %d to %d" % (LEAST_MA, supply)):
            check_ma(LEAST_MA - 1, supply)
        for bad in ("500", 500.0, True, None):
            with raises(ValueError, "whole number from %d" % LEAST_MA):
                check_ma(bad, supply)
