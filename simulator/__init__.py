"""The desktop simulator: the board's firmware on CPython with a virtual hardware layer."""
