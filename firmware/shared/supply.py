"""The build's supply: the most current the board may draw, a property of the build.

``hardware/make_board.py`` writes it into board.json (``"supply": {"variant": ..., "supply_ma":
...}``: 500 for the USB build, 4000 for the 5 V 4 A adapter). The hardware layer reads it with
``supply_ma(board)`` and hands it to the app as ``hw.supply_ma``; the app's current setting (the
preference ``milliamps``) may only go at or below it: ``check_ma``. Messages name board.json, so
a builder knows where the ceiling comes from.
"""

from micropython import const

LEAST_MA = const(300)  # the lowest current setting: the board and 242 dark LEDs alone draw ~290 mA
USB_MA = const(500)  # a board.json that names no supply (written before builds named theirs): USB's most
MOST_MA = const(10000)  # no supply of a board like this gives more


def supply_ma(board):
    """The build's supply in mA from the board description ``board`` (board.json read as a dict):
    ``USB_MA`` if it names none; ValueError if what it names is no supply."""
    supply = board.get("supply", {"supply_ma": USB_MA})
    value = supply.get("supply_ma") if isinstance(supply, dict) else None
    if type(value) is not int or not LEAST_MA <= value <= MOST_MA:
        raise ValueError("board.json supply_ma: %r, not %d to %d" % (value, LEAST_MA, MOST_MA))
    return value


def check_ma(value, supply):
    """``value`` if the current setting may take it on a build whose supply gives ``supply`` mA;
    else ValueError saying why (above the supply: the build's ceiling, from board.json)."""
    if type(value) is not int or value < LEAST_MA:
        raise ValueError("milliamps must be a whole number from %d to %d, not %r" % (LEAST_MA, supply, value))
    if value > supply:
        raise ValueError("milliamps %d is above this build's supply (supply_ma %d in board.json)" % (value, supply))
    return value
