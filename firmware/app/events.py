"""Input events, the one shape every input source (hal, simulator, serial line) produces.

An input event is a tuple:
  (TURN, n)        the encoder turned n detents (n < 0 anticlockwise), acceleration applied
  (PRESS, name)    a control released after a short press
  (LONG, name)     a control held past the long-press time (fired once, while held)
Control names are those of ``hardware/board.json``: ENCODER and the buttons below.
"""

TURN = "turn"
PRESS = "press"
LONG = "long"

ENCODER = "enc"
PLAYER_1 = "p1"
PLAYER_2 = "p2"
BACK = "back"
CONTROLS = (ENCODER, PLAYER_1, PLAYER_2, BACK)


def is_event(event):
    """True if ``event`` is a well-formed input event (a turn by a non-zero int, or a known control)."""
    if not isinstance(event, (tuple, list)) or len(event) != 2:
        return False
    kind, what = event
    if kind == TURN:
        return isinstance(what, int) and not isinstance(what, bool) and what != 0
    return (kind == PRESS or kind == LONG) and what in CONTROLS
