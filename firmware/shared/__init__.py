"""What the hardware layer (``hal``) and the app both use: input events, the millisecond
clock's arithmetic, the holes of the board, the serial protocol's lines, the build's supply.

It imports nothing else of the firmware, so dependencies point one way: ``app`` and
``hal`` import ``shared``; ``hal`` never imports ``app``; ``main.py`` wires the two.
"""
