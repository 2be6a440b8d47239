"""A lit LED's colour as the tests judge it, on both interpreters: ``dominant``, the channels at its peak."""


def dominant(rgb):
    """The channels (0-2) of ``rgb`` at its peak."""
    top = max(rgb)
    return tuple(i for i in range(3) if rgb[i] == top)
