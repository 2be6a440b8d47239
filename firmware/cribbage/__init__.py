"""The rules core of the cribbage board: pure computation, no I/O.

Runs unchanged on MicroPython (the board) and CPython (simulator, host tools, tests).
"""
