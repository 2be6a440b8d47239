"""The build's supply: the most current the board may draw, a property of the build.

``hardware/scripts/make_board.py`` writes it into board.json (``"supply": {"variant": ..., "supply_ma":
...}``: 400 for the USB build, 2500 for the 5 V 2.5 A adapter). The hardware layer reads it with
``supply_ma(board)`` and hands it to the app as ``hw.supply_ma``; the app's current setting (the
preference ``milliamps``) may only go at or below it: ``check_ma``. Messages name board.json, so
a builder knows where the ceiling comes from.
"""

from micropython import const

LEAST_MA = const(300)  # the lowest current setting: the board and 242 dark LEDs alone draw ~290 mA
# The most each build's parts are rated for (hardware/power.md, "Which supply"): a board.json asking
# more is refused here, as hardware/scripts/make_board.py refuses to write one. USB: the LED switch U3's least current
# limit (R8 66.5 kohm: 351 to 449 mA, 0.50 A at most with the Pico's 50 mA: power.md, "Which supply") plus the
# Pico's 50 mA, which does not pass through it (also the supply of a board.json that names none: written
# before builds named theirs). Adapter: the 5 V 2.5 A adapter PS1, the fuse F1 (T3.15A), the jack J1,
# the fuse holder XF1, the bus wires.
USB_MA = const(400)
ADAPTER_MA = const(2500)


def rated_ma(variant):
    """The most, in mA, that the parts of a ``variant`` build ("usb" or "adapter", board.json's
    ``supply`` -> ``variant``) are rated for; ValueError naming board.json for another."""
    if variant == "usb":
        return USB_MA
    if variant == "adapter":
        return ADAPTER_MA
    raise ValueError("board.json supply variant: %r, not 'usb' or 'adapter'" % (variant,))


def supply_ma(board):
    """The build's supply in mA from the board description ``board`` (board.json read as a dict):
    ``USB_MA`` if it names none; ValueError if what it names is no supply, or more than its
    variant's parts are rated for."""
    supply = board.get("supply")
    if supply is None:
        return USB_MA
    if not isinstance(supply, dict):
        raise ValueError("board.json supply: %r, not {\"variant\": ..., \"supply_ma\": ...}" % (supply,))
    most = rated_ma(supply.get("variant"))
    value = supply.get("supply_ma")
    if type(value) is not int or not LEAST_MA <= value <= most:
        raise ValueError("board.json supply_ma: %r, not %d to %d (what the %s build's parts are rated for)"
                         % (value, LEAST_MA, most, supply["variant"]))
    return value


def check_ma(value, supply):
    """``value`` if the current setting may take it on a build whose supply gives ``supply`` mA;
    else ValueError saying why (above the supply: the build's ceiling, from board.json)."""
    if type(value) is not int or value < LEAST_MA:
        raise ValueError("milliamps must be a whole number from %d to %d, not %r" % (LEAST_MA, supply, value))
    if value > supply:
        raise ValueError("milliamps %d is above this build's supply (supply_ma %d in board.json)" % (value, supply))
    return value
