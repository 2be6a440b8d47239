"""Input events, the one shape every input source (hal, simulator, serial line) produces.

An input event is a tuple:
  (TURN, n)        the encoder turned n detents (n < 0 anticlockwise), acceleration applied;
                   1 <= |n| <= MAX_TURN (a bigger turn is malformed: the app ignores it and the
                   serial protocol refuses it, so no input can keep the board busy for long)
  (PRESS, name)    a control released after a short press
  (LONG, name)     a control held past the long-press time (fired once, while held)
Control names are those of ``hardware/board.json``: ENCODER and the buttons below.
"""

from micropython import const

TURN = "turn"
PRESS = "press"
LONG = "long"

ENCODER = "enc"
PLAYER_1 = "p1"
PLAYER_2 = "p2"
BACK = "back"
CONTROLS = (ENCODER, PLAYER_1, PLAYER_2, BACK)
MAX_TURN = const(100)  # far more than any choice needs (31 points, 13 ranks) or a quick, accelerated turn gives
_SEQUENCES = (list, tuple)  # an event from code is a tuple, from JSON a list; made once, not per call


def is_event(event):
    """True if ``event`` is a well-formed input event (a turn of 1 to MAX_TURN detents either way, or a control)."""
    if not isinstance(event, _SEQUENCES) or len(event) != 2:
        return False
    kind, what = event
    if kind == TURN:  # a whole number: an int that is not a bool (JSON true is no turn)
        return type(what) is int and what != 0 and -MAX_TURN <= what <= MAX_TURN
    return (kind == PRESS or kind == LONG) and what in CONTROLS
