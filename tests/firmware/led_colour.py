"""A lit LED's colour as the tests judge it, on both interpreters: ``dominant``, the channels at its peak; and the
Okabe-Ito colours of the players' default pegs and of player 3's choice in the tests (``app.palette`` keeps them
private: a name each on the chip)."""

BLUE = (0, 114, 178)
ORANGE = (230, 159, 0)
YELLOW = (240, 228, 66)


def dominant(rgb):
    """The channels (0-2) of ``rgb`` at its peak."""
    top = max(rgb)
    return tuple(i for i in range(3) if rgb[i] == top)
