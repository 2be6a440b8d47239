# The running app inside a heap the size of its budget (run by tests/test_app_memory.py).
#
#   micropython -X heapsize=N tests/app_memory.py LIBDIR probe
#   micropython -X heapsize=N tests/app_memory.py LIBDIR play DIR
#   micropython -X heapsize=N tests/app_memory.py LIBDIR power-on DIR
#
# LIBDIR holds the firmware packages (firmware/ itself, or compiled to .mpy as deployed).
# Both first import the whole app, the modules it loads only when a mode is entered too,
# and the test's own helpers. "probe" then prints the heap that holds (the code). "play"
# plays a seeded 5-game match on a board with fake hardware through input events only
# (saved after every accepted event), takes back and re-sends its last event through the
# serial protocol (the replies are saved with the game), opens the settings and the discard advice (the
# largest computation the board does), all saved in DIR. "power-on" is the next boot (a
# fresh interpreter, as on the board): a new board restores the match from DIR. Both then
# send the whole log over the serial protocol, page by page, as `crib log` reads it. Both end
# with a line: the match state as JSON, then a summary. A MemoryError anywhere ends it with a traceback.
import gc
import json
import sys

here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [sys.argv[1], here + "/firmware", here + "/.."]

import cribbage.match  # noqa: E402,F401  (the largest modules first: less fragmentation)
from cribbage import advice, crib_values  # noqa: E402,F401  (loaded by the advice mode)

gc.collect()
from match_player import Player  # noqa: E402

from app import protocol, run  # noqa: E402,F401  (the shell; the serial protocol, loaded once a host talks)
from app.board import Board  # noqa: E402
from app.modes import advise, menu, settings  # noqa: E402,F401  (loaded when first opened)
from simulator.virtual_hardware import VirtualHardware  # noqa: E402

GAMES = 5
MENU_SETTINGS = 2  # the items of app.modes.menu
MENU_ADVICE = 3


def open_item(player, item):
    """Open menu item ``item`` from the home mode."""
    player.press("long", "enc")
    player.press("turn", item)
    player.press("press", "enc")


def leave(player):
    """Back presses until the home mode."""
    while player.board.mode.name != "peg":
        player.press("press", "back")


def send_log(board):
    """Read the whole log through the serial ``log`` command, a page at a time; check it against the match."""
    events = board.match.iter_log()
    start = 0
    while True:
        reply = json.loads(board.handle_command('{"cmd": "log", "from": %d}' % start))
        if not reply.get("ok") or reply["total"] != board.match.events:
            raise RuntimeError("log page from %d: %r" % (start, reply))
        page = reply["log"]
        if not page:
            break
        for event in page:
            if event != next(events):
                raise RuntimeError("log event %d sent as %r" % (start, event))
            start += 1
        reply = page = None  # freed before the next page is built
    if start != board.match.events:
        raise RuntimeError("the log pages held %d events of %d" % (start, board.match.events))


def play(root):
    """The match, the settings and the advice on a new board; returns (state, games, events, inputs)."""
    hw = VirtualHardware(root, display=True)
    board = Board(hw)
    player = Player(board, hw, 2463534242)
    player.match(GAMES)
    for n in range(4):  # a host takes back the last event and sends it again: 8 replies kept with the game
        for last in board.match.iter_log():  # noqa: B007  (not .log: that builds the whole list)
            pass
        for request in ('{"cmd": "undo", "id": %d}' % (2 * n), '{"cmd": "event", "event": %s, "id": %d}'
                        % (json.dumps(last), 2 * n + 1)):
            if '"ok": true' not in board.handle_command(request):
                raise RuntimeError("refused: " + request)
    open_item(player, MENU_SETTINGS)
    player.press("press", "enc")  # change the first setting...
    leave(player)  # ...no: leave it as it was
    open_item(player, MENU_ADVICE)
    for card in (4, 9, 19, 22, 40, 51):  # 2C 3D 5S 6H JC KS
        player.pick(card)
    player.press("press", "enc")  # "I deal": the keeps are ranked
    if board.mode.describe().get("rank") != 1:
        raise RuntimeError("no advice shown: %r" % (board.mode.describe(),))
    leave(player)
    send_log(board)
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
        if board.notice is not None:
            raise RuntimeError(board.notice)
        send_log(board)
        print(json.dumps(board.match.state()))
        print("restored %d games, %d events" % (len(board.match.games), board.match.events))


main()
