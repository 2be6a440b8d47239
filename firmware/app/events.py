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
