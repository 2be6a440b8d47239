# Power cuts while the board keeps a save it replays only in part (SAVE CUT SHORT), on the real
# littlefs of MicroPython (os.VfsLfs2).
#
#   micropython -X heapsize=2M tests/on_micropython/keepsake_power_cut.py LIBDIR
#
# LIBDIR holds the firmware packages (firmware/ itself, or the tree compiled to .mpy).
# A sound save whose last event the rules refuse (a peg for player 4 in a game of two): the
# power-on keeps the game up to it and copies the whole save to game.cut. For every block write
# of that power-on and of the change after it (its save writes the cut-down game over a slot),
# each write whole and torn, the power is cut; then the board powers on again, uncut. The flash
# must then hold one keepsake, game.cut, the whole save byte for byte, and the notice of that
# last power-on name it: never a keepsake cut short, never the whole save lost, never a second
# copy of it (each power-on before a change is saved finds the save cut short again). The last
# line sums up; the exit status is 1 on the first failure.
# CPython has no VfsLfs2: tests/test_board_power_cut.py runs this under `micropython`.
import gc
import json
import os
import sys

here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [sys.argv[1], here + "/../firmware", here + "/../.."]  # tests/firmware: the RAM flash (fake_storage)

from power_cuts import MOUNT, Flash, boot, fail, formatted_flash  # noqa: E402

from app.board import Board  # noqa: E402
from app.store import Store  # noqa: E402
from simulator.virtual_hardware import VirtualHardware  # noqa: E402

PLAYED = (["dealer", 0], ["peg", 1, 3], ["peg", 0, 5])
REFUSED = 4 | 3 << 4 | 2 << 6  # the log's code of a peg of 2 for player 4: no seat of a game of two
CHANGE = '{"cmd": "event", "event": ["peg", 1, 2]}'


def prepared():
    """A flash whose newest save ends on an event the rules refuse, and that save's bytes."""
    flash = formatted_flash()
    boot(flash)
    board = Board(VirtualHardware(MOUNT))
    for event in PLAYED:
        if not json.loads(board.handle_command(json.dumps({"cmd": "event", "event": event})))["ok"]:
            fail("the setup refused %r" % (event,))
    data = board.saved_data()
    data["codes"] = iter(list(data["codes"]) + [REFUSED])
    store = Store(MOUNT)
    store.save(data)
    with open(store.newest_file(), "rb") as f:
        return flash, f.read()


def keepsakes():
    """{name: bytes} of every keepsake of a save cut short on the flash."""
    kept = {}
    for name in os.listdir(MOUNT):
        if name.startswith("game.cut"):
            with open(MOUNT + "/" + name, "rb") as f:
                kept[name] = f.read()
    return kept


def power_on_and_change(device):
    """Power on and make one change; stop at the cut. Raises only with the power on."""
    try:
        board = Board(VirtualHardware(MOUNT))
        if not device.off:
            board.handle_command(CHANGE)
    except Exception as e:  # littlefs may notice that the flash stopped taking writes
        if not device.off:
            fail("raised %r with the power on" % (e,))


def copied(flash):
    """A fresh chip over a copy of the bytes of ``flash``."""
    return Flash(flash.blocks, flash.block_size, data=bytearray(flash.data))


def main():
    flash, whole = prepared()
    device = boot(copied(flash))
    power_on_and_change(device)
    total = device.writes
    if keepsakes() != {"game.cut": whole}:
        fail("uncut, the power-on kept %r" % (sorted(keepsakes()),))
    cuts = again = 0
    for budget in range(total + 1):
        for torn in (0, 50):
            gc.collect()
            chip = copied(flash)
            device = boot(chip)
            device.cut_after(budget, torn)
            power_on_and_change(device)
            boot(chip)
            kept_before = len(keepsakes())
            try:
                board = Board(VirtualHardware(MOUNT))
            except Exception as e:
                fail("cut at write %d (torn %d): the power-on after raised %r" % (budget, torn, e))
            kept = keepsakes()
            if set(kept) != {"game.cut"} or kept["game.cut"] != whole:  # one keepsake, whole: none twice
                fail("cut at write %d (torn %d): the keepsakes %r, not the whole save (%d bytes)"
                     % (budget, torn, [(name, len(data)) for name, data in kept.items()], len(whole)))
            if len(kept) > kept_before:  # kept at this power-on: said so
                notice = board.messages.notice or ""
                if "kept as " + MOUNT + "/game.cut" not in notice:
                    fail("cut at write %d (torn %d): a keepsake made, not said: %r" % (budget, torn, notice))
                again += 1
            cuts += 1
    print("keepsake: power cuts %d in %d block writes, kept at the next power-on %d" % (cuts, total, again))


main()
