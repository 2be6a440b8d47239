# The running app inside a heap the size of its budget (run by tests/test_app_memory.py).
#
#   micropython -X heapsize=N tests/on_micropython/app_memory.py LIBDIR probe
#   micropython -X heapsize=N tests/on_micropython/app_memory.py LIBDIR play DIR
#   micropython -X heapsize=N tests/on_micropython/app_memory.py LIBDIR power-on DIR
#
# LIBDIR holds the firmware packages (firmware/ itself, or compiled to .mpy as deployed).
# All first import the whole app, the modules it loads only when a mode is entered too,
# and the test's own helpers. "probe" then prints the heap that holds (the code). "play"
# plays tests/firmware/memory_scenario.py on a board with fake hardware saving in DIR.
# "power-on" is the next boot (a fresh interpreter, as on the board): a new board restores
# the match from DIR and sends its whole log over the serial protocol, page by page. Both
# end with a line: the match state as JSON, then a summary. A MemoryError anywhere ends it
# with a traceback.
import gc
import json
import sys

here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [sys.argv[1], here + "/../firmware", here + "/../.."]

import cribbage.match  # noqa: E402,F401  (the largest modules first: less fragmentation)
from cribbage import advice, crib_values  # noqa: E402,F401  (loaded by the advice mode)

gc.collect()
import memory_scenario  # noqa: E402

from app import protocol, run  # noqa: E402,F401  (the shell; the serial protocol, loaded once a host talks)
from app.board import Board  # noqa: E402
from app.modes import advise, menu, settings  # noqa: E402,F401  (loaded when first opened)
from simulator.virtual_hardware import VirtualHardware  # noqa: E402


def play(root):
    """The scenario on a new board saving in ``root``; returns (state, games, events, inputs)."""
    hw = VirtualHardware(root, display=True)
    board = Board(hw)
    player = memory_scenario.play(board, hw)
    match = board.match
    return match.state(), len(match.games), match.events, player.inputs


def main():
    if sys.argv[2] == "probe":
        gc.collect()
        print("heap in use", gc.mem_alloc())
    elif sys.argv[2] == "play":
        state, games, events, inputs = play(sys.argv[3])
        print(json.dumps(state))
        print("played %d games, %d events, %d inputs" % (games, events, inputs))
    else:
        board = Board(VirtualHardware(sys.argv[3], display=True))
        if board.messages.notice is not None:
            raise RuntimeError(board.messages.notice)
        memory_scenario.send_log(board)
        print(json.dumps(board.match.state()))
        print("restored %d games, %d events" % (len(board.match.games), board.match.events))


main()
