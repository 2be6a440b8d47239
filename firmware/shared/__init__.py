"""What the hardware layer (``hal``), the app and the simulator share: input events, the millisecond
clock's arithmetic, the holes of the board, the serial protocol's lines (read by the hal's line
reader and the simulator's server), the build's supply, and ``forget``: dropping modules a moment
used, so their code leaves the heap.

It imports nothing else of the firmware, so dependencies point one way: ``app`` and
``hal`` import ``shared``; ``hal`` never imports ``app``; ``main.py`` wires the two.
"""

import sys


def forget(names):
    """Drop the modules ``names`` (their dotted names, separated by spaces; those loaded) so their
    code leaves the heap once nothing else holds it; the next import loads them again. One string,
    not a tuple of names: each string of more than 10 characters in a module's code is a heap object
    of its own while the module is loaded (on the chip, from ROMFS too)."""
    for name in names.split():
        if name in sys.modules:
            del sys.modules[name]
            package, _, attr = name.rpartition(".")
            if hasattr(sys.modules[package], attr):  # the import set it on its package too
                delattr(sys.modules[package], attr)
