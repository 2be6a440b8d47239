"""The board's own preferences, beside the rules of the game: colours, brightness, the current limit.

``defaults(supply)`` holds their defaults: ``colour0`` .. ``colour2`` (an index into
``palette.CHOICES`` for each side), ``brightness`` (1-255), ``milliamps`` (the current the
LEDs may draw, ``app.power`` caps them under it): from ``shared.supply.LEAST_MA`` up to the
build's supply (``hw.supply_ma``, from board.json), which is also its default; and ``play``
(how the play is entered: 0 by points, 1 card by card, ``app.modes.lay``; not a rule: the
same game either way). A player changes
them in the settings menu or with the serial ``settings`` command, as the game rules.
``check_prefs`` validates a change, ``restore_prefs`` repairs what a save holds. Read
together with the rules, they are the settings of the serial protocol
(``app.protocol.settings_dict``) and of the settings menu (``app.modes.settings``).
"""

from micropython import const

from app import palette
from cribbage.cards import is_int, json_text

_KEYS = const(("colour0", "colour1", "colour2", "brightness", "milliamps", "play"))
# the whole numbers each takes (the colours: any palette choice; milliamps: shared.supply); crib's help says them
LIMITS = {"brightness": (1, 255), "play": (0, 1)}


def defaults(supply):
    """The preferences of a fresh board whose supply gives ``supply`` mA (a new dict)."""
    colours = palette.DEFAULT_COLOURS
    return {"colour0": colours[0], "colour1": colours[1], "colour2": colours[2], "brightness": 160,
            "milliamps": supply, "play": 0}


def check_prefs(changes, prefs, supply):
    """``prefs`` updated with ``changes`` (a new dict) on a build whose supply gives ``supply`` mA;
    ValueError naming a bad key or value. P1 and P3 peg on one track with three players, told apart
    by colour: one of the two given the other's colour takes it, and the other takes its old one."""
    out = dict(prefs)
    for key in changes:
        value = changes[key]
        if key not in _KEYS:
            raise ValueError("unknown setting %s" % json_text(key))
        if not is_int(value):  # every preference is one (checked here for milliamps too: as JSON writes it)
            raise ValueError("%s must be a whole number, not %s" % (key, json_text(value)))
        if key == "milliamps":
            from shared.supply import check_ma  # loaded when a limit is set or restored: heap

            out[key] = check_ma(value, supply)
            continue
        low, high = LIMITS.get(key, (0, len(palette.CHOICES) - 1))
        if not low <= value <= high:
            raise ValueError("%s must be from %d to %d, not %d" % (key, low, high, value))
        out[key] = value
    if out["colour0"] == out["colour2"]:
        if "colour0" in changes and "colour2" not in changes:  # the two swap (in any game: P3 plays later)
            out["colour2"] = prefs["colour0"]
        elif "colour2" in changes and "colour0" not in changes:
            out["colour0"] = prefs["colour2"]
        else:  # given one colour together, or saved so
            raise ValueError("P1 and P3 share a track with three players: give them two colours")
    return out


def restore_prefs(saved, supply):
    """Saved preferences made usable on a build whose supply gives ``supply`` mA: ``(prefs,
    None)``, or ``(prefs, message)`` naming what was fixed.

    Unknown keys are dropped and bad values go back to their defaults, one by one (say after
    a firmware change): a bad preference never costs the rest, nor the saved game. A current
    limit above the supply (saved on another build, or before the build's supply was known)
    comes down to the supply.
    """
    prefs = defaults(supply)
    if saved is None:
        return prefs, None
    if not isinstance(saved, dict):
        return prefs, "saved preferences not an object: defaults used"
    fixed = []
    for key in sorted(saved):  # sorted: the same message on every interpreter
        try:  # each alone (P1's and P3's colours, set as a pair, are judged together below)
            prefs[key] = check_prefs({key: saved[key]}, dict(prefs, colour0=-1, colour2=-2), supply)[key]
        except ValueError as e:  # (a current limit above the supply: the default, the supply)
            fixed.append(str(e))
    try:
        check_prefs({}, prefs, supply)
    except ValueError as e:  # one colour for P1 and P3: P3's back to a default that is not P1's
        fixed.append(str(e))
        colours = palette.DEFAULT_COLOURS
        prefs["colour2"] = colours[2] if prefs["colour0"] != colours[2] else colours[0]
    if not fixed:
        return prefs, None
    # what was wrong first: the display shows a notice's first lines only (app.messages)
    return prefs, "; ".join(fixed) + ": these back to their defaults"  # (the others kept)
