# Power cuts while the board falls back from a newest save it cannot use, on the real
# littlefs of MicroPython (os.VfsLfs2).
#
#   micropython -X heapsize=2M tests/on_micropython/fallback_power_cut.py LIBDIR
#
# LIBDIR holds the firmware packages: firmware/ itself, or the tree compiled to .mpy (as the
# test runs it: a board's power-on imports the count's modules again, and from source the
# unix port would compile them again at each of thousands of power-ons).
#
# A board plays a few changes (two sound copies of its game on the flash); then the newest
# copy is replaced by one it cannot use: sound (its CRC matches) but of another data
# version, with a log the rules refuse, a negative count of edits, settings out of range,
# or damaged (a flipped bit). Then, for every block write in turn, the power is cut during
# what follows: the power-on (the unusable copy set aside), then two deliberate changes from
# the serial line, each saved. After the cut the same bytes are mounted afresh and a board
# is built on them: it must hold the older copy's game (with a notice saying it is the
# older copy, or that the newest is missing) or the game after the first or the second
# change, never a fresh match and never an exception. The last line sums up (as the other
# power-cut scripts do); the exit status is 1 on the first failure.
# CPython has no VfsLfs2: tests/test_board_power_cut.py runs this under `micropython`.
import gc
import json
import sys

here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [sys.argv[1], here + "/../firmware", here + "/../.."]  # tests/firmware: the RAM flash (fake_storage)

from power_cuts import MOUNT, Flash, boot, fail, formatted_flash, report  # noqa: E402

from app.board import DATA_VERSION, Board  # noqa: E402
from app.store import Store  # noqa: E402
from simulator.virtual_hardware import VirtualHardware  # noqa: E402

PLAYED = ['{"cmd": "event", "event": ["dealer", 0]}', '{"cmd": "event", "event": ["peg", 1, 3]}',
          '{"cmd": "settings", "set": {"brightness": 90}, "id": "b"}', '{"cmd": "event", "event": ["peg", 0, 5]}']
CHANGES = ['{"cmd": "event", "event": ["peg", 1, 2], "id": "c1"}', '{"cmd": "event", "event": ["peg", 0, 4]}']


def snapshot(board):
    """What the board restored, as plain values to compare."""
    return {"log": board.match.log, "edits": board.match.edits, "prefs": dict(board.prefs),
            "ids": [[request_id, reply.text()] for request_id, reply in board.ids]}


def unusable(kind, data):
    """``data`` (what the board saves) spoiled as ``kind`` says."""
    if kind == "version":
        data["version"] = DATA_VERSION + 1
    elif kind == "codes":
        data["codes"] = iter([4 | 2 << 6])  # a peg of 2 before anyone dealt: the rules refuse it
    elif kind == "edits":
        data["edits"] = -5
    elif kind == "settings":
        data["settings"] = {"players": 9}
    return data


def flip_a_bit(path):
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[len(data) // 3] ^= 0x04
    with open(path, "wb") as f:
        f.write(data)


def prepared(kind):
    """A flash whose newest copy the board cannot use, and the snapshot the older copy holds."""
    flash = formatted_flash()
    boot(flash)
    board = Board(VirtualHardware(MOUNT))
    for line in PLAYED:
        if not json.loads(board.handle_command(line))["ok"]:
            fail("%s: the setup refused %s" % (kind, line))
    older = snapshot(board)
    if kind == "damaged":
        board.handle_command(CHANGES[0])  # a newer copy, then damaged
        flip_a_bit(board.store._slots[board.store._newest])
    else:
        Store(MOUNT).save(unusable(kind, board.saved_data()))
    return flash, older


def after(older, lines):
    """The snapshots the board holds after ``older`` and each change in turn (played on a fresh board)."""
    flash, _ = prepared("version")
    boot(flash)
    board = Board(VirtualHardware(MOUNT))
    if snapshot(board) != older:
        fail("the fallback did not give the older copy: %r" % (snapshot(board),))
    out = []
    for line in lines:
        board.handle_command(line)
        out.append(snapshot(board))
    return out


def run_power_on_and_changes(device):
    """Power on and make the two changes; stop at the cut. Raises only with the power on."""
    board = None
    try:
        board = Board(VirtualHardware(MOUNT))
        for line in CHANGES:
            if device.off:
                return
            board.handle_command(line)
    except Exception as e:  # littlefs may notice that the flash stopped taking writes
        if not device.off:
            fail("raised %r with the power on" % (e,))


def main():
    kinds = ("version", "codes", "edits", "settings", "damaged")
    cuts = kept_older = first = second = 0
    for kind in kinds:
        flash, older = prepared(kind)
        expected = after(older, CHANGES)
        # how many block writes the whole sequence takes without a cut
        device = boot(RamFlashCopy(flash))
        run_power_on_and_changes(device)
        total = device.writes
        for budget in range(total + 1):
            gc.collect()
            flash, _ = prepared(kind)
            device = boot(flash)
            device.cut_after(budget, torn=budget % 97)
            run_power_on_and_changes(device)
            boot(flash)
            try:
                board = Board(VirtualHardware(MOUNT))
            except Exception as e:
                fail("%s cut at write %d: the power-on after raised %r" % (kind, budget, e))
            got = snapshot(board)
            notice = board.messages.notice
            cuts += 1
            if got == older:
                if notice is None or ("loaded older save" not in notice and "missing" not in notice):
                    fail("%s cut at write %d: the older copy without a notice saying so: %r" % (kind, budget, notice))
                kept_older += 1
            elif got == expected[0]:
                first += 1
            elif got == expected[1]:
                second += 1
            else:
                fail("%s cut at write %d: neither the older copy nor a change after it: %r (notice %r)"
                     % (kind, budget, got, notice))
    print("fallback: older copy kept %d, first change kept %d, second change kept %d" % (kept_older, first, second))
    report(cuts, first + second, kept_older, 0)


def RamFlashCopy(flash):  # a fresh chip over a copy of the bytes (the dry run leaves them as they were)
    return Flash(flash.blocks, flash.block_size, data=bytearray(flash.data))


main()
