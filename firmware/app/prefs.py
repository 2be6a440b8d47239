"""The board's own preferences, beside the rules of the game: colours, brightness, the supply.

``PREFS`` holds their defaults: ``colour0`` .. ``colour2`` (an index into
``palette.CHOICES`` for each side), ``brightness`` (1-255), ``milliamps`` (what the
supply gives, 300-10000: ``app.power`` caps the LEDs' current under it) and ``play`` (how
the play is entered: 0 by points, 1 card by card, ``app.modes.lay``; not a rule: the same
game either way). A player changes
them in the settings menu or with the serial ``settings`` command, as the game rules.
``check_prefs`` validates a change, ``restore_prefs`` repairs what a save holds. Read
together with the rules, they are the settings of the serial protocol
(``app.protocol.settings_dict``) and of the settings menu (``app.modes.settings``).
"""

from app import palette, power
from cribbage.cards import is_int

PREFS = {"colour0": palette.DEFAULT_COLOURS[0], "colour1": palette.DEFAULT_COLOURS[1],
         "colour2": palette.DEFAULT_COLOURS[2], "brightness": 160, "milliamps": power.USB_SUPPLY_MA, "play": 0}
_LIMITS = {"brightness": (1, 255), "milliamps": (300, 10000), "play": (0, 1)}  # the colours: any palette choice


def check_prefs(changes, prefs):
    """``prefs`` updated with ``changes`` (a new dict); ValueError naming a bad key or value."""
    out = dict(prefs)
    for key in changes:
        value = changes[key]
        if key not in PREFS:
            raise ValueError("unknown setting %r" % (key,))
        if not is_int(value):
            raise ValueError("%s must be a whole number, not %r" % (key, value))
        low, high = _LIMITS.get(key, (0, len(palette.CHOICES) - 1))
        if not low <= value <= high:
            raise ValueError("%s must be from %d to %d, not %r" % (key, low, high, value))
        out[key] = value
    return out


def restore_prefs(saved):
    """Saved preferences made usable: ``(prefs, None)``, or ``(prefs, message)`` naming what was fixed.

    Unknown keys are dropped and bad values go back to their defaults, one by one (say after
    a firmware change): a bad preference never costs the rest, nor the saved game.
    """
    prefs = dict(PREFS)
    if saved is None:
        return prefs, None
    if not isinstance(saved, dict):
        return prefs, "saved preferences not an object: defaults used"
    fixed = []
    for key in sorted(saved):  # sorted: the same message on every interpreter
        try:
            prefs = check_prefs({key: saved[key]}, prefs)
        except ValueError as e:
            fixed.append(str(e))
    if not fixed:
        return prefs, None
    return prefs, "saved preferences not taken (defaults used): " + "; ".join(fixed)
